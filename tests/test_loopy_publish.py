"""Loopy's side of the site build: plan validation, items, sheets, figures."""

from __future__ import annotations

import pytest

from generator.errors import ConfigError
from generator.loopy import publish


def test_default_plan_covers_tilings_levels_and_seeds():
    items = publish.plan("loopy", {}, {})
    assert len(items) == 3 * 4 * 2
    assert len({i["id"] for i in items}) == len(items)
    assert {i["params"]["tiling"] for i in items} == {"p2", "p3", "hat"}
    assert {i["params"]["level"] for i in items} == {"easy", "normal", "tricky", "hard"}


def test_plan_sizes_table():
    items = publish.plan("loopy", {"tilings": ["hat"], "levels": ["hard"], "seeds": [3],
                                   "sizes": {"hat": [30, 25]}}, {})
    assert items == [{"id": "hat-hard-s3", "params": {"tiling": "hat", "width": "30", "height": "25",
                                                      "seed": 3, "level": "hard"}}]


@pytest.mark.parametrize("section,word", [
    ({"levels": ["insane"]}, "levels"), ({"tilings": ["square"]}, "tilings"), ({"sedes": [1]}, "sedes"),
    ({"seeds": "1"}, "seeds"), ({"sizes": {"p4": [3, 3]}}, "sizes"), ({"sizes": {"p2": [0, 3]}}, "sizes"),
    ({"levels": ["easy", "easy"]}, "levels")])
def test_plan_rejects_bad_tables(section, word):
    with pytest.raises(ConfigError, match=word):
        publish.plan("loopy", section, {})


def test_item_hides_the_answer_in_the_solution_picture():
    item = publish.generate("loopy", {"tiling": "p3", "width": "6", "height": "5", "seed": 1, "level": "easy"})
    assert item["permalink"].startswith("loopy.v1.e")
    assert item["command"] == f"python -m generator regen {item['permalink']} --format svg"
    assert "#c0392b" not in item["svg"]                       # no loop on the puzzle picture
    assert "#c0392b" in item["extra_svgs"]["solution"]
    assert set(item["sheet"]) == {"puzzle", "solution"}
    assert "closed loop" in item["sheet"]["puzzle"]          # the rules are printed with the puzzle
    assert "stroke-dasharray" in item["sheet"]["puzzle"]
    assert dict(item["facts"])["Level"] == "easy"


def test_figures_are_svg_documents():
    figs = publish.figures()
    assert set(figs) == {"loopy-trim.svg", "loopy-hat-face.svg", "loopy-regions.svg"}
    assert all(v.startswith("<svg") for v in figs.values())


def test_item_command_prints_the_item_picture(tmp_path):
    from generator.loopy import cli
    item = publish.generate("loopy", {"tiling": "p2", "width": "5", "height": "4", "seed": 2, "level": "normal"})
    out = tmp_path / "x.svg"
    assert cli.regen(item["permalink"], ["--format", "svg", "--out", str(out)]) == 0
    assert out.read_text() == item["svg"]
