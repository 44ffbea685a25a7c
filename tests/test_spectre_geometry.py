"""Spectre geometry and substitution: the exact ring Z[ω], the outline, counts, supertiles as tilings."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from generator.spectre import check as C
from generator.spectre import geometry as G
from generator.spectre import substitution as S
from generator.spectre.patch import Spectre, outline
from generator.spectre.supertile import supertile


def test_omega_is_a_primitive_12th_root():
    w = G.OMEGA[1]
    assert G.mul_omega(G.OMEGA[3]) == G.sub(G.OMEGA[2], G.OMEGA[0])      # ω⁴ = ω² − 1
    assert len(set(G.OMEGA)) == 12
    for k, p in enumerate(G.OMEGA):
        x, y = G.to_xy(p)
        assert math.isclose(x, math.cos(k * math.pi / 6), abs_tol=1e-12)
        assert math.isclose(y, math.sin(k * math.pi / 6), abs_tol=1e-12)
    assert G.mul_omega(w) == G.OMEGA[2]


def test_isometries_compose_and_invert_exactly():
    rng = random.Random(5)
    for _ in range(200):
        a = (rng.randrange(12), rng.randrange(2), tuple(rng.randint(-9, 9) for _ in range(4)))
        b = (rng.randrange(12), rng.randrange(2), tuple(rng.randint(-9, 9) for _ in range(4)))
        z = tuple(rng.randint(-9, 9) for _ in range(4))
        assert G.apply(G.compose(a, b), z) == G.apply(a, G.apply(b, z))
        assert G.apply(G.inverse(a), G.apply(a, z)) == z
        x, y = G.to_xy(z)
        ax, ay = G.to_xy(G.apply(a, z))
        r, f, t = a
        tx, ty = G.to_xy(t)
        yy = -y if f else y
        c, s = math.cos(r * math.pi / 6), math.sin(r * math.pi / 6)
        assert math.isclose(ax, c * x - s * yy + tx, abs_tol=1e-9)
        assert math.isclose(ay, s * x + c * yy + ty, abs_tol=1e-9)


def test_spectre_outline_facts():
    """14 unit edges in directions that are multiples of 30°, one straight vertex (10), area 3 + 3√3."""
    pts = G.SPECTRE
    assert len(pts) == 14 and len(set(pts)) == 14
    for i in range(14):
        assert G.sub(pts[(i + 1) % 14], pts[i]) in G.OMEGA
    assert C.ANGLES.count(6) == 1 and C.ANGLES.index(6) == G.STRAIGHT_VERTEX
    assert sum(C.ANGLES) == 12 * 6                               # (14 − 2)·180°
    assert sorted(set(C.ANGLES)) == [3, 4, 6, 8, 9]              # 90°, 120°, 180°, 240°, 270°
    assert G.area2_exact(pts) == (Fraction(6), Fraction(6))      # 2·area = 6 + 6√3
    tri_area = (Fraction(0), Fraction(0))
    for a, b, c in G.SPECTRE_TRIANGLES:
        x = G.area2_exact([pts[a], pts[b], pts[c]])
        assert x[0] + x[1] * Fraction(17320508, 10000000) > 0
        tri_area = (tri_area[0] + x[0], tri_area[1] + x[1])
    assert tri_area == (6, 6)                                    # the triangulation covers it


@pytest.mark.parametrize("t", range(9))
def test_counts_per_level(t):
    """1, 9, 71, 559, 4401 (Γ: 2, 8, 62, 488, 3842), from the expansion itself."""
    want = [2, 8, 62, 488, 3842] if t == S.GAMMA else [1, 9, 71, 559, 4401]
    got = [sum(1 for _ in S.expand(t, k)) for k in range(5)]
    assert got == want
    assert [S.spectre_count(t, k) for k in range(5)] == want
    a = [S.spectre_count(t, k) for k in range(8)]
    assert all(a[k + 1] == 8 * a[k] - a[k - 1] for k in range(2, 7))


def test_supertile_cli_counts():
    assert len(supertile("D", 3)) == 559 and len(supertile("G", 3)) == 488
    assert len(supertile("G", 0)) == 2 and sum(s.odd for s in supertile("G", 0)) == 1


@pytest.mark.parametrize("letter", S.TYPES)
def test_level_2_supertiles_are_tilings(letter):
    sps = supertile(letter, 2)
    stats = C.check_patch(sps, None)
    assert stats["tiles"] == len(sps)
    assert stats["odd"] == sum(1 for s in sps if s.odd) == (7 if letter == "G" else 8)   # one Mystic per level-1 child


@pytest.mark.parametrize("letter", ["D", "G"])
def test_level_3_supertiles_are_tilings_with_odd_even_edges(letter):
    """Every shared edge joins an even edge of one Spectre to an odd edge of the other."""
    sps = supertile(letter, 3)
    C.check_patch(sps, None)
    index = {}
    for sp in sps:
        for i in range(14):
            index[(sp.points[i], sp.points[(i + 1) % 14])] = i
    shared = [(i, index[(q, p)]) for (p, q), i in index.items() if (q, p) in index]
    assert len(shared) > 1000
    assert all((i + j) % 2 == 1 for i, j in shared)


@pytest.mark.parametrize("letter", ["D", "G", "Y"])
def test_level_4_supertiles_are_tilings(letter):
    C.check_patch(supertile(letter, 4), None)


def test_ring_children_meet_at_key_points():
    """The derived placements: consecutive ring children share the key point they were matched on,
    and the parent's key points are outline vertices of the parent."""
    for k in range(1, 5):
        frames, quad = S.level(k)
        prev = S.level(k - 1)[1] if k > 1 else tuple(G.SPECTRE[i] for i in S.KEY_VERTICES)
        for i, (_, frm, to) in enumerate(S.RING):
            assert G.apply(frames[i], prev[frm]) == G.apply(frames[i + 1], prev[to])
        for gamma in (False, True):
            verts = set(outline(gamma, k)[0])
            assert all(q in verts for q in quad)


@pytest.mark.parametrize("k", range(0, 5))
def test_cluster_outlines_are_single_closed_curves(k):
    """Clusters are topological discs: the outline is one closed curve (the coverage test uses it)."""
    for gamma in (False, True):
        verts, pairs = outline(gamma, k)
        nxt = {}
        for i, j in pairs:
            assert i not in nxt                          # no pinch point
            nxt[i] = j
        start = pairs[0][0]
        seen, v = 0, start
        while True:
            v = nxt[v]
            seen += 1
            if v == start:
                break
        assert seen == len(pairs)
        area = G.area2_exact([verts[i] for i, _ in _walk(pairs)])
        n = S.spectre_count(S.GAMMA if gamma else 1, k)
        assert area == (6 * n, 6 * n)                    # n Spectres, no hole


def _walk(pairs):
    nxt = dict(pairs)
    start = pairs[0][0]
    out, v = [], start
    while True:
        out.append((v, nxt[v]))
        v = nxt[v]
        if v == start:
            return out


def test_checker_catches_broken_tilings():
    sps = supertile("D", 2)
    C.check_patch(sps, None)
    with pytest.raises(C.NotATiling):
        C.check_patch(sps + [sps[0]], None)                                 # duplicate
    moved = sps[5]._replace(points=tuple(G.add(p, G.OMEGA[0]) for p in sps[5].points))
    with pytest.raises(C.NotATiling):
        C.check_patch(sps[:5] + [moved] + sps[6:], None)                    # overlap
    mirror = sps[5]._replace(points=tuple(G.apply(G.MIRROR_X, p) for p in reversed(sps[5].points)))
    with pytest.raises(C.NotATiling):
        C.check_patch(sps[:5] + [mirror] + sps[6:], None)                   # reflected copy
    bent = sps[5]._replace(points=sps[5].points[:-1] + (G.ZERO,))
    with pytest.raises(C.NotATiling):
        C.check_patch(sps[:5] + [bent] + sps[6:], None)
    wrong_odd = [s._replace(odd=not s.odd) if i == 3 else s for i, s in enumerate(sps)]
    with pytest.raises(C.NotATiling):
        C.check_patch(wrong_odd, None)
    region = G.Region(4, 4)
    with pytest.raises(C.NotATiling):
        C.check_patch([Spectre(S.spectre_points((0, 0, (0, 0, 0, 40))), False, "D")], region)


def test_tables_are_derived_not_stored():
    """The substitution places every child by exact key-point matching; regenerating level 1
    from the outline alone gives the same frames the engine uses."""
    frames, quad = S.ring_placements(tuple(G.SPECTRE[i] for i in S.KEY_VERTICES))
    assert (frames, quad) == S.level(1)
    assert all(f[1] == 1 for f in frames)                       # each level reverses handedness


def test_children_meet_like_hexagons_at_every_level():
    """Adjacency derived by edge matching: from level 2 on, the same 13 pairs (11 in Γ)."""
    from generator.spectre.tables import child_adjacency, hexagon_pattern
    d = hexagon_pattern(1)
    g = hexagon_pattern(S.GAMMA)
    assert len(d) == 13 and len(g) == 11
    assert set(g) == {pair for pair in d if 2 not in pair}
    assert {(1, 4), (1, 7), (4, 7)} <= set(d)                # three children meet at the centre
    for letter in S.TYPES:
        t = S.TYPES.index(letter)
        assert tuple(child_adjacency(t, 3)) == (g if t == S.GAMMA else d)
    assert (1, 4) not in child_adjacency(1, 1)               # level 1 differs
