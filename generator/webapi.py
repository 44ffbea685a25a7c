"""What a web page calls in the engines (under Pyodide): the CLI, captured; the puzzle players.

The page never reimplements an engine: `run(argv)` runs `generator.cli.main(argv)` exactly
as `python -m generator ARGV...` would, with standard output captured as bytes and standard
error as text, so `run(["regen", P, "--format", "svg"])["stdout"]` is byte for byte what the
shell command prints.  Errors keep the CLI's contract: exit code 2 and one line
`error: ...` on standard error.

Everything family-specific comes from the family's `Family` value (generator/families.py): its
`cost` and `page_cap` (the page's size cap), `player` and `hinter` (modules), `page_modules` (what
the page may call), `memo_modules` and `warm_up`.  This module names no family.

Players.  A puzzle family that can be played on the page provides a module with three
functions and names it in its `Family.player`:

    board(permalink) -> dict        the edge-marking board (see generator/pipeline/browser.py)
    check(permalink, lines, crosses) -> {"solved", "message", "wrong", "drawn", "total"}
    solution(permalink) -> {"lines": [edge ids]}     (only on "reveal")
    SOLUTION_ARGS                   the `regen` flags that draw the answer ("Show the solution")
    PRINT_ARGS                      (optional) the `regen` flags of the page's printout

The Hint button calls `hint(permalink, lines, crosses)` of the family's hint engine, named in
its `Family.hinter` (its module imports the player, never the other way round): `generator.hints.page_hint`'s
object, the CLI's hint JSON plus the board's edge ids and the faces' dots to highlight.

    plays(permalink) -> bool        (optional) False for the family's permalinks that are not puzzles
                                    (e.g. a calisson sample tiling `cal.v2.<n>.s<seed>`)
    page_check(permalink) -> dict | None   (optional) what the page needs to run `check` itself,
                                    without Python: {"rule": "loop", "total"} (the board's clues and
                                    the loop rules) or {"rule": "answer", "lines", "messages"}
                                    (the marks against the unique answer); None: only Python checks

`page_data(permalink)` is what the build writes beside each playable site item (the board and
its page_check), so that a link to the item is playable before the Python runtime has loaded.

`player_call(name, permalink, *args)` runs one of them with the same error contract as
`run` (a TilepressError becomes `{"error": "error: ..."}`).

The page's questions, answered here once (the item pages ask the same at build time):
`cap_error(permalink)` is the page's size cap, decided from the permalink's text before
any work by the family's own cost rule (`Family.cost` against `Family.page_cap`); `describe(permalink)` says what the page offers for it
(a player, a "Show the solution").  `call(module, name, args)` is the page worker's one
entry point: it runs `generator.<module>.<name>(*args)` and returns its JSON-able result, for
the functions of an explicit table only (`page_calls()`: PAGE_CALLS and each family's
`Family.page_calls`), nothing else by name.

Memo: `remember(n)` makes the page's worker read each puzzle permalink once (the families'
`memo_modules`) (its picture,
JSON, facts, board and hints then share it; the worker's boot turns it on).  `clock(module,
name, args)` times one call in this runtime (bench/browser.py's probe).  `warm_up()` makes a
small item (each family's `warm_up`) so that the WebAssembly engine compiles its fast code before the visitor's first.

Progress: `set_progress(fn)` makes every `generator.output.progress` loop (the command
line's progress bars) call `fn(done, total, unit, desc)` about four times a second, and every
`generator.output.stage(desc)` call `fn(None, None, "", desc)` at once.
"""

from __future__ import annotations

import io
import re
import sys
import time
from urllib.parse import unquote

from generator import cli, output, reporting
from generator.errors import TilepressError
from generator.families import Family, all_families, module_named, parse
from generator.names import technical_facts, visitor_facts
from generator.permalinks import Link

MAX_PERMALINK_CHARS = 20000             # the longest permalink the page reads


def players() -> list[str]:
    """The permalink prefixes the page plays (families with a `player`), sorted."""
    return sorted(f.prefix for f in all_families() if f.player)


def hinters() -> list[str]:
    """The permalink prefixes whose puzzles have the Hint button (families with a `hinter`), sorted."""
    return sorted(f.prefix for f in all_families() if f.hinter)


def _module(fam: Family | None, part: str):
    """The family's player or hinter module (None when it has none)."""
    name = getattr(fam, part, "") if fam is not None else ""
    return module_named("generator." + name) if name else None


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


def _parsed(link) -> tuple[Family, Link] | tuple[None, None]:
    """(family, Link) of a permalink, read once for this call (generator.families.parse), or
    (None, None) when it is not one the page reads."""
    try:
        return parse(link)
    except TilepressError:
        return None, None


def player_module(fam: Family):
    """The family's player module (board/check/solution, SOLUTION_ARGS), or None."""
    return _module(fam, "player")


def _player(fam: Family | None, link: Link | None):
    """The player module of a parsed permalink's family when it plays this permalink, else None."""
    mod = _module(fam, "player")
    if mod is None:
        return None
    plays = getattr(mod, "plays", None)
    return mod if plays is None or plays(link) else None


def playable(link: str) -> bool:
    """Does a family offer a player for this permalink (a puzzle, not one of its plain pictures)?"""
    return _player(*_parsed(link)) is not None


def describe(link: str) -> dict:
    """What the page offers for a permalink: {"playable", "solution_args" (None: no answer to show),
    "print_args" (the `regen` flags of its printout; a player's PRINT_ARGS), "print_solution_args" (those
    of the printed solution: PRINT_SOLUTION_ARGS, else the solution's own), "print_rules" (PRINT_RULES: the
    rules printed with it, else None: the board's), "prefix" and "family" (the parsed link's prefix and
    family name, None for a text that is not a permalink: the page never reads the link itself),
    "hints" (the family has a Hint button)}."""
    fam, parsed = _parsed(link)
    mod = _player(fam, parsed)
    about = {"prefix": parsed.prefix if parsed else None, "family": fam.name if fam else None,
             "hints": bool(fam and fam.hinter)}
    if mod is None:
        return dict({"playable": False, "solution_args": None, "print_args": [], "print_solution_args": None,
                     "print_rules": None}, **about)
    args = list(getattr(mod, "SOLUTION_ARGS", ()))
    return dict({"playable": True, "solution_args": args or None, "print_args": list(getattr(mod, "PRINT_ARGS", ())),
                 "print_solution_args": list(getattr(mod, "PRINT_SOLUTION_ARGS", args)) or None,
                 "print_rules": getattr(mod, "PRINT_RULES", None)}, **about)


SHARE_MARK = "?"          # a share link: PERMALINK?NAME=VALUE&...; "?" is never in a permalink's alphabet
MAX_SHARE_CHARS = 400


def share_options(fam: Family) -> tuple[str, ...]:
    """The display options a share link may carry for a family: the flags of its form's "show"
    (e.g. colour, palette), in that order; () for a family whose form shows none."""
    return tuple(a[2:] for a in (fam.form or {}).get("show", ()) if a.startswith("--"))


def share_args(link: str, query: str) -> list[str]:
    """The `regen` flags that a share link's options name (the text after SHARE_MARK:
    `colour=proper4&palette=okabe-ito`, each part percent-encoded), checked by the command line's
    own `regen` parser (generator.cli.regen_parser), or TilepressError: an option the family's form
    does not show, one given twice or without a value, or a value `regen` refuses."""
    fam, _ = parse(link)
    if not isinstance(query, str) or len(query) > MAX_SHARE_CHARS:
        raise TilepressError(f"share link: the options after {SHARE_MARK!r} must be text of at most "
                             f"{MAX_SHARE_CHARS} characters")
    allowed = share_options(fam)
    given = {}
    for part in query.split("&"):
        name, eq, value = (unquote(x) for x in part.partition("="))
        if not eq or not name or not value:
            raise TilepressError(f"share link: {unquote(part)[:40]!r} is not NAME=VALUE")
        if name not in allowed:
            offer = f"only {', '.join(allowed)}" if allowed else "none"
            raise TilepressError(f"share link: unknown option {name[:40]!r} ({fam.prefix} links take {offer})")
        if name in given:
            raise TilepressError(f"share link: option {name!r} is given twice")
        given[name] = value
    flags = [w for name in allowed if name in given for w in ("--" + name, given[name])]
    parser, extra = cli.regen_parser(fam)
    try:
        cli.values_of(parser.parse_args(flags), extra, "")
    except TilepressError as exc:
        raise TilepressError("share link: " + str(exc).removeprefix("error: ").removeprefix("regen PERMALINK: ")) from None
    return flags


def page_data(link: str) -> dict | None:
    """{"board", "check", "hints"} of a playable permalink (check: its player's page_check, or None;
    hints: its family has a Hint button), else None."""
    fam, parsed = _parsed(link)
    mod = _player(fam, parsed)
    if mod is None:
        return None
    board = mod.board(parsed)
    page_check = getattr(mod, "page_check", None)
    return {"board": board, "check": page_check(parsed) if page_check is not None else None,
            "hints": bool(fam.hinter)}


def maker_formats(link: str) -> bool:
    """Does the permalink's family give its tiles, so the page offers the cut file and the neighbour
    graph (`--format cut-svg|graph`, generator/maker/)?"""
    # lazy: the page's worker boots without the maker's modules (~8 ms in CPython); asked for tilings only
    from generator.maker import export
    fam, _link = _parsed(link)
    return fam is not None and export.offered(fam)


def facts(link: str) -> list:
    """The item's facts in the item page's words ([label, value] pairs: "Tiling", "Penrose P2
    (kites and darts)"; "Level", "Easy"; "Side"), the visitor's first, then those its page folds
    under "Details for the curious" (generator.names.visitor_facts, technical_facts)."""
    fam, parsed = parse(link)
    raw = [(str(k), v) for k, v in fam.facts(fam.regen(parsed, {}))]
    return [[k, v if isinstance(v, (int, float, str)) else str(v)] for k, v in visitor_facts(raw) + technical_facts(raw)]


def cap_error(link: str, _caps=None, max_chars: int = MAX_PERMALINK_CHARS) -> str | None:
    """The page's size cap, from the permalink's text alone: None when the page makes it, else the
    one-line message (also for a text that is not a permalink at all but a command-line option,
    e.g. the fragment of `regen.html#--help`).  The rule is the family's `cost` (the one the command line and the build
    refuse over-cost links with) against its `page_cap`.  A link the family cannot read (or one
    over the command line's own budget) passes: `regen` then gives the command line's one line, at
    once.  (`_caps` is ignored: older pages pass their regex table.)"""
    p = str(link).strip()
    if p.startswith("-"):
        return (f"error: {p[:40]!r} is not a permalink (a permalink starts with its family's prefix, "
                "e.g. loopy.v1.…)")
    if len(p) > max_chars:
        return (f"error: permalink too long for the page ({len(p)} characters, limit {max_chars}); "
                "regenerate it with `python -m generator regen`")
    try:
        fam, parsed = parse(p)
        if fam.cost is None or fam.page_cap is None:
            return None
        amount = fam.cost(parsed, None)
    except TilepressError:
        return None
    limit = fam.page_cap(parsed) if callable(fam.page_cap) else fam.page_cap
    if amount > limit:
        return (f"error: this {fam.prefix} permalink asks for about {amount:,.0f} {_unit(fam)}; the page "
                f"makes up to {limit:,.0f} (use `python -m generator regen` for bigger ones)")
    return None


def _unit(fam: Family) -> str:
    """What a family's cost counts, as the form names it ("tiles" when it says nothing)."""
    return ((fam.form or {}).get("count") or {}).get("unit") or "tiles"


# The calls the page makes, function by function ("module.name" under generator.): `call` reaches
# these and nothing else — not a module's other helpers by name (families.load,
# families.module_named, cli.main, a family module's file readers).  A family adds the calls its
# page code makes in `Family.page_calls`.
PAGE_CALLS = ("webapi.run", "webapi.player_call", "webapi.cap_error", "webapi.describe", "webapi.facts",
              "webapi.playable", "webapi.players", "webapi.hinters", "webapi.warm_up", "webapi.remember",
              "webapi.clock", "webapi.maker_formats", "webapi.share_args", "families.short_id")


def page_calls() -> tuple[str, ...]:
    """Every function ("module.name", under generator.) the page may call, in table order."""
    return PAGE_CALLS + tuple(c for f in all_families() for c in f.page_calls if c not in PAGE_CALLS)


def page_modules() -> tuple[str, ...]:
    """The modules of page_calls() (older callers ask for these)."""
    return tuple(dict.fromkeys(c.rpartition(".")[0] for c in page_calls()))


def call(module: str, name: str, args: list):
    """`generator.<module>.<name>(*args)`: the page worker's one entry point (see regen.js); only
    the functions page_calls() lists, with a list of JSON arguments."""
    dotted = f"{module}.{name}" if isinstance(module, str) and isinstance(name, str) else ""
    if dotted not in page_calls():
        raise TilepressError(f"the page cannot call {str(module)[:60]}.{str(name)[:60]} "
                             "(generator.webapi.page_calls() lists the calls it makes)")
    if not isinstance(args, (list, tuple)):
        raise TilepressError(f"{dotted}: the arguments must be a list")
    fn = getattr(module_named("generator." + module), name, None)
    if not callable(fn):
        raise TilepressError(f"generator.{module} has no function {name}")
    return fn(*args)


PAGE_MEMO = 4                           # puzzles the page's worker keeps (the boot's remember(PAGE_MEMO))


def remember(n: int) -> None:
    """Keep the last n puzzles each family's `memo_modules` read from permalinks (0: read afresh)."""
    for name in (m for f in all_families() for m in f.memo_modules):
        module_named("generator." + name).remember(n)


def clock(module: str, name: str, args: list) -> dict:
    """{"seconds", "cpu"} of `generator.<module>.<name>(*args)` in this runtime, the result dropped
    (bench/browser.py times the engines inside the page with it); module one of page_modules()."""
    t, c = time.perf_counter(), time.process_time()
    call(module, name, args)
    return {"seconds": time.perf_counter() - t, "cpu": time.process_time() - c}


def warm_up() -> dict:
    """Run each family's `warm_up` once, output dropped (the page's worker when it is idle after
    start-up; a WebAssembly engine compiles its fast code once a function is hot): {"seconds"}."""
    t = time.perf_counter()
    for fam in all_families():
        if fam.warm_up:
            r = run(list(fam.warm_up))
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
    reporting.SINK = sink if fn is not None else None


def player_call(name: str, link: str, *args) -> dict:
    """Call board/check/solution/hint of the permalink's player; errors as {"error": "error: ..."}."""
    try:
        fam, parsed = parse(link)    # read once (the CLI's message for a bad one); the player gets the Link
        mod = _module(fam, "hinter" if name == "hint" else "player")
        if mod is None or name not in ("board", "check", "solution", "hint") or not hasattr(mod, name):
            raise TilepressError(f"permalinks {fam.prefix}.v… cannot be played on the page")
        return getattr(mod, name)(parsed, *args)
    except TilepressError as exc:
        return {"error": f"error: {exc}"}
