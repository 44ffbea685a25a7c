"""Article figures: the eight half-tiles, substitution levels, the interleaved P2/P3 sequence,
the edge-adjacency maps of the combinatorial coordinates (drawn from `tables.EXIT`/`ENTRY`) and
the pruning saving of fixed expansion (a chart of counts and a picture of what is kept).

All drawn from the exact geometry (Algorithm 1 in substitution.py) and converted to floats
only here.  Each figure is a row of panels, each panel a list of filled triangles whose
edges are drawn dark where they are tile edges and faint where two halves of one tile meet.
"""

from __future__ import annotations

import math

from generator.penrose import algebra as Z, geometry as G, substitution as S, tables as TB
from generator.svg import document, escape, num
from generator.penrose.expansion import pruning_counts, pruning_trace
from generator.penrose.coords import DENOM

LABEL_FILL = {
    "A": "#f2c14e", "B": "#f7d98b", "U": "#5b8e7d", "V": "#8fb8a8",
    "C": "#3d5a80", "D": "#7391b8", "X": "#e07a5f", "Y": "#eeaa94",
}
SHAPE_FILL = {("p2", 0): ("#f2c14e", "#f7d98b"), ("p2", 1): ("#5b8e7d", "#8fb8a8"),
              ("p3", 0): ("#3d5a80", "#7391b8"), ("p3", 1): ("#e07a5f", "#eeaa94")}
DIG = 3


def _pts(vs, scale=1.0):
    return [(x * scale, -y * scale) for x, y in (Z.to_float(v) for v in vs)]


def _panel(tris, glue_family):
    """Polygons and edges of one panel: tris are (fill, label-or-None, shape, mark, v0, v1, v2)."""
    polys, strong, faint = [], set(), set()
    for fill, shape, mark, a, b, c in tris:
        vs = (a, b, c)
        polys.append((fill, _pts(vs)))
        glue = mark if glue_family == "p2" else 0
        for i in range(3):
            e = (vs[i], vs[(i + 1) % 3])
            key = frozenset(e)
            (faint if i == glue else strong).add(key)
    faint -= strong
    return polys, [sorted(_pts(k)) for k in strong], [sorted(_pts(k)) for k in faint]


def _row_svg(panels, captions, title, panel_w=4.0, gap=0.6, px=60):
    """Lay panels out left to right, each scaled to fit a panel_w box."""
    parts, x = [], 0.0
    height = panel_w
    for (polys, strong, faint), cap in zip(panels, captions):
        xs = [p[0] for _, pts in polys for p in pts]
        ys = [p[1] for _, pts in polys for p in pts]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        s = (panel_w - 0.2) / max(w, h)
        ox = x + (panel_w - w * s) / 2 - min(xs) * s
        oy = 0.1 + (panel_w - 0.2 - h * s) / 2 - min(ys) * s

        def tr(p):
            return f"{num(ox + p[0] * s, DIG)} {num(oy + p[1] * s, DIG)}"
        by_fill = {}
        for fill, pts in polys:
            by_fill.setdefault(fill, []).append("M" + "L".join(tr(p) for p in pts) + "Z")
        for fill in sorted(by_fill):
            parts.append(f'<path fill="{fill}" d="{"".join(by_fill[fill])}"/>')
        if faint:
            d = "".join(f"M{tr(a)}L{tr(b)}" for a, b in sorted(faint))
            parts.append(f'<path fill="none" stroke="#ffffff" stroke-opacity="0.7" '
                         f'stroke-width="0.015" d="{d}"/>')
        d = "".join(f"M{tr(a)}L{tr(b)}" for a, b in sorted(strong))
        parts.append(f'<path fill="none" stroke="#1f1f1f" stroke-width="0.025" '
                     f'stroke-linecap="round" d="{d}"/>')
        parts.append(f'<text x="{num(x + panel_w / 2, DIG)}" y="{num(panel_w + 0.45, DIG)}" '
                     f'font-size="0.35" font-family="sans-serif" text-anchor="middle">{escape(cap)}</text>')
        x += panel_w + gap
    total_w = x - gap
    total_h = height + 0.7
    return document("\n".join(parts), total_w * px, total_h * px, (0, 0, total_w, total_h),
                    title=title, background="#ffffff", digits=DIG)


def _labelled(family, tris):
    """(fill, shape, mark, v0, v1, v2) for labelled triangles."""
    out = []
    for ch, a, b, c in tris:
        shape, mark = G.TYPE_INFO[ch]
        out.append((LABEL_FILL[ch], shape, mark, a, b, c))
    return out


def half_tiles_figure() -> str:
    """The eight labelled half-tiles with edges numbered 0 (base), 1, 2 anticlockwise."""
    parts, x, px = [], 0.0, 80
    for family in ("p2", "p3"):
        for ch in G.FAMILY_LETTERS[family]:
            shape, mark = G.TYPE_INFO[ch]
            vs = S.supertriangle(family, ch, 0)
            pts = _pts(vs)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            s = 1.6 / max(max(xs) - min(xs), max(ys) - min(ys))
            ox, oy = x + 1.0 - (max(xs) + min(xs)) * s / 2, 1.0 - (max(ys) + min(ys)) * s / 2
            q = [(ox + a * s, oy + b * s) for a, b in pts]
            parts.append(f'<path fill="{LABEL_FILL[ch]}" stroke="#1f1f1f" stroke-width="0.02" d="M'
                         + "L".join(f"{num(a, DIG)} {num(b, DIG)}" for a, b in q) + 'Z"/>')
            glue = G.glue_edge(family, ch)
            for i in range(3):
                (ax, ay), (bx, by) = q[i], q[(i + 1) % 3]
                mx, my = (ax + bx) / 2, (ay + by) / 2
                cx, cy = sum(p[0] for p in q) / 3, sum(p[1] for p in q) / 3
                lx, ly = mx + (cx - mx) * 0.28, my + (cy - my) * 0.28
                if i == mark:
                    parts.append(f'<path fill="none" stroke="#c0392b" stroke-width="0.06" '
                                 f'd="M{num(ax, DIG)} {num(ay, DIG)}L{num(bx, DIG)} {num(by, DIG)}"/>')
                weight = ' font-weight="bold"' if i == glue else ""
                parts.append(f'<text x="{num(lx, DIG)}" y="{num(ly + 0.07, DIG)}" font-size="0.2" '
                             f'font-family="sans-serif" text-anchor="middle"{weight}>{i}</text>')
            parts.append(f'<text x="{num(x + 1.0, DIG)}" y="2.3" font-size="0.3" font-family="sans-serif" '
                         f'text-anchor="middle">{ch} ({G.SHAPE_NAMES[shape]})</text>')
            x += 2.1
    return document("\n".join(parts), x * px, 2.5 * px, (0, 0, x, 2.5),
                    title="The eight Penrose half-tiles", background="#ffffff", digits=DIG)


def levels_figure(family: str, ch: str, max_level: int = 4) -> str:
    """One supertriangle of label ch substituted 0 … max_level times (Algorithm 1)."""
    panels, caps = [], []
    for k in range(max_level + 1):
        tris = S.expand(family, ch, k)
        panels.append(_panel(_labelled(family, tris), family))
        caps.append(f"{k} step{'s' if k != 1 else ''}: {len(tris)} triangle{'s' if len(tris) != 1 else ''}")
    return _row_svg(panels, caps, f"{family.upper()}: substituting a {ch} triangle")


def interleaved_figure(ch: str = "A", half_steps: int = 6) -> str:
    """One triangle split in alternate acute / obtuse half-steps: P2, P3, P2, … in turn."""
    seq = S.interleaved(ch, half_steps, scale_level=half_steps // 2 + 1)
    panels, caps = [], []
    for i, tris in enumerate(seq):
        fam = "p2" if i % 2 == 0 else "p3"
        drawn = [(SHAPE_FILL[fam, shape][mark - 1], shape, mark, a, b, c) for shape, mark, a, b, c in tris]
        panels.append(_panel(drawn, fam))
        caps.append(f"{'kites/darts' if fam == 'p2' else 'rhombs'} ({len(tris)})")
    return _row_svg(panels, caps, "Interleaved substitution: P2 and P3 in turn", panel_w=3.0)


def pruning_figure(levels=range(4, 21, 2), size: float = 6.0) -> str:
    """Tatham's pruning saving as a chart: triangles made expanding one P2 and one P3 supertriangle
    of level n, without pruning and with it (a size × size region), on a logarithmic scale."""
    levels = list(levels)
    series = {fam: pruning_counts(fam, size, levels) for fam in ("p2", "p3")}
    w, h, left, right, top, bottom = 640.0, 380.0, 64.0, 150.0, 34.0, 48.0
    top_exp = 9
    x = lambda n: left + (n - levels[0]) / (levels[-1] - levels[0]) * (w - left - right)
    y = lambda v: h - bottom - math.log10(max(v, 1)) / top_exp * (h - top - bottom)
    parts = [f'<text x="{num(w / 2)}" y="20" text-anchor="middle" font-family="DejaVu Sans, sans-serif" '
             f'font-size="14">Triangles made expanding one supertriangle of level n ({size:g} × {size:g} region)</text>']
    for e in range(0, top_exp + 1, 3):
        parts.append(f'<line x1="{num(left)}" x2="{num(w - right)}" y1="{num(y(10 ** e))}" y2="{num(y(10 ** e))}" '
                     'stroke="#cccccc" stroke-width="1"/>')
        parts.append(f'<text x="{num(left - 6)}" y="{num(y(10 ** e) + 4)}" text-anchor="end" '
                     f'font-family="DejaVu Sans, sans-serif" font-size="12">10{_sup(e)}</text>')
    for n in levels:
        parts.append(f'<text x="{num(x(n))}" y="{num(h - bottom + 18)}" text-anchor="middle" '
                     f'font-family="DejaVu Sans, sans-serif" font-size="12">{n}</text>')
    parts.append(f'<text x="{num((left + w - right) / 2)}" y="{num(h - 10)}" text-anchor="middle" '
                 'font-family="DejaVu Sans, sans-serif" font-size="12">level n</text>')
    styles = {("p2", 1): ("#0072B2", ""), ("p2", 2): ("#D55E00", ""),
              ("p3", 1): ("#0072B2", ' stroke-dasharray="6 4"'), ("p3", 2): ("#D55E00", ' stroke-dasharray="6 4"')}
    names = {1: "without pruning", 2: "with pruning"}
    for (fam, col), (colour, dash) in styles.items():
        pts = " ".join(f"{num(x(row[0]))},{num(y(row[col]))}" for row in series[fam])
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dash} points="{pts}"/>')
        last = series[fam][-1]
        parts.append(f'<text x="{num(x(last[0]) + 8)}" y="{num(y(last[col]) + (4 if fam == "p2" else 16))}" '
                     f'font-family="DejaVu Sans, sans-serif" font-size="12" fill="{colour}">'
                     f'{fam.upper()} {names[col]}</text>')
    body = "\n".join(parts)
    return document(body, w, h, (0, 0, w, h), title="Fixed expansion: triangles made with and without pruning",
                    background="#ffffff")


def _sup(e: int) -> str:
    return "".join("⁰¹²³⁴⁵⁶⁷⁸⁹"[int(d)] for d in str(e))


def all_figures() -> dict[str, str]:
    """File name → SVG text for the article."""
    return {
        "penrose-pruning.svg": pruning_figure(),
        "penrose-half-tiles.svg": half_tiles_figure(),
        "penrose-p2-levels.svg": levels_figure("p2", "A"),
        "penrose-p3-levels.svg": levels_figure("p3", "X"),
        "penrose-interleaved.svg": interleaved_figure("A", 6),
        "penrose-p2-adjacency.svg": adjacency_figure("p2"),
        "penrose-p3-adjacency.svg": adjacency_figure("p3"),
        "penrose-pruned.svg": pruning_picture(),
    }


# ---- Tatham's edge-adjacency maps, drawn from tables.EXIT / ENTRY ------------------------------

FONT = 'font-family="DejaVu Sans, sans-serif"'


def _ink(fill: str) -> str:
    """Dark text on a light fill, white text on a dark one."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#1f1f1f" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def adjacency_cell(parent: str, child: str, edge: int) -> str:
    """One cell of the adjacency table as the figure prints it: `B 2` (the step crosses into child
    B through its edge 2) or `[1.0]` (it leaves the parent through segment 0 of the parent's edge 1)."""
    step = TB.EXIT[parent][child][edge]
    if step[0] is None:
        return f"[{step[1]}.{step[2]}]"
    return f"{step[0]} {step[1]}"


def adjacency_rows(family: str) -> dict:
    """{parent: [(child, cell of edge 0, edge 1, edge 2), …]} in the tables' child order: what the
    adjacency figure prints (and the article's test compares with the tables)."""
    return {p: [(c, *(adjacency_cell(p, c, i) for i in range(3))) for c in TB.CHILDREN[p]]
            for p in G.FAMILY_LETTERS[family]}


MAX_DRAW_H = 240.0


def _adjacency_scale(family: str, parent: str, w: float):
    """(scale, drawing height) of one parent in a panel w wide."""
    fp = [Z.to_float(v) for v in TB._canonical_parent(family, parent)]
    xs, ys = [p[0] for p in fp], [p[1] for p in fp]
    s = min((w - 70) / (max(xs) - min(xs)), MAX_DRAW_H / (max(ys) - min(ys)))
    return s, (max(ys) - min(ys)) * s


def _adjacency_panel(family: str, parent: str, x0: float, y0: float, w: float, draw_h: float) -> list:
    """One parent substituted once: children filled and lettered, each child's edges numbered
    inside it, the parent's edges cut into their numbered segments outside, the table below."""
    pv = TB._canonical_parent(family, parent)
    kids = G.children(family, parent, *pv)
    fp = [Z.to_float(v) for v in pv]
    xs, ys = [p[0] for p in fp], [p[1] for p in fp]
    s, own_h = _adjacency_scale(family, parent, w)
    ox = x0 + (w - (max(xs) - min(xs)) * s) / 2 - min(xs) * s
    oy = y0 + 22 + 25 + (draw_h - own_h) / 2 + max(ys) * s

    def P(v):
        fx, fy = Z.to_float(v)
        return (ox + fx * s, oy - fy * s)
    out = [f'<text x="{num(x0 + w / 2)}" y="{num(y0 + 15)}" text-anchor="middle" {FONT} font-size="15" '
           f'font-weight="bold">parent {parent} ({G.SHAPE_NAMES[G.TYPE_INFO[parent][0]]})</text>']
    for ch, a, b, c in kids:
        q = [P(a), P(b), P(c)]
        out.append(f'<path fill="{LABEL_FILL[ch]}" stroke="#1f1f1f" stroke-width="1" stroke-linejoin="round" '
                   f'd="M{"L".join(f"{num(x)} {num(y)}" for x, y in q)}Z"/>')
    for ch, a, b, c in kids:
        q = [P(a), P(b), P(c)]
        cx, cy = sum(p[0] for p in q) / 3, sum(p[1] for p in q) / 3
        out.append(f'<text x="{num(cx)}" y="{num(cy + 6)}" text-anchor="middle" {FONT} font-size="17" '
                   f'font-weight="bold" fill="{_ink(LABEL_FILL[ch])}">{ch}</text>')
        for i in range(3):
            (ax, ay), (bx, by) = q[i], q[(i + 1) % 3]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            d = math.hypot(cx - mx, cy - my)
            t = min(0.45, 11 / d) if d else 0
            lx, ly = mx + (cx - mx) * t, my + (cy - my) * t
            out.append(f'<text x="{num(lx)}" y="{num(ly + 4)}" text-anchor="middle" {FONT} font-size="11" '
                       f'fill="{_ink(LABEL_FILL[ch])}">{i}</text>')
    # the parent's edges: segment boundaries ticked, each segment named e.k outside the triangle
    pc = [P(v) for v in pv]
    gx, gy = sum(p[0] for p in pc) / 3, sum(p[1] for p in pc) / 3
    kid_pts = {ch: [P(a), P(b), P(c)] for ch, a, b, c in kids}
    for e in range(3):
        for k, (ch, i) in enumerate(TB.ENTRY[parent][e]):
            (ax, ay), (bx, by) = kid_pts[ch][i], kid_pts[ch][(i + 1) % 3]
            colour = ("#0072B2", "#D55E00")[k % 2]
            out.append(f'<path fill="none" stroke="{colour}" stroke-width="4" stroke-linecap="butt" '
                       f'd="M{num(ax)} {num(ay)}L{num(bx)} {num(by)}"/>')
            mx, my = (ax + bx) / 2, (ay + by) / 2
            nx, ny = by - ay, ax - bx                     # normal of the segment
            ln = math.hypot(nx, ny)
            nx, ny = nx / ln, ny / ln
            if nx * (mx - gx) + ny * (my - gy) < 0:
                nx, ny = -nx, -ny
            out.append(f'<text x="{num(mx + nx * 16)}" y="{num(my + ny * 16 + 5)}" text-anchor="middle" {FONT} '
                       f'font-size="13" fill="{colour}" font-weight="bold">{e}.{k}</text>')
    ty = y0 + 22 + 25 + draw_h + 45
    cols = [x0 + w * f for f in (0.14, 0.38, 0.62, 0.86)]
    for cx_, head in zip(cols, ("child", "edge 0", "edge 1", "edge 2")):
        out.append(f'<text x="{num(cx_)}" y="{num(ty)}" text-anchor="middle" {FONT} font-size="12" '
                   f'fill="#555555">{head}</text>')
    for r, row in enumerate(adjacency_rows(family)[parent]):
        for cx_, cell in zip(cols, row):
            colour = "#1f1f1f" if not cell.startswith("[") else "#7a3b00"
            out.append(f'<text x="{num(cx_)}" y="{num(ty + 18 * (r + 1))}" text-anchor="middle" {FONT} '
                       f'font-size="13" fill="{colour}">{escape(cell)}</text>')
    return out


def adjacency_figure(family: str) -> str:
    """Tatham's edge-adjacency maps for one family: each parent label substituted once (two per
    row), with the table `tables.EXIT` gives for it below (the combinatorial coordinates' steps)."""
    w, cols = 340.0, 2
    letters = G.FAMILY_LETTERS[family]
    parts, y = [], 0.0
    for r in range(0, len(letters), cols):
        row = letters[r:r + cols]
        draw_h = max(_adjacency_scale(family, p, w)[1] for p in row)
        for n, parent in enumerate(row):
            parts += _adjacency_panel(family, parent, n * w, y, w, draw_h)
        y += 22 + 25 + draw_h + 45 + 18 * max(len(G.children(family, p, *S.supertriangle(family, p, 0)))
                                              for p in row) + 20
    return document("\n".join(parts), w * cols, y, (0, 0, w * cols, y),
                    title=f"{family.upper()}: the edge-adjacency maps of the substitution",
                    background="#ffffff")


# ---- the pruning saving as a picture: kept against discarded --------------------------------

PRUNE_LEVEL, PRUNE_SIZE = 8, 6.0
DROPPED_FILL = "#d9d9d9"


def pruning_picture(family: str = "p2", level: int = PRUNE_LEVEL, size: float = PRUNE_SIZE) -> str:
    """One supertriangle of level `level` expanded fully (left: every bottom-level triangle) and
    pruned to a size × size region at its centroid (right: the triangles kept, coloured, and every
    triangle made and dropped, grey, drawn at the level it was dropped), the region in red."""
    tri, region, kept, dropped, made = pruning_trace(family, size, level)
    full = S.expand(family, G.FAMILY_LETTERS[family][0], level, scale=DENOM)
    total = pruning_counts(family, size, [level])[0][1]
    fv = [tuple(c / DENOM for c in Z.to_float(v)) for v in tri]
    xs, ys = [p[0] for p in fv], [p[1] for p in fv]
    draw_h, top, gap = 440.0, 30.0, 40.0
    s = draw_h / (max(ys) - min(ys))
    panel_w = (max(xs) - min(xs)) * s + 20

    def tr(v, x0):
        fx, fy = Z.to_float(v)
        return f"{num(x0 + 10 + (fx / DENOM - min(xs)) * s, 1)} {num(top + (max(ys) - fy / DENOM) * s, 1)}"

    def paths(tris, x0, fill_of, stroke, width):
        by_fill: dict = {}
        for t in tris:
            by_fill.setdefault(fill_of(t), []).append("M" + "L".join(tr(v, x0) for v in t[1:]) + "Z")
        return [f'<path fill="{f}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round" '
                f'd="{"".join(by_fill[f])}"/>' for f in sorted(by_fill)]

    def region_rect(x0):
        rx = x0 + 10 + (float(region.x0) - min(xs)) * s
        ry = top + (max(ys) - float(region.y1)) * s
        return (f'<rect x="{num(rx, 1)}" y="{num(ry, 1)}" width="{num(float(region.x1 - region.x0) * s, 1)}" '
                f'height="{num(float(region.y1 - region.y0) * s, 1)}" fill="none" stroke="#e41a1c" stroke-width="2"/>')
    parts = []
    x1 = panel_w + gap
    parts += paths(full, 0.0, lambda t: LABEL_FILL[t[0]], "#ffffff", 0.3)
    parts.append(region_rect(0.0))
    parts += paths([t for _lev, t in dropped], x1, lambda t: DROPPED_FILL, "#8c8c8c", 0.8)
    parts += paths(kept, x1, lambda t: LABEL_FILL[t[0]], "#ffffff", 0.3)
    parts.append(region_rect(x1))
    w = x1 + panel_w
    caps = ((panel_w / 2, f"expanded fully: {total:,} triangles made"),
            (x1 + panel_w / 2, f"pruned: {made:,} made, {len(kept):,} kept"))
    for cx, text in caps:
        parts.append(f'<text x="{num(cx, 1)}" y="18" text-anchor="middle" {FONT} font-size="14">{escape(text)}</text>')
    h = top + draw_h + 10
    return document("\n".join(parts), w, h, (0, 0, w, h),
                    title=f"{family.upper()}: a level-{level} supertriangle expanded fully and pruned to a "
                          f"{size:g} × {size:g} region", background="#ffffff", digits=1)
