"""Loops and lines of each colour in a periodic Tantrix pattern.

Every tile carries exactly one path of each of its three colours, so the paths of one
colour join up into curves.  Follow a colour from a tile through an edge into the
neighbouring tile (across the periodic wrap), through that tile's path of the same
colour, and so on.  On the torus (the plane modulo the periods) this always comes back
to the tile it started from.  Keep track of where we really are in the plane: the walk
returns to the *same* position — the curve is a **closed loop**, repeated once per
period — or to a translate by a non-zero lattice vector w — the curve is an infinite
**line** that winds around the torus, whose copies run parallel in direction w.

Each curve is reported with its length (number of tiles per period it passes through)
and its winding vector w (sign fixed so that (a, b) below is lexicographically
positive: a line has no preferred direction), written both in cells and in period coordinates (a, b) with
w = a·v1 + b·v2 (a, b coprime integers for a single line).  A colour shows on 42 of the
56 tiles; a "single loop" colour has one closed loop through all 42.
"""

from __future__ import annotations

from generator.tantrix.tiles import COLOUR_NAMES, DIRECTIONS, face


def _cross(a, b) -> int:
    return a[0] * b[1] - a[1] * b[0]


def curves(pattern: dict) -> dict[int, list[dict]]:
    """Per colour (0..3): every curve, {"length", "closed", "winding", "periods"}."""
    v1, v2 = [tuple(v) for v in pattern["periods"]]
    det = _cross(v1, v2)

    def key(q, r):
        return (_cross((q, r), v2) % abs(det), _cross(v1, (q, r)) % abs(det))

    cells = {}
    for c in pattern["cells"]:
        cells[key(c["q"], c["r"])] = ((c["q"], c["r"]), face(c["tile"], c["rotation"]))
    out: dict[int, list[dict]] = {}
    for colour in range(4):
        seen = set()
        found = []
        for start, (pos0, f0) in sorted(cells.items()):
            if colour not in f0 or start in seen:
                continue
            entry = f0.index(colour)            # walk out through the other edge
            pos, f, length = pos0, f0, 0
            while True:
                seen.add(key(*pos))
                length += 1
                a, b = [k for k in range(6) if f[k] == colour]
                out_edge = b if entry == a else a
                dq, dr = DIRECTIONS[out_edge]
                pos = (pos[0] + dq, pos[1] + dr)
                _home, f = cells[key(*pos)]
                entry = (out_edge + 3) % 6
                if key(*pos) == start:
                    break
            w = (pos[0] - pos0[0], pos[1] - pos0[1])
            a_coef, b_coef = _cross(w, v2) // det, _cross(v1, w) // det
            if (a_coef, b_coef) < (0, 0):    # a line has no preferred direction
                w, a_coef, b_coef = (-w[0], -w[1]), -a_coef, -b_coef
            found.append({"length": length, "closed": w == (0, 0), "winding": list(w),
                          "periods": [a_coef, b_coef]})
        out[colour] = sorted(found, key=lambda d: (not d["closed"], -d["length"], d["winding"]))
    return out


def summary(pattern: dict) -> dict[str, dict]:
    """Per colour name: closed loop lengths, winding lines, and whether it is one 42-loop."""
    out = {}
    for colour, cs in curves(pattern).items():
        loops = [c["length"] for c in cs if c["closed"]]
        lines = [{"length": c["length"], "periods": c["periods"]} for c in cs if not c["closed"]]
        out[COLOUR_NAMES[colour]] = {"loops": loops, "lines": lines,
                                     "single_loop": loops == [42] and not lines}
    return out


def single_loop(pattern: dict) -> bool:
    """True when every colour forms one closed loop through all 42 of its tiles."""
    return all(v["single_loop"] for v in summary(pattern).values())
