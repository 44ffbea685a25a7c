"""Where a Loopy grid's tiles come from: a tiling family's patch, with exact vertex keys.

Loopy sits above the tilings and asks only for a patch's tiles — kind, exact vertex keys
(hashable integer tuples: Z[τ] 4-vectors for Penrose, Eisenstein pairs for hats) and the
same vertices as floats — plus the tiling's permalink.  It never looks at how a tiling is
made.

BRIDGE (temporary): until the shared family protocol (`generator.families.patch`) lands,
this module calls the tiling engines' public entry points (`from_seed`, `from_permalink`)
and reads their exact vertices; no float rounding is involved.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from generator.errors import PermalinkError, TilepressError

TILINGS = ("p2", "p3", "hat")


class Tile(NamedTuple):
    """One tile: kind, exact vertex keys in outline order, float points in the same order."""

    kind: str
    exact: tuple
    points: tuple


def _penrose(result) -> list[Tile]:
    """Tiles of a Penrose result (exact Z[τ] points, stored ×3)."""
    from generator.penrose import algebra as Z
    from generator.penrose.coords import DENOM
    return [Tile(kind, tuple(pts), tuple(Z.to_float(p, DENOM) for p in pts))
            for kind, pts in result.patch.tiles]


def _hat(patch) -> list[Tile]:
    """Tiles of a hat patch (all 14 outline vertices, Eisenstein integers)."""
    from generator.hat.coords import to_xy
    return [Tile("hat", tuple(h.points), tuple(to_xy(p) for p in h.points)) for h in patch.hats()]


def patch(name: str, width, height, seed: int) -> tuple[str, list[Tile]]:
    """(tiling permalink, tiles) of a fresh patch."""
    if name in ("p2", "p3"):
        from generator.penrose.patch import from_seed
        result = from_seed(name, seed, Fraction(width), Fraction(height))
        return result.permalink, _penrose(result)
    if name == "hat":
        from generator.hat.patch import from_seed
        p = from_seed(Fraction(width), Fraction(height), seed)
        tiles = _hat(p)
        return p.permalink(), tiles
    raise TilepressError(f"unknown tiling {name!r} (choose from {', '.join(TILINGS)})")


def from_permalink(text: str) -> tuple[str, str, list[Tile]]:
    """(tiling name, tiling permalink, tiles) of the patch a tiling permalink names."""
    name = text.split(".", 1)[0]
    if name in ("p2", "p3"):
        from generator.penrose.patch import from_permalink as fp
        result = fp(text)
        return name, result.permalink, _penrose(result)
    if name == "hat":
        from generator.hat.patch import from_permalink as fp
        p = fp(text)
        tiles = _hat(p)
        return name, p.permalink(), tiles
    raise PermalinkError(f"not a tiling permalink: {text[:40]!r} (expected p2.v1, p3.v1 or hat.v1)")
