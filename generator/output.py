"""Shared command-line output: `--format` and `--out`, SVG → PNG/PDF conversion.

The engines are pure Python; only these conversions use cairosvg (imported lazily so
that JSON and SVG output work without it).
"""

from __future__ import annotations

import argparse
import json
import sys

from generator.errors import TilepressError


def add_output_arguments(parser: argparse.ArgumentParser, formats=("json", "svg", "png"),
                         default="json") -> None:
    """Add the common `--format` and `--out` options to a family's parser."""
    parser.add_argument("--format", choices=formats, default=default,
                        help=f"output format (default {default})")
    parser.add_argument("--out", metavar="FILE", default="-",
                        help="write to FILE instead of standard output")


def to_json(obj) -> str:
    """Canonical JSON text: sorted keys, compact, newline-terminated (deterministic)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


def svg_to_png(svg: str, scale: float = 1.0, width: int | None = None) -> bytes:
    """Rasterise an SVG document to PNG bytes with cairosvg."""
    import cairosvg  # lazy: renderers only
    kwargs = {"bytestring": svg.encode("utf-8"), "scale": scale}
    if width is not None:
        kwargs = {"bytestring": svg.encode("utf-8"), "output_width": width}
    return cairosvg.svg2png(**kwargs)


def svg_to_pdf(svg: str) -> bytes:
    """Convert an SVG document to a one-page PDF with cairosvg."""
    import cairosvg
    return cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))


def emit(data: str | bytes, out: str = "-") -> None:
    """Write text or bytes to standard output (`-`) or to a file."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if out == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        with open(out, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        raise TilepressError(f"cannot write {out}: {exc.strerror}") from None


def emit_rendered(fmt: str, out: str, *, json_obj=None, svg: str | None = None) -> int:
    """Emit a result in the chosen format: json object, svg text, or png/pdf made from the svg."""
    if fmt == "json":
        emit(to_json(json_obj), out)
    elif fmt == "svg":
        emit(svg, out)
    elif fmt == "png":
        emit(svg_to_png(svg), out)
    elif fmt == "pdf":
        emit(svg_to_pdf(svg), out)
    else:
        raise TilepressError(f"unknown format {fmt!r}")
    return 0
