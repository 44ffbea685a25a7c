"""Entry point for `python -m generator` and the `tilepress` console script.

It sits on the top floor, so it may hand the CLI the commands that live in the site build
(`new`: a starter site) without `generator.cli` importing upward."""
import signal
import sys


def _interrupted_while_starting(_signum, _frame):
    """Ctrl-C before main() runs (the modules are loading): one line, exit 130."""
    print("interrupted", file=sys.stderr)
    raise SystemExit(130)


def _new(argv: list[str]) -> int:
    """`new DIR`, loaded only when asked for (the build's modules stay out of every other command)."""
    # lazy: the site build's modules load only for `new`
    from generator.pipeline.newsite import run
    return run(argv)


def main(argv: list[str] | None = None) -> int:
    """The CLI with the site build's commands."""
    # lazy: the modules load after the Ctrl-C handler is set (see the end of this file)
    from generator import cli
    return cli.main(argv, commands={"new": _new})


def console() -> int:
    """The `tilepress` console script: `python -m generator` under its installed name."""
    # lazy: the modules load after the Ctrl-C handler is set (see the end of this file)
    from generator import cli
    from generator.errors import on_termination
    cli.PROG = "tilepress"
    on_termination()            # SIGTERM/SIGHUP: the same clean exit as Ctrl-C (no --out temporary file left)
    return main()


if __name__ == "__main__":
    signal.signal(signal.SIGINT, _interrupted_while_starting)
    from generator import cli  # noqa: E402,F401  (loading the modules, Ctrl-C still one line)
    from generator.errors import on_termination  # noqa: E402
    on_termination()            # SIGTERM/SIGHUP: the same clean exit as Ctrl-C (no --out temporary file left)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(main())
