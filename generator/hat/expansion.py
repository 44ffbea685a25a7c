"""Tatham's fixed-expansion method (his Algorithm 1) for the hat: `tiling hat --method expansion`.

As for Penrose (`generator/penrose/expansion.py`): a top metatile type drawn from the limiting
metatile frequencies (`limits.FREQ`, exact, drawn by `limits.choose`), the smallest level whose
supertile outline holds a disc wider than the region's diagonal plus a margin, one level more;
a uniform point of that outline (on a 1/1024 grid) where the W × H region fits with the margin
to spare; then the supertile expanded down to its hats (`supertile.py`), skipping every metatile
whose outline, widened by SLACK·level units, misses the region — hats stick out of their
metatiles' outlines by a bounded amount, and the tests check the pruned patch against the whole
supertile's hats — and keeping every hat that meets the region.

Permalink: `hat.v3.<W>x<H>.s<SEED>`: the method, the region and the seed; regions up to MAX_SIDE a
side (levels up to supertile.MAX_LEVEL).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

from generator.errors import PermalinkError, TilepressError
from generator.hat import geometry as G
from generator.hat import limits as LIM
from generator.hat import supertile as ST
from generator.params import MAX_SEED, format_decimal
from generator.permalinks import Grammar, decimal_re, reads
from generator.hat.permalink import region_hats
from generator.maker.region import _where as where, polygon_keeps

VERSION = 3
MAX_SIDE = 300
MARGIN = 4.0           # units between the region and the outline when placing it
SLACK = 3.0            # units a level by which hats may leave their metatile's outline (pruning)
GRID = 1024
_DECIMAL = decimal_re(3)
GRAMMAR = Grammar("hat expansion", ("hat",), (VERSION,),
                  re.compile(rf"^({_DECIMAL})x({_DECIMAL})\.s(0|[1-9][0-9]{{0,18}})$"), "<W>x<H>.s<SEED>",
                  "hat.v3.40x30.s5", 60)


class HatExpansion:
    """A hat patch made by fixed expansion: tiles (kind, exact outline, floats centred, extra)."""

    def __init__(self, width, height, seed, top, level, point, tiles):
        self.width, self.height, self.seed = width, height, seed
        self.top, self.level, self.point, self.tiles = top, level, point, tiles

    def permalink(self) -> str:
        return f"hat.v{VERSION}.{format_decimal(self.width)}x{format_decimal(self.height)}.s{self.seed}"


def check(width: Fraction, height: Fraction, seed: int, error=TilepressError) -> None:
    for name, v in (("width", width), ("height", height)):
        if not 0 < v <= MAX_SIDE:
            raise error(f"--method expansion: {name} must be in (0, {MAX_SIDE}], not {float(v):g}")
    if not 0 <= seed < MAX_SEED:
        raise error(f"seed must be in 0..{MAX_SEED - 1}")


@reads
def decode(link):
    _prefix, _v, m = GRAMMAR.parse(link)
    w, h, seed = Fraction(m.group(1)), Fraction(m.group(2)), int(m.group(3))
    check(w, h, seed, PermalinkError)
    GRAMMAR.canonical(f"hat.v{VERSION}.{format_decimal(w)}x{format_decimal(h)}.s{seed}", link)
    return w, h, seed


def cost(link: str) -> float:
    """About how many hats a v3 link asks for (parsed, in budget)."""
    w, h, _seed = decode(link)
    return region_hats(w, h)


def from_permalink(link: str) -> HatExpansion:
    w, h, seed = decode(link)
    return from_seed(seed, w, h)


def _outline(kind: str, level: int, iso) -> list:
    return [G.to_xy(G.apply(iso, p)) for p in ST.prototype(kind, level).outline]


def _where(pt, poly) -> int:
    return where(pt, poly)


def _room(poly, pt) -> float:
    """Distance from a point inside a polygon to its boundary."""
    best = math.inf
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k - 1], poly[k]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((pt[0] - x1) * dx + (pt[1] - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(pt[0] - x1 - t * dx, pt[1] - y1 - t * dy))
    return best


def _fits(box, poly) -> bool:
    return polygon_keeps(box, poly, "inside")


def from_seed(seed: int, width: Fraction, height: Fraction) -> HatExpansion:
    """The patch fixed expansion makes for this seed (a pure function of its arguments)."""
    width, height = Fraction(width), Fraction(height)
    check(width, height, seed)
    rng = random.Random(f"hat:expansion:{seed}")
    top = ST.TYPES[LIM.choose(rng, LIM.start_type_distribution())]
    hw, hh = float(width) / 2, float(height) / 2
    need = math.hypot(hw, hh) + MARGIN
    level = 1
    while True:
        poly = _outline(top, level, G.IDENTITY)
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        if _where((cx, cy), poly) == 1 and _room(poly, (cx, cy)) >= need:
            break
        level += 1
        if level > ST.MAX_LEVEL - 1:
            raise TilepressError("--method expansion: the region is too big for the hat supertiles here")
    level += 1
    poly = _outline(top, level, G.IDENTITY)
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    for _ in range(100_000):
        x = min(xs) + rng.random() * (max(xs) - min(xs))
        y = min(ys) + rng.random() * (max(ys) - min(ys))
        px, py = Fraction(round(x * GRID), GRID), Fraction(round(y * GRID), GRID)
        fx, fy = float(px), float(py)
        box = [(fx - hw - MARGIN, fy - hh - MARGIN), (fx + hw + MARGIN, fy - hh - MARGIN),
               (fx + hw + MARGIN, fy + hh + MARGIN), (fx - hw - MARGIN, fy + hh + MARGIN)]
        if _where((fx, fy), poly) == 1 and _fits(box, poly):
            break
    else:  # pragma: no cover - the level leaves ample room
        raise TilepressError("--method expansion: no place found for the region")
    region = [(fx - hw, fy - hh), (fx + hw, fy - hh), (fx + hw, fy + hh), (fx - hw, fy + hh)]
    tiles = []

    def walk(kind, lev, iso):
        if lev > 1:
            outline = _outline(kind, lev, iso)
            pad = SLACK * lev
            if (max(p[0] for p in outline) + pad < region[0][0] or min(p[0] for p in outline) - pad > region[1][0]
                    or max(p[1] for p in outline) + pad < region[0][1]
                    or min(p[1] for p in outline) - pad > region[2][1]):
                return
            for c in ST.prototype(kind, lev).children:
                walk(c.kind, lev - 1, G.compose(iso, c.iso))
            return
        for c in ST.prototype(kind, 1).children:
            g = G.compose(iso, c.iso)
            exact = tuple(G.hat_outline(g))
            pts = [G.to_xy(p) for p in exact]
            if polygon_keeps(pts, region, "meet"):
                tiles.append(("hat", exact, tuple((x - fx, y - fy) for x, y in pts),
                              {"metatile": kind, "reflected": c.reflected}))
    walk(top, level, G.IDENTITY)
    tiles.sort(key=lambda t: t[2])
    return HatExpansion(width, height, seed, top, level, (px, py), tiles)


def to_json(item: HatExpansion) -> dict:
    hw, hh = float(item.width) / 2, float(item.height) / 2
    return {"permalink": item.permalink(), "family": "hat", "method": "expansion",
            "region": {"x0": -hw, "y0": -hh, "x1": hw, "y1": hh}, "top": item.top, "level": item.level,
            "tiles": [dict({"kind": k, "points": [[round(x, 12) + 0.0, round(y, 12) + 0.0] for x, y in pts]},
                           **extra) for k, _e, pts, extra in item.tiles]}


def facts(item: HatExpansion) -> list:
    return [["hats", len(item.tiles)], ["method", "fixed expansion (Tatham's Algorithm 1)"],
            ["supertile", f"{item.top}, level {item.level}"],
            ["region", f"{format_decimal(item.width)} × {format_decimal(item.height)}"]]
