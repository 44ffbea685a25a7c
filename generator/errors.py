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
