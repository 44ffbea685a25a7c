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
"""

from __future__ import annotations

import sys
import time

from generator.tantrix import boards, loops
from generator.tantrix.search import Search, expand
from generator.tantrix.tiles import face, identify, mirror_word, permuted, shift_power

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


def classes(keys: dict[tuple, dict], extra) -> int:
    """Number of orbits of the normalised patterns under translations plus `extra` maps."""
    seen: set = set()
    count = 0
    for key, cells in keys.items():
        if key in seen:
            continue
        count += 1
        seen.add(key)
        for g in extra:
            seen.add(canonical(g(cells)))
    return count


_MEMO: dict = {}     # the enumeration is a pure function of the tile set: run once per process


def _fillings(progress: bool = False) -> tuple[list, int]:
    """All normalised fillings (one search per rotation of tile 1) and the nodes visited."""
    if "fillings" not in _MEMO:
        steps = range(6)
        if progress:
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
    import random
    fillings, _nodes = _fillings()
    return expand(METHOD, random.Random(f"uniform:{seed}").choice(fillings))


def single_loop_patterns() -> list[dict]:
    """The normalised fillings with a single 42-tile loop per colour, as patterns (sorted)."""
    if "single" not in _MEMO:
        _MEMO["single"] = tuple(f for f in _fillings()[0] if loops.single_loop(expand(METHOD, f)))
    return [expand(METHOD, f) for f in _MEMO["single"]]


def enumerate_all(with_groups: bool = True, progress: bool = False) -> dict:
    """Run the exhaustive enumeration and count the classes and the single-loop patterns."""
    t0 = time.perf_counter()
    fillings, nodes = _fillings(progress)
    t_search = time.perf_counter() - t0
    patterns = [expand(METHOD, f) for f in fillings]
    single = [p for p in patterns if loops.single_loop(p)]
    result = {
        "method": METHOD,
        "normalised_fillings": len(fillings),
        "raw_fillings": 56 * len(fillings),
        "single_loop_fillings": len(single),
        "nodes": nodes,
        "search_seconds": round(t_search, 3),
    }
    if with_groups:
        maps = {}
        for p in patterns:
            cells = as_map(p)
            maps[canonical(cells)] = cells
        if len(maps) != len(patterns):
            raise AssertionError("two normalised fillings are the same pattern")
        if not all(check_shift_is_translation(c) for c in maps.values()):
            raise AssertionError("colour shift is not the translation by (1, -2)")
        single_maps = {canonical(as_map(p)): as_map(p) for p in single}
        result["classes"] = {name: classes(maps, g) for name, g in GROUPS.items()}
        result["single_loop_classes"] = {name: classes(single_maps, g) for name, g in GROUPS.items()}
        from generator.tantrix import classes as published     # the group the site publishes under
        result["published_classes"] = {
            "group": published.GROUP_NAME, "symmetries": published.GROUP_ORDER,
            "description": published.GROUP_TEXT,
            "single_loop_classes": result["single_loop_classes"][published.GROUP_NAME]}
    result["seconds"] = round(time.perf_counter() - t0, 3)
    return result
