"""Figures for the hat article (site_src/articles/hat.md): `figures()` → {file name: SVG}.

The family (`family.py`) exposes these as its `figures()`.  Every figure is computed from
the exact engine (`geometry.py`, `supertile.py`) and drawn with `render.py`.
"""

from __future__ import annotations

from generator import svg
from generator.hat import geometry as G
from generator.hat import overlap
from generator.hat import render
from generator.hat import supertile as S

KITE_FILL = "#e8eef4"
KITE_STROKE = "#9aa7b4"


def _outline_xy(kind: str, level: int, iso=G.IDENTITY):
    """Float outline of a placed level-`level` metatile."""
    return [G.to_xy(G.apply(iso, p)) for p in S.prototype(kind, level).outline]


def hat_on_kites() -> str:
    """The hat drawn over the kite grid, its eight kites numbered 0–7."""
    hexes = {k[:2] for k in G.HAT_KITES}
    ring = set()
    for c in hexes:
        for r in range(6):
            ring.add(G.add(c, G.rot((2, 2), r)))
    kites = [(c[0], c[1], k) for c in sorted(hexes | ring) for k in range(6)]
    grid = [render._flip([G.to_xy(p) for p in G.kite_vertices(k)]) for k in kites]
    hat = render._flip([G.to_xy(p) for p in G.HAT_OUTLINE])
    parts = [svg.polygons_path(grid, KITE_FILL, KITE_STROKE, 0.04),
             svg.polygons_path([hat], render.METATILE_FILL["H"], "#1b1b1b", 0.08,
                               extra=' fill-opacity="0.8"')]
    for i, k in enumerate(G.HAT_KITES):
        v = [G.to_xy(p) for p in G.kite_vertices(k)]
        x = sum(p[0] for p in v) / 4
        y = -sum(p[1] for p in v) / 4
        parts.append(f'<text x="{svg.num(x)}" y="{svg.num(y + 0.2)}" font-size="0.6" '
                     f'text-anchor="middle" font-family="sans-serif">{i}</text>')
    return render.document("\n".join(parts), grid, "The hat: eight kites of the kite grid",
                           px_width=480, margin=0.3)


def metatiles_figure() -> str:
    """The four first-order metatiles: their polygons and their clusters of 4, 1, 2, 2 hats."""
    parts, polys = [], []
    x = 0
    for kind in S.TYPES:
        proto = S.prototype(kind, 1)
        xs = [G.to_xy(p)[0] for p in proto.outline]
        iso = G.translate((int(round(x - min(xs))), 0))     # side by side, exact lattice shift
        hats = S.supertile_hats(kind, 1, iso)
        body, hp = render.hats_body(hats, 0.1)
        ob, op = render.outlines_body([(kind, _outline_xy(kind, 1, iso))], 0.15)
        parts += [body, ob]
        polys += hp + op
        x = max(p[0] for poly in hp + op for p in poly) + 3
    return render.document("\n".join(parts), polys, "The metatiles H, T, P, F and their hats",
                           px_width=800)


def substitution_figure(level: int = 2) -> str:
    """One substitution step: each level-`level` metatile over its children, coloured by type."""
    parts, polys = [], []
    x = 0.0
    for kind in S.TYPES:
        proto = S.prototype(kind, level)
        xs = [G.to_xy(p)[0] for p in proto.outline]
        iso = G.translate((int(round(x - min(xs))), 0))
        kids = [(c.kind, _outline_xy(c.kind, level - 1, G.compose(iso, c.iso)))
                for c in proto.children]
        cb, cp = render.outlines_body(kids, 0.25, fill="type")
        ob, op = render.outlines_body([(kind, _outline_xy(kind, level, iso))], 0.6)
        parts += [cb, ob.replace('stroke="', 'stroke-dasharray="1.5 0.8" stroke="')]
        polys += cp + op
        x = max(p[0] for poly in cp + op for p in poly) + 6
    return render.document("\n".join(parts), polys,
                           f"One substitution step: level-{level} metatiles over their children",
                           px_width=900)


def overlap_figure() -> str:
    """The overlapping numbering of a level-2 T: its one H and six straddling neighbours."""
    proto = overlap.prototype("T", 2)
    kids = [(c.kind, _outline_xy(c.kind, 1, c.iso)) for c in proto.overlap]
    cb, cp = render.outlines_body(kids, 0.2, fill="type")
    ob, op = render.outlines_body([("T", _outline_xy("T", 2))], 0.5)
    parts = [cb, ob]
    for i, (_kind, pts) in enumerate(kids):
        x = sum(p[0] for p in pts) / len(pts)
        y = -sum(p[1] for p in pts) / len(pts)
        parts.append(f'<text x="{svg.num(x)}" y="{svg.num(y + 0.6)}" font-size="1.8" '
                     f'text-anchor="middle" font-family="sans-serif">{i}</text>')
    return render.document("\n".join(parts), cp + op,
                           "Overlapping numbering: the seven children of a level-2 T",
                           px_width=480)


def level_figure(level: int, kind: str = "H") -> str:
    """A level-`level` supertile as hats coloured by metatile, reflected hats dark."""
    hats = S.supertile_hats(kind, level)
    width = {1: 240, 2: 360, 3: 560, 4: 800}.get(level, 900)
    return render.hats_svg(hats, f"Level-{level} {kind} supertile: {len(hats)} hats",
                           px_width=width)


def figures() -> dict[str, str]:
    """Every article figure, file name → SVG text (deterministic)."""
    out = {
        "hat-kites.svg": hat_on_kites(),
        "hat-metatiles.svg": metatiles_figure(),
        "hat-substitution.svg": substitution_figure(2),
        "hat-overlap.svg": overlap_figure(),
    }
    for level in range(1, 5):
        out[f"hat-level-{level}.svg"] = level_figure(level)
    return out
