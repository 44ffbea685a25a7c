"""Pictures of calisson puzzles: the grid with its givens, the cube pile, the player's view.

Screen geometry: the vertex (a, b) is drawn at X = (b - a) * sqrt(3)/2, Y = (a + b) / 2
(SVG's y axis points down), so z = (-1, -1) points up, x down-left and y down-right.
Floats appear only here, always written through `generator.svg.num`.

A calisson is drawn as the quadrilateral tail, A, head, B of the edge it crosses; its
colour is that edge's direction.  The classic shades make a pile of cubes: the tops (z)
lightest, the x faces middle, the y faces darkest.
"""

from __future__ import annotations

import math
from typing import Iterable

from generator.calissons.model import Edge, Region, far_vertices, head, hexagon, triangle_vertices
from generator.svg import document, num, polygons_path

R3 = math.sqrt(3) / 2
COLOUR = {"z": "#f4d58d", "x": "#e07a5f", "y": "#3d5a80"}      # top, left face, right face
GREY = {"z": "#ffffff", "x": "#bdbdbd", "y": "#6e6e6e"}
WIDTH = 560.0


def xy(v: tuple[int, int]) -> tuple[float, float]:
    """Screen position of a vertex (unit edge length)."""
    a, b = v
    return ((b - a) * R3, (a + b) / 2)


def _frame(n, pad: float = 0.6):
    """viewBox and pixel size for the hexagon of side n (or a regions.Shape: its vertices' box)."""
    if not isinstance(n, int):
        pts = [xy(v) for v in n.boundary()]
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        w, h = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
        return (x0 - pad, y0 - pad, w, h), WIDTH, WIDTH * h / w
    w = 2 * n * R3 + 2 * pad
    h = 2 * n + 2 * pad
    return (-n * R3 - pad, -n - pad, w, h), WIDTH, WIDTH * h / w


def _line(e: Edge) -> str:
    """Path data for one edge."""
    (x0, y0), (x1, y1) = xy(e[:2]), xy(head(e))
    return f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}"


def _lines(edges: Iterable[Edge], stroke: str, width: float, extra: str = "") -> str:
    """One path holding many edges."""
    d = "".join(_line(e) for e in sorted(edges))
    if not d:
        return ""
    return (f'<path fill="none" stroke="{stroke}" stroke-width="{num(width, 4)}" '
            f'stroke-linecap="round"{extra} d="{d}"/>')


def _outline(n) -> list[tuple[float, float]]:
    """Corners of the hexagon of side n (or the boundary of a regions.Shape)."""
    if not isinstance(n, int):
        return [xy(v) for v in n.boundary()]
    return [xy(v) for v in ((n, 0), (n, n), (0, n), (-n, 0), (-n, -n), (0, -n))]


def _region(n) -> Region:
    """The Region of a hexagon side or of a regions.Shape."""
    return hexagon(n) if isinstance(n, int) else n.region


def lozenges(region: Region, H: list[int]) -> dict[str, list[list[tuple[float, float]]]]:
    """The calissons of a tiling as screen quadrilaterals, grouped by colour."""
    out: dict[str, list] = {"x": [], "y": [], "z": []}
    for e in region.crossed_edges(H):
        A, B = far_vertices(e)
        out[e[2]].append([xy(e[:2]), xy(A), xy(head(e)), xy(B)])
    return out


def puzzle_svg(n: int, givens: Iterable[Edge], bw: bool = False, title: str | None = None,
               marked: Iterable[tuple[int, int, int]] = (), overlay: str = "") -> str:
    """The puzzle: the triangular grid, the hexagon and the given edges (optionally shaded
    triangles, and SVG drawn on top: a certificate's chain)."""
    reg = _region(n)
    vb, w, h = _frame(n)
    body = []
    if not bw:
        body.append(polygons_path([_outline(n)], "#fbf7ef"))
    marked = sorted(marked)
    if marked:
        body.append(polygons_path([[xy(v) for v in triangle_vertices(t)] for t in marked],
                                  "#bbbbbb" if bw else "#f28b82"))
    body.append(_lines(reg.interior, "#9a9a9a" if bw else "#c9bfae", 0.03))
    body.append(polygons_path([_outline(n)], "none", "#000000" if bw else "#5b4a36", 0.08))
    body.append(_lines(givens, "#000000" if bw else "#b3261e", 0.13))
    body.append(overlay)
    return document("\n".join(p for p in body if p), w, h, vb, title=title,
                    background="#ffffff" if bw else None)


def solution_svg(n: int, H: list[int], bw: bool = False, title: str | None = None,
                 outline: bool = True) -> str:
    """The solution as a shaded pile of cubes."""
    reg = _region(n)
    vb, w, h = _frame(n)
    shades = GREY if bw else COLOUR
    body = []
    stroke = "#000000" if bw else ("#333333" if outline else None)
    width = 0.04 if outline or bw else None
    groups = lozenges(reg, H)
    for d in ("z", "x", "y"):
        if groups[d]:
            body.append(polygons_path(groups[d], shades[d], stroke, width))
    body.append(polygons_path([_outline(n)], "none", "#000000" if bw else "#333333", 0.08))
    return document("\n".join(body), w, h, vb, title=title, background="#ffffff" if bw else None)


def player_svg(n: int, salient: Iterable[Edge], givens: Iterable[Edge] = (), title: str | None = None,
               bw: bool = False) -> str:
    """What a player draws: the salient edges only (givens darker)."""
    reg = _region(n)
    vb, w, h = _frame(n)
    givens = set(givens)
    body = [_lines(reg.interior, "#dddddd", 0.02),
            polygons_path([_outline(n)], "none", "#000000" if bw else "#333333", 0.08),
            _lines([e for e in salient if e not in givens], "#000000" if bw else "#1d3557", 0.09),
            _lines(givens, "#000000" if bw else "#b3261e", 0.13)]
    return document("\n".join(p for p in body if p), w, h, vb, title=title, background="#ffffff")


def crossed_svg(n, crossed: Iterable[Edge], givens: Iterable[Edge] = (), title: str | None = None,
                flagged: Iterable[Edge] = (), opacity: float = 1.0) -> str:
    """Calissons named by the edges they cross (any set, a tiling or not), in their colours,
    over the grid; the givens in red, `flagged` givens circled (a broken rule)."""
    reg = _region(n)
    vb, w, h = _frame(n)
    groups: dict[str, list] = {"x": [], "y": [], "z": []}
    for e in crossed:
        A, B = far_vertices(e)
        groups[e[2]].append([xy(e[:2]), xy(A), xy(head(e)), xy(B)])
    body = [polygons_path([_outline(n)], "#fbf7ef"), _lines(reg.interior, "#c9bfae", 0.03)]
    for d in ("z", "x", "y"):
        if groups[d]:
            path = polygons_path(groups[d], COLOUR[d], "#333333", 0.04)
            body.append(path if opacity >= 1 else path.replace("<path ", f'<path fill-opacity="{num(opacity)}" ', 1))
    body.append(polygons_path([_outline(n)], "none", "#333333", 0.08))
    body.append(_lines(givens, "#b3261e", 0.13))
    for e in flagged:
        (x0, y0), (x1, y1) = xy(e[:2]), xy(head(e))
        body.append(f'<circle cx="{num((x0 + x1) / 2)}" cy="{num((y0 + y1) / 2)}" r="0.42" fill="none" '
                    f'stroke="#000000" stroke-width="0.07" stroke-dasharray="0.12 0.08"/>')
    return document("\n".join(p for p in body if p), w, h, vb, title=title)


def tiling_svg(n: int, H: list[int], title: str | None = None, width: float = WIDTH) -> str:
    """A large tiling without outlines (for the arctic-circle figure)."""
    reg = _region(n)
    vb, _w, _h = _frame(n, pad=0.2)
    groups = lozenges(reg, H)
    body = [polygons_path(groups[d], COLOUR[d], COLOUR[d], 0.02, digits=2) for d in ("z", "x", "y")
            if groups[d]]
    return document("\n".join(body), width, width * vb[3] / vb[2], vb, title=title, digits=2)


RULES = ("Draw the fold edges of a pile of cubes stacked in the corner of a hexagonal box: "
         "the pile seen from above is a tiling of the hexagon by calissons (lozenges of two "
         "triangles). The thick edges are given; complete the drawing so that exactly one pile "
         "fits them.")


def sheet_answer_svg(n: int, H: list[int], givens: Iterable[Edge]) -> str:
    """Printable answer drawn as the puzzle: its grid and givens, the fold edges added, faces lightly shaded."""
    reg = _region(n)
    vb, w, h = _frame(n)
    givens = set(givens)
    groups = lozenges(reg, H)
    light = {"z": "#f4f4f4", "x": "#dcdcdc", "y": "#c4c4c4"}
    body = [polygons_path(groups[d], light[d]) for d in ("z", "x", "y") if groups[d]]
    body.append(_lines(reg.interior, "#9a9a9a", 0.03))
    body.append(polygons_path([_outline(n)], "none", "#000000", 0.08))
    body.append(_lines([e for e in reg.salient_edges(H) if e not in givens], "#000000", 0.08))
    body.append(_lines(givens, "#000000", 0.13))
    return document("\n".join(p for p in body if p), w, h, vb, background="#ffffff")


REGION_RULES = ("Other shapes: tile the shape with calissons so that no thick edge is crossed and the two "
                "calissons beside each thick edge have different orientations; exactly one tiling fits, so "
                "draw all its edges where calissons of different orientations meet.")


# ---- on paper (generator/sheet.py) ------------------------------------------------------------
# In grey only, the givens must not look like the outline: the outline is one thick black line,
# a given is a double line (a thick black stroke with a white core), the grid thin and grey.
PAPER_RULES = ("Cover the shape with calissons: a calisson is a diamond made of two triangles of the grid. "
               "Draw a line wherever two calissons that point different ways meet. The double lines are "
               "already drawn for you, and only one way to finish fits them.")
OUTLINE_W, GIVEN_W, GIVEN_CORE, GRID_W, FOLD_W = 0.11, 0.2, 0.08, 0.025, 0.09


def _given_lines(givens: Iterable[Edge]) -> str:
    """The givens as double lines: black, then a white core (round ends close each one)."""
    return (_lines(givens, "#000000", GIVEN_W) + _lines(givens, "#ffffff", GIVEN_CORE)) if givens else ""


def paper_svg(n, givens: Iterable[Edge]) -> str:
    """The puzzle on paper: thin grey grid, thick black outline, the givens as double lines."""
    reg = _region(n)
    vb, w, h = _frame(n)
    givens = sorted(givens)
    body = [_lines(reg.interior, "#9a9a9a", GRID_W),
            polygons_path([_outline(n)], "none", "#000000", OUTLINE_W),
            _given_lines(givens)]
    return document("\n".join(p for p in body if p), w, h, vb, background="#ffffff")


def paper_answer_svg(n, H: list[int], givens: Iterable[Edge]) -> str:
    """The answer on paper: faces lightly shaded, every fold edge drawn, the givens still double."""
    reg = _region(n)
    vb, w, h = _frame(n)
    givens = set(givens)
    groups = lozenges(reg, H)
    light = {"z": "#f4f4f4", "x": "#dcdcdc", "y": "#c4c4c4"}
    body = [polygons_path(groups[d], light[d]) for d in ("z", "x", "y") if groups[d]]
    body.append(_lines(reg.interior, "#9a9a9a", GRID_W))
    body.append(polygons_path([_outline(n)], "none", "#000000", OUTLINE_W))
    body.append(_lines([e for e in reg.salient_edges(H) if e not in givens], "#000000", FOLD_W))
    body.append(_given_lines(sorted(givens)))
    return document("\n".join(p for p in body if p), w, h, vb, background="#ffffff")


def paper_example_svg() -> str:
    """Two calissons placed side by side, pointing different ways, the line drawn where they meet
    (the rules' picture): two of the three calissons of the hexagon of side 1, on its grid."""
    reg = hexagon(1)
    groups = lozenges(reg, reg.floor)
    two = [q for d in ("z", "x", "y") for q in groups[d]][:2]
    vb, w, h = _frame(1, pad=0.25)
    common = [p for p in two[0] if any(abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9 for q in two[1])]
    body = [polygons_path([two[0]], "#eeeeee", "#000000", 0.05), polygons_path([two[1]], "#c8c8c8", "#000000", 0.05)]
    if len(common) == 2:
        (ax, ay), (bx, by) = common
        body.append(f'<path d="M{num(ax)} {num(ay)}L{num(bx)} {num(by)}" stroke="#000000" '
                    f'stroke-width="{num(GIVEN_W * 0.6, 4)}" stroke-linecap="round"/>')
    return document("\n".join(body), w, h, vb, title="Two calissons", background="#ffffff")
