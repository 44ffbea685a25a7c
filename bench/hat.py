"""Benchmark: regenerating random hat patches from permalinks (streaming, no SVG).

    python bench/hat.py                 # ~1e4, 1e5, 1e6 hats
    python bench/hat.py --sizes 1e4 1e5 --profile

A square region of area N·8√3 (N hats of area 8√3) per target size N; what is measured
and printed is described in `bench/patch_stream.py`.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patch_stream import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main("hats", "generator.hat.patch", "hats", 8 * math.sqrt(3), __doc__))
