"""Beyond Szobonya's article: the plain 8 × 7 board (method 3) that ran 3 days without a solution.

Why exact search is hard here — a counting argument we also measured.  When a search
has placed a set R of cells, every edge between R and the rest is a constraint that
the rest still has to meet.  Let the *deficit* of R be 3|R| − (edges inside R): the
colours on R's boundary that the remaining cells must still match.  Each matched side
divides the number of fitting candidates by about 4, so a search order whose prefixes
have deficit d pays roughly a factor 4^d in dead ends near the end.  On a torus the
deficit of a prefix equals the excess of constraint on the remaining cells, and it
cannot stay small: any region that is neither tiny nor almost everything has a
boundary at least as long as a band wrapping around the shortest period.

* The 4 × 14 boards wrap around a period of length 4 (a column): deficit 8.
* The plain 8 × 7 board's shortest period is (7, 0): a row of 7, deficit 14 (Szobonya's
  column order has 16: its last 8 cells are fixed on 4, 4, 4, 4, 6, 6, 6, 6 sides).

So the plain board is about 4^(14−8) ≈ 4000 times harder than the 4 × 14 ones whatever
the cell order — dynamic "most constrained cell first" orders and forward checking
included (we tried them on the 4 × 14 upright board: about the same node counts
at 30× the cost per node).  Our
measurements (`depth_profile`, `bench/tantrix.py`): in 30 s (about 47 million nodes)
both Szobonya's order and the row order complete the first 49 cells about a million
times, 53 cells only 4–9 times and 54 never; near the end each further cell keeps only
1/30 to 1/100 of the branches, so a first solution needs on the order of 10^12 nodes —
about a week of Python (Szobonya's C program: 3 days, none).
A quick simulated-annealing experiment over swaps and turns (not kept in the product)
stalled at about 12 mismatched edges out of 168.

What we run (`search`): the exact search in the row order (deficit 14 instead of 16),
tile 1 fixed in the first cell (symmetry breaking: removes the 56 translations),
forward checking (after each placement every later cell that now has four or more
fixed sides must still have a fitting unused tile), randomised candidate order with
restarts whose node budgets grow by 1.5×, under a time budget.  It reports honestly
when the budget runs out.

What did not work, for the record: large-neighbourhood search from an extra-symmetric
pattern (every extra-symmetric pattern is also a plain 8 × 7 solution).  Refilling a
region of k cells with its own tiles against its fixed boundary has, by the same
counting, about k!·6^k / 4^(edges touching the region) alternative fillings — 10^−12
for a dozen cells — so the walk never moves; it would need regions of most of the
torus, which is the original problem.
"""

from __future__ import annotations

import time
from itertools import permutations

from generator.tantrix import boards
from generator.tantrix.search import Search, restarts
from generator.tantrix.tiles import permuted

METHOD = "upright-8x7"


def row_order() -> list[int]:
    """The plain board filled row by row (shortest wrap, deficit 14)."""
    board = boards.get(METHOD)
    rows = [(j - i // 2, i) for i in range(8) for j in range(7)]
    return [board.cells.index(c) for c in rows]


def depth_profile(order: list[int] | None, seed: int, seconds: float,
                  lookahead: int | None = None) -> dict:
    """Run the exact search for a while; how many nodes reached each depth."""
    s = Search(METHOD, seed=seed, order=order, lookahead=lookahead)
    t0 = time.perf_counter()
    found = s.first_solution(seconds=seconds) is not None
    return {"nodes": s.nodes, "seconds": round(time.perf_counter() - t0, 2), "found": found,
            "reached": s.reached}


def is_symmetric(pattern: dict) -> bool:
    """Is there a translation outside the lattice and a colour permutation fixing it?"""
    board = boards.get(METHOD)
    at = {board.reduce((c["q"], c["r"])): (c["tile"], c["rotation"]) for c in pattern["cells"]}
    for v in {board.reduce(p) for p in at}:
        if v == (0, 0):
            continue
        for perm in permutations(range(4)):
            ok = True
            for p, (t, rot) in at.items():
                t2, off = permuted(t, perm)
                if at[board.reduce((p[0] + v[0], p[1] + v[1]))] != (t2, (rot + off) % 6):
                    ok = False
                    break
            if ok:
                return True
    return False


def search(seed: int = 0, seconds: float | None = 120.0, max_nodes: int | None = None,
           progress: bool = False):
    """The exact plain 8 × 7 search (row order, lookahead, restarts): (pattern, nodes) or (None, nodes)."""
    return restarts(METHOD, seed, seconds, max_nodes, order=row_order(), lookahead=4, progress=progress)
