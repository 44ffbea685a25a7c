"""The command line's output: `--format` and `--out`, SVG → PNG/PDF, streamed outputs.

`emit_rendered` writes a family's result in the chosen format: JSON (`emit_json`, streaming
any `spools.Stream` element by element), SVG text or a `bands.Document` written piece by
piece, PNG (the whole picture, or band by band: `bands.banded_png`) and PDF (`pdf`).  Every
file goes through the one atomic writer (`files.atomic_file`).  `STREAMING` is turned on by
the command line only (a family may then return a Document or a Stream for a big output); the
site build keeps whole texts.

The concerns live in their own modules, all on the ground floor: progress reports
(`reporting`), spools (`spools`), pictures in bands and PNGs made of them (`bands`), atomic
files (`files`), PDFs (`pdf`).  Their names used across the engines are also found here
(`output.progress`, `output.Document`, …), so that a family imports one module for its output.
"""

from __future__ import annotations

import json
import math
import re

from generator.bands import (MAX_CAIRO_SIDE, MAX_PNG_SIDE, PNG_BAND_PIXELS, BandSpools,  # noqa: F401
                             Document, band_frame, band_maker, band_rows_for, banded_png)
from generator.errors import TilepressError
from generator.files import atomic_file, sink  # noqa: F401
from generator.pdf import FIXED_PDF_EPOCH, join_pdfs, pdf_date, svg_to_pdf  # noqa: F401
from generator.reporting import counter, meter, progress, stage  # noqa: F401
from generator.spools import PathSpools, Spool, Stream, spooled_array  # noqa: F401

STREAMING = False           # families may return a Document / Stream for big outputs (CLI only)


def json_chunks(obj):
    """The canonical JSON text of obj in pieces; Streams (at the top level) are expanded lazily."""
    if isinstance(obj, dict) and any(isinstance(v, Stream) for v in obj.values()):
        yield "{"
        for i, key in enumerate(sorted(obj)):
            yield ("," if i else "") + json.dumps(key, ensure_ascii=True) + ":"
            value = obj[key]
            if isinstance(value, Stream):
                yield "["
                if value.body:
                    yield from value.factory()
                    yield "]"
                    continue
                for j, x in enumerate(value.factory()):
                    yield ("," if j else "") + (x if value.text else to_json(x)[:-1])
                yield "]"
            else:
                yield to_json(value)[:-1]
        yield "}\n"
    else:
        yield to_json(obj)


def emit_json(obj, out: str = "-") -> None:
    """Write obj as canonical JSON to standard output or a file (streaming any Stream)."""
    if not (isinstance(obj, dict) and any(isinstance(v, Stream) for v in obj.values())):
        emit(to_json(obj), out)
        return
    with sink(out) as fh:
        for chunk in json_chunks(obj):
            fh.write(chunk.encode("ascii"))


def to_json(obj) -> str:
    """Canonical JSON text: sorted keys, compact, newline-terminated (deterministic)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


def check_png_size(svg: str) -> None:
    """Refuse (one line) an SVG whose pixel size cairo cannot rasterise in one piece."""
    m = re.search(r'<svg[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"', svg[:2000])
    if m:
        width, height = (math.ceil(float(v)) for v in m.groups())
        if width > MAX_CAIRO_SIDE or height > MAX_CAIRO_SIDE:
            raise TilepressError(f"the picture is {width} × {height} pixels; PNG output is limited to "
                                 f"{MAX_CAIRO_SIDE} pixels a side here (choose another region, or "
                                 "--format svg)")


def svg_to_png(svg: str, scale: float = 1.0, width: int | None = None) -> bytes:
    """Rasterise an SVG document to PNG bytes with cairosvg."""
    import cairosvg  # (lazy: an optional dependency of PNG output alone, not of the engines)
    kwargs = {"bytestring": svg.encode("utf-8"), "scale": scale}
    if width is not None:
        kwargs = {"bytestring": svg.encode("utf-8"), "output_width": width}
    return cairosvg.svg2png(**kwargs)


def emit(data, out: str = "-") -> None:
    """Write text, bytes or a Document to standard output (`-`) or to a file (atomically)."""
    with sink(out) as fh:
        if isinstance(data, Document):
            for piece in data.pieces():
                fh.write(piece.encode("utf-8"))
        else:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)


def emit_png_bands(doc: Document, out: str = "-") -> None:
    """Write a banded PNG of a Document to standard output or a file (atomically)."""
    with sink(out) as fh:
        banded_png(doc, fh)


def emit_rendered(fmt: str, out: str, *, json_obj=None, svg=None) -> int:
    """Emit a result in the chosen format: json object, svg text, or png/pdf made from the svg.

    `svg` may be a Document: written piece by piece as SVG, in bands as PNG.
    """
    if fmt == "json":
        emit_json(json_obj, out)
    elif fmt == "svg":
        emit(svg, out)
    elif fmt == "png":
        if isinstance(svg, Document):
            if svg.band is None:
                raise TilepressError(f"{svg.name} is too large for PNG output; use --format svg")
            emit_png_bands(svg, out)
        else:
            check_png_size(svg)
            emit(svg_to_png(svg), out)
    elif fmt == "pdf":
        if isinstance(svg, Document):
            if not svg.whole_ok:
                raise TilepressError(f"{svg.name} is too large for PDF output; use --format svg or png")
            svg = svg.text()
        emit(svg_to_pdf(svg), out)
    else:
        raise TilepressError(f"unknown format {fmt!r}")
    return 0
