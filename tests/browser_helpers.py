"""Shared by tests/test_browser_*.py: one small interactive site per test session, served over
file:// and over a throwaway http.server on 127.0.0.1; Chromium through Playwright; the golden
corpus as (permalink, extra CLI args, SVG SHA-256) triples; CPython's reference outputs."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import threading
from pathlib import Path

import pytest

from site_helpers import REPO

from generator import webapi
from generator.pipeline import browser as browser_mod
from generator.pipeline.build import Options, build

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SITE_TOML = """[site]
title = "tilepress browser test"
thumb_width = 120
png_width = 320
interactive = true

[site.sheets]
papers = ["a4"]

[families.calissons]
sizes = [3]
levels = ["easy"]
seeds = [1]
"""
_STATE: dict = {}


def require_runtime():
    """Fail (not skip: CI installs it) when the Pyodide runtime is not installed."""
    reason = browser_mod.missing_reason()
    if reason:
        pytest.fail(reason)


def require_chromium():
    """Skip (saying why) without Chromium or Playwright, like tests/test_site_browser.py."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (install the Debian package 'chromium'; .ci/run does)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("playwright is not installed (pip install -r requirements-test.txt)")


_SHARED: dict = {}


def shared_browser():
    """The test process's one headless Chromium, started on first use (skips without it).

    Playwright's sync API allows one Playwright a process: a second `sync_playwright()` while
    another runs is refused ("Sync API inside the asyncio loop").  So every browser test of a
    worker process (tests/conftest.py's session `browser`, the files' `chromium`) shares this
    one; `stop_shared_browser` ends it when the session ends."""
    if "browser" not in _SHARED:
        require_chromium()
        from playwright.sync_api import sync_playwright
        pw = sync_playwright().start()
        _SHARED["playwright"] = pw
        _SHARED["browser"] = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
    return _SHARED["browser"]


def stop_shared_browser() -> None:
    """Close the shared Chromium and its Playwright (tests/conftest.py, at the session's end)."""
    browser, pw = _SHARED.pop("browser", None), _SHARED.pop("playwright", None)
    if browser is not None:
        browser.close()
    if pw is not None:
        pw.stop()


def launch_chromium():
    """The body of a module fixture: the shared headless Chromium (skips without it).
    Use as `chromium = pytest.fixture(scope="module")(launch_chromium)`."""
    yield shared_browser()


def built_site(tmp_root: Path) -> Path:
    """Build the small interactive site once per session; return its folder."""
    if "site" not in _STATE:
        require_runtime()
        tmp_root.mkdir(parents=True, exist_ok=True)
        cfg = tmp_root / "site.toml"
        cfg.write_text(SITE_TOML)
        build(Options(config=cfg, out=tmp_root / "site", cache_dir=tmp_root / "cache", jobs=1))
        _STATE["site"] = tmp_root / "site"
    return _STATE["site"]


def serve(folder: Path):
    """Serve a folder on 127.0.0.1 from a daemon thread; returns (base URL, server)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def golden_entries() -> list[tuple[str, list[str], str]]:
    """Every (permalink, extra args, SVG sha256) of tests/golden/*.json, for the registered families
    (tiny.json belongs to the test-only example family tests/fixtures/tinyfamily.py, which the
    page's engines do not register)."""
    from generator import families
    out = []

    def walk(node):
        if isinstance(node, dict):
            sha = node.get("svg_sha256") or node.get("sha256")
            link = node.get("permalink")
            if isinstance(link, str) and isinstance(sha, dict):      # loopy.json: {"json", "svg"}
                # the Loopy corpus hashes the picture with its solution drawn
                out.append((link, ["--solution"], sha["svg"]))
            elif isinstance(link, str) and sha:
                args = ["--view", node["view"]] if node.get("view") else []
                out.append((link, args, sha))
            if isinstance(link, str) and node.get("curved_svg_sha256"):   # spectre.json
                out.append((link, ["--style", "curved"], node["curved_svg_sha256"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((REPO / "tests" / "golden").glob("*.json")):
        walk(json.loads(path.read_text()))
    return [e for e in out if families.by_prefix(e[0].split(".", 1)[0]) is not None]


def cpython(argv: list[str]) -> dict:
    """`python -m generator ARGV` in this process (the reference the page must equal)."""
    return webapi.run(argv)


def sha(text: str) -> str:
    """SHA-256 of text encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class PageErrors:
    """Collect uncaught page errors and console errors of a Playwright page."""

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)


def open_regen(browser, url: str, timeout: float = 60000):
    """A new page on regen.html (or regen.html#P), runtime loaded; returns (page, errors)."""
    page = browser.new_page()
    errors = PageErrors(page)
    page.goto(url)
    page.evaluate("() => window.tilepress.ready().then(() => true)")
    return page, errors
