"""Figures of the hints: CPU time of grade / hint / explain, and a hint on the page.

    python bench/hints.py [--site DIR] [--no-page]

Prints, for calisson puzzles of sides 4, 8, 16 and 24 (hard, seed 1): the CPU seconds of the
first hint (which computes the whole chain once), of a later hint (the chain cached, marks
replayed half way) and of the full explanation.  With the page (default), it opens
regen.html in headless Chromium and times `tilepress.player("hint", ...)` there, on those
calisson puzzles and on a Loopy puzzle of about 250 faces (the engine's Loopy figures are
`python bench/loopy.py --hints`) — wall time
in the page, the first call and the median of 5 more, against the goal of 0.3 s at 250 faces.
Engine figures are CPU time (time.process_time), so a loaded machine slows them less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGE_GOAL = 0.3


def cpu(fn):
    """(result, CPU seconds) of fn()."""
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def calisson_rows():
    """[(label, permalink or None, first hint s, later hint s, explain s, steps, edge ids)]."""
    from generator import hints as H
    from generator.calissons import hints as CH
    from generator.calissons import permalink
    from generator.calissons.generator import generate
    rows = []
    for n in (4, 8, 16, 24):
        pz = generate(n, 1, "hard")
        givens = tuple(sorted(pz.givens))
        CH.explanation.cache_clear()
        CH._solution.cache_clear()
        first, t_first = cpu(lambda: CH.next_hint(n, givens, H.Marks()))
        steps, _ = CH.explanation(n, givens)
        half = H.Marks()
        for s in steps[:len(steps) // 2]:
            half.add(s)
        _, t_later = cpu(lambda: CH.next_hint(n, givens, half))
        CH.explanation.cache_clear()
        _, t_explain = cpu(lambda: CH.explanation(n, givens))
        link = permalink.encode(n, list(givens)) if n <= 16 else None
        rows.append((f"calissons n={n}", link, t_first, t_later, t_explain, len(steps), first))
    return rows


def loopy_links() -> list[tuple[str, str]]:
    """(label, permalink) of a Loopy puzzle of about 250 faces for the page figure (the
    engine's Loopy figures are `python bench/loopy.py --hints`)."""
    import json
    from generator import webapi
    r = webapi.run(["loopy", "generate", "--tiling", "p2", "--width", "11", "--height", "9.5", "--seed", "1",
                    "--level", "hard", "--format", "json"])
    if r["code"] != 0:
        print(f"loopy generate failed: {r['stderr'].strip()}")
        return []
    return [("loopy p2 ~250 faces", json.loads(r["stdout"])["permalink"])]


def page_times(site: Path, links: list[str]) -> list[tuple[str, list]]:
    """Wall seconds of tilepress.player("hint") in the page per permalink: [first call, median
    of the next 5]."""
    from playwright.sync_api import sync_playwright
    out = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"],
                              headless=True)
        page = b.new_page()
        page.goto((site / "regen.html").as_uri())
        page.evaluate("() => window.tilepress.ready().then(() => true)")
        for link in links:
            secs = page.evaluate("""async (link) => {
                const t = [];
                for (let i = 0; i < 6; i++) {
                    const t0 = performance.now();
                    await window.tilepress.player("hint", link, [[], []]);
                    t.push((performance.now() - t0) / 1000);
                }
                const first = t.shift();
                return [first, t.sort((a, b) => a - b)[2]];
            }""", link)
            out.append((link, secs))
        b.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site with regen.html")
    ap.add_argument("--no-page", action="store_true", help="engine figures only")
    args = ap.parse_args(argv)
    rows = calisson_rows()
    print(f"{'puzzle':26} {'first hint':>11} {'later hint':>11} {'explain':>9} {'hints':>6}  (CPU s)")
    for label, _link, t1, t2, t3, steps, _first in rows:
        print(f"{label:26} {t1:11.3f} {t2:11.3f} {t3:9.3f} {steps:6d}")
    if args.no_page:
        return 0
    site = args.site
    if site is None:
        sys.path.insert(0, str(ROOT / "bench"))
        from browser import build_site  # bench/browser.py
        site = build_site(Path(tempfile.mkdtemp(prefix="tilepress-bench-hints-")))
    named = [(r[0], r[1]) for r in rows if r[1]] + loopy_links()
    print("hint on the page (wall s in Chromium: the first call, then the median of 5 more):")
    for link, (first, later) in page_times(site, [link for _label, link in named]):
        label = next(lab for lab, lk in named if lk == link)
        goal = f"  (goal ≤ {PAGE_GOAL} s)" if "250" in label else ""
        print(f"  {label:26} first {first:7.3f}  later {later:7.3f}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
