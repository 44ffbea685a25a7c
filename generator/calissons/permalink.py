"""Puzzle permalinks: `cal.v1.<n>~<givens>` names a puzzle by its content, not by a seed.

Version 3 (any region): `cal.v3.<word>~<givens>` where <word> is the region's canonical
boundary word (regions.py: run-length letters a-f, counterclockwise from the smallest
boundary vertex) and <givens> the same bit string over the region's interior edges in
sorted (a, b, d) order.  The word is read, size-checked and validated before any region
is built; a word that is not canonical, or spells the regular hexagon (whose puzzles keep
their v1 links), is refused, so every puzzle has one link.  `cal.v3.<word>.s<seed>`
names a uniformly random tiling of the region (sample.py).

Version 4 (the infinite grid): `cal.v4.<a>_<b><d>.<a>_<b><d>...`, the given edges themselves
(see the section at the end of this module).

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
from generator.calissons.solver import plane_uses_grid, plane_window

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


# ---- the infinite grid: cal.v4.<edges> -------------------------------------------------------
# Version 4 names a set of given edges on the unbounded triangular grid (`calissons feasible`):
# the edges themselves, sorted by (a, b, d) and listed once, each written <a>_<b><d> (decimal
# integers, no leading zeros, |a|, |b| <= 10^6) and joined by dots:
#     cal.v4.-2_-1x.-1_0z.0_-1y.1_1y
# Regenerating it decides the plane question: the witness window or the absorbing cycle.

PLANE_VERSION = 4
MAX_PLANE_COORD = 10 ** 6
MAX_PLANE_LINK = 65536
PLANE_GRAMMAR = Grammar("calisson plane", (PREFIX,), (PLANE_VERSION,), re.compile(r"^[0-9xyz_.-]+$"),
                        "<a>_<b><d>.<a>_<b><d>... (the given edges, sorted)", "cal.v4.-2_-1x.-1_0z.0_-1y.1_1y",
                        MAX_PLANE_LINK)
_PLANE_EDGE = re.compile(r"^(0|-?[1-9][0-9]{0,6})_(0|-?[1-9][0-9]{0,6})([xyz])$")
# The cost rule of a plane link: the lozenges of the window its verdict works on, from the text —
# the grid window round the edges (3 r^2 lozenges for radius r, when solver.plane_uses_grid), else
# 12 an edge (the key-vertex engine and the patches of its witness).
MAX_PLANE_LOZENGES = 100000           # a grid window of radius 182 (0.5 s), or 8,333 edges


def is_plane_link(text) -> bool:
    """Is this a `cal.v4.` link (given edges on the infinite grid)?  (A Link: its version.)"""
    if isinstance(text, Link):
        return text.prefix == PREFIX and text.version == PLANE_VERSION
    return isinstance(text, str) and text.strip().startswith(f"{PREFIX}.v{PLANE_VERSION}.")


def encode_plane(givens: Iterable[Edge]) -> str:
    """The permalink of a set of edges on the infinite grid (coordinates within 10^6)."""
    edges = sorted(set(tuple(e) for e in givens))
    if not edges:
        raise PermalinkError("a calisson plane permalink needs at least one edge")
    for a, b, _d in edges:
        if max(abs(a), abs(b)) > MAX_PLANE_COORD:
            raise PermalinkError(f"calisson plane permalinks take |a|, |b| <= {MAX_PLANE_COORD}")
    text = f"{PREFIX}.v{PLANE_VERSION}." + ".".join(f"{a}_{b}{d}" for a, b, d in edges)
    if len(text) > MAX_PLANE_LINK:
        raise PermalinkError(f"calisson plane permalink too long ({len(text)} characters, limit {MAX_PLANE_LINK})")
    return text


def plane_edges(text) -> list[Edge]:
    """The edges a `cal.v4.` link (a Link: read once, kept with it) names (each field checked,
    canonical order), or PermalinkError."""
    return list(_plane_edges(text))


@reads
def _plane_edges(text) -> tuple:
    _prefix, _version, m = PLANE_GRAMMAR.parse(text)
    out: list[Edge] = []
    for i, token in enumerate(m.group(0).split(".")):
        em = _PLANE_EDGE.match(token)
        if not em:
            raise PermalinkError(f"calisson plane permalink edge #{i} {token[:30]!r}: expected <a>_<b><d> "
                                 "(integers without leading zeros, d in x|y|z)")
        a, b, d = int(em.group(1)), int(em.group(2)), em.group(3)
        for name, value in (("a", a), ("b", b)):
            PLANE_GRAMMAR.check_range(value, f"edge #{i} {name}", -MAX_PLANE_COORD, MAX_PLANE_COORD)
        e = (a, b, d)
        if out and e <= out[-1]:
            raise PermalinkError(f"calisson plane permalink edge #{i} {token!r} is not after edge #{i - 1}: "
                                 "edges are listed once, sorted by a, then b, then d")
        out.append(e)
    return tuple(out)


def plane_cost(text: str) -> float:
    """The lozenges a `cal.v4.` link asks for, from its text alone (see MAX_PLANE_LOZENGES)."""
    edges = plane_edges(text)
    _centre, r = plane_window(edges)
    return 3.0 * r * r if plane_uses_grid(edges, r) else 12.0 * len(edges)


def decode_plane(text: str) -> list[Edge]:
    """The edges of a `cal.v4.` link, its cost checked before any work, or PermalinkError."""
    PLANE_GRAMMAR.check_cost(plane_cost(text), "lozenges", MAX_PLANE_LOZENGES, fix="choose edges closer together")
    return plane_edges(text)
