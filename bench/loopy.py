#!/usr/bin/env python3
"""Loopy generation cost per tiling and level against Tatham's C: CPU seconds, ratio, peak memory.

    python bench/loopy.py [--reference PATH] [--sizes 250,600] [--tilings p2,p3,hat,spectre]
                          [--levels easy,...] [--seeds 1,2,3] [--per-seed] [--repeat N] [--first]
    python bench/loopy.py --hints [--sizes 250,600] [--levels hard] [--replay]

--hints: grade and hint CPU time per puzzle instead (see hint_figures).
--first: also the first generator (loopy.v1 links, its own solver) at the level names it has,
measured the same way, and our time over its (Expert beside its "hard", the first solver's top).

"ours s" is the CPU time (user + system) of making one puzzle (generator.loopy.puzzle.create:
patch + grid + loops + clue removal) in a warm process (forked from this one once the modules
are imported and warmed up by one small puzzle per tiling, and making every puzzle of the run
in turn): what a site build or the page pays per puzzle.  The same puzzle
is then made again in a forked child process, whose CPU seconds ("fork s": these plus what the
fork costs, the parent's pages copied as the child writes them) and peak resident memory are
read from the operating system (wait4); the child then grades its puzzle from scratch, as
`loopy grade` does (the "grade s" column, not counted in "fork s").  A row is the median over
the seeds.  --repeat N makes each seed's puzzle N times in the warm process and runs the
reference N times on it, and takes the least CPU of each side: a puzzle of 250 faces costs
tens of milliseconds, and one run of either moves by 20-30% on a shared machine.

--reference PATH: a program run as `PATH PARAMS SEED` that makes one puzzle with Tatham's Loopy
generator (`new_game_desc` of loopy.c) for his parameter string PARAMS (e.g. 20x20t16dh: 20x20
hats, Hard) and seed string SEED, and may print `faces=N`, its own peak `maxrss_kb=K` and
`cpu_s=S`, the CPU seconds of making the puzzle (new_game_desc alone, as "ours s" is create
alone; without it the C column is the CPU of its whole process, start-up included).  It is
measured side by side, in the same run, at his sizes nearest the face counts (`TATHAM_SIZE`).
It is never needed by the tests or CI; it is built outside this repository from his source.

Without --reference the C column shows fixed figures measured on this kind of machine (labelled
"fixed", see FIXED_C); levels his Loopy does not have show "-".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.loopy import puzzle as P  # noqa: E402
from generator.loopy.tiling_source import tilings  # noqa: E402

# region sizes (tiling units) that give about 250 and 600 faces after trimming
SIZES = {
    50: {"p2": ("5", "4"), "p3": ("6", "5"), "hat": ("24", "20"), "spectre": ("18", "15")},
    250: {"p2": ("11", "9.5"), "p3": ("14.5", "12"), "hat": ("63", "47"), "spectre": ("47", "37")},
    600: {"p2": ("17", "16"), "p3": ("24", "18"), "hat": ("100", "76"), "spectre": ("76", "57")},
}
# Tatham's grid type numbers and the sizes of his that give about the same face counts
TATHAM_TYPE = {"p2": 11, "p3": 12, "hat": 16, "spectre": 17}
TATHAM_SIZE = {250: {"p2": 19, "p3": 19, "hat": 20, "spectre": 20},
               600: {"p2": 27, "p3": 28, "hat": 30, "spectre": 30}}
# --first: the first generator's level compared with each of ours (Expert is Tatham's Hard plus
# what the first solver knew beyond it, so it is set beside the first solver's top level)
FIRST = {"expert": "hard"}
TATHAM_LEVEL = {"easy": "e", "normal": "n", "tricky": "t", "hard": "h"}
# Fixed figures: CPU seconds per puzzle of Tatham's C generator (commit 790f5851, gcc -O2),
# median of 5 seeds on this 2-core machine while it was loaded.  250 faces, Easy and Hard of P2,
# hat and Spectre: the figures quoted when this benchmark was asked for (process CPU); the rest:
# the same build on 2026-12-01, CPU of his new_game_desc alone (a few ms less than the process's).
FIXED_C = {
    (250, "p2", "easy"): 0.037, (250, "p2", "normal"): 0.049, (250, "p2", "tricky"): 0.089,
    (250, "p2", "hard"): 0.177, (250, "p3", "easy"): 0.024, (250, "p3", "normal"): 0.036,
    (250, "p3", "tricky"): 0.050, (250, "p3", "hard"): 0.070, (250, "hat", "easy"): 0.109,
    (250, "hat", "normal"): 0.150, (250, "hat", "tricky"): 0.238, (250, "hat", "hard"): 0.315,
    (250, "spectre", "easy"): 0.167, (250, "spectre", "normal"): 0.163, (250, "spectre", "tricky"): 0.259,
    (250, "spectre", "hard"): 0.438,
    (600, "p2", "easy"): 0.235, (600, "p2", "normal"): 0.376, (600, "p2", "tricky"): 0.597,
    (600, "p2", "hard"): 0.973, (600, "p3", "easy"): 0.180, (600, "p3", "normal"): 0.282,
    (600, "p3", "tricky"): 0.451, (600, "p3", "hard"): 0.732, (600, "hat", "easy"): 1.052,
    (600, "hat", "normal"): 1.495, (600, "hat", "tricky"): 2.294, (600, "hat", "hard"): 2.731,
    (600, "spectre", "easy"): 1.080, (600, "spectre", "normal"): 1.332, (600, "spectre", "tricky"): 2.576,
    (600, "spectre", "hard"): 2.925,
}


def _levels() -> tuple[str, ...]:
    from generator.loopy import solver
    return tuple(solver.LEVELS)


def _in_child(work):
    """Run work() in a forked child: (its JSON result, CPU seconds, peak RSS in MB)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # child
        os.close(r)
        try:
            out = json.dumps(work()).encode()
        except Exception as exc:                   # noqa: BLE001 - reported by the parent
            out = json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode()
        os.write(w, out)
        os.close(w)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        data = fh.read()
    _pid, _status, ru = os.wait4(pid, 0)
    return json.loads(data or b"{}"), ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


class _Warm:
    """A process forked once, after the warm-up, that makes puzzles on request and says how
    much CPU each took: the warm per-puzzle cost, without growing this parent (whose forked
    children's peak memory is measured)."""

    def __init__(self):
        to_child, self._w = os.pipe()
        self._r, from_child = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:                               # the timing process
            os.close(self._w)
            os.close(self._r)
            with os.fdopen(to_child, "r") as inp, os.fdopen(from_child, "w") as out:
                for line in inp:
                    tiling, w, h, seed, level, version = json.loads(line)
                    t0 = time.process_time()
                    P.create(tiling, w, h, seed, level, version=version)
                    out.write(f"{time.process_time() - t0}\n")
                    out.flush()
            os._exit(0)
        os.close(to_child)
        os.close(from_child)
        self._out, self._in = os.fdopen(self._w, "w"), os.fdopen(self._r, "r")

    def cpu(self, tiling, w, h, seed, level, version) -> float:
        """CPU seconds of one puzzle.create in the warm process."""
        self._out.write(json.dumps([tiling, w, h, seed, level, version]) + "\n")
        self._out.flush()
        line = self._in.readline()
        if not line:
            raise SystemExit(f"error: {tiling} {level} seed {seed}: the timing process stopped")
        return float(line)

    def close(self) -> None:
        self._out.close()
        self._in.close()
        os.waitpid(self.pid, 0)


_WARM: _Warm | None = None


def ours(tiling: str, size: int, level: str, seed: int, version: int = 2, repeat: int = 1) -> dict:
    """One of our puzzles: faces, clues, CPU s (the least of `repeat` makings in the warm
    process), peak MB (version 1: the first generator, loopy.v1)."""
    w, h = SIZES[size][tiling]

    def work():
        p = P.create(tiling, w, h, seed, level, version=version)
        if version == 1:
            return {"faces": len(p.grid.faces), "clues": p.clue_count, "grade": 0.0}
        made = time.process_time()
        from generator.loopy import fast, solver as S
        graded, _s = fast.grade(S.Board.of_grid(p.grid), p.clues)    # as `loopy grade` does
        if graded != level:
            raise RuntimeError(f"made at {level}, graded {graded}")
        return {"faces": len(p.grid.faces), "clues": p.clue_count, "grade": time.process_time() - made}
    here = min(_WARM.cpu(tiling, w, h, seed, level, version) for _ in range(repeat))
    res, cpu, mb = _in_child(work)
    if "error" in res:
        raise SystemExit(f"error: {tiling} {size} {level} seed {seed}: {res['error']}")
    return {**res, "cpu": here, "fork": cpu - res["grade"], "mb": mb}


def reference(path: str, tiling: str, size: int, level: str, seed: int, repeat: int = 1) -> dict | None:
    """One puzzle of the reference program: faces (if it says), CPU s (the least of `repeat`
    runs), peak MB (None: no such level)."""
    if level not in TATHAM_LEVEL:
        return None
    runs = [_reference_once(path, tiling, size, level, seed) for _ in range(repeat)]
    best = min(runs, key=lambda r: r["cpu"])
    return {**best, "proc": min(r["proc"] for r in runs), "mb": max(r["mb"] for r in runs)}


def _reference_once(path: str, tiling: str, size: int, level: str, seed: int) -> dict:
    """One run of the reference program (see reference)."""
    n = TATHAM_SIZE[size][tiling]
    params = f"{n}x{n}t{TATHAM_TYPE[tiling]}d{TATHAM_LEVEL[level]}"
    # through a small shell that forks it, so that its peak memory starts from the shell's, not
    # from the pages of this Python process (a forked child's peak RSS counts them)
    proc = subprocess.Popen(["/bin/sh", "-c", '"$@"; exit $?', "sh", path, params, str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = proc.stdout.read(), proc.stderr.read()
    _pid, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    proc.stderr.close()
    if proc.returncode:
        raise SystemExit(f"error: reference {path} {params} {seed} failed: {err.strip()[:200]}")
    words = out.split()
    faces = next((int(t[6:]) for t in words if t.startswith("faces=")), None)
    # its own peak if it says (wait4's includes the pages of this Python parent copied by fork)
    kb = next((int(t[10:]) for t in words if t.startswith("maxrss_kb=")), ru.ru_maxrss)
    # its own CPU of making the puzzle if it says (else its process's, start-up included)
    cpu = next((float(t[6:]) for t in words if t.startswith("cpu_s=")), ru.ru_utime + ru.ru_stime)
    return {"faces": faces, "params": params, "cpu": cpu, "proc": ru.ru_utime + ru.ru_stime, "mb": kb / 1024}


def _fmt(x, spec, dash="-"):
    return dash if x is None else format(x, spec)


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
    ap = argparse.ArgumentParser(
        description="Loopy generation CPU seconds and peak memory per tiling and level, beside Tatham's C.",
        epilog="--reference PATH: a program run as `PATH PARAMS SEED` (PARAMS like 20x20t16dh, "
               "Tatham's Loopy parameter string) that makes one puzzle with his generator; measured "
               "side by side in the same run. Without it the C column is fixed figures, labelled 'fixed'.")
    ap.add_argument("--reference", metavar="PATH", help="Tatham-generator driver to measure side by side")
    ap.add_argument("--sizes", default="250,600", help="face-count classes: 50, 250, 600 (default 250,600)")
    ap.add_argument("--tilings", default=",".join(tilings()), help="default: every registered tiling")
    ap.add_argument("--levels", default=None, help="default: every level of the solver")
    ap.add_argument("--seeds", default="1,2,3", help="seeds; a row is their median (default 1,2,3)")
    ap.add_argument("--per-seed", action="store_true", help="also print one line per seed")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="make each puzzle N times, ours and the reference's alike, and take the "
                         "least CPU of each (default 1)")
    ap.add_argument("--first", action="store_true",
                    help="add a column: the first generator (loopy.v1 links, the first solver) at the "
                         "same level name where it has one")
    ap.add_argument("--hints", action="store_true", help="grade and hint CPU time per puzzle instead")
    ap.add_argument("--replay", action="store_true", help="with --hints: time every hint of a full replay")
    a = ap.parse_args()
    if a.hints:
        hint_figures([int(x) for x in a.sizes.split(",")], a.tilings.split(","),
                     a.levels.split(",") if a.levels else ["hard"], [int(x) for x in a.seeds.split(",")],
                     a.replay)
        return 0
    levels = a.levels.split(",") if a.levels else list(_levels())
    sizes = [int(s) for s in a.sizes.split(",")]
    if any(s not in SIZES for s in sizes):
        print(f"error: --sizes: choose from {', '.join(map(str, SIZES))}", file=sys.stderr)
        return 2
    if a.reference and not os.access(a.reference, os.X_OK):
        print(f"error: --reference: {a.reference} is not an executable program", file=sys.stderr)
        return 2
    if a.repeat < 1:
        print("error: --repeat: give a count of 1 or more", file=sys.stderr)
        return 2
    seeds = [int(s) for s in a.seeds.split(",")]
    src = "C s" if a.reference else "C fixed"
    least = f", each the least of {a.repeat} runs" if a.repeat > 1 else ""
    print(f"# CPU seconds of making one puzzle (user+system), median of {len(seeds)} seeds{least}: ours in a "
          f"warm process; fork s: ours in a forked child, its whole CPU; peak = peak RSS of that child; "
          f"C = Tatham's generator"
          + (f" ({a.reference}, measured in this run: its own figure for making the puzzle if it "
             f"gives one, else its process's)" if a.reference else " (fixed figures, not measured here)"))
    print(f"{'tiling':7} {'size':>4} {'level':7} {'faces':>5} {'C faces':>7} {'ours s':>7} {src:>8} "
          f"{'ratio':>6} {'fork s':>7} {'ours MB':>7} {'C MB':>6} {'grade s':>7}"
          + ("   v1 s  v2/v1" if a.first else ""))
    from generator.loopy.solver_v1 import LEVELS as V1
    t_start = time.process_time()
    for tiling in a.tilings.split(","):
        # warm up in this parent: the children fork from it, so their CPU is the making of one
        # puzzle, not the first import of the tiling's modules (as the reference's is its own)
        P.create(tiling, *SIZES[50][tiling], 1, "easy")
    global _WARM
    _WARM = _Warm()
    for size in sizes:
        if size not in TATHAM_SIZE and a.reference:
            print(f"# no Tatham size for {size} faces: reference not run", flush=True)
        for tiling in a.tilings.split(","):
            for level in levels:
                mine, refs = [], []
                for seed in seeds:
                    m = ours(tiling, size, level, seed, repeat=a.repeat)
                    mine.append(m)
                    r = (reference(a.reference, tiling, size, level, seed, a.repeat)
                         if a.reference and size in TATHAM_SIZE else None)
                    if r:
                        refs.append(r)
                    if a.per_seed:
                        print(f"  {tiling} {size} {level} seed {seed}: ours {m['cpu']:.3f} s (fork {m['fork']:.3f} s) "
                              f"{m['faces']} faces {m['clues']} clues {m['mb']:.0f} MB"
                              + (f"; C {r['cpu']:.3f} s (process {r['proc']:.3f} s) {r['faces']} faces"
                                 if r else ""), flush=True)
                med = statistics.median
                cs = med(r["cpu"] for r in refs) if refs else (None if a.reference else
                                                               FIXED_C.get((size, tiling, level)))
                cf = med(r["faces"] for r in refs) if refs and all(r["faces"] for r in refs) else None
                cm = max((r["mb"] for r in refs if r["mb"]), default=None)
                ms = med(m["cpu"] for m in mine)
                v1 = ""
                if a.first:
                    old = FIRST.get(level, level)
                    if old in V1:
                        t1 = med(ours(tiling, size, old, seed, version=1)["cpu"] for seed in seeds)
                        v1 = f" {t1:>6.3f} {ms / t1:>5.2f}x"
                    else:
                        v1 = "      -      -"
                print(f"{tiling:7} {size:>4} {level:7} {med(m['faces'] for m in mine):>5.0f} "
                      f"{_fmt(cf, '>7.0f', '      -')} {ms:>7.3f} {_fmt(cs, '>8.3f', '       -')} "
                      f"{(f'{ms / cs:.1f}x' if cs else '-'):>6} {med(m['fork'] for m in mine):>7.3f} "
                      f"{max(m['mb'] for m in mine):>7.0f} "
                      f"{_fmt(cm, '>6.1f', '     -')} {med(m['grade'] for m in mine):>7.3f}{v1}", flush=True)
    _WARM.close()
    print(f"# bench parent CPU {time.process_time() - t_start:.1f} s; the machine may be loaded by other work")
    return 0


if __name__ == "__main__":
    sys.exit(main())
