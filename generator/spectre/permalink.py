"""Spectre patch permalinks: `spectre.v1.<W>x<H>.r<R>.<s>-<c1>-…-<cn>-<T>`.

A permalink names a patch exactly: the region (width W and height H of the open rectangle
centred on the start Spectre's vertex 0, unit edges, decimals with at most 3 places,
canonical), the orientation R (0–11: the start Spectre is turned by R·30°), and the start
Spectre's combinatorial coordinates, lowest first — s (1 for the odd Spectre of a Mystic,
else 0), the place c1 of its level-0 metatile in its level-1 parent, c2, … — and the
letter (G D J L X P S F Y) of the highest metatile recorded.

Example: ``spectre.v1.40x30.r5.0-3-7-1-S``.

Every string either parses into a valid coordinate (each place exists in its parent —
place 2 of a Γ is empty — and s = 1 only in a Γ) or raises `PermalinkError` with one line
saying what is wrong.  Lengths and region sides are capped.  Regenerating gives the same
Spectres; a smaller region gives exactly the Spectres of the larger patch that meet it.
Levels beyond the recorded ones are invented by a generator seeded from the coordinate
string alone (SHA-256), so every region of one permalink shows one tiling.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from generator.errors import PermalinkError
from generator.params import format_decimal as format_side
from generator.permalinks import Grammar, decimal_re, reads
from generator.spectre.substitution import CHILD, GAMMA, TYPES

PREFIX = "spectre"
VERSION = 1
MAX_LENGTH = 300
MAX_LEVELS = 40
MAX_SIDE = Fraction(4000)
SPECTRE_AREA = 3 + 3 * math.sqrt(3)                   # a Spectre with unit edges
MAX_SPECTRES = float(MAX_SIDE) ** 2 / SPECTRE_AREA    # the cost budget: the largest region's

_NUM = decimal_re(5)
GRAMMAR = Grammar(
    PREFIX, (PREFIX,), (VERSION,),
    re.compile(rf"^({_NUM})x({_NUM})\.r(1[01]|[0-9])\.((?:[0-9]{{1,2}}-){{2,}})([{TYPES}])$"),
    "<W>x<H>.r<0-11>.<s>-<place>-...-<G|D|J|L|X|P|S|F|Y>", "spectre.v1.40x30.r5.0-3-7-1-S", MAX_LENGTH)


@dataclass(frozen=True)
class PatchName:
    """The parsed contents of a Spectre permalink."""

    width: Fraction
    height: Fraction
    rotation: int
    s: int
    cs: tuple          # c1 .. cn
    top: int           # type index of level n

    def coords_text(self) -> str:
        """The coordinate part `s-c1-…-T` (also seeds any further invented levels)."""
        return "-".join(str(x) for x in (self.s,) + tuple(self.cs)) + "-" + TYPES[self.top]

    def text(self) -> str:
        """The permalink string."""
        return (f"{PREFIX}.v{VERSION}.{format_side(self.width)}x{format_side(self.height)}"
                f".r{self.rotation}.{self.coords_text()}")


def check_coords(s: int, cs, top: int) -> None:
    """Raise PermalinkError unless the labels form a valid coordinate."""
    t = top
    for j in range(len(cs) - 1, -1, -1):
        c = cs[j]
        if not 0 <= c < 8:
            raise PermalinkError(f"place {c} at level {j + 1} is out of range (places are 0-7)")
        if CHILD[t][c] < 0:
            raise PermalinkError(f"place {c} at level {j + 1} is empty in a {TYPES[t]} metatile")
        t = CHILD[t][c]
    if s not in (0, 1) or (s == 1 and t != GAMMA):
        raise PermalinkError(f"Spectre index {s} is out of range: a level-0 {TYPES[t]} metatile "
                             f"has {'2 Spectres (0-1)' if t == GAMMA else '1 Spectre (0)'}")


def region_spectres(width, height) -> float:
    """About how many Spectres a region of the patch holds (its area over a Spectre's)."""
    return float(width) * float(height) / SPECTRE_AREA


def cost(text: str) -> float:
    """The cost a permalink states: about how many Spectres its region holds (parsed, in budget)."""
    name = parse(text)
    return region_spectres(name.width, name.height)


@reads
def parse(text) -> PatchName:
    """Parse and validate a Spectre permalink, or raise PermalinkError."""
    _prefix, _version, m = GRAMMAR.parse(text)
    width, height = Fraction(m.group(1)), Fraction(m.group(2))
    GRAMMAR.check_side(width, "width", MAX_SIDE)
    GRAMMAR.check_side(height, "height", MAX_SIDE)
    GRAMMAR.check_cost(region_spectres(width, height), "Spectres", MAX_SPECTRES)
    nums = [int(x) for x in m.group(4).rstrip("-").split("-")]
    s, cs = nums[0], tuple(nums[1:])
    GRAMMAR.check_count(len(cs), "levels", MAX_LEVELS)
    top = TYPES.index(m.group(5))
    check_coords(s, cs, top)
    name = PatchName(width, height, int(m.group(3)), s, cs, top)
    GRAMMAR.canonical(name.text(), text)
    return name
