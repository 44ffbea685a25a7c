"""The registry of families: who publishes what, and which family owns a permalink.

Every family lives in its own package `generator/<package>/` and provides:

* `generator/<package>/cli.py` with `main(argv: list[str]) -> int` — its part of
  `python -m generator` (it receives the arguments after the top-level command word,
  e.g. `["p2", "--width", "10", ...]` for `python -m generator tiling p2 ...`), and
  `regen(permalink: str, argv: list[str]) -> int` for `python -m generator regen PERMALINK ...`.
* `generator/<package>/publish.py` — the family's side of the site build (see
  `generator/pipeline/__init__.py` for the protocol: `plan`, `generate`, `figures`).

Permalinks all have the shape ``<prefix>.v<N>.<payload>``: a family prefix (lower-case
letters and digits), a format version, and a family-defined payload of URL- and
filename-safe characters ``[A-Za-z0-9_~.-]``.  A family never changes what an old
version means; a new format gets a new version number and the old one keeps working.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from generator.errors import PermalinkError

# The longest string we even look at as a permalink (families may set lower limits).
MAX_PERMALINK_LENGTH = 65536

PERMALINK_RE = re.compile(r"^([a-z][a-z0-9]*)\.v([1-9][0-9]{0,3})\.([A-Za-z0-9_~.\-]*)$")


@dataclass(frozen=True)
class Family:
    """One published family: its site name, title, package and permalink prefix."""

    name: str        # name in site.toml, URLs and `--only` (e.g. "p2")
    title: str       # human title for galleries
    package: str     # generator sub-package holding cli.py and publish.py
    prefix: str      # permalink prefix


FAMILIES: dict[str, Family] = {f.name: f for f in [
    Family("p2", "Penrose P2 — kites and darts", "penrose", "p2"),
    Family("p3", "Penrose P3 — rhombs", "penrose", "p3"),
    Family("hat", "The hat monotile", "hat", "hat"),
    Family("calissons", "Calisson puzzles", "calissons", "cal"),
    Family("tantrix", "Infinite Tantrix patterns", "tantrix", "tx"),
    Family("spectre", "The Spectre monotile", "spectre", "spectre"),
]}

BY_PREFIX: dict[str, Family] = {f.prefix: f for f in FAMILIES.values()}


def split_permalink(text: str) -> tuple[Family, int, str]:
    """Split a permalink into (family, version, payload), or raise PermalinkError."""
    if not isinstance(text, str):
        raise PermalinkError("permalink must be a string")
    if len(text) > MAX_PERMALINK_LENGTH:
        raise PermalinkError(f"permalink too long ({len(text)} characters, limit {MAX_PERMALINK_LENGTH})")
    m = PERMALINK_RE.match(text.strip())
    if not m:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise PermalinkError(f"not a tilepress permalink: {shown!r} "
                             "(expected <family>.v<N>.<payload>, e.g. p2.v1....)")
    prefix, version, payload = m.group(1), int(m.group(2)), m.group(3)
    fam = BY_PREFIX.get(prefix)
    if fam is None:
        known = ", ".join(sorted(BY_PREFIX))
        raise PermalinkError(f"unknown permalink family {prefix!r} (known: {known})")
    return fam, version, payload


def family_module(fam: Family, module: str):
    """Import `generator.<package>.<module>` for a family (cli or publish)."""
    return importlib.import_module(f"generator.{fam.package}.{module}")
