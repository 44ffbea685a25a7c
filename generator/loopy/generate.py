"""Clue sets: from a random loop to a puzzle that is unique and exactly of its level.

The method is Tatham's Loopy's (the facts in its documentation and source; our code):

1. grow a random loop (generator.loopy.loopgen) and write every face's clue — the number of
   its edges on the loop;
2. if the full clue set is not solvable at the target level, start again with a new loop;
3. visit the faces in random order and remove each clue whose removal leaves the puzzle
   solvable at the target level (the solver deduces without guessing, so "solvable"
   implies "the loop is unique");
4. reject the result if it is also solvable at the level below (it would be too easy for
   its label) and start again with a new loop.

The result is a locally minimal clue set: no single clue can go without leaving the level.

`make` is the generator of `loopy.v1` links with the first (frozen) solver; `make_v2` makes
`loopy.v2` puzzles with Tatham's levels (generator.loopy.solver), in the same four steps.
"""

from __future__ import annotations

from generator.errors import TilepressError
from generator.loopy import loopgen
from generator.loopy.grid import Grid
from generator.loopy import solver as S
from generator.loopy.solver_v1 import EASY, SOLVED, YES, Tables, solve

MAX_ROUNDS = 60
MAX_ROUNDS_V2 = 200


def clues_of(grid: Grid, loop) -> list[int]:
    """Every face's clue for a loop given as a set of edges."""
    on = set(loop)
    return [sum(1 for e in es if e in on) for es in grid.face_edges]


def thin(tables: Tables, clues, level: int, rng) -> list:
    """Remove clues in random order while the puzzle stays solvable at the level."""
    clues = list(clues)
    order = list(range(len(clues)))
    rng.shuffle(order)
    for f in order:
        keep, clues[f] = clues[f], None
        if solve(tables, clues, level)[0] != SOLVED:
            clues[f] = keep
    return clues


def make(grid: Grid, level: int, rng, tables: Tables | None = None) -> tuple[list, list[int], dict]:
    """(clues with None for blanks, loop edges, statistics) for a new puzzle of a level."""
    tables = tables or Tables(grid)
    stats = {"loops": 0, "too_easy": 0, "unsolvable": 0}
    for _ in range(MAX_ROUNDS):
        stats["loops"] += 1
        loop = loopgen.loop_edges(grid, loopgen.generate(grid, rng))
        full = clues_of(grid, loop)
        verdict, state = solve(tables, full, level)
        if verdict != SOLVED:
            stats["unsolvable"] += 1
            continue
        clues = thin(tables, full, level, rng)
        if level > EASY and solve(tables, clues, level - 1)[0] == SOLVED:
            stats["too_easy"] += 1
            continue
        verdict, state = solve(tables, clues, level)
        if verdict != SOLVED or sorted(e for e, s in enumerate(state) if s == YES) != sorted(loop):
            raise RuntimeError("loopy: the solver disagrees with the generated loop")
        return clues, sorted(loop), stats
    raise TilepressError(f"no puzzle of this level found on this grid in {MAX_ROUNDS} loops "
                         "(try another seed, level or a larger size)")


def thin_v2(board: S.Board, clues, level: int, rng) -> list:
    """Remove clues in random order while the level-L solver (Tatham's levels) still solves."""
    clues = list(clues)
    order = list(range(len(clues)))
    rng.shuffle(order)
    for f in order:
        keep, clues[f] = clues[f], None
        if not solves(board, clues, level):
            clues[f] = keep
    return clues


def solves(board: S.Board, clues, level: int) -> bool:
    """Does the level-L solver (Tatham's levels) solve these clues?"""
    return S.Solver(board, clues, level).run() == S.SOLVED


def make_v2(grid: Grid, level: int, rng, board: S.Board | None = None) -> tuple[list, list[int], dict]:
    """(clues, loop edges, statistics) of a new puzzle graded exactly `level` (v2)."""
    board = board or S.Board.of_grid(grid)
    stats = {"loops": 0, "too_easy": 0, "unsolvable": 0}
    for _ in range(MAX_ROUNDS_V2):
        stats["loops"] += 1
        loop = loopgen.loop_edges(grid, loopgen.generate(grid, rng))
        full = clues_of(grid, loop)
        if not solves(board, full, level):
            stats["unsolvable"] += 1
            continue
        clues = thin_v2(board, full, level, rng)
        if level > S.EASY and solves(board, clues, level - 1):
            stats["too_easy"] += 1
            continue
        s = S.Solver(board, clues, level)
        if s.run() != S.SOLVED or sorted(e for e, v in enumerate(s.st) if v == S.YES) != sorted(loop):
            raise RuntimeError("loopy: the solver disagrees with the generated loop")
        return clues, sorted(loop), stats
    raise TilepressError(f"no puzzle of this level found on this grid in {MAX_ROUNDS_V2} loops "
                         "(try another seed, level or a larger size)")
