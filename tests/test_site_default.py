"""The default site (site_src/site.toml with the real families): built twice from cold into two
folders, every .html/.svg/.pdf/.xml byte-identical; every page strict HTML; every link resolves.

Why the default site and not only the fixture: the fixture test (test_site_build.py) proves the
pipeline is deterministic, but only the real families can put a timestamp, an unseeded RNG or
a set-ordering into an SVG or a fact; this test catches that for exactly what is published.
It takes two cold builds of the default site (one to two minutes each on 2 cores), hence `slow`.
"""

from __future__ import annotations

import pytest

from site_helpers import REPO, local_links, pages, resolve, snapshot

from generator.pipeline.build import Options, build

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("default")
    reports = []
    for name in ("a", "b"):
        reports.append(build(Options(config=REPO / "site_src" / "site.toml", out=tmp / name / "site",
                                     use_cache=False, jobs=2, base_url="https://example.org/tilepress/")))
    return tmp / "a" / "site", tmp / "b" / "site", reports


def test_default_site_is_byte_identical(two_builds):
    a, b, _ = two_builds
    sa, sb = snapshot(a), snapshot(b)
    assert sorted(sa) == sorted(sb)
    compared = [rel for rel in sa if rel.endswith((".html", ".svg", ".pdf", ".xml"))]
    assert "index.html" in compared
    different = [rel for rel in compared if sa[rel][0] != sb[rel][0]]
    assert different == []


def test_default_site_pages_parse_and_links_resolve(two_builds):
    import html5lib
    a, _, reports = two_builds
    for page in pages(a):
        html5lib.HTMLParser(strict=True).parse(page.read_bytes())
        for url in local_links(page):
            assert not url.startswith("/"), f"{page}: absolute link {url}"
            if url.startswith(("http://", "https://")):
                continue
            target = resolve(page, url)
            assert target is not None and target.is_file(), f"{page.relative_to(a)}: {url} does not resolve"


def test_default_site_in_chromium(two_builds, browser):
    """Home page → first item page in headless Chromium: images decode, permalink shown, no errors."""
    from test_site_browser import _images_ok
    a, _, reports = two_builds
    if reports[0].items == 0:
        pytest.skip("the default site publishes no family yet")
    page = browser.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((a / "index.html").as_uri())
    assert _images_ok(page) == []
    page.click("ul.gallery a >> nth=0")
    page.wait_for_load_state("load")
    assert page.inner_text("#permalink").strip()
    assert _images_ok(page) == []
    page.close()
    assert errors == []


# The default site must stay under 80 MB (du counts blocks: a bit more).  It was 60 MB until the
# site gained the Expert Loopy level, calissons on other shapes, one-puzzle-a-page Loopy sheets
# (puzzles at least 120 mm wide) and a QR code per item: 67 MB with a base URL on 2026-12-01;
# 71.3 MB on 2026-12-06 with a sheet per family and level (per tiling for Loopy) and each month's
# book on the first paper, their previews, and each site puzzle's board file for instant play.
MAX_SITE_BYTES = 80_000_000


def test_default_site_is_under_the_size_budget(two_builds):
    a, _, _ = two_builds
    sizes = {}
    for p in a.rglob("*"):
        if p.is_file():
            top = p.relative_to(a).parts[0] if len(p.relative_to(a).parts) > 1 else "."
            sizes[top] = sizes.get(top, 0) + p.stat().st_size
    total = sum(sizes.values())
    print(f"\ndefault site: {total / 1e6:.1f} MB; " + ", ".join(f"{k} {v / 1e6:.1f}" for k, v in sorted(sizes.items())))
    assert total < MAX_SITE_BYTES, sizes


def test_default_site_pages_look_right(two_builds, browser):
    """The page checks of test_site_pages.py on the default site's galleries and first items, at 390 px."""
    from test_site_pages import GATHER, ROW_HEIGHT_RATIO, THUMB_ASPECT
    a, _, _ = two_builds
    targets = [a / "index.html"]
    for folder in sorted(p for p in a.iterdir() if p.is_dir() and (p / "index.html").is_file()):
        targets.append(folder / "index.html")
        items = sorted(p for p in folder.glob("*.html") if p.name != "index.html")
        targets += items[:1]
    problems = []
    page = browser.new_page(viewport={"width": 390, "height": 900})
    for target in targets:
        page.goto(target.as_uri())
        data = page.evaluate(GATHER)
        where = target.relative_to(a).as_posix()
        if data["scrollW"] > data["viewW"] + 1 or data["wide"]:
            problems.append(f"{where}: scrolls sideways {data['wide'][:2]}")
        for img in data["images"]:
            if img["visible"] and img["natW"] and img["shownW"] > 2 * img["natW"] + 1:
                problems.append(f"{where}: {img['src']} blown up")
            if img["natW"] and img["attrW"] and abs(float(img["attrW"]) / float(img["attrH"])
                                                    - img["natW"] / img["natH"]) > 0.03 * img["natW"] / img["natH"]:
                problems.append(f"{where}: {img['src']} width/height do not match the file")
        for rows in data["rows"]:
            for row in rows:
                hs = [t["h"] for t in row if t["h"]]
                if any(not THUMB_ASPECT[0] <= t["w"] / t["h"] <= THUMB_ASPECT[1] for t in row if t["h"]) \
                        or (hs and max(hs) > ROW_HEIGHT_RATIO * min(hs)):
                    problems.append(f"{where}: a gallery row with odd thumbnails {row[:2]}")
    page.close()
    assert problems == []


# Page height goals of the default site, in screens (1280 x 900 desktop, 390 x 844 phone): a
# visitor sees every Loopy level of every tiling at once on a desktop.  Before the galleries
# became tables the Loopy gallery was 6,075 px on a desktop and 10,704 px on a phone.
HEIGHT_GOALS = {"loopy/index.html": (2, 4), "calissons/index.html": (3, 6), "tantrix/index.html": (3, 4),
                "index.html": (4, 7)}
SCREENS = {"desktop": (1280, 900), "phone": (390, 844)}


def page_heights(site, browser) -> dict:
    """(page, width name) -> the page's height in CSS px, for the pages of HEIGHT_GOALS."""
    out = {}
    for wname, (w, h) in SCREENS.items():
        page = browser.new_page(viewport={"width": w, "height": h})
        for rel in HEIGHT_GOALS:
            if (site / rel).is_file():
                page.goto((site / rel).as_uri())
                out[rel, wname] = page.evaluate("document.documentElement.scrollHeight")
        page.close()
    return out


def test_default_site_pages_fit_their_height_goals(two_builds, browser):
    a, _, _ = two_builds
    heights = page_heights(a, browser)
    print("\npage heights: " + ", ".join(f"{rel} {w} {px}" for (rel, w), px in sorted(heights.items())))
    assert {rel for rel, _ in heights} == set(HEIGHT_GOALS)
    over = {key: px for key, px in heights.items()
            if px > HEIGHT_GOALS[key[0]][key[1] == "phone"] * SCREENS[key[1]][1]}
    assert over == {}


def test_default_item_pages_offer_play_on_the_first_screen(two_builds, browser):
    """On every family's item pages, Play (or Regenerate) and Download sit on the first screen of a
    desktop and of a phone, whatever the picture's height: a Loopy puzzle's picture alone is
    1,029 px tall at 1280 px, which put them below the fold."""
    a, _, _ = two_builds
    below = []
    for wname, (w, h) in SCREENS.items():
        page = browser.new_page(viewport={"width": w, "height": h})
        for folder in sorted(p for p in a.iterdir() if p.is_dir() and (p / "index.html").is_file()):
            items = sorted(p for p in folder.glob("*.html") if p.name != "index.html")
            for item in items[:1] + items[-1:]:
                page.goto(item.as_uri())
                bottom = page.evaluate("""() => { const l = document.querySelector('ul.actions li');
                    return l ? l.getBoundingClientRect().bottom : null; }""")
                if bottom is not None and bottom > h:
                    below.append((wname, item.relative_to(a).as_posix(), round(bottom)))
        page.close()
    assert below == []


def test_docs_state_the_default_sites_size(two_builds):
    """The item and file counts of docs/cli.md are what the build makes (without --base-url, which
    adds sitemap.xml, feed.xml and each item's QR code, *.qr.svg)."""
    import re
    a, _b, reports = two_builds
    text = " ".join((REPO / "docs" / "cli.md").read_text(encoding="utf-8").split())
    m = re.search(r"The default site is ([0-9,]+) items of \w+ families \([^)]*\) in ([0-9,]+) files", text)
    assert m, "docs/cli.md lost its default-site sentence"
    items, files = (int(g.replace(",", "")) for g in m.groups())
    made = [p for p in a.rglob("*") if p.is_file() and p.name not in ("sitemap.xml", "feed.xml")
            and not p.name.endswith(".qr.svg")]
    assert (items, files) == (reports[0].items, len(made))
