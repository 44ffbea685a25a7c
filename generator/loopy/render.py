"""Loopy pictures: the puzzle as a reader expects it, and its solution.

Dots are small discs; grid edges are faint lines (dotted on printed sheets, as in Tatham's
printed Loopy); each clue is centred on its face's pole of inaccessibility (the centre of
the largest inscribed circle — see generator.loopy.pole — because hat and Spectre faces are
concave and their centroids can sit close to an edge); the solution is one thick closed
line.  Model coordinates have y up; the SVG draws (x, −y).  Sizes scale with the median
edge length, so P2, P3 and hat grids look alike.
"""

from __future__ import annotations

from generator import svg
from generator.loopy.pole import pole

PX_PER_EDGE = 36.0


def _unit(grid) -> float:
    """Median edge length of the grid."""
    lengths = sorted(((grid.dots[a][0] - grid.dots[b][0]) ** 2 + (grid.dots[a][1] - grid.dots[b][1]) ** 2) ** 0.5
                     for a, b in grid.edges)
    return lengths[len(lengths) // 2]


def _loop_points(grid, loop) -> list:
    """The solution's dots in order round the loop."""
    nxt: dict = {}
    for e in loop:
        a, b = grid.edges[e]
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    start = min(nxt)
    order, prev, cur = [start], None, start
    while True:
        a, b = nxt[cur]
        step = b if a == prev else a
        if step == start:
            return order
        order.append(step)
        prev, cur = cur, step


RULES = ("Draw one closed loop along the dotted lines, never crossing or touching itself; "
         "a number counts how many sides of its face the loop uses.")


# A gallery thumbnail is shown at least THUMB_SHOWN_PX CSS px wide (two columns on a 390 px
# phone) in a frame THUMB_ASPECT wide per unit of height (the site's thumbnail frame).  A puzzle
# whose clues would read smaller than THUMB_FONT_PX there is shown by a crop of its middle.
THUMB_SHOWN_PX, THUMB_ASPECT, THUMB_FONT_PX = 160.0, 1.5, 12.5


def thumbnail(puzzle, title: str | None = None) -> str:
    """The gallery's picture of a puzzle: the whole (bold) picture when its clue numbers read at
    THUMB_SHOWN_PX wide, else a crop of its middle where they do (clues >= 12 CSS px, grid lines
    >= 1 CSS px: thicker lines than the page's picture)."""
    return picture(puzzle, bold=True, title=title, thumb=True)


def picture(puzzle, *, solution: bool = False, print_style: bool = False, title: str | None = None,
            rules: bool = False, bold: bool = False, thumb: bool = False) -> str:
    """The SVG of a puzzle (with its loop drawn if solution); `bold`: solid dark grid lines that
    still read on a phone and in a gallery thumbnail (`--style bold`); `thumb`: see thumbnail()."""
    g = puzzle.grid
    u = _unit(g)
    pts = [(x, -y) for x, y in g.dots]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    m = 0.6 * u
    x0, y0, w, h = min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m
    scale = PX_PER_EDGE / u
    line = 0.08
    if thumb:
        font = _clue_size(g, pts, puzzle.clues, u, cap=1.6)  # larger clues where the faces allow
        cw = THUMB_SHOWN_PX * font / THUMB_FONT_PX          # the widest crop whose clues read
        if cw < w:
            ch = min(h, cw / THUMB_ASPECT)
            x0, y0, w, h = x0 + (w - cw) / 2, y0 + (h - ch) / 2, cw, ch
            line = max(0.1, 1.25 * cw / THUMB_SHOWN_PX / u)   # >= 1.25 CSS px at THUMB_SHOWN_PX

    def n(v):
        return svg.num(v, 3)

    edge_d = "".join(f"M{n(pts[a][0])} {n(pts[a][1])}L{n(pts[b][0])} {n(pts[b][1])}" for a, b in g.edges)
    dash = f' stroke-dasharray="{n(0.08 * u)} {n(0.08 * u)}"' if print_style else ""
    stroke, width = ("#444", 0.05) if print_style else ("#c8c8c8", 0.035)
    if bold:
        dash, stroke, width = "", "#5a5a5a", line
    parts = [f'<path fill="none" stroke="{stroke}" '
             f'stroke-width="{n(width * u)}" stroke-linecap="round"{dash} d="{edge_d}"/>']
    if solution and puzzle.solution:
        ring = _loop_points(g, puzzle.solution)
        width = (0.2 if print_style else 0.13) * u
        parts.append(f'<path fill="none" stroke="{"#000" if print_style else "#c0392b"}" '
                     f'stroke-width="{n(width)}" stroke-linejoin="round" stroke-linecap="round" d="'
                     + svg.polygon_d([pts[i] for i in ring]) + '"/>')
    if print_style:      # paper: the dots as round caps of zero-length strokes, one path (small, fast PDFs)
        dots = "".join(f"M{n(x)} {n(y)}h0" for x, y in pts)
        parts.append(f'<path fill="none" stroke="#111" stroke-width="{n(0.14 * u)}" stroke-linecap="round" d="{dots}"/>')
    else:
        dots = "".join(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(0.07 * u)}"/>' for x, y in pts)
        parts.append(f'<g fill="#111">{dots}</g>')
    texts = []
    places = [(pole([pts[i] for i in ids]), c) for ids, c in zip(g.faces, puzzle.clues) if c is not None]
    size = min([0.9 * u] + [1.8 * r for (_x, _y, r), _c in places])   # one size for every clue
    if thumb:
        size = font
    for (cx, cy, _r), c in places:
        texts.append(f'<text x="{n(cx)}" y="{n(cy + 0.36 * size)}">{c}</text>')
    parts.append(f'<g font-family="DejaVu Sans, Arial, sans-serif" font-size="{n(size)}" text-anchor="middle" '
                 f'fill="#111">' + "".join(texts) + "</g>")
    if rules:
        size = max(w / 45, 0.4 * u)
        lines = _wrap(RULES, int(w / (0.55 * size)))
        for i, line in enumerate(lines):
            parts.append(f'<text x="{n(x0 + w / 2)}" y="{n(y0 + h + (i + 1.1) * 1.3 * size)}" font-size="{n(size)}" '
                         f'font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle" fill="#111">'
                         f'{svg.escape(line)}</text>')
        h += (len(lines) + 0.6) * 1.3 * size
    return svg.document("\n".join(parts), w * scale, h * scale, (x0, y0, w, h),
                        title=title if title is not None else puzzle.permalink)


def _clue_size(g, pts, clues, u: float, cap: float = 0.9) -> float:
    """The one font size of the clue numbers: at most `cap` edges, and small enough for every
    clue's face (as picture() draws them)."""
    places = [pole([pts[i] for i in ids]) for ids, c in zip(g.faces, clues) if c is not None]
    return min([cap * u] + [1.8 * r for (_x, _y, r) in places])


def _wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap to lines of at most `width` characters."""
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > max(width, 20):
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + [cur] if cur else lines


# On paper (generator/sheet.py): the rules in three short sentences, and a worked example on six squares.
PAPER_RULES = ("Draw one loop along the dotted lines, from dot to dot. The loop is closed: it never crosses "
               "or touches itself and has no loose ends. A number says how many sides of its tile the loop "
               "uses; tiles without a number may use any.")
_EXAMPLE_LOOP = [(0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)]      # round three of the six squares
_EXAMPLE_CLUES = {(0, 0): 3, (2, 0): 1, (0, 1): 2, (1, 1): 3}        # (column, row): sides on the loop


def example_svg() -> str:
    """A worked example for the sheets: six squares, four numbers, the loop drawn."""
    n = svg.num
    grid = "".join(f"M0 {r}H3" for r in range(3)) + "".join(f"M{c} 0V2" for c in range(4))
    parts = [f'<path fill="none" stroke="#444" stroke-width="0.04" stroke-dasharray="0.08 0.08" d="{grid}"/>',
             '<path fill="none" stroke="#000" stroke-width="0.13" stroke-linejoin="round" d="'
             + svg.polygon_d(_EXAMPLE_LOOP) + '"/>',
             '<g fill="#111">' + "".join(f'<circle cx="{c}" cy="{r}" r="0.06"/>' for r in range(3) for c in range(4))
             + "</g>",
             '<g font-family="DejaVu Sans, Arial, sans-serif" font-size="0.55" text-anchor="middle" fill="#111">'
             + "".join(f'<text x="{n(c + 0.5)}" y="{n(r + 0.7)}">{v}</text>' for (c, r), v in _EXAMPLE_CLUES.items())
             + "</g>"]
    return svg.document("\n".join(parts), 144, 104, (-0.3, -0.3, 3.6, 2.6), title="Example: a solved puzzle",
                        background="#ffffff")
