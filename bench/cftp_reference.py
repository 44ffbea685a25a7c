"""An independent, straightforward exact sampler of lozenge tilings of the hexagon, for
comparison with the engine's (`generator/calissons/sampler.py`); it shares no code with it.

A tiling of the hexagon of side n is a pile of unit cubes in the n x n x n box closed
downwards (David and Tomei, 1989).  The heat-bath chain picks a cube site and a fair coin;
the site becomes present when the coin says so and its three lower neighbours are
present, absent when the coin says so and its three upper neighbours are absent, and
otherwise keeps what its neighbours force.  Sites with i + j + k even are never
neighbours, nor are the odd ones, so a whole parity class is updated at once.  This
implementation keeps the most obvious layout: one bit per cube site of the padded box
(-1..n on each axis) in a single Python integer, site (i, j, k) at bit
((i + 1) * m + (j + 1)) * m + (k + 1) with m = n + 2, and neighbours are shifts by
m * m, m and 1.

Coupling from the past (Propp and Wilson, "Exact sampling with coupled Markov chains
and applications to statistical mechanics", 1996), textbook form: run from time -T to 0
from the empty and the full box with the same coins, T = 1, 2, 4, ..., until the two runs
agree; the common pile is exactly uniform.  The coins of the times -2^b .. -2^(b-1) - 1
(block b) come from `random.Random(f"reference:{seed}:{b}")`, so each restart reuses the
coins of the later times, as CFTP requires.

    python3 bench/cftp_reference.py N [SEED]     # prints the plane partition's volume and CPU seconds
"""

from __future__ import annotations

import random
import sys
import time


def masks(n: int):
    """(inside, walls, parity masks) of the padded box."""
    m = n + 2
    inside = walls = 0
    par = [0, 0]
    for i in range(-1, n + 1):
        for j in range(-1, n + 1):
            for k in range(-1, n + 1):
                bit = 1 << (((i + 1) * m + (j + 1)) * m + (k + 1))
                par[(i + j + k) % 2] |= bit
                if 0 <= i < n and 0 <= j < n and 0 <= k < n:
                    inside |= bit
                elif min(i, j, k) == -1 and max(i, j, k) < n:
                    walls |= bit
    return inside, walls, par


def sweep(pile: int, n: int, consts, coins: tuple[int, int]) -> int:
    """One sweep of the heat bath: the even sites, then the odd ones."""
    inside, walls, par = consts
    m = n + 2
    for p in (0, 1):
        below = (pile << 1) & (pile << m) & (pile << (m * m))      # all three lower neighbours
        above = (pile >> 1) | (pile >> m) | (pile >> (m * m))      # some upper neighbour
        new = (above | (below & coins[p])) & inside & par[p]
        pile = (pile & ~par[p]) | new | walls
    return pile


def sample(n: int, seed: int = 0) -> list[list[int]]:
    """An exactly uniform plane partition in the n x n x n box."""
    m = n + 2
    consts = masks(n)
    inside, walls, _ = consts
    size = m ** 3
    blocks = 0
    while True:
        blocks += 1
        lo, hi = walls, walls | inside
        for b in range(blocks - 1, -1, -1):
            rng = random.Random(f"reference:{seed}:{b}")
            for _ in range(1 if b == 0 else 1 << (b - 1)):
                coins = (rng.getrandbits(size), rng.getrandbits(size))
                lo = sweep(lo, n, consts, coins)
                if hi != lo:
                    hi = sweep(hi, n, consts, coins)
        if lo == hi:
            break
    pp = []
    for i in range(n):
        row = []
        for j in range(n):
            base = ((i + 1) * m + (j + 1)) * m + 1
            row.append(((lo >> base) & ((1 << n) - 1)).bit_count())
        pp.append(row)
    return pp


def main(argv=None):
    """Sample once and print the volume and the CPU time."""
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0])
    seed = int(args[1]) if len(args) > 1 else 0
    t = time.process_time()
    pp = sample(n, seed)
    print(f"n={n} seed={seed} volume={sum(map(sum, pp))} cpu={time.process_time() - t:.2f} s")


if __name__ == "__main__":
    main()
