"""Calisson puzzles on any region and on the infinite grid: the commands' region half.

The paper's Calissons(X, R) ("The Calissons Puzzle", Favreau, Gerard, Lafourcade and
Robert) asks, for a region R of the triangular grid and a set X of edges, for a tiling of
R by calissons that crosses no edge of X and puts calissons of different colours on the
two sides of each.  On a finite simply connected R it is the hexagon's algorithm with R's
boundary (Thurston's boundary heights, then the advancing surface from R's floor); on the
unbounded grid it is a negative-cycle test on the grid of a window round the key vertices
of X, which holds a shortest path between any two of them, or, for edges far apart, on the key
vertices alone (solver.plane_verdict); the witness window (witness_window) is one hexagon or a
small hexagon round each edge, its heights evaluated only there.

A *board* is the hexagon's side (an int: every hexagon keeps today's code, outputs and
links) or a `regions.Shape`.  `board(text, size)` turns `--region` into one; the commands
of family.py call the functions here when the board is not a hexagon.
"""

from __future__ import annotations

import json
import sys

from generator import output, reporting
from generator.calissons import regions
from generator.errors import TilepressError
from generator.inputs import read_text
from generator.svg import document, escape, num, polygons_path
from generator.calissons.model import (DIRS, Region, STEP, far_vertices, head, hexagon, hexagon_triangles,
                                       triangle_edges, triangle_vertices)

MAX_INPUT_BYTES = 8 << 20   # a puzzle file read by solve, check, grade, hint
MAX_SOLVE_N = 256          # the hexagon sides solve, check and grade take

MAX_REGION_COUNT_TRIANGLES = 20000   # counting solutions on bigger regions is refused
FEASIBLE_INPUT_BYTES = 1 << 20


def board(text: str | None, size: int | None, seed: int | None = None):
    """The board `--region TEXT` names: a hexagon side (int) or a regions.Shape (`random`
    draws the shape from `seed`)."""
    if text is None or text == "hexagon" and size is not None:
        return size
    shape = regions.parse_region(text, size, seed=seed)
    return shape.hexagon_n if shape.hexagon_n is not None else shape


def region_of(board):
    """The solver's Region of a board."""
    return hexagon(board) if isinstance(board, int) else board.region


def describe(board) -> str:
    """How messages and titles name a board."""
    return f"hexagon {board}" if isinstance(board, int) else board.label


def parse_givens(givens, reg, where: str) -> list:
    """Validated distinct interior edges of the region."""
    if not isinstance(givens, list):
        raise TilepressError('"givens" must be a list of [a, b, d] edges')
    if len(givens) > len(reg.interior):
        raise TilepressError(f"more givens ({len(givens)}) than interior edges ({len(reg.interior)})")
    seen, out = set(), []
    for i, g in enumerate(givens):
        if (not isinstance(g, list) or len(g) != 3 or not all(isinstance(c, int) and not isinstance(c, bool)
                                                            for c in g[:2]) or g[2] not in DIRS):
            raise TilepressError(f"given #{i} must be [a, b, d] with integers a, b and d in x|y|z")
        e = (g[0], g[1], g[2])
        if e not in reg.interior:
            raise TilepressError(f"given #{i} {list(e)} is not an interior edge of {where}")
        if e in seen:
            raise TilepressError(f"given #{i} {list(e)} is listed twice")
        seen.add(e)
        out.append(e)
    return out


def puzzle_from_obj(obj, region_flag: str | None, size: int | None):
    """(board, givens) of a puzzle object {"region": WORD|NAME|{"word": ...}, "givens": [...]}
    (or the hexagon's {"n": N, ...}); --region applies when the file names no board."""
    if not isinstance(obj, dict):
        raise TilepressError('puzzle must be a JSON object {"region": WORD, "givens": [[a, b, d], ...]}')
    text = obj.get("region")
    if isinstance(text, dict):
        text = text.get("word")
    if text is not None and not isinstance(text, str):
        raise TilepressError('"region" must be a boundary word or a shape name (or {"word": ...})')
    if text is None and "n" in obj:
        return validate_puzzle(obj)
    if text is None:
        text = region_flag
    if text is None:
        raise TilepressError('puzzle needs "region" (a boundary word or name) or "n" (a hexagon side)')
    b = board(text, obj.get("size", size) if isinstance(obj.get("size", size), int) else None)
    if isinstance(b, int):
        return validate_puzzle({"n": b, "givens": obj.get("givens", [])})
    return b, parse_givens(obj.get("givens", []), b.region, b.label)


def solution_record(shape, H) -> dict:
    """{"salient", "calissons"} of a tiling of a region (calissons named by the edge they cross)."""
    reg = shape.region
    return {"salient": [list(e) for e in reg.salient_edges(H)], "calissons": [list(e) for e in reg.crossed_edges(H)]}


def solve_record(shape, givens, want_count: bool, cap: int) -> dict:
    """The JSON answer of `solve` on a region."""

    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import count_solutions, solve
    reg = shape.region
    sol = solve(reg, givens)
    count = {"none": 0, "unique": 1}.get(sol.status)
    if want_count and sol.status == "multiple":
        if len(reg.triangles) > MAX_REGION_COUNT_TRIANGLES:
            raise TilepressError(f"--count takes regions up to {MAX_REGION_COUNT_TRIANGLES} triangles")
        count, capped = count_solutions(reg, givens, cap)
        if capped:
            print(f"warning: counting stopped at {count} solutions (cap)", file=sys.stderr)
    return {"region": shape.record(), "status": sol.status, "count": count,
            "solution": solution_record(shape, sol.least) if sol.least is not None else None,
            "certificate": region_certificate(shape, givens, sol)}


def region_certificate(shape, givens, sol):
    """The certificate of "none" or "multiple" on a region (certificate.certify)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.certificate import certify
    why = None if shape.region.tilable else regions.reason(shape)
    return certify(shape.region, givens, sol, lambda H: solution_record(shape, H), why)


def generate_record(shape, seed, level: str, minimal: bool):
    """(generator puzzle, JSON answer of `generate` on a region)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import permalink
    from generator.calissons.generator import difficulty_record, generate_region
    tick, close = _sweep_counter(shape.side)
    try:
        pz = generate_region(shape, seed, level, minimal, progress=_deleting_bar(shape.side), tick=tick)
    finally:
        close()
    rec = {"region": shape.record(), "givens": [list(e) for e in pz.givens],
           "permalink": permalink.encode_region(shape, pz.givens),
           "difficulty": difficulty_record(pz), "solution": solution_record(shape, pz.heights)}
    return pz, rec


def check_record(shape, givens, cap: int):
    """(JSON of `check`, SVG marking where the solutions differ or the absorbing chain) on a region."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import certificate, permalink, render
    from generator.calissons.solver import count_solutions, solve
    reg = shape.region
    if len(reg.triangles) > MAX_REGION_COUNT_TRIANGLES:
        raise TilepressError(f"check counts solutions, which takes regions up to {MAX_REGION_COUNT_TRIANGLES} "
                             "triangles")
    sol = solve(reg, givens)
    count, capped = count_solutions(reg, givens, cap) if sol.status != "none" else (0, False)
    differ = set(sol.differ())
    cert = region_certificate(shape, givens, sol)
    if sol.status == "none":
        svg = certificate.picture(shape, givens, cert, "none")
    else:
        marked = [t for t in reg.triangles if any(reg.index[x] in differ for x in triangle_vertices(t))]
        svg = render.puzzle_svg(shape, givens, marked=marked, title=f"{count}{'+' if capped else ''} solutions")
    rec = {"region": shape.record(), "status": sol.status, "count": count, "capped": capped,
           "differ_vertices": [list(reg.coords[x]) for x in sorted(differ)],
           "permalink": permalink.encode_region(shape, givens), "certificate": cert}
    return rec, svg


# --- the infinite grid ---------------------------------------------------------------------

def read_plane_givens(text: str) -> list:
    """The edge set X of a `feasible` file: {"givens": [[a, b, d], ...]} (or a bare list)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import MAX_PLANE_CLUES
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    givens = obj.get("givens") if isinstance(obj, dict) else obj
    if not isinstance(givens, list):
        raise TilepressError('feasible: expected {"givens": [[a, b, d], ...]}')
    if len(givens) > MAX_PLANE_CLUES:
        raise TilepressError(f"feasible: {len(givens)} edges (limit {MAX_PLANE_CLUES})")
    out = set()
    for i, g in enumerate(givens):
        if (not isinstance(g, list) or len(g) != 3 or g[2] not in DIRS
                or not all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= 10 ** 6 for c in g[:2])):
            raise TilepressError(f"given #{i} must be [a, b, d] with integers |a|, |b| <= 10^6 and d in x|y|z")
        out.add((g[0], g[1], g[2]))
    return sorted(out)


def window_of(givens, margin: int = 2):
    """The hexagon-shaped window round X as a Region: centred on its key vertices, `margin` beyond
    them (a Region is built, so this is for windows of a drawable size: the tests' small sets)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import plane_window
    (ca, cb), r = plane_window(givens, margin)
    tris = [(a + ca, b + cb, k) for a, b, k in hexagon_triangles(r)]
    return Region(tris), (ca, cb), r


WINDOW_TRIANGLES = regions.MAX_REGION_TRIANGLES   # one hexagon round all the edges up to this size,
WINDOW_PER_EDGE = 48                              # and up to this many triangles an edge (at least
WINDOW_FLOOR = 600                                # WINDOW_FLOOR): the window scales with the edges
PATCH_RADIUS = 2                                  # beyond it: a hexagon of this radius round each edge
MAX_DRAWN_TRIANGLES = regions.MAX_REGION_TRIANGLES  # the picture of a window (its JSON has no limit)


def witness_window(givens, verdict) -> dict:
    """The witness window of a feasible verdict: the triangles round the edges and the calissons
    of the witness tiling that cover them, as a tiling of its own.

    Patches: one hexagon round all the key vertices (two beyond them: the test's own window)
    when it has at most WINDOW_PER_EDGE triangles an edge (at least WINDOW_FLOOR, at most
    WINDOW_TRIANGLES), else a hexagon of radius PATCH_RADIUS round each edge's tail.  Every
    triangle of a patch is covered by the witness's calisson there (the one edge of the
    triangle whose height step is -2); a calisson cut by a patch's rim is
    listed whole, so the calissons tile the patches plus those outer halves exactly.  Heights
    come from the verdict's grid window, or from the key heights (solver.plane_heights: the
    tiling of the whole plane, materialised only at the patches' vertices).

    Cost: O(T) triangles for the patches (T <= WINDOW_TRIANGLES, or about 24 per edge) plus
    O((K + T) log) for the heights: linear in the edges, whatever the distances between them.
    Returns {"patches": [[a, b, r], ...], "calissons": [[a, b, d], ...], "heights": {v: h}}.
    """
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import plane_heights, plane_window
    (ca, cb), r = plane_window(givens)
    if 6 * r * r <= min(WINDOW_TRIANGLES, max(WINDOW_FLOOR, WINDOW_PER_EDGE * len(givens))):
        patches = [(ca, cb, r)]
    else:
        patches = sorted({(a, b, PATCH_RADIUS) for a, b, _d in givens})
    tris: set = set()
    shapes: dict = {}
    for a0, b0, rr in patches:
        if rr not in shapes:
            shapes[rr] = hexagon_triangles(rr)
        tris.update((a + a0, b + b0, k) for a, b, k in shapes[rr])
    tris = sorted(tris)
    verts = sorted({v for t in tris for v in triangle_vertices(t)})
    grid = verdict.window[2] if verdict.window is not None else {}
    if all(v in grid for v in verts):
        H = {v: grid[v] for v in verts}
    else:
        H = dict(zip(verts, plane_heights(verdict.heights, verts)))
    crossed = set()
    for t in tris:
        for e in triangle_edges(t):
            a, b, d = e
            if H[head(e)] - H[(a, b)] == -2:
                crossed.add(e)
                break
    return {"patches": [list(p) for p in patches], "calissons": sorted(crossed), "heights": H}


def feasible(givens, want_window: bool = True) -> dict:
    """The verdict with its proof: a witness window holding every edge (its patches and the
    calissons tiling them, witness_window), or the absorbing cycle.  No distance between the
    edges is refused: far-apart edges are decided on their key vertices (solver.plane_verdict)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import plane_verdict
    v = plane_verdict(givens)
    rec = {"feasible": v.feasible, "givens": [list(e) for e in givens]}
    if v.feasible:
        rec["heights"] = [[a, b, h] for (a, b), h in sorted(v.heights.items())]   # at the key vertices
        if want_window:
            win = witness_window(givens, v)
            rec["window"] = {"patches": win["patches"], "calissons": [list(e) for e in win["calissons"]]}
            if len(win["patches"]) == 1:
                a, b, r = win["patches"][0]
                rec["window"].update({"centre": [a, b], "radius": r})
            rec["_draw"] = win
    else:
        rec["cycle"] = [{"from": list(p), "to": list(q), "weight": w, "kind": k} for p, q, w, k in v.cycle]
        rec["cycle_weight"] = sum(w for _p, _q, w, _k in v.cycle)
    return rec


def _components(patches) -> list[list]:
    """The patches grouped into clusters drawn together (patches within 2 radii + 2 of each other)."""
    parent = list(range(len(patches)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    size = 2 * max((p[2] for p in patches), default=1) + 2
    buckets: dict = {}
    for i, (a, b, _r) in enumerate(patches):
        buckets.setdefault((a // size, b // size), []).append(i)
    for (ka, kb), members in buckets.items():
        for da in (-1, 0, 1):
            for db in (-1, 0, 1):
                for j in buckets.get((ka + da, kb + db), ()):
                    for i in members:
                        a, b, ra = patches[i]
                        c, d, rb = patches[j]
                        if i < j and max(abs(a - c), abs(b - d), abs(a - c - b + d)) <= ra + rb + 2:
                            parent[find(i)] = find(j)
    groups: dict = {}
    for i in range(len(patches)):
        groups.setdefault(find(i), []).append(patches[i])
    return sorted(groups.values())


def clusters(patches) -> int:
    """How many clusters a window's patches form (each drawn as one picture)."""
    return len(_components([tuple(p) for p in patches]))


def feasible_svg(rec: dict) -> str:
    """The proof as a picture: the witness window's calissons with X (far-apart clusters side by
    side, each labelled with a vertex's coordinates), or X and the absorbing cycle."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import render
    givens = [tuple(e) for e in rec["givens"]]
    body = []
    if rec["feasible"]:
        win = rec["_draw"]
        if 2 * len(win["calissons"]) > MAX_DRAWN_TRIANGLES:
            raise TilepressError(f"feasible: the witness window ({2 * len(win['calissons'])} triangles) is too "
                                 f"large to draw (limit {MAX_DRAWN_TRIANGLES}); its calissons are in --format json")
        comps = _components([tuple(p) for p in win["patches"]])
        cal = win["calissons"]
        x_at, y_top, row_h, width = 0.0, 0.0, 0.0, 0.0
        row_w = max(12.0, 2.2 * (len(cal) ** 0.5))
        where = {}                                  # vertex -> its cluster (several clusters only)
        if len(comps) > 1:
            for c, comp in enumerate(comps):
                for a, b, r in comp:
                    for da in range(-r, r + 1):
                        for db in range(max(-r, da - r), min(r, da + r) + 1):
                            where[(a + da, b + db)] = c
        for c, comp in enumerate(comps):
            mine = [e for e in cal if where.get(e[:2], c) == c]
            # each window is drawn from its own first vertex, so the numbers in the picture stay
            # small (a browser draws in single precision: at 10^5 units lines blur and merge)
            at = _from(comp[0][:2])
            gv = [at(e) + (e[2],) for e in givens if where.get(e[:2], c) == c]
            quads = {"x": [], "y": [], "z": []}
            for e in mine:
                A, B = far_vertices(e)
                quads[e[2]].append([render.xy(at(e)), render.xy(at(A)), render.xy(at(head(e))), render.xy(at(B))])
            pts = [p for q in quads.values() for quad in q for p in quad] or [render.xy(e[:2]) for e in gv]
            x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
            y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
            label = f"near ({comp[0][0]}, {comp[0][1]})"
            if len(comps) > 1:
                x1 = max(x1, x0 + 0.22 * len(label))     # room for the label (font size 0.4)
            if x_at > 0 and x_at + (x1 - x0) > row_w:
                x_at, y_top, row_h = 0.0, y_top + row_h + 1.2, 0.0
            dx, dy = x_at - x0, y_top - y0 + (0.7 if len(comps) > 1 else 0.0)
            part = []
            for d in ("z", "x", "y"):
                if quads[d]:
                    part.append(polygons_path(quads[d], render.COLOUR[d], "#333333", 0.03))
            part.append(render._lines(gv, "#b3261e", 0.12))
            if len(comps) > 1:
                part.append(f'<text x="{num(x0)}" y="{num(y0 - 0.25)}" font-size="0.4" font-family="sans-serif" '
                            f'fill="#333333">{escape(label)}</text>')
            body.append(f'<g transform="translate({num(dx)} {num(dy)})">' + "".join(part) + "</g>")
            x_at += (x1 - x0) + 1.2
            width = max(width, x_at - 1.2)
            row_h = max(row_h, (y1 - y0) + (0.7 if len(comps) > 1 else 0.0))
        vb = (-1, -1, width + 2, y_top + row_h + 2)
        p0 = win["patches"][0]
        title = (f"Feasible: a tiling of the plane fits these {len(givens)} edges (window of radius {p0[2]})"
                 if len(comps) == 1 and len(win["patches"]) == 1 else
                 f"Feasible: a tiling of the plane fits these {len(givens)} edges, shown in {len(comps)} "
                 "windows round them")
    else:
        keys = [v for e in givens for v in (e[:2], head(e), *far_vertices(e))]
        frame = _frame_of(keys)
        if frame[4] > MAX_GRID_CELLS:                 # far-apart edges: frame the cycle only
            frame = _frame_of([tuple(c["from"]) for c in rec["cycle"]] + [tuple(c["to"]) for c in rec["cycle"]])
        a0, a1, b0, b1, cells, _pts = frame
        at = _from((a0, b0))                          # small numbers in the picture, as above
        if cells <= MAX_GRID_CELLS:
            grid = [(a - a0, b - b0, d) for a in range(a0, a1) for b in range(b0, b1) for d in DIRS
                    if a0 <= a + STEP[d][0] <= a1 and b0 <= b + STEP[d][1] <= b1]
            body.append(render._lines(grid, "#d8d2c4", 0.03))
        d = "".join(f"M{num(render.xy(at(c['from']))[0])} {num(render.xy(at(c['from']))[1])}"
                    f"L{num(render.xy(at(c['to']))[0])} {num(render.xy(at(c['to']))[1])}"
                    for c in rec["cycle"])
        body.append(f'<path fill="none" stroke="#1d3557" stroke-width="0.07" stroke-dasharray="0.2 0.12" '
                    f'd="{d}"/>')
        dots = [[(x - 0.09, y), (x, y - 0.09), (x + 0.09, y), (x, y + 0.09)]
                for x, y in (render.xy(at(c["from"])) for c in rec["cycle"])]
        body.append(polygons_path(dots, "#1d3557"))
        shown = [at(e) + (e[2],) for e in givens if a0 <= e[0] <= a1 and b0 <= e[1] <= b1]
        body.append(render._lines(shown, "#b3261e", 0.12))
        pts = [render.xy(at(v)) for v in frame[5]]
        x0, x1 = min(p[0] for p in pts) - 1, max(p[0] for p in pts) + 1
        y0, y1 = min(p[1] for p in pts) - 1, max(p[1] for p in pts) + 1
        vb = (x0, y0, x1 - x0, y1 - y0)
        title = (f"Infeasible: an absorbing cycle through {len(rec['cycle'])} key vertices, total weight "
                 f"{rec['cycle_weight']} < 0")
    w = render.WIDTH
    return document("\n".join(body), w, w * vb[3] / vb[2], vb, title=title, background="#ffffff")


MAX_GRID_CELLS = 40000      # the faint grid behind a cycle is drawn up to this many cells


def _from(origin):
    """v -> v - origin on the lattice (the first two coordinates of a vertex or an edge)."""
    oa, ob = origin
    return lambda v: (v[0] - oa, v[1] - ob)


def _frame_of(points) -> tuple:
    """(a0, a1, b0, b1, cells, points) of the box one beyond some vertices."""
    a0, a1 = min(p[0] for p in points) - 1, max(p[0] for p in points) + 1
    b0, b1 = min(p[1] for p in points) - 1, max(p[1] for p in points) + 1
    return a0, a1, b0, b1, (a1 - a0) * (b1 - b0), points


# ---- the hexagon's puzzles and progress bars (shared with family.py) ----------------------

def validate_puzzle(obj) -> tuple[int, list[tuple[int, int, str]]]:
    """Check a decoded puzzle object: n in range, givens distinct interior edges."""
    if not isinstance(obj, dict):
        raise TilepressError('puzzle must be a JSON object {"n": N, "givens": [[a, b, d], ...]}')
    n = obj.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise TilepressError('puzzle needs an integer "n"')
    if not 1 <= n <= MAX_SOLVE_N:
        raise TilepressError(f"n = {n} out of range 1..{MAX_SOLVE_N}")
    givens = obj.get("givens", [])
    if not isinstance(givens, list):
        raise TilepressError('"givens" must be a list of [a, b, d] edges')
    n_interior = 9 * n * n - 3 * n
    if len(givens) > n_interior:
        raise TilepressError(f"more givens ({len(givens)}) than interior edges ({n_interior})")
    if not givens:
        return n, []
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.onregion import parse_givens
    return n, parse_givens(givens, hexagon(n), f"the hexagon of side {n}")


def _deleting_bar(n: int):
    """A progress wrapper for the greedy deletion of big puzzles (terminal only)."""
    if n < 16 or not reporting.PROGRESS:
        return None
    return lambda it: output.progress(it, unit="edge", desc="deleting givens")


def _sweep_counter(n: int):
    """(tick, close) of a progress counter of CFTP sweeps for big sides (terminal only)."""
    if n < 48 or not reporting.PROGRESS:
        return None, lambda: None
    return output.counter("sweep")


def _read(path: str) -> str:
    """Text of a file or of standard input, size-capped."""
    return read_text(path, MAX_INPUT_BYTES)


def parse_puzzle(text: str) -> tuple[int, list[tuple[int, int, str]]]:
    """Validate a puzzle JSON text: (n, givens)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    return validate_puzzle(obj)


def load_any(source: str) -> tuple[int, list]:
    """A puzzle from a JSON file, a mathix URL or tab string, or a cal permalink."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import mathix, permalink
    s = source.strip()
    if s.startswith("cal.v"):
        return permalink.decode(s)
    if "tab=" in s or (s and set(s.rstrip("0123456789")) <= set("tsf") and len(s) > 5):
        n, givens, _hidden, _num = mathix.parse(s)
        return n, givens
    return parse_puzzle(_read(source))


def _load_json(text: str):
    """A decoded JSON text or one-line error."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"malformed JSON: {str(exc).splitlines()[0][:120]}") from None


def load_board(source: str, region: str | None = None, size: int | None = None):
    """(board, givens) from a cal permalink (v1 or v3), a mathix URL or tab string, or a JSON file
    read once (`{"n", "givens"}`, or `{"region", "givens"}`, or givens for --region)."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import permalink
    s = source.strip()
    if s.startswith("cal.v"):
        return permalink.decode_region(s) if permalink.is_region_link(s) else permalink.decode(s)
    if "tab=" in s or (s and set(s.rstrip("0123456789")) <= set("tsf") and len(s) > 5):
        return load_any(s)
    return json_board(source, region, size)


def json_board(source: str, region: str | None = None, size: int | None = None):
    """(board, givens) of a puzzle JSON file read once: `{"n", "givens"}` (a hexagon) or
    `{"region", "givens"}`, or givens alone with --region."""
    text = _read(source)
    try:                                  # a message about the file's content names the file
        obj = _load_json(text)
        if isinstance(obj, dict) and ("region" in obj or "n" not in obj) or region:
            return puzzle_from_obj(obj, region, size)
        return validate_puzzle(obj)
    except TilepressError as exc:
        if region and not str(exc).startswith("malformed JSON"):
            raise                         # it may be about --region, not the file: said as it is
        raise TilepressError(f"{'input' if source == '-' else source}: {exc}") from None
