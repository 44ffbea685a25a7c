"""Phase 4 — render one generated item into the files the site serves.

Per item (`<slug>` is derived from the permalink, see `pages.slug`):

    <slug>.svg               the family's SVG, byte for byte
    <slug>.<name>.svg        each of `extra_svgs` (e.g. a solution)
    <slug>.png, <slug>@2x.png            PNG downloads, 1x and 2x (cairosvg); the 1x
                                         width is the SVG's own width, capped at png_width
    <slug>.thumb.webp, <slug>.thumb@2x.webp, <slug>.thumb.png
                                         gallery thumbnails (Pillow): WebP 1x/2x and a
                                         256-colour PNG fallback, thumb_width CSS pixels wide

The PNG downloads are rasterised by cairo at their own sizes (sharper and cheaper than
decoding and resampling a big PNG); the 2x thumbnail too, and the 1x thumbnail is a
Lanczos reduction of it.  So a picture is rasterised three times per item, no more.
SVG and HTML are byte-deterministic; PNG/WebP bytes are deterministic for one set of
library versions (cairo, libwebp), which is why golden tests compare SVG text.
"""

from __future__ import annotations

import io
import re

from generator.errors import TilepressError

_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")
MAX_PIXELS = 40_000_000      # refuse to rasterise absurdly large pictures


def svg_size(svg: str) -> tuple[float, float]:
    """The natural (width, height) of an SVG document in CSS pixels."""
    head = svg[: svg.find(">", svg.find("<svg")) + 1] if "<svg" in svg else ""
    w = re.search(r'\swidth="([^"]*)"', head)
    h = re.search(r'\sheight="([^"]*)"', head)
    if w and h and _LENGTH.match(w.group(1)) and _LENGTH.match(h.group(1)):
        return float(_LENGTH.match(w.group(1)).group(1)), float(_LENGTH.match(h.group(1)).group(1))
    vb = re.search(r'\sviewBox="([^"]*)"', head)
    if vb:
        parts = vb.group(1).replace(",", " ").split()
        if len(parts) == 4:
            return float(parts[2]), float(parts[3])
    raise TilepressError("SVG has no usable width/height or viewBox")


def rasterise(svg: str, width: int) -> bytes:
    """PNG bytes of an SVG scaled to a pixel width (height follows the aspect ratio)."""
    import cairosvg
    w, h = svg_size(svg)
    if width <= 0 or w <= 0 or h <= 0 or width * width * h / w > MAX_PIXELS:
        raise TilepressError(f"refusing to rasterise {w}x{h} at width {width}")
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)


def _reduce(png: bytes, width: int):
    """A Pillow image of a PNG reduced to width (Lanczos), in RGBA."""
    from PIL import Image
    img = Image.open(io.BytesIO(png))
    img.load()
    img = img.convert("RGBA")
    if img.width != width:
        height = max(1, round(img.height * width / img.width))
        img = img.resize((width, height), Image.LANCZOS)
    return img


def _encode(img, fmt: str) -> bytes:
    """Encode a Pillow image deterministically (no metadata, fixed settings)."""
    buf = io.BytesIO()
    if fmt == "WEBP":
        img.save(buf, format="WEBP", quality=82, method=4)
    else:
        img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _palette(img):
    """A 256-colour version of an image (the PNG thumbnail fallback: about 6x smaller)."""
    from PIL import Image
    return img.quantize(256, method=Image.Quantize.FASTOCTREE)


def png_widths(svg: str, png_width: int) -> tuple[int, int]:
    """Pixel widths of the 1x and 2x PNG downloads."""
    w, h = svg_size(svg)
    fit = int((MAX_PIXELS / 4 * w / h) ** 0.5) if w > 0 and h > 0 else png_width   # 2x within MAX_PIXELS
    one = max(1, min(round(w), png_width, fit))
    return one, 2 * one


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) of PNG bytes, read from the IHDR chunk."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise TilepressError("not a PNG")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def render_item(slug: str, gen: dict, settings: dict) -> tuple[dict[str, bytes], dict]:
    """All files of one item (name -> bytes) and the image sizes the pages need."""
    svg = gen["svg"]
    files: dict[str, bytes] = {f"{slug}.svg": svg.encode("utf-8")}
    for name, extra in sorted(gen.get("extra_svgs", {}).items()):
        files[f"{slug}.{name}.svg"] = extra.encode("utf-8")
    one, two = png_widths(svg, settings["png_width"])
    files[f"{slug}.png"] = png1 = rasterise(svg, one)      # cairo at each size: sharper and
    files[f"{slug}@2x.png"] = png2 = rasterise(svg, two)   # cheaper than decoding and resampling
    tw = settings["thumb_width"]
    thumb2 = _reduce(rasterise(svg, 2 * tw), 2 * tw)
    thumb1 = thumb2.resize((tw, max(1, round(thumb2.height * tw / thumb2.width))), _lanczos())
    files[f"{slug}.thumb@2x.webp"] = _encode(thumb2, "WEBP")
    files[f"{slug}.thumb.webp"] = _encode(thumb1, "WEBP")
    files[f"{slug}.thumb.png"] = _encode(_palette(thumb1), "PNG")
    sizes = {"png": list(png_size(png1)), "png2": list(png_size(png2)),
             "thumb": [thumb1.width, thumb1.height]}
    return files, sizes


def _lanczos():
    """Pillow's Lanczos filter constant."""
    from PIL import Image
    return Image.LANCZOS
