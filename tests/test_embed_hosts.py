"""The package as a user gets it: the wheel, a fresh virtual environment, and the Markdown
extension in a real MkDocs site and a real Pelican site, looked at in Chromium.

One wheel is built (`pip wheel --no-deps --no-build-isolation --no-index` from a copy of the
sources, so the checkout gets no build/ folder) and installed into a new virtual environment
that has no pip and no site-packages of its own; a .pth line lends it this environment's
site-packages for the hosts' own dependencies (MkDocs, Pelican, Markdown, Jinja2...), so
nothing is downloaded.  The sites use the extension by its entry-point name, `tilepress`,
which only an installed distribution provides; every command runs in the site's folder with
no PYTHONPATH, and the tests check that `generator` is imported from the new environment.
"""

from __future__ import annotations

import configparser
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from site_helpers import REPO

import generator
from generator import webapi

pytestmark = pytest.mark.slow

LOOPY = "loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3.p2.v1.5_4_9_AVVBUABUAA"
P2 = "p2.v1.10_10_8_ABBBABUABAVVB"
BROKEN = "p2.v1.10_10_8_ABBBABUABAVVX"          # 'X' is not a P2 label
SOURCES = ("generator", "templates", "site_src", "pyproject.toml", "setup.py", "README.md")

MKDOCS_YML = """site_name: Tilings
theme:
  name: mkdocs
  highlightjs: false        # the theme's default loads highlight.js from a CDN
markdown_extensions:
  - tilepress
"""
MKDOCS_PAGE = f"""---
title: Puzzles
---
# Puzzles

A Loopy puzzle:

!tilepress {LOOPY}

```tilepress
permalink: {P2}
width: 300
caption: A Penrose patch
```
"""
PELICAN_CONF = """SITENAME = "Tilings"
PATH = "content"
TIMEZONE = "UTC"
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
MARKDOWN = {"extension_configs": {"tilepress": {}, "markdown.extensions.extra": {}},
            "output_format": "html5"}
"""
PELICAN_PAGE = f"""Title: Puzzles
Date: 2026-01-01

A Loopy puzzle:

!tilepress {LOOPY}
"""


def _run(cmd, cwd, env, check=True):
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(path, src / name)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
          "--disable-pip-version-check", "-w", tmp / "dist", src], tmp, dict(os.environ))
    wheels = list((tmp / "dist").glob("tilepress-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def env(tmp_path_factory, wheel) -> dict:
    """A fresh virtual environment with the wheel installed: {"python", "bin", "env", "root"}."""
    root = tmp_path_factory.mktemp("venv") / "venv"
    venv.EnvBuilder(with_pip=False).create(root)
    py = root / "bin" / "python"
    site = Path(subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "lent-site-packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    # SOURCE_DATE_EPOCH: MkDocs stamps the build date into every page unless it is set.
    environ.update(PATH=f"{root / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", COLUMNS="300",
                   VIRTUAL_ENV=str(root), SOURCE_DATE_EPOCH="1767225600")
    _run([sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index",
          "--disable-pip-version-check", wheel], root.parent, environ)
    where = _run([py, "-c", "import generator; print(generator.__file__)"], root.parent, environ).stdout
    assert where.strip().startswith(str(site)), where
    return {"python": py, "bin": root / "bin", "env": environ, "root": root}


def test_wheel_holds_the_engines_templates_and_entry_points(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        dist = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(f"{dist}/METADATA").decode())
        points = configparser.ConfigParser()
        points.read_string(zf.read(f"{dist}/entry_points.txt").decode())
    sources = {p.relative_to(REPO).as_posix() for p in (REPO / "generator").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert sources <= names, sorted(sources - names)[:5]
    for folder, under in (("templates", "generator/_data/templates"), ("site_src", "generator/_data/site_src")):
        files = {p.relative_to(REPO / folder).as_posix() for p in (REPO / folder).rglob("*") if p.is_file()}
        assert files and {f"{under}/{f}" for f in files} <= names, folder
    assert not any(n.startswith(("tests/", "bench/", "build.py")) for n in names)
    assert meta["Name"] == "tilepress" and meta["Version"] == generator.__version__
    assert dict(points["console_scripts"]) == {"tilepress": "generator.__main__:console",
                                               "tilepress-build": "generator.pipeline.cli:console"}
    assert dict(points["markdown.extensions"]) == {"tilepress": "generator.pipeline.embed:TilepressExtension"}
    required = {re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower() for r in meta.get_all("Requires-Dist")
                if "extra ==" not in r}                     # optional extras (e.g. [dask]) are not runtime pins
    assert {"dask", "dxf"} <= set(meta.get_all("Provides-Extra"))
    pinned = {re.split(r"[<>=!~ ;\[]", line, maxsplit=1)[0].lower()
              for line in (REPO / "requirements.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    assert required == pinned


def test_console_scripts_in_a_fresh_environment(env, tmp_path):
    out = _run([env["bin"] / "tilepress", "--version"], tmp_path, env["env"]).stdout
    assert out.strip() == f"tilepress {generator.__version__}"
    assert _run([env["bin"] / "tilepress-build", "--version"], tmp_path, env["env"]).stdout == out
    svg = subprocess.run([env["bin"] / "tilepress", "regen", P2, "--format", "svg"], cwd=tmp_path,
                         env=env["env"], capture_output=True, check=True).stdout
    assert svg == webapi.run(["regen", P2, "--format", "svg"])["stdout"]
    bad = _run([env["bin"] / "tilepress", "regen", BROKEN, "--format", "svg"], tmp_path, env["env"], check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr
    # the installed templates build a site (no family: the home page and the stylesheet)
    (tmp_path / "site.toml").write_text('[site]\ntitle = "Installed"\ninteractive = false\n')
    _run([env["bin"] / "tilepress-build", "--config", "site.toml", "--out", "out", "--jobs", "1"],
         tmp_path, env["env"])
    home = (tmp_path / "out" / "index.html").read_text()
    assert "<title>Installed</title>" in home and (tmp_path / "out" / "assets" / "style.css").is_file()


def _no_regen(tmp: Path) -> dict:
    """Environment additions that make the extension fail if it regenerates anything."""
    hook = tmp / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "import generator.pipeline.embed as e\n"
        "def _no(link):\n    raise AssertionError('regenerated ' + link)\n"
        "e.item_data = _no\n")
    return {"PYTHONPATH": str(hook)}


MKDOCS = {"files": {"mkdocs.yml": MKDOCS_YML, "docs/index.md": MKDOCS_PAGE},
          "build": ["-m", "mkdocs", "build", "--strict", "-q"]}
PELICAN = {"files": {"pelicanconf.py": PELICAN_CONF, "content/puzzles.md": PELICAN_PAGE},
           "build": ["-m", "pelican", "content", "-s", "pelicanconf.py", "-o", "output", "--fatal", "errors"]}


def host_build(env, host: dict, folder: Path, replace: tuple[str, str] | None = None, check=True):
    """Write a host's site into folder (the page with `replace` done) and build it."""
    for name, text in host["files"].items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text.replace(*replace) if replace else text)
    return _run([env["python"], *host["build"]], folder, env["env"], check=check)


@pytest.fixture(scope="module")
def mkdocs_site(env, tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("mkdocs")
    host_build(env, MKDOCS, site)
    return site


@pytest.fixture(scope="module")
def pelican_site(env, tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("pelican")
    host_build(env, PELICAN, site)
    return site


def _figures(html: str) -> list[str]:
    return re.findall(r'<figure class="tilepress".*?</figure>', html, re.S)


def test_mkdocs_strict_build(env, mkdocs_site):
    page = (mkdocs_site / "site" / "index.html").read_text()
    figures = _figures(page)
    assert len(figures) == 2 and "<details class=\"tilepress-answer\">" in figures[0]
    assert 'width="300" height="300"' in figures[1] and "<figcaption>A Penrose patch</figcaption>" in figures[1]
    # a rebuild with the same permalinks regenerates nothing and writes the same page
    _run([env["python"], *MKDOCS["build"]], mkdocs_site, dict(env["env"], **_no_regen(mkdocs_site)))
    assert (mkdocs_site / "site" / "index.html").read_text() == page
    # a broken permalink fails the build, naming the file and the line, without a traceback
    broken = mkdocs_site.parent / "mkdocs-broken"
    proc = host_build(env, MKDOCS, broken, (P2, BROKEN), check=False)
    line = MKDOCS_PAGE.splitlines().index(f"permalink: {P2}") + 1
    assert proc.returncode != 0
    said = rf"ERROR\s+-\s+docs/index\.md:{line}: bad permalink '{re.escape(BROKEN)}'"
    assert re.search(said, proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr


def test_pelican_fatal_build(env, pelican_site):
    page = (pelican_site / "output" / "puzzles.html").read_text()
    figures = _figures(page)
    assert len(figures) == 1 and "<details class=\"tilepress-answer\">" in figures[0]
    _run([env["python"], *PELICAN["build"]], pelican_site, dict(env["env"], **_no_regen(pelican_site)))
    assert (pelican_site / "output" / "puzzles.html").read_text() == page
    broken = pelican_site.parent / "pelican-broken"
    proc = host_build(env, PELICAN, broken, (LOOPY, LOOPY[:-1] + "X"), check=False)
    line = PELICAN_PAGE.splitlines().index(f"!tilepress {LOOPY}") + 1
    assert proc.returncode != 0
    assert re.search(rf"ERROR\s+content/puzzles\.md:{line}: bad permalink", proc.stdout + proc.stderr), \
        proc.stdout + proc.stderr


@pytest.mark.browser
def test_pages_in_chromium(browser, mkdocs_site, pelican_site):
    """Each host's page, served over HTTP as a host site is (MkDocs' search runs a Web Worker,
    which file:// refuses), shows the puzzle (drawn: many colours), no console error, the
    answer folded until its summary is clicked."""
    from PIL import Image
    from browser_helpers import serve
    for folder, name in ((mkdocs_site / "site", "index.html"), (pelican_site / "output", "puzzles.html")):
        base, server = serve(folder)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        errors = []
        # Chromium asks every server for /favicon.ico by itself; Pelican's theme has none (a 404
        # that is the browser's, not the page's); every other failed load counts.
        page.on("console", lambda m, e=errors: e.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
        page.on("response", lambda r, e=errors: e.append(f"{r.status} {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
        page.on("pageerror", lambda exc, e=errors: e.append(str(exc)))
        page.on("requestfailed", lambda req, e=errors: e.append(f"request failed: {req.url}"))
        path = base + name
        page.goto(path)
        page.wait_for_load_state("load")
        picture = page.locator("figure.tilepress svg.tilepress-picture").first
        box = picture.bounding_box()
        assert box and box["width"] > 200 and box["height"] > 150, (path, box)
        shot = Image.open(io.BytesIO(picture.screenshot())).convert("RGB")
        assert len(shot.getcolors(1 << 20) or []) > 8, path            # drawn, not a blank box
        answer = page.locator("details.tilepress-answer svg").first
        assert page.locator("details.tilepress-answer[open]").count() == 0
        assert not answer.is_visible()
        page.locator("details.tilepress-answer > summary").first.click()
        assert answer.is_visible() and answer.bounding_box()["width"] > 200
        assert errors == [], (path, errors)
        page.close()
        server.shutdown()
        server.server_close()
