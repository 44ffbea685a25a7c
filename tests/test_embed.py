"""The `tilepress` Markdown extension (generator/pipeline/embed.py) in plain Python-Markdown.

The pictures are checked against the command line (`regen PERMALINK --format svg`, run in
this process through generator.webapi), the alt text against counts made from the item's
JSON, the error lines against where the bad line really is, and the cache by making a second
conversion fail if it regenerated anything.  The MkDocs and Pelican sites, the wheel and a
fresh virtual environment are tests/test_embed_hosts.py.
"""

from __future__ import annotations

import json
import re
import time
import tomllib

import markdown
import pytest

from site_helpers import REPO

from generator import webapi
from generator.pipeline import embed
from generator.pipeline.embed import EmbedError, TilepressExtension

LOOPY = "loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3.p2.v1.5_4_9_AVVBUABUAA"
P2 = "p2.v1.10_10_8_ABBBABUABAVVB"
HAT = "hat.v1.20x15.r2.0-3-0-5-0-F"
SAMPLE = "cal.v1.8.s1"
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)


def convert(text: str, **config) -> str:
    config.setdefault("cache_dir", "")
    return markdown.markdown(text, extensions=[TilepressExtension(**config), "fenced_code"])


def cli(*argv) -> bytes:
    res = webapi.run(list(argv))
    assert res["code"] == 0, res["stderr"]
    return res["stdout"]


def body(svg: str) -> str:
    """An SVG without its root tag, its ids' per-figure prefix and the title the page adds, and
    without the values of the weights `readable` raises (line widths, dot radii, font sizes)."""
    svg = re.sub(r"^<svg\b[^>]*>", "", svg.strip())
    svg = re.sub(r'(id="|url\(#|href="#)tp[0-9a-f]{10}(?:-answer)?-', r"\1", svg)
    return re.sub(r'(\s(?:stroke-width|r|font-size)=")[0-9.e]+"', r'\1"', svg)


@pytest.fixture(scope="module")
def loopy_page() -> str:
    return convert(f"# A puzzle\n\n!tilepress {LOOPY}\n", regen_url="regen.html")


def test_line_becomes_the_picture_and_the_folded_answer(loopy_page):
    svgs = _SVG.findall(loopy_page)
    assert len(svgs) == 2
    picture, answer = svgs
    bold = ("--style", "bold")                      # the family's dark-lines style, as the site's pictures
    assert body(picture) == body(cli("regen", LOOPY, *bold, "--format", "svg").decode())
    assert body(answer) == body(cli("regen", LOOPY, *bold, "--format", "svg", "--solution").decode())
    # the answer is folded: inside a closed <details>, after the picture
    details = re.search(r"<details class=\"tilepress-answer\">(.*?)</details>", loopy_page, re.S)
    assert details and answer in details.group(1) and picture not in details.group(1)
    assert "<details class=\"tilepress-answer\" open" not in loopy_page
    assert f'href="regen.html#{LOOPY}"' in loopy_page


def test_alt_text_and_caption_are_the_items_facts(loopy_page):
    item = json.loads(cli("regen", LOOPY, "--format", "json"))
    faces = len(item["faces"])
    clues = sum(1 for f in item["faces"] if f["clue"] is not None)
    label = re.search(r'<svg\b[^>]*aria-label="([^"]*)"', loopy_page).group(1)
    assert f"Faces {faces}," in label and f"Clues {clues}," in label and "Level easy" in label
    from generator.pipeline.embed import ALT_FACTS
    from generator.loopy import family as loopy_family
    facts = loopy_family.facts(loopy_family.regen(LOOPY, {}))
    assert label.endswith(", ".join(f"{k} {v}" for k, v in facts[:ALT_FACTS]) + ".")   # the first facts, in order
    assert f"Loop length (edges) {len(item['solution'])}" in label
    caption = re.search(r"<figcaption>(.*?)</figcaption>", loopy_page).group(1)
    assert caption == f"Loopy on a Penrose P2 patch, easy, {faces} faces"


@pytest.mark.parametrize("link,caption", [
    (P2, "A Penrose P2 patch of 235 tiles"),
    (HAT, re.compile(r"A hat patch of \d+ hats")),
    ("cal.v1.3~QDTBAggEUIhI", "Calisson puzzle, side 3, 16 givens, local rules only"),
    (SAMPLE, re.compile(r"Random calisson tiling, side 8, \d+ lozenges")),
])
def test_default_captions_are_words(link, caption):
    got = re.search(r"<figcaption>(.*?)</figcaption>", convert(f"!tilepress {link}\n")).group(1)
    assert got == caption if isinstance(caption, str) else caption.fullmatch(got), got
    assert ": " not in got and "Size n" not in got


HAT_LOOPY = "loopy.v1.h3dAa6a779a8b9aCaB7eCABa8a8a6c0a2B7a73c8e89a0BaC9c.hat.v1.28x24.r2.7-0-1-2-8-0-F"


def _weights(svg: str) -> tuple[float, dict]:
    """(viewBox width, {kind: smallest value}) of an SVG."""
    vbw = float(re.search(r'viewBox="[^"]*"', svg).group(0).split()[2])
    kinds = {"line": r'stroke-width="([0-9.]+)"', "dot": r'<circle\b[^>]*\sr="([0-9.]+)"',
             "digit": r'font-size="([0-9.]+)"'}
    return vbw, {k: min(map(float, re.findall(p, svg))) for k, p in kinds.items()}


@pytest.mark.parametrize("width", [320, 480, 800])
def test_a_hat_loopy_reads_at_any_width(width):
    """Grid lines, dots and digits stay visible however narrow the figure is shown (320 px up)."""
    html = convert(f"```tilepress\n{HAT_LOOPY}\nwidth: {width}\nsolution: hidden\n```\n")
    svg = _SVG.search(html).group(0)
    vbw, least = _weights(svg)
    for shown in (320, width):
        px = shown / vbw
        assert least["line"] * px >= 0.99 and least["dot"] * px >= 1.49 and least["digit"] * px >= 9.99, (shown, least)
    plain_vbw, plain = _weights(cli("regen", HAT_LOOPY, "--format", "svg").decode())
    assert plain["line"] * 320 / plain_vbw < 0.5                        # what it was: lines of under half a pixel
    assert least["digit"] <= 1.6 * plain["digit"]                       # digits still fit their faces


def test_a_hat_loopy_at_480_keeps_its_grid_lines_when_drawn():
    """Rasterised at 480 px wide, the grid's lines are there: many more dark pixels than the
    plain picture's, whose light, half-pixel lines almost vanish."""
    import io
    import cairosvg
    from PIL import Image

    def dark_pixels(svg: str) -> int:
        png = cairosvg.svg2png(bytestring=svg.encode(), output_width=480, background_color="white")
        return sum(Image.open(io.BytesIO(png)).convert("L").histogram()[:160])
    written = {}

    def write_file(name, svg):                      # the figure as a file, as the site build has it
        written[name] = svg
        return name
    convert(f"```tilepress\n{HAT_LOOPY}\nwidth: 480\nsolution: hidden\n```\n", write_file=write_file)
    (figure,) = written.values()
    plain = cli("regen", HAT_LOOPY, "--format", "svg").decode()
    assert dark_pixels(figure) > 3 * dark_pixels(plain)


def test_block_options():
    html = convert(f"```tilepress\npermalink: {P2}\nwidth: 200\ncaption: A <small> patch\n"
                   "link: none\n```\n", regen_url="r.html")
    svg = _SVG.search(html).group(0)
    assert re.search(r'<svg\b[^>]*\bwidth="200" height="200"', svg)        # a 10 x 10 region
    assert "<figcaption>A &lt;small&gt; patch</figcaption>" in html
    assert "<a " not in html and "<details" not in html                   # a tiling has no answer
    shown = convert(f"~~~tilepress\n{LOOPY}\nsolution: shown\n~~~\n")
    assert '<details class="tilepress-answer" open>' in shown
    hidden = convert(f"```tilepress\n{LOOPY}\nsolution: hidden\n```\n")
    assert len(_SVG.findall(hidden)) == 1 and "<details" not in hidden
    assert "<a " not in hidden                                            # no regen_url: no link


def test_a_sample_is_a_picture_not_a_puzzle():
    html = convert(f"!tilepress {SAMPLE}\n")
    assert len(_SVG.findall(html)) == 1 and "<details" not in html


def test_ids_are_unique_on_a_page_and_every_reference_resolves():
    html = convert(f"!tilepress {P2}\n\n!tilepress {HAT}\n\n!tilepress {P2}\n")
    svgs = _SVG.findall(html)
    assert len(svgs) == 3
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert ids and len(ids) == len(set(ids)) + 1       # only the repeated P2's own clip id repeats...
    first, second = svgs[0], svgs[2]
    assert first == second                             # ...the same permalink is the same figure
    for svg in svgs[:2]:
        own = set(re.findall(r'\bid="([^"]+)"', svg))
        refs = set(re.findall(r'url\(#([^)]+)\)', svg))
        assert refs and refs <= own


def test_output_is_deterministic(loopy_page):
    again = convert(f"# A puzzle\n\n!tilepress {LOOPY}\n", regen_url="regen.html")
    assert again == loopy_page


def test_directives_in_code_are_left_alone():
    text = f"```\n!tilepress {P2}\n```\n\n    !tilepress {P2}\n\nInline `!tilepress {P2}` too.\n"
    html = convert(text)
    assert "<svg" not in html and html.count(f"!tilepress {P2}") == 3


BAD = [
    # (markdown, line, words in the message)
    ("# T\n\ntext\n\n!tilepress p2.v1.10_10_8_ABBBABUABAVVX\n", 5, ["bad permalink", "label"]),
    ("# T\n\n!tilepress nothing-like-a-permalink\n", 3, ["bad permalink", "not a tilepress permalink"]),
    ("# T\n\n!tilepress zz.v1.abc\n", 3, ["bad permalink", "zz"]),
    ("!tilepress\n", 1, ["a permalink is needed"]),
    (f"x\n!tilepress {P2} width=300\n", 2, ["takes one permalink"]),
    (f"a\n\n```tilepress\n{P2}\ncolour: red\n```\n", 5, ["unknown option 'colour'"]),
    (f"```tilepress\npermalink: {P2}\nwidth: 5\n```\n", 3, ["width must be"]),
    (f"```tilepress\npermalink: {P2}\nwidth: 300\nwidth: 200\n```\n", 4, ["given twice"]),
    (f"```tilepress\npermalink: {LOOPY}\nsolution: maybe\n```\n", 3, ["solution must be below or shown or hidden"]),
    (f"```tilepress\npermalink: {P2}\nsolution: shown\n```\n", 3, ["p2 items have no solution"]),
    (f"```tilepress\npermalink: {P2}\nlink: regen\n```\n", 3, ["regen_url"]),
    (f"text\n\n```tilepress\npermalink: {P2}\n", 3, ["never closed"]),
    ("```tilepress\ncaption: no link\n```\n", 1, ["a permalink is needed"]),
]


@pytest.mark.parametrize("text,line,words", BAD, ids=[f"line{b[1]}-{b[2][0][:12]}" for b in BAD])
def test_bad_input_is_one_line_naming_the_line(text, line, words):
    with pytest.raises(EmbedError) as info:
        convert(text, source="docs/page.md")
    message = str(info.value)
    assert message.startswith(f"docs/page.md:{line}: "), message
    assert "\n" not in message and all(w in message for w in words), message


def test_line_offset_and_no_source():
    with pytest.raises(EmbedError, match=r"^line 12: bad permalink"):
        convert("x\n\n!tilepress p2.v1.1\n", line_offset=9)


def test_cost_is_checked_before_any_work(monkeypatch):
    """A permalink over the page's length budget, or over its family's limits (a region of
    10^10 tiles), is refused from its text alone: the engines are never called."""
    def boom(*_a, **_k):
        raise AssertionError("regenerated")
    monkeypatch.setattr(embed, "item_data", boom)
    with pytest.raises(EmbedError, match=r"too long to embed \(101 characters, limit 100\)"):
        convert("!tilepress p2.v1." + "1" * 95 + "\n", max_chars=100)
    # a tiling family states its tiles from the text (Family.cost); over max_tiles is refused
    from generator import families
    stated = families.get("p2").cost(P2)
    assert 100 < stated < 1000                       # a 10 x 10 patch: 235 tiles (regen's facts)
    with pytest.raises(EmbedError, match=rf"^line 1: bad permalink .*about {stated:,.0f} tiles; "
                                         r"a page embeds at most 100 \(the extension's max_tiles"):
        convert(f"!tilepress {P2}\n", max_tiles=100)
    for link in ("p2.v1.400_400_0_AB", "hat.v1.4000x4000.r2.0-3-0-5-0-F"):   # the families' own costs
        with pytest.raises(EmbedError, match=r"about [0-9,]+ tiles; a page embeds at most 20,000"):
            convert(f"!tilepress {link}\n")
    start = time.process_time()
    with pytest.raises(EmbedError, match=r"^docs/x.md:1: bad permalink .*1000"):
        convert("!tilepress p2.v1.100000_100000_0_AB\n", source="docs/x.md")
    assert time.process_time() - start < 0.5


def test_the_cache_makes_a_rebuild_generate_nothing(tmp_path, monkeypatch):
    from generator import families
    from generator.pipeline.plan import RENDER_VERSION, item_key
    text = f"!tilepress {LOOPY}\n\n!tilepress {P2}\n"
    first = TilepressExtension(cache_dir=str(tmp_path / "cache"))
    html = markdown.markdown(text, extensions=[first])
    assert first.items().generated == 2
    assert (tmp_path / "cache" / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    fam = families.get("loopy")
    key = item_key("loopy", fam.version, json.dumps([LOOPY, "{}"]),
                   {"embed_version": embed.EMBED_VERSION, "render_version": RENDER_VERSION})
    assert (tmp_path / "cache" / key[:2] / f"{key}.pickle").is_file()

    def boom(*_a, **_k):
        raise AssertionError("regenerated although cached")
    monkeypatch.setattr(embed, "item_data", boom)
    second = TilepressExtension(cache_dir=str(tmp_path / "cache"))
    assert markdown.markdown(text, extensions=[second]) == html
    assert second.items().generated == 0


def test_a_folder_that_is_not_a_cache_is_refused(tmp_path):
    (tmp_path / "mine.txt").write_text("my notes")
    with pytest.raises(EmbedError, match="not a tilepress cache"):
        convert(f"!tilepress {P2}\n", cache_dir=str(tmp_path), source="p.md")
    assert (tmp_path / "mine.txt").read_text() == "my notes"


def test_pictures_as_files(tmp_path):
    from generator.pipeline.render import svg_size
    written = {}

    def write_file(name, svg):
        written[name] = svg
        return f"figs/{name}"
    html = convert(f"!tilepress {LOOPY}\n", write_file=write_file)
    assert sorted(written) == sorted(re.findall(r'src="figs/([^"]+)"', html)) and len(written) == 2
    picture = next(v for k, v in written.items() if not k.endswith("-answer.svg"))
    bold = cli("regen", LOOPY, "--style", "bold", "--format", "svg").decode()
    assert picture == embed.readable(bold, svg_size(bold)[0])
    w, h = svg_size(picture)
    m = re.search(r'<img [^>]*width="(\d+)" height="([\d.]+)"', html)
    assert abs(float(m.group(1)) / float(m.group(2)) - w / h) < 0.01
    assert re.search(r'<details class="tilepress-answer"><summary>Show the solution</summary><img ', html)


def test_registered_under_the_markdown_entry_point():
    """pyproject.toml registers the extension as `tilepress`; the dotted name works too."""
    meta = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    target = meta["entry-points"]["markdown.extensions"]["tilepress"]
    module, _, attr = target.partition(":")
    import importlib
    cls = getattr(importlib.import_module(module), attr)
    assert cls is TilepressExtension
    html = markdown.markdown(f"!tilepress {P2}\n", extensions=["generator.pipeline.embed"],
                             extension_configs={"generator.pipeline.embed": {"cache_dir": ""}})
    assert "<svg" in html and "<figure" in html


def test_article_with_a_bad_permalink_fails_the_site_build(tmp_path, capsys):
    """The project's own build: an article's bad `!tilepress` line is exit 2 naming its line."""
    import build as build_cli                      # REPO/build.py (site_helpers put REPO on sys.path)
    content = tmp_path / "content"
    (content / "articles").mkdir(parents=True)
    (content / "site.toml").write_text('[site]\ntitle = "t"\ninteractive = false\n')   # no family
    (content / "articles" / "note.md").write_text(
        "---\ntitle: A note\n---\n\nText.\n\n!tilepress p2.v1.10_10_8_ABBBABUABAVVX\n")
    code = build_cli.main(["--config", str(content / "site.toml"), "--out", str(tmp_path / "site"),
                           "--jobs", "1", "--cache-dir", str(tmp_path / "cache")])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and re.match(r"^error: \S*articles/note\.md:7: bad permalink ", lines[0]), lines
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("setting, value, words", [
    ("max_chars", "abc", "setting max_chars = 'abc': must be a whole number from 1 to 65,536"),
    ("max_chars", 0, "setting max_chars = '0': must be a whole number"),
    ("max_chars", True, "setting max_chars = 'True': must be a whole number"),
    ("max_chars", 10 ** 9, "must be a whole number from 1 to 65,536"),
    ("max_tiles", "lots", "setting max_tiles = 'lots': must be a number from 1 to 1e12"),
    ("max_tiles", [1], "setting max_tiles = '[1]'"),
    ("line_offset", -3, "setting line_offset = '-3': must be a whole number from 0"),
    ("regen_url", "javascript:alert(1)", "setting regen_url = 'javascript:alert(1)': must be an http(s) URL"),
    ("regen_url", "JaVaScRiPt:alert(1)", "must be an http(s) URL or a relative one"),
    ("regen_url", "java\tscript:alert(1)", "must be an http(s) URL or a relative one"),
    ("regen_url", "data:text/html,x", "must be an http(s) URL or a relative one"),
    ("regen_url", 'regen.html" onmouseover="x', "must be an http(s) URL or a relative one"),
    ("regen_url", "https://", "must be an http(s) URL or a relative one"),
    ("regen_url", 42, "setting regen_url must be text, not int"),
    ("solution", ["below"], "setting solution must be text, not list"),
    ("cache_dir", 3, "setting cache_dir must be a folder name, not int"),
    ("write_file", "yes", "setting write_file must be a function"),
    ("width", 1.5, "setting width must be a number of CSS pixels, not float"),
])
def test_the_hosts_settings_are_checked(setting, value, words):
    with pytest.raises(EmbedError) as info:
        convert(f"!tilepress {P2}\n", **{setting: value})
    assert words in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("url", ["https://example.org/tilepress/regen.html", "HTTP://example.org/regen.html",
                                 "../regen.html", "/regen.html", "regen.html", "//example.org/regen.html"])
def test_http_and_relative_regen_urls_link_the_pictures(url):
    page = convert(f"!tilepress {P2}\n", regen_url=url, max_chars="9000", max_tiles="500")
    assert f'href="{url}#{P2}"' in page
