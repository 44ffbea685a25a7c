"""Infinite (periodic) Tantrix patterns as a `generator.families.Family` value.

Tantrix tiles are hexagons carrying three coloured line segments; the 56 tiles of the
full set can cover the plane periodically so that colours match along every edge (the
"Tantrix infinite" problem: Szobonya, "Infinite Tantrix patterns", 2004, five board
methods of which `boards.py` holds our versions).  A pattern is one period: 56 cells of
the hexagonal lattice with a tile and a rotation each, and two period vectors.

Items of the site:

* ``method-<name>`` — one pattern per method, found by the randomised exact search
  (`search.py`) for a configured seed, with a node budget (deterministic, unlike the
  wall-clock `--seconds` of `tantrix search`).  The plain 8 × 7 board is left out by
  default: our exact search finds no solution in minutes (see `attack.py`).
* ``pattern-NN`` — patterns given by permalink in `extra_permalinks` (validated).
* ``class-NNN`` — the extra-symmetric patterns in which every colour forms a single
  closed loop through all 42 of its tiles: the exhaustive enumeration finds 448 with tile
  1 normalised into the first cell; under the symmetry group stated in `classes.py`
  (translations, half turn, mirrors: 224 symmetries) they form 112 classes of 4.  One
  item per class (the member whose permalink sorts first), its three variants on its
  page.  `plan()` reads the classes from `single_loop_classes.txt` (the enumeration's
  output, regenerated and compared by a test), so planning stays fast.

The cost rule (`cost`, `cpu`; docs/build-limits.md): an item's work is counted in search nodes,
one tile put into one cell.  A permalink states its 56 placements (regen only decodes and checks
them); generate's params state their budget, `budget` million nodes, the most the search visits
(a seed that finds nothing spends all of it), at about 0.56 CPU microseconds a node on CPython
(`python bench/tantrix.py --rate`).  The site build's estimate counts each method item at its
whole `search_seconds` budget before any work (`[site] max_cpu_hours`); the page (`page_cap`)
and the Markdown extension (`max_tiles`) read a permalink's 56 from the same rule.

Commands:

    tantrix search --method NAME --seed S [--seconds T] [--uniform] --format json|svg|png
                   [--view periods|wallpaper]
    tantrix enumerate --method extrasymmetric-7x8 --format json [--single-loop]
    tantrix loops PERMALINK            loop statistics per colour (JSON)
    tantrix check FILE                 check a pattern JSON file (exit 0 valid, 2 invalid)

Pattern JSON: {"method", "permalink", "periods": [[q1, r1], [q2, r2]],
"cells": [{"q", "r", "tile", "rotation"}]} (axial pointy-top coordinates, r down).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from generator import output, reporting
from generator.errors import ConfigError, TilepressError
from generator.families import Command, Family, Param
from generator.inputs import read_text
from generator.output import emit, emit_rendered, svg_to_png, to_json

METHODS = ("slanted-4x14", "upright-4x14", "upright-8x7", "symmetric-7x8", "extrasymmetric-7x8")
DEFAULT_SEEDS = {"slanted-4x14": 13, "upright-4x14": 2, "upright-8x7": 0,
                 "symmetric-7x8": 3, "extrasymmetric-7x8": 0}
# the plain 8 x 7 board is not searched by default (see attack.py); list it to try anyway
DEFAULT_METHODS = ["slanted-4x14", "upright-4x14", "symmetric-7x8", "extrasymmetric-7x8"]
MAX_SECONDS = 3600.0
# The command line's search budget, in millions of nodes (about 1.8 million a CPU second, SEARCH_CPU):
# the default seeds need at most 1 million, so a seed that finds nothing stops in seconds.
CLI_BUDGET = 4
MAX_FILE = 1_000_000
MAX_SEED = 2 ** 63
VIEWS = ("periods", "wallpaper")


@dataclass
class Pattern:
    """A pattern and how it was found (seed and search nodes when searched)."""

    pattern: dict
    seed: int | None = None
    nodes: int | None = None


def pattern_json(pattern: dict) -> dict:
    """The machine form of a pattern, exactly the documented keys."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import permalink
    return {"method": pattern["method"], "permalink": permalink.encode(pattern),
            "periods": pattern["periods"], "cells": pattern["cells"]}


def generate(params: dict) -> Pattern:
    """The first pattern the search finds for this seed within `budget` million nodes (deterministic)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix.find import search
    method = params["method"]
    pattern, nodes = search(method, seed=params["seed"], seconds=None, max_nodes=params["budget"] * 1_000_000)
    if pattern is None:
        raise TilepressError(f"no {method} pattern for seed {params['seed']} within "
                             f"{params['budget']} million search nodes; choose another seed or a larger "
                             "budget (--budget; a site's search_seconds)")
    return Pattern(pattern, params["seed"], nodes)


def regen(link: str, overrides: dict) -> Pattern:
    """The pattern a permalink names."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import permalink
    return Pattern(permalink.decode(link))


def permalink_of(item: Pattern) -> str:
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import permalink
    return permalink.encode(item.pattern)


def to_svg(item: Pattern, options: dict) -> str:
    """2 × 2 periods with one outlined (view periods) or one seamless repeat (view wallpaper)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import render
    if options.get("view") == "wallpaper":
        return render.wallpaper_svg(item.pattern)
    return render.pattern_svg(item.pattern, title=permalink_of(item))


def to_png(item: Pattern, options: dict) -> bytes | None:
    """The wallpaper PNG at its exact pixel size (the periods view: the SVG's rasterisation)."""
    if options.get("view") != "wallpaper":
        return None
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import render
    w, _h = render.wallpaper_size(item.pattern, 24.0)
    return svg_to_png(render.wallpaper_svg(item.pattern), width=w)


def _loop_facts(pattern: dict) -> list[list]:
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import loops
    facts = []
    for name, info in loops.summary(pattern).items():
        text = ", ".join(str(n) for n in info["loops"]) or "none"
        if info["lines"]:
            text += "; lines winding around: " + ", ".join(
                f"{ln['length']} tiles along {tuple(ln['periods'])}" for ln in info["lines"])
        facts.append([f"{name} closed loops (tiles)", text])
    return facts


def _shape_facts(pattern: dict) -> list[list]:
    p = pattern["periods"]
    return [["periods", f"{tuple(p[0])}, {tuple(p[1])}"]] + _loop_facts(pattern)


def facts(item: Pattern) -> list:
    """Method (and seed, search nodes when searched), periods, loops of each colour."""
    head = [["method", item.pattern["method"]]]
    if item.seed is not None:
        head += [["seed", item.seed], ["search nodes", item.nodes]]
    return head + _shape_facts(item.pattern)


# ---- the site -----------------------------------------------------------------------------

def plan(table: dict, site: dict) -> list[dict]:
    """Method items, chosen permalinks, then the single-loop patterns."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import permalink
    for n, link in enumerate(table["extra_permalinks"]):
        try:
            permalink.decode(link)
        except TilepressError as exc:
            raise ConfigError(f"[families.tantrix] extra_permalinks[{n}]: {exc}") from None
    seeds = {**DEFAULT_SEEDS, **table["method_seeds"]}
    items = [{"id": f"method-{m}", "params": {"method": m, "seed": seeds[m], "budget": table["search_seconds"]}}
             for m in table["methods"]]
    for n, link in enumerate(table["extra_permalinks"], start=1):
        items.append({"id": f"pattern-{n:02d}", "permalink": link, "params": {"kind": "permalink"}})
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import classes
    return items + classes.plan_items(table["single_loop_count"])


def page(item: Pattern, params: dict) -> dict:
    """Title, group, alt text, facts for the item's kind, the wallpaper picture."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import boards, render
    pattern = item.pattern
    kind = params.get("kind", "method")
    if kind == "permalink":
        title, group = f"{boards.get(pattern['method']).title}: a chosen pattern", "Chosen patterns"
        head = [["method", pattern["method"]]]
    elif kind == "single-loop":
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.tantrix import classes
        fields = classes.item_fields(params, pattern)
        title, group = fields["title"], fields["group"]
        head = [["method", boards.get(pattern["method"]).title]] + fields["facts"]
    else:
        title, group = boards.get(params["method"]).title, "One pattern per board shape"
        head = [["method", params["method"]], ["seed", item.seed], ["search nodes", item.nodes]]
    return {"title": title, "group": group, "facts": head + _shape_facts(pattern),
            **({"cell": fields["cell"], "thumb_svg": fields["thumb_svg"]} if kind == "single-loop" else {}),
            "alt": (fields["alt"] if kind == "single-loop" else
                    f"Tantrix pattern ({title}): all 56 tiles, shown as 2 × 2 periods with one period outlined"),
            # 1x PNG only: the SVG and the seamless wallpaper tile are the large copies
            # (the 2x PNGs of 116 patterns were 8.5 MB, an eighth of the site)
            "png_2x": False,
            "extra_svgs": {"wallpaper": render.wallpaper_svg(pattern, px_per_unit=12.0),
                           **(fields["extra_svgs"] if kind == "single-loop" else {})}}


def figures() -> dict[str, str]:
    """Article figures: the five boards with their cell order, and the tile set."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import figures as figs
    return figs.all_figures()


# ---- commands -----------------------------------------------------------------------------

def emit_pattern(item: Pattern, fmt: str, out: str, view: str) -> int:
    """Write a pattern as JSON, SVG or PNG."""
    if fmt == "json":
        return emit_rendered("json", out, json_obj=pattern_json(item.pattern))
    png = to_png(item, {"view": view}) if fmt == "png" else None
    if png is not None:
        emit(png, out)
        return 0
    return emit_rendered(fmt, out, svg=to_svg(item, {"view": view}))


def run_search(v: dict) -> int:
    """search --method NAME --seed S [--seconds T] [--uniform]"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix.find import search
    if v["uniform"]:
        if v["method"] != "extrasymmetric-7x8":
            raise TilepressError("--uniform needs --method extrasymmetric-7x8 (the only one enumerated)")
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.tantrix.enumerate import uniform_pattern
        return emit_pattern(Pattern(uniform_pattern(v["seed"])), v["format"], v["out"], v["view"])
    pattern, nodes = search(v["method"], seed=v["seed"], seconds=v["seconds"], progress=reporting.PROGRESS)
    if pattern is None:
        raise TilepressError(f"no {v['method']} pattern found within {v['seconds']:g} s "
                             f"({nodes} nodes); try another seed or more --seconds")
    return emit_pattern(Pattern(pattern), v["format"], v["out"], v["view"])


def run_enumerate(v: dict) -> int:
    """enumerate --method extrasymmetric-7x8 [--single-loop]"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import enumerate as enum
    if v["method"] != "extrasymmetric-7x8":
        raise TilepressError("enumerate supports only --method extrasymmetric-7x8")
    result = enum.enumerate_all(progress=reporting.PROGRESS, single_loop_permalinks=v["single_loop"])
    return output.emit_rendered("json", v["out"], json_obj=result)


def run_loops(v: dict) -> int:
    """loops PERMALINK: closed loops and winding lines of each colour."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import loops, permalink
    pattern = permalink.decode(v["permalink"])
    emit(to_json({"permalink": pattern["permalink"], "colours": loops.summary(pattern)}))
    return 0


def run_check(v: dict) -> int:
    """check FILE: the independent checker's verdict."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.tantrix import checker
    raw = read_text(v["file"], MAX_FILE)
    try:
        pattern = json.loads(raw)
    except ValueError as exc:
        raise TilepressError(f"{v['file']}: not JSON ({exc})") from None
    if not isinstance(pattern, dict):
        raise TilepressError(f"{v['file']}: expected a JSON object")
    wrong = checker.problems(pattern)
    if wrong:
        raise TilepressError(f"{v['file']}: invalid pattern: {wrong[0]} ({len(wrong)} problem(s))")
    print("ok: a colour-correct periodic pattern of all 56 tiles")
    return 0


SEED = Param("seed", "int", "randomises the tile order (default 0)", default=0, min=0, max=MAX_SEED - 1)
VIEW = Param("view", "choice", "svg/png: 2x2 periods with one outlined (default) or one seamless "
             "wallpaper repeat", default="periods", choices=VIEWS)
COMMANDS = (
    Command("search", "find a pattern by one of the five methods",
            (Param("method", "choice", "the board method", choices=METHODS), SEED,
             Param("seconds", "float", "give up after this long (default 300)", default=300.0,
                   min=0.001, max=MAX_SECONDS),
             Param("uniform", "bool", "extrasymmetric-7x8 only: choose uniformly among all 7484 "
                   "patterns (up to translation) instead of taking the first one found", default=False),
             VIEW),
            run_search, formats=("json", "svg", "png")),
    Command("enumerate", "exhaustive enumeration of the extra-symmetric method",
            (Param("method", "str", "only extrasymmetric-7x8", default="extrasymmetric-7x8"),
             Param("single_loop", "bool", "also list the permalinks of the single-loop patterns",
                   default=False)),
            run_enumerate, formats=("json",)),
    Command("loops", "closed loops and winding lines of each colour",
            (Param("permalink", "str", "a tx permalink", positional=True),), run_loops),
    Command("check", "check a pattern JSON file with the independent checker",
            (Param("file", "str", "pattern JSON file", positional=True),), run_check),
)
SITE = (
    Param("single_loop_count", "int", "how many classes of single-loop patterns to publish (one each)",
          default=112, min=0, max=112),
    Param("methods", "strs", "one searched pattern per method", default=DEFAULT_METHODS, choices=METHODS,
          min_items=0),
    Param("method_seeds", "table", "method = seed, overriding the default seeds", default={},
          choices=METHODS, min=0, max=MAX_SEED - 1),
    Param("search_seconds", "int", "search budget per method, in millions of nodes (default 16, about "
          "9 CPU seconds: the default seeds need at most 1; the build's estimate counts all of it)", default=16,
          min=1, max=3600),
    Param("extra_permalinks", "strs", "further patterns by tx permalink", default=[], min_items=0,
          max_items=100),
)

# The page's "make your own" form (docs/adding-a-family.md, `Family.form`).
FORM = {"title": "Infinite Tantrix pattern",
        "fields": [],
        "argv": ["tantrix", "search", "--method", "extrasymmetric-7x8", "--seed", "{seed}",
                 "--seconds", "30", "--format", "json"]}


# ---- the cost rule ------------------------------------------------------------------------
# Tantrix work is counted in search nodes: one node is one tile put into one cell of a board
# (`search.Search.nodes`).  A permalink states its 56 placements (the format fixes them: two
# characters each, 112 in all; decoding and checking them is all `regen` does); generate's params
# state their budget, `budget` million nodes — the most the search may visit, and what a seed that
# finds no pattern spends (every seed of the plain 8 x 7 board we tried does).  `cost` is that count and `cpu`
# the CPU seconds per node, so the build's estimate of a method item is its whole budget: an upper
# bound (the default seeds find their patterns within 1 million nodes and stop there).
LINK_NODES = 56                 # a permalink's placements: 56 tiles, each once
# CPython 3.11 on the 2-core build machine: 1.62-2.18 million nodes per CPU second by method, mean
# 1.81-1.86 over three runs (`python bench/tantrix.py --rate`: 5 million nodes on each of the four
# methods a budget is spent on, seeds that find nothing; every extrasymmetric-7x8 seed finds a
# pattern at once); 60 million nodes of `generate` on upright-8x7 took 32.2 CPU s (the rule: 33.3)
SEARCH_CPU = 1 / 1.8e6
# a permalink's 56 placements decoded, checked and its page's pictures laid out: 9-12 ms (class items)
LINK_CPU = 0.0002
# The page's cap (`webapi.cap_error`, asked of permalinks) is the page's own search counted in nodes:
# the form's `tantrix search --seconds 30` at the page's rate, 0.46-0.66 million nodes a second
# (`python bench/tantrix.py --rate --pyodide --budget 3`: Pyodide 314.0.7 under Node, wall clock on
# the shared 2-core machine at load 3-7, four methods; about a third of CPython's).
# A permalink (56) is far below it: the page regenerates every Tantrix link, as before.
PAGE_CAP = 30 * 550_000


def cost(link, params: dict | None = None) -> float:
    """About how many search nodes an item asks for, from its text alone: a permalink (its parsed
    Link or its text) 56, its placements; generate's params (with link None) their `budget` in
    nodes, budget x 1,000,000 — the most the search visits."""
    if link is None:
        return float(params["budget"]) * 1_000_000
    return float(LINK_NODES)


def cpu(params: dict | None, link=None) -> float:
    """CPU seconds per node of `cost`: a search's node (measured, SEARCH_CPU) or a permalink's placement."""
    return LINK_CPU if link is not None else SEARCH_CPU


FAMILY = Family(
    name="tantrix", title="Infinite Tantrix patterns", prefix="tx", versions=(1,), version="5",
    kind="pattern",
    params=(Param("method", "choice", "the board method", choices=METHODS), SEED,
            Param("budget", "int", "search budget in millions of nodes, about 0.56 CPU seconds each (default "
                  f"{CLI_BUDGET}: a seed without a pattern fails within seconds)", default=CLI_BUDGET,
                  min=1, max=3600)),
    generate=generate, regen=regen, regen_params=(), permalink=permalink_of,
    to_json=lambda item: pattern_json(item.pattern), to_svg=to_svg, facts=facts, site=SITE,
    plan=plan, page=page, commands=COMMANDS, figures=figures, svg_params=(VIEW,),
    formats=("json", "svg", "png"), to_png=to_png, cost=cost, cpu=cpu, page_cap=PAGE_CAP, form=FORM,
    exercise=(("--view", "wallpaper"),),
    description="Infinite (periodic) Tantrix patterns with all 56 tiles.")

