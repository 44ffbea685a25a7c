"""The build's CPU estimate (the families' cost rules, before any work), `[site] max_cpu_hours`,
and Ctrl-C at any moment of a large schedule: one line, exit 130, the previous site intact."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from site_helpers import REPO, TINY, interrupted_at, run_build, snapshot
from generator.errors import TilepressError
from generator.pipeline import config as config_mod
from generator.pipeline import plan
from generator.pipeline.build import Options, build

HEAD = ('[site]\ntitle = "estimate test"\ntagline = "t"\nthumb_width = 64\npng_width = 96\n'
        'interactive = false\n')
# ten years of daily 490-face Expert hat puzzles (the cost rule's size of a 100 x 85 patch)
EXPERT_YEARS = ('[families.loopy]\ntilings = ["p3"]\nlevels = ["easy"]\nseeds = [1]\nsizes_p3 = [[3, 3]]\n'
                '[families.loopy.daily]\nfrom = 2020-01-01\nto = 2030-02-16\ntilings = ["hat"]\n'
                'levels = ["expert"]\nsizes_hat = [[100, 85]]\n')
# ten years of small daily puzzles: under the limit, and minutes of work (the Ctrl-C tests)
SMALL_YEARS = EXPERT_YEARS.replace('["hat"]', '["p3"]').replace('["expert"]', '["easy"]') \
                          .replace("sizes_hat = [[100, 85]]", "sizes_p3 = [[3, 3]]")


def site(tmp_path, body: str, site_extra: str = ""):
    path = tmp_path / "content" / "site.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + site_extra + body)
    return path


def cli(tmp_path, cfg, *extra):
    return run_build("--config", cfg, "--out", tmp_path / "site", "--cache-dir", tmp_path / "cache", *extra)


def planned_estimate(cfg_path):
    sources = plan.family_sources({"tiny": str(TINY)})
    cfg = config_mod.load(cfg_path, sources)
    items, _ = plan.plan(cfg, sources)
    return cfg, items, plan.estimate(items, sources)


def test_a_schedule_over_max_cpu_hours_exits_2_before_any_work(tmp_path):
    cfg = site(tmp_path, EXPERT_YEARS)
    t = time.monotonic()
    r = cli(tmp_path, cfg)
    assert r.returncode == 2 and time.monotonic() - t < 60, r.stderr[-2000:]
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "[site] max_cpu_hours = 10:" in r.stderr and "[families.loopy.daily] alone asks for 3,700 items" in r.stderr
    assert not (tmp_path / "site").exists()                     # nothing planned was made
    # the same figure the estimate adds up: over 10 hours, from the cost rule (expert rate x faces)
    _cfg, items, tables = planned_estimate(cfg)
    total = sum(s for _n, s in tables.values())
    assert total > 10 * 3600 and f"about {plan.cpu_text(total)};" in r.stderr
    # a limit above it passes the check (and names the total in the estimate's line)
    cfg.write_text(HEAD + "max_cpu_hours = 100\n" + EXPERT_YEARS)
    c2, _items, tables2 = planned_estimate(cfg)
    line, seconds = plan.check_estimate(c2, tables2)
    assert seconds == total and line == f"estimate: 3,701 items to make, about {plan.cpu_text(total)}"


def test_the_estimate_follows_the_cost_rule_and_skips_cached_items(tmp_path):
    from generator import families
    cfg = site(tmp_path, '[families.loopy]\ntilings = ["p3"]\nlevels = ["easy", "expert"]\nseeds = [1]\n'
                         'sizes_p3 = [[12, 10]]\n')
    _cfg, items, tables = planned_estimate(cfg)
    fam = families.get("loopy")
    easy, expert = items["loopy"]
    faces = fam.cost(None, easy.params)
    assert plan.item_cpu(fam, easy) == pytest.approx(plan.ITEM_CPU + faces * fam.cpu(easy.params, None))
    assert plan.item_cpu(fam, expert) > 3 * plan.item_cpu(fam, easy)          # Expert costs more per face
    assert tables == {"families.loopy": [2, pytest.approx(plan.item_cpu(fam, easy) + plan.item_cpu(fam, expert))]}

    class Cached:
        def has(self, key):
            return key == expert.key
    assert plan.estimate(items, plan.family_sources(), Cached()) == {"families.loopy": [1, plan.item_cpu(fam, easy)]}


@pytest.mark.parametrize("value, ok", [("0.5", True), ("3", True), ('"abc"', False), ("0", False), ("-1", False),
                                       ("true", False), ("1e9", False)])
def test_max_cpu_hours_is_validated(tmp_path, value, ok):
    cfg = site(tmp_path, "", site_extra=f"max_cpu_hours = {value}\n")
    if ok:
        assert config_mod.load(cfg, plan.family_sources()).site["max_cpu_hours"] == float(value)
        return
    with pytest.raises(TilepressError, match=r"site\.toml:7: \[site\] max_cpu_hours must be a number of hours"):
        config_mod.load(cfg, plan.family_sources())


def test_a_changed_schedule_is_planned_again(tmp_path):
    """The plan memo's key holds the daily table too: a longer schedule is not read from the memo."""
    body = ("[families.tiny]\ncount = 1\n[families.tiny.daily]\nfrom = 2027-01-01\nto = 2027-01-02\n")
    cfg = site(tmp_path, body)
    opts = Options(config=cfg, out=tmp_path / "site", cache_dir=tmp_path / "cache", family_modules={"tiny": str(TINY)})
    assert build(opts).items == 3
    cfg.write_text(cfg.read_text().replace("to = 2027-01-02", "to = 2027-01-04"))
    assert build(opts).items == 5


def _start(tmp_path, cfg, jobs="2", cache="cache"):
    """The build in its own process group (Ctrl-C reaches every process of it, as in a terminal)."""
    return subprocess.Popen([sys.executable, str(REPO / "build.py"), "--config", str(cfg), "--out",
                             str(tmp_path / "site"), "--cache-dir", str(tmp_path / cache), "--jobs", jobs],
                            cwd=REPO, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _ctrl_c(proc, after: float = 0.0) -> tuple[int, list[str]]:
    """Wait for the estimate's line, then `after` seconds, then SIGINT the process group:
    (exit code, the stderr lines after the estimate)."""
    first = proc.stderr.readline()
    assert first.startswith("estimate: 3,701 items to make, about "), first
    time.sleep(after)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        rest = proc.communicate(timeout=60)[1]
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    return proc.returncode, rest.splitlines()


@pytest.mark.slow
def test_ctrl_c_at_any_moment_of_a_large_schedule_is_one_line(tmp_path):
    """3,701 planned items (ten years of daily puzzles), two worker processes; SIGINT to the
    process group as a terminal sends it: while modules load, while planning, as the pool
    starts and while items run.  Every time: exit 130, one line, the previous site intact."""
    cfg = site(tmp_path, SMALL_YEARS)
    old = tmp_path / "old"
    old.mkdir()
    base = ["--config", cfg, "--out", tmp_path / "site", "--cache-dir", tmp_path / "cache", "--jobs", "2"]
    small = site(old, SMALL_YEARS.replace("to = 2030-02-16", "to = 2020-01-02"))
    assert run_build("--config", small, "--out", tmp_path / "site", "--cache-dir", old / "cache").returncode == 0
    before = snapshot(tmp_path / "site")
    outcomes = []
    for module in ("generator.pipeline.cli", "generator.loopy.puzzle"):      # loading; planning (the Loopy engine)
        code, err = interrupted_at([str(REPO / "build.py"), *map(str, base)], module)
        outcomes.append((module, code, err))
    for after in (0.0, 0.3, 1.5, 4.0):                                         # the pool starting; items running
        # (a cache of its own each time: what an earlier interrupted build made stays cached, and
        # with nothing left to make there is no estimate to wait for)
        code, rest = _ctrl_c(_start(tmp_path, cfg, cache=f"cache-{after}"), after)
        outcomes.append((after, code, "\n".join(rest) + "\n"))
    for moment, code, err in outcomes:
        assert code == 130 and err == "interrupted; the previous site is unchanged\n", (moment, code, err[-3000:])
    assert snapshot(tmp_path / "site") == before
