"""The pencil-and-rubber method: solving a calisson puzzle by raising heights by hand.

"The Calissons Puzzle" (Favreau, Gerard, Lafourcade and Robert) solves the puzzle with the
*advancing surface*, which "can be implemented directly on a printed puzzle with a pencil and
a rubber".  Write at every vertex the height of the empty box (the x + y + z of the pile's
surface there).  Then, round after round, look for a rule that the written heights break and
rub the height out, writing the smallest height that obeys it:

- along a grid edge (tail -> head) the height rises by 1 or falls by 2, so the head is at
  least the tail - 2 and the tail at least the head - 1;
- along a given edge it rises by exactly 1 (the edge is not crossed);
- the two far corners of a given edge carry equal heights (the fold rule).

Heights only rise, always by multiples of 3.  When no rule is broken the heights are the
*least* solution; if a height would rise above the full box there is no solution.  The same
from the full box downwards gives the *greatest* solution, and the puzzle has one solution
exactly when both agree.  Each round here raises, at once, every vertex that the heights
written at the start of the round force up (a Jacobi order, easy to follow on paper).
"""

from __future__ import annotations
import textwrap

from generator.calissons.model import far_vertices, triangle_vertices, head, hexagon
from generator.calissons.solver import Clues, arcs_out
from generator.errors import TilepressError
from generator.svg import document, escape, num, polygons_path
from generator.calissons import render
from generator.calissons.render import xy

MAX_SHEET_N = 8                 # heights stay legible on an A4 panel up to this side
MAX_SHEET_TRIANGLES = 6 * MAX_SHEET_N ** 2
MAX_ROUNDS = 400


def _arcs_in(clues: Clues) -> list[list[tuple[int, int, str]]]:
    """For every vertex p, the arcs (q, w, kind) bounding it from below: H(p) >= H(q) + w."""
    into: list[list] = [[] for _ in clues.region.coords]
    for q in range(len(into)):
        for p, w, kind in arcs_out(clues, q):
            into[p].append((q, w, kind))
    return into


def rounds(region, givens, upwards: bool = True) -> tuple[list[list[dict]], list[int] | None]:
    """(rounds, final heights or None when a height leaves the box): each round lists the
    changes {"vertex", "from", "to", "rule", "because", "given"?} in vertex order."""
    clues = Clues(region, givens)
    if not region.tilable:
        return [], None
    into = _arcs_in(clues)
    if not upwards:                     # lowering: H(q) <= H(p) - w for every arc (q, w) into p
        outof: list[list] = [[] for _ in into]
        for p, arcs in enumerate(into):
            for q, w, kind in arcs:
                outof[q].append((p, w, kind))
    coords, floor, ceil = region.coords, region.floor, region.ceil
    H = list(floor if upwards else ceil)
    named = _given_names(givens)
    out = []
    for _ in range(MAX_ROUNDS):
        changes = []
        for p in range(len(H)):
            if upwards:
                best = max(((H[q] + w, q, kind) for q, w, kind in into[p]), default=None)
                moved = best is not None and best[0] > H[p]
            else:
                best = min(((H[q] - w, q, kind) for q, w, kind in outof[p]), default=None)
                moved = best is not None and best[0] < H[p]
            if moved:
                ch = {"vertex": list(coords[p]), "from": H[p], "to": best[0], "rule": best[2],
                      "because": list(coords[best[1]])}
                if best[2] != "edge":
                    ch["given"] = list(named[(coords[best[1]], coords[p])])
                changes.append((p, ch))
        if not changes:
            return out, H
        out.append([ch for _p, ch in changes])
        for p, ch in changes:
            H[p] = ch["to"]
            if not floor[p] <= H[p] <= ceil[p]:
                return out, None
    raise TilepressError(f"the pencil-and-rubber method took more than {MAX_ROUNDS} rounds (board too large)")


def _given_names(givens) -> dict:
    """(vertex, vertex) -> the given edge whose rule joins them (either way round)."""
    out = {}
    for e in givens:
        t, h = e[:2], head(e)
        A, B = far_vertices(e)
        for u, v in ((t, h), (A, B)):
            out[(u, v)] = out[(v, u)] = e
    return out


def figures() -> dict[str, str]:
    """Article figures: a small puzzle's start, first rounds and final surface, drawn as on the sheet."""
    n, seed, level = FIGURE_PUZZLE
    # lazy: the hints' explain loads this module; the generator loads for the figures only
    from generator.calissons.generator import generate
    pz = generate(n, seed, level)
    reg = hexagon(n)
    rec = record(reg, pz.givens)
    H = list(reg.floor)
    out = {"calissons-heights-start.svg": panel_svg(n, pz.givens, H, (), "Start: the empty box's heights")}
    for k in (0, 1):
        idx = [reg.index[tuple(c["vertex"])] for c in rec["raise"][k]]
        for v, c in zip(idx, rec["raise"][k]):
            H[v] = c["to"]
        out[f"calissons-heights-round{k + 1}.svg"] = panel_svg(n, pz.givens, H, idx, f"After round {k + 1}")
    L = [h for _a, _b, h in rec["least"]]
    G = [h for _a, _b, h in rec["greatest"]]
    out["calissons-heights-final.svg"] = heights_svg(n, pz.givens, L, G, title="The solution's heights")
    return out


FIGURE_PUZZLE = (3, 2, "hard")

RULE_WORDS = {"edge": "grid edge", "given": "given edge rises by 1", "fold": "fold rule"}


def record(region, givens) -> dict:
    """`explain --method heights` as JSON: both passes, their rounds and the verdict."""
    up, L = rounds(region, givens, True)
    down, G = rounds(region, givens, False)
    status = "none" if L is None else ("unique" if L == G else "multiple")
    rec = {"method": "heights", "status": status,
           "start": {"least": _listing(region, region.floor), "greatest": _listing(region, region.ceil)},
           "raise": up, "lower": down}
    if L is not None:
        rec["least"] = _listing(region, L)
        rec["greatest"] = _listing(region, G)
    return rec


def _listing(region, H) -> list:
    """[[a, b, height], ...] in vertex order."""
    return [[a, b, h] for (a, b), h in zip(region.coords, H)]


# ---- pictures ------------------------------------------------------------------------------

def _labels(region, H, changed=(), other=None, font=0.3) -> str:
    """Heights written at the vertices (changed ones bold and orange; 'L/G' where `other` differs)."""
    out, halo = [], []
    changed = set(changed)
    for v, (a, b) in enumerate(region.coords):
        x, y = xy((a, b))
        text = str(H[v]) if other is None or other[v] == H[v] else f"{H[v]}/{other[v]}"
        style = ' font-weight="bold" fill="#b35c00"' if v in changed else ' fill="#1d1d1d"'
        at = f'x="{num(x)}" y="{num(y + font * 0.35)}"'
        halo.append(f'<text {at}>{text}</text>')
        out.append(f'<text {at}{style}>{text}</text>')
    common = f'font-size="{num(font)}" text-anchor="middle" font-family="sans-serif"'
    return (f'<g {common} fill="#ffffff" stroke="#ffffff" stroke-width="{num(font / 4)}">' + "".join(halo)
            + f'</g>\n<g {common}>' + "".join(out) + "</g>")


def heights_svg(board, givens, L, G, title: str | None = None) -> str:
    """The height view: the least solution lightly shaded, heights at every vertex; where the
    greatest solution differs the vertex reads 'least/greatest' and its triangles are marked."""
    reg = render._region(board)
    vb, w, h = render._frame(board)
    groups = render.lozenges(reg, L)
    light = {"z": "#fbf1d6", "x": "#f3d3c8", "y": "#cfd8e6"}
    body = [polygons_path(groups[d], light[d], "#bbbbbb", 0.02) for d in ("z", "x", "y") if groups[d]]
    differ = {v for v in range(len(L)) if L[v] != G[v]}
    if differ:
        marked = [t for t in reg.triangles if any(reg.index[x] in differ for x in triangle_vertices(t))]
        body.append(polygons_path([[render.xy(x) for x in triangle_vertices(t)] for t in marked], "#f28b82"))
    body.append(render._lines(reg.salient_edges(L), "#555555", 0.05))
    body.append(render._lines(givens, "#b3261e", 0.1))
    body.append(polygons_path([render._outline(board)], "none", "#333333", 0.08))
    font = 0.3 if not differ else 0.24
    body.append(_labels(reg, L, other=G, font=font))
    return document("\n".join(p for p in body if p), w, h, vb, title=title, background="#ffffff")


def panel_svg(board, givens, H, changed, caption: str) -> str:
    """One round of the method: grid, givens and the heights written so far (new ones orange)."""
    reg = render._region(board)
    vb, w, h = render._frame(board)
    body = [render._lines(reg.interior, "#d6d0c4", 0.03), render._lines(givens, "#b3261e", 0.1),
            polygons_path([render._outline(board)], "none", "#333333", 0.06), _labels(reg, H, changed)]
    return document("\n".join(p for p in body if p), w, h, vb, title=caption, background="#ffffff")


def sheet(board, givens, title: str) -> list[str]:
    """The method as A4 pages (SVG in mm): the start, each round, the final surfaces."""
    reg = render._region(board)
    rec = record(reg, givens)
    panels = []
    for name, start, steps in (("raise", reg.floor, rec["raise"]), ("lower", reg.ceil, rec["lower"])):
        H = list(start)
        word = "empty" if name == "raise" else "full"
        panels.append((panel_svg(board, givens, H, (), ""), f"Start from the {word} box: write its heights."))
        for k, changes in enumerate(steps):
            idx = [reg.index[tuple(c["vertex"])] for c in changes]
            for v, c in zip(idx, changes):
                H[v] = c["to"]
            counts = {}
            for c in changes:
                counts[c["rule"]] = counts.get(c["rule"], 0) + 1
            why = ", ".join(f"{n} by the {RULE_WORDS[r]}" for r, n in sorted(counts.items()))
            verb = "raise" if name == "raise" else "lower"
            panels.append((panel_svg(board, givens, H, idx, ""),
                           f"{'Raising' if name == 'raise' else 'Lowering'}, round {k + 1}: rub out and "
                           f"{verb} {len(changes)} height{'s' if len(changes) != 1 else ''} ({why})."))
        if rec["status"] == "none" and name == "raise":
            panels.append((panel_svg(board, givens, H, (), ""),
                           "A height has left the box: these givens have no solution."))
            break
        if name == "raise":
            panels.append((panel_svg(board, givens, H, (), ""), "No rule is broken: the least solution."))
    if rec["status"] != "none":
        L = [h for _a, _b, h in rec["least"]]
        G = [h for _a, _b, h in rec["greatest"]]
        verdict = ("The least and greatest solutions agree: the puzzle has exactly one solution."
                   if rec["status"] == "unique" else
                   "The least and greatest solutions differ (marked): the puzzle has several solutions.")
        panels.append((heights_svg(board, givens, L, G), verdict))
    pw, ph, margin, gap, cols, rows = 210.0, 297.0, 12.0, 6.0, 2, 3
    cw = (pw - 2 * margin - gap) / cols
    head = 14.0
    rh = (ph - 2 * margin - head) / rows
    pages = []
    per = cols * rows
    for start in range(0, len(panels), per):
        parts = [f'<text x="{num(margin)}" y="{num(margin + 6)}" font-size="5" font-family="sans-serif">'
                 f'{escape(title)}</text>',
                 f'<text x="{num(margin)}" y="{num(margin + 11)}" font-size="3" font-family="sans-serif">'
                 f'Heights are x + y + z of the pile of cubes at each corner; orange: rubbed out and rewritten '
                 f'this round.</text>']
        for i, (svg, caption) in enumerate(panels[start:start + per]):
            x = margin + (i % cols) * (cw + gap)
            y = margin + head + (i // cols) * rh
            inner = svg[svg.index("<svg") + 4:]
            inner = inner.replace(' width="', ' data-w="', 1).replace(' height="', ' data-h="', 1)
            parts.append(f'<svg x="{num(x)}" y="{num(y)}" width="{num(cw)}" height="{num(rh - 14)}"{inner}')
            lines = _wrap(f"{start + i + 1}. {caption}", 60)
            parts += [f'<text x="{num(x)}" y="{num(y + rh - 10 + 3.6 * j)}" font-size="3" '
                      f'font-family="sans-serif">{escape(t)}</text>' for j, t in enumerate(lines[:3])]
        pages.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw)}mm" height="{num(ph)}mm" '
                     f'viewBox="0 0 {num(pw)} {num(ph)}">\n<rect width="{num(pw)}" height="{num(ph)}" '
                     f'fill="#ffffff"/>\n' + "\n".join(parts) + "\n</svg>\n")
    return pages


def _wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap."""
    return textwrap.wrap(text, width) or [""]
