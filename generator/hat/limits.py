"""Limiting frequencies of the metatile system, exactly, and an exact random chooser.

Why
---
A random patch must look like a patch cut from a uniformly chosen place in the infinite
tiling.  Combinatorial coordinates make that exact: pick the start kite's labels from the
limiting distribution and invent every parent level from the limiting *conditional*
distribution (seed, "Making it up as you go along").

The mathematics
---------------
Let ``M[t][u]`` be the number of children of type ``t`` in a metatile of type ``u`` in the
*disjoint* substitution (each metatile of the plane is the child of exactly one parent):

    H → 3H + 1T + 3P + 3F,   T → 1H,   P → 2H + 1P + 2F,   F → 2H + 1P + 3F.

If ``f`` is the vector of limiting frequencies of the four types among the metatiles of one
level, one level down the counts are ``M·f``, so ``f`` is the Perron–Frobenius eigenvector:
``M f = λ f`` with ``λ = φ⁴ = (7 + 3√5)/2``.  With ``f_H = 1`` it is
``(1, (7−3√5)/2, 3√5−6, (9−3√5)/2)``.  All of it lives in the field Q(√5), which we
implement exactly (`generator.quadratic.Q5`: pairs of Fractions).

Conditional parents.  Of all metatiles of type ``t``, the share that are the disjoint child
in slot ``n`` of a parent of type ``u`` is (parents are ``1/λ`` as many as children)

    P(u, n | t) = f_u / (λ f_t)          for each disjoint slot n of u holding a t,

and these sum to 1 over the slots because ``Σ_u M[t][u] f_u = λ f_t``.

The start kite.  Every hat has 8 kites, so a uniform kite lies in a first-order metatile of
type ``t`` with probability proportional to ``f_t · hats(t)`` (hats: H 4, T 1, P 2, F 2),
giving H 0.5093, T 0.0186, P 0.1803, F 0.2918; then its hat and its kite are uniform.
The reflected hats are one per H: ``f_H / Σ f_t hats(t) = 1/(φ⁴+1) = 0.127322``.

Exact choice.  `choose(rng, probs)` compares a uniform random number with the cumulative
thresholds (elements of Q(√5)) exactly: it draws 64 random bits, giving an interval of
width 2⁻⁶⁴, and draws further bits only while that interval straddles a threshold.  So the
probabilities used are exactly the irrational ones above, not rounded copies.
"""

from __future__ import annotations

from fractions import Fraction

from generator.quadratic import Q5, solve_linear

TYPES = "HTPF"                  # metatile types, in this order everywhere (indices 0–3)
HATS_PER_TYPE = (4, 1, 2, 2)    # hats in a first-order metatile
KITES_PER_HAT = 8

# Disjoint substitution counts: CHILD_COUNTS[u][t] = children of type t in a parent of type u.
CHILD_COUNTS = (
    (3, 1, 3, 3),   # H
    (1, 0, 0, 0),   # T
    (2, 0, 1, 2),   # P
    (2, 0, 1, 3),   # F
)


SQRT5 = Q5(0, 1)
PHI = Q5(Fraction(1, 2), Fraction(1, 2))
LAMBDA = PHI * PHI * PHI * PHI          # φ⁴ = (7 + 3√5)/2, the growth of metatile counts


def frequencies() -> tuple[Q5, ...]:
    """The limiting frequencies of H, T, P, F (f_H = 1): the λ-eigenvector of the counts.

    Solved by elimination in Q(√5) on (M − λI) f = 0, not written down by hand.
    """
    n = len(TYPES)
    # rows t: sum_u M[t][u] f_u - λ f_t = 0, with M[t][u] = CHILD_COUNTS[u][t]
    rows = [[Q5(CHILD_COUNTS[u][t]) - (LAMBDA if u == t else 0) for u in range(n)] for t in range(n)]
    # fix f_H = 1: unknowns f_T, f_P, f_F; use three of the equations (rank is 3)
    best = None
    for skip in range(n):
        eqs = [rows[t] for t in range(n) if t != skip]
        a = [[e[u] for u in range(1, n)] + [-e[0]] for e in eqs]
        sol = solve_linear(a)
        if sol is not None:
            best = [Q5(1)] + sol
            break
    if best is None:
        raise ArithmeticError("no eigenvector found")
    for t in range(n):                     # check every equation, exactly
        if sum((rows[t][u] * best[u] for u in range(n)), Q5()) != Q5():
            raise ArithmeticError("eigenvector check failed")
    return tuple(best)


FREQ = frequencies()


def hat_fractions() -> tuple[Q5, ...]:
    """The share of hats lying in first-order metatiles of each type."""
    w = [FREQ[t] * HATS_PER_TYPE[t] for t in range(4)]
    total = sum(w, Q5())
    return tuple(x / total for x in w)


def reflected_fraction() -> Q5:
    """The share of reflected hats (one per H metatile): 1/(φ⁴ + 1)."""
    total = sum((FREQ[t] * HATS_PER_TYPE[t] for t in range(4)), Q5())
    return FREQ[0] / total


def parent_distribution(child_type: int, disjoint_slots) -> list[tuple[int, int, Q5]]:
    """[(parent type u, child index n, probability)] for a metatile of type `child_type`.

    `disjoint_slots[u]` lists the child indices (in the overlapping numbering) that form the
    disjoint substitution of u, each with its type: [(n, t), ...].
    """
    out = []
    for u in range(4):
        for n, t in disjoint_slots[u]:
            if t == child_type:
                out.append((u, n, FREQ[u] / (LAMBDA * FREQ[child_type])))
    total = sum((p for _, _, p in out), Q5())
    if total != Q5(1):
        raise ArithmeticError(f"parent probabilities of {TYPES[child_type]} sum to {float(total)}")
    return out


def choose(rng, probs) -> int:
    """Index i drawn with probability probs[i] (exact elements of Q(√5) summing to 1)."""
    cum = []
    acc = Q5()
    for p in probs:
        acc = acc + p
        cum.append(acc)
    if cum[-1] != Q5(1):
        raise ArithmeticError("probabilities do not sum to 1")
    r, bits = rng.getrandbits(64), 64
    while True:
        lo, hi = Fraction(r, 1 << bits), Fraction(r + 1, 1 << bits)
        # the first index whose cumulative threshold exceeds lo
        i = next(i for i, c in enumerate(cum) if c > lo)
        if cum[i] >= hi:          # the whole interval [lo, hi) lies in bucket i
            return i
        r, bits = (r << 32) | rng.getrandbits(32), bits + 32
        if bits > 4096:           # impossible unless a threshold is rational and hit exactly
            return i


def start_type_distribution() -> tuple[Q5, ...]:
    """Probabilities of the start kite's first-order metatile type (H, T, P, F)."""
    return hat_fractions()
