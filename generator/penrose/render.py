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
