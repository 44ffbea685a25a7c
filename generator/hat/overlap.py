"""The overlapping numbering of metatile children (13 / 7 / 11 / 11), derived from geometry.

In the substitution pictures the children of a metatile cover it and stick out over its
edges, so a child on an edge is a child of both metatiles that meet there.  That is the
*overlapping* numbering used by the combinatorial coordinates of part 2 (metamaps): the
disjoint children of a supertile S keep their indices 0..n−1, and the children of S's
neighbours that straddle S's edge follow as n, n+1, ….

We derive the straddling children from the exact patches, not from a table:

1. Expand a level-(k+2) H supertile to its level-k supertiles S and level-(k−1)
   metatiles M (exact placements).
2. For every pair, measure (in floats — this is only a classification) the fraction of
   M's polygon that lies inside S's polygon, by clipping M against S (both outlines are
   convex).  Disjoint children lie inside (fraction near 1), strangers outside (0), and
   the children of neighbours straddling S's edge are cut (well inside (0, 1)).
3. Record each straddling M relative to S (type and the isometry S⁻¹∘M).  Copies of S
   deep inside the patch all see the same set; we take the set seen most often, check
   that no copy sees anything outside it, and order it by angle around S's centre,
   starting from S's outline vertex 0.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

from generator.hat import geometry as G
from generator.hat import supertile as S

STRADDLE_MIN = 0.02      # fraction of a metatile inside S above which it straddles S's edge
INSIDE_MAX = 0.98        # ... and below which it is not wholly inside


def _poly_xy(iso, outline):
    """Float Cartesian polygon of an outline placed by iso (counter-clockwise)."""
    pts = [G.to_xy(G.apply(iso, p)) for p in outline]
    if _area(pts) < 0:
        pts.reverse()
    return pts


def _area(pts):
    """Signed area of a float polygon."""
    n = len(pts)
    return 0.5 * sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1]
                     for i in range(n))


def _clip(subject, clip):
    """Sutherland–Hodgman: the part of polygon `subject` inside convex CCW polygon `clip`."""
    out = subject
    n = len(clip)
    for i in range(n):
        if not out:
            break
        (ax, ay), (bx, by) = clip[i], clip[(i + 1) % n]

        def side(p):
            return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)

        inp, out = out, []
        for j in range(len(inp)):
            p, q = inp[j], inp[(j + 1) % len(inp)]
            sp, sq = side(p), side(q)
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _centre(pts):
    """Vertex average (enough for ordering)."""
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


@lru_cache(maxsize=None)
def overlap_extras(kind: str, level: int) -> tuple:
    """The straddling children of a level-`level` metatile of type `kind` (see the docstring)."""
    if level < 2:
        raise ValueError("overlapping children exist from level 2 up")
    big = level + 2
    supers = S.metatiles("H", big, level)
    smalls = S.metatiles("H", big, level - 1)
    small_polys = [(_poly_xy(g, S.base_prototype(k, level - 1).outline), k, g) for k, g, _ in smalls]
    # a coarse grid of the small metatiles' centres, to avoid all-pairs clipping
    cell = 8.0 * (1.7 ** level)
    grid = {}
    for item in small_polys:
        cx, cy = _centre(item[0])
        grid.setdefault((int(cx // cell), int(cy // cell)), []).append(item)
    seen = Counter()
    total = 0
    for skind, sg, _path in supers:
        if skind != kind:
            continue
        proto = S.base_prototype(kind, level)
        spoly = _poly_xy(sg, proto.outline)
        own = {(c.kind, G.compose(sg, c.iso)) for c in proto.children}
        inv = G.inverse(sg)
        xs = [p[0] for p in spoly]
        ys = [p[1] for p in spoly]
        found = []
        for gx in range(int(min(xs) // cell) - 1, int(max(xs) // cell) + 2):
            for gy in range(int(min(ys) // cell) - 1, int(max(ys) // cell) + 2):
                for mpoly, mkind, mg in grid.get((gx, gy), ()):
                    if (mkind, mg) in own:
                        continue
                    inside = _clip(mpoly, spoly)
                    frac = _area(inside) / _area(mpoly) if len(inside) >= 3 else 0.0
                    if frac > INSIDE_MAX:
                        raise AssertionError(f"a level-{level - 1} {mkind} lies inside a "
                                             f"level-{level} {kind} that does not own it")
                    if frac > STRADDLE_MIN:
                        found.append((mkind, G.compose(inv, mg)))
        seen[frozenset(found)] += 1
        total += 1
    full = max(seen, key=lambda fs: (len(fs), seen[fs]))
    if not full:
        raise AssertionError(f"level-{level} {kind}: no copy with neighbours in the patch")
    for fs in seen:
        if not fs <= full:
            raise AssertionError(f"level-{level} {kind}: inconsistent straddling children")
    outline = _poly_xy(G.IDENTITY, S.base_prototype(kind, level).outline)
    cx, cy = _centre(outline)
    ang0 = math.atan2(outline[0][1] - cy, outline[0][0] - cx)

    def angle(item):
        mkind, mg = item
        mx, my = _centre(_poly_xy(mg, S.base_prototype(mkind, level - 1).outline))
        return (math.atan2(my - cy, mx - cx) - ang0) % (2 * math.pi)

    return tuple(S.Child(k, g) for k, g in sorted(full, key=angle))
