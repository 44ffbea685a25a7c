"""The one atomic writer of files (`atomic_file`) and the command line's output sink (`sink`).

A file is written as a temporary file beside its target and renamed over it only when the
writing ends without an exception: an interrupt, a failure or a full disk leaves the old file
as it was.
"""
from __future__ import annotations

import contextlib
import os
import stat
import sys

from generator.errors import TilepressError

@contextlib.contextmanager
def sink(out: str):
    """A binary file to write the output into: standard output for `-`, else `atomic_file`
    (an interrupt, a failure or a full disk leaves the old file as it was); a fault of the
    machine becomes one line naming the file."""
    if out == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    _sweep_temporaries(out)
    try:
        with atomic_file(out) as fh:
            yield fh
    except OSError as exc:
        raise TilepressError(f"cannot write {out}: {exc.strerror}") from None


@contextlib.contextmanager
def atomic_file(path, prefix: str | None = None, durable: bool = True):
    """The one atomic writer: a binary file that replaces `path` only when the block ends
    without an exception — written as a temporary file beside it, then renamed over it (the
    old bytes, mode kept, stay until then; a failed write leaves no temporary file).

    A target that exists and is not a regular file — a device (/dev/null), a FIFO, or a
    symlink (/dev/stdout is one) — is written in place, as `open(path, "wb")` would:
    renaming onto it would replace the device or the link by a file.  Raises OSError as the
    system reports it.  `durable` also syncs the bytes to the disk before the rename (the
    cache, whose entries carry their own hash, does without).
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(path, "wb") as fh:
            yield fh
        return
    folder, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(folder, f"{prefix or '.' + name + '.tmp-'}{os.getpid()}-{os.urandom(4).hex()}")
    try:                        # (open inside: an interrupt just after it still removes the file)
        fh = open(tmp, "xb")
        try:
            yield fh
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        finally:
            fh.close()
        if st is not None:
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise


def _sweep_temporaries(path: str) -> None:
    """Remove the temporary files atomic_file left beside `path` in processes that no longer run
    (killed with SIGKILL, which no program sees): `.NAME.tmp-PID-RANDOM`."""
    folder, name = os.path.split(os.path.abspath(path))
    head = f".{name}.tmp-"
    try:
        names = [n for n in os.listdir(folder) if n.startswith(head)]
    except OSError:
        return
    for n in names:
        pid = n[len(head):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue                        # that process still runs (and may still be writing)
        except ProcessLookupError:
            _unlink(os.path.join(folder, n))
        except (OSError, AttributeError):   # another user's process, or no os.kill (the browser)
            continue


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
