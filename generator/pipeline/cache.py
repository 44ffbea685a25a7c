"""The incremental cache: one file per item, keyed by the item's cache key.

The key (see `plan.item_key`) hashes (family, family VERSION, params, render settings), so
a hit means the item's rendered files would come out the same; a rebuild with nothing
changed therefore generates nothing.  Entries are pickles written atomically (temporary
file + rename); an unreadable entry counts as a miss.  `--clean` deletes the folder.
A hit refreshes the entry's mtime, and every build prunes entries unused for MAX_AGE_DAYS,
so the folder follows what is being built instead of growing for ever.
The cache is local, trusted build state (like __pycache__), never published.
"""

from __future__ import annotations

import os
import pickle
import shutil
import tempfile
import time
from pathlib import Path

FORMAT = 1
MAX_AGE_DAYS = 30


class Cache:
    """A folder of pickled item results keyed by hex sha256."""

    def __init__(self, folder: Path | None):
        self.folder = Path(folder) if folder else None

    def _path(self, key: str) -> Path:
        """The file of one key."""
        return self.folder / key[:2] / f"{key}.pickle"

    def get(self, key: str):
        """The stored result for key, or None."""
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            with open(path, "rb") as fh:
                fmt, stored_key, result = pickle.load(fh)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError):
            return None
        if fmt != FORMAT or stored_key != key:
            return None
        try:
            os.utime(path)
        except OSError:
            pass
        return result

    def put(self, key: str, result) -> None:
        """Store a result atomically (best effort: a full disk only loses the cache)."""
        if self.folder is None:
            return
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((FORMAT, key, result), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except OSError:
            pass

    def prune(self, max_age_days: float = MAX_AGE_DAYS, now: float | None = None) -> int:
        """Delete entries not used for max_age_days; return how many were deleted."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        limit = (time.time() if now is None else now) - max_age_days * 86400
        gone = 0
        for path in self.folder.glob("*/*.pickle"):
            try:
                if path.stat().st_mtime < limit:
                    path.unlink()
                    gone += 1
            except OSError:
                pass
        return gone

    def clear(self) -> None:
        """Delete every entry."""
        if self.folder is not None and self.folder.exists():
            shutil.rmtree(self.folder)
