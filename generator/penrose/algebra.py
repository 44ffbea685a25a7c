"""Exact arithmetic for Penrose tilings: the ring Z[t] with t = e^{iπ/5}.

Every vertex of a Penrose tiling (with a vertex at the origin, edges of unit length in a
direction that is a multiple of 36°) is an integer combination of the powers of t, the
complex number of modulus 1 and argument π/5.  Because t⁵ = −1 and t ≠ −1, t is a root of

    z⁴ − z³ + z² − z + 1 = 0,   so   t⁴ = t³ − t² + t − 1,

and a point is stored as the integer 4-vector (a, b, c, d) meaning a + b·t + c·t² + d·t³.
Products of two such vectors are reduced with that identity and stay integral.  Useful
constants (all integral):

    φ   = t + 1/t = 1 + t² − t³         (the golden ratio)
    1/φ = φ − 1   = t² − t³
    1/t = t⁹      = 1 − t + t² − t³

Multiplying by t rotates by 36°, by φ scales up, by 1/φ scales down — all exactly.

Comparing positions exactly.  With cos(π/5) = (1+√5)/4, cos(2π/5) = (√5−1)/4 (positive:
Tatham's appendix prints it with the sign flipped), cos(3π/5) = −cos(2π/5) and
sin(2π/5) = φ·sin(π/5), the real and imaginary parts of a + bt + ct² + dt³ are

    x = [(4a + b − c + d) + (b + c − d)·√5] / 4
    y = [(2b + c + d) + (c + d)·√5] · s/2          with s = sin(π/5),

so x lies in Q(√5) and y in s·Q(√5).  The sign of p + q√5 (p, q rational) is decided
in integers: if p and q disagree in sign, compare p² with 5q².  A quantity α + s·β with
α, β in Q(√5) — what a cross product of a tile edge with a rational point gives — has
its sign decided the same way, because s² = (5 − √5)/8 is itself in Q(√5).

Floats appear only in `to_float` (for drawing) and in fast pre-checks whose margin is
far above rounding error; every borderline decision falls back to the exact tests here.
"""

from __future__ import annotations

import math
from fractions import Fraction

from generator.quadratic import Q5, sign5  # noqa: F401  (re-exported: Q(√5) lives in one place)

ZERO = (0, 0, 0, 0)
ONE = (1, 0, 0, 0)
T = (0, 1, 0, 0)
PHI = (1, 0, 1, -1)
INV_PHI = (0, 0, 1, -1)
INV_T = (1, -1, 1, -1)

_C1, _C2, _C3 = math.cos(math.pi / 5), math.cos(2 * math.pi / 5), math.cos(3 * math.pi / 5)
_S1, _S2, _S3 = math.sin(math.pi / 5), math.sin(2 * math.pi / 5), math.sin(3 * math.pi / 5)
SIN36 = _S1


def add(p, q):
    """p + q."""
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def sub(p, q):
    """p − q."""
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def neg(p):
    """−p."""
    return (-p[0], -p[1], -p[2], -p[3])


def scale(p, k: int):
    """k·p for an integer k."""
    return (k * p[0], k * p[1], k * p[2], k * p[3])


def mul(p, q):
    """p·q, reduced with t⁴ = t³ − t² + t − 1 (so t⁵ = −1, t⁶ = −t)."""
    a, b, c, d = p
    w, x, y, z = q
    p0 = a * w
    p1 = a * x + b * w
    p2 = a * y + b * x + c * w
    p3 = a * z + b * y + c * x + d * w
    p4 = b * z + c * y + d * x
    p5 = c * z + d * y
    p6 = d * z
    return (p0 - p4 - p5, p1 + p4 - p6, p2 - p4, p3 + p4)


def power(p, n: int):
    """p**n for n ≥ 0."""
    r = ONE
    for _ in range(n):
        r = mul(r, p)
    return r


def t_power(k: int):
    """t**k for any integer k (t has order 10)."""
    return power(T, k % 10)


def mul_matrix(c):
    """The 4×4 integer matrix M with M·p = c·p (columns are c·1, c·t, c·t², c·t³)."""
    cols = [mul(c, e) for e in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))]
    return tuple(tuple(col[i] for col in cols) for i in range(4))


def to_complex(p) -> complex:
    """The complex number a + bt + ct² + dt³ (floats: for drawing and tests only)."""
    a, b, c, d = p
    return complex(a + b * _C1 + c * _C2 + d * _C3, b * _S1 + c * _S2 + d * _S3)


def to_float(p, denom: int = 1) -> tuple[float, float]:
    """(x, y) of p/denom as floats."""
    a, b, c, d = p
    return ((a + b * _C1 + c * _C2 + d * _C3) / denom, (b * _S1 + c * _S2 + d * _S3) / denom)


def x_parts(p) -> tuple[int, int]:
    """(P, Q) with Re(p) = (P + Q·√5)/4."""
    a, b, c, d = p
    return (4 * a + b - c + d, b + c - d)


def y_parts(p) -> tuple[int, int]:
    """(P, Q) with Im(p) = (P + Q·√5)·sin(π/5)/2."""
    a, b, c, d = p
    return (2 * b + c + d, c + d)


# --- exact signs in Q(√5) and s·Q(√5) -------------------------------------------------

def sign(v) -> int:
    """−1, 0 or 1."""
    return (v > 0) - (v < 0)


def mul5(u, v):
    """(p + q√5)(r + s√5) as a pair."""
    return (u[0] * v[0] + 5 * u[1] * v[1], u[0] * v[1] + u[1] * v[0])


# s² = sin²(π/5) = (5 − √5)/8
S_SQUARED = (Fraction(5, 8), Fraction(-1, 8))


def sign_mixed(alpha, beta) -> int:
    """Sign of α + s·β where α, β are pairs in Q(√5) and s = sin(π/5) > 0 — exactly."""
    sa, sb = sign5(*alpha), sign5(*beta)
    if sa == 0 or sa == sb:
        return sb if sa == 0 else sa
    if sb == 0:
        return sa
    a2 = mul5(alpha, alpha)
    b2 = mul5(S_SQUARED, mul5(beta, beta))
    d = sign5(a2[0] - b2[0], a2[1] - b2[1])
    return sa if d > 0 else (sb if d < 0 else 0)


def exact_x(p, denom: int = 1):
    """Re(p/denom) as a pair of Fractions (P, Q) meaning P + Q·√5."""
    P, Q = x_parts(p)
    return (Fraction(P, 4 * denom), Fraction(Q, 4 * denom))


def exact_y(p, denom: int = 1):
    """Im(p/denom) as a pair (P, Q) of Fractions meaning (P + Q·√5)·s."""
    P, Q = y_parts(p)
    return (Fraction(P, 2 * denom), Fraction(Q, 2 * denom))


def compare_x(p, value: Fraction, denom: int = 1) -> int:
    """Sign of Re(p/denom) − value, exactly."""
    P, Q = exact_x(p, denom)
    return sign5(P - value, Q)


def compare_y(p, value: Fraction, denom: int = 1) -> int:
    """Sign of Im(p/denom) − value, exactly (value rational)."""
    P, Q = exact_y(p, denom)
    return sign_mixed((-value, Fraction(0)), (P, Q))


def cross_sign(a, b, corner: tuple[Fraction, Fraction], denom: int = 1) -> int:
    """Sign of the cross product (b − a) × (corner − a): +1 when corner is left of a→b."""
    ax, bx = exact_x(a, denom), exact_x(b, denom)
    ay, by = exact_y(a, denom), exact_y(b, denom)
    cx, cy = corner
    # (bx−ax)(cy − s·ay') − (s·(by'−ay'))(cx − ax)   with ay = s·ay', by = s·by'
    dx = (bx[0] - ax[0], bx[1] - ax[1])
    dy = (by[0] - ay[0], by[1] - ay[1])
    ex = (cx - ax[0], -ax[1])
    alpha = (dx[0] * cy, dx[1] * cy)                 # (bx−ax)·cy
    t1 = mul5(dx, ay)                                 # (bx−ax)·ay'   (times s)
    t2 = mul5(dy, ex)                                 # dy'·(cx−ax)   (times s)
    beta = (-t1[0] - t2[0], -t1[1] - t2[1])
    return sign_mixed(alpha, beta)


def conj(p):
    """Complex conjugate: t ↦ 1/t, so a + b/t + c/t² + d/t³."""
    a, b, c, d = p
    r = (a, 0, 0, 0)
    r = add(r, scale(INV_T, b))
    r = add(r, scale(_INV_T2, c))
    return add(r, scale(_INV_T3, d))


_INV_T2 = mul(INV_T, INV_T)
_INV_T3 = mul(_INV_T2, INV_T)


def norm2(p) -> tuple[int, int]:
    """|p|² as (P, Q) meaning (P + Q√5)/4 (p·conj(p) is real)."""
    return x_parts(mul(p, conj(p)))


def orientation(p, q, r) -> int:
    """Sign of the cross product (q − p) × (r − p): +1 anticlockwise, exactly."""
    P, Q = y_parts(mul(conj(sub(q, p)), sub(r, p)))
    return sign5(P, Q)


def collinear(p, q, r) -> bool:
    """True when p, q, r lie on one line (exact)."""
    return y_parts(mul(conj(sub(q, p)), sub(r, p))) == (0, 0)


# --- the field Q(√5), for the limiting probabilities ---------------------------------

Q5_PHI = Q5(Fraction(1, 2), Fraction(1, 2))
