"""bench/build_site.py --multiples: the seed lists k times as long, and the site planned from them."""
from __future__ import annotations

import datetime as dt
import importlib.util
import tomllib
from pathlib import Path

import pytest

from generator.pipeline import config as config_mod
from generator.pipeline import plan

REPO = Path(__file__).resolve().parents[1]
DEFAULT = REPO / "site_src" / "site.toml"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_build_site", REPO / "bench" / "build_site.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("seeds", [[1, 2, 3], [0], [7, 3, 5], [4, 0, 9, 1], [10 ** 6, 2]])
@pytest.mark.parametrize("k", [1, 2, 5])
def test_multiply_seeds_keeps_the_originals_and_adds_distinct_ones(bench, seeds, k):
    out = bench.multiply_seeds(seeds, k)
    assert len(out) == k * len(seeds)
    assert out[:len(seeds)] == seeds
    assert len(set(out)) == len(out)
    assert all(isinstance(s, int) and s >= 0 for s in out)


def test_toml_text_reads_back_as_the_same_data(bench):
    data = tomllib.loads(DEFAULT.read_text(encoding="utf-8"))
    data["families"]["loopy"]["daily"] = {"from": dt.date(2027, 1, 1), "to": dt.date(2027, 1, 31)}
    data["site"]["odd key"] = 'quote " and \\ and — and\ttab'
    assert tomllib.loads(bench.toml_text(data)) == data


def planned(bench, tmp_path, k):
    """The item ids of each family of the default site with k times its seeds."""
    sources = plan.family_sources()
    data, _ = bench.multiplied(tomllib.loads(DEFAULT.read_text(encoding="utf-8")), k, sources)
    path = tmp_path / f"k{k}" / "site.toml"
    path.parent.mkdir()
    path.write_text(bench.toml_text(data), encoding="utf-8")
    items, _ = plan.plan(config_mod.load(path, sources, articles_dir=tmp_path / "none"), sources)
    return {name: [it.id for it in its] for name, its in items.items()}


def test_the_multiplied_default_site_plans_k_times_the_seeded_items(bench, tmp_path):
    one, two, five = (planned(bench, tmp_path, k) for k in (1, 2, 5))
    assert sum(map(len, one.values())) == 227          # docs/cli.md's count of the default site
    for name in one:
        assert set(one[name]) <= set(two[name]) <= set(five[name])     # the original items are kept
        for ids in (two[name], five[name]):
            assert len(set(ids)) == len(ids)
        # linear in k: each multiple adds the same items per step
        assert len(five[name]) - len(one[name]) == 4 * (len(two[name]) - len(one[name]))
    for name in ("hat", "spectre", "p2", "p3", "loopy"):   # every item of these has a seed from a list
        assert (len(two[name]), len(five[name])) == (2 * len(one[name]), 5 * len(one[name]))
    assert len(two["calissons"]) > len(one["calissons"])
    assert five["tantrix"] == one["tantrix"]          # a fixed set: no seed list
