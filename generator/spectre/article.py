"""Figures of the Spectre article (site_src/articles/spectre.md), deterministic SVG text.

* the Spectre with its 14 vertices numbered (vertex 10 is the straight one) and its key
  points 3, 5, 7, 11 marked;
* the Mystic (level-0 Γ): two Spectres, the second turned 30°;
* the ring of a level-1 cluster with its eight places numbered (place 2 empty in Γ);
* level-1 … level-3 supertiles of Δ, straight and curved.
"""

from __future__ import annotations

from generator import svg
from generator.spectre import geometry as G
from generator.spectre import substitution as S
from generator.spectre.render import ODD_FILL, STROKE, cluster_svg
from generator.spectre.supertile import supertile


def _bounds(polys, pad):
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def _label(x, y, text, size=0.32, fill="#000"):
    return (f'<text x="{svg.num(x)}" y="{svg.num(y)}" font-size="{svg.num(size)}" '
            f'font-family="sans-serif" text-anchor="middle" dominant-baseline="middle" '
            f'fill="{fill}">{svg.escape(text)}</text>')


def spectre_figure() -> str:
    """The Spectre with numbered vertices and its four key points."""
    pts = [(x, -y) for x, y in map(G.to_xy, G.SPECTRE)]
    cx = sum(x for x, _ in pts) / 14
    cy = sum(y for _, y in pts) / 14
    parts = [svg.polygons_path([pts], "#f6d55c", STROKE, 0.04)]
    for i, (x, y) in enumerate(pts):
        dx, dy = x - cx, y - cy
        n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        key = i in S.KEY_VERTICES
        parts.append(f'<circle cx="{svg.num(x)}" cy="{svg.num(y)}" r="{svg.num(0.09 if key else 0.05)}" '
                     f'fill="{"#c0392b" if key else "#000"}"/>')
        parts.append(_label(x + 0.32 * dx / n, y + 0.32 * dy / n, str(i), 0.28,
                            "#c0392b" if key else "#000"))
    vb = _bounds([pts], 0.7)
    return svg.document("\n".join(parts), 360, 360 * vb[3] / vb[2], vb,
                        title="The Spectre: vertices 0-13, key points red", background="#ffffff")


def mystic_figure() -> str:
    """The Mystic: the level-0 Γ."""
    return cluster_svg(supertile("G", 0), "The Mystic: level-0 Γ, the odd Spectre dark", px_width=300)


def ring_figure() -> str:
    """A level-1 Δ with its eight places numbered, and a level-1 Γ."""
    parts = []
    polys_all = []
    offset = 0.0
    for t in ("D", "G"):
        ti = S.TYPES.index(t)
        frames = S.frames(1)
        shapes = []
        for place in range(8):
            child = S.CHILD[ti][place]
            if child < 0:
                continue
            for iso, odd, _, _ in S.expand(child, 0, G.compose(G.MIRROR_X, frames[place])):
                pts = [(x + offset, -y) for x, y in map(G.to_xy, S.spectre_points(iso))]
                shapes.append((place, odd, pts, S.TYPES[child]))
        xs = [x for _, _, p, _ in shapes for x, _ in p]
        width = max(xs) - min(xs)
        for place, odd, pts, letter in shapes:
            fill = ODD_FILL if odd else "#dfe8f5"
            parts.append(svg.polygons_path([pts], fill, STROKE, 0.05))
            polys_all.append(pts)
            if not odd:
                cx = sum(x for x, _ in pts) / 14
                cy = sum(y for _, y in pts) / 14
                parts.append(_label(cx, cy, f"{place}:{S.GREEK[S.TYPES.index(letter)]}", 0.55))
        offset += width + 3.0
    vb = _bounds(polys_all, 0.8)
    return svg.document("\n".join(parts), 640, 640 * vb[3] / vb[2], vb,
                        title="Level-1 Δ and Γ: places 0-7 with the child types", background="#ffffff")


def figures() -> dict[str, str]:
    """Every article figure, file name → SVG text."""
    out = {
        "spectre-tile.svg": spectre_figure(),
        "spectre-mystic.svg": mystic_figure(),
        "spectre-ring.svg": ring_figure(),
    }
    for level in (1, 2, 3):
        sps = supertile("D", level)
        out[f"spectre-level-{level}.svg"] = cluster_svg(
            sps, f"Level-{level} Δ supertile: {len(sps)} Spectres", px_width=520)
    out["spectre-level-2-curved.svg"] = cluster_svg(supertile("D", 2), "Level-2 Δ, curved edges",
                                                     style="curved", px_width=520)
    return out
