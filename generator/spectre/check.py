"""Independent tiling checks for Spectre patches and supertiles (exact, no floats).

A list of Spectres (14 exact Z[ω] vertices each, counter-clockwise) is a proper piece of
a tiling of the region when

* every tile is a *direct* congruent copy of the Spectre: its points are
  ω^r·SPECTRE[i] + t for one rotation r and translation t (a mirror image has the
  opposite turning sequence and fails);
* no directed edge occurs twice (two tiles on the same side of an edge overlap), and the
  interior angles meeting at any point sum to at most 360° — together with edges pairing
  up this rules out overlaps: around a vertex the tiles form a fan whose angles add up;
* every edge that meets the open region is shared with a tile on its other side (no gap
  inside the region), and at every vertex strictly inside the region the angles sum to
  exactly 360°;
* every tile meets the region (nothing extra);
* the odd Spectres (one per Mystic) are exactly the ones turned by an odd multiple of 30°
  against the majority.

`vertex_stars` gives the canonical vertex configurations of complete vertices, for the
finite-list check.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from generator.spectre import geometry as G


class NotATiling(AssertionError):
    """A patch failed a tiling check."""


def _angles():
    """Interior angle at each Spectre vertex, in units of 30°."""
    out = []
    for i in range(14):
        turn = (G.SPECTRE_DIRS[i] - G.SPECTRE_DIRS[i - 1]) % 12
        if turn > 6:
            turn -= 12
        out.append(6 - turn)
    return tuple(out)


ANGLES = _angles()


def placement(points):
    """(r, t) with points[i] = ω^r·SPECTRE[i] + t for all i, or raise NotATiling."""
    if len(points) != 14:
        raise NotATiling(f"a Spectre has 14 vertices, not {len(points)}")
    d = G.sub(points[1], points[0])
    try:
        r = G.OMEGA.index(d)
    except ValueError:
        raise NotATiling("first edge is not a unit edge in one of the 12 directions") from None
    t = points[0]
    for p, q in zip(points, G.SPECTRE):
        if p != G.add(G.apply_linear(r, 0, q), t):
            raise NotATiling("tile is not a direct congruent copy of the Spectre")
    return r, t


def inside(region: G.Region, p) -> bool:
    """Whether a point lies in the open region (exact)."""
    D = region.D
    (xa, xb), (ya, yb) = G.doubled(p)
    W, H = region.Wi, region.Hi
    return (G.sign3(xa * D - W, xb * D) < 0 and G.sign3(xa * D + W, xb * D) > 0 and
            G.sign3(ya * D - H, yb * D) < 0 and G.sign3(ya * D + H, yb * D) > 0)


def check_patch(tiles, region: G.Region | None) -> dict:
    """Raise NotATiling unless `tiles` (objects with .points and .odd) form a proper patch
    covering the region (region None: a finite cluster, no coverage required)."""
    edges: dict = {}
    angle = Counter()
    seen = set()
    parity = Counter()
    rots = []
    for tile in tiles:
        pts = tuple(tile.points)
        r, _ = placement(pts)
        if pts in seen:
            raise NotATiling("duplicate tile")
        seen.add(pts)
        rots.append((r, bool(tile.odd)))
        for i in range(14):
            e = (pts[i], pts[(i + 1) % 14])
            if e in edges:
                raise NotATiling("two tiles on the same side of an edge (overlap)")
            edges[e] = True
            angle[pts[i]] += ANGLES[i]
        if region is not None and not region.polygon_meets(pts):
            raise NotATiling("a tile does not meet the region")
    for v, a in angle.items():
        if a > 12:
            raise NotATiling(f"angles at a vertex sum to {30 * a}° (overlap)")
    if region is not None:
        for (p, q) in edges:
            if (q, p) not in edges and region.segment_meets(p, q):
                raise NotATiling("an edge inside the region has a tile on one side only (gap)")
        for v, a in angle.items():
            if a != 12 and inside(region, v):
                raise NotATiling(f"a vertex inside the region has angle sum {30 * a}° (gap)")
    # odd Spectres: the other parity of rotation
    even = {r % 2 for r, odd in rots if not odd}
    oddp = {r % 2 for r, odd in rots if odd}
    if len(even) > 1 or len(oddp) > 1 or (even and oddp and even == oddp):
        raise NotATiling("odd Spectres are not exactly the ones turned by 30° against the rest")
    parity.update(odd for _, odd in rots)
    return {"tiles": len(seen), "odd": parity[True], "edges": len(edges),
            "shared": sum(1 for p, q in edges if (q, p) in edges) // 2}


def vertex_stars(tiles) -> Counter:
    """Canonical configurations of the complete vertices (angle sum 360°) of a patch."""
    at = defaultdict(list)
    for tile in tiles:
        pts = tuple(tile.points)
        r, _ = placement(pts)
        for i, p in enumerate(pts):
            at[p].append((i, r))
    out = Counter()
    for v, lst in at.items():
        if sum(ANGLES[i] for i, _ in lst) != 12:
            continue
        out[min(tuple(sorted((i, (r - r0) % 12) for i, r in lst)) for _, r0 in lst)] += 1
    return out
