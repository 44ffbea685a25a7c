"""Phase 2 — plan the items: ask each enabled family for its descriptors.

A *descriptor* is {"id", "params"} (the item is `generate(params)`) or {"id",
"permalink", "params"} (the item is `regen(permalink)`; params only reach `page()`):
either fully determines the item, so the cache key of an item is a hash of (family, the
family's version, params and permalink, the render settings, the pipeline's own
RENDER_VERSION).  Nothing is generated here.  The family's `[families.NAME]` table is
checked against its `site` schema by `families.validate` (the one validation path:
unknown keys, types, ranges, each naming the key and its file:line); `plan()` is a pure
function of (family version, the validated table, [site]) and is memoised in the cache
under that key (some families enumerate to plan), so a no-change rebuild costs a few
hashes.

Families come from the registry (`generator/families.py`).  A registered family whose
`family.py` does not exist yet is skipped with a notice.  Tests may add a family that is
not in the registry (`build.py --family-module NAME=FILE.py`, loaded by
`families.load("file:...")`), a documented test hook; production builds never pass it.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from generator import families
from generator.errors import ConfigError
from generator.families import Family
from generator.pipeline import config as config_mod
from generator.pipeline import schedule

# Bump when the pipeline renders the same item differently (thumbnail sizes, PNG rules...).
RENDER_VERSION = "8"

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MAX_ITEMS_PER_FAMILY = 10000


@dataclass(frozen=True)
class Item:
    """One planned item: enough for a worker process to generate and render it."""

    family: str
    id: str
    index: int           # position in the family's gallery
    params_json: str     # canonical JSON of params
    module: str          # where the Family comes from: "module:attribute" or "file:/abs/path.py"
    key: str             # cache key (hex sha256)
    permalink: str | None = None   # the item is regen(permalink) instead of generate(params)
    day: str | None = None         # YYYY-MM-DD of a scheduled item (`schedule.py`), else None

    @property
    def label(self) -> str:
        """The name used in progress and error messages: family/id."""
        return f"{self.family}/{self.id}"

    @property
    def params(self) -> dict:
        """The params as a fresh dict."""
        return json.loads(self.params_json)


def family_sources(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The known families, name -> source: the registry, plus test-hook families NAME -> file."""
    out = dict(families.REGISTRY)
    for name, path in (extra or {}).items():
        out[name] = "file:" + str(Path(path).resolve())
    return out


def available(source: str) -> Family | None:
    """The Family at source, or None when its module does not exist yet (work in progress)."""
    return families.load_present(source)


def family_plan(fam: Family, table: dict, site: dict) -> list:
    """Validate a [families.NAME] table against the family's site schema, then plan."""
    values = families.validate(fam.site, table, f"[families.{fam.name}]", error=ConfigError)
    return fam.plan(values, dict(site))


def render_settings(cfg) -> dict:
    """The settings that change how an item is rendered (part of every cache key)."""
    return {"render_version": RENDER_VERSION, "thumb_width": cfg.site["thumb_width"],
            "png_width": cfg.site["png_width"]}


def item_key(family: str, version: str, params_json: str, settings: dict) -> str:
    """The cache key: sha256 of family, family VERSION, params and render settings."""
    blob = json.dumps([family, version, params_json, settings], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _descriptors(cfg, name: str, fam: Family, cache) -> list:
    """The family's plan() (and its schedule's days), memoised by (family, VERSION, its table, [site]).

    plan() is a pure function of those, and some families enumerate to plan (Tantrix):
    the memo keeps a no-change rebuild fast.
    """
    section = dict(cfg.families[name])
    daily = section.pop("daily", None)
    site = {k: v for k, v in cfg.site.items() if k != "max_cpu_hours"}    # (not a planning input)
    key = hashlib.sha256(json.dumps(["plan", name, fam.source, fam.version, section, daily, site],
                                    sort_keys=True, default=str).encode("utf-8")).hexdigest()
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    try:
        descriptors = family_plan(fam, dict(section), cfg.site)
    except ConfigError as exc:
        raise config_mod.config_error_at(cfg, name, str(exc)) from None
    if daily is not None:
        where = f"[families.{name}.daily]"
        if not isinstance(daily, dict):
            raise config_mod.config_error_at(cfg, name, f"daily must be a table {where}")
        try:
            descriptors = list(descriptors) + schedule.plan_days(fam, daily, cfg.site, where)
        except ConfigError as exc:
            raise config_mod.config_error_in(cfg, f"families.{name}.daily", str(exc)) from None
    if cache is not None and isinstance(descriptors, list):
        cache.put(key, descriptors)
    return descriptors


def plan_family(cfg, name: str, fam: Family, cache=None) -> list[Item]:
    """Call one family's plan() (or read its memo) and check what it returns."""
    version = fam.version
    if not version:
        raise ConfigError(f"{fam.source}: family {name!r} has no version")
    descriptors = _descriptors(cfg, name, fam, cache)
    if not isinstance(descriptors, list):
        raise ConfigError(f"family {name!r}: plan() must return a list")
    if len(descriptors) > MAX_ITEMS_PER_FAMILY:
        raise config_mod.config_error_at(cfg, name, f"too many items ({len(descriptors)}, "
                                         f"limit {MAX_ITEMS_PER_FAMILY})")
    settings = render_settings(cfg)
    items, seen = [], set()
    for i, d in enumerate(descriptors):
        if not isinstance(d, dict) or not isinstance(d.get("id"), str) or "params" not in d:
            raise ConfigError(f"family {name!r}: plan() item {i} must be {{'id': str, 'params': ...}}")
        if not ID_RE.match(d["id"]):
            raise ConfigError(f"family {name!r}: item id {d['id']!r} is not filename-safe "
                              "(letters, digits, '-', '_', '.'; at most 64)")
        if d["id"] in seen:
            raise ConfigError(f"family {name!r}: item id {d['id']!r} planned twice")
        seen.add(d["id"])
        try:
            pj = json.dumps(d["params"], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"family {name!r}: params of {d['id']!r} are not JSON: {exc}") from None
        link = d.get("permalink")
        if link is not None and not isinstance(link, str):
            raise ConfigError(f"family {name!r}: permalink of {d['id']!r} must be a string")
        key = item_key(name, version, pj if link is None else json.dumps([link, pj]), settings)
        day = d.get("day")
        items.append(Item(name, d["id"], i, pj, fam.source, key, link, day))
    return items


# ---- the CPU estimate --------------------------------------------------------------------------
# Before any item is made the build adds up what its items will cost: each family's cost rule
# (`Family.cost`, the size a link or generate's params state) times its `Family.cpu` (CPU
# seconds per unit, measured), plus ITEM_CPU for the pictures every item gets.  Cached items
# cost nothing.  Over `[site] max_cpu_hours` the build stops (exit 2) naming the table.
ITEM_CPU = 0.3          # CPU seconds of an item's pictures (SVG, PNG 1x/2x, WebP thumbnails), measured
ANNOUNCE_CPU = 60       # the build prints its estimate before any work from this many CPU-seconds (or on a terminal)


def item_cpu(fam: Family, item: Item) -> float:
    """About how many CPU seconds making one item takes, from its text alone."""
    rate = fam.cpu
    if fam.cost is None or rate is None:
        return ITEM_CPU
    params = None if item.permalink is not None else item.params
    try:
        amount = float(fam.cost(item.permalink, params))
        per = float(rate(params, item.permalink) if callable(rate) else rate)
    except Exception:       # noqa: BLE001 - a link its family refuses fails at once when made
        return ITEM_CPU
    return ITEM_CPU + max(0.0, amount) * max(0.0, per)


def table_of(item: Item) -> str:
    """The site.toml table an item comes from: [families.NAME] or [families.NAME.daily]."""
    return f"families.{item.family}" + (".daily" if item.day is not None else "")


def estimate(planned: dict[str, list[Item]], sources: dict[str, str], cache=None) -> dict[str, list]:
    """{table: [items to make, CPU seconds]} of the items not in the cache, in plan order."""
    out: dict[str, list] = {}
    for name, items in planned.items():
        fam = available(sources[name])
        for item in items:
            if cache is not None and cache.has(item.key):
                continue
            entry = out.setdefault(table_of(item), [0, 0.0])
            entry[0] += 1
            entry[1] += item_cpu(fam, item)
    return out


def cpu_text(seconds: float) -> str:
    """A CPU time as people say it: 40 CPU-seconds, 12.5 CPU-minutes, 3.2 CPU-hours."""
    if seconds < 90:
        return f"{seconds:.0f} CPU-seconds"
    if seconds < 5400:
        return f"{seconds / 60:.1f} CPU-minutes"
    return f"{seconds / 3600:,.1f} CPU-hours"


def check_estimate(cfg, tables: dict[str, list]) -> tuple[str, float]:
    """(the estimate's line for the build's output, its CPU seconds); ConfigError (exit 2) naming
    `[site] max_cpu_hours` and the costliest table when the total is over it."""
    count = sum(n for n, _s in tables.values())
    total = sum(s for _n, s in tables.values())
    line = f"estimate: {count:,} items to make, about {cpu_text(total)}"
    limit = cfg.site["max_cpu_hours"]
    if total > limit * 3600:
        table, (n, seconds) = max(tables.items(), key=lambda kv: kv[1][1])
        raise config_mod.config_error_in(cfg, "site", (
            f"[site] max_cpu_hours = {limit:g}: the build would take about {cpu_text(total)}; "
            f"[{table}] alone asks for {n:,} items, about {cpu_text(seconds)} "
            "(plan fewer or smaller items, or raise max_cpu_hours)"))
    return line, total


def plan(cfg, sources: dict[str, str], only: list[str] | None = None, cache=None):
    """Plan every enabled family (registry order); return (items by family, skipped notes)."""
    items: dict[str, list[Item]] = {}
    notes = []
    if only:
        for name in only:
            if name not in sources:
                raise ConfigError(f"--only: unknown family {name!r} (known: {', '.join(sorted(sources))})")
            if name not in cfg.families:
                raise ConfigError(f"--only: family {name!r} is not enabled in {config_mod._rel(cfg.path)}")
    for name, src in sources.items():
        if name not in cfg.families or (only and name not in only):
            continue
        fam = available(src)
        if fam is None:
            notes.append(f"family {name!r} has no family.py yet; not built")
            continue
        items[name] = plan_family(cfg, name, fam, cache)
    return items, notes
