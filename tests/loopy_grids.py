"""Small test grids built from plain polygons (no tiling family involved)."""

from __future__ import annotations

from generator.loopy.grid import Cell, build


def squares(w: int, h: int):
    """A w × h grid of unit squares."""
    return build([Cell("square", p, p) for p in
                  ([(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(w) for y in range(h))])


def hexagons(w: int, h: int):
    """A w × h patch of hexagons on an integer lattice (combinatorially the honeycomb)."""
    cells = []
    for q in range(w):
        for r in range(h):
            cx, cy = 3 * q, 2 * r + (q % 2)
            p = [(cx + 2, cy), (cx + 1, cy + 1), (cx - 1, cy + 1), (cx - 2, cy), (cx - 1, cy - 1), (cx + 1, cy - 1)]
            cells.append(Cell("hexagon", tuple(p), tuple(p)))
    return build(cells)


def bricks(w: int, h: int):
    """Running-bond bricks 2 × 1: each brick has 6 dots (two are straight, like a hat's 14th)."""
    cells = []
    for r in range(h):
        off = r % 2
        for i in range(-1, w):
            x0, x1 = max(2 * i + off, 0), min(2 * i + off + 2, 2 * w)
            if x1 - x0 < 1:
                continue
            pts = [(x0, r)] + [(x, r) for x in range(x0 + 1, x1)] + [(x1, r), (x1, r + 1)]
            pts += [(x, r + 1) for x in range(x1 - 1, x0, -1)] + [(x0, r + 1)]
            cells.append(Cell("brick", tuple(pts), tuple(pts)))
    return build(cells)
