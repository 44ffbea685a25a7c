#!/usr/bin/env python3
"""Build the tilepress site (see README.md); `tilepress-build` when the package is installed.

    python build.py [--out DIR] [--jobs N] [--only FAMILY] [--clean] [--base-url URL]
    python build.py serve [--port PORT] [same build options]

Exit codes: 0 built, 1 an item failed or an internal error (the message names the item;
the previous site is untouched), 2 bad input (site.toml, an article, a template, a flag:
one line `error: file:line: ...`) or a fault of the machine (a full disk, a read-only
folder: one line naming the path and the cause; the previous site is untouched), 130
interrupted.  The command line itself is `generator/pipeline/cli.py`.
"""

import signal
import sys


def _interrupted_while_starting(_signum, _frame):
    """Ctrl-C before main() runs (the modules are loading): one line, exit 130."""
    print("interrupted; the previous site is unchanged", file=sys.stderr)
    raise SystemExit(130)


signal.signal(signal.SIGINT, _interrupted_while_starting)

from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from generator.pipeline.cli import _strip_port, main  # noqa: E402,F401

if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:         # between main's own handlers (a second Ctrl-C)
        print("interrupted; the previous site is unchanged", file=sys.stderr)
        sys.exit(130)
