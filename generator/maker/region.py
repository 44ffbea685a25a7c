"""Any region: a disc, a polygon or the rectangle, with the tiles that meet it or lie inside it.

A tiling family's patch covers the W × H rectangle centred on its start point and keeps every
tile that meets it (its permalink version 1).  `with_regions(family)` gives the family a second
permalink version whose link is a version-1 link of the region's bounding box followed by the
region:

    <prefix>.v2.<version-1 payload of the bounding box>~<region>[~i]

    region   d<R>                     the disc of radius R centred on the start point
             p<x>_<y>_<x>_<y>_…       a simple polygon (3 to 64 vertices, tiling units)
             r                        the rectangle of the link itself
    ~i       only the tiles inside the region (closed); without it, those that meet its interior

Numbers are canonical decimals (at most 3 decimals; a polygon's coordinates may be negative).
The version-1 part must name the region's bounding box exactly (W = 2R for a disc, W = 2·max|x|
and H = 2·max|y| for a polygon), so an object has one link, and its cost is that box's, stated by
its text and checked before any work.  Old links keep their meaning and bytes: a version-1 link
goes to the family's own code untouched.

Which tiles.  The box's patch holds every tile that meets the region; a tile is then kept when
it meets the region's interior (`meet`) or lies in the closed region (`inside`), decided on the
tiles' float vertices with a tolerance of TOL tiling units: a tile touching the region's boundary
from outside does not meet it, one touching it from inside is inside.
"""

from __future__ import annotations

import dataclasses
import math
import re
from fractions import Fraction

from generator.errors import PermalinkError, TilepressError
from generator.families import Param, REQUIRED, validate
from generator.params import format_decimal
from generator.permalinks import Link, as_link, reads
from generator.maker import colour as C

TOL = 1e-9
MAX_VERTICES = 64
VERSION = 2
_DEC = r"-?(?:0|[1-9][0-9]{0,3})(?:\.[0-9]{0,2}[1-9])?"
SUFFIX_RE = re.compile(rf"^(?:d({_DEC})|p({_DEC}(?:_{_DEC}){{5,{2 * MAX_VERTICES - 1}}})|(r))(~i)?$")
BOX_RE = re.compile(r"^([0-9]+(?:\.[0-9]+)?)[_x]([0-9]+(?:\.[0-9]+)?)[._]")


@dataclasses.dataclass(frozen=True)
class Region:
    """A region centred on the patch's start point."""

    shape: str                       # "disc", "polygon" or "rect"
    radius: Fraction | None = None
    points: tuple = ()               # polygon vertices (Fractions)
    mode: str = "meet"               # "meet" or "inside"

    def suffix(self) -> str:
        """The link's region part, after the version-1 payload."""
        if self.shape == "disc":
            text = "d" + format_decimal(self.radius)
        elif self.shape == "polygon":
            text = "p" + "_".join(_signed(v) for p in self.points for v in p)
        else:
            text = "r"
        return "~" + text + ("~i" if self.mode == "inside" else "")

    def box(self) -> tuple[Fraction, Fraction] | None:
        """(W, H) of the centred bounding box (None: the rectangle's own)."""
        if self.shape == "disc":
            return 2 * self.radius, 2 * self.radius
        if self.shape == "polygon":
            return 2 * max(abs(x) for x, _ in self.points), 2 * max(abs(y) for _, y in self.points)
        return None

    def describe(self) -> str:
        if self.shape == "disc":
            return f"disc of radius {format_decimal(self.radius)}"
        if self.shape == "polygon":
            return f"polygon of {len(self.points)} vertices"
        return "the rectangle"

    def as_json(self) -> dict:
        out = {"shape": self.shape, "tiles": self.mode}
        if self.shape == "disc":
            out["radius"] = float(self.radius)
        elif self.shape == "polygon":
            out["points"] = [[float(x), float(y)] for x, y in self.points]
        return out


def _signed(v: Fraction) -> str:
    return ("-" if v < 0 else "") + format_decimal(abs(v))


def _decimal(text: str, what: str, error) -> Fraction:
    t = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,4}(\.[0-9]{1,3})?", t):
        raise error(f"{what} must be a decimal with at most 4 digits before the point and 3 after, "
                    f"got {text!r}")
    return Fraction(t)


def parse_polygon(text: str, error=TilepressError) -> tuple:
    """`--polygon "x,y x,y x,y …"` as a tuple of Fraction points (simple, 3..64 vertices)."""
    pts = []
    for k, pair in enumerate(text.replace(";", " ").split()):
        xy = pair.split(",")
        if len(xy) != 2:
            raise error(f"--polygon vertex {k + 1} must be x,y, got {pair!r}")
        pts.append((_decimal(xy[0], f"--polygon vertex {k + 1} x", error),
                    _decimal(xy[1], f"--polygon vertex {k + 1} y", error)))
    check_polygon(tuple(pts), "--polygon", error)
    return tuple(pts)


def check_polygon(pts: tuple, what: str, error) -> None:
    """Raise unless pts is a simple polygon of 3..MAX_VERTICES vertices with positive area."""
    n = len(pts)
    if not 3 <= n <= MAX_VERTICES:
        raise error(f"{what} must have 3 to {MAX_VERTICES} vertices, got {n}")
    area2 = sum(pts[k - 1][0] * pts[k][1] - pts[k][0] * pts[k - 1][1] for k in range(n))
    if area2 == 0:
        raise error(f"{what} has no area")
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        if a == b:
            raise error(f"{what} repeats vertex {i + 1}")
        for j in range(i + 1, n):
            c, d = pts[j], pts[(j + 1) % n]
            if j == i or (j + 1) % n == i or (i + 1) % n == j:
                continue
            if _segments_meet_exact(a, b, c, d):
                raise error(f"{what} crosses itself (edges {i + 1} and {j + 1})")


def _orient(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _segments_meet_exact(a, b, c, d) -> bool:
    """Do closed segments ab and cd share a point? (exact, Fractions)"""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True

    def on(p, q, r):      # r on segment pq, given collinear
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])
    return ((o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, d)) or (o3 == 0 and on(c, d, a))
            or (o4 == 0 and on(c, d, b)))


# ---- which tiles ------------------------------------------------------------------------------

def _where(pt, poly) -> int:
    """1 strictly inside the polygon, 0 on its boundary (within TOL), −1 outside (floats)."""
    x, y = pt
    inside = False
    n = len(poly)
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k - 1], poly[k]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        t = ((x - x1) * dx + (y - y1) * dy) / (length * length)
        if -TOL <= t <= 1 + TOL and abs((x - x1) * dy - (y - y1) * dx) / length <= TOL:
            return 0
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * dx / dy:
            inside = not inside
    return 1 if inside else -1


def _cross(a, b, c, d) -> bool:
    """Do segments ab and cd cross properly (each strictly on both sides of the other's line)?"""
    def side(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        s = math.hypot(q[0] - p[0], q[1] - p[1])
        return 0 if abs(v) <= TOL * s else (1 if v > 0 else -1)
    s1, s2, s3, s4 = side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)
    return s1 * s2 < 0 and s3 * s4 < 0


def _probes(poly):
    """Vertices, edge midpoints and one point strictly inside (an ear's centroid) of a polygon."""
    n = len(poly)
    out = list(poly) + [((poly[k - 1][0] + poly[k][0]) / 2, (poly[k - 1][1] + poly[k][1]) / 2)
                        for k in range(n)]
    area2 = sum(poly[k - 1][0] * poly[k][1] - poly[k][0] * poly[k - 1][1] for k in range(n))
    for k in range(n):
        a, b, c = poly[k - 1], poly[k], poly[(k + 1) % n]
        turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        if turn * area2 > 0:
            g = ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)
            if _where(g, poly) == 1:
                out.append(g)
                break
    return out


def polygon_keeps(tile, poly, mode: str) -> bool:
    """Does the polygon region keep the tile (float polygons)?"""
    edges_t = [(tile[k - 1], tile[k]) for k in range(len(tile))]
    edges_p = [(poly[k - 1], poly[k]) for k in range(len(poly))]
    crossing = any(_cross(a, b, c, d) for a, b in edges_t for c, d in edges_p)
    if mode == "inside":
        return (not crossing and all(_where(p, poly) >= 0 for p in _probes(tile))
                and not any(_where(p, tile) == 1 for p in poly))
    return (crossing or any(_where(p, poly) == 1 for p in _probes(tile))
            or any(_where(p, tile) == 1 for p in _probes(poly)))


def disc_keeps(tile, r: float, mode: str) -> bool:
    """Does the disc of radius r round the origin keep the tile?"""
    if mode == "inside":
        return all(math.hypot(x, y) <= r + TOL for x, y in tile)
    if _where((0.0, 0.0), tile) == 1:
        return True
    best = float("inf")
    for k in range(len(tile)):
        (x1, y1), (x2, y2) = tile[k - 1], tile[k]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, -(x1 * dx + y1 * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x1 + t * dx, y1 + t * dy))
    return best < r - TOL


def keeper(region: Region, box: tuple):
    """keep(float points) -> bool for a region; box = (W, H) of the patch's rectangle."""
    if region.shape == "disc":
        r = float(region.radius)
        return lambda pts: disc_keeps(pts, r, region.mode)
    if region.shape == "polygon":
        poly = [(float(x), float(y)) for x, y in region.points]
    else:
        w, h = float(box[0]) / 2, float(box[1]) / 2
        poly = [(-w, -h), (w, -h), (w, h), (-w, h)]
    return lambda pts: polygon_keeps(pts, poly, region.mode)


def outline(region: Region, box) -> list:
    """The region's boundary as float points (a disc by 256 of them)."""
    if region.shape == "disc":
        r = float(region.radius)
        return [(r * math.cos(2 * math.pi * k / 256), r * math.sin(2 * math.pi * k / 256)) for k in range(256)]
    if region.shape == "polygon":
        return [(float(x), float(y)) for x, y in region.points]
    w, h = float(box[0]) / 2, float(box[1]) / 2
    return [(-w, -h), (w, -h), (w, h), (-w, h)]


# ---- links ------------------------------------------------------------------------------------

def refuse_region_overrides(overrides: dict) -> None:
    """A fixed-expansion link's region and seed make its patch: --width/--height are refused."""
    if overrides.get("width") is not None or overrides.get("height") is not None:
        raise TilepressError("--width/--height do not apply to a fixed-expansion link (its region "
                             "and seed make the patch)")


def parse_suffix(text: str, label: str) -> Region:
    """The Region of a link's region part (without its leading '~')."""
    m = SUFFIX_RE.match(text)
    if not m:
        raise PermalinkError(f"malformed {label} region: expected d<R>, p<x>_<y>_… (3 to {MAX_VERTICES} "
                             "vertices) or r, then ~i for the tiles inside, e.g. ~d12.5~i")
    mode = "inside" if m.group(4) else "meet"
    if m.group(1):
        r = Fraction(m.group(1))
        if r <= 0:
            raise PermalinkError(f"{label} region: the disc's radius must be positive")
        region = Region("disc", radius=r, mode=mode)
    elif m.group(2):
        nums = [Fraction(v) for v in m.group(2).split("_")]
        if len(nums) % 2:
            raise PermalinkError(f"{label} region: a polygon needs pairs of coordinates")
        pts = tuple(zip(nums[0::2], nums[1::2]))
        check_polygon(pts, f"{label} region polygon", PermalinkError)
        region = Region("polygon", points=pts, mode=mode)
    else:
        region = Region("rect", mode=mode)
    if region.suffix()[1:] != text:
        raise PermalinkError(f"{label} region is not in canonical form (no '-0', no trailing zeros)")
    return region


@reads
def split_link(link):
    """(version-1 link, Region) of a version-2 link (a Link; read once per Link); cost-free checks only.
    The version-1 link is made from the parts already read, not parsed again."""
    prefix, payload = link.prefix, link.payload
    base_payload, sep, rest = payload.partition("~")
    if not sep:
        raise PermalinkError(f"{prefix} permalink version 2 needs a region after '~' (e.g. ~d12)")
    region = parse_suffix(rest, prefix)
    box = region.box()
    if box is not None:
        m = BOX_RE.match(base_payload)
        if not m or (Fraction(m.group(1)), Fraction(m.group(2))) != box:
            raise PermalinkError(f"{prefix} permalink version 2: the tiling part must name the region's "
                                 f"bounding box {format_decimal(box[0])} × {format_decimal(box[1])}")
    return Link(f"{prefix}.v1.{base_payload}", prefix, 1, base_payload), region


class RegionItem:
    """A version-1 patch of the region's box, and the region that selects its tiles."""

    def __init__(self, base, item, region: Region, box):
        self.base, self.item, self.region, self.box = base, item, region, box
        self._keep = keeper(region, box)

    def shapes(self):
        src = base_shapes(self.base, self.item)
        keep = self._keep
        for s in src:
            if keep(s[2]):
                yield s

    def tiles(self):
        keep = self._keep
        return [t for t in self.base.tiles(self.item) if keep(t.points)]

    def permalink(self) -> str:
        prefix, _v, payload = self.base.permalink(self.item).split(".", 2)
        return f"{prefix}.v{VERSION}.{payload}{self.region.suffix()}"


# ---- the family, with regions ----------------------------------------------------------------

REGION_PARAMS = (
    Param("disc", "decimal", "the region is the disc of radius R round the start point (instead of "
          "the W × H rectangle; a new permalink version)", default=None, max=2000, metavar="R"),
    Param("polygon", "str", "the region is this simple polygon, \"x,y x,y x,y …\" in tiling units "
          f"(3 to {MAX_VERTICES} vertices, the start point at 0,0)", default=None, max=2000,
          metavar="POINTS"),
    Param("tiles", "choice", "meet: every tile meeting the region (default); inside: only the tiles "
          "inside it", default="meet", choices=("meet", "inside")),
)


# The page's form (Family.form): which tiles at the region's edge; its argv adds --tiles {tiles}.
FORM_TILES = {"name": "tiles", "label": "Tiles at the edge", "type": "select", "value": "meet",
              "choices": [{"value": "meet", "label": "every tile meeting the region"},
                          {"value": "inside", "label": "only whole tiles inside it"}],
              "help": "whole tiles only: nothing cut at the edge (a region permalink, version 2)"}

# The region's shape on the page's form.  A select choice with "args" and "replaces" makes the
# command line's argv: the form's `--width {width} --height {height}` pairs are replaced by its
# "args" (`form_argv`; regen.js does the same); a field with "when" {field: value} is shown (and
# sent) only while that field has that value.
FORM_DEFAULT_POLYGON = "-8,-6 8,-6 10,4 0,9 -10,4"


def region_form(form: dict) -> dict:
    """A tiling family's form with the region's shape: rectangle (width × height), disc (radius)
    or polygon (vertices), the disc's radius at most half the smaller side the form allows and
    the polygon's bounding box within the form's width and height (checked on the page too)."""
    fields = list(form["fields"])
    names = [f["name"] for f in fields]
    if "region" in names or not {"width", "height"} <= set(names):
        return form
    width = next(f for f in fields if f["name"] == "width")
    height = next(f for f in fields if f["name"] == "height")
    side = min(width["max"], height["max"])
    region = {"name": "region", "label": "Region", "type": "select", "value": "rect",
              "choices": [{"value": "rect", "label": "rectangle (width × height)"},
                          {"value": "disc", "label": "disc (radius)", "replaces": ["--width", "--height"],
                           "args": ["--disc", "{radius}"]},
                          {"value": "polygon", "label": "polygon (its vertices)", "replaces": ["--width", "--height"],
                           "args": ["--polygon", "{polygon}"]}],
              "help": "the patch's outline: a rectangle, a disc or a polygon round the start point "
                      "(a disc or polygon makes a region permalink, version 2)"}
    radius = {"name": "radius", "label": "Radius", "type": "number", "min": 2, "max": side // 2,
              "value": min(8, side // 2), "when": {"region": "disc"},
              "help": "of the disc round the start point, in the width's units"}
    polygon = {"name": "polygon", "label": "Vertices", "type": "text", "value": FORM_DEFAULT_POLYGON,
               "when": {"region": "polygon"}, "max_vertices": MAX_VERTICES,
               "help": f"x,y pairs separated by spaces, in the width's units, the start point at 0,0 "
                       f"(3 to {MAX_VERTICES} vertices, up to 3 decimals, not crossing itself; its "
                       f"bounding box at most {width['max']} × {height['max']})"}
    at = names.index("width")
    rect = [dict(f, when={"region": "rect"}) for f in fields if f["name"] in ("width", "height")]
    rest = [f for f in fields if f["name"] not in ("width", "height")]
    fields = rest[:at] + [region] + rect + [radius, polygon] + rest[at:]
    return dict(form, fields=fields)


def form_argv(form: dict, values: dict) -> list[str]:
    """The command line a form's values make (what regen.js's make() runs): the form's argv, with
    the chosen select options' "replaces" pairs swapped for their "args", then filled in."""
    argv = list(form["argv"])
    for fd in form["fields"]:
        if fd["type"] != "select":
            continue
        chosen = next((c for c in fd["choices"] if isinstance(c, dict) and c["value"] == values.get(fd["name"])), None)
        if not chosen or "args" not in chosen:
            continue
        out, placed = [], False
        k = 0
        while k < len(argv):
            if argv[k] in chosen.get("replaces", ()):
                if not placed:
                    out += chosen["args"]
                    placed = True
                k += 2
                continue
            out.append(argv[k])
            k += 1
        argv = out if placed else out + chosen["args"]     # nothing to replace: the args are added
    return [a.format(**values) for a in argv]


def region_of(values: dict, error=TilepressError) -> Region | None:
    """The Region that generate's values ask for, or None (the plain rectangle, tiles meeting it)."""
    disc, poly, mode = values.get("disc"), values.get("polygon"), values.get("tiles") or "meet"
    if disc is not None and poly is not None:
        raise error("give --disc or --polygon, not both")
    if disc is not None:
        return Region("disc", radius=Fraction(disc), mode=mode)
    if poly is not None:
        return Region("polygon", points=parse_polygon(poly, error), mode=mode)
    if mode == "inside":
        return Region("rect", mode=mode)
    return None


def with_regions(fam):
    """The family with `--disc`, `--polygon`, `--tiles` and permalink version 2 (see above)."""
    base = fam
    names = {p.name for p in REGION_PARAMS}
    side = min(p.max for p in base.params if p.name in ("width", "height"))
    params = tuple(dataclasses.replace(p, default=None) if p.name in ("width", "height") and p.default is REQUIRED
                   else p for p in base.params)
    params += tuple(dataclasses.replace(p, max=Fraction(side) / 2) if p.name == "disc" else p for p in REGION_PARAMS)
    required = [p.name for p in base.params if p.name in ("width", "height") and p.default is REQUIRED]

    def plain(values):
        return {k: v for k, v in values.items() if k not in names}

    def generate(values):
        region = region_of(values)
        v = plain(values)
        if region is not None and v.get("method") not in (None, "coordinates"):
            raise TilepressError(f"--method {v['method']} makes rectangles only (no --disc, --polygon "
                                 "or --tiles inside)")
        if region is None or region.box() is None:
            for name in required:
                if v.get(name) is None:
                    raise TilepressError(f"--{name} is required (or give --disc or --polygon)")
        if region is None:
            return base.generate(v)
        box = region.box()
        if box is not None:
            v["width"], v["height"] = format_decimal(box[0]), format_decimal(box[1])
            v = validate(base.params, v, "the region's bounding box:", flags=True)
        item = base.generate(v)
        return RegionItem(base, item, region, box or (Fraction(v["width"]), Fraction(v["height"])))

    def regen(link, overrides):
        link = as_link(link)
        if link.version != VERSION:
            return base.regen(link, overrides)
        if any(overrides.get(k) is not None for k in ("width", "height")):
            raise TilepressError("--width/--height do not apply to a region link (its region is in the link)")
        inner, region = split_link(link)
        base.cost(inner, None)                      # the box's cost, from the text, before any work
        item = base.regen(inner, overrides)
        box = region.box()
        if box is None:
            m = BOX_RE.match(inner.payload)
            box = (Fraction(m.group(1)), Fraction(m.group(2)))
        return RegionItem(base, item, region, box)

    def cost(link, params=None):
        if link is not None:
            link = as_link(link)
            if link.version == VERSION:
                return base.cost(split_link(link)[0], None)
            return base.cost(link, None)
        region = region_of(params or {})
        if region is not None and region.box() is not None:
            w, h = region.box()
            return base.cost(None, dict(plain(params), width=format_decimal(w), height=format_decimal(h)))
        return base.cost(None, plain(params))

    def either(own, name):
        def f(item, *rest):
            return own(item, *rest) if isinstance(item, RegionItem) else getattr(base, name)(item, *rest)
        return f

    return dataclasses.replace(
        base, versions=tuple(sorted(set(base.versions) | {VERSION})), params=params, generate=generate, regen=regen,
        cost=cost, form=region_form(base.form) if base.form else base.form,
        permalink=either(lambda item: item.permalink(), "permalink"),
        to_json=either(region_json, "to_json"),
        to_svg=either(region_svg, "to_svg"),
        facts=either(region_facts, "facts"),
        tiles=either(lambda item: item.tiles(), "tiles"),
        shapes=lambda item: item.shapes() if isinstance(item, RegionItem) else base_shapes(base, item),
    )


def base_shapes(base, item):
    """A plain item's shapes: the family's own, or its tiles with no extra keys."""
    if base.shapes is not None:
        return base.shapes(item)
    return ((t.kind, t.exact, t.points, {}) for t in base.tiles(item))


def region_json(item: RegionItem) -> dict:
    """{"permalink", "family", "region": {"shape", "tiles", "radius"|"points"}, "tiles": [{"kind",
    "points", …the family's own keys}]}: the tiles the region keeps, in the walk's order."""
    tiles = []
    for kind, _exact, points, extra in item.shapes():
        t = {"kind": kind, "points": [[round(x, 9) + 0.0, round(y, 9) + 0.0] for x, y in points]}
        t.update(extra)
        tiles.append(t)
    return {"permalink": item.permalink(), "family": item.base.name, "region": item.region.as_json(),
            "tiles": tiles}


def region_svg(item: RegionItem, options: dict) -> str:
    """The kept tiles in the default colouring, the region's outline drawn over them."""
    # lazy: start-up; the tiling families import this module, the drawing loads only to draw
    from generator.maker.graph import build
    from generator.maker.picture import patch_svg
    g = build(item.shapes())
    try:
        colouring = "metatile" if g.n and None not in g.meta_keys else "kind"
        colour = C.colour_function(g, colouring, C.DEFAULT_PALETTE, item.base.name)
        return patch_svg(g, colour, item.permalink(), outline=outline(item.region, item.box))
    finally:
        g.close()


def region_facts(item: RegionItem) -> list:
    n = sum(1 for _ in item.shapes())
    return [["tiles", n], ["region", item.region.describe()],
            ["tiles kept", "inside the region" if item.region.mode == "inside" else "meeting the region"]]
