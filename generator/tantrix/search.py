"""Exact depth-first search for periodic Tantrix patterns on a board (see boards.py).

The search is Szobonya's: walk the board cells in a fixed order, put into the next cell
a tile-and-rotation that matches every side already fixed by placed neighbours (across
the periodic wrap and across copies, through the copy's colour permutation), back up
when nothing fits.  Tile 1 itself sits in the first cell, in any of its six rotations.

What makes it fast in Python:

* *Fit tables.*  A cell's situation is its **key**: for each edge either "free" or the
  colour required there, written as six base-5 digits (0 free, 1 + colour).  A table,
  built once from the tile data, maps each of the 5⁶ keys to the list of every
  (tile, rotation) whose face matches it — so a cell fixed on three sides looks up its
  (typically 2–6) candidates instead of trying 56 × 6.
* *Bitmask pool.*  Used tiles are one integer with a bit per pool unit (a tile, or a
  tile's whole orbit under the copies' colour permutations in the symmetric methods).
* *Precomputed constraints.*  For each position of the order, the list of
  (edge, earlier position, its edge, permutation) to read the key from.

`rng` shuffles every candidate list once, so different seeds explore in different
orders and find different first solutions (not a uniform choice among all solutions;
for the extra-symmetric board the enumeration gives a uniform choice instead).
"""

from __future__ import annotations

import random
import sys
import time
from functools import lru_cache

from generator.tantrix import boards
from generator.tantrix.tiles import NTILES, face, permuted

FREE = 0
POW5 = tuple(5 ** k for k in range(6))


class Budget(Exception):
    """Raised inside the search when its node or time budget is spent."""


@lru_cache(maxsize=1)
def fit_table() -> dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
    """Key (six base-5 digits, 0 = free) → every (tile, rotation, face) matching it."""
    table: dict[int, list] = {}
    for t in range(1, NTILES + 1):
        for rot in range(6):
            f = face(t, rot)
            for mask in range(64):
                key = sum((f[k] + 1) * POW5[k] for k in range(6) if mask >> k & 1)
                table.setdefault(key, []).append((t, rot, f))
    return {k: tuple(v) for k, v in table.items()}


class Search:
    """A prepared search over one board in one cell order."""

    def __init__(self, method: str, seed: int | str | None = None, order: list[int] | None = None,
                 first_tile: int = 1, first_rotations: tuple[int, ...] = tuple(range(6)),
                 lookahead: int | None = None):
        self.method = method
        self.board = boards.get(method)
        n = len(self.board.cells)
        self.order = list(order) if order is not None else list(range(n))
        if sorted(self.order) != list(range(n)):
            raise ValueError("order must be a permutation of the board cells")
        orbit = boards.orbits(method)
        self.orbit_bit = [0] + [1 << orbit[t] for t in range(1, NTILES + 1)]
        self.full_pool = (1 << len(set(orbit.values()))) - 1
        allowed = self.board.allowed
        rng = random.Random(seed) if seed is not None else None
        table = {}
        for key, cands in fit_table().items():
            keep = [(t, r, f, self.orbit_bit[t]) for t, r, f in cands if t in allowed]
            if rng is not None:
                rng.shuffle(keep)
            table[key] = tuple(keep)
        self.table = table
        self.first = tuple(c for c in table[0] if c[0] == first_tile and c[1] in first_rotations)
        if rng is not None:
            self.first = tuple(sorted(self.first, key=lambda c: c[1]))
            rot0 = rng.randrange(6)
            self.first = self.first[rot0:] + self.first[:rot0]
        # constraints of each position: edges whose neighbour is placed earlier (or itself)
        nbr = boards.neighbours(method)
        pos_of = {cell: p for p, cell in enumerate(self.order)}
        self.cons = []
        self.self_cons = []
        for p, i in enumerate(self.order):
            cs, ss = [], []
            for k in range(6):
                j, _c, h = nbr[i][k]
                if pos_of[j] < p:
                    cs.append((POW5[k], pos_of[j], (k + 3) % 6, h))
                elif j == i:
                    ss.append((k, (k + 3) % 6, h))
            self.cons.append(tuple(cs))
            self.self_cons.append(tuple(ss))
        # forward checking: after placing position p, every later cell that now has at
        # least `lookahead` fixed sides (one of them from p) must still have a candidate
        self.watch = [()] * len(self.order)
        if lookahead is not None:
            watch = [[] for _ in self.order]
            for q in range(len(self.order)):
                cs = sorted(self.cons[q], key=lambda c: c[1])
                for m in range(lookahead, len(cs) + 1):
                    p = cs[m - 1][1]
                    if m == len(cs) or cs[m][1] != p:
                        watch[p].append(tuple(cs[:m]))
            self.watch = [tuple(w) for w in watch]
        self.nodes = 0
        self.reached = [0] * (len(self.order) + 1)   # nodes placed at each depth (1-based)

    def solutions(self, max_nodes: int | None = None, deadline: float | None = None):
        """Yield every filling: a list of (tile, rotation) per board cell (board order)."""
        n = len(self.order)
        faces: list = [None] * n
        choice: list = [None] * n
        table, cons, self_cons, watch = self.table, self.cons, self.self_cons, self.watch
        limit = max_nodes if max_nodes is not None else -1
        reached = self.reached

        def place(p: int, used: int):
            if p == n:
                out = [None] * n
                for q, i in enumerate(self.order):
                    out[i] = choice[q]
                yield out
                return
            if p == 0:
                cands = self.first
            else:
                key = 0
                for weight, q, k2, h in cons[p]:
                    key += (h[faces[q][k2]] + 1) * weight
                cands = table.get(key, ())
            for t, r, f, bit in cands:
                if used & bit:
                    continue
                if self_cons[p] and any(f[k] != h[f[k2]] for k, k2, h in self_cons[p]):
                    continue
                self.nodes += 1
                reached[p + 1] += 1
                if self.nodes == limit:
                    raise Budget()
                if deadline is not None and self.nodes & 0xFFF == 0 and time.monotonic() > deadline:
                    raise Budget()
                faces[p] = f
                choice[p] = (t, r)
                if watch[p]:
                    now = used | bit
                    dead = False
                    for wcons in watch[p]:
                        key = 0
                        for weight, q, k2, h in wcons:
                            key += (h[faces[q][k2]] + 1) * weight
                        for c in table.get(key, ()):
                            if not now & c[3]:
                                break
                        else:
                            dead = True
                            break
                    if dead:
                        continue
                yield from place(p + 1, used | bit)

        yield from place(0, 0)

    def first_solution(self, max_nodes: int | None = None, seconds: float | None = None):
        """The first filling found, or None if the budget ran out or none exists."""
        deadline = time.monotonic() + seconds if seconds is not None else None
        try:
            for sol in self.solutions(max_nodes=max_nodes, deadline=deadline):
                return sol
        except Budget:
            return None
        return None


def expand(method: str, filling) -> dict:
    """The 56-cell pattern of a board filling: {"method", "periods", "cells"}."""
    board = boards.get(method)
    cells = []
    for (q, r), i, c in board.domain():
        t, rot = filling[i]
        g = board.copies[c][1]
        t2, off = permuted(t, g)
        cells.append({"q": q, "r": r, "tile": t2, "rotation": (rot + off) % 6})
    cells.sort(key=lambda d: (d["r"], d["q"]))
    return {"method": method, "periods": [list(v) for v in board.periods], "cells": cells}


FIRST_BUDGET = 200_000      # nodes of the first randomised attempt; each retry has 1.5× more


def restarts(method: str, seed: int, seconds: float | None, max_nodes: int | None,
             order: list[int] | None = None, lookahead: int | None = None,
             progress: bool = False) -> tuple[dict | None, int]:
    """The restart loop of `find.search` (see there) for a board and cell order."""
    bar = None
    if progress:
        # lazy: tqdm is not in the Pyodide runtime, where the engines run
        from tqdm import tqdm
        bar = tqdm(desc=f"{method} restarts", unit=" attempt", file=sys.stderr)
    try:
        return _restarts(method, seed, seconds, max_nodes, order, lookahead, bar)
    finally:
        if bar is not None:
            bar.close()


def _restarts(method, seed, seconds, max_nodes, order, lookahead, bar):
    """The loop itself; `bar` (tqdm or None) is advanced once per attempt."""
    deadline = time.monotonic() + seconds if seconds is not None else None
    total, attempt, budget = 0, 0, float(FIRST_BUDGET)
    while True:
        s = Search(method, seed=f"{seed}:{attempt}", order=order, lookahead=lookahead)
        cap = int(budget)
        if max_nodes is not None:
            cap = min(cap, max_nodes - total)
        try:
            for sol in s.solutions(max_nodes=cap, deadline=deadline):
                return expand(method, sol), total + s.nodes
        except Budget:
            pass
        total += s.nodes
        if bar is not None:
            bar.update(1)
            bar.set_postfix(nodes=total)
        if (deadline is not None and time.monotonic() > deadline) or \
                (max_nodes is not None and total >= max_nodes):
            return None, total
        attempt += 1
        budget *= 1.5
