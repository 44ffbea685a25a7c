"""The calisson family's side of the site build (protocol in generator/pipeline/__init__.py).

site.toml:

    [families.calissons]
    sizes  = [4, 6, 8]                     # hexagon sides, 2..16
    levels = ["easy", "medium", "hard"]
    seeds  = [1, 2]                        # one puzzle per (size, level, seed)
    samples = [[30, 1], [48, 2]]           # uniformly random tilings [side, seed] (sample.py)

Each item is one puzzle: the grid with its givens (main picture), the solution as a cube
pile and the player's view (extra pictures), black-and-white versions for the printable
sheets, and its permalink, which names the puzzle by its givens.
"""

from __future__ import annotations

from generator.calissons import render
from generator.calissons import sample as samples
from generator.calissons.cli import generate_record
from generator.calissons.generator import LEVELS
from generator.calissons.model import hexagon, triangle_vertices
from generator.calissons.sampler import sample_heights
from generator.calissons.solver import solve_hexagon
from generator.errors import ConfigError

VERSION = "calissons-2"
KEYS = {"enabled", "sizes", "levels", "seeds", "samples"}
MAX_SAMPLES = 20
DEFAULTS = {"sizes": [4, 6, 8], "levels": ["easy", "medium", "hard"], "seeds": [1, 2]}
MAX_ITEMS = 600
ARCTIC_N = 40


def _int_list(section: dict, key: str, lo: int, hi: int) -> list[int]:
    """A non-empty list of distinct integers in [lo, hi] from the config."""
    val = section.get(key, DEFAULTS[key])
    if (not isinstance(val, list) or not val or len(val) > 100
            or not all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in val)):
        raise ConfigError(f"[families.calissons] {key} must be a non-empty list of integers in {lo}..{hi}")
    if len(set(val)) != len(val):
        raise ConfigError(f"[families.calissons] {key} has a repeated value")
    return list(val)


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """One item per (size, level, seed), validated."""
    unknown = sorted(set(section) - KEYS)
    if unknown:
        raise ConfigError(f"[families.calissons] unknown key {unknown[0]!r} (known: {', '.join(sorted(KEYS))})")
    sizes = _int_list(section, "sizes", 2, 16)
    seeds = _int_list(section, "seeds", 0, 10 ** 9)
    levels = section.get("levels", DEFAULTS["levels"])
    if (not isinstance(levels, list) or not levels or not all(isinstance(v, str) and v in LEVELS for v in levels)
            or len(set(levels)) != len(levels)):
        raise ConfigError(f"[families.calissons] levels must be a non-empty list of distinct values from "
                          f"{', '.join(LEVELS)}")
    items = [{"id": f"n{n}-{level}-s{seed}", "params": {"n": n, "level": level, "seed": seed}}
             for n in sizes for level in levels for seed in seeds]
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.calissons] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    return items + _sample_items(section.get("samples", []))


def _sample_items(pairs) -> list[dict]:
    """Gallery items of the random tilings: `samples = [[side, seed], ...]`."""
    where = "[families.calissons] samples"
    if not isinstance(pairs, list) or len(pairs) > MAX_SAMPLES:
        raise ConfigError(f"{where} must be a list of at most {MAX_SAMPLES} [side, seed] pairs")
    items, seen = [], set()
    for i, pair in enumerate(pairs):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ConfigError(f"{where}[{i}] must be [side, seed]")
        try:
            samples.check(*pair)
        except Exception as exc:
            raise ConfigError(f"{where}[{i}]: {exc}") from None
        if tuple(pair) in seen:
            raise ConfigError(f"{where}[{i}] is listed twice")
        seen.add(tuple(pair))
        items.append({"id": f"sample-n{pair[0]}-s{pair[1]}",
                      "params": {"kind": "sample", "n": pair[0], "seed": pair[1]}})
    return items


def _sample_item(params: dict) -> dict:
    """One random tiling for the gallery."""
    s = samples.draw(params["n"], params["seed"])
    return dict(samples.page(s), permalink=s.permalink, svg=samples.to_svg(s), facts=samples.facts(s),
                command=f"python -m generator regen {s.permalink} --format svg")


def generate(family: str, params: dict) -> dict:
    """Generate, check and draw one puzzle (or one random tiling)."""
    if params.get("kind") == "sample":
        return _sample_item(params)
    n, level, seed = params["n"], params["level"], params["seed"]
    pz, rec = generate_record(n, seed, level, False)
    sol = solve_hexagon(n, pz.givens)
    if sol.status != "unique" or sol.least != pz.heights:   # the generator's promise, re-checked
        raise RuntimeError(f"calissons: generated puzzle {params} is not unique")
    link = rec["permalink"]
    title = f"Calisson puzzle, side {n}, {level} (seed {seed})"
    diff = rec["difficulty"]
    salient = hexagon(n).salient_edges(pz.heights)
    return {
        "title": title,
        "group": f"Side {n}, {level}",
        "permalink": link,
        "command": f"python -m generator regen {link} --format svg",
        "svg": render.puzzle_svg(n, pz.givens, title=title),
        "alt": (f"A hexagon of side {n} on a triangular grid with {len(pz.givens)} given edges drawn in red; "
                f"the player must draw every fold edge of the unique pile of cubes."),
        "facts": [["Size n", n], ["Level", level], ["Givens", len(pz.givens)],
                  ["Fold edges in the solution", len(salient)],
                  ["Human-solver depth", diff["depth"]], ["Decided by propagation", diff["propagation"]],
                  ["Probes", diff["probes"]], ["Seed", seed]],
        "extra_svgs": {"solution": render.solution_svg(n, pz.heights, title=title + " — solution"),
                       "player": render.player_svg(n, salient, pz.givens, title=title + " — fold edges")},
        "sheet": {"puzzle": render.puzzle_svg(n, pz.givens, bw=True),
                  "solution": render.sheet_solution_svg(n, pz.heights)},
    }


def figures() -> dict[str, str]:
    """Article figures: the arctic circle, and a non-unique grid with its two extreme solutions."""
    H = sample_heights(ARCTIC_N, "article")
    out = {"calissons-arctic.svg": render.tiling_svg(ARCTIC_N, H, title=f"A uniformly random tiling, n = {ARCTIC_N}")}
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
    return out
