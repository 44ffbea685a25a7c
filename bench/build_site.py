#!/usr/bin/env python3
"""Benchmark the site build: cold build, no-change rebuild, one-item-change rebuild, peak memory.

    python bench/build_site.py [--config site_src/site.toml] [--jobs N] [--fixture]
    python bench/build_site.py --scale          # 200, 1,000, 5,000 cheap items: cost per phase
    python bench/build_site.py --multiples 1,2,5   # the default site with 1x, 2x, 5x its seeds
    python bench/build_site.py --cluster 1000   # local pool against a Dask LocalCluster (2 + 2)
    python bench/build_site.py --year p3 7x6 easy   # a year of daily Loopy, local and on a cluster

Builds into a temporary folder with a private cache (your _site/ and cache are not touched):

1. cold: empty cache, no previous site;
2. no change: the same build again (everything cached, nothing rewritten);
3. one item changed: one item's cache entry is deleted, so exactly that item is generated
   and rendered again (with --fixture the fixture config really changes one item's params).

Peak memory is the maximum resident set size of this process and of the largest worker
process (resource.getrusage), in MiB.  Targets: cold <= 90 s on 2 cores, no-change <= 5 s.

`--scale` builds 200, 1,000 and 5,000 items of the cheap test family (2x2 Truchet grids,
tests/fixtures/tinyfamily.py), each cold, with --jobs 1 in a fresh process, and prints items
per CPU-second, the CPU per item of each phase and the peak memory: the per-item cost at
5,000 should be within 10% of the cost at 200 and the memory grow by less than 20%.
`--multiples 1,2,5` builds the real site (`--config`, default site_src/site.toml, with its
articles, sheets and QR codes as configured) with k times as many seeds for each k: every
family key of type "ints" whose name ends in `seeds` (in the family's site schema) keeps its
seeds and gets new distinct ones after its largest, up to k times as many.  Items that no seed
list multiplies stay as they are: Tantrix (all 112 single-loop classes and one searched pattern
per method: a fixed set) and the calisson named shapes (one per shape and level, first seed),
128 of the default 226 items.  Each k is a cold build with a private cache in a fresh process
(--jobs, default the CPU count), printing items, files, wall, CPU (this process and all its
pool workers), CPU per item overall and per phase, peak memory, each item's own CPU in its
worker by family (and the rest: the driver, sheets, pages); then the linearity check: the CPU
per added item between rows (the same kinds of item are added at each step, so a linear build
keeps it constant).  A schema's max_items bounds k (the default site: calissons sample_seeds
and shape_seeds, at most 6 each, so k <= 6).
`--cluster N` times an N-item build with the local pool of 2 processes and through a
`distributed.LocalCluster` of 2 worker processes on this machine (the ratio is the Dask
path's overhead, not a speed-up: same cores), and the per-item overhead in ms.

`--write-docs` (with the plain run or `--scale`) also writes the figures into their block of
docs/benchmarks.md (bench/docs_page.py; `--write-docs PAGE` writes another page).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from docs_page import PAGE as DOCS_PAGE, provenance, write_block  # noqa: E402
from generator.pipeline.build import Options, build  # noqa: E402
from generator.pipeline.cache import Cache  # noqa: E402


def timed(opts: Options):
    """Run one build; return (seconds, report)."""
    start = time.perf_counter()
    report = build(opts)
    return time.perf_counter() - start, report


SCALE_SIZES = (200, 1000, 5000)


def tiny_site(folder: Path, count: int, extra: str = "") -> Path:
    """A site.toml of `count` cheap items (2x2 Truchet grids of the test family), no sheets."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "site.toml"
    path.write_text('[site]\ntitle = "scale"\ntagline = "bench"\nthumb_width = 120\npng_width = 320\n'
                    f'interactive = false\nbase_url = "https://example.org/"\n{extra}'
                    f'[families.tiny]\ncount = {count}\nn = 2\n', encoding="utf-8")
    return path


def one_build(count: int, executor: str, scheduler: str | None, jobs: int) -> dict:
    """One cold build of `count` tiny items in this (fresh) process: CPU per phase, peak memory."""
    tmp = Path(tempfile.mkdtemp(prefix="tilepress-bench-"))
    try:
        opts = Options(config=tiny_site(tmp / "content", count), out=tmp / "site", use_cache=False,
                       jobs=jobs, family_modules={"tiny": str(ROOT / "tests" / "fixtures" / "tinyfamily.py")},
                       executor=executor, scheduler=scheduler)
        from generator.pipeline.build import cpu_seconds
        cpu0, wall0 = cpu_seconds(), time.perf_counter()
        rep = build(opts)
        return {"items": rep.items, "cpu": cpu_seconds() - cpu0, "wall": time.perf_counter() - wall0,
                "phases": rep.phases,
                "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _child(count: int, executor="local", scheduler=None, jobs=1) -> dict:
    """one_build() in a fresh interpreter (so peak memory is that build's alone)."""
    import json
    import subprocess
    args = [sys.executable, __file__, "--one", str(count), "--executor", executor, "--jobs", str(jobs)]
    if scheduler:
        args += ["--scheduler", scheduler]
    proc = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def scale_table(rows: list[dict]) -> str:
    """The docs page's table of --scale rows (items, items/CPU-s, CPU ms/item, the phases, memory)."""
    from docs_page import table
    phases = [p for p in rows[0]["phases"] if p.startswith("generate") or p == "pages"]
    first, last = rows[0], rows[-1]
    growth = (last["cpu"] / last["items"]) / (first["cpu"] / first["items"]) - 1
    mem = last["rss_mib"] / first["rss_mib"] - 1
    return table(["items", "items/CPU-s", "CPU ms/item", *[f"{p} ms/item" for p in phases], "peak memory"],
                 [[f"{r['items']:,}", f"{r['items'] / r['cpu']:.1f}", f"{1000 * r['cpu'] / r['items']:.2f}",
                   *[f"{1000 * r['phases'][p] / r['items']:.2f}" for p in phases], f"{r['rss_mib']:.1f} MiB"]
                  for r in rows]) + (
        f"\n\nCPU per item at {last['items']:,} items against {first['items']:,}: {100 * growth:+.1f}% "
        f"(target within ±10%); peak memory {100 * mem:+.1f}% (target below +20%).")


def build_table(rep, files: int, cold: float, nochange: float, one: float, self_mb: float,
                child_mb: float, jobs: int) -> str:
    """The docs page's table of a plain run (cold, no-change and one-item builds, memory)."""
    from docs_page import table
    return table(["items", "files", "jobs", "cold build", "no-change rebuild", "one item changed",
                  "peak memory (main, largest worker)"],
                 [[f"{rep.items:,}", f"{files:,}", jobs, f"{cold:.1f} s", f"{nochange:.2f} s", f"{one:.2f} s",
                   f"{self_mb:.0f} MiB, {child_mb:.0f} MiB"]])


def scale(sizes=SCALE_SIZES) -> list[dict]:
    """Items per CPU-second, CPU per item of each phase and peak memory at each size (jobs=1:
    all the work in one process, so its CPU is the build's)."""
    rows = [_child(n) for n in sizes]
    phases = list(rows[0]["phases"])
    print(f"{'items':>6} {'items/CPU-s':>11} {'ms/item':>8} {'peak MiB':>9}  " +
          "  ".join(f"{p} ms/item" for p in phases))
    for r in rows:
        print(f"{r['items']:6d} {r['items'] / r['cpu']:11.2f} {1000 * r['cpu'] / r['items']:8.2f} "
              f"{r['rss_mib']:9.1f}  " + "  ".join(f"{1000 * r['phases'][p] / r['items']:{len(p) + 8}.3f}"
                                                  for p in phases))
    first, last = rows[0], rows[-1]
    growth = (last["cpu"] / last["items"]) / (first["cpu"] / first["items"]) - 1
    mem = last["rss_mib"] / first["rss_mib"] - 1
    print(f"per-item CPU at {last['items']} vs {first['items']}: {100 * growth:+.1f}% (target within ±10%); "
          f"peak memory {100 * mem:+.1f}% (target < +20%)")
    return rows


def multiply_seeds(seeds: list[int], k: int) -> list[int]:
    """`seeds` followed by new distinct seeds (counting up from the largest), k times as many."""
    out, taken, nxt = list(seeds), set(seeds), max(seeds, default=-1) + 1
    while len(out) < k * len(seeds):
        if nxt not in taken:
            out.append(nxt)
            taken.add(nxt)
        nxt += 1
    return out


def multiplied(data: dict, k: int, sources: dict) -> tuple[dict, list[str]]:
    """A copy of a parsed site.toml whose seed lists (schema type "ints", name ending in `seeds`)
    are k times as long; and the keys changed, as `family.key: n -> m`."""
    import copy
    from generator.pipeline import plan
    data, changed = copy.deepcopy(data), []
    for name, table in data.get("families", {}).items():
        fam = plan.available(sources[name]) if name in sources else None
        if fam is None or not isinstance(table, dict) or table.get("enabled", True) is False:
            continue
        for param in fam.site:
            if param.type == "ints" and param.name.endswith("seeds") and param.name in table:
                old = table[param.name]
                new = multiply_seeds(old, k)
                if param.max_items is not None and len(new) > param.max_items:
                    raise ValueError(f"[families.{name}] {param.name}: {len(new)} seeds at {k}x, "
                                     f"more than the schema's {param.max_items}")
                if param.max is not None and new and max(new) > param.max:
                    raise ValueError(f"[families.{name}] {param.name}: seed {max(new)} above {param.max}")
                table[param.name] = new
                changed.append(f"{name}.{param.name}: {len(old)} -> {len(new)}")
    return data, changed


def _toml_key(key: str) -> str:
    """A bare TOML key when it can be one, else a quoted one."""
    import json
    import re
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _toml_value(v) -> str:
    """One TOML value (JSON string escapes are TOML basic-string escapes)."""
    import datetime
    import json
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return json.dumps(v)
    if isinstance(v, (datetime.date, datetime.datetime, datetime.time)):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_key(a)} = {_toml_value(b)}" for a, b in v.items()) + "}"
    raise TypeError(f"no TOML form for {type(v).__name__}")


def toml_text(data: dict, prefix: str = "") -> str:
    """`data` (as tomllib reads it) as TOML text: each table's values, then its sub-tables."""
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    out = "\n".join(lines) + ("\n" if lines else "")
    for key, sub in data.items():
        if isinstance(sub, dict):
            name = f"{prefix}.{_toml_key(key)}" if prefix else _toml_key(key)
            out += f"\n[{name}]\n" + toml_text(sub, name)
    return out


def _count_item_cpu(folder: Path) -> None:
    """Wrap generate.build_item (before the pool forks) so that each item's CPU in its worker is
    appended to folder/<pid>.tsv as `family<TAB>seconds`."""
    from generator.pipeline import generate
    inner = generate.build_item

    def build_item(item, settings):
        t0 = time.process_time()
        try:
            return inner(item, settings)
        finally:
            with open(folder / f"{os.getpid()}.tsv", "a", encoding="utf-8") as f:
                f.write(f"{item.family}\t{item.id}\t{time.process_time() - t0!r}\n")
    build_item.__module__, build_item.__qualname__ = inner.__module__, inner.__qualname__
    generate.build_item = build_item       # looked up by name when submitted and when unpickled


def one_multiple(k: int, config: Path, jobs: int) -> dict:
    """A cold build of `config` with k times its seeds, in a temporary folder with a private cache."""
    import tomllib
    from generator.pipeline import plan
    from generator.pipeline.build import cpu_seconds
    tmp = Path(tempfile.mkdtemp(prefix="tilepress-multiple-"))
    try:
        content = tmp / "content"
        content.mkdir()
        if (config.parent / "articles").is_dir():
            shutil.copytree(config.parent / "articles", content / "articles")
        data, changed = multiplied(tomllib.loads(config.read_text(encoding="utf-8")), k, plan.family_sources())
        (content / "site.toml").write_text(toml_text(data), encoding="utf-8")
        opts = Options(config=content / "site.toml", out=tmp / "site", cache_dir=tmp / "cache", jobs=jobs)
        log = tmp / "item-cpu"
        log.mkdir()
        _count_item_cpu(log)
        cpu0, wall0 = cpu_seconds(), time.perf_counter()
        rep = build(opts)
        own = {}                      # "family/id" -> the item's CPU in its worker
        for f in log.iterdir():
            for line in f.read_text().splitlines():
                name, ident, sec = line.split("\t")
                own[f"{name}/{ident}"] = float(sec)
        return {"k": k, "items": rep.items, "files": len(rep.written), "cpu": cpu_seconds() - cpu0,
                "wall": time.perf_counter() - wall0, "phases": rep.phases, "changed": changed,
                "own": own,
                "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "worker_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def multiples(ks: list[int], config: Path, jobs: int) -> None:
    """One cold build per multiple, each in a fresh process; a table and the linearity check."""
    import json
    import subprocess
    rows = []
    print(f"jobs={jobs}; load average at start {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
    for k in ks:
        proc = subprocess.run([sys.executable, __file__, "--one-multiple", str(k), "--config", str(config),
                               "--jobs", str(jobs)], capture_output=True, text=True)
        if proc.returncode:
            print(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else
                  f"error: the {k}x build failed (exit {proc.returncode})", file=sys.stderr)
            raise SystemExit(proc.returncode)
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        rows.append(r)
        if len(rows) == 1:
            phases = list(r["phases"])
            print(f"{'k':>3} {'items':>6} {'files':>6} {'wall s':>7} {'CPU s':>7} {'CPU s/item':>10}  " +
                  "  ".join(f"{p} s/item" for p in phases) + "  peak MiB (main, largest worker)")
        print(f"{r['k']:3d} {r['items']:6d} {r['files']:6d} {r['wall']:7.1f} {r['cpu']:7.1f} "
              f"{r['cpu'] / r['items']:10.3f}  " +
              "  ".join(f"{r['phases'].get(p, 0.0) / r['items']:{len(p) + 7}.4f}" for p in phases) +
              f"  {r['rss_mib']:.0f}, {r['worker_mib']:.0f}", flush=True)
    for r in rows:
        r["families"] = {}
        for label, sec in r["own"].items():
            fam = r["families"].setdefault(label.split("/")[0], [0, 0.0])
            fam[0] += 1
            fam[1] += sec
    names = sorted({n for r in rows for n in r["families"]})
    originals = set(first["own"]) if (first := rows[0]) else set()
    print("each item's own CPU in its worker (generate + render), s/item, by family (items); the "
          f"{len(originals)} items of the {first['k']}x site at each k; the rest (driver, sheets, pages):")
    print(f"{'k':>3} " + " ".join(f"{n:>13}" for n in names) + f" {'all items':>10} {'first items':>12} "
          f"{'rest':>7}")
    for r in rows:
        own = sum(r["own"].values())
        again = [r["own"][label] for label in originals if label in r["own"]]
        print(f"{r['k']:3d} " + " ".join(f"{r['families'][n][1] / r['families'][n][0]:7.3f} ({r['families'][n][0]:3d})"
                                         if n in r["families"] else f"{'-':>13}" for n in names)
              + f" {own / r['items']:10.3f} {sum(again) / max(1, len(again)):12.3f} "
              f"{(r['cpu'] - own) / r['items']:7.3f}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}; seed lists at {rows[-1]['k']}x: "
          + "; ".join(rows[-1]["changed"]))
    base = first["cpu"] / first["items"]
    for prev, r in zip(rows, rows[1:]):
        added = r["items"] - prev["items"]
        if added > 0:
            marg = (r["cpu"] - prev["cpu"]) / added
            print(f"{prev['k']}x -> {r['k']}x: {added} items added at {marg:.3f} CPU-s each "
                  f"({100 * (marg / base - 1):+.1f}% against {base:.3f} per item at {first['k']}x); per phase: "
                  + ", ".join(f"{p} {(r['phases'].get(p, 0) - prev['phases'].get(p, 0)) / added:.4f}"
                              for p in phases))
    steps = [((r["cpu"] - p["cpu"]) / (r["items"] - p["items"]), p["k"], r["k"])
             for p, r in zip(rows, rows[1:]) if r["items"] > p["items"]]
    if len(steps) >= 2:
        (m0, a0, b0), (m1, a1, b1) = steps[0], steps[-1]
        print(f"CPU per added item {a1}x -> {b1}x against {a0}x -> {b0}x: {100 * (m1 / m0 - 1):+.1f}% "
              "(the same kinds of item are added at each step: a linear build keeps this near 0)")
    last = rows[-1]
    print(f"CPU per item at {last['k']}x vs {first['k']}x: "
          f"{100 * (last['cpu'] / last['items'] / base - 1):+.1f}% (items not multiplied by seeds are "
          f"in every row, so a linear build shows equal CPU per added item, not equal CPU per item)")


def cluster(count: int = 1000) -> None:
    """Wall time of one build: the local pool of 2 processes against a LocalCluster of 2 workers."""
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      scheduler_port=0, dashboard_address="127.0.0.1:0") as lc:
        local = _child(count, jobs=2)
        dask = _child(count, "dask", lc.scheduler_address, jobs=2)
    print(f"{count} items, wall: local pool of 2 processes {local['wall']:.1f} s, "
          f"LocalCluster of 2 workers {dask['wall']:.1f} s (ratio {dask['wall'] / local['wall']:.2f}; "
          "same machine, so the ratio is the Dask path's overhead)")
    print(f"per-item Dask overhead: {1000 * (dask['wall'] - local['wall']) / count:.2f} ms wall; "
          f"driver CPU {1000 * dask['cpu'] / count:.2f} ms/item with Dask (its workers' CPU not counted) "
          f"against {1000 * local['cpu'] / count:.2f} ms/item for driver + pool locally")


def year(tiling: str, size: str, level: str, start: str = "2027-01-01", end: str = "2027-12-31") -> None:
    """A year of daily Loopy puzzles on one tiling: local pool of 2 against a LocalCluster of 2
    workers; the two sites must be equal byte for byte."""
    import hashlib
    import subprocess
    from distributed import LocalCluster
    tmp = Path(tempfile.mkdtemp(prefix="tilepress-year-"))
    try:
        cfg = tmp / "content" / "site.toml"
        cfg.parent.mkdir(parents=True)
        w, h = size.split("x")
        cfg.write_text('[site]\ntitle = "daily"\ntagline = "a puzzle a day"\ninteractive = false\n'
                       'base_url = "https://example.org/daily/"\n'
                       f'[families.loopy]\ntilings = ["{tiling}"]\nlevels = ["{level}"]\nseeds = [1]\n'
                       f'sizes_{tiling} = [[{w}, {h}]]\n[families.loopy.daily]\nfrom = {start}\nto = {end}\n'
                       f'tilings = ["{tiling}"]\nlevels = ["{level}"]\nsizes_{tiling} = [[{w}, {h}]]\n',
                       encoding="utf-8")
        env = dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "1814400000"))

        def run(name, *extra):
            t0 = time.perf_counter()
            kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            proc = subprocess.run([sys.executable, str(ROOT / "build.py"), "--config", str(cfg), "--out",
                                   str(tmp / name), "--no-cache", "--jobs", "2", *extra],
                                  capture_output=True, text=True, env=env)
            kids = resource.getrusage(resource.RUSAGE_CHILDREN)
            if proc.returncode:
                raise SystemExit(proc.stderr)
            return (time.perf_counter() - t0,
                    kids.ru_utime + kids.ru_stime - kids0.ru_utime - kids0.ru_stime, proc.stderr.strip())

        def digest(folder):
            return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                    for p in sorted(folder.rglob("*")) if p.is_file()}
        wall_l, cpu_l, out_l = run("local")
        print(f"local pool of 2: {wall_l:.1f} s wall, {cpu_l:.1f} CPU-s; {out_l.splitlines()[-1]}")
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                          scheduler_port=0, dashboard_address="127.0.0.1:0") as lc:
            wall_d, cpu_d, out_d = run("dask", "--executor", "dask", "--scheduler", lc.scheduler_address)
        print(f"LocalCluster of 2 workers: {wall_d:.1f} s wall (driver {cpu_d:.1f} CPU-s); "
              f"{out_d.splitlines()[-1]}")
        a, b = digest(tmp / "local"), digest(tmp / "dask")
        months = sorted(k for k in a if "/daily-" in k)
        print(f"identical sites: {a == b} ({len(a)} files); {len(months)} archive pages; "
              f"feed {'present' if 'feed.xml' in a else 'MISSING'}; today page "
              f"{'present' if 'loopy/today.html' in a else 'MISSING'}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    """Run the three builds and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--config", type=Path, default=ROOT / "site_src" / "site.toml")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--fixture", action="store_true", help="bench the small test fixture site instead")
    ap.add_argument("--scale", action="store_true", help="cost per item and memory at 200, 1,000, 5,000 items")
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SCALE_SIZES), help="item counts of --scale")
    ap.add_argument("--multiples", metavar="K,K,...",
                    help="the --config site cold with K times its seeds (e.g. 1,2,5): CPU per item and phase")
    ap.add_argument("--cluster", type=int, default=0, metavar="N",
                    help="N-item build: local pool of 2 against a Dask LocalCluster of 2 workers")
    ap.add_argument("--year", nargs=3, metavar=("TILING", "WxH", "LEVEL"),
                    help="a year of daily Loopy puzzles (e.g. p3 7x6 easy), local pool against a LocalCluster")
    ap.add_argument("--write-docs", nargs="?", type=Path, const=DOCS_PAGE, default=None, metavar="PAGE",
                    help="also write the figures into their block of docs/benchmarks.md (or PAGE)")
    ap.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--one-multiple", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--executor", default="local", help=argparse.SUPPRESS)
    ap.add_argument("--scheduler", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        import json
        print(json.dumps(one_build(args.one, args.executor, args.scheduler, args.jobs)))
        return 0
    if args.one_multiple:
        import json
        try:
            print(json.dumps(one_multiple(args.one_multiple, args.config.resolve(), args.jobs)))
        except ValueError as exc:
            print(f"error: --multiples {args.one_multiple}: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.multiples:
        try:
            ks = [int(x) for x in args.multiples.split(",")]
        except ValueError:
            ks = []
        if not ks or min(ks) < 1:
            print(f"error: --multiples: expected positive integers separated by commas, got {args.multiples!r}",
                  file=sys.stderr)
            return 2
        print("CPU seconds are this machine's, shared by other jobs (loaded): compare rows, not machines.")
        multiples(ks, args.config.resolve(), args.jobs)
        return 0
    if args.year:
        print("Wall and CPU seconds on this machine, shared by other jobs (loaded).")
        year(*args.year)
        return 0
    if args.scale or args.cluster:
        print("CPU seconds are this machine's, shared by other jobs (loaded): compare rows, not machines.")
        if args.scale:
            rows = scale(args.sizes)
            if args.write_docs:
                write_block("scale", scale_table(rows) + "\n\n" + provenance(), args.write_docs)
        if args.cluster:
            cluster(args.cluster)
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="tilepress-bench-"))
    try:
        mods, config = {}, args.config
        if args.fixture:
            shutil.copytree(ROOT / "tests" / "fixtures" / "site", tmp / "content")
            config = tmp / "content" / "site.toml"
            mods = {"tiny": str(ROOT / "tests" / "fixtures" / "tinyfamily.py")}
        opts = Options(config=config, out=tmp / "site", cache_dir=tmp / "cache", jobs=args.jobs,
                       family_modules=mods)
        cold, rep = timed(opts)
        files = len(rep.written)
        print(f"cold build:           {cold:7.2f} s  ({rep.items} items, {files} files, jobs={args.jobs})")
        nochange, rep2 = timed(opts)
        print(f"no-change rebuild:    {nochange:7.2f} s  ({rep2.generated} generated, "
              f"{len(rep2.written)} files written)")
        if args.fixture:
            config.write_text(config.read_text().replace("sheets = true", 'sheets = true\ntweak = { "grid-3" = 6 }'))
        elif rep.items:
            from generator.pipeline import config as config_mod, plan
            sources = plan.family_sources(mods)
            cfg = config_mod.load(config, sources)
            planned, _ = plan.plan(cfg, sources)
            items = [it for name in planned for it in planned[name]]
            victim = items[len(items) // 2]
            Cache(tmp / "cache")._path(victim.key).unlink()
            print(f"  (invalidated {victim.label})")
        one, rep3 = timed(opts)
        print(f"one-item-change:      {one:7.2f} s  ({rep3.generated} generated, {len(rep3.written)} files written)")
        if rep.items:
            print(f"items/s (cold):       {rep.items / cold:7.2f}")
        self_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"peak memory:          {self_mb:7.1f} MiB main process, {child_mb:.1f} MiB largest worker")
        ok = cold <= 90 and nochange <= 5
        print(f"targets (cold <= 90 s, no-change <= 5 s): {'met' if ok else 'MISSED'}")
        if args.write_docs:
            write_block("fixture-build" if args.fixture else "build",
                        build_table(rep, files, cold, nochange, one, self_mb, child_mb, args.jobs)
                        + "\n\n" + provenance(), args.write_docs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
