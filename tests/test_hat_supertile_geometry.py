"""Exact kite-grid geometry of the hat (generator/hat/geometry.py)."""
import itertools
import random

import pytest

from generator.hat import geometry as G


def rand_iso(rng, grid=False):
    """A random lattice isometry (a kite-grid symmetry when grid=True)."""
    if grid:                                   # L is spanned by 2 + 2s and s(2 + 2s)
        m, n = rng.randrange(-5, 6), rng.randrange(-5, 6)
        ta, tb = G.add((2 * m, 2 * m), G.rot((2 * n, 2 * n), 1))
    else:
        ta, tb = rng.randrange(-9, 10), rng.randrange(-9, 10)
    return (rng.randrange(6), rng.randrange(2), ta, tb)


def test_eisenstein_rules():
    s = (0, 1)
    assert G.rot(s) == G.sub(s, (1, 0))                  # s·s = s² = s − 1
    assert G.rot(s, 2) == (-1, 0)                       # s³ = −1
    assert G.rot((1, 0), 6) == (1, 0)
    assert G.conj(s) == (1, -1)                          # conj s = 1 − s
    for z in [(3, -2), (0, 5), (-4, -1)]:
        assert G.norm(G.rot(z)) == G.norm(z) == G.norm(G.conj(z))


def test_isometry_group_laws():
    rng = random.Random(1)
    for _ in range(500):
        g, h = rand_iso(rng), rand_iso(rng)
        z = (rng.randrange(-20, 21), rng.randrange(-20, 21))
        assert G.apply(G.compose(g, h), z) == G.apply(g, G.apply(h, z))
        assert G.apply(G.inverse(g), G.apply(g, z)) == z
        assert G.compose(g, G.inverse(g)) == G.IDENTITY


def test_kite_shape_and_grid():
    for k in range(6):
        v = G.kite_vertices((0, 0, k))
        lengths = [G.norm(G.sub(v[(i + 1) % 4], v[i])) for i in range(4)]
        assert lengths == [3, 1, 1, 3]                   # √3, 1, 1, √3
        assert G.polygon_area2(list(v)) == 4
    # the six kites of a hexagon tile it: outer boundary is the hexagon of side 2
    (loop,) = G.boundary_loops([(0, 0, k) for k in range(6)])
    assert G.polygon_area2(loop) == 24
    assert sorted(G.norm(p) for p in loop if G.norm(p) == 4) == [4] * 6


def test_kite_neighbours_share_edges():
    for k, e in itertools.product(range(6), range(4)):
        kite = (6, 0, k)
        n, e2 = G.kite_neighbour(kite, e)
        a, b = G.kite_edges(kite)[e]
        assert G.kite_edges(n)[e2] == (b, a)
        assert G.kite_neighbour(n, e2) == (kite, e)
        assert G.in_centre_lattice(n[:2])


def test_kite_image_matches_vertex_image():
    rng = random.Random(2)
    for _ in range(300):
        g = rand_iso(rng, grid=True)
        assert G.is_grid_isometry(g)
        kite = (0, 0, rng.randrange(6))
        img = G.kite_image(g, kite)
        assert set(G.kite_vertices(img)) == {G.apply(g, p) for p in G.kite_vertices(kite)}


def test_hat_is_eight_kites_with_the_right_outline():
    assert len(set(G.HAT_KITES)) == 8
    out = G.HAT_OUTLINE
    assert len(out) == 14 and len(set(out)) == 14
    assert G.polygon_area2(list(out)) == 8 * 4            # area 8 kites, counter-clockwise
    segs = [G.norm(G.sub(out[(i + 1) % 14], out[i])) for i in range(14)]
    assert sorted(segs) == [1] * 8 + [3] * 6              # 8 of length 1, 6 of length √3
    # exactly one straight angle: 13 geometric sides
    straight = 0
    for i in range(14):
        d1 = G.sub(out[i], out[i - 1])
        d2 = G.sub(out[(i + 1) % 14], out[i])
        cross = d1[0] * d2[1] - d1[1] * d2[0]
        if cross == 0:
            straight += 1
    assert straight == 1
    # the kites come from three hexagons, 4 + 2 + 2
    counts = sorted(sum(1 for k in G.HAT_KITES if k[:2] == c) for c in {k[:2] for k in G.HAT_KITES})
    assert counts == [2, 2, 4]


def test_twelve_orientations_are_distinct_and_congruent():
    shapes = set()
    for r, f in itertools.product(range(6), range(2)):
        g = (r, f, 0, 0)
        kites = G.hat_kites(g)
        (loop,) = G.boundary_loops(kites)
        assert sorted(loop) == sorted(G.hat_outline(g))
        assert G.polygon_area2(G.hat_outline(g)) == 32      # stays counter-clockwise
        shapes.add(frozenset(kites))
    assert len(shapes) == 12                                 # the hat has no symmetry


def test_bad_kite_edge():
    with pytest.raises(ValueError):
        G.kite_neighbour((0, 0, 0), 4)
