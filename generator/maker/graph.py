"""The neighbour graph of a patch: which tiles share a boundary segment of positive length.

`build(shapes)` walks the tiles once.  Each tile is (kind, exact vertex keys, float points,
extra): the exact keys are the engines' own (integer vectors over Z[ζ₁₀] for Penrose, Eisenstein
integers for the hat, Z[ω] for the Spectre, dot numbers for Loopy), so two tiles are neighbours
exactly when they have an edge with the same two end keys — no floating-point tolerance.  The
tilings here are edge-to-edge in the engines' outlines (the hat's and the Spectre's 14 vertices
include the straight ones), which the tests check with Euler's formula on every export.

Memory.  Each edge waits in a dictionary only until its second tile comes (its two ends' exact
coordinates packed as 64-bit integers in one bytes key, about 100 bytes); the walks go supertile
by supertile, so the waiting edges are about the rim of what has been walked (for a million
Spectres at most 81,358 of them).  Each tile's record (its
rounded polygon, kind, extra, and which of its edges it is the first to draw) goes to a spool
(memory up to 4 MB, then an anonymous temporary file).  Each neighbour pair, when found, goes
twice (a→b, b→a) to a `PairStore`: per block of 16,384 tile numbers a small buffer, written to
an anonymous temporary file when full; the output then reads the records in order and the pairs
block by block (each block sorted on its own), so writing the graph or GeoJSON keeps a few MB
whatever the tile count (beyond the rim).  The compressed rows (`off`, `nb`: flat arrays of
32-bit numbers, 4 bytes a tile and 4 a neighbour) are built only when asked for, by the proper
colourings, which need the whole graph at once.
"""

from __future__ import annotations

import json
import struct
import tempfile
from array import array
from generator.output import Stream, to_json

DIGITS = 9                    # decimals of the exported coordinates (tiling units)
SPOOL_MEMORY = 1 << 22        # records kept in memory up to this many bytes (4 MB), then on disk
BLOCK_BITS = 14               # the pair store's blocks: 16,384 tile numbers each
BLOCK_BUFFER = 1 << 12        # pairs buffered per block before they go to the file
STORE_BUFFER = 1 << 18        # pairs buffered in all (2 MB): above it every buffer is written


def coord(x: float) -> float:
    """A coordinate as exported: rounded to DIGITS decimals, never -0.0."""
    return round(x, DIGITS) + 0.0


class PairStore:
    """The neighbour pairs of a patch, found in any order, read back as ascending rows tile by
    tile in a few MB: pair (a, b) is kept as the 64-bit number a·2³² + b in the buffer of a's
    block; full buffers go to an anonymous temporary file as chunks (their places noted per
    block); `rows(n)` reads one block at a time, sorts it and yields each tile's row."""

    def __init__(self):
        self.buffers: dict[int, array] = {}
        self.chunks: dict[int, array] = {}      # block -> flat (offset, count) pairs in the file
        self.buffered = 0
        self.file = None
        self.count = 0                          # directed pairs added (duplicates included)

    def add(self, a: int, b: int) -> None:
        """Tile a has neighbour b (and b has a): both directions are stored."""
        for x, y in ((a, b), (b, a)):
            block = x >> BLOCK_BITS
            buf = self.buffers.get(block)
            if buf is None:
                buf = self.buffers[block] = array("Q")
            buf.append(x << 32 | y)
            if len(buf) >= BLOCK_BUFFER:
                self._write(block)
        self.buffered += 2
        self.count += 2
        if self.buffered >= STORE_BUFFER:
            for block in list(self.buffers):
                self._write(block)

    def _write(self, block: int) -> None:
        buf = self.buffers.pop(block)
        if self.file is None:
            self.file = tempfile.TemporaryFile()
        self.file.seek(0, 2)
        self.chunks.setdefault(block, array("Q")).extend((self.file.tell(), len(buf)))
        buf.tofile(self.file)
        self.buffered -= len(buf)

    def block(self, block: int) -> list:
        """The block's pairs, sorted, duplicates dropped (a hat may share two edges with one
        neighbour)."""
        got = array("Q", self.buffers.get(block, ()))
        spots = self.chunks.get(block, ())
        for k in range(0, len(spots), 2):
            self.file.seek(spots[k])
            got.fromfile(self.file, spots[k + 1])
        return sorted(set(got))

    def rows(self, n: int):
        """Each tile's neighbours, ascending (array of 32-bit numbers), tile 0 … n−1."""
        low = (1 << 32) - 1
        for block in range(((n - 1) >> BLOCK_BITS) + 1 if n else 0):
            first = block << BLOCK_BITS
            last = min(n, first + (1 << BLOCK_BITS))
            pairs = self.block(block)
            k, m = 0, len(pairs)
            for tile in range(first, last):
                row = array("I")
                while k < m and pairs[k] >> 32 == tile:
                    row.append(pairs[k] & low)
                    k += 1
                yield row

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None
        self.buffers.clear()


class Graph:
    """A patch's tiles (records in a spool) and their neighbours (a PairStore; compressed rows on
    demand).

    n            number of tiles, numbered 0 … n−1 in the walk's order
    edges        number of distinct edges (boundary segments between consecutive vertices)
    kind_keys    the tiles' kind-colouring classes, in order of first appearance (`class_of`)
    meta_keys    their metatile-colouring classes, likewise
    bbox         (xmin, ymin, xmax, ymax) of every vertex
    """

    def __init__(self):
        self.n = 0
        self.edges = 0
        self.kind_keys: list[str] = []
        self.meta_keys: list = []
        self.bbox = (0.0, 0.0, 0.0, 0.0)
        self.spool = None
        self.pairs = PairStore()
        self._rows = None

    @property
    def off(self) -> array:
        return self.rows()[0]

    @property
    def nb(self) -> array:
        return self.rows()[1]

    def rows(self) -> tuple[array, array]:
        """(off, nb): tile i's neighbours are nb[off[i]:off[i+1]], ascending; built from the pair
        store once, on the first call (the proper colourings need the whole graph)."""
        if self._rows is None:
            off, nb = array("I", [0]), array("I")
            for row in self.pairs.rows(self.n):
                nb.extend(row)
                off.append(len(nb))
            self._rows = off, nb
        return self._rows

    def neighbours(self, i: int):
        """Tile i's neighbours, ascending."""
        off, nb = self.rows()
        return nb[off[i]:off[i + 1]]

    def neighbour_rows(self):
        """Every tile's neighbours in order, read block by block (flat memory)."""
        if self._rows is not None:
            off, nb = self._rows
            return (nb[off[i]:off[i + 1]] for i in range(self.n))
        return self.pairs.rows(self.n)

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
        self.pairs.close()


def class_of(kind: str, extra: dict) -> tuple[str, object]:
    """(kind class, metatile class) of a tile: mirrored (hat `reflected`) and turned (Spectre
    `odd`) tiles are classes of their own, as in the site's pictures; no metatile: None."""
    flag = "reflected" if extra.get("reflected") else "odd" if extra.get("odd") else ""
    kind_key = f"{kind} {flag}" if flag else kind
    meta = extra.get("metatile")
    meta_key = None if meta is None else (flag or meta)
    return kind_key, meta_key


def _packer(vertex):
    """The waiting edges' key maker for vertices like this one: a tuple of d integers -> the two
    ends' 2d numbers as 64-bit integers in bytes (struct.error beyond 64 bits: the caller keeps the
    tuples); other keys (Loopy's dot numbers) stay tuples (TypeError)."""
    if isinstance(vertex, tuple) and vertex and all(type(c) is int for c in vertex):
        return struct.Struct(f"<{2 * len(vertex)}q").pack

    def refuse(*_args):
        raise TypeError("not a tuple of integers")
    return refuse


def build(shapes) -> Graph:
    """The graph of the tiles `shapes` yields (kind, exact keys, points, extra), in one walk."""
    g = Graph()
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY, mode="w+", encoding="ascii")
    waiting: dict = {}
    pop = waiting.pop
    add = g.pairs.add
    kind_ids: dict = {}
    meta_ids: dict = {}
    edges = 0
    xmin = ymin = float("inf")
    xmax = ymax = float("-inf")
    dumps = json.dumps
    buf = []
    i = -1
    pack = None
    for i, (kind, exact, points, extra) in enumerate(shapes):
        m = len(exact)
        mask = 0
        last = -1                       # a neighbour met on consecutive edges is listed once here
        if pack is None:
            pack = _packer(exact[0])
        for k in range(m):
            a, b = exact[k], exact[k + 1 if k + 1 < m else 0]
            if b < a:
                a, b = b, a
            try:
                key = pack(*a, *b)      # 64-bit integers packed: a third of a tuple pair's memory
            except (struct.error, TypeError):
                key = (a, b)            # (the same edge always takes the same branch)
            j = pop(key, None)
            if j is None:
                waiting[key] = i
                mask |= 1 << k
            elif j != last:
                add(j, i)
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
        if kind_key not in kind_ids:
            kind_ids[kind_key] = len(kind_ids)
        if meta_key not in meta_ids:
            meta_ids[meta_key] = len(meta_ids)
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
    return g


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
        for i, (rec, row) in enumerate(zip(g.records(), g.neighbour_rows())):
            yield to_json(tile_object(i, rec, row, colours(i, rec)))[:-1]
    obj = dict(head)
    obj["tiles"] = Stream(tiles, text=True)
    return obj


def geojson(g: Graph, colours, head: dict):
    """The GeoJSON FeatureCollection (RFC 7946 shape, planar tiling units): one Polygon Feature per
    tile, its ring closed and anticlockwise, its properties those of the graph export."""

    def features():
        for i, (rec, row) in enumerate(zip(g.records(), g.neighbour_rows())):
            props = tile_object(i, rec, row, colours(i, rec))
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
