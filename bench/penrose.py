"""Benchmark: Penrose patch generation by combinatorial coordinates (P2 and P3).

    python3 bench/penrose.py [--sizes 1e3,1e4,1e5,1e6] [--families p2,p3] [--profile]

For each target tile count N it regenerates a square patch of about N tiles from a fixed
seed and reports tiles/s (wall clock, and CPU time — on a shared machine the CPU figure is
the steadier one; engine only: walk + tile gluing, not JSON/SVG),
peak Python memory during the run (tracemalloc, which slows the run, so it is measured in
a second, separate run) and bytes per tile.  --profile prints the top functions (cProfile)
for the 1e5 case.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.penrose import patch as P  # noqa: E402

MEAN_TILE_AREA = {"p2": 0.5020, "p3": 0.8123}      # limiting mean tile area in the units of each family


def side_for(family: str, n: float) -> Fraction:
    """The side of a square region holding about n tiles."""
    return Fraction(round(math.sqrt(n * MEAN_TILE_AREA[family]) * 10), 10)


def run_once(family, side, seed=12345):
    gc.collect()
    t0, c0 = time.perf_counter(), time.process_time()
    res = P.from_seed(family, seed, side, side, max_triangles=None)
    return res, time.perf_counter() - t0, time.process_time() - c0


def peak_memory(family, side, seed=12345):
    gc.collect()
    tracemalloc.start()
    res = P.from_seed(family, seed, side, side, max_triangles=None)
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, len(res.patch.tiles)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1e3,1e4,1e5,1e6")
    ap.add_argument("--families", default="p2,p3")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-memory", action="store_true", help="skip the tracemalloc runs")
    args = ap.parse_args(argv)
    sizes = [float(s) for s in args.sizes.split(",")]
    print(f"{'family':6} {'target':>8} {'side':>7} {'tiles':>9} {'levels':>6} {'seconds':>8} "
          f"{'tiles/s':>9} {'cpu t/s':>9} {'peak MB':>8} {'B/tile':>7}")
    for fam in args.families.split(","):
        for n in sizes:
            side = side_for(fam, n)
            res, secs, cpu = run_once(fam, side)
            tiles = len(res.patch.tiles)
            if args.no_memory or n > 2e5:
                peak_s, per = "-", "-"
                if n > 2e5:
                    import resource
                    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
                    peak_s, per = f"{rss / 2**20:.0f}rss", f"{rss / tiles:.0f}rss"
            else:
                peak, _ = peak_memory(fam, side)
                peak_s, per = f"{peak / 2**20:.1f}", f"{peak / tiles:.0f}"
            print(f"{fam:6} {n:8.0e} {float(side):7.1f} {tiles:9d} {len(res.spec.labels):6d} {secs:8.2f} "
                  f"{tiles / secs:9.0f} {tiles / cpu:9.0f} {peak_s:>8} {per:>7}", flush=True)
            del res
    if args.profile:
        import cProfile
        import pstats
        side = side_for("p2", 1e5)
        prof = cProfile.Profile()
        prof.enable()
        P.from_seed("p2", 12345, side, side, max_triangles=None)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
