"""Limiting frequencies of the nine Spectre metatiles, exactly in Q(√15), and exact choice.

Why
---
A random patch should look like a patch cut from a uniformly random place of the infinite
tiling.  With combinatorial coordinates that means: pick the start Spectre's level-0
metatile from the limiting distribution, then invent each parent from the limiting
*conditional* distribution (Tatham, "Two algorithms for randomly generating aperiodic
tilings", 2023, "making it up as you go along"; the same for the Spectre in his
"Combinatorial coordinates for the aperiodic Spectre tiling", 2023).  His implementation
uses decimal approximations of these probabilities; we use the exact irrational values.

The mathematics
---------------
``M[t][u]`` counts the children of type t in a parent of type u (`substitution.RULES`).
Its characteristic polynomial has the factor x² − 8x + 1, whose larger root λ = 4 + √15
is the Perron eigenvalue; every frequency lives in the field Q(√15), implemented here
exactly (`generator.quadratic.Q15`: pairs of Fractions; the sign of a + b√15 is decided by
comparing a² with 15b² when a and b have opposite signs).  The frequency vector f solves (M − λI) f = 0; we
find it by Gauss–Jordan elimination in Q(√15) with f_Γ = 1 and check every equation.

Conditional parents.  Among metatiles of type t, the share that sit in place n of a
parent of type u is f_u / (λ f_t) (parents are 1/λ as many); summed over the places of
every u holding a t this is 1, because Σ_u M[t][u] f_u = λ f_t.

The start Spectre.  A Γ holds two Spectres, every other type one, so a uniform Spectre
lies in a level-0 metatile of type t with probability f_t·n_t / Σ_u f_u·n_u.  The odd
Spectres are one per Γ: their share is f_Γ / Σ_u f_u·n_u = 1/(5 + √15) = (5 − √15)/10.

Exact choice.  `choose` compares a uniform random binary fraction with the cumulative
thresholds exactly, drawing 64 bits and then 32 more at a time only while the interval
of width 2^−bits straddles a threshold.
"""

from __future__ import annotations

import math
from fractions import Fraction

from generator.quadratic import Q15, solve_linear
from generator.spectre.substitution import CHILD, SPECTRES_PER_TILE, TYPES, substitution_matrix


LAMBDA = Q15(4, 1)      # 4 + √15, the larger root of x² − 8x + 1


def frequencies() -> tuple:
    """The limiting frequencies of the nine types (f_Γ = 1): the λ-eigenvector of M."""
    M = substitution_matrix()
    n = 9
    rows = [[Q15(M[t][u]) - (LAMBDA if t == u else 0) for u in range(n)] for t in range(n)]
    for skip in range(n):
        eqs = [rows[t] for t in range(n) if t != skip]
        a = [[e[u] for u in range(1, n)] + [-e[0]] for e in eqs]
        sol = solve_linear(a)
        if sol is not None:
            f = [Q15(1)] + sol
            break
    else:
        raise ArithmeticError("no eigenvector found")
    for t in range(n):
        if sum((rows[t][u] * f[u] for u in range(n)), Q15()) != Q15():
            raise ArithmeticError("eigenvector check failed")
    return tuple(f)


FREQ = frequencies()


def spectre_total() -> Q15:
    """Σ_t f_t·n_t: Spectres per unit of Γ frequency."""
    return sum((FREQ[t] * SPECTRES_PER_TILE[t] for t in range(9)), Q15())


def start_distribution() -> tuple:
    """Probabilities of the start Spectre's level-0 metatile type."""
    tot = spectre_total()
    return tuple(FREQ[t] * SPECTRES_PER_TILE[t] / tot for t in range(9))


def odd_fraction() -> Q15:
    """The share of odd Spectres (one per Γ): (5 − √15)/10."""
    return FREQ[0] / spectre_total()


def parent_distribution(t: int) -> list:
    """[(parent type u, place n, probability)] for a metatile of type t."""
    out = []
    for u in range(9):
        for n, c in enumerate(CHILD[u]):
            if c == t:
                out.append((u, n, FREQ[u] / (LAMBDA * FREQ[t])))
    total = sum((p for _, _, p in out), Q15())
    if total != Q15(1):
        raise ArithmeticError(f"parent probabilities of {TYPES[t]} sum to {float(total)}")
    return out


PARENTS = tuple(parent_distribution(t) for t in range(9))
START = start_distribution()


_CUM: dict = {}


def _cumulative(probs) -> tuple:
    """Exact cumulative thresholds and their float values (kept per distribution)."""
    key = tuple((p.a, p.b) for p in probs)
    got = _CUM.get(key)
    if got is None:
        cum = []
        acc = Q15()
        for p in probs:
            acc = acc + p
            cum.append(acc)
        if cum[-1] != Q15(1):
            raise ArithmeticError("probabilities do not sum to 1")
        got = (tuple(cum), tuple(float(c) for c in cum))
        if len(_CUM) < 10_000:
            _CUM[key] = got
    return got


def choose(rng, probs) -> int:
    """Index i drawn with probability probs[i] (exact elements of Q(√15) summing to 1).

    Floats only decide when the random interval is far (> 1e-9) from every threshold,
    which gives the same answer as the exact comparison; otherwise we compare exactly.
    """
    cum, fcum = _cumulative(probs)
    r, bits = rng.getrandbits(64), 64
    x = r / 18446744073709551616.0
    i = next((i for i, c in enumerate(fcum) if c > x), len(fcum) - 1)
    if fcum[i] - x > 1e-9 and (i == 0 or x - fcum[i - 1] > 1e-9):
        return i
    while True:
        lo, hi = Fraction(r, 1 << bits), Fraction(r + 1, 1 << bits)
        i = next(i for i, c in enumerate(cum) if c > lo)
        if cum[i] >= hi:
            return i
        r, bits = (r << 32) | rng.getrandbits(32), bits + 32
        if bits > 4096:
            return i
