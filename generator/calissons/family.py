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

Other shapes (onregion.py, regions.py): `--region WORD|NAME` on solve (or "region" in the
file instead of "n"), check, generate, sample, grade, hint and explain; JSON then carries "region": {"word", "name",
"size", "boundary", "triangles"} and solutions as {"salient", "calissons"}; permalinks
cal.v3.<word>~<givens> and cal.v3.<word>.s<seed>.

    region --seed S --size N --format text|json|svg   a random tilable shape (its word)
    feasible FILE|LINK [--picture FILE] --format text|json  the infinite grid: yes + witness
                                                       window, or no + the absorbing cycle (SVG);
                                                       a plane instance's link is cal.v4.<edges>
                                                       (`Plane`: regen, to_svg, to_json, facts, page)

site.toml:

    [families.calissons]
    sizes  = [4, 6, 8]                     # hexagon sides, 2..16
    levels = ["easy", "medium", "hard"]
    seeds  = [1, 2]                        # one puzzle per (size, level, seed)
    sample_sizes = [16, 32, 48]            # uniformly random tilings, one per (side, seed)
    sample_seeds = [1]
    shapes = ["star:1", "long:2"]          # puzzles on named shapes, one per level
    random_shapes = [150, 400]             # puzzles on random shapes of N triangles
    shape_seeds = [1]                      # one random shape per (size, seed)
    plane_permalinks = ["cal.v4.0_0x.1_1y"]   # given edges on the infinite grid, one item each

A random tiling is an item too (`sample.Sample`): `regen`, `to_json`, `to_svg`, `facts` and
`page` tell the two kinds apart by type.
"""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import dataclass

from generator.errors import ConfigError, TilepressError
from generator.calissons.onregion import (MAX_INPUT_BYTES, MAX_REGION_COUNT_TRIANGLES, MAX_SOLVE_N,
                                          _deleting_bar, _load_json, _read, _sweep_counter, clusters,
                                          feasible_svg, json_board, load_any, load_board, parse_puzzle,
                                          region_of, validate_puzzle)
from generator.families import Command, Family, Param, lazy_run, validate
from generator.inputs import read_text
from generator.output import emit, emit_rendered
from generator.permalinks import as_link
from generator.calissons.model import (NEXT, edge_triangles, far_vertices, head, hexagon, pp_from_heights,
                                       triangle_edges, triangle_vertices)
from generator.calissons import onregion
from generator.calissons.regions import parse_region, random_region

LEVEL_NAMES = ("easy", "medium", "hard")
MAX_COUNT_N = 128           # counting solutions beyond this takes minutes on a bare hexagon
MAX_GENERATE_N = 256        # calissons.generator.MAX_GENERATE_N
MAX_SAMPLE_N = 256          # calissons.sample.MAX_SAMPLE_N
DEFAULT_CAP = 100000
MAX_ITEMS = 600
VIEWS = ("puzzle", "solution", "player", "heights", "paper", "paper-answer")


# ---- puzzles in and out -------------------------------------------------------------------

def solution_record(n: int, H: list[int]) -> dict:
    """{"salient": [...], "pp": [...]} for a height function."""
    return {"salient": [list(e) for e in hexagon(n).salient_edges(H)], "pp": pp_from_heights(n, H)}


def solve_record(n: int, givens, want_count: bool, cap: int) -> dict:
    """The JSON answer of `solve`."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.solver import count_solutions, solve
    if want_count and n > MAX_COUNT_N:
        raise TilepressError(f"--count takes n up to {MAX_COUNT_N} (solving without it, up to {MAX_SOLVE_N})")
    sol = solve(hexagon(n), givens)
    count = {"none": 0, "unique": 1}.get(sol.status)
    if want_count and sol.status == "multiple":
        count, capped = count_solutions(hexagon(n), givens, cap)
        if capped:
            print(f"warning: counting stopped at {count} solutions (cap)", file=sys.stderr)
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.certificate import certify
    return {"status": sol.status, "count": count,
            "solution": solution_record(n, sol.least) if sol.least is not None else None,
            "certificate": certify(hexagon(n), givens, sol, lambda H: solution_record(n, H))}


def generate_record(n: int, seed: int, level: str, minimal: bool):
    """(puzzle, JSON answer of `generate`)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
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
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render
    if view == "solution":
        return render.solution_svg(n, H, title=title)
    if view == "player":
        return render.player_svg(n, region_of(n).salient_edges(H), givens, title=title)
    if view == "paper":
        return render.paper_svg(n, givens)
    if view == "paper-answer":
        return render.paper_answer_svg(n, H, givens)
    if view == "heights":
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons.heights import heights_svg
        from generator.calissons.solver import solve
        sol = solve(region_of(n), givens)
        return heights_svg(n, givens, sol.least, sol.greatest, title=title)
    return render.puzzle_svg(n, givens, title=title)


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
    board = params["size"]
    if params.get("region", "hexagon") != "hexagon":
        board = onregion.board(params["region"], params["size"], params.get("seed"))
    if params.get("sample"):
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons import sample
        if not isinstance(board, int):
            return sample.draw_region(board, params["seed"])
        return sample.draw(params["size"], params["seed"])
    if not isinstance(board, int):
        pz, rec = onregion.generate_record(board, params["seed"], params["level"], params["minimal"])
        return Puzzle(board, list(pz.givens), pz.heights, rec, rec["permalink"], pz, params["seed"],
                      params["level"])
    pz, rec = generate_record(params["size"], params["seed"], params["level"], params["minimal"])
    return Puzzle(pz.n, list(pz.givens), pz.heights, rec, rec["permalink"], pz, params["seed"], params["level"])


@dataclass
class Plane:
    """Given edges on the infinite grid (a cal.v4 link): the verdict with its witness window or
    absorbing cycle (onregion.feasible)."""

    givens: list
    record: dict                 # feasible's JSON and the permalink
    drawn: dict | None           # the witness window as feasible_svg draws it (None: infeasible)
    permalink: str


def plane_item(link) -> Plane:
    """The plane instance a `cal.v4.` link (a Link) names, decided (its cost checked from the text first)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink
    givens = permalink.decode_plane(link)
    rec = onregion.feasible(givens)
    drawn = rec.pop("_draw", None)
    text = str(link).strip()
    rec["permalink"] = text
    return Plane(givens, rec, drawn, text)


def regen(link, overrides: dict) -> Puzzle:
    """The puzzle a parsed permalink (a Link) names, solved (its JSON: solve's answer plus n, givens,
    permalink); or the random tiling a sample permalink names; or the plane instance a cal.v4 link
    names."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink, sample
    link = as_link(link)
    if permalink.is_plane_link(link):
        return plane_item(link)
    if sample.is_sample_link(link):
        return sample.regen(link)
    if permalink.is_region_link(link):
        if sample.is_region_sample_link(link):
            shape, seed = sample.parse_region_link(link)
            return sample.draw_region(shape, seed)
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons.solver import solve
        shape, givens = permalink.decode_region(link)
        rec = onregion.solve_record(shape, givens, bool(overrides.get("count")), DEFAULT_CAP)
        rec.update({"givens": [list(e) for e in givens], "permalink": link.text})
        return Puzzle(shape, givens, solve(shape.region, givens).least, rec, link.text)
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.solver import solve
    n, givens = permalink.decode(link)
    rec = solve_record(n, givens, bool(overrides.get("count")), DEFAULT_CAP)
    rec.update({"n": n, "givens": [list(e) for e in givens], "permalink": link.text})
    return Puzzle(n, givens, solve(hexagon(n), givens).least, rec, link.text)


def to_svg(item: Puzzle, options: dict) -> str:
    """The puzzle, its solution or the player's view (option `view`); a sample's tiling."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import sample
    if isinstance(item, Plane):
        if (options.get("view") or "puzzle") != "puzzle":
            raise TilepressError("--view: a plane instance (cal.v4) has one picture, the witness window or "
                                 f"the absorbing cycle (not {options.get('view')!r})")
        return feasible_svg(dict(item.record, _draw=item.drawn))
    if isinstance(item, sample.Sample):
        return sample.to_svg(item)
    if isinstance(item, sample.RegionSample):
        return sample.region_to_svg(item)
    view = options.get("view") or "puzzle"
    if view not in ("puzzle", "paper") and item.heights is None:
        raise TilepressError("this puzzle has no solution to draw")
    return view_svg(view, item.n, item.givens, item.heights, item.permalink)


def facts(item: Puzzle) -> list:
    """Size, level, givens, fold edges and the human solver's grades (a sample's own facts)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import sample
    if isinstance(item, Plane):
        return plane_facts(item)
    if isinstance(item, sample.Sample):
        return sample.facts(item)
    if isinstance(item, sample.RegionSample):
        return sample.region_facts(item)
    if isinstance(item.n, int):
        out = [["Size n", item.n]]
    else:                                   # another shape
        out = [["Region", item.n.label], ["Triangles", len(item.n.triangles)]]
    if item.level is not None:
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons.hints import LABEL_TEXT
        out.append(["Level", LABEL_TEXT.get(item.level, item.level)])
    if item.heights is not None and _hintable(item.n):
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons import hints
        out.append(["Reasoning it needs", hints.LEVEL_TEXT[hints.grade_level(
            *reversed(hints.explanation(item.n, tuple(sorted(item.givens)))))]])
    out.append(["Givens", len(item.givens)])
    if item.heights is not None:
        out.append(["Fold edges in the solution", len(region_of(item.n).salient_edges(item.heights))])
    diff = item.record.get("difficulty")
    if diff:
        # the human-style solver's grades (generator/calissons/human.py), said in words
        out += [["Solving depth (0: the rules alone solve it; 1: needs what-if tries; 2: what-if tries get stuck)",
                 diff["depth"]],
                ["Share of the edges the rules decide before any what-if try", diff["propagation"]],
                ["Successful what-if tries (assume a mark, reach a contradiction)", diff["probes"]]]
    if item.seed is not None:
        out.append(["Seed", item.seed])
    return out


def plane_facts(item: Plane) -> list:
    """Edges, the verdict and its proof in words."""
    rec = item.record
    out = [["Board", "the infinite triangular grid"], ["Given edges", len(item.givens)]]
    if rec["feasible"]:
        win = rec["window"]
        out.append(["Verdict", "a tiling of the plane fits every given edge"])
        if len(win["patches"]) == 1:
            out.append(["Witness window", f"a hexagon of radius {win['patches'][0][2]}, "
                                          f"{len(win['calissons'])} calissons"])
        else:
            out.append(["Witness window", f"{len(win['patches'])} hexagons of radius {win['patches'][0][2]} round "
                                          f"the edges in {clusters(win['patches'])} clusters far apart, "
                                          f"{len(win['calissons'])} calissons"])
    else:
        out += [["Verdict", "no tiling of the plane fits them"],
                ["Absorbing cycle", f"{len(rec['cycle'])} arcs, total weight {rec['cycle_weight']}"]]
    return out


def _hintable(board) -> bool:
    """Whether grade/hint/explain take this board (calissons.hints' size limits)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.hints import MAX_HINT_N, MAX_HINT_TRIANGLES
    return board <= MAX_HINT_N if isinstance(board, int) else len(board.triangles) <= MAX_HINT_TRIANGLES


def plan(table: dict, site: dict) -> list[dict]:
    """One item per (size, level, seed)."""
    items = [{"id": f"n{n}-{level}-s{seed}", "params": {"size": n, "level": level, "seed": seed,
                                                       "minimal": False}}
             for n in table["sizes"] for level in table["levels"] for seed in table["seeds"]]
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.calissons] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    for name in table["shapes"]:
        try:
            reg = parse_region(name).region
        except TilepressError as exc:
            raise ConfigError(f"[families.calissons] shapes: {exc}") from None
        if reg.floor == reg.ceil:
            raise ConfigError(f"[families.calissons] shapes: {name} has a single tiling (no puzzle)")
    items += [{"id": f"{name.replace(':', '')}-{level}-s{seed}",
               "params": {"region": name, "size": 0, "level": level, "seed": seed, "minimal": False}}
              for name in table["shapes"] for level in table["levels"] for seed in table["seeds"][:1]]
    for size in table["random_shapes"]:
        if size % 2:
            raise ConfigError(f"[families.calissons] random_shapes: {size} is odd (a shape of calissons has an "
                              "even number of triangles)")
        for rs in table["shape_seeds"]:
            items += [{"id": f"random{rs}-t{size}-{level}-s{seed}",
                       "params": {"region": f"random:{rs}:{size}", "size": 0, "level": level, "seed": seed,
                                  "minimal": False}}
                      for level in table["levels"] for seed in table["seeds"][:1]]
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.calissons] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    items += [{"id": f"sample-n{n}-s{seed}", "params": {"sample": True, "size": n, "seed": seed}}
              for n in table["sample_sizes"] for seed in table["sample_seeds"]]
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink
    for i, link in enumerate(table.get("plane_permalinks", [])):
        try:
            permalink.decode_plane(link)
        except TilepressError as exc:
            raise ConfigError(f"[families.calissons] plane_permalinks[{i}]: {exc}") from None
        items.append({"id": f"plane-{i + 1}", "permalink": link, "params": {"kind": "plane"}})
    return items


def random_shape_word(seed: int, size: int) -> str:
    """The word of `calissons region --seed S --size N`."""
    return random_region(seed, size).word


def to_json(item) -> dict:
    """A puzzle's record, or a sample's JSON."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import sample
    if isinstance(item, Plane):
        return item.record
    if isinstance(item, sample.RegionSample):
        return sample.region_to_json(item)
    return sample.to_json(item) if isinstance(item, sample.Sample) else item.record


def shapes(item):
    """The calissons (lozenges) of the item's tiling — a puzzle's solution, a random tiling — as
    (kind x|y|z, exact integer vertices, points, {}) for the maker's exports (generator/maker/):
    kind is the lozenge's direction (z the cube tops), y up as in the JSON's plane."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render, sample
    if isinstance(item, Plane):                 # the witness window's calissons
        if item.drawn is None:
            raise TilepressError("these edges fit no tiling of the plane, so there are no calissons to export")
        crossed = item.drawn["calissons"]
    elif isinstance(item, sample.Sample):
        region, H = render._region(item.n), list(item.heights)
    elif isinstance(item, sample.RegionSample):
        region, H = item.shape.region, list(item.heights)
    else:
        if item.heights is None:
            raise TilepressError("this puzzle has no solution, so no calissons to export")
        region, H = render._region(item.n), list(item.heights)
    if not isinstance(item, Plane):
        crossed = sorted(region.crossed_edges(H))
    for e in crossed:
        A, B = far_vertices(e)
        quad = (tuple(e[:2]), tuple(A), tuple(head(e)), tuple(B))
        pts = tuple((x, -y) for x, y in map(render.xy, quad))
        if (pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) - (pts[1][1] - pts[0][1]) * (pts[2][0] - pts[0][0]) < 0:
            quad, pts = quad[::-1], pts[::-1]          # anticlockwise, y up
        yield (e[2], quad, pts, {})


def page(item: Puzzle, params: dict) -> dict:
    """Title, group, alt text, the solution pictures (the pile of cubes and the fold edges the
    player draws, both folded behind "Show the solution"), the sheet pictures and rules
    (a sample: title, group and alt text only)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render, sample
    if isinstance(item, Plane):
        return plane_page(item)
    if isinstance(item, sample.Sample):
        return sample.page(item)
    if isinstance(item, sample.RegionSample):
        return sample.region_page(item)
    if not isinstance(item.n, int):
        return _region_page(item, params)
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.solver import solve_hexagon
    n = item.n
    sol = solve_hexagon(n, item.givens)
    if sol.status != "unique" or sol.least != item.heights:   # the generator's promise, re-checked
        raise RuntimeError(f"calissons: generated puzzle {params} is not unique")
    title = f"Calisson puzzle, side {n}, {item.level} (seed {item.seed})"
    salient = hexagon(n).salient_edges(item.heights)
    return {
        "title": title,
        # the gallery is a table: one row per shape, one column per level
        "group": "Puzzles by shape and level",
        "cell": [f"Hexagon, side {n}", item.level],
        "alt": (f"A hexagon of side {n} on a triangular grid with {len(item.givens)} given edges drawn in red; "
                f"the player must draw every fold edge of the unique pile of cubes."),
        "svg": render.puzzle_svg(n, item.givens, title=title),
        "extra_svgs": {"solution": render.solution_svg(n, item.heights, title=title + " — solution"),
                       "solution_edges": render.player_svg(n, salient, item.givens,
                                                           title=title + " — fold edges")},
        # sheets: the paper pictures (givens as double lines), the rules a pupil reads, the level in words
        "sheet": {"puzzle": render.paper_svg(n, item.givens),
                  "solution": render.paper_answer_svg(n, item.heights, item.givens), "rules": render.PAPER_RULES,
                  "caption": f"level: {item.level}", "paper": on_paper(item)},
    }


def plane_page(item: Plane) -> dict:
    """Title, group and alt text of a plane instance's item page (its picture is to_svg's)."""
    rec, k = item.record, len(item.givens)
    if rec["feasible"]:
        n = clusters(rec["window"]["patches"])
        where = "one window round them" if n == 1 else f"{n} windows round them, far apart"
        alt = (f"{k} given edges on the infinite triangular grid, drawn in red, inside a calisson tiling that fits "
               f"them all, shown in {where}.")
        title = f"Calissons on the infinite grid: {k} edges, a tiling fits them"
    else:
        alt = (f"{k} given edges on the infinite triangular grid, drawn in red, with a dashed cycle of height "
               f"bounds of total weight {rec['cycle_weight']}: no calisson tiling of the plane fits them.")
        title = f"Calissons on the infinite grid: {k} edges, no tiling fits them"
    return {"title": title, "group": "Tilings to look at", "alt": alt}


def shape_words(shape) -> str:
    """A shape as a visitor reads it ("Star, points of side 2"), capitalised, for the gallery."""
    n = shape.size
    words = {"hexagon": f"Hexagon, side {n}", "star": f"Star, points of side {n}",
             "long": f"Long hexagon, sides {2 * n}, {n}, {n}" if n else "",
             "wide": f"Wide hexagon, sides {n}, {2 * n}, {n}" if n else ""}.get(shape.name or "")
    label = words or shape.label
    return label[:1].upper() + label[1:]


def _region_page(item: Puzzle, params: dict) -> dict:
    """The item page of a puzzle on another region (same pictures, the region's rules)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render
    from generator.calissons.solver import solve
    shape = item.n
    sol = solve(shape.region, item.givens)
    if sol.status != "unique" or sol.least != item.heights:   # the generator's promise, re-checked
        raise RuntimeError(f"calissons: generated puzzle {params} is not unique")
    title = f"Calisson puzzle on {shape.label}, {item.level} (seed {item.seed})"
    salient = shape.region.salient_edges(item.heights)
    words = shape_words(shape)
    return {
        # the page says the shape in words ("Star, points of side 2"); the pictures keep `title`
        "title": f"Calisson puzzle: {words[:1].lower()}{words[1:]}, {item.level} (seed {item.seed})",
        "group": "Puzzles by shape and level",
        "cell": [words, item.level],
        "alt": (f"{words} on a triangular grid ({len(shape.triangles)} triangles) "
                f"with {len(item.givens)} given edges drawn in red; the player must draw every fold edge of "
                "its unique calisson tiling."),
        "svg": render.puzzle_svg(shape, item.givens, title=title),
        "extra_svgs": {"solution": render.solution_svg(shape, item.heights, title=title + " — solution"),
                       "solution_edges": render.player_svg(shape, salient, item.givens,
                                                           title=title + " — fold edges")},
        "sheet": {"puzzle": render.paper_svg(shape, item.givens),
                  "solution": render.paper_answer_svg(shape, item.heights, item.givens),
                  "rules": render.PAPER_RULES, "caption": f"level: {item.level}", "paper": on_paper(item)},
    }


MAX_SHEET_N = 14            # a hexagon of side 14 is about 160 mm wide at 6 mm an edge: one an A4 page


def on_paper(item) -> dict | None:
    """The puzzle on a printed sheet (generator/sheet.py); a random tiling is not a puzzle (None)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render
    if not isinstance(item, Puzzle) or item.heights is None:
        return None
    shape = "a hexagon" if isinstance(item.n, int) else item.n.label
    level = item.level
    if level is None:               # from a permalink: the reasoning the hints measure
        # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
        from generator.calissons import hints
        level = {"local": "Medium", "what-if": "Hard"}.get(
            hints.grade_level(*reversed(hints.explanation(item.n, tuple(sorted(item.givens))))), "Hard") \
            if _hintable(item.n) else "Not graded"
    return {"puzzle": render.paper_svg(item.n, item.givens),
            "answer": render.paper_answer_svg(item.n, item.heights, item.givens),
            "level": level.capitalize(), "edge": 1.0, "kind": f"Calissons on {shape}",
            "rules": render.PAPER_RULES, "example": render.paper_example_svg()}


def sheet_recipe(given: dict, count: int) -> list[dict]:
    """generate() params of `count` puzzles (seeds seed, seed + 1, ...), the hexagon's side checked
    before any work (at most MAX_SHEET_N: bigger ones cannot print readably)."""
    v = validate(PARAMS, {k: x for k, x in given.items() if x is not None}, "", flags=True)
    if v.get("region", "hexagon") == "hexagon" and v["size"] > MAX_SHEET_N:
        raise TilepressError(f"--size must be at most {MAX_SHEET_N} on a sheet (a side-{v['size']} hexagon "
                             "cannot print with 6 mm edges), got " + str(v["size"]))
    if v.get("region", "hexagon") == "hexagon" and v["size"] < 2:
        raise TilepressError(f"--size must be at least 2 on a sheet, got {v['size']}")
    return [dict(v, seed=v["seed"] + i) for i in range(count)]


def figures() -> dict[str, str]:
    """Article figures: a non-unique grid with its two extreme solutions.  (The arctic circle
    is a sample's permalink, `!tilepress cal.v2.40.s1`, drawn by the Markdown extension.)"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import render
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
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.hints import rule_figures
    out.update(rule_figures())
    out.update(sat_figures())
    out.update(certificate_figures())
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons.heights import figures as height_figures
    out.update(height_figures())
    out.update(region_figures())
    return out


NONE_CYCLE = (3, [(-2, -1, "x"), (-2, 0, "x"), (-1, 0, "z")])          # refuted by a cycle of givens
NONE_PATH = (4, [(-3, -3, "y"), (-2, -1, "x"), (-1, -3, "z"), (-1, -1, "y"), (0, 0, "y"), (1, -1, "z")])


def certificate_figures() -> dict[str, str]:
    """The two kinds of "no solution" certificate, drawn by `calissons check --picture`."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import certificate
    from generator.calissons.solver import solve
    out = {}
    for name, (n, givens) in (("cycle", NONE_CYCLE), ("path", NONE_PATH)):
        reg = hexagon(n)
        rec = certificate.certify(reg, givens, solve(reg, givens), lambda H: None)
        out[f"calissons-none-{name}.svg"] = certificate.picture(n, givens, rec, "none")
    return out


MATCHING_PUZZLE = (3, 1, "hard")     # a unique puzzle whose first perfect matching breaks the colour rule


def sat_figures() -> dict[str, str]:
    """Figures of "why standard methods fail": the calissons one SAT clause class speaks of, and a
    perfect matching that keeps rule (i) but breaks rule (ii) beside the true solution."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import cnf, render
    from generator.calissons.generator import generate
    n, seed, level = MATCHING_PUZZLE
    pz = generate(n, seed, level)
    reg = hexagon(n)
    tiling = cnf.matching_tiling(reg, pz.givens)
    broken = cnf.colour_breaks(reg, pz.givens, tiling)
    out = {"calissons-matching.svg": render.crossed_svg(n, tiling, pz.givens, title="A perfect matching that "
                                                        "crosses no given edge but breaks the colour rule",
                                                        flagged=broken),
           "calissons-matching-solution.svg": render.crossed_svg(n, reg.crossed_edges(pz.heights), pz.givens,
                                                                 title="The puzzle's only solution")}
    # class 1 and 2: the three calissons that could cover one triangle; class 4: the four beside a given edge
    t = (0, 0, 0)
    out["calissons-sat-cover.svg"] = render.crossed_svg(2, triangle_edges(t), [], opacity=0.55,
                                                        title="Clauses 1 and 2: exactly one of three calissons "
                                                              "covers the triangle")
    e = (0, 0, "x")
    d1, d2 = NEXT[e[2]], NEXT[NEXT[e[2]]]
    beside = [f for s in edge_triangles(e) for f in triangle_edges(s) if f[2] in (d1, d2)]
    out["calissons-sat-fold.svg"] = render.crossed_svg(2, beside, [e], opacity=0.55,
                                                       title="Clauses 3 and 4: the given edge is not crossed; "
                                                             "opposite calissons beside it differ in colour")
    return out


PLANE_NO = [(-2, -1, "x"), (-2, 0, "x"), (-1, 0, "z")]          # three clues with an absorbing cycle
PLANE_YES = [(-2, -1, "x"), (-1, 0, "z"), (1, 1, "y"), (0, -1, "y")]


def region_figures() -> dict[str, str]:
    """Figures of the region theory: Thurston's extreme tilings of a star, a puzzle on a random
    shape, a region whose height bounds cross, and the two answers on the infinite grid."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import regions, render
    from generator.calissons.generator import generate_region
    star = regions.parse_region("star:1")
    reg = star.region
    out = {"calissons-region-floor.svg": render.solution_svg(star, reg.floor, title="The star's least tiling"),
           "calissons-region-ceil.svg": render.solution_svg(star, reg.ceil, title="The star's greatest tiling")}
    shape = regions.random_region(2, 150)
    pz = generate_region(shape, 1, "hard")
    out["calissons-region-puzzle.svg"] = render.puzzle_svg(shape, pz.givens, title="A puzzle on a random shape")
    # a balanced shape that cannot be tiled (its height bounds cross)
    stuck = regions.region_from_word(STUCK_WORD)
    why = regions.reason(stuck)
    lo, hi = stuck.region.bounds_by_search()
    bad = {v for v in range(len(lo)) if lo[v] > hi[v]}
    marked = [t for t in stuck.triangles if any(stuck.region.index[v] in bad for v in triangle_vertices(t))]
    out["calissons-region-stuck.svg"] = render.puzzle_svg(stuck, [], marked=marked, title=why)
    for name, X in (("no", PLANE_NO), ("yes", PLANE_YES)):
        rec = onregion.feasible(sorted(X))
        out[f"calissons-plane-{name}.svg"] = onregion.feasible_svg(rec)
    return out


STUCK_WORD = "af2bdc2e"        # three up and three down triangles, untilable

# ---- commands -----------------------------------------------------------------------------

def run_solve(v: dict) -> int:
    """solve FILE|- [--count] [--region R] --format json"""
    board, givens = json_board(v["file"], v.get("region"), v.get("size"))
    if not isinstance(board, int):
        return emit_rendered("json", v["out"], json_obj=onregion.solve_record(board, givens, v["count"], v["cap"]))
    n = board
    return emit_rendered("json", v["out"], json_obj=solve_record(n, givens, v["count"], v["cap"]))


def run_generate(v: dict) -> int:
    """generate --size N --seed S --level L --format json|svg|png|pdf|mathix"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import mathix
    if v["format"] == "mathix" and not 2 <= v["size"] <= 10:
        raise TilepressError("the mathix.org player takes sizes 2..10")
    item = generate_item(v)
    if v["format"] == "mathix" and not isinstance(item.n, int):
        raise TilepressError("the mathix.org player takes hexagons only (not --region shapes)")
    if v["format"] == "mathix":
        emit(mathix.url(item.n, item.generated.givens, item.generated.salient) + "\n", v["out"])
        return 0
    svg = to_svg(item, v) if v["format"] != "json" else None
    return emit_rendered(v["format"], v["out"], json_obj=item.record, svg=svg)


def _picture_note(v: dict) -> str:
    """'; picture written to FILE' when --picture was given (nothing is written otherwise)."""
    return f"; picture written to {v['picture']}" if v["picture"] is not None else ""


def run_check(v: dict) -> int:
    """check FILE|URL|PERMALINK [--cap N] [--picture FILE]"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import certificate, permalink, render
    from generator.calissons.certificate import certify
    from generator.calissons.solver import count_solutions, solve
    from generator.output import to_json
    board, givens = load_board(v["source"], v.get("region"), v.get("size"))
    if not isinstance(board, int):
        rec, svg = onregion.check_record(board, givens, v["cap"])
        if v["picture"] is not None:
            emit(svg, v["picture"])
        if v["format"] == "json":
            emit(to_json(rec), v["out"])
        else:
            more = "at least " if rec["capped"] else ""
            nd = len(rec["differ_vertices"])
            where = f"; solutions differ at {nd} vertices" if nd else ""
            count = rec["count"]
            emit(f"{board.label}, {len(givens)} givens: {more}{count} solution{'s' if count != 1 else ''} "
                 f"({rec['status']}){where}{_picture_note(v)}\n{_why(rec['certificate'])}", v["out"])
        return 0
    n = board
    if n > MAX_COUNT_N:
        raise TilepressError(f"check counts solutions, which takes n up to {MAX_COUNT_N}")
    reg = hexagon(n)
    sol = solve(reg, givens)
    count, capped = count_solutions(reg, givens, v["cap"]) if sol.status != "none" else (0, False)
    differ = set(sol.differ())
    cert = certify(reg, givens, sol, lambda H: solution_record(n, H))
    if v["picture"] is not None:          # only when asked: check writes nothing else
        if sol.status == "none":
            emit(certificate.picture(n, givens, cert, "none"), v["picture"])
        else:
            marked = [t for t in reg.triangles if any(reg.index[x] in differ for x in triangle_vertices(t))]
            emit(render.puzzle_svg(n, givens, marked=marked, title=f"{count}{'+' if capped else ''} solutions"),
                 v["picture"])
    if v["format"] == "json":
        emit(to_json({"n": n, "status": sol.status, "count": count, "capped": capped,
                      "differ_vertices": [list(reg.coords[x]) for x in sorted(differ)],
                      "permalink": permalink.encode(n, givens) if n <= permalink.MAX_PERMALINK_N else None,
                      "certificate": cert}),
             v["out"])
    else:
        more = "at least " if capped else ""
        where = f"; solutions differ at {len(differ)} vertices" if differ else ""
        emit(f"n = {n}, {len(givens)} givens: {more}{count} solution{'s' if count != 1 else ''} "
             f"({sol.status}){where}{_picture_note(v)}\n{_why(cert)}", v["out"])
    return 0


def _why(cert: dict | None) -> str:
    """check's text: the certificate's paragraph, wrapped, after a blank line (nothing when unique)."""
    return "" if cert is None else "\n" + textwrap.fill(cert["explanation"], 100) + "\n"


def run_sample(v: dict) -> int:
    """sample --size N --seed S [--region R] --format svg|png|json"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import sample
    if v.get("region") not in (None, "hexagon"):
        board = onregion.board(v["region"], v["size"], v["seed"])
        if not isinstance(board, int):
            tick, close = _sweep_counter(board.side)
            try:
                item = sample.draw_region(board, v["seed"], tick=tick)
            finally:
                close()
            if v["format"] == "json":
                return emit_rendered("json", v["out"], json_obj=sample.region_to_json(item))
            return emit_rendered(v["format"], v["out"], svg=sample.region_to_svg(item))
        v = dict(v, size=board)
    if v["size"] is None:
        raise TilepressError("calissons sample: --size is required (the hexagon's side)")
    tick, close = _sweep_counter(v["size"])
    try:
        item = sample.draw(v["size"], v["seed"], tick=tick)
    finally:
        close()
    if v["format"] == "json":
        return emit_rendered("json", v["out"], json_obj=sample.to_json(item))
    return emit_rendered(v["format"], v["out"], svg=sample.to_svg(item))


def run_cnf(v: dict) -> int:
    """cnf FILE|URL|PERMALINK --format dimacs"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import cnf
    board, givens = load_board(v["source"], v.get("region"), v.get("size"))
    if isinstance(board, int) and board > MAX_COUNT_N:
        raise TilepressError(f"cnf takes hexagons up to side {MAX_COUNT_N}")
    if not isinstance(board, int) and len(board.triangles) > MAX_REGION_COUNT_TRIANGLES:
        raise TilepressError(f"cnf takes regions up to {MAX_REGION_COUNT_TRIANGLES} triangles")
    name = v["source"] if v["source"] != "-" else "standard input"
    emit(cnf.dimacs(region_of(board), givens, source=name if len(name) <= 200 else name[:200] + "..."),
         v["out"])
    return 0


def _hints():
    """generator.calissons.hints, imported when one of its commands runs."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import hints
    return hints


HINT_SOURCE = Param("source", "str", "puzzle JSON file (- for stdin), mathix.org URL or tab string, or cal "
                    "permalink (hexagons up to side 24, other regions up to as many triangles)",
                    positional=True)
# the board of a JSON file that names none (a permalink or a file's "region" / "n" names its own)
FILE_BOARD = (Param("region", "str", "the board when the JSON file names none (a shape name or a boundary "
                    "word, as in `calissons solve --region`)", default=None, metavar="WORD|NAME"),
              Param("size", "int", "the size of a named --region", default=None, min=1, max=MAX_SOLVE_N))


def run_region(v: dict) -> int:
    """region --seed S --size N --format text|json|svg"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import regions, render
    from generator.output import to_json
    shape = regions.random_region(v["seed"], v["size"])
    if v["format"] == "text":
        emit(shape.word + "\n", v["out"])
        return 0
    if v["format"] == "json":
        emit(to_json(shape.record()), v["out"])
        return 0
    return emit_rendered(v["format"], v["out"], svg=render.puzzle_svg(shape, [], title=shape.label))


def run_feasible(v: dict) -> int:
    """feasible FILE [--picture FILE] --format text|json"""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink
    from generator.output import to_json
    if permalink.is_plane_link(v["file"]):
        givens = permalink.decode_plane(v["file"])
    else:
        givens = onregion.read_plane_givens(read_text(v["file"], onregion.FEASIBLE_INPUT_BYTES))
    rec = onregion.feasible(givens)
    try:
        rec["permalink"] = permalink.encode_plane(givens)
    except TilepressError:           # no edges, or a set too long for a link
        rec["permalink"] = None
    if v["picture"] is not None:          # only when asked
        emit(onregion.feasible_svg(rec), v["picture"])
    rec.pop("_draw", None)
    if v["format"] == "json":
        emit(to_json(rec), v["out"])
    elif rec["feasible"]:
        drawn = f"; a witness window is drawn in {v['picture']}" if v["picture"] is not None else ""
        emit(f"yes: a tiling of the infinite grid fits these {len(givens)} edges{drawn}\n", v["out"])
    else:
        drawn = f"; drawn in {v['picture']}" if v["picture"] is not None else ""
        emit(f"no: absorbing cycle of {len(rec['cycle'])} arcs, total weight {rec['cycle_weight']}{drawn}\n",
             v["out"])
    return 0


REGION = Param("region", "str", "the board: a shape name (hexagon, star, long, wide, hexagram; sized by "
               "--size or NAME:N), random (a random shape of 6 N^2 triangles grown from --seed; "
               "random:SEED:TRIANGLES names one exactly) or a boundary word such as 3a3b3c3d3e3f "
               "(letters a-f are unit steps turning 60 degrees left each; see `calissons region --help`); "
               "default hexagon",
               default="hexagon", metavar="WORD|NAME")
SEED = Param("seed", "int", "random seed (integer, default 0)", default=0, min=-(2 ** 63), max=2 ** 63 - 1)
LEVEL = Param("level", "choice", "difficulty (default medium)", default="medium", choices=LEVEL_NAMES)
PARAMS = (
    Param("size", "int", f"hexagon side 2..{MAX_GENERATE_N} (about 10 s at n = 64 and under a minute at "
          "128; a progress bar shows on a terminal), or the size of a named --region; default 6",
          default=6, min=1, max=MAX_GENERATE_N, metavar="N"),
    SEED, LEVEL,
    Param("minimal", "bool", "delete every redundant given", default=False),
    REGION,
)
VIEW = Param("view", "choice", "picture for svg/png/pdf output (default puzzle; heights: the cube heights "
             "x + y + z at every vertex, least/greatest where they differ; paper, paper-answer: as on the printed "
             "sheets, the givens as double lines)", default="puzzle",
             choices=VIEWS)
COMMANDS = (
    Command("solve", "solve a calisson puzzle given as JSON",
            (Param("file", "str", "puzzle JSON file, or - for standard input", positional=True),
             Param("count", "bool", "count the solutions (capped)", default=False),
             Param("cap", "int", f"counting cap (default {DEFAULT_CAP})", default=DEFAULT_CAP, min=1,
                   max=10 ** 12),
             Param("region", "str", "the board when the file names none (it may hold \"region\": WORD|NAME "
                   "instead of \"n\")", default=None, metavar="WORD|NAME"),
             Param("size", "int", "the size of a named --region", default=None, min=1, max=MAX_SOLVE_N)),
            run_solve, formats=("json",)),
    Command("generate", "generate a unique calisson puzzle", PARAMS + (VIEW,), run_generate,
            formats=("json", "svg", "png", "pdf", "mathix")),
    Command("check", "count a puzzle's solutions; picture where they differ",
            (Param("source", "str", "puzzle JSON file (- for stdin), mathix.org URL or tab string, "
                   "or cal permalink", positional=True),
             Param("cap", "int", "stop counting here (default 1000)", default=1000, min=1, max=10 ** 12),
             Param("picture", "str", "also write an SVG marking the triangles where solutions differ "
                   "(default: no picture)", default=None, metavar="FILE"),
             *FILE_BOARD),
            run_check, formats=("text", "json")),
    Command("sample", "a uniformly random calisson tiling of the hexagon (the arctic circle)",
            (Param("size", "int", f"hexagon side 1..{MAX_SAMPLE_N} (required for the hexagon), or the size of a "
                   "named --region", default=None, min=1, max=MAX_SAMPLE_N, metavar="N"),
             Param("seed", "int", "random seed (default 0)", default=0, min=0, max=2 ** 63 - 1),
             Param("region", "str", "tile another region (a name sized by --size, or a boundary word); "
                   "exact CFTP between its least and greatest height functions, named cal.v3.<word>.s<seed>",
                   default="hexagon", metavar="WORD|NAME")),
            run_sample, formats=("svg", "png", "json")),
    Command("grade", "the level a puzzle needs, measured by the hint rules (local, what-if or beyond)",
            (HINT_SOURCE, *FILE_BOARD), lazy_run(_hints, "run_grade"), formats=("json",)),
    Command("hint", "the next deduction from the marks made so far: rule, level, edges, sentence",
            (HINT_SOURCE, Param("marks", "str", 'marks so far: {"yes": [[i, j], ...], "no": [[i, j], ...]} '
                                "with dot indices (default: an empty board)", default=None, metavar="MARKS.json"),
             *FILE_BOARD),
            lazy_run(_hints, "run_hint"), formats=("json",)),
    Command("explain", "the worked solution: every deduction in order (JSON) or an answer sheet (SVG, PDF)",
            (HINT_SOURCE, *FILE_BOARD,
             Param("method", "choice", "rules: the human deductions (default); heights: the paper's pencil-and-"
                   "rubber method, heights raised from the empty box and lowered from the full box round by "
                   "round (sheets up to side 8)", default="rules", choices=("rules", "heights"))), lazy_run(_hints, "run_explain"), formats=("json", "svg", "pdf")),
    Command("cnf", "the puzzle as a SAT formula (DIMACS CNF: the paper's four clause classes)",
            (Param("source", "str", "puzzle JSON file (- for stdin), mathix.org URL or tab string, or cal "
                   f"permalink (hexagons up to side {MAX_COUNT_N})", positional=True), *FILE_BOARD),
            run_cnf, formats=("dimacs",),
            description="Write the calisson puzzle as the SAT formula of 'The Calissons Puzzle' (Favreau, Gerard, "
                        "Lafourcade and Robert): variable v is true when a calisson crosses interior edge v (the "
                        "comment lines 'c v a b d' name them); clauses 1 every triangle is covered, 2 calissons "
                        "sharing a triangle exclude each other, 3 given edges are not crossed, 4 beside a given "
                        "edge the calissons differ in colour. Any DIMACS SAT solver reads it; the calissons "
                        "solver answers the same question in polynomial time."),
    Command("region", "a random tilable simply connected region (its boundary word)",
            (Param("seed", "int", "random seed (default 0)", default=0, min=0, max=2 ** 63 - 1),
             Param("size", "int", "number of triangles, even, 2..20000 (default 200)", default=200, min=2,
                   max=20000, metavar="N")),
            run_region, formats=("text", "json", "svg"),
            description="Draw a random tilable simply connected region of N triangles and print its boundary "
                        "word (pass it to --region). How it is drawn: starting from one calisson, calissons are "
                        "glued one at a time outside the boundary, each the most compact of four candidates "
                        "placed at uniformly random boundary edges, and only where the region stays a disk with "
                        "a simple boundary. A union of calissons is always tilable. 'Random' means this seeded "
                        "growth (an Eden-like cluster), not the uniform law on shapes of N triangles; a shape with "
                        "fewer "
                        "than three tilings is redrawn (from 12 triangles on); the same "
                        "seed and size always give the same shape. Word letters a-f are unit steps, each turned "
                        "60 degrees left of the previous letter (a = +x, b = -z, c = +y, d = -x, e = +z, f = -y), "
                        "run-length encoded, counterclockwise from the smallest vertex."),
    Command("feasible", "can the infinite grid be tiled with these fold edges? (a drawn proof)",
            (Param("file", "str", 'JSON {"givens": [[a, b, d], ...]} (any number of edges, |a|, |b| <= 10^6, any '
                   'distance apart; input up to 1 MiB), a cal.v4 plane permalink, or - for standard input',
                   positional=True),
             Param("picture", "str", "also write an SVG of the proof: a witness tiling of a window round the "
                   "edges, or the absorbing cycle (default: no picture)", default=None, metavar="FILE")),
            run_feasible, formats=("text", "json"),
            description="Decide the calisson puzzle on the unbounded triangular grid (no boundary): the edges "
                        "are feasible exactly when the difference constraints on their key vertices (tail, head "
                        "and the two far vertices of each edge, with the plane's height distances) have no "
                        "negative ('absorbing') cycle, found by Bellman-Ford. Prints yes or no; the picture "
                        "shows a witness tiling or the cycle."),
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
    Param("shapes", "strs", "named regions (NAME:N, e.g. star:1), one puzzle per level (first seed)",
          default=[], min_items=0, max_items=20),
    Param("random_shapes", "ints", "triangles of the random regions with puzzles (calissons region)",
          default=[], min=2, max=2000, min_items=0, max_items=6),
    Param("shape_seeds", "ints", "one random region per (random shape size, shape seed)", default=[1],
          min=0, max=10 ** 9, max_items=6),
    Param("plane_permalinks", "strs", "given edges on the infinite grid as cal.v4 permalinks, one item each "
          "(the witness window or the absorbing cycle)", default=[], min_items=0, max_items=6),
)

# The page's "make your own" form (docs/adding-a-family.md, `Family.form`).
# the shape picker: named regions, or a random shape of the hexagon's area grown from the seed
FORM = {"title": "Calisson puzzle",
        "fields": [{"name": "shape", "label": "Shape", "type": "select", "value": "hexagon", "choices": [
                       {"value": "hexagon", "label": "hexagon", "sets": {"size": [5, 10]},
                        "per_side_squared": 3},
                       {"value": "star", "label": "star", "sets": {"size": [1, 3]}, "per_side_squared": 30},
                       {"value": "long", "label": "long hexagon", "sets": {"size": [3, 6]},
                        "per_side_squared": 5},
                       {"value": "wide", "label": "wide hexagon", "sets": {"size": [3, 6]},
                        "per_side_squared": 5},
                       {"value": "random", "label": "random shape (from the seed)",
                        "sets": {"size": [5, 10]}, "per_side_squared": 3}],
                    "help": "the board: the hexagon, another named shape, or a random shape grown "
                            "from the seed"},
                   {"name": "size", "label": "Size", "type": "number", "min": 1, "max": 10, "value": 5,
                    "help": "the hexagon's side in lozenge edges; the other shapes scale with it"},
                   {"name": "level", "label": "Level", "type": "select",
                    "choices": ["easy", "medium", "hard"], "value": "medium",
                    "help": "easy and medium keep extra given edges; hard gives as few as possible"}],
        "count": {"unit": "calissons", "per_side_squared_from": "shape"},
        "argv": ["calissons", "generate", "--region", "{shape}", "--size", "{size}", "--seed", "{seed}",
                 "--level", "{level}", "--format", "json"],
        "exercise": {"shape": "random", "size": "3"}}


def cost(link: str | None, params: dict | None = None) -> float:
    """About how many lozenges a permalink (or generate's --size, a hexagon's side) asks for, from the text."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink, sample
    if link is None:
        return float(permalink.lozenges(int(params.get("size") or 1)))
    link = as_link(link)
    if permalink.is_plane_link(link):
        return permalink.plane_cost(link)
    if sample.is_sample_link(link):
        n, _seed, _version = sample.parse(link)
        return float(permalink.lozenges(n))
    if sample.is_region_sample_link(link):
        return sample.region_sample_cost(link)
    return permalink.puzzle_cost(link)


def cpu(params: dict | None, link: str | None = None) -> float:
    """CPU seconds per lozenge of `cost` (measured on CPython: a sample of side 48, 6,912 lozenges,
    1.1 s; a puzzle of side 8 well under a second; other regions' sampler about 3 ms a lozenge)."""
    text = None if link is None else str(link)
    if text is not None and text.startswith("cal.v4."):
        return 0.00001          # a plane link: 48,000 lozenges of grid window decided and drawn in 0.3 s
    if text is not None and "~" not in text:
        return 0.003 if text.startswith("cal.v3.") else 0.00015
    return 0.00015 if (params or {}).get("sample") else 0.0005


PAGE_PUZZLE_LOZENGES = 768          # the page solves puzzles up to the hexagon of side 16
PAGE_SAMPLE_LOZENGES = 12288        # and samples tilings up to side 64 (the gallery's sides)
PAGE_REGION_SAMPLE_LOZENGES = 1000  # other regions' sampler is slower: 720 lozenges take 2.2 s (CPython)
PAGE_PLANE_LOZENGES = 30000         # a plane link's window: a hexagon of radius 70, or 2,500 far-apart edges


def page_cap(link: str) -> float:
    """The most lozenges the page makes for this kind of link (a puzzle is solved, a tiling sampled)."""
    # lazy: start-up; the registry imports every family.py, this engine loads when a command runs
    from generator.calissons import permalink, sample
    if permalink.is_plane_link(link):
        return PAGE_PLANE_LOZENGES
    if permalink.is_puzzle_link(link):
        return PAGE_PUZZLE_LOZENGES
    return PAGE_REGION_SAMPLE_LOZENGES if sample.is_region_sample_link(link) else PAGE_SAMPLE_LOZENGES


FAMILY = Family(
    name="calissons", title="Calisson puzzles", prefix="cal", versions=(1, 2, 3, 4), version="calissons-7",
    kind="puzzle", params=PARAMS, generate=generate_item, regen=regen,
    regen_params=(Param("count", "bool", "count the solutions (capped)", default=False),),
    permalink=lambda item: item.permalink, to_json=to_json, to_svg=to_svg,
    facts=facts, site=SITE, plan=plan, page=page, commands=COMMANDS, figures=figures, shapes=shapes,
    svg_params=(VIEW,), formats=("svg", "json", "png", "pdf"), cost=cost, cpu=cpu, page_cap=page_cap, form=FORM,
    exercise=(("--view", "solution"), ("--view", "player"), ("~", "--view", "nope")),
    player="calissons.play", hinter="calissons.hints", on_paper=on_paper, sheet_recipe=sheet_recipe,
    page_modules=("calissons.play", "calissons.regions", "calissons.onregion", "calissons.hints"),
    description="Calisson puzzles on the hexagon of side n: the givens are edges of a unique "
                "lozenge tiling (a pile of cubes); the player draws its other fold edges.")
