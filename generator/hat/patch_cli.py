"""`python -m generator tiling hat …` and `python -m generator regen hat.v1.…` (part 2).

    tiling hat --width W --height H --seed S [--format json|svg|png] [--out FILE]
    regen PERMALINK [--width W --height H] [--format json|svg|png|pdf] [--out FILE]

The region is the open rectangle W × H centred on the start point (short kite edge 1).
Every hat meeting its interior is produced.  Errors are one line and exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from generator.errors import TilepressError
from generator.hat import patch as P
from generator.hat.patch_render import patch_json, patch_svg, tile_json
from generator.hat.permalink import parse_side
from generator.output import add_output_arguments, emit_rendered, to_json

MAX_SEED = 2 ** 63
# SVG/PNG/PDF pictures are built in memory, so they stop at about 100,000 hats.  JSON is
# streamed (a first pass fixes the permalink, which comes before the tiles in the sorted
# keys; the second pass writes tile by tile), so it is limited only by the permalink's
# side cap, with flat memory.
MAX_CLI_HATS = 100_000
JSON_STREAM_FROM = 20_000     # estimated hats above which JSON is streamed


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as TilepressError (one line, exit 2)."""

    def error(self, message):
        raise TilepressError(message)


def _parser(prog: str, regen: bool) -> _Parser:
    """The option parser of `tiling hat` or `regen`."""
    p = _Parser(prog=prog, description=__doc__.split("\n\n")[0])
    p.add_argument("--width", required=not regen, help="region width (short kite edge = 1)")
    p.add_argument("--height", required=not regen, help="region height")
    if not regen:
        p.add_argument("--seed", required=True, help="random seed (a non-negative integer)")
    add_output_arguments(p, formats=("json", "svg", "png", "pdf") if regen else ("json", "svg", "png"))
    return p


def _progress(it, patch):
    """Wrap a hat iterator in a progress bar when stderr is a terminal."""
    if sys.stderr.isatty():
        try:
            from tqdm import tqdm
            return tqdm(it, total=P.estimated_hats(patch.region), unit="hat", file=sys.stderr,
                        leave=False)
        except ImportError:
            pass
    return it


def _collect(patch) -> list:
    """All hats of a patch, with a progress bar on a terminal."""
    return list(_progress(patch.hats(), patch))


def _stream_json(patch, out: str) -> int:
    """Write the JSON document tile by tile (same bytes as `to_json` of the whole object)."""
    for _ in _progress(patch.hats(), patch):       # pass 1: invent every level needed
        pass
    head = to_json(patch_json([], patch.permalink(), patch.region))
    assert head.endswith('"tiles":[]}\n')
    fh = sys.stdout.buffer if out == "-" else _open(out)
    try:
        fh.write(head[:-3].encode())          # up to and including "tiles":[
        first = True
        for hat in patch.hats():                     # pass 2: the same walk, no new levels
            fh.write((b"" if first else b",") + to_json(tile_json(hat))[:-1].encode())
            first = False
        fh.write(b"]}\n")
        fh.flush()
    finally:
        if out != "-":
            fh.close()
    return 0


def _open(path: str):
    """Open an output file for binary writing, or raise a one-line error."""
    try:
        return open(path, "wb")
    except OSError as exc:
        raise TilepressError(f"cannot write {path}: {exc.strerror}") from None


def _emit(patch, args) -> int:
    """Generate and write the patch in the chosen format."""
    est = P.estimated_hats(patch.region)
    if args.format == "json" and est > JSON_STREAM_FROM:
        return _stream_json(patch, args.out)
    if est > MAX_CLI_HATS:
        raise TilepressError(f"region too large for --format {args.format} (about {est:,} hats, "
                             f"limit {MAX_CLI_HATS:,}); choose a smaller --width/--height")
    hats = _collect(patch)
    permalink = patch.permalink()
    if args.format == "json":
        return emit_rendered("json", args.out, json_obj=patch_json(hats, permalink, patch.region))
    return emit_rendered(args.format, args.out, svg=patch_svg(hats, patch.region, title=permalink))


def main(argv: list[str]) -> int:
    """`tiling hat` options (argv excludes the words `tiling hat`)."""
    args = _parser("python -m generator tiling hat", regen=False).parse_args(argv)
    width = parse_side(args.width, "--width")
    height = parse_side(args.height, "--height")
    s = args.seed.strip()
    if not s.isdigit() or len(s) > 19 or int(s) >= MAX_SEED:
        raise TilepressError(f"--seed must be an integer in 0..{MAX_SEED - 1}, not {args.seed!r}")
    return _emit(P.from_seed(width, height, int(s)), args)


def regen(permalink: str, argv: list[str]) -> int:
    """`regen hat.v1.…` options: the region may be overridden (same tiling)."""
    args = _parser("python -m generator regen PERMALINK", regen=True).parse_args(argv)
    width = parse_side(args.width, "--width") if args.width is not None else None
    height = parse_side(args.height, "--height") if args.height is not None else None
    return _emit(P.from_permalink(permalink, width, height), args)
