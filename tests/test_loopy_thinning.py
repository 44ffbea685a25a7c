"""Fast clue thinning (checkpoints, resumed solves) removes exactly the clues that a fresh solve
per removal removes, on every level and several tilings."""
import random

import pytest

from generator.loopy import generate as GEN
from generator.loopy import grid as G
from generator.loopy import loopgen, tiling_source
from generator.loopy import solver as S


def _case(tiling, w, h, seed, level):
    _link, tiles = tiling_source.patch(tiling, w, h, seed)
    grid = G.build(tiles)
    board = S.Board.of_grid(grid)
    rng = random.Random(f"thinning:{tiling}:{seed}:{level}")
    while True:
        full = GEN.clues_of(grid, loopgen.loop_edges(grid, loopgen.generate(grid, rng)))
        if GEN.solves(board, full, level):
            break
    order = list(range(len(full)))
    rng.shuffle(order)
    return board, full, order


def _naive(board, clues, level, order):
    """Independent of generate: try each removal in order with a fresh solve from no marks."""
    clues = list(clues)
    for f in order:
        keep, clues[f] = clues[f], None
        if S.Solver(board, clues, level).run() != S.SOLVED:
            clues[f] = keep
    return clues


@pytest.mark.parametrize("tiling,w,h,levels", [("p2", "5", "4", range(len(S.LEVELS))),
                                               ("hat", "24", "20", (S.HARD, S.EXPERT))])
def test_thinning_equals_a_fresh_solve_per_removal_at_every_level(tiling, w, h, levels):
    for level in levels:
        board, full, order = _case(tiling, w, h, 3, level)
        want = _naive(board, full, level, order)
        t = GEN.Thinning(board, list(full), level, every=16)     # many checkpoints: many resumes
        got = t.run(order)
        assert got == want, (tiling, S.LEVELS[level])
        assert t.resumed > 0                                   # the resumed path was taken
        assert S.Solver(board, got, level).run() == S.SOLVED
        assert 0 < sum(c is not None for c in got) < len(got)


def test_thinning_skips_the_solve_of_clues_no_firing_read():
    board, full, order = _case("spectre", "18", "15", 4, S.EASY)
    t = GEN.Thinning(board, list(full), S.EASY)
    assert t.run(order) == _naive(board, full, S.EASY, order)
    assert t.free > 0


def test_a_watched_run_is_the_same_run():
    """The checkpoint hook does not change what the solver does."""
    board, full, order = _case("hat", "24", "20", 5, S.HARD)
    clues = _naive(board, full, S.HARD, order)
    plain = S.Solver(board, clues, S.HARD)
    plain.run()
    watched = GEN._Run(board, clues, S.HARD)
    w = GEN._Watch(7, [], {}, watched)
    watched.watch = w
    watched.run()
    assert watched.st == plain.st and watched.read == plain.read and watched.steps_done == plain.steps_done
    assert len(w.marks) > 3
    # a run restored at any checkpoint finishes as the original did
    again = GEN._restore(w.marks[len(w.marks) // 2], watched)
    assert again.run() == S.SOLVED and again.st == plain.st
