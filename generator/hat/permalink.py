"""Hat patch permalinks: `hat.v1.<W>x<H>.r<R>.<k>-<h>-<c1>-…-<c_{n−1}>-<T>`.

A permalink names a patch exactly: the region (width W and height H of the open rectangle
centred on the start point, short kite edge = 1, decimal numbers with at most 3 decimals,
written canonically), the orientation R (0–5: the start kite is kite R of the hexagon at
the origin) and the start kite's combinatorial coordinates, lowest first — kite in hat,
hat in first-order metatile, child index of each metatile in the next (overlapping
numbering) — and the type H/T/P/F of the highest level invented.

Example: ``hat.v1.40x30.r2.5-1-3-12-0-7-F``.

Guarantees.  Every string either parses into a valid coordinate (each child index exists
in its parent, the hat index in its metatile, the kite index in its hat) or raises
`PermalinkError` with one line saying what is wrong.  Lengths are capped (`MAX_LENGTH`,
`MAX_LEVELS`) and the region's sides are capped (`MAX_SIDE`), so no string can make the
generator run away.  Regenerating a permalink gives the same hats byte for byte; a smaller
region gives exactly the hats of the larger patch that meet it (the coordinates do not
depend on the region).  If a larger region needs levels beyond those recorded, they are
invented by a generator seeded from the coordinate string alone, so every region of the
same permalink shows the same tiling.

The limit (stated in the README): at most MAX_LEVELS = 50 child indices, which with sides
of at most MAX_SIDE keeps a permalink under MAX_LENGTH = 400 characters.  The generator
prints nothing longer: a regenerated patch whose invented levels would pass the limit is
printed with the permalink it came from (the invented levels come back identically).

Version 1 is the only version; a new format gets a new number and v1 keeps its meaning.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from generator.errors import PermalinkError
from generator.params import format_decimal as format_side
from generator.permalinks import Grammar, decimal_re, reads
from generator.hat.limits import HATS_PER_TYPE, KITES_PER_HAT, TYPES
from generator.hat.tables_data import CHILD

VERSION = 1
MAX_LENGTH = 400          # characters in the whole permalink
MAX_LEVELS = 50           # child indices stored (a level-50 metatile is ~10^41 hats)
MAX_SIDE = Fraction(4000)  # region width and height (≈ 1.2 million hats at most)
HAT_AREA = 8 * math.sqrt(3)                   # eight kites of area √3 (short kite edge 1)
MAX_HATS = float(MAX_SIDE) ** 2 / HAT_AREA    # the cost budget: the largest region's hats

_NUM = decimal_re(5)
GRAMMAR = Grammar(
    "hat", ("hat",), (VERSION,),
    re.compile(rf"^({_NUM})x({_NUM})\.r([0-5])\.((?:[0-9]{{1,2}}-){{2,}})([HTPF])$"),
    "<W>x<H>.r<0-5>.<kite>-<hat>-<child>-...-<H|T|P|F>", "hat.v1.20x15.r2.0-3-0-5-0-F", MAX_LENGTH)


@dataclass(frozen=True)
class PatchName:
    """The parsed contents of a hat permalink."""

    width: Fraction
    height: Fraction
    rotation: int
    k: int
    h: int
    cs: tuple          # c1 .. c_{n-1}
    top: int           # type index of the top level

    def coords_text(self) -> str:
        """The coordinate part `k-h-c1-…-T` (also seeds any further invented levels)."""
        return "-".join(str(x) for x in (self.k, self.h) + tuple(self.cs)) + "-" + TYPES[self.top]

    def text(self) -> str:
        """The permalink string."""
        return (f"hat.v{VERSION}.{format_side(self.width)}x{format_side(self.height)}"
                f".r{self.rotation}.{self.coords_text()}")



def check_coords(k: int, h: int, cs, top: int) -> None:
    """Raise PermalinkError unless the labels form a valid coordinate."""
    t = top
    for j in range(len(cs) - 1, -1, -1):
        c = cs[j]
        if not 0 <= c < len(CHILD[t]):
            raise PermalinkError(f"child index {c} at level {j + 1} is out of range: a {TYPES[t]} "
                                 f"metatile has {len(CHILD[t])} children (0-{len(CHILD[t]) - 1})")
        t = CHILD[t][c]
    if not 0 <= h < HATS_PER_TYPE[t]:
        raise PermalinkError(f"hat index {h} is out of range: a first-order {TYPES[t]} metatile "
                             f"has {HATS_PER_TYPE[t]} hat(s)")
    if not 0 <= k < KITES_PER_HAT:
        raise PermalinkError(f"kite index {k} is out of range (a hat has kites 0-7)")


def region_hats(width, height) -> float:
    """About how many hats a region of the patch holds (its area over a hat's)."""
    return float(width) * float(height) / HAT_AREA


def cost(text: str) -> float:
    """The cost a permalink states: about how many hats its region holds (parsed, in budget)."""
    name = parse(text)
    return region_hats(name.width, name.height)


@reads
def parse(text) -> PatchName:
    """Parse and validate a hat permalink (a Link, or its text; read once per Link), or raise PermalinkError."""
    _prefix, _version, m = GRAMMAR.parse(text)
    width, height = Fraction(m.group(1)), Fraction(m.group(2))
    GRAMMAR.check_side(width, "width", MAX_SIDE)
    GRAMMAR.check_side(height, "height", MAX_SIDE)
    GRAMMAR.check_cost(region_hats(width, height), "hats", MAX_HATS)
    nums = [int(x) for x in m.group(4).rstrip("-").split("-")]
    k, h, cs = nums[0], nums[1], tuple(nums[2:])
    GRAMMAR.check_count(len(cs), "child levels", MAX_LEVELS)
    top = TYPES.index(m.group(5))
    check_coords(k, h, cs, top)
    name = PatchName(width, height, int(m.group(3)), k, h, cs, top)
    GRAMMAR.canonical(name.text(), text)
    return name
