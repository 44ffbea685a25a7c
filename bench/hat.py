"""Benchmark: regenerating random hat patches from permalinks (streaming), engine and JSON.

    python bench/hat.py                 # ~1e4, 1e5, 1e6 hats
    python bench/hat.py --sizes 1e5 1e6 --profile
    python bench/hat.py --sizes 1e6 --no-json

A square region of area N·8√3 (N hats of area 8√3) per target size N; what is measured
and printed is described in `bench/patch_stream.py`.  Two walks of the engine
(`generator/hat/patch.py`): `placements` (each hat found: its kite 0's hexagon, shape and
metatile — the engine figure, goal ≥ 500,000 hats per CPU second) and `hats` (the same with
each hat's 14 exact outline points built as a `Hat`), then the command-line JSON path
(goals ≥ 150,000 hats per CPU second and ≤ 100 MB peak RSS at a million hats).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patch_stream import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main("hats", "generator.hat.patch", "placements", 8 * math.sqrt(3), __doc__,
                          walks=("placements", "hats"), engine_goal=500_000,
                          json_goal=150_000, json_mb_goal=100, json_cli=True))
