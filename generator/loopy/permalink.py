"""Loopy permalinks: `loopy.v2.<level><clues>.<tiling permalink>` (and the older v1).

A Loopy permalink names a puzzle completely without re-running the generator: the grid
comes from the tiling permalink (regenerated exactly by its family), the clues are listed
in the grid's face order, and the solution is recovered by solving — the puzzle is unique,
so the solution is a function of the clues.  Old links therefore keep working even if the
loop growth or the clue removal changes later.

    level   one letter: e (easy), n (normal), t (tricky), h (hard), x (expert; v2 only).
            In v2 the letters are Tatham's levels (generator.loopy.solver); in v1 they were
            the first solver's (solver_v1).  Readers never trust the letter: the level of a
            regenerated puzzle is measured by grading its clues.
    clues   one character per clued face, runs of blank faces shortened (the scheme of
            Tatham's Loopy game IDs, with our own alphabet):
              0–9      a clue 0..9
              A–Z      a clue 10..35 (a hat or Spectre face has 14 edges)
              a–z      a run of 1..26 blank faces (longer runs: several letters)
    tiling  the permalink of the patch (p2.v1…, p3.v1…, hat.v1…), after the first dot.
"""

from __future__ import annotations

import re

from generator.errors import PermalinkError
from generator.permalinks import Grammar, Link, as_link

VERSIONS = (1, 2)
LEVEL_LETTERS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard", "x": "expert"}
LETTER_OF = {v: k for k, v in LEVEL_LETTERS.items()}
MAX_LENGTH = 20000
_PAYLOAD = {1: re.compile(r"^([enth])([0-9A-Za-z]*)\.([a-z][a-z0-9]*\.v[0-9]+\..*)$"),
            2: re.compile(r"^([enthx])([0-9A-Za-z]*)\.([a-z][a-z0-9]*\.v[0-9]+\..*)$")}
GRAMMAR = Grammar("loopy", ("loopy",), VERSIONS, _PAYLOAD[2], "<level e|n|t|h|x><clues>.<tiling permalink>",
                  "loopy.v2.ec10a1a2a2g3c132a22a012a111a20b3a21b01b1a10c.p2.v1.5_4_9_AVVBUABUAA", MAX_LENGTH)
GRAMMAR_V1 = Grammar("loopy", ("loopy",), (1,), _PAYLOAD[1], "<level e|n|t|h><clues>.<tiling permalink>",
                     "loopy.v1.na2b3121a32c1c11b3b1c20a3d101a3b13a1.p3.v1.6_5_2_CCCYXYYDDXXYYY", MAX_LENGTH)


def encode_clues(clues) -> str:
    """The clue string of a list of clues (None for blank)."""
    out, run = [], 0
    for c in list(clues) + ["end"]:
        if c is None:
            run += 1
            continue
        while run:
            step = min(run, 26)
            out.append(chr(ord("a") + step - 1))
            run -= step
        if c == "end":
            break
        if not 0 <= c <= 35:
            raise ValueError(f"clue {c} out of range")
        out.append(str(c) if c < 10 else chr(ord("A") + c - 10))
    return "".join(out)


def decode_clues(text: str) -> list:
    """The clue list of a clue string."""
    clues: list = []
    for ch in text:
        if ch.isdigit():
            clues.append(int(ch))
        elif "A" <= ch <= "Z":
            clues.append(ord(ch) - ord("A") + 10)
        elif "a" <= ch <= "z":
            clues.extend([None] * (ord(ch) - ord("a") + 1))
        else:
            raise PermalinkError(f"loopy permalink: bad clue character {ch!r}")
    return clues


def encode(level: str, clues, tiling: str, version: int = 2) -> str:
    """The permalink of a puzzle."""
    return f"loopy.v{version}.{LETTER_OF[level]}{encode_clues(clues)}.{tiling}"


def decode(text) -> tuple[str, list, str]:
    """(level letter's name, clues, tiling permalink) of a v1 or v2 Loopy permalink."""
    return decode_versioned(text)[1:]


def decode_versioned(text) -> tuple[int, str, list, str]:
    """(version, level letter's name, clues, tiling permalink) of a permalink (a Link, or its
    text), or PermalinkError."""
    return read(as_link(text))


def read(link: Link) -> tuple[int, str, list, str]:
    """(version, level letter's name, clues, tiling permalink) of a parsed link: its payload read
    once and kept with the link (the cost check and the regeneration share it)."""
    return link.reading("loopy", _read)


def _read(link: Link) -> tuple[int, str, list, str]:
    m = (GRAMMAR_V1 if link.version == 1 else GRAMMAR).read(link)
    level, clue_text, tiling = m.groups()
    return link.version, LEVEL_LETTERS[level], decode_clues(clue_text), tiling
