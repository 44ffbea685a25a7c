"""The output folder: one writer at a time, a staging folder, an atomic swap, recovery.

A build never writes into the published site.  It writes a complete new site into a
*staging folder* next to it and then swaps the two.  Four rules keep the user's data safe:

* **A lock.**  Before touching anything next to `--out`, a build takes an exclusive
  `flock` on the file `.<out>.lock` beside it and writes its pid there.  A second build
  into the same folder does not wait: it stops with exit code 2, "another build (pid N) is
  writing OUT".  The kernel drops an flock when its process dies, however it dies, so a
  lock file left by a killed build is simply taken over (and the build says so).  Only the
  build's own process holds the lock: a process it forks (a pool worker) closes its copy of
  the lock's descriptor at once and, on Linux, asks the kernel to kill it when its parent
  dies (`PR_SET_PDEATHSIG`), so no worker outlives a killed build or keeps its lock; a
  Ctrl-C simply ends it (the build prints the one line).  The lock
  file is deleted on release; a build that finds the file replaced under it (a racing
  release) locks the new one instead.  Where there is no flock (Windows) the lock file is
  created exclusively instead, and one naming a dead pid is taken over.

* **Staging folders prove whose they are.**  A staging folder is called
  `.<out>.staging-<pid>` and the first file written into it is the site marker
  `.tilepress-site`.  Once the lock is held, every other folder of that shape (and every
  `.<out>.old-<pid>` folder a crashed swap left) is provably a dead build's own: the
  marker (or an empty folder, killed before its first write) says it is ours, the lock
  says no living build is using it.  The next build deletes it and names it.

* **The swap is atomic.**  On Linux, `renameat2(RENAME_EXCHANGE)` (called through
  ctypes) exchanges the staging folder and the site in one system call: at every instant
  the name `--out` holds either the complete old site or the complete new one; the old
  one then sits under the staging name and is deleted.  Where the call does not exist
  (other systems, some file systems) the swap is two renames, `out → .<out>.old-<pid>`
  then `staging → out`; a crash between them leaves no folder at `--out`, so the next
  build first *recovers*: it renames the old site back before doing anything else.

* **Failure injection.**  Every step of the swap calls `_step(name)` first, a no-op the
  tests replace to kill the process at that exact step and check the rules above.
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import signal
import sys
import time
from pathlib import Path

from generator.errors import TilepressError

MARKER = ".tilepress-site"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_PR_SET_PDEATHSIG = 1
_HELD: set[int] = set()          # descriptors of the locks this process holds


def _step(name: str) -> None:
    """A point of the swap where the tests inject failures (no-op)."""


# ---- the lock ---------------------------------------------------------------------------

def lock_path(out: Path) -> Path:
    """The lock file of an output folder."""
    return out.parent / f".{out.name}.lock"


def _pid_alive(pid: int) -> bool:
    """True when a process with this pid exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_pid(path: Path) -> int | None:
    """The pid written in a lock file (None if unreadable)."""
    try:
        text = path.read_text("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def _age(path: Path) -> float:
    """Seconds since a file was last modified (infinite if it is gone)."""
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return float("inf")


def _forked_child(parent: int) -> None:
    """In a process forked while a lock is held: drop the lock's descriptor, die with the parent."""
    for fd in list(_HELD):
        try:
            os.close(fd)             # our copy only: the parent keeps its lock
        except OSError:
            pass
    _HELD.clear()
    signal.signal(signal.SIGINT, signal.SIG_DFL)     # Ctrl-C: the build reports it, once
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            return
        if os.getppid() != parent:  # the parent died before the request took effect
            os._exit(1)


def _after_fork() -> None:
    """The at-fork hook: only a child forked while this process holds a lock is concerned."""
    if _HELD:
        _forked_child(_PARENT[0])


def _before_fork() -> None:
    _PARENT[0] = os.getpid()


_PARENT = [os.getpid()]
if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_after_fork)


class Lock:
    """An exclusive lock on an output folder (flock on `.<out>.lock`), holding our pid."""

    def __init__(self, out: Path):
        self.out = out
        self.path = lock_path(out)
        self.fd: int | None = None
        self.flock = True
        self.took_over: int | None = None      # pid of a dead build whose lock file we reused

    def _busy(self) -> TilepressError:
        """The error for a lock held by a living build."""
        pid = _read_pid(self.path)
        who = f"pid {pid}" if pid else "another process"
        return TilepressError(f"another build ({who}) is writing {self.out}; wait for it to finish and run again")

    def acquire(self) -> "Lock":
        """Take the lock or raise TilepressError naming the build that holds it."""
        try:
            self.out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TilepressError(f"--out {self.out}: cannot create its parent folder: {exc.strerror}") from None
        try:
            # lazy: fcntl is POSIX-only; without it the lock is an exclusively created file
            import fcntl
        except ImportError:
            return self._acquire_exclusive()
        for _ in range(100):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise TilepressError(f"--out {self.out}: cannot create the lock file {self.path}: "
                                     f"{exc.strerror}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise self._busy() from None
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:                     # released and deleted meanwhile: lock the new file
                os.close(fd)
                continue
            old = _read_pid(self.path)
            if old and old != os.getpid() and not _pid_alive(old):
                self.took_over = old
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            self.fd = fd
            _HELD.add(fd)
            return self
        raise TilepressError(f"--out {self.out}: cannot take the lock {self.path}")  # pragma: no cover

    def _acquire_exclusive(self) -> "Lock":
        """The lock without flock: create the file exclusively; take over a dead build's file."""
        for _ in range(100):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                pid = _read_pid(self.path)
                if (pid and _pid_alive(pid)) or (pid is None and _age(self.path) < 60):
                    raise self._busy() from None         # (no pid yet: being written just now)
                self.took_over = pid
                try:
                    os.unlink(self.path)
                except OSError:
                    pass
                continue
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            self.fd, self.flock = fd, False
            _HELD.add(fd)
            return self
        raise TilepressError(f"--out {self.out}: cannot take the lock {self.path}")  # pragma: no cover

    def release(self) -> None:
        """Delete the lock file and drop the lock."""
        if self.fd is None:
            return
        _HELD.discard(self.fd)
        if not self.flock:               # Windows cannot delete an open file
            os.close(self.fd)
        try:
            os.unlink(self.path)
        except OSError:
            pass
        if self.flock:                   # delete while holding the flock: no one locks a stale file
            os.close(self.fd)
        self.fd = None

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


# ---- staging folders and recovery ---------------------------------------------------------

def staging_path(out: Path) -> Path:
    """This process's staging folder for an output folder."""
    return out.parent / f".{out.name}.staging-{os.getpid()}"


def _leftovers(out: Path) -> list[tuple[str, int, Path]]:
    """(kind, pid, path) of the staging/old folders next to out, oldest pid first."""
    pattern = re.compile(rf"^\.{re.escape(out.name)}\.(staging|old)-([0-9]+)$")
    found = []
    if out.parent.is_dir():
        for path in out.parent.iterdir():
            m = pattern.match(path.name)
            if m and path.is_dir() and not path.is_symlink():
                found.append((m.group(1), int(m.group(2)), path))
    return sorted(found, key=lambda t: (t[1], t[0]))


def _ours(path: Path) -> bool:
    """A folder carrying the site marker, or an empty one (killed before its first write)."""
    try:
        return (path / MARKER).is_file() or not any(path.iterdir())
    except OSError:
        return False


def recover(out: Path) -> list[str]:
    """With the lock held: restore a site lost mid-swap and delete dead builds' folders.

    Returns the notes to print (one per folder restored or removed).
    """
    notes = []
    leftovers = [t for t in _leftovers(out) if t[1] != os.getpid() and _ours(t[2])]
    if not os.path.lexists(out):
        olds = [t for t in leftovers if t[0] == "old"]
        if olds:
            kind, pid, path = olds[-1]
            os.rename(path, out)
            leftovers.remove(olds[-1])
            notes.append(f"restored the previous site from {path.name} (build pid {pid} "
                         "was interrupted while swapping it)")
    for kind, pid, path in leftovers:
        state = "still running but not holding the lock" if _pid_alive(pid) else "dead"
        remove(path)
        notes.append(f"removed stale {kind} folder {path} of an interrupted build (pid {pid}, {state})")
    return notes


# ---- the swap ---------------------------------------------------------------------------

def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths with renameat2(RENAME_EXCHANGE); False if unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(err, os.strerror(err), str(a))


def swap(staging: Path, out: Path) -> None:
    """Put the complete staging folder at `out`; the old site (if any) is deleted after."""
    if not os.path.lexists(out):
        _step("rename-new")
        os.rename(staging, out)
        return
    _step("exchange")
    if _exchange(staging, out):
        _delete_old(staging)                             # now holds the old site
        return
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    _step("move-old")
    os.rename(out, old)
    try:
        _step("move-new")
        os.rename(staging, out)
    except BaseException:
        if not os.path.lexists(out):
            os.rename(old, out)
        raise
    _delete_old(old)


def _delete_old(old: Path) -> None:
    """Delete the replaced site (even when the step fails: the new site is in place)."""
    try:
        _step("delete-old")
    finally:
        remove(old)


def remove(folder: Path) -> None:
    """Delete a staging or old folder, its marker last: a kill midway leaves a folder that
    still proves it is ours (marker, or empty), so the next build deletes the rest."""
    try:
        children = sorted(folder.iterdir(), key=lambda p: p.name == MARKER)
    except OSError:
        return
    for child in children:
        try:
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                os.unlink(child)
        except OSError:
            pass
    try:
        os.rmdir(folder)
    except OSError:
        pass
