"""An independent recount of the extra-symmetric fillings (no code shared with search.py).

Everything here is rebuilt from the raw edge words in tiles.json and the geometry as
stated in the spec: block j cell (row i, column c) sits at (c - j, 2j + i), block j is
the board recoloured by the colour shift R->Y->B->G->R applied j times, periods (7, 0)
and (-4, 8).  Candidates are found by intersecting sets "(tile, rotation) showing colour
x on edge k", and placements are checked against every already-placed neighbour of all
four blocks.  It must find the same 7484 fillings (3742 mirror pairs).
"""
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STEP = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
SHIFT = {"R": "Y", "Y": "B", "B": "G", "G": "R"}


def _setup():
    data = json.loads((ROOT / "generator" / "tantrix" / "tiles.json").read_text())
    words = {e["number"]: e["edges"] for e in data["tiles"]}
    faces = {(t, r): "".join(w[(k - r) % 6] for k in range(6)) for t, w in words.items() for r in range(6)}
    by_face = {f: tr for tr, f in faces.items()}

    def shift_face(f, j):
        for _ in range(j):
            f = "".join(SHIFT[ch] for ch in f)
        return f

    orbit = {}
    for t in words:
        orbit[t] = frozenset(by_face[shift_face(faces[(t, 0)], j)][0] for j in range(4))
    showing = {}
    for (t, r), f in faces.items():
        for k in range(6):
            showing.setdefault((k, f[k]), set()).add((t, r))

    def cell_key(q, r):           # invariant of (q, r) modulo <(7,0), (-4,8)>: r mod 8, q + r//2 mod 7
        return (r % 8, (q + (r - r % 8) // 2) % 7)

    board = [(i, c) for c in range(7) for i in range(2)]          # column by column
    owner = {}                                                    # lattice key -> (board index, block)
    for b, (i, c) in enumerate(board):
        for j in range(4):
            owner[cell_key(c - j, 2 * j + i)] = (b, j)
    assert len(owner) == 56
    return faces, by_face, shift_face, orbit, showing, cell_key, board, owner


def count_fillings():
    faces, by_face, shift_face, orbit, showing, cell_key, board, owner = _setup()
    placed = {}           # board index -> face (block 0)
    used = set()
    found = []

    def colour_of(key, k):
        b, j = owner[key]
        return shift_face(placed[b], j)[k] if b in placed else None

    def fits(b, f):
        """Check the four colour-shifted copies of face f at board cell b against placed cells."""
        i, c = board[b]
        for j in range(4):
            g = shift_face(f, j)
            q, r = c - j, 2 * j + i
            for k, (dq, dr) in enumerate(STEP):
                key = cell_key(q + dq, r + dr)
                ob, oj = owner[key]
                if ob == b:
                    other = shift_face(f, oj)[(k + 3) % 6]
                else:
                    other = colour_of(key, (k + 3) % 6)
                if other is not None and other != g[k]:
                    return False
        return True

    def go(b):
        if b == len(board):
            found.append(tuple(by_face[placed[x]] for x in range(len(board))))
            return
        i, c = board[b]
        cands = None
        for k, (dq, dr) in enumerate(STEP):
            col = colour_of(cell_key(c + dq, i + dr), (k + 3) % 6)
            if col is not None:
                s = showing[(k, col)]
                cands = s if cands is None else cands & s
        if b == 0:
            cands = {(1, r) for r in range(6)}
        for t, r in sorted(cands):
            if orbit[t] & used:
                continue
            f = faces[(t, r)]
            if not fits(b, f):
                continue
            placed[b] = f
            used.update(orbit[t])
            go(b + 1)
            used.difference_update(orbit[t])
            del placed[b]

    go(0)
    return found


@pytest.mark.slow
def test_independent_recount_matches():
    from generator.tantrix.search import Search
    ours = sorted(tuple(f) for f in Search("extrasymmetric-7x8").solutions())
    theirs = sorted(count_fillings())
    assert len(theirs) == 7484
    assert theirs == ours
