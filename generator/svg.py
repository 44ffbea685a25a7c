"""Shared SVG writing: a fixed number format and small document helpers.

Every family renders with these so that output bytes are deterministic: numbers are
written with `num()` (fixed precision, no `-0`, no exponent), elements in a fixed order.
Big patches should put all polygons of one fill colour into one `<path>` (`polygons_path`).
"""

from __future__ import annotations

from typing import Iterable, Sequence

Point = Sequence[float]

CHAR_WIDTH = 0.62      # DejaVu Sans: average advance of letters and digits, in ems (a safe upper bound)


def num(x: float, digits: int = 3) -> str:
    """Format a coordinate with a fixed number of decimals, trailing zeros trimmed."""
    s = f"{x:.{digits}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    return s


def polygon_d(points: Iterable[Point], digits: int = 3) -> str:
    """Path data `M x y L ... Z` for one closed polygon."""
    pts = [f"{num(x, digits)} {num(y, digits)}" for x, y in points]
    return "M" + "L".join(pts) + "Z"


def polygons_path(polys: Iterable[Iterable[Point]], fill: str, stroke: str | None = None,
                  stroke_width: float | None = None, digits: int = 3, extra: str = "") -> str:
    """One `<path>` element holding many closed polygons of the same style."""
    d = "".join(polygon_d(p, digits) for p in polys)
    attrs = f' fill="{fill}"'
    if stroke:
        attrs += f' stroke="{stroke}"'
        if stroke_width is not None:
            attrs += f' stroke-width="{num(stroke_width, 4)}" stroke-linejoin="round"'
    return f'<path{attrs}{extra} d="{d}"/>'


def document(body: str, width: float, height: float, view_box: tuple[float, float, float, float],
             title: str | None = None, background: str | None = None, digits: int = 3) -> str:
    """A complete standalone SVG document (UTF-8, no timestamps)."""
    vx, vy, vw, vh = view_box
    head = ('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{num(width, 2)}" height="{num(height, 2)}" '
            f'viewBox="{num(vx, digits)} {num(vy, digits)} {num(vw, digits)} {num(vh, digits)}">')
    parts = [head]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    if background:
        parts.append(f'<rect x="{num(vx, digits)}" y="{num(vy, digits)}" width="{num(vw, digits)}" '
                     f'height="{num(vh, digits)}" fill="{background}"/>')
    parts.append(body)
    parts.append("</svg>\n")
    return "\n".join(parts)


def region_clip(x0: float, y1: float, w: float, h: float) -> str:
    """The clip path of a patch's region (y flipped: its top edge at -y1) and the opening
    of the group it clips; the caller closes the group with "\n</g>"."""
    return (f'<clipPath id="region"><rect x="{num(x0)}" y="{num(-y1)}" '
            f'width="{num(w)}" height="{num(h)}"/></clipPath>\n<g clip-path="url(#region)">\n')


def region_document_pieces(spools, bounds, px_width: float, title: str | None):
    """A clipped patch picture in pieces from filled `output.PathSpools`: header, one <path>
    per fill in sorted order, footer (the header comes last to be known: a permalink
    completed by the walk that filled the spools)."""
    x0, y0, x1, y1 = bounds
    w, h = x1 - x0, y1 - y0
    head, tail = document("\x00", px_width, px_width * h / w, (x0, -y1, w, h),
                          title=title or None, background="#ffffff").split("\x00")
    yield head + region_clip(x0, y1, w, h)
    yield from spools.pieces(sorted(spools.keys()))
    yield "\n</g>" + tail


def escape(text: str) -> str:
    """Escape text for XML content and attribute values."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def wrap_at(text: str, per: int) -> list[str]:
    """Greedy word wrap of text into lines of at most `per` characters (at least 8)."""
    per = max(8, per)
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def wrap(text: str, width_mm: float, size_mm: float) -> list[str]:
    """Greedy word wrap of text into lines that fit width_mm at a font size of size_mm."""
    return wrap_at(text, int(width_mm / (CHAR_WIDTH * size_mm)))
