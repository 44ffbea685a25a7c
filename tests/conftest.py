"""Session fixtures shared by several test files.

`small_site` builds ONE small site with every real family (tests/fixtures/small/site.toml and
the real articles) per test session; the page checks (test_site_pages.py) and the sheet checks
read it.  Building it once keeps the suite fast on a 2-core machine.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

SMALL = REPO / "tests" / "fixtures" / "small" / "site.toml"
BASE_URL = "https://example.org/tilepress/"


@pytest.fixture(scope="session")
def small_site(tmp_path_factory) -> Path:
    """The small site (all real families, real articles, a base URL), built once per session."""
    from generator.pipeline.build import Options, build
    tmp = tmp_path_factory.mktemp("small")
    content = tmp / "content"
    content.mkdir()
    shutil.copy(SMALL, content / "site.toml")
    shutil.copytree(REPO / "site_src" / "articles", content / "articles")
    build(Options(config=content / "site.toml", out=tmp / "site", cache_dir=tmp / "cache", jobs=2,
                  base_url=BASE_URL))
    return tmp / "site"
