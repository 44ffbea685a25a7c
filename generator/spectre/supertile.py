"""Algorithm 1 for the Spectre: the level-K supertile of one metatile, fully expanded.

Recursive substitution (Tatham, "Two algorithms for randomly generating aperiodic tilings",
2023, the first algorithm): a level-K cluster of type t is its ring of level-(K−1)
clusters (`substitution.py`), down to level 0 where Γ is a Mystic and every other type one
Spectre.  Odd levels hold mirror-image Spectres in their own frame, so an odd-level
cluster is drawn through the mirror x ↦ −x: every Spectre in the output is a direct copy.
Counts per level: 1, 9, 71, 559, 4401 (Γ: 2, 8, 62, 488, 3842), a(k+1) = 8a(k) − a(k−1).
"""

from __future__ import annotations

from generator.errors import TilepressError
from generator.spectre import geometry as G
from generator.spectre import substitution as S
from generator.spectre.patch import Spectre

MAX_LEVEL = 5       # 34,649 Spectres


def supertile(metatile: str, level: int) -> list:
    """The Spectres of a level-`level` cluster of type `metatile` (a letter of GDJLXPSFY)."""
    if metatile not in S.TYPES or len(metatile) != 1:
        raise TilepressError(f"metatile must be one of {', '.join(S.TYPES)}, not {metatile!r}")
    if not 0 <= level <= MAX_LEVEL:
        raise TilepressError(f"level must be in 0..{MAX_LEVEL}, not {level}")
    t = S.TYPES.index(metatile)
    base = G.MIRROR_X if level % 2 else G.IDENTITY
    return [Spectre(S.spectre_points(iso), odd, S.TYPES[t0])
            for iso, odd, t0, _ in S.expand(t, level, base)]
