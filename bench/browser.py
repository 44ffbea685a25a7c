"""Figures of the in-browser runtime (regen.html under headless Chromium, from file://).

    python bench/browser.py [--site DIR] [--repeat N] [--make-repeat N] [--make-idle S] [--make-only]
                            [--first-mark-only] [--player-only] [--tap-seeds N]

Prints: the runtime's size on disk (goal ≤ 9 MB) and everything regen.html loads (≤ 9.5 MB);
start-up from opening regen.html#PERMALINK to the first picture shown (≤ 4 s on an idle
2-core machine); the time to regenerate a 16×12 patch in the page (SVG + JSON, as
window.tilepress.regen does) against CPython doing the same in-process (≤ 2×); the same for
a Spectre patch and two Loopy puzzles (regeneration solves the clues; the worker's memo is
off for this comparison); making a new Hard Loopy puzzle on about 250 hat faces with the page's
form, Make pressed to the puzzle shown (goal <= 3 s), as a visitor meets it: a fresh page, the
form filled in (which warms the worker up), --make-idle seconds before Make (a visitor's pace;
the WebAssembly engine compiles its fast code in the background meanwhile: on the loaded 2-core
machine 3 s were not enough, 12 s were), one seed per page.
That figure is split into generation (the form's generate command in the worker: puzzle.create
and its JSON) and the rest (the page's regen SVG + JSON, facts and board calls, the messages and
the drawing), beside CPython's CPU for the same command, create alone and the same calls; and
puzzle.create alone timed inside the worker (webapi.clock, same page, right after) over
CPython's create: the Pyodide / CPython ratio of pure generation.
Time to the first mark (--first-mark-only runs just this): from opening regen.html#PERMALINK
(file://, a fresh page) to an edge of the board taking a mark from a click, and every byte the page
had loaded by then (the sizes on disk of the document and each resource it fetched), for a site
item (its board file written by the build: goal <= 500 KB and <= 1 s) and for a foreign permalink
(the Python runtime first, as before); whether Python was ready at that moment.  The click goes to
the middle of the board's box, again until a mark is taken (a tap may zoom in first).
The player (--player-only runs the first mark and this): every edge of a 69-face hat and an 81-face
P2 board pressed once at its midpoint at the scale the board opens at, by a mouse at 1280×900
and a finger at 390×844 (touch emulation): how many marked that edge at once (goal at 1280: all),
how many zoomed in first (a finger, where edges are under 24 px apart); taps, zooms included, to
mark 20 random edges of a 263-face hat board at 390 px (goal <= 30); a Loopy site item played to
its end by clicks and by taps from a fresh page, whether "Solved" shows with Check never pressed.
Without --site it builds a small interactive site into a temporary folder first.
"""

from __future__ import annotations

import argparse
import os
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
[families.loopy]
tilings = ["hat"]
levels = ["normal"]
seeds = [1]
sizes_hat = [[28, 24]]
"""
# a Loopy puzzle that is not on the bench site (69 hat faces, as the site's own)
FOREIGN = ("loopy.v1.e0c0a7a9Ca6A7b42a795b0b9b3874cAA6a7aAbAC376Bb99689579Aa7Ac"
           ".hat.v1.28x24.r0.4-0-1-8-7-H")


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
    ap.add_argument("--make-idle", type=float, default=3,
                    help="seconds between filling in the form and pressing Make (default 3)")
    ap.add_argument("--make-only", action="store_true", help="only the sizes and the Loopy make figures")
    ap.add_argument("--first-mark-only", action="store_true",
                    help="only the time and bytes until a board takes a mark (a site item, a foreign link)")
    ap.add_argument("--first-mark-repeat", type=int, default=5, help="fresh pages per link (the median is printed)")
    ap.add_argument("--player-only", action="store_true",
                    help="only the player's figures: the first mark, marking at the fitted scale (1280 px mouse, "
                         "390 px touch), taps for 20 edges on a phone, a site puzzle played to solved by clicks and by taps")
    ap.add_argument("--tap-seeds", type=int, default=5, help="random sets of 20 edges tapped on the phone (default 5)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        site = a.site or build_site(Path(tmp))
        runtime, loaded = sizes(site)
        print(f"runtime on disk: {runtime / 1e6:.2f} MB (goal <= 9); everything regen.html loads: "
              f"{loaded / 1e6:.2f} MB (goal <= 9.5)")
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
            first_marks(b, site, a.first_mark_repeat)
            if not a.first_mark_only:
                player_figures(b, site, a.tap_seeds)
            b.close()
        if a.first_mark_only or a.player_only:
            return 0
        if a.make_only:
            from playwright.sync_api import sync_playwright
            with sync_playwright() as p:
                b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
                make_loopy(b, site, a.make_repeat, a.make_idle)
                b.close()
            return 0
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
            page.evaluate("window.tilepress.call('webapi', 'remember', [0])")   # regenerate afresh each time
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
            page.close()
            make_loopy(b, site, a.make_repeat, a.make_idle)
            b.close()
    return 0


# Installed before the page's scripts: the moment an edge first takes a mark (a line or a cross) and
# what the page had loaded then.
MARK_PROBE = """(() => { const seen = () => { if (window.__mark) return; const T = window.tilepress;
    window.__mark = {t: performance.now(), click: window.__click, ready: !!(T && T.isReady && T.isReady()),
      loaded: [location.href.split("#")[0]].concat(performance.getEntriesByType("resource").map((e) => e.name))}; };
  document.addEventListener("click", (ev) => { window.__click = ev.timeStamp; }, true);
  new MutationObserver((list) => { for (const m of list) {
      if (m.attributeName === "data-tp-board" && !window.__board) window.__board = performance.now();
      const c = m.target.getAttribute && m.target.getAttribute("class") || "";
      if (/^(edge|cross) on\\b/.test(c)) { seen(); return; } } })
    .observe(document, {subtree: true, attributes: true, attributeFilter: ["class", "data-tp-board"]}); })();"""


def _bytes_on_disk(urls: list[str]) -> int:
    """The summed sizes of the distinct file:// URLs (the bytes a page read from disk)."""
    from urllib.parse import unquote, urlparse
    paths = {unquote(urlparse(u).path) for u in urls if u.startswith("file:")}
    return sum(os.path.getsize(p) for p in paths if os.path.isfile(p))


def first_mark(b, site: Path, link: str) -> dict:
    """One fresh page on regen.html#link: {"seconds" to the first mark, "bytes" loaded by then,
    "clicks", "ready": Python loaded at that moment}."""
    page = b.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(MARK_PROBE)
    requests = []                                     # file:// loads are not in the page's resource timing
    page.on("request", lambda r: requests.append(r))
    page.goto(site.as_uri() + "/regen.html#" + link, wait_until="commit")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-board')", timeout=120000, polling=10)
    clicks = 0
    while not page.evaluate("!!window.__mark") and clicks < 5:
        box = page.locator("#tp-board").bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + min(box["height"], 600) / 2)
        clicks += 1
    mark = page.evaluate("window.__mark && Object.assign(window.__mark, {origin: performance.timeOrigin, "
                         "board: window.__board})")
    if not mark:
        raise SystemExit(f"error: the board of {link[:40]}… took no mark in {clicks} clicks")
    at = mark["origin"] + mark["t"]                 # the mark, in ms since the epoch, as request timings are
    loaded = [r.url for r in requests if r.timing["startTime"] <= at]
    board = mark["origin"] + mark["board"]
    needed = [r.url for r in requests if r.timing["startTime"] <= board]
    page.close()
    return {"seconds": mark["t"] / 1000, "bytes": _bytes_on_disk(loaded + [mark["loaded"][0]]), "clicks": clicks,
            "ready": mark["ready"], "board": mark["board"] / 1000, "board_bytes": _bytes_on_disk(needed + [mark["loaded"][0]]),
            "latency": (mark["t"] - mark["click"]) / 1000}


def first_marks(b, site: Path, repeat: int) -> None:
    """Print the time and bytes until a board takes a mark: a site item of each played family, a foreign link."""
    import json
    html = (site / "regen.html").read_text()
    boards = json.loads(html.split('id="tp-config">', 1)[1].split("</script>", 1)[0])["boards"]
    links = {}
    for link in sorted(boards):                       # the first of each family
        links.setdefault("site item " + link.split(".", 1)[0], link)
    links["foreign link loopy"] = FOREIGN
    for label, link in links.items():
        runs = [first_mark(b, site, link) for _ in range(repeat)]
        m = {k: _median([r[k] for r in runs]) for k in runs[0]}
        goal = " (goal <= 500 KB, <= 1 s)" if label.startswith("site") else " (the runtime included)"
        print(f"first mark, {label} (file://, 1280 px; medians of {len(runs)} fresh pages):\n"
              f"  the board up at {m['board']:.2f} s with {m['board_bytes'] / 1e3:.0f} KB loaded, a click marks in "
              f"{m['latency'] * 1000:.0f} ms{goal}: {m['board'] + m['latency']:.2f} s\n"
              f"  clicked by Playwright as soon as the board is up: marked at {m['seconds']:.2f} s "
              f"(max {max(r['seconds'] for r in runs):.2f} s, {m['clicks']} click(s)); requested by then "
              f"{m['bytes'] / 1e3:.0f} KB; Python loaded then on {sum(r['ready'] for r in runs)} of {len(runs)} pages")


# The player as a player meets it: boards foreign to the bench site (Python draws them), a site item.
HAT = FOREIGN                                                   # 69 hat faces, 559 edges
P2 = "loopy.v2.ea32b3b3d11c0c211a0a1a12b21e13b22231a11a112c0a002b1g2c13.p2.v1.6_5_9_AVVBUABUAA"   # 81 faces
HAT250 = ("loopy.v2.ec6a2a7Ba7b7a9eB8BBC8bB8a9Da9aA689aD67a9A944B7b8a7a2C7c7a2a8bAb8CABaA0cC3a79c8b1aAc8cAD3c8b49B07"
          "B3e22b7c65aB6A04AfA7dAb0a2982B0a9a7CAaC90f498b6776a6a88a50B06a2b45Aa8ACd575a87Aa9c9Aa95aCBB36a7bCa9AaCbAAa8d"
          "Da.hat.v1.64x48.r0.4-0-1-8-7-4-H")                  # 263 hat faces
DESK = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PLAYER = "window.tilepress.page.player"

# Client coordinates of edge i's midpoint, the board's box and the window scrolled so that it is in
# view (scrolling the board to an edge is the page's scrolling, not a click or a tap).
MIDPOINT = f"""(i) => {{ const p = {PLAYER}, e = p.board.edges[i], d = p.board.dots;
    const at = () => new DOMPoint((d[e[0]][0] + d[e[1]][0]) / 2, (d[e[0]][1] + d[e[1]][1]) / 2)
      .matrixTransform(p.svg.getScreenCTM());
    let q = at(), r = p.box.getBoundingClientRect();
    if (q.x < r.left + 20 || q.x > r.right - 20) p.box.scrollLeft += q.x - (r.left + r.width / 2);
    if (q.y < r.top + 20 || q.y > r.bottom - 20) p.box.scrollTop += q.y - (r.top + r.height / 2);
    q = at();
    const vh = (window.visualViewport || window).height || innerHeight;
    if (q.y < 60 || q.y > vh - 20) window.scrollBy(0, q.y - vh / 2);
    q = at();
    return [q.x, q.y]; }}"""
MARK_OF = f"(i) => {PLAYER}.marks[i] || 0"


def _open(b, site: Path, link: str, ctx: dict, shown: bool = True):
    """A fresh context on regen.html#link with an empty board: (context, page)."""
    context = b.new_context(**ctx)
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(site.as_uri() + "/regen.html#" + link)
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')" if shown else
                           "document.documentElement.getAttribute('data-tp-board')", polling=20)
    return context, page


def _press(page, touch: bool, x: float, y: float) -> None:
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def fitted_marks(b, site: Path, link: str, ctx: dict) -> dict:
    """Every free edge pressed once at its midpoint at the scale the board opens at (a real click or
    tap): how many marked that edge at once, zoomed in first (on touch; then the next tap at the
    edge's midpoint, and Whole board), marked another edge, did nothing."""
    touch = bool(ctx.get("has_touch"))
    context, page = _open(b, site, link, ctx)
    fitted = page.evaluate(f"{PLAYER}.scale")
    free = page.evaluate(f"{PLAYER}.free")
    out = {"edges": len(free), "marked": 0, "zoomed": 0, "then": 0, "other": 0, "none": 0, "scale": fitted}
    for i in free:
        x, y = page.evaluate(MIDPOINT, i)
        before = page.evaluate(f"Object.keys({PLAYER}.marks).length")
        _press(page, touch, x, y)
        got = page.evaluate(f"(i) => [{PLAYER}.marks[i] || 0, Object.keys({PLAYER}.marks).length, {PLAYER}.scale]", i)
        if got[0] == 1:
            out["marked"] += 1
        elif got[2] > fitted * 1.001:
            out["zoomed"] += 1
            _press(page, touch, x, y)                 # the next tap at the same spot, as a finger does
            out["then"] += page.evaluate(MARK_OF, i) == 1
            page.evaluate(f"{PLAYER}.fit()")
        elif got[1] != before:
            out["other"] += 1
        else:
            out["none"] += 1
    context.close()
    return out


def phone_taps(b, site: Path, seeds: int) -> list[dict]:
    """390 px, touch, the 263-face hat board: taps (zooms among them) to mark 20 random edges, per seed."""
    import random
    context, page = _open(b, site, HAT250, PHONE)
    out = []
    for seed in range(35, 35 + seeds):
        page.evaluate(f"{PLAYER}.reset(); {PLAYER}.fit()")
        picks = random.Random(seed).sample(page.evaluate(f"{PLAYER}.free"), 20)
        taps = zooms = 0
        for i in picks:
            x, y = page.evaluate(MIDPOINT, i)
            for _attempt in range(4):
                scale = page.evaluate(f"{PLAYER}.scale")
                page.touchscreen.tap(x, y)            # again at the same spot after a zoom, as a finger does
                taps += 1
                if page.evaluate(MARK_OF, i) == 1:
                    break
                zoomed = page.evaluate(f"{PLAYER}.scale") > scale
                zooms += zoomed
                if not zoomed:
                    x, y = page.evaluate(MIDPOINT, i)
        done = sum(page.evaluate(MARK_OF, i) == 1 for i in picks)
        out.append({"taps": taps, "zooms": zooms, "marked": done})
    context.close()
    return out


def play_to_solved(b, site: Path, link: str, ctx: dict) -> dict:
    """A site item opened fresh, its answer drawn edge by edge with clicks (or taps, zooming where the
    page zooms), Check never pressed: {"presses", "zooms", "solved": the status line said Solved,
    "seconds" from the last press to it, "status", "python": the runtime had loaded by then}."""
    touch = bool(ctx.get("has_touch"))
    answer = webapi.player_call("solution", link)["lines"]
    context, page = _open(b, site, link, ctx, shown=False)
    page.evaluate("window.__checks = 0; document.getElementById('tp-check').addEventListener('click', "
                  "() => { window.__checks += 1; }, true)")
    presses = zooms = 0
    for i in answer:
        x, y = page.evaluate(MIDPOINT, i)
        for _attempt in range(4):
            if page.evaluate(MARK_OF, i) == 1:
                break
            scale = page.evaluate(f"{PLAYER}.scale")
            _press(page, touch, x, y)                 # again at the same spot after a zoom, as a finger does
            presses += 1
            zoomed = page.evaluate(f"{PLAYER}.scale") > scale
            zooms += zoomed
            if not zoomed:
                x, y = page.evaluate(MIDPOINT, i)
    t = time.perf_counter()
    solved = True
    try:
        page.wait_for_function("document.getElementById('tp-play-status').textContent.startsWith('Solved')",
                               timeout=5000, polling=10)
    except Exception:                                 # noqa: BLE001 - reported below
        solved = False
    res = {"presses": presses, "zooms": zooms, "edges": len(answer), "solved": solved,
           "seconds": time.perf_counter() - t, "status": page.inner_text("#tp-play-status"),
           "checks": page.evaluate("window.__checks"), "python": page.evaluate("window.tilepress.isReady()")}
    context.close()
    return res


def player_figures(b, site: Path, tap_seeds: int) -> None:
    """Print the player's figures (issue: mark at any zoom, solved noticed)."""
    for name, link in (("hat, 69 faces", HAT), ("P2, 81 faces", P2)):
        for label, ctx in (("1280x900 mouse", DESK), ("390x844 touch", PHONE)):
            m = fitted_marks(b, site, link, ctx)
            print(f"fitted scale, {name}, {label} ({m['scale']:.1f} px per unit): a press at each of the {m['edges']} "
                  f"edges' midpoints marked that edge {m['marked']} ({m['marked'] / m['edges']:.1%}), zoomed in first "
                  f"{m['zoomed']} (then marked by the next tap: {m['then']}), marked another edge {m['other']}, "
                  f"did nothing {m['none']}"
                  + (" (goal: all marked)" if label.startswith("1280") else " (a finger: zooms where edges are < 24 px apart)"))
    runs = phone_taps(b, site, tap_seeds)
    print(f"phone 390x844 touch, hat 263 faces: taps to mark 20 random edges (seeds 35..{34 + tap_seeds}): "
          + ", ".join(f"{r['taps']} ({r['zooms']} zooms{'' if r['marked'] == 20 else ', ' + str(r['marked']) + ' marked'})"
                      for r in runs)
          + f"; max {max(r['taps'] for r in runs)} (goal <= 30 including zooms)")
    import json
    html = (site / "regen.html").read_text()
    boards = json.loads(html.split('id="tp-config">', 1)[1].split("</script>", 1)[0])["boards"]
    link = next(k for k in sorted(boards) if k.startswith("loopy."))
    for label, ctx in (("clicks, 1280x900", DESK), ("taps, 390x844", PHONE)):
        r = play_to_solved(b, site, link, ctx)
        print(f"site item {link[:24]}… played to the end by {label}: {r['presses']} presses ({r['zooms']} zooms) for "
              f"{r['edges']} loop edges; '{r['status'][:40]}' {'shown' if r['solved'] else 'NOT shown'} "
              f"{r['seconds'] * 1000:.0f} ms after the last press, Check pressed {r['checks']} times; "
              f"Python loaded by then: {r['python']}")


# the page's "make your own" form for a Loopy Hard puzzle on about 250 hat faces, and its command
LOOPY_FORM = {"tiling": "hat", "width": "63", "height": "47", "level": "hard"}
LOOPY_MAKE = ["loopy", "generate", "--tiling", "hat", "--width", "63", "--height", "47", "--seed", "{seed}",
              "--level", "hard", "--format", "json"]

# every tilepress.call the page makes, with its wall time (ms) and start (ms since the page opened)
LOG_CALLS = """() => { const T = window.tilepress, call = T.call; T.calls = [];
  T.call = function (module, name, args, opts) {
    const rec = {what: module + "." + name + (name === "run" ? " " + args[0].slice(0, 2).join(" ") : ""),
                 t0: performance.now()};
    T.calls.push(rec);
    const p = call.call(T, module, name, args, opts);
    p.then(() => { rec.ms = performance.now() - rec.t0; }, () => { rec.ms = -1; });
    return p; }; }"""


def _renderer_cpu() -> float:
    """CPU seconds so far (user + system, every thread) of the Chromium renderer processes this program
    started, from /proc (Linux): the page's own thread, its worker's Python and the WebAssembly
    engine's background compiling; 0 where /proc is missing."""
    procs = Path("/proc")
    if not procs.is_dir():
        return 0.0
    parent, ticks = {}, {}
    for d in procs.iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            if b"--type=renderer" in (d / "cmdline").read_bytes():
                ticks[int(d.name)] = int(fields[11]) + int(fields[12])     # utime + stime
            parent[int(d.name)] = int(fields[1])
        except (OSError, ValueError):
            continue                                    # a process that ended meanwhile
    mine, total = os.getpid(), 0
    for pid, t in ticks.items():
        up = pid
        while up > 1 and up != mine:
            up = parent.get(up, 0)
        total += t if up == mine else 0
    return total / os.sysconf("SC_CLK_TCK")


def _median(xs: list) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2]


def _page_make(b, site: Path, seed: int, idle: float) -> dict:
    """Make pressed to the puzzle shown in a fresh, warmed-up page: {"shown", "generate", "create"} s wall,
    and the renderer's CPU for the same ("shown_cpu", "generate_cpu", "create_cpu")."""
    page = b.new_page()
    page.set_default_timeout(600_000)
    page.goto(site.as_uri() + "/regen.html")
    page.evaluate("window.tilepress.ready().then(() => 1)")
    page.evaluate(LOG_CALLS)
    page.select_option("#tp-family", "loopy")            # the form asks for the worker's warm-up
    page.select_option("#tp-field-tiling", LOOPY_FORM["tiling"])
    for name in ("width", "height"):
        page.fill(f"#tp-field-{name}", LOOPY_FORM[name])
    page.select_option("#tp-field-level", LOOPY_FORM["level"])
    page.fill("#tp-seed", str(seed))
    page.evaluate("window.tilepress.warmUp().then(() => 1)")
    page.wait_for_timeout(idle * 1000)
    c0, t0 = _renderer_cpu(), page.evaluate("performance.now()")
    page.click("#tp-make button[type=submit]")
    page.wait_for_function("window.tilepress.calls.some((c) => c.what === 'webapi.run loopy generate' && c.ms)",
                           polling=10)
    c1 = _renderer_cpu()
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown') || "
                           "document.documentElement.getAttribute('data-tp-error')", polling=10)
    c2 = _renderer_cpu()
    if page.evaluate("document.documentElement.getAttribute('data-tp-error')"):
        raise SystemExit("error: " + page.evaluate("document.documentElement.getAttribute('data-tp-error')"))
    shown = (page.evaluate("performance.now()") - t0) / 1000
    gen = [c for c in page.evaluate("window.tilepress.calls") if c["what"] == "webapi.run loopy generate"][0]
    f = LOOPY_FORM
    page.wait_for_timeout(1000)                          # the hint's warm-up after the board, then quiet
    c3 = _renderer_cpu()
    create = page.evaluate("(a) => window.tilepress.call('webapi', 'clock', ['loopy.puzzle', 'create', a])",
                           [f["tiling"], f["width"], f["height"], seed, f["level"]])
    c4 = _renderer_cpu()
    page.close()
    return {"shown": shown, "generate": gen["ms"] / 1000, "create": create["seconds"],
            "shown_cpu": c2 - c0, "generate_cpu": c1 - c0, "create_cpu": c4 - c3}


def _cpython_make(seed: int) -> dict:
    """CPU seconds in CPython: {"create"}, {"rest"}: the generate command's other work and the calls the
    page makes after it (regen SVG and JSON, facts, board, hint), the worker's memo on as in the page."""
    import json
    from generator.loopy import puzzle
    f = LOOPY_FORM
    t = time.process_time()
    puzzle.create(f["tiling"], f["width"], f["height"], seed, f["level"])
    create = time.process_time() - t
    argv = [x.replace("{seed}", str(seed)) for x in LOOPY_MAKE]
    t = time.process_time()
    r = webapi.run(argv)
    command = time.process_time() - t
    if r.get("code"):
        raise SystemExit(f"error: {' '.join(argv)}: {r.get('stderr', '').strip()}")
    link = json.loads(r["stdout"])["permalink"]
    webapi.remember(webapi.PAGE_MEMO)
    try:
        t = time.process_time()
        webapi.cap_error(link, [], 10 ** 9)
        webapi.run(["regen", link, "--format", "svg"])
        webapi.run(["regen", link, "--format", "json"])
        webapi.describe(link)
        webapi.facts(link)
        webapi.player_call("board", link)
        after = time.process_time() - t
        t = time.process_time()
        webapi.player_call("hint", link, [], [])
        hint = time.process_time() - t
    finally:
        webapi.remember(0)
    return {"create": create, "command": command, "after": after, "hint": hint}


def make_loopy(b, site: Path, repeat: int, idle: float = 3) -> None:
    """Make a 250-face Hard hat puzzle with the page's form (goal <= 3 s), generation vs the rest,
    beside CPython's CPU."""
    web, cpy = [], []
    for seed in range(1, repeat + 1):      # interleaved: the machine's load hits both alike
        web.append(_page_make(b, site, seed, idle))
        cpy.append(_cpython_make(seed))
    m = {k: _median([w[k] for w in web]) for k in web[0]}
    c = {k: _median([x[k] for x in cpy]) for k in cpy[0]}
    rest = _median([w["shown"] - w["generate"] for w in web])
    rest_cpu = _median([w["shown_cpu"] - w["generate_cpu"] for w in web])
    print(f"make a Loopy Hard puzzle, hat 63x47 (about 250 faces), with the page's form, seeds 1..{repeat} (medians; "
          f"a fresh page per seed, the form filled in, then {idle:g} s idle):")
    print(f"  Pyodide: Make pressed -> puzzle shown {m['shown']:.2f} s wall (max {max(w['shown'] for w in web):.2f} s; "
          f"goal <= 3 s) = generation (the generate command's call) {m['generate']:.2f} s + the rest {rest:.2f} s "
          "(regen SVG + JSON, facts, board, messages, drawing)")
    print(f"           the same in CPU of Chromium's renderer (its page, worker and wasm compiler threads): "
          f"{m['shown_cpu']:.2f} s = generation {m['generate_cpu']:.2f} s + the rest {rest_cpu:.2f} s")
    print(f"  CPython: the generate command {c['command']:.2f} s CPU (puzzle.create {c['create']:.2f} s); the page's "
          f"calls after it {c['after']:.2f} s, the first hint after them {c['hint']:.2f} s")
    print(f"  puzzle.create alone in the worker afterwards {m['create']:.2f} s wall, {m['create_cpu']:.2f} s renderer "
          f"CPU; CPython {c['create']:.2f} s CPU: Pyodide / CPython {m['create_cpu'] / c['create']:.1f} by CPU "
          f"({m['create'] / c['create']:.1f} by wall, which the machine's load inflates)")


if __name__ == "__main__":
    sys.exit(main())
