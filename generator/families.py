"""The family protocol: what a family is, the registry, and the one validation path.

A *family* is one kind of published object — a tiling (Penrose P2 and P3, the hat), a
puzzle (calissons), a pattern (Tantrix).  Each lives in one folder `generator/<package>/`
whose module `family.py` defines a `Family` value; the registry below maps the family's
name to "module:attribute".  Adding a family is that folder plus one registry line: the
command line (`generator/cli.py`), the site build (`generator/pipeline/`) and permalink
regeneration are all built from the `Family` value, never from per-family code.

A family declares its inputs as a *schema*: a tuple of `Param` (name, type, range,
default, help).  `validate(schema, values, where)` is the only place where inputs are
checked — command-line options (converted from text by type first), `[families.NAME]`
tables of site.toml, and the overrides of `regen` — so one bad value gets one kind of
message, naming the key, whichever door it came through.

Permalinks all have the shape ``<prefix>.v<N>.<payload>``: a family prefix (lower-case
letters and digits), a format version, and a family-defined payload of URL- and
filename-safe characters ``[A-Za-z0-9_~.-]``.  A family never changes what an old
version means; a new format gets a new version number and the old one keeps working.  The
grammar — the shape, the limits, the messages and the cost rule — is `generator.permalinks`.

Tiling families also give their tiles with exact vertex keys (`Tile`), so that puzzles
built on a tiling (Loopy) can identify shared vertices without floating-point guesswork:
two tiles share a vertex exactly when their keys are equal.  `patch(name, ...)` returns a
tiling's item and its tiles.  See docs/adding-a-family.md for a worked example.

This module imports nothing from the family packages at module level: they import it.
`module_named()` (used by `get()` and by the page's calls, generator.webapi.call) holds the only
`importlib.import_module` call of the `generator` package.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterable, NamedTuple

from generator import permalinks
from generator.errors import ConfigError, PermalinkError, TilepressError
from generator.params import format_decimal

# name -> "module:attribute" of its Family value; the order is the gallery order.
REGISTRY: dict[str, str] = {
    "p2": "generator.penrose.family:P2",
    "p3": "generator.penrose.family:P3",
    "hat": "generator.hat.family:FAMILY",
    "calissons": "generator.calissons.family:FAMILY",
    "tantrix": "generator.tantrix.family:FAMILY",
    "spectre": "generator.spectre.family:FAMILY",
    "loopy": "generator.loopy.family:FAMILY",
}

# The permalink shape and the longest string read as one (`generator.permalinks`).
MAX_PERMALINK_LENGTH = permalinks.MAX_PERMALINK_LENGTH
short_id = permalinks.short_id         # the page asks for it here (families.short_id)
PERMALINK_RE = permalinks.PERMALINK_RE

TYPES = ("int", "decimal", "float", "str", "bool", "choice", "ints", "sizes", "strs", "table")
MAX_LIST = 1000          # no list in a schema is longer than this, whatever max_items says


class _Required:
    """The default of a parameter that must be given."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()


@dataclass(frozen=True)
class Param:
    """One entry of a schema: a CLI option, a site.toml key, a generate() parameter.

    Types: "int", "decimal" (a positive exact decimal with at most 3 decimals, returned as
    canonical text), "float", "str", "bool", "choice" (one of `choices`), "ints" (list of
    int), "sizes" (list of [width, height] decimals, returned as [text, text]), "strs"
    (list of str, each from `choices` when given), "table" (str -> int, keys from
    `choices` when given).  `min`/`max` bound numbers, list elements and table values.
    """

    name: str
    type: str
    help: str
    default: object = REQUIRED
    min: object = None
    max: object = None
    choices: tuple = ()
    max_items: int | None = None
    positional: bool = False
    min_items: int = 1           # lists: at least this many items (0: may be empty)
    metavar: str | None = None   # CLI: the placeholder shown in --help

    @property
    def flag(self) -> str:
        """The command-line spelling: `--name` with '_' → '-' (a positional: NAME)."""
        return self.name.upper() if self.positional else "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Command:
    """An extra CLI subcommand: `python -m generator FAMILY NAME ...`."""

    name: str
    help: str
    params: tuple
    run: Callable[[dict], int]
    formats: tuple = ()          # adds --format (first is the default) and --out
    description: str = ""        # longer text for --help (defaults to help)


class Tile(NamedTuple):
    """One tile of a tiling: its kind, exact vertex keys and float vertices, same order."""

    kind: str
    exact: tuple
    points: tuple


@dataclass(frozen=True)
class Family:
    """Everything the CLI, the site build and regeneration need to know about a family."""

    name: str
    title: str
    prefix: str
    versions: tuple
    version: str
    kind: str
    params: tuple
    generate: Callable[[dict], object]
    regen: Callable[[permalinks.Link, dict], object]      # the parsed link (families.parse), overrides
    regen_params: tuple
    permalink: Callable[[object], str]
    to_json: Callable[[object], object]
    to_svg: Callable[[object, dict], str]
    facts: Callable[[object], list]
    site: tuple
    plan: Callable[[dict, dict], list]
    page: Callable[[object, dict], dict]
    commands: tuple = ()
    figures: Callable[[], dict] | None = None
    tiles: Callable[[object], Iterable[Tile]] | None = None
    # the maker's exports (`--format graph|geojson|cut-svg|dxf`, `--colour`; generator/maker/):
    # shapes(item) yields (kind, exact vertex keys, float points, extra dict) per tile, in a fixed
    # order, lazily for big patches; families with `tiles` and no `shapes` export those, extra {}
    shapes: Callable[[object], Iterable[tuple]] | None = None
    svg_params: tuple = ()       # options of to_svg(): CLI flags of `tiling`/`generate`/`regen`
    formats: tuple = ("json", "svg", "png", "pdf")   # outputs of generate/regen; first = default
    description: str = ""        # one paragraph for --help
    to_png: Callable[[object, dict], bytes] | None = None   # a PNG other than the SVG's rasterisation
    # cost(link, params) — about how many tiles (a puzzle's faces or lozenges, a Tantrix search's
    # nodes) a parsed permalink (or, with link None, generate's params) asks for, from the text
    # alone: the cost rule of generator.permalinks
    cost: Callable[[permalinks.Link | None, dict | None], float] | None = None
    # cpu: about how many CPU seconds (CPython) one unit of `cost` takes to make, beyond the
    # pictures every item gets: a number, or a function of (generate's params or None, the permalink
    # or None) for a family whose work per unit depends on them (a puzzle's level).  The site build
    # adds cost × cpu over its items to estimate its work before any (`[site] max_cpu_hours`).
    cpu: float | Callable[[dict | None, str | None], float] | None = None
    # ---- the page (regen.html, through generator.webapi); all optional ----
    # page_cap: the most `cost` the page regenerates (a number, or a function of the permalink for
    # a family whose kinds of link differ in work per unit); bigger links are for the command line
    page_cap: float | Callable[[str], float] | None = None
    form: dict | None = None     # the "make your own" form: fields, count, argv (docs/adding-a-family.md)
    exercise: tuple = ()         # `regen` flag lists the build's Pyodide/CPython exercise runs on the form's link
    player: str = ""             # module (dotted, under generator.) with board/check/solution: play on the page
    hinter: str = ""             # module with hint(permalink, lines, crosses): the page's Hint button
    page_modules: tuple = ()     # modules (under generator.) the page's code uses (its players, hints)
    page_calls: tuple = ()       # "module.function" (under generator.) the page calls by name (webapi.call)
    memo_modules: tuple = ()     # modules with remember(n): the page's worker reads each permalink once
    warm_up: tuple = ()          # CLI argv of a small make the page's worker runs when idle (compiles the engine)
    # ---- paper (`python -m generator sheet`, the site's sheets and books: generator/sheet.py); optional ----
    # on_paper(item) -> {"puzzle", "answer" (SVGs), "level" (in words), "edge" (the median grid edge in the
    # puzzle SVG's units), "kind", "rules" (plain sentences), "example" (SVG of a worked example)} or None
    on_paper: Callable[[object], dict | None] | None = None
    # sheet_recipe(given, count) -> generate() params of `count` puzzles from the recipe options given
    # (generate's schema, unvalidated), checked by the family's cost rule before any work
    sheet_recipe: Callable[[dict, int], list] | None = None
    source: str = field(default="", compare=False)   # where it was loaded from (set by load())


# ---- loading ----------------------------------------------------------------------------

_LOADED: dict[str, Family] = {}


def module_named(name: str):
    """The module of a dotted name, imported (families here; the page's calls in generator.webapi)."""
    return importlib.import_module(name)


def load(source: str) -> Family:
    """The Family at "module:attribute", or "file:/path.py" (a test family's FAMILY), memoised."""
    if source in _LOADED:
        return _LOADED[source]
    if source.startswith("file:"):
        path = Path(source[5:])
        name = "tilepress_family_" + re.sub(r"\W", "_", path.stem)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ConfigError(f"{path}: cannot load family module")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        attr = "FAMILY"
    else:
        module, _, attr = source.partition(":")
        mod = module_named(module)
    fam = getattr(mod, attr or "FAMILY", None)
    if not isinstance(fam, Family):
        raise TypeError(f"{source}: {attr or 'FAMILY'} is not a generator.families.Family")
    object.__setattr__(fam, "source", source)
    _LOADED[source] = fam
    return fam


def lazy_run(load: Callable[[], object], name: str) -> Callable[[dict], int]:
    """A Command runner that calls function `name` of the module `load()` returns, loaded
    only when the command runs (so `--help` and the other commands never import it)."""
    def run(values: dict) -> int:
        return getattr(load(), name)(values)
    return run


def get(name: str) -> Family:
    """The registered family called name (TilepressError if there is none)."""
    if name not in REGISTRY:
        raise TilepressError(f"unknown family {name!r} (known: {', '.join(REGISTRY)})")
    fam = load(REGISTRY[name])
    if fam.name != name:
        raise TypeError(f"{REGISTRY[name]} is family {fam.name!r}, registered as {name!r}")
    return fam


def load_present(source: str) -> Family | None:
    """load(source), or None when its module does not exist yet (a family being written)."""
    module = source.partition(":")[0]
    try:
        return load(source)
    except ModuleNotFoundError as exc:
        if not source.startswith("file:") and exc.name and (module == exc.name or module.startswith(exc.name + ".")):
            return None
        raise


def available(name: str) -> Family | None:
    """get(name), or None when the family's module does not exist yet."""
    return get(name) if load_present(REGISTRY[name]) is not None else None


def all_families() -> list[Family]:
    """Every registered family whose module exists, in registry order."""
    return [f for f in (available(n) for n in REGISTRY) if f is not None]


def by_prefix(prefix: str) -> Family | None:
    """The family whose permalinks start with prefix, or None."""
    for fam in all_families():
        if fam.prefix == prefix:
            return fam
    return None


def family_of(link: permalinks.Link) -> Family:
    """The family a parsed permalink belongs to, its version checked (PermalinkError)."""
    fam = by_prefix(link.prefix)
    if fam is None:
        known = ", ".join(sorted(f.prefix for f in all_families()))
        raise PermalinkError(f"unknown permalink family {link.prefix!r} (known: {known})")
    if link.version not in fam.versions:
        raise PermalinkError(f"{link.prefix} permalink version {link.version} is not known "
                             f"(this program reads {', '.join(f'v{v}' for v in fam.versions)})")
    return fam


def parse(text) -> tuple[Family, permalinks.Link]:
    """(family, Link) of a permalink: each door (command line, site build, page, Markdown
    extension) reads a link here once and passes the Link on; a Link is taken as it is."""
    link = permalinks.as_link(text)
    return family_of(link), link


def split_permalink(text) -> tuple[Family, int, str]:
    """(family, version, payload) of a permalink (a text or a Link), or raise PermalinkError."""
    fam, link = parse(text)
    return fam, link.version, link.payload


def patch(name: str, permalink=None, **params) -> tuple[object, list[Tile]]:
    """A tiling family's item and its tiles: from a permalink (a Link, or its text), or generated
    from params."""
    fam = get(name)
    if fam.tiles is None:
        raise TilepressError(f"family {name!r} is not a tiling (it has no tiles)")
    if permalink is not None:
        _fam, link = parse(permalink)
        item = fam.regen(link, validate(fam.regen_params, params, f"{name} patch"))
    else:
        item = fam.generate(validate(fam.params, params, f"{name} patch"))
    return item, list(fam.tiles(item))


# ---- validation -------------------------------------------------------------------------

def _shown(value) -> str:
    """A value as a message shows it (short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _range_text(p: Param) -> str:
    if p.min is not None and p.max is not None:
        return f"between {p.min} and {p.max}"
    if p.min is not None:
        return f"at least {p.min}"
    return f"at most {p.max}"


def _number(p: Param, v, what: str, fail):
    """Check one int/float/decimal against the parameter's type and range."""
    if p.type in ("int", "ints", "table"):
        if not _is_int(v):
            fail(f"{what} must be an integer, not {_shown(v)}")
    elif p.type == "float":
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v in (float("inf"), -float("inf")):
            fail(f"{what} must be a number, not {_shown(v)}")
        v = float(v)
    if (p.min is not None and v < p.min) or (p.max is not None and v > p.max):
        fail(f"{what} must be {_range_text(p)}, got {_shown(v)}")
    return v


def _decimal(p: Param, v, what: str, fail) -> str:
    """A positive decimal (int, float or text) with at most 3 decimals, as canonical text."""
    if isinstance(v, str):
        if not re.fullmatch(r"[0-9]{1,7}(\.[0-9]{1,3})?", v.strip()):
            fail(f"{what} must be a positive decimal with at most 3 decimals, got {_shown(v)}")
        x = Fraction(v.strip())
    elif _is_int(v):
        x = Fraction(v)
    elif isinstance(v, float) and v == v and abs(v) != float("inf"):
        x = Fraction(str(v))
    else:
        fail(f"{what} must be a number, not {_shown(v)}")
    if x <= 0 or (p.max is not None and x > p.max):
        top = f" and ≤ {p.max}" if p.max is not None else ""
        fail(f"{what} must be > 0{top}, got {_shown(v)}")
    if (x * 1000).denominator != 1:
        fail(f"{what} must have at most 3 decimals, got {_shown(v)}")
    return format_decimal(x)


def _items(p: Param, v, what: str, fail) -> list:
    """Check the list shape: a list, item count, no repeats (checked by the caller's values)."""
    if not isinstance(v, list):
        fail(f"{what} must be a list, not {_shown(v)}")
    top = min(p.max_items or MAX_LIST, MAX_LIST)
    if not p.min_items <= len(v) <= top:
        fail(f"{what} must have {p.min_items} to {top} items, got {len(v)}")
    return v


def _distinct(values: list, what: str, fail) -> list:
    seen = set()
    for x in values:
        key = tuple(x) if isinstance(x, list) else x
        if key in seen:
            fail(f"{what}: duplicate value {_shown(x)}")
        seen.add(key)
    return values


def check_value(p: Param, v, what: str, fail):
    """One value checked against its Param; returns the canonical value."""
    t = p.type
    if t in ("int", "float"):
        return _number(p, v, what, fail)
    if t == "decimal":
        return _decimal(p, v, what, fail)
    if t == "bool":
        if not isinstance(v, bool):
            fail(f"{what} must be true or false, not {_shown(v)}")
        return v
    if t == "str":
        if not isinstance(v, str):
            fail(f"{what} must be a string, not {_shown(v)}")
        if p.max is not None and len(v) > p.max:
            fail(f"{what} is too long ({len(v)} characters, limit {p.max})")
        return v
    if t == "choice":
        if not isinstance(v, str) or v not in p.choices:
            fail(f"{what} must be one of {', '.join(map(str, p.choices))}, not {_shown(v)}")
        return v
    if t == "ints":
        return _distinct([_number(p, x, f"{what}[{i}]", fail) for i, x in enumerate(_items(p, v, what, fail))],
                         what, fail)
    if t == "sizes":
        out = []
        for i, wh in enumerate(_items(p, v, what, fail)):
            if not isinstance(wh, (list, tuple)) or len(wh) != 2:
                fail(f"{what}[{i}] must be [width, height], not {_shown(wh)}")
            out.append([_decimal(p, wh[0], f"{what}[{i}] width", fail),
                        _decimal(p, wh[1], f"{what}[{i}] height", fail)])
        return _distinct(out, what, fail)
    if t == "strs":
        out = []
        for i, x in enumerate(_items(p, v, what, fail)):
            if not isinstance(x, str) or (p.choices and x not in p.choices):
                want = f"one of {', '.join(p.choices)}" if p.choices else "a string"
                fail(f"{what}[{i}] must be {want}, not {_shown(x)}")
            if p.max is not None and len(x) > p.max:
                fail(f"{what}[{i}] is too long ({len(x)} characters, limit {p.max})")
            out.append(x)
        return _distinct(out, what, fail)
    if t == "table":
        if not isinstance(v, dict):
            fail(f"{what} must be a table of name = integer, not {_shown(v)}")
        out = {}
        for k, x in v.items():
            if p.choices and k not in p.choices:
                fail(f"{what}: unknown name {k!r} (choose from {', '.join(p.choices)})")
            out[k] = _number(p, x, f"{what}.{k}", fail)
        return out
    raise TypeError(f"parameter {p.name!r} has unknown type {t!r}")


def validate(schema, values: dict, where: str, error=TilepressError, flags: bool = False) -> dict:
    """Check values against a schema: unknown keys, types, ranges; fill in defaults.

    `where` starts every message (e.g. "[families.hat]" or "tiling hat"); `error` is the
    exception raised (ConfigError for site.toml); with `flags` keys are named as CLI
    options (--patch-seeds).  Returns a new dict with every key of the schema.
    """
    def fail(msg):
        raise error(f"{where} {msg}" if where else msg)

    if not isinstance(values, dict):
        fail(f"must be a table, not {_shown(values)}")
    by_name = {p.name: p for p in schema}
    for key in values:
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            fail(f"unknown key {key!r} (known: {known})")
    out = {}
    for p in schema:
        what = p.flag if flags else p.name
        if p.name in values and values[p.name] is not None:
            out[p.name] = check_value(p, values[p.name], what, fail)
        elif p.default is REQUIRED:
            fail(f"{what} is required")
        else:
            out[p.name] = p.default
    return out


def from_text(p: Param, text: str, error=TilepressError):
    """Convert one command-line string by the parameter's type (validate() checks it next)."""
    t = text.strip()
    if p.type in ("int", "ints"):
        if not re.fullmatch(r"[-+]?[0-9]{1,30}", t):
            raise error(f"{p.flag} must be an integer, got {_shown(text)}")
        return int(t)
    if p.type == "float":
        try:
            return float(t)
        except ValueError:
            raise error(f"{p.flag} must be a number, got {_shown(text)}") from None
    return text
