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
    SOLUTION_ARGS                   the `regen` flags that draw the answer ("Show the solution")
    PRINT_ARGS                      (optional) the `regen` flags of the page's printout

The Hint button calls `hint(permalink, lines, crosses)` of the family's hint engine, listed in
`HINTERS` (its module imports the player, never the other way round): `generator.hints.page_hint`'s
object, the CLI's hint JSON plus the board's edge ids and the faces' dots to highlight.

    plays(permalink) -> bool        (optional) False for the family's permalinks that are not puzzles
                                    (e.g. a calisson sample tiling `cal.v2.<n>.s<seed>`)

`player_call(name, permalink, *args)` runs one of them with the same error contract as
`run` (a TilepressError becomes `{"error": "error: ..."}`).

The page's questions, answered here once (the item pages ask the same at build time):
`cap_error(permalink, caps, max_chars)` is the page's size cap, decided from the
permalink's text before any work; `describe(permalink)` says what the page offers for it
(a player, a "Show the solution").  `call(module, name, args)` is the page worker's one
entry point: it runs `generator.<module>.<name>(*args)` and returns its JSON-able result.

Memo: `remember(n)` makes the page's worker read each puzzle permalink once (its picture,
JSON, facts, board and hints then share it; the worker's boot turns it on).  `clock(module,
name, args)` times one call in this runtime (bench/browser.py's probe).  `warm_up()` makes a
small puzzle so that the WebAssembly engine compiles its fast code before the visitor's first.

Progress: `set_progress(fn)` makes every `generator.output.progress` loop (the command
line's progress bars) call `fn(done, total, unit, desc)` about four times a second, and every
`generator.output.stage(desc)` call `fn(None, None, "", desc)` at once.
"""

from __future__ import annotations

import io
import re
import sys
import time

from generator import cli, output
from generator.calissons import hints as calissons_hints
from generator.calissons import play as calissons_play
from generator.errors import TilepressError
from generator.families import module_named, split_permalink
from generator.loopy import hints as loopy_hints
from generator.loopy import play as loopy_play

# permalink prefix -> the family module that offers board/check/solution
PLAYERS = {"cal": calissons_play, "loopy": loopy_play}
# permalink prefix -> the hint engine whose hint(permalink, lines, crosses) the Hint button calls
HINTERS = {"cal": calissons_hints, "loopy": loopy_hints}


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
    """Does a family offer a player for this permalink (a puzzle, not one of its plain pictures)?"""
    if not isinstance(link, str) or _prefix(link) not in PLAYERS:
        return False
    plays = getattr(PLAYERS[_prefix(link)], "plays", None)
    return plays is None or bool(plays(link.strip()))


def describe(link: str) -> dict:
    """What the page offers for a permalink: {"playable", "solution_args" (None: no answer to show),
    "print_args" (the `regen` flags of its printout; a player's PRINT_ARGS)}."""
    if not playable(link):
        return {"playable": False, "solution_args": None, "print_args": []}
    mod = PLAYERS[_prefix(link)]
    args = list(getattr(mod, "SOLUTION_ARGS", ()))
    return {"playable": True, "solution_args": args or None, "print_args": list(getattr(mod, "PRINT_ARGS", ()))}


def facts(link: str) -> list:
    """The item's facts as its item page lists them ([label, value] pairs): family.facts(regen(link))."""
    fam, _version, _payload = split_permalink(link)
    return [[str(k), v if isinstance(v, (int, float, str)) else str(v)] for k, v in fam.facts(fam.regen(link.strip(), {}))]


def _number(text: str) -> float:
    """A size written in a permalink (decimal digits and at most one point)."""
    try:
        return float(text)
    except ValueError:
        return float("inf")


def cap_error(link: str, caps: list, max_chars: int) -> str | None:
    """The page's size cap, from the permalink's text alone: None when the page makes it, else
    the one-line message.  `caps` are the page's entries (generator/pipeline/browser.py
    SIZE_CAPS): {"re": size pattern, "area" or "side": limit}; the first matching entry rules."""
    p = str(link).strip()
    if len(p) > max_chars:
        return (f"error: permalink too long for the page ({len(p)} characters, limit {max_chars}); "
                "regenerate it with `python -m generator regen`")
    for cap in caps:
        m = re.match(cap["re"], p)
        if not m:
            continue
        if "area" in cap:
            w, h = _number(m.group(1)), _number(m.group(2))
            if w * h > cap["area"]:
                return (f"error: this patch is {m.group(1)} × {m.group(2)} = {round(w * h)} square units; "
                        f"the page regenerates up to {cap['area']} (use `python -m generator regen` for "
                        "bigger ones)")
        if "side" in cap and _number(m.group(1)) > cap["side"]:
            return (f"error: this puzzle has side {m.group(1)}; the page regenerates puzzles up to side "
                    f"{cap['side']} (use `python -m generator regen` for bigger ones)")
        return None
    return None


# The modules whose public functions the page may call (`tilepress.call(module, name, args)`):
# a page feature that needs another one adds its name here (one line).
PAGE_MODULES = ("webapi", "families", "calissons.play", "loopy.play", "calissons.regions", "calissons.onregion",
                "calissons.hints", "loopy.hints", "hints", "loopy.puzzle")


def call(module: str, name: str, args: list):
    """`generator.<module>.<name>(*args)`: the page worker's one entry point (see regen.js);
    module one of PAGE_MODULES, name a public function."""
    if module not in PAGE_MODULES or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise TilepressError(f"the page cannot call {module}.{name} (generator.webapi.PAGE_MODULES lists "
                             "the modules it may call)")
    fn = getattr(module_named("generator." + module), name, None)
    if not callable(fn):
        raise TilepressError(f"generator.{module} has no function {name}")
    return fn(*args)


# the puzzle modules whose from_permalink keeps its last reads under `remember`
MEMO_MODULES = ("loopy.puzzle",)
PAGE_MEMO = 4                           # puzzles the page's worker keeps (the boot's remember(PAGE_MEMO))


def remember(n: int) -> None:
    """Keep the last n puzzles each MEMO_MODULES module reads from permalinks (0: read afresh)."""
    for name in MEMO_MODULES:
        module_named("generator." + name).remember(n)


def clock(module: str, name: str, args: list) -> dict:
    """{"seconds", "cpu"} of `generator.<module>.<name>(*args)` in this runtime, the result dropped
    (bench/browser.py times the engines inside the page with it); module one of PAGE_MODULES."""
    t, c = time.perf_counter(), time.process_time()
    call(module, name, args)
    return {"seconds": time.perf_counter() - t, "cpu": time.process_time() - c}


# The page worker's warm-up: a small puzzle made through the same code as the form's Make (tiling
# patch, grid, loop, clue thinning, solver) and drawn.  A WebAssembly engine first runs a function
# in quickly compiled slow code and compiles its fast code in the background once it is hot: in
# Chromium on a loaded 2-core machine the first 250-face Hard hat puzzle made after start-up took
# 7.7 s against 3.9 s for the same puzzle made next; after this warm-up (0.3-0.9 s) and 4 idle
# seconds the first one took 4.1 s.  The page asks for it when the visitor starts on the form.
WARM_UP = ["loopy", "generate", "--tiling", "p3", "--width", "7", "--height", "6", "--seed", "1", "--level", "hard",
           "--format", "svg"]


def warm_up() -> dict:
    """Run WARM_UP once, output dropped (the page's worker when it is idle after start-up): {"seconds"}."""
    t = time.perf_counter()
    r = run(WARM_UP)
    if r["code"]:
        raise TilepressError(f"the warm-up failed: {r['stderr'].strip()}")
    return {"seconds": time.perf_counter() - t}


def set_progress(fn) -> None:
    """Report `generator.output.progress` loops to fn(done, total, unit, desc), at most 4 times a second,
    and every `generator.output.stage` (done None) at once."""
    last = [0.0]

    def sink(done, total, unit, desc):
        now = time.monotonic()
        if done is None or now - last[0] >= 0.25:
            last[0] = now
            fn(done, total, unit, desc)
    output.SINK = sink if fn is not None else None


def player_call(name: str, link: str, *args) -> dict:
    """Call board/check/solution/hint of the permalink's player; errors as {"error": "error: ..."}."""
    try:
        split_permalink(link)                   # the CLI's message for a malformed permalink
        prefix = _prefix(link)
        mod = (HINTERS if name == "hint" else PLAYERS).get(prefix)
        if mod is None or name not in ("board", "check", "solution", "hint") or not hasattr(mod, name):
            raise TilepressError(f"permalinks {prefix}.v… cannot be played on the page")
        return getattr(mod, name)(link, *args)
    except TilepressError as exc:
        return {"error": f"error: {exc}"}
