"""regen.html in headless Chromium, over file:// and over http://127.0.0.1: the same Python
engines under Pyodide give the CLI's exact bytes; bad permalinks reject with the CLI's one
line; the "make your own" form makes a permalink CPython regenerates identically; calisson
and Loopy puzzles are played by clicks and keys, checked, and their progress survives a
reload; a broken Loopy clue turns red.

One small interactive site is built per session (browser_helpers.built_site)."""

from __future__ import annotations

import json

import pytest

from browser_helpers import (built_site, cpython, golden_entries, launch_chromium, open_regen, PageErrors, serve,
                             sha)

from generator.calissons import play
from generator.loopy import play as loopy_play
from generator.loopy import puzzle as loopy_puzzle
from generator import webapi

pytestmark = pytest.mark.browser

SCHEMES = ["file", "http"]
SMALL = "cal.v1.3~QDTBAggEUIhI"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.getbasetemp() / "browser-site")


@pytest.fixture(scope="module")
def http_base(site):
    base, server = serve(site)
    yield base
    server.shutdown()
    server.server_close()


chromium = pytest.fixture(scope="module")(launch_chromium)


@pytest.fixture(params=SCHEMES)
def base(request, site, http_base):
    """The site's root URL over file:// or http://."""
    return site.as_uri() + "/" if request.param == "file" else http_base


def _reset(page):
    """Start again: the button, then yes when the page asks (it asks when there are marks to lose)."""
    page.click("#tp-reset")
    if page.is_visible("#tp-confirm-yes"):
        page.click("#tp-confirm-yes")


def _regen_many(page, jobs):
    """Run window.tilepress.regen over [[permalink, args], ...] in the page; texts or errors."""
    return page.evaluate("""async (jobs) => {
        const out = [];
        for (const [p, args] of jobs) {
            try { const r = await window.tilepress.regen(p, {args}); out.push({svg: r.svg, json: r.json}); }
            catch (e) { out.push({error: e.message}); }
        }
        return out; }""", jobs)


@pytest.mark.slow
def test_golden_corpus_regenerates_byte_for_byte(chromium, base):
    entries = golden_entries()
    assert len(entries) >= 80
    page, errors = open_regen(chromium, base + "regen.html")
    got = _regen_many(page, [[p, args] for p, args, _ in entries])
    for (permalink, args, want), res in zip(entries, got):
        assert "error" not in res, (permalink, res)
        assert sha(res["svg"]) == want, f"{permalink} {args}: SVG differs from the golden corpus"
        ref = cpython(["regen", permalink, *args, "--format", "json"])
        assert res["json"] == json.loads(ref["stdout"]), f"{permalink}: JSON differs from CPython's"
    assert errors.errors == []
    page.close()


def test_a_few_permalinks_match_cpython(chromium, base):
    """The quick version of the corpus test: one permalink per family, SVG equal to CPython's."""
    seen, picks = set(), []
    for p, args, _ in golden_entries():
        prefix = p.split(".")[0]
        if prefix not in seen:
            seen.add(prefix)
            picks.append((p, args))
    page, errors = open_regen(chromium, base + "regen.html")
    for (p, args), res in zip(picks, _regen_many(page, [list(x) for x in picks])):
        ref = cpython(["regen", p, *args, "--format", "svg"])
        assert ref["code"] == 0 and res.get("svg", "").encode() == ref["stdout"], p
    assert len(picks) >= 5 and errors.errors == []
    page.close()


def test_random_tilings_of_both_sampler_versions_match_cpython(chromium, base):
    """Sample permalinks of the first sampler (v1) and of the bit-sliced one (v2): the same
    bytes under Pyodide; a side beyond the page's cap gets the one-line message."""
    links = ["cal.v1.8.s1", "cal.v2.8.s1", "cal.v2.24.s5"]
    page, errors = open_regen(chromium, base + "regen.html")
    got = _regen_many(page, [[p, []] for p in links] + [["cal.v2.200.s1", []]])
    for p, res in zip(links, got):
        ref = cpython(["regen", p, "--format", "svg"])
        assert ref["code"] == 0 and res.get("svg", "").encode() == ref["stdout"], p
        assert res["json"] == json.loads(cpython(["regen", p, "--format", "json"])["stdout"]), p
    assert "about 120,000 calissons" in got[-1]["error"] and "python -m generator regen" in got[-1]["error"]
    assert errors.errors == []
    page.close()


BAD = ["nonsense", "zz.v1.abc", "hat.v1.bad", "p2.v1.x", "cal.v1.3~QD", "tx.v1.zz.A", "hat.v9.1x1.r0.0-H", ""]


def test_bad_permalinks_reject_with_the_cli_message(chromium, base):
    page, errors = open_regen(chromium, base + "regen.html")
    got = _regen_many(page, [[p, []] for p in BAD])
    for p, res in zip(BAD, got):
        ref = cpython(["regen", p, "--format", "svg"])
        assert ref["code"] == 2
        assert res == {"error": ref["stderr"].strip()}, p
    # the page shows the same line for a bad hash, and nothing is thrown uncaught
    page.goto(base + "regen.html#hat.v1.bad")
    page.wait_for_selector("#tp-error:not([hidden])", timeout=60000)
    assert page.inner_text("#tp-error") == cpython(["regen", "hat.v1.bad"])["stderr"].strip()
    assert errors.errors == []
    page.close()


def test_size_cap_has_a_clear_message(chromium, base):
    page, errors = open_regen(chromium, base + "regen.html")
    res = _regen_many(page, [["hat.v1.200x100.r2.0-3-0-5-0-F", []], ["cal.v1.40~A", []]])
    # the family's cost rule from the link's text (hats in 200 x 100 square units; side 40 = 4,800 calissons)
    assert "about 1,443 hats" in res[0]["error"] and "python -m generator regen" in res[0]["error"]
    assert "about 4,800 calissons" in res[1]["error"]
    assert errors.errors == []
    page.close()


def test_page_shows_picture_facts_share_and_downloads(chromium, base):
    page, errors = open_regen(chromium, base + "regen.html#" + SMALL)
    # (the site's own picture of an item shows at once; data-tp-shown marks the regenerated one)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {SMALL!r}", timeout=60000)
    assert page.evaluate("document.getElementById('tp-picture').naturalWidth") > 0
    assert page.input_value("#tp-share").endswith("regen.html#" + SMALL)
    # the item page's facts, in words (the family's facts(), as CPython gives them)
    page.wait_for_function("!document.getElementById('tp-facts').textContent.includes('being worked out')")
    rows = page.evaluate("[...document.querySelectorAll('#tp-facts tr')].map(r => [r.cells[0].textContent, "
                         "r.cells[1].textContent])")
    from generator import webapi
    assert rows == [[k, str(v)] for k, v in webapi.facts(SMALL)]
    assert [r[0] for r in rows][:3] == ["Side", "Reasoning it needs", "Givens"]     # the item page's words
    with page.expect_download() as dl:
        page.click("#tp-svg")
    assert dl.value.path().read_bytes() == cpython(["regen", SMALL, "--format", "svg"])["stdout"]
    with page.expect_download() as dl:
        page.click("#tp-png")
    png = dl.value.path().read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    # the solution stays folded until asked for
    assert not page.is_visible("#tp-solution-img")
    assert errors.errors == []
    page.close()


@pytest.mark.parametrize("family,fields,argv", [
    ("calissons", {"size": "3", "level": "hard"},
     ["calissons", "generate", "--size", "3", "--seed", "{seed}", "--level", "hard", "--format", "json"]),
    ("p3", {"width": "7", "height": "5"},
     ["tiling", "p3", "--width", "7", "--height", "5", "--seed", "{seed}", "--format", "json"]),
])
def test_form_makes_a_permalink_cpython_regenerates(chromium, base, family, fields, argv):
    _form_roundtrip(chromium, base, family, fields, argv)


@pytest.mark.parametrize("family,fields,argv", [
    ("spectre", {"width": "12", "height": "9"},
     ["tiling", "spectre", "--width", "12", "--height", "9", "--seed", "{seed}", "--format", "json"]),
    # the colour fields: the picture shown is `regen … --colour proper4 --palette bold`
    ("hat", {"width": "20", "height": "15", "colour": "proper4", "palette": "bold"},
     ["tiling", "hat", "--width", "20", "--height", "15", "--seed", "{seed}", "--format", "json"]),
    ("loopy", {"tiling": "p2", "width": "5", "height": "4", "level": "easy"},
     ["loopy", "generate", "--tiling", "p2", "--width", "5", "--height", "4", "--seed", "{seed}", "--level", "easy",
      "--format", "json"]),
    # the shape picker: a random shape grown from the seed, a puzzle on it (cal.v3)
    ("calissons", {"shape": "random", "size": "3", "level": "hard"},
     ["calissons", "generate", "--region", "random", "--size", "3", "--seed", "{seed}", "--level", "hard",
      "--format", "json"]),
])
def test_form_makes_spectre_and_loopy_permalinks(chromium, site, family, fields, argv):
    """The same over file:// only (the scheme makes no difference to the form; keeps the suite short)."""
    _form_roundtrip(chromium, site.as_uri() + "/", family, fields, argv)


def _form_roundtrip(chromium, base, family, fields, argv):
    """Fill the form, random seed, make; the permalink and the picture equal CPython's."""
    page, errors = open_regen(chromium, base + "regen.html")
    page.select_option("#tp-family", family)
    for name, value in fields.items():
        if page.eval_on_selector(f"#tp-field-{name}", "e => e.tagName") == "SELECT":
            page.select_option(f"#tp-field-{name}", value)
        else:
            page.fill(f"#tp-field-{name}", value)
    page.click("#tp-random")
    seed = page.input_value("#tp-seed")
    assert seed.isdigit()
    page.click("#tp-make button[type=submit]")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=60000)
    permalink = page.evaluate("decodeURIComponent(location.hash.slice(1))").split("?")[0]   # then its options
    ref = cpython([a.replace("{seed}", seed) for a in argv])
    assert json.loads(ref["stdout"])["permalink"] == permalink
    shown = page.evaluate("window.tilepress.page.current.svg")
    extra = ["--colour", fields["colour"], "--palette", fields["palette"]] if fields.get("colour") else []
    assert shown.encode() == cpython(["regen", permalink] + extra + ["--format", "svg"])["stdout"]
    assert errors.errors == []
    page.close()


def _marks(page):
    """(line ids, cross ids) drawn on the board."""
    return page.evaluate("""() => { const l = window.tilepress.page.player.lists(); return [l.lines, l.crosses]; }""")


def _finish_by_keyboard(page, edge, key: str) -> None:
    """Draw the last line with the keyboard (cursor on `edge`, press `key`), check: solved."""
    page.evaluate(f"window.tilepress.page.player.cursor = {edge}")
    page.focus("svg.tp-board")
    page.keyboard.press(key)
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.solved")
    assert page.inner_text("#tp-play-status").startswith("Solved")


def test_calisson_puzzle_played_by_clicks(chromium, base):
    answer = play.solution(SMALL)["lines"]
    page, errors = open_regen(chromium, base + "regen.html#" + SMALL)
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    page.evaluate("localStorage.clear()")
    _reset(page)
    # nothing of the answer is drawn unasked
    assert _marks(page) == [[], []]
    for i in answer[:-1]:
        page.click(f"path.hit[data-edge='{i}']")
    # one wrong line: check names it
    wrong = next(i for i in range(len(play.board(SMALL)["edges"]))
                 if i not in answer and i not in play.board(SMALL)["givens"])
    page.click(f"path.hit[data-edge='{wrong}']")
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.wrong")
    assert "not a fold edge" in page.inner_text("#tp-play-status")
    assert page.evaluate("document.querySelectorAll('line.edge.wrong').length") == 1
    # undo removes it, redo puts it back, undo again
    page.click("#tp-undo")
    assert wrong not in _marks(page)[0]
    page.click("#tp-redo")
    assert wrong in _marks(page)[0]
    page.click("#tp-undo")
    # two clicks make a cross, a third clears it
    page.click(f"path.hit[data-edge='{wrong}']")
    page.click(f"path.hit[data-edge='{wrong}']")
    assert _marks(page)[1] == [wrong]
    page.click(f"path.hit[data-edge='{wrong}']")
    # the last line by keyboard: focus the board, move the cursor there, press space
    _finish_by_keyboard(page, answer[-1], "Space")
    # reloading keeps the progress
    page.reload()
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    assert sorted(_marks(page)[0]) == sorted(answer)
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.solved")
    assert errors.errors == []
    page.close()


def test_reveal_shows_the_answer_only_when_asked(chromium, base):
    page, errors = open_regen(chromium, base + "regen.html#" + SMALL)
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    _reset(page)
    assert _marks(page) == [[], []]
    page.click("#tp-reveal")
    assert _marks(page) == [[], []]                    # the page asks first
    page.click("#tp-confirm-yes")
    page.wait_for_function("window.tilepress.page.player.lists().lines.length > 0")
    assert sorted(_marks(page)[0]) == sorted(play.solution(SMALL)["lines"])
    _reset(page)
    assert errors.errors == []
    page.close()


def test_item_pages_stay_light_and_link_to_the_regenerator(site):
    item = next((site / "calissons").glob("*.html"), None)
    pages = [p for p in (site / "calissons").glob("*.html") if p.name != "index.html"]
    assert pages, item
    html = pages[0].read_text()
    assert "<script" not in html
    assert "../regen.html#cal.v1." in html and "Play it in your browser" in html
    assert "../regen.html" in (site / "calissons" / "index.html").read_text()
    assert (site / "regen.html").is_file()


def test_page_works_without_a_served_origin_error(chromium, site):
    """file:// needs no fetch: nothing the page loads is refused (every request succeeds)."""
    page = chromium.new_page()
    failed = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    errors = PageErrors(page)
    page.goto(site.as_uri() + "/regen.html#" + SMALL)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {SMALL!r}", timeout=60000)
    assert failed == [] and errors.errors == []
    page.close()


def test_runtime_loads_only_when_asked(chromium, base):
    """regen.html without a permalink loads no runtime file until the visitor asks for something."""
    page = chromium.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    errors = PageErrors(page)
    page.goto(base + "regen.html")
    page.wait_for_timeout(500)
    assert not [u for u in requests if "/runtime/" in u]
    assert page.evaluate("typeof window.loadPyodide") == "undefined"
    page.select_option("#tp-family", "calissons")
    page.fill("#tp-field-size", "2")
    page.click("#tp-make button[type=submit]")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=60000)
    assert [u for u in requests if u.endswith("/runtime/wasm.js")]
    assert errors.errors == []
    page.close()


# --- Loopy on the page (file:// only: the calisson tests cover both schemes) -----------

LOOPY = "loopy.v1.eb3a1g110c0c2a0c.p3.v1.4_3_2_DXCYYDXXYD"      # 28 faces, a 24-edge loop


def _open_loopy(chromium, site):
    """regen.html#LOOPY with an empty board."""
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html#" + LOOPY)
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    page.evaluate("localStorage.clear()")
    _reset(page)
    page.click("#tp-zoom-in")          # the whole board is shown first; edges are tapped zoomed in
    return page, errors


def test_loopy_puzzle_played_by_clicks(chromium, site):
    answer = loopy_play.solution(LOOPY)["lines"]
    page, errors = _open_loopy(chromium, site)
    # nothing of the answer is visible unasked: empty board, the puzzle picture without its loop
    assert _marks(page) == [[], []]
    assert page.get_attribute("#tp-solution-img", "src") is None and not page.is_visible("#tp-solution-img")
    assert page.evaluate("document.querySelectorAll('svg.tp-board text.clue').length") == \
        loopy_puzzle.from_permalink(LOOPY).clue_count
    for i in answer[:-1]:
        page.click(f"path.hit[data-edge='{i}']")
    page.click("#tp-check")
    page.wait_for_function("document.getElementById('tp-play-status').textContent.length > 0")
    assert "No rule broken" in page.inner_text("#tp-play-status")
    # the last line by keyboard
    _finish_by_keyboard(page, answer[-1], "l")
    assert page.evaluate("document.querySelectorAll('text.clue.broken').length") == 0
    # reloading keeps the progress
    page.reload()
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    assert _marks(page) == [sorted(answer), []]
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.solved")
    _reset(page)
    assert errors.errors == []
    page.close()


def test_loopy_broken_clue_turns_red_and_check_names_it(chromium, site):
    p = loopy_puzzle.from_permalink(LOOPY)
    g = p.grid
    clued = [f for f, c in enumerate(p.clues) if c is not None]


    def fits(f):
        """c lines round face f break nothing; c + 1 break exactly its clue."""
        c, es = p.clues[f], list(g.face_edges[f])
        return (0 < c < len(es) - 1 and loopy_play.check(LOOPY, es[:c], [])["wrong"] == []
                and loopy_play.check(LOOPY, es[:c + 1], [])["wrong"] == sorted(es[:c + 1]))
    k, f = next((k, f) for k, f in enumerate(clued) if fits(f))
    c = p.clues[f]
    page, errors = _open_loopy(chromium, site)
    broken = "() => [...document.querySelectorAll('svg.tp-board text.clue')].map(t => t.classList.contains('broken'))"
    assert not any(page.evaluate(broken))
    for e in g.face_edges[f][:c]:
        page.click(f"path.hit[data-edge='{e}']")
    assert page.evaluate(broken)[k] is False           # exactly c lines: fine
    page.click(f"path.hit[data-edge='{g.face_edges[f][c]}']")
    assert page.evaluate(broken)[k] is True            # one too many: red
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.wrong")
    assert f"This {c} has {c + 1} lines" in page.inner_text("#tp-play-status")
    assert page.evaluate("document.querySelectorAll('line.edge.wrong').length") == c + 1
    page.click("#tp-undo")
    assert page.evaluate(broken)[k] is False
    # right-clicks cross sides out: too few left for the clue is red too
    _reset(page)
    for e in g.face_edges[f][:len(g.face_edges[f]) - c]:
        page.click(f"path.hit[data-edge='{e}']", button="right")
    assert not page.evaluate(broken)[k]
    extra = g.face_edges[f][len(g.face_edges[f]) - c]
    page.click(f"path.hit[data-edge='{extra}']", button="right")
    assert page.evaluate(broken)[k] is True and extra in _marks(page)[1]
    page.click(f"path.hit[data-edge='{extra}']", button="right")          # a second right-click clears
    assert extra not in _marks(page)[1] and page.evaluate(broken)[k] is False
    _reset(page)
    assert errors.errors == []
    page.close()


def test_loopy_form_sizes_follow_the_tiling(chromium, site):
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html")
    page.select_option("#tp-family", "loopy")
    from generator import families
    sets = {c["value"]: c["sets"] for c in families.get("loopy").form["fields"][0]["choices"]}
    page.select_option("#tp-field-tiling", "hat")
    assert page.input_value("#tp-field-width") == str(sets["hat"]["width"][0])
    assert page.get_attribute("#tp-field-width", "max") == str(sets["hat"]["width"][1])
    page.select_option("#tp-field-tiling", "p2")
    assert page.input_value("#tp-field-width") == str(sets["p2"]["width"][0])
    assert page.input_value("#tp-field-height") == str(sets["p2"]["height"][0])
    page.fill("#tp-field-width", str(sets["p2"]["width"][1] + 40))   # too big for the page: one line, nothing run
    page.evaluate("document.getElementById('tp-make').noValidate = true")
    page.click("#tp-make button[type=submit]")
    page.wait_for_selector("#tp-error:not([hidden])")
    assert f"width must be between 2 and {sets['p2']['width'][1]}" in page.inner_text("#tp-error")
    assert errors.errors == []
    page.close()


@pytest.mark.parametrize("fragment", ["--help", "-h", "--out%20x"])
def test_a_fragment_starting_with_a_dash_is_not_a_permalink(chromium, site, fragment):
    """regen.html#--help reached `regen` as an option (its help, then a raw JSON parse error)."""
    from urllib.parse import unquote
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html#" + fragment)
    page.wait_for_selector("#tp-error:not([hidden])", timeout=60000)
    shown = page.inner_text("#tp-error")
    assert shown == webapi.cap_error(unquote(fragment)) and "is not a permalink" in shown
    assert "JSON" not in shown and errors.errors == []
    page.close()


def test_the_worker_reaches_only_the_table_of_page_calls(chromium, site):
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html")
    for module, name, args in (("families", "module_named", ["subprocess"]), ("families", "load", ["file:/tmp/x.py"]),
                               ("hints", "page_hint", [None, []]), ("loopy.hints", "load", ["/tmp/x"]),
                               ("webapi", "call", ["families", "load", ["x"]]), ("cli", "main", [["--help"]])):
        got = page.evaluate("([m, n, a]) => tilepress.call(m, n, a).then((r) => ({ok: r}), (e) => ({error: e.message}))",
                            [module, name, args])
        assert got == {"error": f"error: the page cannot call {module}.{name} (generator.webapi.page_calls() "
                                "lists the calls it makes)"}, (module, name, got)
    assert page.evaluate("tilepress.call('families', 'short_id', ['cal.v2.16.s1'])") == "cal-9c2173"


def test_a_tiling_offers_its_cut_file_and_neighbour_graph_a_puzzle_does_not(chromium, site):
    """The maker's downloads on the page: `regen … --format cut-svg|graph`, byte for byte."""
    link = "hat.v1.20x15.r2.0-3-0-5-0-F"
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html#" + link)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {link!r}", timeout=60000)
    for button, fmt in (("#tp-cut", "cut-svg"), ("#tp-graph", "graph")):
        assert page.is_visible(button)
        with page.expect_download() as dl:
            page.click(button)
        assert dl.value.path().read_bytes() == cpython(["regen", link, "--format", fmt])["stdout"]
    page.goto(site.as_uri() + "/regen.html#" + SMALL)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {SMALL!r}", timeout=60000)
    assert not page.is_visible("#tp-cut") and not page.is_visible("#tp-graph")
    assert errors.errors == []
    page.close()


def test_form_makes_a_proper_4_coloured_disc_of_hats(chromium, site):
    """The form's region and colour choices: a bad polygon is refused with a visible one-line
    message (words, not colour) before any work; a disc of hats with `proper4` in the colour-blind
    safe palette makes the command line's own region permalink, and the picture shown is CPython's:
    four colours, and no two tiles that share an edge (found from the drawn outlines) alike."""
    import re
    from test_site_pages import axe_violations
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html")
    page.select_option("#tp-family", "hat")
    assert page.is_visible("#tp-field-width") and not page.is_visible("#tp-field-radius")
    page.select_option("#tp-field-region", "polygon")
    assert page.is_visible("#tp-field-polygon") and not page.is_visible("#tp-field-width")
    page.fill("#tp-field-polygon", "0,0 5,1 7")
    page.click("#tp-make button[type=submit]")
    said = page.inner_text("#tp-error")
    assert page.is_visible("#tp-error") and said.startswith("error: vertices: vertex 3 must be two numbers"), said
    assert page.get_attribute("#tp-field-polygon", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "tp-field-polygon"
    for field in ("#tp-field-region", "#tp-field-polygon"):          # tap targets of at least 24 CSS px
        box = page.locator(field).bounding_box()
        assert box["height"] >= 24 and box["width"] >= 24, (field, box)
    found = axe_violations(page)                                     # contrast ≥ 3:1 and the rest
    assert found is None or found == [], found
    page.select_option("#tp-field-region", "disc")
    page.fill("#tp-field-radius", "10")
    page.select_option("#tp-field-colour", "proper4")
    page.select_option("#tp-field-palette", "okabe-ito")
    assert page.inner_text("#tp-field-palette option[value=okabe-ito]") == "Okabe–Ito (colour-blind safe)"
    page.fill("#tp-seed", "5")
    page.click("#tp-make button[type=submit]")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=60000)
    link = page.evaluate("decodeURIComponent(location.hash.slice(1))").split("?")[0]   # then its options
    ref = cpython(["tiling", "hat", "--disc", "10", "--seed", "5", "--tiles", "meet", "--format", "json"])
    assert json.loads(ref["stdout"])["permalink"] == link and link.startswith("hat.v2.20x20.") and link.endswith("~d10")
    shown = page.evaluate("window.tilepress.page.current.svg")
    assert shown.encode() == cpython(["regen", link, "--colour", "proper4", "--palette", "okabe-ito",
                                      "--format", "svg"])["stdout"]
    assert "--colour proper4 --palette okabe-ito" in page.inner_text("#tp-command")
    # the facts as the item pages word them: the engine's labels with a capital first letter
    page.wait_for_function("!document.getElementById('tp-facts').textContent.includes('being worked out')")
    rows = page.evaluate("[...document.querySelectorAll('#tp-facts tr')].map(r => r.cells[0].textContent)")
    from generator import webapi
    assert rows == [k[:1].upper() + k[1:] for k, _v in webapi.facts(link)] and rows[0] == "Tiles"
    # the drawn tiles: one path per colour; an edge drawn by two tiles of one colour would be a clash
    fills = re.findall(r'<path fill="(#[0-9A-Fa-f]{6})" stroke="#222222"[^>]*d="([^"]*)"', shown)
    assert len(fills) == 4 and {c for c, _ in fills} == set(C4)
    owner, same, other = {}, 0, 0
    for colour, d in fills:
        for tile, ring in enumerate(re.findall(r"M([^Z]*)Z", d)):
            pts = [tuple(round(float(v), 3) for v in p.split()) for p in ring.split("L")]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                edge = (min(a, b), max(a, b))
                if edge in owner and owner[edge] != (colour, tile):
                    same += owner[edge][0] == colour
                    other += owner[edge][0] != colour
                owner[edge] = (colour, tile)
    graph = json.loads(cpython(["regen", link, "--format", "graph"])["stdout"])
    shared = sum(len(t["polygon"]) for t in graph["tiles"]) - graph["edges"]      # edges drawn by two tiles
    assert same == 0 and other == shared > 100, (same, other, shared)
    # (axe-core's own requests fail on file://: not the page's errors)
    assert [e for e in errors.errors if "axe" not in e and "ERR_FAILED" not in e and "XMLHttpRequest" not in e] == []
    page.close()


C4 = ("#E69F00", "#56B4E9", "#009E73", "#F0E442")      # okabe-ito's first four (generator.maker.colour)
