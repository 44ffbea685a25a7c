"""The planar grid of a Loopy puzzle, built from the tiles of a tiling patch.

A Loopy grid is a plane graph: *dots* (vertices), *edges* and *faces*.  Here the faces are
the tiles of a patch exactly as the tiling family produced them — a Penrose kite, dart or
rhomb is a 4-gon, and a hat or Spectre is a 14-gon, because the straight-angled 14th
vertex of its outline is a real vertex of the tiling where a neighbour's corner touches
(Smith, Myers, Kaplan, Goodman-Strauss, "An aperiodic monotile", 2023).  So a hat face's
clue can reach 14.

Dots are the tile vertices *de-duplicated exactly*: two tiles share a dot precisely when
their exact vertex keys are equal (integer coordinates in Z[τ] for Penrose, Eisenstein
integers for hats — the combinatorial-coordinate method of Tatham, "Two algorithms for
randomly generating aperiodic tilings", 2023, which exists so that grids like this one can
be built without floating-point matching).  Floats are used only for drawing and for the
cyclic order of edges round a dot.

Trimming follows Tatham's Loopy (grid.c, "trim vigorously"): a dot is *interior* when every
edge at it has a face on both sides; the largest edge-connected set of interior dots is
kept with every face touching it.  Every kept face then shares an edge with the rest (no
faces dangle by a corner), and enclosed faces that were dropped are put back.  A patch of
tiles meeting a rectangle can still enclose an uncovered pocket outside the rectangle;
such a hole is opened by removing the shortest chain of faces from it to the outer
boundary, and the trimming repeated, so the grid is a topological disc: V − E + F = 1
(checked).

Ordering is deterministic: faces in reading order of their vertex averages (top to bottom,
then left to right; y is up), dots numbered in
order of first appearance walking the faces, each face's dots in counter-clockwise order
(positive signed area in the tiles' own coordinates) starting from its lowest-numbered dot.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from generator.errors import TilepressError


class Grid(NamedTuple):
    """A trimmed planar grid; all lists are indexed by dot, edge or face number."""

    dots: tuple            # (x, y) floats
    keys: tuple            # exact vertex keys, parallel to dots
    faces: tuple           # tuple of dot indices per face, counter-clockwise
    kinds: tuple           # tile kind per face
    edges: tuple           # (a, b) with a < b
    face_edges: tuple      # per face: edge numbers in order (edge i joins dot i and i+1)
    edge_faces: tuple      # per edge: (face, face or -1 for the outside)
    dot_edges: tuple       # per dot: edge numbers in counter-clockwise angular order
    dot_corners: tuple     # per dot: faces (or -1) between consecutive dot_edges, same order


def _area(points) -> float:
    """Twice the signed area of a polygon."""
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))


def _centre(points) -> tuple[float, float]:
    """Vertex average (used only to order faces)."""
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _reading_key(centre) -> tuple:
    """Reading order of face centres: top row first (y is up), then left to right."""
    return (round(-centre[1], 6), round(centre[0], 6))


def _raw_faces(tiles) -> tuple[dict, list]:
    """Exact key -> float point, and faces as (kind, keys ccw)."""
    where: dict = {}
    faces = []
    for tile in tiles:
        keys, pts = tuple(tile.exact), tuple(tuple(map(float, p)) for p in tile.points)
        if len(keys) < 3 or len(keys) != len(pts) or len(set(keys)) != len(keys):
            raise TilepressError(f"a {tile.kind} tile has a degenerate outline")
        for k, p in zip(keys, pts):
            where.setdefault(k, p)
        if _area(pts) < 0:
            keys = keys[::-1]
        faces.append((tile.kind, keys))
    return where, faces


def _edge_sides(faces) -> dict:
    """Undirected edge (frozen key pair) -> list of faces using it."""
    sides: dict = {}
    for f, (_kind, keys) in enumerate(faces):
        for i, k in enumerate(keys):
            sides.setdefault(frozenset((k, keys[(i + 1) % len(keys)])), []).append(f)
    return sides


def _trim(faces) -> list[int]:
    """Faces kept: a disc round the largest connected set of interior dots."""
    keep = _trim_once(faces, range(len(faces)))
    for _ in range(len(faces)):
        cut = _cut_to_disc([faces[f] for f in keep])
        if cut is None:
            return keep
        keep = _trim_once(faces, [f for i, f in enumerate(keep) if i not in cut])
    raise TilepressError("internal: could not trim the patch to a disc")


def _trim_once(all_faces, chosen) -> list[int]:
    """Faces of `chosen` touching the largest connected set of interior dots, holes filled."""
    chosen = list(chosen)
    faces = [all_faces[f] for f in chosen]
    sides = _edge_sides(faces)
    if any(len(v) > 2 for v in sides.values()):
        raise TilepressError("tiles overlap: an edge has more than two faces")
    dot_nbrs: dict = {}
    for e in sides:
        a, b = tuple(e)
        dot_nbrs.setdefault(a, []).append(b)
        dot_nbrs.setdefault(b, []).append(a)
    interior = {d for d, nb in dot_nbrs.items()
                if all(len(sides[frozenset((d, n))]) == 2 for n in nb)}
    order = {}
    for _kind, keys in faces:
        for k in keys:
            order.setdefault(k, len(order))
    best: list = []
    seen: set = set()
    for start in sorted(interior, key=order.__getitem__):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            d = stack.pop()
            comp.append(d)
            for n in dot_nbrs[d]:
                if n in interior and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if len(comp) > len(best):
            best = comp
    if not best:
        raise TilepressError("the patch is too small for a Loopy grid (no interior dot)")
    core = set(best)
    keep = {f for f, (_kind, keys) in enumerate(faces) if core.intersection(keys)}
    return sorted(chosen[f] for f in keep | _holes(faces, sides, keep))


def _cut_to_disc(faces) -> set | None:
    """None if the faces form a disc; else positions of faces to remove to open a hole.

    A hole (an uncovered pocket enclosed by tiles) is opened by removing the shortest chain
    of faces, sharing dots, from the hole's boundary to the outer boundary.
    """
    sides = _edge_sides(faces)
    dots = {k for _kind, keys in faces for k in keys}
    if len(dots) - len(sides) + len(faces) == 1:
        return None
    bnd: dict = {}
    for e, users in sides.items():
        if len(users) == 1:
            a, b = tuple(e)
            bnd.setdefault(a, []).append(b)
            bnd.setdefault(b, []).append(a)
    order = {}
    for _kind, keys in faces:
        for k in keys:
            order.setdefault(k, len(order))
    comps, seen = [], set()
    for start in sorted(bnd, key=order.__getitem__):
        if start in seen:
            continue
        comp, stack = set(), [start]
        seen.add(start)
        while stack:
            d = stack.pop()
            comp.add(d)
            for n in bnd[d]:
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        comps.append(comp)
    pinch = sorted((d for d, nb in bnd.items() if len(nb) > 2), key=order.__getitem__)
    if len(comps) < 2:
        return {f for f, (_k, keys) in enumerate(faces) if pinch and pinch[0] in keys} or None
    at: dict = {}
    for f, (_kind, keys) in enumerate(faces):
        for k in keys:
            at.setdefault(k, []).append(f)
    # the outer boundary is the component with the largest extent (it encloses the others)
    outer = max(comps, key=len)
    hole = next(c for c in comps if c is not outer)
    src = sorted({f for d in hole for f in at[d]})
    goal = {f for d in outer for f in at[d]}
    prev = {f: None for f in src}
    queue = list(src)
    for f in queue:
        if f in goal:
            path = set()
            while f is not None:
                path.add(f)
                f = prev[f]
            return path
        for k in faces[f][1]:
            for g in at[k]:
                if g not in prev:
                    prev[g] = f
                    queue.append(g)
    raise TilepressError("internal: a hole in the patch cannot be opened")


def _holes(faces, sides, keep) -> set:
    """Faces outside `keep` that cannot reach the outer boundary without crossing `keep`."""
    nbrs: dict = {f: [] for f in range(len(faces))}
    open_faces = set()
    for users in sides.values():
        if len(users) == 2:
            nbrs[users[0]].append(users[1])
            nbrs[users[1]].append(users[0])
        else:
            open_faces.add(users[0])
    reach = {f for f in open_faces if f not in keep}
    stack = list(reach)
    while stack:
        f = stack.pop()
        for g in nbrs[f]:
            if g not in keep and g not in reach:
                reach.add(g)
                stack.append(g)
    return set(range(len(faces))) - keep - reach


def build(tiles) -> Grid:
    """Build the trimmed, deterministically ordered grid of a list of tiles."""
    where, faces = _raw_faces(tiles)
    kept = [faces[f] for f in _trim(faces)]
    kept.sort(key=lambda kf: _reading_key(_centre([where[k] for k in kf[1]])))
    index: dict = {}
    for _kind, keys in kept:
        for k in keys:
            index.setdefault(k, len(index))
    dots = [None] * len(index)
    for k, i in index.items():
        dots[i] = where[k]
    face_dots = []
    for _kind, keys in kept:
        ids = [index[k] for k in keys]
        j = ids.index(min(ids))
        face_dots.append(tuple(ids[j:] + ids[:j]))
    return _assemble(tuple(dots), tuple(sorted(index, key=index.__getitem__)),
                     tuple(face_dots), tuple(k for k, _ in kept))


def _assemble(dots, keys, faces, kinds) -> Grid:
    """Number the edges and the incidences of a face list."""
    edge_id: dict = {}
    edges: list = []
    sides: list = []
    face_edges = []
    for f, ids in enumerate(faces):
        row = []
        for i, a in enumerate(ids):
            b = ids[(i + 1) % len(ids)]
            e = edge_id.get((min(a, b), max(a, b)))
            if e is None:
                e = edge_id[(min(a, b), max(a, b))] = len(edges)
                edges.append((min(a, b), max(a, b)))
                sides.append([])
            sides[e].append(f)
            row.append(e)
        face_edges.append(tuple(row))
    edge_faces = tuple((s[0], s[1] if len(s) > 1 else -1) for s in sides)
    corner_of = {}   # (dot, next dot ccw round the face) -> face
    for f, ids in enumerate(faces):
        for i, a in enumerate(ids):
            corner_of[(a, ids[(i + 1) % len(ids)])] = f
    dot_edges: list = [[] for _ in dots]
    for e, (a, b) in enumerate(edges):
        dot_edges[a].append(e)
        dot_edges[b].append(e)
    dot_corners = []
    for d, es in enumerate(dot_edges):
        def angle(e, d=d):
            o = edges[e][0] + edges[e][1] - d
            return math.atan2(dots[o][1] - dots[d][1], dots[o][0] - dots[d][0])
        es.sort(key=angle)
        ring = []
        for e in es:
            ring.append(_corner(corner_of, d, edges[e][0] + edges[e][1] - d))
        dot_corners.append(tuple(ring))
    grid = Grid(dots, keys, faces, kinds, tuple(edges), tuple(face_edges), edge_faces,
                tuple(tuple(es) for es in dot_edges), tuple(dot_corners))
    if len(dots) - len(edges) + len(faces) != 1:
        raise TilepressError("internal: trimmed grid is not a disc")
    return grid


def _corner(corner_of, d, o) -> int:
    """The face in the angle that starts at edge d→o and turns counter-clockwise, or -1.

    A counter-clockwise face (… p, d, n …) has its interior to the left of p→d→n, i.e. at d
    it fills the angle from direction n turning counter-clockwise to direction p.
    """
    return corner_of.get((d, o), -1)


def rings(grid: Grid) -> tuple:
    """Per face: the cyclic sequence of faces (or -1) met walking round its dots."""
    out = []
    for f, ids in enumerate(grid.faces):
        seq = []
        for d in ids:
            ring = grid.dot_corners[d]
            k = ring.index(f)
            seq.extend(ring[k + 1:] + ring[:k])
        out.append(tuple(seq))
    return tuple(out)


class Cell(NamedTuple):
    """A tile given directly (same fields as the protocol's Tile): kind, exact keys, points."""

    kind: str
    exact: tuple
    points: tuple


def from_polygons(polygons, kind="cell") -> Grid:
    """A grid from plain polygons given as exact integer point lists (for tests and figures)."""
    return build([Cell(kind, tuple(map(tuple, p)), tuple(map(tuple, p))) for p in polygons])
