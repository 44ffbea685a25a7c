"""The calisson model: the triangular grid, regions, height functions, plane partitions.

Coordinates (shared with files, permalinks and JSON; see the design notes).  The cubic
lattice point (x, y, z) projects to the grid vertex (a, b) = (x - z, y - z); its *height*
is x + y + z.  The three unit directions are x = (1, 0), y = (0, 1), z = (-1, -1); they
sum to zero, so every grid triangle is a closed x, y, z walk.  An edge [a, b, d] runs from
its tail (a, b) to its head (a, b) + step(d).

Triangles.  Every vertex u owns two triangles, the halves of the rhombus u, u+x, u+x+y,
u+y cut by its z edge: kind 0 = (u, u+x, u+x+y) and kind 1 = (u, u+y, u+x+y).  Walking
round either triangle tail to head uses one edge of each direction, forwards.

Height functions (Thurston).  A lozenge tiling of a simply connected region R lifts to a
stepped surface; its height H at each vertex satisfies H(v) = a + b (mod 3), rises by +1
along an edge that is a tile side and falls by 2 along an edge crossed by a calisson (its
short diagonal).  Round a triangle the three steps sum to 0, so exactly one edge of each
triangle is crossed: every integer function with steps in {+1, -2} on the edges inside R
and +1 on R's boundary *is* a tiling.  The colour of a calisson is the direction of the
edge it crosses.

The hexagon of side n is max(|a|, |b|, |a - b|) <= n: the projection of the box [0, n]^3.
Its tilings are the piles of cubes in the box (plane partitions pp[i][j] <= n, weakly
decreasing along rows and columns, pp[i][j] cubes stacked on column (i, j) along z).
The cube (i, j, k) has its top corner (i+1, j+1, k+1) over the vertex (i - k, j - k), so

    cube (i, j, k) is in the pile  <=>  H(i - k, j - k) >= i + j + k + 3,

the empty box has H = a + b + 3 max(0, -a, -b) and the full box H = a + b + 3n -
3 max(0, a, b).  Every tiling lies between the two (pointwise), and both agree on the
boundary.

Salient (fold) edges.  An interior edge e = (u, d) is salient when it is a tile side and
the calissons on its two sides have different colours.  With d1 = next(d), d2 = next(d1)
(cycle x -> y -> z -> x) the triangles beside e have far vertices A = u - step(d1) and
B = u - step(d2); given that e is not crossed, H(A) and H(B) are each H(u) - 1 or
H(u) + 2, and the colours differ exactly when H(A) = H(B).

General regions.  `Region` holds any finite set of triangles in flat arrays (vertex
indices, the interior-edge neighbours, the boundary heights fixed by walking the boundary,
and the least and greatest height functions, `floor` and `ceil`, found by two shortest-path
searches from the boundary).  Thurston's test: R (simply connected) is tilable iff the
boundary walk closes up and floor <= ceil everywhere.  `hexagon(n)` builds the hexagon
with the closed-form floor and ceil.
"""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Iterable

from generator.errors import TilepressError

DIRS = ("x", "y", "z")
STEP = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}
NEXT = {"x": "y", "y": "z", "z": "x"}

# The largest hexagon and region the engines accept (memory and time stay bounded).
MAX_N = 256
MAX_TRIANGLES = 6 * MAX_N * MAX_N

Edge = tuple[int, int, str]
Vertex = tuple[int, int]


def head(e: Edge) -> Vertex:
    """The head vertex of an edge."""
    a, b, d = e
    da, db = STEP[d]
    return (a + da, b + db)


def far_vertices(e: Edge) -> tuple[Vertex, Vertex]:
    """The far vertices A, B of the two triangles beside an edge."""
    a, b, d = e
    d1 = NEXT[d]
    d2 = NEXT[d1]
    return ((a - STEP[d1][0], b - STEP[d1][1]), (a - STEP[d2][0], b - STEP[d2][1]))


def triangle_vertices(t: tuple[int, int, int]) -> tuple[Vertex, Vertex, Vertex]:
    """The three corners of triangle (a, b, kind)."""
    a, b, k = t
    if k == 0:
        return ((a, b), (a + 1, b), (a + 1, b + 1))
    return ((a, b), (a, b + 1), (a + 1, b + 1))


def triangle_edges(t: tuple[int, int, int]) -> tuple[Edge, Edge, Edge]:
    """The three edges of a triangle, in the order x, y, z."""
    a, b, k = t
    if k == 0:
        return ((a, b, "x"), (a + 1, b, "y"), (a + 1, b + 1, "z"))
    return ((a, b + 1, "x"), (a, b, "y"), (a + 1, b + 1, "z"))


def edge_triangles(e: Edge) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The two triangles that share an edge."""
    a, b, d = e
    if d == "x":
        return ((a, b, 0), (a, b - 1, 1))
    if d == "y":
        return ((a, b, 1), (a - 1, b, 0))
    return ((a - 1, b - 1, 0), (a - 1, b - 1, 1))


def in_hexagon(n: int, a: int, b: int) -> bool:
    """Is (a, b) a vertex of the hexagon of side n?"""
    return max(abs(a), abs(b), abs(a - b)) <= n


def hexagon_triangles(n: int) -> list[tuple[int, int, int]]:
    """All 6n^2 triangles of the hexagon of side n, sorted.

    Triangle (a, b, 0) has corners (a, b), (a + 1, b), (a + 1, b + 1) and (a, b, 1) has
    (a, b), (a, b + 1), (a + 1, b + 1); `in_hexagon` of all three corners reduces to
    -n <= a, b and a + 1, b + 1 <= n (and d = a - b in -n..n - 1 for kind 0, -n + 1..n for
    kind 1), which is what the loop tests.
    """
    out = []
    for a in range(-n, n):
        for b in range(max(-n, a - n), min(n, a + n + 1)):
            d = a - b
            if -n <= d <= n - 1:
                out.append((a, b, 0))
            if -n + 1 <= d <= n:
                out.append((a, b, 1))
    return out


def interior_edges(n: int) -> list[Edge]:
    """The 9n^2 - 3n interior edges of the hexagon of side n, sorted."""
    return hexagon(n).interior_edge_list()


def empty_height(n: int, a: int, b: int) -> int:
    """Height of the empty box at (a, b)."""
    return a + b + 3 * max(0, -a, -b)


def full_height(n: int, a: int, b: int) -> int:
    """Height of the full box at (a, b)."""
    return a + b + 3 * n - 3 * max(0, a, b)


class Region:
    """A finite set of triangles with the arrays the solver works on.

    Vertices are numbered 0..V-1 in sorted (a, b) order.  `heads[v]` lists the heads of
    the interior edges leaving v, `tails[v]` the tails of those entering v.  `fixed[v]` is
    the boundary height (None inside).  `floor` and `ceil` are the least and greatest
    height functions of the region (None when it is not tilable).
    """

    def __init__(self, triangles: Iterable[tuple[int, int, int]], *, hexagon_n: int | None = None):
        tris = set(triangles)
        big = 4 * (max((max(abs(t[0]), abs(t[1])) for t in tris), default=0) + 2)
        tris = sorted(tris, key=lambda t: (t[0] * big + t[1]) * 2 + t[2])
        if len(tris) > MAX_TRIANGLES:
            raise TilepressError(f"region too large ({len(tris)} triangles, limit {MAX_TRIANGLES})")
        self.triangles = tris
        self.hexagon_n = hexagon_n
        count = Counter(e for t in tris for e in triangle_edges(t))
        verts = {v for t in tris for v in triangle_vertices(t)}
        # sort by one integer per vertex / edge (same order as the tuples, much faster);
        # every vertex and edge coordinate is within 1 of a triangle's, so |c| < big / 4
        self.coords: list[Vertex] = sorted(verts, key=lambda v: v[0] * big + v[1])
        self.index: dict[Vertex, int] = {v: i for i, v in enumerate(self.coords)}
        self.interior: set[Edge] = {e for e, c in count.items() if c == 2}
        self.boundary: set[Edge] = {e for e, c in count.items() if c == 1}
        V = len(self.coords)
        self.heads: list[list[int]] = [[] for _ in range(V)]
        self.tails: list[list[int]] = [[] for _ in range(V)]
        index = self.index
        rank = {"x": 0, "y": 1, "z": 2}
        self._sorted_interior = sorted(self.interior, key=lambda e: (e[0] * big + e[1]) * 3 + rank[e[2]])
        self._tail = [index[(a, b)] for a, b, _d in self._sorted_interior]
        self._head = [index[head(e)] for e in self._sorted_interior]
        heads, tails = self.heads, self.tails
        for t, h in zip(self._tail, self._head):
            heads[t].append(h)
            tails[h].append(t)
        self._far = None
        self.fixed: list[int | None] = [None] * V
        self.closes = self._walk_boundary()
        self.floor: list[int] | None = None
        self.ceil: list[int] | None = None
        if hexagon_n is not None:
            n = hexagon_n
            self.floor = [empty_height(n, a, b) for a, b in self.coords]
            self.ceil = [full_height(n, a, b) for a, b in self.coords]
            # same boundary walk, anchored at the box's heights (they agree on the boundary)
            self.fixed = [self.floor[v] if h is not None else None for v, h in enumerate(self.fixed)]
        elif self.closes:
            self.floor, self.ceil = self.bounds_by_search()
            if any(lo > hi for lo, hi in zip(self.floor, self.ceil)):
                self.floor = self.ceil = None

    # --- Thurston: boundary heights and the extreme tilings -----------------------------
    def _walk_boundary(self) -> bool:
        """Fix the boundary heights (+1 along each boundary edge); False if they do not close up."""
        adj: dict[int, list[tuple[int, int]]] = {}
        for e in self.boundary:
            t, h = self.index[e[:2]], self.index[head(e)]
            adj.setdefault(t, []).append((h, 1))
            adj.setdefault(h, []).append((t, -1))
        for start in sorted(adj):
            if self.fixed[start] is not None:
                continue
            a, b = self.coords[start]
            self.fixed[start] = a + b
            stack = [start]
            while stack:
                v = stack.pop()
                for w, s in adj[v]:
                    want = self.fixed[v] + s
                    if self.fixed[w] is None:
                        self.fixed[w] = want
                        stack.append(w)
                    elif self.fixed[w] != want:
                        return False
        return True

    def bounds_by_search(self) -> tuple[list[int], list[int]]:
        """Least and greatest heights allowed by the boundary (Dijkstra from every boundary vertex)."""
        V = len(self.coords)
        INF = 1 << 60
        # lower bound: L(head) >= L(tail) - 2, L(tail) >= L(head) - 1  (costs 2 and 1)
        # upper bound: U(head) <= U(tail) + 1, U(tail) <= U(head) + 2
        out = []
        for sign, c_fwd, c_back in ((-1, 2, 1), (1, 1, 2)):
            dist = [INF] * V
            heap = []
            for v, h in enumerate(self.fixed):
                if h is not None:
                    dist[v] = sign * h
                    heap.append((sign * h, v))
            heapq.heapify(heap)
            while heap:
                dv, v = heapq.heappop(heap)
                if dv > dist[v]:
                    continue
                for w in self.heads[v]:
                    if dv + c_fwd < dist[w]:
                        dist[w] = dv + c_fwd
                        heapq.heappush(heap, (dist[w], w))
                for w in self.tails[v]:
                    if dv + c_back < dist[w]:
                        dist[w] = dv + c_back
                        heapq.heappush(heap, (dist[w], w))
            out.append([sign * d if d < INF else None for d in dist])
        lo, hi = out[0], out[1]
        # boundary vertices keep their fixed height; a bound crossing it means "not tilable"
        for v, h in enumerate(self.fixed):
            if h is not None:
                if lo[v] > h or hi[v] < h:
                    lo[v], hi[v] = h + 3, h  # marks an empty range
                else:
                    lo[v] = hi[v] = h
        return lo, hi

    @property
    def tilable(self) -> bool:
        """Thurston's test: the boundary closes up and some height function fits between."""
        return self.floor is not None

    def interior_edge_list(self) -> list[Edge]:
        """Interior edges, sorted."""
        return list(self._sorted_interior)

    def height_of(self, H: list[int], v: Vertex) -> int:
        """Look up a height function at a vertex."""
        return H[self.index[v]]

    def check_heights(self, H: list[int]) -> bool:
        """Is H a height function of a tiling of this region?"""
        for v, h in enumerate(self.fixed):
            if h is not None and H[v] != h:
                return False
        for e in self.interior:
            s = H[self.index[head(e)]] - H[self.index[e[:2]]]
            if s not in (1, -2):
                return False
        return True

    def crossed_edges(self, H: list[int]) -> list[Edge]:
        """The edges crossed by calissons (one per calisson), sorted."""
        return [e for e, t, h in zip(self._sorted_interior, self._tail, self._head) if H[h] - H[t] == -2]

    def salient_edges(self, H: list[int]) -> list[Edge]:
        """The fold edges of the tiling with heights H, sorted."""
        if self._far is None:            # vertex numbers of the far vertices, once per region
            idx = self.index
            pairs = [far_vertices(e) for e in self._sorted_interior]
            self._far = ([idx[A] for A, _B in pairs], [idx[B] for _A, B in pairs])
        A, B = self._far
        return [e for e, t, h, a, b in zip(self._sorted_interior, self._tail, self._head, A, B)
                if H[h] - H[t] == 1 and H[a] == H[b]]


class Hexagon(Region):
    """The hexagon of side n, built row by row in closed form (no sorting, no edge counts).

    Vertex (a, b) is in the hexagon iff max(|a|, |b|, |a - b|) <= n, so row a holds
    b = max(-n, a - n) .. min(n, a + n) and the vertex numbers are a row offset plus b.
    The hexagon is convex, so an edge is interior iff its two ends and its two far
    vertices are all in it: for each row and direction that is an interval of b.  Every
    array is the one `Region` computes from the triangles (a test compares them); the
    edge sets and the triangle list, which the solver does not need, are made on first use.
    """

    def __init__(self, n: int):
        self.hexagon_n = n
        self.closes = True
        rows = range(-n, n + 1)
        first = {a: max(-n, a - n) for a in rows}
        last = {a: min(n, a + n) for a in rows}
        start, v = {}, 0
        for a in rows:
            start[a] = v - first[a]          # vertex number of (a, b) = start[a] + b
            v += last[a] - first[a] + 1
        self.coords = [(a, b) for a in rows for b in range(first[a], last[a] + 1)]
        self.index = dict(zip(self.coords, range(v)))
        self.floor = [empty_height(n, a, b) for a, b in self.coords]
        self.ceil = [full_height(n, a, b) for a, b in self.coords]
        self.fixed = [h if max(abs(a), abs(b), abs(a - b)) == n else None
                      for (a, b), h in zip(self.coords, self.floor)]
        edges, tails, heads, far_a, far_b = [], [], [], [], []
        for a in rows:
            lo_b, hi_b, base = first[a], last[a], start[a]
            # per direction: (b range of interior edges, head, far A, far B as row offsets)
            spans = []
            for d in DIRS:
                pts = [(0, 0), STEP[d]] + [(-STEP[NEXT[x]][0], -STEP[NEXT[x]][1]) for x in (d, NEXT[d])]
                if any(a + da not in first for da, _db in pts):
                    spans.append(None)
                    continue
                blo = max(first[a + da] - db for da, db in pts)
                bhi = min(last[a + da] - db for da, db in pts)
                offs = [start[a + da] + db for da, db in pts[1:]]
                spans.append((blo, bhi, d, offs))
            for b in range(lo_b, hi_b + 1):
                for span in spans:
                    if span is not None and span[0] <= b <= span[1]:
                        offs = span[3]
                        edges.append((a, b, span[2]))
                        tails.append(base + b)
                        heads.append(offs[0] + b)
                        far_a.append(offs[1] + b)
                        far_b.append(offs[2] + b)
        self._sorted_interior = edges
        self._tail, self._head = tails, heads
        self._far = (far_a, far_b)
        self._lazy = {}

    def _edge_sets(self) -> tuple[set, set]:
        """(interior, boundary) edge sets."""
        if "edges" not in self._lazy:
            n = self.hexagon_n
            boundary = set()
            ring = [v for v, h in zip(self.coords, self.fixed) if h is not None]
            for a, b in ring:               # a boundary edge joins two boundary vertices
                for d in DIRS:
                    e = (a, b, d)
                    ha, hb = head(e)
                    if in_hexagon(n, ha, hb) and sum(in_hexagon(n, *f) for f in far_vertices(e)) == 1:
                        boundary.add(e)
            self._lazy["edges"] = (set(self._sorted_interior), boundary)
        return self._lazy["edges"]

    @property
    def interior(self) -> set:
        """The interior edges."""
        return self._edge_sets()[0]

    @property
    def boundary(self) -> set:
        """The boundary edges."""
        return self._edge_sets()[1]

    @property
    def triangles(self) -> list:
        """The 6n^2 triangles, sorted."""
        if "triangles" not in self._lazy:
            self._lazy["triangles"] = hexagon_triangles(self.hexagon_n)
        return self._lazy["triangles"]

    def _adjacency(self) -> tuple[list, list]:
        """(heads, tails) lists per vertex."""
        if "adj" not in self._lazy:
            heads = [[] for _ in self.coords]
            tails = [[] for _ in self.coords]
            for t, h in zip(self._tail, self._head):
                heads[t].append(h)
                tails[h].append(t)
            self._lazy["adj"] = (heads, tails)
        return self._lazy["adj"]

    @property
    def heads(self) -> list:
        """heads[v]: the heads of the interior edges leaving v."""
        return self._adjacency()[0]

    @property
    def tails(self) -> list:
        """tails[v]: the tails of the interior edges entering v."""
        return self._adjacency()[1]


def hexagon_region(n: int) -> Region:
    """The hexagon of side n as a Region, in closed form."""
    return Hexagon(n)


_HEX_CACHE: dict[int, Region] = {}


def hexagon(n: int) -> Region:
    """The hexagon of side n as a Region (cached)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise TilepressError(f"hexagon side must be a positive integer, got {n!r}")
    if n > MAX_N:
        raise TilepressError(f"hexagon side {n} too large (limit {MAX_N})")
    reg = _HEX_CACHE.get(n)
    if reg is None:
        reg = hexagon_region(n)
        if len(_HEX_CACHE) > 16:
            _HEX_CACHE.clear()
        _HEX_CACHE[n] = reg
    return reg


# --- plane partitions <-> height functions ----------------------------------------------

def heights_from_pp(n: int, pp: list[list[int]]) -> list[int]:
    """The height function (indexed like hexagon(n)) of the pile with plane partition pp."""
    reg = hexagon(n)
    H = list(reg.floor)
    for i in range(n):
        for j in range(n):
            for k in range(pp[i][j]):
                v = reg.index[(i - k, j - k)]
                top = i + j + k + 3
                if H[v] < top:
                    H[v] = top
    return H


def pp_from_heights(n: int, H: list[int]) -> list[list[int]]:
    """The plane partition of the pile whose surface has heights H."""
    reg = hexagon(n)
    idx = reg.index
    pp = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            c = 0
            for k in range(n):
                if H[idx[(i - k, j - k)]] >= i + j + k + 3:
                    c += 1
                else:
                    break
            pp[i][j] = c
    return pp


def is_plane_partition(n: int, pp) -> bool:
    """Is pp an n x n array of integers in [0, n], weakly decreasing along rows and columns?"""
    if not isinstance(pp, list) or len(pp) != n:
        return False
    for i, row in enumerate(pp):
        if not isinstance(row, list) or len(row) != n:
            return False
        for j, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= n:
                return False
            if i and pp[i - 1][j] < v or j and row[j - 1] < v:
                return False
    return True


def volume(n: int, H: list[int]) -> int:
    """Number of cubes in the pile with heights H."""
    reg = hexagon(n)
    return sum(h - f for h, f in zip(H, reg.floor)) // 3


def enumerate_plane_partitions(n: int):
    """Yield every plane partition in the n x n x n box (row-major fill), as tuples."""
    cells = n * n
    vals = [0] * cells

    def rec(c):
        if c == cells:
            yield tuple(vals)
            return
        i, j = divmod(c, n)
        hi = n
        if i:
            hi = min(hi, vals[c - n])
        if j:
            hi = min(hi, vals[c - 1])
        for v in range(hi + 1):
            vals[c] = v
            yield from rec(c + 1)

    yield from rec(0)
