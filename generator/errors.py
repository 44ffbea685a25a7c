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


def machine_fault(exc: OSError) -> str:
    """The one line for a fault of the machine (a full disk, a read-only folder): path and cause."""
    where = exc.filename if exc.filename is not None else None
    cause = exc.strerror or type(exc).__name__
    return one_line(f"{where}: {cause}" if where is not None else cause)
