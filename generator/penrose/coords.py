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

The patch.  Breadth-first search from the start triangle, whose centroid is the origin:
vertices are exact Z[t] points stored as DENOM = 3 times their true coordinates so the
centroid is integral.  The neighbour's vertices follow from the two shared ones, its
shape and the arriving edge (geometry.MULTIPLIER).  Triangles that do not meet the open
region are not expanded; every triangle that does is glued with its other half into a
whole kite, dart or rhomb (geometry.tile_polygon), de-duplicated by its exact vertices.
"""

from __future__ import annotations

import collections
import random
import time

from generator.errors import TilepressError
from generator.penrose import algebra as Z
from generator.penrose import geometry as G
from generator.penrose import tables as TB
from generator.penrose.region import Region

DENOM = 3
MAX_LEVELS = 120          # a hard cap on the coordinate length: no unbounded recursion


def choose(rng: random.Random, weighted):
    """Pick an item from [(item, probability in Q(√5)), …] exactly, drawing bits lazily."""
    cum, acc = [], Z.Q5(0)
    for item, p in weighted:
        acc = acc + p
        cum.append((item, acc))
    lo_num, k = 0, 0                      # the interval [lo_num/2^k, (lo_num+1)/2^k)
    while True:
        lo = Z.Q5(Z.Fraction(lo_num, 1 << k))
        hi = Z.Q5(Z.Fraction(lo_num + 1, 1 << k))
        prev = Z.Q5(0)
        for item, c in cum:
            if prev <= lo and hi <= c:
                return item
            prev = c
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

    def invent(self) -> None:
        """Append one more random parent to the start triangle's coordinates."""
        if len(self.top) >= self.max_levels:
            raise TilepressError(f"coordinates need more than {self.max_levels} levels "
                                 "(the start lies on a supertile boundary at every level)")
        self.top.append(choose(self.rng, TB.PARENT_PROB[self.top[-1]]))

    def extend(self, s: str, n: int) -> str:
        """s padded with the start's labels to length n (inventing levels if needed)."""
        top = self.top
        while len(top) < n:
            self.invent()
        return s + "".join(top[len(s):n])

    def step(self, s: str, level: int, edge: int) -> tuple[str, int]:
        """Cross `edge` of the level-`level` triangle of s: (new coordinates, arriving edge)."""
        if len(s) < level + 2:
            s = self.extend(s, level + 2)
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
    """The result: tiles (kind, exact vertices), the coordinates used, and counts."""

    def __init__(self, family, tiles, top, levels_used, triangles, seconds):
        self.family = family
        self.tiles = tiles
        self.top = top
        self.levels_used = levels_used
        self.triangles = triangles
        self.seconds = seconds

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


def generate(family: str, top: str, orientation: int, region: Region, rng: random.Random,
             max_triangles: int | None = None, progress=None) -> Patch:
    """Breadth-first search over the triangles meeting the region; glue them into tiles."""
    t_start = time.perf_counter()
    walker = Walker(family, top, rng)
    info = G.TYPE_INFO
    mult = G.MULTIPLIER
    to_float = Z.to_float
    meets = region.meets
    tile_polygon = G.tile_polygon
    step = walker.step

    v = start_triangle(family, top[0], orientation)
    f = tuple(to_float(p) for p in v)
    if not meets(*v, *f):
        raise TilepressError("the region does not contain the start point")
    # state per triangle key (v0, v1): bit mask of edges already crossed; -1 = outside
    seen = {(v[0], v[1]): 0}
    queue = collections.deque([(top[0], v, f)])
    tiles = {}
    inside = 0
    while queue:
        s, vs, fs = queue.popleft()
        inside += 1
        if not inside & 8191:
            if max_triangles is not None and inside > max_triangles:
                raise TilepressError(f"patch too large (more than {max_triangles} triangles)")
            if progress is not None:
                progress(inside)
        ch = s[0]
        kind, poly = tile_polygon(family, ch, *vs)
        tiles[poly] = kind
        mask = seen[vs[0], vs[1]]
        for e in range(3):
            if mask & (1 << e):
                continue
            s2, e2 = step(s, 0, e)
            p, q = vs[e], vs[(e + 1) % 3]          # our edge p → q; theirs q → p
            shape2 = info[s2[0]][0]
            m = mult[shape2, e2]
            d = (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])
            r = Z.add(p, Z.mul(d, m))
            w = [None, None, None]
            w[e2], w[(e2 + 1) % 3], w[(e2 + 2) % 3] = q, p, r
            key = (w[0], w[1])
            old = seen.get(key)
            if old is not None:
                if old >= 0:
                    seen[key] = old | (1 << e2)
                continue
            fw = [None, None, None]
            fw[e2], fw[(e2 + 1) % 3] = fs[(e + 1) % 3], fs[e]
            fw[(e2 + 2) % 3] = to_float(r)
            if meets(w[0], w[1], w[2], fw[0], fw[1], fw[2]):
                seen[key] = 1 << e2
                queue.append((s2, tuple(w), tuple(fw)))
            else:
                seen[key] = -1
    tile_list = [(kind, poly) for poly, kind in tiles.items()]
    return Patch(family, tile_list, "".join(walker.top), len(walker.top), inside,
                 time.perf_counter() - t_start)
