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
from generator.loopy.solver import NO, YES

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


# ---- Closure._easy: `_decide` written out in it ---------------------------------------------------

class Decided(Closure):
    """Closure with Easy's loop deciding its edges through `_decide`, the helper every other rule
    decides through: what `Closure._easy` writes out (and why it does: see its docstring)."""

    def _easy(self) -> None:
        b, st, clues, read = self.b, self.st, self.clues, self.read
        fq, ffl, dq, dfl = self.qf[0], self.inf[0], self.qd[0], self.ind[0]
        fy, fn, dy, dn = self.fy, self.fn, self.dy, self.dn
        size, deg, face_edges, dot_edges, face_dots = b.face_size, b.dot_deg, b.face_edges, b.dot_edges, b.faces
        while True:
            if dq:
                d = dq.pop()
                dfl[d] = 0
                y = dy[d]
                u = deg[d] - y - dn[d]
                if not u or (u > 1 and y < 2):
                    continue
                es, v = dot_edges[d], NO if y == 2 else (YES if y else NO)
            elif fq:
                f = fq.pop()
                ffl[f] = 0
                c, k, y, n = clues[f], size[f], fy[f], fn[f]
                u = k - y - n
                if not u:
                    continue
                if y == c or n == k - c:
                    es, v = face_edges[f], NO if y == c else YES
                elif n == k - c - 1 and u > 2:
                    es, ds = face_edges[f], face_dots[f]
                    for i in range(k):
                        a, e = es[i - 1], es[i]
                        if not st[a] and not st[e] and dy[ds[i]]:
                            break
                    else:
                        continue
                    es, v = [x for x in es if not st[x] and x != a and x != e], YES
                else:
                    continue
                read[f] = 1
            else:
                return
            self._decide(es, v)


def _state(c) -> tuple:
    """Everything a closure's run reads or writes, as plain values (`changed` aside: only the
    rules above Easy read it, after setting it)."""
    return (list(c.st), list(c.fy), list(c.fn), list(c.dy), list(c.dn), c.unknown, c.bad, c.closed,
            sorted(c.other_end.items()), bytes(c.read), [list(q) for q in c.qf], [list(q) for q in c.qd],
            [bytes(x) for x in c.inf], [bytes(x) for x in c.ind],
            [list(getattr(c, k, ())) for k in ("parent", "par", "settled")])     # (Hard's classes)


@pytest.mark.parametrize("level", range(S.HARD + 1), ids=S.LEVELS[:S.HARD + 1])
def test_easy_written_out_is_decide_firing_for_firing(level):
    """Closure._easy and the same loop calling `_decide`, run side by side on the same clues: after
    every turn of Easy's loop, every count, chain, queue and flag is the same (so every later
    rule fires alike), and so are the verdict and the edges."""
    turns = 0
    for tiling, board, clues in CASES:
        fast_one, ref = Closure(board, clues, level), Decided(board, clues, level)
        seen = {id(fast_one): [], id(ref): []}
        for c in (fast_one, ref):
            def easy(c=c, inner=c._easy):
                inner()
                seen[id(c)].append(_state(c))
            c._easy = easy
        assert fast_one.run() == ref.run(), (tiling, S.LEVELS[level])
        assert seen[id(fast_one)] == seen[id(ref)], (tiling, S.LEVELS[level])
        turns += len(seen[id(ref)])
    assert turns >= len(CASES)


def test_the_side_by_side_check_can_fail():
    """A written-out loop that queued one dot less than `_decide` would be told apart."""
    class Lazy(Decided):
        def _decide(self, es, v):
            super()._decide(es, v)
            self.qd[0].clear()
    differs = 0
    for _tiling, board, clues in CASES:
        a, b = Decided(board, clues, S.EASY), Lazy(board, clues, S.EASY)
        a.run(), b.run()
        differs += _state(a) != _state(b)
    assert differs


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
