"""Hat part 2 against part 1: local configurations of random patches are those of supertiles."""

from __future__ import annotations

from collections import Counter, namedtuple

from generator.hat import check as C
from generator.hat import geometry as G
from generator.hat import patch as P
from generator.hat import supertile as S

_Hat = namedtuple("_Hat", "points reflected metatile")


def test_radius1_neighbourhoods_match_a_level5_supertile():
    """Every radius-1 neighbourhood (up to rotation and reflection, each hat labelled with
    its metatile type) seen in random patches occurs in part 1's level-5 H supertile, and
    every one that makes up ≥ 0.5% of the supertile's interior hats is seen."""
    ref = C.neighbourhoods([_Hat(G.hat_outline(h.iso), h.reflected, h.metatile)
                            for h in S.supertile_hats("H", 5)], labelled=True)
    assert sum(ref.values()) > 5000
    seen = Counter()
    for seed in range(4):
        seen += C.neighbourhoods(list(P.from_seed(300, 300, 500 + seed).hats()), labelled=True)
    assert sum(seen.values()) > 20000
    strangers = [k for k in seen if k not in ref]
    assert not strangers, f"{len(strangers)} neighbourhoods never occur in the supertile"
    total = sum(ref.values())
    common = [k for k, v in ref.items() if v / total >= 0.005]
    assert len(common) >= 15
    missing = [k for k in common if k not in seen]
    assert not missing, f"{len(missing)} common supertile neighbourhoods never seen"


def test_neighbourhood_key_is_not_trivial():
    """A hat with a neighbour moved away is not counted as interior; keys differ by content."""
    hats = list(P.from_seed(60, 60, 3).hats())
    full = C.neighbourhoods(hats)
    assert len(full) > 3
    fewer = C.neighbourhoods(hats[: len(hats) // 2])
    assert sum(fewer.values()) < sum(full.values())
