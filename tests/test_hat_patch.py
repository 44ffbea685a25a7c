"""Hat random patches: they are proper hat tilings from the limiting distribution."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from generator.hat import check as C
from generator.hat import limits as L
from generator.hat import patch as P


def _segments(points):
    """Directed unit segments (kite edges) of an outline, CCW."""
    return C.unit_segments(C.simplify(points))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_big_patches_are_proper_tilings_covering_the_region(seed):
    """≥ 5,000 hats: congruent, no overlap, edges pair up, region covered, all meet it."""
    patch = P.from_seed(270, 272, seed)
    hats = list(patch.hats())
    assert len(hats) >= 5000
    stats = C.check_patch(hats, patch.region)
    assert stats["hats"] == len(hats)
    assert stats["kites"] == 8 * len(hats)


def test_small_and_odd_regions_are_covered():
    """Tiny, thin and fractional regions: still proper and covering."""
    for i, (w, h) in enumerate([("0.5", "0.5"), ("1", "40"), ("33.3", "2.25"), ("7", "7")]):
        patch = P.from_seed(Fraction(w), Fraction(h), 100 + i)
        hats = list(patch.hats())
        assert hats
        C.check_patch(hats, patch.region)


def test_checker_catches_broken_patches():
    """The checker is not a rubber stamp: an overlap, a gap, a moved hat are all caught."""
    patch = P.from_seed(40, 40, 9)
    hats = list(patch.hats())
    C.check_patch(hats, patch.region)
    with pytest.raises(C.NotATiling):
        C.check_patch(hats[:-1] + [hats[0]], patch.region)          # duplicate
    inner = next(i for i, h in enumerate(hats) if all(abs(2 * a + b) < 20 and abs(b) < 10
                                                      for a, b in h.points))
    with pytest.raises(C.NotATiling):
        C.check_patch(hats[:inner] + hats[inner + 1:], patch.region)  # a hole
    moved = hats[inner]._replace(points=tuple((a + 2, b + 2) for a, b in hats[inner].points))
    with pytest.raises(C.NotATiling):
        C.check_patch(hats[:inner] + [moved] + hats[inner + 1:], patch.region)
    flipped = hats[inner]._replace(reflected=not hats[inner].reflected)
    with pytest.raises(C.NotATiling):
        C.check_patch(hats[:inner] + [flipped] + hats[inner + 1:], patch.region)
    bent = hats[inner]._replace(points=hats[inner].points[:-1] + ((0, 0),))
    with pytest.raises(C.NotATiling):
        C.check_patch([bent])


def test_reflected_and_metatile_fractions_over_200000_hats():
    """Pooled over ≥ 200,000 hats: reflected 0.127322 and H/T/P/F within sampling error;
    no two reflected hats ever share an edge."""
    total = 0
    kinds = Counter()
    refl = 0
    for seed in range(8):
        patch = P.from_seed(620, 620, 1000 + seed)
        reflected_segments = set()
        for hat in patch.hats():
            total += 1
            kinds[hat.metatile] += 1
            if hat.reflected:
                refl += 1
                for s in _segments(hat.points):
                    assert (s[1], s[0]) not in reflected_segments, "two reflected hats adjacent"
                    reflected_segments.add(s)
    assert total >= 200000
    # patches are correlated over their extent, so allow a generous 6 binomial sigmas
    p = float(L.reflected_fraction())
    sigma = (p * (1 - p) / total) ** 0.5
    assert abs(refl / total - p) < 6 * sigma + 0.002
    for t, q in zip(L.TYPES, L.hat_fractions()):
        q = float(q)
        sigma = (q * (1 - q) / total) ** 0.5
        assert abs(kinds[t] / total - q) < 6 * sigma + 0.004, (t, kinds[t] / total, q)


def test_start_kite_follows_the_limiting_distribution():
    """Chi-squared over many seeds: the start hat's metatile type, hat and kite indices."""
    n = 20000
    types = Counter()
    kites = Counter()
    tops = Counter()
    for seed in range(n):
        tower, r = P.random_tower(random.Random(seed))
        types[tower.T[0]] += 1
        kites[tower.k] += 1
        tops[(tower.T[1], tower.C[0])] += 1
    probs = [float(x) for x in L.start_type_distribution()]
    chi2 = sum((types[i] - n * p) ** 2 / (n * p) for i, p in enumerate(probs))
    assert chi2 < 16.27                       # 3 d.o.f., p = 0.001
    chi2 = sum((kites[i] - n / 8) ** 2 / (n / 8) for i in range(8))
    assert chi2 < 24.32                       # 7 d.o.f., p = 0.001
    # the second-order metatile of a uniform kite: type u with probability ∝ f_u · hats(u, level 2)
    hats2 = [sum(L.CHILD_COUNTS[u][t] * L.HATS_PER_TYPE[t] for t in range(4)) for u in range(4)]
    assert hats2 == [25, 4, 14, 16]
    w = [float(L.FREQ[u]) * hats2[u] for u in range(4)]
    level2 = Counter(u for (u, c), m in tops.items() for _ in range(m))
    chi2 = sum((level2[u] - n * w[u] / sum(w)) ** 2 / (n * w[u] / sum(w)) for u in range(4))
    assert chi2 < 16.27
    # T start hats are rare (1.86%) and must have H parents (child 9), never anything else
    assert all(L.TYPES[u] == "H" and c == 9 for (u, c), _ in tops.items() if P.CHILD[u][c] == 1)
    assert abs(types[1] / n - 0.0186) < 0.004


def test_second_level_follows_the_conditional_distribution():
    """Invented parents of an H metatile: slots in proportion f_u / (λ f_H) (chi-squared)."""
    slots = P.PARENTS[0]
    n = 20000
    rng = random.Random(7)
    counts = Counter(L.choose(rng, [p for _, _, p in slots]) for _ in range(n))
    chi2 = sum((counts[i] - n * float(p)) ** 2 / (n * float(p)) for i, (_, _, p) in enumerate(slots))
    assert chi2 < 29.59                       # ≤ 10 d.o.f., p = 0.001


def test_sub_patch_property_and_identical_regeneration():
    """A smaller region of the same permalink gives exactly the hats meeting it; regenerating
    gives identical hats and the same permalink; a bigger region extends consistently."""
    patch = P.from_seed(120, 90, 42)
    hats = list(patch.hats())
    link = patch.permalink()
    again = P.from_permalink(link)
    assert list(again.hats()) == hats and again.permalink() == link
    for w, h in [(60, 40), (10, 90), ("0.5", "0.5"), ("119.5", "89.999")]:
        small = P.from_permalink(link, Fraction(w), Fraction(h))
        got = set(small.hats())
        expect = {x for x in hats if small.region.kites_meet(C.hat_kites(x.points))}
        assert got == expect
    big = P.from_permalink(link, 400, 300)
    big_hats = set(big.hats())
    assert set(hats) <= big_hats
    # the bigger region's permalink regenerates the bigger patch, and shrinks back to ours
    assert set(P.from_permalink(big.permalink()).hats()) == big_hats
    assert set(P.from_permalink(big.permalink(), 120, 90).hats()) == set(hats)


def test_streaming_keeps_memory_flat():
    """Peak traced memory of a 40,000-hat walk is small and about that of a 4,000-hat walk
    (each measured once the walk's caches are warm: they are bounded and shared by every
    walk, see the next test)."""
    import tracemalloc
    peaks = []
    for side in (180, 570):
        n0 = sum(1 for _ in P.from_seed(side, side, 5).hats())
        patch = P.from_seed(side, side, 5)
        tracemalloc.start()
        n = sum(1 for _ in patch.hats())
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert n == n0 > 0
    assert peaks[1] < 400_000 and peaks[1] < peaks[0] + 150_000, peaks


def test_walk_caches_are_bounded(monkeypatch):
    """The rename and hexagon caches stay under their cap however long the walk: with the
    cap patched from 50,000 to 300 entries they are cleared when it is passed, and the walk
    gives the same hats."""
    want = list(P.from_seed(400, 400, 6).hats())
    big = 0

    class Capped(dict):
        def __setitem__(self, key, value):
            nonlocal big
            super().__setitem__(key, value)
            big = max(big, len(self))

    monkeypatch.setattr(P, "_CACHE_CAP", 300)
    monkeypatch.setattr(P, "_RENAMES", Capped())
    monkeypatch.setattr(P, "_HEXES", Capped())
    assert list(P.from_seed(400, 400, 6).hats()) == want
    assert len(want) > 10_000 and big == 301


def test_depth_is_capped():
    """A tower cannot grow beyond MAX_LEVELS (the error is a one-line user error)."""
    tower, _ = P.random_tower(random.Random(1))
    with pytest.raises(P.DepthError):
        for _ in range(P.MAX_LEVELS + 5):
            tower.extend()


def test_coordinates_on_supertile_boundaries_at_every_level():
    """50 stored levels, each a child straddling its parent's edge: regenerates quickly and
    properly (climbing is bounded and memoised)."""
    from generator.hat import tables_data as D
    for pick in ("last", "first_straddling"):
        t, cs = 0, []
        for _ in range(50):
            n = len(D.CHILD[t]) - 1 if pick == "last" else D.DISJOINT[t] % len(D.CHILD[t])
            cs.append(n)
            t = D.CHILD[t][n]
        link = "hat.v1.40x40.r0.0-0-" + "-".join(map(str, reversed(cs))) + "-H"
        patch = P.from_permalink(link)
        hats = list(patch.hats())
        C.check_patch(hats, patch.region)
        assert patch.permalink() == link


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 9), st.integers(4, 80), st.integers(4, 80),
       st.fractions(min_value=Fraction(1, 1000), max_value=1).map(lambda f: f.limit_denominator(1000)),
       st.fractions(min_value=Fraction(1, 1000), max_value=1).map(lambda f: f.limit_denominator(1000)))
def test_sub_patch_property_random(seed, w, h, fw, fh):
    """Random seeds and regions: the permalink over a smaller centred region gives exactly
    the hats of the big patch that meet it."""
    big = P.from_seed(w, h, seed)
    hats = list(big.hats())
    sw, sh = Fraction(round(w * fw * 1000), 1000), Fraction(round(h * fh * 1000), 1000)
    if sw <= 0 or sh <= 0:
        return
    small = P.from_permalink(big.permalink(), sw, sh)
    got = list(small.hats())
    assert len(got) == len(set(got))
    assert set(got) == {x for x in hats if small.region.kites_meet(C.hat_kites(x.points))}
