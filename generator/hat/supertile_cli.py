"""`python -m generator supertile hat --level K [--metatile H|T|P|F] --format json|svg|png`.

Prints the exact level-K supertile of the chosen metatile type as hats.  JSON:
``{"family": "hat", "level": K, "metatile": X, "tiles": [{"kind": "hat", "reflected": bool,
"metatile": "H"|"T"|"P"|"F", "labels": [h, c1, ..., c_{K-1}, X], "points": [[x, y], ...]}]}``
with the short kite edge = 1, y up, each hat's 14 outline vertices counter-clockwise (one
of them a straight angle, so the segments have lengths 1 and √3 only).
"""

from __future__ import annotations

import argparse
import sys

from generator.errors import TilepressError
from generator.hat import render
from generator.hat.supertile import TYPES, supertile_hats
from generator.output import add_output_arguments, emit_rendered

MAX_CLI_LEVEL = 6        # level 6 of H: 54,289 hats (level 7, 372,100 hats, needs 1.4 GB as JSON)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one `error:` line (exit code 2)."""

    def error(self, message):
        raise TilepressError(f"supertile hat: {message}")


def build_parser() -> argparse.ArgumentParser:
    """The option parser (also documents --help)."""
    p = _Parser(prog="python -m generator supertile hat",
                description="Exact level-K hat supertile built by metatile substitution.")
    p.add_argument("--level", type=int, required=True, metavar="K",
                   help=f"substitution level 1..{MAX_CLI_LEVEL} (level 1 = one metatile's hats)")
    p.add_argument("--metatile", choices=TYPES, default="H", help="top metatile type (default H)")
    add_output_arguments(p, formats=("json", "svg", "png"))
    return p


def tiles_json(hats) -> list[dict]:
    """The JSON tile records of labelled hats, in expansion order."""
    return [{"kind": "hat", "reflected": h.reflected, "metatile": h.metatile,
             "labels": list(h.labels), "points": [list(p) for p in render.hat_points(h.iso)]}
            for h in hats]


def main(argv: list[str]) -> int:
    """Run the command on the options after `supertile hat`."""
    args = build_parser().parse_args(argv)
    if not 1 <= args.level <= MAX_CLI_LEVEL:
        raise TilepressError(f"--level must be between 1 and {MAX_CLI_LEVEL}, not {args.level}")
    hats = supertile_hats(args.metatile, args.level)
    if args.format == "json":
        obj = {"family": "hat", "level": args.level, "metatile": args.metatile,
               "tiles": tiles_json(_progress(hats))}
        return emit_rendered("json", args.out, json_obj=obj)
    title = f"Level-{args.level} {args.metatile} supertile of hats ({len(hats)} hats)"
    stroke = 0.12 if len(hats) < 3000 else 0.08
    svg = render.hats_svg(_progress(hats), title, stroke_width=stroke)
    return emit_rendered(args.format, args.out, svg=svg)


def _progress(hats):
    """Wrap the per-hat output work in a progress bar on a terminal, for big supertiles."""
    if len(hats) >= 50_000 and sys.stderr.isatty():
        try:
            from tqdm import tqdm
        except ImportError:
            return hats
        return tqdm(hats, desc="hats", unit="hat", file=sys.stderr, leave=False)
    return hats
