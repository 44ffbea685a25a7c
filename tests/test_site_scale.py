"""Pages that scale: paginated galleries, a sitemap index past the protocol's limit, schedules
(days, archives, today page), and the page writer's memory flat in the item count."""
from __future__ import annotations

import datetime as dt
import re
import tracemalloc
import xml.dom.minidom

import pytest

from site_helpers import TINY, build_fixture, local_links, pages, resolve
from generator import families
from generator.errors import ConfigError
from generator.pipeline import pages as pages_mod
from generator.pipeline import schedule


def config(tmp_path, body: str, site: str = ""):
    path = tmp_path / "content" / "site.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[site]\ntitle = "scale test"\ntagline = "t"\nthumb_width = 32\npng_width = 64\n'
                    f'interactive = false\nbase_url = "https://example.org/s/"\n{site}' + body)
    return path


@pytest.fixture(scope="module")
def paged(tmp_path_factory):
    """11 tiny items, 4 a page, 4 scheduled days; sitemap files of at most 5 URLs."""
    tmp = tmp_path_factory.mktemp("paged")
    cfg = config(tmp, "[families.tiny]\ncount = 11\nn = 2\n[families.tiny.daily]\n"
                      "from = 2027-01-30\nto = 2027-02-02\nn = 3\n", site="gallery_page = 4\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pages_mod, "SITEMAP_MAX", 5)
        mp.setenv("SOURCE_DATE_EPOCH", str(int(dt.datetime(2027, 2, 1, 12, tzinfo=dt.timezone.utc).timestamp())))
        report = build_fixture(tmp, cfg)
    return tmp / "site", report


def test_galleries_paginate_with_stable_urls_a_count_and_previous_next(paged):
    out, report = paged
    assert report.items == 11 + 4
    gallery = [out / "tiny" / n for n in ("index.html", "page-2.html", "page-3.html")]
    assert all(p.is_file() for p in gallery) and not (out / "tiny" / "page-4.html").exists()
    shown = []
    for n, page in enumerate(gallery, start=1):
        html = page.read_text()
        links = re.findall(r'<li><a href="(tiny\.v1\.s\d+n2)\.html">', html)
        shown += links
        first, last = 4 * (n - 1) + 1, min(11, 4 * n)
        assert f"Pictures {first}–{last} of 11 (page {n} of 3)" in html
        assert links == [f"tiny.v1.s{k}n2" for k in range(first, last + 1)]      # item k on page 1 + (k-1)//4
        assert ('rel="prev"' in html) == (n > 1) and ('rel="next"' in html) == (n < 3)
    assert len(shown) == len(set(shown)) == 11                                    # each item once
    assert 'rel="next" href="page-3.html"' in gallery[1].read_text()
    assert 'rel="prev" href="index.html"' in gallery[1].read_text()


def test_every_link_of_the_paged_site_resolves(paged):
    out, _ = paged
    for page in pages(out):
        for url in local_links(page):
            target = resolve(page, url)
            assert target is None or target.exists(), f"{page}: {url}"


def test_the_sitemap_becomes_an_index_past_its_limit(paged):
    out, _ = paged
    index = xml.dom.minidom.parse(str(out / "sitemap.xml"))
    assert index.documentElement.tagName == "sitemapindex"
    files = [e.firstChild.data for e in index.getElementsByTagName("loc")]
    urls = []
    for f in files:
        part = xml.dom.minidom.parse(str(out / f.removeprefix("https://example.org/s/")))
        locs = [e.firstChild.data.removeprefix("https://example.org/s/") for e in part.getElementsByTagName("loc")]
        assert 0 < len(locs) <= 5
        urls += locs
    html = {p.relative_to(out).as_posix() for p in pages(out)}
    assert len(urls) == len(set(urls)) and set(urls) == html                   # every page, once


def test_a_schedule_gives_day_items_month_archives_a_today_page_and_a_feed(paged):
    out, _ = paged
    jan, feb = (out / "tiny" / "daily-2027-01.html").read_text(), (out / "tiny" / "daily-2027-02.html").read_text()
    assert re.findall(r'datetime="(2027-01-\d\d)"', jan) == ["2027-01-30", "2027-01-31"]
    assert re.findall(r'datetime="(2027-02-\d\d)"', feb) == ["2027-02-01", "2027-02-02"]
    assert 'href="tiny.v1.s20270131n3.html"' in jan                         # the seed is the date
    today = (out / "tiny" / "today.html").read_text()
    assert 'built for <time datetime="2027-02-01">' in today and 'href="tiny.v1.s20270201n3.html"' in today
    assert "s20270202" not in today
    # the day's puzzle at full size with its page (not a thumbnail a visitor must open first)
    assert 'src="tiny.v1.s20270201n3.svg"' in today and ">Open its page</a>" in today and ".thumb" not in today
    feed = (out / "feed.xml").read_text()
    assert re.findall(r"<entry><title>(2027-\d\d-\d\d): ", feed) == ["2027-02-01", "2027-01-31", "2027-01-30"]
    assert "s20270202" not in feed
    item = (out / "tiny" / "tiny.v1.s20270131n3.html").read_text()
    assert 'rel="prev" href="tiny.v1.s20270130n3.html"' in item and 'rel="next" href="tiny.v1.s20270201n3.html"' in item
    assert "Today's puzzle" in (out / "index.html").read_text()


def test_a_day_is_the_same_item_whatever_the_range(monkeypatch):
    monkeypatch.setitem(families.REGISTRY, "tiny", "file:" + str(TINY.resolve()))
    fam = families.get("tiny")
    short = schedule.plan_days(fam, {"from": dt.date(2027, 3, 1), "to": dt.date(2027, 3, 3)}, {}, "[d]")
    long = schedule.plan_days(fam, {"from": dt.date(2026, 12, 30), "to": dt.date(2027, 4, 1)}, {}, "[d]")
    day = {d["day"]: d for d in long}
    assert [d["id"] for d in short] == ["2027-03-01-grid-20270301", "2027-03-02-grid-20270302",
                                        "2027-03-03-grid-20270303"]
    assert all(day[d["day"]] == d for d in short) and len(long) == 93


def test_the_today_page_says_when_no_day_is_scheduled(tmp_path, monkeypatch):
    cfg = config(tmp_path, "[families.tiny]\ncount = 1\nn = 1\n[families.tiny.daily]\n"
                           "from = 2027-01-01\nto = 2027-01-02\nn = 1\n")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(dt.datetime(2027, 3, 9, tzinfo=dt.timezone.utc).timestamp())))
    build_fixture(tmp_path, cfg)
    today = (tmp_path / "site" / "tiny" / "today.html").read_text()
    assert "No puzzle is scheduled for 2027-03-09: the schedule runs from 2027-01-01 to 2027-01-02." in today
    assert 'The latest is from <a href="daily-2027-01.html">2027-01-02</a>' in today


@pytest.mark.parametrize("daily, message", [
    ('from = "2027-01-01"\nto = 2027-01-02', r"site\.toml:11: \[families\.tiny\.daily\] from must be a TOML date"),
    ("from = 2027-02-01\nto = 2027-01-02", r"site\.toml:12: \[families\.tiny\.daily\] to \(2027-01-02\) is before from"),
    ("from = 2027-01-01\nto = 2040-01-01", r"site\.toml:10: \[families\.tiny\.daily\] asks for 4749 days \(limit 3700\)"),
    ("from = 2027-01-01\nto = 2027-01-02\nseeds = [3]", r"site\.toml:13: \[families\.tiny\.daily\] seeds: a schedule's seeds are its dates"),
    ("from = 2027-01-01\nto = 2027-01-02\nn = 99", r"site\.toml:13: \[families\.tiny\.daily\] n must be between 1 and 40"),
])
def test_bad_schedules_are_named_at_their_line(tmp_path, daily, message):
    cfg = config(tmp_path, f"[families.tiny]\ncount = 1\n[families.tiny.daily]\n{daily}\n")
    with pytest.raises(ConfigError, match=message):
        build_fixture(tmp_path, cfg)
    assert not (tmp_path / "site").exists()


def test_a_family_without_seeds_cannot_be_scheduled(tmp_path):
    cfg = config(tmp_path, "[families.hat]\npatch_seeds = [1]\npatch_sizes = [[4, 4]]\n"
                           "[families.hat.daily]\nfrom = 2027-01-01\nto = 2027-01-02\n")
    with pytest.raises(ConfigError, match=r"site\.toml:11: \[families\.hat\.daily\] family 'hat' cannot be "
                                          r"scheduled: its site table has no `seeds`"):
        build_fixture(tmp_path, cfg)


def _pages_peak(tmp_path, count: int) -> int:
    """Peak traced memory (bytes) of write_pages over `count` spooled fake items."""
    from generator.pipeline import config as config_mod, pages as p
    from generator.pipeline.spool import Items, Spool
    from generator.pipeline.writer import Writer
    cfg = config_mod.load(config(tmp_path, "[families.tiny]\n"), {"tiny": "file:" + str(TINY)})
    env = p.environment(None, pages_mod.Path(__file__).resolve().parents[1] / "templates")
    with Spool() as spool:
        offsets = [spool.put({"title": f"Grid {n}", "permalink": f"tiny.v1.s{n}n2", "slug": f"tiny.v1.s{n}n2",
                              "command": "c", "alt": "a" * 80, "facts": [["squares", 4]] * 3, "sheet": None,
                              "group": None, "sizes": {"png": [64, 64], "png2": [128, 128], "thumb": [32, 21],
                                                       "extras": {}}, "extra": [], "family": "tiny",
                              "url": f"tiny/tiny.v1.s{n}n2.html", "day": None, "index": n, "id": f"g{n}"})
                   for n in range(count)]
        fam = {"name": "tiny", "title": "tiny", "short": "tiny", "url": "tiny/index.html", "articles": [],
               "sheet": None, "items": Items(spool, offsets), "daily": ()}
        writer = Writer(tmp_path / f"out{count}", None)
        tracemalloc.start()
        p.write_pages(writer, env, cfg, [fam], [], "https://example.org/", "2000-01-01T00:00:00Z")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert len(list((tmp_path / f"out{count}" / "tiny").glob("*.html"))) == count + -(-count // 48)
    return peak


def test_the_page_writer_does_not_hold_every_items_page(tmp_path):
    """Its peak memory grows by far less than the pages' total size (60 → 600 items)."""
    small, big = _pages_peak(tmp_path, 60), _pages_peak(tmp_path, 600)
    page_bytes = sum(f.stat().st_size for f in (tmp_path / "out600" / "tiny").glob("*.html"))
    # what grows is the writer's list of paths and the sitemap (a URL an item, up to SITEMAP_MAX)
    assert big - small < 0.25 * page_bytes, (small, big, page_bytes)


def _write_fake_gallery(tmp_path, titles: list[str], per_item: list[dict] | None = None, **extra) -> Path:
    """The pages of a tiny family whose spooled items have these titles (and extra keys, or per_item's
    for each); the output folder."""
    from generator.pipeline import config as config_mod, pages as p
    from generator.pipeline.spool import Items, Spool
    from generator.pipeline.writer import Writer
    cfg = config_mod.load(config(tmp_path, "[families.tiny]\n"), {"tiny": "file:" + str(TINY)})
    env = p.environment(None, pages_mod.Path(__file__).resolve().parents[1] / "templates")
    with Spool() as spool:
        offsets = [spool.put({"title": title, "permalink": f"tiny.v1.s{n}n2", "slug": f"tiny.v1.s{n}n2",
                              "command": "c", "alt": "a grid", "facts": [], "sheet": None, "group": None,
                              "sizes": {"png": [64, 64], "png2": [128, 128], "thumb": [32, 21], "extras": {}},
                              "extra": [], "family": "tiny", "url": f"tiny/tiny.v1.s{n}n2.html", "day": None,
                              "index": n, "id": f"g{n}", **extra, **(per_item[n - 1] if per_item else {})})
                   for n, title in enumerate(titles, 1)]
        fam = {"name": "tiny", "title": "tiny", "short": "tiny", "url": "tiny/index.html", "articles": [],
               "sheet": None, "items": Items(spool, offsets), "daily": ()}
        p.write_pages(Writer(tmp_path / "out", None), env, cfg, [fam], [], None, "2000-01-01T00:00:00Z")
    return tmp_path / "out"


def test_a_table_cells_more_links_read_as_numbered_puzzles(tmp_path):
    """A gallery table's cell shows its first item and links the others as "More: #2 #3" (a bare
    "More: 2" read as "two more"), each named in full for a screen reader."""
    out = _write_fake_gallery(tmp_path, [f"Grid, easy (seed {n})" for n in (1, 2, 3)],
                              group="By level", cell=["Grid", "easy"])
    html = (out / "tiny" / "index.html").read_text()
    more = re.search(r'<p class="more">(.*?)</p>', html).group(1)
    assert re.findall(r'aria-label="([^"]+)">([^<]+)</a>', more) == [
        ("Grid, easy (seed 2)", "#2"), ("Grid, easy (seed 3)", "#3")], more


def test_an_item_title_starts_with_a_capital_wherever_it_is_shown(tmp_path):
    """A family's lower-case title ("symmetric 7 x 8 ...", as it runs in a sentence) is capitalised
    as a heading, a browser tab, a link caption: on the home page and the item page alike."""
    out = _write_fake_gallery(tmp_path, ["small grid", "big grid"])
    item = (out / "tiny" / "tiny.v1.s1n2.html").read_text()
    assert "<title>Small grid · scale test</title>" in item and 'og:title" content="Small grid"' in item
    assert "Big grid →" in item and "small grid" not in item
    home = (out / "index.html").read_text()
    assert "<span>Small grid</span>" in home and "<span>small grid</span>" not in home


def test_the_home_page_counts_puzzles_or_pictures_not_items(tmp_path):
    """Each family's count on the home page names what it holds: puzzles (items with an answer)
    or pictures; "40 items" was the build's word."""
    out = _write_fake_gallery(tmp_path / "a", ["grid one", "grid two"])
    assert "<p>2 pictures." in (out / "index.html").read_text()
    sizes = {"png": [64, 64], "png2": [128, 128], "thumb": [32, 21], "extras": {"solution": [64, 64]}}
    out = _write_fake_gallery(tmp_path / "b", ["grid one"], extra=["solution"], sizes=sizes)
    assert "<p>1 puzzle." in (out / "index.html").read_text()
    out = _write_fake_gallery(tmp_path / "c", ["grid one", "grid two"], sizes=sizes,
                              per_item=[{"extra": ["solution"]}, {"extra": []}])
    assert "<p>2 puzzles and pictures." in (out / "index.html").read_text()
