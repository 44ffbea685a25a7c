"""The hat family's side of the site build (protocol: generator/pipeline/__init__.py).

Random patches (part 2) are the gallery items; the article figures (part 1) come from
`generator.hat.article.figures`.  site.toml:

    [families.hat]
    patch_seeds = [1, 2, 3]                  # one gallery item per seed and size
    patch_sizes = [[40, 30], [90, 60]]       # [width, height], short kite edge 1, 0 < side ≤ 400

Each item is `python -m generator tiling hat --seed S --width W --height H`, coloured by
metatile with the reflected hats dark, and carries its permalink.  Keys not starting with
`patch_` belong to part 1 (supertile pictures) and are validated there.
"""

from __future__ import annotations

from fractions import Fraction

from generator.errors import ConfigError
from generator.params import config_seeds, config_sizes
from generator.hat import patch as P
from generator.hat.patch_render import patch_svg

VERSION = "2.2"
PATCH_KEYS = {"patch_seeds", "patch_sizes"}
DEFAULTS = {"patch_seeds": [1, 2, 3], "patch_sizes": [[40, 30], [90, 60]]}
MAX_SIDE = 400
MAX_SEEDS = 100


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """Validate the patch keys of [families.hat] and list one item per (seed, size)."""
    if family != "hat":
        raise ConfigError(f"generator.hat.publish serves hat, not {family!r}")
    unknown = sorted(k for k in section if k.startswith("patch_") and k not in PATCH_KEYS)
    if unknown:
        raise ConfigError(f"[families.hat] unknown key {unknown[0]!r} "
                          f"(patch keys: {', '.join(sorted(PATCH_KEYS))})")
    cfg = {**DEFAULTS, **{k: v for k, v in section.items() if k in PATCH_KEYS}}
    seeds = config_seeds(cfg["patch_seeds"], "[families.hat] patch_seeds", MAX_SEEDS)
    norm = config_sizes(cfg["patch_sizes"], "[families.hat] patch_sizes", MAX_SIDE)
    items = []
    for w, h in norm:
        for s in seeds:
            slug = f"hat-s{s}-{w}x{h}".replace(".", "_")
            items.append({"id": slug, "params": {"seed": s, "width": w, "height": h}})
    return items


def generate(family: str, params: dict) -> dict:
    """One random hat patch (pure function of params)."""
    seed, w, h = params["seed"], Fraction(params["width"]), Fraction(params["height"])
    patch = P.from_seed(w, h, seed)
    hats = list(patch.hats())
    link = patch.permalink()
    counts = {t: 0 for t in "HTPF"}
    for hat in hats:
        counts[hat.metatile] += 1
    reflected = sum(1 for hat in hats if hat.reflected)
    levels = len(patch.tower.T)
    return {
        "title": f"Hat patch {params['width']} × {params['height']}, seed {seed}",
        "group": f"{params['width']} × {params['height']} (short kite edge 1)",
        "permalink": link,
        "command": f"python -m generator regen {link} --format svg",
        "svg": patch_svg(hats, patch.region, title=link),
        "alt": (f"A random patch of {len(hats)} hat tiles, coloured by metatile "
                f"(H blue, T yellow, P green, F orange), the {reflected} reflected hats dark."),
        "facts": [
            ["hats", len(hats)],
            ["reflected hats", reflected],
            ["hats in H / T / P / F metatiles", " / ".join(str(counts[t]) for t in "HTPF")],
            ["metatile levels used", levels],
            ["region", f"{params['width']} × {params['height']} (short kite edge 1)"],
            ["seed", seed],
        ],
    }


def figures() -> dict[str, str]:
    """The article figures (part 1's)."""
    from generator.hat.article import figures as part1_figures
    return part1_figures()
