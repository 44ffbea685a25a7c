"""Puzzle permalinks: `cal.v1.<n>~<givens>` names a puzzle by its content, not by a seed.

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
from generator.errors import PermalinkError
from generator.permalinks import Grammar

PREFIX = "cal"
VERSION = 1
MAX_PERMALINK_N = 64
_PAYLOAD = re.compile(r"^([1-9][0-9]{0,2})~([A-Za-z0-9_-]*)$")
GRAMMAR = Grammar("calisson", (PREFIX,), (VERSION,), _PAYLOAD, "<n>~<base64url givens>", "cal.v1.2~AAAAAA")


def encode(n: int, givens: Iterable[Edge]) -> str:
    """The permalink of a puzzle (sides 1..MAX_PERMALINK_N, the same limit `decode` enforces)."""
    if not 1 <= n <= MAX_PERMALINK_N:
        raise PermalinkError(f"calisson permalinks name sides 1..{MAX_PERMALINK_N}, not {n}")
    edges = interior_edges(n)
    given = {tuple(e) for e in givens}
    bits = bytearray((len(edges) + 7) // 8)
    for i, e in enumerate(edges):
        if e in given:
            bits[i // 8] |= 0x80 >> (i % 8)
    data = base64.urlsafe_b64encode(bytes(bits)).decode("ascii").rstrip("=")
    return f"{PREFIX}.v{VERSION}.{n}~{data}"


def decode(permalink: str) -> tuple[int, list[Edge]]:
    """(n, givens) of a permalink, or PermalinkError."""
    _prefix, _version, pm = GRAMMAR.parse(permalink)
    n = int(pm.group(1))
    GRAMMAR.check_range(n, "size", 1, MAX_PERMALINK_N)
    edges = interior_edges(n)
    nbytes = (len(edges) + 7) // 8
    want_chars = (nbytes * 8 + 5) // 6
    data = pm.group(2)
    if len(data) != want_chars:
        raise PermalinkError(f"calisson permalink for n = {n} needs {want_chars} characters of givens, "
                             f"got {len(data)}")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except ValueError:
        raise PermalinkError("calisson permalink givens are not valid base64url") from None
    if len(raw) != nbytes or encode_bytes(raw) != data:
        raise PermalinkError("calisson permalink givens are not in canonical form")
    givens = [e for i, e in enumerate(edges) if raw[i // 8] & (0x80 >> (i % 8))]
    tail_bits = nbytes * 8 - len(edges)
    if tail_bits and raw[-1] & ((1 << tail_bits) - 1):
        raise PermalinkError("calisson permalink has bits set past the last edge")
    return n, givens


def encode_bytes(raw: bytes) -> str:
    """Unpadded base64url text of some bytes."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
