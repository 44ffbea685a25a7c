"""Exact plane geometry of the Spectre: the ring Z[ω], isometries, the outline, exact tests.

The ring
--------
Every Spectre vertex in every tiling we draw lies in Z[ω], ω = e^{iπ/6} a primitive 12th
root of unity (Smith, Myers, Kaplan, Goodman-Strauss, "A chiral aperiodic monotile", 2023:
the Spectre is Tile(1,1), a 14-gon with unit edges whose directions are multiples of 30°).
ω has degree 4 over Q (its minimal polynomial is the 12th cyclotomic polynomial
x⁴ − x² + 1), so a point is an integer 4-vector (a, b, c, d) meaning a + bω + cω² + dω³,
reduced with ω⁴ = ω² − 1.  Multiplying by ω maps (a, b, c, d) to (−d, a, b + d, c).
Complex conjugation sends ω to ω⁻¹ = ω¹¹; it is a reflection (x ↦ x, y ↦ −y).  Drawing
coordinates are x = a + (√3/2)b + c/2, y = b/2 + (√3/2)c + d, so 2x and 2y lie in Z[√3]:
2x = (2a + c) + b√3 and 2y = (b + 2d) + c√3.  All comparisons with a region are done in
Z[√3] (signs of A + B√3 decided by comparing A² with 3B²); floats appear only for drawing
and for conservative quick rejections.

Isometries
----------
An isometry of Z[ω] preserving the 12 directions is z ↦ ω^r·z + t or z ↦ ω^r·z̄ + t.
We write it as a triple (r, f, t): r in 0..11, f in {0, 1} (1 = reflected), t a point.
Composition: (r1, f1, t1)∘(r2, f2, t2) = (r1 + (−1)^{f1} r2, f1 ⊕ f2, A1(t2) + t1).

The Spectre
-----------
Walking around the outline counter-clockwise, the 14 unit edges point in the directions
(in units of 30°) 0, −2, 1, 3, 0, 2, 5, 7, 4, 6, 6, 8, −1, 9.  The two consecutive edges in
direction 6 form the double-length side; vertex 10 between them is the straight vertex,
which is a real vertex of the tiling and is listed.  The area is 3 + 3√3 (checked by the
tests with the exact shoelace formula in Z[√3]).
"""

from __future__ import annotations

import math
from fractions import Fraction

from generator.quadratic import sign3  # also G.sign3 for spectre/check.py

SQRT3 = math.sqrt(3.0)
ZERO = (0, 0, 0, 0)

# the Spectre's edge directions, in units of 30°, counter-clockwise
SPECTRE_DIRS = (0, 10, 1, 3, 0, 2, 5, 7, 4, 6, 6, 8, 11, 9)
STRAIGHT_VERTEX = 10


def mul_omega(z):
    """ω·z."""
    a, b, c, d = z
    return (-d, a, b + d, c)


def _powers():
    """ω^k as 4-vectors, k = 0..11."""
    out = [(1, 0, 0, 0)]
    for _ in range(11):
        out.append(mul_omega(out[-1]))
    if mul_omega(out[-1]) != (1, 0, 0, 0):
        raise AssertionError("ω^12 != 1")
    return tuple(out)


OMEGA = _powers()


def add(p, q):
    """p + q."""
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def sub(p, q):
    """p − q."""
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def neg(p):
    """−p."""
    return (-p[0], -p[1], -p[2], -p[3])


def _matrix(r: int, f: int):
    """The integer 4×4 matrix (columns = images of 1, ω, ω², ω³) of z ↦ ω^r·(z or z̄)."""
    cols = []
    for k in range(4):
        e = OMEGA[(-k) % 12] if f else OMEGA[k]
        cols.append(_rot(e, r))
    return tuple(cols)


def _rot(z, r: int):
    """ω^r·z."""
    for _ in range(r % 12):
        z = mul_omega(z)
    return z


MATS = {(r, f): _matrix(r, f) for r in range(12) for f in (0, 1)}


def _compile(m, with_t: bool):
    """A small function for one matrix: only its non-zero entries, written out (speed)."""
    names = "abcd"
    rows = []
    for j in range(4):
        terms = []
        for i in range(4):
            c = m[i][j]
            if c:
                terms.append(("+" if c > 0 else "-") + (f"{abs(c)}*" if abs(c) != 1 else "") + names[i])
        if with_t:
            terms.append(f"+t[{j}]")
        rows.append("".join(terms).lstrip("+") or "0")
    args = "z, t" if with_t else "z"
    src = f"def f({args}):\n    a, b, c, d = z\n    return ({', '.join(rows)})\n"
    env: dict = {}
    exec(src, env)          # generated from the integer matrices above, nothing external
    return env["f"]


_LIN = {key: _compile(m, False) for key, m in MATS.items()}
_AFF = {key: _compile(m, True) for key, m in MATS.items()}


def apply_linear(r: int, f: int, z):
    """ω^r·z (f = 0) or ω^r·z̄ (f = 1)."""
    return _LIN[(r, f)](z)


IDENTITY = (0, 0, ZERO)


def apply(iso, z):
    """The image of point z under the isometry (r, f, t)."""
    return _AFF[(iso[0], iso[1])](z, iso[2])


def affine(iso):
    """The function z ↦ iso(z) (for applying one isometry to many points)."""
    f = _AFF[(iso[0], iso[1])]
    t = iso[2]
    return lambda z: f(z, t)


def compose(a, b):
    """a∘b (apply b first)."""
    r1, f1, t1 = a
    r2, f2, t2 = b
    return ((r1 - r2 if f1 else r1 + r2) % 12, f1 ^ f2, add(apply_linear(r1, f1, t2), t1))


def inverse(a):
    """a⁻¹."""
    r, f, t = a
    # f = 0: w = ω^{-r}(z − t);  f = 1: w = ω^r·(z̄ − t̄)
    ri = r % 12 if f else (-r) % 12
    return (ri, f, neg(apply_linear(ri, f, t)))


def translation(t):
    """z ↦ z + t."""
    return (0, 0, t)


def rotation(r: int):
    """z ↦ ω^r·z."""
    return (r % 12, 0, ZERO)


MIRROR_X = (6, 1, ZERO)   # z ↦ −z̄: (x, y) ↦ (−x, y)


def to_xy(z) -> tuple[float, float]:
    """Drawing coordinates (floats)."""
    a, b, c, d = z
    return (a + 0.5 * c + 0.5 * SQRT3 * b, 0.5 * b + d + 0.5 * SQRT3 * c)


def outline_from_dirs(dirs):
    """Vertices of the closed unit-edge path with the given directions, from 0."""
    pts = [ZERO]
    for k in dirs[:-1]:
        pts.append(add(pts[-1], OMEGA[k % 12]))
    if add(pts[-1], OMEGA[dirs[-1] % 12]) != ZERO:
        raise AssertionError("outline does not close")
    return tuple(pts)


SPECTRE = outline_from_dirs(SPECTRE_DIRS)


# --- Z[√3]: doubled coordinates (signs: generator.quadratic.sign3) ----------------------

def doubled(z):
    """(2x, 2y) as pairs (A, B) meaning A + B√3."""
    a, b, c, d = z
    return ((2 * a + c, b), (b + 2 * d, c))


def area2_exact(pts):
    """Twice the signed area as (A, B) = A + B√3 (shoelace in doubled coordinates / 4)."""
    sa, sb = Fraction(0), Fraction(0)
    n = len(pts)
    for i in range(n):
        (x1a, x1b), (y1a, y1b) = doubled(pts[i])
        (x2a, x2b), (y2a, y2b) = doubled(pts[(i + 1) % n])
        # x1*y2 - x2*y1, each product of (A + B√3)
        pa = x1a * y2a + 3 * x1b * y2b - (x2a * y1a + 3 * x2b * y1b)
        pb = x1a * y2b + x1b * y2a - (x2a * y1b + x2b * y1a)
        sa += pa
        sb += pb
    return (sa / 4, sb / 4)


def _mul3(p, q):
    """(A + B√3)(C + D√3)."""
    return (p[0] * q[0] + 3 * p[1] * q[1], p[0] * q[1] + p[1] * q[0])


def _sub3(p, q):
    return (p[0] - q[0], p[1] - q[1])


def _abs3(p):
    return p if sign3(p[0], p[1]) >= 0 else (-p[0], -p[1])


def triangulate(pts):
    """A fixed triangulation (index triples) of a simple CCW polygon, by exact ear clipping."""
    idx = list(range(len(pts)))
    tris = []

    def cross(o, a, b):
        oa = _sub3_pt(pts[a], pts[o])
        ob = _sub3_pt(pts[b], pts[o])
        v = _sub3(_mul3(oa[0], ob[1]), _mul3(oa[1], ob[0]))
        return sign3(v[0], v[1])

    def inside(p, a, b, c):
        return cross(a, b, p) >= 0 and cross(b, c, p) >= 0 and cross(c, a, p) >= 0

    guard = 0
    while len(idx) > 3:
        guard += 1
        if guard > 10000:
            raise AssertionError("triangulation failed")
        n = len(idx)
        for i in range(n):
            a, b, c = idx[i - 1], idx[i], idx[(i + 1) % n]
            if cross(a, b, c) <= 0:
                continue
            if any(inside(p, a, b, c) for p in idx if p not in (a, b, c)
                   and pts[p] not in (pts[a], pts[b], pts[c])):
                continue
            tris.append((a, b, c))
            idx.pop(i)
            break
        else:
            raise AssertionError("no ear found")
    tris.append(tuple(idx))
    return tuple(tris)


def _sub3_pt(p, q):
    """Doubled-coordinate difference of two points, as ((A,B),(A,B))."""
    (pxa, pxb), (pya, pyb) = doubled(p)
    (qxa, qxb), (qya, qyb) = doubled(q)
    return ((pxa - qxa, pxb - qxb), (pya - qya, pyb - qyb))


SPECTRE_TRIANGLES = triangulate(SPECTRE)


class Region:
    """The open rectangle |x| < W/2, |y| < H/2 (W, H rationals), decided exactly."""

    def __init__(self, width, height):
        self.width = Fraction(width)
        self.height = Fraction(height)
        if self.width <= 0 or self.height <= 0:
            raise ValueError("region width and height must be positive")
        self.hw = float(self.width) / 2
        self.hh = float(self.height) / 2
        # integer form: scale everything by the common denominator D
        self.D = self.width.denominator * self.height.denominator
        self.Wi = int(self.width * self.D)
        self.Hi = int(self.height * self.D)

    def bounds_xy(self):
        """(x0, y0, x1, y1) as floats."""
        return (-self.hw, -self.hh, self.hw, self.hh)

    def triangle_meets(self, tri) -> bool:
        """Whether the open triangle (three points) meets the open rectangle: separating axes.

        In doubled coordinates the rectangle is |X| < W, |Y| < H.  The interiors of two
        convex sets are disjoint iff some edge normal of one separates them (closed
        half-planes), so we test the two axes and the three edge normals exactly.
        """
        D = self.D
        P = [_scaled(doubled(z), D) for z in tri]
        W, H = self.Wi, self.Hi
        if _axis_separates(P, W, H):
            return False
        for i in range(3):
            nx, ny, h = _normal_extent(P[i], P[(i + 1) % 3], W, H)
            proj = [_add3(_mul3(nx, x), _mul3(ny, y)) for x, y in P]
            # separated iff min(proj) >= h or max(proj) <= -h
            if all(sign3(v[0] - h[0], v[1] - h[1]) >= 0 for v in proj):
                return False
            if all(sign3(v[0] + h[0], v[1] + h[1]) <= 0 for v in proj):
                return False
        return True

    def polygon_meets(self, pts, triangles=SPECTRE_TRIANGLES) -> bool:
        """Whether an open polygon (given with a triangulation) meets the rectangle."""
        return any(self.triangle_meets((pts[a], pts[b], pts[c])) for a, b, c in triangles)

    def segment_meets(self, p, q) -> bool:
        """Whether the closed segment pq meets the open rectangle (exact)."""
        D = self.D
        P = [_scaled(doubled(p), D), _scaled(doubled(q), D)]
        W, H = self.Wi, self.Hi
        if _axis_separates(P, W, H):
            return False
        nx, ny, h = _normal_extent(P[0], P[1], W, H)
        v = _add3(_mul3(nx, P[0][0]), _mul3(ny, P[0][1]))
        # the segment's line meets the open rectangle iff |v| < h
        return sign3(v[0] - h[0], v[1] - h[1]) < 0 and sign3(v[0] + h[0], v[1] + h[1]) > 0


def _axis_separates(P, W, H) -> bool:
    """Whether the x or y axis separates points P (doubled, scaled) from the open rectangle
    |X| < W, |Y| < H: all X ≥ W, all X ≤ −W, all Y ≥ H or all Y ≤ −H."""
    return (all(sign3(x[0] - W, x[1]) >= 0 for x, _ in P) or all(sign3(x[0] + W, x[1]) <= 0 for x, _ in P)
            or all(sign3(y[0] - H, y[1]) >= 0 for _, y in P) or all(sign3(y[0] + H, y[1]) <= 0 for _, y in P))


def _normal_extent(p, q, W, H):
    """(nx, ny, h): a normal of the edge p → q and the half-extent of the rectangle
    |X| < W, |Y| < H along it (|nx|·W + |ny|·H)."""
    ex, ey = _sub3(q[0], p[0]), _sub3(q[1], p[1])
    nx, ny = (-ey[0], -ey[1]), ex
    ax, ay = _abs3(nx), _abs3(ny)
    return nx, ny, (ax[0] * W + ay[0] * H, ax[1] * W + ay[1] * H)


def _scaled(xy, D):
    """Doubled coordinates multiplied by the integer D."""
    (a, b), (c, d) = xy
    return ((a * D, b * D), (c * D, d * D))


def _add3(p, q):
    return (p[0] + q[0], p[1] + q[1])
