"""Benchmark: Penrose patches (P2 and P3) end to end, each figure printed beside its goal.

    python3 bench/penrose.py [--sizes 1e4,1e5,1e6] [--families p2,p3] [--svg] [--engine]
                             [--profile]

For each target tile count N it runs the command line in a fresh process,

    python -m generator tiling p2 --width S --height S --seed 12345 --format json --out FILE

with S the side of a square holding about N tiles, and reports the tiles written, CPU
seconds (user + system of that process alone, `os.wait4`), tiles per CPU second and the
peak resident memory (`ru_maxrss`) — the figures the goal is stated in — and, beside
them, the rate without the process's start-up (a one-tile run), which dominates at 1e4:

    ≥ 60,000 tiles per CPU second and ≤ 100 MB peak at a million tiles, json to a file.

--svg also writes the SVG (with --arcs) both ways the one-`<path>`-per-colour picture can
be streamed: spooling the later colours (the default, `render.SVG_MODE = "spool"`) and
walking the tiles once per `<path>` ("passes").  --engine times the walk alone in this
process (sorted rows, no output).  --profile prints the top functions (cProfile) of the
JSON output at 1e5 tiles.  On a shared machine the CPU figures are the steady ones.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MEAN_TILE_AREA = {"p2": 0.5020, "p3": 0.8123}      # limiting mean tile area in each family's units
GOAL_RATE = 60_000          # tiles per CPU second, json to a file
GOAL_MB = 100               # peak resident memory at a million tiles


def side_for(family: str, n: float) -> str:
    """The side of a square region holding about n tiles (one decimal, as the CLI takes it)."""
    return f"{math.sqrt(n * MEAN_TILE_AREA[family]):.1f}"


def run_cli(args: list[str], env_extra: dict | None = None) -> tuple[float, float, float]:
    """Run `python -m generator ARGS` alone: (CPU seconds, wall seconds, peak RSS in MB)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.update(env_extra or {})
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"benchmark run failed: {' '.join(args)}\n{proc.stderr.read().decode()}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def count_tiles(path: str) -> int:
    """Tiles in a JSON output, counted without parsing it."""
    n = 0
    tail = b""
    with open(path, "rb") as fh:
        while True:
            block = fh.read(1 << 22)
            if not block:
                return n
            data = tail + block
            n += data.count(b'{"kind"')
            tail = data[-8:]
            n -= tail.count(b'{"kind"')


def mark(ok: bool) -> str:
    """The verdict beside a figure."""
    return "ok " if ok else "MISS"


def startup(fam: str, tmp: str) -> float:
    """CPU seconds of a run with a one-tile region: interpreter and imports."""
    out = os.path.join(tmp, "tiny.json")
    return min(run_cli(["-m", "generator", "tiling", fam, "--width", "1", "--height", "1", "--seed",
                        "12345", "--format", "json", "--out", out])[0] for _ in range(3))


def bench_json(fam: str, n: float, tmp: str, start: float) -> None:
    """One JSON run, printed beside the goal (and the rate without the start-up)."""
    side = side_for(fam, n)
    out = os.path.join(tmp, f"{fam}.json")
    cpu, wall, mb = run_cli(["-m", "generator", "tiling", fam, "--width", side, "--height",
                             side, "--seed", "12345", "--format", "json", "--out", out])
    tiles = count_tiles(out)
    rate = tiles / cpu
    mb_goal = "" if n < 1e6 else f"{mark(mb <= GOAL_MB)} ≤ {GOAL_MB} MB"
    net = tiles / max(cpu - start, 1e-9)
    print(f"{fam:4} json {n:8.0e} {float(side):7.1f} {tiles:9d} {cpu:8.2f} {wall:7.2f} "
          f"{rate:9.0f}  {mark(rate >= GOAL_RATE)} ≥ {GOAL_RATE:,}/s {net:9.0f}  {mb:7.0f}  {mb_goal}",
          flush=True)
    os.unlink(out)


def bench_svg(fam: str, n: float, tmp: str) -> None:
    """The arcs picture streamed both ways: spooled colours, and one walk per `<path>`."""
    side = side_for(fam, n)
    for mode in ("spool", "passes"):
        out = os.path.join(tmp, f"{fam}-{mode}.svg")
        code = ("import sys; from generator.penrose import render; render.SVG_MODE = sys.argv[1]; "
                "from generator import cli; sys.exit(cli.main(sys.argv[2:]))")
        cpu, wall, mb = run_cli(["-c", code, mode, "tiling", fam, "--width", str(side), "--height",
                                 side, "--seed", "12345", "--format", "svg", "--arcs", "--out", out])
        size = os.path.getsize(out) / 2**20
        print(f"{fam:4} svg+arcs {mode:6} {n:8.0e}  {cpu:8.2f} CPU s {wall:7.2f} wall  {mb:6.0f} MB peak"
              f"  ({size:.0f} MB of SVG)", flush=True)
        os.unlink(out)


def bench_engine(fam: str, n: float) -> None:
    """The walk alone, in this process: labels, then every tile's sorted row."""
    import resource
    from generator.penrose import patch as P
    side = side_for(fam, n)
    c0 = time.process_time()
    res = P.from_seed(fam, 12345, Fraction(side), Fraction(side), max_triangles=None)
    tiles = sum(1 for _ in res.patch.sorted_rows())
    cpu = time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{fam:4} engine {n:8.0e} {tiles:9d} tiles {cpu:8.2f} CPU s {tiles / cpu:9.0f} tiles/CPU-s "
          f"(levels {res.patch.levels_used}; this process's peak so far {rss:.0f} MB)", flush=True)


def profile(fam: str = "p2", n: float = 1e5) -> None:
    """cProfile of the JSON output at n tiles."""
    import cProfile
    import io
    import pstats
    from generator import cli
    side = side_for(fam, n)
    prof = cProfile.Profile()
    with tempfile.TemporaryDirectory() as tmp:
        prof.enable()
        cli.main(["tiling", fam, "--width", side, "--height", side, "--seed", "12345",
                  "--format", "json", "--out", os.path.join(tmp, "p.json")])
        prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(12)
    print(buf.getvalue())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1e4,1e5,1e6", help="target tile counts (default 1e4,1e5,1e6)")
    ap.add_argument("--families", default="p2,p3")
    ap.add_argument("--svg", action="store_true", help="also compare the two ways of streaming SVG")
    ap.add_argument("--engine", action="store_true", help="also time the walk alone")
    ap.add_argument("--profile", action="store_true", help="cProfile the JSON output at 1e5 tiles")
    args = ap.parse_args(argv)
    sizes = [float(s) for s in args.sizes.split(",")]
    fams = args.families.split(",")
    print(f"goal: ≥ {GOAL_RATE:,} tiles per CPU second and ≤ {GOAL_MB} MB peak at 1e6 tiles "
          "(--format json --out FILE)")
    with tempfile.TemporaryDirectory() as tmp:
        starts = {fam: startup(fam, tmp) for fam in fams}
        print("start-up (interpreter and imports, a one-tile run): "
              + ", ".join(f"{fam} {t:.2f} CPU s" for fam, t in starts.items()))
        print(f"{'fam':4} {'fmt':4} {'target':>8} {'side':>7} {'tiles':>9} {'CPU s':>8} {'wall':>7} "
              f"{'tiles/CPU-s':>9}  {'goal':18} {'net/CPU-s':>9}  {'peak MB':>7}  goal")
        for fam in fams:
            for n in sizes:
                bench_json(fam, n, tmp, starts[fam])
        if args.svg:
            for fam in fams:
                for n in sizes:
                    bench_svg(fam, n, tmp)
    if args.engine:
        for fam in fams:
            for n in sizes:
                bench_engine(fam, n)
    if args.profile:
        profile()
    return 0


if __name__ == "__main__":
    sys.exit(main())
