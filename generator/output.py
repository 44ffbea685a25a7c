"""Shared command-line output: `--format` and `--out`, SVG → PNG/PDF conversion, streaming.

The engines are pure Python; only these conversions use cairosvg and Pillow (imported
lazily so that JSON and SVG output work without them).

Poster-sized outputs are written in flat memory:

* JSON: a `Stream` in the object is written element by element (`emit_json`);
  `spooled_array` holds elements in an anonymous temporary file when the header depends
  on the walk that makes them.
* SVG: a `Document` is a text made in pieces (`emit` writes them as they come).  A
  picture with one `<path>` per colour writes the first colour as the tiles come and
  keeps the others in `Spool`s (memory up to a limit, then an anonymous temporary file).
* PNG: a `Document` that can draw a horizontal band of itself (`band(top, bottom)` → SVG
  text of those pixel rows) is rasterised band by band with cairosvg and the rows are
  compressed into one PNG as they come (`banded_png`: signature, IHDR, IDAT chunks from
  one zlib stream with filter 0 on every row, IEND — PNG specification, W3C 2003).
  A picture wider than cairo's 32,767-pixel surface limit, or taller than `MAX_PNG_SIDE`,
  is refused with a one-line error.

`STREAMING` is turned on by the command line only; the site build keeps whole texts.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import sys

from generator.errors import TilepressError


# Progress bars are drawn only when the command line turns them on (stderr is a terminal);
# the site build's worker processes never draw them.
PROGRESS = False
STREAMING = False           # families may return a Document / Stream for big outputs (CLI only)
SINK = None                 # the browser page's progress report: SINK(done, total, unit, desc) (webapi)


def meter(total: int, unit: str, desc: str | None = None):
    """(update(done), close()) of a count towards a known total: a tqdm bar when progress is on,
    the page's report when it listens (SINK), else no-ops."""
    if not PROGRESS:
        if SINK is None:
            return (lambda n: None), (lambda: None)
        return (lambda n: SINK(n, total, unit, desc)), (lambda: None)
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return (lambda n: None), (lambda: None)
    bar = tqdm(total=total, unit=unit, desc=desc, file=sys.stderr, leave=False)

    def update(n):
        bar.update(n - bar.n)
    return update, bar.close


def _reported(iterable, total, unit, desc):
    """The iterable, telling SINK how far it got every 64 items."""
    done = 0
    for done, item in enumerate(iterable, 1):
        if not done & 63:
            SINK(done, total, unit, desc)
        yield item


def progress(iterable, total: int | None = None, unit: str = "it", desc: str | None = None):
    """Wrap an iterable in a tqdm bar on stderr when progress is on, else return it as is."""
    if not PROGRESS:
        return iterable if SINK is None else _reported(iterable, total, unit, desc)
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return iterable
    return tqdm(iterable, total=total, unit=unit, desc=desc, file=sys.stderr, leave=False)


def stage(desc: str) -> None:
    """Tell the browser page which step a long command has reached (SINK(None, None, "", desc));
    the command line draws no bar for a step."""
    if SINK is not None:
        SINK(None, None, "", desc)


def counter(unit: str):
    """(update(n), close()) of a tqdm counter when progress is on, else (None, a no-op)."""
    if not PROGRESS:
        if SINK is None:
            return None, lambda: None
        return (lambda n: SINK(n, None, unit, None)), lambda: None
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


class Spool:
    """Text appended in order and read back once, in memory up to `limit` bytes, then on disk."""

    def __init__(self, limit: int = 1 << 22):
        import tempfile
        self.file = tempfile.SpooledTemporaryFile(max_size=limit)
        self.buf: list[str] = []
        self.size = 0
        self.block = min(limit, 1 << 20)
        self.empty = True

    def write(self, text: str) -> None:
        """Append text (buffered; flushed to the spool file in blocks of about 1 MB)."""
        self.empty = False
        self.buf.append(text)
        self.size += len(text)
        if self.size > self.block:
            self.flush()

    def flush(self) -> None:
        """Move the buffer to the spool file."""
        self.file.write("".join(self.buf).encode("utf-8"))
        self.buf, self.size = [], 0

    def pieces(self, chunk: int = 1 << 20):
        """The text back, in pieces of about `chunk` bytes (then the spool is closed)."""
        self.flush()
        self.file.seek(0)
        try:
            while True:
                data = self.file.read(chunk)
                if not data:
                    return
                yield data.decode("utf-8")
        finally:
            self.file.close()


class PathSpools:
    """Path data grouped by style, each group spooled, written later as one `<path>` per group.

    `opener(key)` is the text of a group's `<path …` up to and including `d="`.  Groups are
    written in the order asked for (a picture's fixed colour order), so one walk over the
    tiles makes the whole picture whatever order the tiles come in.
    """

    def __init__(self, opener, limit: int = 1 << 22):
        self.opener = opener
        self.limit = limit
        self.spools: dict = {}

    def add(self, key, d: str) -> None:
        """Append one polygon's path data to its group."""
        spool = self.spools.get(key)
        if spool is None:
            spool = self.spools[key] = Spool(self.limit)
        spool.write(d)

    def keys(self) -> list:
        """The groups that received anything."""
        return [k for k, s in self.spools.items() if not s.empty]

    def pieces(self, order, sep: str = "\n", lead: bool = False):
        """The `<path>` elements of the non-empty groups in `order`, separated by sep
        (also before the first if lead), as pieces; the spools are closed afterwards."""
        first = True
        for key in order:
            spool = self.spools.pop(key, None)
            if spool is None or spool.empty:
                continue
            yield (sep if (lead or not first) else "") + self.opener(key)
            first = False
            yield from spool.pieces()
            yield '"/>'
        for spool in self.spools.values():
            spool.file.close()
        self.spools = {}


def band_frame(view_box, size, top: int, bottom: int, background: str | None = "#ffffff",
               scale: float | None = None):
    """(head, tail) of a standalone SVG showing pixel rows top ≤ y < bottom of a picture
    whose whole view box `view_box` is drawn at `size` = (width, height) pixels, `scale`
    pixels per unit (default: the height's; give the document's own when its nominal
    height is not a whole number of pixels, as the rasteriser keeps that scale)."""
    vx, vy, vw, vh = view_box
    scale = scale or size[1] / vh
    by, bh = vy + top / scale, (bottom - top) / scale
    head = ('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{size[0]}" height="{bottom - top}" viewBox="{vx!r} {by!r} {vw!r} {bh!r}" '
            'preserveAspectRatio="none">\n')
    if background:
        head += f'<rect x="{vx!r}" y="{by!r}" width="{vw!r}" height="{bh!r}" fill="{background}"/>\n'
    return head, "\n</svg>\n"


class BandSpools:
    """The polygons of a picture sorted into horizontal bands of pixel rows, each band's
    groups spooled (`PathSpools`), so that a banded PNG needs one walk over the tiles.

    `view_box` and `size` are the whole picture's; a polygon goes to every band its
    vertical extent (in view-box units, y down) meets, widened by `pad` units for strokes.
    """

    def __init__(self, view_box, size, rows: int, opener, pad: float = 0.0, scale: float | None = None):
        self.view_box, self.size, self.rows, self.pad = view_box, size, rows, pad
        self.scale = scale or size[1] / view_box[3]
        self.n = -(-size[1] // rows)
        self.bands = [PathSpools(opener, limit=1 << 16) for _ in range(self.n)]

    def add(self, key, d: str, ymin: float, ymax: float) -> None:
        """Append path data d of a polygon spanning ymin ≤ y ≤ ymax to the bands it meets."""
        vy, s, pad = self.view_box[1], self.scale, self.pad
        lo = max(0, int(((ymin - pad - vy) * s) // self.rows))
        hi = min(self.n - 1, int(((ymax + pad - vy) * s) // self.rows))
        for b in range(lo, hi + 1):
            self.bands[b].add(key, d)

    def band(self, top: int, bottom: int, order, prefix: str = "", suffix: str = "") -> str:
        """The SVG of rows top ≤ y < bottom (top a multiple of `rows`): prefix, the band's
        groups in `order`, suffix (a clip path and group, say) inside the band's frame."""
        head, tail = band_frame(self.view_box, self.size, top, bottom, scale=self.scale)
        spools = self.bands[top // self.rows]
        body = "".join(spools.pieces(order))
        self.bands[top // self.rows] = None
        return head + prefix + body + suffix + tail


def band_maker(polygons, view_box, size, opener, order, prefix: str = "", suffix: str = "",
               pad: float = 0.0, scale: float | None = None):
    """A `Document.band` callback for pictures of styled polygons, made in one walk.

    `polygons()` yields (group, path data, ymin, ymax) per polygon in view-box units;
    the first band asked for (rows 0 … r) fixes the band height r and runs the walk into
    `BandSpools`; the later bands, asked for in order, read them.  `order` gives the
    groups' order (a callable of the groups present, or a sequence).
    """
    state = {}

    def band(top: int, bottom: int) -> str:
        if "bands" not in state:
            if top != 0:
                raise ValueError("bands must be asked for from the top")
            bands = BandSpools(view_box, size, bottom - top, opener, pad, scale)
            present = set()
            for key, d, ymin, ymax in polygons():
                present.add(key)
                bands.add(key, d, ymin, ymax)
            state["bands"] = bands
            state["order"] = order(present) if callable(order) else list(order)
        return state["bands"].band(top, bottom, state["order"], prefix, suffix)
    return band


def band_rows_for(size, polygons_estimate: int, per_band: int = 40_000) -> int:
    """Rows per band: at most PNG_BAND_PIXELS pixels and about `per_band` polygons a band."""
    width, height = size
    by_pixels = max(1, PNG_BAND_PIXELS // max(1, width))
    by_count = max(1, height * per_band // max(1, polygons_estimate))
    return max(1, min(height, by_pixels, by_count))


class Document:
    """A text document made in pieces, for outputs too big to hold as one string.

    `pieces()` yields the text (a fresh iterator each call); `band(top, bottom)`, if
    given, returns a standalone SVG of the pixel rows top ≤ y < bottom of the picture,
    whose size is `size` = (width, height) in pixels; `name` says what is drawn (errors).
    """

    def __init__(self, pieces, band=None, size=None, name: str = "picture", opaque: bool = True,
                 band_rows: int | None = None, whole_ok: bool = False):
        self.pieces = pieces
        self.whole_ok = whole_ok    # small enough to convert whole (PDF)
        self.band = band
        self.size = size
        self.name = name
        self.band_rows = band_rows  # rows per band, when the band() callback needs a fixed one
        self.opaque = opaque        # an opaque background: the PNG is RGB, else RGBA

    def text(self) -> str:
        """The whole text (for conversions that need it at once)."""
        return "".join(self.pieces())


MAX_CAIRO_SIDE = 32767      # cairo's image-surface limit, in pixels
MAX_PNG_SIDE = 200_000      # rows of a banded PNG (about 26 GB of pixels at full width)
PNG_BAND_PIXELS = 1 << 21   # pixels rasterised at a time (8 MB of RGBA)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC-32 of type and data."""
    import struct
    import zlib
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def banded_png(doc: Document, fh, band_rows: int | None = None) -> None:
    """Write `doc` as one PNG (RGB if opaque, else RGBA) to fh, rasterising horizontal bands."""
    import io
    import struct
    import zlib
    width, height = doc.size
    if width > MAX_CAIRO_SIDE or height > MAX_PNG_SIDE or width < 1 or height < 1:
        raise TilepressError(f"{doc.name} is {width} × {height} pixels; PNG output is limited to "
                             f"{MAX_CAIRO_SIDE} pixels wide and {MAX_PNG_SIDE} high (choose a smaller "
                             "region, or --format svg)")
    import cairosvg  # lazy: renderers only
    from PIL import Image
    rows = band_rows or doc.band_rows or max(1, min(height, PNG_BAND_PIXELS // width))
    fh.write(b"\x89PNG\r\n\x1a\n")
    mode, colour_type, depth = ("RGB", 2, 3) if doc.opaque else ("RGBA", 6, 4)
    fh.write(_png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)))
    z = zlib.compressobj(6)
    stride = depth * width
    for top in range(0, height, rows):
        bottom = min(height, top + rows)
        png = cairosvg.svg2png(bytestring=doc.band(top, bottom).encode("utf-8"),
                               output_width=width, output_height=bottom - top)
        img = Image.open(io.BytesIO(png)).convert(mode)
        if img.size != (width, bottom - top):
            raise TilepressError(f"internal error: band rendered as {img.size}")
        raw = img.tobytes()
        del img, png
        lines = b"".join(b"\x00" + raw[i:i + stride] for i in range(0, len(raw), stride))
        data = z.compress(lines)
        if data:
            fh.write(_png_chunk(b"IDAT", data))
    fh.write(_png_chunk(b"IDAT", z.flush()))
    fh.write(_png_chunk(b"IEND", b""))


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


@contextlib.contextmanager
def sink(out: str):
    """A binary file to write the output into: standard output for `-`, else `atomic_file`
    (an interrupt, a failure or a full disk leaves the old file as it was); a fault of the
    machine becomes one line naming the file."""
    if out == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    _sweep_temporaries(out)
    try:
        with atomic_file(out) as fh:
            yield fh
    except OSError as exc:
        raise TilepressError(f"cannot write {out}: {exc.strerror}") from None


@contextlib.contextmanager
def atomic_file(path, prefix: str | None = None, durable: bool = True):
    """The one atomic writer: a binary file that replaces `path` only when the block ends
    without an exception — written as a temporary file beside it, then renamed over it (the
    old bytes, mode kept, stay until then; a failed write leaves no temporary file).

    A target that exists and is not a regular file — a device (/dev/null), a FIFO, or a
    symlink (/dev/stdout is one) — is written in place, as `open(path, "wb")` would:
    renaming onto it would replace the device or the link by a file.  Raises OSError as the
    system reports it.  `durable` also syncs the bytes to the disk before the rename (the
    cache, whose entries carry their own hash, does without).
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(path, "wb") as fh:
            yield fh
        return
    folder, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(folder, f"{prefix or '.' + name + '.tmp-'}{os.getpid()}-{os.urandom(4).hex()}")
    try:                        # (open inside: an interrupt just after it still removes the file)
        fh = open(tmp, "xb")
        try:
            yield fh
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        finally:
            fh.close()
        if st is not None:
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise


def _sweep_temporaries(path: str) -> None:
    """Remove the temporary files atomic_file left beside `path` in processes that no longer run
    (killed with SIGKILL, which no program sees): `.NAME.tmp-PID-RANDOM`."""
    folder, name = os.path.split(os.path.abspath(path))
    head = f".{name}.tmp-"
    try:
        names = [n for n in os.listdir(folder) if n.startswith(head)]
    except OSError:
        return
    for n in names:
        pid = n[len(head):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue                        # that process still runs (and may still be writing)
        except ProcessLookupError:
            _unlink(os.path.join(folder, n))
        except (OSError, AttributeError):   # another user's process, or no os.kill (the browser)
            continue


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def to_json(obj) -> str:
    """Canonical JSON text: sorted keys, compact, newline-terminated (deterministic)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


def check_png_size(svg: str) -> None:
    """Refuse (one line) an SVG whose pixel size cairo cannot rasterise in one piece."""
    import re
    m = re.search(r'<svg[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"', svg[:2000])
    if m:
        width, height = (math.ceil(float(v)) for v in m.groups())
        if width > MAX_CAIRO_SIDE or height > MAX_CAIRO_SIDE:
            raise TilepressError(f"the picture is {width} × {height} pixels; PNG output is limited to "
                                 f"{MAX_CAIRO_SIDE} pixels a side here (choose another region, or "
                                 "--format svg)")


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
