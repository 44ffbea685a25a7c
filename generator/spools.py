"""Text held in flat memory: JSON arrays written element by element, spooled texts and paths.

A `Stream` in a JSON object is written element by element (`output.emit_json`);
`spooled_array` holds elements in an anonymous temporary file when the header depends on the
walk that makes them.  A picture with one `<path>` per colour writes the first colour as the
tiles come and keeps the others in `Spool`s (memory up to a limit, then an anonymous temporary
file): `PathSpools`.
"""
from __future__ import annotations

import tempfile

class Stream:
    """A JSON array written element by element (huge outputs stay in flat memory).

    `factory()` returns a fresh iterator of the elements: `to_json` of an object holding a
    Stream gives the same text as if the Stream were the list of those elements.  With
    `text=True` the elements are already their canonical JSON texts (written as they are);
    with `body=True` the factory yields pieces of the array's body text, commas included.
    """

    def __init__(self, factory, text: bool = False, body: bool = False):
        self.factory = factory
        self.text = text
        self.body = body


def spooled_array(texts, chunk: int = 1 << 20):
    """A body Stream of JSON texts, written once to an anonymous temporary file.

    For outputs whose header depends on the walk that makes the elements (a permalink
    completed by the walk): the elements are made once, in flat memory, and read back.
    """
    spool = tempfile.TemporaryFile()
    buf, size = [], 0
    for i, t in enumerate(texts):
        buf.append("," + t if i else t)
        size += len(t)
        if size > chunk:
            spool.write("".join(buf).encode("ascii"))
            buf, size = [], 0
    spool.write("".join(buf).encode("ascii"))

    def pieces():
        spool.seek(0)
        try:
            while True:
                data = spool.read(chunk)
                if not data:
                    return
                yield data.decode("ascii")
        finally:
            spool.close()
    return Stream(pieces, body=True)


class Spool:
    """Text appended in order and read back once, in memory up to `limit` bytes, then on disk."""

    def __init__(self, limit: int = 1 << 22):
        self.file = tempfile.SpooledTemporaryFile(max_size=limit)
        self.buf: list[str] = []
        self.size = 0
        self.block = min(limit, 1 << 20)
        self.empty = True

    def write(self, text: str) -> None:
        """Append text (buffered; flushed to the spool file in blocks of about 1 MB)."""
        self.empty = False
        self.buf.append(text)
        self.size += len(text)
        if self.size > self.block:
            self.flush()

    def flush(self) -> None:
        """Move the buffer to the spool file."""
        self.file.write("".join(self.buf).encode("utf-8"))
        self.buf, self.size = [], 0

    def pieces(self, chunk: int = 1 << 20):
        """The text back, in pieces of about `chunk` bytes (then the spool is closed)."""
        self.flush()
        self.file.seek(0)
        try:
            while True:
                data = self.file.read(chunk)
                if not data:
                    return
                yield data.decode("utf-8")
        finally:
            self.file.close()


class PathSpools:
    """Path data grouped by style, each group spooled, written later as one `<path>` per group.

    `opener(key)` is the text of a group's `<path …` up to and including `d="`.  Groups are
    written in the order asked for (a picture's fixed colour order), so one walk over the
    tiles makes the whole picture whatever order the tiles come in.
    """

    def __init__(self, opener, limit: int = 1 << 22):
        self.opener = opener
        self.limit = limit
        self.spools: dict = {}

    def add(self, key, d: str) -> None:
        """Append one polygon's path data to its group."""
        spool = self.spools.get(key)
        if spool is None:
            spool = self.spools[key] = Spool(self.limit)
        spool.write(d)

    def keys(self) -> list:
        """The groups that received anything."""
        return [k for k, s in self.spools.items() if not s.empty]

    def pieces(self, order, sep: str = "\n", lead: bool = False):
        """The `<path>` elements of the non-empty groups in `order`, separated by sep
        (also before the first if lead), as pieces; the spools are closed afterwards."""
        first = True
        for key in order:
            spool = self.spools.pop(key, None)
            if spool is None or spool.empty:
                continue
            yield (sep if (lead or not first) else "") + self.opener(key)
            first = False
            yield from spool.pieces()
            yield '"/>'
        for spool in self.spools.values():
            spool.file.close()
        self.spools = {}
