"""Phase 1 — read the site: `site_src/site.toml` and the Markdown articles.

Everything a user edits is validated here, before any work starts, and every problem
becomes one `ConfigError` whose message names the file and the line (`path:line: what`),
so that `build.py` can print it, exit with code 2 and leave the previous site alone.

The `[site]` table belongs to the pipeline (title, tagline, base_url, render and sheet
settings); each `[families.<name>]` table belongs to that family (checked against its `site` schema).
A family whose table is absent, or has `enabled = false`, is not built; a table naming
a family the registry does not know is an error.

Articles are `site_src/articles/<name>.md`: a front matter block between two `---`
lines holding `key: value` lines (`title` required, `family` optional, `also` optional: more
families the article belongs to, separated by spaces or commas (the Penrose article serves P2
and P3), `order` optional integer), then Markdown.  The front matter is deliberately not YAML: one line, one key.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import ConfigError
from generator.inputs import read_text

MAX_CONFIG_BYTES = 1 << 20          # a site.toml larger than 1 MiB is surely a mistake
MAX_ARTICLE_BYTES = 1 << 20

# [site] keys the pipeline understands, with their defaults and types.
SITE_DEFAULTS = {
    "title": "tilepress",
    "tagline": "",
    "base_url": "",
    "thumb_width": 240,        # CSS pixels of a gallery thumbnail (WebP 1x/2x + PNG fallback)
    "png_width": 1200,         # largest 1x PNG download width (2x is twice that)
    "home_thumbs": 4,          # thumbnails per family on the home page
    "gallery_page": 48,        # thumbnails per gallery page (galleries paginate past it)
    "interactive": True,       # regen.html: regenerate / make / play in the browser (needs `npm ci`)
    "safe_markdown": False,    # articles: escape raw HTML, drop javascript: links (else HTML passes)
    "theme_dir": "",           # a folder (relative to site.toml) of templates overriding the built-in ones
    "max_cpu_hours": 10.0,     # the build stops before any work when its estimate is over this (docs/build-limits.md)
}
SHEET_DEFAULTS = {
    "papers": ["a4", "letter"],
    "columns": 2,
    "rows": 3,
    "colour": False,           # black and white by default
    "tilings": False,          # colouring sheets of the tilings (items without `sheet`): bool or names
    "tilings_max": 12,         # at most this many items per family on colouring sheets
}
PAPERS = ("a4", "letter")


@dataclass
class Article:
    """One Markdown article: its file, front matter and body."""

    name: str                  # file stem, used for the URL articles/<name>.html
    path: Path
    title: str
    family: str | None
    order: int
    body: str                  # Markdown text after the front matter
    body_line: int             # line number of the first body line (for messages)
    also: tuple = ()           # more families the article belongs to (`also: p3`)


@dataclass
class SiteConfig:
    """The validated site: [site] settings, family tables (in file order) and articles."""

    path: Path
    site: dict
    sheets: dict
    families: dict[str, dict]                  # enabled families only, name -> table
    family_lines: dict[str, int] = field(default_factory=dict)
    disabled: list[str] = field(default_factory=list)
    articles: list[Article] = field(default_factory=list)
    theme_dir: Path | None = None              # [site] theme_dir, resolved beside site.toml

    @property
    def root(self) -> Path:
        """The content folder (the folder holding site.toml)."""
        return self.path.parent


def _rel(path: Path) -> str:
    """A path as the user would recognise it (relative to the working folder if possible)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _line_of(text: str, pattern: str, default: int = 1) -> int:
    """The 1-based line of the first match of a regex in text (default if none)."""
    m = re.search(pattern, text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else default


def _table_line(text: str, dotted: str) -> int:
    """The line where `[a.b]` (or `a.b.` keys) is defined in TOML text."""
    parts = [re.escape(p) for p in dotted.split(".")]
    sep = r"[ \t]*\.[ \t]*"
    name = sep.join(rf"(?:{p}|\"{p}\"|'{p}')" for p in parts)
    return _line_of(text, rf"^[ \t]*\[[ \t]*{name}[ \t]*\]|^[ \t]*{name}[ \t]*[.=]")


def _key_line(text: str, table: str, key: str) -> int:
    """The line of `key =` inside `[table]` (falls back to the table header)."""
    start = _table_line(text, table)
    lines = text.splitlines()
    for i in range(start, len(lines)):
        line = lines[i]
        if re.match(r"^\s*\[", line):
            break
        if re.match(rf"^[ \t]*{re.escape(key)}[ \t]*=", line):
            return i + 1
    return start


def _read_text(path: Path, limit: int, what: str) -> str:
    """A content file as UTF-8 text, size-capped; every failure is a ConfigError with file:line."""
    return read_text(str(path), limit, name=_rel(path), what=what, error=ConfigError)


def read_toml(path: Path) -> tuple[dict, str]:
    """Parse a TOML file, turning every failure into ConfigError with file:line."""
    text = _read_text(path, MAX_CONFIG_BYTES, "site config")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise ConfigError(f"{_rel(path)}:1: malformed TOML: arrays or tables nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        line = int(m.group(1)) if m else (text.count("\n") + 1 if "end of document" in msg else 1)
        msg = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg)
        raise ConfigError(f"{_rel(path)}:{line}: malformed TOML: {msg}") from None
    _check_finite(path, text, data)
    return data, text


def _check_finite(path: Path, text: str, data: dict) -> None:
    """Refuse nan and inf anywhere: no setting means them, and they break every range check."""
    todo = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, float) and not math.isfinite(value):
            line = _line_of(text, r"(?<![\w.])[+-]?(nan|inf)\b")
            raise ConfigError(f"{_rel(path)}:{line}: {where or 'a value'} is {value}: "
                              "numbers must be finite")
        if isinstance(value, dict):
            todo += [(f"{where}.{k}" if where else k, v) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(f"{where}[{i}]", v) for i, v in enumerate(value)]


def _check_type(path, text, table, key, value, expected):
    """Raise ConfigError unless value has the expected type (bool is not int)."""
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    if not ok:
        name = getattr(expected, "__name__", str(expected))
        raise ConfigError(f"{_rel(path)}:{_key_line(text, table, key)}: [{table}] {key} "
                          f"must be {name}, not {type(value).__name__}")


def _validate_site(path: Path, text: str, data: dict) -> tuple[dict, dict]:
    """Check the [site] table (and [site.sheets]) and fill in defaults."""
    raw = data.get("site", {})
    if not isinstance(raw, dict):
        line = _line_of(text, r"^[ \t]*site[ \t]*=")
        raise ConfigError(f"{_rel(path)}:{line}: site must be a table")
    site = dict(SITE_DEFAULTS)
    sheets = dict(SHEET_DEFAULTS)
    for key, value in raw.items():
        if key == "sheets":
            if not isinstance(value, dict):
                raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', key)}: [site] sheets must be a table")
            for skey, svalue in value.items():
                if skey not in SHEET_DEFAULTS:
                    raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', skey)}: "
                                      f"unknown key {skey!r} in [site.sheets] "
                                      f"(known: {', '.join(SHEET_DEFAULTS)})")
                if skey == "tilings" and isinstance(svalue, list):
                    if not all(isinstance(v, str) for v in svalue):
                        raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', skey)}: "
                                          "[site.sheets] tilings must be true, false or a list of family names")
                else:
                    _check_type(path, text, "site.sheets", skey, svalue, type(SHEET_DEFAULTS[skey]))
                sheets[skey] = svalue
            continue
        if key not in SITE_DEFAULTS:
            raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', key)}: unknown key {key!r} in [site] "
                              f"(known: {', '.join(list(SITE_DEFAULTS) + ['sheets'])})")
        if key == "max_cpu_hours":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1e6:
                raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', key)}: [site] max_cpu_hours must be "
                                  "a number of hours above 0 (at most 1000000)")
            value = float(value)
        else:
            _check_type(path, text, "site", key, value, type(SITE_DEFAULTS[key]))
        site[key] = value
    for key, lo, hi in (("thumb_width", 32, 1024), ("png_width", 64, 4096), ("home_thumbs", 0, 24),
                         ("gallery_page", 4, 1000)):
        if not lo <= site[key] <= hi:
            raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', key)}: [site] {key} must be "
                              f"between {lo} and {hi}")
    for key, lo, hi in (("columns", 1, 6), ("rows", 1, 8), ("tilings_max", 0, 1000)):
        if not lo <= sheets[key] <= hi:
            raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', key)}: [site.sheets] {key} "
                              f"must be between {lo} and {hi}")
    if len(set(map(str, sheets["papers"]))) != len(sheets["papers"]):
        raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', 'papers')}: [site.sheets] papers "
                          "lists a paper twice")
    for paper in sheets["papers"]:
        if paper not in PAPERS:
            raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', 'papers')}: unknown paper "
                              f"{paper!r} (choose from {', '.join(PAPERS)})")
    if site["base_url"] and not re.match(r"^https?://[^\s\"'<>]+$", site["base_url"]):
        raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', 'base_url')}: [site] base_url must be "
                          "an http(s) URL")
    if site["theme_dir"] and not (path.parent / site["theme_dir"]).is_dir():
        raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site', 'theme_dir')}: [site] theme_dir "
                          f"{site['theme_dir']!r} is not a folder (relative to {path.name})")
    return site, sheets


def load(path: Path, known_families, articles_dir: Path | None = None) -> SiteConfig:
    """Read and validate site.toml and the articles next to it."""
    path = Path(path)
    data, text = read_toml(path)
    for key in data:
        if key not in ("site", "families"):
            raise ConfigError(f"{_rel(path)}:{_table_line(text, key)}: unknown table [{key}] "
                              "(expected [site] and [families.<name>])")
    site, sheets = _validate_site(path, text, data)
    fams = data.get("families", {})
    if not isinstance(fams, dict):
        line = _line_of(text, r"^[ \t]*families[ \t]*=")
        raise ConfigError(f"{_rel(path)}:{line}: families must be tables")
    families, lines, disabled = {}, {}, []
    for name, table in fams.items():
        line = _table_line(text, f"families.{name}")
        if name not in known_families:
            raise ConfigError(f"{_rel(path)}:{line}: unknown family {name!r} "
                              f"(known: {', '.join(sorted(known_families))})")
        if not isinstance(table, dict):
            raise ConfigError(f"{_rel(path)}:{line}: [families.{name}] must be a table")
        enabled = table.get("enabled", True)
        if not isinstance(enabled, bool):
            raise ConfigError(f"{_rel(path)}:{_key_line(text, f'families.{name}', 'enabled')}: "
                              f"[families.{name}] enabled must be true or false")
        lines[name] = line
        if enabled:
            families[name] = {k: v for k, v in table.items() if k != "enabled"}
        else:
            disabled.append(name)
    if site["base_url"] and not site["base_url"].endswith("/"):
        site["base_url"] += "/"
    if isinstance(sheets["tilings"], list):
        for fam in sheets["tilings"]:
            if fam not in known_families:
                raise ConfigError(f"{_rel(path)}:{_key_line(text, 'site.sheets', 'tilings')}: "
                                  f"[site.sheets] tilings: unknown family {fam!r}")
    theme = site.pop("theme_dir")              # where templates come from, not what a page says
    cfg = SiteConfig(path=path, site=site, sheets=sheets, families=families,
                     family_lines=lines, disabled=disabled,
                     theme_dir=(path.parent / theme).resolve() if theme else None)
    adir = articles_dir if articles_dir is not None else path.parent / "articles"
    cfg.articles = load_articles(adir, known_families)
    return cfg


def config_error_at(cfg: SiteConfig, family: str, message: str) -> ConfigError:
    """A ConfigError for a family's table, located at the key it names when we can find it."""
    text = cfg.path.read_text("utf-8")
    line = cfg.family_lines.get(family, 1)
    message = re.sub(rf"^(site\.toml\s*)?\[families\.{re.escape(family)}\]:?\s*", "", message)
    for key in re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", message):
        if key in cfg.families.get(family, {}):
            line = _key_line(text, f"families.{family}", key)
            break
    prefix = f"[families.{family}]"
    message = message.removeprefix(prefix).strip()
    return ConfigError(f"{_rel(cfg.path)}:{line}: {prefix} {message}")


def config_error_in(cfg: SiteConfig, table: str, message: str) -> ConfigError:
    """A ConfigError located in `[table]` (at the key the message names, when found)."""
    text = cfg.path.read_text("utf-8")
    line = _table_line(text, table)
    m = re.match(rf"^\[{re.escape(table)}\]\s*([A-Za-z_][A-Za-z0-9_-]*)", message)
    if m:
        line = _key_line(text, table, m.group(1))
    return ConfigError(f"{_rel(cfg.path)}:{line}: {message}")


# ---- articles ---------------------------------------------------------------------------

FRONT_KEYS = ("title", "family", "also", "order")


def parse_article(path: Path, known_families) -> Article:
    """Split an article into front matter and Markdown body, validating the front matter."""
    rel = _rel(path)
    text = _read_text(path, MAX_ARTICLE_BYTES, "article")
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise ConfigError(f"{rel}:1: front matter must start with a '---' line")
    meta: dict[str, tuple[str, int]] = {}
    end = None
    for i in range(1, len(lines)):
        line = lines[i]
        if line.strip() == "---":
            end = i
            break
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*?)\s*$", line)
        if not m:
            raise ConfigError(f"{rel}:{i + 1}: front matter line must be 'key: value'")
        key, value = m.group(1), m.group(2)
        if key not in FRONT_KEYS:
            raise ConfigError(f"{rel}:{i + 1}: unknown front matter key {key!r} "
                              f"(known: {', '.join(FRONT_KEYS)})")
        if key in meta:
            raise ConfigError(f"{rel}:{i + 1}: front matter key {key!r} given twice")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        meta[key] = (value, i + 1)
    if end is None:
        raise ConfigError(f"{rel}:1: front matter is not closed by a '---' line")
    if "title" not in meta or not meta["title"][0]:
        raise ConfigError(f"{rel}:{meta.get('title', ('', end + 1))[1]}: front matter needs a non-empty title")
    family = meta.get("family", (None, 0))
    if family[0] is not None and family[0] not in known_families:
        raise ConfigError(f"{rel}:{family[1]}: unknown family {family[0]!r} "
                          f"(known: {', '.join(sorted(known_families))})")
    also = tuple(name for name in re.split(r"[\s,]+", meta.get("also", ("", 0))[0]) if name)
    for name in also:
        if name not in known_families:
            raise ConfigError(f"{rel}:{meta['also'][1]}: unknown family {name!r} "
                              f"(known: {', '.join(sorted(known_families))})")
    order = 0
    if "order" in meta:
        try:
            order = int(meta["order"][0])
        except ValueError:
            raise ConfigError(f"{rel}:{meta['order'][1]}: order must be an integer") from None
    body = "\n".join(lines[end + 1:]) + "\n"
    return Article(name=path.stem, path=path, title=meta["title"][0], family=family[0] or None,
                   order=order, body=body, body_line=end + 2, also=also)


def load_articles(folder: Path, known_families) -> list[Article]:
    """All articles of a folder, sorted by (order, name)."""
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.md")):
        if not re.match(r"^[a-z0-9][a-z0-9_-]*$", path.stem):
            raise ConfigError(f"{_rel(path)}:1: article file names must be lower-case letters, digits, "
                              "'-' and '_'")
        out.append(parse_article(path, known_families))
    return sorted(out, key=lambda a: (a.order, a.name))
