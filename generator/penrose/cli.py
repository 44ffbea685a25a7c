"""`python -m generator tiling p2|p3 …` and `python -m generator regen p2.v1.…|p3.v1.…`.

    tiling p2|p3 --width W --height H --seed S --format json|svg|png|pdf [--out F] [--arcs]
        A random patch of the W × H rectangle centred on the start point (x0 = −W/2 … x1 = W/2,
        y0 = −H/2 … y1 = H/2).  Units: P2 long edge 1, P3 edge 1; y points up.
    regen PERMALINK [--width W --height H] --format json|svg|png|pdf [--out F] [--arcs]
        The patch a permalink names; a different region regenerates the same tiling there
        (a smaller one gives exactly the tiles of the recorded patch that meet it).

JSON: {"permalink", "family", "region": {"x0","y0","x1","y1"}, "tiles": [{"kind", "points"}]}
with kind kite|dart (P2) or thick|thin (P3), every tile meeting the region's interior,
whole, its vertices anticlockwise.  Errors: one line `error: …` and exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from generator.errors import TilepressError
from generator.output import emit_rendered
from generator.penrose import patch as P
from generator.penrose import permalink as PL

FORMATS = ("json", "svg", "png", "pdf")
MAX_SEED = 2 ** 63


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one TilepressError line instead of usage + exit."""

    def error(self, message):
        raise TilepressError(f"{self.prog}: {message}")


def _add_common(parser: argparse.ArgumentParser, defaults: bool) -> None:
    parser.add_argument("--width", metavar="W", default="20" if defaults else None,
                        help="region width (default 20)" if defaults else "change the region width")
    parser.add_argument("--height", metavar="H", default="12" if defaults else None,
                        help="region height (default 12)" if defaults else "change the region height")
    parser.add_argument("--format", choices=FORMATS, default="json", help="output format (default json)")
    parser.add_argument("--out", metavar="FILE", default="-", help="write to FILE instead of stdout")
    parser.add_argument("--arcs", action="store_true", help="draw the matching-rule arcs (svg/png/pdf)")


def _progress():
    """A tqdm counter on stderr when it is a terminal, else None."""
    if not sys.stderr.isatty():
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None, None
    bar = tqdm(unit=" triangles", file=sys.stderr, leave=False)

    def update(n):
        bar.update(n - bar.n)
    return update, bar


def _emit(result: P.Result, args) -> int:
    if args.format == "json":
        return emit_rendered("json", args.out, json_obj=P.to_json_obj(result))
    return emit_rendered(args.format, args.out, svg=P.to_svg(result, arcs=args.arcs))


def main(argv: list[str]) -> int:
    """argv = ["tiling", "p2"|"p3", options…]."""
    if len(argv) < 2 or argv[1] not in ("p2", "p3"):
        raise TilepressError("usage: python -m generator tiling p2|p3 [options]")
    family = argv[1]
    parser = _Parser(prog=f"python -m generator tiling {family}",
                     description=__doc__.split("\n\n")[1].strip())
    _add_common(parser, defaults=True)
    parser.add_argument("--seed", default="0", help="random seed, a non-negative integer (default 0)")
    args = parser.parse_args(argv[2:])
    try:
        seed = int(args.seed)
    except ValueError:
        raise TilepressError(f"--seed must be an integer, got {args.seed[:40]!r}") from None
    if not 0 <= seed < MAX_SEED:
        raise TilepressError(f"--seed must be between 0 and 2**63 - 1, got {args.seed[:40]}")
    width = PL.parse_size(args.width, "--width")
    height = PL.parse_size(args.height, "--height")
    update, bar = _progress()
    try:
        result = P.from_seed(family, seed, width, height, progress=update)
    finally:
        if bar is not None:
            bar.close()
    return _emit(result, args)


def regen(permalink: str, argv: list[str]) -> int:
    """Regenerate a p2/p3 permalink, optionally over another region."""
    spec = PL.decode(permalink)
    parser = _Parser(prog="python -m generator regen PERMALINK",
                     description="Regenerate a Penrose patch from its permalink.")
    _add_common(parser, defaults=False)
    args = parser.parse_args(argv)
    width = PL.parse_size(args.width, "--width") if args.width is not None else None
    height = PL.parse_size(args.height, "--height") if args.height is not None else None
    update, bar = _progress()
    try:
        result = P.from_permalink(PL.encode(spec), width, height, progress=update)
    finally:
        if bar is not None:
            bar.close()
    return _emit(result, args)
