"""The overlapping numbering of metatile children (13 / 7 / 11 / 11), derived from geometry.

In the substitution pictures the children of a metatile cover it and stick out over its
edges, so a child on an edge is a child of both metatiles that meet there.  That is the
*overlapping* numbering used by the combinatorial coordinates of random patches (`tables.py`, metamaps): the
disjoint children of a supertile S keep their indices 0..n−1, and the children of S's
neighbours that straddle S's edge follow as n, n+1, ….

We derive the straddling children from the exact patches, not from a table:

1. Expand a level-(k+2) H supertile to its level-k supertiles S and level-(k−1)
   metatiles M (exact placements).
2. For every pair, measure exactly (Fractions, in lattice coordinates) the fraction of
   M's polygon that lies inside S's polygon, by clipping M against S (the outlines are
   checked to be convex).  Metatiles that are not S's own children lie either wholly
   outside (fraction 0) or straddle S's edge, and then the fraction is well inside (0, 1)
   — between 1/10 and 9/10, checked, so there is no borderline case.
3. Record each straddling M relative to S (type and the isometry S⁻¹∘M).  Copies of S
   deep inside the patch all see the same set, copies near the patch's edge a part of
   it; we take the largest set seen, check that every copy's set is contained in it, and
   order it by direction around S's centre, counter-clockwise from S's outline vertex 0
   (exactly: the cyclic order of directions survives the affine map to the plane).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import cmp_to_key, lru_cache

from generator.hat import geometry as G
from generator.hat import supertile as S

# A metatile that is not S's own child lies either wholly outside S (share 0 of its area
# inside S) or straddles S's edge; a straddling share must be clearly partial, between
# these bounds (anything else — a sliver, or an unowned metatile inside S — is an error).
STRADDLE_MIN = Fraction(1, 10)
STRADDLE_MAX = Fraction(9, 10)


def _poly(iso, outline):
    """An outline placed by iso, in lattice coordinates (exact), counter-clockwise.

    Area ratios, convexity, line intersections and the cyclic order of directions are all
    preserved by the orientation-preserving affine map (a, b) ↦ (a + b/2, b√3/2), so we
    clip and sort directly in lattice coordinates without ever forming √3.
    """
    pts = [G.apply(iso, p) for p in outline]
    if _area(pts) < 0:
        pts.reverse()
    return pts


def _area(pts):
    """Twice the signed area of a polygon in lattice coordinates (exact)."""
    n = len(pts)
    return sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1]
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
                t = Fraction(sp) / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _centre(pts):
    """Vertex average (enough for ordering)."""
    n = len(pts)
    return (Fraction(sum(p[0] for p in pts)) / n, Fraction(sum(p[1] for p in pts)) / n)


def _is_convex(pts) -> bool:
    """Whether a CCW polygon is strictly convex."""
    n = len(pts)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0:
            return False
    return True


def _angle_key(d0):
    """Comparator key: directions ordered counter-clockwise starting at direction d0."""
    def half(d):
        # 0 for directions in [d0, −d0), 1 for [−d0, d0)
        cr = d0[0] * d[1] - d0[1] * d[0]
        dot = d0[0] * d[0] + d0[1] * d[1]
        return 0 if cr > 0 or (cr == 0 and dot > 0) else 1

    def cmp(u, v):
        hu, hv = half(u), half(v)
        if hu != hv:
            return hu - hv
        cr = u[0] * v[1] - u[1] * v[0]
        return -1 if cr > 0 else (1 if cr < 0 else 0)
    return cmp_to_key(cmp)


def _denominator(outlines) -> int:
    """The least common denominator of all coordinates of some outlines."""
    d = 1
    for pts in outlines:
        for p in pts:
            for x in p:
                if isinstance(x, Fraction):
                    d = math.lcm(d, x.denominator)
    return d


def _scaled(outline, d: int):
    """An outline multiplied by d (whole numbers: lattice coordinates × d)."""
    return tuple((int(p[0] * d), int(p[1] * d)) for p in outline)


def _place_scaled(iso, scaled, d: int):
    """A scaled outline placed by iso (its translation scaled too), counter-clockwise."""
    g = (iso[0], iso[1], iso[2] * d, iso[3] * d)
    pts = [G.apply(g, p) for p in scaled]
    if _area(pts) < 0:
        pts.reverse()
    return pts


@lru_cache(maxsize=None)
def overlap_extras(kind: str, level: int) -> tuple:
    """The straddling children of a level-`level` metatile of type `kind` (see the docstring)."""
    if level < 2:
        raise ValueError("overlapping children exist from level 2 up")
    for k in S.TYPES:
        if not _is_convex(_poly(G.IDENTITY, S.prototype(k, level).outline)):
            raise AssertionError(f"level-{level} {k} outline is not convex")
    # work in whole numbers: every coordinate times the common denominator d
    outlines = {(k, lev): S.prototype(k, lev).outline
                for k in S.TYPES for lev in (level - 1, level)}
    d = _denominator(outlines.values())
    scaled = {key: _scaled(pts, d) for key, pts in outlines.items()}
    big = level + 2
    supers = S.metatiles("H", big, level)
    smalls = S.metatiles("H", big, level - 1)
    # bucket the small metatiles by their first vertex on a grid whose cell is as wide as
    # the widest small metatile: any one that meets S lies in a cell next to S's box
    cell = 1
    for k in S.TYPES:
        pts = scaled[(k, level - 1)]
        for axis in (0, 1):
            cell = max(cell, max(p[axis] for p in pts) - min(p[axis] for p in pts) + 1)
    grid = {}
    for k, g, _ in smalls:
        poly = _place_scaled(g, scaled[(k, level - 1)], d)
        grid.setdefault((poly[0][0] // cell, poly[0][1] // cell), []).append((poly, k, g))
    seen = Counter()
    proto = S.prototype(kind, level)
    for skind, sg, _path in supers:
        if skind != kind:
            continue
        spoly = _place_scaled(sg, scaled[(kind, level)], d)
        own = {(c.kind, G.compose(sg, c.iso)) for c in proto.children}
        inv = G.inverse(sg)
        xs = [p[0] for p in spoly]
        ys = [p[1] for p in spoly]
        found = []
        for gx in range(min(xs) // cell - 1, max(xs) // cell + 2):
            for gy in range(min(ys) // cell - 1, max(ys) // cell + 2):
                for mpoly, mkind, mg in grid.get((gx, gy), ()):
                    if (mkind, mg) in own:
                        continue
                    inside = _clip(mpoly, spoly)
                    frac = Fraction(_area(inside)) / _area(mpoly) if len(inside) >= 3 else 0
                    if frac == 0:
                        continue
                    if not STRADDLE_MIN <= frac <= STRADDLE_MAX:
                        raise AssertionError(f"a level-{level - 1} {mkind} has {float(frac):.3f} "
                                             f"of its area inside a level-{level} {kind}")
                    found.append((mkind, G.compose(inv, mg)))
        seen[frozenset(found)] += 1
    full = max(seen, key=lambda fs: (len(fs), seen[fs]))
    if not full:
        raise AssertionError(f"level-{level} {kind}: no copy with neighbours in the patch")
    for fs in seen:
        if not fs <= full:
            raise AssertionError(f"level-{level} {kind}: inconsistent straddling children")
    outline = _poly(G.IDENTITY, proto.outline)
    cx, cy = _centre(outline)
    key = _angle_key((outline[0][0] - cx, outline[0][1] - cy))

    def direction(item):
        mkind, mg = item
        mx, my = _centre(_poly(mg, S.prototype(mkind, level - 1).outline))
        return key((mx - cx, my - cy))

    return tuple(S.Child(k, g) for k, g in sorted(full, key=direction))


def prototype(kind: str, level: int) -> S.Proto:
    """The level-`level` metatile with `.overlap`: its disjoint children, then the straddling ones.

    Level 1 has no overlapping numbering (`.overlap` is empty there).  The extras are
    ordered by angle around the supertile's centre starting from its outline vertex 0, and
    their kinds are the same at every level (H: FFF, T: PFPFPF, P: FPFFPF, F: FFFPF).
    """
    base = S.prototype(kind, level)
    if level == 1:
        return base
    return S.Proto(base.kind, base.level, base.outline, base.children,
                   base.children + overlap_extras(kind, level))


def overlap_substitution() -> dict[str, tuple]:
    """Child kinds in the overlapping numbering (disjoint children first), from level 2."""
    return {k: tuple(c.kind for c in prototype(k, 2).overlap) for k in S.TYPES}
