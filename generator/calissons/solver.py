"""The calisson solver: a puzzle is a system of difference constraints on heights.

A tiling is a height function H between the region's `floor` and `ceil` with every
interior edge tail -> head stepping +1 or -2 (see model.py).  As *lower-bound arcs*
"H(p) >= H(q) + w":

    tile edges    q = tail, p = head, w = -2      and   q = head, p = tail, w = -1
    clue (i)      q = tail, p = head, w = +1      (the given edge is not crossed)
    clue (ii)     A -> B and B -> A, w = 0        (the calissons beside it differ)

Every weight is congruent to the residue difference of its ends mod 3, so no rounding is
ever needed.  The solutions are the integer points of this system: a distributive lattice
(pointwise min and max of solutions are solutions).

Advancing surface.  Start from the empty box (the floor, below every solution) and raise a
height only when an arc forces it, until nothing is violated: the result is the *least*
solution L.  If some height passes the ceiling (the full box) there is no solution (the
arcs contain a positive cycle: the paper's absorbing cycle).  Lowering from the full box
gives the greatest solution G.  The work list is FIFO (Bellman-Ford order): far fewer
repeated raises than depth-first order when many clues push the same region.  The solution is unique iff L = G; where L(v) < G(v) the
solutions disagree.

Counting.  Pick a vertex v with L(v) < G(v); every solution has H(v) = L(v) or
H(v) >= L(v) + 3.  Clamp, re-propagate both bounds, recurse; leaves with L = G are single
solutions, so counting costs one pair of propagations per solution (capped).  A node where
L and G differ at one vertex v only is a leaf too: every other height is fixed, so the
heights of v allowed by its neighbours form an interval containing L(v) and G(v), and the
node holds (G(v) - L(v))/3 + 1 solutions, counted without branching.

Infinite grid.  Without a boundary, the largest possible rise from p to q over tilings of
the plane is d(p -> q) = da + db + 3 max(0, -da, -db).  The clues are feasible iff the
difference system on the key vertices (tail, head, A, B of each clue) with these distances
has no negative cycle; that is decided by Bellman-Ford on the grid of a window round the
key vertices, which holds a shortest path between any two of them (plane_verdict), or, when
that window would not scale with the edges (edges far apart), by Bellman-Ford on the key
vertices alone, the plane arcs relaxed in Gauss-Seidel sweeps over three dominance orders
(sparse_plane_verdict).  Either way the witness is a height function of the whole plane,
evaluated only where it is drawn (plane_heights).
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass
from typing import Iterable

from generator.calissons.model import Edge, Region, far_vertices, head, hexagon
from generator.errors import TilepressError


class Clues:
    """The clue arcs of a given-edge set on a region, as lower- and upper-bound adjacency."""

    def __init__(self, region: Region, givens: Iterable[Edge]):
        self.region = region
        self.givens = sorted(set(givens))
        self.up: dict[int, list[tuple[int, int]]] = {}    # q -> [(p, w)]: H(p) >= H(q) + w
        self.down: dict[int, list[tuple[int, int]]] = {}  # p -> [(q, c)]: H(q) <= H(p) + c
        for e in self.givens:
            if e not in region.interior:
                raise TilepressError(f"given edge {list(e)} is not an interior edge of the grid")
            self._arcs(e, add=True)

    def _arcs(self, e: Edge, add: bool) -> None:
        """Insert or delete the three arcs of clue e."""
        idx = self.region.index
        t, h = idx[e[:2]], idx[head(e)]
        A, B = far_vertices(e)
        a, b = idx[A], idx[B]
        for q, p, w in ((t, h, 1), (a, b, 0), (b, a, 0)):
            if add:
                self.up.setdefault(q, []).append((p, w))
                self.down.setdefault(p, []).append((q, -w))
            else:
                self.up[q].remove((p, w))
                self.down[p].remove((q, -w))

    def remove(self, e: Edge) -> None:
        """Drop one given edge."""
        self._arcs(e, add=False)

    def add(self, e: Edge) -> None:
        """Put a given edge back."""
        self._arcs(e, add=True)

    def touched(self) -> list[int]:
        """Vertices that carry a clue arc."""
        return sorted(set(self.up) | set(self.down))


def _queue(start: Iterable[int], size: int) -> tuple[deque, bytearray]:
    """A FIFO work queue (Bellman-Ford order) with a membership flag per vertex."""
    queue = deque()
    queued = bytearray(size)
    for v in start:
        if not queued[v]:
            queued[v] = 1
            queue.append(v)
    return queue, queued


def raise_heights(clues: Clues, H: list[int], start: Iterable[int], log: array | None = None) -> bool:
    """Advance the surface H upwards until no arc is violated; False if it passes the ceiling.

    With `log` (an int array), every change is recorded as vertex, old height so that it
    can be undone.
    """
    reg = clues.region
    heads, tails, ceil, up = reg.heads, reg.tails, reg.ceil, clues.up
    queue, queued = _queue(start, len(H))
    pop, push = queue.popleft, queue.append
    while queue:
        q = pop()
        queued[q] = 0
        hq = H[q]
        v = hq - 2
        for p in heads[q]:
            if H[p] < v:
                if v > ceil[p]:
                    return False
                if log is not None:
                    log.extend((p, H[p]))
                H[p] = v
                if not queued[p]:
                    queued[p] = 1
                    push(p)
        v = hq - 1
        for p in tails[q]:
            if H[p] < v:
                if v > ceil[p]:
                    return False
                if log is not None:
                    log.extend((p, H[p]))
                H[p] = v
                if not queued[p]:
                    queued[p] = 1
                    push(p)
        arcs = up.get(q)
        if arcs:
            for p, w in arcs:
                v = hq + w
                if H[p] < v:
                    if v > ceil[p]:
                        return False
                    if log is not None:
                        log.extend((p, H[p]))
                    H[p] = v
                    if not queued[p]:
                        queued[p] = 1
                        push(p)
    return True


def lower_heights(clues: Clues, H: list[int], start: Iterable[int], log: array | None = None) -> bool:
    """Push the surface H downwards until no arc is violated; False if it passes the floor."""
    reg = clues.region
    heads, tails, floor, down = reg.heads, reg.tails, reg.floor, clues.down
    queue, queued = _queue(start, len(H))
    pop, push = queue.popleft, queue.append
    while queue:
        p = pop()
        queued[p] = 0
        hp = H[p]
        v = hp + 1
        for q in heads[p]:       # U(head) <= U(tail) + 1
            if H[q] > v:
                if v < floor[q]:
                    return False
                if log is not None:
                    log.extend((q, H[q]))
                H[q] = v
                if not queued[q]:
                    queued[q] = 1
                    push(q)
        v = hp + 2
        for q in tails[p]:       # U(tail) <= U(head) + 2
            if H[q] > v:
                if v < floor[q]:
                    return False
                if log is not None:
                    log.extend((q, H[q]))
                H[q] = v
                if not queued[q]:
                    queued[q] = 1
                    push(q)
        arcs = down.get(p)
        if arcs:
            for q, c in arcs:
                v = hp + c
                if H[q] > v:
                    if v < floor[q]:
                        return False
                    if log is not None:
                        log.extend((q, H[q]))
                    H[q] = v
                    if not queued[q]:
                        queued[q] = 1
                        push(q)
    return True


def least_solution(clues: Clues) -> list[int] | None:
    """The least solution (advancing surface from the floor), or None."""
    reg = clues.region
    if not reg.tilable:
        return None
    H = list(reg.floor)
    return H if raise_heights(clues, H, clues.touched()) else None


def greatest_solution(clues: Clues) -> list[int] | None:
    """The greatest solution (descending surface from the ceiling), or None."""
    reg = clues.region
    if not reg.tilable:
        return None
    H = list(reg.ceil)
    return H if lower_heights(clues, H, clues.touched()) else None


@dataclass
class Solution:
    """What the solver knows about a puzzle."""

    status: str                 # "none" | "unique" | "multiple"
    least: list[int] | None
    greatest: list[int] | None

    def differ(self) -> list[int]:
        """Vertex indices where solutions disagree."""
        if self.least is None:
            return []
        return [v for v, (lo, hi) in enumerate(zip(self.least, self.greatest)) if lo != hi]


def solve(region: Region, givens: Iterable[Edge]) -> Solution:
    """Least and greatest solutions and the status of a puzzle."""
    clues = Clues(region, givens)
    L = least_solution(clues)
    if L is None:
        return Solution("none", None, None)
    G = greatest_solution(clues)
    return Solution("unique" if L == G else "multiple", L, G)


def solve_hexagon(n: int, givens: Iterable[Edge]) -> Solution:
    """Solve a puzzle on the hexagon of side n."""
    return solve(hexagon(n), givens)


def arcs_out(clues: Clues, q: int):
    """Every lower-bound arc leaving q as (p, w, kind): H(p) >= H(q) + w holds in every solution.

    kind "edge": an edge of the grid (forwards the height falls by at most 2, backwards by at
    most 1); "given": a given edge is not crossed (+1); "fold": the far vertices of a given
    edge have equal heights (0)."""
    reg = clues.region
    for p in reg.heads[q]:
        yield p, -2, "edge"
    for p in reg.tails[q]:
        yield p, -1, "edge"
    for p, w in clues.up.get(q, ()):
        yield p, w, "given" if w == 1 else "fold"


def absorbing_cycle(clues: Clues) -> tuple[str, list[tuple[int, int, int, str]]] | None:
    """The paper's certificate of "no solution": (kind, arcs) with arcs (q, p, w, kind) in order.

    The advancing surface is run again, remembering for each vertex the arc that last raised
    it (Bellman-Ford's predecessor).  When a height passes the ceiling, walking the
    predecessors back either closes a cycle (its weights sum positive: the absorbing cycle,
    kind "cycle") or reaches a vertex still on the floor (kind "path").  A path is extended
    at both ends by tight grid-edge arcs to the boundary (the floor and the ceiling are
    tight along such arcs) and closed by a "boundary" arc whose weight is the difference of
    the two fixed boundary heights: again a cycle of positive weight.  None when the givens
    have a solution or the region has no tiling at all (no givens are needed to refute it).
    """
    reg = clues.region
    if not reg.tilable:
        return None
    H = list(reg.floor)
    ceil = reg.ceil
    pred: list = [None] * len(H)
    queue, queued = _queue(clues.touched(), len(H))
    while queue:
        q = queue.popleft()
        queued[q] = 0
        for p, w, kind in arcs_out(clues, q):
            v = H[q] + w
            if H[p] < v:
                pred[p] = (q, w, kind)
                if v > ceil[p]:
                    return _certificate_from(clues, pred, p)
                H[p] = v
                if not queued[p]:
                    queued[p] = 1
                    queue.append(p)
    return None


def _certificate_from(clues: Clues, pred: list, p: int) -> tuple[str, list]:
    """The cycle (or boundary-closed path) behind the predecessor arc into p."""
    reg = clues.region
    seen: dict[int, int] = {}
    chain = []                          # arcs into p, into its predecessor, ... (backwards)
    v = p
    while pred[v] is not None and v not in seen:
        seen[v] = len(chain)
        q, w, kind = pred[v]
        chain.append((q, v, w, kind))
        v = q
    if v in seen:                       # the predecessors close a cycle
        return "cycle", chain[seen[v]:][::-1]
    middle = chain[::-1]                # floor vertex v -> ... -> p
    before = _tight_to_floor(reg, v)
    after = _tight_to_ceiling(reg, p)
    start = before[0][0] if before else v
    end = after[-1][1] if after else p
    arcs = before + middle + after
    arcs.append((end, start, reg.fixed[start] - reg.fixed[end], "boundary"))
    return "path", arcs


def _tight_to_floor(reg: Region, s: int) -> list:
    """Grid-edge arcs from a boundary vertex to s along which the floor is tight."""
    floor, out = reg.floor, []
    while reg.fixed[s] is None:
        step = next(((q, s, -2, "edge") for q in reg.tails[s] if floor[q] - 2 == floor[s]), None) or \
            next(((q, s, -1, "edge") for q in reg.heads[s] if floor[q] - 1 == floor[s]), None)
        if step is None:                # pragma: no cover (the floor is a shortest-path bound)
            raise AssertionError("floor not tight")
        out.append(step)
        s = step[0]
    return out[::-1]


def _tight_to_ceiling(reg: Region, p: int) -> list:
    """Grid-edge arcs from p to a boundary vertex along which the ceiling is tight."""
    ceil, out = reg.ceil, []
    while reg.fixed[p] is None:
        step = next(((p, r, -2, "edge") for r in reg.heads[p] if ceil[r] + 2 == ceil[p]), None) or \
            next(((p, r, -1, "edge") for r in reg.tails[p] if ceil[r] + 1 == ceil[p]), None)
        if step is None:                # pragma: no cover (the ceiling is a shortest-path bound)
            raise AssertionError("ceiling not tight")
        out.append(step)
        p = step[1]
    return out


def work_cap(region: Region, cap: int) -> int:
    """The cap actually used: each solution costs O(V), so big regions count fewer (no hangs)."""
    return max(2, min(cap, 10 ** 8 // max(1, len(region.coords))))


def count_solutions(region: Region, givens: Iterable[Edge], cap: int = 10000) -> tuple[int, bool]:
    """(number of solutions, True if the cap was reached) by branching on the lattice.

    Depth-first with one L and one G array and an undo trail of machine integers.  Both
    branches of a node are always feasible (L lies in the first, G in the second), so the
    search visits fewer than two nodes per solution; a node with one free vertex is counted
    at once (see the module docstring).
    """
    cap = work_cap(region, cap)
    clues = Clues(region, givens)
    L = least_solution(clues)
    if L is None:
        return 0, False
    G = greatest_solution(clues)
    V = len(L)
    trail_L = array("q")                # flat (vertex, old height) pairs
    trail_G = array("q")

    def undo(trail, H, mark):
        while len(trail) > mark:
            old = trail.pop()
            H[trail.pop()] = old

    total = 0
    stack = [[0, -1, 0, 0, 0]]          # [scan start, branch vertex, stage, trail marks]
    while stack:
        frame = stack[-1]
        if frame[2] == 0:
            v = frame[0]
            while v < V and L[v] == G[v]:
                v += 1
            w = v + 1 if v < V else V
            while w < V and L[w] == G[w]:
                w += 1
            if w == V:                                    # at most one free vertex: a leaf
                total += 1 if v == V else (G[v] - L[v]) // 3 + 1
                if total >= cap:
                    return cap, True
                stack.pop()
                continue
            frame[1], frame[3], frame[4] = v, len(trail_L), len(trail_G)
            frame[2] = 1
            trail_G.extend((v, G[v]))
            G[v] = L[v]                                   # branch 1: H(v) = L(v)
            if not lower_heights(clues, G, [v], trail_G):  # cannot happen (L is a solution)
                raise AssertionError("lattice branch infeasible")  # pragma: no cover
            stack.append([v, -1, 0, 0, 0])
        elif frame[2] == 1:
            v = frame[1]
            undo(trail_L, L, frame[3])
            undo(trail_G, G, frame[4])
            frame[2] = 2
            trail_L.extend((v, L[v]))
            L[v] += 3                                      # branch 2: H(v) >= L(v) + 3
            if not raise_heights(clues, L, [v], trail_L):  # cannot happen (G is a solution)
                raise AssertionError("lattice branch infeasible")  # pragma: no cover
            stack.append([v, -1, 0, 0, 0])
        else:
            undo(trail_L, L, frame[3])
            undo(trail_G, G, frame[4])
            stack.pop()
    return total, False


def unique_after_removal(clues: Clues, S: list[int], e: Edge) -> bool:
    """With `clues` already lacking e and S a solution, is S still the only one?

    A second solution can be taken comparable with S (meet or join), and it must break the
    removed clue, so it differs from S at tail, head, A or B of e: try pushing each of
    those four heights one level down and one level up from S.
    """
    reg = clues.region
    idx = reg.index
    A, B = far_vertices(e)
    for v in (idx[e[:2]], idx[head(e)], idx[A], idx[B]):
        if S[v] - 3 >= reg.floor[v]:
            H = list(S)
            H[v] -= 3
            if lower_heights(clues, H, [v]):
                return False
        if S[v] + 3 <= reg.ceil[v]:
            H = list(S)
            H[v] += 3
            if raise_heights(clues, H, [v]):
                return False
    return True


# --- the infinite grid -------------------------------------------------------------------

def plane_distance(p: tuple[int, int], q: tuple[int, int]) -> int:
    """The largest H(q) - H(p) over tilings of the whole plane."""
    da, db = q[0] - p[0], q[1] - p[1]
    return da + db + 3 * max(0, -da, -db)


MAX_PLANE_CLUES = 100000       # given edges read by the infinite-grid test (an input-size limit)
MAX_PLANE_WINDOW = 400000      # triangles of the window the test works on (radius up to 258)
PLANE_MARGIN = 2               # the window reaches this far beyond the key vertices
PLANE_GRID_PER_EDGE = 64       # the grid engine takes windows up to this many triangles an edge (+ 600)


def plane_uses_grid(givens, r: int) -> bool:
    """Does the verdict work on the grid of the window of radius r (else on the key vertices)?
    Only while the window scales with the edges: at most PLANE_GRID_PER_EDGE triangles an edge
    (plus 600), and at most MAX_PLANE_WINDOW."""
    return 6 * r * r <= min(MAX_PLANE_WINDOW, PLANE_GRID_PER_EDGE * len(givens) + 600)


@dataclass
class PlaneVerdict:
    """The infinite-grid answer: feasible with heights on the key vertices, or an absorbing cycle."""

    feasible: bool
    keys: list                  # the key vertices (a, b)
    heights: dict | None        # key vertex -> height of a witness tiling (feasible)
    cycle: list | None          # [(p, q, weight, kind)] arcs of a negative cycle (kind "plane" | "clue")
    window: tuple | None = None  # (centre, radius, {vertex: height}): the witness on its window


def plane_arcs(givens: list[Edge]) -> tuple[list, list[list[int]], list[list[str]]]:
    """(keys, W, kind): W[i][j] the tightest direct bound on H(j) - H(i) between key vertices
    (a dense matrix: for tests and small sets; the verdict itself never builds it)."""
    keys = plane_keys(givens)
    k = {v: i for i, v in enumerate(keys)}
    W = [[plane_distance(p, q) for q in keys] for p in keys]
    kind = [["plane"] * len(keys) for _ in keys]
    for q, p, w in clue_bounds(givens):
        i, j = k[q], k[p]
        if w < W[i][j]:
            W[i][j], kind[i][j] = w, "clue"
    return keys, W, kind


def plane_keys(givens) -> list:
    """The key vertices of a given-edge set: tail, head and far vertices of each edge."""
    keys = []
    for e in givens:
        A, B = far_vertices(e)
        keys.extend([e[:2], head(e), A, B])
    return sorted(set(keys))


def clue_bounds(givens):
    """The clue arcs (q, p, w): H(p) <= H(q) + w, i.e. H(t) <= H(h) - 1 and H(A) = H(B)."""
    for e in givens:
        A, B = far_vertices(e)
        t, h = e[:2], head(e)
        yield h, t, -1
        yield A, B, 0
        yield B, A, 0


def plane_window(givens, margin: int = PLANE_MARGIN) -> tuple[tuple[int, int], int]:
    """(centre, radius) of the hexagon-shaped window round the key vertices, `margin` beyond them."""
    pts = plane_keys(givens) or [(0, 0)]
    ca = (min(p[0] for p in pts) + max(p[0] for p in pts)) // 2
    cb = (min(p[1] for p in pts) + max(p[1] for p in pts)) // 2
    r = max(max(abs(a - ca), abs(b - cb), abs((a - ca) - (b - cb))) for a, b in pts) + margin
    return (ca, cb), r


def plane_verdict(givens: Iterable[Edge]) -> PlaneVerdict:
    """Feasible on the whole plane, with a witness on a window round the edges, or a negative cycle.

    The window W is the hexagon of vertices within PLANE_MARGIN (>= 1) of the key vertices'
    hull in the three lattice directions.  A plane tiling restricts to a tiling of W; and
    heights on W obeying every grid edge of W extend to the plane (H(v) = min over u in W of
    H(u) + d(u -> v), a minimum of plane distance functions), because W holds a shortest grid
    path between any two of its vertices (a staircase in the two lattice directions of their
    difference, kept within one step of the straight segment).  So the clues are feasible on
    the plane iff the difference system of W (grid edges and clue arcs) has no negative cycle.

    Bellman-Ford in FIFO order from a virtual source reaching every vertex v = (a, b) at
    a + b (the residues of heights).  If the clues are feasible, no value can fall below
    a + b - 3 max(0, a - a0, b - b0) (a0, b0 the window's least coordinates: the plane bound
    H(v) >= H(u) - d(v -> u) for u in W); a value that does proves a negative cycle: the
    predecessors either close one, or lead back to the source at some s, and closing that
    path with the plane arc v -> s of weight d(v -> s) makes one.  Every V relaxations the
    predecessor arcs are also searched for a cycle (O(V); any such cycle is negative), which
    finds a short cycle long before the values run down to their bound.  The cycle is reported with
    its runs of grid edges merged into plane arcs between key vertices.

    Cost: O(V + |X|) memory and O(V x passes) time for a window of V vertices (its area);
    passes are few in practice and at most the window's diameter (each raise is a step of 3
    between the bounds).  Edges packed at any fixed density have V = O(|X|): 10,000 edges of a
    tiling take a few seconds.  When the window would have more than PLANE_GRID_PER_EDGE triangles
    an edge (edges far apart; plane_uses_grid) the same question is answered on the key vertices
    alone (sparse_plane_verdict), at a cost that depends on the number of edges, not on the
    distances between them; its verdict carries the key heights and no window (plane_heights
    evaluates the witness where drawn).
    """
    givens = sorted(set(givens))
    if len(givens) > MAX_PLANE_CLUES:
        raise TilepressError(f"too many edges for the infinite-grid test (limit {MAX_PLANE_CLUES})")
    keys = plane_keys(givens)
    (ca, cb), r = plane_window(givens)
    if not plane_uses_grid(givens, r):
        return sparse_plane_verdict(givens)
    coords = [(a + ca, b + cb) for a, b in hexagon(r).coords]
    index = {v: i for i, v in enumerate(coords)}
    V = len(coords)
    # arcs q -> p with weight w, meaning H(p) <= H(q) + w; kind 0 grid, 1 clue
    out: list[list[tuple[int, int, int]]] = [[] for _ in range(V)]
    for i, (a, b) in enumerate(coords):
        for da, db in ((1, 0), (0, 1), (-1, -1)):
            j = index.get((a + da, b + db))
            if j is not None:
                out[i].append((j, 1, 0))        # H(head) <= H(tail) + 1
                out[j].append((i, 2, 0))        # H(tail) <= H(head) + 2
    clue_w = {}
    for q, p, w in clue_bounds(givens):
        out[index[q]].append((index[p], w, 1))
        clue_w[(q, p)] = min(w, clue_w.get((q, p), w))
    a0 = min(a for a, _b in coords)
    b0 = min(b for _a, b in coords)
    dist = [a + b for a, b in coords]
    low = [a + b - 3 * max(0, a - a0, b - b0) for a, b in coords]
    pred = [-1] * V
    predw = [0] * V
    predk = [0] * V
    queue = deque(range(V))
    queued = bytearray(b"\x01") * V
    bad = -1
    relaxed, check = 0, V
    while queue and bad < 0:
        q = queue.popleft()
        queued[q] = 0
        dq = dist[q]
        for p, w, kind in out[q]:
            v = dq + w
            if v < dist[p]:
                dist[p] = v
                pred[p], predw[p], predk[p] = q, w, kind
                if v < low[p]:
                    bad = p
                    break
                if not queued[p]:
                    queued[p] = 1
                    queue.append(p)
                relaxed += 1
        if relaxed >= check and bad < 0:         # every V relaxations: a cycle among the predecessors?
            check = relaxed + V
            bad = _pred_cycle(pred)
    if bad < 0:
        heights = {k: dist[index[k]] for k in keys}
        return PlaneVerdict(True, keys, heights, None,
                            ((ca, cb), r, {coords[i]: dist[i] for i in range(V)}))
    return PlaneVerdict(False, keys, None, _plane_cycle(coords, pred, predw, predk, bad, clue_w))


def _pred_cycle(pred: list[int]) -> int:
    """A vertex on a cycle of predecessor arcs (such a cycle has negative weight), or -1."""
    mark = [-1] * len(pred)
    for s in range(len(pred)):
        v = s
        while v >= 0 and mark[v] < 0:
            mark[v] = s
            v = pred[v]
        if v >= 0 and mark[v] == s:
            return v
    return -1


def _plane_cycle(coords, pred, predw, predk, bad, clue_w) -> list:
    """The negative cycle behind a value that fell below its bound (see plane_verdict)."""
    seen: dict[int, int] = {}
    chain = []                                   # arcs into bad, into its predecessor, ... (backwards)
    v = bad
    while pred[v] >= 0 and v not in seen:
        seen[v] = len(chain)
        chain.append((pred[v], v, predw[v], predk[v]))
        v = pred[v]
    if v in seen:
        arcs = chain[seen[v]:][::-1]
    else:                                        # a path from the source at v: close it
        arcs = chain[::-1]
        arcs.append((bad, v, plane_distance(coords[bad], coords[v]), 0))
    return _joined_cycle(arcs, coords, clue_w)


def _joined_cycle(arcs: list, points, clue_w: dict) -> list:
    """A cycle of (q, p, weight, kind) arcs (kind 1: a clue arc, 0: a plane arc) as
    [(a, b, weight, "clue" | "plane")] between points, starting at a clue arc (there is one:
    plane arcs alone weigh >= 0), each run of plane arcs joined into one arc between its ends
    (a clue arc where a given edge bounds that pair more tightly)."""
    while arcs[0][3] != 1:
        arcs.append(arcs.pop(0))
    out, i = [], 0
    while i < len(arcs):
        q, p, w, kind = arcs[i]
        if kind == 1:
            out.append((points[q], points[p], w, "clue"))
            i += 1
            continue
        a = points[q]
        while i < len(arcs) and arcs[i][3] == 0:
            p = arcs[i][1]
            i += 1
        b = points[p]
        if a != b:
            d = plane_distance(a, b)
            if clue_w.get((a, b), d) < d:
                out.append((a, b, clue_w[(a, b)], "clue"))
            else:
                out.append((a, b, d, "plane"))
    return out


# --- the infinite grid, sparse: far-apart edges --------------------------------------------

# d(q -> p) is the largest of three linear forms of p - q, each exact on one sector of the plane
# (a closed 120-degree cone).  A sector is a dominance region u(q) <= u(p), v(q) <= v(p) in sheared
# coordinates, so "min over q of f(q) + d(q -> p)" for every p is three sweeps with a prefix-minimum
# (Fenwick) tree: O((sources + targets) log) instead of a product.
#   sector            form L(x)          u          v
#   da >= 0, db >= 0   da + db            a          b
#   da <= 0, db >= da  db - 2 da          -a         b - a
#   db <= 0, da >= db  da - 2 db          -b         a - b
_SECTORS = (
    (lambda a, b: a + b, lambda a, b: a, lambda a, b: b),
    (lambda a, b: b - 2 * a, lambda a, b: -a, lambda a, b: b - a),
    (lambda a, b: a - 2 * b, lambda a, b: -b, lambda a, b: a - b),
)


class PrefixMin:
    """A Fenwick tree over ranks 1..m: `add(r, x)`, and `least(r)` = the least x added at a rank
    <= r (None before any); O(log m) each."""

    __slots__ = ("tree", "m")

    def __init__(self, m: int):
        self.tree, self.m = [None] * (m + 1), m

    def add(self, r: int, x) -> None:
        """Record x at rank r."""
        tree, m = self.tree, self.m
        while r <= m:
            t = tree[r]
            if t is None or x < t:
                tree[r] = x
            r += r & -r

    def least(self, r: int):
        """The least value recorded at ranks 1..r, or None."""
        tree, got = self.tree, None
        while r > 0:
            t = tree[r]
            if t is not None and (got is None or t < got):
                got = t
            r -= r & -r
        return got


class PlaneSweep:
    """`min over sources q of value(q) + d(q -> p)` for fixed source and target points, any values.

    The orders and ranks are computed once (O(n log n)); every `run` is three sweeps over the
    points, O(n log n) with n = sources + targets, returning for each target the least value
    and the source that gives it (ties: the smallest source index)."""

    def __init__(self, sources: list, targets: list):
        self.ns = len(sources)
        self.plans = []
        pts = list(sources) + list(targets)
        for form, fu, fv in _SECTORS:
            vs = sorted({fv(a, b) for a, b in pts})
            rank = {x: i + 1 for i, x in enumerate(vs)}
            # sweep in u order; at equal u, sources first (the sector is closed)
            order = sorted(range(len(pts)), key=lambda i: (fu(*pts[i]), i >= self.ns))
            self.plans.append(([form(*pts[i]) for i in range(len(pts))], [rank[fv(*pts[i])] for i in range(len(pts))],
                               order, len(vs)))
        self.nt = len(targets)

    def run(self, values: list[int]) -> list[tuple[int, int]]:
        """[(least value, source index)] per target (value None, -1 when there are no sources)."""
        ns = self.ns
        big = None
        best = [big] * self.nt
        K = ns + 1                                   # pack (value, index) into one int: value * K + index
        for lin, rank, order, m in self.plans:
            tree = PrefixMin(m)
            for i in order:
                if i < ns:
                    tree.add(rank[i], (values[i] - lin[i]) * K + i)
                else:
                    got = tree.least(rank[i])
                    if got is not None:
                        j = got % K
                        val = (got - j) // K + lin[i]
                        x = val * K + j
                        k = i - ns
                        if best[k] is None or x < best[k]:
                            best[k] = x
        return [(None, -1) if x is None else ((x - x % K) // K, x % K) for x in best]


def plane_heights(heights: dict, points: list) -> list[int]:
    """H(v) = min over key vertices k of H(k) + d(k -> v) at each point: the witness tiling of
    the whole plane (a minimum of plane distance functions, so a height function), evaluated
    only where asked.  O((keys + points) log) by three sweeps (PlaneSweep)."""
    keys = sorted(heights) or [(0, 0)]
    vals = [heights.get(k, 0) for k in keys]
    return [v for v, _j in PlaneSweep(keys, points).run(vals)]


def sparse_plane_verdict(givens: list[Edge]) -> PlaneVerdict:
    """The infinite-grid verdict on the key vertices alone, for edges any distance apart.

    The difference system on the K key vertices has the clue arcs and, between every two keys,
    the plane arc d(q -> p).  In each sector's coordinates (u, v) (_SECTORS) d(q -> p) =
    (u_p + v_p) - (u_q + v_q) whenever p dominates q, so the plane arcs of one sector form a DAG
    ordered by (u, v).  Bellman-Ford from a virtual source reaching every key (a, b) at a + b,
    in Gauss-Seidel passes: for each sector, the keys in (u, v) order, each one first lowered
    to the least value its dominated predecessors give (a prefix-minimum Fenwick tree over v:
    O(log K)), then its clue arcs relaxed, then inserted with its new value — so one pass
    carries a value along any chain of plane arcs of that sector, however long.  Then the clue
    arcs relax in FIFO order from what changed.  Rounds (three passes each) are needed only
    where a shortest path turns between sectors or against the order; after every round the
    predecessor arcs are searched for a cycle (O(K)): such a cycle has negative weight, and one
    appears when the system has a negative cycle.

    Cost: O(K) memory; O(R K log K + clue relaxations) time for R rounds (R <= K + 1: the plane
    arcs on a shortest path, plus one; a few on the sets measured), whatever the distances
    between the edges (coordinates 10^6 apart cost the same as neighbours).
    """
    keys = plane_keys(givens)
    k = {v: i for i, v in enumerate(keys)}
    K = len(keys)
    clue: list[list[tuple[int, int]]] = [[] for _ in range(K)]
    clue_w = {}
    for q, p, w in clue_bounds(givens):
        clue[k[q]].append((k[p], w))
        clue_w[(q, p)] = min(w, clue_w.get((q, p), w))
    passes = []
    for form, fu, fv in _SECTORS:
        uv = [(fu(a, b), fv(a, b)) for a, b in keys]
        vs = sorted({v for _u, v in uv})
        rank = {v: i + 1 for i, v in enumerate(vs)}
        passes.append((sorted(range(K), key=lambda i: uv[i]), [rank[v] for _u, v in uv],
                       [form(a, b) for a, b in keys], len(vs)))
    dist = [a + b for a, b in keys]
    pred = [-1] * K
    predw = [0] * K
    predk = [0] * K
    W = K + 1                                        # (value, key) packed as value * W + key
    changed = bytearray(b"\x01") * K
    bad, rounds = -1, 0
    relaxed, check = 0, K
    while bad < 0 and any(changed):
        rounds += 1
        if rounds > 4 * K + 8:                       # pragma: no cover - the theory says a cycle shows first
            raise AssertionError("plane Bellman-Ford did not settle")
        touched = bytearray(K)
        for order, rank, lin, m in passes:
            tree = PrefixMin(m)
            done = bytearray(K)

            def insert(v, tree=tree, rank=rank, lin=lin):
                tree.add(rank[v], (dist[v] - lin[v]) * W + v)
            for p in order:
                got = tree.least(rank[p])
                if got is not None:
                    q = got % W
                    val = (got - q) // W + lin[p]
                    if val < dist[p]:
                        dist[p] = val
                        pred[p], predw[p], predk[p] = q, lin[p] - lin[q], 0
                        touched[p] = 1
                done[p] = 1
                insert(p)
                # its clue arcs at once, and theirs: a key already passed is inserted again
                local = [p]
                while local and bad < 0:
                    q = local.pop()
                    dq = dist[q]
                    for t, w in clue[q]:
                        if dq + w < dist[t]:
                            dist[t] = dq + w
                            pred[t], predw[t], predk[t] = q, w, 1
                            touched[t] = 1
                            if done[t]:
                                insert(t)
                            local.append(t)
                            relaxed += 1
                    if relaxed >= check:             # every K relaxations: a cycle among the predecessors?
                        check = relaxed + K
                        bad = _pred_cycle(pred)
                if bad >= 0:
                    break
            if bad >= 0:
                break
        changed = touched
        if bad < 0:
            bad = _pred_cycle(pred)
    if bad < 0:
        return PlaneVerdict(True, keys, {v: dist[i] for i, v in enumerate(keys)}, None)
    return PlaneVerdict(False, keys, None, _key_cycle(keys, pred, predw, predk, bad, clue_w))


def _key_cycle(keys, pred, predw, predk, bad, clue_w) -> list:
    """The cycle of predecessor arcs through `bad`, runs of plane arcs merged into one plane arc
    between their ends, starting at a clue arc."""
    seen, v = set(), bad
    while v not in seen:                             # walk onto the cycle
        seen.add(v)
        v = pred[v]
    start, arcs = v, []
    while True:
        arcs.append((pred[v], v, predw[v], predk[v]))
        v = pred[v]
        if v == start:
            break
    arcs.reverse()
    return _joined_cycle(arcs, keys, clue_w)


def plane_witness(verdict: PlaneVerdict, window: Region) -> list[int]:
    """Heights of a tiling of the plane that fits the clues, on the vertices of a window:
    H(v) = min over key vertices k of H(k) + d(k -> v), a height function of the whole
    plane (a minimum of distance functions) equal to the potentials on the keys."""
    hk = sorted(verdict.heights.items()) or [((0, 0), 0)]      # no clues: any tiling will do
    return [min(h + plane_distance(k, v) for k, h in hk) for v in window.coords]


def plane_feasible(givens: Iterable[Edge]) -> bool:
    """Can the infinite triangular grid be tiled with these salient edges?"""
    return plane_verdict(givens).feasible
