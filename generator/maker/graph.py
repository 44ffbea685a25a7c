"""The neighbour graph of a patch: which tiles share a boundary segment of positive length.

`build(shapes)` walks the tiles once.  Each tile is (kind, exact vertex keys, float points,
extra): the exact keys are the engines' own (integer vectors over Z[ζ₁₀] for Penrose, Eisenstein
integers for the hat, Z[ω] for the Spectre, dot numbers for Loopy), so two tiles are neighbours
exactly when they have an edge with the same two end keys — no floating-point tolerance.  The
tilings here are edge-to-edge in the engines' outlines (the hat's and the Spectre's 14 vertices
include the straight ones), which the tests check with Euler's formula on every export.

Memory.  Each edge waits in a dictionary only until its second tile comes (then it is a pair of
tile numbers in a flat array); the walks go supertile by supertile, so the waiting edges are
about the patch's rim.  Each tile's record (its rounded polygon, kind, extra, and which of its
edges it is the first to draw) goes to a spool (memory up to 32 MB, then an anonymous temporary
file); the neighbour lists are flat arrays of 32-bit numbers (`off`, `nb`: compressed rows).
So a patch costs about 40 bytes a tile in memory, plus its rim, and is written in one pass.
"""

from __future__ import annotations

import json
import tempfile
from array import array
from generator.output import Stream, to_json

DIGITS = 9                    # decimals of the exported coordinates (tiling units)
SPOOL_MEMORY = 1 << 25        # records kept in memory up to this many bytes, then on disk


def coord(x: float) -> float:
    """A coordinate as exported: rounded to DIGITS decimals, never -0.0."""
    return round(x, DIGITS) + 0.0


class Graph:
    """A patch's tiles (records in a spool) and their neighbours (compressed rows).

    n            number of tiles, numbered 0 … n−1 in the walk's order
    off, nb      tile i's neighbours are nb[off[i]:off[i+1]], ascending
    edges        number of distinct edges (boundary segments between consecutive vertices)
    kinds        per tile, the index of its kind-colouring class in `kind_keys`
    metas        per tile, the index of its metatile-colouring class in `meta_keys`
    bbox         (xmin, ymin, xmax, ymax) of every vertex
    """

    def __init__(self):
        self.n = 0
        self.off = array("I", [0])
        self.nb = array("I")
        self.edges = 0
        self.kinds = array("H")
        self.metas = array("H")
        self.kind_keys: list[str] = []
        self.meta_keys: list = []
        self.bbox = (0.0, 0.0, 0.0, 0.0)
        self.spool = None

    def neighbours(self, i: int):
        """Tile i's neighbours, ascending."""
        return self.nb[self.off[i]:self.off[i + 1]]

    def records(self):
        """(kind, extra, polygon, mask) per tile in order: mask bit k says edge k (vertex k to
        k+1) is drawn by this tile, the first of its one or two tiles.  Read once per call."""
        self.spool.seek(0)
        loads = json.loads
        for line in self.spool:
            yield loads(line)

    def close(self) -> None:
        if self.spool is not None:
            self.spool.close()
            self.spool = None


def class_of(kind: str, extra: dict) -> tuple[str, object]:
    """(kind class, metatile class) of a tile: mirrored (hat `reflected`) and turned (Spectre
    `odd`) tiles are classes of their own, as in the site's pictures; no metatile: None."""
    flag = "reflected" if extra.get("reflected") else "odd" if extra.get("odd") else ""
    kind_key = f"{kind} {flag}" if flag else kind
    meta = extra.get("metatile")
    meta_key = None if meta is None else (flag or meta)
    return kind_key, meta_key


def build(shapes) -> Graph:
    """The graph of the tiles `shapes` yields (kind, exact keys, points, extra), in one walk."""
    g = Graph()
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY, mode="w+", encoding="ascii")
    waiting: dict = {}
    pop = waiting.pop
    pa, pb = array("I"), array("I")
    kind_ids: dict = {}
    meta_ids: dict = {}
    edges = 0
    xmin = ymin = float("inf")
    xmax = ymax = float("-inf")
    dumps = json.dumps
    buf = []
    i = -1
    for i, (kind, exact, points, extra) in enumerate(shapes):
        m = len(exact)
        mask = 0
        last = -1                       # a neighbour met on consecutive edges is listed once here
        for k in range(m):
            a, b = exact[k], exact[k + 1 if k + 1 < m else 0]
            key = (a, b) if a < b else (b, a)
            j = pop(key, None)
            if j is None:
                waiting[key] = i
                mask |= 1 << k
            elif j != last:
                pa.append(j)
                pb.append(i)
                last = j
        edges += bin(mask).count("1")
        poly = [[coord(x), coord(y)] for x, y in points]
        for x, y in poly:
            if x < xmin:
                xmin = x
            if x > xmax:
                xmax = x
            if y < ymin:
                ymin = y
            if y > ymax:
                ymax = y
        kind_key, meta_key = class_of(kind, extra)
        g.kinds.append(kind_ids.setdefault(kind_key, len(kind_ids)))
        g.metas.append(meta_ids.setdefault(meta_key, len(meta_ids)))
        buf.append(dumps([kind, extra, poly, mask], separators=(",", ":"), sort_keys=True))
        if len(buf) >= 512:
            spool.write("\n".join(buf) + "\n")
            buf = []
    if buf:
        spool.write("\n".join(buf) + "\n")
    del waiting
    n = i + 1
    g.n, g.edges, g.spool = n, edges, spool
    g.kind_keys, g.meta_keys = list(kind_ids), list(meta_ids)
    g.bbox = (xmin, ymin, xmax, ymax) if n else (0.0, 0.0, 0.0, 0.0)
    g.off, g.nb = _rows(n, pa, pb)
    return g


def _rows(n: int, pa: array, pb: array) -> tuple[array, array]:
    """Compressed rows of the symmetric relation of the pairs (a tile pair sharing several
    edges — hats do — is listed once), each row ascending."""
    deg = array("I", bytes(4 * n))
    for a in pa:
        deg[a] += 1
    for b in pb:
        deg[b] += 1
    start = array("I", bytes(4 * (n + 1)))
    total = 0
    for i in range(n):
        start[i] = total
        total += deg[i]
    start[n] = total
    fill = array("I", bytes(4 * total))
    pos = array("I", start)
    for a, b in zip(pa, pb):
        fill[pos[a]] = b
        pos[a] += 1
        fill[pos[b]] = a
        pos[b] += 1
    del pa[:], pb[:], pos, deg          # the caller's arrays are emptied: their memory is freed
    off = array("I", [0])
    nb = array("I")
    for i in range(n):
        row = sorted(set(fill[start[i]:start[i + 1]]))
        nb.extend(row)
        off.append(len(nb))
    return off, nb


# ---- the documented outputs ------------------------------------------------------------------

def tile_object(i: int, record, neighbours, colour: str) -> dict:
    """One tile of the graph export."""
    kind, extra, poly, _mask = record
    obj = {"id": i, "kind": kind, "polygon": poly, "neighbours": list(neighbours), "colour": colour}
    for k, v in extra.items():
        if k not in obj:
            obj[k] = v
    return obj


def graph_json(g: Graph, colours, head: dict):
    """The graph export as an object whose "tiles" is a Stream (written tile by tile)."""

    def tiles():
        for i, rec in enumerate(g.records()):
            yield to_json(tile_object(i, rec, g.neighbours(i), colours(i)))[:-1]
    obj = dict(head)
    obj["tiles"] = Stream(tiles, text=True)
    return obj


def geojson(g: Graph, colours, head: dict):
    """The GeoJSON FeatureCollection (RFC 7946 shape, planar tiling units): one Polygon Feature per
    tile, its ring closed and anticlockwise, its properties those of the graph export."""

    def features():
        for i, rec in enumerate(g.records()):
            props = tile_object(i, rec, g.neighbours(i), colours(i))
            ring = props.pop("polygon")
            if _area2(ring) < 0:
                ring = ring[::-1]
            ring = ring + [ring[0]]
            yield to_json({"type": "Feature", "id": i,
                           "geometry": {"type": "Polygon", "coordinates": [ring]},
                           "properties": props})[:-1]
    obj = {"type": "FeatureCollection", "tilepress": dict(head)}
    obj["features"] = Stream(features, text=True)
    return obj


def _area2(poly) -> float:
    """Twice the signed area of a polygon (positive: anticlockwise, y up)."""
    s = 0.0
    for k in range(len(poly)):
        x0, y0 = poly[k - 1]
        x1, y1 = poly[k]
        s += x0 * y1 - x1 * y0
    return s
