#!/usr/bin/env python3
"""Benchmark the site build: cold build, no-change rebuild, one-item-change rebuild, peak memory.

    python bench/build_site.py [--config site_src/site.toml] [--jobs N] [--fixture]

Builds into a temporary folder with a private cache (your _site/ and cache are not touched):

1. cold: empty cache, no previous site;
2. no change: the same build again (everything cached, nothing rewritten);
3. one item changed: one item's cache entry is deleted, so exactly that item is generated
   and rendered again (with --fixture the fixture config really changes one item's params).

Peak memory is the maximum resident set size of this process and of the largest worker
process (resource.getrusage), in MiB.  Targets (issue 2): cold <= 90 s on 2 cores,
no-change <= 5 s.
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

from generator.pipeline.build import Options, build  # noqa: E402
from generator.pipeline.cache import Cache  # noqa: E402


def timed(opts: Options):
    """Run one build; return (seconds, report)."""
    start = time.perf_counter()
    report = build(opts)
    return time.perf_counter() - start, report


def main() -> int:
    """Run the three builds and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--config", type=Path, default=ROOT / "site_src" / "site.toml")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--fixture", action="store_true", help="bench the small test fixture site instead")
    args = ap.parse_args()
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
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
