"""The Loopy family's side of the site build (protocol: generator/pipeline/__init__.py).

site.toml:

    [families.loopy]
    tilings = ["p2", "p3", "hat"]                  # which tilings' patches carry the puzzles
    levels  = ["easy", "normal", "tricky", "hard"]
    seeds   = [1, 2]                               # one puzzle per (tiling, level, seed)

    [families.loopy.sizes]                         # optional: region per tiling (tiling units)
    p2 = [6, 5]
    p3 = [7, 6]
    hat = [28, 24]

Each item is one puzzle: the grid with its clues (main picture), the solution (an extra
picture, folded away on the item page), and black-and-white sheet pictures (the puzzle
with the rules under it, and the solution) for the printable sheets.  The permalink names
the puzzle by its level, tiling permalink and clues.
"""

from __future__ import annotations

from generator.errors import ConfigError
from generator.loopy import puzzle as P
from generator.loopy import render
from generator.loopy.figures import all_figures
from generator.loopy.solver import LEVELS
from generator.loopy.tiling_source import TILINGS
from generator.params import config_seeds, config_sizes

VERSION = "loopy-1"
KEYS = {"tilings", "levels", "seeds", "sizes"}
DEFAULT_SIZES = {"p2": ["6", "5"], "p3": ["7", "6"], "hat": ["28", "24"]}
MAX_SIDE = 120
MAX_ITEMS = 400
NAMES = {"p2": "Penrose P2 (kites and darts)", "p3": "Penrose P3 (rhombs)", "hat": "hat"}


def _choices(section: dict, key: str, allowed) -> list[str]:
    """A non-empty list of distinct allowed strings."""
    val = section.get(key, list(allowed))
    if (not isinstance(val, list) or not val or len(set(map(str, val))) != len(val)
            or not all(isinstance(v, str) and v in allowed for v in val)):
        raise ConfigError(f"[families.loopy] {key} must be a non-empty list of distinct values from "
                          f"{', '.join(allowed)}")
    return list(val)


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """One item per (tiling, level, seed), validated."""
    unknown = sorted(set(section) - KEYS)
    if unknown:
        raise ConfigError(f"[families.loopy] unknown key {unknown[0]!r} (known: {', '.join(sorted(KEYS))})")
    tilings = _choices(section, "tilings", TILINGS)
    levels = _choices(section, "levels", LEVELS)
    seeds = config_seeds(section.get("seeds", [1, 2]), "[families.loopy] seeds", 100)
    sizes_cfg = section.get("sizes", {})
    if not isinstance(sizes_cfg, dict) or set(sizes_cfg) - set(TILINGS):
        raise ConfigError(f"[families.loopy] sizes must be a table with keys from {', '.join(TILINGS)}")
    sizes = {t: (config_sizes([sizes_cfg[t]], f"[families.loopy] sizes.{t}", MAX_SIDE)[0]
                 if t in sizes_cfg else tuple(DEFAULT_SIZES[t])) for t in tilings}
    items = [{"id": f"{t}-{level}-s{seed}",
              "params": {"tiling": t, "width": sizes[t][0], "height": sizes[t][1], "seed": seed, "level": level}}
             for t in tilings for level in levels for seed in seeds]
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"[families.loopy] asks for {len(items)} puzzles (limit {MAX_ITEMS})")
    return items


def generate(family: str, params: dict) -> dict:
    """Generate and draw one puzzle (a pure function of params)."""
    t, level, seed = params["tiling"], params["level"], params["seed"]
    p = P.create(t, params["width"], params["height"], seed, level)
    link = p.permalink
    title = f"Loopy on a {NAMES[t]} patch, {level} (seed {seed})"
    faces = len(p.grid.faces)
    return {
        "title": title,
        "group": f"{NAMES[t]} — {level}",
        "permalink": link,
        "command": f"python -m generator regen {link} --format svg",
        "svg": render.picture(p),
        "alt": (f"A Loopy puzzle on {faces} faces of a {NAMES[t]} patch: dots at the tile corners, "
                f"{p.clue_count} faces show how many of their sides the hidden loop uses."),
        "facts": [["Tiling", NAMES[t]], ["Level", level], ["Faces", faces], ["Clues", p.clue_count],
                  ["Clue density", f"{p.clue_count / faces:.2f}"], ["Dots", len(p.grid.dots)],
                  ["Edges", len(p.grid.edges)], ["Loop length (edges)", len(p.solution)],
                  ["Region", f"{params['width']} × {params['height']}"], ["Seed", seed],
                  ["Tiling permalink", p.tiling]],
        "extra_svgs": {"solution": render.picture(p, solution=True, title=title + " — solution")},
        "sheet": {"puzzle": render.picture(p, print_style=True, rules=True, title=title),
                  "solution": render.picture(p, solution=True, print_style=True, title=title + " — solution")},
    }


def figures() -> dict[str, str]:
    """Article figures (site_src/articles/loopy.md)."""
    return all_figures()
