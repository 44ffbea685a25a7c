"""Figures for the Loopy article: trimming a patch, a hat face's dots, regions and loop."""

from __future__ import annotations

import random

from generator import svg, hints as H, hintsheets
from generator.loopy import grid as G, hints as LH, play, puzzle as P
from generator.loopy import loopgen, tiling_source
from generator.loopy.pole import pole


def _frame(polys, px: float = 520.0):
    """View box (x0, y0, w, h) and pixel size for polygons already in SVG coordinates."""
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    m = 0.05 * max(max(xs) - min(xs), max(ys) - min(ys))
    box = (min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
    return box, px, px * box[3] / box[2]


def _flip(pts):
    """Model (x, y up) to SVG (x, -y)."""
    return [(x, -y) for x, y in pts]


def trim_figure() -> str:
    """A raw P2 patch: kept faces, dropped faces, and the interior dots that decide."""
    _link, tiles = tiling_source.patch("p2", 6, 5, 7)
    grid = G.build(tiles)
    kept = {frozenset(grid.keys[i] for i in ids) for ids in grid.faces}
    keep = [_flip(t.points) for t in tiles if frozenset(t.exact) in kept]
    drop = [_flip(t.points) for t in tiles if frozenset(t.exact) not in kept]
    box, w, h = _frame(keep + drop)
    interior = [grid.dots[d] for d, ring in enumerate(grid.dot_corners) if -1 not in ring]
    u = 0.035
    body = [svg.polygons_path(keep, "#dbe9f6", "#1b1b1b", 0.02),
            svg.polygons_path(drop, "#f4a582", "#9a9a9a", 0.02, extra=' stroke-dasharray="0.06 0.04"'),
            '<g fill="#c0392b">' + "".join(f'<circle cx="{svg.num(x)}" cy="{svg.num(-y)}" r="{svg.num(u * 2)}"/>'
                                           for x, y in interior) + "</g>"]
    return svg.document("\n".join(body), w, h, box,
                        title="Trimming a P2 patch: kept faces blue, dropped faces orange, interior dots red")


def hat_face_figure() -> str:
    """One hat face: its 14 dots (one on a straight side) and its largest inscribed circle."""
    _link, tiles = tiling_source.patch("hat", 28, 24, 3)
    pts = _flip(tiles[0].points)
    box, w, h = _frame([pts], 360.0)
    cx, cy, r = pole(pts)
    ax = sum(x for x, _ in pts) / len(pts)
    ay = sum(y for _, y in pts) / len(pts)
    body = [svg.polygons_path([pts], "#f6f1dc", "#1b1b1b", 0.05),
            f'<circle cx="{svg.num(cx)}" cy="{svg.num(cy)}" r="{svg.num(r)}" fill="none" stroke="#2e7d32" '
            f'stroke-width="0.05"/>',
            f'<circle cx="{svg.num(cx)}" cy="{svg.num(cy)}" r="0.12" fill="#2e7d32"/>',
            f'<circle cx="{svg.num(ax)}" cy="{svg.num(ay)}" r="0.12" fill="#c0392b"/>',
            '<g fill="#111">' + "".join(f'<circle cx="{svg.num(x)}" cy="{svg.num(y)}" r="0.09"/>'
                                        for x, y in pts) + "</g>"]
    return svg.document("\n".join(body), w, h, box,
                        title="A hat face: 14 dots, the inscribed circle (green) and the vertex average (red)")


def regions_figure() -> str:
    """Inside and outside regions grown on a P3 grid, and the loop between them."""
    _link, tiles = tiling_source.patch("p3", 9, 7, 5)
    grid = G.build(tiles)
    colour = loopgen.generate(grid, random.Random("article"))
    inside = [_flip([grid.dots[i] for i in ids]) for ids, c in zip(grid.faces, colour) if c == loopgen.IN]
    outside = [_flip([grid.dots[i] for i in ids]) for ids, c in zip(grid.faces, colour) if c != loopgen.IN]
    loop = loopgen.loop_edges(grid, colour)
    d = "".join(f"M{svg.num(grid.dots[a][0])} {svg.num(-grid.dots[a][1])}"
                f"L{svg.num(grid.dots[b][0])} {svg.num(-grid.dots[b][1])}" for a, b in (grid.edges[e] for e in loop))
    box, w, h = _frame(inside + outside)
    body = [svg.polygons_path(inside, "#f4c7a1", "#9a9a9a", 0.03),
            svg.polygons_path(outside, "#ffffff", "#9a9a9a", 0.03),
            f'<path fill="none" stroke="#c0392b" stroke-width="0.12" stroke-linecap="round" d="{d}"/>']
    return svg.document("\n".join(body), w, h, box, title="Inside and outside regions and the loop between them")


# One figure per rule the article explains: the first hint of that rule in the worked
# solution of one of our puzzles (permalinks are forever, so the puzzles stay the same; the
# hint engine finds the step again each time).
RULE_PUZZLES = {
    "face-full": "loopy.v2.ec10a1a2a2g3c132a22a012a111a20b3a21b01b1a10c.p2.v1.5_4_9_AVVBUABUAA",
    "dot-continue": "loopy.v2.ec10a1a2a2g3c132a22a012a111a20b3a21b01b1a10c.p2.v1.5_4_9_AVVBUABUAA",
    "loop-too-short": "loopy.v2.ec10a1a2a2g3c132a22a012a111a20b3a21b01b1a10c.p2.v1.5_4_9_AVVBUABUAA",
    "face-arc": "loopy.v2.n0a2b2a3a12a2b3a122a3b31f1b2c0a13a1b1221013d.p2.v1.5_4_9_AVVBUABUAA",
    "exactly-one": "loopy.v2.ta00a2a211b122c0a3f11d22g1a10e101c0a.p2.v1.5_4_9_AVVBUABUAA",
    "dot-parity": "loopy.v2.ha1b33132b1h11c11a3a23f3a13c11a3b0a2a11a.p2.v1.5_4_9_AVVBUABUAA",
    "class-count": "loopy.v2.xd3a11a1e2a22a2a32b11b2b21a2a3a3c2c3a2b3313a.p2.v1.5_4_9_AVVBUABUAA",
}


def rule_figure(rule: str, link: str, limit: int = 400) -> str:
    """The board before the first hint of `rule` (replaying hints from an empty board),
    that hint highlighted: the faces and edges it reads, the edges it decides."""
    pz = LH.for_link(link)
    marks, steps = H.Marks(), []
    for _ in range(limit):
        step = LH.next_step(pz, marks, check=False)
        if step.rule in ("solved", "stuck"):
            break
        steps.append(step)
        if step.rule == rule:
            p = P.from_permalink(link)
            faces = {f: list(ds) for f, ds in enumerate(p.grid.faces)}
            return hintsheets.figure(play.board_of(p), steps, len(steps) - 1, faces, title=step.text, px=360, crop=0.9,
                            focus=2.2)
        marks.add(step)
    raise RuntimeError(f"no {rule!r} hint in the worked solution of {link}")


def all_figures() -> dict[str, str]:
    """File name -> SVG text."""
    out = {"loopy-trim.svg": trim_figure(), "loopy-hat-face.svg": hat_face_figure(),
           "loopy-regions.svg": regions_figure()}
    for rule, link in RULE_PUZZLES.items():
        out[f"loopy-rule-{rule}.svg"] = rule_figure(rule, link)
    return out
