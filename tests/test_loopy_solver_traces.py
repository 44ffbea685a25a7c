"""The plain Solver fires its rules in the order it always has (tests/golden/solver_traces.json).

Expert's extra rules are not known to be order-free, so a change in the order the plain solver
fires in could change which puzzles Expert solves (a v2 link's measured level) and the steps a
hint shows.  Clue thinning's `fast.Closure` overrides the solver's methods with shortcuts that
change the order; this pins that the rule book itself is untouched."""
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

import make_solver_traces as M  # noqa: E402


def test_the_plain_solver_fires_in_the_recorded_order():
    want = json.loads((GOLDEN / "solver_traces.json").read_text())["entries"]
    got = {name: M.trace_hash(board, clues) for name, board, clues in M.cases()}
    assert sorted(got) == sorted(want)
    assert [n for n in want if got[n] != want[n]] == []
