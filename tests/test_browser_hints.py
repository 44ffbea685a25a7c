"""The Hint button of regen.html in headless Chromium: the page's hint (the engines under
Pyodide) equals the CLI's `hint` for a sample of puzzles and marks; the first press shows
what the deduction reads and its sentence, the second applies it; h on the board too; a
planted wrong mark is named and removed.  One browser, one site (browser_helpers.built_site)
and one page for the whole file."""

from __future__ import annotations

import json
import random

import pytest

from browser_helpers import built_site, cpython, launch_chromium, open_regen

from generator import hints as H
from generator.calissons import hints as CH
from generator.calissons import permalink as cal_permalink
from generator.calissons import play
from generator.calissons.generator import generate

pytestmark = pytest.mark.browser
KEYS = {"rule", "level", "yes", "no", "because", "text"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.getbasetemp() / "browser-site")


def _reset(page):
    """Start again: the button, then yes when the page asks (it asks when there are marks to lose)."""
    page.click("#tp-reset")
    if page.is_visible("#tp-confirm-yes"):
        page.click("#tp-confirm-yes")


@pytest.fixture(scope="module")
def puzzles():
    """Calisson permalinks of every level (side 4 and 5), with their board's dot pairs."""
    out = []
    for n, level, seed in ((4, "hard", 1), (5, "medium", 2), (4, "easy", 3)):
        pz = generate(n, seed, level)
        out.append(cal_permalink.encode(n, pz.givens))
    return out


chromium = pytest.fixture(scope="module")(launch_chromium)


@pytest.fixture(scope="module")
def page(chromium, site, puzzles):
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html#" + puzzles[0])
    page.wait_for_selector("#tp-play:not([hidden])", timeout=60000)
    page.evaluate("localStorage.clear()")
    _reset(page)
    yield page
    assert errors.errors == []
    page.close()


def _cli_hint(tmp_path, link, lines, crosses):
    """`calissons hint LINK --marks FILE` for the page's marks (edge ids -> dot pairs)."""
    board = play.board(link)
    pairs = [board["edges"][i] for i in range(len(board["edges"]))]
    marks = tmp_path / "marks.json"
    marks.write_text(json.dumps({"yes": [pairs[i] for i in lines], "no": [pairs[i] for i in crosses]}))
    r = cpython(["calissons", "hint", link, "--marks", str(marks)])
    assert r["code"] == 0, r["stderr"]
    return json.loads(r["stdout"])


def _marks(page):
    return page.evaluate("() => { const l = window.tilepress.page.player.lists(); return [l.lines, l.crosses]; }")


def test_button_shows_then_applies_the_cli_hint(page, puzzles, tmp_path):
    link = puzzles[0]
    assert page.is_visible("#tp-hint-button")
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints && window.tilepress.page.hints.pending")
    shown = page.evaluate("window.tilepress.lastHint")
    want = _cli_hint(tmp_path, link, [], [])
    assert {k: shown[k] for k in KEYS} == want
    assert page.inner_text("#tp-hint").find(want["text"]) >= 0
    decided = len(want["yes"]) + len(want["no"])
    assert page.evaluate("document.querySelectorAll('.tp-hint-edges .new').length") == decided
    assert page.evaluate("document.querySelectorAll('.tp-hint-faces polygon').length") == len(want["because"]["faces"])
    assert _marks(page) == [[], []]                      # the first press only shows
    page.click("#tp-hint-button")                        # the second applies
    lines, crosses = _marks(page)
    assert sorted(lines + crosses) == sorted(shown["ids"]["yes"] + shown["ids"]["no"]) and decided
    assert page.evaluate("document.querySelectorAll('.tp-hint-edges line').length") == 0
    # the keyboard: h on the board shows the next hint, h again applies it
    page.focus("svg.tp-board")
    page.keyboard.press("h")
    page.wait_for_function("window.tilepress.page.hints.pending")
    nxt = page.evaluate("window.tilepress.lastHint")
    assert {k: nxt[k] for k in KEYS} == _cli_hint(tmp_path, link, lines, crosses)
    page.keyboard.press("h")
    assert len(sum(_marks(page), [])) == len(lines + crosses) + len(nxt["yes"]) + len(nxt["no"])


def test_page_hint_equals_cli_for_a_sample_of_marks(page, puzzles, tmp_path):
    rng = random.Random(20)
    cases = []
    for link in puzzles:
        n, givens = cal_permalink.decode(link)
        board = play.board(link)
        pairs = [H.edge(*e) for e in board["edges"]]
        sol = CH.solution_edges(n, givens)
        free = [i for i in range(len(pairs)) if i not in set(board["givens"])]
        for k in range(3):
            pick = rng.sample(free, rng.randint(0, len(free) // 2))
            lines = sorted(i for i in pick if pairs[i] in sol)
            crosses = sorted(i for i in pick if pairs[i] not in sol)
            if k == 2:                                   # a planted wrong mark
                wrong = rng.choice([i for i in free if i not in pick])
                (crosses if pairs[wrong] in sol else lines).append(wrong)
            cases.append((link, sorted(lines), sorted(crosses)))
    got = page.evaluate("""async (cases) => {
        const out = [];
        for (const c of cases) out.push(await window.tilepress.player("hint", c[0], [c[1], c[2]]));
        return out;
    }""", cases)
    rules = []
    for (link, lines, crosses), mine in zip(cases, got):
        want = _cli_hint(tmp_path, link, lines, crosses)
        assert {k: mine[k] for k in KEYS} == want
        rules.append(want["rule"])
    assert rules[2::3] == ["mistake"] * len(puzzles) and "mistake" not in rules[0::3]


def test_mistake_hint_removes_the_wrong_mark(page, puzzles):
    link = puzzles[0]
    _reset(page)
    board = play.board(link)
    sol = play.solution(link)["lines"]
    wrong = next(i for i in range(len(board["edges"])) if i not in sol and i not in board["givens"])
    page.evaluate("(i) => window.tilepress.page.player.set(i, 1)", wrong)     # a wrong line
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints.pending")
    assert page.evaluate("window.tilepress.lastHint.rule") == "mistake"
    assert page.inner_text("#tp-hint").startswith("Mistake")
    page.click("#tp-hint-button")
    assert _marks(page) == [[], []]


@pytest.fixture(scope="module")
def loopy_links():
    """Fresh Loopy puzzles (about 60 faces) of three levels and two tilings."""
    out = []
    for tiling, w, h, level, seed in (("p2", "5", "4", "normal", 3), ("p3", "6", "5", "easy", 4),
                                      ("p2", "5", "4", "hard", 5)):
        r = cpython(["loopy", "generate", "--tiling", tiling, "--width", w, "--height", h, "--seed", str(seed),
                     "--level", level, "--format", "json"])
        assert r["code"] == 0, r["stderr"]
        out.append(json.loads(r["stdout"])["permalink"])
    return out


def _loopy_cli_hint(tmp_path, link, lines, crosses):
    from generator.loopy import play as loopy_play
    pairs = loopy_play.board(link)["edges"]
    marks = tmp_path / "marks.json"
    marks.write_text(json.dumps({"yes": [pairs[i] for i in lines], "no": [pairs[i] for i in crosses]}))
    r = cpython(["loopy", "hint", link, "--marks", str(marks)])
    assert r["code"] == 0, r["stderr"]
    return json.loads(r["stdout"])


def test_loopy_page_hint_equals_cli(page, loopy_links, tmp_path):
    """Empty boards, boards half replayed by the CLI's own hints, and a planted wrong mark."""
    from generator.loopy import play as loopy_play
    rng = random.Random(7)
    cases = []
    for link in loopy_links:
        pairs = [H.edge(*e) for e in loopy_play.board(link)["edges"]]
        answer = set(loopy_play.solution(link)["lines"])
        cases.append((link, [], []))
        ids = list(range(len(pairs)))
        pick = rng.sample(ids, len(ids) // 3)
        lines = sorted(i for i in pick if i in answer)
        crosses = sorted(i for i in pick if i not in answer)
        cases.append((link, lines, crosses))
        wrong = rng.choice([i for i in ids if i not in pick and i not in answer])
        cases.append((link, sorted(lines + [wrong]), crosses))
    got = page.evaluate("""async (cases) => {
        const out = [];
        for (const c of cases) out.push(await window.tilepress.player("hint", c[0], [c[1], c[2]]));
        return out;
    }""", cases)
    for (link, lines, crosses), mine in zip(cases, got):
        assert {k: mine[k] for k in KEYS} == _loopy_cli_hint(tmp_path, link, lines, crosses)
    assert [g["rule"] for g in got][2::3] == ["mistake"] * len(loopy_links)


def test_loopy_button_shows_and_applies(page, loopy_links, tmp_path):
    link = loopy_links[0]
    page.evaluate("(link) => { location.hash = link; }", link)
    page.wait_for_function("(link) => document.documentElement.getAttribute('data-tp-shown') === link", arg=link,
                           timeout=60000)
    _reset(page)
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints && window.tilepress.page.hints.pending")
    h = page.evaluate("window.tilepress.lastHint")
    assert {k: h[k] for k in KEYS} == _loopy_cli_hint(tmp_path, link, [], [])
    assert page.evaluate("document.querySelectorAll('.tp-hint-faces polygon').length") == len(h["because"]["faces"])
    page.click("#tp-hint-button")
    lines, crosses = _marks(page)
    assert sorted(lines) == h["ids"]["yes"] and sorted(crosses) == h["ids"]["no"]
