"""Shared benchmark of a streaming tiling engine: regenerate random patches from permalinks.

Used by `bench/hat.py` and `bench/spectre.py` (one script per engine, one measurement).
For each target size N a square region of area N·(tile area) is generated once from a seed
(to get its permalink), then *regenerated from the permalink* in a fresh subprocess,
counting the streamed tiles.  Reported: tiles, CPU seconds and wall seconds of the
regeneration, tiles/s (CPU and wall: the machine may be shared), the peak memory traced by
tracemalloc during a second regeneration (Python allocations of the walk itself) and the
process's peak RSS.  `--profile` prints where the time goes (cProfile, top functions) for
the middle size.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import subprocess
import sys
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
tracemalloc.start()
p = from_permalink(link)
m = sum(1 for _ in p.{walk}())
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"tiles": n, "cpu": cpu, "wall": wall, "peak": peak, "rss_kb": rss, "again": m}}))
"""


def permalink_for(module: str, walk: str, tile_area: float, target: float, seed: int) -> str:
    """Generate a patch of about `target` tiles from a seed; return its permalink."""
    sys.path.insert(0, str(ROOT))
    P = importlib.import_module(module)
    side = round(math.sqrt(target * tile_area))
    p = P.from_seed(side, side, seed)
    for _ in getattr(p, walk)():
        pass
    return p.permalink()


def main(noun: str, module: str, walk: str, tile_area: float, doc: str, argv=None) -> int:
    """Run the benchmark for one engine: `module` has from_seed/from_permalink, `walk` streams."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", default=["1e4", "1e5", "1e6"])
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    print(f"{'target':>8} {noun:>9} {'cpu s':>7} {'wall s':>7} {noun + '/s cpu':>11} "
          f"{noun + '/s wall':>11} {'traced peak':>12} {'peak RSS':>9}")
    links = []
    for size in args.sizes:
        link = permalink_for(module, walk, tile_area, float(size), args.seed)
        links.append(link)
        child = CHILD.format(root=str(ROOT), module=module, walk=walk, link=link)
        r = json.loads(subprocess.run([sys.executable, "-c", child], capture_output=True,
                                      text=True, check=True).stdout)
        assert r["tiles"] == r["again"]
        print(f"{size:>8} {r['tiles']:>9} {r['cpu']:>7.2f} {r['wall']:>7.2f} "
              f"{r['tiles'] / r['cpu']:>11,.0f} {r['tiles'] / r['wall']:>11,.0f} "
              f"{r['peak'] / 1024:>9,.0f} KB {r['rss_kb'] / 1024:>6,.1f} MB")
    for link in links:
        print("  ", link)
    if args.profile:
        import cProfile
        import pstats
        P = importlib.import_module(module)
        p = P.from_permalink(links[len(links) // 2])
        prof = cProfile.Profile()
        prof.enable()
        for _ in getattr(p, walk)():
            pass
        prof.disable()
        pstats.Stats(prof).strip_dirs().sort_stats("tottime").print_stats(10)
    return 0
