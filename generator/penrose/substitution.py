"""Algorithm 1: recursive substitution with pruning (the reference, and the article's figures).

Start from one large triangle — a level-n supertriangle, φⁿ times the output size — and
substitute it n times (`geometry.children`), each time dropping every triangle that does
not meet the output region.  Substitution is exact in Z[t] and each triangle's outline is
exactly the outline of everything it will become, so pruning by the triangle itself
is safe.  Glue halves into tiles with `geometry.tile_polygon` (only where both halves are
present, i.e. away from the big triangle's boundary).

The output is a patch of a fixed, finite piece of tiling, not a sample from the limiting
distribution — which is why production uses combinatorial coordinates (coords.py) and
this module serves as the cross-check (tests compare local neighbourhoods) and draws the
"growing supertile" and "interleaved P2/P3" pictures.
"""

from __future__ import annotations

from generator.penrose import algebra as Z
from generator.penrose import geometry as G


def supertriangle(family: str, ch: str, level: int, origin=Z.ZERO, scale: int = 1):
    """Vertices of a level-`level` triangle of label ch: base from origin along angle 0."""
    shape = G.TYPE_INFO[ch][0]
    base = Z.scale(Z.mul(G.BASE_LENGTH[family, shape], Z.power(Z.PHI, level)), scale)
    return G.place(shape, 0, origin, Z.add(origin, base))


def substitute(family: str, tris, steps: int, keep=None):
    """Apply `steps` substitution steps to [(label, v0, v1, v2)], keeping only keep(t) → True."""
    for _ in range(steps):
        nxt = []
        for ch, a, b, c in tris:
            for t in G.children(family, ch, a, b, c):
                if keep is None or keep(t):
                    nxt.append(t)
        tris = nxt
    return tris


def expand(family: str, ch: str, level: int, keep=None, scale: int = 1):
    """The level-0 triangles of one level-`level` supertriangle (optionally pruned)."""
    return substitute(family, [(ch, *supertriangle(family, ch, level, scale=scale))], level, keep)


def glue(family: str, tris):
    """Whole tiles {polygon: kind} for halves whose partner is also present."""
    by_key = {}
    for ch, a, b, c in tris:
        kind, poly = G.tile_polygon(family, ch, a, b, c)
        by_key.setdefault(poly, [kind, 0])[1] += 1
    return {poly: kind for poly, (kind, n) in by_key.items() if n == 2}


def interleaved(ch: str, half_steps: int, scale_level: int = 0):
    """The interleaved half-step sequence from one triangle: a list of triangle lists.

    ch is a P2 label; the first half-step splits whichever shape is currently larger (for
    P2 sizes, the acute one), then the shapes alternate.  Triangles are (shape, mark, v0, v1, v2).
    """
    shape, mark = G.TYPE_INFO[ch]
    _c, a, b, c = ("", *supertriangle("p2", ch, scale_level))
    tris = [(shape, mark, a, b, c)]
    seq = [tris]
    split = G.ACUTE
    for _ in range(half_steps):
        tris = G.half_step(tris, split)
        seq.append(tris)
        split = G.OBTUSE if split == G.ACUTE else G.ACUTE
    return seq


def pruned(family: str, ch: str, level: int, region, scale: int = 3, origin=Z.ZERO):
    """Level-0 triangles of one supertriangle that meet `region` (a region.Region), pruning early.

    Vertices are in the same units as coords.py (scale = DENOM = 3).  A triangle that misses
    the region is dropped at whatever level it is found, with all its descendants.
    """
    def keep(t):
        _ch, a, b, c = t
        fa, fb, fc = Z.to_float(a), Z.to_float(b), Z.to_float(c)
        return region.meets(a, b, c, fa, fb, fc)
    start = (ch, *supertriangle(family, ch, level, origin=origin, scale=scale))
    if not keep(start):
        return []
    return substitute(family, [start], level, keep)
