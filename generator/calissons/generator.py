"""Puzzle generation: a uniform random tiling, all its fold edges, then greedy deletion.

1. Draw a uniformly random tiling S of the hexagon (coupling from the past, sampler.py);
   reject the degenerate ones (the empty and the full box: every edge the same story).
   Sides up to 64 use sampler version 1, so every (n, seed, level) keeps the puzzle it has
   always had; larger sides use the faster version 2 (same law, different draws).
2. Start from X = all salient edges of S: they determine S, so the puzzle is unique.
3. Shuffle X (seeded) and delete each edge whose removal keeps the solution unique.  The
   test is incremental (deletion.py): S is the only solution iff from every vertex the
   arcs tight at S lead up to the ceiling and down to the floor; two spanning forests
   witness that, and a deletion repairs them locally or is refused.  Deleting everything
   deletable gives an inclusion-minimal puzzle, whose only solution is still S.  (The
   earlier test, eight height propagations from S per edge, decides the same questions:
   reduce_givens_propagating, kept for the tests and the benchmark.)
4. Grade with the human-style solver (human.py).  The levels follow a popular puzzle bank,
   whose easy grids keep redundant givens (about 55% and 40% of the fold edges) and are
   solved by propagation alone, while its hard grids are minimal and need probing:

       easy     stop deleting at 55% of the fold edges; depth 0
       medium   stop deleting at 40%; depth 0
       hard     inclusion-minimal; depth >= 1 preferred

   An easy or medium grid that propagation cannot finish gets deleted edges back, last
   deleted first, until it can.  A hard draw that turns out easy is redrawn (a few
   attempts, seeded); the hardest draw is kept.  Beyond n = 24 (far past human sizes)
   probing is skipped: the grade holds the propagation fraction, and depth is 0 or null.

Everything is a function of (n, seed, level, minimal): same arguments, same puzzle.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from generator.calissons import deletion, human
from generator.calissons.model import Edge, Region, heights_from_pp, hexagon, pp_from_heights
from generator.calissons.sampler import sample_pp, sample_region_heights
from generator.calissons.solver import Clues, unique_after_removal
from generator.errors import TilepressError

LEVELS = {"easy": 0.55, "medium": 0.40, "hard": 0.0}
HARD_ATTEMPTS = 6
MAX_GENERATE_N = 256
SAMPLER_V1_MAX_N = 64     # sides drawn by sampler version 1 (their puzzles are pinned)
GRADE_MAX_N = 24          # beyond this the probing grade is skipped (depth reported as null)


@dataclass
class Puzzle:
    """A generated puzzle and its unique solution."""

    n: int
    givens: list[Edge]
    heights: list[int]
    salient: list[Edge]
    difficulty: dict = field(default_factory=dict)
    level: str = "medium"
    seed: object = 0
    shape: object = None          # regions.Shape on other regions (n = 0 there)

    @property
    def pp(self) -> list[list[int]]:
        """The solution as a plane partition."""
        return pp_from_heights(self.n, self.heights)


def degenerate(n: int, pp: list[list[int]]) -> bool:
    """Is the tiling the empty or the full box?"""
    vol = sum(map(sum, pp))
    return vol == 0 or vol == n ** 3


def sample_tiling(n: int, seed, attempt: int, tick=None) -> list[int]:
    """A non-degenerate uniformly random tiling (heights), a function of (n, seed, attempt)."""
    version = 1 if n <= SAMPLER_V1_MAX_N else 2
    for k in range(1000):
        pp = sample_pp(n, f"{seed}:{attempt}:{k}", version=version, tick=tick)
        if not degenerate(n, pp):
            return heights_from_pp(n, pp)
    raise TilepressError(f"no non-degenerate tiling found for n = {n}")  # pragma: no cover


def reduce_givens(n, S: list[int], order: list[Edge], keep: int,
                  progress=None) -> tuple[list[Edge], list[Edge]]:
    """Greedy deletion in the given order down to `keep` edges: (givens, deleted in order).
    n is the hexagon's side or any Region.  Each "still unique?" question is answered by the
    incremental forests of deletion.py (exact: the same givens as reduce_givens_propagating)."""
    reg = n if isinstance(n, Region) else hexagon(n)
    return deletion.reduce_givens(reg, S, order, keep, progress)


def reduce_givens_propagating(n, S: list[int], order: list[Edge], keep: int,
                              progress=None) -> tuple[list[Edge], list[Edge]]:
    """The earlier deletion loop, kept as the reference the tests and the benchmark compare
    with: each question costs eight height propagations from S (solver.unique_after_removal),
    about (givens x area) in all."""
    reg = n if isinstance(n, Region) else hexagon(n)
    clues = Clues(reg, order)
    current = set(order)
    deleted = []
    for e in (progress(order) if progress else order):
        if len(current) <= keep:
            break
        clues.remove(e)
        if unique_after_removal(clues, S, e):
            current.discard(e)
            deleted.append(e)
        else:
            clues.add(e)
    return sorted(current), deleted


def grade(n, givens: list[Edge]) -> dict:
    """The human-style grade, or only the propagation fraction for very large n (or
    regions of more triangles than the hexagon of side GRADE_MAX_N)."""
    if gradeless(n):
        board = human.Board(n, givens)
        state, _ok = board.initial()
        unknown = sum(1 for s in state if s == human.UNKNOWN)
        depth = 0 if unknown == 0 else None
        return {"depth": depth, "propagation": round(1 - unknown / board.n_interior, 4), "probes": None}
    return human.grade(n, givens)


def gradeless(n) -> bool:
    """Too big to grade by probing?"""
    if isinstance(n, Region):
        return len(n.triangles) > 6 * GRADE_MAX_N * GRADE_MAX_N
    return n > GRADE_MAX_N


def generate(n: int, seed, level: str = "medium", minimal: bool = False, progress=None,
             tick=None) -> Puzzle:
    """Generate a unique puzzle of side n at a level (see the module notes); progress wraps
    the deletion loop, tick(sweeps) hears the sampler (both for progress bars)."""
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= MAX_GENERATE_N:
        raise TilepressError(f"size must be an integer in 2..{MAX_GENERATE_N}")
    if level not in LEVELS:
        raise TilepressError(f"level must be one of {', '.join(LEVELS)}")
    return _search(n, hexagon(n), lambda attempt: sample_tiling(n, seed, attempt, tick), f"calissons-order:{n}",
                   seed, level, minimal, progress)


def _search(board, reg, draw, tag: str, seed, level: str, minimal: bool, progress, shape=None) -> Puzzle:
    """Steps 1-4 of the module notes on a board (the hexagon's side, or a Region): draw(attempt)
    gives the tiling, `tag` seeds the deletion order."""
    best = None
    attempts = HARD_ATTEMPTS if level == "hard" else 1
    for attempt in range(attempts):
        S = draw(attempt)
        salient = reg.salient_edges(S)
        order = list(salient)
        random.Random(f"{tag}:{seed}:{attempt}").shuffle(order)
        keep = 0 if minimal else math.ceil(LEVELS[level] * len(salient))
        givens, deleted = reduce_givens(board, S, order, keep, progress)
        diff = grade(board, givens)
        if level != "hard" and not minimal and not gradeless(board):
            current = set(givens)
            while diff["depth"] != 0 and deleted:
                current.add(deleted.pop())
                givens = sorted(current)
                diff = grade(board, givens)
        puzzle = Puzzle(board if isinstance(board, int) else 0, givens, S, salient, diff, level, seed, shape)
        if level != "hard":
            return puzzle
        score = (diff["depth"] or 0, -diff["propagation"])
        if best is None or score > best[0]:
            best = (score, puzzle)
        if diff["depth"] is None or diff["depth"] >= 1:
            break          # hard enough, or too big to grade by probing: keep the first draw
    return best[1]


def difficulty_record(p: Puzzle) -> dict:
    """The difficulty object of the JSON output."""
    d = dict(p.difficulty)
    d["givens"] = len(p.givens)
    d["salient"] = len(p.salient)
    d["level"] = p.level
    return d


# --- puzzles on any region -----------------------------------------------------------------
#
# The same four steps on a region R (regions.Shape): the tiling is drawn by the region
# sampler (CFTP on height functions between R's floor and ceil, sampler.py), degenerate
# tilings are R's floor and ceil, and everything is a function of (R's word, seed, level,
# minimal).  A region with a single tiling has no puzzle worth the name (zero givens).

REGION_DRAWS = 20        # draws before a region's extreme tiling is accepted


def sample_region_tiling(shape, seed, attempt: int, tick=None) -> list[int]:
    """A uniformly random tiling of the region, its floor and ceil redrawn (REGION_DRAWS times)."""
    reg = shape.region
    if reg.floor == reg.ceil:
        raise TilepressError(f"{shape.label} has only one tiling: no puzzle to make")
    for k in range(REGION_DRAWS):
        H = sample_region_heights(reg, f"{seed}:{attempt}:{k}", tick=tick)
        if H != reg.floor and H != reg.ceil:
            return H
    return H            # a region with (almost) only its two extreme tilings: keep the last draw


def generate_region(shape, seed, level: str = "medium", minimal: bool = False, progress=None,
                    tick=None) -> Puzzle:
    """A unique puzzle on a region (a hexagon goes to `generate`, so its puzzles never change)."""
    if shape.hexagon_n is not None:
        pz = generate(shape.hexagon_n, seed, level, minimal, progress, tick)
        pz.shape = shape
        return pz
    if level not in LEVELS:
        raise TilepressError(f"level must be one of {', '.join(LEVELS)}")
    return _search(shape.region, shape.region, lambda attempt: sample_region_tiling(shape, seed, attempt, tick),
                   f"calissons-region-order:{shape.word}", seed, level, minimal, progress, shape)
