"""What a visitor sees: every page kind of the small site (all real families) opened from
file:// in headless Chromium (Playwright with Debian's /usr/bin/chromium), at a desktop width
(1280 px) and a phone width (390 px).

Page kinds are found in the built site, not listed by hand: the home page, every top-level
page (e.g. a regenerate/play page), every gallery (<folder>/index.html), the first item page
of every family, every article and the sheets page.  Each page is visited once per width; what
the browser rendered is gathered by one script and the tests below assert on it:

* every <img> has width/height attributes with its file's real aspect ratio, and is never
  displayed more than 2x larger than its intrinsic size;
* no horizontal scrolling and no element wider than the viewport (a wide table or code block
  must scroll inside its own box);
* the thumbnails in one gallery row have a sane aspect ratio and similar heights;
* on a puzzle page nothing but the puzzle is visible before "Show the solution" is opened, and
  the solution pictures appear when it is;
* every <figure> has a caption that says what it shows;
* no console error, no failed request;
* axe-core (the npm package, a test-only devDependency) finds no violation, at both widths;
* a visitor's words first: no command line and no engine fact outside "Details for the curious";
  galleries show two columns of thumbnails on a phone; puzzle pictures (item pages and the
  hat and Spectre Loopy thumbnails) have lines >= 1 CSS px and clues >= 12 CSS px at 390 px;
  captions and short IDs do not break mid-value; the home page opens with a puzzle to play.

Screenshots of every page at both widths are kept in the test's temporary folder
(`screens/<width>/<kind>.png`, printed by `test_screenshots_taken`) for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WIDTHS = {"desktop": 1280, "phone": 390}
THUMB_ASPECT = (0.5, 2.2)      # width / height of one gallery thumbnail
ROW_HEIGHT_RATIO = 1.6         # tallest / shortest thumbnail in one gallery row
ASPECT_TOLERANCE = 0.03        # width/height attributes vs the file's aspect ratio
MAX_UPSCALE = 2.0              # displayed size / intrinsic size

pytestmark = pytest.mark.browser

GATHER = """async () => {
  for (const img of document.images) { img.loading = 'eager'; }   // lazy ones load too
  for (const img of document.images) { img.scrollIntoView(); }
  await Promise.all([...document.images].map(img => img.complete ? null :
      new Promise(r => { img.onload = r; img.onerror = r; })));
  window.scrollTo(0, 0);
  const vw = document.documentElement.clientWidth;
  const visible = el => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  // Elements inside a [hidden] block (e.g. an interactive page's empty result template) are not
  // part of what the visitor sees or loads; closed <details> are checked (they are one click away).
  const shown = el => !el.closest('[hidden]');
  const images = [...document.images].filter(shown).map(img => {
    const r = img.getBoundingClientRect();
    return {src: img.getAttribute('src'), current: img.currentSrc, attrW: img.getAttribute('width'),
            attrH: img.getAttribute('height'), natW: img.naturalWidth, natH: img.naturalHeight,
            shownW: r.width, shownH: r.height, visible: visible(img) && r.width > 0,
            inSolution: !!img.closest('details.solution'), main: img.classList.contains('main'),
            gallery: !!img.closest('ul.gallery'), top: Math.round(r.top + window.scrollY)};
  });
  const scrollParent = el => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return p;
    }
    return null;
  };
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || !visible(el)) continue;
    if ((r.right > vw + 1 || r.left < -1) && !scrollParent(el)) {
      wide.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '')
                + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  }
  const figures = [...document.querySelectorAll('figure')].filter(shown).map(f => {
    const c = f.querySelector(':scope > figcaption');
    return {caption: c ? c.textContent.trim() : null, img: (f.querySelector('img') || {}).src || ''};
  });
  const rows = [...document.querySelectorAll('ul.gallery')].map(ul => {
    const byTop = {};
    for (const img of ul.querySelectorAll('img')) {
      const r = img.getBoundingClientRect();
      const key = Math.round(r.top + window.scrollY);
      (byTop[key] = byTop[key] || []).push({src: img.getAttribute('src'), w: r.width, h: r.height});
    }
    return Object.values(byTop);
  });
  const wallpapers = [...document.querySelectorAll('.wallpaper')].map(el => {
    const st = getComputedStyle(el), r = el.getBoundingClientRect();
    return {size: st.backgroundSize, image: st.backgroundImage, w: r.width, h: r.height,
            link: (el.parentElement.querySelector('figcaption a[download]') || {}).href || ''};
  });
  // what a visitor reads without opening "Details for the curious"
  const outside = document.body.cloneNode(true);
  outside.querySelectorAll('details.curious, script, template, [hidden]').forEach(d => d.remove());
  const thumbs = [...document.querySelectorAll('ul.gallery img, table.grid img')].map(img => {
    const r = img.getBoundingClientRect();
    return {left: Math.round(r.left), top: Math.round(r.top + window.scrollY), w: r.width, h: r.height,
            src: img.getAttribute('src')};
  }).filter(t => t.w > 0);
  const hero = document.querySelector('figure.hero img.main');
  const shortId = document.getElementById('short-id');
  const captions = [...document.querySelectorAll('ul.gallery span, table.grid span, h1')].map(el => ({
    text: el.textContent, lines: Math.round(el.getBoundingClientRect().height /
                                            parseFloat(getComputedStyle(el).lineHeight))}));
  return {outsideText: outside.textContent, outsideLabels: [...outside.querySelectorAll('th')].map(th => th.textContent),
          thumbs, captions, height: document.documentElement.scrollHeight,
          hero: hero ? {src: hero.getAttribute('src'), w: hero.getBoundingClientRect().width} : null,
          shortIdRects: shortId ? shortId.getClientRects().length : null,
          scrollW: document.documentElement.scrollWidth, viewW: vw, images, wide: wide.slice(0, 12), wallpapers,
          figures, rows, solutions: [...document.querySelectorAll('details.solution')].filter(visible).length,
          openSolutions: [...document.querySelectorAll('details.solution[open]')].filter(visible).length};
}"""


def page_kinds(site: Path) -> dict[str, Path]:
    """One page of every kind, found in the built site (kind name -> file)."""
    kinds = {"home": site / "index.html"}
    for page in sorted(site.glob("*.html")):
        if page.name != "index.html":
            kinds[f"page-{page.stem}"] = page
    for folder in sorted(p for p in site.iterdir() if p.is_dir()):
        if folder.name == "articles":
            for art in sorted(folder.glob("*.html")):
                kinds[f"article-{art.stem}"] = art
            continue
        index = folder / "index.html"
        if index.is_file():
            kinds[f"gallery-{folder.name}" if folder.name != "sheets" else "sheets"] = index
        items = sorted(p for p in folder.glob("*.html") if p.name != "index.html")
        if items:
            kinds[f"item-{folder.name}"] = items[0]
        if len(items) > 1:                      # another kind of item (e.g. a Tantrix class page)
            kinds[f"item-{folder.name}-last"] = items[-1]
    return kinds


@pytest.fixture(scope="session")
def screens(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("screens")


@pytest.fixture(scope="session")
def visits(browser, small_site, screens) -> dict:
    """(width name, kind) -> what the browser rendered, with console errors and failed requests."""
    out = {}
    for wname, width in WIDTHS.items():
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        for kind, path in page_kinds(small_site).items():
            page = ctx.new_page()
            errors = []
            page.on("console", lambda m, e=errors: e.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda exc, e=errors: e.append(str(exc)))
            page.on("requestfailed", lambda req, e=errors: e.append(f"request failed: {req.url}"))
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            data = page.evaluate(GATHER)
            (screens / wname).mkdir(exist_ok=True)
            page.screenshot(path=str(screens / wname / f"{kind}.png"), full_page=True)
            data["after"] = _open_solutions(page, screens / wname / f"{kind}-solution.png") \
                if data["solutions"] else None
            data["errors"], data["path"] = list(errors), path     # before axe (its own requests fail)
            data["axe"] = axe_violations(page)           # at both widths
            out[wname, kind] = data
            page.close()
        ctx.close()
    return out


AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page) -> list[str] | None:
    """axe-core's violations on the page as "rule: target" lines (None when axe-core is absent)."""
    if not AXE.is_file():
        return None
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")
    return found


def _open_solutions(page, shot: Path) -> list[dict]:
    """Click every "Show the solution"; return the solution images' visibility and sizes."""
    for summary in page.query_selector_all("details.solution > summary"):
        if summary.is_visible():        # a hidden one (e.g. a page's template) is not the visitor's
            summary.click()
    page.wait_for_timeout(100)
    page.screenshot(path=str(shot), full_page=True)
    return page.evaluate("""() => [...document.querySelectorAll('details.solution[open] img')].map(img => ({
        src: img.getAttribute('src'), natW: img.naturalWidth, visible: img.checkVisibility()}))""")


def _each(visits, fn) -> list[str]:
    """Problems found by fn(data) on every visited page, labelled with width and kind."""
    problems = []
    for (wname, kind), data in sorted(visits.items()):
        problems += [f"{wname} {kind}: {p}" for p in fn(data)]
    return problems


def test_every_page_kind_is_checked(small_site):
    kinds = page_kinds(small_site)
    for fam in ("p2", "p3", "hat", "calissons", "tantrix", "loopy", "spectre"):
        assert f"gallery-{fam}" in kinds and f"item-{fam}" in kinds, fam
    assert {"home", "sheets", "article-penrose", "article-tantrix"} <= set(kinds)


def test_image_sizes_match_files(visits):
    def check(data):
        for img in data["images"]:
            if img["src"] is None and not img["visible"]:
                continue                # an empty slot a script fills (e.g. a print-only picture)
            if not img["natW"]:
                yield f"{img['src']} did not load"
                continue
            if not (img["attrW"] and img["attrH"]):
                yield f"{img['src']} has no width/height attributes"
                continue
            want = img["natW"] / img["natH"]
            got = float(img["attrW"]) / float(img["attrH"])
            if abs(got - want) > ASPECT_TOLERANCE * want:
                yield (f"{img['src']}: width/height {img['attrW']}x{img['attrH']} but the file is "
                       f"{img['natW']}x{img['natH']}")
    assert _each(visits, check) == []


def test_images_never_blown_up(visits):
    def check(data):
        for img in data["images"]:
            if img["visible"] and img["natW"] and img["shownW"] > MAX_UPSCALE * img["natW"] + 1:
                yield (f"{img['src']} shown {img['shownW']:.0f}x{img['shownH']:.0f} px, "
                       f"intrinsic {img['natW']}x{img['natH']}")
    assert _each(visits, check) == []


def test_no_horizontal_scroll(visits):
    def check(data):
        if data["scrollW"] > data["viewW"] + 1:
            yield f"page is {data['scrollW']} px wide in a {data['viewW']} px viewport"
        for el in data["wide"]:
            yield f"element wider than the viewport: {el}"
    assert _each(visits, check) == []


def test_gallery_rows_have_sane_thumbnails(visits):
    def check(data):
        for rows in data["rows"]:
            for row in rows:
                for t in row:
                    if t["h"] and not THUMB_ASPECT[0] <= t["w"] / t["h"] <= THUMB_ASPECT[1]:
                        yield f"thumbnail {t['src']} is {t['w']:.0f}x{t['h']:.0f} px"
                heights = [t["h"] for t in row if t["h"]]
                if heights and max(heights) > ROW_HEIGHT_RATIO * min(heights):
                    yield f"a gallery row mixes thumbnails {min(heights):.0f} and {max(heights):.0f} px high"
    assert _each(visits, check) == []


def test_puzzle_answer_hidden_until_asked(visits):
    """On a page with a folded solution only the puzzle picture itself is visible."""
    def check(data):
        if not data["solutions"]:
            return
        if data["openSolutions"]:
            yield "the solution is open when the page loads"
        shown = [i["src"] for i in data["images"] if i["visible"]]
        slug = data["path"].stem
        extra = [s for s in shown if s != f"{slug}.svg"]
        if extra:
            yield f"visible before 'Show the solution': {extra}"
        for img in data["images"]:
            if img["inSolution"] and img["visible"]:
                yield f"solution picture {img['src']} is visible"
        after = data["after"]
        if not after or not all(s["visible"] and s["natW"] for s in after):
            yield f"opening 'Show the solution' does not show the solution pictures: {after}"
    problems = _each(visits, check)
    assert any(data["solutions"] for data in visits.values()), "no puzzle page was checked"
    assert problems == []


def test_figures_have_captions(visits):
    def check(data):
        for fig in data["figures"]:
            cap = fig["caption"]
            if not cap or len(re.findall(r"\w+", cap)) < 3:
                yield f"figure {fig['img'].rsplit('/', 1)[-1][:60]} has caption {cap!r}"
    assert _each(visits, check) == []


def test_wallpaper_is_a_repeated_tile_of_its_real_size(visits, small_site):
    """The wallpaper is shown at its own pixel size, repeated in a box no taller than 22rem,
    with a link to download the tile itself."""
    from generator.pipeline.render import svg_size
    seen = 0
    for (wname, kind), data in visits.items():
        for wp in data["wallpapers"]:
            seen += 1
            name = re.search(r'url\("[^"]*/([^"/]+)"\)', wp["image"]).group(1)
            w, h = svg_size((data["path"].parent / name).read_text(encoding="utf-8"))
            assert wp["size"] == f"{round(w)}px {round(h)}px", (wname, kind, wp)
            assert 0 < wp["h"] <= 352 and wp["w"] <= data["viewW"], (wname, kind, wp)
            assert wp["link"].endswith(name)
    assert seen, "no wallpaper was shown"


def test_no_console_errors_or_failed_requests(visits):
    assert _each(visits, lambda data: data["errors"]) == []


def test_axe_core_finds_no_violation(visits):
    if any(d["axe"] is None for d in visits.values()):
        pytest.skip(f"axe-core is not installed ({AXE} is missing: run `npm ci`)")
    assert _each(visits, lambda d: d["axe"]) == []


def test_screenshots_taken(visits, screens):
    shots = sorted(screens.rglob("*.png"))
    print(f"\nscreenshots: {screens} ({len(shots)} files)")
    assert len(shots) >= len(visits)
    assert all(s.stat().st_size > 1000 for s in shots)


# ---- a visitor's pages (words first, pictures that read, galleries that fit) ------------------

VISITOR_KINDS = ("home", "gallery-", "item-")
MIN_LINE_PX, MIN_CLUE_PX = 1.0, 12.0


def _svg_metrics(svg: str) -> dict:
    """viewBox width/height, thinnest stroke and smallest font of an SVG (in its own units)."""
    vb = [float(v) for v in re.search(r'viewBox="([^"]*)"', svg).group(1).replace(",", " ").split()]
    strokes = [float(v) for v in re.findall(r'stroke-width="([0-9.]+)"', svg)]
    fonts = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]
    return {"w": vb[2], "h": vb[3], "stroke": min(strokes) if strokes else None,
            "font": min(fonts) if fonts else None}


def test_no_command_line_or_engine_facts_outside_details(visits):
    """Item pages, galleries and the home page say things in words: the CLI command and the
    engine's facts (start triangle, search nodes, periods...) only under "Details for the curious"."""
    from generator.names import is_technical

    def check(data):
        kind = data["path"]
        if "python -m generator" in data["outsideText"]:
            yield "a command line outside 'Details for the curious'"
        for label in data["outsideLabels"]:
            if is_technical(label.strip()):
                yield f"engine fact {label!r} outside 'Details for the curious'"
        if data["hero"] and 'class="curious"' not in kind.read_text(encoding="utf-8"):
            yield "an item page without 'Details for the curious'"
    visitor = {k: v for k, v in visits.items() if k[1].startswith(VISITOR_KINDS)}
    assert any(v["hero"] for v in visitor.values()), "no item page was checked"
    assert _each(visitor, check) == []


def test_item_pages_lead_with_the_picture_and_what_to_do(small_site):
    """Download (and Play or Regenerate where the site is interactive) first, then the picture, both
    before any heading (test_site_default measures that the first action is on the first screen);
    capitalised fact labels."""
    for folder in ("loopy", "calissons", "p3", "tantrix"):
        page = next(p for p in sorted((small_site / folder).glob("*.html")) if p.name != "index.html")
        html = page.read_text(encoding="utf-8")
        hero, actions = html.index('<figure class="hero">'), html.index('<ul class="actions">')
        first_h2 = html.index("<h2")
        assert actions < hero < first_h2, page.name
        assert "Download:" in html[actions:first_h2]
        labels = re.findall(r'<th scope="row">([^<]*)</th>', html)
        assert labels and all(label[:1] == label[:1].upper() for label in labels), labels


def test_galleries_show_two_thumbnail_columns_on_a_phone(visits):
    """At 390 px a gallery (or the home page) with two or more thumbnails shows them two a row,
    each at least 150 px wide; at 1280 px never fewer a row."""
    seen = 0
    for (wname, kind), data in sorted(visits.items()):
        if not kind.startswith(("gallery-", "home")) or len(data["thumbs"]) < 2:
            continue
        columns = len({t["left"] for t in data["thumbs"]})
        if wname == "phone":
            seen += 1
            assert columns == 2, (kind, columns)
            assert all(t["w"] >= 150 for t in data["thumbs"]), (kind, [t["w"] for t in data["thumbs"]][:4])
        else:
            assert columns >= 2, (kind, columns)
    assert seen >= 3


def test_puzzle_pictures_read_on_a_phone(visits):
    """An item page's picture with clue numbers shows them >= 12 CSS px and its lines >= 1 CSS px
    at both widths (a picture that would be smaller scrolls in its own box)."""
    seen = 0
    for (wname, kind), data in sorted(visits.items()):
        hero = data["hero"]
        if not hero:
            continue
        m = _svg_metrics((data["path"].parent / hero["src"]).read_text(encoding="utf-8"))
        if m["font"] is None:
            continue
        seen += 1
        scale = hero["w"] / m["w"]                 # CSS px per SVG unit as shown
        assert m["font"] * scale >= MIN_CLUE_PX - 0.05, (wname, kind, m["font"] * scale)
        assert m["stroke"] * scale >= MIN_LINE_PX, (wname, kind, m["stroke"] * scale)
    assert seen >= 2, "no puzzle picture with clues was checked"


HAT_LOOPY = ("loopy.v1.e0c0a7a9Ca6A7b42a795b0b9b3874cAA6a7aAbAC376Bb99689579Aa7Ac"
             ".hat.v1.28x24.r0.4-0-1-8-7-H")
SPECTRE_LOOPY = "loopy.v2.e9c6bAC77b9c4AbAa7A07a7a0b7a877AA76BcDa6.spectre.v1.18x15.r1.0-0-6-1-F"


def test_hat_and_spectre_loopy_thumbnails_read_on_a_phone(visits):
    """The gallery thumbnail of a hat or Spectre Loopy puzzle, shown as large as the phone's
    gallery shows a thumbnail (measured), has lines >= 1 CSS px and clues >= 12 CSS px: it is a
    crop of the puzzle's middle with thicker lines (the whole puzzle would read 4 px)."""
    from generator.loopy import render
    from generator.loopy.family import FAMILY
    from generator.pipeline.render import readable_width
    shown = [t["h"] for (wname, kind), d in visits.items() if wname == "phone" and kind == "gallery-loopy"
             for t in d["thumbs"]]
    assert shown, "the Loopy gallery showed no thumbnail"
    height = min(shown)                            # CSS px: the frame is scaled to the thumbnail's height
    for link in (HAT_LOOPY, SPECTRE_LOOPY):
        item = FAMILY.regen(link, {})
        whole = _svg_metrics(render.picture(item, bold=True))
        thumb = _svg_metrics(render.thumbnail(item))
        scale = height / thumb["h"]
        assert thumb["font"] * scale >= MIN_CLUE_PX and thumb["stroke"] * scale >= MIN_LINE_PX, (link, scale)
        assert whole["font"] * height / whole["h"] < MIN_CLUE_PX     # the whole puzzle would not read
        # the item page shows the whole puzzle at least as wide as its clues read (a hat puzzle
        # scrolls in its box on a phone, whose text column is 350 px)
        width = max(350, readable_width(render.picture(item, bold=True)))
        assert whole["font"] * width / whole["w"] >= MIN_CLUE_PX - 0.05
        assert whole["stroke"] * width / whole["w"] >= MIN_LINE_PX
        if link == HAT_LOOPY:
            assert width > 390


def test_captions_and_short_ids_do_not_break_mid_value(visits):
    """"24 × 15" stays on one line (no-break spaces) and a short ID never wraps."""
    def check(data):
        for cap in data["captions"]:
            if re.search(r"\d[ \t\n]×|×[ \t\n]\d", cap["text"]):
                yield f"caption {cap['text'][:60]!r} may break inside a value"
        if data["shortIdRects"] not in (None, 1):
            yield f"the short ID wraps onto {data['shortIdRects']} lines"
    assert _each(visits, check) == []
    assert any(d["shortIdRects"] == 1 for d in visits.values()), "no short ID was checked"


def test_home_page_opens_with_a_puzzle_to_play_and_links_every_familys_article(small_site):
    """The home page's first section is "Play a puzzle" (a puzzle's page and picture); every
    family with an article links it (the Penrose article serves P2 and P3)."""
    html = (small_site / "index.html").read_text(encoding="utf-8")
    first = re.search(r"<h2[^>]*>(.*?)</h2>", html).group(1)
    assert first in ("Play a puzzle", "Today's puzzle"), first
    play = html[html.index('<section class="play"'):html.index("</section>")]
    assert re.search(r'href="(loopy|calissons)/[^"]+\.html"', play) and "<img" in play
    sections = re.findall(r'<section class="family">\s*<h2><a href="([a-z0-9]+)/index.html">(.*?)</section>', html, re.S)
    links = {fam: re.findall(r'href="articles/([a-z]+)\.html"', body) for fam, body in sections}
    assert links["p2"] == ["penrose"] and links["p3"] == ["penrose"], links
    for fam in ("hat", "spectre", "calissons", "tantrix", "loopy"):
        assert links[fam], fam
    # the puzzle families come first, so the interactive part is not last
    order = [fam for fam, _ in sections]
    assert set(order[:2]) == {"loopy", "calissons"}, order


def test_tantrix_gallery_groups_single_loop_classes_by_the_tiles_inside_their_loops(small_site):
    """The small site's three single-loop classes sit under the headings of their loops' room
    (counted again by test_tantrix_room's flood fill), the groups in ROOM's order, each class's
    picture captioned with its count; the item URLs stay the permalinks' slugs."""
    import html as html_mod
    from generator.pipeline.generate import slug_of
    from generator.tantrix import classes
    from test_tantrix_room import counted
    page = html_mod.unescape((small_site / "tantrix" / "index.html").read_text(encoding="utf-8"))
    parts = re.split(r"<h2>([^<]*)</h2>", page)
    sections = dict(zip(parts[1::2], parts[2::2]))
    headings = [h for h in parts[1::2] if h in {head for _most, head in classes.ROOM}]
    rows = classes.read_classes()[:3]
    inside = {row[0]: counted(row[0]) for row in rows}
    assert sorted(set(inside.values())) == [3, 4, 7]          # three groups in the small site
    want = [head for most, head in classes.ROOM if any(classes.room_group(k) == head for k in inside.values())]
    assert headings == want == [classes.ROOM[0][1], classes.ROOM[1][1], classes.ROOM[2][1]]
    for link, k in inside.items():
        body = sections[classes.room_group(k)]
        assert f'href="{slug_of(link)}.html"' in body and f"{k} tiles inside" in body
