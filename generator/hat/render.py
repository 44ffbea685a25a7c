"""Drawing hats and metatiles as SVG, and random patches as JSON (floats only here; the engine is exact).

Hats are filled by the type of their first-order metatile; reflected hats are dark so
that they stand out.  All hats of one colour go into one `<path>`; coordinates use the
shared fixed number format, y pointing up in the model (flipped for SVG).

Supertiles (`hats_svg`) are drawn from placed hats (isometries of the kite grid, see
`geometry.py`); random patches (`patch_svg`, `patch_json`) from the exact Eisenstein
outlines of `patch.Hat`, clipped to the patch's region.  Patch JSON: ``{"permalink",
"family": "hat", "region": {"x0","y0","x1","y1"}, "tiles": [{"kind": "hat", "reflected",
"metatile", "points": [[x, y], ...]}]}`` — short kite edge 1, y up, the start point at the
origin, points counter-clockwise, every hat meeting the region's interior listed, in the
walk's order.

Big patches are written as text straight from the walk's placements (`placement_texts`):
a point's x = u/2 and y = v·√3/2 depend on one integer each, so their texts are made once
per patch and a hat's text is assembled from them — the same bytes as the json module
writes for `tile_json`, which a test checks.
"""

from __future__ import annotations
import json
from operator import itemgetter

from generator import svg, output
from generator.hat import geometry as G, patch as P
from generator.hat.coords import SQRT3_2, to_xy
from generator.output import PathSpools

METATILE_FILL = {"H": "#8ec3e6", "T": "#f6d55c", "P": "#a8d58b", "F": "#f4a582"}
REFLECTED_FILL = "#1f3a5f"
STROKE = "#1b1b1b"
OUTLINE_STROKE = {"H": "#1565c0", "T": "#b8860b", "P": "#2e7d32", "F": "#c0392b"}


def _flip(points):
    """Model (x, y up) → SVG (x, −y)."""
    return [(x, -y) for x, y in points]


def hat_points(iso) -> list[tuple[float, float]]:
    """Float outline (14 kite-grid vertices, counter-clockwise) of a placed hat."""
    return [G.to_xy(p) for p in G.hat_outline(iso)]


def bounds(polys) -> tuple[float, float, float, float]:
    """(xmin, ymin, xmax, ymax) in SVG coordinates of some float polygons."""
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def hats_body(hats, stroke_width: float = 0.12) -> tuple[str, list]:
    """SVG `<path>` elements for labelled hats, and the flipped polygons (for bounds)."""
    groups: dict[str, list] = {}
    all_polys = []
    for h in hats:
        poly = _flip(hat_points(h.iso))
        all_polys.append(poly)
        fill = REFLECTED_FILL if h.reflected else METATILE_FILL[h.metatile]
        groups.setdefault(fill, []).append(poly)
    parts = [svg.polygons_path(groups[fill], fill, STROKE, stroke_width)
             for fill in sorted(groups)]
    return "\n".join(parts), all_polys


def outlines_body(items, stroke_width: float = 0.3, fill: str = "none") -> tuple[str, list]:
    """SVG paths for metatile outlines: items are (kind, float points in model coordinates)."""
    groups: dict[str, list] = {}
    all_polys = []
    for kind, pts in items:
        poly = _flip(pts)
        all_polys.append(poly)
        groups.setdefault(kind, []).append(poly)
    parts = []
    for kind in sorted(groups):
        f = METATILE_FILL[kind] if fill == "type" else fill
        parts.append(svg.polygons_path(groups[kind], f, OUTLINE_STROKE[kind], stroke_width,
                                       extra=' fill-opacity="0.55"' if fill == "type" else ""))
    return "\n".join(parts), all_polys


def document(body: str, polys, title: str, px_width: float = 800.0, margin: float = 1.0) -> str:
    """A standalone SVG document framing the given polygons."""
    x0, y0, x1, y1 = bounds(polys)
    x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
    w, h = x1 - x0, y1 - y0
    return svg.document(body, px_width, px_width * h / w, (x0, y0, w, h), title=title,
                        background="#ffffff")


def hats_svg(hats, title: str, px_width: float = 800.0, stroke_width: float | None = None) -> str:
    """A standalone SVG of labelled hats coloured by metatile, reflected hats dark."""
    if stroke_width is None:
        stroke_width = 0.12 if len(hats) < 3000 else 0.08
    body, polys = hats_body(hats, stroke_width)
    return document(body, polys, title, px_width)


# ---- random patches ------------------------------------------------------------------------

def tile_json(hat) -> dict:
    """One hat as a JSON tile."""
    return {"kind": "hat", "reflected": hat.reflected, "metatile": hat.metatile,
            "points": [list(to_xy(p)) for p in hat.points]}


_REFLECTED = {True: "true", False: "false"}


def tile_texts(hats):
    """The canonical JSON text of each hat (the bytes `to_json(tile_json(hat))` gives).

    Keys in sorted order (kind, metatile, points, reflected); the floats of `to_xy`
    written by repr, as the json module writes them.  x = a + b/2 depends only on 2a + b
    and y = b·√3/2 only on b, so their texts are memoised on those integers (a few
    thousand distinct values even for a million hats).
    """
    r3 = SQRT3_2
    heads: dict[str, str] = {}
    xs: dict[int, str] = {}
    ys: dict[int, str] = {}
    for points, reflected, metatile in hats:
        h = heads.get(metatile)
        if h is None:
            h = heads[metatile] = '{"kind":"hat","metatile":' + json.dumps(metatile) + ',"points":['
        parts = []
        for a, b in points:
            x2 = 2 * a + b
            sx = xs.get(x2)
            if sx is None:
                sx = xs[x2] = "[" + repr(a + b / 2) + ","
            sy = ys.get(b)
            if sy is None:
                sy = ys[b] = repr(b * r3) + "]"
            parts.append(sx + sy)
        yield h + ",".join(parts) + '],"reflected":' + _REFLECTED[reflected] + "}"


def placement_texts(placements, region, batch: int = 256):
    """The same texts as `tile_texts`, from the walk's placements (`patch.iter_placements`),
    joined by commas in batches of `batch` hats (a batch is a valid run of array elements).

    A hat's 14 points are its kite 0's hexagon centre (u0, v0) = (2a + b, b) plus the fixed
    offsets of its shape, and the text of a point depends only on its u = 2a + b (x = u/2,
    a half-integer, exact) and on its v = b: the texts of every u and v the walk can reach
    are made once.  The walk goes column by column (u0 fixed), so per column and per
    (shape, metatile) the text with its 14 x values filled in is made once, as a `%`
    template, and per shape and row v0 the tuple of its 14 y texts: a hat is one `%`.
    """
    i_lo, i_hi, vb = P._columns(region)
    u_lo, u_hi = 6 * i_lo - P.REACH_U - 6, 6 * i_hi + P.REACH_U + 6
    v_lo, v_hi = -vb - P.REACH_V - 4, vb + P.REACH_V + 4
    r3 = SQRT3_2
    xs = ["[" + repr(u / 2) + ",%s]" for u in range(u_lo, u_hi + 1)]
    ys = [repr(v * r3) for v in range(v_lo, v_hi + 1)]
    shapes = []
    for outline in P.OUTLINES:
        du = [2 * a + b for a, b in outline]
        dv = [b for a, b in outline]
        lu, lv = min(du), min(dv)
        shapes.append((lu - u_lo, max(du) - lu + 1, itemgetter(*[d - lu for d in du]),
                       lv - v_lo, max(dv) - lv + 1, itemgetter(*[d - lv for d in dv])))
    heads = ['{"kind":"hat","metatile":"' + t + '","points":[' for t in P.TYPES]
    tails = ('],"reflected":false}', '],"reflected":true}')
    join = ",".join
    out = []
    column, templates = None, None
    ycols = [[None] * (v_hi - v_lo + 1) for _ in shapes]   # per shape and v0: its 14 y texts
    for ca, cb, sid, t1 in placements:
        u0 = 2 * ca + cb
        if u0 != column:
            column, templates = u0, [None] * (4 * len(shapes))
        template = templates[4 * sid + t1]
        if template is None:
            ou, nu, gu = shapes[sid][:3]
            a = u0 + ou
            if a < 0:
                raise AssertionError("hat outside the walk's bounds")
            template = templates[4 * sid + t1] = (heads[t1] + join(gu(xs[a:a + nu]))
                                                  + tails[sid & 1])
        yt = ycols[sid]
        y = yt[cb - v_lo]
        if y is None:
            _, _, _, ov, nv, gv = shapes[sid]
            b = cb + ov
            if b < 0:
                raise AssertionError("hat outside the walk's bounds")
            y = yt[cb - v_lo] = gv(ys[b:b + nv])
        out.append(template % y)
        if len(out) >= batch:
            yield join(out)
            out = []
    if out:
        yield join(out)


def patch_json(hats, permalink: str, region) -> dict:
    """The JSON object of a patch."""
    x0, y0, x1, y1 = region.bounds_xy()
    return {"permalink": permalink, "family": "hat",
            "region": {"x0": x0, "y0": y0, "x1": x1, "y1": y1},
            "tiles": [tile_json(h) for h in hats]}


def patch_svg(hats, region, title: str = "", px_width: float = 800.0) -> str:
    """An SVG picture of a patch, clipped to its region."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    groups: dict[str, list] = {}
    for hat in hats:
        fill = REFLECTED_FILL if hat.reflected else METATILE_FILL[hat.metatile]
        groups.setdefault(fill, []).append([(x, -y) for x, y in map(to_xy, hat.points)])
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    paths = [svg.polygons_path(groups[f], f, STROKE, sw) for f in sorted(groups)]
    body = svg.region_clip(x0, y1, w, h) + "\n".join(paths) + "\n</g>"
    return svg.document(body, px_width, px_width * h / w, (x0, -y1, w, h), title=title or None,
                        background="#ffffff")


def patch_svg_pieces(hats, region, permalink, px_width: float = 800.0):
    """`patch_svg` in pieces, in flat memory: one walk over `hats` (an iterable), each fill's
    outlines spooled (`output.PathSpools`); the header follows the walk because its title,
    the permalink (`permalink()`), is complete only then."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    spools = PathSpools(lambda fill: svg.polygons_path([], fill, STROKE, sw)[:-3])
    for hat in hats:
        fill = REFLECTED_FILL if hat.reflected else METATILE_FILL[hat.metatile]
        spools.add(fill, svg.polygon_d([(x, -y) for x, y in map(to_xy, hat.points)]))
    yield from svg.region_document_pieces(spools, (x0, y0, x1, y1), px_width, permalink())


def patch_document(walk, region, permalink, estimate: int, px_width: float = 800.0):
    """A big patch's picture as an `output.Document`: SVG streamed (`patch_svg_pieces`),
    PNG drawn in bands of pixel rows (`output.band_maker`), each from one walk."""
    x0, y0, x1, y1 = region.bounds_xy()
    w, h = x1 - x0, y1 - y0
    sw = max(0.04, min(0.12, 0.0015 * max(w, h)))
    size = (max(1, round(px_width)), max(1, round(px_width * h / w)))

    def polygons():
        for hat in walk():
            pts = [(x, -y) for x, y in map(to_xy, hat.points)]
            ys = [y for _, y in pts]
            fill = REFLECTED_FILL if hat.reflected else METATILE_FILL[hat.metatile]
            yield fill, svg.polygon_d(pts), min(ys), max(ys)
    rows = output.band_rows_for(size, estimate)
    clip = svg.region_clip(x0, y1, w, h)
    band = output.band_maker(polygons, (x0, -y1, w, h), size,
                             lambda fill: svg.polygons_path([], fill, STROKE, sw)[:-3], sorted,
                             prefix=clip, suffix="\n</g>", pad=sw, scale=px_width / w)
    return output.Document(lambda: patch_svg_pieces(walk(), region, permalink, px_width), band=band,
                           size=size, band_rows=rows, name=f"a picture of about {estimate:,} hats")
