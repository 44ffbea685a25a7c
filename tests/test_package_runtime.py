"""A pip-installed tilepress builds the whole site, regen.html included: the wheel built in a
checkout with `npm ci` done ships the vendored Pyodide runtime (setup.py ->
generator.pipeline.browser.write_prebuilt), and a site built from it in a fresh virtual
environment, with no node on the PATH and no node_modules anywhere near, regenerates a
permalink in Chromium with CPython's exact bytes.  The wheel and environment are built as in
tests/test_embed_hosts.py (no download)."""

from __future__ import annotations

import os
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from browser_helpers import launch_chromium, open_regen, require_runtime
from site_helpers import REPO
from test_embed_hosts import SOURCES, _run, env  # noqa: F401  (env: the fresh environment fixture)

from generator import webapi
from generator.pipeline import browser as browser_mod

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SMALL = "cal.v1.3~QDTBAggEUIhI"
SITE_TOML = """[site]
title = "Installed with a player"
interactive = true

[families.calissons]
sizes = [3]
levels = ["easy"]
seeds = [1]
"""

chromium = pytest.fixture(scope="module")(launch_chromium)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the sources beside the checkout's node_modules."""
    require_runtime()
    tmp = tmp_path_factory.mktemp("wheel-runtime")
    src = tmp / "src"
    src.mkdir()
    for name in (*SOURCES, "package.json"):
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(path, src / name)
    (src / "node_modules").symlink_to(REPO / "node_modules")
    r = _run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "--no-index",
              "--disable-pip-version-check", "-w", tmp / "dist", src], tmp, dict(os.environ))
    assert "vendored the Pyodide runtime" in r.stdout + r.stderr
    (found,) = (tmp / "dist").glob("tilepress-*.whl")
    return found


def test_wheel_ships_the_runtime(wheel):
    with zipfile.ZipFile(wheel) as zf:
        assert "generator/pipeline/runtime.zip" in zf.namelist()
        shipped = zf.read("generator/pipeline/runtime.zip")
    tmp = wheel.parent / "runtime.zip"
    tmp.write_bytes(shipped)
    got = browser_mod.prebuilt(tmp)                 # made for exactly these engine sources
    assert got is not None and {"wasm.js", "engines.js", "stdlib.js"} <= set(got["files"])


def test_installed_package_builds_a_working_regen_page(env, tmp_path, chromium):
    site = tmp_path / "mysite"
    site.mkdir()
    (site / "site.toml").write_text(SITE_TOML)
    no_node = dict(env["env"], PATH=str(env["bin"]))           # only the environment's own scripts
    r = _run([env["bin"] / "tilepress-build", "--out", "out", "--jobs", "1"], site, no_node)
    assert "regen.html not built" not in r.stderr, r.stderr
    out = site / "out"
    assert (out / "regen.html").is_file() and (out / "regen" / "runtime" / "wasm.js").is_file()
    page, errors = open_regen(chromium, (out / "regen.html").as_uri() + "#" + SMALL)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {SMALL!r}",
                           timeout=90000)
    svg = page.evaluate("(p) => window.tilepress.regen(p, {args: []}).then(r => r.svg)", SMALL)
    assert svg.encode() == webapi.run(["regen", SMALL, "--format", "svg"])["stdout"]
    assert errors.errors == []
    page.close()


def test_tilepress_new_site_from_the_wheel_has_a_player_a_daily_puzzle_and_sheets(env, tmp_path, chromium):
    """The newcomer's path: `tilepress new`, then `tilepress-build` with the installed package
    alone (no node): a themed site with its daily puzzle, printable sheets and a regen.html
    that plays the site's own Loopy puzzle."""
    no_node = dict(env["env"], PATH=str(env["bin"]))
    _run([env["bin"] / "tilepress", "new", "mysite"], tmp_path, no_node)
    site = tmp_path / "mysite"
    r = _run([env["bin"] / "tilepress-build", "--jobs", "2"], site, no_node)
    assert "regen.html not built" not in r.stderr, r.stderr
    out = site / "_site"
    assert (out / "loopy" / "today.html").is_file() and list((out / "sheets").glob("loopy-*.pdf"))
    assert "--bg: #eef3f7" in (out / "index.html").read_text()            # the starter theme
    link = re.search(r'href="(loopy\.v\d[^"/]+)\.html"', (out / "loopy" / "today.html").read_text()).group(1)
    page, errors = open_regen(chromium, (out / "regen.html").as_uri() + "#" + link)
    svg = page.evaluate("(p) => window.tilepress.regen(p, {args: []}).then(r => r.svg)", link)
    assert svg.encode() == webapi.run(["regen", link, "--format", "svg"])["stdout"]
    assert errors.errors == []
    page.close()


def test_a_package_without_the_runtime_says_what_to_install(monkeypatch, tmp_path):
    """Installed without the runtime (no package.json beside the package, no runtime.zip): one line."""
    monkeypatch.setattr(browser_mod, "ROOT", tmp_path)
    monkeypatch.setattr(browser_mod, "PYODIDE_DIR", tmp_path / "node_modules" / "pyodide")
    monkeypatch.setattr(browser_mod, "PREBUILT", tmp_path / "runtime.zip")
    reason = browser_mod.missing_reason()
    assert "no Pyodide runtime" in reason and "npm ci" in reason and "\n" not in reason
