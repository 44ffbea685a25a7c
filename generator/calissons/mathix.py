"""Import and export of mathix.org player grids (`index.html?tab=<string><grid number>`).

The player reads one character per interior edge of the hexagon of side n (9n^2 - 3n
characters): `t` a given edge, `s` a solution edge that is not shown, `f` neither; the
grid's number follows as decimal digits.  Its segment order, derived here from the
geometry, cuts the hexagon along the long diagonal a = b:

* first every edge whose midpoint has b <= a (the diagonal's z edges included), row by row
  in r = the smaller b of its two ends, and within a row by 3a + (z: 0, x: 2, y: 4);
* then the edges with b > a, row by row in r = the smaller a of its ends, and within a
  row by 3b + (z: 0, y: 2, x: 4).

(The tests compare this rule with the order recorded from the player for n = 2..10.)

Any text may arrive here from a command line, so `parse` reads the query by hand (the
part after the first `?`, up to a `#`) instead of trusting a URL parser with hosts like
`http://[::1/`: every malformed input is one TilepressError, never another exception.
"""

from __future__ import annotations

import re
from typing import Iterable
from urllib.parse import parse_qs

from generator.calissons.model import STEP, Edge, head, interior_edges
from generator.errors import TilepressError

MAX_TAB = 9 * 64 * 64            # the longest grid we read (n = 64)


def _key(e: Edge) -> tuple[int, int, int]:
    """Sort key of an edge in the player's segment order."""
    a, b, d = e
    ha, hb = head(e)
    if 2 * b + STEP[d][1] <= 2 * a + STEP[d][0]:
        return (0, min(b, hb), 3 * a + {"z": 0, "x": 2, "y": 4}[d])
    return (1, min(a, ha), 3 * b + {"z": 0, "y": 2, "x": 4}[d])


def segment_order(n: int) -> list[Edge]:
    """The interior edges of the hexagon of side n in mathix.org's order."""
    return sorted(interior_edges(n), key=_key)


def side_for_length(length: int) -> int:
    """The n with 9n^2 - 3n = length, or an error."""
    for n in range(1, 65):
        if 9 * n * n - 3 * n == length:
            return n
    raise TilepressError(f"a mathix grid has 9n^2 - 3n characters; {length} is not such a length")


def parse(text: str) -> tuple[int, list[Edge], list[Edge], str]:
    """Read a mathix URL or tab= string: (n, givens, shown-solution edges, grid number)."""
    if not isinstance(text, str) or len(text) > MAX_TAB + 4096:
        raise TilepressError("mathix grid text too long")
    text = text.strip()
    if "tab=" in text:
        query = text.split("?", 1)[1] if "?" in text else text
        try:
            values = parse_qs(query.split("#", 1)[0], max_num_fields=64).get("tab")
        except ValueError:
            values = None
        if not values:
            raise TilepressError("mathix URL has no readable tab= parameter")
        text = values[0].strip()
    m = re.fullmatch(r"([tsf]+)([0-9]*)", text)
    if not m:
        raise TilepressError("a mathix grid is letters t, s, f followed by an optional grid number")
    letters, number = m.group(1), m.group(2)
    n = side_for_length(len(letters))
    order = segment_order(n)
    givens = sorted(e for e, c in zip(order, letters) if c == "t")
    hidden = sorted(e for e, c in zip(order, letters) if c == "s")
    return n, givens, hidden, number


def export(n: int, givens: Iterable[Edge], salient: Iterable[Edge] = (), number: str = "") -> str:
    """The tab= string of a puzzle (t givens, s other solution edges, f the rest)."""
    g, s = {tuple(e) for e in givens}, {tuple(e) for e in salient}
    return "".join("t" if e in g else "s" if e in s else "f" for e in segment_order(n)) + number


def url(n: int, givens: Iterable[Edge], salient: Iterable[Edge] = (), number: str = "0") -> str:
    """A mathix.org player URL for a puzzle."""
    return "https://mathix.org/calisson/index.html?tab=" + export(n, givens, salient, number)
