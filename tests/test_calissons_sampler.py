"""CFTP sampler: exact uniformity (chi-squared), mean volume, determinism."""
import math

import pytest

from generator.calissons import model, sampler


def chi2_threshold(df, z=3.09):
    """Wilson-Hilferty approximation of the chi-squared quantile (z = 3.09: p = 0.001)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi2(n, samples, prefix):
    states = {tuple(map(tuple, pp)): 0 for pp in model.enumerate_plane_partitions(n) for pp in
              [[list(pp[i * n:(i + 1) * n]) for i in range(n)]]}
    for s in range(samples):
        pp = sampler.sample_pp(n, f"{prefix}{s}")
        assert model.is_plane_partition(n, pp)
        states[tuple(map(tuple, pp))] += 1
    expected = samples / len(states)
    stat = sum((c - expected) ** 2 / expected for c in states.values())
    return stat, len(states) - 1, states


def test_uniform_n2():
    stat, df, states = chi2(2, 4000, "chi2-")
    assert len(states) == 20
    assert stat < chi2_threshold(df), stat
    assert min(states.values()) > 0


def test_uniform_n3():
    stat, df, states = chi2(3, 9800, "chi3-")
    assert len(states) == 980
    assert stat < chi2_threshold(df), stat


def test_chi2_would_catch_a_biased_sampler():
    """Sanity check of the test itself: the empty-box-heavy distribution fails."""
    n, samples = 2, 4000
    counts = [samples // 20] * 20
    counts[0] += 300
    counts[1] -= 300
    expected = samples / 20
    assert sum((c - expected) ** 2 / expected for c in counts) > chi2_threshold(19)


@pytest.mark.parametrize("n,samples,tol", [(3, 600, 0.6), (5, 200, 2.5)])
def test_mean_volume_is_half_the_box(n, samples, tol):
    vols = [sum(map(sum, sampler.sample_pp(n, f"vol{s}"))) for s in range(samples)]
    mean = sum(vols) / samples
    sd = math.sqrt(sum((v - mean) ** 2 for v in vols) / (samples - 1))
    # within 4 standard errors of n^3 / 2 (and not trivially: the spread is real)
    assert abs(mean - n ** 3 / 2) < 4 * sd / math.sqrt(samples) + 1e-9
    assert sd > tol


def test_deterministic_and_seed_sensitive():
    a = sampler.sample_pp(8, 42)
    assert a == sampler.sample_pp(8, 42)
    assert a != sampler.sample_pp(8, 43)
    H = sampler.sample_heights(8, 42)
    assert model.hexagon(8).check_heights(H)
    assert model.pp_from_heights(8, H) == a


def test_box_bitset_round_trip():
    box = sampler.Box(4)
    assert box.plane_partition(box.empty) == [[0] * 4] * 4
    assert box.plane_partition(box.full) == [[4] * 4] * 4
