"""Puzzle permalinks: `cal.v1.<n>~<givens>` names a puzzle by its content, not by a seed.

Version 3 (any region): `cal.v3.<word>~<givens>` where <word> is the region's canonical
boundary word (regions.py: run-length letters a-f, counterclockwise from the smallest
boundary vertex) and <givens> the same bit string over the region's interior edges in
sorted (a, b, d) order.  The word is read, size-checked and validated before any region
is built; a word that is not canonical, or spells the regular hexagon (whose puzzles keep
their v1 links), is refused, so every puzzle has one link.  `cal.v3.<word>.s<seed>`
names a uniformly random tiling of the region (sample.py).

Version 1 payload: the side n in decimal, `~`, then the set of given edges as a bit string
over the interior edges of the hexagon in sorted (a, b, d) order (bit i set = edge i is
given; most significant bit of each byte first, zero padding), in unpadded base64url.
The edge order is fixed by the geometry, so a permalink means the same puzzle forever.
Decoding is strict: one canonical spelling per puzzle (exact length, zero padding bits).
"""

from __future__ import annotations

import base64
import re
from typing import Iterable

from generator.calissons.model import Edge, interior_edges
from generator.errors import PermalinkError, TilepressError
from generator.permalinks import Grammar, Link, reads
from generator.calissons import regions

PREFIX = "cal"
VERSION = 1
MAX_PERMALINK_N = 64
_PAYLOAD = re.compile(r"^([1-9][0-9]{0,2})~([A-Za-z0-9_-]*)$")
GRAMMAR = Grammar("calisson", (PREFIX,), (VERSION,), _PAYLOAD, "<n>~<base64url givens>", "cal.v1.2~AAAAAA")


def encode(n: int, givens: Iterable[Edge]) -> str:
    """The permalink of a puzzle (sides 1..MAX_PERMALINK_N, the same limit `decode` enforces)."""
    if not 1 <= n <= MAX_PERMALINK_N:
        raise PermalinkError(f"calisson permalinks name sides 1..{MAX_PERMALINK_N}, not {n}")
    return f"{PREFIX}.v{VERSION}.{n}~{_bits(interior_edges(n), givens)}"


def decode(permalink) -> tuple[int, list[Edge]]:
    """(n, givens) of a permalink (a Link: read once, kept with it), or PermalinkError."""
    n, givens = _decode(permalink)
    return n, list(givens)


@reads
def _decode(permalink) -> tuple[int, tuple]:
    n, pm = _hexagon(permalink)
    return n, tuple(_unbits(interior_edges(n), pm.group(2), f"n = {n}"))


@reads
def _hexagon(permalink) -> tuple[int, object]:
    """(n, payload match) of a v1 puzzle link, its size in range: read once (the cost and the givens share it)."""
    _prefix, _version, pm = GRAMMAR.parse(permalink)
    n = int(pm.group(1))
    GRAMMAR.check_range(n, "size", 1, MAX_PERMALINK_N)
    return n, pm


@reads
def _region(permalink):
    """The payload match of a v3 puzzle link: read once (the cost and the givens share it)."""
    return REGION_GRAMMAR.parse(permalink)[2]


def _bits(edges, givens) -> str:
    """The bit string of a set of edges over an edge order, base64url unpadded."""
    given = {tuple(e) for e in givens}
    bits = bytearray((len(edges) + 7) // 8)
    for i, e in enumerate(edges):
        if e in given:
            bits[i // 8] |= 0x80 >> (i % 8)
    return encode_bytes(bytes(bits))


def _unbits(edges, data: str, what: str = "this region") -> list[Edge]:
    """The edges a canonical bit string names, or PermalinkError."""
    nbytes = (len(edges) + 7) // 8
    want_chars = (nbytes * 8 + 5) // 6
    if len(data) != want_chars:
        raise PermalinkError(f"calisson permalink for {what} needs {want_chars} characters of givens, "
                             f"got {len(data)}")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except ValueError:
        raise PermalinkError("calisson permalink givens are not valid base64url") from None
    if len(raw) != nbytes or encode_bytes(raw) != data:
        raise PermalinkError("calisson permalink givens are not in canonical form")
    tail_bits = nbytes * 8 - len(edges)
    if tail_bits and raw[-1] & ((1 << tail_bits) - 1):
        raise PermalinkError("calisson permalink has bits set past the last edge")
    return [e for i, e in enumerate(edges) if raw[i // 8] & (0x80 >> (i % 8))]


REGION_VERSION = 3
MAX_REGION_LINK = 40000
REGION_GRAMMAR = Grammar("calisson region", (PREFIX,), (REGION_VERSION,),
                         re.compile(r"^([0-9a-f]{1,12000})~([A-Za-z0-9_-]*)$"), "<region word>~<base64url givens>",
                         "cal.v3.afafbabacbcbdcdcededfefe~AgCAEEAQAYAgAA", MAX_REGION_LINK)


def is_region_link(text) -> bool:
    """Is this a `cal.v3.` link (a puzzle or a sample on a region)?  (A Link: its version.)"""
    if isinstance(text, Link):
        return text.prefix == PREFIX and text.version == REGION_VERSION
    return isinstance(text, str) and text.strip().startswith("cal.v3.")


def region_shape(word: str):
    """The region of a permalink's word: canonical, not the hexagon, tilable; else PermalinkError."""
    try:
        shape = regions.parse_region(word)
    except PermalinkError:
        raise
    except TilepressError as exc:
        raise PermalinkError(f"calisson permalink: {exc}") from None
    if shape.word != word:
        raise PermalinkError(f"calisson permalink region word is not canonical (it is spelled {shape.word[:60]})")
    if shape.hexagon_n is not None:
        raise PermalinkError("calisson permalink: the regular hexagon's puzzles are written cal.v1.<n>~<givens>")
    return shape


def encode_region(shape, givens: Iterable[Edge]) -> str:
    """The permalink of a puzzle on a region: v1 for the hexagon, v3 for every other shape."""
    if shape.hexagon_n is not None:
        return encode(shape.hexagon_n, givens)
    return f"{PREFIX}.v{REGION_VERSION}.{shape.word}~{_bits(shape.region.interior_edge_list(), givens)}"


def decode_region(permalink):
    """(shape, givens) of a v1 or v3 puzzle permalink (a Link: read once, kept with it), or PermalinkError."""
    shape, givens = _decode_region(permalink)
    return shape, list(givens)


@reads
def _decode_region(permalink):
    if not is_region_link(permalink):
        n, givens = decode(permalink)
        return regions.named("hexagon", n), givens
    m = _region(permalink)
    shape = region_shape(m.group(1))
    return shape, _unbits(shape.region.interior_edge_list(), m.group(2))


def encode_bytes(raw: bytes) -> str:
    """Unpadded base64url text of some bytes."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# ---- the cost rule ---------------------------------------------------------------------------
# A calisson link states its size in its text: the hexagon's side n (3n² lozenges) or the region's
# boundary word (its area by the shoelace formula, read before any region is built).  Random
# tilings of other regions are sampled far more slowly than the hexagon's (measured: a region of
# 720 lozenges takes 2.2 s, of 30,000 over 10 minutes), so they have their own budget.
MAX_REGION_SAMPLE_LOZENGES = 3000       # about half a minute of the region sampler (CPython)


def lozenges(n: int) -> int:
    """The lozenges of a tiling of the hexagon of side n."""
    return 3 * n * n


def word_lozenges(word: str) -> float:
    """The lozenges of the region a boundary word encloses, from its runs alone (no region built)."""
    try:
        return abs(regions.area_of_word(word)) / 2
    except PermalinkError:
        raise
    except TilepressError as exc:
        raise PermalinkError(f"calisson permalink: {exc}") from None


@reads
def puzzle_cost(text) -> float:
    """The lozenges a puzzle link (v1 or v3, with givens) asks for, read from its text alone."""
    if is_region_link(text):
        return word_lozenges(_region(text).group(1))
    return lozenges(_hexagon(text)[0])


def is_puzzle_link(text) -> bool:
    """A puzzle (givens after `~`), not a random tiling?  (A Link: its payload.)"""
    return "~" in (text.payload if isinstance(text, Link) else text)
