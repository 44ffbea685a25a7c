"""A human-style solver: local rules, propagation, then one-step "what if" probing.

It grades puzzles; it never decides uniqueness (the height solver does that).  The state
is one mark per edge of the hexagon: unknown, *crossed* (a calisson's short diagonal) or
*side* (a tile side).  The rules a player uses:

* boundary and given edges are sides;
* each triangle has exactly one crossed edge (two sides force the third to be crossed, a
  crossed edge makes the other two sides);
* the fold rule: beside a given edge e = (u, d) the two calissons have different colours.
  The triangle towards A = u - step(d1) has its d1 edge (A, d1) and its d2 edge (h, d2);
  the triangle towards B = u - step(d2) has (h, d1) and (B, d2).  A calisson's colour is
  the direction of the edge it crosses, so crossed(A, d1) <=> crossed(B, d2) and
  crossed(h, d2) <=> crossed(h, d1).

Propagation applies these until nothing changes.  If edges remain unknown, the solver
*probes*: it assumes one mark on an unknown edge, propagates, and on a contradiction sets
the opposite mark (one successful probe), then propagates again.  The grade:

    depth        0 propagation alone solves it, 1 probing is needed, 2 probing gets stuck
    propagation  fraction of the interior edges decided before the first probe
    probes       number of successful probes
"""

from __future__ import annotations

from typing import Iterable

from generator.calissons.model import NEXT, Edge, Region, far_vertices, head, hexagon, triangle_edges

UNKNOWN, CROSSED, SIDE = 0, 1, 2


class Board:
    """Edges, triangles and fold links of one puzzle on the hexagon."""

    def __init__(self, n, givens: Iterable[Edge]):
        reg = n if isinstance(n, Region) else hexagon(n)     # a side, or any region
        self.n = n
        self.edges: list[Edge] = sorted(reg.interior | reg.boundary)
        eid = {e: i for i, e in enumerate(self.edges)}
        self.eid = eid
        self.tris = [tuple(eid[e] for e in triangle_edges(t)) for t in reg.triangles]
        self.edge_tris: list[list[int]] = [[] for _ in self.edges]
        for ti, tri in enumerate(self.tris):
            for e in tri:
                self.edge_tris[e].append(ti)
        self.links: list[list[int]] = [[] for _ in self.edges]
        self.start = [UNKNOWN] * len(self.edges)
        for e in reg.boundary:
            self.start[eid[e]] = SIDE
        self.givens = sorted(set(givens))
        for e in self.givens:
            self.start[eid[e]] = SIDE
            a, b, d = e
            d1, d2 = NEXT[d], NEXT[NEXT[d]]
            A, B = far_vertices(e)
            h = head(e)
            for p, q in (((A[0], A[1], d1), (B[0], B[1], d2)), ((h[0], h[1], d2), (h[0], h[1], d1))):
                i, j = eid[p], eid[q]
                self.links[i].append(j)
                self.links[j].append(i)
        self.n_interior = len(reg.interior)

    def propagate(self, state: list[int], queue: list[int]) -> bool:
        """Apply the rules from the edges in queue; False on a contradiction."""
        tris, edge_tris, links = self.tris, self.edge_tris, self.links
        while queue:
            e = queue.pop()
            s = state[e]
            for f in links[e]:
                if state[f] == UNKNOWN:
                    state[f] = s
                    queue.append(f)
                elif state[f] != s:
                    return False
            for ti in edge_tris[e]:
                tri = tris[ti]
                crossed, unknown = tri_counts(tri, state)
                if crossed > 1 or (crossed == 0 and unknown == 0):
                    return False
                if unknown == 0:
                    continue
                if crossed == 1:
                    for f in tri:
                        if state[f] == UNKNOWN:
                            state[f] = SIDE
                            queue.append(f)
                elif unknown == 1:
                    for f in tri:
                        if state[f] == UNKNOWN:
                            state[f] = CROSSED
                            queue.append(f)
        return True

    def initial(self) -> tuple[list[int], bool]:
        """The state after propagating the boundary and the givens."""
        state = list(self.start)
        ok = self.propagate(state, [i for i, s in enumerate(state) if s != UNKNOWN])
        return state, ok


def tri_counts(tri, state) -> tuple[int, int]:
    """(crossed, unknown) among a triangle's three edges: a triangle has exactly one crossed edge
    (the side inside its lozenge), so two crossed, or none crossed with none left, is a contradiction."""
    crossed = unknown = 0
    for f in tri:
        if state[f] == CROSSED:
            crossed += 1
        elif state[f] == UNKNOWN:
            unknown += 1
    return crossed, unknown


def grade(n, givens: Iterable[Edge], max_probes: int = 100000) -> dict:
    """Depth, propagation fraction and probe count of a puzzle on the hexagon of side n or
    on a Region n (see the module notes)."""
    board = Board(n, givens)
    state, ok = board.initial()
    unknown = [i for i, s in enumerate(state) if s == UNKNOWN]
    decided = 1 - len(unknown) / board.n_interior
    result = {"depth": 0, "propagation": round(decided, 4), "probes": 0}
    if not ok:
        result["depth"] = 2
        return result
    probes = tried = 0
    while unknown:
        progress = False
        for e in unknown:
            if state[e] != UNKNOWN:
                continue
            for guess, other in ((CROSSED, SIDE), (SIDE, CROSSED)):
                tried += 1
                trial = list(state)
                trial[e] = guess
                if not board.propagate(trial, [e]):
                    state[e] = other
                    if not board.propagate(state, [e]):
                        result["depth"] = 2
                        return result
                    probes += 1
                    progress = True
                    break
            if tried > max_probes:
                break
        unknown = [i for i in unknown if state[i] == UNKNOWN]
        if not progress or tried > max_probes:
            break
    result["probes"] = probes
    result["depth"] = 0 if probes == 0 and not unknown else (1 if not unknown else 2)
    return result


def solved_state(n: int, givens: Iterable[Edge]) -> list[Edge] | None:
    """The crossed edges found by propagation and probing, or None if it gets stuck."""
    board = Board(n, givens)
    state, ok = board.initial()
    if not ok:
        return None
    g = grade(n, givens)
    if g["depth"] == 2:
        return None
    # replay to obtain the final state
    unknown = [i for i, s in enumerate(state) if s == UNKNOWN]
    while unknown:
        for e in unknown:
            if state[e] != UNKNOWN:
                continue
            for guess, other in ((CROSSED, SIDE), (SIDE, CROSSED)):
                trial = list(state)
                trial[e] = guess
                if not board.propagate(trial, [e]):
                    state[e] = other
                    board.propagate(state, [e])
                    break
        unknown = [i for i in unknown if state[i] == UNKNOWN]
    return sorted(board.edges[i] for i, s in enumerate(state) if s == CROSSED)
