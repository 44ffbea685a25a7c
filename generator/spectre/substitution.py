"""The Spectre substitution: nine hexagonal metatiles, placed exactly, level by level.

The metatiles
-------------
Smith, Myers, Kaplan and Goodman-Strauss ("A chiral aperiodic monotile", 2023) organise
every Spectre tiling into clusters named by nine Greek letters Γ Δ Θ Λ Ξ Π Σ Φ Ψ (we
write G D J L X P S F Y, as Tatham does in "Combinatorial coordinates for the aperiodic
Spectre tiling", 2023).  At level 0, Γ is a *Mystic* — two Spectres, the second turned
30° against the first (it is the "odd" Spectre) — and every other letter is one Spectre.
A level-(k+1) cluster of any type is a ring of eight level-k clusters, numbered 0–7; in a
Γ the place 2 stays empty, so Γ has seven children.  The type of each child depends on
the parent's type (`RULES`, derived in `derive.py` from the edge labels of the nine marked
hexagons); the child in place 7 is always a Γ.

Placing the children (derived here, exactly)
--------------------------------------------
Every cluster carries four *key points*.  At level 0 they are the Spectre's vertices 3,
5, 7 and 11 (the same for the Mystic).  The children of a level-(k+1) cluster are placed
one after the other around the ring: child i+1 is child i's frame turned by a fixed
multiple of 60° (`RING`: +60°, 0, +60°, +60°, 0, +60°, −120°), then translated so that one
of its key points lands exactly on a key point of child i — a vertex shared by two
neighbouring clusters, so they meet edge to edge.  Finally the whole ring is reflected
(x ↦ −x): each level reverses handedness, and a level-k cluster holds Spectres of
handedness (−1)^k in its own frame.  The parent's key points are key points of children
6, 5, 3 and 0.  All of this is integer arithmetic in Z[ω] (`geometry.py`); the tests check
at levels 1–4 that the children never overlap, meet edge to edge, and that the counts
are 1, 9, 71, 559, 4401 (Γ: 2, 8, 62, 488, 3842).

Geometry and combinatorics.  Because every cluster (of any type) has the same key points
and the Γ child always sits in place 7, all clusters of a level other than Γ are
congruent: the nine letters matter for the *combinatorics* — how often each occurs, which
parents a cluster can have — and for colouring.  The geometry depends only on "Γ or not".

Substitution matrix.  ``M[t][u]`` = number of children of type t in a parent of type u.
Its Perron eigenvalue is 4 + √15 (≈ 7.873, linear factor √(4 + √15) ≈ 2.806); see
`limits.py` for the exact eigenvector.
"""

from __future__ import annotations

import functools

from generator.spectre import geometry as G
from generator.spectre.rules_data import RULES

TYPES = "GDJLXPSFY"
GREEK = "ΓΔΘΛΞΠΣΦΨ"
NAMES = dict(zip(TYPES, ("Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi")))
GAMMA = 0

# RULES[t]: the letters of the children by place 0..7 ("." = the empty place of Γ) — the
# combinatorial substitution of the nine metatiles.  Derived, not typed in: derive.py solves
# for the children of the nine marked hexagons from their edge labels (Smith, Myers, Kaplan,
# Goodman-Strauss 2023), finds exactly one solution and maps it onto these places; the result
# is committed as rules_data.py, and tests/test_spectre_derive.py regenerates and compares.
# CHILD[u] = tuple over places 0..7 of the child's type index, or -1 for the empty place
CHILD = tuple(tuple(-1 if ch == "." else TYPES.index(ch) for ch in RULES[t]) for t in TYPES)
PLACES = tuple(tuple(i for i, c in enumerate(CHILD[u]) if c >= 0) for u in range(9))

KEY_VERTICES = (3, 5, 7, 11)
# the ring: (turn in units of 30°, key point of the previous child, key point of this one)
RING = ((2, 3, 1), (0, 2, 0), (2, 3, 1), (2, 3, 1), (0, 2, 0), (2, 3, 1), (-4, 3, 3))
# which child's key point becomes the parent's key point q (q = 0..3): (child place, its key)
PARENT_KEYS = ((6, 2), (5, 1), (3, 2), (0, 1))

MYSTIC = (G.IDENTITY, G.compose(G.translation(G.SPECTRE[8]), G.rotation(1)))
SPECTRES_PER_TILE = tuple(2 if t == GAMMA else 1 for t in range(9))


def ring_placements(quad):
    """The eight child frames (isometries) of a cluster whose children have key points `quad`,
    and the parent's key points."""
    frames = [G.IDENTITY]
    turn = 0
    for ang, frm, to in RING:
        turn += ang
        rot = G.rotation(turn)
        target = G.apply(frames[-1], quad[frm])
        here = G.apply(rot, quad[to])
        frames.append(G.compose(G.translation(G.sub(target, here)), rot))
    frames = [G.compose(G.MIRROR_X, f) for f in frames]
    parent_quad = tuple(G.apply(frames[p], quad[k]) for p, k in PARENT_KEYS)
    return tuple(frames), parent_quad


# LEVELS[j] = (frames placing level-(j-1) clusters in a level-j frame, key points of level j)
_LEVELS: list = [(None, tuple(G.SPECTRE[k] for k in KEY_VERTICES))]


def level(j: int):
    """(frames, key points) of level j ≥ 1 (computed on demand, then kept)."""
    while len(_LEVELS) <= j:
        frames, quad = ring_placements(_LEVELS[-1][1])
        _LEVELS.append((frames, quad))
    return _LEVELS[j]


def frames(j: int):
    """The eight frames placing level-(j−1) children inside a level-j cluster."""
    return level(j)[0]


@functools.lru_cache(maxsize=None)
def spectre_count(t: int, k: int) -> int:
    """Spectres in a level-k cluster of type t (by the substitution counts)."""
    if k == 0:
        return SPECTRES_PER_TILE[t]
    return sum(spectre_count(c, k - 1) for c in CHILD[t] if c >= 0)


def expand(t: int, k: int, iso=G.IDENTITY):
    """Algorithm 1: every Spectre of a level-k cluster of type t placed by `iso`.

    Yields (isometry of the Spectre, odd, level-0 type, level-1 type or None).
    """
    yield from _expand(t, k, iso, None)


def _expand(t, k, iso, parent_type):
    if k == 0:
        if t == GAMMA:
            yield (G.compose(iso, MYSTIC[0]), False, t, parent_type)
            yield (G.compose(iso, MYSTIC[1]), True, t, parent_type)
        else:
            yield (iso, False, t, parent_type)
        return
    fr = frames(k)
    for place in PLACES[t]:
        yield from _expand(CHILD[t][place], k - 1, G.compose(iso, fr[place]), t if k == 1 else parent_type)


def spectre_points(iso):
    """The 14 exact vertices of the Spectre placed by `iso`, counter-clockwise."""
    pts = tuple(G.apply(iso, p) for p in G.SPECTRE)
    return pts if not iso[1] else tuple(reversed(pts))


def substitution_matrix():
    """M[t][u]: children of type t in a parent of type u."""
    M = [[0] * 9 for _ in range(9)]
    for u in range(9):
        for c in CHILD[u]:
            if c >= 0:
                M[c][u] += 1
    return M
