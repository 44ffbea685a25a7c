"""Calisson puzzles on any region and on the infinite grid: the commands' region half.

The paper's Calissons(X, R) ("The Calissons Puzzle", Favreau, Gerard, Lafourcade and
Robert) asks, for a region R of the triangular grid and a set X of edges, for a tiling of
R by calissons that crosses no edge of X and puts calissons of different colours on the
two sides of each.  On a finite simply connected R it is the hexagon's algorithm with R's
boundary (Thurston's boundary heights, then the advancing surface from R's floor); on the
unbounded grid it is a negative-cycle test on the grid of a window round the key vertices
of X, which holds a shortest path between any two of them (solver.plane_verdict).

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
from generator.svg import document, num, polygons_path
from generator.calissons.model import hexagon
from generator.calissons.model import DIRS
from generator.calissons.model import triangle_vertices
from generator.calissons.model import Region, far_vertices, head, hexagon_triangles
from generator.calissons.model import DIRS, far_vertices, head
from generator.calissons.model import far_vertices, head
from generator.calissons.model import DIRS, STEP

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
    """The hexagon-shaped window round X: centred on its key vertices, `margin` beyond them."""
    pts = [v for e in givens for v in (e[:2], head(e), *far_vertices(e))] or [(0, 0)]
    ca = (min(p[0] for p in pts) + max(p[0] for p in pts)) // 2
    cb = (min(p[1] for p in pts) + max(p[1] for p in pts)) // 2
    r = max(max(abs(a - ca), abs(b - cb), abs((a - ca) - (b - cb))) for a, b in pts) + margin
    if 6 * r * r > regions.MAX_REGION_TRIANGLES:
        raise TilepressError("feasible: the edges are too far apart to draw a witness window "
                             f"(radius {r}; --format json lists its calissons)")
    tris = [(a + ca, b + cb, k) for a, b, k in hexagon_triangles(r)]
    return Region(tris), (ca, cb), r


def feasible(givens, want_window: bool = True) -> dict:
    """The verdict with its proof: the witness tiling of a window holding every edge (its
    calissons), or the absorbing cycle.  The window is the one the test worked on
    (solver.plane_verdict), so it is there whenever the verdict is."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons.solver import plane_verdict
    v = plane_verdict(givens)
    rec = {"feasible": v.feasible, "givens": [list(e) for e in givens]}
    if v.feasible:
        rec["heights"] = [[a, b, h] for (a, b), h in sorted(v.heights.items())]   # at the key vertices
        if want_window:
            centre, r, H = v.window
            crossed = []
            for (a, b), h in sorted(H.items()):
                for d in DIRS:
                    e = (a, b, d)
                    hd = H.get(head(e))
                    if hd is not None and hd - h == -2 and all(f in H for f in far_vertices(e)):
                        crossed.append([a, b, d])
            rec["window"] = {"centre": list(centre), "radius": r, "calissons": crossed}
            rec["_draw"] = (centre, r, H)
    else:
        rec["cycle"] = [{"from": list(p), "to": list(q), "weight": w, "kind": k} for p, q, w, k in v.cycle]
        rec["cycle_weight"] = sum(w for _p, _q, w, _k in v.cycle)
    return rec


def feasible_svg(rec: dict) -> str:
    """The proof as a picture: the witness tiling of the window with X, or X and the cycle."""
    # lazy: start-up; calissons/family.py imports this module, these load when a command runs
    from generator.calissons import render
    givens = [tuple(e) for e in rec["givens"]]
    if rec["feasible"]:
        _centre, r, heights = rec["_draw"]
        if 6 * r * r > regions.MAX_REGION_TRIANGLES:
            raise TilepressError(f"feasible: the witness window (radius {r}) is too large to draw; "
                                 "its calissons are in --format json")
        win, _c, _r = window_of(givens)
        H = [heights[v] for v in win.coords]
        pts = [render.xy(v) for v in win.coords]
    else:
        pts = [render.xy(v) for e in givens for v in (e[:2], head(e), *far_vertices(e))]
    x0, x1 = min(p[0] for p in pts) - 1, max(p[0] for p in pts) + 1
    y0, y1 = min(p[1] for p in pts) - 1, max(p[1] for p in pts) + 1
    vb = (x0, y0, x1 - x0, y1 - y0)
    body = []
    if rec["feasible"]:
        groups = render.lozenges(win, H)
        for d in ("z", "x", "y"):
            if groups[d]:
                body.append(polygons_path(groups[d], render.COLOUR[d], "#333333", 0.03))
        title = f"Feasible: a tiling of the plane fits these {len(givens)} edges (window of radius " \
                f"{rec['window']['radius']})"
    else:
        # faint grid round the cycle
        a0 = min(v[0] for e in givens for v in (e[:2], head(e), *far_vertices(e))) - 1
        a1 = max(v[0] for e in givens for v in (e[:2], head(e), *far_vertices(e))) + 1
        b0 = min(v[1] for e in givens for v in (e[:2], head(e), *far_vertices(e))) - 1
        b1 = max(v[1] for e in givens for v in (e[:2], head(e), *far_vertices(e))) + 1
        grid = [(a, b, d) for a in range(a0, a1) for b in range(b0, b1) for d in DIRS
                if a0 <= a + STEP[d][0] <= a1 and b0 <= b + STEP[d][1] <= b1]
        body.append(render._lines(grid, "#d8d2c4", 0.03))
        d = "".join(f"M{num(render.xy(tuple(c['from']))[0])} {num(render.xy(tuple(c['from']))[1])}"
                    f"L{num(render.xy(tuple(c['to']))[0])} {num(render.xy(tuple(c['to']))[1])}"
                    for c in rec["cycle"])
        body.append(f'<path fill="none" stroke="#1d3557" stroke-width="0.07" stroke-dasharray="0.2 0.12" '
                    f'd="{d}"/>')
        dots = [[(x - 0.09, y), (x, y - 0.09), (x + 0.09, y), (x, y + 0.09)]
                for x, y in (render.xy(tuple(c["from"])) for c in rec["cycle"])]
        body.append(polygons_path(dots, "#1d3557"))
        title = (f"Infeasible: an absorbing cycle through {len(rec['cycle'])} key vertices, total weight "
                 f"{rec['cycle_weight']} < 0")
    body.append(render._lines(givens, "#b3261e", 0.12))
    w = render.WIDTH
    return document("\n".join(body), w, w * vb[3] / vb[2], vb, title=title, background="#ffffff")


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
