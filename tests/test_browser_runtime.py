"""The vendored Pyodide runtime (generator/pipeline/browser.py), without a browser: every
import of every engine module is inside the trimmed runtime; the Pyodide texts the page
relies on are asserted (a changed Pyodide fails loudly); sizes; the build without the
runtime says what to run."""

from __future__ import annotations

import json
import shutil

import pytest

from browser_helpers import REPO, built_site

from generator.pipeline import browser

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    site = built_site(tmp_path_factory.getbasetemp() / "browser-site")
    from generator.pipeline.cache import Cache
    return browser.runtime(Cache(site.parent / "cache")), site


def test_every_engine_import_is_in_the_trimmed_runtime(runtime):
    rt, _ = runtime
    files = browser.engine_files()
    assert len(rt["modules"]) < 250, "the trimmed standard library should stay small"
    assert "fractions" in rt["modules"] and "argparse" in rt["modules"]
    assert browser.outside_runtime(files, rt["modules"], rt["builtins"]) == []


def test_the_import_check_fails_for_a_module_outside_the_runtime(runtime):
    rt, _ = runtime
    files = dict(browser.engine_files())
    files["generator/extra.py"] = b"import sqlite3\ndef f():\n    import tkinter\n    import cairosvg\n"
    files["generator/top.py"] = b"import cairosvg\n"
    assert browser.outside_runtime(files, rt["modules"], rt["builtins"]) == [
        ("generator/extra.py", "sqlite3"), ("generator/extra.py", "tkinter"), ("generator/top.py", "cairosvg")]


def test_pyodide_texts_are_asserted():
    asm = (browser.PYODIDE_DIR / "pyodide.asm.mjs").read_text()
    out = browser.rewrite_asm(asm)
    assert "import.meta" not in out and "tilepressCreatePyodideModule=_createPyodideModule" in out
    with pytest.raises(browser.TilepressError, match="import.meta.url"):
        browser.rewrite_asm(asm.replace("import.meta.url", "import.meta.href", 1))
    with pytest.raises(browser.TilepressError, match="does not start"):
        browser.rewrite_asm("export default 1;")
    loader = (browser.PYODIDE_DIR / "pyodide.js").read_text()
    assert browser.check_loader(loader) == loader
    with pytest.raises(browser.TilepressError, match="createPyodideModule"):
        browser.check_loader(loader.replace("if(e.createPyodideModule)", "if(e.createModule)"))


def test_version_is_pinned_exactly():
    spec = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    lock = json.loads((REPO / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    assert spec == lock == browser.pinned_version() and spec[0].isdigit()


def test_sizes_within_budget(runtime):
    _, site = runtime
    shipped = sum(p.stat().st_size for p in (site / "regen" / "runtime").iterdir())
    loaded = shipped + sum((site / rel).stat().st_size for rel in
                           ("regen.html", "regen/regen.js", "regen/regen.css", "assets/style.css"))
    assert shipped <= 9_000_000 and loaded <= 9_500_000, (shipped, loaded)


def test_missing_runtime_says_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setattr(browser, "PYODIDE_DIR", tmp_path / "node_modules" / "pyodide")
    assert "npm ci" in browser.missing_reason()
    from site_helpers import options
    from generator.pipeline.build import build
    cfg = tmp_path / "site.toml"
    cfg.write_text((REPO / "tests" / "fixtures" / "site" / "site.toml").read_text()
                   .replace("interactive = false", "interactive = true"))
    shutil.copytree(REPO / "tests" / "fixtures" / "site" / "articles", tmp_path / "articles")
    report = build(options(tmp_path, cfg))
    assert any("regen.html not built" in n and "npm ci" in n for n in report.notes)
    assert not (tmp_path / "site" / "regen.html").exists()
    assert "regen.html" not in (tmp_path / "site" / "index.html").read_text()


def test_build_only_modules_are_left_out_and_nothing_the_page_runs_needs_them():
    """The article figures and the DXF writer are not shipped, and no shipped module imports one
    at import time (only inside the function that draws the figures or writes the DXF, which the
    page never calls: the page's own calls are exercised in Pyodide when the runtime is built)."""
    import ast
    files = browser.engine_files()
    left_out = {p.relative_to(REPO).as_posix() for p in (REPO / "generator").rglob("*.py")
                if "pipeline" not in p.parts and (p.name in browser.BUILD_ONLY
                                                  or p.relative_to(REPO).as_posix() in browser.BUILD_ONLY_FILES)}
    assert {"generator/hat/article.py", "generator/penrose/figures.py", "generator/dxf.py"} <= left_out
    assert not left_out & set(files)
    build_only = {rel[:-3].replace("/", ".") for rel in left_out}

    def named(node):
        if isinstance(node, ast.Import):
            return {a.name for a in node.names}
        if isinstance(node, ast.ImportFrom) and node.module:
            return {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        return set()

    offending = [(rel, node.lineno) for rel, data in files.items() if rel.endswith(".py")
                 for node in ast.parse(data, rel).body if named(node) & build_only]
    assert offending == []
