"""Nothing is lost: --clean only deletes a marked cache, the swap of the new site is atomic
at every step (failures injected at each), a killed build's staging folder is removed by
the next build, and two builds into one folder never both write it (real processes)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from site_helpers import FIXTURES, REPO, copy_site, fixture_args, interrupted_at, run_build

DRIVER = FIXTURES / "build_driver.py"


def _contents(folder: Path) -> dict[str, bytes]:
    """Every file of a folder -> bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _driver(mode: str, arg: str, args: list, *flags: str, wait: bool = True):
    """Run build.py under the fault-injecting driver (Popen when wait is false)."""
    cmd = [sys.executable, str(DRIVER), mode, arg, *flags, "--", *map(str, args)]
    if wait:
        return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    return subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(path: Path, proc=None, limit: float = 300.0) -> None:
    """Block until a file exists (failing early if the process ended instead)."""
    end = time.monotonic() + limit
    while not path.exists():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"driver ended early: {proc.returncode} {proc.stderr.read()}")
        assert time.monotonic() < end, f"{path} never appeared"
        time.sleep(0.02)


def _leftovers(tmp: Path) -> list[str]:
    """Names next to the site that are neither the site, its cache nor the content."""
    return sorted(p.name for p in tmp.iterdir() if p.name not in ("site", "cache", "content", "ref", "sync"))


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """The fixture site built with the old config (site, cache, content) and the bytes of
    the site the new config (one item more) gives, built once for the module."""
    tmp = tmp_path_factory.mktemp("once")
    config = copy_site(tmp)
    assert run_build(*fixture_args(tmp, config)).returncode == 0
    old = _contents(tmp / "site")
    new_config = tmp / "new.toml"
    new_config.write_text(config.read_text().replace("count = 5", "count = 6"))
    ref = tmp / "ref"
    ref.mkdir()
    (ref / "content").mkdir()
    shutil.copytree(config.parent / "articles", ref / "content" / "articles")
    shutil.copy(new_config, ref / "content" / "site.toml")
    r = run_build(*fixture_args(ref, ref / "content" / "site.toml"))
    assert r.returncode == 0, r.stderr
    new = _contents(ref / "site")
    assert old != new
    return tmp, new_config, old, new


@pytest.fixture()
def two_sites(tmp_path, built_once):
    """(config, old site bytes, new site bytes) with a private copy of the old site and cache
    in tmp_path; building `config` gives the new site."""
    src, new_config, old, new = built_once
    for name in ("site", "cache", "content"):
        shutil.copytree(src / name, tmp_path / name)
    config = tmp_path / "content" / "site.toml"
    shutil.copy(new_config, config)
    return config, old, new


# ---- 1. --clean and --cache-dir --------------------------------------------------------

def test_clean_never_deletes_a_folder_that_is_not_our_cache(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    args = fixture_args(tmp_path)
    args[args.index("--cache-dir") + 1] = mine
    for extra in (["--clean"], []):
        r = run_build(*args, *extra)
        assert r.returncode == 2, r.stderr
        line, = r.stderr.strip().splitlines()
        assert line.startswith("error: --cache-dir") and str(mine) in line and "CACHEDIR.TAG" in line
        assert (mine / "thesis.tex").read_text() == "years of work"
    assert not (tmp_path / "site").exists()


def test_clean_deletes_a_marked_cache_and_adopts_an_unmarked_one(tmp_path):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    cache = tmp_path / "cache"
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    (cache / "CACHEDIR.TAG").unlink()          # a cache from before the marker: only entries
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0 and "5 cached" in r.stderr and (cache / "CACHEDIR.TAG").is_file()
    r = run_build(*fixture_args(tmp_path), "--clean")
    assert r.returncode == 0 and "5 generated" in r.stderr and (cache / "CACHEDIR.TAG").is_file()


@pytest.mark.parametrize("marker", [b"", b"Signature: 8a47", b"Signature: 8a477f597d28d172789f06886806bc55\n# This"])
def test_an_empty_or_partial_marker_beside_only_our_entries_is_repaired(tmp_path, two_sites, marker):
    """What a full disk left behind in an older build (a marker cut short) is mended, not refused."""
    cache = tmp_path / "cache"
    (cache / "CACHEDIR.TAG").write_bytes(marker)
    (cache / ".CACHEDIR.TAG.tmp-99-0a0b0c0d").write_bytes(b"Sig")      # a killed atomic write's leftover
    r = run_build(*fixture_args(tmp_path, two_sites[0]))
    assert r.returncode == 0 and "5 cached" in r.stderr, r.stderr
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55\n# This folder")
    assert not list(cache.glob(".CACHEDIR.TAG.tmp-*"))


def test_a_partial_marker_beside_other_files_is_still_refused(tmp_path, two_sites):
    cache = tmp_path / "cache"
    (cache / "CACHEDIR.TAG").write_bytes(b"")
    (cache / "thesis.tex").write_text("years of work")
    r = run_build(*fixture_args(tmp_path, two_sites[0]), "--clean")
    assert r.returncode == 2 and "CACHEDIR.TAG" in r.stderr
    assert (cache / "thesis.tex").read_text() == "years of work"
    (cache / "thesis.tex").unlink()
    (cache / "CACHEDIR.TAG").write_bytes(b"Signature: something else")   # not a beginning of ours
    assert run_build(*fixture_args(tmp_path, two_sites[0])).returncode == 2


def test_the_marker_is_written_atomically(tmp_path, monkeypatch):
    """A disk that fills while the marker is written leaves no marker at all (so no 0-byte one)."""
    import errno
    from generator.pipeline import cache as cache_mod
    real = cache_mod.atomic_file

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def write(self, data):
            self.fh.write(data[:5])
            raise OSError(errno.ENOSPC, "No space left on device")

    from contextlib import contextmanager

    @contextmanager
    def filling(path, **kw):
        with real(path, **kw) as fh:
            yield Full(fh)
    monkeypatch.setattr(cache_mod, "atomic_file", filling)
    folder = tmp_path / "c"
    cache_mod.Cache(folder).check()
    assert folder.is_dir() and list(folder.iterdir()) == []
    monkeypatch.setattr(cache_mod, "atomic_file", real)
    cache_mod.Cache(folder).check()
    assert [p.name for p in folder.iterdir()] == ["CACHEDIR.TAG"]


def test_out_rule_is_kept(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "notes.txt").write_text("mine")
    r = run_build(*fixture_args(tmp_path), "--clean")
    assert r.returncode == 2 and "not a tilepress site" in r.stderr
    assert (tmp_path / "site" / "notes.txt").read_text() == "mine"


# ---- 2. the atomic swap, failures injected at every step ---------------------------------

SWAPS = [([], "exchange"), ([], "delete-old"),
         (["--fallback"], "move-old"), (["--fallback"], "move-new"), (["--fallback"], "delete-old")]


@pytest.mark.parametrize("flags, step", SWAPS)
def test_a_crash_at_any_swap_step_leaves_a_site_and_the_next_build_recovers(tmp_path, two_sites, flags, step):
    config, old, new = two_sites
    r = _driver("crash-at", step, fixture_args(tmp_path, config), *flags)
    assert r.returncode == 9, r.stderr                  # died at the step, no clean-up ran
    site = tmp_path / "site"
    if site.exists():
        assert _contents(site) in (old, new)
    else:           # only between the two renames of the fallback: the old site is beside it
        assert flags and step == "move-new"
        olds = [p for p in tmp_path.iterdir() if p.name.startswith(".site.old-")]
        assert len(olds) == 1 and _contents(olds[0]) == old
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    assert _contents(site) == new and _leftovers(tmp_path) == []
    if step != "delete-old" or flags:
        assert "note: re" in r.stderr                   # restored or removed, and said so


@pytest.mark.parametrize("flags, step", SWAPS + [([], "rename-new")])
def test_a_failure_at_any_swap_step_leaves_old_or_new_and_no_litter(tmp_path, two_sites, flags, step):
    config, old, new = two_sites
    if step == "rename-new":        # the first build of a site: nothing to exchange
        shutil.rmtree(tmp_path / "site")
    r = _driver("raise-at", step, fixture_args(tmp_path, config), *flags)
    assert r.returncode == 1 and "injected failure" in r.stderr
    if step == "rename-new":
        assert not (tmp_path / "site").exists()
    else:
        assert _contents(tmp_path / "site") == (new if step == "delete-old" else old)
    assert _leftovers(tmp_path) == []


def test_first_build_killed_before_its_rename_leaves_nothing_behind(tmp_path):
    r = _driver("crash-at", "rename-new", fixture_args(tmp_path))
    assert r.returncode == 9 and not (tmp_path / "site").exists()
    assert any(p.name.startswith(".site.staging-") for p in tmp_path.iterdir())
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0 and "removed stale staging folder" in r.stderr
    assert _leftovers(tmp_path) == []


# ---- 3. a build killed (SIGKILL) during the write phase ----------------------------------

def test_a_killed_builds_staging_folder_is_removed_by_the_next_build(tmp_path):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    before = _contents(tmp_path / "site")
    sync = tmp_path / "sync"
    sync.mkdir()
    proc = _driver("pause", str(sync), fixture_args(tmp_path) + ["--clean"], wait=False)
    _wait_for(sync / "ready", proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=120)
    staging = tmp_path / f".site.staging-{proc.pid}"
    assert staging.is_dir() and (staging / ".tilepress-site").is_file()
    assert _contents(tmp_path / "site") == before
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0, r.stderr
    assert f"removed stale staging folder {staging} of an interrupted build (pid {proc.pid}, dead)" in r.stderr
    assert f"took over the lock of build pid {proc.pid}" in r.stderr
    assert not staging.exists() and _leftovers(tmp_path) == []
    assert _contents(tmp_path / "site") == before


# ---- 4. two builds into one folder -------------------------------------------------------

def test_a_second_concurrent_build_is_refused_naming_the_first(tmp_path):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    sync = tmp_path / "sync"
    sync.mkdir()
    first = _driver("pause", str(sync), fixture_args(tmp_path) + ["--clean"], wait=False)
    try:
        _wait_for(sync / "ready", first)
        second = run_build(*fixture_args(tmp_path))
        assert second.returncode == 2, second.stderr
        line, = second.stderr.strip().splitlines()
        assert line == (f"error: another build (pid {first.pid}) is writing {tmp_path / 'site'}; "
                        "wait for it to finish and run again")
    finally:
        (sync / "go").write_text("")
        out, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert "5 generated" in err
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0 and _leftovers(tmp_path) == []


def test_a_stale_lock_file_of_a_dead_process_is_taken_over(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / ".site.lock").write_text(f"{dead.pid}\n")
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0, r.stderr
    assert f"took over the lock of build pid {dead.pid}" in r.stderr
    assert not (tmp_path / ".site.lock").exists()


def test_the_lock_without_flock(tmp_path):
    """The exclusive-create lock used where fcntl is missing: busy, released, taken over."""
    from generator.pipeline.outdir import Lock
    out = tmp_path / "site"
    first = Lock(out)._acquire_exclusive()
    with pytest.raises(Exception, match=rf"another build \(pid {os.getpid()}\) is writing"):
        Lock(out)._acquire_exclusive()
    first.release()
    assert not (tmp_path / ".site.lock").exists()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / ".site.lock").write_text(f"{dead.pid}\n")
    lock = Lock(out)._acquire_exclusive()
    assert lock.took_over == dead.pid and (tmp_path / ".site.lock").read_text() == f"{os.getpid()}\n"
    lock.release()


# ---- 5. kills of the main process while its pool works, and while it deletes the old site --

def _gone(pid: int) -> bool:
    """True when no process has this pid (or only a zombie of it is left)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal is Linux's")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_a_killed_build_and_the_next_build_runs(tmp_path, sig):
    """kill -9 / SIGTERM of the main process while pool workers generate: the workers die
    with it, and the next build takes the lock over at once (not 'another build is writing')."""
    sync = tmp_path / "sync"
    sync.mkdir()
    args = fixture_args(tmp_path)
    args[args.index("--jobs") + 1] = "2"
    proc = _driver("pause-worker", str(sync), args, wait=False)
    workers = []
    try:
        end = time.monotonic() + 120
        while len(workers) < 2:
            assert proc.poll() is None and time.monotonic() < end, proc.stderr.read()
            workers = [int(p.name.split("-")[1]) for p in sync.glob("worker-*")]
            time.sleep(0.02)
        os.kill(proc.pid, sig)
        proc.wait(timeout=60)          # (not communicate: a surviving worker holds the pipes)
        end = time.monotonic() + 10
        while not all(_gone(w) for w in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert all(_gone(w) for w in workers), "a worker outlived its build"
        start = time.monotonic()
        r = run_build(*fixture_args(tmp_path))
        assert r.returncode == 0, r.stderr
        assert time.monotonic() - start < 30
        assert "5 generated" in r.stderr and _leftovers(tmp_path) == []
    finally:
        (sync / "go").write_text("")          # release any worker still waiting
        for w in workers:
            if not _gone(w):
                os.kill(w, signal.SIGKILL)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize("deleted", ["first", "all but one"])
def test_a_build_killed_while_deleting_the_old_site_leaves_nothing_for_good(tmp_path, two_sites, deleted):
    """Killed midway through deleting the replaced site: the folder still proves it is ours
    (the marker goes last), so the next build removes it and says so."""
    config, old, new = two_sites
    n = 1 if deleted == "first" else len(old) - 1
    r = _driver("crash-deleting", str(n), fixture_args(tmp_path, config))
    assert r.returncode == 9, r.stderr
    assert _contents(tmp_path / "site") == new
    left, = [p for p in tmp_path.iterdir() if p.name.startswith(".site.staging-")]
    assert 0 < len(_contents(left)) < len(old)            # part of the old site
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    assert f"removed stale staging folder {left}" in r.stderr
    assert _leftovers(tmp_path) == [] and _contents(tmp_path / "site") == new


# ---- 6. a damaged cache, a full disk, a read-only cache, Ctrl-C --------------------------

def _damage_entries(cache: Path, how: str) -> int:
    """Change one byte inside the SVG text of every cache entry holding one; return how many."""
    count = 0
    for entry in sorted(cache.glob("*/*.pickle")):
        data = bytearray(entry.read_bytes())
        at = data.find(b"<svg")
        if at < 0:
            continue
        at = next(i for i in range(at, len(data)) if data[i:i + 1].isdigit())
        data[at] = (b"7" if data[at:at + 1] != b"7" else b"3")[0] if how == "digit" else 0xFF
        entry.write_bytes(bytes(data))
        count += 1
    return count


@pytest.mark.parametrize("how", ["digit", "bad utf-8"])
def test_a_damaged_cache_entry_is_regenerated_not_published(tmp_path, how):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    good = _contents(tmp_path / "site")
    damaged = _damage_entries(tmp_path / "cache", how)
    assert damaged >= 5
    for _ in range(2):                    # and the rewritten entries are good again
        r = run_build(*fixture_args(tmp_path))
        assert r.returncode == 0, r.stderr
        assert _contents(tmp_path / "site") == good
        notes = [ln for ln in r.stderr.splitlines() if "was damaged" in ln]
        assert len(notes) == (damaged if _ == 0 else 0) and all(n.startswith("note: cache entry ") for n in notes)


def _fsize(limit: int):
    """preexec_fn: files may grow to `limit` bytes (a full disk, as the writer sees it)."""
    import resource
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize("cache", ["cache", "no cache"])
def test_a_full_disk_stops_the_build_at_the_first_failed_write(tmp_path, cache):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    before = _contents(tmp_path / "site")
    flags = ["--clean"] if cache == "cache" else ["--no-cache", "--clean"]
    start = time.monotonic()
    r = subprocess.run([sys.executable, str(REPO / "build.py"), *map(str, fixture_args(tmp_path)), *flags],
                       cwd=REPO, capture_output=True, text=True, timeout=120, preexec_fn=_fsize(4096))
    assert time.monotonic() - start < 30
    assert r.returncode == 2, r.stderr
    line, = r.stderr.strip().splitlines()
    assert line.startswith("error: ") and "File too large" in line and "Traceback" not in line
    path = line.split("cannot write ", 1)[1].split(":")[0]
    assert path.startswith(str(tmp_path / ("cache" if cache == "cache" else ".site.staging-")))
    assert _contents(tmp_path / "site") == before
    assert run_build(*fixture_args(tmp_path)).returncode == 0 and _leftovers(tmp_path) == []


def _freeze(folder: Path) -> bool:
    """Make a folder's entries undeletable (chattr +i as root, else read-only); False if impossible."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            return False
        return subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
    folder.chmod(0o555)
    return True


def _thaw(folder: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    else:
        folder.chmod(0o755)


def test_clean_on_a_read_only_cache_is_one_line_naming_the_path(tmp_path):
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    before = _contents(tmp_path / "site")
    sub = sorted(p for p in (tmp_path / "cache").iterdir() if p.is_dir())[0]
    if not _freeze(sub):
        pytest.skip("cannot make a folder read-only here")
    try:
        r = run_build(*fixture_args(tmp_path), "--clean")
    finally:
        _thaw(sub)
    assert r.returncode == 2, r.stderr
    line, = r.stderr.strip().splitlines()
    assert line.startswith("error: --clean: cannot delete the cache ") and str(sub) in line
    assert _contents(tmp_path / "site") == before


def test_ctrl_c_during_a_cold_build_is_one_line_and_exit_130(tmp_path):
    """SIGINT to the whole process group (a terminal's Ctrl-C) while pool workers generate."""
    assert run_build(*fixture_args(tmp_path)).returncode == 0
    before = _contents(tmp_path / "site")
    sync = tmp_path / "sync"
    sync.mkdir()
    args = fixture_args(tmp_path) + ["--clean"]
    args[args.index("--jobs") + 1] = "2"
    cmd = [sys.executable, str(DRIVER), "pause-worker", str(sync), "--", *map(str, args)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        end = time.monotonic() + 120
        while len(list(sync.glob("worker-*"))) < 2:
            assert proc.poll() is None and time.monotonic() < end, proc.stderr.read()
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
    finally:
        (sync / "go").write_text("")
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted; the previous site is unchanged"
    assert _contents(tmp_path / "site") == before


@pytest.mark.parametrize("module", ["generator.errors", "jinja2", "generator.pipeline.build",
                                    "generator.pipeline.cli", "generator.pipeline.config"])
def test_ctrl_c_while_starting_is_one_line(tmp_path, module):
    """SIGINT while build.py loads its modules or starts: exit 130, one line, never a traceback
    (sent as soon as the process reports `module` imported)."""
    code, err = interrupted_at([str(REPO / "build.py"), *map(str, fixture_args(tmp_path))], module)
    assert "Traceback" not in err and code == 130, err
    assert err.strip() == "interrupted; the previous site is unchanged"


# ---- 7. raw HTML in articles ---------------------------------------------------------------

HOSTILE = ('\nRaw <script>alert(1)</script> and <img src=x onerror="alert(2)"> and '
           '[a link](javascript:alert(3)) and [another]( JAVASCRIPT:alert(4)) and [fine](https://example.org).\n\n'
           '<div onclick="alert(5)">a block</div>\n')


@pytest.mark.parametrize("safe", [False, True])
def test_raw_html_in_articles_passes_unless_safe_markdown(tmp_path, safe):
    """As in MkDocs, an article's raw HTML is the author's own and passes; with
    `[site] safe_markdown = true` it is shown as text and javascript: links lose their URL."""
    from site_helpers import build_fixture
    import html5lib
    config = copy_site(tmp_path)
    article = config.parent / "articles" / "tiny.md"
    article.write_text(article.read_text() + HOSTILE)
    if safe:
        config.write_text(config.read_text().replace("[site]\n", "[site]\nsafe_markdown = true\n"))
    build_fixture(tmp_path, config)
    page = (tmp_path / "site" / "articles" / "tiny.html").read_text()
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    main = doc.find(".//main") if doc.find(".//main") is not None else doc
    scripts = [s for s in main.iter("script") if "alert" in (s.text or "")]
    handlers = [el for el in main.iter() if any(k.startswith("on") for k in el.attrib)]
    hrefs = [a.get("href") for a in main.iter("a") if a.get("href")]
    assert "https://example.org" in hrefs
    if safe:
        assert scripts == [] and handlers == []
        assert not any("javascript" in h.lower() for h in hrefs)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page        # shown, as text
    else:
        assert len(scripts) == 1 and len(handlers) == 2
        assert "javascript:alert(3)" in hrefs
