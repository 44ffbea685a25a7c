"""`python -m generator` — the engines' command line, built from the family protocol.

Every subcommand is made from a family's `Family` value (`generator/families.py`): its
parameter schema gives the options and their `--help` texts, `validate()` checks them,
and the family's `to_json`/`to_svg` give the output.  Nothing here is family-specific.

    tiling NAME       --width W --height H --seed S --format json|svg|png|pdf   (tiling families)
    NAME generate     ...the family's generate() parameters...                  (other families)
    regen PERMALINK   [overrides] --format ...        the exact item a permalink names
    NAME COMMAND ...  a family's own commands (calissons solve, tantrix search, ...)
    supertile NAME    = NAME supertile; `tiling NAME` = NAME tiling

Exit codes: 0 success, 2 bad input (one line on stderr: `error: ...`), 1 internal error.
Set TILEPRESS_DEBUG=1 to see the traceback of an internal error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import traceback

from generator import __version__, families, output, reporting
from generator.errors import Terminated, TilepressError, machine_fault, one_line
from generator.families import REQUIRED, Family
from generator.permalinks import SHORTENED_PAGE_NAME, short_id

PROG = "python -m generator"


class Parser(argparse.ArgumentParser):
    """argparse that reports errors as one TilepressError line (exit 2) instead of usage + exit.

    `see_help=True` (build.py's parser) ends the line with a pointer to `--help`."""

    def __init__(self, *args, see_help: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.see_help = see_help

    def error(self, message):
        hint = f" (see {self.prog} --help)" if self.see_help else ""
        raise TilepressError(f"{self.prog.removeprefix(PROG + ' ')}: {message}{hint}")


def _help(p) -> str:
    """The option's help text (argparse needs '%' doubled)."""
    return p.help.replace("%", "%%")


def add_params(parser: argparse.ArgumentParser, schema, optional: bool = False) -> None:
    """One argparse argument per Param (all optional for regen overrides)."""
    for p in schema:
        if p.positional:
            parser.add_argument(p.name, metavar=p.metavar or p.name.upper(), help=_help(p))
        elif p.type == "bool":
            parser.add_argument(p.flag, dest=p.name, action="store_true", default=None, help=_help(p))
        else:
            parser.add_argument(p.flag, dest=p.name, default=None, help=_help(p),
                                required=p.default is REQUIRED and not optional,
                                choices=p.choices if p.type == "choice" else None,
                                metavar=None if p.type == "choice" else (p.metavar or p.name.upper()))


def add_formats(parser: argparse.ArgumentParser, formats) -> None:
    """`--format` (the first is the default) and `--out`."""
    parser.add_argument("--format", choices=formats, default=formats[0],
                        help=f"output format (default {formats[0]})")
    parser.add_argument("--out", metavar="FILE", default="-", help="write to FILE instead of standard output")


def values_of(args, schema, where: str) -> dict:
    """The parsed options of a schema, converted by type and validated."""
    raw = {}
    for p in schema:
        v = getattr(args, p.name)
        if v is not None:
            raw[p.name] = families.from_text(p, v) if isinstance(v, str) else v
    return families.validate(schema, raw, where, flags=True)


def make_parser(prog: str, description: str, schema=(), formats=(), optional=False) -> Parser:
    parser = Parser(prog=prog, description=description)
    add_params(parser, schema, optional)
    if formats:
        add_formats(parser, formats)
    return parser


def maker_schema(fam: Family) -> tuple[tuple, tuple]:
    """(extra options, extra formats) of the maker's exports, for families that give their tiles."""
    # lazy: start-up; the maker's exports load only to write an item
    from generator.maker import export
    if not export.offered(fam):
        return (), ()
    return export.PARAMS, tuple(f for f in export.FORMATS if f not in fam.formats)


def emit_item(fam: Family, item, fmt: str, out: str, svg_options: dict, maker: dict | None = None) -> int:
    """Write an item as the family's JSON, its SVG, or a PNG/PDF of the SVG; the maker's formats
    (graph, geojson, cut-svg, dxf) and `--colour` pictures through generator.maker."""
    # lazy: start-up; the maker's exports load only to write an item
    from generator.maker import export
    if maker is not None and (fmt in export.FORMATS or (maker.get("colour") and fmt != "json")):
        return export.emit(fam, item, fmt, out, maker)
    if fmt == "json":
        return output.emit_rendered("json", out, json_obj=fam.to_json(item))
    if fmt == "png" and fam.to_png is not None:
        png = fam.to_png(item, svg_options)
        if png is not None:
            output.emit(png, out)
            return 0
    return output.emit_rendered(fmt, out, svg=fam.to_svg(item, svg_options))


def run_generate(fam: Family, argv: list[str], words: str) -> int:
    """`tiling NAME ...` / `NAME generate ...`: a new item from the family's parameters."""
    prog = f"{PROG} {words}"
    extra, formats = maker_schema(fam)
    parser = make_parser(prog, fam.description or fam.title, fam.params + fam.svg_params + extra,
                         fam.formats + formats)
    args = parser.parse_args(argv)
    values = values_of(args, fam.params, "")
    options = values_of(args, fam.svg_params, "")
    maker = values_of(args, extra, "") if extra else None
    return emit_item(fam, fam.generate(values), args.format, args.out, options, maker)


def regen_parser(fam: Family) -> tuple[Parser, tuple]:
    """(the `regen PERMALINK` option parser of a family, the maker's extra options): the one rule
    for regen's options (a share link's display options are read through it too, generator.webapi)."""
    extra, formats = maker_schema(fam)
    parser = make_parser(f"{PROG} regen PERMALINK", f"Regenerate a {fam.title} item from its permalink.",
                         fam.regen_params + fam.svg_params + extra, fam.formats + formats, optional=True)
    return parser, extra


def run_regen(argv: list[str]) -> int:
    """`regen PERMALINK ...`: the exact item a permalink names (overrides per family)."""
    if not argv:
        raise TilepressError(f"regen: a permalink is needed (see {PROG} regen --help)")
    if argv[0] in ("-h", "--help"):
        print(f"usage: {PROG} regen PERMALINK [options] --format FORMAT [--out FILE]\n"
              "Regenerates the exact item a permalink names; options depend on the family:\n"
              f"`{PROG} regen PERMALINK --help` lists them.")
        return 0
    try:
        fam, link = families.parse(argv[0])      # read once; the family's regen gets the Link
        rest = argv[1:]
        parser, extra = regen_parser(fam)
        args = parser.parse_args(rest)
        overrides = values_of(args, fam.regen_params, "")
        item = fam.regen(link, overrides)
    except TilepressError as exc:
        if SHORTENED_PAGE_NAME.search(argv[0]):   # a long permalink's page name
            raise TilepressError(f"{one_line(exc)} ({argv[0][:24]}...{argv[0][-17:]} looks like the shortened "
                                 "name of an item's page, not its permalink: the page shows the whole "
                                 "permalink)") from None
        raise
    options = values_of(args, fam.svg_params, "")
    maker = values_of(args, extra, "") if extra else None
    return emit_item(fam, item, args.format, args.out, options, maker)


def run_command(fam: Family, argv: list[str]) -> int:
    """`NAME COMMAND ...` for one of the family's own commands."""
    name, rest = argv[0], argv[1:]
    cmd = next(c for c in fam.commands if c.name == name)
    parser = make_parser(f"{PROG} {fam.name} {name}", cmd.description or cmd.help, cmd.params, cmd.formats)
    args = parser.parse_args(rest)
    values = values_of(args, cmd.params, "")
    if cmd.formats:
        values.update(format=args.format, out=args.out)
    return cmd.run(values)


def subcommands(fam: Family) -> dict[str, str]:
    """The words a family answers to after its name, with their one-line help."""
    words = {}
    if fam.kind == "tiling":
        words["tiling"] = f"a new {fam.title} patch"
    elif not any(c.name == "generate" for c in fam.commands):
        words["generate"] = f"a new {fam.title} item"
    words.update({c.name: c.help for c in fam.commands})
    return words


def family_help(fam: Family) -> str:
    """The usage text of `NAME --help`."""
    words = subcommands(fam)
    lines = [f"usage: {PROG} {fam.name} {{{','.join(words)}}} ...", "", fam.description or fam.title, ""]
    lines += [f"  {w:<10} {h}" for w, h in words.items()]
    lines += ["", f"Run `{PROG} {fam.name} COMMAND --help` for the options."]
    return "\n".join(lines)


def run_family(fam: Family, argv: list[str]) -> int:
    """`NAME ...`: one of the family's subcommands."""
    words = subcommands(fam)
    if not argv:
        raise TilepressError(f"{fam.name}: which command? (choose from {', '.join(words)}; "
                             f"see {PROG} {fam.name} --help)")
    if argv[0] in ("-h", "--help", "help"):
        print(family_help(fam))
        return 0
    if argv[0] not in words:
        raise TilepressError(f"{fam.name}: unknown command {argv[0]!r} (choose from {', '.join(words)})")
    if argv[0] in ("tiling", "generate") and not any(c.name == argv[0] for c in fam.commands):
        return run_generate(fam, argv[1:], f"{argv[0]} {fam.name}" if argv[0] == "tiling"
                            else f"{fam.name} generate")
    return run_command(fam, argv)


def usage() -> str:
    """The top-level --help text, listing every family's commands."""
    lines = [f"usage: {PROG} COMMAND ...", "", __doc__.split("\n\n")[2].rstrip(), "", "Families:"]
    for fam in families.all_families():
        lines.append(f"  {fam.name:<10} {fam.title}: {', '.join(subcommands(fam))}")
    lines += ["", f"  {PROG} regen PERMALINK [--width W --height H] --format json|svg|png|pdf",
              f"  {PROG} sheet FAMILY|PERMALINK... [options]   a printable PDF of puzzles (see sheet --help)",
              f"  {PROG} new DIR        a small site to start from (then: tilepress-build serve)",
              f"  {PROG} --version", "", "Exit codes: 0 success, 2 bad input (`error: ...`), 1 internal error."]
    return "\n".join(lines)


def _usage_error(msg: str) -> int:
    print(f"error: {one_line(msg)} (see {PROG} --help)", file=sys.stderr)
    return 2


def dispatch(argv: list[str], commands: dict | None = None) -> int:
    """Route a command line to the family that owns it (or to one of `commands`: word -> run(argv))."""
    commands = commands or {}
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if argv[0] == "--version":
        print(f"tilepress {__version__}")
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd in commands:                 # a command of a higher floor, handed down by its entry point
        return commands[cmd](rest)
    if cmd == "regen":
        return run_regen(rest)
    if cmd == "sheet":
        return run_sheet(rest)
    if cmd in ("tiling", "supertile"):
        allowed = [f.name for f in families.all_families() if cmd in subcommands(f)]
        if not rest:
            raise TilepressError(f"{cmd}: which family? (choose from {', '.join(allowed)})")
        if rest[0] in ("-h", "--help"):
            print(f"usage: {PROG} {cmd} {{{','.join(allowed)}}} [options]\n"
                  f"Run `{PROG} {cmd} FAMILY --help` for the options.")
            return 0
        if rest[0] not in allowed:
            return _usage_error(f"{cmd}: unknown family {rest[0]!r} (choose from {', '.join(allowed)})")
        return run_family(families.get(rest[0]), [cmd] + rest[1:])
    if cmd in families.REGISTRY:
        fam = families.available(cmd)
        if fam is not None:
            return run_family(fam, rest)
    return _usage_error(f"unknown command {cmd!r}")


SHEET_HELP = ("A printable PDF of puzzles: from a recipe (FAMILY and its generate options; --count puzzles "
              "from --seed on, or one a day --from DATE --to DATE, the seed of a day being its date as "
              "YYYYMMDD like a site's daily schedule) or from permalinks. Title, Name and Date lines and the "
              "rules with a worked example on every puzzle page; --per-page puzzles a page, fewer when more "
              "would print edges under 6 mm or digits under 3.5 mm; answers at the back, in a file of their "
              "own (--answers separate: OUT-answers.pdf) or none. See docs/sheets.md.")


def _sheet_options(parser: argparse.ArgumentParser, recipe: bool) -> None:
    # lazy: start-up; generator.sheet (~13 ms) loads only for `sheet`
    from generator import sheet
    if recipe:
        parser.add_argument("--count", type=int, default=6, metavar="N",
                            help=f"how many puzzles (1..{sheet.MAX_COUNT}, default 6)")
        parser.add_argument("--from", dest="date_from", metavar="DATE", default=None,
                            help="a book: one puzzle a day from DATE (YYYY-MM-DD), seed = the date as YYYYMMDD")
        parser.add_argument("--to", dest="date_to", metavar="DATE", default=None, help="the book's last day")
    parser.add_argument("--per-page", dest="per_page", type=int, default=sheet.DEFAULT_PER_PAGE, metavar="N",
                        help=f"puzzles a page (1..{sheet.MAX_PER_PAGE}, default {sheet.DEFAULT_PER_PAGE}; "
                             "fewer when the puzzles would be too small to read)")
    parser.add_argument("--answers", choices=sheet.ANSWER_CHOICES, default="back",
                        help="answers at the back (default), none, or separate (OUT-answers.pdf)")
    parser.add_argument("--paper", choices=tuple(sheet.PAPERS_MM), default="a4", help="a4 (default) or letter")
    parser.add_argument("--title", default=None, help="the title printed on every page")
    parser.add_argument("--base-url", dest="base_url", default="", metavar="URL",
                        help="the site's address: each puzzle gets a QR code opening it on URL/regen.html")
    parser.add_argument("--out", metavar="FILE.pdf", default="-", help="write to FILE.pdf (default: standard output)")


def _date(text: str, flag: str):
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise TilepressError(f"{flag} must be a date YYYY-MM-DD, got {text!r}") from None


def _paper_entry(fam: Family, item, base_url: str, heading: str = ""):
    """A sheet.Entry of an item (TilepressError when it is not a puzzle)."""
    # lazy: start-up; generator.sheet (~13 ms) loads only for `sheet`
    from generator import sheet
    view = fam.on_paper(item) if fam.on_paper else None
    link = fam.permalink(item)
    if view is None:
        raise TilepressError(f"{link}: not a puzzle (nothing to print on a sheet)")
    url = f"{base_url.rstrip('/')}/regen.html#{link}" if base_url else ""
    return sheet.Entry(short_id(link), view["puzzle"], view["answer"], view["level"], view["edge"], url,
                       heading, view["kind"]), view


def run_sheet(argv: list[str]) -> int:
    """`sheet FAMILY [recipe] | sheet PERMALINK...`: a printable PDF (generator/sheet.py)."""
    # lazy: start-up; generator.sheet (~13 ms) loads only for `sheet`
    from generator import sheet
    prog = f"{PROG} sheet"
    if not argv or argv[0] in ("-h", "--help"):
        print(f"usage: {prog} FAMILY [the family's generate options] [--count N | --from DATE --to DATE] "
              f"[sheet options]\n       {prog} PERMALINK [PERMALINK ...] [sheet options]\n\n{SHEET_HELP}\n\n"
              f"Families: {', '.join(f.name for f in families.all_families() if f.on_paper)}; "
              f"`{prog} FAMILY --help` lists the options.")
        return 0
    fam = families.available(argv[0]) if argv[0] in families.REGISTRY else None
    if argv[0] in families.REGISTRY and (fam is None or fam.on_paper is None or fam.sheet_recipe is None):
        raise TilepressError(f"sheet: family {argv[0]!r} has no puzzles to print")
    days = []
    if fam is not None:
        schema = fam.params
        parser = make_parser(f"{prog} {fam.name}", SHEET_HELP, schema, optional=True)
        _sheet_options(parser, True)
        args = parser.parse_args(argv[1:])
        given = {p.name: families.from_text(p, getattr(args, p.name)) if isinstance(getattr(args, p.name), str)
                 else getattr(args, p.name) for p in schema if getattr(args, p.name) is not None}
        if (args.date_from is None) != (args.date_to is None):
            raise TilepressError("sheet: a book needs both --from and --to")
        if args.date_from is not None:
            start, end = _date(args.date_from, "--from"), _date(args.date_to, "--to")
            if end < start:
                raise TilepressError(f"--to {end} is before --from {start}")
            if (end - start).days + 1 > sheet.MAX_COUNT:
                raise TilepressError(f"--from/--to: {(end - start).days + 1} days (limit {sheet.MAX_COUNT})")
            if "seed" in given:
                raise TilepressError("--seed: a book's seeds are its dates (leave --seed out)")
            days = [start + dt.timedelta(days=k) for k in range((end - start).days + 1)]
            recipes = []
            for day in days:
                recipes += fam.sheet_recipe(dict(given, seed=day.year * 10000 + day.month * 100 + day.day), 1)
        else:
            if not 1 <= args.count <= sheet.MAX_COUNT:
                raise TilepressError(f"--count must be between 1 and {sheet.MAX_COUNT}, got {args.count}")
            recipes = fam.sheet_recipe(given, args.count)
        what = ", ".join(p.flag for p in fam.params if p.name in ("width", "height", "size", "region")) or "size"
        what = f"a puzzle of this recipe ({what})"
        if not 1 <= args.per_page <= sheet.MAX_PER_PAGE:
            raise TilepressError(f"--per-page must be between 1 and {sheet.MAX_PER_PAGE}, got {args.per_page}")
        entries, view = [], None
        for k, values in enumerate(recipes):
            heading = f"{days[k].strftime('%A')} {days[k].day} {days[k].strftime('%B %Y')}" if days else ""
            entry, view = _paper_entry(fam, fam.generate(values), args.base_url, heading)
            entries.append(entry)
            if k == 0:      # a first puzzle too big for the rule even alone on a page: refused before the rest
                sheet.per_page(sheet.Sheet("", view["rules"], view.get("example", ""), [entry], args.paper, 1), what)
    else:
        parser = Parser(prog=prog, description=SHEET_HELP)
        parser.add_argument("links", nargs="+", metavar="PERMALINK", help="the puzzles, in order")
        _sheet_options(parser, False)
        args = parser.parse_args(argv)
        if len(args.links) > sheet.MAX_COUNT:
            raise TilepressError(f"sheet: {len(args.links)} permalinks (limit {sheet.MAX_COUNT})")
        if not 1 <= args.per_page <= sheet.MAX_PER_PAGE:
            raise TilepressError(f"--per-page must be between 1 and {sheet.MAX_PER_PAGE}, got {args.per_page}")
        entries, view, kinds = [], None, set()
        for text in args.links:
            f, link = families.parse(text)
            if f.on_paper is None:
                raise TilepressError(f"{text[:40]}: family {f.name!r} has no puzzles to print")
            if f.cost is not None and f.page_cap is not None:
                cap = f.page_cap(link) if callable(f.page_cap) else f.page_cap
                if f.cost(link, None) > 4 * cap:
                    raise TilepressError(f"{text[:40]}: too big for a sheet")
            entry, v = _paper_entry(f, f.regen(link, {}), args.base_url)
            entries.append(entry)
            kinds.add(f.name)
            view = view or v
        if len(kinds) > 1:
            raise TilepressError("sheet: the permalinks name puzzles of different families (one family a sheet)")
        what = "a permalink's puzzle"
    levels = sorted({e.level for e in entries})
    kinds = sorted({e.kind for e in entries})
    title = args.title or (f"{kinds[0] if len(kinds) == 1 else fam.title if fam else 'Puzzles'}"
                           + (f", {levels[0]}" if len(levels) == 1 else ""))
    pages = sheet.Sheet(title, view["rules"], view.get("example", ""), entries, args.paper, args.per_page,
                        args.answers)
    if args.answers == "separate" and args.out == "-":
        raise TilepressError("--answers separate needs --out FILE.pdf (the answers go to FILE-answers.pdf)")
    cover = None
    if days:
        whole_month = (days[0].day == 1 and days[-1].month == days[0].month
                       and (days[-1] + dt.timedelta(days=1)).day == 1)
        span = days[0].strftime("%B %Y") if whole_month else f"{days[0].isoformat()} to {days[-1].isoformat()}"
        cover = (title, f"A puzzle a day: {span}")
    pdf, answers, n, note = sheet.make(pages, what, cover)
    if note:
        print(f"note: {note}", file=sys.stderr)
    output.emit(pdf, args.out)
    if answers is not None:
        base = args.out[:-4] if args.out.lower().endswith(".pdf") else args.out
        output.emit(answers, f"{base}-answers.pdf")
    return 0


def main(argv: list[str] | None = None, commands: dict | None = None) -> int:
    """Run the CLI; turn user errors into one line and exit code 2.

    `commands` ({word: run(argv) -> int}) adds commands that live on a higher floor (the site
    build's `new`), so that this module never imports upward; `generator.__main__` passes them."""
    argv = sys.argv[1:] if argv is None else argv
    reporting.PROGRESS = sys.stderr.isatty()
    was_streaming, output.STREAMING = output.STREAMING, True
    try:
        return dispatch(argv, commands)
    except TilepressError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return exc.exit_code
    except RecursionError:
        print("error: input too deeply nested (recursion limit reached)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as exc:
        print("terminated", file=sys.stderr)
        return 128 + exc.signum
    except BrokenPipeError:
        return 0
    except OSError as exc:   # the machine's fault (a full disk, a read-only folder): the user's to fix
        print(f"error: {machine_fault(exc)}", file=sys.stderr)
        return 2
    except MemoryError:
        print("error: out of memory (choose a smaller input)", file=sys.stderr)
        return 2
    except Exception as exc:  # an internal bug: one line unless debugging
        if os.environ.get("TILEPRESS_DEBUG"):
            traceback.print_exc()
        else:
            print(f"internal error: {type(exc).__name__}: {exc} (set TILEPRESS_DEBUG=1 for details)",
                  file=sys.stderr)
        return 1
    finally:
        output.STREAMING = was_streaming
