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

from generator.errors import ConfigError, TilepressError
from generator.hat import patch as P
from generator.hat.patch_render import patch_svg
from generator.hat.permalink import format_side

VERSION = "2.1"
PATCH_KEYS = {"patch_seeds", "patch_sizes"}
DEFAULTS = {"patch_seeds": [1, 2, 3], "patch_sizes": [[40, 30], [90, 60]]}
MAX_SIDE = 400
MAX_SEEDS = 100


def _side(v, where: str) -> str:
    """A config side length as canonical decimal text."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ConfigError(f"{where} must be a number, got {v!r}")
    x = Fraction(str(v)) if isinstance(v, float) else Fraction(v)
    if not 0 < x <= MAX_SIDE:
        raise ConfigError(f"{where} must be > 0 and ≤ {MAX_SIDE}, got {v!r}")
    try:
        return format_side(x)
    except TilepressError:
        raise ConfigError(f"{where} must have at most 3 decimals, got {v!r}") from None


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """Validate the patch keys of [families.hat] and list one item per (seed, size)."""
    if family != "hat":
        raise ConfigError(f"generator.hat.publish serves hat, not {family!r}")
    unknown = sorted(k for k in section if k.startswith("patch_") and k not in PATCH_KEYS)
    if unknown:
        raise ConfigError(f"[families.hat] unknown key {unknown[0]!r} "
                          f"(patch keys: {', '.join(sorted(PATCH_KEYS))})")
    cfg = {**DEFAULTS, **{k: v for k, v in section.items() if k in PATCH_KEYS}}
    seeds = cfg["patch_seeds"]
    if not isinstance(seeds, list) or not seeds or len(seeds) > MAX_SEEDS:
        raise ConfigError(f"[families.hat] patch_seeds must be a non-empty list of at most {MAX_SEEDS} integers")
    for s in seeds:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 2 ** 63:
            raise ConfigError(f"[families.hat] patch_seeds: {s!r} is not a non-negative integer")
    if len(set(seeds)) != len(seeds):
        raise ConfigError("[families.hat] patch_seeds: duplicate seed")
    sizes = cfg["patch_sizes"]
    if not isinstance(sizes, list) or not sizes:
        raise ConfigError("[families.hat] patch_sizes must be a non-empty list of [width, height]")
    norm = []
    for i, wh in enumerate(sizes):
        if not isinstance(wh, list) or len(wh) != 2:
            raise ConfigError(f"[families.hat] patch_sizes[{i}] must be [width, height]")
        norm.append((_side(wh[0], f"[families.hat] patch_sizes[{i}] width"),
                     _side(wh[1], f"[families.hat] patch_sizes[{i}] height")))
    if len(set(norm)) != len(norm):
        raise ConfigError("[families.hat] patch_sizes: duplicate size")
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
