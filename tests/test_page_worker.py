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
    monkeypatch.setattr(P, "_read", lambda text: reads.append(text) or object())
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
