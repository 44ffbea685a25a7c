"""build.py as a command: help, exit codes, bad input (file:line, exit 2, previous site intact),
the failure exit code, --only, disabled and not-yet-published families, and `serve`."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from site_helpers import REPO, copy_site, fixture_args, run_build, snapshot, start_serve



def _built(tmp_path, config=None):
    """Build the fixture site with the CLI and return its snapshot."""
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    return snapshot(tmp_path / "site")


def _one_error_line(r, *needles):
    """The run failed with exit 2 and one `error:` line containing every needle."""
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("family", ["p2", "p3", "hat", "calissons", "tantrix"])
def test_unknown_key_in_a_family_table_names_key_and_line(tmp_path, family):
    """Every family's table goes through the one validation path: exit 2, file:line, the key."""
    config = copy_site(tmp_path)
    text = config.read_text() + f"\n[families.{family}]\nenabled = true\nsedes = [1, 2]\n"
    config.write_text(text)
    line = text.splitlines().index("sedes = [1, 2]") + 1
    _one_error_line(run_build(*fixture_args(tmp_path, config)),
                    f"site.toml:{line}:", f"[families.{family}] unknown key 'sedes'")


def test_help():
    r = run_build("--help")
    assert r.returncode == 0 and "--base-url" in r.stdout and "--jobs" in r.stdout and "serve" in r.stdout
    r = run_build("serve", "--help")
    assert r.returncode == 0 and "--port" in r.stdout and "127.0.0.1" in r.stdout


def test_build_succeeds_and_reports(tmp_path):
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0 and "5 items (5 generated, 0 cached)" in r.stderr
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0 and "0 files written" in r.stderr


@pytest.mark.parametrize("edit, needles", [
    (lambda t: t.replace("[families.tiny]", "[families.tiny"), ["site.toml:12:", "malformed TOML"]),
    (lambda t: t + "\n[families.nosuch]\ncount = 1\n", ["site.toml:18:", "unknown family 'nosuch'"]),
    (lambda t: t.replace("count = 5", 'count = "five"'), ["site.toml:13:", "count must be an integer"]),
    (lambda t: t.replace("thumb_width = 120", "thumb_width = 5"), ["site.toml:5:", "thumb_width"]),
    (lambda t: t.replace("[site]", "[site]\ncolour = 1"), ["site.toml:3:", "unknown key 'colour'"]),
    (lambda t: t.replace("count = 5", "count = 5\nenabled = 3"), ["site.toml:14:", "enabled"]),
    (lambda t: t.replace("rows = 2", 'rows = 2\ntilings = ["nosuch"]'), ["site.toml:11:", "'nosuch'"]),
    (lambda t: t.replace("rows = 2", "rows = 2\ntilings = 3"), ["site.toml:11:", "tilings"]),
])
def test_bad_site_toml(tmp_path, edit, needles):
    config = copy_site(tmp_path)
    before = _built(tmp_path, config)
    config.write_text(edit(config.read_text()))
    _one_error_line(run_build(*fixture_args(tmp_path, config)), *needles)
    assert snapshot(tmp_path / "site") == before


@pytest.mark.parametrize("text, needles", [
    ("title: x\n---\nbody\n", ["tiny.md:1:", "start with a '---'"]),
    ("---\ntitle: x\nbody without end\n", ["tiny.md:3:", "key: value"]),
    ("---\ntitle: x\n", ["tiny.md:1:", "not closed"]),
    ("---\nfamily: tiny\n---\n", ["tiny.md:3:", "title"]),
    ("---\ntitle: x\nfamily: nosuch\n---\n", ["tiny.md:3:", "unknown family 'nosuch'"]),
    ("---\ntitle: x\nauthor: me\n---\n", ["tiny.md:3:", "unknown front matter key"]),
])
def test_broken_front_matter(tmp_path, text, needles):
    config = copy_site(tmp_path)
    before = _built(tmp_path, config)
    (config.parent / "articles" / "tiny.md").write_text(text)
    _one_error_line(run_build(*fixture_args(tmp_path, config)), *needles)
    assert snapshot(tmp_path / "site") == before


@pytest.mark.parametrize("edit, needles", [
    # (a theme without item.html falls back to the built-in one: tests/test_site_theme.py)
    (lambda d: (d / "item.html").write_text('{% include "nosuch-part.html" %}'), ["item.html", "nosuch-part.html"]),
    (lambda d: (d / "family.html").write_text((d / "family.html").read_text().replace(
        "{% block main %}", "{% block main %}\n{% if %}")), ["family.html:6:", "syntax error"]),
    (lambda d: (d / "home.html").write_text((d / "home.html").read_text().replace(
        "{{ site.title }}</h1>", "{{ nosuchvar }}</h1>")), ["home.html:6:", "nosuchvar"]),
    (lambda d: (d / "item.html").write_text('{% extends "nosuch.html" %}'), ["item.html:1:", "nosuch.html"]),
])
def test_broken_templates(tmp_path, edit, needles):
    before = _built(tmp_path)
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    edit(templates)
    _one_error_line(run_build(*fixture_args(tmp_path), "--templates", templates), *needles)
    assert snapshot(tmp_path / "site") == before


def test_item_failure_exit_code_names_item(tmp_path):
    config = copy_site(tmp_path)
    before = _built(tmp_path, config)
    config.write_text(config.read_text().replace("seed = 1", "seed = 1\nfail_item = 0"))
    r = run_build(*fixture_args(tmp_path, config), "--jobs", "2")
    assert r.returncode == 1
    assert "item tiny/grid-1 failed: RuntimeError: deliberate failure" in r.stderr
    assert "Traceback" not in r.stderr
    assert snapshot(tmp_path / "site") == before


def test_bad_flags(tmp_path):
    _one_error_line(run_build(*fixture_args(tmp_path), "--jobs", "0"), "--jobs")
    _one_error_line(run_build(*fixture_args(tmp_path), "--only", "nosuch"), "--only", "nosuch")
    _one_error_line(run_build("--config", tmp_path / "none.toml", "--out", tmp_path / "o"),
                    "none.toml", "not found")


def test_only_and_disabled(tmp_path):
    config = copy_site(tmp_path)
    r = run_build(*fixture_args(tmp_path, config), "--only", "tiny")
    assert r.returncode == 0 and (tmp_path / "site" / "tiny" / "index.html").is_file()
    config.write_text(config.read_text().replace("[families.tiny]", "[families.tiny]\nenabled = false"))
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "site" / "tiny").exists()
    assert "tiny" not in (tmp_path / "site" / "index.html").read_text().split("<main>")[1].split("Articles")[0]


def test_family_without_publish_module_is_skipped(tmp_path, monkeypatch):
    """A registered family whose package has no family.py yet is not built (a note says so)."""
    from site_helpers import options
    from generator.pipeline import plan as plan_mod
    from generator.pipeline.build import build
    real = plan_mod.family_sources

    def with_ghost(extra=None):
        out = real(extra)
        out["ghost"] = "generator.ghost.family:FAMILY"
        return out
    monkeypatch.setattr(plan_mod, "family_sources", with_ghost)
    config = copy_site(tmp_path)
    config.write_text(config.read_text() + "\n[families.ghost]\ncount = 1\n")
    report = build(options(tmp_path, config))
    assert "family 'ghost' has no family.py yet; not built" in report.notes
    assert report.items == 5 and not (tmp_path / "site" / "ghost").exists()


def test_serve_rebuilds_on_change(tmp_path):
    config = copy_site(tmp_path)
    proc, url = start_serve(tmp_path, config)
    try:
        assert url.startswith("http://127.0.0.1:")
        assert "tilepress test" in urllib.request.urlopen(url, timeout=10).read().decode()
        time.sleep(0.5)
        config.write_text(config.read_text().replace('title = "tilepress test"', 'title = "renamed site"'))
        deadline = time.time() + 60
        body = ""
        while time.time() < deadline and "renamed site" not in body:
            time.sleep(0.3)
            body = urllib.request.urlopen(url, timeout=10).read().decode()
        assert "renamed site" in body
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_article_of_a_family_not_built_is_left_out(tmp_path):
    config = copy_site(tmp_path)
    config.write_text(config.read_text().replace("[families.tiny]", "[families.tiny]\nenabled = false"))
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    assert "article 'tiny' not published: family 'tiny' is not built" in r.stderr
    assert not (tmp_path / "site" / "articles").exists()


def test_progress_bar_only_on_a_terminal(tmp_path):
    import os
    import pty
    r = run_build(*fixture_args(tmp_path / "plain"))
    assert r.returncode == 0 and "generate:" not in r.stderr and "%|" not in r.stderr
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, str(REPO / "build.py"), *map(str, fixture_args(tmp_path / "tty"))],
                            cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=120) == 0
    text = b"".join(chunks).decode("utf-8", "replace")
    assert "generate:" in text and "/5 [" in text


def test_a_dying_worker_is_named_too(tmp_path):
    config = copy_site(tmp_path)
    before = _built(tmp_path, config)
    config.write_text(config.read_text().replace("seed = 1", "seed = 1\nfail_item = 1"))
    r = run_build(*fixture_args(tmp_path, config), "--jobs", "2", "--no-cache", env={"TINY_CRASH": "1"})
    assert r.returncode == 1, r.stderr
    assert "item tiny/grid-2 failed: worker process died" in r.stderr
    assert snapshot(tmp_path / "site") == before
