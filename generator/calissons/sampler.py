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
class is updated at once.  The pile is one Python integer with a bit per site (bit
(i*n + j)*n + k); neighbours are shifts, the coins are one `getrandbits` per half sweep.

Coupling from the past (Propp and Wilson).  Run the chain from time -T to 0 started both
at the empty box and at the full box, with the same coins; every other start lies between
them, so if the two agree at time 0 the common pile is an exact sample of the stationary
(uniform) law.  Coupling takes about 2-5 n^2 sweeps, so T starts at 6 n^2.  Otherwise double T, *reusing* the coins of the later times: block b of
coins comes from `random.Random(f"{seed}:{b}")`, so the output is a deterministic function
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
    """The cube sites of the n x n x n box, padded by a layer of wall sites on each side.

    Site (i, j, k), -1 <= i, j, k <= n, is bit ((i+1)*m + (j+1))*m + (k+1) with m = n + 2.
    Walls at index -1 are always present, walls at index n always absent, so the lower and
    upper neighbours of every real site are plain shifts, with no masks.
    """

    def __init__(self, n: int):
        self.n = n
        m = n + 2
        self.m = m
        self.size = m * m * m
        walls_low = 0
        even = odd = 0
        for i in range(-1, n + 1):
            for j in range(-1, n + 1):
                for k in range(-1, n + 1):
                    bit = 1 << self.bit(i, j, k)
                    if min(i, j, k) == -1 and max(i, j, k) < n:
                        walls_low |= bit
                    elif max(i, j, k) < n and min(i, j, k) >= 0:
                        if (i + j + k) % 2 == 0:
                            even |= bit
                        else:
                            odd |= bit
        self.empty = walls_low
        self.full = walls_low | even | odd
        self.classes = (even, odd)

    def bit(self, i: int, j: int, k: int) -> int:
        """The bit of site (i, j, k)."""
        m = self.m
        return ((i + 1) * m + (j + 1)) * m + (k + 1)

    def half_sweep(self, P: int, cls: int, coins: int) -> int:
        """Heat-bath update of every site of one parity class at once."""
        m = self.m
        m2 = m * m
        low_all = (P << 1) & (P << m) & (P << m2)
        up_any = (P >> 1) | (P >> m) | (P >> m2)
        new = up_any | (low_all & coins)
        return P ^ ((P ^ new) & self.classes[cls])

    def run(self, lo: int, hi: int, rng: random.Random, sweeps: int) -> tuple[int, int]:
        """Apply `sweeps` full sweeps to two piles with the same coins from rng."""
        N = self.size
        step = self.half_sweep
        for _ in range(sweeps):
            for cls in (0, 1):
                coins = rng.getrandbits(N)
                if lo is hi:
                    lo = hi = step(lo, cls, coins)
                    continue
                lo = step(lo, cls, coins)
                hi = step(hi, cls, coins)
                if lo == hi:
                    hi = lo       # coupled: from now on one pile is enough
        return lo, hi

    def plane_partition(self, P: int) -> list[list[int]]:
        """Column heights of a pile bitset."""
        n, m = self.n, self.m
        mask = ((1 << n) - 1) << 1
        return [[((P >> (((i + 1) * m + (j + 1)) * m)) & mask).bit_count() for j in range(n)]
                for i in range(n)]


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
