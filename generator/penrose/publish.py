"""The Penrose families' side of the site build (protocol: generator/pipeline/__init__.py).

One module serves both "p2" and "p3".  site.toml:

    [families.p2]                 # and [families.p3], same keys
    seeds = [1, 2, 3, 4, 5, 6]    # one gallery item per seed and size
    sizes = [[24, 15]]            # [width, height] of the region, 0 < side ≤ 200
    arcs = true                   # also publish a picture with the matching-rule arcs

Each item is the random patch `python -m generator tiling p2 --seed S --width W --height H`
and carries its permalink; facts are deterministic (no timings).
"""

from __future__ import annotations

from fractions import Fraction

from generator.errors import ConfigError
from generator.params import config_seeds, config_sizes
from generator.penrose import figures as FIG
from generator.penrose import patch as P

VERSION = "4"
KEYS = {"seeds", "sizes", "arcs"}
MAX_SIDE = 200
MAX_SEEDS = 200
DEFAULTS = {"seeds": [1, 2, 3, 4, 5, 6], "sizes": [[24, 15]], "arcs": True}
NAMES = {"p2": "Penrose P2 (kites and darts)", "p3": "Penrose P3 (rhombs)"}


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """Validate [families.p2|p3] and list one item per (seed, size)."""
    if family not in ("p2", "p3"):
        raise ConfigError(f"generator.penrose.publish serves p2 and p3, not {family!r}")
    unknown = sorted(set(section) - KEYS)
    if unknown:
        raise ConfigError(f"[families.{family}] unknown key {unknown[0]!r} (known: {', '.join(sorted(KEYS))})")
    cfg = {**DEFAULTS, **section}
    seeds = config_seeds(cfg["seeds"], f"[families.{family}] seeds", MAX_SEEDS)
    norm_sizes = config_sizes(cfg["sizes"], f"[families.{family}] sizes", MAX_SIDE)
    if not isinstance(cfg["arcs"], bool):
        raise ConfigError(f"[families.{family}] arcs must be true or false")
    items = []
    for w, h in norm_sizes:
        for s in seeds:
            slug = f"{family}-s{s}-{w}x{h}".replace(".", "_")
            items.append({"id": slug, "params": {"seed": s, "width": w, "height": h, "arcs": cfg["arcs"]}})
    return items


def generate(family: str, params: dict) -> dict:
    """A pure function of params: the patch, its permalink and facts."""
    seed, w, h = params["seed"], Fraction(params["width"]), Fraction(params["height"])
    result = P.from_seed(family, seed, w, h)
    counts = result.patch.counts()
    kinds = ("kite", "dart") if family == "p2" else ("thick", "thin")
    n = sum(counts.values())
    a, b = counts.get(kinds[0], 0), counts.get(kinds[1], 0)
    permalink = result.permalink
    title = f"{NAMES[family]} {params['width']} × {params['height']}, seed {seed}"
    item = {
        "title": title,
        "group": f"{params['width']} × {params['height']}",
        "permalink": permalink,
        "command": f"python -m generator regen {permalink} --format svg",
        "svg": P.to_svg(result),                   # byte for byte what `command` prints
        "alt": (f"A random patch of the Penrose {family.upper()} tiling, {params['width']} by "
                f"{params['height']} units: {a} {kinds[0]}s and {b} {kinds[1]}s coloured by kind."),
        "facts": [
            ["tiles", n],
            [f"{kinds[0]}s", a],
            [f"{kinds[1]}s", b],
            [f"{kinds[0]}s : {kinds[1]}s", f"{a / b:.4f}" if b else "—"],
            ["region", f"{params['width']} × {params['height']} (x from −{float(w) / 2:g} to {float(w) / 2:g})"],
            ["start triangle", f"{result.spec.labels[0]}, base at {36 * result.spec.orientation}°"],
            ["levels of coordinates", result.patch.levels_used],
            ["coordinates (lowest first)", result.spec.labels],
            ["half-tile triangles visited", result.patch.triangles],
        ],
    }
    if params.get("arcs"):
        item["extra_svgs"] = {"arcs": P.to_svg(result, arcs=True)}     # = `command` with --arcs
    return item


def figures() -> dict[str, str]:
    """Article figures (site_src/articles/penrose.md)."""
    return FIG.all_figures()
