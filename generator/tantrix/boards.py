"""The five boards of Szobonya's 2004 methods: geometry, copies and cell order.

Coordinates.  Cells are pointy-top hexagons in axial coordinates (q, r), r growing
downward; the neighbour across edge k (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE) is (q, r) plus
(1,0), (0,1), (−1,1), (−1,0), (0,−1), (1,−1).  A *periodic pattern* repeats under the
lattice Λ spanned by two period vectors; 56 cells form one fundamental domain.

A board is what the search fills.  In the plain methods it is the whole fundamental
domain.  In the two symmetric methods it is a part of it, and the rest of the domain is
made of *copies* of the board, each moved by an offset and recoloured by a colour
permutation g: copy (offset, g) holds at cell p + offset the tile g(t) where the board
holds t at p (see `tiles.permuted` for the rotation that comes with it).  The copies'
permutations form a group, and their offsets are consistent with it modulo Λ.

For the search, every board edge therefore sees either another board cell or a cell of a
copy; both cases read "colour on my edge k = h(colour on edge k+3 of board cell j)" for a
permutation h (identity for plain neighbours).  `neighbours()` derives that table from
the geometry by reducing positions modulo Λ; nothing in it is typed in by hand.

The boards (rows i top to bottom, columns j left to right):

1. ``slanted-4x14``: a 4 × 14 parallelogram, cell (i, j) at (q, r) = (j, i).  Periods
   (14, 0) and (−1, 4): the copy below is shifted by one cell, so the first cell of each
   column touches the last cell of the previous column through the wrap.  Filled column
   by column, top to bottom; from the second column on every cell is *forced* (three or
   more sides already fixed).
2. ``upright-4x14``: a 4 × 14 rectangle of zig-zag rows, cell (i, j) at (j − ⌊i/2⌋, i),
   periods (14, 0) and (−2, 4), so stacked copies do not drift and one period is a
   rectangular wallpaper tile.  Column by column with rows in the order 0, 2, 1, 3 (the
   seed's "rows 2 and 3 swapped"), which keeps the cells forced.
3. ``upright-8x7``: the plain 8 × 7 rectangle, cell (i, j) at (j − ⌊i/2⌋, i), periods
   (7, 0) and (−4, 8).  Szobonya's order generalised: column by column, even rows then
   odd rows (0, 2, 4, 6, 1, 3, 5, 7, as 0, 2, 1, 3 in method 2).  This reproduces the
   seed's description: the first 8 cells branch a lot, cells 49–52 are fixed on 4 sides
   and 53–56 on all 6.  (The improved order of our 8 × 7 attack is in `attack.py`.)
4. ``symmetric-7x8``: the top half (rows 0–3 of the 8 × 7 rectangle, order as method 2)
   holds the 28 tiles showing both blue and yellow; the bottom half (rows 4–7) is a copy
   at offset (−2, 4) recoloured by σ = blue ↔ red, yellow ↔ green, which uses exactly the
   other 28 tiles.
5. ``extrasymmetric-7x8``: a 2 × 7 board, cell (i, j) at (j, i) for i = 0, 1; its copies
   j = 1, 2, 3 sit at offsets j·(−1, 2) recoloured by the colour shift applied j times
   (red → yellow → blue → green → red).  So block j cell (i, c) is at (c − j, 2j + i), and
   the periods are (7, 0) and (−4, 8).  Filled column by column, row 0 then row 1.
   A tile placed on the board takes its whole colour-shift orbit out of the pool.

In every method tile 1 itself (any rotation) sits in the first cell: any periodic
pattern can be cut so that it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from generator.errors import TilepressError
from generator.tantrix.tiles import DIRECTIONS, IDENTITY, NTILES, edges, shift_power, permuted

SIGMA = (2, 3, 0, 1)     # blue ↔ red, yellow ↔ green (as a permutation of R, Y, B, G)

Vec = tuple[int, int]


@dataclass(frozen=True)
class Board:
    """A search board: its cells in fill order, the period lattice and the copies."""

    name: str
    title: str
    periods: tuple[Vec, Vec]              # (n, 0) and (a, m) with n, m > 0
    cells: tuple[Vec, ...]                # board cells in fill order
    copies: tuple[tuple[Vec, tuple[int, ...]], ...]   # (offset, colour permutation)
    allowed: frozenset[int]               # tiles that may sit on the board itself

    def reduce(self, p: Vec) -> Vec:
        """The representative of p modulo the period lattice with 0 ≤ r < m, 0 ≤ q < n."""
        (n, _zero), (a, m) = self.periods
        k = p[1] // m
        q, r = p[0] - k * a, p[1] - k * m
        return (q % n, r)

    def domain(self) -> list[tuple[Vec, int, int]]:
        """The 56 cells of the fundamental domain: (position, board index, copy index)."""
        return [((p[0] + off[0], p[1] + off[1]), i, c)
                for c, (off, _g) in enumerate(self.copies) for i, p in enumerate(self.cells)]


def _upright(rows: int, cols: int, row_order: list[int]) -> tuple[Vec, ...]:
    """Cells of a zig-zag rectangle, column by column with rows in `row_order`."""
    return tuple((j - i // 2, i) for j in range(cols) for i in row_order)


def _has_colours(tile: int, wanted: set[int]) -> bool:
    """Does the tile show every colour in `wanted`?"""
    return wanted <= set(edges(tile))


ALL_TILES = frozenset(range(1, NTILES + 1))

BOARDS: dict[str, Board] = {b.name: b for b in [
    Board("slanted-4x14", "4 × 14 slanted board",
          ((14, 0), (-1, 4)),
          tuple((j, i) for j in range(14) for i in range(4)),
          (((0, 0), IDENTITY),), ALL_TILES),
    Board("upright-4x14", "4 × 14 upright board",
          ((14, 0), (-2, 4)),
          _upright(4, 14, [0, 2, 1, 3]),
          (((0, 0), IDENTITY),), ALL_TILES),
    Board("upright-8x7", "plain 8 × 7 upright board",
          ((7, 0), (-4, 8)),
          _upright(8, 7, [0, 2, 4, 6, 1, 3, 5, 7]),
          (((0, 0), IDENTITY),), ALL_TILES),
    Board("symmetric-7x8", "symmetric 7 × 8 (blue-yellow half + colour-swapped copy)",
          ((7, 0), (-4, 8)),
          _upright(4, 7, [0, 2, 1, 3]),
          (((0, 0), IDENTITY), ((-2, 4), SIGMA)),
          frozenset(t for t in ALL_TILES if _has_colours(t, {1, 2}))),
    Board("extrasymmetric-7x8", "extra-symmetric 7 × 8 (2 × 7 block + its three colour shifts)",
          ((7, 0), (-4, 8)),
          tuple((j, i) for j in range(7) for i in range(2)),
          tuple(((-j, 2 * j), shift_power(j)) for j in range(4)),
          ALL_TILES),
]}

METHODS = tuple(BOARDS)


def get(name: str) -> Board:
    """The board of a method name, or a TilepressError listing the choices."""
    try:
        return BOARDS[name]
    except KeyError:
        raise TilepressError(f"unknown method {name!r} (choose from {', '.join(METHODS)})") from None


@lru_cache(maxsize=None)
def neighbours(name: str) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """For each board cell and edge k: (board cell j, copy index c, permutation h).

    The colour on edge k of board cell i must equal h(colour on edge (k+3) % 6 of board
    cell j), where h is the permutation of copy c.  Derived by reducing modulo Λ.
    """
    board = BOARDS[name]
    where = {}
    for pos, i, c in board.domain():
        key = board.reduce(pos)
        if key in where:
            raise AssertionError(f"{name}: cells overlap modulo the periods at {pos}")
        where[key] = (i, c)
    if len(where) != NTILES:
        raise AssertionError(f"{name}: the domain has {len(where)} cells, not 56")
    table = []
    for p in board.cells:
        row = []
        for dq, dr in DIRECTIONS:
            j, c = where[board.reduce((p[0] + dq, p[1] + dr))]
            row.append((j, c, board.copies[c][1]))
        table.append(tuple(row))
    return tuple(table)


def orbits(name: str) -> dict[int, int]:
    """Tile → orbit number under the copies' colour permutations (the pool unit)."""
    board = BOARDS[name]
    orbit_of: dict[int, int] = {}
    for t in range(1, NTILES + 1):
        if t in orbit_of:
            continue
        members = {permuted(t, g)[0] for _off, g in board.copies}
        if len(members) != len(board.copies) or members & set(orbit_of):
            raise AssertionError(f"{name}: tile {t} has a degenerate orbit")
        n = len(set(orbit_of.values()))
        for u in members:
            orbit_of[u] = n
    return orbit_of


def forced_profile(name: str, cells=None) -> list[int]:
    """How many sides of each board cell are fixed when the search reaches it."""
    board = BOARDS[name]
    table = neighbours(name)
    order = cells if cells is not None else range(len(board.cells))
    placed: set[int] = set()
    out = []
    for i in order:
        placed.add(i)
        out.append(sum(1 for j, _c, _h in table[i] if j in placed))
    return out
