"""An independent recount of the extra-symmetric fillings (no code shared with search.py).

Everything here is rebuilt from the raw edge words in tiles.json and the geometry as
stated in the spec: block j cell (row i, column c) sits at (c - j, 2j + i), block j is
the board recoloured by the colour shift R->Y->B->G->R applied j times, periods (7, 0)
and (-4, 8).  It must find the same 7484 fillings (3742 mirror pairs).

How it counts (a different algorithm from search.py's base-5 fit tables).  Colours are
0..3 in the shift's cycle order R, Y, B, G, so the shift applied d times is c -> c + d
(mod 4).  A (tile, rotation) is a *face index* 0..335; a set of faces is one integer
bitmask.  Block j's copy of board cell b meets, across its edge k, the cell owned by
(board cell b', block j'); matching colours there says

    shift^j(f)[k] = shift^j'(f')[k + 3]   <=>   f[k] = f'[k + 3] + (j' - j)   (mod 4),

so every side condition of cell b, over all four blocks, is "edge k shows colour x" for a
colour read off an earlier cell (or off b itself when b' = b, a fixed filter of faces).
The candidates of b are the AND of the masks "faces showing colour x on edge k" over all
those conditions, with the faces of tiles whose colour-shift orbit is already used
removed.  The cells are filled column by column, tile 1 (any rotation) in cell 0.
"""
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STEP = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
COLOUR = {"R": 0, "Y": 1, "B": 2, "G": 3}      # the shift R->Y->B->G->R is c -> c + 1 (mod 4)


def _faces():
    """Face index -> (tile, rotation) and its six edge colours, from tiles.json."""
    data = json.loads((ROOT / "generator" / "tantrix" / "tiles.json").read_text())
    words = {e["number"]: e["edges"] for e in data["tiles"]}
    names, colours = [], []
    for t in sorted(words):
        w = words[t]
        for r in range(6):
            names.append((t, r))
            colours.append(tuple(COLOUR[w[(k - r) % 6]] for k in range(6)))
    assert len(set(colours)) == len(colours) == 336          # no face repeats
    return names, colours


def _geometry():
    """The board (column by column) and, per lattice class, its (board cell, block) owner."""
    def cell_key(q, r):           # invariant of (q, r) modulo <(7,0), (-4,8)>: r mod 8, q + r//2 mod 7
        return (r % 8, (q + (r - r % 8) // 2) % 7)

    board = [(i, c) for c in range(7) for i in range(2)]
    owner = {}
    for b, (i, c) in enumerate(board):
        for j in range(4):
            owner[cell_key(c - j, 2 * j + i)] = (b, j)
    assert len(owner) == 56
    links = []                    # per board cell: (k, b', k + 3, d) over all four blocks
    for b, (i, c) in enumerate(board):
        cs = set()
        for j in range(4):
            q, r = c - j, 2 * j + i
            for k, (dq, dr) in enumerate(STEP):
                ob, oj = owner[cell_key(q + dq, r + dr)]
                cs.add((k, ob, (k + 3) % 6, (oj - j) % 4))
        links.append(sorted(cs))
    return board, links


def count_fillings():
    """Every filling of the 2 x 7 board with tile 1 in cell 0, as (tile, rotation) tuples."""
    names, colours = _faces()
    board, links = _geometry()
    n = len(board)
    showing = [[0] * 4 for _ in range(6)]                     # edge k, colour x -> face mask
    for f, col in enumerate(colours):
        for k in range(6):
            showing[k][col[k]] |= 1 << f
    by_colours = {col: f for f, col in enumerate(colours)}
    tile_faces = {}
    for f, (t, _r) in enumerate(names):
        tile_faces[t] = tile_faces.get(t, 0) | 1 << f
    orbit_faces = {}                                          # tile -> faces of its shift orbit
    for t in tile_faces:
        f0 = names.index((t, 0))
        orbit = {names[by_colours[tuple((x + d) % 4 for x in colours[f0])]][0] for d in range(4)}
        orbit_faces[t] = sum(tile_faces[u] for u in orbit)
    earlier = [[(k, ob, k2, d) for k, ob, k2, d in links[b] if ob < b] for b in range(n)]
    self_ok = []
    for b in range(n):
        own = [(k, k2, d) for k, ob, k2, d in links[b] if ob == b]
        self_ok.append(sum(1 << f for f, col in enumerate(colours)
                           if all(col[k] == (col[k2] + d) % 4 for k, k2, d in own)))
    placed = [0] * n
    found = []

    def go(b, avail):
        if b == n:
            found.append(tuple(names[f] for f in placed))
            return
        cands = avail & self_ok[b]
        if b == 0:
            cands &= tile_faces[1]
        for k, ob, k2, d in earlier[b]:
            cands &= showing[k][(colours[placed[ob]][k2] + d) % 4]
        while cands:
            low = cands & -cands
            cands ^= low
            f = low.bit_length() - 1
            placed[b] = f
            go(b + 1, avail & ~orbit_faces[names[f][0]])

    go(0, (1 << len(names)) - 1)
    return found


@pytest.mark.slow
def test_independent_recount_matches():
    from generator.tantrix.search import Search
    ours = sorted(tuple(f) for f in Search("extrasymmetric-7x8").solutions())
    theirs = sorted(count_fillings())
    assert len(theirs) == 7484
    assert theirs == ours
