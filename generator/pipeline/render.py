"""Phase 4 — render one generated item into the files the site serves.

Per item (`<slug>` is derived from the permalink, see `pages.slug`):

    <slug>.svg               the family's SVG, byte for byte
    <slug>.<name>.svg        each of `extra_svgs` (e.g. a solution)
    <slug>.png, <slug>@2x.png            PNG downloads, 1x and 2x (cairosvg; no 2x when the
                                         item says "png_2x": false); the 1x
                                         width is the SVG's own width, capped at png_width;
                                         stored as 256-colour palette PNGs (the pictures are
                                         flat colours with anti-aliased edges: a palette keeps
                                         them visually identical at a fifth of the bytes)
    <slug>.thumb@2x.webp, <slug>.thumb.png
                                         gallery thumbnails (Pillow): one WebP at 2x (every
                                         screen uses it: a 1x copy would ship the same picture
                                         twice) and a 256-colour 1x PNG fallback, all in one
                                         frame of thumb_width x thumb_width/THUMB_FRAME CSS px

Thumbnail frame: every thumbnail has the same aspect ratio THUMB_FRAME (3:2), so a gallery
row lines up.  A picture wider than the frame is scaled to the frame's height and its middle
is cut out (long strips such as a 4 x 14 Tantrix board keep their detail instead of becoming
thin lines); a narrower one is scaled to the frame's height and centred on a transparent
background (letterbox), so a puzzle is never cut.

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
THUMB_FRAME = 1.5            # width / height of every thumbnail
WEBP_QUALITY = 70            # thumbnails: dense patterns cost 20% less than at 82, no visible loss at 240 px


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


READABLE_FONT_PX = 12.0      # the smallest text a page shows: 12 CSS px (a puzzle's clue numbers)


def readable_width(svg: str, font_px: float = READABLE_FONT_PX) -> int | None:
    """The narrowest display width (CSS px) at which the picture's smallest text is `font_px`
    high, from its viewBox and font-size attributes; None for a picture without text.  An item
    page shows a picture that would be smaller than this in a box that scrolls."""
    head = svg[: svg.find(">", svg.find("<svg")) + 1] if "<svg" in svg else ""
    vb = re.search(r'\sviewBox="([^"]*)"', head)
    fonts = [float(v) for v in re.findall(r'font-size="([0-9]*\.?[0-9]+)"', svg)]
    if not vb or not fonts or min(fonts) <= 0:
        return None
    parts = vb.group(1).replace(",", " ").split()
    if len(parts) != 4:
        return None
    return int(-(-float(parts[2]) * font_px // min(fonts)))


def rasterise(svg: str, width: int) -> bytes:
    """PNG bytes of an SVG scaled to a pixel width (height follows the aspect ratio)."""
    # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
    import cairosvg
    _check_raster(svg, width)
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)


def _check_raster(svg: str, width: int) -> None:
    """Refuse absurd sizes (TilepressError) before cairo allocates anything."""
    w, h = svg_size(svg)
    if width <= 0 or w <= 0 or h <= 0 or width * width * h / w > MAX_PIXELS:
        raise TilepressError(f"refusing to rasterise {w}x{h} at width {width}")


class Raster:
    """One SVG parsed once and rasterised at several widths, as RGBA Pillow images.

    The pixels are exactly those of `Image.open(rasterise(svg, width)).convert("RGBA")`:
    cairo draws the same parsed tree (cairosvg's `svg2png` is `Tree` + `PNGSurface`), and
    its premultiplied ARGB32 pixels are un-premultiplied with cairo's own PNG writer's
    rounding, c' = (255 c + a // 2) // a (a = 0 gives 0, 0, 0, 0), without going through
    a PNG: no deflate in cairo, no inflate in Pillow (`tests/test_render_raster.py`).
    """

    def __init__(self, svg: str):
        # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
        from cairosvg.parser import Tree
        self.svg = svg
        self.tree = Tree(bytestring=svg.encode("utf-8"))

    def image(self, width: int):
        """The picture at a pixel width (height follows the aspect ratio), in RGBA."""
        # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
        from cairosvg.surface import PNGSurface
        from PIL import Image
        _check_raster(self.svg, width)
        surface = PNGSurface(self.tree, None, 96, output_width=width)
        cs = surface.cairo
        cs.flush()
        size = (cs.get_width(), cs.get_height())
        img = Image.frombuffer("RGBA", size, bytes(cs.get_data()), "raw", "BGRA", cs.get_stride(), 1)
        surface.finish()
        return _unpremultiply(img)


def _unpremultiply(img):
    """Premultiplied RGBA pixels (cairo) to straight RGBA, rounding as cairo's PNG writer does."""
    # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
    from PIL import Image, ImageMath
    alpha = img.getchannel("A")
    lo, hi = alpha.getextrema()
    if lo == 255:                        # opaque: nothing to divide
        return img
    if hi == 0:                          # all transparent: cairo writes 0, 0, 0, 0
        return Image.new("RGBA", img.size, (0, 0, 0, 0))
    a = alpha.convert("I")
    half = ImageMath.lambda_eval(lambda e: e["a"] / 2, a=a)
    bands = [ImageMath.lambda_eval(lambda e: (e["c"] * 255 + e["h"]) / e["a"],
                                   c=img.getchannel(k).convert("I"), h=half, a=a).convert("L")
             for k in "RGB"]
    return Image.merge("RGBA", (*bands, alpha))




def _encode(img, fmt: str) -> bytes:
    """Encode a Pillow image deterministically (no metadata, fixed settings)."""
    buf = io.BytesIO()
    if fmt == "WEBP":
        img.save(buf, format="WEBP", quality=WEBP_QUALITY, method=4)
    else:
        img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _palette(img, colours: int = 256):
    """A palette version of an image (flat-colour art: visually the same, about 6x smaller)."""
    # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
    from PIL import Image
    return img.quantize(colours, method=Image.Quantize.FASTOCTREE)


def png_widths(svg: str, png_width: int) -> tuple[int, int]:
    """Pixel widths of the 1x and 2x PNG downloads."""
    w, h = svg_size(svg)
    fit = int((MAX_PIXELS / 4 * w / h) ** 0.5) if w > 0 and h > 0 else png_width   # 2x within MAX_PIXELS
    one = max(1, min(round(w), png_width, fit))
    return one, 2 * one




def thumb_size(thumb_width: int) -> tuple[int, int]:
    """(width, height) in CSS pixels of every thumbnail: the frame THUMB_FRAME."""
    return thumb_width, max(1, round(thumb_width / THUMB_FRAME))


def framed(svg: str, width: int, height: int, raster: Raster | None = None):
    """A width x height RGBA Pillow image of the picture: cut to the frame or letterboxed."""
    # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
    from PIL import Image
    w, h = svg_size(svg)
    scaled = max(1, round(height * w / h))          # picture width at the frame's height
    img = (raster or Raster(svg)).image(scaled)
    if img.height != height:
        img = img.resize((img.width, height), Image.LANCZOS)
    if img.width >= width:
        left = (img.width - width) // 2
        return img.crop((left, 0, left + width, height))
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    canvas.paste(img, ((width - img.width) // 2, 0))
    return canvas




def render_item(slug: str, gen: dict, settings: dict) -> tuple[dict[str, bytes], dict]:
    """All files of one item (name -> bytes) and the image sizes the pages need."""
    svg = gen["svg"]
    files: dict[str, bytes] = {f"{slug}.svg": svg.encode("utf-8")}
    extras = {}
    for name, extra in sorted(gen.get("extra_svgs", {}).items()):
        files[f"{slug}.{name}.svg"] = extra.encode("utf-8")
        ew, eh = svg_size(extra)
        extras[name] = [max(1, round(ew)), max(1, round(eh))]
    one, two = png_widths(svg, settings["png_width"])
    raster = Raster(svg)                                    # parsed once, drawn at each size
    png1 = raster.image(one)                                # cairo at each size: sharper and
    files[f"{slug}.png"] = _encode(_palette(png1), "PNG")   # cheaper than resampling one
    png2 = None
    if gen.get("png_2x", True):                             # a family may ship the 1x PNG only
        png2 = raster.image(two)
        files[f"{slug}@2x.png"] = _encode(_palette(png2), "PNG")
    tw, th = thumb_size(settings["thumb_width"])
    thumb_svg = gen.get("thumb_svg")            # a family's own thumbnail picture (e.g. a readable crop)
    thumb2 = framed(thumb_svg, 2 * tw, 2 * th) if thumb_svg else framed(svg, 2 * tw, 2 * th, raster)
    thumb1 = thumb2.resize((tw, th), _lanczos())
    files[f"{slug}.thumb@2x.webp"] = _encode(thumb2, "WEBP")
    files[f"{slug}.thumb.png"] = _encode(_palette(thumb1, 64), "PNG")   # fallback only: 64 colours
    sizes = {"png": list(png1.size), "png2": list(png2.size) if png2 else None,
             "thumb": [thumb1.width, thumb1.height], "extras": extras, "readable": readable_width(svg)}
    return files, sizes


def _lanczos():
    """Pillow's Lanczos filter constant."""
    # lazy: cairosvg (~190 ms) and PIL load only when a picture is rasterised
    from PIL import Image
    return Image.LANCZOS
