"""The Penrose half-tile triangles, their edges, and their substitution (exact, in Z[t]).

Both Penrose tilings are made of the same two isosceles triangles, each in two mirror
forms.  The *acute* one has apex angle 36° and legs φ times its base; the *obtuse* one
has apex angle 108° and base φ times its legs.

    P2 (kites and darts, long edge 1): acute = half-kite (legs 1, base 1/φ), the kite
        cut along its axis; obtuse = half-dart (legs 1/φ, base 1).  Halves glue along a LEG.
    P3 (rhombs, edge 1): acute = half thin rhomb (legs 1, base 1/φ), cut along the short
        diagonal; obtuse = half thick rhomb (legs 1, base φ), cut along the long diagonal.
        Halves glue along the BASE.

Names.  A triangle is stored by its three vertices (v0, v1, v2) in anticlockwise order
with v2 the apex, so edge 0 = v0→v1 is the base and edges 1 = v1→v2 and 2 = v2→v0 are
the legs, numbered anticlockwise from the base.  Each triangle carries a *mark* on one
leg (1 or 2); mirror images have the mark on the other leg.  In P2 the marked leg is the
tile's axis (the edge glued to the other half); in P3 it records the matching-rule arrows.
The eight labels of the article are

    P2:  A = acute, mark 1   B = acute, mark 2   U = obtuse, mark 1   V = obtuse, mark 2
    P3:  C = acute, mark 1   D = acute, mark 2   X = obtuse, mark 1   Y = obtuse, mark 2

Substitution in two half-steps (this is the interleaving of the article's appendix).

    acute split   — the acute triangle with apex A, legs L: the point D on the MARKED
                    leg at distance L/φ from A cuts it into an acute triangle (apex B, the
                    base corner off that leg; base D–C; marked leg B–D) and an obtuse one
                    (apex D; base A–B; marked leg D–B).
    obtuse split  — the obtuse triangle with apex G, legs l: the point E on the base at
                    distance l from M, the base corner on the MARKED leg, cuts it into an
                    acute triangle (apex M, base G–E, marked leg M–G) and an obtuse one
                    (apex E, base G–K, marked leg E–K; K is the other base corner).

A P2 step (scale 1/φ) is an acute split of every acute triangle followed by an obtuse
split of every obtuse triangle of the new (largest) obtuse size: acute → 2 acute + 1 obtuse,
obtuse → 1 acute + 1 obtuse.  A P3 step is the same two half-steps in the other order:
obtuse → 1 acute + 2 obtuse, acute → 1 acute + 1 obtuse.  Between the two half-steps of
a P2 step the triangles glue into a P3 tiling and vice versa.

These marking rules were found by trying all 64 combinations of "which leg, which mark"
for the two half-steps and keeping the one under which every marked leg (P2) and every
base (P3) is shared with a mirror triangle of the same shape and exactly seven vertex
stars occur in each tiling; the tests re-check those properties on large patches.

Neighbour geometry.  If edge j of a triangle runs from p to q (anticlockwise), its third
vertex is q + (q − p)·c_j with c_j = (|e_{j+1}|/|e_j|)·t^(5 − α/36°), α the interior angle
at q.  The constants are in Z[t], so a neighbour's vertices follow exactly from the two
shared ones, its shape and the index of the shared edge.
"""

from __future__ import annotations

from generator.penrose import algebra as Z

ACUTE, OBTUSE = 0, 1
SHAPE_NAMES = ("acute", "obtuse")

FAMILY_LETTERS = {"p2": "ABUV", "p3": "CDXY"}
# letter -> (shape, marked leg)
TYPE_INFO = {}
for _fam, _letters in FAMILY_LETTERS.items():
    for _i, _ch in enumerate(_letters):
        TYPE_INFO[_ch] = (ACUTE if _i < 2 else OBTUSE, 1 + _i % 2)


def letter(family: str, shape: int, mark: int) -> str:
    """The label of a triangle of this shape and mark in this family."""
    return FAMILY_LETTERS[family][2 * shape + mark - 1]


def mirror(ch: str) -> str:
    """The label of the mirror image (same shape, mark on the other leg)."""
    shape, mark = TYPE_INFO[ch]
    fam = "p2" if ch in FAMILY_LETTERS["p2"] else "p3"
    return letter(fam, shape, 3 - mark)


# Interior angles (in units of 36°) at v0, v1, v2 and edge lengths relative to the legs
# expressed in Z[t]: acute base = legs/φ, obtuse base = legs·φ.
ANGLES = {ACUTE: (2, 2, 1), OBTUSE: (1, 1, 3)}
BASE_OVER_LEG = {ACUTE: Z.INV_PHI, OBTUSE: Z.PHI}
LEG_OVER_BASE = {ACUTE: Z.PHI, OBTUSE: Z.INV_PHI}


def _edge_multiplier(shape: int, j: int):
    """c_j: third vertex = q + (q − p)·c_j for edge j from p to q."""
    ratio = {0: LEG_OVER_BASE[shape], 1: Z.ONE, 2: BASE_OVER_LEG[shape]}[j]
    alpha = ANGLES[shape][(j + 1) % 3]
    return Z.mul(ratio, Z.t_power(5 - alpha))


MULTIPLIER = {(s, j): _edge_multiplier(s, j) for s in (ACUTE, OBTUSE) for j in range(3)}


def third_vertex(shape: int, j: int, p, q):
    """The vertex opposite edge j (running p → q anticlockwise) of a triangle of this shape."""
    return Z.add(q, Z.mul(Z.sub(q, p), MULTIPLIER[shape, j]))


def place(shape: int, j: int, p, q):
    """All three vertices (v0, v1, v2) of the triangle whose edge j runs from p to q."""
    r = third_vertex(shape, j, p, q)
    vs = [None, None, None]
    vs[j], vs[(j + 1) % 3], vs[(j + 2) % 3] = p, q, r
    return tuple(vs)


def make(shape: int, apex, p, q, marked_to):
    """(shape, mark, v0, v1, v2) for the triangle with this apex and base {p, q}."""
    if Z.orientation(p, q, apex) < 0:
        p, q = q, p
    if marked_to == q:
        mark = 1            # edge 1 runs v1 → v2
    elif marked_to == p:
        mark = 2            # edge 2 runs v2 → v0
    else:
        raise ValueError("marked leg must end at a base corner")
    return (shape, mark, p, q, apex)


def acute_split(mark: int, v0, v1, v2):
    """Half-step: an acute triangle → (acute, obtuse), each as (shape, mark, v0, v1, v2)."""
    a = v2
    b, c = (v1, v0) if mark == 2 else (v0, v1)        # D lies on the marked leg a–c
    d = Z.add(a, Z.mul(Z.sub(c, a), Z.INV_PHI))
    return [make(ACUTE, b, d, c, d), make(OBTUSE, d, a, b, b)]


def obtuse_split(mark: int, v0, v1, v2):
    """Half-step: an obtuse triangle → (acute, obtuse)."""
    g = v2
    m, k = (v1, v0) if mark == 1 else (v0, v1)        # m is the base corner on the marked leg
    e = Z.add(m, Z.mul(Z.sub(k, m), Z.INV_PHI))
    return [make(ACUTE, m, g, e, g), make(OBTUSE, e, g, k, k)]


def half_step(tris, shape: int):
    """Split every triangle of the given shape once; leave the others."""
    out = []
    split = acute_split if shape == ACUTE else obtuse_split
    for t in tris:
        if t[0] == shape:
            out.extend(split(*t[1:]))
        else:
            out.append(t)
    return out


def children(family: str, ch: str, v0, v1, v2):
    """One substitution step of a labelled triangle: [(label, v0, v1, v2), …] at scale 1/φ."""
    shape, mark = TYPE_INFO[ch]
    tris = [(shape, mark, v0, v1, v2)]
    order = (ACUTE, OBTUSE) if family == "p2" else (OBTUSE, ACUTE)
    for s in order:
        tris = half_step(tris, s)
    return [(letter(family, s, m), a, b, c) for s, m, a, b, c in tris]


# Sizes at level 0 (the output level): the base of each shape as an element of Z[t].
BASE_LENGTH = {
    ("p2", ACUTE): Z.INV_PHI,   # half-kite: legs 1, base 1/φ
    ("p2", OBTUSE): Z.ONE,      # half-dart: legs 1/φ, base 1
    ("p3", ACUTE): Z.INV_PHI,   # half thin rhomb: legs 1, base 1/φ
    ("p3", OBTUSE): Z.PHI,      # half thick rhomb: legs 1, base φ
}

TILE_KIND = {("p2", ACUTE): "kite", ("p2", OBTUSE): "dart",
             ("p3", ACUTE): "thin", ("p3", OBTUSE): "thick"}
KINDS = {"p2": ("kite", "dart"), "p3": ("thick", "thin")}


def glue_edge(family: str, ch: str) -> int:
    """The edge along which this half meets the other half of its tile."""
    return TYPE_INFO[ch][1] if family == "p2" else 0


def tile_polygon(family: str, ch: str, v0, v1, v2):
    """The whole tile (kind, vertices anticlockwise) that this half-triangle belongs to.

    The polygon starts at the same vertex whichever half it is computed from: P2 starts
    at the base start of the mark-1 half, P3 at the base start of the mark-1 half.
    """
    shape, mark = TYPE_INFO[ch]
    kind = TILE_KIND[family, shape]
    if family == "p2":
        if mark == 1:       # glue edge 1 = v1 → v2; partner beyond it
            w = third_vertex(shape, 2, v2, v1)
            return kind, (v0, v1, w, v2)
        w = third_vertex(shape, 1, v0, v2)   # partner's edge 1 runs v0 → v2
        return kind, (w, v0, v1, v2)
    if mark == 1:           # glue edge 0 = v0 → v1
        w = third_vertex(shape, 0, v1, v0)
        return kind, (v0, w, v1, v2)
    w = third_vertex(shape, 0, v1, v0)       # partner (mark 1) has base v1 → v0, apex w
    return kind, (v1, v2, v0, w)
