"""Phase 5 — the one writer: every file of the site is written through `Writer.write`.

The writer builds a complete new site in a staging folder next to the output folder and
knows the previous site.  For each file:

* a path written twice in one build is an error (two phases claiming one URL is a bug),
  and so are paths that differ only in letter case (they collide on macOS/Windows);
* paths are relative, `/`-separated, without `..`, `.` or empty parts;
* when the previous site holds the same path with the same bytes, the old file is
  hard-linked into the staging folder instead of being written again, so its inode and
  mtime survive: a rebuild with nothing changed rewrites no file, and the final swap only
  changes what really changed.  (Where hard links are impossible the bytes are copied
  with the old timestamps.)
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from generator.errors import TilepressError

_PART = re.compile(r"^[A-Za-z0-9_~@.+-]+$")


class WriteTwiceError(TilepressError):
    """A build tried to write one output path twice."""


class Writer:
    """Write files into a staging folder, reusing unchanged files of the previous site."""

    def __init__(self, staging: Path, previous: Path | None):
        self.staging = Path(staging)
        self.previous = Path(previous) if previous and Path(previous).is_dir() else None
        self.paths: set[str] = set()          # case-folded paths (the path itself when equal)
        self._cased: dict[str, str] = {}      # case-folded -> path, only where they differ
        self.written: list[str] = []          # new or changed files
        self.kept: list[str] = []             # identical to the previous site (linked)

    def _check(self, rel: str) -> None:
        """Refuse unsafe, duplicate or case-colliding paths."""
        parts = rel.split("/")
        if rel.startswith("/") or not all(_PART.match(p) and p not in (".", "..") for p in parts):
            raise TilepressError(f"writer: unsafe output path {rel!r}")
        folded = rel.casefold()
        if folded == rel:
            folded = rel                      # one string per path: memory flat-ish in the file count
        if folded in self.paths:
            other = self._cased.get(folded, folded)
            what = "twice" if other == rel else f"twice (collides with {other!r} on case-insensitive disks)"
            raise WriteTwiceError(f"writer: refusing to write {rel!r} {what}")
        self.paths.add(folded)
        if folded is not rel:
            self._cased[folded] = rel

    def write(self, rel: str, data: bytes | str) -> None:
        """Write one file of the site (text is encoded as UTF-8)."""
        self._check(rel)
        if isinstance(data, str):
            data = data.encode("utf-8")
        dest = self.staging / rel
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            if self.previous is not None and self._reuse(self.previous / rel, dest, data):
                self.kept.append(rel)
                return
            with open(dest, "wb") as fh:
                fh.write(data)
        except OSError as exc:    # a full disk, a read-only folder: stop at the first failed write
            raise TilepressError(f"cannot write {dest}: {exc.strerror}") from None
        self.written.append(rel)

    @staticmethod
    def _reuse(old: Path, dest: Path, data: bytes) -> bool:
        """Link (or copy with timestamps) the old file when its bytes are the same."""
        try:
            st = old.stat()
            if not old.is_file() or st.st_size != len(data) or old.read_bytes() != data:
                return False
        except OSError:
            return False
        try:
            os.link(old, dest)
        except OSError:
            shutil.copy2(old, dest)
        return True

    def removed(self) -> list[str]:
        """Files of the previous site that this build no longer writes."""
        if self.previous is None:
            return []
        out = []
        for path in sorted(self.previous.rglob("*")):
            if path.is_file():
                rel = path.relative_to(self.previous).as_posix()
                if rel.casefold() not in self.paths:
                    out.append(rel)
        return out
