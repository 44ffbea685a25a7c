"""The hat walk's shortcuts (per-hexagon tables, rename cache, integer region test, JSON
texts from placements) give exactly what the plain algorithm gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from generator.hat import coords as C
from generator.hat import patch as P
from generator.hat.render import placement_texts, tile_texts

CASES = [(Fraction(90), Fraction(70), 1), (Fraction(301, 4), Fraction(97, 3), 2),
         (Fraction(45, 2), Fraction(160), 7), (Fraction(13), Fraction(11), 12)]


def reference_placements(tower, rotation, region):
    """The walk with no shortcut: every hexagon's six states by single `step`s, every hat
    decided by the exact kite test alone."""
    i_lo, i_hi, vb = P._columns(region)

    def enter(k, state):
        states = [None] * 6
        states[k] = state
        for off in range(1, 6):
            state = P.step(state, 3, tower)
            states[(k + off) % 6] = state
        return states

    def hats(ca, cb, k, states):
        for off in range(6):
            j = (k + off) % 6
            kid, ts, _ = states[j]
            info = P.KITE0[ts[0]][kid]
            if info is not None:
                sid = 2 * j + info[1]
                if region.kites_meet([(ca + a, cb + b, kk) for a, b, kk in P.SHAPE_KITES[sid]]):
                    yield (ca, cb, sid, info[0])

    hx = [0, 0, rotation, enter(rotation, tower.state())]

    def go(m):
        ca, cb, _, states = hx
        d = P.HEXSTEP[m]
        hx[:] = [ca + d[0], cb + d[1], (m + 2) % 6, enter((m + 2) % 6, P.step(states[m], 1, tower))]

    i, v = 0, 0
    while i > i_lo:
        lo, _ = P._vrange(i - 1, vb)
        if v - 2 >= lo:
            go(3)
            v -= 2
        else:
            go(2)
            v += 2
        i -= 1
    lo, hi = P._vrange(i, vb)
    while v - 4 >= lo:
        go(4)
        v -= 4
    while v < lo:
        go(1)
        v += 4
    up = True
    while True:
        lo, hi = P._vrange(i, vb)
        while True:
            yield from hats(*hx)
            if up and v < hi:
                go(1)
                v += 4
            elif not up and v > lo:
                go(4)
                v -= 4
            else:
                break
        if i >= i_hi:
            return
        nlo, nhi = P._vrange(i + 1, vb)
        if (nhi if up else nlo) > v:
            go(0)
            v += 2
        else:
            go(5)
            v -= 2
        i += 1
        up = not up


@pytest.mark.parametrize("w,h,seed", CASES)
def test_walk_equals_the_plain_walk(w, h, seed):
    """Same hats in the same order, same invented levels, as the walk without shortcuts."""
    fast = P.from_seed(w, h, seed)
    got = list(fast.placements())
    plain = P.from_seed(w, h, seed)
    want = list(reference_placements(plain.tower, plain.rotation, plain.region))
    assert len(got) > 10 and got == want
    assert fast.tower.T == plain.tower.T and fast.tower.C == plain.tower.C


def test_hexagon_tables_cover_most_moves():
    """NEXT answers most hexagon moves inside a kitemap (else the tables would be useless)."""
    known = sum(1 for t in P.NEXT for x in t if x >= 0)
    assert known > 0.5 * sum(1 for t in P.NEXT for x in t)
    assert all(len(P.HATS0[m2]) == len(P.NEXT[m2]) for m2 in range(4))


def test_rename_cache_changes_nothing(monkeypatch):
    """With the rename cache cleared and disabled, the same placements and permalink."""
    link = P.from_seed(Fraction(120), Fraction(90), 5)
    want = list(link.placements())
    P._RENAMES.clear()
    monkeypatch.setattr(P, "_CACHE_DEPTH", 0)
    again = P.from_seed(Fraction(120), Fraction(90), 5)
    assert list(again.placements()) == want and not P._RENAMES
    assert again.permalink() == link.permalink()


def _sign(a: Fraction, b: Fraction) -> int:
    """Sign of a + b√3 for rationals (reference)."""
    if b == 0 or (a >= 0 and b >= 0) or (a <= 0 and b <= 0):
        return (a > 0) - (a < 0) if a != 0 else (b > 0) - (b < 0)
    return (1 if a > 0 else -1) if a * a > 3 * b * b else (1 if b > 0 else -1)


def reference_kite_meets(region, kite) -> bool:
    """Separating axes in Fractions: the open kite meets |u| < W, |v| < H/√3."""
    W, H = region.width, region.height
    pts = [(2 * a + b, b) for a, b in C.kite_vertices(kite)]
    axes = [(1, 0), (0, 1)] + [(q[1] - p[1], p[0] - q[0]) for p, q in zip(pts, pts[1:] + pts[:1])]
    for nu, nv in axes:
        proj = [nu * x + nv * y for x, y in pts]
        # rectangle half-width along the axis: |nu|·W + |nv|·H/√3 = |nu|W + |nv|H√3/3
        for k in (min(proj), -max(proj)):
            # need k < |nu|W + |nv|H√3/3, i.e. sign((|nu|W − k) + (|nv|H/3)√3) > 0
            if _sign(abs(nu) * W - k, Fraction(abs(nv)) * H / 3) <= 0:
                return False
    return True


def test_integer_region_test_matches_fractions():
    """Region.kite_meets (integers) against separating axes in Fractions, near the edges of
    awkward rational rectangles, where the answer is in doubt."""
    rng = random.Random(3)
    checked = flips = 0
    for w, h in [(Fraction(301, 4), Fraction(97, 3)), (Fraction(13), Fraction(11)),
                 (Fraction(7, 5), Fraction(26)), (Fraction(40), Fraction(3 * 17, 1))]:
        region = C.Region(w, h)
        for _ in range(3000):
            a = rng.randint(-int(w) - 4, int(w) + 4)
            b = rng.randint(-int(h) - 4, int(h) + 4)
            kite = (a, b, rng.randrange(6))
            got, want = region.kite_meets(kite), reference_kite_meets(region, kite)
            assert got == want, (w, h, kite)
            checked += 1
            flips += got
    assert checked == 12000 and 1000 < flips < 11000


@pytest.mark.parametrize("w,h,seed", CASES[:3])
def test_placement_texts_are_the_tile_texts(w, h, seed):
    """The JSON texts made from placements are those made from full hats, byte for byte,
    whatever the batch size."""
    p = P.from_seed(w, h, seed)
    placements = list(p.placements())
    hats = list(P.from_seed(w, h, seed).hats())
    want = ",".join(tile_texts(hats))
    for batch in (1, 7, 256):
        assert ",".join(placement_texts(placements, p.region, batch)) == want
    assert want.count('"kind":"hat"') == len(hats) == len(placements)


def test_hats_are_placements_with_outlines():
    """`hats()` is `placements()` with each outline built from its shape."""
    p = P.from_seed(Fraction(50), Fraction(40), 3)
    for (ca, cb, sid, t1), hat in zip(p.placements(), P.from_seed(50, 40, 3).hats()):
        assert hat.points == tuple((ca + a, cb + b) for a, b in P.OUTLINES[sid])
        assert hat.reflected == bool(sid & 1) and hat.metatile == P.TYPES[t1]
