"""A Loopy puzzle: its grid, level, clues and (unique) solution; creation and regeneration.

    create(tiling, width, height, seed, level)  a new puzzle on a fresh patch of a tiling
    from_permalink(text)                        the puzzle a `loopy.v1.…` permalink names:
                                                rebuild the grid from the tiling permalink,
                                                read the clues, solve (no generator involved)
    to_json(puzzle)                             the documented machine interface

The random choices of a new puzzle use `random.Random("loopy:<level>:<seed>:<tiling
permalink>")`, so the same parameters give the same puzzle on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.errors import PermalinkError, TilepressError
from generator.loopy import generate, grid as G, permalink as PL, tiling_source
from generator.loopy.solver_v1 import CONTRADICTION, HARD, LEVELS, SOLVED, YES, Tables, solve

MAX_FACES = 2500


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: level name, tiling permalink, grid, clues (None = blank), loop edges."""

    level: str
    tiling: str
    grid: G.Grid
    clues: tuple
    solution: tuple

    @property
    def permalink(self) -> str:
        return PL.encode(self.level, self.clues, self.tiling)

    @property
    def clue_count(self) -> int:
        return sum(1 for c in self.clues if c is not None)


def _grid(tiles) -> G.Grid:
    """The trimmed grid of some tiles, size-checked."""
    grid = G.build(tiles)
    if len(grid.faces) > MAX_FACES:
        raise TilepressError(f"the patch has {len(grid.faces)} faces (limit {MAX_FACES}): choose a smaller size")
    if len(grid.faces) < 4:
        raise TilepressError("the patch is too small for a Loopy puzzle: choose a larger size")
    return grid


def create(tiling: str, width, height, seed: int, level: str, stats: dict | None = None) -> Puzzle:
    """A new unique puzzle of a level on a fresh patch."""
    if level not in LEVELS:
        raise TilepressError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    link, tiles = tiling_source.patch(tiling, width, height, seed)
    grid = _grid(tiles)
    rng = random.Random(f"loopy:{level}:{seed}:{link}")
    clues, loop, st = generate.make(grid, LEVELS.index(level), rng)
    if stats is not None:
        stats.update(st)
    return Puzzle(level, link, grid, tuple(clues), tuple(loop))


def from_permalink(text: str) -> Puzzle:
    """The puzzle a permalink names (the solution found by solving its clues)."""
    level, clues, tiling = PL.decode(text)
    try:
        _name, link, tiles = tiling_source.from_permalink(tiling)
    except PermalinkError as exc:
        raise PermalinkError(f"loopy permalink: its tiling part is bad: {exc}") from None
    grid = _grid(tiles)
    if len(clues) != len(grid.faces):
        raise PermalinkError(f"loopy permalink: {len(clues)} clues for a grid of {len(grid.faces)} faces")
    for f, c in enumerate(clues):
        if c is not None and c > len(grid.faces[f]):
            raise PermalinkError(f"loopy permalink: clue {c} on a face with {len(grid.faces[f])} edges")
    verdict, state = solve(Tables(grid), clues, HARD)
    if verdict == CONTRADICTION:
        raise PermalinkError("loopy permalink: no loop fits its clues (they contradict each other)")
    if verdict != SOLVED:
        raise PermalinkError("loopy permalink: its clues do not determine exactly one loop "
                             "(deduction stops before the loop is found)")
    loop = tuple(e for e, s in enumerate(state) if s == YES)
    return Puzzle(level, link, grid, tuple(clues), loop)


def to_json(p: Puzzle) -> dict:
    """The documented JSON object (dots in the tiling's coordinates, y up)."""
    g = p.grid
    return {
        "permalink": p.permalink,
        "tiling": p.tiling,
        "level": p.level,
        "dots": [[round(x, 9) + 0.0, round(y, 9) + 0.0] for x, y in g.dots],
        "faces": [{"dots": list(ids), "clue": c} for ids, c in zip(g.faces, p.clues)],
        "edges": [list(ab) for ab in g.edges],
        "solution": sorted(list(g.edges[e]) for e in p.solution),
    }
