"""Reading user files (puzzle files, patterns, site config, articles): size-capped UTF-8
text, every failure one clear line naming the file (and the line, for bad UTF-8)."""

from __future__ import annotations

import sys

from generator.errors import TilepressError, one_line


def read_text(path: str, max_bytes: int, *, name: str | None = None, what: str = "file",
              error: type[TilepressError] = TilepressError) -> str:
    """Text of a file (or standard input for `-`), refusing more than max_bytes.

    `name` is how messages call the file (default: the path, or "input" for `-`);
    `error` is the exception class raised (e.g. ConfigError for site content).
    """
    name = one_line(name or ("input" if path == "-" else str(path)))
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise error(f"{name}: {what} not found") from None
    except OSError as exc:
        raise error(f"{name}: cannot read: {exc.strerror}") from None
    except ValueError:                                   # e.g. a NUL character in the path
        raise error(f"{name!r}: not a usable file name") from None
    if len(data) > max_bytes:
        raise error(f"{name}: too large (more than {max_bytes} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"{name}:{line}: not valid UTF-8") from None
