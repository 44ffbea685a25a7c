"""Permalinks of Tantrix patterns: `tx.v1.<method code>.<112 characters>`.

Format version 1.  The method code names the board geometry (and so the periods and the
56 cell positions, `boards.Board.domain()` order):

    sl  slanted-4x14      up  upright-4x14      p8  upright-8x7
    sy  symmetric-7x8     xs  extrasymmetric-7x8

The payload lists the 56 placements in domain order, each as two characters of the
alphabet A–Z a–z 0–9 - _ (value 0..63) making v = 64·hi + lo = 6·(tile − 1) + rotation.

Decoding validates everything: the shape, the alphabet, each value < 336, every tile
once, colour-correctness across every edge including the wrap (the independent checker),
and for the two symmetric methods that the copies really are the recoloured board.
A version-1 permalink keeps its meaning forever.
"""

from __future__ import annotations

from generator.errors import PermalinkError
from generator.families import split_permalink
from generator.tantrix import boards, checker
from generator.tantrix.tiles import permuted

PREFIX = "tx"
VERSION = 1
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
CODES = {"slanted-4x14": "sl", "upright-4x14": "up", "upright-8x7": "p8",
         "symmetric-7x8": "sy", "extrasymmetric-7x8": "xs"}
METHOD_OF = {v: k for k, v in CODES.items()}


def encode(pattern: dict) -> str:
    """The permalink of a pattern whose cells sit on its method's domain positions."""
    board = boards.get(pattern["method"])
    at = {(c["q"], c["r"]): (c["tile"], c["rotation"]) for c in pattern["cells"]}
    chars = []
    for pos, _i, _c in board.domain():
        t, rot = at[pos]
        v = 6 * (t - 1) + rot
        chars.append(ALPHABET[v // 64] + ALPHABET[v % 64])
    return f"{PREFIX}.v{VERSION}.{CODES[pattern['method']]}.{''.join(chars)}"


def decode(text: str) -> dict:
    """The pattern a permalink names (validated), or PermalinkError with one line."""
    fam, version, payload = split_permalink(text)
    if fam.prefix != PREFIX:
        raise PermalinkError(f"not a Tantrix permalink (prefix {fam.prefix!r}, expected 'tx')")
    if version != VERSION:
        raise PermalinkError(f"unknown Tantrix permalink version v{version} (this build reads v1)")
    code, _dot, body = payload.partition(".")
    if code not in METHOD_OF:
        raise PermalinkError(f"unknown Tantrix method code {code!r} (known: {', '.join(sorted(METHOD_OF))})")
    if len(body) != 112:
        raise PermalinkError(f"Tantrix payload must have 112 characters after the method code, not {len(body)}")
    bad = sorted(set(ch for ch in body if ch not in ALPHABET))
    if bad:
        raise PermalinkError(f"Tantrix payload has characters outside A-Za-z0-9-_: {''.join(bad)!r}")
    method = METHOD_OF[code]
    board = boards.get(method)
    cells = []
    values = []
    for n, (pos, _i, _c) in enumerate(board.domain()):
        v = 64 * ALPHABET.index(body[2 * n]) + ALPHABET.index(body[2 * n + 1])
        if v >= 336:
            raise PermalinkError(f"Tantrix payload placement {n + 1} is out of range")
        values.append((v // 6 + 1, v % 6))
        cells.append({"q": pos[0], "r": pos[1], "tile": v // 6 + 1, "rotation": v % 6})
    cells.sort(key=lambda d: (d["r"], d["q"]))
    pattern = {"method": method, "periods": [list(v) for v in board.periods], "cells": cells}
    wrong = checker.problems(pattern, limit=1)
    if wrong:
        raise PermalinkError(f"Tantrix permalink does not name a valid pattern: {wrong[0]}")
    for k, (pos, i, c) in enumerate(board.domain()):
        t, rot = values[i]
        t2, off = permuted(t, board.copies[c][1])
        if values[k] != (t2, (rot + off) % 6):
            raise PermalinkError(f"Tantrix permalink: cell {pos} breaks the symmetry of method {method}")
    pattern["permalink"] = encode(pattern)
    return pattern
