"""Random loops on a grid, as the boundary between two simply connected face regions.

Tatham's Loopy (loopgen.c) makes its loops this way, and so do we (the facts are his; the
code is ours).  Every face is coloured IN or OUT; the area outside the grid counts as OUT.
The loop is the set of edges with IN on one side and OUT on the other.  If the IN faces form
one region without holes and the OUT faces plus the outside form another, that boundary is
a single simple closed curve (Jordan: a disc-shaped region has one boundary circle; since
the test below also looks at faces meeting only at a corner, the curve never touches itself
at a dot).

The local test.  Walk round a face f through every face that shares a dot with it (its
*ring*, the outside included as OUT) and count the places where the colour changes between
"colour c" and "not colour c".  Recolouring f as c keeps both regions simply connected when that count
is 2 — the c-faces round f form one arc (so f joins one c-region without closing a hole),
and so do the others — and each arc contains a face across an edge of f, not only faces
touching f at a corner (else the regions would meet at a single dot and the loop would
touch itself there).

Growth.  The outside is OUT; one random face starts IN.  Then repeatedly pick a colour at
random and recolour an uncoloured face to it, among the legal ones preferring faces with
fewer same-coloured edge neighbours (that makes the loop wiggle), ties broken at random.
Faces left uncoloured at the end (rare: both colours illegal) make the attempt restart.
Finally each face, in random order, flips colour with probability 1/10 when the flip is
legal, which roughens the long straight runs that growth alone leaves.  (Tatham's
generator also has a separate "tendril" pass between growth and flipping; we do not
reproduce it — the flips already give the loop plenty of detours.)
"""

from __future__ import annotations

from heapq import heappop, heappush
from operator import ne

from generator.errors import TilepressError
from generator.loopy.grid import Grid, rings

IN, OUT = 1, 2
MAX_ATTEMPTS = 50


def legal(ring, nbrs, colour, want) -> bool:
    """May a face with this ring and these edge neighbours take (or keep) colour `want`?

    The ring must show exactly two changes, and the `want` arc must include a face across
    an edge (an arc made only of a face touching at a corner would pinch the loop there).
    `colour` has one entry per face and, last, the outside's (OUT), so that face -1 is the
    outside.
    """
    return want in [colour[g] for g in nbrs] and changes(ring, colour, want) == 2


def changes(ring, colour, want) -> int:
    """How often membership in colour `want` changes round a cyclic ring of faces."""
    flags = [colour[f] == want for f in ring]
    return sum(map(ne, flags, flags[1:] + flags[:1]))


def _neighbours(grid: Grid) -> tuple:
    """Per face: edge-adjacent faces (-1 for the outside)."""
    ef = grid.edge_faces
    return tuple([tuple([a if a != f else b for a, b in [ef[e] for e in es]])
                  for f, es in enumerate(grid.face_edges)])


def _grow(grid, ring, nbrs, around, rng) -> list | None:
    """One growth attempt; the colours (and the outside's, last), or None if some face
    stayed uncoloured."""
    n = len(grid.faces)
    colour = [0] * n + [OUT]
    colour[rng.randrange(n)] = IN
    heaps = {IN: [], OUT: []}

    def offer(f):
        """Queue the uncoloured face f for each colour it may legally take now."""
        near = [colour[g] for g in nbrs[f]]
        cols = [colour[g] for g in ring[f]]
        for c in (IN, OUT):
            if c in near:
                flags = [x == c for x in cols]
                if sum(map(ne, flags, flags[1:] + flags[:1])) == 2:
                    heappush(heaps[c], (near.count(c), rng.random(), f))

    for f in range(n):
        if not colour[f]:
            offer(f)
    while True:
        order = (IN, OUT) if rng.random() < 0.5 else (OUT, IN)
        done = False
        for c in order:
            heap = heaps[c]
            while heap:
                same, _r, f = heappop(heap)
                if colour[f] or not legal(ring[f], nbrs[f], colour, c):
                    continue
                now = [colour[g] for g in nbrs[f]].count(c)
                if now != same:
                    heappush(heap, (now, rng.random(), f))
                    continue
                colour[f] = c
                for g in around[f]:
                    if not colour[g]:
                        offer(g)
                done = True
                break
            if done:
                break
        if not done:
            break
    return colour if all(colour) else None


def generate(grid: Grid, rng) -> list[int]:
    """A random IN/OUT colouring whose boundary is one simple loop (per-face IN or OUT)."""
    ring, nbrs = rings(grid), _neighbours(grid)
    around = [sorted({g for g in r if g >= 0}) for r in ring]   # the faces a recolouring may free
    n = len(grid.faces)
    for _ in range(MAX_ATTEMPTS):
        colour = _grow(grid, ring, nbrs, around, rng)
        if colour is None or IN not in colour[:n] or OUT not in colour[:n]:
            continue
        order = list(range(n))
        rng.shuffle(order)
        for f in order:
            other = IN + OUT - colour[f]
            if (legal(ring[f], nbrs[f], colour, other) and legal(ring[f], nbrs[f], colour, colour[f])
                    and rng.random() < 0.1):
                colour[f] = other
        return colour[:n]
    raise TilepressError("could not grow a loop on this grid (is it too small?)")


def loop_edges(grid: Grid, colour) -> list[int]:
    """Edges with different colours on their two sides (the outside is OUT)."""
    col = list(colour) + [OUT]          # col[-1]: the outside
    return [e for e, (a, b) in enumerate(grid.edge_faces) if col[a] != col[b]]
