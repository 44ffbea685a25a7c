"""The 56 Tantrix tiles: data, rotation, mirror image and colour permutations.

A Tantrix tile is a hexagon carrying three coloured paths in three different colours
out of red, yellow, blue and green (R, Y, B, G).  Each path joins two of the six edges,
so every edge shows exactly one colour and each colour shows on exactly two edges.
We describe a tile by its *edge word* `edges`: six colours, `edges[k]` being the colour
at edge k of a pointy-top hexagon, k = 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE (clockwise on a
screen whose y axis points down).  The path of a colour joins its two edges; the path
kind follows from their distance: 1 sharp curve, 2 gentle curve, 3 straight.

Colours are the integers 0..3 in the order R, Y, B, G, so that the *colour shift*
red → yellow → blue → green → red is simply c ↦ c + 1 (mod 4).

Orientation.  A tile placed with rotation ρ (clockwise turns of 60°) shows colour
`edges[(k − ρ) mod 6]` on edge k.  We call the six colours a tile shows in some rotation
its *face*: a tuple of six colours indexed by edge.

Symmetries acting on tiles (each maps the set of 56 onto itself, which `tests` verify):

* a colour permutation π (a tuple of 4 colours, π[c] is the new colour of c) recolours
  the edge word; the result equals some tile t' turned by some offset o;
* the mirror image in the vertical axis maps edge k to edge (3 − k) mod 6 (E ↔ W,
  SE ↔ SW, NE ↔ NW); again the result is some tile t' turned by some offset o.

No tile has a rotational symmetry (its three colours are distinct), so a face determines
the tile *and* its rotation, which is what the search tables rely on.

The data file `tiles.json` holds the official numbers and edge words (the corpus in
`../shared/corpora/tantrix-tiles.json` is the reference copy; a test compares them).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

COLOURS = "RYBG"
COLOUR_NAMES = ("red", "yellow", "blue", "green")
NTILES = 56
SHIFT = (1, 2, 3, 0)          # the colour shift R→Y→B→G→R as a colour permutation
IDENTITY = (0, 1, 2, 3)
# neighbour across edge k in axial coordinates (pointy-top hexagons, r grows downward)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
KINDS = {1: "sharp", 2: "gentle", 3: "straight"}

DATA_FILE = Path(__file__).with_name("tiles.json")


@lru_cache(maxsize=1)
def load() -> tuple[tuple[int, ...], ...]:
    """Edge words of tiles 1..56 as colour tuples; index 0 is unused (None)."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    words: list = [None]
    for i, entry in enumerate(data["tiles"], start=1):
        if entry["number"] != i:
            raise ValueError(f"tiles.json: tile {i} out of order")
        words.append(tuple(COLOURS.index(ch) for ch in entry["edges"]))
    return tuple(words)


@lru_cache(maxsize=1)
def types() -> tuple[str, ...]:
    """Official type names (Rondo, Chin, Brid, Sint) of tiles 1..56; index 0 unused."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return ("",) + tuple(entry["type"] for entry in data["tiles"])


def edges(tile: int) -> tuple[int, ...]:
    """The edge word of a tile (rotation 0)."""
    return load()[tile]


def face(tile: int, rotation: int) -> tuple[int, ...]:
    """The six colours shown on edges 0..5 by `tile` turned clockwise `rotation` times."""
    word = load()[tile]
    return tuple(word[(k - rotation) % 6] for k in range(6))


def paths(word) -> list[tuple[int, int, int]]:
    """The three paths of a face or edge word: (colour, edge a, edge b) with a < b, by colour."""
    out = []
    for c in sorted(set(word)):
        a, b = [k for k in range(6) if word[k] == c]
        out.append((c, a, b))
    return out


def kind_signature(word) -> tuple[int, ...]:
    """The sorted edge distances (1 sharp, 2 gentle, 3 straight) of a word's three paths."""
    return tuple(sorted(min(b - a, 6 - (b - a)) for _c, a, b in paths(word)))


def canonical(word) -> tuple[int, ...]:
    """The lexicographically least rotation of an edge word (a key 'up to rotation')."""
    return min(tuple(word[(k - r) % 6] for k in range(6)) for r in range(6))


@lru_cache(maxsize=1)
def face_index() -> dict[tuple[int, ...], tuple[int, int]]:
    """Every face of every tile → (tile, rotation)."""
    index = {}
    for t in range(1, NTILES + 1):
        for r in range(6):
            index[face(t, r)] = (t, r)
    return index


def identify(word) -> tuple[int, int]:
    """The (tile, rotation) showing exactly this face; KeyError if no tile does."""
    return face_index()[tuple(word)]


def recolour(word, perm) -> tuple[int, ...]:
    """Apply a colour permutation to a face or edge word."""
    return tuple(perm[c] for c in word)


def mirror_word(word) -> tuple[int, ...]:
    """Mirror a face in the vertical axis: edge k goes to edge (3 − k) mod 6."""
    return tuple(word[(3 - k) % 6] for k in range(6))


@lru_cache(maxsize=None)
def permuted(tile: int, perm: tuple[int, ...]) -> tuple[int, int]:
    """Colour permutation of a tile: (t', o) with recolour(face(t, ρ)) = face(t', ρ + o)."""
    return identify(recolour(edges(tile), perm))


@lru_cache(maxsize=None)
def mirrored(tile: int) -> tuple[int, int]:
    """Mirror image of a tile: (t', o) with mirror_word(face(t, 0)) = face(t', o)."""
    return identify(mirror_word(edges(tile)))


def shifted(tile: int, times: int = 1) -> tuple[int, int]:
    """The colour shift R→Y→B→G→R applied `times` times: (t', rotation offset)."""
    perm = IDENTITY
    for _ in range(times % 4):
        perm = tuple(SHIFT[c] for c in perm)
    return permuted(tile, perm)


def compose(p, q) -> tuple[int, ...]:
    """The colour permutation 'first q, then p'."""
    return tuple(p[q[c]] for c in range(4))


def inverse(p) -> tuple[int, ...]:
    """The inverse colour permutation."""
    inv = [0] * 4
    for c in range(4):
        inv[p[c]] = c
    return tuple(inv)


def shift_power(j: int) -> tuple[int, ...]:
    """The colour shift applied j times (j may be negative)."""
    perm = IDENTITY
    for _ in range(j % 4):
        perm = compose(SHIFT, perm)
    return perm
