"""SVG pictures of Penrose patches: tiles coloured by kind, optional matching-rule arcs.

Floats appear only here.  The picture shows whole tiles clipped to the region (a
clipPath), y pointing up (the SVG is flipped with a transform-free coordinate change:
we write −y).  All tiles of one kind go into a single <path>, in the sorted order of
`Patch.float_tiles`, with `generator.svg.num` formatting, so the bytes are deterministic.

Matching-rule arcs.  Each half-triangle carries two arcs centred at its base corners,
drawn as the classic Amman–Conway decorations: on a kite an arc of radius 1/φ (the
golden cut of the long edges) around the nose and one of radius 1/φ² around the tail;
on a dart radius 1/φ² around its nose... rather than remembering pictures, we use the
substitution's own geometry: every arc is centred at a tile vertex and passes through
the golden-section points of the two edges meeting there, which is what the matching
rules require to line up across edges.  See `arc_segments`.
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


def arc_segments(family: str, kind: str, pts):
    """[(colour index, centre, radius, start point, end point)] for one whole tile.

    P2 (long edge 1): the kite's points are [nose-side…]; we find the tile's vertices by
    their angles: kite angles 72,72,144,72 (nose = the 72° vertex between two long edges),
    dart angles 72 (nose),36,216,36.  P3: thick rhomb angles 72/108, thin 36/144.
    """
    n = len(pts)
    out = []
    angles = []
    for i in range(n):
        px, py = pts[i]
        ax, ay = pts[(i + 1) % n]
        bx, by = pts[i - 1]
        a1 = math.atan2(ay - py, ax - px)
        a2 = math.atan2(by - py, bx - px)
        angles.append(round(math.degrees((a2 - a1) % (2 * math.pi))))
    lens = [math.dist(pts[i], pts[(i + 1) % n]) for i in range(n)]

    def arc(i, radius, colour):
        p = pts[i]
        a, b = pts[(i + 1) % n], pts[i - 1]
        da, db = math.dist(p, a), math.dist(p, b)
        s = (p[0] + (a[0] - p[0]) * radius / da, p[1] + (a[1] - p[1]) * radius / da)
        e = (p[0] + (b[0] - p[0]) * radius / db, p[1] + (b[1] - p[1]) * radius / db)
        out.append((colour, p, radius, s, e, angles[i] > 180))

    if family == "p2":
        if kind == "kite":
            nose = next(i for i in range(n) if angles[i] == 72
                        and lens[i] > 0.8 and lens[i - 1] > 0.8)
            tail = (nose + 2) % n
            arc(nose, 1 / PHI, 0)
            arc(tail, 1 / PHI ** 2, 1)
        else:
            nose = next(i for i in range(n) if angles[i] == 72)
            reflex = (nose + 2) % n
            arc(nose, 1 / PHI ** 2, 1)
            arc(reflex, 1 / PHI ** 2, 0)
    else:
        if kind == "thick":
            acute = [i for i in range(n) if angles[i] == 72]
            arc(acute[0], 1 / PHI, 0)
            arc(acute[1], 1 / PHI ** 2, 1)
        else:
            obtuse = [i for i in range(n) if angles[i] == 144]
            arc(obtuse[0], 1 / PHI ** 2, 0)
            arc(obtuse[1], 1 / PHI ** 2, 1)
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
                    f"0 {1 if large else 0} 0 {num(ex, DIGITS)} {num(-ey, DIGITS)}")
        for colour in (0, 1):
            if paths[colour]:
                body.append(f'<path fill="none" stroke="{ARC_COLOURS[colour]}" '
                            f'stroke-width="{num(stroke_width * 2.5, 4)}" class="arc{colour}" '
                            f'd="{"".join(paths[colour])}"/>')
    body.append("</g>")
    return document("\n".join(body), w * px_per_unit, h * px_per_unit, (x0, -y1, w, h), title=title,
                    background="#ffffff", digits=DIGITS)
