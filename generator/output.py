"""Shared command-line output: `--format` and `--out`, SVG → PNG/PDF conversion.

The engines are pure Python; only these conversions use cairosvg (imported lazily so
that JSON and SVG output work without it).
"""

from __future__ import annotations

import json
import sys

from generator.errors import TilepressError


# Progress bars are drawn only when the command line turns them on (stderr is a terminal);
# the site build's worker processes never draw them.
PROGRESS = False


def progress(iterable, total: int | None = None, unit: str = "it", desc: str | None = None):
    """Wrap an iterable in a tqdm bar on stderr when progress is on, else return it as is."""
    if not PROGRESS:
        return iterable
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return iterable
    return tqdm(iterable, total=total, unit=unit, desc=desc, file=sys.stderr, leave=False)


def counter(unit: str):
    """(update(n), close()) of a tqdm counter when progress is on, else (None, a no-op)."""
    if not PROGRESS:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None, lambda: None
    bar = tqdm(unit=unit, file=sys.stderr, leave=False)

    def update(n):
        bar.update(n - bar.n)
    return update, bar.close


class Stream:
    """A JSON array written element by element (huge outputs stay in flat memory).

    `factory()` returns a fresh iterator of the elements: `to_json` of an object holding a
    Stream gives the same text as if the Stream were the list of those elements.  With
    `text=True` the elements are already their canonical JSON texts (written as they are);
    with `body=True` the factory yields pieces of the array's body text, commas included.
    """

    def __init__(self, factory, text: bool = False, body: bool = False):
        self.factory = factory
        self.text = text
        self.body = body


def spooled_array(texts, chunk: int = 1 << 20):
    """A body Stream of JSON texts, written once to an anonymous temporary file.

    For outputs whose header depends on the walk that makes the elements (a permalink
    completed by the walk): the elements are made once, in flat memory, and read back.
    """
    import tempfile
    spool = tempfile.TemporaryFile()
    buf, size = [], 0
    for i, t in enumerate(texts):
        buf.append("," + t if i else t)
        size += len(t)
        if size > chunk:
            spool.write("".join(buf).encode("ascii"))
            buf, size = [], 0
    spool.write("".join(buf).encode("ascii"))

    def pieces():
        spool.seek(0)
        try:
            while True:
                data = spool.read(chunk)
                if not data:
                    return
                yield data.decode("ascii")
        finally:
            spool.close()
    return Stream(pieces, body=True)


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
    fh = sys.stdout.buffer if out == "-" else _open(out)
    try:
        for chunk in json_chunks(obj):
            fh.write(chunk.encode("ascii"))
        fh.flush()
    finally:
        if out != "-":
            fh.close()


def _open(path: str):
    """Open an output file for binary writing, or raise a one-line error."""
    try:
        return open(path, "wb")
    except OSError as exc:
        raise TilepressError(f"cannot write {path}: {exc.strerror}") from None


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


FIXED_PDF_EPOCH = 946684800   # 2000-01-01T00:00:00Z: the PDF date when SOURCE_DATE_EPOCH is unset


def pdf_date() -> str:
    """The pinned PDF date (`D:YYYYMMDDHHMMSSZ`): SOURCE_DATE_EPOCH if set, else 2000-01-01."""
    import os
    import time
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    epoch = int(raw) if raw.isdigit() else FIXED_PDF_EPOCH
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))


def join_pdfs(pdfs: list[bytes], title: str = "") -> bytes:
    """Join PDFs page by page with pypdf and pin the document information (deterministic bytes)."""
    import io
    from pypdf import PdfReader, PdfWriter
    writer = PdfWriter()
    for pdf in pdfs:
        for page in PdfReader(io.BytesIO(pdf)).pages:
            writer.add_page(page)
    try:
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    except (AttributeError, TypeError):   # other pypdf versions: bigger file, same determinism
        pass
    date = pdf_date()
    info = {"/Producer": "tilepress", "/Creator": "tilepress", "/CreationDate": date, "/ModDate": date}
    if title:
        info["/Title"] = title
    writer.add_metadata(info)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def svg_to_pdf(svg: str) -> bytes:
    """Convert an SVG document to a one-page PDF with cairosvg (dates pinned: same SVG, same bytes)."""
    import cairosvg
    return join_pdfs([cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))])


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
        emit_json(json_obj, out)
    elif fmt == "svg":
        emit(svg, out)
    elif fmt == "png":
        emit(svg_to_png(svg), out)
    elif fmt == "pdf":
        emit(svg_to_pdf(svg), out)
    else:
        raise TilepressError(f"unknown format {fmt!r}")
    return 0
