"""Article figures: the eight half-tiles, substitution levels, the interleaved P2/P3 sequence.

All drawn from the exact geometry (Algorithm 1 in substitution.py) and converted to floats
only here.  Each figure is a row of panels, each panel a list of filled triangles whose
edges are drawn dark where they are tile edges and faint where two halves of one tile meet.
"""

from __future__ import annotations

import math

from generator.penrose import algebra as Z
from generator.penrose import geometry as G
from generator.penrose import substitution as S
from generator.svg import document, escape, num
from generator.penrose.expansion import pruning_counts

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
    }
