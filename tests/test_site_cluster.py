"""The site build on a real Dask cluster: a `distributed.LocalCluster` of 2 worker processes
started here (bound to 127.0.0.1, no external service).  A build through it is byte for byte
the local build; a worker killed mid-build still gives the complete, identical site; an item
that kills every worker that runs it fails the build naming it, leaving the previous site."""
from __future__ import annotations

import hashlib
import os
import signal

import pytest

from site_helpers import REPO, TINY, build_fixture, run_build, snapshot
from generator.errors import TilepressError
from generator.pipeline import generate
from generator.pipeline.build import Options, build
from generator.pipeline.generate import ItemFailure

distributed = pytest.importorskip("distributed", reason="Dask distributed is pinned in requirements-test.txt")

DELAY = "0.15"        # seconds per tiny item on the workers, so a kill lands mid-build


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 worker processes (one thread each) and a client to steer it; the
    scheduler, workers and dashboard listen on 127.0.0.1 only, on free ports."""
    import dask
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TINY_DELAY", DELAY)               # inherited by the worker processes
        mp.setenv("TINY_CRASH", "1")                 # a `fail` item kills its worker
        # worker-saturation 1.0: a worker (one thread) holds only the task it runs, so a worker that
        # dies implicates that task alone (at the default 1.1 a second, queued task shares the blame
        # and may be the one the scheduler gives up on first)
        with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                              "distributed.scheduler.worker-saturation": 1.0,
                              "distributed.worker.daemon": False}):
            lc = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                          host="127.0.0.1", scheduler_port=0, dashboard_address="127.0.0.1:0")
            client = distributed.Client(lc, set_as_default=False)
            try:
                yield lc, client
            finally:
                client.close()
                lc.close()


def config(tmp_path, body: str):
    """A site.toml of the tiny family (a base URL, so sitemap and feed are built too)."""
    path = tmp_path / "content" / "site.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[site]\ntitle = "cluster test"\ntagline = "t"\nthumb_width = 64\npng_width = 96\n'
                    'interactive = false\ngallery_page = 8\nbase_url = "https://example.org/c/"\n'
                    '[site.sheets]\npapers = ["a4"]\n' + body)
    return path


def digests(folder):
    """Every file of a built site -> sha256 of its bytes."""
    return {rel: hashlib.sha256(v[0]).hexdigest() for rel, v in snapshot(folder).items()}


def opts(tmp_path, cfg, name, **kw):
    return Options(config=cfg, out=tmp_path / name, use_cache=False, jobs=1,
                   family_modules={"tiny": str(TINY)}, **kw)


def local_build(tmp_path, cfg, name="local") -> int:
    """The reference: `build.py --executor local --jobs 1` in a fresh process; returns its item count.

    A fresh process, because cairo's text rendering in a process that has drawn a PDF differs
    (see build._make_sheets): the test process may have drawn sheets for other tests.
    """
    proc = run_build("--config", cfg, "--family-module", f"tiny={TINY}", "--out", tmp_path / name,
                     "--no-cache", "--jobs", "1", "--executor", "local")
    assert proc.returncode == 0, proc.stderr
    return int(proc.stderr.rsplit(": ", 1)[1].split()[0])


def test_cluster_build_equals_the_local_build_even_when_a_worker_is_killed(cluster, tmp_path, monkeypatch):
    lc, client = cluster
    cfg = config(tmp_path, "[families.tiny]\ncount = 14\nn = 3\nsheets = true\n")
    monkeypatch.delenv("TINY_DELAY", raising=False)
    local = local_build(tmp_path, cfg)
    pids = client.run(os.getpid)                     # worker address -> process id
    seen, killed = [], []
    real = generate._collect

    def collect(item, outcome, cache):
        """After the 3rd item is back, kill a worker that is busy with another item."""
        seen.append(item.label)
        if len(seen) == 3:
            busy = [w for w, tasks in client.processing().items() if tasks and w in pids]
            victim = (busy or sorted(pids))[0]
            os.kill(pids[victim], signal.SIGKILL)
            killed.append(victim)
        return real(item, outcome, cache)
    monkeypatch.setattr(generate, "_collect", collect)
    report = build(opts(tmp_path, cfg, "dask", executor="dask", scheduler=lc.scheduler_address))
    assert killed and report.items == local == 14 and report.generated == 14
    assert sorted(seen) == sorted(f"tiny/grid-{n}" for n in range(1, 15))     # each item once
    site = digests(tmp_path / "dask")
    assert site == digests(tmp_path / "local")
    assert "tiny/page-2.html" in site and "sheets/tiny-a4.pdf" in site       # pages and sheets too


@pytest.mark.slow
def test_an_item_that_kills_every_worker_fails_the_build_naming_it(cluster, tmp_path):
    lc, client = cluster
    cfg = config(tmp_path, "[families.tiny]\ncount = 4\nn = 2\n")
    build(opts(tmp_path, cfg, "site"))
    before = snapshot(tmp_path / "site")
    cfg.write_text(cfg.read_text() + "fail_item = 2\n")
    with pytest.raises(ItemFailure) as failure:
        build(opts(tmp_path, cfg, "site", executor="dask", scheduler=lc.scheduler_address))
    assert failure.value.label == "tiny/grid-3" and "workers died" in str(failure.value)
    assert snapshot(tmp_path / "site") == before                      # never a half site
    assert not list(tmp_path.glob(".site.staging-*"))   # (the nannies restart the dead workers)


def test_a_daily_schedule_through_the_cluster(cluster, tmp_path, monkeypatch):
    """Two months of daily Loopy puzzles (small ones): archive per month, today page, feed."""
    lc, client = cluster
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1802044800")             # 2027-02-08 00:00 UTC
    cfg = config(tmp_path, "[families.loopy]\ntilings = [\"p3\"]\nlevels = [\"easy\"]\nseeds = [1]\nsizes_p3 = [[3, 3]]\n"
                           "[families.loopy.daily]\nfrom = 2027-01-28\nto = 2027-02-10\n"
                           "tilings = [\"p3\"]\nlevels = [\"easy\"]\nsizes_p3 = [[3, 3]]\n")
    local = local_build(tmp_path, cfg)
    build(opts(tmp_path, cfg, "dask", executor="dask", scheduler=lc.scheduler_address))
    site, same = digests(tmp_path / "dask"), digests(tmp_path / "local")
    assert local == 1 + 14 and [k for k in site if site[k] != same.get(k)] == [] and site == same
    out = tmp_path / "dask" / "loopy"
    jan, feb = (out / "daily-2027-01.html").read_text(), (out / "daily-2027-02.html").read_text()
    assert jan.count('<time datetime="2027-01-') == 4 and feb.count('<time datetime="2027-02-') == 10
    assert 'href="daily-2027-01.html"' in feb and 'rel="next" href="daily-2027-02.html"' in jan
    today = (out / "today.html").read_text()
    assert 'datetime="2027-02-08"' in today
    # the day's item is the one whose seed is its date, whatever else the site holds
    from generator import families
    link = families.get("loopy").permalink(families.get("loopy").generate(
        {"tiling": "p3", "width": 3, "height": 3, "seed": 20270208, "level": "easy"}))
    from generator.pipeline.generate import slug_of
    assert f'href="{slug_of(link)}.html"' in today
    feed = (tmp_path / "dask" / "feed.xml").read_text()
    assert feed.count("<entry><title>2027-") == 12 and "2027-02-09" not in feed   # the days up to today
    assert feed.index("<title>2027-02-08: ") < feed.index("<title>2027-02-07: ")   # latest first


def test_bad_executor_flags_exit_2_naming_them(tmp_path):
    cfg = config(tmp_path, "[families.tiny]\ncount = 1\n")
    base = ["--config", cfg, "--family-module", f"tiny={TINY}", "--out", tmp_path / "site", "--no-cache"]
    proc = run_build(*base, "--executor", "dask")
    assert proc.returncode == 2 and proc.stderr == "error: --executor dask needs --scheduler tcp://HOST:PORT\n"
    proc = run_build(*base, "--executor", "dask", "--scheduler", "http://x")
    assert proc.returncode == 2 and "expected tcp://HOST:PORT" in proc.stderr
    proc = run_build(*base, "--scheduler", "tcp://127.0.0.1:1")
    assert proc.returncode == 2 and "only used with --executor dask" in proc.stderr
    assert not (tmp_path / "site").exists()


def test_an_unreachable_scheduler_is_bad_input(tmp_path, monkeypatch):
    from generator.pipeline import cluster
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    cfg = config(tmp_path, "[families.tiny]\ncount = 1\n")
    with pytest.raises(TilepressError, match=r"tcp://127\.0\.0\.1:1: cannot reach the Dask scheduler"):
        build(opts(tmp_path, cfg, "site", executor="dask", scheduler="tcp://127.0.0.1:1"))
    assert not (tmp_path / "site").exists() and not list(tmp_path.glob(".site.staging-*"))


def test_without_distributed_the_dask_executor_names_the_dependency(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_dask(name, *a, **kw):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError("No module named 'distributed'")
        return real(name, *a, **kw)
    monkeypatch.setattr(builtins, "__import__", no_dask)
    from generator.pipeline.build import make_executor
    with pytest.raises(TilepressError, match=r"optional dependency 'distributed'.*pip install '\.\[dask\]'"):
        make_executor(Options(executor="dask", scheduler="tcp://127.0.0.1:8786"))


# --- a wrong scheduler address: not a scheduler, malformed, lost mid-build ------------------

def _old_site(tmp_path):
    """A built site (local executor) and its snapshot: what a failed cluster build must leave."""
    cfg = config(tmp_path, "[families.tiny]\ncount = 3\nn = 2\n")
    build(opts(tmp_path, cfg, "site"))
    return cfg, snapshot(tmp_path / "site")


def _dask_cli(tmp_path, cfg, address):
    """`build.py --executor dask --scheduler ADDRESS` on the site: (process, seconds)."""
    import subprocess
    import sys
    import time
    t = time.monotonic()
    proc = subprocess.run([sys.executable, str(REPO / "build.py"), "--config", str(cfg), "--family-module",
                           f"tiny={TINY}", "--out", str(tmp_path / "site"), "--no-cache", "--executor", "dask",
                           "--scheduler", address], cwd=REPO, capture_output=True, text=True, timeout=60)
    return proc, time.monotonic() - t


class _Peer:
    """A TCP listener on 127.0.0.1 that is not a Dask scheduler: `silent` accepts and says
    nothing, `huge` announces a 1 GiB message (Dask's length prefix) and then trickles zeros,
    `http` is http.server."""

    def __init__(self, kind: str):
        import socket
        import threading
        self.kind, self.conns = kind, []
        if kind == "http":
            import http.server
            self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
            self.port = self.server.server_address[1]
            threading.Thread(target=self.server.serve_forever, daemon=True).start()
            return
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        import struct
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.conns.append(conn)
            if self.kind == "huge":
                try:
                    conn.sendall(struct.pack("<Q", 1 << 30) + b"\0" * 65536)
                except OSError:
                    pass

    def close(self):
        if self.kind == "http":
            self.server.shutdown()
            self.server.server_close()
        else:
            self.server.close()
        for c in self.conns:
            c.close()


@pytest.mark.parametrize("kind", ["silent", "http", "huge"])
def test_a_peer_that_is_not_a_scheduler_exits_2_in_one_line(tmp_path, kind):
    cfg, before = _old_site(tmp_path)
    peer = _Peer(kind)
    try:
        proc, seconds = _dask_cli(tmp_path, cfg, f"tcp://127.0.0.1:{peer.port}")
    finally:
        peer.close()
    assert proc.returncode == 2 and seconds < 20, (proc.returncode, seconds, proc.stderr[-2000:])
    assert proc.stderr.count("\n") == 1 and f"--scheduler tcp://127.0.0.1:{peer.port}: " in proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert snapshot(tmp_path / "site") == before and not list(tmp_path.glob(".site.staging-*"))


def test_the_greeting_check_allocates_no_announced_length(monkeypatch):
    """A peer announcing 1 GiB is refused after reading 8 bytes: no buffer of that size."""
    import tracemalloc
    from generator.pipeline import cluster
    peer = _Peer("huge")
    tracemalloc.start()
    try:
        with pytest.raises(TilepressError, match=r"announced a message of 1,073,741,824 bytes"):
            cluster.greet(f"tcp://127.0.0.1:{peer.port}", timeout=5)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        peer.close()
    assert peak < 8 << 20


def test_a_silent_peer_is_refused_within_the_time_limit(monkeypatch):
    import time
    from generator.pipeline import cluster
    peer = _Peer("silent")
    t = time.monotonic()
    try:
        with pytest.raises(TilepressError, match=r"no Dask scheduler answered within 1 s"):
            cluster.greet(f"tcp://127.0.0.1:{peer.port}", timeout=1)
    finally:
        peer.close()
    assert time.monotonic() - t < 3


@pytest.mark.parametrize("address, words", [
    ("tcp://[[[:1:8786", "expected tcp://HOST:PORT"),
    ("tcp://[::1:8786", "expected tcp://HOST:PORT"),
    ("tcp://[1:2:3]:8786", "is not an IPv6 address"),
    ("tcp://" + "a" * 4000 + ":8786", "too long (4,011 characters)"),
    ("tcp://" + "a" * 70 + ".org:8786", "not a valid host name"),
    ("tcp://bad_host:8786", "not a valid host name"),
    ("tcp://999.1.1.1:8786", "not an IPv4 address"),
    ("tcp://127.0.0.1:0", "port 0 is not in 1..65535"),
    ("tcp://127.0.0.1:99999", "port 99999 is not in 1..65535"),
    ("tls://127.0.0.1:8786", "tls:// needs Dask's TLS settings"),
])
def test_a_malformed_or_unsupported_address_is_bad_input(address, words):
    import time
    from generator.pipeline.build import make_executor
    t = time.monotonic()
    with pytest.raises(TilepressError) as err:
        make_executor(Options(executor="dask", scheduler=address)).check()
    assert words in str(err.value) and str(err.value).startswith("--scheduler ")
    assert len(str(err.value)) < 300 and time.monotonic() - t < 2


def test_the_address_check_against_the_cli(tmp_path):
    """The 4,000-character host from the command line: exit 2 at once, one line, no traceback."""
    cfg, before = _old_site(tmp_path)
    proc, seconds = _dask_cli(tmp_path, cfg, "tcp://" + "h" * 4000 + ":8786")
    assert proc.returncode == 2 and seconds < 20 and proc.stderr.count("\n") == 1, proc.stderr[-2000:]
    assert "too long (4,011 characters)" in proc.stderr and snapshot(tmp_path / "site") == before


CLUSTER_SCRIPT = """
import sys, time
from distributed import LocalCluster
if __name__ == "__main__":
    lc = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      scheduler_port=0, dashboard_address="127.0.0.1:0")
    print(lc.scheduler_address, flush=True)
    time.sleep(600)
"""


@pytest.mark.slow
def test_a_cluster_killed_mid_build_exits_1_in_one_line(tmp_path):
    """The scheduler and its worker killed (SIGKILL) while items run: exit 1 within 20 s, one
    line naming the address, the previous site untouched."""
    import subprocess
    import sys
    import time
    cfg, before = _old_site(tmp_path)
    cfg.write_text(cfg.read_text().replace("count = 3", "count = 40"))
    script = tmp_path / "cluster.py"
    script.write_text(CLUSTER_SCRIPT)
    env = dict(os.environ, TINY_DELAY="0.4", PYTHONPATH=str(REPO))
    lc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True, cwd=REPO, env=env, start_new_session=True)
    try:
        address = lc.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:")
        b = subprocess.Popen([sys.executable, str(REPO / "build.py"), "--config", str(cfg), "--family-module",
                              f"tiny={TINY}", "--out", str(tmp_path / "site"), "--no-cache", "--executor", "dask",
                              "--scheduler", address], cwd=REPO, stderr=subprocess.PIPE, text=True)
        watcher = distributed.Client(address, set_as_default=False, timeout=30)
        try:                          # kill once the cluster is running the build's items
            deadline = time.monotonic() + 120
            while not any(watcher.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert b.poll() is None, b.stderr.read()
        finally:
            watcher.close()
        os.killpg(lc.pid, signal.SIGKILL)
        killed = time.monotonic()
        err = b.communicate(timeout=60)[1]
        seconds = time.monotonic() - killed
    finally:
        if lc.poll() is None:
            os.killpg(lc.pid, signal.SIGKILL)
        lc.wait()
    assert b.returncode == 1 and seconds < 20, (b.returncode, seconds, err[-2000:])
    assert err == (f"error: --scheduler {address}: lost the Dask cluster (the scheduler stopped answering "
                   "mid-build); the previous site is unchanged\n")
    assert snapshot(tmp_path / "site") == before and not list(tmp_path.glob(".site.staging-*"))


def test_a_workers_address_is_not_the_schedulers(cluster):
    """A Dask worker greets like a scheduler; its identity says what it is: exit 2 at once."""
    import time
    from generator.pipeline.build import make_executor
    lc, client = cluster
    worker = sorted(client.scheduler_info()["workers"])[0]
    t = time.monotonic()
    with pytest.raises(TilepressError, match=rf"--scheduler {worker}: the peer is a Dask Worker, not the scheduler"):
        make_executor(Options(executor="dask", scheduler=worker)).check()
    assert time.monotonic() - t < 10
    make_executor(Options(executor="dask", scheduler=lc.scheduler_address)).check()     # the scheduler passes


NO_NANNY_SCRIPT = """
import asyncio, subprocess, sys
from distributed import Scheduler

async def main():
    s = await Scheduler(host="127.0.0.1", port=0, dashboard_address="127.0.0.1:0")
    w = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", s.address, "--no-nanny",
                          "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(s.address, w.pid, flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


@pytest.mark.slow
def test_a_cluster_whose_workers_are_all_killed_exits_1_in_one_line(tmp_path):
    """The scheduler lives on, its only worker (no nanny to restart it) is killed mid-build: the
    scheduler would wait for workers for ever; the build stops within 20 s, exit 1, one line."""
    import subprocess
    import sys
    import time
    from generator.pipeline import cluster as cluster_mod
    cfg, before = _old_site(tmp_path)
    cfg.write_text(cfg.read_text().replace("count = 3", "count = 40"))
    script = tmp_path / "scheduler.py"
    script.write_text(NO_NANNY_SCRIPT)
    env = dict(os.environ, TINY_DELAY="0.4", PYTHONPATH=str(REPO))
    sched = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, cwd=REPO, env=env, start_new_session=True)
    try:
        address, worker_pid = sched.stdout.readline().split()
        watcher = distributed.Client(address, set_as_default=False, timeout=30)
        try:
            watcher.wait_for_workers(1, timeout=60)
            b = subprocess.Popen([sys.executable, str(REPO / "build.py"), "--config", str(cfg), "--family-module",
                                  f"tiny={TINY}", "--out", str(tmp_path / "site"), "--no-cache", "--executor", "dask",
                                  "--scheduler", address], cwd=REPO, stderr=subprocess.PIPE, text=True)
            deadline = time.monotonic() + 120
            while not any(watcher.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            watcher.close()
        os.kill(int(worker_pid), signal.SIGKILL)
        killed = time.monotonic()
        err = b.communicate(timeout=60)[1]
        seconds = time.monotonic() - killed
    finally:
        os.killpg(sched.pid, signal.SIGKILL)
        sched.wait()
    assert b.returncode == 1 and seconds < 20, (b.returncode, seconds, err[-2000:])
    assert err == (f"error: --scheduler {address}: lost the Dask cluster (it has had no workers for "
                   f"{cluster_mod.NO_WORKERS_SECONDS} s); the previous site is unchanged\n")
    assert snapshot(tmp_path / "site") == before and not list(tmp_path.glob(".site.staging-*"))
