"""Spectre limiting frequencies: exact in Q(√15), the eigenvector of the substitution matrix."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from generator.spectre import limits as L
from generator.spectre import substitution as S
from generator.spectre.limits import Q15

SQ15 = Q15(0, 1)


def _charpoly(M):
    """Characteristic polynomial coefficients (leading first) by Faddeev–LeVerrier, exactly."""
    n = len(M)
    coeffs = [Fraction(1)]
    Mk = [[Fraction(0)] * n for _ in range(n)]
    for k in range(1, n + 1):
        Mk = [[sum(M[i][l] * Mk[l][j] for l in range(n)) + (coeffs[-1] if i == j else 0)
               for j in range(n)] for i in range(n)]
        AM = [[sum(M[i][l] * Mk[l][j] for l in range(n)) for j in range(n)] for i in range(n)]
        coeffs.append(-sum(AM[i][i] for i in range(n)) / k)
    return [int(c) for c in coeffs]


def _divide(num, den):
    """Polynomial division (leading coefficient first): (quotient, remainder)."""
    num = list(num)
    q = []
    while len(num) >= len(den):
        c = num[0] // den[0]
        q.append(c)
        num = [a - c * b for a, b in zip(num, den + [0] * (len(num) - len(den)))][1:]
    return q, num


def test_q15_arithmetic_is_exact():
    a, b = Q15(3, 1), Q15(Fraction(1, 2), -2)
    assert (a * b) / b == a and a - a == Q15()
    assert L.LAMBDA * L.LAMBDA - 8 * L.LAMBDA + 1 == Q15()      # λ = 4 + √15 solves x² − 8x + 1
    assert Q15(4, -1) > 0 and Q15(-4, 1) < 0
    assert Q15(31, -8) > 0 and Q15(30, -8) < 0                   # 8√15 ≈ 30.984
    assert float(L.LAMBDA) == pytest.approx(7.872983346207417)


def test_perron_eigenvalue_is_four_plus_root_fifteen():
    M = S.substitution_matrix()
    poly = _charpoly(M)
    q, r = _divide(poly, [1, -8, 1])
    assert all(c == 0 for c in r)                                 # x² − 8x + 1 divides it
    assert q == [1, 0, -1, 0, 0, 0, 0, 0]                         # the rest: x⁵(x² − 1)
    f = [1.0] * 9
    for _ in range(200):
        g = [sum(M[t][u] * f[u] for u in range(9)) for t in range(9)]
        lam = g[0] / f[0]
        f = [x / g[0] for x in g]
    assert lam == pytest.approx(float(L.LAMBDA), rel=1e-12)
    assert [float(x) for x in L.FREQ] == pytest.approx(f, rel=1e-9)


def test_frequencies_solve_the_eigen_equation_exactly():
    M = S.substitution_matrix()
    for t in range(9):
        assert sum((M[t][u] * L.FREQ[u] for u in range(9)), Q15()) == L.LAMBDA * L.FREQ[t]
    assert all(x > 0 for x in L.FREQ)


def test_frequencies_agree_with_the_design_notes():
    """Γ = Δ = Σ = 1, Θ = Λ = 4 − √15, Ξ = Π = 2√15 − 7, Φ = 2√15 − 6, Ψ = 13 − 3√15 (sum 4 + √15)."""
    F = dict(zip(S.TYPES, L.FREQ))
    assert F["G"] == 1 and F["D"] == 1 and F["S"] == 1
    assert F["J"] == 4 - SQ15 and F["L"] == 4 - SQ15
    assert F["X"] == 2 * SQ15 - 7 and F["P"] == 2 * SQ15 - 7
    assert F["F"] == 2 * SQ15 - 6
    assert F["Y"] == 13 - 3 * SQ15
    assert sum(L.FREQ, Q15()) == L.LAMBDA


def test_characteristic_polynomial():
    """x⁵(x − 1)(x + 1)(x² − 8x + 1)."""
    assert _charpoly(S.substitution_matrix()) == [1, -8, 0, 8, -1, 0, 0, 0, 0, 0]


def test_odd_fraction_is_exact():
    assert L.odd_fraction() == (5 - SQ15) / 10
    assert L.odd_fraction() == 1 / (5 + SQ15)
    assert float(L.odd_fraction()) == pytest.approx(0.112702, abs=1e-6)


def test_distributions_sum_to_one():
    assert sum(L.START, Q15()) == 1
    for t in range(9):
        assert sum((p for _, _, p in L.PARENTS[t]), Q15()) == 1
        for u, n, _ in L.PARENTS[t]:
            assert S.CHILD[u][n] == t
    assert L.START[S.GAMMA] == 2 * L.odd_fraction()          # Γ holds 2 Spectres, one odd


def test_choose_is_exact_and_deterministic():
    probs = [L.odd_fraction(), 1 - L.odd_fraction()]
    rng = random.Random(1)
    draws = [L.choose(rng, probs) for _ in range(20000)]
    p = draws.count(0) / len(draws)
    se = (0.1127 * 0.8873 / len(draws)) ** 0.5
    assert abs(p - float(probs[0])) < 4 * se
    r1, r2 = random.Random(9), random.Random(9)
    assert [L.choose(r1, L.START) for _ in range(100)] == [L.choose(r2, L.START) for _ in range(100)]
    with pytest.raises(ArithmeticError):
        L.choose(random.Random(0), [Q15(Fraction(1, 2))])


def test_start_types_follow_the_limit():
    """The start Spectre's metatile type over many fresh towers matches the exact distribution."""
    from generator.spectre.patch import random_tower
    n = 6000
    counts = Counter(random_tower(random.Random(s))[0].T[0] for s in range(n))
    for t in range(9):
        p = float(L.START[t])
        assert abs(counts[t] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9, S.TYPES[t]
