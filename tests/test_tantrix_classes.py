"""The classes of single-loop Tantrix patterns, counted again by an independent orbit computation.

Independent of generator/tantrix/enumerate.py and classes.py: a pattern is read from its
permalink as {cell modulo the period lattice: the six edge colours of its tile}, and the
symmetries are written here from the geometry alone —

* translation by v: cell x ↦ x + v (reduced modulo Λ = ⟨(7, 0), (−4, 8)⟩ by our own rule);
* half turn: (q, r) ↦ (−q, −r); the colour on edge k moves to edge k + 3; colours reversed
  (red ↔ green, yellow ↔ blue);
* mirror in the vertical axis: (q, r) ↦ (−q − r, r) (x ↦ −x on screen); the colour on edge k
  moves to edge 3 − k.

A canonical form under translations is "move the cell whose edge colours are a rotation of
tile 1's to the origin" (each tile is used once per period).  The orbits of the 448
single-loop patterns (the 112 classes' 4 members) are counted under three groups.
"""

from __future__ import annotations

import pytest

from generator.tantrix import classes, permalink
from generator.tantrix.tiles import face

LATTICE = ((7, 0), (-4, 8))
REVERSE = (3, 2, 1, 0)
TILE1 = {tuple(face(1, 0)[(k - s) % 6] for k in range(6)) for s in range(6)}


def reduce(q: int, r: int) -> tuple[int, int]:
    """The representative of (q, r) modulo the lattice with 0 <= r < 8 and 0 <= q < 7."""
    k = r // 8
    return ((q + 4 * k) % 7, r - 8 * k)


def words(link: str) -> dict:
    return {reduce(c["q"], c["r"]): face(c["tile"], c["rotation"]) for c in permalink.decode(link)["cells"]}


def half_turn(p: dict) -> dict:
    return {reduce(-q, -r): tuple(REVERSE[w[(k + 3) % 6]] for k in range(6)) for (q, r), w in p.items()}


def mirror(p: dict) -> dict:
    return {reduce(-q - r, r): tuple(w[(3 - k) % 6] for k in range(6)) for (q, r), w in p.items()}


def canonical(p: dict, even_rows_only: bool = False) -> tuple:
    """Key under translations (all of them, or only those moving by an even number of rows)."""
    (q0, r0), = [pos for pos, w in p.items() if w in TILE1]
    r_shift = r0 - (r0 % 2 if even_rows_only else 0)
    moved = {reduce(q - q0, r - r_shift): w for (q, r), w in p.items()}
    return tuple(sorted(moved.items()))


def orbits(patterns: list[dict], maps, even_rows_only: bool = False) -> int:
    """Number of orbits under the translations and the point maps (closed by search)."""
    seen, count = set(), 0
    for p in patterns:
        key = canonical(p, even_rows_only)
        if key in seen:
            continue
        count += 1
        stack = [p]
        seen.add(key)
        while stack:
            x = stack.pop()
            for g in maps:
                y = g(x)
                k = canonical(y, even_rows_only)
                if k not in seen:
                    seen.add(k)
                    stack.append(y)
    return count


@pytest.fixture(scope="module")
def members():
    rows = classes.read_classes()
    return rows, [words(link) for row in rows for link in row]


def test_the_table_holds_448_distinct_single_loop_patterns(members):
    rows, pats = members
    assert len(rows) == 112 and all(len(r) == 4 for r in rows)
    assert len({canonical(p) for p in pats}) == 448


def test_classes_counted_by_an_independent_orbit_computation(members):
    rows, pats = members
    # the group the site publishes under: all translations, half turn, both mirrors
    assert orbits(pats, [half_turn, mirror]) == 112 == len(rows) == classes.GROUP_ORDER // 2
    # Szobonya's count: translations and mirror images only
    assert orbits(pats, [mirror]) == 224
    # the 2 x 7 board's own 112-element group (no one-row translation) also gives 224: it acts
    # on placed patterns, so both placements of each pattern (tile 1 on an even or odd row) count
    placed = pats + [{reduce(q, r + 1): w for (q, r), w in p.items()} for p in pats]
    assert orbits(placed, [half_turn, mirror], even_rows_only=True) == 224


def test_each_line_of_the_table_is_one_orbit(members):
    rows, _ = members
    for row in rows:
        p = words(row[0])
        want = {canonical(p), canonical(mirror(p)), canonical(half_turn(p)), canonical(mirror(half_turn(p)))}
        assert {canonical(words(link)) for link in row} == want
        assert [canonical(words(link)) for link in row[1:]] == \
            [canonical(mirror(p)), canonical(half_turn(p)), canonical(mirror(half_turn(p)))]
    reps = [row[0] for row in rows]
    assert reps == sorted(reps) and all(row[0] == min(row) for row in rows)


def test_the_site_publishes_one_pattern_per_class():
    from family_helpers import SiteSide
    items = [it for it in SiteSide("tantrix").plan({}) if it["params"].get("kind") == "single-loop"]
    reps = [words(it["permalink"]) for it in items]
    assert len(items) == 112 and orbits(reps, [half_turn, mirror]) == 112
