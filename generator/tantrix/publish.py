"""The Tantrix family's side of the site build (protocol: generator/pipeline/__init__.py).

Items:

* ``class-NNN`` — the extra-symmetric patterns in which every colour forms a single
  closed loop through all 42 of its tiles.  The exhaustive enumeration finds 448 of
  them with tile 1 normalised into the first cell; under the symmetry group stated in
  classes.py (translations, half turn, mirrors: 224 symmetries) they form 112 classes of
  4.  We publish one item per class, its three variants on its page;
  `single_loop_count` (default 112) limits how many.
* ``method-<name>`` — one pattern per method, found by the search with a configured
  seed (the defaults are seeds that are quick to solve, so the build stays fast).  The
  plain 8 × 7 board is left out by default: our exact search finds no solution in
  minutes (see attack.py).
* ``pattern-NN`` — patterns given by permalink in `extra_permalinks` (validated).

`plan()` reads the classes from `single_loop_classes.txt` (the enumeration's output,
regenerated and compared by a test); `generate()` only decodes and draws.
"""

from __future__ import annotations


from generator.errors import ConfigError
from generator.tantrix import boards, classes, loops, permalink, render

VERSION = "3"

DEFAULT_SEEDS = {"slanted-4x14": 13, "upright-4x14": 2, "upright-8x7": 0,
                 "symmetric-7x8": 3, "extrasymmetric-7x8": 0}
KEYS = {"enabled", "single_loop_count", "methods", "method_seeds", "search_seconds", "extra_permalinks"}
# the plain 8 x 7 board is not searched by default: no solution is known to our search
# within minutes (see attack.py); list it in `methods` to try anyway
DEFAULT_METHODS = ["slanted-4x14", "upright-4x14", "symmetric-7x8", "extrasymmetric-7x8"]


def _int_key(section: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = section.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ConfigError(f"site.toml [families.tantrix] {key}: expected an integer in {lo}..{hi}, got {v!r}")
    return v


def plan(family: str, section: dict, site: dict) -> list[dict]:
    """Validate [families.tantrix] and list the items."""
    unknown = sorted(set(section) - KEYS)
    if unknown:
        raise ConfigError(f"site.toml [families.tantrix]: unknown key {unknown[0]!r} "
                          f"(known: {', '.join(sorted(KEYS))})")
    count = _int_key(section, "single_loop_count", 112, 0, 112)
    seconds = _int_key(section, "search_seconds", 120, 1, 3600)
    methods = section.get("methods", DEFAULT_METHODS)
    if not isinstance(methods, list) or not all(isinstance(m, str) for m in methods):
        raise ConfigError("site.toml [families.tantrix] methods: expected a list of method names")
    for m in methods:
        if m not in boards.BOARDS:
            raise ConfigError(f"site.toml [families.tantrix] methods: unknown method {m!r} "
                              f"(choose from {', '.join(boards.METHODS)})")
    seeds = dict(DEFAULT_SEEDS)
    given = section.get("method_seeds", {})
    if not isinstance(given, dict):
        raise ConfigError("site.toml [families.tantrix] method_seeds: expected a table method = seed")
    for m, s in given.items():
        if m not in boards.BOARDS or not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < 2 ** 63:
            raise ConfigError(f"site.toml [families.tantrix] method_seeds: bad entry {m!r} = {s!r}")
        seeds[m] = s
    extra = section.get("extra_permalinks", [])
    if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
        raise ConfigError("site.toml [families.tantrix] extra_permalinks: expected a list of tx.v1 permalinks")
    for n, link in enumerate(extra):
        try:
            permalink.decode(link)
        except Exception as exc:
            raise ConfigError(f"site.toml [families.tantrix] extra_permalinks[{n}]: {exc}") from None
    items = [{"id": f"method-{m}", "params": {"kind": "method", "method": m, "seed": seeds[m],
                                              "seconds": seconds}} for m in methods]
    for n, link in enumerate(extra, start=1):
        items.append({"id": f"pattern-{n:02d}", "params": {"kind": "permalink", "permalink": link}})
    return items + (classes.plan_items(count) if count else [])


def _loop_facts(pattern: dict) -> list[list]:
    facts = []
    for name, info in loops.summary(pattern).items():
        text = ", ".join(str(n) for n in info["loops"]) or "none"
        if info["lines"]:
            text += "; lines winding around: " + ", ".join(
                f"{ln['length']} tiles along {tuple(ln['periods'])}" for ln in info["lines"])
        facts.append([f"{name} closed loops (tiles)", text])
    return facts


def generate(family: str, params: dict) -> dict:
    """Draw one item (a pure function of params)."""
    if params["kind"] == "permalink":
        pattern = permalink.decode(params["permalink"])
        title = f"{boards.get(pattern['method']).title}: a chosen pattern"
        group = "Chosen patterns"
        facts = [["method", pattern["method"]]]
    elif params["kind"] == "single-loop":
        pattern = permalink.decode(params["permalink"])
        fields = classes.item_fields(params)
        title, group, facts = fields["title"], fields["group"], fields["facts"]
    else:
        from generator.tantrix.search import search
        method = params["method"]
        pattern, nodes = search(method, seed=params["seed"], seconds=None,
                               max_nodes=params["seconds"] * 1_000_000)
        if pattern is None:
            raise ConfigError(f"site.toml [families.tantrix]: no {method} pattern for seed "
                              f"{params['seed']} within the search budget; choose another seed")
        title = boards.get(method).title
        group = "One pattern per board shape"
        facts = [["method", method], ["seed", params["seed"]], ["search nodes", nodes]]
    pl = permalink.encode(pattern)
    facts += [["periods", f"{tuple(pattern['periods'][0])}, {tuple(pattern['periods'][1])}"]]
    facts += _loop_facts(pattern)
    return {
        "title": title,
        "group": group,
        "permalink": pl,
        "command": f"python -m generator regen {pl} --format svg",
        "svg": render.pattern_svg(pattern, title=pl),      # byte-identical to the regen command
        "alt": f"Tantrix pattern ({title}): all 56 tiles, shown as 2 x 2 periods with one period outlined",
        "facts": facts,
        "extra_svgs": {"wallpaper": render.wallpaper_svg(pattern, px_per_unit=12.0),
                       **(fields["extra_svgs"] if params["kind"] == "single-loop" else {})},
    }


def figures() -> dict[str, str]:
    """Article figures: the five boards with their cell order, and the tile set."""
    from generator.tantrix import figures as figs
    return figs.all_figures()

