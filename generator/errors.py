"""Errors that reach the user as one clear line (exit code 2), never as a traceback."""


def one_line(message: object) -> str:
    """A message as one printable line: control characters (newlines from user text) escaped."""
    text = str(message)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class TilepressError(Exception):
    """Bad input from a user: a permalink, a config value, a CLI argument, a puzzle file.

    The message must be one line that says what is wrong and, where it helps, where.
    Command-line front ends print it as `error: <message>` and exit with code 2.
    """

    exit_code = 2


class PermalinkError(TilepressError):
    """A string given as a permalink is malformed, out of range, unknown or too long."""


class ConfigError(TilepressError):
    """A site config value, template or content file is invalid (message names file and line)."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP reached a command line: raised by the handler `on_termination` installs,
    so `finally` blocks and the atomic writer's clean-up run as for Ctrl-C (one line, exit
    128 + the signal's number)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def on_termination() -> None:
    """Make SIGTERM and SIGHUP raise Terminated (command-line entry points only, main thread)."""
    # lazy: only the command line installs handlers; the engines (Pyodide) never need these
    import signal
    import threading

    def handler(signum, _frame):
        raise Terminated(signum)
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), handler)
            except (OSError, ValueError):
                pass


def machine_fault(exc: OSError) -> str:
    """The one line for a fault of the machine (a full disk, a read-only folder): path and cause."""
    where = exc.filename if exc.filename is not None else None
    cause = exc.strerror or type(exc).__name__
    return one_line(f"{where}: {cause}" if where is not None else cause)
