"""Output of Spectre patches and supertiles: the JSON object and SVG pictures (floats only here).

JSON: ``{"permalink", "family": "spectre", "region": {"x0","y0","x1","y1"}, "tiles":
[{"kind": "spectre", "odd", "metatile", "points": [[x, y] × 14]}]}`` — unit edges, y up, the
start Spectre's vertex 0 at the origin, the 14 vertices counter-clockwise from the
Spectre's vertex 0 (vertex 10, the straight one in the middle of the double-length side,
included), every Spectre meeting the region's interior, in the walk's order.

SVG: Spectres filled by the type of their level-0 metatile, the odd Spectres dark.  The
default style draws straight edges; ``style="curved"`` replaces every edge by a circular
arc that bulges to the left of the counter-clockwise outline on even edges and to the
right on odd edges.  In a Spectre tiling every shared edge joins an even edge of one tile
to an odd edge of the other (the tests check it), so the arcs of neighbours coincide; a
mirror image would need even-to-even joins, which is why the curved Spectre admits no
reflected copies (Smith, Myers, Kaplan, Goodman-Strauss, 2023).
"""

from __future__ import annotations

from generator import svg, output
from generator.spectre.geometry import to_xy
from generator.output import PathSpools

# one colour per metatile type (level-0 metatile of each Spectre); odd Spectres dark
METATILE_FILL = {"G": "#8ec3e6", "D": "#f6d55c", "J": "#c9a0dc", "L": "#f7b6d2", "X": "#a8d58b",
                 "P": "#f4a582", "S": "#9ad0c2", "F": "#fde0a6", "Y": "#b9c7e8"}
ODD_FILL = "#1f3a5f"
STROKE = "#1b1b1b"
STYLES = ("straight", "curved")
BULGE = 0.2          # arc sagitta / edge length for the curved style


def tile_json(sp) -> dict:
    """One Spectre as a JSON tile."""
    return {"kind": "spectre", "odd": sp.odd, "metatile": sp.metatile,
            "points": [list(to_xy(p)) for p in sp.points]}


def patch_json(spectres, permalink: str, region) -> dict:
    """The JSON object of a patch."""
    x0, y0, x1, y1 = region.bounds_xy()
    return {"permalink": permalink, "family": "spectre",
            "region": {"x0": x0, "y0": y0, "x1": x1, "y1": y1},
            "tiles": [tile_json(s) for s in spectres]}


def _curved_d(pts) -> str:
    """Path data of a Spectre outline with alternating circular-arc edges (y already flipped)."""
    n = len(pts)
    parts = [f"M{svg.num(pts[0][0])} {svg.num(pts[0][1])}"]
    # radius of an arc with chord 1 and sagitta BULGE
    rad = (0.25 + BULGE * BULGE) / (2 * BULGE)
    for i in range(n):
        x, y = pts[(i + 1) % n]
        # y is flipped in the picture, so "left of the CCW outline" is sweep-flag 1 there
        sweep = 1 if i % 2 == 0 else 0
        parts.append(f"A{svg.num(rad)} {svg.num(rad)} 0 0 {sweep} {svg.num(x)} {svg.num(y)}")
    return "".join(parts) + "Z"


def _groups(spectres):
    """Flipped float outlines grouped by fill colour."""
    groups: dict[str, list] = {}
    for sp in spectres:
        fill = ODD_FILL if sp.odd else METATILE_FILL[sp.metatile]
        groups.setdefault(fill, []).append([(x, -y) for x, y in map(to_xy, sp.points)])
    return groups


def _paths(groups, sw: float, style: str) -> list[str]:
    """One <path> per fill colour."""
    out = []
    for f in sorted(groups):
        if style == "curved":
            d = "".join(_curved_d(p) for p in groups[f])
            out.append(f'<path fill="{f}" stroke="{STROKE}" stroke-width="{svg.num(sw, 4)}" '
                       f'stroke-linejoin="round" d="{d}"/>')
        else:
            out.append(svg.polygons_path(groups[f], f, STROKE, sw))
    return out


def patch_svg(spectres, region, title: str = "", style: str = "straight",
              px_width: float = 800.0) -> str:
    """An SVG picture of a patch, clipped to its region."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    paths = _paths(_groups(spectres), sw, style)
    body = svg.region_clip(x0, y1, w, h) + "\n".join(paths) + "\n</g>"
    return svg.document(body, px_width, px_width * h / w, (x0, -y1, w, h), title=title or None,
                        background="#ffffff")


def cluster_svg(spectres, title: str = "", style: str = "straight", px_width: float = 600.0) -> str:
    """An SVG picture of a whole cluster (supertile), fitted to its bounds."""
    groups = _groups(spectres)
    xs = [x for g in groups.values() for p in g for x, _ in p]
    ys = [y for g in groups.values() for p in g for _, y in p]
    pad = 0.6
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.2, 0.002 * max(w, h)))
    body = "\n".join(_paths(groups, sw, style))
    return svg.document(body, px_width, px_width * h / w, (x0, y0, w, h), title=title or None,
                        background="#ffffff")


def cluster_json(spectres, level: int, metatile: str) -> dict:
    """The JSON object of a supertile."""
    return {"family": "spectre", "level": level, "metatile": metatile,
            "tiles": [tile_json(s) for s in spectres]}


def patch_svg_pieces(spectres, region, permalink, style: str = "straight", px_width: float = 800.0):
    """`patch_svg` in pieces, in flat memory: one walk over `spectres` (an iterable), each
    fill's outlines spooled (`output.PathSpools`); the header follows the walk because its
    title, the permalink (`permalink()`), is complete only then."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    if style == "curved":
        spools = PathSpools(lambda f: f'<path fill="{f}" stroke="{STROKE}" stroke-width="{svg.num(sw, 4)}" '
                                      'stroke-linejoin="round" d="')
        outline = _curved_d
    else:
        spools = PathSpools(lambda f: svg.polygons_path([], f, STROKE, sw)[:-3])
        outline = svg.polygon_d
    for sp in spectres:
        fill = ODD_FILL if sp.odd else METATILE_FILL[sp.metatile]
        spools.add(fill, outline([(x, -y) for x, y in map(to_xy, sp.points)]))
    yield from svg.region_document_pieces(spools, (x0, y0, x1, y1), px_width, permalink())


def patch_document(walk, region, permalink, estimate: int, style: str = "straight",
                   px_width: float = 800.0):
    """A big patch's picture as an `output.Document`: SVG streamed (`patch_svg_pieces`),
    PNG drawn in bands of pixel rows (`output.band_maker`), each from one walk."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    size = (max(1, round(px_width)), max(1, round(px_width * h / w)))
    if style == "curved":
        def opener(f):
            return (f'<path fill="{f}" stroke="{STROKE}" stroke-width="{svg.num(sw, 4)}" '
                    'stroke-linejoin="round" d="')
        outline = _curved_d
    else:
        def opener(f):
            return svg.polygons_path([], f, STROKE, sw)[:-3]
        outline = svg.polygon_d

    def polygons():
        for sp in walk():
            pts = [(x, -y) for x, y in map(to_xy, sp.points)]
            ys = [y for _, y in pts]
            fill = ODD_FILL if sp.odd else METATILE_FILL[sp.metatile]
            yield fill, outline(pts), min(ys) - 0.5, max(ys) + 0.5     # curved edges bulge
    rows = output.band_rows_for(size, estimate)
    clip = svg.region_clip(x0, y1, w, h)
    band = output.band_maker(polygons, (x0, -y1, w, h), size, opener, sorted,
                             prefix=clip, suffix="\n</g>", pad=sw, scale=px_width / w)
    return output.Document(lambda: patch_svg_pieces(walk(), region, permalink, style, px_width),
                           band=band, size=size, band_rows=rows,
                           name=f"a picture of about {estimate:,} Spectres")
