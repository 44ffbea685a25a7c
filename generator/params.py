"""Numbers users give us: the seed range and the canonical text of region sides.

Region sides are exact decimals with at most 3 decimals, carried as `Fraction` and written
in one canonical form (so one region has one permalink text).  Checking user input is
`generator.families.validate`'s job (the "decimal" parameter type).
"""

from __future__ import annotations

from fractions import Fraction

from generator.errors import PermalinkError

MAX_SEED = 2 ** 63


def format_decimal(x: Fraction) -> str:
    """Canonical decimal text of a Fraction with at most 3 decimals (no trailing zeros)."""
    x = Fraction(x)
    if (x * 1000).denominator != 1:
        raise PermalinkError(f"size {float(x)} needs more than 3 decimals")
    whole, frac = divmod(int(x * 1000), 1000)
    return str(whole) if frac == 0 else f"{whole}.{frac:03d}".rstrip("0")
