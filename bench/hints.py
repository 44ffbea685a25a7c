"""Figures of the hints: CPU time of grade / hint / explain, and a hint on the page.

    python bench/hints.py [--site DIR] [--no-page]

Prints, for calisson puzzles of sides 4, 8, 16 and 24 (hard, seed 1): the CPU seconds of the
first hint (the chain computed only as far as that hint), of a later hint (the chain cached
as far as computed, marks replayed half way) and of the full explanation.  With the page (default), it opens
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
        CH._lazy.cache_clear()
        CH._solution.cache_clear()
        first, t_first = cpu(lambda: CH.next_hint(n, givens, H.Marks()))
        steps, _ = CH.explanation(n, givens)
        half = H.Marks()
        for s in steps[:len(steps) // 2]:
            half.add(s)
        _, t_later = cpu(lambda: CH.next_hint(n, givens, half))
        CH._lazy.cache_clear()
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


def half_marks(link: str) -> list:
    """[line ids, cross ids] of the page board after the first half of the worked solution."""
    from generator import hints as H
    if link.startswith("cal."):
        from generator.calissons import hints as CH
        from generator.calissons import permalink, play
        n, givens = permalink.decode(link)
        steps = list(CH.explanation(n, tuple(sorted(givens)))[0])
        edges = play.board(link)["edges"]
    else:
        from generator.loopy import hints as LH
        from generator.loopy import play
        steps = LH.explanation(LH.for_link(link)).steps
        edges = play.board(link)["edges"]
    where = {H.edge(*e): i for i, e in enumerate(edges)}
    half = H.Marks()
    for st in steps[:len(steps) // 2]:
        half.add(st)
    return [sorted(where[e] for e in half.yes), sorted(where[e] for e in half.no)]


def page_times(site: Path, links: list[str]) -> list[tuple[str, list]]:
    """Wall seconds of tilepress.player("hint") in the page per permalink, once the page shows
    the puzzle and a visitor has looked at it for 3 s (the page warms the hint engine's caches
meanwhile): the first call (an empty board), the median of 5 more, and the median of 5 on a board half
    solved (marks from the worked solution)."""
    from playwright.sync_api import sync_playwright
    out = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"],
                              headless=True)
        page = b.new_page()
        page.goto((site / "regen.html").as_uri())
        page.evaluate("() => window.tilepress.ready().then(() => true)")
        for link in links:
            # as a visitor: the puzzle is shown and playable first, then the Hint is asked for
            page.evaluate("(link) => { location.hash = link; }", link)
            page.wait_for_function("(link) => document.documentElement.getAttribute('data-tp-shown') === link",
                                   arg=link, timeout=300000)
            page.wait_for_timeout(3000)           # a visitor looks at the board before asking
            secs = page.evaluate("""async ([link, half]) => {
                const time = async (marks) => {
                    const t0 = performance.now();
                    await window.tilepress.player("hint", link, marks);
                    return (performance.now() - t0) / 1000;
                };
                const first = await time([[], []]);
                const t = [], u = [];
                for (let i = 0; i < 5; i++) t.push(await time([[], []]));
                for (let i = 0; i < 5; i++) u.push(await time(half));
                const med = (a) => a.sort((x, y) => x - y)[2];
                return [first, med(t), med(u)];
            }""", [link, half_marks(link)])
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
    print("hint on the page (wall s in Chromium: the first call on an empty board, the median of 5 more,"
          " the median of 5 on a half-solved board):")
    for link, (first, later, half) in page_times(site, [link for _label, link in named]):
        label = next(lab for lab, lk in named if lk == link)
        goal = f"  (goal ≤ {PAGE_GOAL} s)" if "250" in label else ""
        print(f"  {label:26} first {first:7.3f}  again {later:7.3f}  half-solved {half:7.3f}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
