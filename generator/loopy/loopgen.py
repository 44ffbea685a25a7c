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
from typing import NamedTuple

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


# `legal` is the definition; growth and flipping ask it thousands of times, so they keep its
# two parts up to date instead of recounting them.  Per colour c and face f: the ring
# positions of f whose face has colour c, as the bits of an integer (`mask`), and how many
# of f's edge neighbours have colour c (`near`).  The changes round the ring are the set
# bits of the mask XOR the mask rotated by one position.  Colouring a face g updates only
# the faces whose ring or edge neighbours hold g (`Tables.ring_at`, `Tables.near_at`).

class Tables(NamedTuple):
    """The fixed facts of a grid that loop growth reads (face -1, the outside, is entry n)."""

    n: int
    top: tuple          # per face: the bit of its ring's last position (0 for an empty ring)
    ring_at: list       # per face g: [(f, the bit of a position of g in f's ring), …]
    near_at: list       # per face g: the faces f sharing an edge with g, once per such edge
    around: tuple       # per face: the faces sharing a dot with it, ascending (the ones a
                        # recolouring may make legal)


def _tables(grid: Grid) -> Tables:
    """The growth tables of a grid (the rings as `grid.rings` walks them)."""
    n = len(grid.faces)
    ring_at: list = [[] for _ in range(n + 1)]
    top, around = [], []
    for f, seq in enumerate(rings(grid)):
        b = 1
        for g in seq:
            ring_at[g].append((f, b))
            b <<= 1
        top.append(b >> 1 if seq else 0)
        near = set(seq)
        near.discard(-1)
        around.append(tuple(sorted(near)))
    near_at: list = [[] for _ in range(n + 1)]
    for f, g in grid.edge_faces:
        near_at[g].append(f)
        if g >= 0:
            near_at[f].append(g)
    return Tables(n, tuple(top), ring_at, near_at, tuple(around))


_LAST: list = [None, None]          # the last grid asked about and its tables


def tables(grid: Grid) -> Tables:
    """The growth tables of a grid (kept for the last grid: a Grid is immutable, and a
    puzzle that needs several loops asks for the same grid's each time)."""
    if _LAST[0] is not grid:
        _LAST[:] = grid, _tables(grid)
    return _LAST[1]


def _counts(t: Tables) -> tuple[list, list, list]:
    """Colours (all uncoloured, the outside OUT) and their masks and counts, per colour."""
    n = t.n
    mask_out, near_out = [0] * n, [0] * n
    for f, b in t.ring_at[n]:
        mask_out[f] |= b
    for f in t.near_at[n]:
        near_out[f] += 1
    return [0] * n + [OUT], [None, [0] * n, mask_out], [None, [0] * n, near_out]


def _paint(t: Tables, colour, mask, near, g: int, c: int) -> None:
    """Give face g colour c (uncoloured, or the other colour before), keeping the counts."""
    was = colour[g]
    colour[g] = c
    m, k = mask[c], near[c]
    if was:
        m0, k0 = mask[was], near[was]
        for f, b in t.ring_at[g]:
            m0[f] &= ~b
            m[f] |= b
        for f in t.near_at[g]:
            k0[f] -= 1
            k[f] += 1
    else:
        for f, b in t.ring_at[g]:
            m[f] |= b
        for f in t.near_at[g]:
            k[f] += 1


def _legal(t: Tables, mask, near, f: int, c: int) -> bool:
    """`legal` for face f and colour c, from the counts."""
    if not near[c][f]:
        return False
    m = mask[c][f]
    return (m ^ (m >> 1 | (t.top[f] if m & 1 else 0))).bit_count() == 2


def _grow(t: Tables, rng) -> tuple | None:
    """One growth attempt: the colours (and the outside's, last) with their masks and
    counts, or None if some face stayed uncoloured."""
    n, top, around = t.n, t.top, t.around
    colour, mask, near = _counts(t)
    _paint(t, colour, mask, near, rng.randrange(n), IN)
    heaps = [None, [], []]
    mask_in, mask_out, near_in, near_out, heap_in, heap_out = mask[IN], mask[OUT], near[IN], near[OUT], \
        heaps[IN], heaps[OUT]
    random = rng.random
    fresh = range(n)                # the faces to queue now: all at first, then those round
    while True:                     # the face just coloured
        for f in fresh:             # each uncoloured one for each colour it may take (IN first)
            if colour[f]:
                continue
            k = near_in[f]
            if k:
                m = mask_in[f]
                if (m ^ (m >> 1 | (top[f] if m & 1 else 0))).bit_count() == 2:
                    heappush(heap_in, (k, random(), f))
            k = near_out[f]
            if k:
                m = mask_out[f]
                if (m ^ (m >> 1 | (top[f] if m & 1 else 0))).bit_count() == 2:
                    heappush(heap_out, (k, random(), f))
        order = (IN, OUT) if random() < 0.5 else (OUT, IN)
        done = False
        for c in order:
            heap, m_c, k_c = heaps[c], mask[c], near[c]
            while heap:
                same, _r, f = heappop(heap)
                if colour[f]:
                    continue
                now = k_c[f]
                m = m_c[f]
                if not now or (m ^ (m >> 1 | (top[f] if m & 1 else 0))).bit_count() != 2:
                    continue                    # not legal now
                if now != same:
                    heappush(heap, (now, random(), f))
                    continue
                _paint(t, colour, mask, near, f, c)
                fresh = around[f]
                done = True
                break
            if done:
                break
        if not done:
            break
    return (colour, mask, near) if all(colour) else None


def generate(grid: Grid, rng) -> list[int]:
    """A random IN/OUT colouring whose boundary is one simple loop (per-face IN or OUT)."""
    t = tables(grid)
    n = t.n
    for _ in range(MAX_ATTEMPTS):
        grown = _grow(t, rng)
        if grown is None:
            continue
        colour, mask, near = grown
        if IN not in colour[:n] or OUT not in colour[:n]:
            continue
        order = list(range(n))
        rng.shuffle(order)
        for f in order:
            other = IN + OUT - colour[f]
            if (_legal(t, mask, near, f, other) and _legal(t, mask, near, f, colour[f])
                    and rng.random() < 0.1):
                _paint(t, colour, mask, near, f, other)
        return colour[:n]
    raise TilepressError("could not grow a loop on this grid (is it too small?)")


def loop_edges(grid: Grid, colour) -> list[int]:
    """Edges with different colours on their two sides (the outside is OUT)."""
    col = list(colour) + [OUT]          # col[-1]: the outside
    return [e for e, (a, b) in enumerate(grid.edge_faces) if col[a] != col[b]]
