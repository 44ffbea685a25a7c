"""CPU seconds and peak memory of one `python -m generator ...` run (a child process).

    python bench/cli_cost.py hat 1e5          # hats, `regen <link> --format json --out FILE`
    python bench/cli_cost.py p3 1e5           # Penrose P3 (or p2), `tiling --format json --out FILE`

The machine these run on is shared, so the figures are the child's CPU time
(ru_utime + ru_stime) and its ru_maxrss, not wall time; each is printed beside its goal.
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS = {"hat": (150_000, 100), "p2": (60_000, 100), "p3": (60_000, 100)}   # tiles/CPU-s, MiB
MEAN_TILE_AREA = {"p2": 0.5020, "p3": 0.8123, "hat": 8 * math.sqrt(3)}


def child(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak MiB) of one generator run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "generator", *args], check=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, after.ru_maxrss / 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("family", choices=sorted(GOALS))
    ap.add_argument("tiles", type=float, help="about this many tiles")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    side = round(math.sqrt(a.tiles * MEAN_TILE_AREA[a.family]), 1)
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "out.json")
        if a.family == "hat":
            sys.path.insert(0, str(ROOT))
            from generator.hat import patch as P
            p = P.from_seed(round(side), round(side), a.seed)
            for _ in p.hats():
                pass
            args = ["regen", p.permalink(), "--format", "json", "--out", out]
        else:
            args = [a.family, "tiling", "--width", str(side), "--height", str(side), "--seed", str(a.seed),
                    "--format", "json", "--out", out]
        cpu, peak = child(args)
        with open(out, "rb") as fh:
            tiles = fh.read().count(b'"kind":')
    rate_goal, mem_goal = GOALS[a.family]
    print(f"{a.family} {tiles:,} tiles `{' '.join(args[:2])} ... --format json --out FILE`: "
          f"{cpu:.2f} CPU s = {tiles / cpu:,.0f} tiles/CPU-s [goal >= {rate_goal:,}], "
          f"peak {peak:.0f} MiB [goal <= {mem_goal}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
