"""The plane side of the combinatorial coordinates: kite-grid positions, the four kite moves,
the exact region.

Points and kites
----------------
A point of the kite grid is an Eisenstein integer ``a + b·s`` (``s = e^{iπ/3}``,
``s² = s − 1``), kept as the pair ``(a, b)``; drawing coordinates are ``x = a + b/2``,
``y = b·√3/2`` (short kite edge 1, y up).  The conventions are those of the exact geometry
(`geometry.py`): hexagons of side 2 centred on ``2(1+s)·Z[s]``, each cut into six kites;
kite ``k`` (0–5) of the hexagon centred at ``c`` is the tuple ``(ca, cb, k)`` with vertices,
counter-clockwise,

    c,   c + s^k (1+s),   c + 2 s^{k+1},   c + s^{k+1} (1+s).

Its edges 0–3 join consecutive vertices.  The *four kite-edge moves* are

    edge 0 → kite k−1 of the same hexagon,          edge 3 → kite k+1 of the same hexagon,
    edge 1 → kite k+2 of the hexagon c + 2(1+s)s^k,  edge 2 → kite k+4 of c + 2(1+s)s^{k+1}.

Because every move is named by the plane's own counter-clockwise edge order, and the
walk never mirrors the plane, a move means the same thing in any rotated copy of the
tiling: the kitemaps (built from the exact supertiles of `supertile.py`) are indexed by these edges.

The region, exactly
-------------------
Patches are asked for an open rectangle ``|x| < W/2, |y| < H/2`` centred on the start
point (the start kite's hexagon centre, placed at 0).  W and H are rationals.  We decide
"does this hat meet the rectangle's interior" exactly, in the skewed integer coordinates

    u = 2x = 2a + b,        v = 2y/√3 = b,

where every grid point is an integer point and the rectangle is ``|u| < W, |v| < V`` with
``V = H/√3`` (irrational).  A hat is a union of eight kites, and an open set meets the hat's
interior iff it meets some kite's interior; kites are convex, so by the separating-axis
theorem a kite's interior misses the rectangle iff one of six axes (u, v and the four edge
normals, taken in (u, v) space — separation is an affine notion) separates the two.  Each
comparison is of the form ``A + B·√3 > 0`` with A, B rational, decided by signs and squares.
"""

from __future__ import annotations

import math
from fractions import Fraction

from generator.quadratic import sign3

Point = tuple   # (a, b) = a + b s
Kite = tuple    # (ca, cb, k)

SQRT3_2 = math.sqrt(3) / 2

# s^k (1+s) and 2 s^k and 2(1+s) s^k for k = 0..5, as (a, b)
_UNIT = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))          # s^k
MID = tuple((u[0] - u[1], u[0] + 2 * u[1]) for u in _UNIT)              # s^k (1+s)
TIP = tuple((2 * u[0], 2 * u[1]) for u in _UNIT)                        # 2 s^k
HEXSTEP = tuple((2 * m[0], 2 * m[1]) for m in MID)                      # 2(1+s) s^k


def rot(z: Point, r: int) -> Point:
    """s^r · z (rotation by 60°·r about 0)."""
    a, b = z
    for _ in range(r % 6):
        a, b = -b, a + b
    return (a, b)


def kite_vertices(kite: Kite) -> tuple[Point, Point, Point, Point]:
    """The four vertices of a kite, counter-clockwise from its hexagon centre."""
    ca, cb, k = kite
    m0, t, m1 = MID[k], TIP[(k + 1) % 6], MID[(k + 1) % 6]
    return ((ca, cb), (ca + m0[0], cb + m0[1]), (ca + t[0], cb + t[1]), (ca + m1[0], cb + m1[1]))


def kite_move(kite: Kite, edge: int) -> Kite:
    """The kite across edge 0–3 of `kite` (the four kite-edge moves)."""
    ca, cb, k = kite
    if edge == 0:
        return (ca, cb, (k - 1) % 6)
    if edge == 3:
        return (ca, cb, (k + 1) % 6)
    if edge == 1:
        d = HEXSTEP[k]
        return (ca + d[0], cb + d[1], (k + 2) % 6)
    if edge == 2:
        d = HEXSTEP[(k + 1) % 6]
        return (ca + d[0], cb + d[1], (k + 4) % 6)
    raise ValueError(f"kite edge must be 0..3, not {edge}")


def to_xy(z: Point) -> tuple[float, float]:
    """Drawing coordinates (floats): x = a + b/2, y = b·√3/2."""
    return (z[0] + z[1] / 2, z[1] * SQRT3_2)


def is_centre(z: Point) -> bool:
    """Whether z is a hexagon centre (z ∈ 2(1+s)Z[s])."""
    a, b = z
    return (2 * a + b) % 6 == 0 and (b - a) % 6 == 0


class Region:
    """The open rectangle |x| < W/2, |y| < H/2 about the start point, decided exactly."""

    def __init__(self, width, height):
        self.width = Fraction(width)
        self.height = Fraction(height)
        if self.width <= 0 or self.height <= 0:
            raise ValueError("region width and height must be positive")
        w, h = self.width, self.height
        # u-range (-W, W): integers u meet it iff -W < u < W
        self.umax_open = w                   # u < W
        # v-range (-V, V) with V = H/√3: integer v is inside iff 3v² < H²
        self.h2 = h * h
        # integer bounds: the largest integer strictly inside each side
        self.ui = math.ceil(w) - 1           # |u| <= ui  <=>  |u| < W
        self.wc = math.ceil(w)               # u >= wc  <=>  u >= W (u an integer)
        vi = math.isqrt(int(h * h / 3)) + 2
        while 3 * vi * vi >= h * h:
            vi -= 1
        self.vi = vi                         # |v| <= vi  <=>  |v| < V
        self._ints = (w.numerator, w.denominator, h.numerator, h.denominator)

    def bounds_xy(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) as floats, for output."""
        w, h = float(self.width) / 2, float(self.height) / 2
        return (-w, -h, w, h)

    def _below_half(self, k: int, nu: int, nv: int) -> bool:
        """Whether k < |nu|·W + |nv|·V, i.e. (k − |nu|W)·√3 < |nv|·H (exact, in integers:
        both sides times the positive denominators of W and H)."""
        wn, wd, hn, hd = self._ints
        a = (k * wd - abs(nu) * wn) * hd
        return sign3(-abs(nv) * hn * wd, a) < 0  # a√3 − |nv|H·wd·hd < 0

    def kite_meets(self, kite: Kite) -> bool:
        """Whether the open kite meets the open rectangle (separating axes, exact)."""
        pts = [(2 * a + b, b) for a, b in kite_vertices(kite)]
        us = [p[0] for p in pts]
        vs = [p[1] for p in pts]
        if max(us) <= self.ui and -min(us) <= self.ui and max(vs) <= self.vi and -min(vs) <= self.vi:
            return True                      # all four vertices inside the open rectangle
        if min(us) >= self.wc or max(us) <= -self.wc:
            return False                     # u ≥ W for an integer u iff u ≥ ⌈W⌉
        if min(vs) > self.vi or max(vs) < -self.vi:
            return False                     # |v| ≥ V for an integer v iff |v| > vi
        for i in range(4):
            p, q = pts[i], pts[(i + 1) % 4]
            nu, nv = q[1] - p[1], p[0] - q[0]
            proj = [nu * x + nv * y for x, y in pts]
            lo, hi = min(proj), max(proj)
            # rectangle projects onto (-h, h), h = |nu| W + |nv| V; need lo < h and hi > -h
            if not self._below_half(lo, nu, nv) or not self._below_half(-hi, nu, nv):
                return False
        return True

    def points_inside(self, pts) -> bool:
        """Whether all grid points lie in the closed... strictly inside the open rectangle."""
        for a, b in pts:
            if abs(2 * a + b) > self.ui or abs(b) > self.vi:
                return False
        return True

    def kites_meet(self, kites) -> bool:
        """Whether a union of kites (a hat) meets the open rectangle."""
        return any(self.kite_meets(k) for k in kites)
