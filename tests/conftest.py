"""Session fixtures shared by several test files: expensive results computed once per session.

`browser` is ONE headless Chromium (Playwright with Debian's /usr/bin/chromium) per session:
Playwright's sync API cannot run two instances at once, so every browser test uses this one.

`small_site` builds ONE small site with every real family (tests/fixtures/small/site.toml and
the real articles) per test session; the page checks (test_site_pages.py) and the sheet checks
read it.  Building it once keeps the suite fast on a 2-core machine.

The suite runs on two workers (pytest-xdist, `-n auto --dist loadgroup` in pyproject.toml):
each test file stays on one worker (its module fixtures are built once), and the files that
share an expensive session build (`small_site`; browser_helpers.built_site) go to the same
worker, so each such build still happens once per run.  The longest groups go out first
(LONGEST_FIRST below), the rest by their number of tests, as xdist would.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SMALL = REPO / "tests" / "fixtures" / "small" / "site.toml"
BASE_URL = "https://example.org/tilepress/"


def _shared_build(item) -> str | None:
    """The expensive session build a test uses, if any: `small_site` or browser_helpers.built_site."""
    if "small_site" in getattr(item, "fixturenames", ()):
        return "small_site"
    if hasattr(getattr(item, "module", None), "built_site"):
        return "browser-site"
    return None


# The groups that take longest (seconds of test time on the 2-core CI machine, roughly), handed
# out first: xdist's own order (--loadscope-reorder: the groups with most tests first) left
# long groups of few tests, such as test_site_default.py or test_calissons_slow.py, for the
# end, with one worker idle meanwhile.  Longest first, the short groups fill the tail.  Only
# the order changes: every test runs, on one worker per group, as before.
LONGEST_FIRST = {"test_site_default.py": 400, "browser-site": 350, "test_site_safety.py": 120,
                 "small_site": 110, "test_calissons_slow.py": 110, "test_site_cli.py": 100,
                 "test_penrose_tiling.py": 90, "test_loopy_levels.py": 70}


def pytest_configure(config):
    """Under pytest-xdist: hand the groups out in the order the collection gives (see LONGEST_FIRST)."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(tryfirst=True)          # before xdist's own hook, which reads the marks
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist: each test file on one worker, the files sharing a session build together,
    the longest groups first (LONGEST_FIRST), then the others by their number of tests."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    group = {}
    for item in items:
        shared = _shared_build(item)
        if shared:
            group[item.path] = shared
    names = [group.get(item.path, item.path.name) for item in items]
    for item, name in zip(items, names):
        item.add_marker(pytest.mark.xdist_group(name))
    if hasattr(config, "workerinput"):   # a worker's collection is the order the groups go out in
        count = {}
        for name in names:
            count[name] = count.get(name, 0) + 1
        rank = {id(item): (-LONGEST_FIRST.get(name, 0), -count[name]) for item, name in zip(items, names)}
        items.sort(key=lambda item: rank[id(item)])


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


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium for the whole session; skips (saying why) where it is absent.  It is the
    process's one shared Chromium (browser_helpers.shared_browser: one sync Playwright a process)."""
    from browser_helpers import shared_browser
    return shared_browser()


def pytest_sessionfinish(session, exitstatus):
    """The shared Chromium ends with the session (it is started only by a browser test)."""
    helpers = sys.modules.get("browser_helpers")
    if helpers is not None:
        helpers.stop_shared_browser()


@pytest.fixture(scope="session")
def tantrix_enumeration():
    """The exhaustive extra-symmetric enumeration with its class counts (the engine memoises
    the fillings, so single_loop_patterns and uniform_pattern reuse this run)."""
    from generator.tantrix import enumerate as enum
    return enum.enumerate_all()
