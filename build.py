#!/usr/bin/env python3
"""Build the tilepress site (see README.md); `tilepress-build` when the package is installed.

    python build.py [--out DIR] [--jobs N] [--only FAMILY] [--clean] [--base-url URL]
    python build.py serve [--port PORT] [same build options]

Exit codes: 0 built, 1 an item failed or an internal error (the message names the item;
the previous site is untouched), 2 bad input (site.toml, an article, a template, a flag:
one line `error: file:line: ...`; the previous site is untouched), 130 interrupted.
The command line itself is `generator/pipeline/cli.py`.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from generator.pipeline.cli import _strip_port, main  # noqa: E402,F401

if __name__ == "__main__":
    sys.exit(main())
