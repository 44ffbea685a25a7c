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
    return sum([p[0] * q[1] - q[0] * p[1] for p, q in zip(points, points[1:] + points[:1])])


def _reading_key(where):
    """The sort key of a face (kind, dot numbers) for reading order of faces by their vertex
    averages (dots at the points `where`): top row first (y is up), then left to right."""
    at = where.__getitem__

    def key(face) -> tuple:
        ids = face[1]
        k = len(ids)
        xs, ys = zip(*map(at, ids))
        return (round(-(sum(ys) / k), 6), round(sum(xs) / k, 6))
    return key


# The trimming works on the patch's dots numbered 0, 1, … in order of first appearance (an
# exact key is hashed once, in _raw_faces); it only ever compares dots for equality and
# orders them by first appearance among the faces at hand, so the numbers change nothing
# but the cost.  An edge a–b (a < b) of n dots is the integer a·n + b.

def _raw_faces(tiles) -> tuple[list, list, list]:
    """The distinct exact keys (in order of first appearance), the float point of each (as
    the first tile with it gives it), and the faces as (kind, dot numbers ccw)."""
    number: dict = {}
    keys: list = []
    where: list = []
    faces = []
    for tile in tiles:
        exact = tuple(tile.exact)
        pts = tile.points if type(tile.points) is tuple else tuple(tile.points)
        for p in pts:               # the families give float pairs already: convert only if not
            if type(p) is not tuple or len(p) != 2 or type(p[0]) is not float or type(p[1]) is not float:
                pts = [tuple(map(float, p)) for p in pts]
                break
        if len(exact) < 3 or len(exact) != len(pts) or len(set(exact)) != len(exact):
            raise TilepressError(f"a {tile.kind} tile has a degenerate outline")
        ids = []
        for k, p in zip(exact, pts):
            i = number.get(k)
            if i is None:
                i = number[k] = len(keys)
                keys.append(k)
                where.append(p)
            ids.append(i)
        if _area(pts) < 0:
            ids.reverse()
        faces.append((tile.kind, tuple(ids)))
    return keys, where, faces


def _sides(faces, chosen, n: int) -> dict:
    """Edge (a·n + b) -> positions in `chosen` of the faces using it, walking the faces."""
    sides: dict = {}
    for f, c in enumerate(chosen):
        ids = faces[c][1]
        for a, b in zip(ids, ids[1:] + ids[:1]):
            k = a * n + b if a < b else b * n + a
            users = sides.get(k)
            if users is None:
                sides[k] = [f]
            else:
                users.append(f)
    return sides


def _edge_sides(faces) -> dict:
    """Undirected edge (frozen dot pair) -> list of faces using it."""
    sides: dict = {}
    for f, (_kind, keys) in enumerate(faces):
        for i, k in enumerate(keys):
            sides.setdefault(frozenset((k, keys[(i + 1) % len(keys)])), []).append(f)
    return sides


def _trim(faces, n: int) -> list[int]:
    """Faces kept (of faces on dots 0 … n-1): a disc round the largest connected set of
    interior dots."""
    keep, disc = _trim_once(faces, range(len(faces)), n)
    for _ in range(len(faces)):
        cut = None if disc else _cut_to_disc([faces[f] for f in keep])
        if cut is None:
            return keep
        keep, disc = _trim_once(faces, [f for i, f in enumerate(keep) if i not in cut], n)
    raise TilepressError("internal: could not trim the patch to a disc")


def _trim_once(all_faces, chosen, n: int) -> tuple[list[int], bool]:
    """Faces of `chosen` touching the largest connected set of interior dots, holes filled;
    and whether they form a disc (V − E + F = 1)."""
    chosen = list(chosen)
    sides = _sides(all_faces, chosen, n)
    present: set = set()            # the dots of the chosen faces
    for c in chosen:
        present.update(all_faces[c][1])
    rim: set = set()                # … that have an edge with a face on one side only
    links = []                      # edges with both ends possibly interior
    for k, users in sides.items():
        if len(users) == 2:
            links.append(k)
        elif len(users) == 1:
            rim.update(divmod(k, n))
        else:
            raise TilepressError("tiles overlap: an edge has more than two faces")
    inner = present - rim           # interior dots: a face on both sides of every edge at it
    nbrs: list = [[] for _ in range(n)]
    for k in links:
        a, b = divmod(k, n)
        if a in inner and b in inner:
            nbrs[a].append(b)
            nbrs[b].append(a)
    # components of interior dots, started in order of first appearance; the first largest wins
    best: list = []
    seen = bytearray(n)
    for c in chosen:
        for start in all_faces[c][1]:
            if seen[start] or start not in inner:
                continue
            comp, stack = [], [start]
            seen[start] = 1
            while stack:
                d = stack.pop()
                comp.append(d)
                for e in nbrs[d]:
                    if not seen[e]:
                        seen[e] = 1
                        stack.append(e)
            if len(comp) > len(best):
                best = comp
    if not best:
        raise TilepressError("the patch is too small for a Loopy grid (no interior dot)")
    touches = set(best).__contains__
    kept = bytearray([any(map(touches, all_faces[c][1])) for c in chosen])
    if 0 not in kept:               # every face kept (a patch cut to its region, mostly): no
        return sorted(chosen), len(present) - len(sides) + len(chosen) == 1    # hole to fill
    rows = [all_faces[c][1] for c in chosen]
    for f in _holes(sides, kept, rows, n):
        kept[f] = 1
    used: set = set()
    keep = []
    lost = 0                        # edges with no kept face, counted at their first face
    for f, ids in enumerate(rows):
        if kept[f]:
            used.update(ids)
            keep.append(chosen[f])
            continue
        for a, b in zip(ids, ids[1:] + ids[:1]):
            users = sides[a * n + b if a < b else b * n + a]
            if users[0] == f and (len(users) == 1 or not kept[users[1]]):
                lost += 1
    return sorted(keep), len(used) - (len(sides) - lost) + len(keep) == 1


def _holes(sides, kept, rows, n: int) -> list:
    """Positions of faces not `kept` that cannot reach the outer boundary without crossing
    a kept face (rows: the dots of each position's face; sides as `_sides` gives them)."""
    free = [f for f in range(len(kept)) if not kept[f]]
    nbrs: dict = {}
    reach = bytearray(len(kept))
    stack = []
    for f in free:
        ids = rows[f]
        for a, b in zip(ids, ids[1:] + ids[:1]):
            users = sides[a * n + b if a < b else b * n + a]
            if len(users) == 1:
                if not reach[f]:
                    reach[f] = 1
                    stack.append(f)
                continue
            g = users[1] if users[0] == f else users[0]
            if not kept[g]:
                nbrs.setdefault(f, []).append(g)
    while stack:
        for g in nbrs.get(stack.pop(), ()):
            if not reach[g]:
                reach[g] = 1
                stack.append(g)
    return [f for f in free if not reach[f]]


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


def build(tiles) -> Grid:
    """Build the trimmed, deterministically ordered grid of a list of tiles."""
    raw_keys, where, faces = _raw_faces(tiles)
    kept = [faces[f] for f in _trim(faces, len(raw_keys))]
    kept.sort(key=_reading_key(where))
    number = [-1] * len(raw_keys)       # raw dot -> grid dot, in order of first appearance
    order: list = []                    # grid dot -> raw dot
    face_dots = []
    for _kind, ids in kept:
        row = []
        for d in ids:
            i = number[d]
            if i < 0:
                i = number[d] = len(order)
                order.append(d)
            row.append(i)
        j = row.index(min(row))
        face_dots.append(tuple(row[j:] + row[:j]))
    return _assemble(tuple([where[d] for d in order]), tuple([raw_keys[d] for d in order]),
                     tuple(face_dots), tuple([k for k, _ in kept]))


def _assemble(dots, keys, faces, kinds) -> Grid:
    """Number the edges and the incidences of a face list."""
    n = len(dots)
    edge_id: dict = {}                  # a·n + b (a < b) -> edge
    edges: list = []
    first: list = []                    # per edge: the face that met it first, and the other
    # (there are at most as many edges as face sides: these are cut to length at the end)
    most = sum(map(len, faces))
    second: list = [-1] * most
    # per edge a–b (a < b): the face with a → b counter-clockwise round it (the face in the
    # angle at a that starts at this edge and turns counter-clockwise), and with b → a
    up: list = [-1] * most
    down: list = [-1] * most
    face_edges = []
    round_dot: list = [[] for _ in dots]   # per dot: (other end, edge), by edge number
    for f, ids in enumerate(faces):
        row = []
        for a, b in zip(ids, ids[1:] + ids[:1]):
            k = a * n + b if a < b else b * n + a
            e = edge_id.get(k)
            if e is None:
                e = edge_id[k] = len(edges)
                edges.append((a, b) if a < b else (b, a))
                first.append(f)
                round_dot[a].append((b, e))
                round_dot[b].append((a, e))
            else:
                second[e] = f
            if a < b:
                up[e] = f
            else:
                down[e] = f
            row.append(e)
        face_edges.append(tuple(row))
    del second[len(edges):], up[len(edges):], down[len(edges):]
    dot_edges = []
    dot_corners = []
    atan2 = math.atan2
    for d, ends in enumerate(round_dot):
        x, y = dots[d]
        if len(ends) == 2:              # most dots of hats and Spectres
            (o, e), (o2, e2) = ends
            if atan2(dots[o2][1] - y, dots[o2][0] - x) < atan2(dots[o][1] - y, dots[o][0] - x):
                o, e, o2, e2 = o2, e2, o, e
            dot_edges.append((e, e2))
            dot_corners.append((up[e] if d < o else down[e], up[e2] if d < o2 else down[e2]))
            continue
        # by angle (ties, if any, by edge number, as a stable sort of the edges would leave them)
        ring = sorted([(atan2(dots[o][1] - y, dots[o][0] - x), e, o) for o, e in ends])
        dot_edges.append(tuple([e for _a, e, _o in ring]))
        dot_corners.append(tuple([up[e] if d < o else down[e] for _a, e, o in ring]))
    grid = Grid(dots, keys, faces, kinds, tuple(edges), tuple(face_edges), tuple(zip(first, second)),
                tuple(dot_edges), tuple(dot_corners))
    if len(dots) - len(edges) + len(faces) != 1:
        raise TilepressError("internal: trimmed grid is not a disc")
    return grid


def rings(grid: Grid) -> tuple:
    """Per face: the cyclic sequence of faces (or -1) met walking round its dots."""
    out = []
    corners = grid.dot_corners
    for f, ids in enumerate(grid.faces):
        seq: list = []
        for d in ids:
            ring = corners[d]
            k = ring.index(f)
            seq += ring[k + 1:]
            seq += ring[:k]
        out.append(tuple(seq))
    return tuple(out)


class Cell(NamedTuple):
    """A tile given directly (same fields as the protocol's Tile): kind, exact keys, points."""

    kind: str
    exact: tuple
    points: tuple
