"""Benchmark: regenerating random Spectre patches from permalinks (streaming, no SVG).

    python bench/spectre.py                 # ~1e4, 1e5, 1e6 Spectres
    python bench/spectre.py --sizes 1e4 1e5 --profile

A square region of area N·(3 + 3√3) (N Spectres of unit edge) per target size N; what is
measured and printed is described in `bench/patch_stream.py`.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patch_stream import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main("Spectres", "generator.spectre.patch", "spectres", 3 + 3 * math.sqrt(3), __doc__))
