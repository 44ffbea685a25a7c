"""Output of random hat patches: JSON object and SVG picture (floats only here).

JSON: ``{"permalink", "family": "hat", "region": {"x0","y0","x1","y1"}, "tiles": [{"kind":
"hat", "reflected", "metatile", "points": [[x, y], ...]}]}`` — short kite edge 1, y up, the
start point at the origin, points counter-clockwise, every hat meeting the region's interior
listed, in the walk's order.  SVG: hats filled by the type of their first-order metatile
(part 1's palette), reflected hats dark, clipped to the region.
"""

from __future__ import annotations

from generator import svg
from generator.hat.coords import to_xy

# the gallery palette (same colours as part 1's supertile pictures, kept here so that the
# golden SVG hashes of permalinks do not depend on another module)
METATILE_FILL = {"H": "#8ec3e6", "T": "#f6d55c", "P": "#a8d58b", "F": "#f4a582"}
REFLECTED_FILL = "#1f3a5f"
STROKE = "#1b1b1b"


def tile_json(hat) -> dict:
    """One hat as a JSON tile."""
    return {"kind": "hat", "reflected": hat.reflected, "metatile": hat.metatile,
            "points": [list(to_xy(p)) for p in hat.points]}


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
    clip = (f'<clipPath id="region"><rect x="{svg.num(x0)}" y="{svg.num(-y1)}" '
            f'width="{svg.num(w)}" height="{svg.num(h)}"/></clipPath>')
    body = clip + '\n<g clip-path="url(#region)">\n' + "\n".join(paths) + "\n</g>"
    return svg.document(body, px_width, px_width * h / w, (x0, -y1, w, h), title=title or None,
                        background="#ffffff")
