"""`python -m generator loopy generate ...` and `python -m generator regen loopy.v1...`.

    loopy generate --tiling p2|p3|hat --width W --height H --seed S
                   --level easy|normal|tricky|hard [--solution] --format json|svg|png|pdf [--out FILE]

Width and height are the tiling's own region units (as for `python -m generator tiling`).
Rough face counts after trimming: P2 5×4, P3 6×5 and hat 24×20 give about 50 faces;
P2 6×5, P3 7×6 and hat 28×24 about 65–85; P2 11×9.5, P3 14×11.5 and hat 60×45 about 250;
P2 17.5×15.5, P3 23×18.5 and hat 96×72 about 600.

JSON: {"permalink", "tiling", "level", "dots": [[x, y], ...] (the tiling's coordinates, y up),
"faces": [{"dots": [i, ...] (counter-clockwise), "clue": int|null}, ...],
"edges": [[i, j], ...], "solution": [[i, j], ...]}.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from generator.errors import TilepressError
from generator.loopy import puzzle as P
from generator.loopy import render
from generator.loopy.solver import LEVELS
from generator.loopy.tiling_source import TILINGS
from generator.output import add_output_arguments, emit_rendered

FORMATS = ("json", "svg", "png", "pdf")
MAX_SEED = 2 ** 63
MAX_SIDE = 400


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as TilepressError (one line, exit 2)."""

    def error(self, message):
        raise TilepressError(f"loopy: {message}")


def _size(text: str, name: str) -> Fraction:
    """A positive region side, as an exact fraction."""
    try:
        v = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise TilepressError(f"{name} must be a number, got {text[:40]!r}") from None
    if not 0 < v <= MAX_SIDE:
        raise TilepressError(f"{name} must be in (0, {MAX_SIDE}], got {text[:40]}")
    return v


def _emit(puzzle: P.Puzzle, args) -> int:
    """Write the puzzle in the chosen format."""
    if args.format == "json":
        return emit_rendered("json", args.out, json_obj=P.to_json(puzzle))
    return emit_rendered(args.format, args.out, svg=render.picture(puzzle, solution=args.solution))


def _parser(prog: str, description: str) -> _Parser:
    """A parser with the output options."""
    parser = _Parser(prog=prog, description=description)
    add_output_arguments(parser, FORMATS)
    parser.add_argument("--solution", action="store_true", help="draw the solution loop (svg/png/pdf)")
    return parser


def main(argv: list[str]) -> int:
    """argv = ["generate", options…]."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] != "generate":
        raise TilepressError(f"loopy: unknown command {argv[0]!r} (known: generate)")
    parser = _parser("python -m generator loopy generate", __doc__.split("\n\n")[2].strip())
    parser.add_argument("--tiling", choices=TILINGS, default="p3", help="tiling family (default p3)")
    parser.add_argument("--width", default="6", help="region width in the tiling's units (default 6)")
    parser.add_argument("--height", default="5", help="region height in the tiling's units (default 5)")
    parser.add_argument("--seed", default="0", help="random seed, a non-negative integer (default 0)")
    parser.add_argument("--level", choices=LEVELS, default="normal", help="difficulty (default normal)")
    args = parser.parse_args(argv[1:])
    try:
        seed = int(args.seed)
    except ValueError:
        raise TilepressError(f"--seed must be an integer, got {args.seed[:40]!r}") from None
    if not 0 <= seed < MAX_SEED:
        raise TilepressError("--seed must be between 0 and 2**63 - 1")
    puzzle = P.create(args.tiling, _size(args.width, "--width"), _size(args.height, "--height"),
                      seed, args.level)
    return _emit(puzzle, args)


def regen(permalink: str, argv: list[str]) -> int:
    """Rebuild the puzzle a loopy.v1 permalink names (grid from its tiling, solution by solving)."""
    parser = _parser("python -m generator regen PERMALINK", "Regenerate a Loopy puzzle from its permalink.")
    args = parser.parse_args(argv)
    return _emit(P.from_permalink(permalink), args)
