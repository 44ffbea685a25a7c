"""An independent checker: is a list of tiles a proper piece of Penrose tiling covering a region?

It uses only the exact ring arithmetic and the tile shapes written out here by hand — not
the substitution, the tables or the walker — so it can judge their output.

A tile is (kind, vertices) with vertices in Z[t] scaled by `denom`.  Shapes are given by
the turn at each corner going anticlockwise: edge i+1 = edge i × scale × t^k, with
k·36° the exterior angle.  Starting at the kite's nose (72°, between its long edges):

    kite   [(1/φ, 3), (1, 1), (φ, 3), (1, 3)]        corners nose, side, tail, side
    dart   [(1/φ, 4), (1, 9), (φ, 4), (1, 3)]        nose, side, reflex (216°), side
    thick  [(1, 3), (1, 2), (1, 3), (1, 2)]          72°, 108°, 72°, 108°
    thin   [(1, 4), (1, 1), (1, 4), (1, 1)]          36°, 144°, 36°, 144°

(the k at a corner is the turn *after* the edge arriving there).  The longest edge has
length 1 in both tilings.

`check_patch` verifies: every tile congruent to its kind; no directed edge used twice (so
no two tiles overlap along an edge); the angles at every vertex sum to at most 360°, and
to exactly 360° at every vertex not on the patch's outline; no edge of the outline meets
the open region (so the tiles cover the region: the union is closed, contains the start
point, and its boundary misses the connected open region).  `vertex_stars` lists the
configurations around complete interior vertices.
"""

from __future__ import annotations

import collections
from fractions import Fraction

from generator.penrose import algebra as Z
from generator.penrose.region import Region

PATTERNS = {
    "kite": ((Z.INV_PHI, 3), (Z.ONE, 1), (Z.PHI, 3), (Z.ONE, 3)),
    "dart": ((Z.INV_PHI, 4), (Z.ONE, 9), (Z.PHI, 4), (Z.ONE, 3)),
    "thick": ((Z.ONE, 3), (Z.ONE, 2), (Z.ONE, 3), (Z.ONE, 2)),
    "thin": ((Z.ONE, 4), (Z.ONE, 1), (Z.ONE, 4), (Z.ONE, 1)),
}
# interior angle (units of 36°) at the vertex *after* edge i, and a corner name
CORNER_NAMES = {
    "kite": ("side", "tail", "side", "nose"),
    "dart": ("side", "reflex", "side", "nose"),
    "thick": ("72", "108", "72", "108"),
    "thin": ("36", "144", "36", "144"),
}
TPOW = [Z.t_power(k) for k in range(10)]


class TilingError(AssertionError):
    """The tiles are not a proper Penrose patch."""


def corner_angles(kind: str, pts):
    """(rotation r, angles) if pts is congruent to kind, else None.

    r is the index in PATTERNS where the polygon starts; angles[i] is the interior angle at
    pts[i] in units of 36°.
    """
    n = len(pts)
    if n != 4:
        return None
    edges = [Z.sub(pts[(i + 1) % n], pts[i]) for i in range(n)]
    pat = PATTERNS[kind]
    for r in range(4):
        ok = True
        for i in range(4):
            scale, k = pat[(r + i) % 4]
            if Z.mul(edges[i], Z.mul(scale, TPOW[k])) != edges[(i + 1) % 4]:
                ok = False
                break
        if ok:
            # corner at pts[i+1] has turn pat[(r+i)%4][1]; interior = 5 − turn (mod 10)
            angles = [0] * 4
            for i in range(4):
                turn = pat[(r + i) % 4][1]
                angles[(i + 1) % 4] = (5 - turn) % 10        # 216° (6) after a turn of −36°
            return r, angles
    return None


def _longest_edge_ok(kind, pts, denom):
    """The tile's longest edge has length exactly 1 (norm² = denom² in the (P+Q√5)/4 form)."""
    best = None
    for i in range(4):
        P, Q = Z.norm2(Z.sub(pts[(i + 1) % 4], pts[i]))
        v = (P, Q)
        if best is None or Z.sign5(P - best[0], Q - best[1]) > 0:
            best = v
    return best == (4 * denom * denom, 0)


def segment_meets_region(p, q, region) -> bool:
    """Does the closed segment pq meet the open rectangle?  Exactly (separating axes)."""
    d = region.denom
    if Z.compare_x(p, region.x0, d) <= 0 and Z.compare_x(q, region.x0, d) <= 0:
        return False
    if Z.compare_x(p, region.x1, d) >= 0 and Z.compare_x(q, region.x1, d) >= 0:
        return False
    if Z.compare_y(p, region.y0, d) <= 0 and Z.compare_y(q, region.y0, d) <= 0:
        return False
    if Z.compare_y(p, region.y1, d) >= 0 and Z.compare_y(q, region.y1, d) >= 0:
        return False
    signs = [Z.cross_sign(p, q, k, d) for k in region.corners]
    return not (all(s <= 0 for s in signs) or all(s >= 0 for s in signs))


def check_patch(family: str, tiles, region=None, denom: int = 3):
    """Raise TilingError unless tiles is a proper patch (covering region if given); return stats."""
    kinds = {"p2": ("kite", "dart"), "p3": ("thick", "thin")}[family]
    directed = {}
    angle_sum = collections.defaultdict(int)
    for idx, (kind, pts) in enumerate(tiles):
        if kind not in kinds:
            raise TilingError(f"tile {idx}: kind {kind!r} is not a {family} tile")
        ca = corner_angles(kind, pts)
        if ca is None:
            raise TilingError(f"tile {idx}: not congruent to a {kind} (angles)")
        if not _longest_edge_ok(kind, pts, denom):
            raise TilingError(f"tile {idx}: wrong size for a {kind}")
        for i in range(4):
            e = (pts[i], pts[(i + 1) % 4])
            if e in directed:
                raise TilingError(f"tiles {directed[e]} and {idx} overlap along an edge")
            directed[e] = idx
            angle_sum[pts[i]] += ca[1][i]
    outline = [(p, q) for (p, q) in directed if (q, p) not in directed]
    on_outline = set()
    for p, q in outline:
        on_outline.add(p)
        on_outline.add(q)
        if region is not None and segment_meets_region(p, q, region):
            raise TilingError("an outline edge crosses the region: the tiles do not cover it")
    for v, s in angle_sum.items():
        if s > 10:
            raise TilingError(f"angles at a vertex sum to {36 * s}° > 360°: tiles overlap")
        if s < 10 and v not in on_outline:
            raise TilingError(f"angles at an inner vertex sum to {36 * s}°: a hole")
    return {"tiles": len(tiles), "edges": len(directed), "outline_edges": len(outline),
            "vertices": len(angle_sum)}


def _direction(vec):
    """k with vec = |vec|·t^k exactly (vec along a multiple of 36°)."""
    for k in range(10):
        w = Z.mul(vec, TPOW[(10 - k) % 10])
        P, Q = Z.y_parts(w)
        if P == 0 and Q == 0 and Z.sign5(*Z.x_parts(w)) > 0:
            return k
    raise TilingError("edge not along a multiple of 36°")


def vertex_stars(tiles, geometric: bool = False):
    """Counter of vertex stars at complete vertices (angles summing to 360°).

    A star is the cyclic sequence of (kind, corner) around the vertex, anticlockwise,
    normalised over rotations and reflections; with geometric=True the corner is its angle
    only, so two stars that look alike are one kind.
    """
    around = collections.defaultdict(list)
    for kind, pts in tiles:
        ca = corner_angles(kind, pts)
        for i in range(4):
            v = pts[i]
            k = _direction(Z.sub(pts[(i + 1) % 4], v))
            label = (ca[1][i] * 36,) if geometric else (kind, CORNER_NAMES[kind][(ca[0] + i - 1) % 4])
            around[v].append((k, ca[1][i], label))
    stars = collections.Counter()
    for v, items in around.items():
        if sum(a for _, a, _ in items) != 10:
            continue
        items.sort()
        seq = [lab for _, _, lab in items]
        n = len(seq)
        variants = [tuple(seq[i:] + seq[:i]) for i in range(n)]
        rev = seq[::-1]
        variants += [tuple(rev[i:] + rev[:i]) for i in range(n)]
        stars[min(variants)] += 1
    return stars


def region_of(width, height, denom: int = 3):
    """The Region object for a centred width × height rectangle."""
    w, h = Fraction(width), Fraction(height)
    return Region(-w / 2, -h / 2, w / 2, h / 2, denom)
