"""Hat metatiles H, T, P, F, their substitution, and exact level-k supertiles.

API (the random patches of `patch.py` build on it — all coordinates exact, see `geometry.py`)
-------------------------------------------------------------------------------------------
    TYPES = ("H", "T", "P", "F")
    prototype(kind, level) -> Proto
        The level-`level` metatile of type `kind` (level 1 = a cluster of hats) in its own
        frame: `.outline` (vertex list, exact; rational at level ≥ 2), `.children`.
        Level 1: `.children` is a tuple of `Child(kind="hat", iso, reflected)` — the hats,
        in hat-index order (H: 4 hats, index 3 the reflected one; T 1; P 2; F 2).
        Level ≥ 2: `.children` is the DISJOINT numbering, a tuple of `Child(kind, iso, False)`
        with kind in TYPES and iso placing the level-(level−1) prototype in this frame;
        H 10 children, T 1, P 5, F 6.  Order = child index c.
        The OVERLAPPING numbering (`.overlap`, 13 / 7 / 11 / 11 children) is derived from
        these prototypes in `overlap.py`: `overlap.prototype(kind, level)`.
    supertile_hats(kind, level, iso=IDENTITY) -> list[Hat]
        Every hat of the level-`level` supertile, as `Hat(iso, reflected, metatile, labels)`
        with `labels = (h, c1, ..., c_{level-1}, kind)`: h = hat index in its first-order
        metatile (whose type is `metatile`), c_j = child index (disjoint numbering) of the
        level-j metatile in the level-(j+1) one, then the top type.  Use
        `geometry.hat_kites(hat.iso)` / `geometry.hat_outline(hat.iso)` for kites/outline.
    hat_at(labels, iso=IDENTITY) -> Hat
        The hat named by a label path (inverse of the labelling; walks down from the top).
    SUBSTITUTION: dict kind -> tuple of child kinds (disjoint numbering, level-independent)
    metatiles(kind, level, depth, iso=IDENTITY) -> [(kind, iso, child path)]
        The level-`depth` metatiles inside a level-`level` supertile (disjoint numbering).
    hat_count(kind, level) -> int

The metatiles
-------------
Smith, Myers, Kaplan and Goodman-Strauss group the hats of every hat tiling into
clusters of 4, 1, 2, 2 hats that behave like four tiles — the *metatiles* H (a hexagon;
its central hat is the only reflected hat of the tiling's clusters), T (a triangle),
P (a parallelogram) and F (a pentagon).  Metatiles group again into larger copies of
themselves: H → 3H + T + 3P + 3F, T → H, P → 2H + P + 2F, F → 2H + P + 3F (disjoint
numbering).  The substitution matrix has the dominant eigenvalue φ⁴ (the area ratio
per level), which gives the limiting frequencies checked in the tests.

Distortion, and how we solve it
-------------------------------
The hats of a metatile do not exactly fill its polygon, so a fixed-shape substitution
cannot be turned into hats by a formula.  We use the discoverers' *distorting metatile*
construction, in exact arithmetic: the level-1 metatiles are the hat clusters together
with lattice polygons; to build level k+1 we glue 29 level-k metatiles into a patch, one
at a time, each fitted edge-to-edge (an exact segment match, `match_segment`) against a
metatile already placed, then read off the level-(k+1) outlines from points of the patch
and assign the patch members to the new H, T, P, F (the layout of this patch is the
paper's construction, re-encoded in `_PATCH` and `_SUPER` below).  Every placement is a
symmetry of the kite lattice, so all hats of every level land exactly on the kite grid.
Each new prototype is shifted by a lattice translation so that its hats lie on *our*
kite grid (hexagon centres in 2(1+s)Z[s]); the tests check the result is a proper
tiling by congruent hats with the right counts and frequencies.

The overlapping numbering is derived, not tabulated: inside a big patch we take every
level-k supertile S and every level-(k−1) metatile M of the patch, and count M as a
child of S when a substantial part of M's polygon lies inside S's polygon; the extra
children found this way (beyond the disjoint ones) are checked to be the same, with the
same placement relative to S, for every copy of S in the patch.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from generator.hat import geometry as G
from generator.hat.geometry import IDENTITY, Iso, Point

TYPES = ("H", "T", "P", "F")
MAX_LEVEL = 12          # prototypes (frames, outlines, children) exist up to here
MAX_EXPAND_LEVEL = 8    # supertile_hats refuses more: level 8 of H has 1597² = 2,550,409 hats


@dataclass(frozen=True)
class Child:
    """A hat (kind "hat") or a metatile (kind in TYPES) placed by `iso` in its parent's frame."""

    kind: str
    iso: Iso
    reflected: bool = False


@dataclass(frozen=True)
class Proto:
    """A level-k metatile in its own frame: outline polygon and children."""

    kind: str
    level: int
    outline: tuple
    children: tuple
    overlap: tuple = ()


@dataclass(frozen=True)
class Hat:
    """One hat of a supertile: placement, reflection, first-order metatile, label path."""

    iso: Iso
    reflected: bool
    metatile: str
    labels: tuple


# --- level 1: the hat clusters --------------------------------------------------------
# Outlines are the lattice polygons of the level-1 metatiles (short kite edge = 1).  The
# unreflected hats are placed by facts of the construction: a hat of H has the two ends
# of its length-2 side pattern (hat points 4−2s and 4) on a short side of the hexagon, and
# so on.  The reflected hat of H is then *found*: the only reflected hat that fits in the
# middle touching all three (`_centre_hat`).  The placements are checked by the tests
# (disjoint kites, one connected cluster, proper tiling at every level).

_HAT_TIP_A, _HAT_TIP_B = (4, -2), (4, 0)     # the hat's two points spanning 2 s
_HAT_HEEL_A, _HAT_HEEL_B = (2, 2), (0, 2)    # the hat's two points spanning −2

_L1_OUTLINES = {
    "H": ((0, 0), (8, 0), (8, 2), (0, 10), (-2, 10), (-2, 2)),
    "T": ((0, 0), (6, 0), (0, 6)),
    "P": ((0, 0), (8, 0), (4, 4), (-4, 4)),
    "F": ((0, 0), (6, 0), (6, 2), (4, 4), (-4, 4)),
}


def _level1_hats(kind: str) -> list[Iso]:
    """The hat placements of a level-1 metatile, before grid normalisation."""
    o = _L1_OUTLINES[kind]
    if kind == "H":
        three = [G.match_segment(_HAT_TIP_A, _HAT_TIP_B, o[5], o[0]),
                 G.match_segment(_HAT_HEEL_A, _HAT_HEEL_B, o[1], o[2]),
                 G.match_segment(_HAT_TIP_A, _HAT_TIP_B, o[3], o[4])]
        return three + [_centre_hat(three)]
    if kind == "T":
        return [(0, 0, 0, 2)]
    return [(0, 0, 2, 2), (5, 0, -2, 4)]        # P and F share their two hats


def _centre_hat(hats: list[Iso]) -> Iso:
    """The reflected hat in the middle of H, found by search, not given: the unique
    reflected placement on the same kite grid that overlaps none of `hats` and shares an
    edge with each of them."""
    taken = {k for g in hats for k in G.hat_kites(g)}
    owner = {}
    for i, g in enumerate(hats):
        out = G.hat_outline(g)
        for j in range(14):
            owner[(out[j], out[(j + 1) % 14])] = i
    t0 = hats[0][2:]
    found = []
    for r in range(6):
        for m in range(-6, 7):
            for n in range(-6, 7):
                a, b = G.add(G.add(t0, (2 * m, 2 * m)), G.rot((2 * n, 2 * n), 1))
                g = (r, 1, a, b)
                if taken.intersection(G.hat_kites(g)):
                    continue
                out = G.hat_outline(g)
                touched = {owner.get((out[(j + 1) % 14], out[j])) for j in range(14)}
                if touched >= set(range(len(hats))):
                    found.append(g)
    if len(found) != 1:
        raise AssertionError(f"centre of H: {len(found)} candidate reflected hats")
    return found[0]


# --- the patch that builds level k+1 from level k ---------------------------------------
# Each entry places one level-k metatile.  ("H",) is the root at the identity.
# (kind, anchor, edge, vertex): the metatile's outline side vertex→vertex+1 is laid on side
#   edge→edge+1 of patch member `anchor`, the other way round (so the two sides coincide).
# (kind, (qa, qv), (pa, pv), vertex): its vertex → point qv of member qa and vertex+1 →
#   point pv of member pa (used where a metatile closes a gap between two others).
_PATCH = (
    ("H",),
    ("P", 0, 0, 2), ("H", 1, 0, 2), ("P", 2, 0, 2), ("H", 3, 0, 2), ("P", 4, 4, 2),
    ("F", 0, 4, 3), ("F", 2, 4, 3), ("F", (3, 2), (4, 1), 0), ("H", 8, 3, 0),
    ("P", 9, 2, 0), ("H", 10, 2, 0), ("P", 11, 4, 2), ("H", 12, 0, 2), ("F", 13, 0, 3),
    ("F", 14, 2, 1), ("H", 15, 3, 4), ("F", 8, 2, 1), ("H", 17, 3, 0), ("P", 18, 2, 0),
    ("H", 19, 2, 2), ("F", 20, 4, 3), ("P", 20, 0, 2), ("H", 22, 0, 2), ("F", 23, 4, 3),
    ("F", 23, 0, 3), ("P", 16, 0, 2), ("T", (0, 2), (9, 4), 2), ("F", 4, 0, 3),
)

# Which patch members form the new supertiles (disjoint numbering; child index = position).
_SUPER = {
    "H": (0, 1, 6, 8, 9, 10, 15, 16, 26, 27),
    "T": (11,),
    "P": (2, 3, 4, 7, 28),
    "F": (20, 21, 22, 23, 24, 25),
}


def _place_patch(protos: dict[str, Proto]) -> list[tuple[str, Iso]]:
    """Glue the 29 metatiles of the patch; return (kind, placement) per member."""
    placed: list[tuple[str, Iso]] = []

    def point(member: int, v: int) -> Point:
        kind, iso = placed[member]
        outline = protos[kind].outline
        return G.apply(iso, outline[v % len(outline)])

    for rule in _PATCH:
        kind = rule[0]
        if len(rule) == 1:
            placed.append((kind, IDENTITY))
            continue
        outline = protos[kind].outline
        if isinstance(rule[1], tuple):
            (qa, qv), (pa, pv), v = rule[1], rule[2], rule[3]
            target_p, target_q = point(qa, qv), point(pa, pv)
        else:
            anchor, edge, v = rule[1], rule[2], rule[3]
            target_p, target_q = point(anchor, edge + 1), point(anchor, edge)
        iso = G.match_segment(outline[v], outline[(v + 1) % len(outline)], target_p, target_q)
        placed.append((kind, iso))
    return placed


def _intersect(p1: Point, q1: Point, p2: Point, q2: Point) -> Point:
    """The intersection of lines p1q1 and p2q2 (affine, so lattice coordinates work)."""
    d1, d2 = G.sub(q1, p1), G.sub(q2, p2)
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if den == 0:
        raise ValueError("parallel lines")
    w = G.sub(p2, p1)
    t = Fraction(w[0] * d2[1] - w[1] * d2[0]) / den
    return (p1[0] + t * d1[0], p1[1] + t * d1[1])


def _new_outlines(protos: dict[str, Proto], placed) -> dict[str, tuple]:
    """The level-(k+1) outlines, read off points of the patch."""
    def pt(member: int, v: int) -> Point:
        kind, iso = placed[member]
        return G.apply(iso, protos[kind].outline[v])

    corner_hp = pt(8, 2)                 # shared by the new H and P
    corner_f = pt(21, 2)                 # a corner of the new F
    turned = G.apply(G.rotation_about(corner_hp, 4), corner_f)   # −120° about corner_hp
    p7, p25 = pt(7, 2), pt(25, 2)
    h_last = pt(6, 2)
    llc = _intersect(corner_hp, turned, h_last, p7)
    w = G.sub(h_last, llc)
    w1 = G.rot(w, 5)
    w2 = G.rot(w1, 5)
    h = [llc, corner_hp, G.add(corner_hp, w1), pt(14, 2)]
    h += [G.sub(h[3], w2), h_last]
    side = G.sub(corner_hp, llc)
    p = [p7, G.add(p7, side), corner_hp, llc]
    f = [corner_f, pt(24, 2), pt(25, 0), p25, G.sub(p25, side)]
    t_b = G.add(h[1], G.sub(h[4], h[5]))
    t_c = G.apply(G.rotation_about(t_b, 5), h[2])
    t = [t_b, t_c, h[2]]
    return {"H": tuple(h), "T": tuple(t), "P": tuple(p), "F": tuple(f)}


def _normalise(kind: str, level: int, outline, children) -> Proto:
    """Shift a new prototype by a lattice translation so its hats lie on our kite grid."""
    t0 = children[0].iso[2:]
    for c in children:
        d = G.sub(c.iso[2:], t0)
        if not all(isinstance(x, int) or x.denominator == 1 for x in c.iso[2:]) \
                or not G.in_centre_lattice((int(d[0]), int(d[1]))):
            raise AssertionError(f"level-{level} {kind}: children not on one kite grid")
    ta, tb = int(t0[0]), int(t0[1])
    # the smallest shift that puts t0 into the centre lattice: try the 12 coset representatives
    for sa in range(-3, 4):
        for sb in range(-3, 4):
            if G.in_centre_lattice((ta + sa, tb + sb)):
                shift = (sa, sb)
                break
        else:
            continue
        break
    move = G.translate(shift)
    kids = tuple(Child(c.kind, _integral(G.compose(move, c.iso)), c.reflected) for c in children)
    pts = tuple(G.add(_simplify(p), shift) for p in outline)
    return Proto(kind, level, pts, kids)


def _integral(g: Iso) -> Iso:
    """An isometry with Fraction translation parts turned into ints (they must be whole)."""
    r, f, a, b = g
    if isinstance(a, Fraction):
        assert a.denominator == 1
        a = int(a)
    if isinstance(b, Fraction):
        assert b.denominator == 1
        b = int(b)
    return (r, f, a, b)


def _simplify(p: Point) -> Point:
    """Store whole Fractions as ints."""
    return tuple(int(x) if isinstance(x, Fraction) and x.denominator == 1 else x for x in p)


@lru_cache(maxsize=None)
def _level(level: int) -> dict[str, Proto]:
    """All four prototypes of one level (disjoint children only)."""
    if level < 1 or level > MAX_LEVEL:
        raise ValueError(f"level must be 1..{MAX_LEVEL}")
    if level == 1:
        out = {}
        for kind in TYPES:
            hats = _level1_hats(kind)
            kids = [Child("hat", g, bool(g[1])) for g in hats]
            out[kind] = _normalise(kind, 1, _L1_OUTLINES[kind], kids)
        return out
    below = _level(level - 1)
    placed = _place_patch(below)
    outlines = _new_outlines(below, placed)
    out = {}
    for kind in TYPES:
        kids = [Child(placed[m][0], placed[m][1]) for m in _SUPER[kind]]
        out[kind] = _normalise(kind, level, outlines[kind], kids)
    return out


def patch(level: int) -> list[tuple[str, Iso]]:
    """The 29-metatile patch of level-(level−1) metatiles used to build level `level` (frame of
    the raw patch, before normalisation), for pictures and tests."""
    return _place_patch(_level(level - 1))


def prototype(kind: str, level: int) -> Proto:
    """The level-`level` metatile of type `kind`, disjoint children only (see the module docstring).

    The overlapping numbering (`.overlap`) is derived from these by `overlap.prototype`.
    """
    if kind not in TYPES:
        raise ValueError(f"metatile type must be one of {TYPES}")
    return _level(level)[kind]




SUBSTITUTION = {k: tuple(c.kind for c in _level(2)[k].children) for k in TYPES}



def supertile_hats(kind: str, level: int, iso: Iso = IDENTITY) -> list[Hat]:
    """Every hat of the level-`level` supertile of type `kind`, placed by `iso`."""
    if kind not in TYPES:
        raise ValueError(f"metatile type must be one of {TYPES}")
    if not 1 <= level <= MAX_EXPAND_LEVEL:
        raise ValueError(f"level must be 1..{MAX_EXPAND_LEVEL} to expand into hats")
    out: list[Hat] = []
    _expand(kind, level, iso, (kind,), out)
    return out


def _expand(kind: str, level: int, iso: Iso, above: tuple, out: list) -> None:
    """Append the hats of one metatile (recursively), labels lowest first."""
    proto = _level(level)[kind]
    compose = G.compose
    if level == 1:
        for h, c in enumerate(proto.children):
            out.append(Hat(compose(iso, c.iso), c.reflected, kind, (h,) + above))
        return
    for i, c in enumerate(proto.children):
        _expand(c.kind, level - 1, compose(iso, c.iso), (i,) + above, out)


def hat_at(labels, iso: Iso = IDENTITY) -> Hat:
    """The hat named by a label path (h, c1, ..., c_{k-1}, top kind), walking down from the top."""
    *indices, kind = labels
    if kind not in TYPES or not indices:
        raise ValueError(f"bad label path {labels!r}")
    level = len(indices)
    g = iso
    for lev in range(level, 1, -1):
        c = _level(lev)[kind].children[indices[lev - 1]]
        g = G.compose(g, c.iso)
        kind = c.kind
    hat = _level(1)[kind].children[indices[0]]
    return Hat(G.compose(g, hat.iso), hat.reflected, kind, tuple(labels))


def metatiles(kind: str, level: int, depth: int, iso: Iso = IDENTITY) -> list[tuple[str, Iso, tuple]]:
    """The level-`depth` metatiles inside a level-`level` supertile: (kind, iso, child path)."""
    out = []

    def walk(k, lev, g, path):
        if lev == depth:
            out.append((k, g, path))
            return
        for i, c in enumerate(_level(lev)[k].children):
            walk(c.kind, lev - 1, G.compose(g, c.iso), (i,) + path)

    walk(kind, level, iso, ())
    return out


def hat_count(kind: str, level: int) -> int:
    """Number of hats in a level-`level` supertile (disjoint numbering), by the recursion."""
    if level == 1:
        return len(_level(1)[kind].children)
    return sum(hat_count(c, level - 1) for c in SUBSTITUTION[kind])
