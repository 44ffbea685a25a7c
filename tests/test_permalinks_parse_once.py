"""A link is parsed once per request, and the parsed value (`generator.permalinks.Link`) is
passed on: through each door — the command line's `regen`, the site build of an item, the
page's API (generator.webapi, what regen.js calls) and the Markdown extension — a Loopy link,
a hat link and a calisson link are each split once (`permalinks.split`, which every reading
of a text goes through) and their payloads matched once (`Grammar.match`).  A Loopy link
carries its tiling's link: that one is parsed once too, inside the Loopy link's reading."""
from __future__ import annotations

import collections
import pickle

import markdown
import pytest

from generator import cli, families, permalinks, webapi
from generator.pipeline import generate
from generator.pipeline.embed import TilepressExtension

LOOPY_TILING = "p2.v1.5_4_9_AVVBUABUAA"
LOOPY = "loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3." + LOOPY_TILING   # tests/golden/loopy.json
HAT = "hat.v1.20x15.r2.0-3-0-5-0-F"
CAL = "cal.v1.3~ACDBAggEUIhA"                  # `calissons generate --size 3 --seed 1`
PARTS = {LOOPY: {LOOPY, LOOPY_TILING}, HAT: {HAT}, CAL: {CAL}}


@pytest.fixture
def reads(monkeypatch):
    """Counts of splits per link text and of payload matches per (grammar, payload)."""
    counts = {"split": collections.Counter(), "match": collections.Counter()}
    split, match = permalinks.split, permalinks.Grammar.match

    def counted_split(text):
        counts["split"][text.strip()] += 1
        return split(text)

    def counted_match(self, payload):
        counts["match"][(self.label, payload)] += 1
        return match(self, payload)

    monkeypatch.setattr(permalinks, "split", counted_split)
    monkeypatch.setattr(permalinks.Grammar, "match", counted_match)
    return counts


def once(counts, link, whole=True):
    """The link was split once and each link it carries at most once, each payload matched at most
    once; `whole`: every part read (a regeneration), exactly once."""
    if whole:
        assert dict(counts["split"]) == {text: 1 for text in PARTS[link]}
        assert sorted(counts["match"].values()) == [1] * len(PARTS[link])
        assert {payload for _label, payload in counts["match"]} == {t.split(".", 2)[2] for t in PARTS[link]}
    else:
        assert counts["split"][link] == 1 and set(counts["split"]) <= PARTS[link]
        assert set(counts["split"].values()) <= {1} and set(counts["match"].values()) <= {1}
    counts["split"].clear()
    counts["match"].clear()


@pytest.mark.parametrize("link", [LOOPY, HAT, CAL])
def test_the_command_line_reads_a_link_once(link, reads, capsysbinary):
    assert cli.main(["regen", link, "--format", "json"]) == 0
    once(reads, link)


# what page() reads of an item's params (the build's plan gives them beside the permalink)
PARAMS = {LOOPY: {"tiling": "p2", "seed": 9}, HAT: {"width": "20", "height": "15", "seed": 1}, CAL: {}}


@pytest.mark.parametrize("link", [LOOPY, HAT, CAL])
def test_the_site_build_reads_an_items_link_once(link, reads):
    fam, _link = families.parse(link)
    reads["split"].clear(), reads["match"].clear()
    assert generate.site_item(fam, PARAMS[link], link)["permalink"] == link
    once(reads, link)


@pytest.mark.parametrize("link", [LOOPY, CAL])
def test_each_call_of_the_page_reads_its_link_once(link, reads):
    assert webapi.cap_error(link) is None
    once(reads, link, whole=False)
    assert webapi.describe(link)["prefix"] == link.split(".")[0]
    once(reads, link, whole=False)
    assert webapi.facts(link)
    once(reads, link)
    assert "error" not in webapi.player_call("board", link)
    once(reads, link)
    # the player keeps the puzzles it read (a check on every click): later calls may read less
    assert webapi.page_data(link)["board"]
    once(reads, link, whole=False)
    assert "error" not in webapi.player_call("hint", link, [], [])
    once(reads, link, whole=False)


def test_the_page_regenerates_through_the_command_line_once(reads):
    assert webapi.run(["regen", HAT, "--format", "svg"])["code"] == 0
    once(reads, HAT)


@pytest.mark.parametrize("link", [LOOPY, HAT, CAL])
def test_the_markdown_extension_reads_a_link_once(link, reads):
    html = markdown.markdown(f"!tilepress {link}\n", extensions=[TilepressExtension(cache_dir="")])
    assert "<svg" in html or "<img" in html
    once(reads, link)


def test_a_link_is_one_value_whatever_door():
    fam, link = families.parse(" " + HAT + "\n")
    assert (fam.name, link.text, link.prefix, link.version) == ("hat", HAT, "hat", 1)
    assert families.parse(link) == (fam, link) and families.parse(link)[1] is link   # a Link is taken as it is
    assert str(link) == HAT and link == permalinks.parse(HAT) and hash(link) == hash(permalinks.parse(HAT))
    fam.cost(link, None)                               # a reading kept with the link ...
    again = pickle.loads(pickle.dumps(link))           # ... stays behind when it goes to another process
    assert again == link and (again.prefix, again.version, again.payload) == (link.prefix, 1, link.payload)
