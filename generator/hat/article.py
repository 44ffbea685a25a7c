"""Figures for the hat article (site_src/articles/hat.md): `figures()` → {file name: SVG}.

The family (`family.py`) exposes these as its `figures()`.  Every figure is computed from
the exact engine (`geometry.py`, `supertile.py`) and drawn with `render.py`; the kitemap and
the metamap (Tatham's tables for stepping between neighbouring kites) are drawn from the very
tables the random patches read (`tables_data.py`), and the distortion figure measures how far a
metatile polygon is from its hats (`distortion`).
"""

from __future__ import annotations
import math
from fractions import Fraction

from generator import svg
from generator.hat import geometry as G, overlap, render, supertile as S, tables_data as D

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
        "hat-kitemap.svg": kitemap_figure("T"),
        "hat-metamap.svg": metamap_figure("T"),
        "hat-distortion.svg": distortion_figure("H"),
    }
    for level in range(1, 5):
        out[f"hat-level-{level}.svg"] = level_figure(level)
    return out


# ---- Tatham's kitemap, drawn from the table the random patches use -------------------------

FONT = 'font-family="DejaVu Sans, sans-serif"'
OFF_MAP = "#d62728"


def kitemap_kites(m2: str) -> list:
    """[(kite, (k, h, c1), metatile type, reflected)] of the kitemap of second-order type m2, in the
    table's order (`tables_data.KITEMAP_LABELS`), each kite placed by the level-2 prototype's
    overlapping children (`overlap.prototype`): the map the random patches step through."""
    p2 = overlap.prototype(m2, 2)
    out = []
    for k, h, c1 in D.KITEMAP_LABELS[S.TYPES.index(m2)]:
        ch = p2.overlap[c1]
        hat = S.prototype(ch.kind, 1).children[h]
        kite = G.hat_kites(G.compose(ch.iso, hat.iso))[k]
        out.append((kite, (k, h, c1), ch.kind, bool(hat.reflected)))
    return out


def kitemap_facts(m2: str) -> dict:
    """Counts of one kitemap, from the table: kites, hats, metatiles (c1), the first-order metatiles
    of the disjoint numbering, and how many of the 4 × kites kite-edge steps leave the map (−1)."""
    i = S.TYPES.index(m2)
    labels, steps = D.KITEMAP_LABELS[i], D.KITEMAP_STEPS[i]
    return {"kites": len(labels), "hats": len({(h, c) for _k, h, c in labels}),
            "metatiles": len({c for _k, _h, c in labels}), "own": D.DISJOINT[i],
            "steps": len(steps), "off": sum(1 for s in steps if s < 0)}


def kitemap_figure(m2: str = "T") -> str:
    """The kitemap of a second-order m2: every kite of its overlapping children numbered k (its
    index in its hat), every hat outlined and named h.c1 (hat in metatile, metatile in the map),
    metatiles coloured by type (the straddling ones paler), the kite edges whose step in the
    table is −1 ("off the map") in red, the level-2 outline dashed."""
    i = S.TYPES.index(m2)
    kites = kitemap_kites(m2)
    steps = D.KITEMAP_STEPS[i]
    own = D.DISJOINT[i]
    kite_pts = [render._flip([G.to_xy(p) for p in G.kite_vertices(k)]) for k, *_ in kites]
    fills: dict = {}
    for pts, (_kite, (_k, _h, c1), kind, refl) in zip(kite_pts, kites):
        fill = render.REFLECTED_FILL if refl else render.METATILE_FILL[kind]
        fills.setdefault((fill, c1 >= own), []).append(pts)
    parts = [svg.polygons_path(fills[key], key[0], "#ffffff", 0.05,
                               extra=' fill-opacity="0.45"' if key[1] else "")
             for key in sorted(fills)]
    hats: dict = {}
    for (kite, (_k, h, c1), _kind, _r) in kites:
        hats.setdefault((c1, h), []).append(kite)
    p2 = overlap.prototype(m2, 2)
    outlines = []
    for (c1, h), _ks in sorted(hats.items()):
        ch = p2.overlap[c1]
        hat = S.prototype(ch.kind, 1).children[h]
        outlines.append(render._flip([G.to_xy(p) for p in G.hat_outline(G.compose(ch.iso, hat.iso))]))
    parts.append(svg.polygons_path(outlines, "none", render.STROKE, 0.12))
    off = []
    for n, pts in enumerate(kite_pts):
        for e in range(4):
            if steps[4 * n + e] < 0:
                off.append(f"M{svg.num(pts[e][0])} {svg.num(pts[e][1])}L{svg.num(pts[(e + 1) % 4][0])} "
                           f"{svg.num(pts[(e + 1) % 4][1])}")
    parts.append(f'<path fill="none" stroke="{OFF_MAP}" stroke-width="0.16" stroke-linecap="round" d="{"".join(off)}"/>')
    ob, _op = render.outlines_body([(m2, _outline_xy(m2, 2))], 0.2)
    parts.append(ob.replace('stroke="', 'stroke-dasharray="0.8 0.5" stroke="'))
    for pts, (_kite, (k, _h, _c1), _kind, refl) in zip(kite_pts, kites):
        x = sum(p[0] for p in pts) / 4
        y = sum(p[1] for p in pts) / 4
        ink = "#ffffff" if refl else "#333333"
        parts.append(f'<text x="{svg.num(x)}" y="{svg.num(y + 0.15)}" font-size="0.42" text-anchor="middle" '
                     f'fill="{ink}" {FONT}>{k}</text>')
    for (c1, h), ks in sorted(hats.items()):
        # the name sits on the centre of the hexagon that holds the hat's kites 0–3 (a vertex of
        # the hat), clear of the kites' own digits
        x, y = G.to_xy(G.kite_vertices(ks[0])[0])      # ks[0] is kite 0 (labels run k = 0..7)
        y = -y
        text = f"{h}.{c1}"
        w = 0.62 * 0.6 * len(text) + 0.16
        parts.append(f'<rect x="{svg.num(x - w / 2)}" y="{svg.num(y - 0.36)}" width="{svg.num(w)}" height="0.72" '
                     f'rx="0.15" fill="#ffffff" fill-opacity="0.92" stroke="#333333" stroke-width="0.04"/>')
        parts.append(f'<text x="{svg.num(x)}" y="{svg.num(y + 0.21)}" font-size="0.6" text-anchor="middle" '
                     f'font-weight="bold" fill="#000000" {FONT}>{text}</text>')
    return render.document("\n".join(parts), kite_pts,
                           f"The kitemap of a second-order {m2}: kites numbered in their hats, hats named "
                           "hat.metatile, edges that leave the map in red", px_width=820, margin=0.6)


# ---- the hat's adjacency table: the metamap, drawn from tables_data.METAMAPS --------------------

def metamap_metatiles(m3: str) -> list:
    """[(kind, iso, names)] for the first-order metatiles of a third-order m3 in the overlapping
    numbering twice (its level-2 children c2, their level-1 children c1), one entry per metatile
    (exact placement), names = every (c1, c2) naming it, sorted.  A metatile with two or more names
    is what `tables_data.METAMAPS` records (the figure's test checks the two agree)."""
    top = overlap.prototype(m3, 3)
    groups: dict = {}
    for c2, mid in enumerate(top.overlap):
        for c1, low in enumerate(overlap.prototype(mid.kind, 2).overlap):
            iso = G.compose(mid.iso, low.iso)
            groups.setdefault((low.kind, iso), []).append((c1, c2))
    return [(kind, iso, tuple(sorted(names))) for (kind, iso), names in sorted(groups.items(), key=lambda kv: min(kv[1]))]


def metamap_figure(m3: str = "T") -> str:
    """The metamap of a third-order m3: its overlapping level-2 children (thick outlines, numbered
    c2), their overlapping level-1 children (metatiles coloured by type), each metatile labelled
    with the names c1.c2 under which it appears — two or more names where level-2 children overlap,
    exactly the rows of `tables_data.METAMAPS` for m3."""
    table = D.METAMAPS[S.TYPES.index(m3)]
    mets = metamap_metatiles(m3)
    items = [(kind, [G.to_xy(G.apply(iso, p)) for p in S.prototype(kind, 1).outline]) for kind, iso, _n in mets]
    body, polys = render.outlines_body(items, 0.12, fill="type")
    parts = [body]
    top = overlap.prototype(m3, 3)
    mids = [(mid.kind, _outline_xy(mid.kind, 2, mid.iso)) for mid in top.overlap]
    for n, (kind, pts) in enumerate(mids):
        ob, _ = render.outlines_body([(kind, pts)], 0.35)
        parts.append(ob.replace('stroke="', 'stroke-opacity="0.75" stroke="'))
    ob, op = render.outlines_body([(m3, _outline_xy(m3, 3))], 0.5)
    parts.append(ob.replace('stroke="', 'stroke-dasharray="1.6 1" stroke="'))
    for (kind, iso, names), (_k, pts) in zip(mets, items):
        shared = len(names) > 1
        if shared and any(table.get(nm) != tuple(x for x in names if x != nm) for nm in names):
            raise AssertionError(f"metamap {m3}: {names} disagrees with tables_data.METAMAPS")
        x = sum(p[0] for p in pts) / len(pts)
        y = -sum(p[1] for p in pts) / len(pts)
        lines = [f"{c1}.{c2}" for c1, c2 in names]
        size = 0.95
        y0 = y - (len(lines) - 1) * size * 0.55 + size * 0.35
        weight = ' font-weight="bold"' if shared else ""
        for j, text in enumerate(lines):
            parts.append(f'<text x="{svg.num(x)}" y="{svg.num(y0 + j * size * 1.1)}" font-size="{size}" '
                         f'text-anchor="middle"{weight} {FONT}>{text}</text>')
    return render.document("\n".join(parts), polys + op,
                           f"The metamap of a third-order {m3}: every first-order metatile named c1.c2, "
                           "all its names where level-2 children overlap", px_width=900, margin=0.8)


def metamap_facts(m3: str) -> dict:
    """Counts of one metamap: names (c1, c2), distinct metatiles, and those with several names."""
    mets = metamap_metatiles(m3)
    return {"names": sum(len(n) for _k, _i, n in mets), "metatiles": len(mets),
            "shared": sum(1 for _k, _i, n in mets if len(n) > 1)}


# ---- the metatile against the hats it becomes: the distortion --------------------------------

def distortion(kind: str, level: int) -> dict:
    """How far the level-`level` metatile polygon of `kind` is from its hats, exactly.

    Areas in hats (one hat = 8 kites): `polygon` the metatile polygon's area, `hats` the number of
    hats it stands for, `outside` hat area sticking out of the polygon, `uncovered` polygon area no
    hat of the supertile covers (kites clipped against the convex polygon in lattice coordinates,
    Fractions); `share` = (outside + uncovered) / polygon, the symmetric difference as a share of
    the polygon; `reach` = the largest distance (tiling units, float) from a vertex of the hats'
    outline to the polygon's outline."""

    poly = [G.apply(G.IDENTITY, p) for p in S.prototype(kind, level).outline]
    if overlap._area(poly) < 0:
        poly.reverse()
    if not overlap._is_convex(poly):
        raise AssertionError(f"{kind} level {level}: outline not convex")
    n = len(poly)
    kite_area = Fraction(G.polygon_area2(list(G.kite_vertices((0, 0, 0)))))   # doubled, lattice units
    hats = S.supertile_hats(kind, level)
    kites = [k for h in hats for k in G.hat_kites(h.iso)]
    inside = Fraction(0)
    for kite in kites:
        v = G.kite_vertices(kite)
        sides = [[(bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) for p in v]
                 for (ax, ay), (bx, by) in ((poly[i], poly[(i + 1) % n]) for i in range(n))]
        if all(s >= 0 for row in sides for s in row):
            inside += kite_area
        elif not any(all(s <= 0 for s in row) for row in sides):
            part = overlap._clip(list(v), poly)
            if len(part) >= 3:
                inside += Fraction(overlap._area(part))
    area_poly = Fraction(overlap._area(poly))
    hat_area = 8 * kite_area
    outside = len(hats) * hat_area - inside
    uncovered = area_poly - inside
    fpoly = [G.to_xy(p) for p in poly]

    def dist(pt):
        best = math.inf
        for i in range(n):
            (ax, ay), (bx, by) = fpoly[i], fpoly[(i + 1) % n]
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((pt[0] - ax) * dx + (pt[1] - ay) * dy) / (dx * dx + dy * dy)))
            best = min(best, math.hypot(pt[0] - ax - t * dx, pt[1] - ay - t * dy))
        return best
    loops = G.boundary_loops(kites)
    reach = max(dist(G.to_xy(p)) for loop in loops for p in loop)
    return {"hats": len(hats), "polygon": area_poly / hat_area, "outside": outside / hat_area,
            "uncovered": uncovered / hat_area, "share": (outside + uncovered) / area_poly, "reach": reach}


DISTORTION_LEVELS = (1, 2, 3)


def distortion_figure(kind: str = "H", levels=DISTORTION_LEVELS) -> str:
    """A level-k supertile of `kind` for each k: its hats (coloured by first-order metatile), the
    outline of their union (black) and the level-k metatile polygon it stands for (dashed), each
    panel scaled to the same width and captioned with `distortion`'s measures."""
    panel, gap, top, foot = 300.0, 30.0, 10.0, 46.0
    parts, x, height = [], 0.0, 0.0
    panels = []
    for level in levels:
        hats = S.supertile_hats(kind, level)
        kites = [k for h in hats for k in G.hat_kites(h.iso)]
        loops = [render._flip([G.to_xy(p) for p in loop]) for loop in G.boundary_loops(kites)]
        poly = render._flip(_outline_xy(kind, level))
        x0, y0, x1, y1 = render.bounds(loops + [poly])
        scale = (panel - 20) / max(x1 - x0, y1 - y0)
        panels.append((level, hats, loops, poly, (x0, y0, x1, y1), scale))
        height = max(height, (y1 - y0) * scale + 20)
    for level, hats, loops, poly, (x0, y0, x1, y1), scale in panels:
        d = distortion(kind, level)
        ox = x + (panel - (x1 - x0) * scale) / 2 - x0 * scale
        oy = top + (height - (y1 - y0) * scale) / 2 - y0 * scale
        body, _ = render.hats_body(hats, 0.6 / scale)
        parts.append(f'<g transform="translate({svg.num(ox)} {svg.num(oy)}) scale({svg.num(scale, 4)})">')
        parts.append(body)
        parts.append(svg.polygons_path(loops, "none", "#000000", 2.2 / scale))
        parts.append(svg.polygons_path([poly], "none", "#d62728", 2.6 / scale,
                                       extra=f' stroke-dasharray="{svg.num(7 / scale)} {svg.num(4 / scale)}"'))
        parts.append("</g>")
        cx = x + panel / 2
        cap1 = f"level {level}: {d['hats']:,} hats"
        cap2 = f"gap {d['reach']:.1f} units, {float(d['share']) * 100:.0f}% mismatch"
        parts.append(f'<text x="{svg.num(cx)}" y="{svg.num(top + height + 18)}" text-anchor="middle" {FONT} '
                     f'font-size="14">{svg.escape(cap1)}</text>')
        parts.append(f'<text x="{svg.num(cx)}" y="{svg.num(top + height + 36)}" text-anchor="middle" {FONT} '
                     f'font-size="13" fill="#444444">{svg.escape(cap2)}</text>')
        x += panel + gap
    w, h = x - gap, top + height + foot
    return svg.document("\n".join(parts), w, h, (0, 0, w, h),
                        title=f"{kind} supertiles: the metatile polygon (red, dashed) against the outline of its hats (black)",
                        background="#ffffff")
