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
import os
import sys
import traceback

from generator import families, output
from generator.errors import Terminated, TilepressError, machine_fault, one_line
from generator.families import REQUIRED, Family

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


def emit_item(fam: Family, item, fmt: str, out: str, svg_options: dict) -> int:
    """Write an item as the family's JSON, its SVG, or a PNG/PDF of the SVG."""
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
    parser = make_parser(prog, fam.description or fam.title, fam.params + fam.svg_params, fam.formats)
    args = parser.parse_args(argv)
    values = values_of(args, fam.params, "")
    options = values_of(args, fam.svg_params, "")
    return emit_item(fam, fam.generate(values), args.format, args.out, options)


def run_regen(argv: list[str]) -> int:
    """`regen PERMALINK ...`: the exact item a permalink names (overrides per family)."""
    if not argv:
        raise TilepressError(f"regen: a permalink is needed (see {PROG} regen --help)")
    if argv[0] in ("-h", "--help"):
        print(f"usage: {PROG} regen PERMALINK [options] --format FORMAT [--out FILE]\n"
              "Regenerates the exact item a permalink names; options depend on the family:\n"
              f"`{PROG} regen PERMALINK --help` lists them.")
        return 0
    link, rest = argv[0], argv[1:]
    fam, _version, _payload = families.split_permalink(link)
    parser = make_parser(f"{PROG} regen PERMALINK", f"Regenerate a {fam.title} item from its permalink.",
                         fam.regen_params + fam.svg_params, fam.formats, optional=True)
    args = parser.parse_args(rest)
    overrides = values_of(args, fam.regen_params, "")
    options = values_of(args, fam.svg_params, "")
    return emit_item(fam, fam.regen(link, overrides), args.format, args.out, options)


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
              f"  {PROG} new DIR        a small site to start from (then: tilepress-build serve)",
              f"  {PROG} --version", "", "Exit codes: 0 success, 2 bad input (`error: ...`), 1 internal error."]
    return "\n".join(lines)


def _usage_error(msg: str) -> int:
    print(f"error: {one_line(msg)} (see {PROG} --help)", file=sys.stderr)
    return 2


def dispatch(argv: list[str]) -> int:
    """Route a command line to the family that owns it."""
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if argv[0] == "--version":
        from generator import __version__
        print(f"tilepress {__version__}")
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "new":
        return run_new(rest)
    if cmd == "regen":
        return run_regen(rest)
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


def run_new(argv: list[str]) -> int:
    """`new DIR`: a small site to start from (site.toml, an article, a theme, a README)."""
    parser = Parser(prog=f"{PROG} new", description="Make a small tilepress site in DIR (new or empty): "
                    "site.toml with a Loopy gallery and a daily schedule, one article, a theme "
                    "that changes the header and colours, and a README on publishing it.")
    parser.add_argument("dir", metavar="DIR", type=str, help="the folder to make")
    args = parser.parse_args(argv)
    from generator.pipeline.newsite import new_site
    for rel in new_site(args.dir):
        print(f"made {os.path.join(args.dir, rel)}", file=sys.stderr)
    print(f"next: cd {args.dir} && tilepress-build serve   (or tilepress-build to build _site/)",
          file=sys.stderr)
    return 0


def console() -> int:
    """The `tilepress` console script: `python -m generator` under its installed name."""
    global PROG
    PROG = "tilepress"
    from generator.errors import on_termination
    on_termination()
    return main()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; turn user errors into one line and exit code 2."""
    argv = sys.argv[1:] if argv is None else argv
    output.PROGRESS = sys.stderr.isatty()
    was_streaming, output.STREAMING = output.STREAMING, True
    try:
        return dispatch(argv)
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
