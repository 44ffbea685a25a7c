"""A Loopy puzzle: its grid, level, clues and (unique) solution; creation and regeneration.

    create(tiling, width, height, seed, level)  a new puzzle on a fresh patch of a tiling
                                                (a `loopy.v2` link; version=1 for the old
                                                generator of `loopy.v1` links)
    from_permalink(text)                        the puzzle a `loopy.v1.…`/`loopy.v2.…` link
                                                names: rebuild the grid from the tiling
                                                permalink, read the clues, solve (no
                                                generator involved)
    to_json(puzzle)                             the documented machine interface
    remember(n)                                 from_permalink keeps its last n puzzles (the
                                                page's worker: one regeneration per link)

A v1 link is solved by the frozen first solver (solver_v1), so it keeps its solution; a v2
link by Tatham's levels (solver).  Either way the puzzle's `level` is *measured*: the grade
of its clues by Tatham's levels, never the letter in the link.

The random choices of a new puzzle use `random.Random("loopy.v2:<level>:<seed>:<tiling
permalink>")` (v1: `"loopy:<level>:…"`), so the same parameters give the same puzzle on
every machine.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass

from generator import output
from generator.errors import PermalinkError, TilepressError
from generator.permalinks import Link, as_link, check_cost, parse
from generator.loopy import fast, generate, grid as G, permalink as PL, tiling_source
from generator.loopy import solver as S
from generator.loopy.solver_v1 import CONTRADICTION, HARD, SOLVED, YES, Tables, solve
from generator.loopy.solver_v1 import LEVELS as LEVELS_V1

LEVELS = S.LEVELS

MAX_FACES = 2500
# A grid has at least about as many faces as its tiling's region holds tiles (area over mean
# tile area); the cost check allows this margin over MAX_FACES for the estimate's error.
FACE_ESTIMATE_MARGIN = 1.25


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: measured level, tiling permalink, grid, clues (None = blank), loop edges.

    `version` is the permalink version; `letter` the level name a v1 link's letter spells
    (kept only so that the link is written back as it was read).
    """

    level: str
    tiling: str
    grid: G.Grid
    clues: tuple
    solution: tuple
    version: int = 2
    letter: str = ""
    tiling_name: str = ""           # the tiling's family (p2, p3, hat, spectre), as its link was read

    @property
    def tiling_family(self) -> str:
        """The tiling's family name (read with the link; a Puzzle made by hand: its link's prefix)."""
        return self.tiling_name or self.tiling.split(".", 1)[0]

    @property
    def permalink(self) -> str:
        if self.version == 1:
            return PL.encode(self.letter, self.clues, self.tiling, 1)
        return PL.encode(self.level, self.clues, self.tiling, 2)

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


def measure(grid: G.Grid, clues) -> str:
    """The level of a clue set by Tatham's levels (`beyond` when Expert does not solve it)."""
    return fast.grade(S.Board.of_grid(grid), clues)[0]


def create(tiling: str, width, height, seed: int, level: str, stats: dict | None = None,
           version: int = 2) -> Puzzle:
    """A new unique puzzle of a level on a fresh patch (a v2 link; version=1: the old generator)."""
    levels = LEVELS_V1 if version == 1 else LEVELS
    if level not in levels:
        raise TilepressError(f"unknown level {level!r} (choose from {', '.join(levels)})")
    check_faces(tiling_source.cost(None, tiling, width, height), "the patch", TilepressError)
    with generate.collector_paused():
        return _create(tiling, width, height, seed, level, stats, version, levels)


def _create(tiling, width, height, seed, level, stats, version, levels) -> Puzzle:
    """create's work, once the level and the cost are checked."""
    link, tiles = tiling_source.patch(tiling, width, height, seed)
    grid = _grid(tiles)
    output.stage(f"a loop on {len(grid.faces)} faces, then clues taken away while the {level} solver still "
                 "finds it")
    if version == 1:
        rng = random.Random(f"loopy:{level}:{seed}:{link}")
        clues, loop, st = generate.make(grid, levels.index(level), rng)
        measured = measure(grid, clues)
    else:
        rng = random.Random(f"loopy.v2:{level}:{seed}:{link}")
        clues, loop, st = generate.make_v2(grid, levels.index(level), rng)
        measured = level
    if stats is not None:
        stats.update(st)
    return Puzzle(measured, link, grid, tuple(clues), tuple(loop), version, level, tiling)


def check_faces(tiles: float, what: str, error=PermalinkError) -> float:
    """The cost rule: refuse, before any tile is made, a grid its text says is over MAX_FACES; the
    faces it states (its tiles over the margin)."""
    faces = tiles / FACE_ESTIMATE_MARGIN
    check_cost(what, faces, "faces", MAX_FACES, "choose a smaller tiling region", error)
    return faces


def _stated(clues, tiling: Link) -> float:
    """The faces a link states (its clues, and its tiling region's tiles), checked against MAX_FACES."""
    return check_faces(max(len(clues) * FACE_ESTIMATE_MARGIN, _tiling_part(tiling_source.cost, tiling)),
                       "loopy permalink")


def read(link: Link) -> tuple[int, str, list, Link]:
    """(version, level letter's name, clues, the tiling part as a Link) of a parsed Loopy link: the
    payload and the tiling part each read once, kept with the link."""
    version, letter, clues, tiling = PL.read(link)
    return version, letter, clues, link.reading("loopy tiling", lambda _: _tiling_part(parse, tiling))


def cost(link) -> float:
    """The cost a Loopy permalink (a Link) states: about how many faces its grid has, from the text alone."""
    _version, _letter, clues, tiling = read(as_link(link))
    return _stated(clues, tiling)


def _tiling_part(read, tiling):
    """read(tiling), a bad tiling permalink reported as the Loopy link's fault."""
    try:
        return read(tiling)
    except PermalinkError as exc:
        raise PermalinkError(f"loopy permalink: its tiling part is bad: {exc}") from None


# The page's worker asks for one permalink's picture, JSON, facts, board and hints in turn; a
# permalink names one immutable Puzzle, so it is read (solved and graded) once.  Off by default:
# the command line and the tests always read afresh.
_MEMO: OrderedDict | None = None
_MEMO_SIZE = 0


def remember(n: int) -> None:
    """Keep the last n puzzles from_permalink read (0: none, the default)."""
    global _MEMO, _MEMO_SIZE
    _MEMO_SIZE = max(0, int(n))
    _MEMO = OrderedDict() if _MEMO_SIZE else None


def from_permalink(link) -> Puzzle:
    """The puzzle a permalink (a Link, or its text) names (the solution found by solving its clues,
    the level measured)."""
    if _MEMO is None:
        return _read(as_link(link))
    text = str(link).strip()
    if text in _MEMO:
        _MEMO.move_to_end(text)
        return _MEMO[text]
    p = _MEMO[text] = _read(as_link(link))
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return p


def _read(link: Link) -> Puzzle:
    """from_permalink without the memo."""
    version, letter, clues, tiling = read(link)
    _stated(clues, tiling)                  # the cost its text states, before any tile is made
    name, link, tiles = _tiling_part(tiling_source.from_permalink, tiling)
    grid = _grid(tiles)
    if len(clues) != len(grid.faces):
        raise PermalinkError(f"loopy permalink: {len(clues)} clues for a grid of {len(grid.faces)} faces")
    for f, c in enumerate(clues):
        if c is not None and c > len(grid.faces[f]):
            raise PermalinkError(f"loopy permalink: clue {c} on a face with {len(grid.faces[f])} edges")
    if version == 1:
        verdict, state = solve(Tables(grid), clues, HARD)
        contradiction = verdict == CONTRADICTION
        measured = measure(grid, clues) if verdict == SOLVED else None
    else:
        board = S.Board.of_grid(grid)          # (once: the grade and the contradiction check share it)
        measured, solver = fast.grade(board, clues)
        state = solver.st if solver else None
        verdict = SOLVED if solver else None
        contradiction = not solver and fast.Quick(board, clues, S.EXPERT).run() == S.CONTRADICTION
    if contradiction:
        raise PermalinkError("loopy permalink: no loop fits its clues (they contradict each other)")
    if verdict != SOLVED:
        raise PermalinkError("loopy permalink: its clues do not determine exactly one loop "
                             "(deduction stops before the loop is found)")
    loop = tuple(e for e, s in enumerate(state) if s == YES)
    return Puzzle(measured, link, grid, tuple(clues), loop, version, letter, name)
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
