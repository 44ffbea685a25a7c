"""Phase 2 — plan the items: ask each enabled family for its descriptors.

A *descriptor* is (family, id, params): `params` fully determines the item, so the
cache key of an item is a hash of (family, the family's VERSION, params, the render
settings, the pipeline's own RENDER_VERSION).  Nothing is generated here.  A family's
plan() is a pure function of (family VERSION, its table, [site]) and is memoised in the
cache under that key (some families enumerate to plan), so a no-change rebuild costs a
few hashes.

Families come from the registry (`generator/families.py`).  A family whose package has
no `publish.py` yet is skipped with a notice.  Tests may add a family that is not in the
registry with `extra_families` (`build.py --family-module NAME=FILE.py`), a documented
test hook; production builds never pass it.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from generator.errors import ConfigError
from generator.families import FAMILIES
from generator.pipeline import config as config_mod

# Bump when the pipeline renders the same item differently (thumbnail sizes, PNG rules...).
RENDER_VERSION = "2"

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MAX_ITEMS_PER_FAMILY = 10000


@dataclass(frozen=True)
class FamilySource:
    """Where a family's publish module comes from: a module name or a file (test hook)."""

    name: str
    title: str
    module: str          # "generator.penrose.publish" or "file:/abs/path.py"


@dataclass(frozen=True)
class Item:
    """One planned item: enough for a worker process to generate and render it."""

    family: str
    id: str
    index: int           # position in the family's gallery
    params_json: str     # canonical JSON of params
    module: str
    key: str             # cache key (hex sha256)

    @property
    def label(self) -> str:
        """The name used in progress and error messages: family/id."""
        return f"{self.family}/{self.id}"

    @property
    def params(self) -> dict:
        """The params as a fresh dict."""
        return json.loads(self.params_json)


_LOADED: dict[str, object] = {}


def load_publisher(module: str):
    """Import a publish module by name, or by file for the `file:` test hook (memoised)."""
    if module in _LOADED:
        return _LOADED[module]
    if module.startswith("file:"):
        path = Path(module[5:])
        name = "tilepress_family_" + re.sub(r"\W", "_", path.stem)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ConfigError(f"{path}: cannot load family module")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    else:
        mod = importlib.import_module(module)
    _LOADED[module] = mod
    return mod


def family_sources(extra: dict[str, str] | None = None) -> dict[str, FamilySource]:
    """The known families: the registry, plus test-hook families given as NAME -> file."""
    out = {name: FamilySource(name, f.title, f"generator.{f.package}.publish")
           for name, f in FAMILIES.items()}
    for name, path in (extra or {}).items():
        title = name
        out[name] = FamilySource(name, title, "file:" + str(Path(path).resolve()))
    return out


def available(src: FamilySource):
    """The family's publish module, or None when its package has no publish.py yet."""
    if src.module.startswith("file:"):
        return load_publisher(src.module)
    try:
        return load_publisher(src.module)
    except ModuleNotFoundError as exc:
        if exc.name and (src.module == exc.name or src.module.startswith(exc.name + ".")):
            return None
        raise


def render_settings(cfg) -> dict:
    """The settings that change how an item is rendered (part of every cache key)."""
    return {"render_version": RENDER_VERSION, "thumb_width": cfg.site["thumb_width"],
            "png_width": cfg.site["png_width"]}


def item_key(family: str, version: str, params_json: str, settings: dict) -> str:
    """The cache key: sha256 of family, family VERSION, params and render settings."""
    blob = json.dumps([family, version, params_json, settings], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _descriptors(cfg, src: FamilySource, mod, version: str, cache) -> list:
    """The family's plan(), memoised in the cache by (family, VERSION, its table, [site]).

    plan() is a pure function of those, and some families enumerate to plan (Tantrix):
    the memo keeps a no-change rebuild fast.
    """
    section = cfg.families[src.name]
    key = hashlib.sha256(json.dumps(["plan", src.name, src.module, version, section, cfg.site],
                                    sort_keys=True, default=str).encode("utf-8")).hexdigest()
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    try:
        descriptors = mod.plan(src.name, dict(section), dict(cfg.site))
    except ConfigError as exc:
        raise config_mod.config_error_at(cfg, src.name, str(exc)) from None
    if cache is not None and isinstance(descriptors, list):
        cache.put(key, descriptors)
    return descriptors


def plan_family(cfg, src: FamilySource, mod, cache=None) -> list[Item]:
    """Call one family's plan() (or read its memo) and check what it returns."""
    version = str(getattr(mod, "VERSION", ""))
    if not version:
        raise ConfigError(f"{src.module}: family {src.name!r} has no VERSION")
    descriptors = _descriptors(cfg, src, mod, version, cache)
    if not isinstance(descriptors, list):
        raise ConfigError(f"family {src.name!r}: plan() must return a list")
    if len(descriptors) > MAX_ITEMS_PER_FAMILY:
        raise config_mod.config_error_at(cfg, src.name, f"too many items ({len(descriptors)}, "
                                         f"limit {MAX_ITEMS_PER_FAMILY})")
    settings = render_settings(cfg)
    items, seen = [], set()
    for i, d in enumerate(descriptors):
        if not isinstance(d, dict) or not isinstance(d.get("id"), str) or "params" not in d:
            raise ConfigError(f"family {src.name!r}: plan() item {i} must be {{'id': str, 'params': ...}}")
        if not ID_RE.match(d["id"]):
            raise ConfigError(f"family {src.name!r}: item id {d['id']!r} is not filename-safe "
                              "(letters, digits, '-', '_', '.'; at most 64)")
        if d["id"] in seen:
            raise ConfigError(f"family {src.name!r}: item id {d['id']!r} planned twice")
        seen.add(d["id"])
        try:
            pj = json.dumps(d["params"], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"family {src.name!r}: params of {d['id']!r} are not JSON: {exc}") from None
        items.append(Item(src.name, d["id"], i, pj, src.module, item_key(src.name, version, pj, settings)))
    return items


def plan(cfg, sources: dict[str, FamilySource], only: list[str] | None = None, cache=None):
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
        mod = available(src)
        if mod is None:
            notes.append(f"family {name!r} has no publish.py yet; not built")
            continue
        items[name] = plan_family(cfg, src, mod, cache)
    return items, notes
