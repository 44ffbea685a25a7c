"""Tiles inside the single loops of the Tantrix classes, counted again without the engine.

The engine (`loops.inside_cells`) walks each colour with the tile module's faces and finds the
tiles inside a loop by the crossing rule on the tiles' centres.  Here, sharing none of that code:
the faces come straight from tiles.json, a position is reduced modulo the period lattice by
solving for its lattice coordinates, the loop is walked edge to edge, and the inside is what a
flood fill from beyond the loop's bounding box cannot reach along the hexagons' sides.  Pick's
theorem checks the count a third way: the polygon through the loop's 42 tile centres, in axial
coordinates (a lattice of determinant 1), has area I + B/2 - 1 with B = 42 lattice points on it.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from generator.tantrix import classes, enumerate as enum, loops, permalink

REPO = Path(__file__).resolve().parents[1]
STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))     # across edge k, axial (q, r)


def words() -> dict[int, str]:
    data = json.loads((REPO / "generator" / "tantrix" / "tiles.json").read_text(encoding="utf-8"))
    return {e["number"]: e["edges"] for e in data["tiles"]}


WORDS = words()


def torus(pattern: dict):
    """{lattice class: edge letters shown on edges 0..5} and the function giving a position's class."""
    (a, b), (c, d) = pattern["periods"]
    det = a * d - b * c

    def cls(q, r):
        # (q, r) = s (a, b) + t (c, d): keep the fractional parts of s and t
        s, t = Fraction(q * d - r * c, det), Fraction(a * r - b * q, det)
        return (s - (s.numerator // s.denominator), t - (t.numerator // t.denominator))

    shown = {}
    for cell in pattern["cells"]:
        word = WORDS[cell["tile"]]
        shown[cls(cell["q"], cell["r"])] = "".join(word[(k - cell["rotation"]) % 6] for k in range(6))
    return shown, cls


def loop_of(pattern: dict, letter: str) -> list[tuple[int, int]]:
    """The tiles of the `letter` curve through the first cell showing it, until the walk comes
    back to the same lattice class (asserting it is the same place: a closed loop)."""
    shown, cls = torus(pattern)
    first = next(c for c in pattern["cells"] if letter in shown[cls(c["q"], c["r"])])
    here = (first["q"], first["r"])
    came_in = shown[cls(*here)].index(letter)
    path = []
    while True:
        path.append(here)
        face = shown[cls(*here)]
        out = next(k for k in range(6) if face[k] == letter and k != came_in)
        here = (here[0] + STEPS[out][0], here[1] + STEPS[out][1])
        came_in = (out + 3) % 6
        if cls(*here) == cls(*path[0]):
            assert here == path[0], "a line winding round the torus, not a closed loop"
            return path


CORNERS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))   # corner k: at 60k - 30 degrees


def corner(q: int, r: int, k: int) -> tuple[int, int]:
    """Hexagon corner k of tile (q, r) in exact units: x in sqrt(3)/2, y in 1/2 (y down)."""
    return (2 * q + r + CORNERS[k % 6][0], 3 * r + CORNERS[k % 6][1])


def flood_inside(path: list[tuple[int, int]]) -> int:
    """Tiles off the loop whose corners a flood from beyond the loop's bounding box cannot
    reach along hexagon sides without crossing the loop.  The loop meets the sides only where it
    passes from one of its tiles to the next, through that side's middle; a flood over tiles
    alone would be wrong, as a pocket of tiles walled in by the loop's own tiles may be outside
    the curve."""
    wall = set(path)
    crossed = set()
    for (q, r), nxt in zip(path, path[1:] + path[:1]):
        k = STEPS.index((nxt[0] - q, nxt[1] - r))
        crossed.add(frozenset((corner(q, r, k), corner(q, r, k + 1))))
    qs, rs = [p[0] for p in path], [p[1] for p in path]
    box = [(q, r) for q in range(min(qs) - 2, max(qs) + 3) for r in range(min(rs) - 2, max(rs) + 3)]
    links: dict = {}
    for q, r in box:
        for k in range(6):
            a, b = corner(q, r, k), corner(q, r, k + 1)
            if frozenset((a, b)) not in crossed:
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    start = corner(min(qs) - 2, min(rs) - 2, 0)
    reached, todo = {start}, [start]
    while todo:
        for n in links[todo.pop()]:
            if n not in reached:
                reached.add(n)
                todo.append(n)
    return sum(1 for q, r in box if (q, r) not in wall and corner(q, r, 0) not in reached)


def pick_inside(path: list[tuple[int, int]]) -> int:
    twice = abs(sum(q0 * r1 - q1 * r0 for (q0, r0), (q1, r1) in zip(path, path[1:] + path[:1])))
    return (twice - len(path) + 2) // 2


def counted(link: str) -> int:
    """The tiles inside each loop of a single-loop pattern, by flood fill (and Pick), all colours."""
    pattern = permalink.decode(link)
    found = set()
    for letter in "RYBG":
        path = loop_of(pattern, letter)
        assert len(path) == 42
        n = flood_inside(path)
        assert n == pick_inside(path)
        found.add(n)
    assert len(found) == 1, found          # the colour shift is a translation: all four agree
    return found.pop()


def test_tiles_inside_agree_with_a_flood_fill_on_every_class():
    rows = classes.read_classes()
    assert len(rows) == 112
    mine = {row[0]: counted(row[0]) for row in rows}
    theirs = {row[0]: classes.room(permalink.decode(row[0])) for row in rows}
    assert theirs == mine
    spread = sorted(set(mine.values()))
    assert len(spread) >= 4, spread          # the property does tell classes apart
    # the engine's cells, not just its count: each inside tile lacks the loop's colour
    pattern = permalink.decode(rows[8][0])
    shown, cls = torus(pattern)
    loop = loops.closed_loops(pattern)[0][0]
    cells = loops.inside_cells(loop)
    assert len(cells) == mine[rows[8][0]] and all("R" not in shown[cls(*p)] for p in cells)


def test_the_count_is_the_same_for_each_member_and_translate_of_a_class():
    rows = classes.read_classes()
    for row in rows[::7]:                     # 16 classes: the class's four members...
        values = {classes.room(permalink.decode(link)) for link in row}
        assert len(values) == 1, row[0]
    row = rows[40]
    base = classes.room(permalink.decode(row[0]))
    cells = enum.as_map(permalink.decode(row[0]))
    maps = classes.point_maps()
    for v in ((1, 0), (0, 1), (3, -2), (1, -2)):   # ...and the group's own maps, with translations
        for name in (None, "mirror", "half_turn", "half_turn_mirror"):
            moved = enum.translated(maps[name](cells) if name else cells, v)
            pattern = {"periods": [[7, 0], [-4, 8]],
                       "cells": [{"q": q, "r": r, "tile": t, "rotation": rot} for (q, r), (t, rot) in moved.items()]}
            assert classes.room(pattern) == base, (v, name)


def test_gallery_order_and_headings():
    items = classes.plan_items(112)
    assert sorted(it["id"] for it in items) == [f"class-{n:03d}" for n in range(1, 113)]   # same ids
    inside = [counted(it["permalink"]) for it in items[::5]]
    assert inside == sorted(inside)                                  # fewest tiles inside first
    groups = [classes.room_group(classes.room(permalink.decode(it["permalink"]))) for it in items]
    order = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
    assert order == [heading for _most, heading in classes.ROOM]     # each group once, in order
    sizes = [groups.count(h) for h in order]
    assert sizes == [26, 41, 29, 16] and sum(sizes) == 112
    assert classes.room_counts() == {0: 3, 1: 3, 2: 5, 3: 15, 4: 21, 5: 20, 6: 17, 7: 12, 8: 11, 9: 5}


def test_the_article_states_the_measured_range():
    text = " ".join((REPO / "site_src" / "articles" / "tantrix.md").read_text(encoding="utf-8").split())
    counts = classes.room_counts()
    assert min(counts) == 0 and "around no tile at all" in text
    assert max(counts) == 9 and re.search(r"a wide ring around nine\b", text)


def test_item_page_states_the_count_in_words_and_draws_the_loop():
    rows = classes.read_classes()
    params = {"kind": "single-loop", "number": 9, "of": 112, "variants": rows[8][1:]}
    pattern = permalink.decode(rows[8][0])
    fields = classes.item_fields(params, pattern)
    facts = dict(fields["facts"])
    n = counted(rows[8][0])
    assert f"each loop closes around {n} tiles" in facts["loops"]
    assert fields["group"] == classes.room_group(n) and fields["cell"][0] == f"{n} tiles inside"
    svg = fields["extra_svgs"]["red_loop_alone_and_the_tiles_it_closes_around"]
    assert svg.count("<path") == 3 and classes.render.STROKES[0] in svg and classes.render.INSIDE_FILL in svg
    thumb = fields["thumb_svg"]               # the gallery's picture: the loop over the dimmed pattern
    assert thumb.count('stroke-opacity="0.3"') == 4 and classes.render.INSIDE_FILL in thumb
    assert f"each loop closes around {n} tiles" in fields["alt"]


@pytest.mark.parametrize("bad", [{"periods": [[7, 0], [-4, 8]], "cells": []}])
def test_room_refuses_a_pattern_without_single_loops(bad):
    from generator.errors import TilepressError
    with pytest.raises(TilepressError, match="one closed loop per colour"):
        classes.room(bad)
