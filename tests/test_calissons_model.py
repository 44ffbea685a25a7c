"""Calisson model: enumeration, heights <-> plane partitions <-> tilings, regions (Thurston)."""
import itertools
import random

import pytest

import calissons_brute as brute
from generator.calissons import model
from generator.calissons.model import Region, hexagon
from generator.calissons.solver import count_solutions, solve
from generator.errors import TilepressError


@pytest.mark.parametrize("n,count", [(1, 2), (2, 20), (3, 980), (4, 232848)])
def test_macmahon_counts_by_our_enumerator(n, count):
    assert sum(1 for _ in model.enumerate_plane_partitions(n)) == count


@pytest.mark.parametrize("n", [1, 2, 3])
def test_brute_enumerator_agrees(n):
    assert len(brute.all_plane_partitions(n)) == [2, 20, 980][n - 1]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7])
def test_hexagon_sizes(n):
    reg = hexagon(n)
    assert len(reg.coords) == 3 * n * n + 3 * n + 1
    assert len(reg.interior) == 9 * n * n - 3 * n
    assert len(reg.boundary) == 6 * n
    assert len(reg.triangles) == 6 * n * n
    assert reg.interior_edge_list() == list(brute.interior_edges(n)) if n <= 4 else True


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7])
def test_closed_form_hexagon_equals_the_generic_region(n):
    """The row-by-row hexagon has every array the generic construction from triangles has."""
    fast = hexagon(n)
    assert isinstance(fast, model.Hexagon)
    generic = Region(model.hexagon_triangles(n), hexagon_n=n)
    assert type(generic) is Region
    for attr in ("coords", "index", "floor", "ceil", "fixed", "interior", "boundary", "triangles",
                 "heads", "tails", "closes"):
        assert getattr(fast, attr) == getattr(generic, attr), attr
    assert fast.interior_edge_list() == generic.interior_edge_list()
    H = model.heights_from_pp(n, [[max(0, n - i - j) for j in range(n)] for i in range(n)])
    assert fast.check_heights(H) and fast.salient_edges(H)
    assert fast.salient_edges(H) == generic.salient_edges(H) and fast.crossed_edges(H) == generic.crossed_edges(H)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_closed_form_bounds_equal_search(n):
    reg = hexagon(n)
    generic = Region(reg.triangles)
    shift = reg.floor[0] - generic.floor[0]          # heights are defined up to a constant
    assert shift % 3 == 0
    assert [h + shift for h in generic.floor] == reg.floor
    assert [h + shift for h in generic.ceil] == reg.ceil


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_tiling_round_trips_and_matches_cube_faces(n):
    reg = hexagon(n)
    seen = set()
    for pp, crossed, salient in brute.all_tilings(n):
        pp = [list(r) for r in pp]
        H = model.heights_from_pp(n, pp)
        assert reg.check_heights(H)
        assert model.pp_from_heights(n, H) == pp
        assert set(reg.crossed_edges(H)) == crossed
        assert set(reg.salient_edges(H)) == salient
        assert model.volume(n, H) == sum(map(sum, pp))
        seen.add(tuple(reg.salient_edges(H)))
    # a full salient set determines its tiling
    assert len(seen) == len(brute.all_tilings(n))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_fast_salient_masks_match_the_lozenge_reading(n):
    """The brute force's bitmask reading (FastFacts) agrees with tiling_facts on every tiling."""
    edges, bit, masks = brute.salient_masks(n)
    full = (1 << len(edges)) - 1
    assert [pp for pp, _m in masks] == [pp for pp, _c, _s in brute.all_tilings(n)]
    for (_pp, m), (_pp2, _crossed, salient) in zip(masks, brute.all_tilings(n)):
        assert full ^ m == sum(bit[e] for e in salient)


def test_full_salient_set_is_unique_by_solver():
    n = 3
    reg = hexagon(n)
    for pp, _c, salient in brute.all_tilings(n)[::7]:
        s = solve(reg, salient)
        assert s.status == "unique" and model.pp_from_heights(n, s.least) == [list(r) for r in pp]


def test_is_plane_partition():
    assert model.is_plane_partition(2, [[2, 1], [1, 0]])
    assert not model.is_plane_partition(2, [[1, 2], [1, 0]])
    assert not model.is_plane_partition(2, [[3, 1], [1, 0]])
    assert not model.is_plane_partition(2, [[1, 1]])


def test_hexagon_rejects_bad_sizes():
    for bad in (0, -1, 10 ** 6, 2.5, True):
        with pytest.raises(TilepressError):
            hexagon(bad)


# --- general regions ---------------------------------------------------------------------

def semi_regular(A, B, C):
    """Triangles of the hexagon with sides A, B, C (projection of the A x B x C box)."""
    def ok(v):
        a, b = v
        return -C <= a <= A and -C <= b <= B and -B <= a - b <= A
    return [t for t in itertools.product(range(-C - 1, A + 2), range(-C - 1, B + 2), (0, 1))
            if all(ok(v) for v in model.triangle_vertices(t))]


def macmahon(A, B, C):
    num = den = 1
    for i in range(1, A + 1):
        for j in range(1, B + 1):
            for k in range(1, C + 1):
                num *= i + j + k - 1
                den *= i + j + k - 2
    return num // den


@pytest.mark.parametrize("abc", [(1, 1, 1), (2, 1, 1), (2, 3, 1), (2, 2, 3), (3, 2, 2), (1, 4, 2)])
def test_semi_regular_hexagons_count_macmahon(abc):
    reg = Region(semi_regular(*abc))
    assert reg.tilable
    assert count_solutions(reg, [], cap=10 ** 6) == (macmahon(*abc), False)


def matchings(tris):
    """Number of lozenge tilings of a triangle set by brute-force matching."""
    tris = sorted(tris)
    tset = set(tris)

    def nbrs(t):
        vs = set(model.triangle_vertices(t))
        return [u for u in tset if u != t and len(vs & set(model.triangle_vertices(u))) == 2]

    adj = {t: nbrs(t) for t in tris}

    def rec(left):
        if not left:
            return 1
        t = min(left)
        total = 0
        for u in adj[t]:
            if u in left:
                total += rec(left - {t, u})
        return total

    return rec(frozenset(tris))


def simply_connected(tris):
    """Connected through edges and Euler characteristic 1 (no holes)."""
    verts, edges = set(), set()
    for t in tris:
        vs = model.triangle_vertices(t)
        verts.update(vs)
        edges.update(model.triangle_edges(t))
    return len(verts) - len(edges) + len(tris) == 1


def random_region(rng, size):
    """A random edge-connected set of triangles grown from one triangle."""
    start = (0, 0, 0)
    region = {start}
    while len(region) < size:
        t = rng.choice(sorted(region))
        e = rng.choice(model.triangle_edges(t))
        region.update(model.edge_triangles(e))
    return sorted(region)


def test_thurston_on_random_regions_against_matchings():
    rng = random.Random(5)
    tested = tilable = 0
    while tested < 300:
        tris = random_region(rng, rng.randint(2, 14))
        if not simply_connected(tris):
            continue
        tested += 1
        m = matchings(tris)
        reg = Region(tris)
        assert reg.tilable == (m > 0), tris
        if m:
            tilable += 1
            assert count_solutions(reg, [], cap=10 ** 6) == (m, False)
            assert reg.check_heights(reg.floor) and reg.check_heights(reg.ceil)
    assert tilable > 30


def test_single_triangle_and_unbalanced_regions_not_tilable():
    assert not Region([(0, 0, 0)]).tilable
    assert not Region([(0, 0, 0), (0, 0, 1), (1, 0, 0)]).tilable
    assert Region([(0, 0, 0), (0, 0, 1)]).tilable
