"""What a web page calls in the engines (under Pyodide): the CLI, captured; the puzzle players.

The page never reimplements an engine: `run(argv)` runs `generator.cli.main(argv)` exactly
as `python -m generator ARGV...` would, with standard output captured as bytes and standard
error as text, so `run(["regen", P, "--format", "svg"])["stdout"]` is byte for byte what the
shell command prints.  Errors keep the CLI's contract: exit code 2 and one line
`error: ...` on standard error.

Players.  A puzzle family that can be played on the page provides a module with three
functions and is listed in `PLAYERS` under its permalink prefix:

    board(permalink) -> dict        the edge-marking board (see generator/pipeline/browser.py)
    check(permalink, lines, crosses) -> {"solved", "message", "wrong", "drawn", "total"}
    solution(permalink) -> {"lines": [edge ids]}     (only on "reveal")
    hint(permalink, lines, crosses) -> the next deduction (optional; the Hint button):
                                    `generator.hints.page_hint`'s object, the CLI's hint JSON
                                    plus the board's edge ids and the faces' dots to highlight
    SOLUTION_ARGS                   the `regen` flags that draw the answer ("Show the solution")

`player_call(name, permalink, *args)` runs one of them with the same error contract as
`run` (a TilepressError becomes `{"error": "error: ..."}`).
"""

from __future__ import annotations

import io
import sys

from generator import cli
from generator.calissons import play as calissons_play
from generator.errors import TilepressError
from generator.families import split_permalink
from generator.loopy import play as loopy_play

# permalink prefix -> the family module that offers board/check/solution
PLAYERS = {"cal": calissons_play, "loopy": loopy_play}


class _Capture(io.TextIOWrapper):
    """A text stream over a BytesIO, so code writing to `sys.stdout.buffer` is captured too."""

    def __init__(self):
        super().__init__(io.BytesIO(), encoding="utf-8", newline="\n", write_through=True)

    def data(self) -> bytes:
        """Everything written so far."""
        self.flush()
        return self.buffer.getvalue()


def run(argv: list[str]) -> dict:
    """{"code", "stdout" (bytes), "stderr" (text)} of `python -m generator ARGV...`."""
    out, err = _Capture(), _Capture()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        try:
            code = cli.main([str(a) for a in argv])
        except SystemExit as exc:               # argparse --help and friends
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdout, sys.stderr = saved
    return {"code": code, "stdout": out.data(), "stderr": err.data().decode("utf-8", "replace")}


def _prefix(link: str) -> str:
    """The family prefix of a permalink (the text before its first dot)."""
    return link.strip().split(".", 1)[0]


def playable(link: str) -> bool:
    """Does a family offer a player for this permalink?"""
    return isinstance(link, str) and _prefix(link) in PLAYERS


def player_call(name: str, link: str, *args) -> dict:
    """Call board/check/solution/hint of the permalink's player; errors as {"error": "error: ..."}."""
    try:
        split_permalink(link)                   # the CLI's message for a malformed permalink
        prefix = _prefix(link)
        mod = PLAYERS.get(prefix)
        if mod is None or name not in ("board", "check", "solution", "hint") or not hasattr(mod, name):
            raise TilepressError(f"permalinks {prefix}.v… cannot be played on the page")
        return getattr(mod, name)(link, *args)
    except TilepressError as exc:
        return {"error": f"error: {exc}"}
