"""The maker's formats and options as the command line offers them (generator/cli.py adds them to
every family that gives its tiles), and `emit`, which writes one of them.

    --format graph     {"permalink", "family", "colouring", "palette", "count", "edges", "units",
                        "tiles": [{"id", "kind", "polygon": [[x, y], …], "neighbours": [id, …],
                        "colour", …the family's own keys (metatile, reflected, odd, clue)}]}
    --format geojson   a FeatureCollection of the same tiles (Polygon features)
    --format cut-svg   every edge once, hairline, in mm (--scale MM per tiling unit)
    --format dxf       the same edges as DXF LINE entities, in mm (ezdxf, the `dxf` extra)
    --colour kind|metatile|proper4|proper3, --palette NAME   (also recolour svg/png/pdf)
"""

from __future__ import annotations

from fractions import Fraction

from generator.families import Param
from generator.maker import colour as C, cut, picture
from generator import output
from generator.maker.graph import build, geojson, graph_json

FORMATS = ("graph", "geojson", "cut-svg", "dxf")
DEFAULT_SCALE = "10"
PARAMS = (
    Param("colour", "choice", "colour the tiles: kind, metatile (hat, Spectre), proper4 or proper3 (no two "
          "neighbours alike); in graph/geojson and, when given, svg/png/pdf", default=None,
          choices=C.COLOURINGS),
    Param("palette", "choice", f"named palette of the colours (default {C.DEFAULT_PALETTE}, colour-blind safe)",
          default=C.DEFAULT_PALETTE, choices=tuple(C.PALETTES)),
    Param("scale", "decimal", f"cut-svg/dxf: millimetres per tiling unit (default {DEFAULT_SCALE})",
          default=DEFAULT_SCALE, max=10000, metavar="MM"),
)
NAMES = tuple(p.name for p in PARAMS)
UNITS = "tiling units, the region's centre at the origin, y up"


def shapes_of(fam, item):
    """The family's tiles as (kind, exact, points, extra)."""
    if fam.shapes is not None:
        return fam.shapes(item)
    return ((t.kind, t.exact, t.points, {}) for t in fam.tiles(item))


def offered(fam) -> bool:
    """Does the family give its tiles (and so the maker's formats)?"""
    return fam.shapes is not None or fam.tiles is not None


def emit(fam, item, fmt: str, out: str, options: dict) -> int:
    """Write item in one of the maker's formats, or (with --colour) a recoloured picture."""
    if fmt == "dxf":
        # lazy: generator.dxf is not in the page's runtime (only the command line writes DXF)
        from generator.dxf import require
        require()                       # before any work: one line saying how to install the extra
    g = build(output.progress(shapes_of(fam, item), None, "tile"))
    try:
        link = fam.permalink(item)
        colouring = options.get("colour") or ("metatile" if g.n and None not in g.meta_keys else "kind")
        palette = options.get("palette") or C.DEFAULT_PALETTE
        scale = float(Fraction(options.get("scale") or DEFAULT_SCALE))
        if fmt in ("graph", "geojson"):
            colour = C.colour_function(g, colouring, palette, fam.name)
            head = {"permalink": link, "family": fam.name, "colouring": colouring, "palette": palette,
                    "count": g.n, "edges": g.edges, "units": UNITS}
            obj = graph_json(g, colour, head) if fmt == "graph" else geojson(g, colour, head)
            output.emit_json(obj, out)
        elif fmt == "cut-svg":
            guide = C.colour_function(g, colouring, palette, fam.name) if options.get("colour") else None
            output.emit(output.Document(lambda: cut.cut_svg_pieces(g, scale, link, guide), name="cut file"), out)
        elif fmt == "dxf":
            index = None
            if options.get("colour"):
                colour = C.colour_function(g, colouring, palette, fam.name)
                numbers: dict = {}

                def index(i, rec):
                    return numbers.setdefault(colour(i, rec), len(numbers) + 1)
            output.emit(cut.dxf_text(g, scale, index), out)
        else:
            colour = C.colour_function(g, colouring, palette, fam.name)
            svg = picture.patch_svg(g, colour, f"{link} ({colouring} colouring, {palette})")
            output.emit_rendered(fmt, out, svg=svg)
    finally:
        g.close()
    return 0
