"""`python -m generator` — the engines' command line (the machine interface).

Commands (each family documents its own options under `--help`):

    tiling p2|p3|hat  --width W --height H --seed S --format json|svg|png
    supertile hat     --level K [--metatile H|T|P|F] --format json|svg|png
    regen PERMALINK   [--width W --height H] --format json|svg|png|pdf
    calissons solve|generate|check ...
    tantrix search|enumerate ...
    loopy generate --tiling p2|p3|hat --level easy|normal|tricky|hard ...

Exit codes: 0 success, 2 bad input (one line on stderr: `error: ...`), 1 internal error.
Set TILEPRESS_DEBUG=1 to see the traceback of an internal error.
"""

from __future__ import annotations

import os
import sys
import traceback

from generator.errors import TilepressError
from generator.families import FAMILIES, family_module, split_permalink

USAGE = __doc__.split("\n\n", 1)[1]

# command word -> how to find the family that handles the rest of the arguments
TILING_FAMILIES = ("p2", "p3", "hat")
SUPERTILE_FAMILIES = ("hat",)
FAMILY_COMMANDS = ("calissons", "tantrix", "loopy")


def _usage_error(msg: str) -> int:
    print(f"error: {msg}", file=sys.stderr)
    print("usage: python -m generator COMMAND ... (see python -m generator --help)", file=sys.stderr)
    return 2


def dispatch(argv: list[str]) -> int:
    """Route a command line to the family that owns it."""
    if not argv or argv[0] in ("-h", "--help", "help"):
        print("usage: python -m generator COMMAND ...\n\n" + USAGE)
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd in ("tiling", "supertile"):
        allowed = TILING_FAMILIES if cmd == "tiling" else SUPERTILE_FAMILIES
        if not rest or rest[0] in ("-h", "--help"):
            print(f"usage: python -m generator {cmd} {{{','.join(allowed)}}} [options]\n"
                  f"Run `python -m generator {cmd} FAMILY --help` for the options.")
            return 0 if rest else 2
        if rest[0] not in allowed:
            return _usage_error(f"{cmd}: unknown family {rest[0]!r} (choose from {', '.join(allowed)})")
        return family_module(FAMILIES[rest[0]], "cli").main([cmd] + rest)
    if cmd == "regen":
        if not rest or rest[0] in ("-h", "--help"):
            print("usage: python -m generator regen PERMALINK [--width W --height H] "
                  "--format json|svg|png|pdf [--out FILE]\n"
                  "Regenerates the exact item a permalink names; options depend on the family.")
            return 0 if rest else 2
        fam, _version, _payload = split_permalink(rest[0])
        return family_module(fam, "cli").regen(rest[0], rest[1:])
    if cmd in FAMILY_COMMANDS:
        return family_module(FAMILIES[cmd], "cli").main(rest)
    return _usage_error(f"unknown command {cmd!r}")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; turn user errors into one line and exit code 2."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        return dispatch(argv)
    except TilepressError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except RecursionError:
        print("error: input too deeply nested (recursion limit reached)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # an internal bug: one line unless debugging
        if os.environ.get("TILEPRESS_DEBUG"):
            traceback.print_exc()
        else:
            print(f"internal error: {type(exc).__name__}: {exc} (set TILEPRESS_DEBUG=1 for details)",
                  file=sys.stderr)
        return 1
