"""Uniformly random tilings of the hexagon by monotone coupling from the past.

A tiling of the hexagon of side n is a pile of unit cubes in the n x n x n box that is
closed downwards (an order ideal; David and Tomei, "The problem of the calissons", 1989):
cube (i, j, k) may be present only if its three lower neighbours are (or lie on the box
walls).  Equivalently its column heights pp[i][j] form a plane partition: 0 <= pp <= n,
weakly decreasing along rows and columns.

The chain.  The heat-bath chain picks a site and a fair coin: a site whose upper
neighbour is present must stay present, a site whose lower neighbours are not all present
must stay absent, and any other site takes the coin's value.  Its stationary law is
uniform on tilings, and it is *monotone*: for fixed coins the new value is an increasing
function of the neighbours, so two piles P <= Q stay ordered when fed the same coins.
Sites with i + j + k even are never neighbours, nor are the odd ones, so a whole parity
class is updated at once (a half sweep).

Coupling from the past (Propp and Wilson, "Exact sampling with coupled Markov chains and
applications to statistical mechanics", 1996).  Run the chain from time -T to 0 started
both at the empty box and at the full box, with the same coins; every other start lies
between them, so if the two agree at time 0 the common pile is an exact sample of the
stationary (uniform) law.  If they do not, double T, *reusing* the coins of the later
times: block b of coins comes from a `random.Random` seeded by (seed, version, b), so the
output is a deterministic function of (n, seed) for each version.

Two versions, two representations of the same chain:

- Version 1 (`Box`): the pile is two Python integers, one bit per cube site of each
  parity class; neighbours are shifts, the coins one `getrandbits` per half sweep and
  site, and a half sweep is about twenty operations on integers of n^3 / 2 bits.
  Coupling takes about 2-6 n^2 sweeps, so T starts at 6 n^2.
- Version 2 (`Slices`): only the frontier of a pile can move.  In column (i, j) of
  height h the class-p site that is not forced is the empty site k = h (when
  i + j + h = p mod 2: it may be added) or the top cube k = h - 1 (otherwise: it may be
  removed), so a half sweep is "add one cube to every addable column whose coin is 1,
  remove one from every removable column whose coin is 0".  The heights are kept
  bit-sliced, one integer per binary digit over the (n + 2)^2 grid cells, and
  "addable" needs only "differs from the neighbours above and to the left", since
  neighbouring heights of a plane partition are ordered.  That is O(n^2 log n) bits of
  state and about 60 integer operations of n^2 bits per half sweep.  One coin per column
  serves every site of the column, which is still the heat bath with independent coins
  on the sites that can move, and still monotone (the update of each site is increasing
  for any fixed coin field), so CFTP stays exact.  The same chain, so the same coupling
  time, which grows a little faster than n^2 (about 3, 4.5, 5.5, 6 n^2 for n = 16, 32,
  64, 128, measured forward): T starts at 8 n^2.  At n = 128 it is ~15x faster than
  version 1; its samples differ (different coins), so they carry their own permalinks.
"""

from __future__ import annotations

import random

from generator.calissons.model import MAX_N, heights_from_pp
from generator.errors import TilepressError

MAX_BLOCKS = 40
CHUNK = 2048              # sweeps between two progress reports


class Box:
    """The cube sites of the n x n x n box, split by parity, padded by wall sites.

    Sites (i, j, k) with -1 <= i, j, k <= n; with I, J, K = i+1, j+1, k+1, m = n + 2 and
    rows of M = m rounded up to even sites, the site belongs to class p = (I + J + K) % 2
    and is bit (I*m + J)*W + K//2 of that class's integer, W = M/2.  Neighbours of a
    class-p site are all of the other class: along i and j they are plain shifts by m*W
    and W; along k they are the same bit or the next one, depending on the parity of the
    row, so two row masks select which.  Walls at index -1 are always present, walls at
    index n (and the spare site of odd rows) always absent.
    """

    def __init__(self, n: int):
        self.n = n
        m = n + 2
        M = m + (m % 2)
        W = M // 2
        self.m, self.W = m, W
        self.size = m * m * W
        real = [0, 0]
        walls = [0, 0]
        even_rows = [0, 0]      # rows where (I + J + p) is even: k-neighbour below is one bit lower
        row_mask = (1 << W) - 1
        for I in range(m):
            for J in range(m):
                base = (I * m + J) * W
                for p in (0, 1):
                    if (I + J + p) % 2 == 0:
                        even_rows[p] |= row_mask << base
                for K in range(M):
                    p = (I + J + K) % 2
                    bit = 1 << (base + K // 2)
                    i, j, k = I - 1, J - 1, K - 1
                    if max(i, j, k) < n and min(i, j, k) >= 0:
                        real[p] |= bit
                    elif min(i, j, k) == -1 and max(i, j, k) < n:
                        walls[p] |= bit
        full_mask = (1 << self.size) - 1
        self.real = real
        self.walls = walls
        self.even_rows = even_rows
        self.odd_rows = [full_mask ^ even_rows[0], full_mask ^ even_rows[1]]
        self.empty = (walls[0], walls[1])
        self.full = (walls[0] | real[0], walls[1] | real[1])

    def update(self, Q: int, p: int, coins: int) -> int:
        """New class-p sites given the other class Q: heat bath on every site at once."""
        W = self.W
        mW = self.m * W
        ev, od = self.even_rows[p], self.odd_rows[p]
        low = (((Q << 1) & ev) | (Q & od)) & (Q << W) & (Q << mW)
        up = (Q & ev) | ((Q >> 1) & od) | (Q >> W) | (Q >> mW)
        return ((up | (low & coins)) & self.real[p]) | self.walls[p]

    def run(self, lo, hi, rng, sweeps: int):
        """Apply `sweeps` full sweeps to two piles with the same coins from rng."""
        N = self.size
        upd = self.update
        lo0, lo1 = lo
        hi0, hi1 = hi
        coupled = lo == hi
        for _ in range(sweeps):
            c = rng.getrandbits(N)
            lo0 = upd(lo1, 0, c)
            if not coupled:
                hi0 = upd(hi1, 0, c)
            c = rng.getrandbits(N)
            lo1 = upd(lo0, 1, c)
            if not coupled:
                hi1 = upd(hi0, 1, c)
                coupled = lo0 == hi0 and lo1 == hi1
        if coupled:
            return (lo0, lo1), (lo0, lo1)
        return (lo0, lo1), (hi0, hi1)

    def plane_partition(self, P) -> list[list[int]]:
        """Column heights of a pile."""
        n, m, W = self.n, self.m, self.W
        mask = (1 << W) - 1
        out = []
        for i in range(n):
            row = []
            for j in range(n):
                shift = ((i + 1) * m + (j + 1)) * W
                c = 0
                for p in (0, 1):
                    c += ((P[p] & self.real[p]) >> shift & mask).bit_count()
                row.append(c)
            out.append(row)
        return out


class Slices:
    """A pile as its column heights written in binary, one integer per binary digit.

    Cell (I, J) of the (n + 2) x (n + 2) grid is bit I*s + J (s = n + 2); the real columns
    are 1 <= I, J <= n, column (i, j) = (I - 1, J - 1).  Plane b holds bit b of every
    height, so a pile is B = bit_length(n) integers of (n + 2)^2 bits: O(n^2 log n) bits
    in all, against n^3 for the cube bitsets of `Box`.  The border cells hold the walls of
    the box: height n above and to the left (I = 0 or J = 0), 0 below and to the right, so
    every real column has four neighbours and the border never moves.
    """

    def __init__(self, n: int):
        self.n = n
        s = self.s = n + 2
        self.bits = s * s
        self.B = max(1, n.bit_length())
        real = 0
        odd = 0
        top = 0            # border cells of height n
        for I in range(s):
            for J in range(s):
                bit = 1 << (I * s + J)
                if 1 <= I <= n and 1 <= J <= n:
                    real |= bit
                elif (I == 0 or J == 0) and I <= n and J <= n:
                    top |= bit
                if (I + J) % 2:
                    odd |= bit
        self.real, self.odd = real, odd
        self.empty = tuple(top if n >> b & 1 else 0 for b in range(self.B))
        self.full = tuple((top | real) if n >> b & 1 else 0 for b in range(self.B))

    def moves(self, H, p: int):
        """(up, down): columns whose class-p frontier cube may be added, or removed.

        Neighbouring columns of a pile are ordered, so "higher than" is "differs from";
        the differences come from one shift per plane and direction.  The frontier cube of
        column (I, J) is the empty site k = h or the top cube k = h - 1; the one in class p
        is k = h exactly when I + J + h = p (mod 2).
        """
        s = self.s
        v = w = 0
        for P in H:
            v |= P ^ (P >> s)        # h(I, J) != h(I + 1, J)
            w |= P ^ (P >> 1)        # h(I, J) != h(I, J + 1)
        real = self.real
        cls = self.odd ^ H[0]
        if not p:
            cls ^= real
        up = (v << s) & (w << 1) & cls & real
        down = v & w & (cls ^ real) & real
        return up, down

    def step(self, H, p: int, coins: int):
        """Heat bath on the class-p sites of every column at once; new planes."""
        up, down = self.moves(H, p)
        up &= coins
        down ^= down & coins
        H = list(H)
        for b in range(len(H)):     # add 1 where up: ripple carry
            if not up:
                break
            P = H[b]
            H[b] = P ^ up
            up &= P
        for b in range(len(H)):     # subtract 1 where down: ripple borrow
            if not down:
                break
            P = H[b]
            H[b] = P ^ down
            down ^= down & P
        return tuple(H)

    def run(self, lo, hi, rng, sweeps: int):
        """Apply `sweeps` full sweeps to two piles with the same coins from rng."""
        bits = self.bits
        step = self.step
        coupled = lo == hi
        for _ in range(sweeps):
            c = rng.getrandbits(bits)
            lo = step(lo, 0, c)
            if not coupled:
                hi = step(hi, 0, c)
            c = rng.getrandbits(bits)
            lo = step(lo, 1, c)
            if not coupled:
                hi = step(hi, 1, c)
                coupled = lo == hi
        return (lo, lo) if coupled else (lo, hi)

    def plane_partition(self, H) -> list[list[int]]:
        """Column heights of a pile."""
        n, s = self.n, self.s
        cells = [0] * self.bits
        for b, P in enumerate(H):
            digits = format(P, f"0{self.bits}b")[::-1]
            w = 1 << b
            for x in range(self.bits):
                if digits[x] == "1":
                    cells[x] += w
        return [[cells[(i + 1) * s + j + 1] for j in range(n)] for i in range(n)]


VERSIONS = (1, 2)


def first_block(n: int, version: int = 1) -> int:
    """Sweeps in the most recent block of coins: a little above the typical coupling time."""
    return max(16, (6 if version == 1 else 8) * n * n)


def engine(n: int, version: int):
    """The chain of a sampler version: `Box` (version 1) or `Slices` (version 2)."""
    return Box(n) if version == 1 else Slices(n)


def coins(seed, version: int, block: int) -> random.Random:
    """The coins of one block: a pure function of (seed, version, block)."""
    tag = "calissons-cftp" if version == 1 else "calissons-cftp-v2"
    return random.Random(f"{tag}:{seed}:{block}")


def run_block(box, lo, hi, rng, length: int, tick=None, done: int = 0):
    """`box.run` for `length` sweeps, in chunks that report the sweeps done to tick(done)."""
    if tick is None:
        return box.run(lo, hi, rng, length)
    left = length
    while left:
        k = min(left, CHUNK)
        lo, hi = box.run(lo, hi, rng, k)
        left -= k
        tick(done + length - left)
    return lo, hi


def sample_pp(n: int, seed, *, version: int = 1, stats: dict | None = None,
              tick=None) -> list[list[int]]:
    """A uniformly random plane partition in the n x n x n box (exact, by CFTP).

    Each version is a pure function of (n, seed) forever; they draw different piles.
    tick(sweeps), when given, hears the running total of sweeps (a progress bar)."""
    if not isinstance(n, int) or n < 1 or n > MAX_N:
        raise TilepressError(f"size must be an integer in 1..{MAX_N}")
    if version not in VERSIONS:
        raise TilepressError(f"unknown sampler version {version!r}")
    box = engine(n, version)
    T0 = first_block(n, version)
    blocks = 1
    done = 0
    while blocks <= MAX_BLOCKS:
        lo, hi = box.empty, box.full
        for b in range(blocks - 1, -1, -1):
            length = T0 if b == 0 else T0 << (b - 1)
            lo, hi = run_block(box, lo, hi, coins(seed, version, b), length, tick, done)
            done += length
        if lo == hi:
            if stats is not None:
                stats["sweeps"] = T0 << (blocks - 1)
            return box.plane_partition(lo)
        blocks += 1
    raise TilepressError("coupling from the past did not coalesce")  # pragma: no cover


def sample_heights(n: int, seed, version: int = 1, tick=None) -> list[int]:
    """The height function of a uniformly random tiling of the hexagon of side n."""
    return heights_from_pp(n, sample_pp(n, seed, version=version, tick=tick))


# --- any region: the same chain on height functions ---------------------------------------
#
# On a simply connected region R the tilings are the height functions between R's floor
# and ceil (model.py).  Given its six neighbours, the height of an inner vertex v may be
# any value of its residue (a + b mod 3) in [lo, hi], where each edge v -> w allows
# H(w) - 1 <= H(v) <= H(w) + 2 and each edge w -> v allows H(w) - 2 <= H(v) <= H(w) + 1:
# at most two values (a local flip: three calissons round v turned over).  The heat bath
# takes the lower one on a coin 0 and the upper on a coin 1; lo and hi increase with the
# neighbours, so the chain is monotone and CFTP between floor and ceil is exact, as above.
# The classes (a + b) mod 3 hold no two neighbours (every step changes a + b by 1 mod 3),
# so each third of the vertices is updated at once, one coin per vertex from
# `random.Random` seeded by (seed, block).  Region sampler version 1.

REGION_TAG = "calissons-region-cftp"


class HeightChain:
    """The heat-bath chain on the height functions of a region."""

    def __init__(self, region):
        self.region = region
        floor, ceil = region.floor, region.ceil
        heads, tails = region.heads, region.tails
        classes = [[], [], []]
        for v, (a, b) in enumerate(region.coords):
            if region.fixed[v] is None and floor[v] < ceil[v]:
                classes[(a + b) % 3].append(v)
        # per class: (vertex, residue, out-neighbours, in-neighbours)
        self.classes = [[(v, (a + b) % 3, tuple(heads[v]), tuple(tails[v]))
                         for v in cls for a, b in (region.coords[v],)] for cls in classes]
        self.empty = tuple(floor)
        self.full = tuple(ceil)

    def sweep(self, H: list, rng) -> None:
        """One sweep (three class updates) of H in place, coins from rng."""
        for cls in self.classes:
            if not cls:
                continue
            bits = rng.getrandbits(len(cls))
            for v, r, outs, ins in cls:
                lo = -(1 << 62)
                hi = 1 << 62
                for w in outs:
                    h = H[w]
                    if h - 1 > lo:
                        lo = h - 1
                    if h + 2 < hi:
                        hi = h + 2
                for w in ins:
                    h = H[w]
                    if h - 2 > lo:
                        lo = h - 2
                    if h + 1 < hi:
                        hi = h + 1
                H[v] = hi - (hi - r) % 3 if bits & 1 else lo + (r - lo) % 3
                bits >>= 1

    def run(self, lo, hi, rng, sweeps: int):
        """`sweeps` sweeps of both chains with the same coins (one chain once they meet)."""
        lo, hi = list(lo), list(hi)
        coupled = lo == hi
        for _ in range(sweeps):
            state = rng.getstate()
            self.sweep(lo, rng)
            if not coupled:
                rng.setstate(state)
                self.sweep(hi, rng)
                coupled = lo == hi
        return (tuple(lo), tuple(lo)) if coupled else (tuple(lo), tuple(hi))


def region_first_block(region) -> int:
    """Sweeps in the most recent block: about a tenth of the vertex count (doubled as needed)."""
    return max(32, len(region.coords) // 10)


def sample_region_heights(region, seed, stats: dict | None = None, tick=None) -> list[int]:
    """The height function of a uniformly random tiling of a tilable region (exact, CFTP)."""
    if not region.tilable:
        raise TilepressError("this region cannot be tiled")
    chain = HeightChain(region)
    T0 = region_first_block(region)
    blocks = 1
    done = 0
    while blocks <= MAX_BLOCKS:
        lo, hi = chain.empty, chain.full
        for b in range(blocks - 1, -1, -1):
            length = T0 if b == 0 else T0 << (b - 1)
            rng = random.Random(f"{REGION_TAG}:{seed}:{b}")
            lo, hi = run_block(chain, lo, hi, rng, length, tick, done)
            done += length
        if lo == hi:
            if stats is not None:
                stats["sweeps"] = T0 << (blocks - 1)
            return list(lo)
        blocks += 1
    raise TilepressError("coupling from the past did not coalesce")  # pragma: no cover
