"""Tatham's fixed-expansion method (his Algorithm 1) as a generator: `tiling p2 --method expansion`.

Tatham ("Two algorithms for randomly generating aperiodic tilings", 2023) describes two ways to
make a random patch.  This program's default is his combinatorial coordinates (coords.py), whose
patches are distributed as in the infinite tiling.  The first way, kept here for comparison:

1. draw a top label from the limiting label frequencies (`tables.FREQ`);
2. take the smallest level n whose supertriangle of that label has an inscribed circle wider than
   the region's diagonal plus a margin, then two levels more (room to move the region about);
3. draw a point uniformly in that supertriangle, again until the W × H region round it (with a
   margin of two units) lies inside it, on a grid of 1/1024 units;
4. substitute the supertriangle n times, dropping every triangle that misses the region
   (`substitution.pruned`), and keep every tile with a half that meets it.

The patch is a piece of one fixed supertriangle, so configurations that straddle supertriangles
of level about n never appear, and its distribution only approaches the limiting one as n grows:
bench/distribution_lab.py measures how far it is.

Permalink: `p2.v3.<W>_<H>_<seed>` (and `p3.v3.…`): the method, the region and the seed; the run is
a pure function of them.  Regions up to MAX_SIDE a side.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

from generator.errors import PermalinkError, TilepressError
from generator.params import MAX_SEED, format_decimal
from generator.penrose import algebra as Z
from generator.penrose import geometry as G
from generator.penrose import substitution as S
from generator.penrose import tables as TB
from generator.penrose.coords import DENOM, choose
from generator.penrose.permalink import MEAN_TILE_AREA
from generator.penrose.region import Region
from generator.permalinks import Grammar, decimal_re, reads

VERSION = 3
MAX_SIDE = 200
MARGIN = 2.0              # units between the region and the supertriangle's edges
GRID = 1024               # the point's coordinates are multiples of 1/GRID
_DECIMAL = decimal_re(3)
GRAMMAR = Grammar("Penrose expansion", ("p2", "p3"), (VERSION,),
                  re.compile(rf"^({_DECIMAL})_({_DECIMAL})_(0|[1-9][0-9]{{0,18}})$"), "W_H_SEED",
                  "p2.v3.12_8_5", 60)


class Expansion:
    """A patch made by fixed expansion: tiles (kind, exact vertices, float vertices centred)."""

    def __init__(self, family, width, height, seed, top, level, point, tiles):
        self.family, self.width, self.height, self.seed = family, width, height, seed
        self.top, self.level, self.point, self.tiles = top, level, point, tiles

    @property
    def permalink(self) -> str:
        return f"{self.family}.v{VERSION}.{format_decimal(self.width)}_{format_decimal(self.height)}_{self.seed}"


def check(family: str, width: Fraction, height: Fraction, seed: int, error=TilepressError) -> None:
    for name, v in (("width", width), ("height", height)):
        if not 0 < v <= MAX_SIDE:
            raise error(f"--method expansion: {name} must be in (0, {MAX_SIDE}], not {float(v):g}")
    if not 0 <= seed < MAX_SEED:
        raise error(f"seed must be in 0..{MAX_SEED - 1}")


def cost(link: str) -> float:
    """About how many tiles a v3 link asks for (parsed, in budget)."""
    family, w, h, _seed = decode(link)
    return float(w * h) / MEAN_TILE_AREA[family]


@reads
def decode(link):
    family, _v, m = GRAMMAR.parse(link)
    w, h, seed = Fraction(m.group(1)), Fraction(m.group(2)), int(m.group(3))
    check(family, w, h, seed, PermalinkError)
    text = f"{family}.v{VERSION}.{format_decimal(w)}_{format_decimal(h)}_{seed}"
    GRAMMAR.canonical(text, link)
    return family, w, h, seed


def from_permalink(link: str) -> Expansion:
    family, w, h, seed = decode(link)
    return from_seed(family, seed, w, h)


def _floats(tri):
    return [tuple(c / DENOM for c in Z.to_float(v)) for v in tri]


def _inradius(tri) -> float:
    (ax, ay), (bx, by), (cx, cy) = tri
    area = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2
    per = math.dist((ax, ay), (bx, by)) + math.dist((bx, by), (cx, cy)) + math.dist((cx, cy), (ax, ay))
    return 2 * area / per


def _inside_by(pt, tri, margin: float) -> bool:
    """Is pt inside the triangle, at least `margin` from each of its edge lines?"""
    area2 = ((tri[1][0] - tri[0][0]) * (tri[2][1] - tri[0][1])
             - (tri[1][1] - tri[0][1]) * (tri[2][0] - tri[0][0]))
    for k in range(3):
        (x1, y1), (x2, y2) = tri[k], tri[(k + 1) % 3]
        d = ((x2 - x1) * (pt[1] - y1) - (y2 - y1) * (pt[0] - x1)) / math.dist((x1, y1), (x2, y2))
        if d * (1 if area2 > 0 else -1) < margin:
            return False
    return True


def from_seed(family: str, seed: int, width: Fraction, height: Fraction) -> Expansion:
    """The patch fixed expansion makes for this seed (a pure function of its arguments)."""
    width, height = Fraction(width), Fraction(height)
    check(family, width, height, seed)
    rng = random.Random(f"{family}:expansion:{seed}")
    freq = TB.FREQ[family]
    top = choose(rng, [(c, freq[c]) for c in G.FAMILY_LETTERS[family]])
    need = math.hypot(float(width), float(height)) / 2 + MARGIN
    level = 1
    while _inradius(_floats(S.supertriangle(family, top, level, scale=DENOM))) < need:
        level += 1
    level += 2
    big = _floats(S.supertriangle(family, top, level, scale=DENOM))
    hw, hh = float(width) / 2, float(height) / 2
    for _ in range(10_000):
        u, v = rng.random(), rng.random()
        if u + v > 1:
            u, v = 1 - u, 1 - v
        x = big[0][0] + u * (big[1][0] - big[0][0]) + v * (big[2][0] - big[0][0])
        y = big[0][1] + u * (big[1][1] - big[0][1]) + v * (big[2][1] - big[0][1])
        px, py = Fraction(round(x * GRID), GRID), Fraction(round(y * GRID), GRID)
        corners = [(float(px) + sx * hw, float(py) + sy * hh) for sx in (-1, 1) for sy in (-1, 1)]
        if all(_inside_by(c, big, MARGIN) for c in corners):
            break
    else:  # pragma: no cover - the level leaves ample room
        raise TilepressError("--method expansion: no place found for the region")
    region = Region(px - width / 2, py - height / 2, px + width / 2, py + height / 2, DENOM)
    halves = S.pruned(family, top, level, region, scale=DENOM)
    whole = {}
    for ch, a, b, c in halves:
        kind, poly = G.tile_polygon(family, ch, a, b, c)
        whole[tuple(map(tuple, poly))] = kind
    fx, fy = float(px), float(py)
    tiles = []
    for poly, kind in whole.items():
        pts = tuple((x / DENOM - fx, y / DENOM - fy) for x, y in (Z.to_float(v) for v in poly))
        tiles.append((kind, poly, pts))
    tiles.sort(key=lambda t: (t[2], t[0]))
    return Expansion(family, width, height, seed, top, level, (px, py), tiles)


def to_json(item: Expansion) -> dict:
    """{"permalink", "family", "method": "expansion", "region", "top", "level", "tiles": [{"kind",
    "points"}]}: the region centred at the origin as for the other methods."""
    hw, hh = float(item.width) / 2, float(item.height) / 2
    return {"permalink": item.permalink, "family": item.family, "method": "expansion",
            "region": {"x0": -hw, "y0": -hh, "x1": hw, "y1": hh}, "top": item.top, "level": item.level,
            "tiles": [{"kind": k, "points": [[round(x, 12) + 0.0, round(y, 12) + 0.0] for x, y in pts]}
                      for k, _exact, pts in item.tiles]}


def facts(item: Expansion) -> list:
    counts: dict = {}
    for k, _e, _p in item.tiles:
        counts[k] = counts.get(k, 0) + 1
    return [["tiles", len(item.tiles)], ["method", "fixed expansion (Tatham's Algorithm 1)"],
            ["supertriangle", f"{item.top}, level {item.level}"],
            ["tiles by kind", ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))],
            ["region", f"{format_decimal(item.width)} × {format_decimal(item.height)}"]]


def _centroid_region(family: str, top: str, n: int, size: float):
    """(the level-n supertriangle of label top, the size × size region at its centroid)."""
    tri = S.supertriangle(family, top, n, scale=DENOM)
    pts = [Z.to_float(v) for v in tri]
    cx = Fraction(round(sum(p[0] for p in pts) / 3 / DENOM * 64), 64)
    cy = Fraction(round(sum(p[1] for p in pts) / 3 / DENOM * 64), 64)
    h = Fraction(size) / 2
    return tri, Region(cx - h, cy - h, cx + h, cy + h, DENOM)


def pruning_trace(family: str, size: float, n: int):
    """What pruning does to one supertriangle of the family's first label and level n, a size × size
    region at its centroid (as `pruning_counts`): (supertriangle, region, kept, dropped, made), kept =
    the level-0 triangles that meet the region, dropped = [(level, triangle)] for every triangle
    made and discarded, with its level (it stands for everything it would have become), made =
    every triangle made, kept or not, at every level (the count `pruning_counts` gives)."""
    top = G.FAMILY_LETTERS[family][0]
    tri, region = _centroid_region(family, top, n, size)
    tris, dropped, made = [(top, *tri)], [], 0
    for step in range(n):
        nxt = []
        for t in tris:
            for c in G.children(family, *t):
                made += 1
                _ch, a, b, d = c
                if region.meets(a, b, d, Z.to_float(a), Z.to_float(b), Z.to_float(d)):
                    nxt.append(c)
                else:
                    dropped.append((n - step - 1, c))
        tris = nxt
    return tri, region, tris, dropped, made


def pruning_counts(family: str, size: float, levels) -> list:
    """[(n, triangles without pruning, triangles made with pruning)] for one supertriangle of the
    family's first label and level n, a size × size region at its centroid (every level counted:
    Tatham's "pruning saving")."""
    top = G.FAMILY_LETTERS[family][0]
    kids = {u: [t[0] for t in G.children(family, u, *S.supertriangle(family, u, 1))]
            for u in G.FAMILY_LETTERS[family]}
    out = []
    for n in levels:
        tri, region = _centroid_region(family, top, n, size)
        made = [0]

        def keep(t, region=region, made=made):
            made[0] += 1
            _ch, a, b, c = t
            return region.meets(a, b, c, Z.to_float(a), Z.to_float(b), Z.to_float(c))
        S.substitute(family, [(top, *tri)], n, keep)
        total, counts = 0, {top: 1}
        for _ in range(n):
            nxt: dict = {}
            for u, k in counts.items():
                for c in kids[u]:
                    nxt[c] = nxt.get(c, 0) + k
            counts = nxt
            total += sum(counts.values())
        out.append((n, total, made[0]))
    return out
