"""Site items play before Python loads, and making a puzzle shows its work (regen.html in headless
Chromium over file://).

For each playable item the build writes <family>/<slug>.play.js beside it (the board and what the
page needs to check the marks itself: generator.webapi.page_data); regen.html#PERMALINK of a site
item draws that board at once and answers marks, live errors, Check and (calissons) Reveal without
Python, whose runtime loads afterwards in the background.  The page's own check gives the Python
check's verdicts exactly.  While the form makes a puzzle, the status line (with its seconds and
Cancel) stays visible and Make stays disabled until the new puzzle is shown.

A small site with a calisson and a Loopy item is built once for this file (the runtime vendored
once per session: this file shares browser_helpers' group)."""

from __future__ import annotations

import json
import random
import re
import shutil

import pytest

import browser_helpers
from browser_helpers import built_site, launch_chromium, PageErrors  # noqa: F401  (built_site: the xdist group)

from generator import webapi
from generator.calissons import permalink as cal_permalink
from generator.calissons import play as cal_play
from generator.loopy import play as loopy_play
from generator.pipeline import browser as browser_mod
from generator.pipeline.build import Options, build

pytestmark = pytest.mark.browser

# the browser tests' small site (browser_helpers.SITE_TOML) with a Loopy puzzle too
SITE_TOML = browser_helpers.SITE_TOML.replace("tilepress browser test", "tilepress instant test") + """
[families.loopy]
tilings = ["p3"]
levels = ["easy"]
seeds = [1]
sizes_p3 = [[5, 4]]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    browser_mod.missing_reason() and pytest.fail(browser_mod.missing_reason())
    root = tmp_path_factory.mktemp("instant")
    (root / "site.toml").write_text(SITE_TOML)
    build(Options(config=root / "site.toml", out=root / "site", cache_dir=root / "cache", jobs=1))
    return root / "site"


chromium = pytest.fixture(scope="module")(launch_chromium)


def _config(site) -> dict:
    html = (site / "regen.html").read_text()
    return json.loads(html.split('id="tp-config">', 1)[1].split("</script>", 1)[0])


def _links(site) -> dict:
    """{family prefix: the site's playable permalink} from the item pages' "Play it in your browser" links."""
    out = {}
    for page in sorted(site.glob("*/*.html")):
        for link in re.findall(r'href="\.\./regen\.html#([^"]+)">Play it in your browser', page.read_text()):
            out[link.split(".", 1)[0]] = link
    return out


def _marks(page):
    return page.evaluate("(() => { const l = window.tilepress.page.player.lists(); return [l.lines, l.crosses]; })()")


def _board_up(page, url):
    page.goto(url, wait_until="commit")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-board')", timeout=30000, polling=20)


def test_the_build_writes_each_playable_items_board(site):
    links = _links(site)
    assert set(links) == {"cal", "loopy"}
    boards = _config(site)["boards"]
    assert set(boards) == set(links.values())
    for link, path in boards.items():
        family = {"cal": "calissons", "loopy": "loopy"}[link.split(".", 1)[0]]
        assert path == f"{family}/{link}.play.js"
        data = webapi.page_data(link)
        assert (site / path).read_bytes() == browser_mod.play_script(link, data)      # deterministic bytes
        assert data["board"] == webapi.player_call("board", link)
    assert not list(site.glob("*/index.play.js"))


def test_page_checks_come_from_the_players():
    link = "cal.v1.3~QDTBAggEUIhI"
    assert cal_play.page_check(link)["lines"] == cal_play.solution(link)["lines"]
    assert cal_play.page_check(cal_permalink.encode(2, [])) is None       # many solutions: Python checks
    loopy = "loopy.v1.eb3a1g110c0c2a0c.p3.v1.4_3_2_DXCYYDXXYD"
    answer = loopy_play.solution(loopy)["lines"]
    assert loopy_play.page_check(loopy) == {"rule": "loop", "total": len(answer), "lines": answer}   # for Reveal
    assert webapi.page_data("cal.v2.16.s1") is None                        # a tiling, not a puzzle


def _mark_sets(link: str, count: int, seed: int) -> list:
    """Marks round the answer: parts of it, extra lines, crosses (right and wrong), the answer itself."""
    board = webapi.player_call("board", link)
    answer = webapi.player_call("solution", link)["lines"]
    free = [i for i in range(len(board["edges"])) if i not in set(board["givens"])]
    rng = random.Random(seed)
    out = [([], []), (sorted(answer), []), (sorted(answer[1:]), [answer[0]])]
    for _ in range(count):
        lines = set(rng.sample(answer, rng.randint(0, len(answer))))
        lines |= set(rng.sample(free, rng.choice([0, 0, 1, 2, 5])))
        rest = [i for i in free if i not in lines]
        crosses = set(rng.sample(rest, rng.randint(0, min(len(rest), rng.choice([0, 3, 10, len(rest) // 2])))))
        out.append((sorted(lines), sorted(crosses)))
    return out


def _shaded(link: str, sets: list, seed: int) -> list:
    """The mark sets with faces shaded: half of them by the answer's sides (inside the loop or not),
    some of those shades flipped, the rest at random."""
    board = webapi.player_call("board", link)
    answer = set(webapi.player_call("solution", link)["lines"])
    nf = len(board["faces"])
    sides = [-1] * len(board["edges"]), [-1] * len(board["edges"])
    adj = [[] for _ in range(nf)]
    for f, es in enumerate(board["face_edges"]):
        for e in es:
            if sides[0][e] < 0:
                sides[0][e] = f
            else:
                sides[1][e] = f
    for e in range(len(board["edges"])):
        a, b = sides[0][e], sides[1][e]
        if a >= 0 and b >= 0:
            adj[a].append((b, e in answer))
            adj[b].append((a, e in answer))
    inside = [None] * nf                  # the answer's sides: a rim face off the loop is outside
    for e in range(len(board["edges"])):
        a, b = sides[0][e], sides[1][e]
        if b < 0 and inside[a] is None:
            inside[a] = e in answer
            stack = [a]
            while stack:
                f = stack.pop()
                for g, cut in adj[f]:
                    if inside[g] is None:
                        inside[g] = inside[f] != cut
                        stack.append(g)
    rng = random.Random(seed)
    out = []
    for k, (lines, crosses) in enumerate(sets):
        faces = rng.sample(range(nf), rng.randint(0, nf))
        if k % 2:
            shade = {f: inside[f] != (rng.random() < 0.03) for f in faces}
        else:
            shade = {f: rng.random() < 0.5 for f in faces}
        out.append((lines, crosses, sorted(f for f in shade if shade[f]), sorted(f for f in shade if not shade[f])))
    return out


def test_the_pages_check_is_the_python_check(chromium, site):
    """T.localCheck on the build's board file gives generator/<family>/play.py's check, verdict for verdict
    (Loopy: with faces shaded inside and outside too)."""
    page = chromium.new_page()
    errors = PageErrors(page)
    for link in _links(site).values():
        _board_up(page, site.as_uri() + "/regen.html#" + link)
        sets = _mark_sets(link, 300, 7)
        if link.startswith("loopy."):
            sets += _shaded(link, sets, 8)
        got = page.evaluate("""([link, sets]) => sets.map((s) =>
            window.tilepress.localCheck.apply(null, [window.tilepressBoards[link]].concat(s)))""", [link, sets])
        want = [webapi.player_call("check", link, *marks) for marks in sets]
        assert got == want
        verdicts = {w["message"].split(" ")[0] + str(w["solved"]) for w in want}
        assert len(verdicts) >= 3, verdicts                  # solved, unfinished and wrong ones were compared
        if link.startswith("loopy."):
            shades = {w["message"].split(":")[0] for w in want if w["faces"]}
            assert len(shades) == 3, shades                  # each of the shading contradictions was compared
    assert errors.errors == []
    page.close()


@pytest.mark.parametrize("prefix", ["loopy", "cal"])
def test_a_site_item_plays_with_no_runtime_at_all(chromium, site, tmp_path, prefix):
    """The site without regen/runtime/: the item's board still takes marks, shows live errors, checks,
    notices the solution without Check and reveals the answer (Undo brings the board back)."""
    bare = tmp_path / "bare"
    shutil.copytree(site, bare, ignore=shutil.ignore_patterns("runtime"))
    link = _links(site)[prefix]
    answer = webapi.player_call("solution", link)["lines"]
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    _board_up(page, bare.as_uri() + "/regen.html#" + link)
    page.evaluate("localStorage.clear()")
    page.click("#tp-reset")
    page.click("#tp-zoom-in")                 # the whole board is shown first; edges are clicked zoomed in
    for i in answer[:-1]:
        page.click(f"path.hit[data-edge='{i}']")
    assert _marks(page) == [sorted(answer[:-1]), []]
    page.click("#tp-check")
    page.wait_for_function("document.getElementById('tp-play-status').textContent !== ''")
    assert re.match(r"No (rule broken|mistake) so far", page.inner_text("#tp-play-status"))
    if prefix == "loopy":                     # a live error: a third line at a dot of the loop
        board = webapi.player_call("board", link)
        dot = board["edges"][answer[0]][0]
        third = next(i for i, e in enumerate(board["edges"]) if dot in e and i not in answer)
        page.click(f"path.hit[data-edge='{third}']")
        assert page.evaluate("document.querySelectorAll('.tp-dots circle.wrong').length") == 1
        page.click("#tp-undo")
    page.click(f"path.hit[data-edge='{answer[-1]}']")
    page.wait_for_selector("#tp-play-status.solved", timeout=5000)      # noticed: no Check pressed
    assert page.inner_text("#tp-play-status").startswith("Solved!")
    page.click("#tp-reset")
    page.click("#tp-confirm-yes")
    assert _marks(page) == [[], []]
    page.click("#tp-reveal")                  # the answer from the board file (both families)
    page.click("#tp-confirm-yes")
    page.wait_for_function("window.tilepress.page.player.lists().lines.length > 0")
    assert _marks(page)[0] == sorted(answer)
    page.click("#tp-undo")
    assert _marks(page) == [[], []]
    assert page.evaluate("window.tilepress.isReady()") is False          # no Python was ever there
    page.close()


def _bench():
    """bench/browser.py as a module (its player figures are what this checks)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "bench" / "browser.py"
    spec = importlib.util.spec_from_file_location("bench_browser", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("device", ["DESK", "PHONE"])
def test_a_site_item_is_played_to_solved_by_clicks_and_by_taps_without_check(chromium, site, tmp_path, device):
    """bench/browser.py's play_to_solved on the site without its runtime: the answer drawn by mouse
    clicks at 1280 px, or by finger taps at 390 px (zooming where the page zooms), says "Solved"
    with Check never pressed and no Python."""
    bare = tmp_path / "bare"
    shutil.copytree(site, bare, ignore=shutil.ignore_patterns("runtime"))
    bench = _bench()
    r = bench.play_to_solved(chromium, bare, _links(site)["loopy"], getattr(bench, device))
    assert r["solved"] and r["status"].startswith("Solved!"), r
    assert r["checks"] == 0 and r["python"] is False
    assert r["edges"] <= r["presses"] <= r["edges"] + 3, r            # one press an edge, a zoom or two at most


# The board's top (page coordinates), sampled every 20 ms from the moment it is up.
TOPS = """() => { window._tops = []; const box = document.getElementById('tp-board');
  const sample = () => window._tops.push(Math.round(box.getBoundingClientRect().top + scrollY));
  sample(); window._topper = setInterval(sample, 20); }"""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_board_stays_put_while_python_loads_and_after_a_zoom(chromium, site, width):
    """Nothing above a site item's board comes, goes or wraps while Python loads behind it (the
    status line sits below the board; the solution's place is kept from the start); on a phone the
    zoom note appears below the board, so the second tap at the same spot marks the edge."""
    link = _links(site)["loopy"]
    touch = {"has_touch": True, "is_mobile": True} if width == 390 else {}
    context = chromium.new_context(viewport={"width": width, "height": 900 if width > 400 else 844}, **touch)
    page = context.new_page()
    errors = PageErrors(page)
    _board_up(page, site.as_uri() + "/regen.html#" + link)
    page.evaluate(TOPS)
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=120000)
    page.wait_for_function("!document.getElementById('tp-facts').textContent.includes('being worked out')")
    page.wait_for_timeout(200)
    tops = page.evaluate("clearInterval(window._topper); window._tops")
    assert len(tops) >= 10 and set(tops) == {tops[0]}, sorted(set(tops))
    assert page.is_visible("#tp-solution") and page.is_hidden("#tp-status")
    if width == 390:
        player = "window.tilepress.page.player"
        edge = loopy_play.solution(link)["lines"][0]
        x, y = page.evaluate(f"""(i) => {{ const p = {player}, e = p.board.edges[i], d = p.board.dots;
            p.svg.scrollIntoView({{block: 'center'}});
            const q = new DOMPoint((d[e[0]][0] + d[e[1]][0]) / 2, (d[e[0]][1] + d[e[1]][1]) / 2)
              .matrixTransform(p.svg.getScreenCTM()); return [q.x, q.y]; }}""", edge)
        top = page.evaluate("document.getElementById('tp-board').getBoundingClientRect().top + scrollY")
        scale = page.evaluate(f"{player}.scale")
        page.touchscreen.tap(x, y)
        assert page.evaluate(f"{player}.scale") > scale and page.inner_text("#tp-zoom-note").startswith("Zoomed in")
        assert page.evaluate("document.getElementById('tp-board').getBoundingClientRect().top + scrollY") == top
        page.touchscreen.tap(x, y)                   # the same spot again: the edge the finger was on
        assert page.evaluate(f"{player}.marks[{edge}]") == 1
        assert page.inner_text("#tp-zoom-note") == ""      # "tap the edge now" is done with
    assert errors.errors == []
    context.close()


P2 = "loopy.v2.ea32b3b3d11c0c211a0a1a12b21e13b22231a11a112c0a002b1g2c13.p2.v1.6_5_9_AVVBUABUAA"   # 81 faces


def test_after_a_phone_zoom_the_same_spot_is_the_same_edge(chromium, site):
    """390 px, touch, a P2 board whose box grows with it when zoomed in (it cannot scroll that
    far): the window scrolls instead, and the zoom keeps the finger's own point (inside the box's
    border) within 1.5 px, so a second tap where the first one zoomed marks that edge."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = PageErrors(page)
    page.goto(site.as_uri() + "/regen.html#" + P2)
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=120000)
    player = "window.tilepress.page.player"
    free = page.evaluate(f"{player}.free")
    missed, zooms = [], 0
    for i in free[::5]:
        x, y = page.evaluate(f"""(i) => {{ const p = {player}, e = p.board.edges[i], d = p.board.dots;
            p.fit(); p.svg.scrollIntoView({{block: 'center'}});
            const q = new DOMPoint((d[e[0]][0] + d[e[1]][0]) / 2, (d[e[0]][1] + d[e[1]][1]) / 2)
              .matrixTransform(p.svg.getScreenCTM()); return [q.x, q.y]; }}""", i)
        scale = page.evaluate(f"{player}.scale")
        under = f"([x, y]) => {{ const q = {player}.toBoard(x, y); return [q.x, q.y]; }}"
        before = page.evaluate(under, [x, y])
        page.touchscreen.tap(x, y)
        if page.evaluate(f"{player}.scale") > scale:
            zooms += 1
            after, new = page.evaluate(under, [x, y]), page.evaluate(f"{player}.scale")
            drift = max(abs(after[0] - before[0]), abs(after[1] - before[1])) * new
            assert drift <= 1.5, (i, drift)          # the finger's point, not the click's adjusted one
            page.touchscreen.tap(x, y)
        if page.evaluate(f"{player}.marks[{i}]") != 1:
            missed.append(i)
        page.evaluate(f"{player}.reset()")
    assert zooms >= len(free[::5]) // 2 and missed == [], (zooms, missed)
    assert errors.errors == []
    context.close()


def test_a_site_item_takes_a_mark_before_python_has_loaded(chromium, site):
    """The board is up from the page, its own picture and the board file (no runtime file asked for
    yet); a click marks an edge while Python is still loading; once Python has loaded (picture,
    facts) the same board keeps the mark."""
    link = _links(site)["loopy"]
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    errors = PageErrors(page)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    _board_up(page, site.as_uri() + "/regen.html#" + link)
    before = list(requests)
    assert any(u.endswith(".play.js") for u in before) and not [u for u in before if "/runtime/" in u]
    page.evaluate("localStorage.clear(); window._p = window.tilepress.page.player")
    page.click("#tp-reset")
    page.click("#tp-zoom-in")
    edge = loopy_play.solution(link)["lines"][0]
    page.click(f"path.hit[data-edge='{edge}']")
    state = page.evaluate("[window.tilepress.page.player.lists().lines, window.tilepress.isReady()]")
    assert state == [[edge], False]                                     # marked, Python not loaded yet
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=120000)
    assert page.evaluate("window.tilepress.isReady() && window.tilepress.page.player === window._p")
    assert _marks(page) == [[edge], []]
    assert [u for u in requests if u.endswith("/runtime/wasm.js")]      # the runtime came afterwards
    assert not page.is_visible("#tp-figure") and page.is_visible("#tp-board svg")
    page.wait_for_function("!document.getElementById('tp-facts').textContent.includes('being worked out')")
    assert errors.errors == []
    page.close()


# Samples the status line every 50 ms from the moment the form is submitted (the page's own submit
# handler runs after this capturing one, in the same task: the first sample is taken after it).
def test_cancel_while_python_loads_keeps_the_board(chromium, site):
    """Cancel on the status line while the runtime loads behind a site item's board: the loading
    stops with a note (no call left hanging), the board keeps playing."""
    link = _links(site)["cal"]
    page = chromium.new_page()
    errors = PageErrors(page)
    _board_up(page, site.as_uri() + "/regen.html#" + link)
    page.wait_for_selector("#tp-cancel", state="visible", timeout=10000)
    assert page.evaluate("window.tilepress.isReady()") is False
    page.click("#tp-cancel")
    page.wait_for_function("document.getElementById('tp-note').textContent.includes('Stopped')", timeout=30000)
    assert page.evaluate("window.tilepress.page.depth") == 0                 # the page's task has ended
    page.evaluate("localStorage.clear()")
    page.click("#tp-reset")
    edge = cal_play.solution(link)["lines"][0]
    page.click(f"path.hit[data-edge='{edge}']")
    assert _marks(page) == [[edge], []]
    assert page.evaluate("() => window.tilepress.ready().then(() => window.tilepress.isReady())")   # a fresh start
    assert errors.errors == []
    page.close()


SAMPLER = """() => { window._samples = []; const $ = (id) => document.getElementById(id);
  const sample = () => window._samples.push({
      status: !$("tp-status").hidden && $("tp-status").offsetParent !== null, text: $("tp-status-text").textContent,
      cancel: !$("tp-cancel").hidden && $("tp-cancel").offsetParent !== null, make: $("tp-make-submit").disabled,
      shown: document.documentElement.getAttribute("data-tp-shown")});
  $("tp-make").addEventListener("submit", () => {
      if (!window._sampler) window._sampler = setInterval(sample, 50); }, {capture: true, once: true}); }"""


def _make_and_sample(page, fields: dict, timeout: float):
    page.select_option("#tp-family", "loopy")
    page.select_option("#tp-field-tiling", fields["tiling"])
    for name in ("width", "height"):
        page.fill(f"#tp-field-{name}", str(fields[name]))
    page.select_option("#tp-field-level", fields["level"])
    page.evaluate(SAMPLER)
    page.click("#tp-make-submit")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown') || "
                           "document.documentElement.getAttribute('data-tp-error')", timeout=timeout, polling=50)
    page.wait_for_timeout(200)
    samples = page.evaluate("clearInterval(window._sampler); window._samples")
    assert page.evaluate("document.documentElement.getAttribute('data-tp-error')") is None
    making = [s for s in samples if not s["shown"]]
    return samples, making


def _assert_shows_its_work(page, samples, making):
    assert len(making) >= 10, len(making)
    bad = [s for s in making if not (s["status"] and s["cancel"] and s["make"] and re.search(r"… \d+ s", s["text"]))]
    assert bad == [], [(s["text"], s["status"], s["cancel"], s["make"]) for s in bad[:3]]
    seconds = [int(m) for s in making for m in re.findall(r"… (\d+) s", s["text"])]
    assert seconds == sorted(seconds) and seconds[-1] >= 1          # one clock, counting on
    assert any("Making a new Loopy puzzle" in s["text"] for s in making)
    page.wait_for_function("!document.getElementById('tp-make-submit').disabled")
    page.wait_for_selector("#tp-status", state="hidden", timeout=60000)


def test_making_a_puzzle_keeps_status_time_and_cancel_visible(chromium, site):
    """From Make (Python not loaded yet) until the new puzzle is shown, sampled every 50 ms.  A
    600-face hat puzzle (about 2.5 s here): a small one can load and be made within the first
    second, before the clock has anything to count."""
    page = chromium.new_page()
    page.goto(site.as_uri() + "/regen.html")
    samples, making = _make_and_sample(page, {"tiling": "hat", "width": 100, "height": 76, "level": "normal"}, 180000)
    _assert_shows_its_work(page, samples, making)
    # a second Make while one runs is refused: the button is disabled, and a submit is ignored
    page.evaluate("() => { window._runs = 0; const run = window.tilepress.run; window.tilepress.run = function (a) { "
                  "if (a[0] === 'loopy') window._runs += 1; return run.call(window.tilepress, a); }; }")
    page.fill("#tp-seed", "2")
    state = page.evaluate("""() => { const button = document.getElementById('tp-make-submit');
        button.click(); const first = [window._runs, button.disabled];
        button.click(); window.tilepress.page.make(); return first.concat([window._runs]); }""")
    assert state == [1, True, 1]
    page.wait_for_function("!document.getElementById('tp-make-submit').disabled", timeout=180000)
    page.close()


@pytest.mark.slow                       # about a minute on the loaded 2-core machine
def test_making_a_600_face_puzzle_keeps_status_time_and_cancel_visible(chromium, site):
    page = chromium.new_page()
    page.goto(site.as_uri() + "/regen.html")
    samples, making = _make_and_sample(page, {"tiling": "p2", "width": 17, "height": 16, "level": "hard"}, 600000)
    assert re.search(r"\d+ faces", page.inner_text("#tp-title"))
    assert page.inner_text("#tp-play-title") == "Play"          # the title once, above
    faces = int(re.search(r"(\d+) faces", page.inner_text("#tp-title")).group(1))
    assert 540 <= faces <= 680, faces
    _assert_shows_its_work(page, samples, making)
    page.close()
