"""Tantrix's cost rule (`cost`, `cpu` in generator/tantrix/family.py): search nodes from the
text alone — a permalink's 56 placements, generate's budget in nodes — used by the build's CPU
estimate (and `[site] max_cpu_hours`), the page's cap and the Markdown extension, with the rate
checked against a measurement."""
from __future__ import annotations

import time

import pytest

from site_helpers import run_build
from generator import families, webapi
from generator.errors import TilepressError
from generator.pipeline import config as config_mod
from generator.pipeline import embed, plan
from generator.tantrix import family as tx

HEAD = ('[site]\ntitle = "tantrix estimate"\ntagline = "t"\nthumb_width = 64\npng_width = 96\n'
        'interactive = false\n')
ALL_METHODS = '["slanted-4x14", "upright-4x14", "upright-8x7", "symmetric-7x8", "extrasymmetric-7x8"]'
# a five-method site at the largest budget: 5 x 3,600 million nodes, about 2.8 CPU-hours by the rule
BIG = f'[families.tantrix]\nsearch_seconds = 3600\nmethods = {ALL_METHODS}\nsingle_loop_count = 0\n'
LINK = ("tx.v1.xs.AAAnE0DaBvAVAMEZELDLCZBaDeEFFEERCeC2A5EvD8CPCTAjBUA"
        "JDADqDSCrBiBEFND2CiCAB7ErBLEjA8C9ByBpAsFADzDMCEAdBRDmEdCxE4Az")   # class-003


def site(tmp_path, body: str, site_extra: str = ""):
    path = tmp_path / "content" / "site.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + site_extra + body)
    return path


def planned(cfg_path):
    sources = plan.family_sources()
    cfg = config_mod.load(cfg_path, sources)
    items, _ = plan.plan(cfg, sources)
    return cfg, items, plan.estimate(items, sources)


def test_the_rule_reads_the_text_alone():
    fam = families.get("tantrix")
    assert fam.cost is tx.cost and fam.cpu is tx.cpu and fam.page_cap == tx.PAGE_CAP
    parsed = families.parse(LINK)[1]
    assert fam.cost(parsed, None) == fam.cost(LINK) == 56                     # its placements, read or not
    assert fam.cost(None, {"method": "upright-8x7", "seed": 1, "budget": 7}) == 7_000_000
    assert fam.cpu(None, LINK) == tx.LINK_CPU and fam.cpu({"budget": 7}, None) == tx.SEARCH_CPU
    # the page regenerates every Tantrix link: 56 is far under the page's search cap
    assert webapi.cap_error(LINK) is None and tx.PAGE_CAP > 1_000_000


def test_the_markdown_extension_reads_the_same_rule(monkeypatch):
    def boom(*_a, **_k):
        raise AssertionError("regenerated")
    monkeypatch.setattr(embed, "item_data", boom)
    with pytest.raises(TilepressError, match=r"about 56 tiles; a page embeds at most 50 "):
        embed.check_cost(families.parse(LINK)[1], 50)
    embed.check_cost(families.parse(LINK)[1], 56)                              # at the limit: made


def test_the_estimate_follows_the_cost_rule_and_skips_cached_items(tmp_path):
    cfg = site(tmp_path, '[families.tantrix]\nsearch_seconds = 50\nmethods = ["upright-8x7", "symmetric-7x8"]\n'
                         f'single_loop_count = 2\nextra_permalinks = ["{LINK}"]\n')
    _cfg, items, tables = planned(cfg)
    fam = families.get("tantrix")
    ids = [it.id for it in items["tantrix"]]
    # the classes in gallery order: class 2's loops close around 3 tiles, class 1's around 4
    assert ids == ["method-upright-8x7", "method-symmetric-7x8", "pattern-01", "class-002", "class-001"]
    search, _other, link, *classes = items["tantrix"]
    # a method item: its whole budget, 50 million nodes at the measured rate (about 28 CPU-seconds)
    assert plan.item_cpu(fam, search) == pytest.approx(plan.ITEM_CPU + 50e6 * tx.SEARCH_CPU)
    assert 15 < plan.item_cpu(fam, search) < 60
    # a permalink (chosen or a single-loop class): its 56 placements, well under a second
    for item in [link] + classes:
        assert plan.item_cpu(fam, item) == pytest.approx(plan.ITEM_CPU + 56 * tx.LINK_CPU)
    assert tables == {"families.tantrix": [5, pytest.approx(2 * plan.item_cpu(fam, search)
                                                             + 3 * plan.item_cpu(fam, link))]}

    class Cached:
        def has(self, key):
            return key == search.key
    left = plan.estimate(items, plan.family_sources(), Cached())
    assert left == {"families.tantrix": [4, pytest.approx(plan.item_cpu(fam, search) + 3 * plan.item_cpu(fam, link))]}


def test_five_methods_at_the_largest_budget_are_hours_and_over_the_limit_exit_2_before_any_work(tmp_path):
    cfg = site(tmp_path, BIG)
    _cfg, _items, tables = planned(cfg)
    seconds = tables["families.tantrix"][1]
    assert 2 * 3600 < seconds < 4 * 3600                 # 18,000 million nodes at ~1.8 million a CPU second
    cfg.write_text(HEAD + "max_cpu_hours = 1\n" + BIG)
    t = time.monotonic()
    r = run_build("--config", cfg, "--out", tmp_path / "site", "--cache-dir", tmp_path / "cache")
    assert r.returncode == 2 and time.monotonic() - t < 60, r.stderr[-2000:]
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert (f"[site] max_cpu_hours = 1: the build would take about {plan.cpu_text(seconds)}; "
            f"[families.tantrix] alone asks for 5 items, about {plan.cpu_text(seconds)}") in r.stderr
    assert not (tmp_path / "site").exists()


def test_the_rate_is_what_the_search_takes():
    """`cpu` against a measurement: a budget of 1 million nodes on the plain 8 x 7 board (no seed
    finds a pattern there, so the whole budget is spent) takes the rule's CPU time within 3x."""
    params = {"method": "upright-8x7", "seed": 1, "budget": 1}
    start = time.process_time()
    with pytest.raises(TilepressError, match="within 1 million search nodes"):
        tx.generate(params)
    spent = time.process_time() - start
    stated = tx.cost(None, params) * tx.cpu(params, None)
    assert stated / 3 < spent < 3 * stated, (spent, stated)
