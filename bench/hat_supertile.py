"""Benchmark: exact hat supertiles by metatile substitution, levels 3–6 (and 7 with --big).

For each level and top type it times (a) building the prototypes (the distorting
construction, cached after the first call, so measured once from cold), (b) expanding
the supertile to labelled hats, (c) turning the hats into kites and checking they are
distinct (what the proper-tiling test does), and reports hats/s and peak memory
(tracemalloc) of the expansion.

    python3 bench/hat_supertile.py [--big]
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.hat import geometry as G  # noqa: E402
from generator.hat import supertile as S  # noqa: E402


def main(argv: list[str]) -> int:
    top = 7 if "--big" in argv else 6
    t0 = time.perf_counter()
    for level in range(1, top + 1):
        S.base_prototype("H", level)
    t_proto = time.perf_counter() - t0
    t0 = time.perf_counter()
    for kind in S.TYPES:
        S.prototype(kind, 2)
        S.prototype(kind, 3)
    t_overlap = time.perf_counter() - t0
    print(f"prototypes levels 1-{top} (exact, cold): {t_proto * 1000:.1f} ms; "
          f"overlapping numbering levels 2-3: {t_overlap * 1000:.0f} ms")
    print(f"{'type':>4} {'level':>5} {'hats':>8} {'expand s':>9} {'hats/s':>10} "
          f"{'peak MB':>8} {'kites s':>8}")
    for kind in ("H", "P", "F", "T"):
        for level in range(3, top + 1):
            tracemalloc.start()
            t0 = time.perf_counter()
            hats = S.supertile_hats(kind, level)
            dt = time.perf_counter() - t0
            _cur, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            t0 = time.perf_counter()
            kites = set()
            for h in hats:
                kites.update(G.hat_kites(h.iso))
            assert len(kites) == 8 * len(hats)
            dk = time.perf_counter() - t0
            print(f"{kind:>4} {level:>5} {len(hats):>8} {dt:>9.3f} {len(hats) / dt:>10.0f} "
                  f"{peak / 2 ** 20:>8.1f} {dk:>8.3f}")
            del hats, kites
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
