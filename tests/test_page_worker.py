"""What the page's worker adds round the engines, checked in CPython: the memo that reads a Loopy
permalink once (the same answers as reading it afresh), the generator's step reported at once
through the progress sink, the warm-up and the bench's clock."""

from __future__ import annotations

import json

import pytest

from generator import families, output, webapi
from generator.loopy import puzzle as P

LOOPY = "loopy.v1.eb3a1g110c0c2a0c.p3.v1.4_3_2_DXCYYDXXYD"      # 28 faces (tests/test_browser_regen.py)


@pytest.fixture
def memo():
    webapi.remember(webapi.PAGE_MEMO)
    yield
    webapi.remember(0)


def _page_answers(link: str) -> list:
    """Everything the page asks for one permalink, as bytes or JSON text."""
    return [webapi.run(["regen", link, "--format", "svg"])["stdout"],
            webapi.run(["regen", link, "--format", "json"])["stdout"],
            webapi.run(["regen", link, "--solution", "--format", "svg"])["stdout"],
            json.dumps(webapi.facts(link)),
            json.dumps(webapi.player_call("board", link), sort_keys=True),
            json.dumps(webapi.player_call("hint", link, [], []), sort_keys=True),
            webapi.run(["loopy", "explain", link, "--format", "svg"])["stdout"]]


def test_the_memo_gives_the_answers_of_a_fresh_read(memo):
    made = webapi.run(["loopy", "generate", "--tiling", "hat", "--width", "24", "--height", "20", "--seed", "5",
                       "--level", "tricky", "--format", "json"])
    links = [LOOPY, json.loads(made["stdout"])["permalink"]]
    webapi.remember(0)
    fresh = [_page_answers(link) for link in links]
    webapi.remember(webapi.PAGE_MEMO)
    assert [_page_answers(link) for link in links] == fresh
    assert P.from_permalink(LOOPY) is P.from_permalink(LOOPY)          # read once


def test_the_memo_keeps_only_the_last_reads(memo, monkeypatch):
    reads = []
    monkeypatch.setattr(P, "_read", lambda link: reads.append(link.text) or object())   # _read gets the parsed Link
    links = [f"loopy.v2.x{i}" for i in range(webapi.PAGE_MEMO + 1)]
    for link in links:
        P.from_permalink(link)
    P.from_permalink(links[-1])
    assert reads == links                                              # the last one was kept
    P.from_permalink(links[0])
    assert reads == links + [links[0]]                                 # the first one was dropped
    webapi.remember(0)
    P.from_permalink(links[0])
    assert reads == links + [links[0], links[0]]                       # off: always read afresh


def test_a_step_reaches_the_page_at_once_and_counts_are_throttled():
    heard = []
    webapi.set_progress(lambda *a: heard.append(a))
    try:
        list(output.progress(range(64 * 50), 64 * 50, "tile"))       # 50 counts within a quarter second
        output.stage("a step")
        made = webapi.run(["loopy", "generate", "--tiling", "p3", "--width", "5", "--height", "4", "--seed", "1",
                           "--level", "easy", "--format", "json"])
    finally:
        webapi.set_progress(None)
    counts = [h for h in heard if h[0] is not None]
    assert 1 <= len(counts) <= 2
    assert heard[len(counts)] == (None, None, "", "a step")
    faces = len(json.loads(made["stdout"])["faces"])
    steps = [h[3] for h in heard[len(counts) + 1:] if h[0] is None]
    assert len(steps) == 1 and steps[0].startswith(f"a loop on {faces} faces")
    output.stage("nobody listens")                                     # no sink: nothing happens


def test_warm_up_and_clock_run_the_engines():
    assert webapi.warm_up()["seconds"] > 0
    assert webapi.run(list(families.get("loopy").warm_up))["stdout"].startswith(b"<svg")
    took = webapi.clock("loopy.puzzle", "create", ["p3", "5", "4", 1, "easy"])
    assert took["seconds"] > 0 and took["cpu"] > 0
    with pytest.raises(webapi.TilepressError, match="cannot call"):
        webapi.clock("cli", "main", [[]])


@pytest.mark.parametrize("module, name, args", [
    ("families", "module_named", ["subprocess"]), ("families", "load", ["file:/tmp/x.py"]),
    ("families", "get", ["loopy"]), ("hints", "page_hint", [None, []]), ("loopy.hints", "load", ["/etc/passwd"]),
    ("calissons.onregion", "load_any", ["/etc/passwd"]), ("webapi", "call", ["families", "load", ["x"]]),
    ("webapi", "_family", ["x"]), ("cli", "main", [["--help"]]), ("os", "system", ["true"]),
    ("webapi.x", "run", []), ("webapi", "no_such_function", []), (["webapi"], "run", []), ("webapi", None, []),
])
def test_the_page_reaches_only_its_table_of_calls(module, name, args):
    with pytest.raises(webapi.TilepressError, match=r"the page cannot call .* \(generator\.webapi\.page_calls\(\)"):
        webapi.call(module, name, args)


def test_every_entry_of_the_table_is_a_function_and_the_page_calls_nothing_else():
    import re
    from pathlib import Path
    for dotted in webapi.page_calls():
        module, _, name = dotted.rpartition(".")
        assert callable(getattr(families.module_named("generator." + module), name)), dotted
    assert webapi.call("families", "short_id", ["cal.v2.16.s1"]) == "cal-9c2173"
    with pytest.raises(webapi.TilepressError, match="the arguments must be a list"):
        webapi.call("webapi", "run", "--help")
    # every call regen.js (and the benchmark's probe) names is in the table
    texts = [(Path(__file__).parents[1] / f).read_text() for f in ("templates/regen.js", "bench/browser.py")]
    named = {f"{m}.{n}" for t in texts for m, n in re.findall(r"""\.call\(\s*["']([\w.]+)["']\s*,\s*["'](\w+)["']""", t)}
    named |= {f"{m}.{n}" for t in texts for m, n in re.findall(r"""clock['"]\s*,\s*\[\s*['"]([\w.]+)['"]\s*,\s*['"](\w+)""", t)}
    assert named and named <= set(webapi.page_calls()), named - set(webapi.page_calls())


@pytest.mark.parametrize("fragment", ["--help", "-h", " --version", "--out=/tmp/x"])
def test_a_text_starting_with_a_dash_is_not_a_permalink(fragment):
    assert webapi.cap_error(fragment) == (f"error: {fragment.strip()!r} is not a permalink (a permalink starts "
                                          "with its family's prefix, e.g. loopy.v1.…)")


def test_the_page_facts_are_in_the_item_pages_words():
    """regen.html's Facts table says what the item page says: tilings by name, levels and
    labels capitalised, the calisson's "Side"; the folded technical facts come last."""
    rows = webapi.facts(LOOPY)
    assert rows[:2] == [["Tiling", "Penrose P3 (rhombs)"], ["Level", "Easy"]]
    assert rows[-1][0] == "Tiling permalink"
    cal = dict(webapi.facts("cal.v1.4~AAAAKVQAQADqoAAAEkAIABA"))
    assert cal["Side"] == 4 and "Size n" not in cal
    p2 = [k for k, _v in webapi.facts("p2.v1.24_15_2_AAAAAVBABBA")]
    assert p2[:5] == ["Tiles", "Kites", "Darts", "Kites : darts", "Size"] and "Start triangle" in p2[5:]
