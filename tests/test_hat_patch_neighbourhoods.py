"""Hat random patches against supertiles: local configurations of random patches are those of supertiles."""

from __future__ import annotations

from collections import Counter, namedtuple

from generator.hat import check as C
from generator.hat import geometry as G
from generator.hat import patch as P
from generator.hat import supertile as S

_Hat = namedtuple("_Hat", "points reflected metatile")


def test_radius1_neighbourhoods_match_a_level5_supertile():
    """Every radius-1 neighbourhood (up to rotation and reflection, each hat labelled with
    its metatile type) seen in random patches occurs in the exact level-5 H supertile, and
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


def test_walk_from_a_supertile_label_reproduces_the_supertile_exactly():
    """Start the walk at a hat of the exact level-5 H supertile, named by its label path (the
    disjoint numbering is the start of the overlapping one): every hat of the walk meeting a
    50 × 50 region is exactly a hat of the supertile (outline, reflection, metatile) and vice
    versa — with no level invented above the supertile."""
    import random

    from generator.hat.coords import Region
    from generator.hat.limits import TYPES

    hats = S.supertile_hats("H", 5)
    refs = [G.to_xy(G.apply(h.iso, (0, 0))) for h in hats]
    cx = sum(x for x, _ in refs) / len(refs)
    cy = sum(y for _, y in refs) / len(refs)
    central = sorted(range(len(hats)), key=lambda i: (refs[i][0] - cx) ** 2 + (refs[i][1] - cy) ** 2)
    rng = random.Random(11)
    for i in rng.sample(central[:300], 6):
        h = hats[i]
        ca, cb, k0 = G.kite_image(h.iso, G.HAT_KITES[0])
        tower = P.tower_from_labels(0, h.labels[0], list(h.labels[1:-1]), TYPES.index(h.labels[-1]),
                                    random.Random(0))
        region = Region(50, 50)
        got = {(frozenset(x.points), x.reflected, x.metatile)
               for x in P.iter_hats(tower, k0, region)}
        want = set()
        for g in hats:
            kites = [(a - ca, b - cb, k) for a, b, k in G.hat_kites(g.iso)]
            if region.kites_meet(kites):
                want.add((frozenset((a - ca, b - cb) for a, b in G.hat_outline(g.iso)),
                          g.reflected, g.metatile))
        assert len(got) > 150 and got == want
        assert len(tower.T) == 5 and tower.invented == 0
