"""Uniformly random tilings of the hexagon by monotone coupling from the past.

A tiling of the hexagon of side n is a pile of unit cubes in the n x n x n box that is
closed downwards (an order ideal): cube (i, j, k) may be present only if its three lower
neighbours are (or lie on the box walls).  The heat-bath chain picks a site and a fair
coin: a site whose upper neighbour is present must stay present, a site whose lower
neighbours are not all present must stay absent, and any other site takes the coin's
value.  Its stationary law is uniform on tilings, and it is *monotone*: the new value is an
increasing function of the neighbours, so two piles P <= Q stay ordered when fed the same
coins.

Sites with i + j + k even are never neighbours, nor are the odd ones, so a whole parity
class is updated at once.  The pile is two Python integers, one bit per site of each
parity class (see `Box`); neighbours are shifts, the coins are one `getrandbits` per
half sweep, and a half sweep is about twenty big-integer operations.

Coupling from the past (Propp and Wilson).  Run the chain from time -T to 0 started both
at the empty box and at the full box, with the same coins; every other start lies between
them, so if the two agree at time 0 the common pile is an exact sample of the stationary
(uniform) law.  Coupling takes about 2-5 n^2 sweeps, so T starts at 6 n^2.  Otherwise
double T, *reusing* the coins of the later times: block b of coins comes from
`random.Random(f"calissons-cftp:{seed}:{b}")`, so the output is a deterministic function
of (n, seed).
"""

from __future__ import annotations

import random

from generator.calissons.model import MAX_N, heights_from_pp
from generator.errors import TilepressError

MAX_BLOCKS = 40


def first_block(n: int) -> int:
    """Sweeps in the most recent block of coins: a little above the typical coupling time."""
    return max(16, 6 * n * n)


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


def sample_pp(n: int, seed, *, stats: dict | None = None) -> list[list[int]]:
    """A uniformly random plane partition in the n x n x n box (exact, by CFTP)."""
    if not isinstance(n, int) or n < 1 or n > MAX_N:
        raise TilepressError(f"size must be an integer in 1..{MAX_N}")
    box = Box(n)
    T0 = first_block(n)
    blocks = 1
    while blocks <= MAX_BLOCKS:
        lo, hi = box.empty, box.full
        for b in range(blocks - 1, -1, -1):
            length = T0 if b == 0 else T0 << (b - 1)
            rng = random.Random(f"calissons-cftp:{seed}:{b}")
            lo, hi = box.run(lo, hi, rng, length)
        if lo == hi:
            if stats is not None:
                stats["sweeps"] = T0 << (blocks - 1)
            return box.plane_partition(lo)
        blocks += 1
    raise TilepressError("coupling from the past did not coalesce")  # pragma: no cover


def sample_heights(n: int, seed) -> list[int]:
    """The height function of a uniformly random tiling of the hexagon of side n."""
    return heights_from_pp(n, sample_pp(n, seed))
