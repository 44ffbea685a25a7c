"""Pictures too big to hold, as `Document`s, and PNGs made of them band by band.

A `Document` is a text made in pieces (`output.emit` writes them as they come).  One that can
draw a horizontal band of itself (`band(top, bottom)` → SVG text of those pixel rows) is
rasterised band by band with cairosvg and the rows are compressed into one PNG as they come
(`banded_png`: signature, IHDR, IDAT chunks from one zlib stream with filter 0 on every row,
IEND — PNG specification, W3C 2003).  `band_maker` makes such a band callback for a picture of
styled polygons in one walk (`BandSpools`).  A picture wider than cairo's 32,767-pixel surface
limit, or taller than `MAX_PNG_SIDE`, is refused with a one-line error.

cairosvg and Pillow are imported where a band is rasterised, not with this module: they are
optional dependencies of PNG output alone (the engines and JSON/SVG output work without them).
"""
from __future__ import annotations

import io
import struct
import zlib

from generator.errors import TilepressError
from generator.spools import PathSpools

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
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def banded_png(doc: Document, fh, band_rows: int | None = None) -> None:
    """Write `doc` as one PNG (RGB if opaque, else RGBA) to fh, rasterising horizontal bands."""
    width, height = doc.size
    if width > MAX_CAIRO_SIDE or height > MAX_PNG_SIDE or width < 1 or height < 1:
        raise TilepressError(f"{doc.name} is {width} × {height} pixels; PNG output is limited to "
                             f"{MAX_CAIRO_SIDE} pixels wide and {MAX_PNG_SIDE} high (choose a smaller "
                             "region, or --format svg)")
    import cairosvg  # (lazy: optional, PNG output alone; see the module)
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
