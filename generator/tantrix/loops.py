"""Loops and lines of each colour in a periodic Tantrix pattern.

Every tile carries exactly one path of each of its three colours, so the paths of one
colour join up into curves.  Follow a colour from a tile through an edge into the
neighbouring tile (across the periodic wrap), through that tile's path of the same
colour, and so on.  On the torus (the plane modulo the periods) this always comes back
to the tile it started from.  Keep track of where we really are in the plane: the walk
returns to the *same* position — the curve is a **closed loop**, repeated once per
period — or to a translate by a non-zero lattice vector w — the curve is an infinite
**line** that winds around the torus, whose copies run parallel in direction w.

Each curve is reported with its length (number of tiles per period it passes through)
and its winding vector w (sign fixed so that (a, b) below is lexicographically
positive: a line has no preferred direction), written both in cells and in period coordinates (a, b) with
w = a·v1 + b·v2 (a, b coprime integers for a single line).  A colour shows on 42 of the
56 tiles; a "single loop" colour has one closed loop through all 42.

**Tiles inside a loop** (`inside_cells`, `tiles_inside`).  A closed loop is a simple closed
curve in the plane, so it has an inside: the tiles it closes around, which a visitor sees as
the room inside the loop.  A tile the loop does not pass through lies wholly on one side of it.
The loop runs inside the hexagons of its own tiles, through the midpoints of their shared edges,
so the polygon through the centres of its tiles (consecutive tiles are neighbours) has the same
tiles inside it; we find them by the crossing rule, a horizontal ray from the tile's centre, in
the integer coordinates x = 2q + r, y = r (the centre's screen position up to scale).  No tile
inside a loop carries the loop's colour (that tile would lie on a translate of the loop, and a
translate cannot fit inside the curve it copies), so a loop of an all-56-tile pattern has at most
14 tiles inside: the 14 that lack its colour.  The number is unchanged by translations, turns and
mirror images of the pattern (the same curve, moved) and by recolouring.
"""

from __future__ import annotations

from generator.tantrix.tiles import COLOUR_NAMES, DIRECTIONS, face


def _cross(a, b) -> int:
    return a[0] * b[1] - a[1] * b[0]


def _walks(pattern: dict):
    """Per colour (0..3): every curve as (the plane positions of its tiles in order, one period's
    worth, and the translation w from the first back to where the walk returns)."""
    v1, v2 = [tuple(v) for v in pattern["periods"]]
    det = _cross(v1, v2)

    def key(q, r):
        return (_cross((q, r), v2) % abs(det), _cross(v1, (q, r)) % abs(det))

    cells = {}
    for c in pattern["cells"]:
        cells[key(c["q"], c["r"])] = ((c["q"], c["r"]), face(c["tile"], c["rotation"]))
    out: dict[int, list[tuple]] = {}
    for colour in range(4):
        seen = set()
        found = []
        for start, (pos0, f0) in sorted(cells.items()):
            if colour not in f0 or start in seen:
                continue
            entry = f0.index(colour)            # walk out through the other edge
            pos, f, path = pos0, f0, []
            while True:
                seen.add(key(*pos))
                path.append(pos)
                a, b = [k for k in range(6) if f[k] == colour]
                out_edge = b if entry == a else a
                dq, dr = DIRECTIONS[out_edge]
                pos = (pos[0] + dq, pos[1] + dr)
                _home, f = cells[key(*pos)]
                entry = (out_edge + 3) % 6
                if key(*pos) == start:
                    break
            found.append((path, (pos[0] - pos0[0], pos[1] - pos0[1])))
        out[colour] = found
    return out


def curves(pattern: dict) -> dict[int, list[dict]]:
    """Per colour (0..3): every curve, {"length", "closed", "winding", "periods"}."""
    v1, v2 = [tuple(v) for v in pattern["periods"]]
    det = _cross(v1, v2)
    out: dict[int, list[dict]] = {}
    for colour, walks in _walks(pattern).items():
        found = []
        for path, w in walks:
            a_coef, b_coef = _cross(w, v2) // det, _cross(v1, w) // det
            if (a_coef, b_coef) < (0, 0):    # a line has no preferred direction
                w, a_coef, b_coef = (-w[0], -w[1]), -a_coef, -b_coef
            found.append({"length": len(path), "closed": w == (0, 0), "winding": list(w),
                          "periods": [a_coef, b_coef]})
        out[colour] = sorted(found, key=lambda d: (not d["closed"], -d["length"], d["winding"]))
    return out


def closed_loops(pattern: dict) -> dict[int, list[list[tuple[int, int]]]]:
    """Per colour (0..3): each closed loop as the plane positions (q, r) of its tiles in order
    (one copy of the loop; the others are its translates by the periods)."""
    return {colour: [path for path, w in walks if w == (0, 0)]
            for colour, walks in _walks(pattern).items()}


def inside_cells(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The tiles a closed loop (its tiles' positions in order) closes around, sorted (r, q)."""
    on = set(loop)
    pts = [(2 * q + r, r) for q, r in loop]         # centres in x = 2q + r, y = r (integers)
    edges = list(zip(pts, pts[1:] + pts[:1]))
    out = []
    for r in range(min(p[1] for p in loop) + 1, max(p[1] for p in loop)):
        xs = [2 * q + r for q, rr in loop if rr == r]
        for x in range(min(xs) + 2, max(xs) - 1, 2):
            if ((x - r) // 2, r) in on:
                continue
            crossings = 0
            for (x0, y0), (x1, y1) in edges:
                # an edge climbs or falls one row, so where it meets row r is one of its ends
                if (y0 > r) != (y1 > r) and x < (x0 if y0 == r else x1):
                    crossings += 1
            if crossings % 2:
                out.append(((x - r) // 2, r))
    return out


def tiles_inside(pattern: dict) -> dict[int, list[int]]:
    """Per colour (0..3): how many tiles each of its closed loops closes around (largest first)."""
    return {colour: sorted((len(inside_cells(loop)) for loop in loops), reverse=True)
            for colour, loops in closed_loops(pattern).items()}


def summary(pattern: dict) -> dict[str, dict]:
    """Per colour name: closed loop lengths, winding lines, and whether it is one 42-loop."""
    out = {}
    for colour, cs in curves(pattern).items():
        loops = [c["length"] for c in cs if c["closed"]]
        lines = [{"length": c["length"], "periods": c["periods"]} for c in cs if not c["closed"]]
        out[COLOUR_NAMES[colour]] = {"loops": loops, "lines": lines,
                                     "single_loop": loops == [42] and not lines}
    return out


def single_loop(pattern: dict) -> bool:
    """True when every colour forms one closed loop through all 42 of its tiles."""
    return all(v["single_loop"] for v in summary(pattern).values())
