"""Why standard methods fail: the calisson puzzle as SAT, and as a matching that forgets colours.

"The Calissons Puzzle" (Favreau, Gerard, Lafourcade and Robert) writes the puzzle as a
3-SAT formula with one variable per possible calisson (here: per interior edge, the edge the
calisson crosses, numbered 1, 2, ... in sorted edge order) and four classes of clauses:

1. cover: every triangle is covered by one of the (at most three) calissons containing it;
2. no overlap: two calissons sharing a triangle are not both chosen;
3. rule (i): a given edge is not crossed (its variable is false);
4. rule (ii): beside a given edge the calissons have different colours.  A triangle beside
   a given edge of direction d is covered across its d1 or its d2 edge (the other two
   directions), and the colours differ exactly when "left across d1" <=> "right across d2";
   so "left across d1 -> right across d2", "left across d2 -> right across d1" and the same
   from the right.  An implication whose conclusion is a boundary edge (no calisson there)
   becomes "not the premise".

A SAT solver solves it, but nothing in the formula says it is easy: the paper's point is
that the height functions (solver.py) solve it in polynomial time.  The other classic
tool, a perfect matching of the triangles' adjacency graph with the given edges removed
(`matching_tiling`), keeps rule (i) but not rule (ii): it can return a tiling that breaks
the colour rule (`matching_counterexample`), and forcing the colours into a matching makes
it hard.
"""

from __future__ import annotations

from generator.calissons.model import NEXT, edge_triangles, triangle_edges

CLASSES = ("cover", "no overlap", "not crossed (i)", "different colours (ii)")


def encode(region, givens) -> tuple[list, list[tuple[int, list[int]]]]:
    """(edges, clauses): variable i + 1 is the calisson crossing edges[i]; each clause is
    (class 1..4, literals)."""
    edges = region.interior_edge_list()
    var = {e: i + 1 for i, e in enumerate(edges)}
    clauses: list[tuple[int, list[int]]] = []
    for t in region.triangles:
        mine = [var[e] for e in triangle_edges(t) if e in var]
        clauses.append((1, mine))
        clauses += [(2, [-mine[i], -mine[j]]) for i in range(len(mine)) for j in range(i + 1, len(mine))]
    for e in sorted(givens):
        clauses.append((3, [-var[e]]))
    for e in sorted(givens):
        d1 = NEXT[e[2]]
        d2 = NEXT[d1]
        left, right = (_across(t) for t in edge_triangles(e))
        for one, two in ((left, right), (right, left)):
            for a, b in ((d1, d2), (d2, d1)):
                premise, conclusion = var.get(one[a]), var.get(two[b])
                if premise is None:
                    continue                        # no calisson there: nothing to imply
                clauses.append((4, [-premise] if conclusion is None else [-premise, conclusion]))
    return edges, clauses


def _across(t) -> dict:
    """A triangle's edges by direction."""
    return {e[2]: e for e in triangle_edges(t)}


def dimacs(region, givens, source: str = "") -> str:
    """The DIMACS CNF text, with comments naming the variables and the clause classes."""
    edges, clauses = encode(region, givens)
    lines = ["c calisson puzzle as SAT (Favreau, Gerard, Lafourcade and Robert, 'The Calissons Puzzle')"]
    if source:
        lines.append(f"c puzzle: {source}")
    counts = [sum(1 for k, _c in clauses if k == cls) for cls in (1, 2, 3, 4)]
    lines.append("c clause classes, in this order: " + ", ".join(f"{n} {name}" for n, name in zip(counts, CLASSES)))
    lines.append("c variable v is true when a calisson crosses the interior edge 'c v a b d'")
    lines += [f"c {i + 1} {a} {b} {d}" for i, (a, b, d) in enumerate(edges)]
    lines.append(f"p cnf {len(edges)} {len(clauses)}")
    lines += [" ".join(map(str, lits + [0])) for _k, lits in clauses]
    return "\n".join(lines) + "\n"


# ---- the matching approach ---------------------------------------------------------------

def matching_tiling(region, givens) -> list | None:
    """A tiling of the region that crosses no given edge, from a perfect matching of the
    triangles (up triangles to the down triangles beside them, the given edges removed;
    Kuhn's augmenting paths, in sorted order): the crossed edges, or None.  Rule (ii) is
    not looked at, exactly as in the paper's matching approach."""
    banned = set(givens)
    ups = [t for t in region.triangles if t[2] == 0]
    options = {t: [e for e in triangle_edges(t) if e in region.interior and e not in banned] for t in ups}
    partner: dict = {}                 # down triangle -> (up triangle, edge)

    def augment(t, seen) -> bool:
        """Kuhn's step: match up triangle t, re-matching others along an alternating path."""
        for e in options[t]:
            down = next(s for s in edge_triangles(e) if s != t)
            if down in seen:
                continue
            seen.add(down)
            if down not in partner or augment(partner[down][0], seen):
                partner[down] = (t, e)
                return True
        return False

    for t in ups:
        if not augment(t, set()):
            return None
    return sorted(e for _t, e in partner.values())


def colour_breaks(region, givens, crossed) -> list:
    """The given edges where a tiling (its crossed edges) puts two calissons of one colour."""
    crossed = set(crossed)
    out = []
    for e in sorted(givens):
        colours = []
        for t in edge_triangles(e):
            colours += [f[2] for f in triangle_edges(t) if f in crossed]
        if len(set(colours)) < 2:
            out.append(e)
    return out
