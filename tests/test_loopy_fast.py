"""Each method of the fast closure (generator/loopy/fast.py) reaches what the rule it replaces
reaches: a Closure with that one method swapped back for the rule book's (`solver.Solver`'s)
decides the same edges, with the same verdict, as the Closure and as a plain solve, on random
clue sets of grids with and without dots of degree 2, at every level the method serves."""
import random

import pytest

from generator.loopy import fast
from generator.loopy import generate as GEN
from generator.loopy import grid as G
from generator.loopy import loopgen, tiling_source
from generator.loopy import solver as S
from generator.loopy.fast import Closure

# every rule book method the Closure overrides, with the lowest level where it runs.  The Easy
# rules are replaced by `_easy`, run from `fixpoint`: swapping `fixpoint` back runs easy_face
# and easy_dot instead.  A Closure decides a run of edges through dots of degree 2 whole
# (`Board.runs`), in `set` and in `_easy` alike, and counts on it; the rule book's `set`
# decides one edge, so it goes back together with `fixpoint` (then no run is decided whole).
OVERRIDES = {
    ("fixpoint",): S.EASY, ("set", "fixpoint"): S.EASY, ("_unmet",): S.EASY,
    ("fact",): S.NORMAL, ("normal_dot",): S.NORMAL, ("normal_face",): S.NORMAL,
    ("tricky_face",): S.TRICKY, ("tricky_dot",): S.TRICKY,
    ("_settle",): S.HARD, ("link",): S.HARD, ("_decide_class",): S.HARD, ("_parity",): S.HARD,
    ("hard_face",): S.HARD, ("hard_dot",): S.HARD,
}
GRIDS = (("p2", "5", "4"), ("p3", "6", "5"), ("hat", "24", "20"), ("spectre", "18", "15"))


def _cases():
    """Random clue sets, each some of one loop's clues (a Closure's clues always are)."""
    rng = random.Random(29)
    out = []
    for tiling, w, h in GRIDS:
        grid = G.build(tiling_source.patch(tiling, w, h, 3)[1])
        board = S.Board.of_grid(grid)
        full = GEN.clues_of(grid, loopgen.loop_edges(grid, loopgen.generate(grid, rng)))
        for _ in range(4):
            p = rng.uniform(0.35, 0.9)
            out.append((tiling, board, [c if rng.random() < p else None for c in full]))
    return out


CASES = _cases()


def test_every_override_is_listed():
    """The list above is the Closure's overrides of rule book methods, all of them."""
    own = {n for n, v in vars(Closure).items() if callable(v) and hasattr(S.Solver, n)}
    assert own - {"__init__", "clone", "add_clue"} == {n for names in OVERRIDES for n in names}


@pytest.mark.parametrize("names", sorted(OVERRIDES), ids="+".join)
def test_each_fast_method_reaches_what_its_rule_reaches(names):
    reference = type("Swapped", (Closure,), {n: getattr(S.Solver, n) for n in names})
    assert all(getattr(reference, n) is not getattr(Closure, n) for n in names)
    name = "+".join(names)
    compared = 0
    for tiling, board, clues in CASES:
        for level in range(OVERRIDES[names], S.HARD + 1):
            plain = S.Solver(board, clues, level)
            plain.ambiguity_stop = False
            want = plain.run()
            closure = Closure(board, clues, level)
            swapped = reference(board, clues, level)
            assert closure.run() == want == swapped.run(), (name, tiling, S.LEVELS[level])
            assert closure.st == plain.st == swapped.st, (name, tiling, S.LEVELS[level])
            compared += 1
    assert compared >= 16


def test_a_wrong_fast_method_is_caught():
    """The comparison can fail: a closure whose Normal face rule never fires is told apart."""
    class Broken(Closure):
        def normal_face(self, f):
            return None
    differs = 0
    for _tiling, board, clues in CASES:
        plain = S.Solver(board, clues, S.NORMAL)
        plain.ambiguity_stop = False
        plain.run()
        broken = Broken(board, clues, S.NORMAL)
        broken.run()
        differs += broken.st != plain.st
    assert differs
    assert fast.Closure is Closure


# ---- Quick: the rule book's own run, its hot paths written out --------------------------------

QUICK = ("set", "fact", "_settle", "_decide_class", "link", "_parity", "hard_dot")


def _same_run(a, b, what):
    assert a.run() == b.run(), what
    assert (a.st, bytes(a.read), a.steps_done, bytes(a.al), bytes(a.am)) == \
        (b.st, bytes(b.read), b.steps_done, bytes(b.al), bytes(b.am)), what


def test_quick_overrides_only_what_is_listed():
    own = {n for n, v in vars(fast.Quick).items() if callable(v) and hasattr(S.Solver, n)}
    assert own - {"__init__"} == set(QUICK)


@pytest.mark.parametrize("name", QUICK)
def test_each_quick_method_fires_as_its_rule_does(name):
    """Quick makes the rule book's firings in its order (Expert is not known to be order-free):
    the same edges, clues read, facts and count of firings as the Solver, at every level, and
    so with each of its methods swapped back for the rule book's."""
    swapped = type("Swapped", (fast.Quick,), {name: getattr(S.Solver, name)})
    for tiling, board, clues in CASES:
        for level in range(len(S.LEVELS)):
            what = (name, tiling, S.LEVELS[level])
            _same_run(fast.Quick(board, clues, level), S.Solver(board, clues, level), what)
            _same_run(swapped(board, clues, level), S.Solver(board, clues, level), what)


def test_quick_grade_is_the_grade():
    for _tiling, board, clues in CASES[::3]:
        (a, sa), (b, sb) = fast.grade(board, clues), S.grade(board, clues)
        assert a == b and (sa is None) == (sb is None)
        assert sa is None or (sa.st, sa.steps_done) == (sb.st, sb.steps_done)
