"""SVG pictures of Penrose patches: tiles coloured by kind, optional matching-rule arcs.

Floats appear only here.  The picture shows whole tiles clipped to the region (a
clipPath), y pointing up (the SVG is flipped with a transform-free coordinate change:
we write −y).  All tiles of one kind go into a single <path>, in the sorted order of
`Patch.float_tiles`, with `generator.svg.num` formatting, so the bytes are deterministic.

Matching-rule arcs.  Each tile carries two arcs of two colours centred at two opposite
corners (see ARCS); they cross the edges at golden-section points and join up across
every edge into the familiar curves, which makes the matching rules visible.
"""

from __future__ import annotations

import math

from generator.svg import document, num, polygons_path
from generator.output import PathSpools, band_frame

COLOURS = {
    "kite": "#f2c14e", "dart": "#5b8e7d",
    "thick": "#e07a5f", "thin": "#3d5a80",
}
STROKE = "#1f1f1f"
ARC_COLOURS = ("#c0392b", "#1a5fb4")
DIGITS = 4
PHI = (1 + 5 ** 0.5) / 2


def _flip(pts):
    return [(x, -y) for x, y in pts]


# Arc decorations per tile kind: (polygon vertex index, radius, colour).  Polygons come
# from geometry.tile_polygon, so the indices are fixed corners: kite 1 = tail, 3 = nose;
# dart 1 = nose, 3 = reflex corner; rhombs 0 and 2 = the ends of the glued diagonal.
# These radii were chosen among the decorations under which every arc continues across
# every shared edge in the same colour (tests/test_penrose_render.py checks it).
ARCS = {
    "kite": ((1, 1 / PHI ** 2, 0), (3, 1 / PHI, 1)),
    "dart": ((1, 1 / PHI ** 2, 1), (3, 1 / PHI ** 3, 0)),
    "thick": ((0, 1 / PHI ** 2, 0), (2, 1 / PHI, 1)),
    "thin": ((0, 1 / PHI ** 2, 0), (2, 1 / PHI ** 2, 1)),
}


def arc_segments(family: str, kind: str, pts):
    """[(colour, centre, radius, start, end, large_arc)] for one whole tile (float points)."""
    n = len(pts)
    out = []
    for i, radius, colour in ARCS[kind]:
        p = pts[i]
        a, b = pts[(i + 1) % n], pts[i - 1]
        da, db = math.dist(p, a), math.dist(p, b)
        s = (p[0] + (a[0] - p[0]) * radius / da, p[1] + (a[1] - p[1]) * radius / da)
        e = (p[0] + (b[0] - p[0]) * radius / db, p[1] + (b[1] - p[1]) * radius / db)
        # interior angle at p (anticlockwise from p→a round to p→b); > 180° only at a dart's reflex corner
        ang = (math.atan2(b[1] - p[1], b[0] - p[0]) - math.atan2(a[1] - p[1], a[0] - p[0])) % (2 * math.pi)
        out.append((colour, p, radius, s, e, ang > math.pi))
    return out


def svg_patch(family: str, tiles, region, title: str | None = None, arcs: bool = False,
              px_per_unit: float = 24.0, stroke_width: float = 0.02) -> str:
    """A standalone SVG of float tiles [(kind, points)] clipped to region (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = region
    w, h = x1 - x0, y1 - y0
    body = [f'<defs><clipPath id="r"><rect x="{num(x0, DIGITS)}" y="{num(-y1, DIGITS)}" '
            f'width="{num(w, DIGITS)}" height="{num(h, DIGITS)}"/></clipPath></defs>',
            '<g clip-path="url(#r)">']
    kinds = ("kite", "dart") if family == "p2" else ("thick", "thin")
    for kind in kinds:
        polys = [_flip(p) for k, p in tiles if k == kind]
        if polys:
            body.append(polygons_path(polys, COLOURS[kind], STROKE, stroke_width, DIGITS,
                                      extra=f' class="{kind}"'))
    if arcs:
        paths = {0: [], 1: []}
        for kind, pts in tiles:
            for colour, (cx, cy), rad, (sx, sy), (ex, ey), large in arc_segments(family, kind, pts):
                paths[colour].append(
                    f"M{num(sx, DIGITS)} {num(-sy, DIGITS)}A{num(rad, DIGITS)} {num(rad, DIGITS)} "
                    f"0 {1 if large else 0} 1 {num(ex, DIGITS)} {num(-ey, DIGITS)}")
        for colour in (0, 1):
            if paths[colour]:
                body.append(f'<path fill="none" stroke="{ARC_COLOURS[colour]}" '
                            f'stroke-width="{num(stroke_width * 2.5, 4)}" class="arc{colour}" '
                            f'd="{"".join(paths[colour])}"/>')
    body.append("</g>")
    return document("\n".join(body), w * px_per_unit, h * px_per_unit, (x0, -y1, w, h), title=title,
                    background="#ffffff", digits=DIGITS)


# ---- streamed pictures ----------------------------------------------------------------------
#
# The same document as `svg_patch`, made from rows (x0, y0, …, x3, y3, kind) in the sorted
# order, in pieces: the first kind's polygons are written as they come, the other kind and
# the arcs go to spools (generator.output.PathSpools) and follow.  `bench/penrose.py --svg`
# compares this with walking the tiles once per `<path>` (SVG_MODE = "passes").

SVG_MODE = "spool"


def _frame(family: str, region, title, px_per_unit: float):
    """(text before the paths, text after them) of a patch picture."""
    x0, y0, x1, y1 = region
    w, h = x1 - x0, y1 - y0
    head, tail = document("\x00", w * px_per_unit, h * px_per_unit, (x0, -y1, w, h), title=title,
                          background="#ffffff", digits=DIGITS).split("\x00")
    defs = (f'<defs><clipPath id="r"><rect x="{num(x0, DIGITS)}" y="{num(-y1, DIGITS)}" '
            f'width="{num(w, DIGITS)}" height="{num(h, DIGITS)}"/></clipPath></defs>\n'
            '<g clip-path="url(#r)">')
    return head + defs, "\n</g>" + tail


def _openers(family: str, stroke_width: float) -> dict:
    """The text opening each `<path>` up to its d attribute, per kind and arc colour."""
    out = {}
    for kind in KINDS[family]:
        out[kind] = polygons_path([], COLOURS[kind], STROKE, stroke_width, DIGITS,
                                  extra=f' class="{kind}"')[:-3]
    for colour in (0, 1):
        out[colour] = (f'<path fill="none" stroke="{ARC_COLOURS[colour]}" '
                       f'stroke-width="{num(stroke_width * 2.5, 4)}" class="arc{colour}" d="')
    return out


KINDS = {"p2": ("kite", "dart"), "p3": ("thick", "thin")}


def vertex_text(x: float, y: float) -> str:
    """A vertex as path text, y flipped (the text of `svg.polygon_d`)."""
    return f"{num(x, DIGITS)} {num(-y, DIGITS)}"


def row_d(r) -> str:
    """Path data of one tile row, y flipped (the text of `svg.polygon_d`)."""
    if len(r) > 9:
        return "M" + "L".join(r[9]) + "Z"
    return (f"M{num(r[0], DIGITS)} {num(-r[1], DIGITS)}L{num(r[2], DIGITS)} {num(-r[3], DIGITS)}"
            f"L{num(r[4], DIGITS)} {num(-r[5], DIGITS)}L{num(r[6], DIGITS)} {num(-r[7], DIGITS)}Z")


def row_arcs(family: str, r):
    """[(colour, path data)] of the matching-rule arcs of one tile row."""
    pts = [(r[0], r[1]), (r[2], r[3]), (r[4], r[5]), (r[6], r[7])]
    return [(colour, f"M{num(sx, DIGITS)} {num(-sy, DIGITS)}A{num(rad, DIGITS)} {num(rad, DIGITS)} "
                     f"0 {1 if large else 0} 1 {num(ex, DIGITS)} {num(-ey, DIGITS)}")
            for colour, _c, rad, (sx, sy), (ex, ey), large in arc_segments(family, r[8], pts)]


def svg_pieces(family: str, rows, region, title=None, arcs: bool = False, px_per_unit: float = 24.0,
               stroke_width: float = 0.02, mode: str | None = None):
    """The text of `svg_patch` in pieces; `rows()` gives a fresh iterator of sorted rows."""
    head, tail = _frame(family, region, title, px_per_unit)
    opener = _openers(family, stroke_width)
    order = list(KINDS[family]) + ([0, 1] if arcs else [])
    yield head
    if (mode or SVG_MODE) == "passes":
        for key in order:
            buf, started = [], False
            for r in rows():
                if key in (0, 1):
                    texts = [d for colour, d in row_arcs(family, r) if colour == key]
                elif r[8] == key:
                    texts = [row_d(r)]
                else:
                    continue
                if texts and not started:
                    buf.append("\n" + opener[key])
                    started = True
                buf.extend(texts)
                if len(buf) > 4096:
                    yield "".join(buf)
                    buf = []
            if started:
                buf.append('"/>')
            yield "".join(buf)
        yield tail
        return
    first = order[0]
    spools = PathSpools(opener.__getitem__)
    buf, started = [], False
    for r in rows():
        if r[8] == first:
            if not started:
                buf.append("\n" + opener[first])
                started = True
            buf.append(row_d(r))
            if len(buf) > 4096:
                yield "".join(buf)
                buf = []
        else:
            spools.add(r[8], row_d(r))
        if arcs:
            for colour, d in row_arcs(family, r):
                spools.add(colour, d)
    if started:
        buf.append('"/>')
    yield "".join(buf)
    yield from spools.pieces(order[1:], lead=True)
    yield tail


def band_svg(family: str, rows, region, top: int, bottom: int, size, arcs: bool = False,
             stroke_width: float = 0.02, px_per_unit: float = 24.0) -> str:
    """A standalone SVG of the pixel rows top ≤ y < bottom of a `size` = (w, h) px picture.

    `rows` are the tiles near the band (any order); the region's clip is kept, the
    viewBox is cut to the band (`output.band_frame`) so that the bands join up exactly.
    """
    x0, y0, x1, y1 = region
    w, h = x1 - x0, y1 - y0
    groups = {key: [] for key in list(KINDS[family]) + [0, 1]}
    for r in rows:
        groups[r[8]].append(row_d(r))
        if arcs:
            for colour, d in row_arcs(family, r):
                groups[colour].append(d)
    opener = _openers(family, stroke_width)
    body = [f'<defs><clipPath id="r"><rect x="{num(x0, DIGITS)}" y="{num(-y1, DIGITS)}" '
            f'width="{num(w, DIGITS)}" height="{num(h, DIGITS)}"/></clipPath></defs>',
            '<g clip-path="url(#r)">']
    body += [opener[key] + "".join(ds) + '"/>' for key, ds in groups.items() if ds]
    body.append("</g>")
    head, tail = band_frame((x0, -y1, w, h), size, top, bottom, scale=px_per_unit)
    return head + "\n".join(body) + tail
