"""Exhaustive enumeration of the extra-symmetric method and its symmetry classes.

The search space.  An *extra-symmetric pattern* P assigns a (tile, rotation) to every
cell of the plane so that P(x + (7, 0)) = P(x) and P(x + (−1, 2)) = shift(P(x)), where
shift recolours red → yellow → blue → green → red; it must be colour-correct and use
each of the 56 tiles once per period Λ = ⟨(7, 0), (−4, 8)⟩.  Its 2 × 7 board (rows 0, 1)
determines it, and a board filling is exactly such a pattern.

The enumeration.  Fix tile 1 itself (any rotation) in board cell (0, 0) and run the
exhaustive search of `search.py`; the fillings found are the *normalised fillings*.

Symmetries, stated precisely.  These maps send extra-symmetric patterns to
extra-symmetric patterns:

* **translations** τ_v, v ∈ ℤ² (56 different ones modulo Λ) — they include the choice
  of which column starts the board (7 column offsets) and which of the 4 blocks is
  block 0;
* **colour-shift offsets** P ↦ shift^j(P): since shift(P) = τ_(1,−2)(P), these are
  translations too (checked, not assumed: `check_shift_is_translation`);
* the **half turn** x ↦ −x, every tile turned by 180°, with colours reversed
  (red ↔ green, yellow ↔ blue; needed because the half turn reverses the shift);
* the **mirror image** in the vertical axis, (q, r) ↦ (−q − r, r), every tile replaced
  by its mirror image (no recolouring needed);
* the **mirror image** in the horizontal axis = the product of the two above.

Tile 1 sits in exactly one cell per period, so every pattern has exactly one translate
(modulo Λ) with tile 1 itself at the origin: the normalised fillings are *the patterns
up to translation and colour-shift offset*, and every class of board fillings under the
56 translations has exactly 56 members (no pattern is fixed by a translation outside Λ).
The counts of Szobonya's article (2004) come out as:

* normalised fillings = 7484 = 2 × 3742: **3742 plus their mirror images** (the mirror
  image acts on the normalised fillings without fixed points);
* classes under translations and the half turn: also 3742 (the half turn has no fixed
  points either); classes under translations, half turn and both mirrors: 1871;
* raw board fillings without normalisation: 56 × 7484 = 419104 = 3742 × 112, so the
  seed's 3742 are also the classes of raw fillings under 56 translations × {identity,
  mirror} (or × {identity, half turn});
* of the 7484, 448 = 2 × 224 have for every colour a single closed loop through all 42
  tiles of that colour: **224 plus their mirror images**; under translations, the half
  turn and both mirrors they form 112 classes of 4 (classes.py: the group the site
  publishes under, stated in the JSON as `published_classes`).

The numbers above are what `enumerate_all()` computes (the tests re-derive them); the
text only names them.

Speed.  The classes and loops of 7484 patterns are computed on *flat codes*: a pattern
is a tuple of 56 integers 6·tile + rotation indexed by the 56 reduced positions of the
fundamental domain (sorted).  Every map above is then a fixed permutation of the 56
positions together with a fixed map of the 336 codes, both derived once from the
geometry (`Flat`); normalising (tile 1 to the origin) is one of 56 position
permutations.  A colour is a single closed loop when the walk along it from any of its
tiles comes back to the start after exactly 42 tiles with zero total displacement.  The
dictionary functions (`canonical`, `mirror`, `half_turn`, `loops.curves`) stay as the
readable definitions; a test checks the flat ones against them.
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache
from operator import itemgetter

from generator.tantrix import boards, permalink
from generator.tantrix.search import Search, expand
from generator.tantrix.tiles import DIRECTIONS, NTILES, face, identify, mirror_word, permuted, shift_power

METHOD = "extrasymmetric-7x8"
REVERSE = (3, 2, 1, 0)        # red ↔ green, yellow ↔ blue


def normalised_fillings(first_tile: int = 1) -> list[list[tuple[int, int]]]:
    """Every filling of the 2 × 7 board with `first_tile` itself in cell (0, 0)."""
    return list(Search(METHOD, first_tile=first_tile).solutions())


def as_map(pattern: dict) -> dict[tuple[int, int], tuple[int, int]]:
    """Pattern → {reduced position: (tile, rotation)}."""
    board = boards.get(METHOD)
    return {board.reduce((c["q"], c["r"])): (c["tile"], c["rotation"]) for c in pattern["cells"]}


def canonical(cells: dict) -> tuple:
    """Translate so that tile 1 is at the origin; a hashable key of the pattern."""
    board = boards.get(METHOD)
    (q0, r0), = [p for p, (t, _r) in cells.items() if t == 1]
    moved = {board.reduce((q - q0, r - r0)): v for (q, r), v in cells.items()}
    return tuple(sorted(moved.items()))


def recoloured(cells: dict, perm) -> dict:
    """Every tile recoloured by a colour permutation."""
    out = {}
    for p, (t, rot) in cells.items():
        t2, off = permuted(t, perm)
        out[p] = (t2, (rot + off) % 6)
    return out


def half_turn(cells: dict) -> dict:
    """The half turn about the origin, colours reversed."""
    board = boards.get(METHOD)
    turned = {board.reduce((-q, -r)): (t, (rot + 3) % 6) for (q, r), (t, rot) in cells.items()}
    return recoloured(turned, REVERSE)


def mirror(cells: dict) -> dict:
    """The mirror image in the vertical axis: (q, r) ↦ (−q − r, r), tiles mirrored."""
    board = boards.get(METHOD)
    out = {}
    for (q, r), (t, rot) in cells.items():
        out[board.reduce((-q - r, r))] = identify(mirror_word(face(t, rot)))
    return out


def translated(cells: dict, v) -> dict:
    """The pattern moved by the vector v."""
    board = boards.get(METHOD)
    return {board.reduce((q + v[0], r + v[1])): val for (q, r), val in cells.items()}


def check_shift_is_translation(cells: dict) -> bool:
    """shift(P) equals P moved by (1, −2): colour-shift offsets are translations."""
    return recoloured(cells, shift_power(1)) == translated(cells, (1, -2))


GROUPS = {
    "translations": [],
    "translations+mirror": [mirror],
    "translations+half-turn": [half_turn],
    "translations+half-turn+mirrors": [mirror, half_turn, lambda c: mirror(half_turn(c))],
}


# The group the site publishes the single-loop patterns under (classes.py builds the pages).
GROUP_NAME = "translations+half-turn+mirrors"
GROUP_ORDER = 224
GROUP_TEXT = ("all 56 translations of the period × {identity, half turn with colours reversed, "
              "mirror image, mirror image of the half turn}: 224 symmetries")


class Flat:
    """Position permutations and code maps of the extra-symmetric domain (see the docstring)."""

    def __init__(self):
        board = boards.get(METHOD)
        self.positions = sorted({board.reduce(pos) for pos, _i, _c in board.domain()})
        index = {p: d for d, p in enumerate(self.positions)}
        codes = range(6 * (NTILES + 1))
        # expansion: (domain index, board cell, code map of its copy)
        self.plan = []
        for pos, i, c in board.domain():
            g = board.copies[c][1]
            cmap = [0] * len(codes)
            for code in codes[6:]:
                t2, off = permuted(code // 6, g)
                cmap[code] = 6 * t2 + (code % 6 + off) % 6
            self.plan.append((index[board.reduce(pos)], i, cmap))
        self.plan.sort()

        def getter(fn):
            return itemgetter(*[index[board.reduce(fn(p))] for p in self.positions])

        # shifted[d0](codes)[e] = codes at position e + position d0: tile at d0 moves to 0
        self.shifted = [getter(lambda p, v=v: (p[0] + v[0], p[1] + v[1])) for v in self.positions]
        # a map m of positions sends code at p to m(p): read new[e] from old[m^-1(e)]
        self.mirror_pos = getter(lambda p: (-p[0] - p[1], p[1]))      # an involution
        self.half_pos = getter(lambda p: (-p[0], -p[1]))              # an involution
        self.mirror_code = [0] * len(codes)
        self.half_code = [0] * len(codes)
        for code in codes[6:]:
            t, rot = divmod(code, 6)
            t2, r2 = identify(mirror_word(face(t, rot)))
            self.mirror_code[code] = 6 * t2 + r2
            t3, off = permuted(t, REVERSE)
            self.half_code[code] = 6 * t3 + (rot + 3 + off) % 6
        self.recolour_code = [0] * len(codes)
        for code in codes[6:]:
            t2, off = permuted(code // 6, shift_power(1))
            self.recolour_code[code] = 6 * t2 + (code % 6 + off) % 6
        self.moved_pos = getter(lambda p: (p[0] - 1, p[1] + 2))      # moved by (1, -2)
        self.neighbour = [[index[board.reduce((p[0] + dq, p[1] + dr))] for dq, dr in DIRECTIONS]
                          for p in self.positions]
        # per code: colour at each edge, and the other edge of the same colour
        self.faces = [None] * 6 + [face(code // 6, code % 6) for code in codes[6:]]
        self.partner = [None] * 6 + [tuple(next(j for j in range(6) if j != k and f[j] == f[k])
                                           for k in range(6)) for f in self.faces[6:]]

    def codes(self, filling) -> tuple[int, ...]:
        """The 56 codes of a board filling."""
        out = [0] * len(self.plan)
        for d, i, cmap in self.plan:
            t, r = filling[i]
            out[d] = cmap[6 * t + r]
        return tuple(out)

    def canonical(self, codes) -> tuple[int, ...]:
        """Translate so that tile 1 (codes 6..11) is at the origin."""
        for d, c in enumerate(codes):
            if 6 <= c < 12:
                return self.shifted[d](codes)
        raise AssertionError("tile 1 missing")

    def mirror(self, codes) -> tuple[int, ...]:
        """The mirror image in the vertical axis."""
        m = self.mirror_code
        return tuple([m[c] for c in self.mirror_pos(codes)])

    def half_turn(self, codes) -> tuple[int, ...]:
        """The half turn, colours reversed."""
        h = self.half_code
        return tuple([h[c] for c in self.half_pos(codes)])

    def shift_is_translation(self, codes) -> bool:
        """The colour shift of the pattern equals the pattern moved by (1, −2)."""
        s = self.recolour_code
        return [s[c] for c in codes] == list(self.moved_pos(codes))

    def single_loop(self, codes) -> bool:
        """Every colour is one closed loop through 42 tiles."""
        faces, partner, nbr = self.faces, self.partner, self.neighbour
        for colour in range(4):
            d0 = 0
            while colour not in faces[codes[d0]]:
                d0 += 1
            entry = faces[codes[d0]].index(colour)
            d, dq, dr, length = d0, 0, 0, 0
            while True:
                out = partner[codes[d]][entry]
                step = DIRECTIONS[out]
                dq += step[0]
                dr += step[1]
                d = nbr[d][out]
                entry = (out + 3) % 6
                length += 1
                if d == d0:           # one path of each colour per tile: the curve closed
                    break
            if length != 42 or dq or dr:
                return False
        return True


@lru_cache(maxsize=1)
def flat() -> Flat:
    """The shared Flat tables."""
    return Flat()


def flat_classes(keys: dict, extra) -> int:
    """Number of orbits of normalised code tuples under translations plus `extra` maps."""
    canon = flat().canonical
    seen: set = set()
    count = 0
    for key, codes in keys.items():
        if key in seen:
            continue
        count += 1
        seen.add(key)
        for g in extra:
            seen.add(canon(g(codes)))
    return count


_MEMO: dict = {}     # the enumeration is a pure function of the tile set: run once per process


def _fillings(progress: bool = False) -> tuple[list, int]:
    """All normalised fillings (one search per rotation of tile 1) and the nodes visited."""
    if "fillings" not in _MEMO:
        steps = range(6)
        if progress:
            # lazy: tqdm is not in the Pyodide runtime, where the engines run
            from tqdm import tqdm
            steps = tqdm(steps, desc="rotations of tile 1", file=sys.stderr)
        fillings, nodes = [], 0
        for rot in steps:
            search = Search(METHOD, first_rotations=(rot,))
            fillings.extend(tuple(f) for f in search.solutions())
            nodes += search.nodes
        _MEMO["fillings"] = (tuple(fillings), nodes)
    fillings, nodes = _MEMO["fillings"]
    return list(fillings), nodes


def uniform_pattern(seed: int) -> dict:
    """An extra-symmetric pattern chosen uniformly (up to translation) for a seed."""
    fillings, _nodes = _fillings()
    return expand(METHOD, random.Random(f"uniform:{seed}").choice(fillings))


def single_loop_patterns() -> list[dict]:
    """The normalised fillings with a single 42-tile loop per colour, as patterns (search order)."""
    if "single" not in _MEMO:
        fl = flat()
        _MEMO["single"] = tuple(f for f in _fillings()[0] if fl.single_loop(fl.codes(f)))
    return [expand(METHOD, f) for f in _MEMO["single"]]


FLAT_GROUPS = {
    "translations": (),
    "translations+mirror": ("mirror",),
    "translations+half-turn": ("half_turn",),
    "translations+half-turn+mirrors": ("mirror", "half_turn", "both"),
}


def enumerate_all(with_groups: bool = True, progress: bool = False,
                  single_loop_permalinks: bool = False) -> dict:
    """Run the exhaustive enumeration and count the classes and the single-loop patterns."""
    fillings, nodes = _fillings(progress)
    fl = flat()
    codes = [fl.codes(f) for f in fillings]
    single = [k for k, c in enumerate(codes) if fl.single_loop(c)]
    result = {
        "method": METHOD,
        "normalised_fillings": len(fillings),
        "raw_fillings": 56 * len(fillings),
        "single_loop_fillings": len(single),
        "nodes": nodes,
    }
    if with_groups:
        maps = {fl.canonical(c): c for c in codes}
        if len(maps) != len(codes):
            raise AssertionError("two normalised fillings are the same pattern")
        if not all(fl.shift_is_translation(c) for c in codes):
            raise AssertionError("colour shift is not the translation by (1, -2)")
        single_maps = {fl.canonical(codes[k]): codes[k] for k in single}
        maps_of = {"mirror": fl.mirror, "half_turn": fl.half_turn,
                   "both": lambda c: fl.mirror(fl.half_turn(c))}
        result["classes"] = {name: flat_classes(maps, [maps_of[g] for g in gs])
                             for name, gs in FLAT_GROUPS.items()}
        result["single_loop_classes"] = {name: flat_classes(single_maps, [maps_of[g] for g in gs])
                                         for name, gs in FLAT_GROUPS.items()}
        result["published_classes"] = {
            "group": GROUP_NAME, "symmetries": GROUP_ORDER, "description": GROUP_TEXT,
            "single_loop_classes": result["single_loop_classes"][GROUP_NAME]}
    if single_loop_permalinks:
        result["single_loop_permalinks"] = [permalink.encode(expand(METHOD, fillings[k])) for k in single]
    return result
