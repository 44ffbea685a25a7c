"""Exact geometry of the hat: Eisenstein integers, the kite grid, the hat as eight kites.

Points
------
Every vertex of a hat tiling lies on a triangular lattice, so we write a point as an
*Eisenstein integer* ``a + b·s`` with ``s = e^{iπ/3}`` (the unit vector at 60°) and keep
the pair ``(a, b)``.  Since ``s² = s − 1`` the lattice is closed under multiplication,
and the twelve symmetries of the lattice that fix 0 are

    rotation by 60°:   s·(a + b s) = −b + (a + b) s          rot(z)
    reflection in x:   conj(a + b s) = (a + b) − b s         conj(z)   (conj s = 1 − s)

The lattice spacing is the *short kite edge*, 1.  Cartesian coordinates (for drawing
only) are ``x = a + b/2``, ``y = b·√3/2``.  Nothing in the engine uses floats.
Metatile outlines at higher levels need rational points (an intersection of two lines);
the same formulas work unchanged on pairs of `fractions.Fraction`.

The kite grid
-------------
Tile the plane by regular hexagons of side 2 centred on the lattice ``L = 2(1+s)·Z[s]``
(index 12 in Z[s]; ``z ∈ L`` iff ``6 | 2a+b`` and ``6 | b−a``).  Cut each hexagon into
six kites by joining its centre to the midpoints of its sides.  Kite ``k`` (0–5) of the
hexagon centred at ``c`` has the vertices, counter-clockwise,

    c,   m_k = c + s^k (1+s),   v = c + 2 s^{k+1},   m_{k+1} = c + s^{k+1} (1+s)

(centre, side midpoint at angle 30°+60°k, hexagon corner at 60°(k+1), next midpoint).
Its edges 0–3 are ``c→m_k`` (length √3), ``m_k→v`` (1), ``v→m_{k+1}`` (1) and
``m_{k+1}→c`` (√3).  Six kites make a hexagon of area 6√3, so a kite has area √3.  A kite is the tuple ``(ca, cb, k)``.

Across its four edges a kite meets (derived from the vertex formulas above):

    edge 0 → kite k−1 of the same hexagon (its edge 3)
    edge 3 → kite k+1 of the same hexagon (its edge 0)
    edge 1 → kite k+2 of the hexagon c + 2(1+s)s^k      (its edge 2)
    edge 2 → kite k+4 of the hexagon c + 2(1+s)s^{k+1}  (its edge 1)

Isometries
----------
A symmetry of the lattice is ``g = (r, f, ta, tb)``: ``z ↦ s^r · conj^f(z) + t``.  It maps
the kite grid to itself iff ``t ∈ L``; it then maps kite ``(c, k)`` to kite
``(g(c), k + r)`` if ``f = 0`` and to ``(g(c), r − k − 2)`` if ``f = 1``.

The hat
-------
The hat (Smith, Myers, Kaplan, Goodman-Strauss 2023) is the union of eight kites: four
of the hexagon at 0 (kites 0, 3, 4, 5), two of the hexagon at 2+2s (kites 2, 3) and two
of the hexagon at 4−2s (kites 0, 1).  `HAT_KITES` lists them in that order; the index
in that list is the *kite in hat* label 0–7 used by the combinatorial coordinates (a
placed hat ``g`` has kite ``i`` = the image under ``g`` of ``HAT_KITES[i]``).  Its outline
is traced from the kites at import: 14 kite-grid vertices, counter-clockwise, one of them
a straight angle, so the polygon has 13 sides; 8 segments of length 1 and 6 of length √3.
A *reflected* hat is one placed by an isometry with ``f = 1``.
"""

from __future__ import annotations

import math
from typing import Iterable

Point = tuple  # (a, b): a + b·s, ints (or Fractions for metatile outlines)
Iso = tuple    # (r, f, ta, tb)
Kite = tuple   # (ca, cb, k)

IDENTITY: Iso = (0, 0, 0, 0)
SQRT3_2 = math.sqrt(3) / 2


# --- Eisenstein arithmetic ------------------------------------------------------------

def add(z: Point, w: Point) -> Point:
    """z + w."""
    return (z[0] + w[0], z[1] + w[1])


def sub(z: Point, w: Point) -> Point:
    """z − w."""
    return (z[0] - w[0], z[1] - w[1])


def rot(z: Point, r: int = 1) -> Point:
    """s^r · z: rotation by 60°·r about 0."""
    a, b = z
    r %= 6
    if r >= 3:
        a, b, r = -a, -b, r - 3
    for _ in range(r):
        a, b = -b, a + b
    return (a, b)


def conj(z: Point) -> Point:
    """Complex conjugate: reflection in the x axis."""
    return (z[0] + z[1], -z[1])


def norm(z: Point):
    """|z|² = a² + ab + b² (an integer for lattice points)."""
    a, b = z
    return a * a + a * b + b * b


def to_xy(z: Point) -> tuple[float, float]:
    """Cartesian coordinates (floats, for drawing only): x = a + b/2, y = b·√3/2."""
    return (float(z[0]) + float(z[1]) / 2, float(z[1]) * SQRT3_2)


def in_centre_lattice(z: Point) -> bool:
    """Whether z is a hexagon centre of the kite grid (z ∈ 2(1+s)Z[s])."""
    a, b = z
    return (2 * a + b) % 6 == 0 and (b - a) % 6 == 0


# --- isometries -----------------------------------------------------------------------

def apply(g: Iso, z: Point) -> Point:
    """g(z) = s^r conj^f(z) + t."""
    r, f, ta, tb = g
    if f:
        z = (z[0] + z[1], -z[1])
    a, b = rot(z, r)
    return (a + ta, b + tb)


def compose(g: Iso, h: Iso) -> Iso:
    """g ∘ h (apply h first)."""
    rg, fg, ta, tb = g
    rh, fh, ua, ub = h
    u = (ua, ub)
    if fg:
        u = conj(u)
        r = (rg - rh) % 6
    else:
        r = (rg + rh) % 6
    ua, ub = rot(u, rg)
    return (r, fg ^ fh, ua + ta, ub + tb)


def inverse(g: Iso) -> Iso:
    """g⁻¹."""
    r, f, ta, tb = g
    if f:
        lin = (r, 1, 0, 0)          # z ↦ s^r conj z is its own inverse
    else:
        lin = ((-r) % 6, 0, 0, 0)
    a, b = apply(lin, (-ta, -tb))
    return (lin[0], f, a, b)


def translate(t: Point) -> Iso:
    """The translation by t."""
    return (0, 0, t[0], t[1])


def rotation_about(p: Point, r: int) -> Iso:
    """Rotation by 60°·r about the point p."""
    q = rot(p, r)
    return (r % 6, 0, p[0] - q[0], p[1] - q[1])


def match_segment(p1: Point, q1: Point, p2: Point, q2: Point) -> Iso:
    """The orientation-preserving lattice isometry taking p1 → p2 and q1 → q2."""
    d1, d2 = sub(q1, p1), sub(q2, p2)
    for r in range(6):
        if rot(d1, r) == d2:
            a, b = rot(p1, r)
            return (r, 0, p2[0] - a, p2[1] - b)
    raise ValueError(f"segments {p1}->{q1} and {p2}->{q2} are not congruent by a rotation")


def is_grid_isometry(g: Iso) -> bool:
    """Whether g maps the kite grid onto itself (integral translation in L)."""
    return all(isinstance(x, int) for x in g[2:]) and in_centre_lattice(g[2:])


# --- kites ----------------------------------------------------------------------------

def kite_vertices(kite: Kite) -> tuple[Point, Point, Point, Point]:
    """The four vertices of a kite, counter-clockwise from the hexagon centre."""
    c = (kite[0], kite[1])
    k = kite[2]
    return (c, add(c, rot((1, 1), k)), add(c, rot((2, 0), k + 1)), add(c, rot((1, 1), k + 1)))


def kite_image(g: Iso, kite: Kite) -> Kite:
    """The image of a kite under a grid isometry."""
    a, b = apply(g, (kite[0], kite[1]))
    k = (g[0] + kite[2]) % 6 if not g[1] else (g[0] - kite[2] - 2) % 6
    return (a, b, k)


def kite_neighbour(kite: Kite, edge: int) -> tuple[Kite, int]:
    """The kite across edge 0–3 of `kite`, and the index of the shared edge in it."""
    ca, cb, k = kite
    if edge == 0:
        return (ca, cb, (k - 1) % 6), 3
    if edge == 3:
        return (ca, cb, (k + 1) % 6), 0
    if edge == 1:
        da, db = rot((2, 2), k)
        return (ca + da, cb + db, (k + 2) % 6), 2
    if edge == 2:
        da, db = rot((2, 2), k + 1)
        return (ca + da, cb + db, (k + 4) % 6), 1
    raise ValueError(f"kite edge must be 0..3, not {edge}")


def kite_edges(kite: Kite) -> list[tuple[Point, Point]]:
    """The four directed edges of a kite (counter-clockwise)."""
    v = kite_vertices(kite)
    return [(v[i], v[(i + 1) % 4]) for i in range(4)]


# --- the hat --------------------------------------------------------------------------

HAT_KITES: tuple[Kite, ...] = (
    (0, 0, 0), (0, 0, 3), (0, 0, 4), (0, 0, 5),
    (2, 2, 2), (2, 2, 3),
    (4, -2, 0), (4, -2, 1),
)


def boundary_loops(kites: Iterable[Kite]) -> list[list[Point]]:
    """The boundary of a union of kites as closed vertex loops (counter-clockwise outside).

    Every kite edge that is not matched by the reverse edge of another kite is a
    boundary edge; the loops are traced by following boundary edges head to tail.
    """
    directed = set()
    for kite in kites:
        for e in kite_edges(kite):
            directed.add(e)
    boundary = [e for e in directed if (e[1], e[0]) not in directed]
    nxt: dict[Point, list[Point]] = {}
    for p, q in boundary:
        nxt.setdefault(p, []).append(q)
    loops = []
    remaining = set(boundary)
    for start in sorted(boundary):
        if start not in remaining:
            continue
        loop = [start[0]]
        p, q = start
        remaining.discard(start)
        while q != loop[0]:
            loop.append(q)
            cands = [w for w in nxt[q] if (q, w) in remaining]
            if len(cands) != 1:
                raise ValueError("boundary is not a set of simple loops (pinch point)")
            p, q = q, cands[0]
            remaining.discard((p, q))
        loops.append(loop)
    return loops


def _trace_hat_outline() -> tuple[Point, ...]:
    """The hat's outline from its kites, starting at 0, counter-clockwise."""
    (loop,) = boundary_loops(HAT_KITES)
    i = loop.index((0, 0))
    return tuple(loop[i:] + loop[:i])


HAT_OUTLINE: tuple[Point, ...] = _trace_hat_outline()   # 14 kite-grid vertices, CCW


def hat_outline(g: Iso) -> list[Point]:
    """The 14 outline vertices of the hat placed by g, counter-clockwise."""
    pts = [apply(g, p) for p in HAT_OUTLINE]
    if g[1]:
        pts.reverse()
    return pts


def hat_kites(g: Iso) -> list[Kite]:
    """The 8 kites of the hat placed by g, in kite-in-hat order 0–7."""
    return [kite_image(g, k) for k in HAT_KITES]


def polygon_area2(points: list[Point]):
    """Twice the signed area in units of the lattice cell (a·b' − a'·b summed; exact).

    One kite has doubled area 4 in these units (a lattice triangle has 1).
    """
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))
