"""`python -m generator tantrix ...` and `python -m generator regen tx.v1....`.

    tantrix search --method NAME --seed S [--seconds T] [--uniform] --format json|svg|png
                   [--view periods|wallpaper]
    tantrix enumerate --method extrasymmetric-7x8 --format json [--single-loop]
    tantrix loops PERMALINK            loop statistics per colour (JSON)
    tantrix check FILE                 check a pattern JSON file (exit 0 valid, 2 invalid)
    regen tx.v1.<method>.<payload> --format json|svg|png [--view periods|wallpaper]

Pattern JSON: {"method", "permalink", "periods": [[q1, r1], [q2, r2]],
"cells": [{"q", "r", "tile", "rotation"}]} (axial pointy-top coordinates, r down).
"""

from __future__ import annotations

import argparse
import json
import sys

from generator.errors import TilepressError
from generator.inputs import read_text
from generator.output import add_output_arguments, emit, emit_rendered, svg_to_png, to_json
from generator.tantrix import boards, checker, loops, permalink, render
from generator.tantrix.search import require_seed, search

MAX_SECONDS = 3600.0
MAX_FILE = 1_000_000


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as TilepressError (one line, exit 2)."""

    def error(self, message):
        raise TilepressError(message)


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < v <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"seconds must be in (0, {MAX_SECONDS:g}]")
    return v


def _view_argument(p):
    p.add_argument("--view", choices=("periods", "wallpaper"), default="periods",
                   help="svg/png: 2x2 periods with one outlined (default) or one seamless wallpaper repeat")


def pattern_json(pattern: dict) -> dict:
    """The machine form of a pattern, exactly the documented keys."""
    return {"method": pattern["method"], "permalink": permalink.encode(pattern),
            "periods": pattern["periods"], "cells": pattern["cells"]}


def emit_pattern(pattern: dict, fmt: str, out: str, view: str) -> int:
    """Write a pattern as JSON, SVG or PNG."""
    if fmt == "json":
        return emit_rendered("json", out, json_obj=pattern_json(pattern))
    if view == "wallpaper":
        svg = render.wallpaper_svg(pattern)
        if fmt == "png":
            w, _h = render.wallpaper_size(pattern, 24.0)
            emit(svg_to_png(svg, width=w), out)
            return 0
        return emit_rendered(fmt, out, svg=svg)
    return emit_rendered(fmt, out, svg=render.pattern_svg(pattern, title=permalink.encode(pattern)))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m generator tantrix",
                     description="Infinite (periodic) Tantrix patterns with all 56 tiles.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p = sub.add_parser("search", help="find a pattern by one of the five methods")
    p.add_argument("--method", required=True, help=f"one of: {', '.join(boards.METHODS)}")
    p.add_argument("--seed", type=_int, default=0, help="randomises the tile order (default 0)")
    p.add_argument("--seconds", type=_seconds, default=300.0, help="give up after this long (default 300)")
    p.add_argument("--uniform", action="store_true",
                   help="extrasymmetric-7x8 only: choose uniformly among all 7484 patterns "
                        "(up to translation) instead of taking the first one found")
    add_output_arguments(p)
    _view_argument(p)
    e = sub.add_parser("enumerate", help="exhaustive enumeration of the extra-symmetric method")
    e.add_argument("--method", default="extrasymmetric-7x8", help="only extrasymmetric-7x8")
    e.add_argument("--single-loop", action="store_true",
                   help="also list the permalinks of the single-loop patterns")
    add_output_arguments(e, formats=("json",))
    lp = sub.add_parser("loops", help="closed loops and winding lines of each colour")
    lp.add_argument("permalink")
    c = sub.add_parser("check", help="check a pattern JSON file with the independent checker")
    c.add_argument("file")
    return parser


def main(argv: list[str]) -> int:
    """Entry point for `python -m generator tantrix ...`."""
    parser = _parser()
    if not argv or argv[0] in ("-h", "--help"):
        parser.print_help()
        return 0 if argv else 2
    args = parser.parse_args(argv)
    if args.command == "search":
        boards.get(args.method)
        seed = require_seed(args.seed)
        if args.uniform:
            if args.method != "extrasymmetric-7x8":
                raise TilepressError("--uniform needs --method extrasymmetric-7x8 (the only one enumerated)")
            from generator.tantrix.enumerate import uniform_pattern
            return emit_pattern(uniform_pattern(seed), args.format, args.out, args.view)
        pattern, nodes = search(args.method, seed=seed, seconds=args.seconds, progress=sys.stderr.isatty())
        if pattern is None:
            raise TilepressError(f"no {args.method} pattern found within {args.seconds:g} s "
                                 f"({nodes} nodes); try another seed or more --seconds")
        return emit_pattern(pattern, args.format, args.out, args.view)
    if args.command == "enumerate":
        if args.method != "extrasymmetric-7x8":
            raise TilepressError("enumerate supports only --method extrasymmetric-7x8")
        from generator.tantrix import enumerate as enum
        result = enum.enumerate_all(progress=sys.stderr.isatty())
        if args.single_loop:
            result["single_loop_permalinks"] = [permalink.encode(p) for p in enum.single_loop_patterns()]
        return emit_rendered("json", args.out, json_obj=result)
    if args.command == "loops":
        pattern = permalink.decode(args.permalink)
        emit(to_json({"permalink": pattern["permalink"], "colours": loops.summary(pattern)}))
        return 0
    if args.command == "check":
        raw = read_text(args.file, MAX_FILE)
        try:
            pattern = json.loads(raw)
        except ValueError as exc:
            raise TilepressError(f"{args.file}: not JSON ({exc})") from None
        if not isinstance(pattern, dict):
            raise TilepressError(f"{args.file}: expected a JSON object")
        wrong = checker.problems(pattern)
        if wrong:
            raise TilepressError(f"{args.file}: invalid pattern: {wrong[0]} ({len(wrong)} problem(s))")
        print("ok: a colour-correct periodic pattern of all 56 tiles")
        return 0
    parser.print_help()
    return 2


def regen(permalink_text: str, argv: list[str]) -> int:
    """Regenerate a pattern from its permalink."""
    parser = _Parser(prog="python -m generator regen tx.v1....")
    add_output_arguments(parser)
    _view_argument(parser)
    args = parser.parse_args(argv)
    pattern = permalink.decode(permalink_text)
    return emit_pattern(pattern, args.format, args.out, args.view)
