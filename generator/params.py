"""Shared validation of the numbers users give us: region sides and seeds.

Region sides are exact decimals with at most 3 decimals, carried as `Fraction` and written
in one canonical form (so one region has one permalink text). Config lists of seeds and
sizes are validated here for every tiling family, with messages that name the key.
"""

from __future__ import annotations

import re
from fractions import Fraction

from generator.errors import ConfigError, PermalinkError, TilepressError

MAX_SEED = 2 ** 63


def format_decimal(x: Fraction) -> str:
    """Canonical decimal text of a Fraction with at most 3 decimals (no trailing zeros)."""
    x = Fraction(x)
    if (x * 1000).denominator != 1:
        raise PermalinkError(f"size {float(x)} needs more than 3 decimals")
    whole, frac = divmod(int(x * 1000), 1000)
    return str(whole) if frac == 0 else f"{whole}.{frac:03d}".rstrip("0")


def parse_decimal(text: str, what: str, max_value, max_digits: int = 6) -> Fraction:
    """A user-given side (CLI): a positive decimal, at most 3 decimals, at most max_value."""
    if not isinstance(text, str) or not re.fullmatch(rf"[0-9]{{1,{max_digits}}}(\.[0-9]{{1,3}})?",
                                                     text.strip()):
        raise PermalinkError(f"{what} must be a positive decimal with at most 3 decimals "
                             f"and at most {max_value}, got {text!r}")
    value = Fraction(text.strip())
    if not 0 < value <= max_value:
        raise PermalinkError(f"{what} must be > 0 and ≤ {max_value}, got {text.strip()}")
    return value


def config_side(v, where: str, max_side) -> str:
    """A config side length (int or float) as canonical decimal text, or ConfigError."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ConfigError(f"{where} must be a number, got {v!r}")
    x = Fraction(str(v)) if isinstance(v, float) else Fraction(v)
    if not 0 < x <= max_side:
        raise ConfigError(f"{where} must be > 0 and ≤ {max_side}, got {v!r}")
    try:
        return format_decimal(x)
    except TilepressError:
        raise ConfigError(f"{where} must have at most 3 decimals, got {v!r}") from None


def config_seeds(seeds, where: str, max_count: int) -> list[int]:
    """A non-empty list of distinct non-negative integer seeds, or ConfigError."""
    if not isinstance(seeds, list) or not seeds or len(seeds) > max_count:
        raise ConfigError(f"{where} must be a non-empty list of at most {max_count} integers")
    for s in seeds:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < MAX_SEED:
            raise ConfigError(f"{where}: {s!r} is not a non-negative integer")
    if len(set(seeds)) != len(seeds):
        raise ConfigError(f"{where}: duplicate seed")
    return seeds


def config_sizes(sizes, where: str, max_side) -> list[tuple[str, str]]:
    """A non-empty list of distinct [width, height] pairs as canonical decimal text."""
    if not isinstance(sizes, list) or not sizes:
        raise ConfigError(f"{where} must be a non-empty list of [width, height]")
    norm = []
    for i, wh in enumerate(sizes):
        if not isinstance(wh, list) or len(wh) != 2:
            raise ConfigError(f"{where}[{i}] must be [width, height]")
        norm.append((config_side(wh[0], f"{where}[{i}] width", max_side),
                     config_side(wh[1], f"{where}[{i}] height", max_side)))
    if len(set(norm)) != len(norm):
        raise ConfigError(f"{where}: duplicate size")
    return norm
