"""Loopy's family value: site plan validation, item pages, sheets, figures, the CLI seam."""

from __future__ import annotations

import pytest

from generator.errors import ConfigError, TilepressError
from generator.families import get, validate
from generator.loopy import family as F

FAMILY = get("loopy")


def plan(table: dict):
    return FAMILY.plan(validate(FAMILY.site, table, "[families.loopy]", ConfigError), {})


def test_registered_and_tiling_agnostic():
    assert FAMILY is F.FAMILY and FAMILY.prefix == "loopy" and FAMILY.kind == "puzzle"
    assert {"p2", "p3", "hat"} <= set(F.TILINGS)


def test_default_plan_covers_tilings_levels_and_seeds():
    items = plan({})
    assert len(items) == 3 * 5 * 2
    assert len({i["id"] for i in items}) == len(items)
    assert {i["params"]["tiling"] for i in items} == {"p2", "p3", "hat"}
    assert {i["params"]["level"] for i in items} == {"easy", "normal", "tricky", "hard", "expert"}
    for i in items:
        validate(FAMILY.params, i["params"], "loopy")       # every item's params are generate()'s


def test_plan_sizes_per_tiling():
    items = plan({"tilings": ["hat"], "levels": ["hard"], "seeds": [3], "sizes_hat": [[30, 25]]})
    assert items == [{"id": "hat-30x25-hard-s3", "params": {"tiling": "hat", "width": "30", "height": "25",
                                                            "seed": 3, "level": "hard"}}]


@pytest.mark.parametrize("table,word", [
    ({"levels": ["insane"]}, "levels"), ({"tilings": ["square"]}, "tilings"), ({"sedes": [1]}, "sedes"),
    ({"seeds": "1"}, "seeds"), ({"sizes_p4": [[3, 3]]}, "sizes_p4"), ({"sizes_p2": [[0, 3]]}, "sizes_p2")])
def test_plan_rejects_bad_tables(table, word):
    with pytest.raises(ConfigError, match=word):
        plan(table)


def test_item_page_hides_the_answer_in_the_solution_picture():
    params = {"tiling": "p3", "width": "6", "height": "5", "seed": 1, "level": "easy"}
    item = FAMILY.generate(validate(FAMILY.params, params, "loopy"))
    page = FAMILY.page(item, params)
    assert FAMILY.permalink(item).startswith("loopy.v2.e")
    main = FAMILY.to_svg(item, {})
    assert "#c0392b" not in main                               # no loop on the puzzle picture
    assert "#c0392b" in page["extra_svgs"]["solution"]
    assert set(page["sheet"]) == {"puzzle", "solution", "rules", "caption", "min_width_mm", "paper"}
    assert "closed loop" in page["sheet"]["rules"]             # the rules head each puzzle page of a sheet
    assert "closed loop" not in page["sheet"]["puzzle"]
    assert "level: easy" in page["sheet"]["caption"] and page["sheet"]["min_width_mm"] >= 120
    assert "stroke-dasharray" in page["sheet"]["puzzle"]
    # the site shows the bold style, exactly what the item's command prints
    from generator import webapi
    assert page["command"].endswith(" --style bold --format svg")
    argv = page["command"].split()[3:]
    assert webapi.run(argv)["stdout"].decode() == page["svg"] != FAMILY.to_svg(item, {})
    assert dict(FAMILY.facts(item))["Level"] == "easy"
    again = FAMILY.regen(FAMILY.permalink(item), {})
    assert FAMILY.to_svg(again, {}) == main and FAMILY.to_json(again) == FAMILY.to_json(item)


def test_unknown_tiling_is_refused():
    with pytest.raises(TilepressError):
        F.generate_item({"tiling": "calissons", "width": "6", "height": "5", "seed": 1, "level": "easy"})


def test_figures_are_svg_documents():
    figs = FAMILY.figures()
    from generator.loopy.figures import RULE_PUZZLES
    assert set(figs) == {"loopy-trim.svg", "loopy-hat-face.svg", "loopy-regions.svg"} | {
        f"loopy-rule-{rule}.svg" for rule in RULE_PUZZLES}
    assert all(v.startswith("<svg") for v in figs.values())
