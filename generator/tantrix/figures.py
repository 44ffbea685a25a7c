"""Article figures: the boards with their fill order, and the 56 tiles.

A board figure draws the 56 cells of one period: the board cells numbered in the order
the search fills them, the cells of the copies (symmetric methods) shaded by copy, and
the cells of the neighbouring periods that touch the board in light grey, so that the
wrap-around ("forced places") can be seen.
"""

from __future__ import annotations

from generator.svg import document, escape, num
from generator.tantrix import boards
from generator.tantrix.render import cells_body, centre, corners
from generator.tantrix.tiles import DIRECTIONS, NTILES, shifted

COPY_FILLS = ("#ffffff", "#d9e6f7", "#f7e3c8", "#dcefd9")


def _hex(c) -> str:
    return "M" + "L".join(f"{num(x)} {num(y)}" for x, y in corners(c)) + "Z"


def board_svg(name: str, px: float = 22.0) -> str:
    """The board of a method: fill order numbers, copies shaded, the wrap shown in grey."""
    board = boards.get(name)
    domain = board.domain()
    inside = {pos for pos, _i, _c in domain}
    (v1, v2) = board.periods
    ghosts = set()
    for a in (-1, 0, 1):
        for b in (-1, 0, 1):
            if (a, b) == (0, 0):
                continue
            for (q, r), _i, _c in domain:
                p = (q + a * v1[0] + b * v2[0], r + a * v1[1] + b * v2[1])
                if p in inside:
                    continue
                if any((p[0] + dq, p[1] + dr) in inside for dq, dr in DIRECTIONS):
                    ghosts.add(p)
    parts = []
    parts.append(f'<path fill="#eeeeee" stroke="#bbbbbb" stroke-width="0.05" '
                 f'd="{"".join(_hex(centre(*p)) for p in sorted(ghosts))}"/>')
    for c in range(len(board.copies)):
        d = "".join(_hex(centre(*pos)) for pos, _i, cc in domain if cc == c)
        parts.append(f'<path fill="{COPY_FILLS[c]}" stroke="#333333" stroke-width="0.06" d="{d}"/>')
    order_no = {cell: n + 1 for n, cell in enumerate(board.cells)}
    for pos, i, c in domain:
        x, y = centre(*pos)
        label = str(order_no[board.cells[i]]) if c == 0 else ""
        if label:
            parts.append(f'<text x="{num(x)}" y="{num(y + 0.3)}" font-size="0.8" text-anchor="middle" '
                         f'font-family="sans-serif">{label}</text>')
    pts = [centre(*p) for p in inside | ghosts]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = min(xs) - 1.1, min(ys) - 1.2
    w, h = max(xs) - min(xs) + 2.2, max(ys) - min(ys) + 2.4
    return document("\n".join(parts), w * px, h * px, (x0, y0, w, h),
                    title=escape(board.title), background="#ffffff")


def tiles_svg(px: float = 18.0) -> str:
    """The 56 tiles in rotation 0, in 4 rows of 14 (rows are the colour shifts of 1–14)."""
    cells = []
    for j in range(4):
        for n in range(1, 15):
            t, _off = shifted(n, j)
            cells.append((2 * (n - 1) - j, 2 * j, t, 0))
    labels = []
    for q, r, t, _rot in cells:
        x, y = centre(q, r)
        labels.append(f'<text x="{num(x)}" y="{num(y + 1.55)}" font-size="0.55" fill="#333333" '
                      f'text-anchor="middle" font-family="sans-serif">{t}</text>')
    xs = [centre(q, r)[0] for q, r, _t, _o in cells]
    ys = [centre(q, r)[1] for q, r, _t, _o in cells]
    x0, y0 = min(xs) - 1.2, min(ys) - 1.2
    w, h = max(xs) - min(xs) + 2.4, max(ys) - min(ys) + 3.0
    assert len({c[2] for c in cells}) == NTILES
    return document(cells_body(cells) + "\n" + "\n".join(labels), w * px, h * px, (x0, y0, w, h),
                    title="The 56 Tantrix tiles", background="#ffffff")


def all_figures() -> dict[str, str]:
    """File name → SVG text for the article."""
    out = {"tantrix-tiles.svg": tiles_svg()}
    for name in boards.METHODS:
        out[f"tantrix-board-{name}.svg"] = board_svg(name)
    return out
