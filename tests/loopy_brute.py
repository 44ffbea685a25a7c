"""An independent Loopy solution counter for the tests (shares no code with the solver).

It reads only the published JSON shape — dots, faces as dot lists, clues — rebuilds the
edges itself and counts the loops satisfying the clues with a SAT solver (python-sat,
a test-only dependency) and lazy cycle cuts:

* one Boolean per edge; each clued face has exactly `clue` true edges (a cardinality
  encoding); each dot has 0 or 2 true edges (no dot with exactly one: a true edge implies
  another; no three true at a dot);
* a model is a set of disjoint cycles.  If it is one cycle satisfying the clues it is a
  solution.  Every cycle C of every model gets the clause "not all edges of C": a loop
  containing all of C's edges is C itself, so this never removes a different solution.
* repeat until UNSAT or the limit: the count (0, 1 or 2 meaning "at least two") is exact.
"""

from __future__ import annotations

from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22


def count_loops(n_dots: int, faces, clues, limit: int = 2) -> tuple[int, list]:
    """(number of solutions up to `limit`, the solutions as sets of dot pairs)."""
    edge_ids: dict = {}
    for ids in faces:
        for i, a in enumerate(ids):
            b = ids[(i + 1) % len(ids)]
            edge_ids.setdefault((min(a, b), max(a, b)), len(edge_ids) + 1)
    pool = IDPool(start_from=len(edge_ids) + 1)
    clauses: list = []
    for ids, clue in zip(faces, clues):
        if clue is None:
            continue
        lits = [edge_ids[(min(a, b), max(a, b))] for a, b in zip(ids, ids[1:] + ids[:1])]
        if clue > len(lits):
            return 0, []
        enc = CardEnc.equals(lits=lits, bound=clue, vpool=pool, encoding=EncType.seqcounter)
        clauses.extend(enc.clauses)
    at_dot: dict = {}
    for (a, b), v in edge_ids.items():
        at_dot.setdefault(a, []).append(v)
        at_dot.setdefault(b, []).append(v)
    for vs in at_dot.values():
        for v in vs:
            clauses.append([-v] + [w for w in vs if w != v])
        for trio in combinations(vs, 3):
            clauses.append([-x for x in trio])
    by_var = {v: e for e, v in edge_ids.items()}
    found: list = []
    with Minisat22(bootstrap_with=clauses) as sat:
        while len(found) < limit and sat.solve():
            true = [by_var[v] for v in sat.get_model() if v > 0 and v in by_var]
            cycles = _cycles(true)
            if not cycles:
                break
            for cyc in cycles:
                if len(cycles) == 1 or _satisfies(cyc, faces, clues):
                    found.append(frozenset(cyc))
                sat.add_clause([-edge_ids[e] for e in cyc])
    return len(found), found


def _cycles(edges) -> list[list]:
    """Split a set of edges where every dot has degree 2 into its cycles."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append((b, (a, b)))
        adj.setdefault(b, []).append((a, (a, b)))
    seen: set = set()
    out = []
    for start in adj:
        if start in seen:
            continue
        cyc, stack = [], [start]
        seen.add(start)
        while stack:
            d = stack.pop()
            for o, e in adj[d]:
                if e not in cyc:
                    cyc.append(e)
                if o not in seen:
                    seen.add(o)
                    stack.append(o)
        out.append(cyc)
    return out


def _satisfies(cycle, faces, clues) -> bool:
    """Does this single cycle satisfy every clue?"""
    on = set(cycle)
    for ids, clue in zip(faces, clues):
        if clue is not None:
            n = sum((min(a, b), max(a, b)) in on for a, b in zip(ids, ids[1:] + ids[:1]))
            if n != clue:
                return False
    return True
