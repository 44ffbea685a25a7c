"""Figures of the in-browser runtime (regen.html under headless Chromium, from file://).

    python bench/browser.py [--site DIR] [--repeat N]

Prints: the runtime's size on disk (goal ≤ 9 MB) and everything regen.html loads (≤ 9.5 MB);
start-up from opening regen.html#PERMALINK to the first picture shown (≤ 4 s on an idle
2-core machine); the time to regenerate a 16×12 patch in the page (SVG + JSON, as
window.tilepress.regen does) against CPython doing the same in-process (≤ 2×); the same for
a Spectre patch and two Loopy puzzles (regeneration solves the clues); making a new Hard
Loopy puzzle on about 250 hat faces in the page, the form's command (goal <= 3 s).
Without --site it builds a small interactive site into a temporary folder first.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator import webapi  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SITE_TOML = """[site]
title = "bench"
interactive = true
[site.sheets]
papers = ["a4"]
[families.calissons]
sizes = [3]
levels = ["easy"]
seeds = [1]
"""


def build_site(tmp: Path) -> Path:
    """A small interactive site (the runtime is what is measured)."""
    from generator.pipeline.build import Options, build
    cfg = tmp / "site.toml"
    cfg.write_text(SITE_TOML)
    build(Options(config=cfg, out=tmp / "site", cache_dir=ROOT / ".tilepress-cache", jobs=1))
    return tmp / "site"


def sizes(site: Path) -> tuple[int, int]:
    """(runtime bytes, bytes regen.html loads)."""
    runtime = sum(p.stat().st_size for p in (site / "regen" / "runtime").iterdir())
    page = sum((site / rel).stat().st_size for rel in
               ("regen.html", "regen/regen.js", "regen/regen.css", "assets/style.css", "assets/favicon.svg"))
    return runtime, runtime + page


def patch_permalink(family: str, width: int, height: int) -> str:
    """The permalink of a width × height patch (seed 1) made by the CLI."""
    import json
    r = webapi.run(["tiling", family, "--width", str(width), "--height", str(height), "--seed", "1",
                    "--format", "json"])
    return json.loads(r["stdout"])["permalink"]


def loopy_permalink(tiling: str, width: int, height: int, level: str) -> str:
    """The permalink of a Loopy puzzle (seed 1) made by the CLI."""
    import json
    r = webapi.run(["loopy", "generate", "--tiling", tiling, "--width", str(width), "--height", str(height),
                    "--seed", "1", "--level", level, "--format", "json"])
    return json.loads(r["stdout"])["permalink"]


def cpython_seconds(permalink: str, repeat: int) -> float:
    """Best time of SVG + JSON regeneration in CPython."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        webapi.run(["regen", permalink, "--format", "svg"])
        webapi.run(["regen", permalink, "--format", "json"])
        best = min(best, time.perf_counter() - t)
    return best


def main(argv=None) -> int:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site with regen.html")
    ap.add_argument("--repeat", type=int, default=9, help="timed runs (the median is printed)")
    ap.add_argument("--warmup", type=int, default=20, help="untimed runs first (the wasm JIT tiers up)")
    ap.add_argument("--make-repeat", type=int, default=3,
                    help="seeds of the timed 250-face Hard hat Loopy puzzle made in the page (default 3)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        site = a.site or build_site(Path(tmp))
        runtime, loaded = sizes(site)
        print(f"runtime on disk: {runtime / 1e6:.2f} MB (goal <= 9); everything regen.html loads: "
              f"{loaded / 1e6:.2f} MB (goal <= 9.5)")
        links = {f"{f} {w}x{h}": patch_permalink(f, w, h)
                 for f, w, h in (("hat", 16, 12), ("p2", 16, 12), ("hat", 60, 40), ("spectre", 20, 15))}
        links["Loopy p3 7x6 normal"] = loopy_permalink("p3", 7, 6, "normal")
        links["Loopy spectre 18x15 normal"] = loopy_permalink("spectre", 18, 15, "normal")
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                  args=["--no-sandbox", "--disable-gpu"])
            starts = []
            for _ in range(3):
                page = b.new_page()
                t = time.perf_counter()
                page.goto(site.as_uri() + "/regen.html#" + links["hat 16x12"])
                page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=120000)
                starts.append((time.perf_counter() - t, page.evaluate("window.tilepress.startupMs") / 1000))
                page.close()
            wall, runtime_s = min(starts)
            print(f"start-up to the first picture (hat 16x12, file://): {wall:.2f} s "
                  f"(runtime ready after {runtime_s:.2f} s; goal <= 4 s)")
            page = b.new_page()
            page.goto(site.as_uri() + "/regen.html")
            page.evaluate("window.tilepress.ready().then(() => 1)")
            for family, link in links.items():
                web, cpy = [], []
                for i in range(a.warmup + a.repeat):  # interleaved: the machine's load hits both alike
                    web.append(page.evaluate("""async (p) => { const t = performance.now();
                        await window.tilepress.regen(p); return (performance.now() - t) / 1000; }""", link))
                    cpy.append(cpython_seconds(link, 1))
                first = web[0]
                web, cpy = sorted(web[a.warmup:]), sorted(cpy[a.warmup:])   # after the wasm JIT tiered up
                w, c = web[len(web) // 2], cpy[len(cpy) // 2]
                print(f"regenerate {family} (SVG + JSON): Pyodide {w * 1000:.0f} ms "
                      f"(first call {first * 1000:.0f} ms), CPython {c * 1000:.1f} ms, ratio {w / c:.1f} "
                      f"(medians of {len(web)} runs after {a.warmup} warm-up runs; goal <= 2)")
            make_loopy(page, a.make_repeat)
            b.close()
    return 0


# the page's "make your own" command for a Loopy Hard puzzle on about 250 hat faces
LOOPY_MAKE = ["loopy", "generate", "--tiling", "hat", "--width", "63", "--height", "47", "--seed", "{seed}",
              "--level", "hard", "--format", "json"]


def make_loopy(page, repeat: int) -> None:
    """Time making a new 250-face Hard hat puzzle in the page (goal <= 3 s), beside CPython's CPU."""
    page.set_default_timeout(600_000)
    web, cpu = [], []
    for seed in range(1, repeat + 1):
        argv = [x.replace("{seed}", str(seed)) for x in LOOPY_MAKE]
        web.append(page.evaluate("""async (argv) => { const t = performance.now();
            const r = await window.tilepress.run(argv);
            if (r.code) throw new Error(r.stderr);
            return (performance.now() - t) / 1000; }""", argv))
        t = time.process_time()
        r = webapi.run(argv)
        cpu.append(time.process_time() - t)
        if r.get("code"):
            raise SystemExit(f"error: {' '.join(argv)}: {r.get('stderr', '').strip()}")
    web.sort()
    cpu.sort()
    print(f"make a Loopy Hard puzzle, hat 63x47 (about 250 faces), in the page: Pyodide "
          f"{web[len(web) // 2]:.2f} s wall (median of seeds 1..{repeat}; max {web[-1]:.2f} s; goal <= 3 s), "
          f"CPython {cpu[len(cpu) // 2]:.2f} s CPU")


if __name__ == "__main__":
    sys.exit(main())
