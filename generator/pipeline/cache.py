"""The incremental cache: one file per item, keyed by the item's cache key.

The key (see `plan.item_key`) hashes (family, family VERSION, params, render settings), so
a hit means the item's rendered files would come out the same; a rebuild with nothing
changed therefore generates nothing.  Entries are pickles written atomically (temporary
file + rename), each after a header line holding the SHA-256 of its pickle, and read only
when that hash matches: a damaged entry (a changed digit, a bad byte, a truncated file) is
never published — it counts as a miss, is generated again and rewritten, and the build says
so in a `note:`.  An entry of an older format is a plain miss.

Writing is best effort, except on a full disk: the first entry that cannot be written for
lack of space stops the build at once (exit 2, naming the path), since the site's own files
would fail next; a read-only or forbidden cache is reported once and the build goes on
without it.  `--clean` on a cache it cannot delete stops with one line naming the path.

The folder carries its own marker, a `CACHEDIR.TAG` file (the Cache Directory Tagging
convention, which backup tools also honour) naming tilepress.  A build uses, and `--clean`
deletes, only a folder that carries the marker, is empty or does not exist yet; a folder
holding nothing but entries (`xx/<key>.pickle`, from builds before the marker) is adopted
and marked.  The marker itself is written atomically (temporary file + rename); a marker
left empty or cut short by an older build on a full disk, in a folder that otherwise holds
only our entries, is repaired rather than refused.  Any other folder is refused with exit code 2 naming it, so `--cache-dir` can
never wipe a user's files.
A hit refreshes the entry's mtime, and every build prunes entries unused for MAX_AGE_DAYS,
so the folder follows what is being built instead of growing for ever.
The cache is local, trusted build state (like __pycache__), never published.
"""

from __future__ import annotations

import errno
import hashlib
import os
import pickle
import shutil
import re
import time
from pathlib import Path

from generator.errors import TilepressError
from generator.output import atomic_file

FORMAT = 2
HEADER = b"tilepress-cache 2 sha256 "       # + 64 hex digits + newline, then the pickle
MAX_AGE_DAYS = 30
TAG = "CACHEDIR.TAG"
TAG_TEXT = ("Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This folder is a tilepress build cache; build.py --clean deletes it.\n")
_ENTRY = re.compile(r"^(\.tmp-.*|[0-9a-f]{64}\.pickle)$")


class Cache:
    """A folder of pickled item results keyed by hex sha256."""

    def __init__(self, folder: Path | None):
        self.folder = Path(folder) if folder else None
        self.notes: list[str] = []          # damaged entries regenerated, writes given up
        self._writable = True

    def _marked(self) -> bool:
        """True when the folder carries our CACHEDIR.TAG."""
        try:
            text = (self.folder / TAG).read_text("utf-8", "replace")
        except OSError:
            return False
        return text.startswith("Signature: 8a477f597d28d172789f06886806bc55") and "tilepress" in text

    def _partial_marker(self, path: Path) -> bool:
        """True for a regular file holding a (possibly empty) beginning of our marker's text:
        what an interrupted, non-atomic marker write of an older build leaves behind."""
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size > len(TAG_TEXT.encode()):
                return False
            return TAG_TEXT.encode().startswith(path.read_bytes())
        except OSError:
            return False

    def _only_entries(self) -> bool:
        """True when the folder holds nothing but cache entries (an unmarked older cache),
        perhaps beside an empty or partial marker or a marker's leftover temporary file."""
        for sub in self.folder.iterdir():
            if sub.name == TAG and self._partial_marker(sub):
                continue
            if sub.name.startswith(f".{TAG}.tmp-") and sub.is_file() and not sub.is_symlink():
                continue
            if not (sub.is_dir() and not sub.is_symlink() and re.fullmatch(r"[0-9a-f]{2}", sub.name)):
                return False
            if not all(_ENTRY.match(f.name) and f.is_file() for f in sub.iterdir()):
                return False
        return True

    def check(self) -> None:
        """Refuse a folder that is not ours; mark an empty, new or older unmarked cache."""
        if self.folder is None:
            return
        if os.path.lexists(self.folder) and not self.folder.is_dir():
            raise TilepressError(f"--cache-dir {self.folder}: exists and is not a folder")
        if self.folder.is_dir() and not self._marked():
            if not self._only_entries():
                raise TilepressError(f"--cache-dir {self.folder}: refusing to use or delete a folder "
                                     f"that is not a tilepress cache (no {TAG} marker); "
                                     "choose an empty or new folder")
        self._mark()

    def _mark(self) -> None:
        """Create the folder with its marker (best effort, like every cache write)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._marked():
                with atomic_file(self.folder / TAG, prefix=f".{TAG}.tmp-", durable=False) as fh:
                    fh.write(TAG_TEXT.encode("utf-8"))
        except OSError:
            pass
        for stale in self.folder.glob(f".{TAG}.tmp-*"):    # left by a build killed mid-write
            try:
                stale.unlink()
            except OSError:
                pass

    def _path(self, key: str) -> Path:
        """The file of one key."""
        return self.folder / key[:2] / f"{key}.pickle"

    def has(self, key: str) -> bool:
        """Is there an entry for key (not read: the build's estimate counts what it must make)?"""
        return self.folder is not None and self._path(key).is_file()

    def get(self, key: str):
        """The stored result for key, or None (missing, older format or damaged)."""
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        result = self._decode(key, data)
        if result is None:
            note = f"cache entry {path} was damaged (its hash does not match); generated it again"
            if data.startswith(HEADER[:15]) and note not in self.notes:
                self.notes.append(note)
            return None
        try:
            os.utime(path)
        except OSError:
            pass
        return result

    @staticmethod
    def _decode(key: str, data: bytes):
        """The result an entry holds, or None unless its hash, format and key check out."""
        head, _, body = data.partition(b"\n")
        if not head.startswith(HEADER) or head[len(HEADER):] != hashlib.sha256(body).hexdigest().encode():
            return None
        try:
            fmt, stored_key, result = pickle.loads(body)
        except Exception:                # (hash matched: only a bug of ours gets here)
            return None
        return result if fmt == FORMAT and stored_key == key else None

    def put(self, key: str, result) -> None:
        """Store a result atomically (a full disk stops the build; see the module notes)."""
        if self.folder is None or not self._writable:
            return
        path = self._path(key)
        body = pickle.dumps((FORMAT, key, result), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_file(path, prefix=".tmp-", durable=False) as fh:
                fh.write(HEADER + hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                raise TilepressError(f"--cache-dir {self.folder}: cannot write {path}: "
                                     f"{exc.strerror}") from None
            self._writable = False
            self.notes.append(f"cache {self.folder} not written ({exc.strerror}); "
                              "this build goes on without it")

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
        """Delete the folder (only ever a marked cache; see check)."""
        if self.folder is None or not os.path.lexists(self.folder):
            return
        self.check()

        def fail(_func, path, exc_info):
            raise TilepressError(f"--clean: cannot delete the cache {path}: "
                                 f"{getattr(exc_info[1], 'strerror', None) or exc_info[1]}") from None
        shutil.rmtree(self.folder, onerror=fail)
        self._mark()
