"""Where a Loopy grid's tiles come from: a tiling family's patch, through the family protocol.

Loopy sits above the tilings and asks only for what the protocol promises
(`generator.families.patch`): a patch's tiles — kind, exact vertex keys (hashable integer
tuples: Z[ζ₁₀] vectors for Penrose, Eisenstein pairs for hats) and the same vertices as
floats — and the tiling's permalink.  It never looks at how a tiling is made.  Any
registered family that provides tiles can carry Loopy puzzles.
"""

from __future__ import annotations

from generator import families
from generator.errors import PermalinkError, TilepressError

KNOWN = ("p2", "p3", "hat", "spectre")     # tiling families Loopy offers, when registered


def tilings() -> tuple[str, ...]:
    """Names of the registered tiling families (those that provide tiles)."""
    return tuple(n for n in KNOWN if n in families.REGISTRY)


def _tiling(name: str):
    """The tiling family called name (TilepressError unless it exists and has tiles)."""
    fam = families.available(name) if name in families.REGISTRY else None
    if fam is None or fam.tiles is None:
        raise TilepressError(f"unknown tiling {name!r} for Loopy (choose from {', '.join(tilings())})")
    return fam


def patch(name: str, width, height, seed: int) -> tuple[str, list]:
    """(tiling permalink, tiles) of a fresh patch."""
    fam = _tiling(name)
    item, tiles = families.patch(name, width=width, height=height, seed=seed)
    return fam.permalink(item), tiles


def from_permalink(text) -> tuple[str, str, list]:
    """(tiling name, tiling permalink, tiles) of the patch a tiling permalink (a Link) names."""
    fam, link = families.parse(text)
    if fam.tiles is None:
        raise PermalinkError(f"{link.text[:40]!r} is not a tiling permalink (family {fam.name!r} has no tiles)")
    item, tiles = families.patch(fam.name, permalink=link)
    return fam.name, fam.permalink(item), tiles


def cost(text=None, name: str | None = None, width=None, height=None) -> float:
    """About how many tiles a tiling permalink (a Link; or a fresh patch of a tiling and size) asks
    for, from the text alone (the tiling family's cost)."""
    fam, link = families.parse(text) if text is not None else (_tiling(name), None)
    if fam.tiles is None or fam.cost is None:
        raise PermalinkError(f"{link.text[:40]!r} is not a tiling permalink (family {fam.name!r} has no tiles)")
    return fam.cost(link, None if link is not None else {"width": width, "height": height})
