"""The documentation is a MkDocs site (mkdocs.yml, docs/) built in strict mode with tilepress's
own Markdown extension, and the README keeps only what a newcomer needs first."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from site_helpers import REPO


def _mkdocs(folder: Path) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of a copy of the docs in folder (the build cache stays there)."""
    env = dict(os.environ, PYTHONPATH=str(REPO), SOURCE_DATE_EPOCH="1767225600")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(folder / "out")],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def _copy(tmp: Path) -> Path:
    shutil.copy(REPO / "mkdocs.yml", tmp / "mkdocs.yml")
    shutil.copytree(REPO / "docs", tmp / "docs")
    return tmp


def test_docs_build_strict_with_our_extension(tmp_path):
    r = _mkdocs(_copy(tmp_path))
    assert r.returncode == 0, r.stderr
    home = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'class="tilepress" data-permalink="p2.v1.' in home and "<svg" in home   # the extension ran
    nav = yaml.safe_load((REPO / "mkdocs.yml").read_text())["nav"]

    def pages(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for v in node.values():
                yield from pages(v)
        else:
            for v in node:
                yield from pages(v)
    listed = set(pages(nav))
    on_disk = {p.name for p in (REPO / "docs").glob("*.md")}
    assert listed == on_disk, f"pages missing from mkdocs.yml's nav: {sorted(on_disk - listed)}; " \
                              f"listed but absent: {sorted(listed - on_disk)}"
    for page in listed:
        assert (tmp_path / "out" / (page[:-3] if page != "index.md" else "")).exists(), page


def test_a_broken_permalink_in_the_docs_fails_naming_its_line(tmp_path):
    _copy(tmp_path)
    page = tmp_path / "docs" / "themes.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    page.write_text("\n".join(lines + ["", "!tilepress p2.v1.10_10_8_ABBBABUABAVVX", ""]), encoding="utf-8")
    r = _mkdocs(tmp_path)
    assert r.returncode != 0
    assert re.search(rf"themes\.md:{len(lines) + 2}: ", r.stderr), r.stderr[-2000:]


def test_readme_is_a_first_screen_with_links_to_the_docs():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 80
    own = re.findall(r"^    (\S.*)$", text.split("## Your own site", 1)[1].split("\n## ", 1)[0], re.M)
    assert len(own) == 5 and own[1].startswith("tilepress new") and own[-1].startswith("tilepress-build")
    links = re.findall(r"\]\((docs/[^)#]+)\)", text)
    assert {Path(p).name for p in links} >= {"quickstart.md", "themes.md", "cli.md", "config.md",
                                             "permalinks.md", "browser.md", "embedding.md", "deployment.md"}
    assert all((REPO / p).is_file() for p in links)
    for diary in ("LONGEST_FIRST", "renameat2", "slower than at the last landing", "loadgroup) runs"):
        assert diary not in text


def test_no_page_installs_tilepress_by_its_bare_name():
    """tilepress is installed from a checkout or its wheel; it is not on PyPI, so a page saying
    `pip install tilepress` (or 'tilepress[dask]') sends a reader to nothing, or to a stranger's
    package."""
    pages = [REPO / "README.md", REPO / "generator" / "pipeline" / "starter" / "README.md",
             *sorted((REPO / "docs").glob("*.md"))]
    bare = re.compile(r"pip install ['\"]?tilepress(\[[a-z,]+\])?['\"]?(?=[\s`)]|$)", re.M)
    found = [f"{p.name}: {m.group(0)}" for p in pages for m in bare.finditer(p.read_text(encoding="utf-8"))]
    assert not found, found
