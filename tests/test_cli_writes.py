"""What the command line writes: `--out FILE` replaces the file only once the whole output
is written (an interrupt or a full disk keeps the old bytes), and `calissons check` writes
nothing it was not asked for."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from site_helpers import interrupted_at

REPO = Path(__file__).resolve().parents[1]
LINK = "hat.v1.20x15.r2.0-3-0-5-0-F"


def _cli(*args, cwd=REPO, preexec_fn=None):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, preexec_fn=preexec_fn)


def test_out_on_a_full_disk_keeps_the_old_file(tmp_path):
    out = tmp_path / "patch.svg"
    out.write_bytes(b"old bytes")
    r = _cli("regen", LINK, "--format", "svg", "--out", out,
             preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)))
    assert r.returncode == 2, r.stderr
    line, = r.stderr.splitlines()
    assert line == f"error: cannot write {out}: File too large"
    assert out.read_bytes() == b"old bytes" and sorted(os.listdir(tmp_path)) == ["patch.svg"]
    r = _cli("regen", LINK, "--format", "svg", "--out", out)
    assert r.returncode == 0 and out.read_bytes() == _cli("regen", LINK, "--format", "svg").stdout.encode()


@pytest.mark.parametrize("stop", [KeyboardInterrupt, MemoryError])
def test_out_interrupted_midway_keeps_the_old_file(tmp_path, stop):
    from generator import output
    out = tmp_path / "x.json"
    out.write_bytes(b"old bytes")

    def chunks():
        yield "[1,"
        raise stop()
    with pytest.raises(stop):
        output.emit_json({"tiles": output.Stream(chunks, text=True, body=True)}, str(out))
    assert out.read_bytes() == b"old bytes" and os.listdir(tmp_path) == ["x.json"]
    output.emit("new", str(out))
    assert out.read_bytes() == b"new" and os.listdir(tmp_path) == ["x.json"]


def test_calissons_check_writes_only_what_it_is_asked(tmp_path):
    r = _cli("calissons", "check", "cal.v1.2~AAAAAA", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("n = 2, 0 givens: 20 solutions"), r.stderr
    assert os.listdir(tmp_path) == []
    r = _cli("calissons", "check", "cal.v1.2~AAAAAA", "--picture", "p.svg", "--format", "json", cwd=tmp_path)
    assert r.returncode == 0 and '"count":20' in r.stdout
    assert os.listdir(tmp_path) == ["p.svg"] and (tmp_path / "p.svg").read_text().startswith("<svg")


def test_out_onto_a_fifo_or_a_symlink_writes_in_place(tmp_path):
    """A target that is not a regular file (a FIFO here, as /dev/null is a device; a symlink,
    as /dev/stdout is one) is written in place, never replaced by a renamed file."""
    import stat
    import threading
    want = _cli("regen", LINK, "--format", "svg").stdout.encode()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    r = _cli("regen", LINK, "--format", "svg", "--out", fifo)
    reader.join(timeout=60)
    assert r.returncode == 0, r.stderr
    assert got == [want] and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    target, link = tmp_path / "target.svg", tmp_path / "link.svg"
    target.write_bytes(b"old")
    link.symlink_to(target)
    assert _cli("regen", LINK, "--format", "svg", "--out", link).returncode == 0
    assert link.is_symlink() and target.read_bytes() == want
    assert sorted(os.listdir(tmp_path)) == ["link.svg", "pipe", "target.svg"]


@pytest.mark.parametrize("module", ["generator.errors", "generator.families", "generator.cli",
                                    "generator.hat.permalink"])
def test_ctrl_c_while_the_cli_starts_is_one_line(module):
    """SIGINT while `python -m generator` loads its modules or starts its work: exit 130, one line."""
    code, err = interrupted_at(["-m", "generator", "regen", LINK, "--format", "png"], module,
                               dict(os.environ, PYTHONPATH=str(REPO)))
    assert "Traceback" not in err and code == 130, err
    assert err.strip() == "interrupted"


def _killed_mid_write(tmp_path, sig):
    """`tiling hat ... --out big.svg` sent `sig` while its temporary file is being written:
    (exit code, stderr, the folder's names)."""
    import signal
    import time
    out = tmp_path / "big.svg"
    out.write_bytes(b"old bytes")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "generator", "tiling", "hat", "--width", "1200", "--height", "1200",
                             "--seed", "1", "--format", "svg", "--out", str(out)], cwd=REPO, env=env,
                            stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + 120
    while not [n for n in os.listdir(tmp_path) if n.startswith(".big.svg.tmp-")]:
        assert proc.poll() is None and time.monotonic() < end, proc.stderr.read()
        time.sleep(0.01)
    proc.send_signal(sig)
    err = proc.communicate(timeout=60)[1]
    assert out.read_bytes() == b"old bytes"                   # never a torn target
    return proc.returncode, err, sorted(os.listdir(tmp_path))


@pytest.mark.parametrize("signame, code, line", [("SIGTERM", 143, "terminated"), ("SIGINT", 130, "interrupted"),
                                                 ("SIGHUP", 129, "terminated")])
def test_out_killed_mid_write_leaves_no_temporary_file(tmp_path, signame, code, line):
    import signal
    rc, err, names = _killed_mid_write(tmp_path, getattr(signal, signame))
    assert (rc, err) == (code, line + "\n") and names == ["big.svg"]


def test_a_temporary_file_left_by_sigkill_is_removed_by_the_next_write(tmp_path):
    import signal
    rc, _err, names = _killed_mid_write(tmp_path, signal.SIGKILL)
    assert rc == -9 and len(names) == 2                     # no program sees SIGKILL: one is left
    mine = tmp_path / f".big.svg.tmp-{os.getpid()}-0000"       # a live process's is never touched
    mine.write_bytes(b"")
    r = _cli("regen", LINK, "--format", "svg", "--out", tmp_path / "big.svg")
    assert r.returncode == 0 and sorted(os.listdir(tmp_path)) == sorted(["big.svg", mine.name])
