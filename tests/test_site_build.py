"""The site build on the small fixture site: output shape, HTML validity, links, determinism,
incremental rebuilds, atomic failure, the writer and the sheets."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from site_helpers import (REPO, build_fixture, copy_site, local_links, pages, resolve, snapshot)

from generator.errors import TilepressError
from generator.pipeline import sheets
from generator.pipeline.generate import ItemFailure, slug_of
from generator.pipeline.writer import Writer


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The fixture site built once (with a base URL, so sitemap and feed exist too)."""
    tmp = tmp_path_factory.mktemp("site")
    report = build_fixture(tmp, base_url="https://example.org/tp/", jobs=2)
    return tmp / "site", report


def test_shape(site):
    out, report = site
    assert report.items == 5 and report.generated == 5
    for rel in ("index.html", "tiny/index.html", "articles/tiny.html", "articles/figures/tiny-grid.svg",
                "sheets/tiny-a4.pdf", "sheets/tiny-letter.pdf", "sitemap.xml", "feed.xml",
                "assets/style.css"):
        assert (out / rel).is_file(), rel
    for seed in range(1, 6):
        slug = f"tiny.v1.s{seed}n5"
        for suffix in (".html", ".svg", ".outline.svg", ".png", "@2x.png",
                       ".thumb@2x.webp", ".thumb.png"):
            assert (out / "tiny" / (slug + suffix)).is_file(), slug + suffix


def test_every_page_parses_strictly(site):
    import html5lib
    out, _ = site
    found = pages(out)
    assert len(found) >= 8
    for page in found:
        html5lib.HTMLParser(strict=True).parse(page.read_bytes())   # raises on any parse error


def test_every_relative_link_resolves_and_none_is_absolute(site):
    out, _ = site
    checked = 0
    for page in pages(out):
        for url in local_links(page):
            assert not url.startswith("/"), f"{page}: absolute link {url}"
            if url.startswith(("http://", "https://")):
                assert "canonical" in page.read_text() or "feed.xml" in url or url.startswith("https://example.org")
                continue
            target = resolve(page, url)
            assert target is not None and target.is_file(), f"{page.relative_to(out)}: {url} does not resolve"
            assert out.resolve() in target.parents or target == out.resolve(), url
            checked += 1
    assert checked > 100


def test_directory_links_name_index_html(site):
    out, _ = site
    for page in pages(out):
        for url in local_links(page):
            assert not url.endswith("/"), f"{page}: {url} must name index.html"


def test_item_page_content(site):
    out, _ = site
    html = (out / "tiny" / "tiny.v1.s3n5.html").read_text()
    assert '<code class="permalink" id="permalink">tiny.v1.s3n5</code>' in html
    assert "python -m generator regen tiny.v1.s3n5 --format svg" in html
    assert 'rel="prev" href="tiny.v1.s2n5.html"' in html and 'rel="next" href="tiny.v1.s4n5.html"' in html
    assert 'href="tiny.v1.s3n5@2x.png"' in html and '<th scope="row">Right-hand cuts</th>' in html   # labels capitalised
    # the command line is for the curious: folded under "Details for the curious", after the facts
    curious = html.index('<details class="curious">')
    assert curious < html.index("python -m generator regen") and html.index("Right-hand cuts") < curious
    assert '<meta property="og:image" content="https://example.org/tp/tiny/tiny.v1.s3n5.png">' in html
    first = (out / "tiny" / "tiny.v1.s1n5.html").read_text()
    assert 'rel="prev"' not in first


def test_gallery_uses_picture_with_webp_and_png(site):
    out, _ = site
    html = (out / "tiny" / "index.html").read_text()
    pics = re.findall(r"<picture>.*?</picture>", html)
    assert len(pics) == 5
    for pic in pics:
        assert 'type="image/webp"' in pic and " 2x" in pic and ".thumb.png" in pic
        assert re.search(r'width="120" height="80"', pic) and 'loading="lazy"' in pic
        assert re.search(r'alt="A 5 by 5 Truchet grid, seed \d"', pic)


def test_article_rendered_from_markdown(site):
    out, _ = site
    html = (out / "articles" / "tiny.html").read_text()
    assert "<h1>How the tiny grids are made</h1>" in html
    assert ('<figure><img class="paper" src="figures/tiny-grid.svg" width="120" height="120" loading="lazy" '
            'alt="A small grid"><figcaption>A small grid</figcaption></figure>') in html and '<table tabindex="0">' in html


def test_an_article_figure_with_text_keeps_a_readable_width(tmp_path):
    """A figure whose picture has text in it is scaled to the column, where a phone shows its
    numbers too small: it keeps its readable width in a scrolling box (on a narrow screen, by
    style.css) and links to its file; a picture without text stays as it was."""
    from generator.pipeline.config import Article
    from generator.pipeline.pages import _figure_size, markdown_html
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "words.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 80 40">'
        '<text x="1" y="5" font-size="0.5">3</text></svg>', encoding="utf-8")
    (tmp_path / "figures" / "plain.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 20 10">'
        '<path d="M0 0L1 1"/></svg>', encoding="utf-8")
    body = "Text.\n\n![A map with numbers](figures/words.svg)\n\n![A plain one](figures/plain.svg)\n"
    html = markdown_html(Article("a", tmp_path / "a.md", "A", None, 0, body, 3), _figure_size(tmp_path))
    # its smallest text (0.5 of an 80-unit viewBox) is 12 px at 1920 px wide: capped at twice its 800
    assert ('<figure><div class="figscroll" tabindex="0" role="group" aria-label="The figure at a size whose text '
            'reads; it scrolls on a narrow screen" style="--readable: 1600px"><a href="figures/words.svg">'
            '<img class="paper" src="figures/words.svg" width="800" height="400" loading="lazy" '
            'alt="A map with numbers"></a></div><figcaption>A map with numbers</figcaption></figure>') in html
    assert ('<figure><img class="paper" src="figures/plain.svg" width="200" height="100" loading="lazy" '
            'alt="A plain one"><figcaption>') in html


def test_sitemap_and_feed_only_with_base_url(site, tmp_path):
    out, _ = site
    assert "<loc>https://example.org/tp/tiny/tiny.v1.s1n5.html</loc>" in (out / "sitemap.xml").read_text()
    import xml.dom.minidom
    xml.dom.minidom.parse(str(out / "feed.xml"))
    build_fixture(tmp_path)
    assert not (tmp_path / "site" / "sitemap.xml").exists() and not (tmp_path / "site" / "feed.xml").exists()
    assert "canonical" not in (tmp_path / "site" / "index.html").read_text()


def test_dark_mode_keeps_opaque_paper():
    css = (REPO / "templates" / "style.css").read_text()
    assert "prefers-color-scheme: dark" in css
    paper = re.search(r"\.paper \{[^}]*\}", css).group(0)
    assert "background: var(--paper)" in paper
    dark = css[css.index("prefers-color-scheme: dark"):]
    dark = dark[:dark.index("}\n}")]
    assert "--paper" not in dark and "invert" not in css


def test_determinism_two_cold_builds(tmp_path):
    """Two cold builds (no cache; 1 worker vs 2) give identical .html/.svg/.pdf bytes and file lists."""
    build_fixture(tmp_path / "a", use_cache=False, jobs=1, base_url="https://example.org/")
    build_fixture(tmp_path / "b", use_cache=False, jobs=2, base_url="https://example.org/")
    a, b = snapshot(tmp_path / "a" / "site"), snapshot(tmp_path / "b" / "site")
    assert sorted(a) == sorted(b)
    compared = [rel for rel in a if rel.endswith((".html", ".svg", ".pdf", ".xml"))]
    assert len(compared) > 20
    for rel in compared:
        assert a[rel][0] == b[rel][0], rel


def test_no_change_rebuild_rewrites_nothing(tmp_path):
    build_fixture(tmp_path)
    before = snapshot(tmp_path / "site")
    report = build_fixture(tmp_path)
    assert report.generated == 0 and report.cached == 5
    assert report.written == [] and report.removed == []
    assert snapshot(tmp_path / "site") == before          # same bytes, same inodes, same mtimes


def test_one_item_change_regenerates_only_that_item(tmp_path):
    config = copy_site(tmp_path)
    build_fixture(tmp_path, config)
    before = snapshot(tmp_path / "site")
    text = config.read_text()
    config.write_text(text.replace("sheets = true", 'sheets = true\ntweak = { "grid-3" = 6 }'))
    report = build_fixture(tmp_path, config)
    assert report.generated_labels == ["tiny/grid-3"]
    after = snapshot(tmp_path / "site")
    for rel, (data, ino, mtime) in before.items():
        if rel.startswith("tiny/tiny.v1.s") and not rel.startswith("tiny/tiny.v1.s3n5"):
            if rel.endswith(".html"):
                continue        # neighbours' prev/next links may name the changed item
            assert after[rel] == (data, ino, mtime), f"{rel} was rewritten"
    assert "tiny/tiny.v1.s3n6.svg" in report.written
    assert "tiny/tiny.v1.s3n5.svg" in report.removed and "tiny/tiny.v1.s3n5.svg" not in after
    changed_items = {re.match(r"tiny/(tiny\.v1\.s\d+n\d+)", r).group(1) for r in report.written
                     if re.match(r"tiny/tiny\.v1\.s\d+n\d+\.(?!html)", r)}
    assert changed_items == {"tiny.v1.s3n6"}


def test_failure_names_item_and_leaves_previous_site(tmp_path):
    config = copy_site(tmp_path)
    build_fixture(tmp_path, config)
    before = snapshot(tmp_path / "site")
    config.write_text(config.read_text().replace("seed = 1", "seed = 1\nfail_item = 2", 1))
    with pytest.raises(ItemFailure) as err:
        build_fixture(tmp_path, config, jobs=2, use_cache=False)
    assert "tiny/grid-3" in str(err.value) and "deliberate failure" in str(err.value)
    assert snapshot(tmp_path / "site") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "site"]   # no staging left


def test_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "precious.txt").write_text("keep me")
    with pytest.raises(TilepressError, match="not a tilepress site"):
        build_fixture(tmp_path)
    assert (tmp_path / "site" / "precious.txt").read_text() == "keep me"


def test_slug_is_derived_from_the_permalink():
    assert slug_of("p2.v1.abc") == "p2.v1.abc"
    long = "hat.v1." + "x" * 500
    s = slug_of(long)
    assert len(s) <= 96 and s == slug_of(long) and s != slug_of(long + "y")


# ---- the writer -------------------------------------------------------------------------

def test_writer_refuses_a_path_twice(tmp_path):
    w = Writer(tmp_path / "new", None)
    w.write("a/b.html", "x")
    with pytest.raises(TilepressError, match="twice"):
        w.write("a/b.html", "y")
    with pytest.raises(TilepressError, match="case-insensitive"):
        w.write("a/B.html", "y")
    for bad in ("/etc/x", "../x", "a/../b", "a//b", "a/./b", "a b"):
        with pytest.raises(TilepressError, match="unsafe"):
            w.write(bad, "z")


def test_writer_links_unchanged_files(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    (old / "same.txt").write_bytes(b"same")
    (old / "diff.txt").write_bytes(b"old")
    (old / "gone.txt").write_bytes(b"gone")
    w = Writer(tmp_path / "new", old)
    w.write("same.txt", b"same")
    w.write("diff.txt", b"new")
    assert w.kept == ["same.txt"] and w.written == ["diff.txt"] and w.removed() == ["gone.txt"]
    assert (tmp_path / "new" / "same.txt").stat().st_ino == (old / "same.txt").stat().st_ino


# ---- sheets ---------------------------------------------------------------------------

def _entry(i: int, colour: str = "#c8553d"):
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 10 5">'
           f'<path fill="{colour}" stroke="#333" d="M0 0L10 0L5 5Z"/></svg>')
    return (f"cal.v1.id{i}", sheets.outline(svg), svg)


def test_sheet_pages_order_and_ids():
    from pypdf import PdfReader
    entries = [_entry(i) for i in range(7)]
    for paper, size in (("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))):
        pdf = sheets.sheet_pdf("Test", entries, paper, columns=2, rows=2)
        reader = PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) == 4          # 2 puzzle pages + 2 solution pages
        box = reader.pages[0].mediabox
        assert abs(float(box.width) - size[0]) < 0.5 and abs(float(box.height) - size[1]) < 0.5
        texts = [p.extract_text() for p in reader.pages]
        assert "puzzles" in texts[0] and "puzzles" in texts[1] and "solutions" in texts[2]
        for i in range(4):
            assert f"cal.v1.id{i}" in texts[0] and f"cal.v1.id{i}" in texts[2]
        for i in range(4, 7):
            assert f"cal.v1.id{i}" in texts[1] and f"cal.v1.id{i}" in texts[3]
        assert "#5" in texts[1] and "#5" in texts[3]


def test_sheets_are_black_and_white_by_default():
    page = sheets.sheet_pages("T", [_entry(1, "#1e88e5")], colour=False)[1]
    colours = re.findall(r"#([0-9a-f]{6})\b", page)
    assert colours and all(c[0:2] == c[2:4] == c[4:6] for c in colours)
    coloured = sheets.sheet_pages("T", [_entry(1, "#1e88e5")], colour=True)[1]
    assert "#1e88e5" in coloured
    assert sheets.grayscale('fill="rgb(255,0,0)" stroke="red" href="url(#abc)"') == \
        'fill="#4c4c4c" stroke="#4c4c4c" href="url(#abc)"'


def test_sheet_pdf_is_deterministic_and_dates_are_pinned(monkeypatch):
    from pypdf import PdfReader
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    a = sheets.sheet_pdf("T", [_entry(1)])
    assert a == sheets.sheet_pdf("T", [_entry(1)])
    assert PdfReader(io.BytesIO(a)).metadata["/CreationDate"] == "D:20000101000000Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    b = sheets.sheet_pdf("T", [_entry(1)])
    assert PdfReader(io.BytesIO(b)).metadata["/ModDate"] == "D:20231114221320Z"


def test_fixture_site_sheet_has_items_and_solutions(site):
    from pypdf import PdfReader
    out, _ = site
    reader = PdfReader(str(out / "sheets" / "tiny-a4.pdf"))
    assert len(reader.pages) == 4      # 5 items, 4 per page: 2 puzzle + 2 solution pages
    assert sheets.short_id("tiny.v1.s5n5") in reader.pages[1].extract_text()


def test_one_module_publishing_two_families_writes_its_figures_once(tmp_path):
    """Like Penrose serving p2 and p3: both galleries are built, the shared figures written once."""
    from site_helpers import TINY, options
    from generator.pipeline.build import build
    config = copy_site(tmp_path)
    config.write_text(config.read_text() + "\n[families.tiny2]\ncount = 2\n")
    opts = options(tmp_path, config)
    opts.family_modules["tiny2"] = str(TINY)
    report = build(opts)
    assert report.items == 7
    assert (tmp_path / "site" / "tiny2" / "tiny.v1.s2n4.html").is_file()
    assert report.written.count("articles/figures/tiny-grid.svg") == 1


def test_clean_regenerates_everything_and_rewrites_files(tmp_path):
    build_fixture(tmp_path)
    before = snapshot(tmp_path / "site")
    report = build_fixture(tmp_path, clean=True)
    assert report.generated == 5 and report.kept == []
    after = snapshot(tmp_path / "site")
    assert {k: v[0] for k, v in after.items()} == {k: v[0] for k, v in before.items()}   # same bytes
    assert all(after[k][1] != before[k][1] for k in after)                              # new files


def test_png_sizes_are_capped():
    from generator.pipeline import render
    assert render.png_widths('<svg width="3000" height="2000">', 1200) == (1200, 2400)
    assert render.png_widths('<svg viewBox="0 0 50 20">', 1200) == (50, 100)
    one, two = render.png_widths('<svg width="1000" height="100000">', 1200)
    assert two * two * 100 <= render.MAX_PIXELS


def test_cache_hits_refresh_entries_and_old_entries_are_pruned(tmp_path):
    import os
    import time
    from generator.pipeline.cache import Cache
    cache = Cache(tmp_path / "c")
    cache.put("ab" + "0" * 62, {"x": 1})
    cache.put("cd" + "0" * 62, {"y": 2})
    old = time.time() - 40 * 86400
    for p in (tmp_path / "c").glob("*/*.pickle"):
        os.utime(p, (old, old))
    assert cache.get("ab" + "0" * 62) == {"x": 1}          # a hit refreshes its entry
    assert cache.prune() == 1
    assert cache.get("cd" + "0" * 62) is None and cache.get("ab" + "0" * 62) == {"x": 1}
    (tmp_path / "c" / "ab" / ("ab" + "0" * 62 + ".pickle")).write_bytes(b"garbage")
    assert cache.get("ab" + "0" * 62) is None               # unreadable entry = miss


def test_outline_makes_colouring_pages():
    stroked = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
               '<path fill="#c8553d" stroke="#333333" stroke-width="0.2" d="M0 0L4 0L2 2Z"/></svg>')
    out = sheets.outline(stroked)
    assert 'fill="#ffffff"' in out and 'stroke="#000000" stroke-width="0.2"' in out and out.count("stroke=") == 1
    bare = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><path fill="#c8553d" d="M0 0L4 0Z"/></svg>'
    out = sheets.outline(bare)
    assert 'stroke="#000000" stroke-width="0.1"' in out and "#c8553d" not in out
    assert sheets.outline('<path fill="none" stroke="red"/>') == '<path fill="none" stroke="#000000"/>'


def test_two_items_with_one_permalink_are_an_error(tmp_path, monkeypatch):
    from site_helpers import options
    from generator.pipeline import plan as plan_mod
    from generator.pipeline.build import build
    build_fixture(tmp_path)
    before = snapshot(tmp_path / "site")
    real = plan_mod.plan_family

    def clash(cfg, src, mod, cache=None):
        """The real plan plus a second item with the params (so the permalink) of the first."""
        items = real(cfg, src, mod, cache)
        first = items[0]
        return items + [plan_mod.Item(first.family, "again", 99, first.params_json, first.module, first.key)]
    monkeypatch.setattr(plan_mod, "plan_family", clash)
    with pytest.raises(TilepressError, match="tiny/grid-1 and tiny/again have the same permalink"):
        build(options(tmp_path))
    assert snapshot(tmp_path / "site") == before


def test_generator_output_pdf_is_deterministic(monkeypatch):
    """`regen --format pdf` goes through output.svg_to_pdf: its dates are pinned too."""
    import time
    from generator.output import svg_to_pdf
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    svg = _entry(1)[2]
    a = svg_to_pdf(svg)
    time.sleep(1.1)
    assert svg_to_pdf(svg) == a and b"D:20000101000000Z" in a.replace(b"\\072", b":")


def test_long_ids_are_wrapped_to_fit_their_cell():
    ident = "cal.v1.8~" + "ABCDEFGHIJ" * 10
    page = sheets.sheet_pages("T", [(ident, _entry(1)[1], _entry(1)[2])], columns=2, rows=3)[0]
    lines = re.findall(r'font-size="([0-9.]+)"[^>]*text-anchor="middle">([^<]*)</text>', page)
    assert len(lines) == 2 and "".join(t for _, t in lines) == "#1  " + ident     # whole ID, 2 lines
    cell = (210 - 2 * sheets.MARGIN - sheets.GAP) / 2
    for size, text in lines:
        assert float(size) * sheets.CHAR_WIDTH * len(text) <= cell


def test_rendered_images_have_their_sizes(site):
    from PIL import Image
    out, _ = site
    base = out / "tiny" / "tiny.v1.s1n5"
    expected = {".png": (200, 200, "PNG"), "@2x.png": (400, 400, "PNG"), ".thumb.png": (120, 80, "PNG"),
                ".thumb@2x.webp": (240, 160, "WEBP")}
    assert not Path(f"{base}.thumb.webp").exists()      # one WebP per thumbnail, not the same picture twice
    for suffix, (w, h, fmt) in expected.items():
        with Image.open(f"{base}{suffix}") as img:
            assert (img.width, img.height, img.format) == (w, h, fmt), suffix
            img.load()
            # the picture is really there: the shaded colour #c8553d appears in it
            colours = img.convert("RGBA").convert("RGB").getcolors(maxcolors=1 << 20)
            assert any(abs(r - 0xc8) < 12 and abs(g - 0x55) < 12 and abs(b - 0x3d) < 12
                       for _count, (r, g, b) in colours), suffix


def test_plan_is_memoised_by_version_and_table(tmp_path, monkeypatch):
    """A no-change rebuild does not call a family's plan() again; a changed table does."""
    from site_helpers import TINY, options
    from generator.pipeline import plan as plan_mod
    from generator.pipeline.build import build
    config = copy_site(tmp_path)
    build(options(tmp_path, config))
    calls = []
    import dataclasses
    from generator import families
    source = "file:" + str(TINY.resolve())
    fam = families.load(source)
    counted = dataclasses.replace(fam, plan=lambda *a, _real=fam.plan: calls.append("tiny") or _real(*a))
    monkeypatch.setitem(families._LOADED, source, counted)
    build(options(tmp_path, config))
    assert calls == []
    config.write_text(config.read_text().replace("count = 5", "count = 4"))
    assert build(options(tmp_path, config)).items == 4 and calls == ["tiny"]


def test_colouring_sheets_of_tilings_are_capped(tmp_path):
    from pypdf import PdfReader
    config = copy_site(tmp_path)
    config.write_text(config.read_text().replace("sheets = true", "sheets = false")
                      .replace("rows = 2", 'rows = 2\ntilings = ["tiny"]\ntilings_max = 3'))
    build_fixture(tmp_path, config)
    reader = PdfReader(str(tmp_path / "site" / "sheets" / "tiny-a4.pdf"))
    assert len(reader.pages) == 2                       # 3 outlines on one page, 3 shaded on the next
    text = reader.pages[0].extract_text()
    assert sheets.short_id("tiny.v1.s3n5") in text and sheets.short_id("tiny.v1.s4n5") not in text


def test_gallery_sections_follow_plan_order_and_group_consecutive_items():
    """Items with the same `group` in a row share a section; order is never changed."""
    from generator.pipeline.pages import _sections
    items = [{"id": 1, "group": "a"}, {"id": 2, "group": "a"}, {"id": 3, "group": "b"},
             {"id": 4}, {"id": 5, "group": "a"}]
    secs = _sections(items)
    assert [s["group"] for s in secs] == ["a", "b", None, "a"]
    assert [i["id"] for s in secs for i in s["items"]] == [1, 2, 3, 4, 5]


def test_items_with_cells_make_a_table_in_first_seen_order():
    """Items carrying a `cell` [row, column] form a table (rows and columns as they first
    appear, each cell its items in plan order); a table of one column is a gallery of stacks."""
    from generator.pipeline.pages import _sections
    items = [{"id": 1, "group": "g", "cell": ["P3", "easy"]}, {"id": 2, "group": "g", "cell": ["P3", "easy"]},
             {"id": 3, "group": "g", "cell": ["P3", "hard"]}, {"id": 4, "group": "g", "cell": ["hat", "hard"]},
             {"id": 5, "group": "g"}, {"id": 6, "group": "s", "cell": ["Classes 1-2", "x", "1"]},
             {"id": 7, "group": "s", "cell": ["Classes 1-2", "x", "2"]}]
    secs = _sections(items)
    assert [(s["group"], bool(s["table"])) for s in secs] == [("g", True), ("g", False), ("s", True)]
    table = secs[0]["table"]
    assert table["cols"] == ["easy", "hard"] and not table["stacked"]
    assert [r["label"] for r in table["rows"]] == ["P3", "hat"]
    assert [[[i["id"] for i in c["items"]] for c in r["cells"]] for r in table["rows"]] == [[[1, 2], [3]], [[], [4]]]
    assert secs[2]["table"]["stacked"] and [i["id"] for i in secs[2]["table"]["rows"][0]["cells"][0]["items"]] == [6, 7]


def test_generate_checks_a_cell():
    from generator.pipeline.generate import _check
    good = {"title": "t", "permalink": "p2.v1.x", "command": "c", "svg": "<svg/>", "alt": "a"}
    assert _check("zz", dict(good, cell=["hat", "easy"]))["cell"] == ["hat", "easy"]
    assert _check("zz", good)["cell"] is None
    for bad in (["hat"], ["hat", ""], "hat", ["a", "b", "c", "d"], ["a", 1]):
        with pytest.raises(TypeError):
            _check("zz", dict(good, cell=bad))


def test_generate_rejects_a_bad_group():
    from generator.pipeline.generate import _check
    good = {"title": "t", "permalink": "p2.v1.x", "command": "c", "svg": "<svg/>", "alt": "a"}
    assert _check("zz", dict(good, group="Side 4"))["group"] == "Side 4"
    with pytest.raises(TypeError):
        _check("zz", dict(good, group=""))


def test_an_item_may_ship_without_the_2x_png():
    """`png_2x: false` (Tantrix: the SVG and wallpaper are the large copies) drops the 2x file."""
    from generator.pipeline import render
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="40" viewBox="0 0 5 4">'
           '<rect width="5" height="4" fill="#c8553d"/></svg>')
    both, sizes2 = render.render_item("x", {"svg": svg}, {"png_width": 960, "thumb_width": 120})
    one, sizes1 = render.render_item("x", {"svg": svg, "png_2x": False}, {"png_width": 960, "thumb_width": 120})
    assert "x@2x.png" in both and sizes2["png2"] == [100, 80]
    assert "x@2x.png" not in one and sizes1["png2"] is None
    assert one["x.png"] == both["x.png"]


def test_home_plays_todays_puzzle_where_a_schedule_has_one():
    """The home page's "Play a puzzle" is today's puzzle of a schedule when there is one, else the
    first puzzle of the first featured family built (Loopy before calissons); none without puzzles."""
    from generator.pipeline.pages import play_block
    puzzle = {"extra": ["solution"], "title": "p"}
    tiling = {"family": "hat", "items": [{"extra": [], "title": "t"}], "days": []}
    cal = {"name": "calissons", "items": [dict(puzzle, n=1)], "days": []}
    loopy = {"name": "loopy", "items": [dict(puzzle, n=2)], "days": ["2026-12-05", "2026-12-06"],
             "daily": [dict(puzzle, n=3, day="2026-12-05"), dict(puzzle, n=4, day="2026-12-06")]}
    hat = dict(tiling, name="hat")
    assert play_block([hat, cal, loopy], "2026-12-06")["item"]["n"] == 4
    assert play_block([hat, cal, loopy], "2026-12-06")["today"] == "2026-12-06"
    later = play_block([hat, cal, loopy], "2027-01-01")
    assert later["item"]["n"] == 2 and later["today"] is None
    assert play_block([hat, cal], "2026-12-06")["item"]["n"] == 1
    assert play_block([hat], "2026-12-06") is None
