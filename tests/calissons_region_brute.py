"""Independent brute force for calisson regions (no height functions, no solver code).

A tiling of a set of triangles is a perfect matching of triangles across shared edges:
take the smallest untiled triangle, pair it with each untiled neighbour in turn, recurse.
Triangles are (a, b, kind) with corners kind 0: (a, b), (a+1, b), (a+1, b+1) and kind 1:
(a, b), (a, b+1), (a+1, b+1), written out here again from the definition.  A calisson is
named by the edge its two triangles share (as [tail, direction]) and coloured by that
direction; fold edges are read from the matching.
"""

from __future__ import annotations

STEP = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}


def corners(t):
    a, b, k = t
    return {(a, b), (a + 1, b), (a + 1, b + 1)} if k == 0 else {(a, b), (a, b + 1), (a + 1, b + 1)}


def sides(t):
    """The three sides of a triangle as frozensets of two corners."""
    c = sorted(corners(t))
    return [frozenset((c[i], c[j])) for i, j in ((0, 1), (0, 2), (1, 2))]


def side_name(s):
    """[tail, direction] of a side: the direction whose step joins its two corners."""
    p, q = sorted(s)
    for d, (da, db) in STEP.items():
        if (p[0] + da, p[1] + db) == q:
            return (p[0], p[1], d)
        if (q[0] + da, q[1] + db) == p:
            return (q[0], q[1], d)
    raise AssertionError(s)


def tilings(triangles, limit=None):
    """Every tiling, as a frozenset of crossed sides (frozensets), by plain backtracking."""
    tris = sorted(set(triangles))
    by_side = {}
    for t in tris:
        for s in sides(t):
            by_side.setdefault(s, []).append(t)
    nbrs = {t: [(s, u) for s in sides(t) for u in by_side[s] if u != t] for t in tris}
    free = set(tris)
    chosen = []
    out = []

    def rec():
        if limit is not None and len(out) >= limit:
            return
        if not free:
            out.append(frozenset(chosen))
            return
        t = min(free)
        free.discard(t)
        for s, u in nbrs[t]:
            if u in free:
                free.discard(u)
                chosen.append(s)
                rec()
                chosen.pop()
                free.add(u)
        free.add(t)

    rec()
    return out


def fold_edges(triangles, crossed):
    """The fold edges of a tiling: interior sides not crossed whose two calissons differ in colour."""
    tris = set(triangles)
    colour = {}
    for s in crossed:
        c = side_name(s)[2]
        for t in tris:
            if s in sides(t):
                colour[t] = c
    by_side = {}
    for t in tris:
        for s in sides(t):
            by_side.setdefault(s, []).append(t)
    out = set()
    for s, ts in by_side.items():
        if len(ts) == 2 and s not in crossed and colour[ts[0]] != colour[ts[1]]:
            out.add(side_name(s))
    return out


def interior_sides(triangles):
    """Named interior sides (two triangles on them)."""
    count = {}
    for t in set(triangles):
        for s in sides(t):
            count[s] = count.get(s, 0) + 1
    return sorted(side_name(s) for s, c in count.items() if c == 2)


def solutions(triangles, givens, all_tilings=None):
    """Tilings (crossed-side sets) satisfying the puzzle rules for these givens."""
    g = set(givens)
    out = []
    for T in all_tilings if all_tilings is not None else tilings(triangles):
        names = {side_name(s) for s in T}
        if names & g:
            continue
        if g <= fold_edges(triangles, T):
            out.append(T)
    return out
