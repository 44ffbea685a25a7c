"""Reading user files for the CLIs: size-capped, UTF-8, one-line errors."""

from __future__ import annotations

import sys

from generator.errors import TilepressError


def read_text(path: str, max_bytes: int) -> str:
    """Text of a file (or standard input for `-`), refusing more than max_bytes."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise TilepressError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > max_bytes:
        raise TilepressError(f"{'input' if path == '-' else path}: larger than {max_bytes} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise TilepressError(f"{'input' if path == '-' else path}: not UTF-8 text") from None
