"""CFTP sampler, both versions: exact uniformity (chi-squared over all tilings at n = 2, 3),
the volume law at n = 8 (MacMahon's q-product), mean volume, determinism; version 2's
bit-sliced step against a per-site heat bath written out here."""
import math

import pytest

from generator.calissons import model, sampler

VERSIONS = pytest.mark.parametrize("version", sampler.VERSIONS)


def chi2_threshold(df, z=3.09):
    """Wilson-Hilferty approximation of the chi-squared quantile (z = 3.09: p = 0.001)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi2(n, samples, prefix, version=1):
    states = {tuple(map(tuple, pp)): 0 for pp in model.enumerate_plane_partitions(n) for pp in
              [[list(pp[i * n:(i + 1) * n]) for i in range(n)]]}
    for s in range(samples):
        pp = sampler.sample_pp(n, f"{prefix}{s}", version=version)
        assert model.is_plane_partition(n, pp)
        states[tuple(map(tuple, pp))] += 1
    expected = samples / len(states)
    stat = sum((c - expected) ** 2 / expected for c in states.values())
    return stat, len(states) - 1, states


@VERSIONS
def test_uniform_n2(version):
    stat, df, states = chi2(2, 4000, "chi2-", version)
    assert len(states) == 20
    assert stat < chi2_threshold(df), stat
    assert min(states.values()) > 0


@VERSIONS
def test_uniform_n3(version):
    stat, df, states = chi2(3, 9800, "chi3-", version)
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


@VERSIONS
@pytest.mark.parametrize("n,samples,tol", [(3, 600, 0.6), (5, 200, 2.5)])
def test_mean_volume_is_half_the_box(n, samples, tol, version):
    vols = [sum(map(sum, sampler.sample_pp(n, f"vol{s}", version=version))) for s in range(samples)]
    mean = sum(vols) / samples
    sd = math.sqrt(sum((v - mean) ** 2 for v in vols) / (samples - 1))
    # within 4 standard errors of n^3 / 2 (and not trivially: the spread is real)
    assert abs(mean - n ** 3 / 2) < 4 * sd / math.sqrt(samples) + 1e-9
    assert sd > tol


@VERSIONS
def test_deterministic_and_seed_sensitive(version):
    a = sampler.sample_pp(8, 42, version=version)
    assert a == sampler.sample_pp(8, 42, version=version)
    assert a != sampler.sample_pp(8, 43, version=version)
    H = sampler.sample_heights(8, 42, version)
    assert model.hexagon(8).check_heights(H)
    assert model.pp_from_heights(8, H) == a


def test_box_bitset_round_trip():
    box = sampler.Box(4)
    assert box.plane_partition(box.empty) == [[0] * 4] * 4
    assert box.plane_partition(box.full) == [[4] * 4] * 4


def test_versions_draw_different_piles():
    assert sampler.sample_pp(8, 42, version=1) != sampler.sample_pp(8, 42, version=2)
    with pytest.raises(sampler.TilepressError):
        sampler.sample_pp(4, 1, version=3)


# ---- the volume law ------------------------------------------------------------------------

def volume_law(n):
    """P(volume = v) for a uniform pile in the n x n x n box, from MacMahon's generating function
    sum q^|pi| = prod_{i,j,k = 1..n} (1 - q^(i+j+k-1)) / (1 - q^(i+j+k-2)), as exact integers."""
    poly = [1] + [0] * n ** 3
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            for k in range(1, n + 1):
                up, down = i + j + k - 1, i + j + k - 2
                for d in range(len(poly) - 1, up - 1, -1):       # times (1 - q^up)
                    poly[d] -= poly[d - up]
                for d in range(down, len(poly)):                 # divided by (1 - q^down)
                    poly[d] += poly[d - down]
    return poly


def test_volume_law_counts_every_pile():
    """The law's total is MacMahon's count, and at n = 3 it is the enumerated volume histogram."""
    assert [sum(volume_law(n)) for n in range(1, 6)] == [2, 20, 980, 232848, 267227532]
    hist = [0] * 28
    for pp in model.enumerate_plane_partitions(3):
        hist[sum(pp)] += 1
    assert volume_law(3) == hist


def volume_chi2(vols, n, bins=12):
    """Chi-squared statistic of volumes against the exact law, over bins of about equal probability."""
    law = volume_law(n)
    total = sum(law)
    edges, acc = [], 0
    for v, c in enumerate(law):
        acc += c
        if acc * bins >= total * (len(edges) + 1) and len(edges) < bins - 1:
            edges.append(v)
    edges.append(len(law) - 1)
    probs, lo = [], 0
    for e in edges:
        probs.append(sum(law[lo:e + 1]) / total)
        lo = e + 1
    counts = [0] * len(edges)
    for v in vols:
        counts[next(i for i, e in enumerate(edges) if v <= e)] += 1
    m = len(vols)
    return sum((c - m * p) ** 2 / (m * p) for c, p in zip(counts, probs)), len(edges) - 1


@VERSIONS
def test_volume_law_n8(version):
    """Volumes of 800 samples at n = 8 follow the exact law (p = 0.001 threshold)."""
    vols = [sum(map(sum, sampler.sample_pp(8, f"law{s}", version=version))) for s in range(800)]
    stat, df = volume_chi2(vols, 8)
    assert stat < chi2_threshold(df), stat


def test_volume_law_catches_an_unmixed_chain():
    """The same test fails for piles run forward from the empty box for too few sweeps."""
    import random
    box = sampler.Slices(8)
    rng = random.Random(5)
    vols = []
    for _ in range(300):
        lo, _hi = box.run(box.empty, box.empty, rng, 40)
        vols.append(sum(map(sum, box.plane_partition(lo))))
    stat, df = volume_chi2(vols, 8)
    assert stat > chi2_threshold(df), stat


# ---- version 2's step is the heat bath ---------------------------------------------------

def heat_bath(pp, n, p, coin):
    """One half sweep of the per-site heat bath on the cube set of pp (coin[i][j] for every
    class-p site of column (i, j)), written out site by site."""
    def present(i, j, k):
        if min(i, j, k) < 0:
            return max(i, j, k) < n
        return max(i, j, k) < n and k < pp[i][j]
    new = [row[:] for row in pp]
    for i in range(n):
        for j in range(n):
            cubes = set(range(pp[i][j]))
            for k in range(n):
                if (i + j + k) % 2 != p:
                    continue
                if present(i + 1, j, k) or present(i, j + 1, k) or present(i, j, k + 1):
                    now = True
                elif not (present(i - 1, j, k) and present(i, j - 1, k) and present(i, j, k - 1)):
                    now = False
                else:
                    now = bool(coin[i][j])
                (cubes.add if now else cubes.discard)(k)
            assert cubes == set(range(len(cubes)))
            new[i][j] = len(cubes)
    return new


def slices_of(box, pp):
    """The bit-sliced planes of a plane partition."""
    n, s = box.n, box.s
    planes = list(box.empty)
    for i in range(n):
        for j in range(n):
            for b in range(box.B):
                if pp[i][j] >> b & 1:
                    planes[b] |= 1 << ((i + 1) * s + j + 1)
    return tuple(planes)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_slices_step_is_the_heat_bath(n):
    import random
    rng = random.Random(n)
    box = sampler.Slices(n)
    assert box.plane_partition(box.empty) == [[0] * n] * n and box.plane_partition(box.full) == [[n] * n] * n
    H = box.empty
    for _ in range(60):
        pp = box.plane_partition(H)
        assert model.is_plane_partition(n, pp) and slices_of(box, pp) == H
        p = rng.randrange(2)
        c = rng.getrandbits(box.bits)
        coin = [[c >> ((i + 1) * box.s + j + 1) & 1 for j in range(n)] for i in range(n)]
        H = box.step(H, p, c)
        assert box.plane_partition(H) == heat_bath(pp, n, p, coin)


def test_slices_step_is_monotone():
    import random
    rng = random.Random(9)
    n = 6
    box = sampler.Slices(n)
    lo, hi = box.empty, box.full
    for t in range(400):
        c = rng.getrandbits(box.bits)
        lo, hi = box.step(lo, t % 2, c), box.step(hi, t % 2, c)
        a, b = box.plane_partition(lo), box.plane_partition(hi)
        assert all(a[i][j] <= b[i][j] for i in range(n) for j in range(n))


@VERSIONS
def test_progress_ticks_do_not_change_the_draw(version):
    """Running the blocks in chunks for a progress bar gives the same pile; ticks count up."""
    ticks = []
    pp = sampler.sample_pp(20, 3, version=version, tick=ticks.append)
    assert pp == sampler.sample_pp(20, 3, version=version)
    assert len(ticks) >= 2 and ticks == sorted(ticks) and ticks[-1] >= sampler.first_block(20, version)
