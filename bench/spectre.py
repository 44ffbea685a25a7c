"""Benchmark: regenerating random Spectre patches from permalinks (streaming, no SVG).

    python bench/spectre.py                 # ~1e4, 1e5, 1e6 Spectres
    python bench/spectre.py --sizes 1e4 1e5 --profile

For each target size N a square region of area N·(3 + 3√3) is generated once from a seed (to get
its permalink), then *regenerated from the permalink* in a fresh subprocess, counting the
streamed Spectres.  Reported: Spectres, CPU seconds and wall seconds of the regeneration, Spectres/s
(CPU and wall: the machine may be shared), the peak memory traced by tracemalloc during a
second regeneration (Python allocations of the walk itself) and the process's peak RSS.
`--profile` prints where the time goes (cProfile, top functions) for the middle size.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, {root!r})
from generator.spectre import patch as P
link = {link!r}
p = P.from_permalink(link)
w0, c0 = time.perf_counter(), time.process_time()
n = 0
for _ in p.spectres():
    n += 1
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
assert p.permalink() == link
tracemalloc.start()
p = P.from_permalink(link)
m = sum(1 for _ in p.spectres())
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"spectres": n, "cpu": cpu, "wall": wall, "peak": peak, "rss_kb": rss, "again": m}}))
"""


def permalink_for(target: float, seed: int) -> str:
    """Generate a patch of about `target` Spectres from a seed; return its permalink."""
    sys.path.insert(0, str(ROOT))
    from generator.spectre import patch as P
    side = round(math.sqrt(target * (3 + 3 * math.sqrt(3))))
    p = P.from_seed(side, side, seed)
    for _ in p.spectres():
        pass
    return p.permalink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", default=["1e4", "1e5", "1e6"])
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    print(f"{'target':>8} {'Spectres':>9} {'cpu s':>7} {'wall s':>7} {'Spectres/s cpu':>11} "
          f"{'Spectres/s wall':>11} {'traced peak':>12} {'peak RSS':>9}")
    links = []
    for size in args.sizes:
        link = permalink_for(float(size), args.seed)
        links.append(link)
        out = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), link=link)],
                             capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        assert r["spectres"] == r["again"]
        print(f"{size:>8} {r['spectres']:>9} {r['cpu']:>7.2f} {r['wall']:>7.2f} "
              f"{r['spectres'] / r['cpu']:>11,.0f} {r['spectres'] / r['wall']:>11,.0f} "
              f"{r['peak'] / 1024:>9,.0f} KB {r['rss_kb'] / 1024:>6,.1f} MB")
    for link in links:
        print("  ", link)
    if args.profile:
        import cProfile
        import pstats
        from generator.spectre import patch as P
        link = links[len(links) // 2]
        p = P.from_permalink(link)
        prof = cProfile.Profile()
        prof.enable()
        for _ in p.spectres():
            pass
        prof.disable()
        pstats.Stats(prof).strip_dirs().sort_stats("tottime").print_stats(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
