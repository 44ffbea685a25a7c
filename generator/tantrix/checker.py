"""An independent checker of periodic Tantrix patterns.

It shares no code path with the search: it reads the raw edge words from `tiles.json`
itself, turns tiles with its own formula, and decides "same cell modulo the periods"
with its own lattice arithmetic.  Two positions p, p' are equal modulo the lattice
spanned by v1, v2 (determinant D = v1 × v2 ≠ 0) exactly when p − p' = a·v1 + b·v2 with
integers a, b; by Cramer's rule a = (p − p') × v2 / D and b = v1 × (p − p') / D, so the
pair (p × v2 mod |D|, v1 × p mod |D|) is a complete invariant of p modulo the lattice.

A pattern passes when:

* the periods span a lattice of determinant ±56 and the 56 cells have 56 different
  invariants (they form one fundamental domain);
* the tiles are 1..56, each exactly once, rotations 0..5;
* for every cell and every edge k, the neighbour position (q, r) + d_k is some cell of
  the domain modulo the lattice, and the colour on edge k equals that cell's colour on
  the opposite edge (k + 3) mod 6 — including across the periodic wrap.
"""

from __future__ import annotations

import json
from pathlib import Path

_STEPS = {0: (1, 0), 1: (0, 1), 2: (-1, 1), 3: (-1, 0), 4: (0, -1), 5: (1, -1)}


def _words() -> dict[int, str]:
    """Edge words by tile number, read straight from the data file."""
    data = json.loads(Path(__file__).with_name("tiles.json").read_text(encoding="utf-8"))
    return {entry["number"]: entry["edges"] for entry in data["tiles"]}


def _cross(a, b) -> int:
    return a[0] * b[1] - a[1] * b[0]


def problems(pattern: dict, limit: int = 20) -> list[str]:
    """Everything wrong with a pattern (empty list when it is a valid periodic pattern)."""
    out: list[str] = []
    words = _words()
    try:
        v1, v2 = [tuple(int(x) for x in v) for v in pattern["periods"]]
        cells = [(int(c["q"]), int(c["r"]), int(c["tile"]), int(c["rotation"]))
                 for c in pattern["cells"]]
    except (KeyError, TypeError, ValueError):
        return ["pattern is not of the form {periods: [[q,r],[q,r]], cells: [{q,r,tile,rotation}]}"]
    det = abs(_cross(v1, v2))
    if det != 56:
        out.append(f"periods span a lattice of determinant {det}, not 56")
        return out
    if len(cells) != 56:
        out.append(f"{len(cells)} cells, not 56")
        return out

    def inv(q, r):
        return (_cross((q, r), v2) % det, _cross(v1, (q, r)) % det)

    where = {}
    for q, r, t, rot in cells:
        key = inv(q, r)
        if key in where:
            out.append(f"cells ({q},{r}) and {where[key][:2]} are the same modulo the periods")
        where[key] = (q, r, t, rot)
    tiles_used = sorted(t for _q, _r, t, _rot in cells)
    if tiles_used != list(range(1, 57)):
        missing = sorted(set(range(1, 57)) - set(tiles_used))
        out.append(f"tiles are not 1..56 once each (missing {missing[:5]})")
    for q, r, t, rot in cells:
        if t not in words or rot not in range(6):
            out.append(f"cell ({q},{r}): bad tile {t} or rotation {rot}")
    if out:
        return out[:limit]

    def colour(cell, k):
        _q, _r, t, rot = cell
        return words[t][(k - rot) % 6]

    for cell in cells:
        q, r = cell[0], cell[1]
        for k, (dq, dr) in _STEPS.items():
            other = where.get(inv(q + dq, r + dr))
            if other is None:
                out.append(f"cell ({q},{r}) edge {k}: no neighbour in the domain")
                continue
            a, b = colour(cell, k), colour(other, (k + 3) % 6)
            if a != b:
                out.append(f"cell ({q},{r}) tile {cell[2]} edge {k} shows {a}, "
                           f"neighbour tile {other[2]} shows {b}")
                if len(out) >= limit:
                    return out
    return out
