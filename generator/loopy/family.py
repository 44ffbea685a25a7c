"""Loopy (Slitherlink) puzzles on aperiodic patches, as a `generator.families.Family` value.

Loopy sits above the tilings: it asks a tiling family for a patch through the protocol
(`generator.families.patch`), builds the planar grid of its tiles (grid.py), grows a loop
(loopgen.py), and removes clues while the graded deduction solver (solver.py) still
solves the puzzle at its level (generate.py).  See site_src/articles/loopy.md.

    python -m generator loopy generate --tiling p2|p3|hat --width W --height H --seed S
                                       --level easy|normal|tricky|hard|expert [--solution] --format json|svg|png|pdf
    python -m generator regen loopy.v2.… (or loopy.v1.…) [--solution] [--style bold|paper] --format json|svg|png|pdf

Levels are Tatham's Easy, Normal, Tricky and Hard, and Expert above them
(generator/loopy/solver.py); a regenerated puzzle's level is measured, never read from the link.

Width and height are the tiling's own region units.  Rough face counts after trimming:
P2 5×4, P3 6×5 and hat 24×20 give about 50 faces; P2 6×5, P3 7×6 and hat 28×24 about
65–85; P2 11×9.5, P3 14×11.5 and hat 60×45 about 250; P2 17.5×15.5, P3 23×18.5 and hat
96×72 about 600.

JSON: {"permalink", "tiling", "level", "dots": [[x, y], …] (the tiling's coordinates, y up),
"faces": [{"dots": [i, …] (counter-clockwise), "clue": int|null}, …], "edges": [[i, j], …],
"solution": [[i, j], …]}.

site.toml:

    [families.loopy]
    tilings = ["p2", "p3", "hat"]
    levels  = ["easy", "normal", "tricky", "hard", "expert"]
    seeds   = [1, 2]                       # one puzzle per (tiling, size, level, seed)
    sizes_p2 = [[6, 5]]                    # regions per tiling, in the tiling's units
    sizes_p3 = [[7, 6]]
    sizes_hat = [[28, 24]]
"""

from __future__ import annotations

from generator.errors import ConfigError, TilepressError
from generator.families import Command, Family, Param, lazy_run, validate
from generator.loopy.solver import LEVELS
from generator.loopy.tiling_source import tilings
from generator.output import emit_rendered
from generator.names import TILINGS as NAMES  # the tilings' names, one source for every page
from generator.names import capital

TILINGS = tilings()
DEFAULT_SIZES = {"p2": [["6", "5"]], "p3": [["7", "6"]], "hat": [["28", "24"]], "spectre": [["18", "15"]]}
MAX_SIDE = 400
SIZES_HELP = ("Generate a unique Loopy puzzle on a patch of a tiling. Width and height are the tiling's "
              "own region units; rough face counts after trimming: P2 5x4, P3 6x5 and hat 24x20 give "
              "about 50 faces; P2 6x5, P3 7x6 and hat 28x24 about 65-85; P2 11x9.5, P3 14x11.5 and hat "
              "60x45 about 250; P2 17.5x15.5, P3 23x18.5 and hat 96x72 about 600; a Spectre 18x15 "
              "about 50, 45x36 about 250.")
MAX_ITEMS = 400


def generate_item(v: dict):
    """A new puzzle from validated parameters."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle
    return puzzle.create(v["tiling"], v["width"], v["height"], v["seed"], v["level"])


def regen(link: str, overrides: dict):
    """The puzzle a permalink names (grid from its tiling, solution by solving the clues)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle
    return puzzle.from_permalink(link)


def to_json(item) -> dict:
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle
    return puzzle.to_json(item)


def to_svg(item, options: dict) -> str:
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import render
    return render.picture(item, solution=bool(options.get("solution")), bold=options.get("style") == "bold",
                          print_style=options.get("style") == "paper")


def shapes(item):
    """The puzzle's faces as ("face", dot numbers, dot positions, {"clue", "sides"}) for the
    maker's exports (generator/maker/): two faces are neighbours when they share a grid edge."""
    g = item.grid
    for ids, clue in zip(g.faces, item.clues):
        yield ("face", tuple(ids), tuple(g.dots[i] for i in ids), {"clue": clue, "sides": len(ids)})


def facts(item) -> list:
    """Facts for the item page (deterministic); the level is the one measured from the clues."""
    g = item.grid
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy.levels import describe
    return [["Tiling", item.tiling_family], ["Level", item.level], ["Faces", len(g.faces)],
            ["Clues", item.clue_count], ["Clue density", f"{item.clue_count / len(g.faces):.2f}"],
            ["Dots", len(g.dots)], ["Edges", len(g.edges)], ["Loop length (edges)", len(item.solution)],
            ["What the level needs", describe(item.level)], ["Tiling permalink", item.tiling]]


def plan(table: dict, site: dict) -> list[dict]:
    """One item per (tiling, size, level, seed)."""
    items = []
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle, tiling_source
    for t in table["tilings"]:
        for w, h in table.get(f"sizes_{t}") or DEFAULT_SIZES[t]:
            try:                         # the cost rule: refused from the numbers, before any work
                puzzle.check_faces(tiling_source.cost(None, t, w, h), f"size {w} x {h}", ConfigError)
            except TilepressError as exc:
                raise ConfigError(f"[families.loopy] sizes_{t}: {exc}") from None
            for level in table["levels"]:
                for seed in table["seeds"]:
                    size = f"{w}x{h}".replace(".", "_")
                    items.append({"id": f"{t}-{size}-{level}-s{seed}",
                                  "params": {"tiling": t, "width": w, "height": h, "seed": seed, "level": level}})
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.loopy] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    return items


def page(item, params: dict) -> dict:
    """Title, group, alt text, the folded solution and the sheet pictures."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import render
    t = params["tiling"]
    title = f"Loopy on a {NAMES.get(t, t)} patch, {item.level} (seed {params['seed']})"
    faces = len(item.grid.faces)
    return {
        "title": title,
        # the gallery is a table: one row per tiling, one column per level
        "group": "Puzzles by tiling and level",
        "cell": [capital(NAMES.get(t, t)), item.level],
        "alt": (f"A Loopy puzzle on {faces} faces of a {NAMES.get(t, t)} patch: dots at the tile corners, "
                f"{item.clue_count} faces show how many of their sides the hidden loop uses."),
        # the site shows the bold style (dark grid lines: a phone's 390 px picture and a 240 px
        # thumbnail still read as a puzzle); the item's command says so
        "svg": render.picture(item, bold=True),
        # the gallery's thumbnail: a crop of the middle where the clues read on a phone
        "thumb_svg": render.thumbnail(item),
        "command": f"python -m generator regen {item.permalink} --style bold --format svg",
        "extra_svgs": {"solution": render.picture(item, solution=True, bold=True, title=title + " — solution")},
        # sheets: the rules once in the page header, the level under each puzzle, puzzles at least
        # 120 mm wide (about 7 mm per grid unit, as Tatham's Loopy prints them)
        "sheet": {"puzzle": render.picture(item, print_style=True, title=title),
                  "solution": render.picture(item, solution=True, print_style=True, title=title + " — solution"),
                  "rules": render.RULES, "caption": f"{NAMES.get(t, t)}, level: {item.level}, {faces} faces",
                  "min_width_mm": 120.0, "paper": on_paper(item)},
    }


# Sizes a sheet uses when the recipe gives none: two puzzles a page keep the readability rule of
# generator/sheet.py (median edge >= 6 mm, digits >= 3.5 mm) on A4 and on Letter.
SHEET_SIZES = {"p2": ("6", "5"), "p3": ("7", "6"), "hat": ("20", "6"), "spectre": ("14", "7")}


def _tiling_of(item) -> str:
    """The tiling name (p2, p3, hat, spectre) of a puzzle, from its tiling permalink."""
    prefix = item.tiling_family
    return next((t for t in TILINGS if prefix == t or prefix.startswith(t)), prefix)


def on_paper(item) -> dict:
    """The puzzle on a printed sheet (generator/sheet.py): dotted grid, the loop in the answer."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import render
    t = _tiling_of(item)
    return {"puzzle": render.picture(item, print_style=True, title=""),
            "answer": render.picture(item, solution=True, print_style=True, title=""),
            "level": item.level.capitalize(), "edge": render._unit(item.grid),
            "kind": f"Loopy on {NAMES.get(t, t)} tiles", "group": t, "rules": render.PAPER_RULES,
            "example": render.example_svg()}


def sheet_recipe(given: dict, count: int) -> list[dict]:
    """generate() params of `count` puzzles (seeds seed, seed + 1, ...); the size defaults to the
    tiling's SHEET_SIZES; the face count is checked by the cost rule before any work."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle, tiling_source
    t = given.get("tiling") or "p3"
    w, h = SHEET_SIZES.get(t, ("6", "5"))
    v = validate(PARAMS, dict({"width": w, "height": h}, **{k: x for k, x in given.items() if x is not None}),
                 "", flags=True)
    puzzle.check_faces(tiling_source.cost(None, v["tiling"], v["width"], v["height"]),
                       f"--width {v['width']} --height {v['height']}")
    if v["seed"] + count - 1 > 2 ** 63 - 1:
        raise TilepressError(f"--seed {v['seed']}: the last puzzle's seed would pass 2**63-1")
    return [dict(v, seed=v["seed"] + i) for i in range(count)]


def figures() -> dict[str, str]:
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy.figures import all_figures
    return all_figures()


def run_generate(v: dict) -> int:
    """generate --tiling T --width W --height H --seed S --level L --format F"""
    item = generate_item(v)
    if v["format"] == "json":
        return emit_rendered("json", v["out"], json_obj=to_json(item))
    return emit_rendered(v["format"], v["out"], svg=to_svg(item, v))


def _hints():
    """generator.loopy.hints, imported when one of its commands runs."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import hints
    return hints


SOURCE = Param("source", "str", "puzzle: a loopy permalink, or a puzzle JSON file (dots, faces with clues; "
               "- for standard input)", positional=True)
HINT_COMMANDS = (
    Command("grade", "the level of a puzzle by Tatham's levels (easy, normal, tricky, hard) or expert/beyond",
            (SOURCE,), lazy_run(_hints, "run_grade"), formats=("json",)),
    Command("hint", "the next deduction from the marks made so far: rule, level, edges, what it reads, sentence",
            (SOURCE, Param("marks", "str", 'marks so far: {"yes": [[i, j], ...], "no": [[i, j], ...]} with dot '
                           "indices (default: an empty board)", default=None, metavar="MARKS.json")),
            lazy_run(_hints, "run_hint"), formats=("json",)),
    Command("explain", "the worked solution: every deduction in order (JSON) or an answer sheet (SVG, PDF)",
            (SOURCE,), lazy_run(_hints, "run_explain"), formats=("json", "svg", "pdf")),
)

PARAMS = (
    Param("tiling", "choice", "the tiling whose patch gives the grid (default p3)", default="p3", choices=TILINGS),
    Param("width", "decimal", "region width in the tiling's units (default 6)", default="6", min=0, max=MAX_SIDE),
    Param("height", "decimal", "region height in the tiling's units (default 5)", default="5", min=0, max=MAX_SIDE),
    Param("seed", "int", "random seed (default 0)", default=0, min=0, max=2 ** 63 - 1),
    Param("level", "choice", "difficulty (default normal)", default="normal", choices=LEVELS),
)
SOLUTION = Param("solution", "bool", "draw the solution loop (svg/png/pdf)", default=False)
STYLE = Param("style", "choice", "plain (default: light grey grid lines), bold (dark lines that read on a phone) "
              "or paper (dotted lines and a black loop, as on the printed sheets)",
              default="plain", choices=("plain", "bold", "paper"))
SITE = (
    Param("tilings", "strs", "tilings to publish puzzles on", default=[t for t in ("p2", "p3", "hat") if t in TILINGS],
          choices=TILINGS),
    Param("levels", "strs", "difficulty levels", default=list(LEVELS), choices=LEVELS),
    Param("seeds", "ints", "one puzzle per (tiling, size, level, seed)", default=[1, 2], min=0, max=10 ** 9,
          max_items=100),
) + tuple(Param(f"sizes_{t}", "sizes", f"regions of the {t} patches (default {DEFAULT_SIZES[t]})",
                default=DEFAULT_SIZES[t], min=0, max=120, max_items=10) for t in TILINGS)

# The page's "make your own" form (docs/adding-a-family.md, `Family.form`).
# Loopy: choosing a tiling sets a size of about 70 faces (P2, P3, hat) or 50 (Spectre) and the
# largest size the page makes, about 600 faces at every level (within PAGE_CAP).
FORM = {"title": "Loopy puzzle",
        "fields": [{"name": "tiling", "label": "Tiling", "type": "select", "value": "p3",
                    "help": "the tiling whose edges the loop runs along (choosing one sets a size)",
                    "choices": [
                       # per_area and margin: least squares over the default, ~250- and ~600-face
                       # sizes, seeds 1-3 (within 2% of the mean there; tests/test_loopy_page_cap.py)
                       {"value": "p2", "label": "Penrose P2", "per_area": 2.06, "margin": 0.76,
                        "sets": {"width": [6, 17], "height": [5, 16]}},
                       {"value": "p3", "label": "Penrose P3", "per_area": 1.22, "margin": 1.32,
                        "sets": {"width": [7, 24], "height": [6, 18]}},
                       {"value": "hat", "label": "hat", "per_area": 0.073, "margin": 4.5,
                        "sets": {"width": [28, 100], "height": [24, 76]}},
                       {"value": "spectre", "label": "Spectre", "per_area": 0.1235, "margin": 3.55,
                        "sets": {"width": [18, 76], "height": [15, 57]}}]},
                   {"name": "width", "label": "Width", "type": "number", "min": 2, "max": 24, "value": 7,
                    "help": "of the tiling patch, in the tiling's own unit"},
                   {"name": "height", "label": "Height", "type": "number", "min": 2, "max": 18, "value": 6,
                    "help": "of the tiling patch, in the tiling's own unit"},
                   {"name": "level", "label": "Level", "type": "select",
                    "choices": ["easy", "normal", "tricky", "hard", "expert"], "value": "normal",
                    "help": "how much reasoning the puzzle needs (easy: each step follows from one clue)"}],
        "count": {"unit": "faces", "per_area_from": "tiling"},
        "argv": ["loopy", "generate", "--tiling", "{tiling}", "--width", "{width}", "--height", "{height}",
                 "--seed", "{seed}", "--level", "{level}", "--format", "json"],
        "exercise": {"tiling": "p2", "width": "5", "height": "4", "level": "normal"}}


def cost(link: str | None, params: dict | None = None) -> float:
    """About how many faces a permalink (or generate's tiling and size) asks for, from the text."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.loopy import puzzle, tiling_source
    if link is None:
        tiles = tiling_source.cost(None, params["tiling"], params["width"], params["height"])
        return tiles / puzzle.FACE_ESTIMATE_MARGIN
    return puzzle.cost(link)


def cpu(params: dict | None, link: str | None = None) -> float:
    """CPU seconds per face of `cost` to make a puzzle (measured on CPython: a 335-face p3 Expert
    puzzle 8.9 s, a 173-face hat one 4.4 s, the other levels 1 s or less); a permalink is only redrawn."""
    return 0.026 if params and params.get("level") == "expert" and link is None else 0.005


# The page makes puzzles up to about 640 faces: the form's largest sizes give 590-620 faces on
# every tiling (tests/test_loopy_page_cap.py), 4 units more give over 660.
PAGE_CAP = 640

# The page worker's warm-up: a small puzzle made through the same code as the form's Make (tiling
# patch, grid, loop, clue thinning, solver) and drawn.  A WebAssembly engine first runs a function
# in quickly compiled slow code and compiles its fast code in the background once it is hot: in
# Chromium on a loaded 2-core machine the first 250-face Hard hat puzzle made after start-up took
# 7.7 s against 3.9 s for the same puzzle made next; after this warm-up (0.3-0.9 s) and 4 idle
# seconds the first one took 4.1 s.  The page asks for it when the visitor starts on the form.
WARM_UP = ("loopy", "generate", "--tiling", "p3", "--width", "7", "--height", "6", "--seed", "1", "--level", "hard",
           "--format", "svg")


FAMILY = Family(
    name="loopy", title="Loopy puzzles on aperiodic grids", prefix="loopy", versions=(1, 2), version="loopy-5",
    kind="puzzle", params=PARAMS, generate=generate_item, regen=regen, regen_params=(),
    permalink=lambda item: item.permalink, to_json=to_json, to_svg=to_svg, facts=facts, site=SITE,
    plan=plan, page=page,
    commands=(Command("generate", "generate a unique Loopy puzzle on a tiling patch", PARAMS + (SOLUTION,),
                      run_generate, formats=("json", "svg", "png", "pdf"), description=SIZES_HELP),)
    + HINT_COMMANDS,
    figures=figures, shapes=shapes, svg_params=(SOLUTION, STYLE), formats=("svg", "json", "png", "pdf"),
    cost=cost, cpu=cpu, page_cap=PAGE_CAP, form=FORM, exercise=(("--solution",),),
    player="loopy.play", hinter="loopy.hints", page_modules=("loopy.play", "loopy.hints", "loopy.puzzle"),
    page_calls=("loopy.puzzle.create",),
    memo_modules=("loopy.puzzle",), warm_up=WARM_UP, on_paper=on_paper, sheet_recipe=sheet_recipe,
    description="Loopy (Slitherlink) on the tiles of Penrose and hat patches: draw one loop "
                "along the grid lines so that each number counts its face's sides on the loop.")
