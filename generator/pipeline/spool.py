"""The items' page data, kept on disk while the pages are written (memory flat in the item count).

As each item's result arrives the build writes its files and puts the part the pages need
(title, permalink, facts, sizes, sheet pictures...) here: one pickle appended to an
unnamed temporary file, remembered by its offset.  `Items` is a read-only sequence over
such offsets, so templates can take `len()`, a slice or a loop of a family's items while
only the items of the page being written are in memory.
"""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Sequence


class Spool:
    """Append-only pickles in a temporary file (deleted when closed)."""

    def __init__(self):
        self._fh = tempfile.TemporaryFile(prefix="tilepress-spool-")
        self._end = 0

    def put(self, obj) -> int:
        """Store obj; return its offset."""
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        self._fh.seek(self._end)
        self._fh.write(data)
        offset, self._end = self._end, self._end + len(data)
        return offset

    def get(self, offset: int):
        """The object stored at offset (a fresh copy)."""
        self._fh.seek(offset)
        return pickle.load(self._fh)

    def close(self) -> None:
        """Delete the file."""
        self._fh.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Items(Sequence):
    """A read-only list of spooled item views, loaded one at a time."""

    def __init__(self, spool: Spool, offsets):
        self._spool, self._offsets = spool, offsets     # a list or an array('q') of offsets
        self._flags: dict[str, bytearray] = {}           # key -> one byte per item: view[key] = True

    def flag(self, index: int, key: str) -> None:
        """From now on item `index` is loaded with view[key] = True (e.g. "on_sheet")."""
        self._flags.setdefault(key, bytearray(len(self._offsets)))[index] = 1

    def _load(self, index: int) -> dict:
        view = self._spool.get(self._offsets[index])
        for key, marks in self._flags.items():
            if marks[index]:
                view[key] = True
        return view

    def __len__(self) -> int:
        return len(self._offsets)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._load(i) for i in range(*index.indices(len(self._offsets)))]
        return self._load(range(len(self._offsets))[index])

    def __iter__(self):
        for i in range(len(self._offsets)):
            yield self._load(i)

    def __bool__(self) -> bool:
        return bool(self._offsets)
