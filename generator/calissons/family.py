"""Calisson puzzles (after Olivier Longuet's "Le problème des calissons") as a
`generator.families.Family` value.

A calisson tiling of the regular hexagon of side n by unit rhombi is a pile of cubes seen
in perspective (David and Tomei, "The problem of the calissons", 1989).  A puzzle gives
some edges of the tiling; the player draws the rest.  An item is one puzzle with a unique
solution: the grid with its givens (main picture), the solution as a cube pile and the
player's view (extra pictures), black-and-white versions for the printable sheets, and its
permalink, which names the puzzle by its givens (`permalink.py`).

Commands:

    solve FILE|- [--count] [--cap N] --format json
        input  {"n": N, "givens": [[a, b, d], ...]}
        output {"status": "none"|"unique"|"multiple", "count": int|null,
                "solution": {"salient": [[a, b, d], ...], "pp": [[...]]}|null}
        (for "multiple" the solution is the least one; count is null unless --count)
    generate --size N --seed S --level easy|medium|hard [--minimal] --format json|svg|png|pdf|mathix
        output {"n", "givens", "permalink", "difficulty": {...}, "solution": {"salient", "pp"}}
        (permalink null beyond n = 64: a puzzle permalink spells out its givens)
        (mathix: a mathix.org player URL with the givens and the hidden solution edges)
    check FILE|URL|PERMALINK [--cap N] [--picture FILE]
        prints the number of solutions (capped) and writes an SVG marking where they differ
    sample --size N --seed S --format svg|png|json
        a uniformly random tiling of the hexagon, exact (the arctic circle for large N), N up to
        256, named by its permalink cal.v2.<N>.s<S> (`sample.py`; cal.v1 links of the first
        sampler still regenerate); JSON {"n", "seed", "permalink", "volume", "pp"}

site.toml:

    [families.calissons]
    sizes  = [4, 6, 8]                     # hexagon sides, 2..16
    levels = ["easy", "medium", "hard"]
    seeds  = [1, 2]                        # one puzzle per (size, level, seed)
    sample_sizes = [16, 32, 48]            # uniformly random tilings, one per (side, seed)
    sample_seeds = [1]

A random tiling is an item too (`sample.Sample`): `regen`, `to_json`, `to_svg`, `facts` and
`page` tell the two kinds apart by type.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from generator.errors import TilepressError
from generator.families import Command, Family, Param

LEVEL_NAMES = ("easy", "medium", "hard")
MAX_SOLVE_N = 256
MAX_COUNT_N = 128           # counting solutions beyond this takes minutes on a bare hexagon
MAX_GENERATE_N = 256        # calissons.generator.MAX_GENERATE_N
MAX_SAMPLE_N = 256          # calissons.sample.MAX_SAMPLE_N
MAX_INPUT_BYTES = 8 << 20
DEFAULT_CAP = 100000
MAX_ITEMS = 600
VIEWS = ("puzzle", "solution", "player")


# ---- puzzles in and out -------------------------------------------------------------------

def _read(path: str) -> str:
    """Text of a file or of standard input, size-capped."""
    from generator.inputs import read_text
    return read_text(path, MAX_INPUT_BYTES)


def parse_puzzle(text: str) -> tuple[int, list[tuple[int, int, str]]]:
    """Validate a puzzle JSON text: (n, givens)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    return validate_puzzle(obj)


def validate_puzzle(obj) -> tuple[int, list[tuple[int, int, str]]]:
    """Check a decoded puzzle object: n in range, givens distinct interior edges."""
    from generator.calissons.model import DIRS, hexagon
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
    reg = hexagon(n)
    seen = set()
    out = []
    for i, g in enumerate(givens):
        if (not isinstance(g, list) or len(g) != 3 or not all(isinstance(c, int) and not isinstance(c, bool)
                                                            for c in g[:2]) or g[2] not in DIRS):
            raise TilepressError(f"given #{i} must be [a, b, d] with integers a, b and d in x|y|z")
        e = (g[0], g[1], g[2])
        if e not in reg.interior:
            raise TilepressError(f"given #{i} {list(e)} is not an interior edge of the hexagon of side {n}")
        if e in seen:
            raise TilepressError(f"given #{i} {list(e)} is listed twice")
        seen.add(e)
        out.append(e)
    return n, out


def solution_record(n: int, H: list[int]) -> dict:
    """{"salient": [...], "pp": [...]} for a height function."""
    from generator.calissons.model import hexagon, pp_from_heights
    return {"salient": [list(e) for e in hexagon(n).salient_edges(H)], "pp": pp_from_heights(n, H)}


def solve_record(n: int, givens, want_count: bool, cap: int) -> dict:
    """The JSON answer of `solve`."""
    from generator.calissons.model import hexagon
    from generator.calissons.solver import count_solutions, solve
    if want_count and n > MAX_COUNT_N:
        raise TilepressError(f"--count takes n up to {MAX_COUNT_N} (solving without it, up to {MAX_SOLVE_N})")
    sol = solve(hexagon(n), givens)
    count = {"none": 0, "unique": 1}.get(sol.status)
    if want_count and sol.status == "multiple":
        count, capped = count_solutions(hexagon(n), givens, cap)
        if capped:
            print(f"warning: counting stopped at {count} solutions (cap)", file=sys.stderr)
    return {"status": sol.status, "count": count,
            "solution": solution_record(n, sol.least) if sol.least is not None else None}


def _deleting_bar(n: int):
    """A progress wrapper for the greedy deletion of big puzzles (terminal only)."""
    from generator import output
    if n < 16 or not output.PROGRESS:
        return None
    return lambda it: output.progress(it, unit="edge", desc="deleting givens")


def _sweep_counter(n: int):
    """(tick, close) of a progress counter of CFTP sweeps for big sides (terminal only)."""
    from generator import output
    if n < 48 or not output.PROGRESS:
        return None, lambda: None
    return output.counter("sweep")


def generate_record(n: int, seed: int, level: str, minimal: bool):
    """(puzzle, JSON answer of `generate`)."""
    from generator.calissons import permalink
    from generator.calissons.generator import difficulty_record, generate
    tick, close = _sweep_counter(n)
    try:
        pz = generate(n, seed, level, minimal, progress=_deleting_bar(n), tick=tick)
    finally:
        close()
    link = permalink.encode(n, pz.givens) if n <= permalink.MAX_PERMALINK_N else None
    rec = {"n": n, "givens": [list(e) for e in pz.givens], "permalink": link,
           "difficulty": difficulty_record(pz), "solution": solution_record(n, pz.heights)}
    return pz, rec


def view_svg(view: str, n: int, givens, H, title: str) -> str:
    """One of the three pictures of a solved puzzle."""
    from generator.calissons import render
    from generator.calissons.model import hexagon
    if view == "solution":
        return render.solution_svg(n, H, title=title)
    if view == "player":
        return render.player_svg(n, hexagon(n).salient_edges(H), givens, title=title)
    return render.puzzle_svg(n, givens, title=title)


def load_any(source: str) -> tuple[int, list]:
    """A puzzle from a JSON file, a mathix URL or tab string, or a cal permalink."""
    from generator.calissons import mathix, permalink
    s = source.strip()
    if s.startswith("cal.v"):
        return permalink.decode(s)
    if "tab=" in s or (s and set(s.rstrip("0123456789")) <= set("tsf") and len(s) > 5):
        n, givens, _hidden, _num = mathix.parse(s)
        return n, givens
    return parse_puzzle(_read(source))


# ---- the item -----------------------------------------------------------------------------

@dataclass
class Puzzle:
    """A puzzle with its least solution (heights, or None) and its JSON answer."""

    n: int
    givens: list
    heights: list | None
    record: dict
    permalink: str
    generated: object = None     # the generator's Puzzle (difficulty) when made by generate()
    seed: int | None = None
    level: str | None = None


def generate_item(params: dict):
    """A new puzzle of side `size` at a level, a pure function of (size, seed, level, minimal);
    a random tiling when the site plans one (`sample` set)."""
    if params.get("sample"):
        from generator.calissons import sample
        return sample.draw(params["size"], params["seed"])
    pz, rec = generate_record(params["size"], params["seed"], params["level"], params["minimal"])
    return Puzzle(pz.n, list(pz.givens), pz.heights, rec, rec["permalink"], pz, params["seed"], params["level"])


def regen(link: str, overrides: dict) -> Puzzle:
    """The puzzle a permalink names, solved (its JSON: solve's answer plus n, givens, permalink);
    or the random tiling a sample permalink names."""
    from generator.calissons import permalink, sample
    if sample.is_sample_link(link):
        return sample.regen(link)
    from generator.calissons.model import hexagon
    from generator.calissons.solver import solve
    n, givens = permalink.decode(link)
    rec = solve_record(n, givens, bool(overrides.get("count")), DEFAULT_CAP)
    rec.update({"n": n, "givens": [list(e) for e in givens], "permalink": link.strip()})
    return Puzzle(n, givens, solve(hexagon(n), givens).least, rec, link.strip())


def to_svg(item: Puzzle, options: dict) -> str:
    """The puzzle, its solution or the player's view (option `view`); a sample's tiling."""
    from generator.calissons import sample
    if isinstance(item, sample.Sample):
        return sample.to_svg(item)
    view = options.get("view") or "puzzle"
    if view != "puzzle" and item.heights is None:
        raise TilepressError("this puzzle has no solution to draw")
    return view_svg(view, item.n, item.givens, item.heights, item.permalink)


def facts(item: Puzzle) -> list:
    """Size, level, givens, fold edges and the human solver's grades (a sample's own facts)."""
    from generator.calissons import sample
    from generator.calissons.model import hexagon
    if isinstance(item, sample.Sample):
        return sample.facts(item)
    out = [["Size n", item.n]]
    if item.level is not None:
        from generator.calissons.hints import LABEL_TEXT
        out.append(["Level", LABEL_TEXT.get(item.level, item.level)])
    if item.heights is not None and item.n <= hints_max_n():
        from generator.calissons import hints
        out.append(["Reasoning it needs", hints.LEVEL_TEXT[hints.grade_level(
            *reversed(hints.explanation(item.n, tuple(sorted(item.givens)))))]])
    out.append(["Givens", len(item.givens)])
    if item.heights is not None:
        out.append(["Fold edges in the solution", len(hexagon(item.n).salient_edges(item.heights))])
    diff = item.record.get("difficulty")
    if diff:
        out += [["Human-solver depth", diff["depth"]], ["Decided by propagation", diff["propagation"]],
                ["Probes", diff["probes"]]]
    if item.seed is not None:
        out.append(["Seed", item.seed])
    return out


def hints_max_n() -> int:
    """The largest side that grade/hint/explain take (calissons.hints.MAX_HINT_N)."""
    from generator.calissons.hints import MAX_HINT_N
    return MAX_HINT_N


def plan(table: dict, site: dict) -> list[dict]:
    """One item per (size, level, seed)."""
    from generator.errors import ConfigError
    items = [{"id": f"n{n}-{level}-s{seed}", "params": {"size": n, "level": level, "seed": seed,
                                                       "minimal": False}}
             for n in table["sizes"] for level in table["levels"] for seed in table["seeds"]]
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.calissons] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    return items + [{"id": f"sample-n{n}-s{seed}", "params": {"sample": True, "size": n, "seed": seed}}
                    for n in table["sample_sizes"] for seed in table["sample_seeds"]]


def to_json(item) -> dict:
    """A puzzle's record, or a sample's JSON."""
    from generator.calissons import sample
    return sample.to_json(item) if isinstance(item, sample.Sample) else item.record


def page(item: Puzzle, params: dict) -> dict:
    """Title, group, alt text, the solution pictures (the pile of cubes and the fold edges the
    player draws, both folded behind "Show the solution"), the sheet pictures and rules
    (a sample: title, group and alt text only)."""
    from generator.calissons import render, sample
    if isinstance(item, sample.Sample):
        return sample.page(item)
    from generator.calissons.model import hexagon
    from generator.calissons.solver import solve_hexagon
    n = item.n
    sol = solve_hexagon(n, item.givens)
    if sol.status != "unique" or sol.least != item.heights:   # the generator's promise, re-checked
        raise RuntimeError(f"calissons: generated puzzle {params} is not unique")
    title = f"Calisson puzzle, side {n}, {item.level} (seed {item.seed})"
    salient = hexagon(n).salient_edges(item.heights)
    return {
        "title": title,
        "group": f"Side {n}, {item.level}",
        "alt": (f"A hexagon of side {n} on a triangular grid with {len(item.givens)} given edges drawn in red; "
                f"the player must draw every fold edge of the unique pile of cubes."),
        "svg": render.puzzle_svg(n, item.givens, title=title),
        "extra_svgs": {"solution": render.solution_svg(n, item.heights, title=title + " — solution"),
                       "solution_edges": render.player_svg(n, salient, item.givens,
                                                           title=title + " — fold edges")},
        "sheet": {"puzzle": render.puzzle_svg(n, item.givens, bw=True),
                  "solution": render.sheet_answer_svg(n, item.heights, item.givens), "rules": render.RULES},
    }


def figures() -> dict[str, str]:
    """Article figures: a non-unique grid with its two extreme solutions.  (The arctic circle
    is a sample's permalink, `!tilepress cal.v2.40.s1`, drawn by the Markdown extension.)"""
    from generator.calissons import render
    from generator.calissons.model import hexagon, triangle_vertices
    from generator.calissons.solver import solve_hexagon
    out = {}
    # a small puzzle with two solutions: the least and greatest solutions and where they differ
    n = 5
    givens = [(-4, -2, "y"), (-3, -5, "y"), (-3, -3, "x"), (-3, 0, "y"), (-1, 0, "x"), (-1, 3, "x"),
              (0, -2, "y"), (0, 0, "z"), (0, 2, "y"), (0, 4, "x"), (1, 1, "x"), (1, 2, "x"), (1, 4, "x"),
              (3, 0, "x"), (3, 4, "x"), (4, 4, "x")]
    sol = solve_hexagon(n, givens)
    reg = hexagon(n)
    differ = set(sol.differ())
    marked = [t for t in reg.triangles if any(reg.index[v] in differ for v in triangle_vertices(t))]
    out["calissons-differ.svg"] = render.puzzle_svg(n, givens, marked=marked, title="Where the solutions differ")
    out["calissons-least.svg"] = render.solution_svg(n, sol.least, title="Least solution")
    out["calissons-greatest.svg"] = render.solution_svg(n, sol.greatest, title="Greatest solution")
    from generator.calissons.hints import rule_figures
    out.update(rule_figures())
    return out


# ---- commands -----------------------------------------------------------------------------

def run_solve(v: dict) -> int:
    """solve FILE|- [--count] --format json"""
    from generator.output import emit_rendered
    n, givens = parse_puzzle(_read(v["file"]))
    return emit_rendered("json", v["out"], json_obj=solve_record(n, givens, v["count"], v["cap"]))


def run_generate(v: dict) -> int:
    """generate --size N --seed S --level L --format json|svg|png|pdf|mathix"""
    from generator.calissons import mathix
    from generator.output import emit, emit_rendered
    if v["format"] == "mathix" and not 2 <= v["size"] <= 10:
        raise TilepressError("the mathix.org player takes sizes 2..10")
    item = generate_item(v)
    if v["format"] == "mathix":
        emit(mathix.url(item.n, item.generated.givens, item.generated.salient) + "\n", v["out"])
        return 0
    svg = to_svg(item, v) if v["format"] != "json" else None
    return emit_rendered(v["format"], v["out"], json_obj=item.record, svg=svg)


def run_check(v: dict) -> int:
    """check FILE|URL|PERMALINK [--cap N] [--picture FILE]"""
    from generator.calissons import permalink, render
    from generator.calissons.model import hexagon, triangle_vertices
    from generator.calissons.solver import count_solutions, solve
    from generator.output import emit, to_json
    n, givens = load_any(v["source"])
    if n > MAX_COUNT_N:
        raise TilepressError(f"check counts solutions, which takes n up to {MAX_COUNT_N}")
    reg = hexagon(n)
    sol = solve(reg, givens)
    count, capped = count_solutions(reg, givens, v["cap"]) if sol.status != "none" else (0, False)
    differ = set(sol.differ())
    marked = [t for t in reg.triangles if any(reg.index[x] in differ for x in triangle_vertices(t))]
    emit(render.puzzle_svg(n, givens, marked=marked, title=f"{count}{'+' if capped else ''} solutions"),
         v["picture"])
    if v["format"] == "json":
        emit(to_json({"n": n, "status": sol.status, "count": count, "capped": capped,
                      "differ_vertices": [list(reg.coords[x]) for x in sorted(differ)],
                      "permalink": permalink.encode(n, givens) if n <= permalink.MAX_PERMALINK_N else None}),
             v["out"])
    else:
        more = "at least " if capped else ""
        where = f"; solutions differ at {len(differ)} vertices" if differ else ""
        emit(f"n = {n}, {len(givens)} givens: {more}{count} solution{'s' if count != 1 else ''} "
             f"({sol.status}){where}; picture written to {v['picture']}\n", v["out"])
    return 0


def run_sample(v: dict) -> int:
    """sample --size N --seed S --format svg|png|json"""
    from generator.calissons import sample
    from generator.output import emit_rendered
    tick, close = _sweep_counter(v["size"])
    try:
        item = sample.draw(v["size"], v["seed"], tick=tick)
    finally:
        close()
    if v["format"] == "json":
        return emit_rendered("json", v["out"], json_obj=sample.to_json(item))
    return emit_rendered(v["format"], v["out"], svg=sample.to_svg(item))


def _hints_run(name: str):
    """A command runner of generator.calissons.hints (imported when the command runs)."""
    def run(v: dict) -> int:
        from generator.calissons import hints
        return getattr(hints, name)(v)
    return run


HINT_SOURCE = Param("source", "str", "puzzle JSON file (- for stdin), mathix.org URL or tab string, or cal "
                    "permalink (sides up to 24)", positional=True)
SEED = Param("seed", "int", "random seed (integer, default 0)", default=0, min=-(2 ** 63), max=2 ** 63 - 1)
LEVEL = Param("level", "choice", "difficulty (default medium)", default="medium", choices=LEVEL_NAMES)
PARAMS = (
    Param("size", "int", f"hexagon side 2..{MAX_GENERATE_N} (the greedy deletion takes minutes at n = 64, "
          "hours at 128; a progress bar shows on a terminal)", min=2, max=MAX_GENERATE_N, metavar="N"),
    SEED, LEVEL,
    Param("minimal", "bool", "delete every redundant given", default=False),
)
VIEW = Param("view", "choice", "picture for svg/png/pdf output (default puzzle)", default="puzzle",
             choices=VIEWS)
COMMANDS = (
    Command("solve", "solve a calisson puzzle given as JSON",
            (Param("file", "str", "puzzle JSON file, or - for standard input", positional=True),
             Param("count", "bool", "count the solutions (capped)", default=False),
             Param("cap", "int", f"counting cap (default {DEFAULT_CAP})", default=DEFAULT_CAP, min=1,
                   max=10 ** 12)),
            run_solve, formats=("json",)),
    Command("generate", "generate a unique calisson puzzle", PARAMS + (VIEW,), run_generate,
            formats=("json", "svg", "png", "pdf", "mathix")),
    Command("check", "count a puzzle's solutions; picture where they differ",
            (Param("source", "str", "puzzle JSON file (- for stdin), mathix.org URL or tab string, "
                   "or cal permalink", positional=True),
             Param("cap", "int", "stop counting here (default 1000)", default=1000, min=1, max=10 ** 12),
             Param("picture", "str", "SVG marking the triangles where solutions differ "
                   "(default calissons-check.svg)", default="calissons-check.svg", metavar="FILE")),
            run_check, formats=("text", "json")),
    Command("sample", "a uniformly random calisson tiling of the hexagon (the arctic circle)",
            (Param("size", "int", f"hexagon side 1..{MAX_SAMPLE_N}", min=1, max=MAX_SAMPLE_N, metavar="N"),
             Param("seed", "int", "random seed (default 0)", default=0, min=0, max=2 ** 63 - 1)),
            run_sample, formats=("svg", "png", "json")),
    Command("grade", "the level a puzzle needs, measured by the hint rules (local, what-if or beyond)",
            (HINT_SOURCE,), _hints_run("run_grade"), formats=("json",)),
    Command("hint", "the next deduction from the marks made so far: rule, level, edges, sentence",
            (HINT_SOURCE, Param("marks", "str", 'marks so far: {"yes": [[i, j], ...], "no": [[i, j], ...]} '
                                "with dot indices (default: an empty board)", default=None, metavar="MARKS.json")),
            _hints_run("run_hint"), formats=("json",)),
    Command("explain", "the worked solution: every deduction in order (JSON) or an answer sheet (SVG, PDF)",
            (HINT_SOURCE,), _hints_run("run_explain"), formats=("json", "svg", "pdf")),
)
SITE = (
    Param("sizes", "ints", "hexagon sides", default=[4, 6, 8], min=2, max=16, max_items=100),
    Param("sample_sizes", "ints", "sides of the uniformly random tilings in the gallery", default=[],
          min=1, max=64, max_items=6),
    Param("sample_seeds", "ints", "one random tiling per (sample size, sample seed)", default=[1],
          min=0, max=10 ** 9, max_items=6),
    Param("levels", "strs", "difficulty levels", default=["easy", "medium", "hard"], choices=LEVEL_NAMES),
    Param("seeds", "ints", "one puzzle per (size, level, seed)", default=[1, 2], min=0, max=10 ** 9,
          max_items=100),
)

FAMILY = Family(
    name="calissons", title="Calisson puzzles", prefix="cal", versions=(1, 2), version="calissons-5",
    kind="puzzle", params=PARAMS, generate=generate_item, regen=regen,
    regen_params=(Param("count", "bool", "count the solutions (capped)", default=False),),
    permalink=lambda item: item.permalink, to_json=to_json, to_svg=to_svg,
    facts=facts, site=SITE, plan=plan, page=page, commands=COMMANDS, figures=figures,
    svg_params=(VIEW,), formats=("svg", "json", "png", "pdf"),
    description="Calisson puzzles on the hexagon of side n: the givens are edges of a unique "
                "lozenge tiling (a pile of cubes); the player draws its other fold edges.")
