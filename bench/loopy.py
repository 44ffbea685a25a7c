#!/usr/bin/env python3
"""Loopy generation time per level and tiling, next to Tatham's C figures; clue density.

    python bench/loopy.py [--sizes 50,250,600] [--tilings p2,p3,hat] [--levels easy,normal,tricky,hard]
                          [--seeds 1]
    python bench/loopy.py --hints [--sizes 250,600] [--levels hard] [--replay]

--hints: grade and hint CPU time per puzzle instead (see hint_figures).

For each (tiling, size class, level, seed) it makes one puzzle with generator.loopy.puzzle.create
and prints: faces, wall time of the whole generation (patch + grid + loops + clue removal),
the clue density (clued faces / faces), loops tried and how many were rejected as too easy.
The reference column is the C Loopy's time on this kind of machine (from the design notes):
about 50 faces 0.003–0.024 s, 255 faces Easy 0.31 s / Hard 0.72 s, 600 faces Easy 3.2 s /
Hard 9.8 s (other levels not measured there: shown as "-").  The ratio column is ours / C.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.loopy import puzzle as P  # noqa: E402
from generator.loopy.tiling_source import tilings  # noqa: E402

# region sizes (tiling units) that give about 50, 250 and 600 faces after trimming
SIZES = {
    50: {"p2": ("5", "4"), "p3": ("6", "5"), "hat": ("24", "20"), "spectre": ("18", "15")},
    250: {"p2": ("11", "9.5"), "p3": ("14", "11.5"), "hat": ("60", "45"), "spectre": ("45", "36")},
    600: {"p2": ("17.5", "15.5"), "p3": ("23", "18.5"), "hat": ("96", "72"), "spectre": ("72", "54")},
}
# C Loopy at about 50 faces: 0.003 s (Penrose Hard, the fastest) to 0.024 s (hat Hard, the
# slowest); the notes give no per-level split, so the 50-face ratio is against 0.024 s for hats
# and 0.003 s for Penrose Hard (Easy: against the 0.024 s upper end — a lower bound on the ratio).
C_SECONDS = {(50, "easy"): 0.024, (50, "hard"): 0.024, (250, "easy"): 0.31, (250, "hard"): 0.72,
             (600, "easy"): 3.2, (600, "hard"): 9.8}
C_PENROSE_HARD_50 = 0.003


def hint_figures(sizes, tiling_names, levels, seeds, replay: bool) -> None:
    """Grade and hint CPU seconds per puzzle (one fresh v2 puzzle per tiling, size, level, seed).

    grade: generator.loopy.solver.grade (every level up to the puzzle's);  hint0: the first
    hint from an empty board;  with --replay, the mean and the largest hint time over the
    whole replay from an empty board to the solution, and the number of hints it took.
    """
    from generator import hints as H
    from generator.loopy import hints as LH
    from generator.loopy import solver as S
    print(f"{'tiling':7} {'size':>4} {'level':7} {'seed':>4} {'faces':>5} {'edges':>5} {'grade s':>8} "
          f"{'hint0 s':>8} {'hints':>5} {'mean s':>7} {'max s':>7}")
    for size in sizes:
        for tiling in tiling_names:
            for level in levels:
                for seed in seeds:
                    w, h = SIZES[size][tiling]
                    p = P.create(tiling, w, h, seed, level)
                    pz = LH.load(p.permalink)
                    t0 = time.process_time()
                    got, _s = S.grade(pz.board, pz.clues)
                    t_grade = time.process_time() - t0
                    assert got == level
                    t0 = time.process_time()
                    LH.next_step(pz, H.Marks())
                    t_hint0 = time.process_time() - t0
                    n, mean, top = "-", "-", "-"
                    if replay:
                        marks, times = H.Marks(), []
                        while True:
                            t0 = time.process_time()
                            step = LH.next_step(pz, marks)
                            times.append(time.process_time() - t0)
                            if step.rule in ("solved", "stuck", "mistake"):
                                break
                            marks.add(step)
                        n, mean, top = len(times) - 1, f"{sum(times) / len(times):.3f}", f"{max(times):.3f}"
                    print(f"{tiling:7} {size:>4} {level:7} {seed:>4} {len(pz.clues):>5} {pz.board.n_edges:>5} "
                          f"{t_grade:>8.3f} {t_hint0:>8.3f} {n:>5} {mean:>7} {top:>7}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="50,250,600")
    ap.add_argument("--tilings", default=",".join(tilings()), help="default: every registered tiling")
    ap.add_argument("--levels", default="easy,normal,tricky,hard")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--hints", action="store_true", help="grade and hint CPU time per puzzle instead")
    ap.add_argument("--replay", action="store_true", help="with --hints: time every hint of a full replay")
    a = ap.parse_args()
    if a.hints:
        hint_figures(list(map(int, a.sizes.split(","))) if a.sizes != "50,250,600" else [250, 600],
                     a.tilings.split(","), a.levels.split(",") if a.levels != "easy,normal,tricky,hard"
                     else ["hard"], list(map(int, a.seeds.split(","))), a.replay)
        return 0
    print(f"{'tiling':6} {'size':>4} {'level':7} {'seed':>4} {'faces':>5} {'seconds':>8} {'C s':>6} "
          f"{'ratio':>6} {'density':>7} {'loops':>5} {'too easy':>8}")
    for size in map(int, a.sizes.split(",")):
        for tiling in a.tilings.split(","):
            for level in a.levels.split(","):
                for seed in map(int, a.seeds.split(",")):
                    w, h = SIZES[size][tiling]
                    stats: dict = {}
                    t0 = time.perf_counter()
                    p = P.create(tiling, w, h, seed, level, stats)
                    dt = time.perf_counter() - t0
                    c = C_SECONDS.get((size, level))
                    if (size, level) == (50, "hard") and tiling in ("p2", "p3"):
                        c = C_PENROSE_HARD_50
                    faces = len(p.grid.faces)
                    print(f"{tiling:6} {size:>4} {level:7} {seed:>4} {faces:>5} {dt:>8.2f} "
                          f"{(f'{c:.3f}' if c else '-'):>6} {(f'{dt / c:.0f}x' if c else '-'):>6} "
                          f"{p.clue_count / faces:>7.2f} {stats['loops']:>5} {stats['too_easy']:>8}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
