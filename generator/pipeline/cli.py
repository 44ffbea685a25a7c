"""The site build's command line: `python build.py` in a checkout, `tilepress-build` when installed.

    python build.py [--out DIR] [--jobs N] [--only FAMILY] [--clean] [--base-url URL]
    python build.py serve [--port PORT] [same build options]

`build.py` at the top of the repository only calls `main()` here, so the command works the
same from a checkout and from an installed package (`pip install .`): the defaults are the
repository's `site_src/` and `templates/`, or the copies the package installs
(`generator.pipeline.build.DEFAULT_CONFIG`, `DEFAULT_TEMPLATES`).

Exit codes: 0 built, 1 an item failed or an internal error (the message names the item;
the previous site is untouched), 2 bad input (site.toml, an article, a template, a flag:
one line `error: file:line: ...`) or a fault of the machine (a full disk, a read-only
folder: one line naming the path and the cause; the previous site is untouched), 130
interrupted.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import traceback
from pathlib import Path

from generator import __version__
from generator.cli import Parser
from generator.errors import TilepressError, machine_fault, one_line
from generator.pipeline.build import DEFAULT_CONFIG, DEFAULT_OUT, DEFAULT_TEMPLATES, ROOT, Options, build
from generator.pipeline.generate import ItemFailure

PROG = "build.py"


def _parser(serve: bool, prog: str = PROG, config: Path = DEFAULT_CONFIG,
            out: Path = DEFAULT_OUT) -> argparse.ArgumentParser:
    """The argument parser of `build.py` (or of `build.py serve`)."""
    p = Parser(
        see_help=True,
        prog=f"{prog} serve" if serve else prog,
        description=("Preview the site on 127.0.0.1, rebuilding on every change to the site's folder "
                     "(site.toml, articles, theme), the built-in templates or generator/; open pages "
                     "reload themselves." if serve else
                     "Build the tilepress static site (atomically, incrementally). "
                     f"Run `{prog} serve --help` for the local preview server."),
        epilog="Exit codes: 0 ok, 1 an item failed (named), 2 bad input (file:line), 130 interrupted.")
    p.add_argument("--version", action="version", version=f"tilepress {__version__}")
    p.add_argument("--config", type=Path, default=config,
                   help=f"site config (default {config if prog != PROG else 'site_src/site.toml'}; "
                        "articles are read from articles/ next to it)")
    p.add_argument("--templates", type=Path, default=None, metavar="DIR",
                   help="a theme folder: any of the templates and static files, each overriding the "
                        "built-in one of the same name (default: [site] theme_dir of site.toml, else none)")
    p.add_argument("--out", type=Path, default=out,
                   help="output folder (default _site)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes for generating and rendering items (default: CPU count)")
    p.add_argument("--executor", choices=("local", "dask"), default="local",
                   help="where items are generated and rendered: local (a process pool of --jobs, "
                        "the default) or dask (the workers of a Dask distributed cluster, given by "
                        "--scheduler; needs pip install '.[dask]'). The output does not depend on it.")
    p.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                   help="address of the Dask scheduler (with --executor dask)")
    p.add_argument("--only", action="append", default=[], metavar="FAMILY",
                   help="build only this family (repeatable); the others are left out of this build")
    p.add_argument("--clean", action="store_true",
                   help="ignore and delete the cache and rewrite every file")
    p.add_argument("--base-url", default=None, metavar="URL",
                   help="public URL of the site: adds canonical links, sitemap.xml and feed.xml "
                        "(default: [site] base_url of site.toml, usually unset)")
    p.add_argument("--cache-dir", type=Path, default=None,
                   help="incremental cache folder (default: .tilepress-cache next to the output folder)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    p.add_argument("--family-module", action="append", default=[], metavar="NAME=FILE.py",
                   help="test hook: publish an extra family NAME from a Python file implementing "
                        "the family protocol (its FAMILY; not used by the production build)")
    if serve:
        p.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 = any)")
    return p


def _options(args) -> Options:
    """Options from parsed arguments (bad values are TilepressError)."""
    if args.jobs < 1 or args.jobs > 64:
        raise TilepressError("--jobs must be between 1 and 64")
    if getattr(args, "port", 0) is not None and not 0 <= getattr(args, "port", 0) <= 65535:
        raise TilepressError("--port must be between 0 and 65535")
    mods = {}
    for spec in args.family_module:
        name, sep, path = spec.partition("=")
        if not sep or not name or not Path(path).is_file():
            raise TilepressError(f"--family-module {spec!r}: expected NAME=FILE.py with an existing file")
        mods[name] = path
    only = [o for part in args.only for o in part.split(",") if o]
    return Options(config=args.config, templates=args.templates, out=args.out, cache_dir=args.cache_dir,
                   use_cache=not args.no_cache, jobs=args.jobs, only=only, clean=args.clean,
                   base_url=args.base_url, family_modules=mods,
                   executor=args.executor, scheduler=args.scheduler)


def main(argv: list[str] | None = None, prog: str = PROG, config: Path = DEFAULT_CONFIG,
         out: Path = DEFAULT_OUT) -> int:
    """Run the command line; map failures to exit codes with one-line messages.

    `config` is the default site config: the repository's demo site for `build.py`,
    ./site.toml for `tilepress-build` (an owner's site; without one, exit 2 pointing at
    `tilepress new`); `out` likewise (the checkout's _site/, or ./_site)."""
    argv = sys.argv[1:] if argv is None else argv
    serve = bool(argv) and argv[0] == "serve"
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)    # Ctrl-C: KeyboardInterrupt
    try:
        args = _parser(serve, prog, config, out).parse_args(argv[1:] if serve else argv)
        if args.config == config and config == SITE_HERE and not config.is_file():
            raise TilepressError(f"no site.toml in {Path.cwd()}: make a site with `tilepress new DIR` "
                                 "(then cd DIR), or pass --config FILE")
        opts = _options(args)
        if serve:
            # lazy: tilepress-build's start-up; http.server and what it pulls in (~8 ms) load only for `serve`
            from generator.pipeline.serve import serve as run_serve
            # the rebuilds run `python -m generator.pipeline.cli`, whose defaults are build.py's
            # (the demo site): name this command's config and output folder, absolute, so
            # `tilepress-build serve` rebuilds the owner's ./site.toml into ./_site
            out_dir = Path(opts.out).resolve()
            build_argv = _strip_port(argv[1:]) + ["--config", str(Path(opts.config).resolve()),
                                                  "--out", str(out_dir)]
            return run_serve(build_argv, out_dir, args.port, ROOT, Path(opts.config), opts.templates,
                             Path(opts.cache_dir or out_dir.parent / ".tilepress-cache"))
        report = build(opts)
    except TilepressError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    except ItemFailure as exc:
        print(f"error: {exc}; the previous site is unchanged", file=sys.stderr)
        if os.environ.get("TILEPRESS_DEBUG"):
            print(exc.detail, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; the previous site is unchanged", file=sys.stderr)
        return 130
    except OSError as exc:    # the machine's fault (a full disk, a read-only folder): the user's to fix
        print(f"error: {machine_fault(exc)}; the previous site is unchanged", file=sys.stderr)
        return 2
    except Exception as exc:  # an internal bug: one line unless debugging
        if os.environ.get("TILEPRESS_DEBUG"):
            traceback.print_exc()
        print(f"internal error: {type(exc).__name__}: {exc} (set TILEPRESS_DEBUG=1 for details); "
              "the previous site is unchanged", file=sys.stderr)
        return 1
    for note in report.notes:
        print(f"note: {note}", file=sys.stderr)
    print(report.summary(), file=sys.stderr)
    return 0


def _strip_port(argv: list[str]) -> list[str]:
    """The build options of a serve command line (without --port)."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--port":
            skip = True
            continue
        if a.startswith("--port="):
            continue
        out.append(a)
    return out


SITE_HERE = Path("site.toml")


def console() -> int:
    """The `tilepress-build` console script: builds ./site.toml (the owner's site)."""
    return main(prog="tilepress-build", config=SITE_HERE, out=Path("_site"))


if __name__ == "__main__":
    sys.exit(main())
