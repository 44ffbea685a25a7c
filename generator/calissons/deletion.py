"""Greedy deletion of givens with incremental uniqueness checks (near-linear in the area).

The generator starts from a puzzle whose only solution is the tiling S and deletes givens
one by one, keeping each deletion only if S stays the only solution.  This module answers
each "still unique?" question from two spanning forests that it repairs locally, instead
of propagating heights over the board each time.

Why a forest decides uniqueness.  Every weight of the difference system is congruent mod 3
to the residue difference of its ends (solver.py), so at S every lower-bound arc
H(p) >= H(q) + w has a slack that is a multiple of 3.  Raising S by 3 at a vertex v forces
exactly the vertices reachable from v along *tight* arcs (slack 0) up by 3, and this is a
solution unless one of them is already at the ceiling.  Lowering is the mirror image
(arcs followed backwards, blocked at the floor).  A second solution can be taken comparable
with S (meet or join with S), and a comparable one differs from S by raising (or lowering)
some closed set, which contains such a one-vertex closure.  So

    S is the only solution  <=>  from every vertex, the tight arcs lead forwards to a
                                 vertex at the ceiling and backwards to one at the floor.

The grid's tight arcs depend on S alone and never change; each given adds three tight arcs
(tail -> head of weight +1 and both ways between its far vertices), and deleting a given
deletes them.  The "up" forest gives every vertex one tight out-arc towards the ceiling
(roots: the vertices at the ceiling), the "down" forest one tight in-arc from the floor.
Deleting a given whose arcs carry no forest arc keeps both forests, so S stays unique at
no cost beyond the look-up.  Otherwise each vertex cut off (whose forest arc was deleted)
is handled in the cheapest way that settles it:

* reattached to a live tight arc into a vertex of smaller rank (ranks grow down the
  forest), or into a vertex whose parent chain reaches a root without meeting it;
* rerouted along a short path of live arcs (a bounded breadth-first search through
  vertices of rank at least its own, up to one of smaller rank whose chain reaches a root);
* refused at once when the set its live arcs reach is small and holds no root: raising
  (lowering) that set is a second solution -- refused deletions almost always move a
  handful of vertices;
* else its subtree is cut off and regrown from its border (a breadth-first search inside
  the cut-off set from the vertices that still have a live tight arc out of it); if the
  whole set regrows the deletion is kept, otherwise the given goes back.

The answer is exact, so the greedy deletion keeps the same givens as the earlier test that
propagated heights from S at the four vertices of each removed given
(solver.unique_after_removal); only the work differs, from about (givens x area) to about
(givens x the cut-off subtrees), far less than the area in practice
(`python bench/calissons.py --growth` prints both).
"""

from __future__ import annotations

from collections import deque

from generator.calissons.model import Edge, far_vertices, head
from generator.errors import TilepressError


class UniqueForests:
    """The tight-arc graph of S under a clue set, with the up and down forests."""

    def __init__(self, region, S: list[int], givens: list[Edge]):
        V = len(S)
        idx = region.index
        src: list[int] = []
        dst: list[int] = []
        out_arcs: list[list[int]] = [[] for _ in range(V)]
        in_arcs: list[list[int]] = [[] for _ in range(V)]
        heads, tails = region.heads, region.tails

        def arc(q: int, p: int) -> int:
            a = len(src)
            src.append(q)
            dst.append(p)
            out_arcs[q].append(a)
            in_arcs[p].append(a)
            return a

        for q in range(V):
            sq = S[q]
            for p in heads[q]:            # H(head) >= H(tail) - 2
                if S[p] == sq - 2:
                    arc(q, p)
            for p in tails[q]:            # H(tail) >= H(head) - 1
                if S[p] == sq - 1:
                    arc(q, p)
        self.clue_arcs: dict[Edge, tuple[int, int, int]] = {}
        for e in givens:
            t, h = idx[e[:2]], idx[head(e)]
            A, B = far_vertices(e)
            a, b = idx[A], idx[B]
            if S[h] != S[t] + 1 or S[a] != S[b]:
                raise TilepressError(f"given edge {list(e)} does not fit the tiling")
            self.clue_arcs[e] = (arc(t, h), arc(a, b), arc(b, a))
        self.src, self.dst = src, dst
        self.out_arcs, self.in_arcs = out_arcs, in_arcs
        self.alive = bytearray(b"\x01") * len(src)
        # up forest: parent arc q -> p towards the ceiling; down forest: arc q -> p from the floor
        self.up_parent = self._grow([v for v in range(V) if S[v] == region.ceil[v]], in_arcs, src)
        self.down_parent = self._grow([v for v in range(V) if S[v] == region.floor[v]], out_arcs, dst)
        if -2 in self.up_parent or -2 in self.down_parent:
            raise TilepressError("the givens do not determine the tiling")
        self.up_kids = self._kids(self.up_parent, dst)
        self.down_kids = self._kids(self.down_parent, src)
        self.up_rank = self._ranks(self.up_parent, dst)
        self.down_rank = self._ranks(self.down_parent, src)

    @staticmethod
    def _grow(roots: list[int], back: list[list[int]], other: list[int]) -> list[int]:
        """Breadth-first forest from the roots along arcs taken backwards (`back[x]` the arcs
        by which a vertex reaches x, `other[a]` that vertex): parent arc per vertex, -1 at a
        root, -2 where unreached."""
        parent = [-2] * len(back)
        queue = deque(roots)
        for r in roots:
            parent[r] = -1
        while queue:
            x = queue.popleft()
            for a in back[x]:
                y = other[a]
                if parent[y] == -2:
                    parent[y] = a
                    queue.append(y)
        return parent

    @staticmethod
    def _ranks(parent: list[int], end: list[int]) -> list[int]:
        """A rank per vertex, larger than its parent's (the depth in the forest)."""
        rank = [-1] * len(parent)
        for v in range(len(parent)):
            path = []
            while rank[v] < 0 and parent[v] >= 0:
                path.append(v)
                v = end[parent[v]]
            r = rank[v] if rank[v] >= 0 else 0
            rank[v] = r
            for u in reversed(path):
                r += 1
                rank[u] = r
        return rank

    @staticmethod
    def _kids(parent: list[int], end: list[int]) -> list[set]:
        """Children sets of a forest (end[a] is the parent vertex of arc a)."""
        kids = [set() for _ in parent]
        for v, a in enumerate(parent):
            if a >= 0:
                kids[end[a]].add(v)
        return kids

    def _regrow(self, parent, kids, cut_roots, back, fwd, near, far):
        """Reattach the subtrees below cut_roots using live arcs: the new parent arcs
        {vertex: arc}, or None when some vertex can no longer reach a root."""
        cut = set()
        stack = list(cut_roots)
        while stack:
            v = stack.pop()
            if v not in cut:
                cut.add(v)
                stack.extend(kids[v])
        alive = self.alive
        new = {}
        queue = deque()
        for v in cut:                     # border: a live arc to a vertex outside the cut
            for a in fwd[v]:
                if alive[a] and far[a] not in cut:
                    new[v] = a
                    queue.append(v)
                    break
        while queue:
            x = queue.popleft()
            for a in back[x]:
                if alive[a]:
                    y = near[a]
                    if y in cut and y not in new:
                        new[y] = a
                        queue.append(y)
        return new if len(new) == len(cut) else None

    def try_delete(self, e: Edge) -> bool:
        """Delete given e if S stays the only solution (True), else leave everything as it was."""
        arcs = self.clue_arcs[e]
        alive, src, dst = self.alive, self.src, self.dst
        for a in arcs:
            alive[a] = 0
        up_cut = [src[a] for a in arcs if self.up_parent[src[a]] == a]
        down_cut = [dst[a] for a in arcs if self.down_parent[dst[a]] == a]
        if up_cut:
            up_cut = self._shortcut(up_cut, self.up_parent, self.up_kids, self.up_rank, self.out_arcs, dst)
            up_cut = [q for q in up_cut
                      if not self._reroute(q, self.up_parent, self.up_kids, self.up_rank, self.out_arcs, dst)]
        if down_cut:
            down_cut = self._shortcut(down_cut, self.down_parent, self.down_kids, self.down_rank, self.in_arcs, src)
            down_cut = [q for q in down_cut
                        if not self._reroute(q, self.down_parent, self.down_kids, self.down_rank, self.in_arcs, src)]
        if any(self._stuck(q, self.up_parent, self.out_arcs, dst) for q in up_cut) or \
                any(self._stuck(q, self.down_parent, self.in_arcs, src) for q in down_cut):
            for a in arcs:                       # a second solution moves q: refused at once
                alive[a] = 1
            return False
        up_new = down_new = {}
        if up_cut:
            up_new = self._regrow(self.up_parent, self.up_kids, up_cut, self.in_arcs, self.out_arcs, src, dst)
        if up_new is not None and down_cut:
            down_new = self._regrow(self.down_parent, self.down_kids, down_cut, self.out_arcs, self.in_arcs,
                                    dst, src)
        if up_new is None or down_new is None:
            for a in arcs:
                alive[a] = 1
            return False
        self._commit(self.up_parent, self.up_kids, self.up_rank, up_new, dst)
        self._commit(self.down_parent, self.down_kids, self.down_rank, down_new, src)
        del self.clue_arcs[e]
        return True

    def _shortcut(self, cut_roots, parent, kids, rank, fwd, far):
        """Reattach each cut-off vertex v that has a live arc to a vertex w outside its subtree:
        one of smaller rank (below v's rank, so not under v), or one whose parent chain reaches
        a root without meeting v or a vertex whose parent arc is dead.  The common case, at the
        cost of a look at v's arcs and a few chains.  The forest stays valid whether or not the
        deletion is kept.  Returns the roots left."""
        alive, left = self.alive, []
        for v in cut_roots:
            rv = rank[v]
            best = None
            for a in fwd[v]:
                if alive[a] and rank[far[a]] < rv:
                    best = a
                    break
            if best is None:
                for a in fwd[v]:
                    if alive[a] and self._outside(far[a], v, parent, far):
                        best = a
                        break
            if best is None:
                left.append(v)
                continue
            kids[far[parent[v]]].discard(v)
            parent[v] = best
            kids[far[best]].add(v)
            if rank[far[best]] >= rv:            # keep ranks increasing down the forest
                self._rerank(v, rank[far[best]] + 1, kids, rank)
        return left

    def _reroute(self, q, parent, kids, rank, fwd, far, budget: int = 256) -> bool:
        """Reattach q by a short path of live arcs: a breadth-first search from q through
        vertices of rank >= rank[q] until one of smaller rank whose chain reaches a root
        (so none of the path's vertices is on that chain, whose ranks are all smaller); the
        path's vertices take the path's arcs as their parent arcs.  False when the budget
        runs out first."""
        alive = self.alive
        rq = rank[q]
        via = {q: None}                          # vertex -> (previous vertex, arc from it)
        queue = deque([q])
        while queue:
            v = queue.popleft()
            for a in fwd[v]:
                if not alive[a]:
                    continue
                w = far[a]
                if w in via:
                    continue
                if rank[w] < rq:
                    if not self._outside(w, q, parent, far):
                        continue
                    step = (v, a)
                    while step is not None:     # the path back to q, re-parented
                        x, b = step
                        old = parent[x]
                        if old >= 0:
                            kids[far[old]].discard(x)
                        parent[x] = b
                        kids[far[b]].add(x)
                        if rank[x] <= rank[far[b]]:
                            self._rerank(x, rank[far[b]] + 1, kids, rank)
                        step = via[x]
                    return True
                if len(via) >= budget:
                    return False
                via[w] = (v, a)
                queue.append(w)
        return False

    def _stuck(self, q, parent, fwd, far, budget: int = 64) -> bool:
        """Is the set that live arcs reach from q small (under `budget` vertices) and free of
        roots?  Then raising (or lowering) it is a second solution.  Refused deletions almost
        always move a handful of vertices, so this settles them before any subtree is cut."""
        alive = self.alive
        seen = {q}
        stack = [q]
        while stack:
            v = stack.pop()
            if parent[v] == -1:                  # a root: q reaches the bound
                return False
            for a in fwd[v]:
                if alive[a]:
                    w = far[a]
                    if w not in seen:
                        if len(seen) >= budget:
                            return False         # too big to tell here: the regrowth decides
                        seen.add(w)
                        stack.append(w)
        return True

    def _outside(self, w, v, parent, far) -> bool:
        """Does w's parent chain reach a root without meeting v or a dead parent arc?"""
        alive = self.alive
        while True:
            if w == v:
                return False
            a = parent[w]
            if a < 0:
                return True
            if not alive[a]:
                return False
            w = far[a]

    @staticmethod
    def _rerank(v, r, kids, rank):
        """Give v rank r and push its descendants' ranks up as needed."""
        stack = [(v, r)]
        while stack:
            x, rx = stack.pop()
            if rank[x] >= rx:
                continue
            rank[x] = rx
            for y in kids[x]:
                if rank[y] <= rx:
                    stack.append((y, rx + 1))

    @staticmethod
    def _commit(parent, kids, rank, new, end):
        """Install the regrown parents (in the order found: each after its parent) and ranks."""
        for v, a in new.items():
            old = parent[v]
            if old >= 0:
                kids[end[old]].discard(v)
        for v, a in new.items():
            parent[v] = a
            kids[end[a]].add(v)
            rank[v] = rank[end[a]] + 1


def reduce_givens(region, S: list[int], order: list[Edge], keep: int, progress=None) -> tuple[list[Edge], list[Edge]]:
    """Greedy deletion in the given order down to `keep` edges: (givens, deleted in order).
    `order` holds givens whose only solution is S (all the salient edges of S, say)."""
    forests = UniqueForests(region, S, order)
    current = set(order)
    deleted = []
    for e in (progress(order) if progress else order):
        if len(current) <= keep:
            break
        if forests.try_delete(e):
            current.discard(e)
            deleted.append(e)
    return sorted(current), deleted
