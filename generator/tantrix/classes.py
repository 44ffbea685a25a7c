"""Symmetry classes of the single-loop extra-symmetric Tantrix patterns.

Which patterns are "the same"?  A periodic pattern is a picture of the whole plane, so two
patterns are the same picture when a symmetry of the hexagonal plane carries one onto the
other.  The group we publish under, G, acts on *placed* patterns (a pattern together with
its position; the period lattice is Λ = ⟨(7, 0), (−4, 8)⟩, see enumerate.py):

* the 56 translations modulo Λ — they include Szobonya's 7 column offsets and 4
  colour-shift offsets (the colour shift of an extra-symmetric pattern is its translate
  by (1, −2)) and also the translation by one row;
* the half turn, colours reversed (red ↔ green, yellow ↔ blue: the half turn reverses the
  direction of the colour shift), and the mirror images in the vertical axis (no
  recolouring) and in the horizontal axis (their product).

So |G| = 56 × 4 = 224.  The exhaustive search finds 448 single-loop patterns with tile 1
at the origin, i.e. 448 × 56 = 25 088 placed patterns; no pattern is fixed by any element
of G other than the identity, so they fall into 25 088 / 224 = **112 classes of 4
patterns** (a pattern, its mirror image, its half turn and the half turn's mirror image,
each up to translation).

Two other groups give 224 classes, and both have 112 elements: translations and the
vertical mirror only (Szobonya's "224 plus their mirror images"), and the group of the
2 × 7 board itself — 7 column offsets × 4 colour-shift offsets × {identity, half turn, two
mirrors} acting on board fillings, which cannot move a pattern by one row and so tells a
pattern's two vertical placements apart although the picture is the same.  Neither
distinction is visible, so the gallery shows one pattern per class of G (the member
whose permalink sorts first) and the other three on its page.

The gallery groups the classes by what a visitor can see in the pictures: how many tiles each
colour's loop closes around (`loops.tiles_inside`; the same for the four colours of a pattern,
whose colour shift is a translation, and for the four patterns of a class, being the same curve
moved).  All 112 share their loop lengths (42) and tile kinds, but not this: the loops close
around 0 to 9 tiles, tight hairpins to wide rings (`python -m generator.tantrix.classes
--room` prints the count of classes for each number).  `ROOM` names the groups; inside a
group the classes are stacked by the exact number, in class order.

`compute_classes()` derives the classes from the enumeration (about 40 s); the site
reads the committed table `single_loop_classes.txt` (`read_classes()`), and a test
regenerates the table and compares, and counts the classes again by an independent
orbit computation on edge colours.
"""

from __future__ import annotations

from pathlib import Path

# The group the site publishes under is defined beside the enumeration that reports it.
from generator.tantrix.enumerate import GROUP_NAME, GROUP_ORDER, GROUP_TEXT  # noqa: F401
from generator.errors import TilepressError
from generator.tantrix import enumerate as enum, loops, permalink, permalink as pl, render

CLASSES_FILE = Path(__file__).with_name("single_loop_classes.txt")
VARIANT_NAMES = ("mirror", "half_turn", "half_turn_mirror")
# The gallery's groups, in order: (most tiles inside each loop, heading).  A loop of all 56
# tiles closes around at most 14 (loops.py), so the last group takes every number above 7.
ROOM = ((3, "Tight loops: each colour's loop closes around at most 3 tiles"),
        (5, "Medium loops: each colour's loop closes around 4 or 5 tiles"),
        (7, "Wide loops: each colour's loop closes around 6 or 7 tiles"),
        (14, "Widest loops: each colour's loop closes around 8 tiles or more"))


def point_maps():
    """The point symmetries of G (besides the identity), as maps of {position: (tile, rotation)}."""
    return {"mirror": enum.mirror, "half_turn": enum.half_turn,
            "half_turn_mirror": lambda cells: enum.mirror(enum.half_turn(cells))}


def compute_classes() -> list[list[str]]:
    """The classes of single-loop patterns under G, each [representative, mirror, half turn,
    half turn's mirror] as permalinks; classes sorted by representative."""
    patterns = enum.single_loop_patterns()
    link = {}
    cells_of = {}
    for p in patterns:
        cells = enum.as_map(p)
        key = enum.canonical(cells)
        link[key], cells_of[key] = permalink.encode(p), cells
    maps = point_maps()
    classes, done = [], set()
    for key in sorted(link, key=link.get):   # the first member met is the one sorting first
        if key in done:
            continue
        members = [key] + [enum.canonical(maps[name](cells_of[key])) for name in VARIANT_NAMES]
        if len(set(members)) != 4 or not all(m in link for m in members):
            raise AssertionError("a single-loop class does not have 4 distinct members in the set")
        done.update(members)
        classes.append([link[m] for m in members])
    return classes


def table_text(classes: list[list[str]]) -> str:
    """The committed table: a header, then one class per line (representative first)."""
    head = ["# generated by `python -m generator.tantrix.classes`; do not edit",
            f"# single-loop extra-symmetric patterns: {len(classes)} classes under G = {GROUP_TEXT}",
            "# each line: representative, its mirror image, its half turn, the half turn's mirror image"]
    return "\n".join(head + [" ".join(row) for row in classes]) + "\n"


def read_classes() -> list[list[str]]:
    """The committed classes: [representative, mirror, half turn, half turn's mirror] each."""
    rows = []
    for line in CLASSES_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split())
    return rows


def room(pattern: dict) -> int:
    """How many tiles each colour's single loop closes around (the four colours agree)."""
    counts = {tuple(v) for v in loops.tiles_inside(pattern).values()}
    if len(counts) != 1 or len(next(iter(counts))) != 1:
        raise TilepressError(f"not one closed loop per colour closing around the same number of tiles: {counts}")
    return counts.pop()[0]


def room_group(inside: int) -> str:
    """The gallery heading of the classes whose loops close around `inside` tiles."""
    return next(heading for most, heading in ROOM if inside <= most)


def room_name(inside: int) -> str:
    """The short name of that group, its heading's words before the colon ("Tight loops")."""
    return room_group(inside).split(":")[0]


def tiles_words(n: int) -> str:
    return "no tiles" if n == 0 else "1 tile" if n == 1 else f"{n} tiles"


def plan_items(count: int) -> list[dict]:
    """Site items: the first `count` classes, one item each (representative + its variants), in
    gallery order: by the tiles each loop closes around (fewest first), then by class number."""
    rows = read_classes()
    items = [{"id": f"class-{n:03d}", "permalink": row[0],
              "params": {"kind": "single-loop", "number": n, "of": len(rows), "variants": row[1:]}}
             for n, row in enumerate(rows[:count], start=1)]
    inside = {item["id"]: room(pl.decode(item["permalink"])) for item in items}
    return sorted(items, key=lambda item: (inside[item["id"]], item["params"]["number"]))


def item_fields(params: dict, pattern: dict) -> dict:
    """Title, gallery group, facts and pictures (its loop alone, its variants) of one class's page;
    the tiles inside its loops are counted again from the pattern itself."""
    n, total = params["number"], params["of"]
    inside = room(pattern)
    extra = {f"variant_{name}": render.pattern_svg(pl.decode(link), repeats=(1, 1), px_per_unit=9.0,
                                                  title=link)
             for name, link in zip(VARIANT_NAMES, params["variants"])}
    extra["red_loop_alone_and_the_tiles_it_closes_around"] = render.loop_svg(pattern, 0, px_per_unit=12.0)
    # the gallery's picture shows what the groups are about: one red loop picked out of the
    # pattern (the rest dimmed), the tiles it closes around filled lighter; 3 : 2 as every thumbnail
    thumb = render.loop_svg(pattern, 0, px_per_unit=12.0, context=True, aspect=1.5,
                            title=f"Single-loop class {n} of {total}: one red loop picked out")
    return {
        "title": f"Single-loop class {n} of {total}",
        "group": room_group(inside),
        # the gallery stacks the classes of each number: one picture, the others behind it
        "cell": [f"{tiles_words(inside).capitalize()} inside", "single loop", str(n)],
        "facts": [["loops", f"each colour forms one closed loop through all 42 of its tiles; each loop "
                            f"closes around {tiles_words(inside)} ({room_name(inside).lower()})"],
                  ["symmetry group", GROUP_TEXT],
                  ["class", f"{n} of {total}; its 4 patterns are this one, its mirror image, its half "
                            f"turn and the half turn's mirror image (shown below, one period each)"]]
                 + [[f"variant: {name.replace('_', ' ')}", link]
                    for name, link in zip(VARIANT_NAMES, params["variants"])],
        "extra_svgs": extra,
        "thumb_svg": thumb,
        "alt": (f"Tantrix pattern (single-loop class {n} of {total}): all 56 tiles; each colour forms one "
                f"closed loop, and each loop closes around {tiles_words(inside)}"),
    }


def room_counts() -> dict[int, int]:
    """How many classes close their loops around each number of tiles (all 112 classes)."""
    out: dict[int, int] = {}
    for row in read_classes():
        k = room(pl.decode(row[0]))
        out[k] = out.get(k, 0) + 1
    return dict(sorted(out.items()))


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--room"]:
        for k, n in room_counts().items():
            print(f"{tiles_words(k)} inside each loop: {n} classes  ({room_name(k)})")
    else:
        CLASSES_FILE.write_text(table_text(compute_classes()), encoding="utf-8")
        print(f"wrote {CLASSES_FILE}")
