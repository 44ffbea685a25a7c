"""Certificates: why a calisson puzzle has no solution, or where its solutions differ.

After "The Calissons Puzzle" (Favreau, Gerard, Lafourcade and Robert): the givens have no
solution exactly when their difference constraints on heights contain an *absorbing
cycle*, a closed chain of rules "H(to) >= H(from) + w" whose weights sum positive (going
round would lift a height above itself).  `solver.absorbing_cycle` finds one with the
advancing surface; here it becomes JSON, a paragraph a reader can follow and a picture.
When the chain starts and ends on the boundary (a *descending path* in the paper's cube
language: the rules push a height above what the full box allows), the boundary's fixed
heights close it into a cycle.

"Multiple" is certified by the least and greatest solutions L and G (solver.solve): both
are solutions, and they differ exactly where the solutions are not forced (L(v) < G(v)).

A certificate never trusts the solver: tests/test_calissons_certificate.py re-checks each
one with its own geometry (no solver code).
"""

from __future__ import annotations

from generator.calissons.model import STEP, far_vertices, triangle_vertices
from generator.svg import escape, num, polygons_path
from generator.calissons import render
from generator.calissons.render import xy
from generator.calissons.solver import Clues, absorbing_cycle

RULE_TEXT = {
    "edge": "along a grid edge the height falls by at most 2 forwards and 1 backwards",
    "given": "a given edge is not crossed, so its height rises by exactly 1",
    "fold": "the two far corners of a given edge have equal heights (the fold rule)",
    "boundary": "the box fixes both boundary heights",
}


def _given_of(givens) -> dict:
    """(from, to) vertex pair -> the given edge whose rule the arc is."""
    out = {}
    for e in givens:
        a, b, d = e
        out[((a, b), (a + STEP[d][0], b + STEP[d][1]))] = e
        A, B = far_vertices(e)
        out[(A, B)] = out[(B, A)] = e
    return out


def none_record(region, givens, found, why_untilable: str | None = None) -> dict:
    """The JSON certificate of "none" from solver.absorbing_cycle's (kind, arcs)."""
    if found is None:
        return {"kind": "region", "explanation": "The region itself has no calisson tiling"
                + (f" ({why_untilable})" if why_untilable else "") + ", whatever the givens."}
    kind, arcs = found
    coords, fixed = region.coords, region.fixed
    named = _given_of(givens)
    out = []
    for q, p, w, k in arcs:
        arc = {"from": list(coords[q]), "to": list(coords[p]), "weight": w, "kind": k}
        if k in ("given", "fold"):
            arc["given"] = list(named[(coords[q], coords[p])])
        out.append(arc)
    total = sum(w for _q, _p, w, _k in arcs)
    rec = {"kind": kind, "weight": total, "arcs": out}
    if kind == "path":
        start, end = arcs[-1][1], arcs[-1][0]
        rec["start"] = {"vertex": list(coords[start]), "height": fixed[start]}
        rec["end"] = {"vertex": list(coords[end]), "height": fixed[end]}
    rec["explanation"] = explanation(rec)
    return rec


def explanation(rec: dict) -> str:
    """One paragraph saying why the drawn chain makes the puzzle impossible."""
    arcs = rec["arcs"]
    used = [k for k in ("edge", "given", "fold") if any(a["kind"] == k for a in arcs)]
    rules = "; ".join(RULE_TEXT[k] for k in used)
    head = ("No tiling fits these givens. Think of a tiling as a pile of cubes and of the height at a vertex "
            "as the pile's x + y + z there. Each arrow of the drawn chain is a rule every solution obeys, "
            f"'the height at the arrow's head is at least the height at its tail plus w': {rules}.")
    if rec["kind"] == "path":
        s, e = rec["start"], rec["end"]
        rise = rec["weight"] - (s["height"] - e["height"])
        return (f"{head} The chain starts on the boundary at {tuple(s['vertex'])}, where the box fixes the height "
                f"at {s['height']}, and its {len(arcs) - 1} arrows add up to {rise:+d}, so the height at "
                f"{tuple(e['vertex'])} would be at least {s['height'] + rise}; but that vertex is on the boundary "
                f"too, where the height is {e['height']}. The chain closed by the boundary is an absorbing cycle "
                f"of weight {rec['weight']:+d} > 0: impossible.")
    return (f"{head} Going once round the cycle of {len(arcs)} arrows adds {rec['weight']:+d}, so every "
            f"height on it would have to exceed itself by {rec['weight']}: an absorbing cycle, impossible.")


def multiple_record(region, least, greatest, solution) -> dict:
    """The JSON certificate of "multiple": where L < G and the two solutions L and G."""
    differ = [list(region.coords[v]) for v, (lo, hi) in enumerate(zip(least, greatest)) if lo != hi]
    return {"kind": "differ", "differ_vertices": differ, "solutions": [solution(least), solution(greatest)],
            "explanation": (f"At least two tilings fit these givens. The least and the greatest solutions (the "
                            f"lowest and highest piles of cubes the givens allow) differ at {len(differ)} "
                            "vertices, marked on the board; every solution agrees with both everywhere else. "
                            "These two tilings (listed in the JSON output) differ there and satisfy every given.")}


def differ_triangles(region, rec: dict) -> list:
    """The triangles touching a vertex where the solutions differ."""
    bad = {tuple(v) for v in rec["differ_vertices"]}
    return [t for t in region.triangles if any(v in bad for v in triangle_vertices(t))]


def overlay(rec: dict) -> str:
    """SVG of the chain: dashed arrows, the heights forced along it, the closing boundary arc dotted."""
    arcs = rec["arcs"]
    lines, dotted, heads, labels = [], [], [], []
    h = rec["start"]["height"] if rec["kind"] == "path" else 0
    for i, a in enumerate(arcs):
        (x0, y0), (x1, y1) = xy(tuple(a["from"])), xy(tuple(a["to"]))
        seg = f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}"
        if a["kind"] == "boundary":
            dotted.append(seg)
            continue
        lines.append(seg)
        mx, my = x0 + 0.6 * (x1 - x0), y0 + 0.6 * (y1 - y0)
        L = max(1e-9, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / L * 0.16, (y1 - y0) / L * 0.16
        heads.append([(mx + ux, my + uy), (mx - ux - uy * 0.7, my - uy + ux * 0.7),
                      (mx - ux + uy * 0.7, my - uy - ux * 0.7)])
        h += a["weight"]
        if len(arcs) <= 60:
            sign = "" if rec["kind"] == "path" else ("+" if h >= 0 else "")
            labels.append(f'<text x="{num(x1 + 0.12)}" y="{num(y1 - 0.1)}" font-size="0.32" '
                          f'font-family="sans-serif" fill="#1d3557">{escape(f"≥{sign}{h}")}</text>')
    out = [f'<path fill="none" stroke="#1d3557" stroke-width="0.07" stroke-dasharray="0.2 0.1" '
           f'd="{"".join(lines)}"/>']
    if dotted:
        out.append(f'<path fill="none" stroke="#1d3557" stroke-width="0.05" stroke-dasharray="0.04 0.1" '
                   f'stroke-linecap="round" d="{"".join(dotted)}"/>')
    if heads:
        out.append(polygons_path(heads, "#1d3557"))
    first = xy(tuple(arcs[0]["from"]))
    out.append(f'<circle cx="{num(first[0])}" cy="{num(first[1])}" r="0.13" fill="#1d3557"/>')
    start = rec["start"]["height"] if rec["kind"] == "path" else 0
    labels.insert(0, f'<text x="{num(first[0] + 0.12)}" y="{num(first[1] + 0.3)}" font-size="0.32" '
                     f'font-family="sans-serif" fill="#1d3557">{start}</text>')
    return "\n".join(out + labels)


def picture(board, givens, rec: dict, status: str) -> str:
    """The board with the certificate drawn: the absorbing chain, or the triangles where solutions differ."""
    if status == "none" and rec["kind"] != "region":
        return render.puzzle_svg(board, givens, title=f"No solution: absorbing {rec['kind']} of weight "
                                 f"{rec['weight']:+d}", overlay=overlay(rec))
    if status == "multiple":
        return render.puzzle_svg(board, givens, marked=differ_triangles(render._region(board), rec),
                                 title="Where the solutions differ")
    return render.puzzle_svg(board, givens, title=status)



def certify(region, givens, sol, solution, why_untilable: str | None = None) -> dict | None:
    """The certificate of a solver.Solution ("none" or "multiple"; None when unique)."""
    if sol.status == "none":
        return none_record(region, givens, absorbing_cycle(Clues(region, givens)), why_untilable)
    if sol.status == "multiple":
        return multiple_record(region, sol.least, sol.greatest, solution)
    return None
