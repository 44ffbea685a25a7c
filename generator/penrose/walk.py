"""Depth-first Penrose patches: combinatorial coordinates above, substitution below.

Tatham ("Two algorithms for randomly generating aperiodic tilings", 2023) walks the
half-tile triangles of a region by stepping from neighbour to neighbour through their
combinatorial coordinates (`coords.Walker`); a breadth-first walk holds every triangle it
has seen, so its memory grows with the patch.  Here the two algorithms of the article
are combined so that memory is bounded by the depth of the recursion instead:

1. **Coarse level.**  Pick a level L (triangles φ^L times the output size).  The start
   triangle's level-L ancestor is placed exactly by climbing its labels through the
   substitution (each child sits at a fixed place in its parent: `_ANCESTOR`), and the
   level-L triangles meeting the region are found by the neighbour walk at level L —
   a few hundred triangles for a region of a million tiles.
2. **Substitution below.**  Each coarse triangle is subdivided depth first, children in
   exact Z[t] (every child vertex is a parent vertex or the point dividing a parent edge
   in the golden ratio: `_RECIPES`), pruning every triangle that cannot meet the region
   (or the current vertical strip of output, below).  Subdivision is exact for Robinson
   triangles, so the level-0 triangles are exactly those the neighbour walk would visit.

Labels.  The permalink records every coordinate label the neighbour walk reads: crossing
an edge of a level-0 triangle T reads labels up to the level of the lowest common
ancestor of T and its neighbour.  Call that level up(T, e).  For a coarse triangle it is
what the level-L step reads (`Walker.reach`); for a child c of a parent N at level j it is
j when the edge is internal to N (tables.EXIT) and up(N, e′) when it lies on N's edge e′.
The walk reads max up(T, e) + 1 labels over the level-0 triangles T meeting the region;
`max_level` finds that maximum by branch and bound (an upper bound for a subtree is the
largest up of its root).  Levels invented speculatively while exploring above that are
dropped again: inventing is sequential (level n + 1 from the generator's state and level
n only), so the labels kept are exactly those the neighbour walk would have invented.

Tiles.  A whole tile is emitted once, from its mark-1 half when that half meets the
region, else from its mark-2 half (the partner, found across the glue edge with the
neighbour geometry of `geometry.MULTIPLIER`, does not meet it).  Output order.  The
documented order is sorted by the tile's float vertices; `sorted_rows` produces it in flat
memory by cutting the region into vertical strips by the x of each tile's first vertex,
walking each strip (pruned to the strip widened by a tile's reach), sorting the strip and
handing its rows on.
"""

from __future__ import annotations

import math

from generator.errors import TilepressError
from generator.penrose import algebra as Z
from generator.penrose import geometry as G
from generator.penrose import region as region_mod
from generator.penrose import tables as TB
from generator.penrose.permalink import MEAN_TILE_AREA

DENOM = 3                  # vertices are stored ×3 (coords.DENOM: the start centroid is integral)
MARGIN = 2.0 * DENOM       # a tile lies within 2 units of any of its points (internal units ×3)
STRIP_TILES = 50_000       # about this many tiles are sorted at a time


def _canonical_parent(family: str, ch: str):
    """A parent triangle of label ch with base 0 → φ³·base along angle 0 (exact)."""
    shape = G.TYPE_INFO[ch][0]
    return G.place(shape, 0, Z.ZERO, Z.mul(G.BASE_LENGTH[family, shape], Z.power(Z.PHI, 3)))


def _division(p, q):
    """The point dividing p → q in the golden ratio, nearer p: p + (q − p)/φ."""
    return Z.add(p, Z.mul(Z.sub(q, p), Z.INV_PHI))


def _recipes(family: str) -> dict:
    """Per parent label: (division points as vertex pairs, children).

    A child is (label, vertex indices into parent vertices + division points, edge
    origins): an origin is None for an edge internal to the parent, else the parent edge
    it lies on.  Found by matching the children of `geometry.children` against the
    parent's vertices and golden division points of its edges (an AssertionError if the
    substitution ever produced another point).
    """
    out = {}
    for parent in G.FAMILY_LETTERS[family]:
        pv = _canonical_parent(family, parent)
        cands = {pv[i]: ("v", i) for i in range(3)}
        for i in range(3):
            for j in range(3):
                if i != j:
                    cands.setdefault(_division(pv[i], pv[j]), ("d", i, j))
        divs, kids = [], []
        for ch, a, b, c in G.children(family, parent, *pv):
            idx = []
            for v in (a, b, c):
                how = cands[v]
                if how[0] == "v":
                    idx.append(how[1])
                else:
                    if how[1:] not in divs:
                        divs.append(how[1:])
                    idx.append(3 + divs.index(how[1:]))
            origins = tuple(None if x[0] is not None else x[1] for x in TB.EXIT[parent][ch])
            kids.append((ch, tuple(idx), origins))
        out[parent] = (tuple(divs), tuple(kids))
    return out


RECIPES = {fam: _recipes(fam) for fam in ("p2", "p3")}
_INV = sum(Z.mul_matrix(Z.INV_PHI), ())
INV_PHI_F = (math.sqrt(5) - 1) / 2


def _ancestor_maps(family: str) -> dict:
    """Per (parent, child): (k, canonical child v0, canonical parent vertices).

    The canonical child's base is φ²·base·t^k; an actual child with base w0 → w1 =
    λ·base·t^o sits in the parent z ↦ w0 + (z − cv0)·λ·t^(o−k)/φ².
    """
    out = {}
    for parent in G.FAMILY_LETTERS[family]:
        pv = _canonical_parent(family, parent)
        for ch, a, b, _c in G.children(family, parent, *pv):
            base = Z.mul(G.BASE_LENGTH[family, G.TYPE_INFO[ch][0]], Z.power(Z.PHI, 2))
            k = next(k for k in range(10) if Z.mul(base, Z.t_power(k)) == Z.sub(b, a))
            out[parent, ch] = (k, a, pv)
    return out


_ANCESTOR = {fam: _ancestor_maps(fam) for fam in ("p2", "p3")}


def _phi_power(n: int):
    """φ^n in Z[t] for any integer n."""
    return Z.power(Z.PHI, n) if n >= 0 else Z.power(Z.INV_PHI, -n)


def ancestor(family: str, top: list, verts, orientation: int, level: int):
    """Vertices (same units as `verts`) of the level-`level` ancestor of a level-0 triangle.

    `verts` are the level-0 triangle's vertices scaled by DENOM, its base at angle
    36°·orientation; `top` its labels (at least level + 1 of them).
    """
    w0 = verts[0]
    o = orientation
    vs = verts
    for j in range(level):
        k, cv0, pv = _ANCESTOR[family][top[j + 1], top[j]]
        factor = Z.scale(Z.mul(Z.t_power((o - k) % 10), _phi_power(j - 2)), DENOM)
        vs = tuple(Z.add(w0, Z.mul(Z.sub(p, cv0), factor)) for p in pv)
        w0 = vs[0]
        o = (o - k) % 10
    return vs


def _floats(v):
    """(x, y) of an exact point (internal units)."""
    return Z.to_float(v)


class Coarse:
    """The level-L triangles meeting the region: [(label, vertices, floats, ups)]."""

    def __init__(self, level: int, tris: list):
        self.level = level
        self.tris = tris


def coarse_level(region, family: str) -> int:
    """A level whose triangles are a few tens of units across (fewer for small regions)."""
    side = max(float(region.x1 - region.x0), float(region.y1 - region.y0))
    return max(1, min(8, int(math.log(max(side, 1.0) / 2.0 + 1.0) / math.log((1 + 5 ** 0.5) / 2))))


def coarse_walk(walker, start, region, level: int, max_triangles=None) -> Coarse:
    """Breadth-first neighbour walk at `level` over the triangles meeting the region.

    `start` is the start triangle's vertices; every crossing records up(X, e) for both
    triangles (the highest label level the step read).
    """
    family = walker.family
    top = walker.top
    walker.extend("", level + 2)
    a = ancestor(family, walker.top, start, _orientation_of(family, top[0], start), level)
    fa = tuple(_floats(v) for v in a)
    if not region.meets(*a, *fa):
        raise TilepressError("the region does not contain the start point")
    mats = SHAPE_MATRIX
    nxt = (1, 2, 0)
    filler = "".join(walker.top[:level])
    seen = {(a[0], a[1]): 0}
    ups0 = [0, 0, 0]
    tris = [(walker.top[level], a, fa, ups0)]
    index = {(a[0], a[1]): ups0}
    queue = [(filler + walker.top[level], a, fa, ups0)]
    while queue:
        s, vs, fs, ups = queue.pop()
        mask = seen[vs[0], vs[1]]
        for e in (0, 1, 2):
            if mask & (1 << e):
                continue
            walker.reach = 0
            s2, en = walker.step(s, level, e)
            sn = filler + s2[level:]
            ups[e] = walker.reach
            p = vs[e]
            q = vs[nxt[e]]
            r = _apex(p, q, mats[sn[level]][en])
            if en == 0:
                key, w = (q, p), (q, p, r)
            elif en == 1:
                key, w = (r, q), (r, q, p)
            else:
                key, w = (p, r), (p, r, q)
            old = seen.get(key)
            if old is not None:
                if old >= 0:
                    seen[key] = old | (1 << en)
                    index[key][en] = walker.reach
                continue
            fw = tuple(_floats(v) for v in w)
            if region.meets(*w, *fw):
                seen[key] = 1 << en
                nups = [0, 0, 0]
                nups[en] = walker.reach
                index[key] = nups
                tris.append((sn[level], w, fw, nups))
                queue.append((sn, w, fw, nups))
                if max_triangles is not None and len(tris) * _phi2(level) > max_triangles:
                    raise TilepressError(f"patch too large (more than {max_triangles} triangles)")
            else:
                seen[key] = -1
    tris = [(ch, v, f, tuple(u)) for ch, v, f, u in tris]
    tris.sort(key=lambda t: (min(x for x, _ in t[2]), t[1]))
    return Coarse(level, tris)


def _phi2(level: int) -> float:
    return ((3 + 5 ** 0.5) / 2) ** level / 4


def _orientation_of(family: str, ch: str, verts) -> int:
    """The k with base v0 → v1 = DENOM·base·t^k."""
    base = Z.scale(G.BASE_LENGTH[family, G.TYPE_INFO[ch][0]], DENOM)
    d = Z.sub(verts[1], verts[0])
    return next(k for k in range(10) if Z.mul(base, Z.t_power(k)) == d)


def _apex(p, q, m):
    """p + m·(p − q) for a flattened 4 × 4 integer matrix m: across the edge p → q, the
    neighbour's third vertex (m a `SHAPE_MATRIX` entry)."""
    d0, d1, d2, d3 = p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3]
    return (p[0] + m[0] * d0 + m[1] * d1 + m[2] * d2 + m[3] * d3,
            p[1] + m[4] * d0 + m[5] * d1 + m[6] * d2 + m[7] * d3,
            p[2] + m[8] * d0 + m[9] * d1 + m[10] * d2 + m[11] * d3,
            p[3] + m[12] * d0 + m[13] * d1 + m[14] * d2 + m[15] * d3)


def _matrices():
    """Per label and edge: the flattened matrix of multiplication by geometry.MULTIPLIER."""
    return {ch: tuple(sum(Z.mul_matrix(G.MULTIPLIER[shape, e]), ()) for e in range(3))
            for ch, (shape, _mark) in G.TYPE_INFO.items()}


SHAPE_MATRIX = _matrices()


# --- how many labels the neighbour walk reads ------------------------------------------------

def max_level(family: str, coarse: Coarse, region) -> int:
    """max up(T, e) over the level-0 triangles T meeting the region (branch and bound)."""
    recipes = RECIPES[family]
    best = [1]
    eps = region_mod.EPS
    X0, X1, Y0, Y1 = region.fx0 - eps, region.fx1 + eps, region.fy0 - eps, region.fy1 + eps
    meets = region.meets

    def search(ch, vs, fs, level, ups):
        if max(ups) <= best[0]:
            return
        (ax, ay), (bx, by), (cx, cy) = fs
        if (max(ax, bx, cx) < X0 or min(ax, bx, cx) > X1 or max(ay, by, cy) < Y0
                or min(ay, by, cy) > Y1):
            return
        if level == 0:
            if meets(*vs, *fs):
                best[0] = max(ups)
            return
        divs, kids = recipes[ch]
        pts = list(vs)
        fps = list(fs)
        for i, j in divs:
            pts.append(_division(vs[i], vs[j]))
            fps.append(_floats(pts[-1]))
        order = []
        for cl, idx, origins in kids:
            cups = tuple(level if o is None else ups[o] for o in origins)
            order.append((max(cups), cl, idx, cups))
        order.sort(key=lambda x: -x[0])
        for bound, cl, idx, cups in order:
            if bound > best[0]:
                search(cl, tuple(pts[i] for i in idx), tuple(fps[i] for i in idx), level - 1, cups)

    try:
        for ch, vs, fs, ups in sorted(coarse.tris, key=lambda t: -max(t[3])):
            if max(ups) <= best[0]:
                break
            search(ch, vs, fs, coarse.level, ups)
    finally:
        search = None               # break the recursive closure's cycle
    return best[0]


# --- the depth-first walk ----------------------------------------------------------------

def _tile_data(family: str):
    """Per label: (kind, glue edge, partner matrix, mark 1?) for emitting whole tiles."""
    out = {}
    for ch in G.FAMILY_LETTERS[family]:
        shape, mark = G.TYPE_INFO[ch]
        partner = G.mirror(ch)
        out[ch] = (G.TILE_KIND[family, shape], G.glue_edge(family, ch),
                   SHAPE_MATRIX[partner][G.glue_edge(family, partner)], mark == 1,
                   G.glue_edge(family, partner))
    return out


TILE_DATA = {fam: _tile_data(fam) for fam in ("p2", "p3")}


def _leaves(family: str, depth: int = 130) -> dict:
    """Per label: the number of level-0 triangles in a level-j triangle, j = 0 … depth."""
    out = {ch: [1] for ch in G.FAMILY_LETTERS[family]}
    for j in range(1, depth):
        for ch in out:
            out[ch].append(sum(out[cl][j - 1] for cl, _i, _o in RECIPES[family][ch][1]))
    return out


LEAVES = {fam: _leaves(fam) for fam in ("p2", "p3")}


def walk_tiles(family: str, coarse: Coarse, region, sink, window=None) -> int:
    """Call sink(kind, exact points) once per tile meeting the region; return the triangles met.

    With `window` = (xlo, xhi, ylo, yhi) in internal units, only triangles whose bounding
    box meets it are explored: every tile with a half in the window is still found when
    the window is widened by MARGIN around what the caller wants; others may be found too
    (the caller filters).
    """
    recipes = RECIPES[family]
    tdata = TILE_DATA[family]
    leaves = LEAVES[family]
    p2 = family == "p2"
    eps = region_mod.EPS
    RX0, RX1, RY0, RY1 = region.fx0 - eps, region.fx1 + eps, region.fy0 - eps, region.fy1 + eps
    IX0, IX1, IY0, IY1 = region.fx0 + eps, region.fx1 - eps, region.fy0 + eps, region.fy1 - eps
    WX0, WX1, WY0, WY1 = RX0, RX1, RY0, RY1
    if window is not None:
        WX0, WX1 = max(RX0, window[0]), min(RX1, window[1])
        WY0, WY1 = max(RY0, window[2]), min(RY1, window[3])
    meets = region.meets
    c1, c2, c3 = Z._C1, Z._C2, Z._C3
    s1, s2, s3 = Z._S1, Z._S2, Z._S3
    g = INV_PHI_F
    count = [0]

    def leaf(ch, a, b, c, fa, fb, fc, rin):
        """Emit the tile of a level-0 triangle when this half is the one that emits it."""
        if not rin and not meets(a, b, c, fa, fb, fc):
            return
        count[0] += 1
        kind, ge, m, mark1, pe = tdata[ch]
        vs = (a, b, c)
        p = vs[ge]
        q = vs[(ge + 1) % 3]
        r = _apex(p, q, m)
        if not mark1:
            if rin:
                return                      # the partner meets the region too and emits
            if pe == 0:
                w = (q, p, r)
            elif pe == 1:
                w = (r, q, p)
            else:
                w = (p, r, q)
            fw = tuple((v[0] + v[1] * c1 + v[2] * c2 + v[3] * c3, v[1] * s1 + v[2] * s2 + v[3] * s3)
                       for v in w)
            if meets(*w, *fw):
                return
            sink(kind, (r, a, b, c) if p2 else (b, c, a, r))
            return
        sink(kind, (a, b, r, c) if p2 else (a, r, b, c))

    def free(ch, a, b, c, level):
        """A triangle wholly inside the region and the window: subdivide and emit, no tests.

        Every level-0 triangle below meets the region, and so does its partner, so only
        mark-1 halves emit (mark-2 leaves are not even made); no floats are needed.
        """
        divs, kids = recipes[ch]
        pts = [a, b, c]
        for i, j in divs:
            p = pts[i]
            q = pts[j]
            d0, d1, d2, d3 = q[0] - p[0], q[1] - p[1], q[2] - p[2], q[3] - p[3]
            pts.append((p[0] + d1 - d3, p[1] - d1 + d2 + d3, p[2] + d0 + d1 - d2, p[3] - d0 + d2))
        if level > 1:
            lv = level - 1
            for cl, (i, j, k), _o in kids:
                free(cl, pts[i], pts[j], pts[k], lv)
            return
        for cl, (i, j, k), _o in kids:
            kind, ge, m, mark1, _pe = tdata[cl]
            if not mark1:
                continue
            vs = (pts[i], pts[j], pts[k])
            p = vs[ge]
            q = vs[(ge + 1) % 3]
            r = _apex(p, q, m)
            sink(kind, (vs[0], vs[1], r, vs[2]) if p2 else (vs[0], r, vs[1], vs[2]))

    def node(ch, a, b, c, fa, fb, fc, level, rin, win):
        """Explore one triangle: prune, subdivide or emit."""
        if not (rin and win):
            ax, ay = fa
            bx, by = fb
            cx, cy = fc
            lox = ax if ax < bx else bx
            if cx < lox:
                lox = cx
            hix = ax if ax > bx else bx
            if cx > hix:
                hix = cx
            if hix < WX0 or lox > WX1:
                return
            loy = ay if ay < by else by
            if cy < loy:
                loy = cy
            hiy = ay if ay > by else by
            if cy > hiy:
                hiy = cy
            if hiy < WY0 or loy > WY1:
                return
            if not rin:
                rin = lox > IX0 and hix < IX1 and loy > IY0 and hiy < IY1
            if not win:
                win = lox > WX0 and hix < WX1 and loy > WY0 and hiy < WY1
        if rin and win and level > 0:
            count[0] += leaves[ch][level]
            free(ch, a, b, c, level)
            return
        if level == 0:
            leaf(ch, a, b, c, fa, fb, fc, rin)
            return
        divs, kids = recipes[ch]
        pts = [a, b, c]
        fps = [fa, fb, fc]
        for i, j in divs:
            p = pts[i]
            q = pts[j]
            d0, d1, d2, d3 = q[0] - p[0], q[1] - p[1], q[2] - p[2], q[3] - p[3]
            # p + (q − p)/φ, with 1/φ = t² − t³
            pts.append((p[0] + d1 - d3, p[1] - d1 + d2 + d3, p[2] + d0 + d1 - d2, p[3] - d0 + d2))
            fp, fq = fps[i], fps[j]
            fps.append((fp[0] + (fq[0] - fp[0]) * g, fp[1] + (fq[1] - fp[1]) * g))
        lv = level - 1
        for cl, (i, j, k), _o in kids:
            node(cl, pts[i], pts[j], pts[k], fps[i], fps[j], fps[k], lv, rin, win)

    try:
        for ch, (a, b, c), (fa, fb, fc), _ups in coarse.tris:
            if window is not None:
                xs = (fa[0], fb[0], fc[0])
                ys = (fa[1], fb[1], fc[1])
                if max(xs) < WX0 or min(xs) > WX1 or max(ys) < WY0 or min(ys) > WY1:
                    continue
            node(ch, a, b, c, fa, fb, fc, coarse.level, False, window is None)
    finally:
        node = leaf = free = None   # break the recursive closure's cycle: the sink is freed now
    return count[0]


def check_inverse_phi():
    """The unrolled multiplication by 1/φ in `walk_tiles` is the matrix of Z.INV_PHI."""
    return _INV == (0, 1, 0, -1, 0, -1, 1, 1, 1, 1, -1, 0, -1, 0, 1, 0)


def strips(region, family: str, strip_tiles: int = STRIP_TILES):
    """Vertical strip boundaries (true units) over the region widened by a tile's reach."""
    x0, x1 = float(region.x0) - 2.0, float(region.x1) + 2.0
    height = float(region.y1 - region.y0) + 4.0
    width = max(4.0, strip_tiles * MEAN_TILE_AREA[family] / height)
    n = max(1, math.ceil((x1 - x0) / width))
    return [x0 + (x1 - x0) * i / n for i in range(n)] + [math.inf]
