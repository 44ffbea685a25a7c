"""Algorithm 2: random Penrose patches by combinatorial coordinates (the production path).

Coordinates.  Every half-tile triangle of the tiling is named by the string of labels of
itself and its ancestors, lowest first: "BAUV…" = a B triangle inside an A inside a U ….
Because the children of one parent all have different labels (tables.CHILDREN), the string
names the triangle uniquely.  The *start* triangle's string is the list `top`; any other
string s in memory is short and means "s, followed by the start's labels from level
len(s) on" — two triangles whose strings differ at most up to level k share every
ancestor above k.  So a step that rewrites levels 0..k returns a string of length k+1.

Neighbour across an edge (`Walker.step`).  Look the child up in its parent's map
(tables.EXIT).  If the edge is internal to the parent, rewrite the lowest label and
done.  Otherwise it lies on segment k of parent edge e: cross edge e at the next level up
(recursively), arriving on edge e' of a new parent P'; the matching segment is
NSEG[P'][e'] − 1 − k of e', and ENTRY[P'][e'] names the child found there.

Lazy parents.  When a step climbs above the highest known level of the start triangle, a
new parent label is invented at random with the exact limiting conditional probabilities
P(parent | child) (tables.PARENT_PROB, elements of Q(√5)) and appended to `top`.  The
start label itself is drawn from the limiting frequencies, its orientation uniformly
from the ten multiples of 36°.  Probabilities are irrational; `choose` draws random bits
lazily until the dyadic interval they define lies inside one cumulative bin, compared
exactly, so the sampling is exact (not merely float-accurate).

The patch.  Production (`generate`): the labels the neighbour walk would read are fixed
first and the tiles are then made depth first, in memory bounded by the recursion
(`walk.py`: a neighbour walk over the few coarse triangles, then exact subdivision);
`Patch.sorted_rows` gives them in the output order strip by strip.

The reference (`generate_bfs`), which the tests compare against: breadth-first search from
the start triangle, whose centroid is the origin:
vertices are exact Z[t] points stored as DENOM = 3 times their true coordinates so the
centroid is integral.  The neighbour's vertices follow from the two shared ones, its
shape and the arriving edge (geometry.MULTIPLIER).  A triangle is keyed by its exact base
edge (v0, v1) and carries a bit mask of the edges already crossed, so each edge is crossed
once.  Triangles that do not meet the open region are not expanded.  A whole kite, dart
or rhomb is emitted when the glue edge between its two halves is crossed: that happens
exactly once for every tile having at least one half in the region, so no de-duplication
is needed.  Most steps only read the lowest few labels, so steps are memoised on the first
CACHE_LEVELS labels (valid when the step did not read beyond them — `Walker.reach`); the
exact multiplication by the constant c_j is unrolled with precomputed integer matrices.

Conventions.  Legs are numbered anticlockwise in a y-up frame; the article's pictures
number them the other way round, so its "edge #1" of a leg is our edge 2 and vice
versa.  Its worked examples hold as stated: BA… and BU… cross edge 0 into UA…/UU…, and
BBBU's edge-0 neighbour is AABU (tests/test_penrose_tables.py).
"""

from __future__ import annotations

import collections
import gc
import math
import random
import time

from generator.errors import TilepressError
from generator.penrose import algebra as Z, walk
from generator.penrose import geometry as G
from generator.penrose import tables as TB
from generator.penrose import region as region_mod
from generator.penrose.region import Region

DENOM = 3
MAX_LEVELS = 120          # a hard cap on the coordinate length: no unbounded recursion


def _at_most(x, x_f: float, y, y_f: float, slack: float) -> bool:
    """x <= y, exactly, for x and y in Q(√5) (or rationals) whose floats x_f and y_f are
    within slack/2 of them: the floats decide when they differ by more than slack."""
    if y_f - x_f > slack:
        return True
    if x_f - y_f > slack:
        return False
    return x <= y


def choose(rng: random.Random, weighted):
    """Pick an item from [(item, probability in Q(√5)), …] exactly, drawing bits lazily.

    Each comparison of the interval's ends with a cumulative probability is decided by
    floats when they are far apart (float(a + b√5) is within about 1e-16·(|a| + 3|b|) of
    a + b√5, and the ends are dyadic), exactly otherwise: the same draws, far fewer exact
    operations."""
    return _draw(rng, _cumulative(weighted))


def _cumulative(weighted) -> list:
    """[(item, cumulative probability, its float, the slack of comparisons with it)]."""
    cum, acc = [], Z.Q5(0)
    for item, p in weighted:
        acc = acc + p
        cum.append((item, acc, float(acc), 1e-9 * (1 + abs(float(acc.a)) + 3 * abs(float(acc.b)))))
    return cum


_PARENT_CUM: dict = {}      # child label -> _cumulative(TB.PARENT_PROB[child])


def _draw(rng: random.Random, cum):
    """choose, from the cumulative table.

    The same comparisons as `_at_most` makes, but the interval's ends become exact fractions
    only when the floats are too close to decide, and the first bin's lower end, 0, is below
    the interval whatever it is."""
    lo_num, k = 0, 0                      # the interval [lo_num/2^k, (lo_num+1)/2^k)
    while True:
        den = 1 << k
        lo_f, hi_f = lo_num / den, (lo_num + 1) / den
        lo = hi = None                    # the exact ends, once needed
        prev = None                       # the bin's lower end (c, its float, slack); None: 0
        for item, c, c_f, slack in cum:
            if prev is None:
                below = True              # 0 <= lo
            else:
                p, p_f, p_slack = prev
                if lo_f - p_f > p_slack:
                    below = True
                elif p_f - lo_f > p_slack:
                    below = False
                else:
                    if lo is None:
                        lo = Z.Fraction(lo_num, den)
                    below = p <= lo
            if below:                     # and hi <= c?
                if c_f - hi_f > slack:
                    return item
                if hi_f - c_f <= slack:
                    if hi is None:
                        hi = Z.Fraction(lo_num + 1, den)
                    if hi <= c:
                        return item
            prev = (c, c_f, slack)
        if k > 256:                        # probability < 2^-250: cannot happen
            return cum[-1][0]
        lo_num = 2 * lo_num + rng.getrandbits(1)
        k += 1


def random_start(family: str, rng: random.Random) -> tuple[str, int]:
    """The start label from the limiting frequencies, and an orientation 0..9 (×36°)."""
    freq = TB.FREQ[family]
    ch = choose(rng, [(c, freq[c]) for c in G.FAMILY_LETTERS[family]])
    return ch, rng.randrange(10)


class Walker:
    """The start triangle's coordinates (growing lazily) and the neighbour step."""

    def __init__(self, family: str, top: str, rng: random.Random, max_levels: int = MAX_LEVELS):
        self.family = family
        self.top = list(top)
        self.rng = rng
        self.max_levels = max_levels
        self.exit = {p + c: v for p, m in TB.EXIT.items() for c, v in m.items()
                     if p in G.FAMILY_LETTERS[family]}
        self.entry = {p: TB.ENTRY[p] for p in G.FAMILY_LETTERS[family]}
        self.nseg = TB.NSEG
        self.reach = 0

    def invent(self) -> None:
        """Append one more random parent to the start triangle's coordinates."""
        if len(self.top) >= self.max_levels:
            raise TilepressError(f"coordinates need more than {self.max_levels} levels "
                                 "(the start lies on a supertile boundary at every level)")
        child = self.top[-1]
        cum = _PARENT_CUM.get(child)
        if cum is None:
            cum = _PARENT_CUM[child] = _cumulative(TB.PARENT_PROB[child])
        self.top.append(_draw(self.rng, cum))

    def extend(self, s: str, n: int) -> str:
        """s padded with the start's labels to length n (inventing levels if needed)."""
        top = self.top
        while len(top) < n:
            self.invent()
        return s + "".join(top[len(s):n])

    def step(self, s: str, level: int, edge: int) -> tuple[str, int]:
        """Cross `edge` of the level-`level` triangle of s: (new coordinates, arriving edge).

        `self.reach` is raised to the highest level whose label the step read, so a caller
        can tell which prefix of s the answer depends on (used to memoise steps).
        """
        if len(s) < level + 2:
            s = self.extend(s, level + 2)
        if level + 1 > self.reach:
            self.reach = level + 1
        r = self.exit[s[level + 1] + s[level]][edge]
        if r[0] is not None:
            return s[:level] + r[0] + s[level + 1:], r[1]
        s2, e2 = self.step(s, level + 1, r[1])
        p2 = s2[level + 1]
        c2, i2 = self.entry[p2][e2][self.nseg[p2, e2] - 1 - r[2]]
        return s2[:level] + c2 + s2[level + 1:], i2


def start_triangle(family: str, ch: str, orientation: int):
    """Vertices (×DENOM) of the start triangle: centroid at the origin, base at angle 36°·orientation."""
    shape = G.TYPE_INFO[ch][0]
    v0 = Z.ZERO
    v1 = Z.mul(G.BASE_LENGTH[family, shape], Z.t_power(orientation))
    v2 = G.third_vertex(shape, 0, v0, v1)
    c = Z.add(Z.add(v0, v1), v2)
    return tuple(Z.sub(Z.scale(v, DENOM), c) for v in (v0, v1, v2))


class Patch:
    """The result: tiles (kind, exact vertices), the coordinates used, and counts.

    Built by `generate`, the tiles are walked when first asked for (`tiles`), or strip by
    strip in sorted order without keeping them (`sorted_rows`).
    """

    def __init__(self, family, tiles, top, levels_used, triangles, seconds, source=None):
        self.family = family
        self._tiles = tiles
        self.top = top
        self.levels_used = levels_used
        self._triangles = triangles
        self.seconds = seconds
        self.source = source             # (walk.Coarse, Region, max_triangles) of a lazy patch

    @property
    def tiles(self):
        """[(kind, exact vertices)] of every tile meeting the region (walked once)."""
        if self._tiles is None:
            coarse, region, max_triangles = self.source
            out = []
            self._triangles = walk.walk_tiles(self.family, coarse, region,
                                              lambda kind, pts: out.append((kind, pts)))
            if max_triangles is not None and self._triangles > max_triangles:
                raise TilepressError(f"patch too large (more than {max_triangles} triangles)")
            self._tiles = out
        return self._tiles

    @property
    def triangles(self) -> int:
        """The number of half-tile triangles meeting the region."""
        if self._triangles is None:
            self.tiles
        return self._triangles

    def float_tiles(self):
        """[(kind, [(x, y), …]), …] in true units, sorted canonically."""
        out = []
        for kind, pts in self.tiles:
            out.append((kind, [Z.to_float(p, DENOM) for p in pts]))
        out.sort(key=lambda kp: (kp[1], kp[0]))
        return out

    def counts(self):
        """{kind: number of tiles}."""
        return dict(collections.Counter(k for k, _ in self.tiles))

    def sorted_rows(self, strip_tiles: int | None = None, vertex_text=None):
        """Rows (x0, y0, …, x3, y3, kind) in true units, in `float_tiles` order, in flat memory.

        The region is cut into vertical strips by the x of each tile's first vertex; each
        strip is walked (pruned to the strip widened by a tile's reach), sorted and yielded.
        With `vertex_text(x, y)` each row also ends with the tuple of its vertices' texts
        (made once per vertex of a strip: a vertex is shared by about four tiles).
        """
        if self._tiles is not None or self.source is None:
            yield from _rows_of(self.tiles, vertex_text)
            return
        coarse, region, _max = self.source
        bounds = walk.strips(region, self.family, strip_tiles or walk.STRIP_TILES)
        for lo, hi in zip(bounds, bounds[1:]):
            rows = []
            sink = _row_sink(rows, lo, hi, vertex_text)
            window = (lo * DENOM - walk.MARGIN - 1.0, hi * DENOM + walk.MARGIN + 1.0, -math.inf, math.inf)
            walk.walk_tiles(self.family, coarse, region, sink, window)
            del sink
            rows.sort()
            yield from rows


def _row_sink(rows: list, lo: float, hi: float, vertex_text=None):
    """sink(kind, exact points) appending the row of each tile whose first x is in [lo, hi)."""
    a1, a2, a3, b1, b2, b3 = Z._C1, Z._C2, Z._C3, Z._S1, Z._S2, Z._S3
    den = DENOM
    cache = {}
    get = cache.get
    add = rows.append

    def vertex(v):
        a, b, c, d = v
        x = (a + b * a1 + c * a2 + d * a3) / den
        y = (b * b1 + c * b2 + d * b3) / den
        e = cache[v] = (x, y, vertex_text(x, y) if vertex_text is not None else None)
        return e

    def sink(kind, pts):
        p, q, r, s = pts
        e = get(p) or vertex(p)
        if lo <= e[0] < hi:
            f = get(q) or vertex(q)
            g = get(r) or vertex(r)
            h = get(s) or vertex(s)
            if vertex_text is None:
                add((e[0], e[1], f[0], f[1], g[0], g[1], h[0], h[1], kind))
            else:
                add((e[0], e[1], f[0], f[1], g[0], g[1], h[0], h[1], kind, (e[2], f[2], g[2], h[2])))
    return sink


def _rows_of(tiles, vertex_text=None):
    """Sorted rows of a materialised tile list."""
    rows = []
    sink = _row_sink(rows, -math.inf, math.inf, vertex_text)
    for kind, pts in tiles:
        sink(kind, pts)
    rows.sort()
    return rows


# The walk's inner loop works on precomputed per-label data (all derived from geometry/tables):
#   SHAPE_MATRIX[label][e]  the 16 integers of multiplication by geometry.MULTIPLIER[shape, e]
#   GLUE[label]             the edge glued to the other half of the tile
CACHE_LEVELS = 8          # steps that stay below this level are memoised on the label prefix


def _matrices():
    out = {}
    for ch, (shape, _mark) in G.TYPE_INFO.items():
        out[ch] = tuple(sum(Z.mul_matrix(G.MULTIPLIER[shape, e]), ()) for e in range(3))
    return out


SHAPE_MATRIX = _matrices()


def _step_depth(walker: Walker, s: str, edge: int):
    """walker.step at level 0, also returning the highest level whose label it read."""
    walker.reach = 0
    s2, e2 = walker.step(s, 0, edge)
    return s2, e2, walker.reach


def generate(family: str, top: str, orientation: int, region: Region, rng: random.Random,
             max_triangles: int | None = None, progress=None) -> Patch:
    """The patch of the region: labels fixed now, tiles walked depth first when asked for.

    See `walk.py`: the level-L triangles meeting the region are found by the neighbour
    walk, the labels the full neighbour walk would read are counted by branch and bound
    (speculative levels beyond them are dropped), and the tiles come from subdividing.
    """
    t_start = time.perf_counter()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        walker = Walker(family, top, rng)
        given = len(walker.top)
        v = start_triangle(family, top[0], orientation)
        f = tuple(Z.to_float(p) for p in v)
        if not region.meets(*v, *f):
            raise TilepressError("the region does not contain the start point")
        coarse = walk.coarse_walk(walker, v, region, walk.coarse_level(region, family), max_triangles)
        needed = max(given, walk.max_level(family, coarse, region) + 1)
        walker.extend("", needed)
        del walker.top[needed:]
    finally:
        if was_enabled:
            gc.enable()
    return Patch(family, None, "".join(walker.top), needed, None, time.perf_counter() - t_start,
                 source=(coarse, region, max_triangles))


def generate_bfs(family: str, top: str, orientation: int, region: Region, rng: random.Random,
                 max_triangles: int | None = None, progress=None) -> Patch:
    """The reference: breadth-first search over the triangles meeting the region; glue them into tiles.

    Each triangle edge is crossed once (a bit mask per triangle records the edges already
    crossed from the other side).  A tile is emitted when its glue edge is crossed: at that
    moment both halves' vertices are known, and a glue edge is crossed exactly once whether
    one or both halves meet the region.

    The cyclic garbage collector is paused meanwhile: the walk allocates millions of small
    tuples and no cycles, and the collector's repeated scans of them would make big patches
    super-linear (about 2× slower at a million tiles).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _generate(family, top, orientation, region, rng, max_triangles, progress)
    finally:
        if was_enabled:
            gc.enable()


def _generate(family, top, orientation, region, rng, max_triangles, progress) -> Patch:
    """The body of `generate`."""
    t_start = time.perf_counter()
    walker = Walker(family, top, rng)
    K = CACHE_LEVELS
    caches = ({}, {}, {})
    meets = region.meets
    mats = SHAPE_MATRIX
    c1, c2, c3 = Z._C1, Z._C2, Z._C3
    s1, s2_, s3 = Z._S1, Z._S2, Z._S3
    kind_of = {ch: G.TILE_KIND[family, shape] for ch, (shape, _m) in G.TYPE_INFO.items()
               if ch in G.FAMILY_LETTERS[family]}
    glue = {ch: G.glue_edge(family, ch) for ch in kind_of}
    mark1 = {ch: G.TYPE_INFO[ch][1] == 1 for ch in kind_of}
    p2 = family == "p2"
    nxt = (1, 2, 0)
    eps = region_mod.EPS
    X0, X1, Y0, Y1 = region.fx0 + eps, region.fx1 - eps, region.fy0 + eps, region.fy1 - eps

    v = start_triangle(family, top[0], orientation)
    f = tuple(Z.to_float(p) for p in v)
    if not meets(*v, *f):
        raise TilepressError("the region does not contain the start point")
    seen = {(v[0], v[1]): 0}
    queue = collections.deque([(top[0], v, f)])
    tiles = []
    emit = tiles.append
    inside = 0
    while queue:
        s, vs, fs = queue.popleft()
        inside += 1
        if not inside & 8191:
            if max_triangles is not None and inside > max_triangles:
                raise TilepressError(f"patch too large (more than {max_triangles} triangles)")
            if progress is not None:
                progress(inside)
        mask = seen[vs[0], vs[1]]
        long_enough = len(s) >= K
        pre = s[:K]
        ch = s[0]
        g = glue[ch]
        for e in (0, 1, 2):
            if mask & (1 << e):
                continue
            # --- the neighbour's coordinates
            if long_enough:
                hit = caches[e].get(pre)
                if hit is None:
                    sn, en, depth = _step_depth(walker, s, e)
                    if depth < K:
                        caches[e][pre] = (sn[:K], en)
                else:
                    sn, en = hit[0] + s[K:], hit[1]
            else:
                sn, en = walker.step(s, 0, e)
            # --- the neighbour's third vertex: r = p + (p − q)·c, theirs runs q → p
            p = vs[e]
            q = vs[nxt[e]]
            d0, d1, d2, d3 = p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3]
            m = mats[sn[0]][en]
            r = (p[0] + m[0] * d0 + m[1] * d1 + m[2] * d2 + m[3] * d3,
                 p[1] + m[4] * d0 + m[5] * d1 + m[6] * d2 + m[7] * d3,
                 p[2] + m[8] * d0 + m[9] * d1 + m[10] * d2 + m[11] * d3,
                 p[3] + m[12] * d0 + m[13] * d1 + m[14] * d2 + m[15] * d3)
            # --- a glue edge: the whole tile is known now
            if e == g:
                a, b, c = vs
                if p2:
                    emit((kind_of[ch], (a, b, r, c) if mark1[ch] else (r, a, b, c)))
                else:
                    emit((kind_of[ch], (a, r, b, c) if mark1[ch] else (b, c, a, r)))
            if en == 0:
                key = (q, p)
                w = (q, p, r)
            elif en == 1:
                key = (r, q)
                w = (r, q, p)
            else:
                key = (p, r)
                w = (p, r, q)
            old = seen.get(key)
            if old is not None:
                if old >= 0:
                    seen[key] = old | (1 << en)
                continue
            fr = (r[0] + r[1] * c1 + r[2] * c2 + r[3] * c3, r[1] * s1 + r[2] * s2_ + r[3] * s3)
            fp, fq = fs[e], fs[nxt[e]]
            if en == 0:
                fw = (fq, fp, fr)
            elif en == 1:
                fw = (fr, fq, fp)
            else:
                fw = (fp, fr, fq)
            # the new vertex clearly inside the region decides at once (see region.py)
            if (X0 < fr[0] < X1 and Y0 < fr[1] < Y1) or meets(w[0], w[1], w[2], fw[0], fw[1], fw[2]):
                seen[key] = 1 << en
                queue.append((sn, w, fw))
            else:
                seen[key] = -1
    return Patch(family, tiles, "".join(walker.top), len(walker.top), inside,
                 time.perf_counter() - t_start)
