"""Entry point for `python -m generator`."""
import signal
import sys


def _interrupted_while_starting(_signum, _frame):
    """Ctrl-C before main() runs (the modules are loading): one line, exit 130."""
    print("interrupted", file=sys.stderr)
    raise SystemExit(130)


signal.signal(signal.SIGINT, _interrupted_while_starting)
from generator.cli import main  # noqa: E402

signal.signal(signal.SIGINT, signal.default_int_handler)
from generator.errors import on_termination  # noqa: E402

on_termination()            # SIGTERM/SIGHUP: the same clean exit as Ctrl-C (no --out temporary file left)
sys.exit(main())
