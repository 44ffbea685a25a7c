"""Shared benchmark of a streaming tiling engine: regenerate random patches from permalinks.

Used by `bench/hat.py` and `bench/spectre.py` (one script per engine, one measurement).
For each target size N a square region of area N·(tile area) is generated once from a seed
(to get its permalink), then *regenerated from the permalink* in a fresh subprocess,
counting the streamed tiles.  Reported per walk (the engine's own streaming iterators, e.g.
bare placements and full tile objects): tiles, CPU seconds and wall seconds of the
regeneration, tiles/s (CPU and wall: the machine may be shared), the peak memory traced by
tracemalloc during a second regeneration (Python allocations of the walk itself) and the
process's peak RSS.  With `json_family`, the whole command-line path is measured too:
`python -m generator regen PERMALINK --format json --out FILE` in a fresh process, its CPU
seconds (user + system), tiles per CPU second and peak RSS.  Each figure that has a goal is
printed beside it ([goal ≥ …] met, [GOAL ≥ …] missed).  `--profile` prints where the time
goes (cProfile, top functions) for the middle size.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, {root!r})
from {module} import from_permalink
link = {link!r}
p = from_permalink(link)
w0, c0 = time.perf_counter(), time.process_time()
n = 0
for _ in p.{walk}():
    n += 1
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
assert p.permalink() == link
peak = -1
if {traced}:
    tracemalloc.start()
    p = from_permalink(link)
    m = sum(1 for _ in p.{walk}())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert m == n
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"tiles": n, "cpu": cpu, "wall": wall, "peak": peak, "rss_kb": rss}}))
"""

CLI_CHILD = r"""
import json, resource, runpy, sys, time
sys.path.insert(0, {root!r})
sys.argv = ["generator", "regen", {link!r}, "--format", "json", "--out", {out!r}]
w0 = time.perf_counter()
try:
    runpy.run_module("generator", run_name="__main__", alter_sys=True)
except SystemExit as e:
    assert not e.code, e.code
r = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": r.ru_utime + r.ru_stime, "wall": time.perf_counter() - w0,
                  "rss_kb": r.ru_maxrss}}), file=sys.stderr)
"""


LINK_CHILD = r"""
import math, sys
sys.path.insert(0, {root!r})
from {module} import from_seed
side = round(math.sqrt({target!r} * {tile_area!r}))
p = from_seed(side, side, {seed!r})
for _ in p.{walk}():
    pass
print(p.permalink())
"""


def permalink_for(module: str, walk: str, tile_area: float, target: float, seed: int) -> str:
    """Generate a patch of about `target` tiles from a seed; return its permalink.

    In a child process: a child's ru_maxrss starts from its parent's high-water mark on
    Linux (it is inherited through fork), so the benchmark's own process stays small."""
    child = LINK_CHILD.format(root=str(ROOT), module=module, target=target, tile_area=tile_area,
                              seed=seed, walk=walk)
    return subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          check=True).stdout.strip()


def against(value: float, goal: float | None, at_least: bool = True) -> str:
    """`[goal ≥ g]` if value meets the goal, `[GOAL ≥ g]` if it misses it, '' without one."""
    if goal is None:
        return ""
    ok = value >= goal if at_least else value <= goal
    word = "goal" if ok else "GOAL"
    return f" [{word} {'≥' if at_least else '≤'} {goal:,.0f}]"


def engine_run(module: str, walk: str, link: str, traced: bool) -> dict:
    """One regeneration of `link` through `walk` in a fresh process (see CHILD)."""
    child = CHILD.format(root=str(ROOT), module=module, walk=walk, link=link, traced=traced)
    return json.loads(subprocess.run([sys.executable, "-c", child], capture_output=True,
                                     text=True, check=True).stdout)


def cli_run(link: str, noun: str) -> dict:
    """One `regen LINK --format json --out FILE` in a fresh process; adds the tile count."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        child = CLI_CHILD.format(root=str(ROOT), link=link, out=out)
        res = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                             check=True, cwd=ROOT)
        r = json.loads(res.stderr.strip().splitlines()[-1])
        tiles, size = 0, 0
        with open(out, "rb") as fh:
            while chunk := fh.read(1 << 24):
                tiles += chunk.count(b'"kind":')
                size += len(chunk)
        r.update(tiles=tiles, bytes=size)
        return r
    finally:
        os.unlink(out)


def main(noun: str, module: str, walk: str, tile_area: float, doc: str, argv=None, *,
         walks: tuple = (), engine_goal: float | None = None, json_goal: float | None = None,
         json_mb_goal: float | None = None, json_cli: bool = False) -> int:
    """Run the benchmark for one engine: `module` has from_seed/from_permalink, `walk` streams.

    `walks` lists the streaming iterators measured (default: just `walk`); the engine goal
    (tiles per CPU second) applies to the first.  With `json_cli` the command-line JSON path
    is measured too, against `json_goal` (tiles/CPU-s) and `json_mb_goal` (peak RSS, MB).
    """
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", default=["1e4", "1e5", "1e6"])
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-json", action="store_true", help="skip the command-line JSON runs")
    args = ap.parse_args(argv)
    walks = tuple(walks) or (walk,)
    print(f"{'target':>8} {'walk':>10} {noun:>9} {'cpu s':>7} {'wall s':>7} {noun + '/s cpu':>11} "
          f"{noun + '/s wall':>11} {'traced peak':>12} {'peak RSS':>9}")
    links = []
    for size in args.sizes:
        link = permalink_for(module, walk, tile_area, float(size), args.seed)
        links.append(link)
        counts = set()
        for i, w in enumerate(walks):
            r = engine_run(module, w, link, traced=(i == 0))
            counts.add(r["tiles"])
            rate = r["tiles"] / r["cpu"]
            traced = f"{r['peak'] / 1024:>9,.0f} KB" if r["peak"] >= 0 else f"{'-':>12}"
            print(f"{size:>8} {w:>10} {r['tiles']:>9} {r['cpu']:>7.2f} {r['wall']:>7.2f} "
                  f"{rate:>11,.0f} {r['tiles'] / r['wall']:>11,.0f} "
                  f"{traced} {r['rss_kb'] / 1024:>6,.1f} MB"
                  + (against(rate, engine_goal) if i == 0 else ""))
        if len(counts) != 1:
            raise AssertionError(f"the walks disagree on the number of {noun}: {counts}")
        if json_cli and not args.no_json:
            r = cli_run(link, noun)
            if r["tiles"] not in counts:
                raise AssertionError(f"JSON holds {r['tiles']} {noun}, the walk {counts}")
            rate = r["tiles"] / r["cpu"]
            mb = r["rss_kb"] / 1024
            print(f"{size:>8} {'CLI json':>10} {r['tiles']:>9} {r['cpu']:>7.2f} {r['wall']:>7.2f} "
                  f"{rate:>11,.0f} {r['tiles'] / r['wall']:>11,.0f} "
                  f"{r['bytes'] / 1e6:>6,.0f} MB out {mb:>6,.1f} MB"
                  + against(rate, json_goal) + against(mb, json_mb_goal, at_least=False)
                  + (" MB" if json_mb_goal is not None else ""))
    for link in links:
        print("  ", link)
    if json_cli and not args.no_json:
        print(f"   CLI json = `python -m generator regen PERMALINK --format json --out FILE` "
              f"(CPU = user + system of the whole process)")
    if args.profile:
        import cProfile
        import pstats
        sys.path.insert(0, str(ROOT))
        P = importlib.import_module(module)
        p = P.from_permalink(links[len(links) // 2])
        prof = cProfile.Profile()
        prof.enable()
        for _ in getattr(p, walks[0])():
            pass
        prof.disable()
        pstats.Stats(prof).strip_dirs().sort_stats("tottime").print_stats(10)
    return 0
