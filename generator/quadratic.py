"""Exact arithmetic in Q(√5): the field of the golden ratio φ = (1 + √5)/2.

Both Penrose (inflation factor φ², frequencies in Q(√5)) and the hat (φ⁴) need exact
limiting probabilities; they compute Perron–Frobenius eigenvectors with `Q5` and compare
random thresholds against them exactly. An element is a + b√5 with Fraction parts; its
sign is decided without floats: when a and b have opposite signs, compare a² with 5b².
"""

from __future__ import annotations

import math
from fractions import Fraction


def sign5(a, b) -> int:
    """Sign of a + b·√5 for rationals (ints or Fractions) a, b — exactly."""
    sa = (a > 0) - (a < 0)
    sb = (b > 0) - (b < 0)
    if sa == 0 or sa == sb:
        return sb if sa == 0 else sa
    if sb == 0:
        return sa
    d = a * a - 5 * b * b                # opposite signs: the larger magnitude wins
    return sa * ((d > 0) - (d < 0))


class Q5:
    """An element a + b√5 of Q(√5), with a and b Fractions (exact, immutable)."""

    __slots__ = ("a", "b")

    def __init__(self, a=0, b=0):
        self.a = Fraction(a)
        self.b = Fraction(b)

    def __add__(self, o):
        o = _q5(o)
        return Q5(self.a + o.a, self.b + o.b)

    __radd__ = __add__

    def __neg__(self):
        return Q5(-self.a, -self.b)

    def __sub__(self, o):
        o = _q5(o)
        return Q5(self.a - o.a, self.b - o.b)

    def __rsub__(self, o):
        return _q5(o) - self

    def __mul__(self, o):
        o = _q5(o)
        return Q5(self.a * o.a + 5 * self.b * o.b, self.a * o.b + self.b * o.a)

    __rmul__ = __mul__

    def inverse(self) -> "Q5":
        """1/(a + b√5) = (a − b√5)/(a² − 5b²)."""
        n = self.a * self.a - 5 * self.b * self.b      # never 0 unless self is 0 (√5 ∉ Q)
        if n == 0:
            raise ZeroDivisionError("division by zero in Q(√5)")
        return Q5(self.a / n, -self.b / n)

    def __truediv__(self, o):
        return self * _q5(o).inverse()

    def __rtruediv__(self, o):
        return _q5(o) * self.inverse()

    def sign(self) -> int:
        """Exact sign."""
        return sign5(self.a, self.b)

    def __eq__(self, o):
        o = _q5(o)
        return self.a == o.a and self.b == o.b

    def __hash__(self):
        return hash((self.a, self.b))

    def __lt__(self, o):
        return (self - o).sign() < 0

    def __le__(self, o):
        return (self - o).sign() <= 0

    def __gt__(self, o):
        return (self - o).sign() > 0

    def __ge__(self, o):
        return (self - o).sign() >= 0

    def __float__(self):
        return float(self.a) + float(self.b) * math.sqrt(5)

    def __repr__(self):
        return f"Q5({self.a}, {self.b})"


def _q5(x) -> Q5:
    """Coerce an int or Fraction to Q5."""
    return x if isinstance(x, Q5) else Q5(x)
