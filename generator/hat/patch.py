"""Random hat patches by combinatorial coordinates: the step algorithm and the raster walk.

API
---
    from_seed(width, height, seed) -> Patch          a fresh random patch (limiting distribution)
    from_permalink(text, width=None, height=None)    the patch a permalink names (other region:
                                                     same tiling, sub-patch property)
    Patch.hats()       iterator of Hat(points, reflected, metatile), streaming, each hat once
    Patch.placements() the same hats as (ca, cb, sid, t1): kite 0's hexagon centre, shape id
                       (outline OUTLINES[sid]) and first-order type (TYPES[t1])
    Patch.permalink()  `hat.v1.…` (complete after the hats have been produced)
    step(state, edge, tower)                         one of the four kite-edge moves

The algorithm is the one of the hat sections of Tatham, "Two algorithms for randomly generating aperiodic tilings" (2023) ("Hats: indexing kite edges, and dealing
with non-uniqueness", "Making it up as you go along", "Generating the output tiling").

Coordinates
-----------
The start kite's coordinates live in a `Tower`: kite ``k``, hat ``h``, child indices
``c1, c2, …, c_{n−1}`` and the types ``t1 … t_n`` of the metatiles above it (``t_j`` is the type
of the level-j metatile; ``t_j = CHILD[t_{j+1}][c_j]``).  During the walk every other kite is
held as a *state* ``(kid, ts, cs)``: ``kid`` indexes the kitemap of its second-order type and
stands for ``(k, h, c1)``; ``ts = (t2, …, t_n)`` and ``cs = (c2, …, c_{n−1})`` are tuples shared
between states until a step rewrites them.

A step across kite edge ``e``
-----------------------------
1. Kitemap: ``KSTEP[t2][4·kid + e]``; if it is not −1 that is the answer and only ``kid``
   changes (the common case: one list index).
2. Otherwise rename.  The metamap of ``t_{j+2}`` lists the other names ``(c_j', c_{j+1}')``
   of the level-j metatile; renaming never moves the kite but changes the second-order
   metatile it is seen in.  `_attempt(j)` tries every combination of renamings at levels
   ``j, j−1, …, 1`` and then the kitemap; we try ``j = 1, 2, …`` in turn (climbing), and
   remember failures keyed by ``(j, c_{j+1}, t_{j+2})`` — the only inputs of `_attempt(j)`
   that the levels above can change — so a climb of J levels costs O(J) table lookups,
   not 3^J.
3. When a level is needed that the coordinates do not have, the tower invents it
   (`Tower.extend`) from the exact limiting conditional distribution (`limits.py`), and
   shorter states are completed from the tower, "as if it was there all along".  The
   total depth is capped (`MAX_LEVELS`).

The raster walk
---------------
The start kite is kite ``(0, 0, r)`` of the grid (``r`` is the patch's orientation); the region
is the open rectangle ``|x| < W/2, |y| < H/2`` (`coords.Region`).  We visit the hexagons of
the kite grid column by column (columns ``u = 6i``, alternately upwards and downwards), and
in each hexagon its six kites in turn, so that every kite is next to one just visited; only
the six states of the current hexagon are alive.  A hat is produced once, from its kite 0,
if it meets the region's interior (exact test).  Hexagons within a hat's reach of the region
are visited, so every hat meeting the region has its kite 0 visited.  `iter_hats` is a
generator: memory does not grow with the patch.

Speed.  A hexagon wholly inside one kitemap is named by its second-order type t2 and the
kite id h0 of its grid kite 0 (the others follow by edge-3 steps: `HEXRING`).  Tables
derived from the kitemaps at import make such hexagons cost one list index each:
`NEXT[t2][6·h0 + m]` names the neighbouring hexagon in direction m when it too lies in the
map (the move, kite m's edge 1, and the new hexagon's kites are all kitemap lookups), and
`HATS0[t2][6·h0 + k]` lists the hats whose kite 0 lies in the hexagon, as (shape id, type),
in the walk's order from entry kite k.  Hexagons away from the region's edge skip the
region test.  The walk yields *placements* ``(ca, cb, sid, t1)`` — kite 0's hexagon centre,
shape id ``sid = 2·k + reflected`` (`OUTLINES[sid]` is the outline) and first-order type —
and `iter_hats` builds the exact outlines from them; JSON is written straight from
placements (`render.placement_texts`).

The slow path is remembered by what it reads.  A renaming that succeeds at depth D reads
only ``kid``, the edge, ``t_{D+2}`` and ``c2 … c_{D+1}`` and rewrites only the levels below
(`_RENAMES`, D ≤ 6).  A hexagon that crosses kitemaps (five edge-3 steps around it) likewise
depends only on its entry kite and the labels up to the deepest renaming among those steps
(`_HEXES`, D ≤ 4), unless a step had to invent a level; its states are kept as prefixes to
put in front of the entry's labels.  Both caches are bounded (50,000 entries, then
cleared) and are pure functions of the constant tables, so they never change a result:
`tests/test_hat_walk_fast.py` compares the walk with a plain one that steps every kite.
`bench/hat.py` measures the rate and the memory.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from generator.errors import TilepressError
from generator.hat import limits
from generator.hat import tables_data as D
from generator.hat.coords import HEXSTEP, Region, rot
from generator.hat.permalink import MAX_LEVELS as LIMIT, PatchName, MAX_SIDE, parse

MAX_LEVELS = 60          # metatile levels any coordinate may reach (φ⁴⁶⁰ ≈ 10⁵⁰ hats)
TYPES = limits.TYPES

CHILD = D.CHILD
KLAB = D.KITEMAP_LABELS
KSTEP = D.KITEMAP_STEPS
META = D.METAMAPS
KID = tuple({lab: i for i, lab in enumerate(labs)} for labs in KLAB)

# the disjoint slots of each type (the first DISJOINT[u] overlapping indices) with their types
_SLOTS = tuple(tuple((n, CHILD[u][n]) for n in range(D.DISJOINT[u])) for u in range(4))
PARENTS = tuple(limits.parent_distribution(t, _SLOTS) for t in range(4))
START_TYPES = limits.start_type_distribution()


class DepthError(TilepressError):
    """The coordinates would need more metatile levels than allowed."""


@dataclass
class Tower:
    """The start kite's coordinates, extended upwards on demand."""

    k: int
    h: int
    C: list               # c1 .. c_{n-1}
    T: list               # t1 .. t_n (T[0] = t1)
    rng: random.Random = field(repr=False)
    invented: int = 0

    def extend(self) -> None:
        """Invent one more level above the top (exact conditional probabilities)."""
        if len(self.T) >= MAX_LEVELS:
            raise DepthError(f"the patch needs more than {MAX_LEVELS} metatile levels")
        opts = PARENTS[self.T[-1]]
        u, n, _ = opts[limits.choose(self.rng, [p for _, _, p in opts])]
        self.C.append(n)
        self.T.append(u)
        self.invented += 1

    def state(self):
        """The walk state of the start kite."""
        while len(self.T) < 2:
            self.extend()
        return (KID[self.T[1]][(self.k, self.h, self.C[0])], tuple(self.T[1:]), tuple(self.C[1:]))

    def labels(self) -> list:
        """[k, h, c1, …, c_{n−1}] and the top type, for the permalink."""
        return [self.k, self.h] + list(self.C), self.T[-1]


def random_tower(rng: random.Random) -> tuple[Tower, int]:
    """A start kite from the limiting distribution, and a random orientation 0–5."""
    t1 = limits.choose(rng, START_TYPES)
    h = rng.randrange(limits.HATS_PER_TYPE[t1])
    k = rng.randrange(limits.KITES_PER_HAT)
    r = rng.randrange(6)
    tower = Tower(k, h, [], [t1], rng)
    tower.state()          # invent the second level: the kitemaps need it
    return tower, r


def tower_from_labels(k: int, h: int, cs: list, top: int, rng: random.Random) -> Tower:
    """A tower from explicit labels (validated by the caller)."""
    T = [top]
    for c in reversed(cs):
        T.append(CHILD[T[-1]][c])
    T.reverse()
    return Tower(k, h, list(cs), T, rng)


def extension_rng(payload: str) -> random.Random:
    """The deterministic generator that invents levels beyond a permalink's own."""
    seed = int.from_bytes(hashlib.sha256(("hat-extend:" + payload).encode()).digest()[:16], "big")
    return random.Random(seed)


# --- the step ----------------------------------------------------------------------------

def step(state, e: int, tower: Tower):
    """The state of the kite across edge e (0–3) of the kite in `state`."""
    kid, ts, cs = state
    nk = KSTEP[ts[0]][4 * kid + e]
    if nk >= 0:
        return (nk, ts, cs)
    return _slow_step(state, e, tower)


# A renaming that succeeds at depth D depends only on (kid, e, t2 … t_{D+2}, c2 … c_{D+1}),
# that is on (kid, e, t_{D+2}, c2 … c_{D+1}) since t_j = CHILD[t_{j+1}][c_j]: remember those
# for small D (a few thousand entries at most), keyed (kid, e, t3, c2) for D = 1 and
# (kid, e, t_{D+2}, (c2, …, c_{D+1})) above.
_RENAMES: dict = {}
_CACHE_DEPTH = 6
_PREFIXES: dict = {}      # one copy of each label-prefix tuple held by the caches
_CACHE_CAP = 50_000       # entries per cache; passing it clears the cache


def _rename_key(kid: int, e: int, ts: tuple, cs: tuple, d: int):
    """The `_RENAMES` key of a renaming at depth d."""
    return (kid, e, ts[1], cs[0]) if d == 1 else (kid, e, ts[d], cs[:d])


def _slow_step(state, e: int, tower: Tower):
    """Rename through metamaps, climbing and inventing levels as needed."""
    kid, ts, cs = state
    n = len(ts)
    if n > 1:
        r = _RENAMES.get((kid, e, ts[1], cs[0]))
        if r is not None:
            return (r[0], r[1] + ts[1:], r[2] + cs[1:])
        for d in range(2, min(_CACHE_DEPTH, n - 1) + 1):
            r = _RENAMES.get((kid, e, ts[d], cs[:d]))
            if r is not None:
                return (r[0], r[1] + ts[d:], r[2] + cs[d:])
    k, h, c1 = KLAB[ts[0]][kid]
    c = [c1, *cs]                       # c[j-1] = c_j
    t = [CHILD[ts[0]][c1], *ts]         # t[j-1] = t_j
    failed = set()

    def attempt(j: int):
        """Try renamings at levels j..1 and then the kitemap; leaves c, t rewritten on success."""
        if j == 0:
            t2 = t[1]
            return KSTEP[t2][4 * KID[t2][(k, h, c[0])] + e]
        key = (j, c[j], t[j + 1])
        if key in failed:
            return -1
        saved = (c[j - 1], c[j], t[j])
        alts = META[t[j + 1]].get((c[j - 1], c[j]), ())
        for a, b in ((c[j - 1], c[j]),) + alts:
            c[j - 1], c[j], t[j] = a, b, CHILD[t[j + 1]][b]
            r = attempt(j - 1)
            if r >= 0:
                return r
        c[j - 1], c[j], t[j] = saved
        failed.add(key)
        return -1

    for depth in range(MAX_LEVELS):
        while len(t) < depth + 2:      # attempt(depth) reads t_{depth+2}
            if len(t) >= len(tower.T):
                tower.extend()
            c.append(tower.C[len(c)])
            t.append(tower.T[len(t)])
        nk = attempt(depth)
        if nk >= 0:
            if len(_RENAMES) > _CACHE_CAP:        # bounded memory whatever the input
                _RENAMES.clear()
                _PREFIXES.clear()
            if depth <= _CACHE_DEPTH and len(ts) > depth:
                # new (t2 … t_{depth+1}) and (c2 … c_{depth+1}); t_{depth+2} is unchanged
                share = _PREFIXES.setdefault
                p, q = tuple(t[1:depth + 1]), tuple(c[1:depth + 1])
                _RENAMES[_rename_key(kid, e, ts, cs, depth)] = (nk, share(p, p), share(q, q))
            return (nk, tuple(t[1:]), tuple(c[1:]))
    raise DepthError(f"no neighbour found within {MAX_LEVELS} metatile levels")


# --- hats from kite 0 ---------------------------------------------------------------------

def _hat_shapes():
    """Outline and kites of a hat whose kite 0 is kite (0, 0, k), per (k, reflected)."""
    shapes = {}
    for refl in (False, True):
        for k in range(6):
            r = (k + 2) % 6 if refl else k
            def iso(z, r=r, refl=refl):
                a, b = z
                if refl:
                    a, b = a + b, -b
                return rot((a, b), r)
            outline = [iso(p) for p in D.HAT_OUTLINE]
            if refl:
                outline.reverse()
            kites = []
            for ca, cb, kk in D.HAT_KITES:
                a, b = iso((ca, cb))
                kites.append((a, b, (r - kk - 2) % 6 if refl else (kk + r) % 6))
            assert kites[0] == (0, 0, k), (kites[0], k, refl)
            shapes[(k, refl)] = (tuple(outline), tuple(kites))
    return shapes


SHAPES = _hat_shapes()
# how far (in u = 2x and v = 2y/√3) a hat reaches from its kite 0's hexagon centre
REACH_U = max(abs(2 * a + b) for o, _ in SHAPES.values() for a, b in o)
REACH_V = max(abs(b) for o, _ in SHAPES.values() for a, b in o)

# per second-order type and kite id: None, or (first-order type, reflected) if the kite is kite 0
KITE0 = tuple(tuple((CHILD[m2][c1], D.REFLECTED[CHILD[m2][c1]][h]) if k == 0 else None
                    for k, h, c1 in KLAB[m2]) for m2 in range(4))


class Hat(NamedTuple):
    """One output hat: exact outline (Eisenstein (a, b) points, CCW), reflected, metatile."""

    points: tuple
    reflected: bool
    metatile: str


# per (k, reflected): the (u, v) bounding box of the outline relative to kite 0's centre
BOXES = {key: (min(2 * a + b for a, b in o), max(2 * a + b for a, b in o),
               min(b for a, b in o), max(b for a, b in o)) for key, (o, _) in SHAPES.items()}

# The twelve placed shapes by *shape id* sid = 2·k + reflected (k the grid kite of kite 0):
# outlines relative to kite 0's hexagon centre, their kites, their (u, v) boxes.
OUTLINES = tuple(SHAPES[(sid >> 1, bool(sid & 1))][0] for sid in range(12))
SHAPE_KITES = tuple(SHAPES[(sid >> 1, bool(sid & 1))][1] for sid in range(12))
SHAPE_BOXES = tuple(BOXES[(sid >> 1, bool(sid & 1))] for sid in range(12))


def hat_meets(ca: int, cb: int, sid: int, region: Region) -> bool:
    """Whether the hat of shape `sid` with kite 0 in the hexagon centred at (ca, cb) meets
    the open region: its box wholly inside (quick), wholly outside a side (quick), else exact."""
    umin, umax, vmin, vmax = SHAPE_BOXES[sid]
    u = 2 * ca + cb
    ui, vi = region.ui, region.vi
    if u + umin >= -ui and u + umax <= ui and cb + vmin >= -vi and cb + vmax <= vi:
        return True
    w = region.wc
    if u + umin >= w or u + umax <= -w or cb + vmin > vi or cb + vmax < -vi:
        return False
    return region.kites_meet([(ca + a, cb + b, kk) for a, b, kk in SHAPE_KITES[sid]])


# --- the walk ------------------------------------------------------------------------------

def _columns(region: Region):
    """(i_lo, i_hi, vbound): hexagon columns u = 6i and |v| ≤ vbound cover every kite 0 needed."""
    ub = int(region.width) + 1 + REACH_U + 6
    vb = region.vi + 1 + REACH_V + 4
    ib = ub // 6 + 1
    return -ib, ib, vb


def _vrange(i: int, vb: int) -> tuple[int, int]:
    """The lowest and highest hexagon-centre v in column i within |v| ≤ vb (v ≡ 2i mod 4)."""
    r = (2 * i) % 4
    lo = -vb + ((r + vb) % 4)
    hi = vb - ((vb - r) % 4)
    return lo, hi


def _rings():
    """Per kitemap and kite: the kites of its hexagon in counter-clockwise order from it
    (edge-3 steps), or None if the hexagon leaves the map."""
    rings = []
    for m2 in range(4):
        steps = KSTEP[m2]
        r_m = []
        for kid in range(len(KLAB[m2])):
            ring = [kid]
            for _ in range(5):
                nk = steps[4 * ring[-1] + 3]
                if nk < 0:
                    ring = None
                    break
                ring.append(nk)
            if ring is not None and steps[4 * ring[-1] + 3] != kid:
                raise AssertionError("kitemap hexagon does not close")
            r_m.append(None if ring is None else tuple(ring))
        rings.append(tuple(r_m))
    return tuple(rings)


HEXRING = _rings()


def _hex_tables():
    """NEXT and HATS0, indexed [t2][6·h0 + x] for a hexagon wholly inside a kitemap whose
    grid kite 0 is kite h0 of the map (so HEXRING[t2][h0][j] is its grid kite j):

    NEXT: for x = m, grid kite 0 of the neighbouring hexagon in direction m (crossed by
    kite m's edge 1) if that hexagon also lies wholly in the map, else −1;
    HATS0: for x = k, the hats whose kite 0 lies in the hexagon, as (sid, t1), in the
    walk's order (counter-clockwise from grid kite k, the kite the hexagon was entered by).
    """
    nexts, hats0 = [], []
    for m2 in range(4):
        steps, rings, n = KSTEP[m2], HEXRING[m2], len(KLAB[m2])
        nxt, hz = [-1] * (6 * n), [()] * (6 * n)
        for h0 in range(n):
            ring = rings[h0]
            if ring is None:
                continue
            for m in range(6):
                s = steps[4 * ring[m] + 1]
                if s >= 0 and rings[s] is not None:
                    nxt[6 * h0 + m] = rings[s][-((m + 2) % 6) % 6]
            for k in range(6):
                order = [(k + off) % 6 for off in range(6)]
                hz[6 * h0 + k] = tuple((2 * j + KITE0[m2][ring[j]][1], KITE0[m2][ring[j]][0])
                                       for j in order if KITE0[m2][ring[j]])
        nexts.append(tuple(nxt))
        hats0.append(tuple(hz))
    return tuple(nexts), tuple(hats0)


NEXT, HATS0 = _hex_tables()
# the same, one table per move m (NEXT_BY_MOVE[m][t2][h0]) and per entry kite k
NEXT_BY_MOVE = tuple(tuple(t[m::6] for t in NEXT) for m in range(6))
HATS_BY_ENTRY = tuple(tuple(t[k::6] for t in HATS0) for k in range(6))


# Hexagons that cross kitemaps, remembered like renamings: entered at grid kite k with state
# (kid, ts, cs), if the five steps around it rename at most D levels deep (no level read
# above t_{D+2} = ts[D]) the hexagon depends only on (k, kid, ts[D], c2 … c_{D+1}).  Keys
# (k, kid, ts[1], cs[0]) for D = 1 and (k, kid, ts[D], cs[:D]) above.
_HEXES: dict = {}
_HEX_DEPTH = 4
_WHOLE = 1 << 30          # "depth" of a hexagon whose states are kept whole (not remembered)


def _enter(k: int, state, tower):
    """The hexagon entered at grid kite k with `state`: (fast, t2, h0|D, ts, cs, rel, found).

    Fast (the whole hexagon in one kitemap): h0 is its grid kite 0's kite id (its hats are
    HATS0[t2][6·h0 + k]).  Otherwise (see `_kite_state`) `rel` gives the states of its grid
    kites 0–5 relative to (ts, cs) and depth D, and `found` its hats as (sid, t1) in the
    walk's order."""
    kid, ts, cs = state
    m2 = ts[0]
    ring = HEXRING[m2][kid]
    if ring is not None:
        return True, m2, ring[-k % 6], ts, cs, None, None
    n = len(ts)
    if n > 1:
        hit = _HEXES.get((k, kid, ts[1], cs[0]))
        if hit is not None:
            return False, m2, 1, ts, cs, hit[0], hit[1]
        for d in range(2, min(_HEX_DEPTH, n - 1) + 1):
            hit = _HEXES.get((k, kid, ts[d], cs[:d]))
            if hit is not None:
                return False, m2, d, ts, cs, hit[0], hit[1]
    states = [None] * 6
    states[k] = state
    t0, c0, kid0 = ts, cs, kid
    info = KITE0[m2][kid]
    found = [] if info is None else [(2 * k + info[1], info[0])]
    for off in range(1, 6):
        nk = KSTEP[ts[0]][4 * kid + 3]
        state = (nk, ts, cs) if nk >= 0 else _slow_step(state, 3, tower)
        kid, ts, cs = state
        j = (k + off) % 6
        states[j] = state
        info = KITE0[ts[0]][kid]
        if info is not None:
            found.append((2 * j + info[1], info[0]))
    found = tuple(found)
    depth = _hex_depth(states, t0, c0)
    if depth <= _HEX_DEPTH and depth < n:
        if len(_HEXES) > _CACHE_CAP:          # bounded memory whatever the input
            _HEXES.clear()
            _PREFIXES.clear()
        share = _PREFIXES.setdefault
        rel = tuple((kid, None, None) if ts is t0 else
                    (kid, share(ts[:depth], ts[:depth]), share(cs[:depth], cs[:depth]))
                    for kid, ts, cs in states)
        _HEXES[(k, kid0, t0[1], c0[0]) if depth == 1 else (k, kid0, t0[depth], c0[:depth])] = (rel, found)
        return False, m2, depth, t0, c0, rel, found
    return False, m2, _WHOLE, t0, c0, tuple(states), found


def _hex_depth(states, t0: tuple, c0: tuple) -> int:
    """How deep the states differ from (t0, c0): 1 + the last index of ts or cs changed
    (at least 1), or _WHOLE if a state is longer (a level was invented on the way)."""
    n = len(t0)
    depth = 1
    for _, ts, cs in states:
        if ts is t0:
            continue
        if len(ts) != n:
            return _WHOLE
        for j in range(n - 1, depth - 1, -1):
            if ts[j] != t0[j] or (j < n - 1 and cs[j] != c0[j]):
                depth = j + 1
                break
    return depth


def _kite_state(hx, m: int):
    """The state of grid kite m of a hexagon that crosses kitemaps: from `rel` entry
    (kid, p, q), the state (kid, p + ts[D:], q + cs[D:]), or (kid, ts, cs) if p is None."""
    _, _, depth, ts, cs, rel, _ = hx
    kid, p, q = rel[m]
    if p is None:
        return (kid, ts, cs)
    return (kid, p + ts[depth:], q + cs[depth:])


def _leave(hx, m: int, tower):
    """The hexagon next to hx in direction m (centre + 2(1+s)s^m), via kite m's edge 1."""
    fast, m2, h0, ts, cs, _, _ = hx
    if fast:
        nh = NEXT[m2][6 * h0 + m]
        if nh >= 0:
            return (True, m2, nh, ts, cs, None, None)
        st = (HEXRING[m2][h0][m], ts, cs)
    else:
        st = _kite_state(hx, m)
    return _enter((m + 2) % 6, step(st, 1, tower), tower)


def iter_placements(tower: Tower, rotation: int, region: Region):
    """Yield (ca, cb, sid, t1) for every hat meeting the region, streaming: the hexagon
    centre (ca, cb) of its kite 0, its shape id and its first-order metatile type."""
    i_lo, i_hi, vb = _columns(region)
    umax = max(max(-b[0], b[1]) for b in SHAPE_BOXES)
    vmax = max(max(-b[2], b[3]) for b in SHAPE_BOXES)
    # walk from the start hexagon to the bottom of the first column (no output on the way)
    hx = _enter(rotation, tower.state(), tower)
    ca = cb = 0
    i, v = 0, 0

    k = rotation

    def go(m):
        """Move to the neighbouring hexagon in direction m."""
        nonlocal hx, ca, cb, k
        hx = _leave(hx, m, tower)
        ca, cb, k = ca + HEXSTEP[m][0], cb + HEXSTEP[m][1], (m + 2) % 6
    while i > i_lo:
        lo, _ = _vrange(i - 1, vb)
        if v - 2 >= lo:
            go(3)
            v -= 2
        else:
            go(2)
            v += 2
        i -= 1
    lo, hi = _vrange(i, vb)
    while v - 4 >= lo:
        go(4)
        v -= 4
    while v < lo:
        go(1)
        v += 4
    fast, m2, h0, ts, cs, states, found = hx
    going_up = True
    step_ = step
    hexring, hats0, ui, vi = HEXRING, HATS0, region.ui, region.vi
    while True:
        lo, hi = _vrange(i, vb)
        u = 2 * ca + cb
        # the column's hexagons away from its ends have their hats wholly inside
        vin = vi - vmax if abs(u) + umax <= ui else -1
        if going_up:
            m, kn, dv, moves = 1, 3, 4, (hi - v) // 4
        else:
            m, kn, dv, moves = 4, 0, -4, (v - lo) // 4
        da, db = HEXSTEP[m]
        nexts, hats = NEXT_BY_MOVE[m], HATS_BY_ENTRY[kn]
        if fast:
            found = hats0[m2][6 * h0 + k]
            nx, hz = nexts[m2], hats[m2]
        for left in range(moves, -1, -1):
            if found:
                if -vin <= v <= vin:
                    for sid, t1 in found:
                        yield (ca, cb, sid, t1)
                else:
                    for sid, t1 in found:
                        if hat_meets(ca, cb, sid, region):
                            yield (ca, cb, sid, t1)
            if not left:
                break
            v += dv
            ca += da
            cb += db
            if fast:
                nh = nx[h0]
                if nh >= 0:
                    h0 = nh
                    found = hz[nh]
                    continue
                st = (hexring[m2][h0][m], ts, cs)
            else:
                kid, p, q = states[m]
                st = (kid, ts, cs) if p is None else (kid, p + ts[h0:], q + cs[h0:])
            fast, m2, h0, ts, cs, states, found = _enter(kn, step_(st, 1, tower), tower)
            if fast:
                nx, hz = nexts[m2], hats[m2]
                found = hz[h0]
        if i >= i_hi:
            return
        nlo, nhi = _vrange(i + 1, vb)
        target = nhi if going_up else nlo
        m = 0 if target > v else 5
        fast, m2, h0, ts, cs, states, found = _leave((fast, m2, h0, ts, cs, states, found), m, tower)
        ca, cb, v, k = ca + HEXSTEP[m][0], cb + HEXSTEP[m][1], v + (2 if m == 0 else -2), (m + 2) % 6
        if v != target:
            raise AssertionError("serpentine walk lost its column")
        i += 1
        going_up = not going_up


def iter_hats(tower: Tower, rotation: int, region: Region):
    """Yield every hat meeting the region, streaming (a few coordinate states alive)."""
    outlines, types, new = OUTLINES, TYPES, tuple.__new__
    for ca, cb, sid, t1 in iter_placements(tower, rotation, region):
        yield new(Hat, (tuple([(ca + a, cb + b) for a, b in outlines[sid]]), sid & 1 == 1, types[t1]))


# --- patches: from a seed or from a permalink --------------------------------------------

@dataclass
class Patch:
    """A patch request: region, orientation and the start kite's (growing) coordinates."""

    region: Region
    rotation: int
    tower: Tower
    recorded: tuple | None = None    # (k, h, cs, top) of the permalink regenerated, if any

    def hats(self):
        """Iterate over the hats meeting the region (streaming)."""
        return iter_hats(self.tower, self.rotation, self.region)

    def placements(self):
        """Iterate over the hats as (ca, cb, sid, t1) placements (streaming, no outlines)."""
        return iter_placements(self.tower, self.rotation, self.region)

    def permalink(self) -> str:
        """The permalink of this patch (complete once the hats have been generated)."""
        labels, top = self.tower.labels()
        k, h, cs = labels[0], labels[1], tuple(labels[2:])
        if len(cs) > LIMIT:              # only invented levels pass the limit: print the given ones
            if self.recorded is None:
                raise TilepressError(f"this patch needs {len(cs)} metatile levels, more than a "
                                     f"permalink holds ({LIMIT}); choose another seed")
            k, h, cs, top = self.recorded
        return PatchName(self.region.width, self.region.height, self.rotation, k, h, cs, top).text()


def from_seed(width, height, seed: int) -> Patch:
    """A fresh random patch of the open rectangle W × H about a random start kite."""
    w, h = Fraction(width), Fraction(height)
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise TilepressError(f"width and height must be in (0, {MAX_SIDE}]")
    tower, r = random_tower(random.Random(seed))
    return Patch(Region(w, h), r, tower)


def from_permalink(text: str, width=None, height=None) -> Patch:
    """The patch a permalink names, optionally over another region (same tiling)."""
    name = parse(text)
    w = name.width if width is None else width
    h = name.height if height is None else height
    tower = tower_from_labels(name.k, name.h, list(name.cs), name.top,
                              extension_rng(name.coords_text()))
    return Patch(Region(w, h), name.rotation, tower, (name.k, name.h, tuple(name.cs), name.top))


def estimated_hats(region: Region) -> int:
    """Roughly how many hats meet a region (area / 8√3), for progress bars."""
    return int(float(region.width) * float(region.height) / (8 * math.sqrt(3))) + 1
