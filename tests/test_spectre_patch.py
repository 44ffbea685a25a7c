"""Random Spectre patches: proper tilings of the region, from the limiting distribution."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

import pytest

from generator.spectre import check as C
from generator.spectre import geometry as G
from generator.spectre import limits as L
from generator.spectre import patch as P
from generator.spectre import substitution as S
from generator.spectre.supertile import supertile


@functools.lru_cache(maxsize=None)
def reference_stars() -> frozenset:
    """The vertex stars of level-4 supertiles: the finite list (all non-Γ clusters of a level
    are congruent, so Δ and Γ cover every type)."""
    stars = Counter()
    for letter in "DG":
        stars += C.vertex_stars(supertile(letter, 4))
    return frozenset(stars)


@pytest.mark.parametrize("seed", [11, 12])
def test_fresh_120x90_patches_are_proper_tilings(seed):
    patch = P.from_seed(120, 90, seed)
    sps = list(patch.spectres())
    stats = C.check_patch(sps, patch.region)
    assert stats["tiles"] == len(sps) > 1300
    stars = C.vertex_stars(sps)
    assert set(stars) <= reference_stars()


def test_vertex_stars_are_a_short_finite_list():
    assert 20 <= len(reference_stars()) <= 60


@pytest.mark.slow
def test_level_5_supertile_has_no_new_vertex_stars():
    assert set(C.vertex_stars(supertile("D", 5))) <= reference_stars()


def test_small_and_odd_regions_are_covered():
    for i, (w, h) in enumerate([("0.5", "0.5"), ("1", "40"), ("33.3", "2.25"), ("7", "7"), ("0.001", "3")]):
        patch = P.from_seed(Fraction(w), Fraction(h), 200 + i)
        sps = list(patch.spectres())
        assert sps
        C.check_patch(sps, patch.region)


def test_all_spectres_are_direct_and_odd_ones_turned_30_degrees():
    patch = P.from_seed(60, 60, 3)
    rots = Counter()
    for sp in patch.spectres():
        r, _ = C.placement(sp.points)            # raises for a mirror image
        rots[(sp.odd, r % 2)] += 1
    assert len({p for odd, p in rots if odd}) == 1 and len({p for odd, p in rots if not odd}) == 1
    assert {p for odd, p in rots if odd} != {p for odd, p in rots if not odd}


def test_generation_is_deterministic_and_streams():
    a = list(P.from_seed(50, 40, 7).spectres())
    b = list(P.from_seed(50, 40, 7).spectres())
    assert a == b
    it = P.from_seed(300, 300, 7).spectres()
    first = [next(it) for _ in range(10)]               # no need to finish the walk
    assert len(first) == 10


def test_odd_fraction_over_six_fresh_patches():
    """The odd fraction over six fresh 120×90 patches is within 3 standard errors of (5 − √15)/10."""
    odd = total = 0
    for seed in range(6):
        patch = P.from_seed(120, 90, 1000 + seed)
        sps = list(patch.spectres())
        C.check_patch(sps, patch.region)
        odd += sum(1 for s in sps if s.odd)
        total += len(sps)
    p = float(L.odd_fraction())
    se = (p * (1 - p) / total) ** 0.5
    assert abs(odd / total - p) < 3 * se


def test_odd_fraction_in_one_patch_is_close():
    patch = P.from_seed(120, 90, 77)
    sps = list(patch.spectres())
    p = float(L.odd_fraction())
    assert abs(sum(s.odd for s in sps) / len(sps) - p) < 0.02


def test_metatile_frequencies_approach_the_limits():
    """Share of Spectres per level-0 metatile type over fresh patches → f_t·n_t / Σ f_u·n_u."""
    counts = Counter()
    for seed in range(4):
        for sp in P.from_seed(200, 200, 2000 + seed).spectres():
            counts[sp.metatile] += 1
    n = sum(counts.values())
    for t, letter in enumerate(S.TYPES):
        p = float(L.START[t])
        assert abs(counts[letter] / n - p) < 0.01 + 3 * (p * (1 - p) / n) ** 0.5, letter


def test_metatile_shares_in_one_patch():
    counts = Counter(sp.metatile for sp in P.from_seed(150, 150, 5).spectres())
    n = sum(counts.values())
    for t, letter in enumerate(S.TYPES):
        assert abs(counts[letter] / n - float(L.START[t])) < 0.03, letter


def test_parent_invention_follows_the_limit():
    """Level-1 types of fresh towers: P(t1 = u) = Σ over t0 of P(t0)·P(u | t0)."""
    import random
    expect = [L.Q15() for _ in range(9)]
    for t0 in range(9):
        for u, _, p in L.PARENTS[t0]:
            expect[u] = expect[u] + L.START[t0] * p
    n = 5000
    got = Counter(P.random_tower(random.Random(s))[0].T[1] for s in range(n))
    for u in range(9):
        q = float(expect[u])
        assert abs(got[u] / n - q) < 4 * (q * (1 - q) / n) ** 0.5 + 1e-9


def test_depth_cap_is_a_clean_error():
    tower = P.tower_from_labels(0, [0] * 3, S.TYPES.index("Y"), __import__("random").Random(1))
    patch = P.Patch(G.Region(20, 20), 0, tower)
    old = P.MAX_LEVELS
    try:
        P.MAX_LEVELS = 2
        with pytest.raises(P.DepthError):
            list(patch.spectres())
    finally:
        P.MAX_LEVELS = old
