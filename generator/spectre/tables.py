"""Which children of a Spectre metatile touch which: adjacency derived by matching edges.

For a level-k cluster of type t we place its children exactly (`substitution.py`), take
each child's outline (`patch.outline`) and record, for every unit edge, the child on each
side; two places are *adjacent* when they share at least one edge.  Nothing is stored: the
tables are computed from the Spectre outline and the ring placements whenever asked for.

What it shows.  From level 2 on the children of every cluster meet in the same pattern —
13 adjacent pairs of places (11 in a Γ, which lacks place 2), with places 1, 4 and 7
meeting around the centre — the combinatorics of a patch of hexagons, which is why the
paper calls these clusters hexagonal metatiles.  (At level 1 the children are single
Spectres and Mystics and the pattern differs: places 1 and 4 do not touch.)  The numbers
of shared unit edges grow with the level (5, 15, 57, 235 for places 0 and 1 at levels
2–5) as the cluster outlines become longer.
"""

from __future__ import annotations

from generator.spectre import substitution as S
from generator.spectre.patch import _iso_edges, outline


def child_adjacency(t: int, k: int) -> dict:
    """{(place a, place b): shared unit edges} for the children of a level-k cluster of type t."""
    frames = S.frames(k)
    owner = {}
    for place in S.PLACES[t]:
        child = S.CHILD[t][place]
        for p, q in _iso_edges(frames[place], outline(child == S.GAMMA, k - 1)):
            owner[(p, q)] = place
    out: dict = {}
    for (p, q), a in owner.items():
        b = owner.get((q, p))
        if b is not None and a < b:
            out[(a, b)] = out.get((a, b), 0) + 1
    return dict(sorted(out.items()))


def hexagon_pattern(t: int, levels=range(2, 5)) -> tuple:
    """The adjacent pairs of places of a type-t cluster, checked to be the same at every level."""
    pats = {tuple(child_adjacency(t, k)) for k in levels}
    if len(pats) != 1:
        raise AssertionError(f"the children of {S.TYPES[t]} meet differently at different levels")
    return pats.pop()
