"""The edge player of regen.html in headless Chromium (file://): marking at the fitted scale with
a mouse (every edge of a hat and a P2 board marks from a click at its midpoint), drag pans and
Shift-drag draws, a mini-map while zoomed in, solved noticed without Check (and the page's solvedByRules agrees with the
engines' check), Reveal and Start again ask first and are undone by Undo, the undo history and
the face shading survive a reload, wrong lines differ in width and dash (not only colour),
satisfied clues greyed, auto-cross and timer options remembered.

One small interactive site per session (browser_helpers.built_site), one browser for the file."""

from __future__ import annotations

import json

import pytest

from browser_helpers import built_site, launch_chromium, PageErrors

from generator.calissons import play as cal_play
from generator.loopy import play as loopy_play

pytestmark = pytest.mark.browser

LOOPY = "loopy.v1.eb3a1g110c0c2a0c.p3.v1.4_3_2_DXCYYDXXYD"      # 28 faces, a 24-edge loop
HAT = ("loopy.v1.e0c0a7a9Ca6A7b42a795b0b9b3874cAA6a7aAbAC376Bb99689579Aa7Ac"
       ".hat.v1.28x24.r0.4-0-1-8-7-H")                                   # 69 faces, 559 edges
P2 = "loopy.v2.ea32b3b3d11c0c211a0a1a12b21e13b22231a11a112c0a002b1g2c13.p2.v1.6_5_9_AVVBUABUAA"   # 81 faces
CAL = "cal.v1.3~QDTBAggEUIhI"
PLAYER = "tilepress.page.player"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.getbasetemp() / "browser-site")


chromium = pytest.fixture(scope="module")(launch_chromium)


@pytest.fixture(scope="module")
def desk(chromium, site):
    """One 1280 x 900 page for the tests that need no reload (each opens its board with show())."""
    page, errors = open_board(chromium, site, CAL)
    yield page
    # (axe-core's own requests fail on file://: not the page's errors)
    assert [e for e in errors.errors if "axe" not in e and "ERR_FAILED" not in e and "XMLHttpRequest" not in e] == []
    page.context.close()


def show(page, link):
    """Open another permalink in the same page with an empty board."""
    page.evaluate("(link) => { localStorage.removeItem('tilepress.play.' + link); location.hash = link; }", link)
    page.wait_for_function("(link) => document.documentElement.getAttribute('data-tp-shown') === link", arg=link,
                           timeout=90000)
    assert marks(page) == [[], []]


def open_board(browser, site, link, width=1280, height=900, **ctx):
    """A fresh context (empty localStorage) on regen.html#link, the board shown; (page, errors)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **ctx)
    page = context.new_page()
    errors = PageErrors(page)
    page.goto(site.as_uri() + "/regen.html#" + link)
    page.wait_for_selector("#tp-play:not([hidden])", timeout=90000)
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=90000)
    return page, errors


def marks(page):
    return page.evaluate(f"() => {{ const l = {PLAYER}.lists(); return [l.lines, l.crosses]; }}")


def midpoint(page, i):
    """Client coordinates of edge i's midpoint (the board box and the window scrolled so that it is
    in view: the page's scrolling, not a tap)."""
    return page.evaluate(f"""(i) => {{ const p = {PLAYER}, e = p.board.edges[i], d = p.board.dots;
        const at = () => new DOMPoint((d[e[0]][0] + d[e[1]][0]) / 2, (d[e[0]][1] + d[e[1]][1]) / 2)
          .matrixTransform(p.svg.getScreenCTM());
        let q = at(), r = p.box.getBoundingClientRect();
        if (q.x < r.left + 20 || q.x > r.right - 20) p.box.scrollLeft += q.x - (r.left + r.width / 2);
        if (q.y < r.top + 20 || q.y > r.bottom - 20) p.box.scrollTop += q.y - (r.top + r.height / 2);
        q = at();
        const vh = (window.visualViewport || window).height || innerHeight;
        if (q.y < 60 || q.y > vh - 20) window.scrollBy(0, q.y - vh / 2);
        q = at();
        return [q.x, q.y]; }}""", i)


def click_edge(page, i, **kw):
    x, y = midpoint(page, i)
    page.mouse.click(x, y, **kw)


def fitted_share(page):
    """At the fitted scale: [share of markable edges whose midpoint click marks that edge, edges,
    the board fits its box, median edge length in px] (the page's own click target, and the
    element under the point is the board)."""
    return page.evaluate(f"""() => {{ const p = {PLAYER}, d = p.board.dots, m = p.svg.getScreenCTM();
        p.svg.scrollIntoView({{block: 'center'}});
        const ctm = p.svg.getScreenCTM();
        let good = 0, off = 0; const lengths = [];
        p.free.forEach((i) => {{ const e = p.board.edges[i];
          const q = new DOMPoint((d[e[0]][0] + d[e[1]][0]) / 2, (d[e[0]][1] + d[e[1]][1]) / 2).matrixTransform(ctm);
          const t = p.target(q.x, q.y, 'mouse'), under = document.elementFromPoint(q.x, q.y);
          if (t && t.edge === i && t.zoom === undefined && p.svg.contains(under)) good += 1;
          const dx = d[e[1]][0] - d[e[0]][0], dy = d[e[1]][1] - d[e[0]][1], L = Math.hypot(dx, dy) * p.scale;
          if ([-1, 1].every((k) => {{ const u = p.target(q.x - k * 4 * dy * p.scale / L, q.y + k * 4 * dx * p.scale / L, 'mouse');
            return u && u.edge === i; }})) off += 1;
          lengths.push(Math.hypot(d[e[0]][0] - d[e[1]][0], d[e[0]][1] - d[e[1]][1]) * p.scale); }});
        lengths.sort((a, b) => a - b);
        const s = p.svg.getBoundingClientRect(), b = p.box;
        return [good / p.free.length, p.free.length, s.width <= b.clientWidth + 1 && s.height <= b.clientHeight + 1,
                lengths[lengths.length >> 1], off / p.free.length]; }}""")


@pytest.mark.parametrize("link", [HAT, P2])
def test_a_click_at_the_fitted_scale_marks_the_edge(desk, link):
    page = desk
    show(page, link)
    share, count, fits, median, off = fitted_share(page)
    print(f"\n{link.split('.')[3]}: {share:.3f} of {count} edges marked by a midpoint click at the fitted scale "
          f"(median edge {median:.1f} px); {off:.3f} also by clicks 4 px to either side")
    assert fits and share == 1.0
    scale = page.evaluate(f"{PLAYER}.scale")
    # real mouse clicks, no zoom: line, cross, empty; a right click crosses
    board = loopy_play.board(link)
    for i in (0, len(board["edges"]) // 2, len(board["edges"]) - 1):
        click_edge(page, i)
        assert i in marks(page)[0]
        click_edge(page, i)
        assert i in marks(page)[1]
        click_edge(page, i)
        click_edge(page, i, button="right")
        assert marks(page) == [[], [i]]
        click_edge(page, i, button="right")
    assert marks(page) == [[], []] and page.evaluate(f"{PLAYER}.scale") == scale


def test_drag_pans_and_shift_drag_draws(desk):
    page = desk
    show(page, HAT)
    shown = "getComputedStyle(document.querySelector('#tp-board canvas.tp-map')).display !== 'none'"
    assert not page.evaluate(shown)                                    # no mini-map for the whole board
    page.click("#tp-zoom-in")
    page.click("#tp-zoom-in")
    page.wait_for_function(shown)                                      # zoomed in: the mini-map shows where
    box = page.query_selector("#tp-board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = page.evaluate("[document.getElementById('tp-board').scrollLeft, document.getElementById('tp-board').scrollTop]")
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx - 60, cy - 50, steps=6)
    page.mouse.up()
    after = page.evaluate("[document.getElementById('tp-board').scrollLeft, document.getElementById('tp-board').scrollTop]")
    assert marks(page) == [[], []]                                     # a drag marks nothing
    assert abs(after[0] - before[0] - 60) <= 2 and abs(after[1] - before[1] - 50) <= 2
    # Shift-drag from a dot through two neighbours draws two lines, as one undo step
    board = loopy_play.board(HAT)
    at = {}
    for i, (a, b) in enumerate(board["edges"]):
        at.setdefault(a, []).append((i, b))
        at.setdefault(b, []).append((i, a))
    d0 = page.evaluate(f"""() => {{ const p = {PLAYER}, r = p.box.getBoundingClientRect();
        return p.dotAt(r.left + r.width / 2, r.top + r.height / 2); }}""")
    (e1, d1) = at[d0][0]
    (e2, d2) = next((e, d) for e, d in at[d1] if e != e1)

    def dot_xy(d):
        return page.evaluate(f"""(k) => {{ const p = {PLAYER}, q = new DOMPoint(p.board.dots[k][0], p.board.dots[k][1])
            .matrixTransform(p.svg.getScreenCTM()); return [q.x, q.y]; }}""", d)
    page.keyboard.down("Shift")
    page.mouse.move(*dot_xy(d0))
    page.mouse.down()
    for d in (d1, d2):
        x, y = dot_xy(d)
        page.mouse.move(x, y, steps=8)
    page.mouse.up()
    page.keyboard.up("Shift")
    assert marks(page) == [sorted([e1, e2]), []]
    page.click("#tp-undo")
    assert marks(page) == [[], []]
    page.click("#tp-fit")
    page.wait_for_function(f"!({shown})")


def test_solved_is_noticed_without_check(chromium, site):
    answer = loopy_play.solution(LOOPY)["lines"]
    page, errors = open_board(chromium, site, LOOPY)
    for i in answer[:-1]:
        click_edge(page, i)
    assert page.inner_text("#tp-play-status") == ""
    assert not page.evaluate(f"{PLAYER}.solved")
    click_edge(page, answer[-1])
    assert page.inner_text("#tp-play-status").startswith("Solved")
    assert page.get_attribute("#tp-play-status", "class") == "solved"
    assert "tp-solved" in page.get_attribute("svg.tp-board", "class")
    stored = page.evaluate(f"JSON.parse(localStorage.getItem({PLAYER}.storeKey))")
    assert stored["solved"] is True and stored["lines"] == sorted(answer)
    # undo: not solved any more; redo: solved again; reload: still solved, said at once
    page.click("#tp-undo")
    assert not page.evaluate(f"{PLAYER}.solved") and page.inner_text("#tp-play-status") == ""
    page.click("#tp-redo")
    assert page.inner_text("#tp-play-status").startswith("Solved")
    page.reload()
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=90000)
    assert page.inner_text("#tp-play-status").startswith("Solved")
    # the page's rules agree with the engines' check, line sets near the answer included
    sets = [answer, answer[1:], answer + [next(i for i in range(40) if i not in answer)], [], answer[:3]]
    js = page.evaluate(f"(sets) => sets.map((s) => tilepress.solvedByRules({PLAYER}.board, s))", sets)
    assert js == [loopy_play.check(LOOPY, s, [])["solved"] for s in sets] == [True, False, False, False, False]
    assert errors.errors == []
    page.context.close()


def test_calisson_marks_at_fitted_scale_and_solved_is_noticed(desk):
    answer = cal_play.solution(CAL)["lines"]
    page = desk
    show(page, LOOPY)
    show(page, CAL)
    share, count, fits, _median, _off = fitted_share(page)
    assert fits and share == 1.0
    for i in answer[:-1]:
        click_edge(page, i)
    assert page.inner_text("#tp-play-status") == ""
    click_edge(page, answer[-1])
    assert page.inner_text("#tp-play-status").startswith("Solved")
    board = cal_play.board(CAL)
    free = [i for i in range(len(board["edges"])) if i not in board["givens"]]
    sets = [answer, answer[1:], answer + [next(i for i in free if i not in answer)], [],
            [i for i in free if i not in answer][:len(answer)]]
    js = page.evaluate(f"(sets) => sets.map((s) => tilepress.solvedByRules({PLAYER}.board, s))", sets)
    assert js == [cal_play.check(CAL, s, [])["solved"] for s in sets] and js[0] is True
    page.evaluate(f"{PLAYER}.reset()")


HAT250 = ("loopy.v2.ec6a2a7Ba7b7a9eB8BBC8bB8a9Da9aA689aD67a9A944B7b8a7a2C7c7a2a8bAb8CABaA0cC3a79c8b1aAc8cAD3c8b49B07"
          "B3e22b7c65aB6A04AfA7dAb0a2982B0a9a7CAaC90f498b6776a6a88a50B06a2b45Aa8ACd575a87Aa9c9Aa95aCBB36a7bCa9AaCbAAa8d"
          "Da.hat.v1.64x48.r0.4-0-1-8-7-4-H")                              # 263 faces


@pytest.mark.slow
def test_phone_taps_mark_20_random_edges_in_at_most_30_taps(chromium, site):
    """390 px, touch: a tap marks where the edges are a finger apart; where they are closer it first
    zooms just as far as that spot needs.  Scrolling the board to an edge is not a tap."""
    import random
    page, errors = open_board(chromium, site, HAT250, width=390, height=844, has_touch=True, is_mobile=True)
    # pinch-zoom is not blocked (Chromium computes "pan-x pan-y pinch-zoom" as "manipulation")
    assert page.evaluate("getComputedStyle(document.querySelector('svg.tp-board')).touchAction") in (
        "manipulation", "pan-x pan-y pinch-zoom", "auto")
    fitted, safe = page.evaluate(f"[{PLAYER}.scale, {PLAYER}.playScale]")
    picks = random.Random(35).sample(page.evaluate(f"{PLAYER}.free"), 20)
    taps = zooms = 0
    for i in picks:
        for _attempt in range(3):
            x, y = (round(v) for v in midpoint(page, i))    # the finger's point, in whole px (the spot below)
            scale = page.evaluate(f"{PLAYER}.scale")
            spot = f"(() => {{ const q = {PLAYER}.toBoard({x}, {y}); return [q.x, q.y]; }})()"
            before = page.evaluate(spot)
            page.touchscreen.tap(x, y)
            taps += 1
            if i in marks(page)[0]:
                break
            assert page.evaluate(f"{PLAYER}.scale") > scale and marks(page)[0] == [j for j in picks if j in marks(page)[0]]
            page.wait_for_timeout(50)
            after, now = page.evaluate(spot), page.evaluate(f"{PLAYER}.scale")
            assert abs(after[0] - before[0]) * now < 2 and abs(after[1] - before[1]) * now < 2    # still under the finger
            zooms += 1
        assert i in marks(page)[0]
    first = page.evaluate(f"{PLAYER}.scale")
    print(f"\nphone 390 px, hat (263 faces): {taps} taps ({zooms} zooms) marked 20 random edges; "
          f"fitted {fitted:.1f} px/unit, after the zooms {first:.1f}, the whole board's tap-safe scale {safe:.1f}")
    assert taps <= 30 and sorted(marks(page)[0]) == sorted(picks)
    assert errors.errors == []
    page.context.close()


def test_reveal_and_start_again_ask_first_and_undo_survives_a_reload(chromium, site):
    answer = loopy_play.solution(LOOPY)["lines"]
    board = loopy_play.board(LOOPY)
    other = next(i for i in range(len(board["edges"])) if i not in answer)
    page, errors = open_board(chromium, site, LOOPY)
    for i in answer[:5]:
        click_edge(page, i)
    click_edge(page, other, button="right")
    mine = [sorted(answer[:5]), [other]]
    assert marks(page) == mine
    page.click("#tp-reveal")                                 # asks in the page; Cancel keeps everything
    assert page.is_visible("#tp-confirm") and "Undo" in page.inner_text("#tp-confirm")
    page.click("#tp-confirm-no")
    assert not page.is_visible("#tp-confirm") and marks(page) == mine
    page.click("#tp-reveal")
    page.click("#tp-confirm-yes")
    page.wait_for_function(f"{PLAYER}.lists().lines.length === {len(answer)}")
    assert marks(page) == [sorted(answer), []]
    page.click("#tp-undo")                                   # Undo brings the marks back
    assert marks(page) == mine
    page.click("#tp-reset")
    assert marks(page) == mine                               # not before the answer
    page.click("#tp-confirm-yes")
    assert marks(page) == [[], []]
    page.click("#tp-undo")
    assert marks(page) == mine
    page.reload()                                            # the history survives a reload
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=90000)
    assert marks(page) == mine
    page.click("#tp-undo")
    assert marks(page) == [sorted(answer[:5]), []]
    page.click("#tp-undo")
    assert marks(page) == [sorted(answer[:4]), []]
    page.click("#tp-redo")
    page.click("#tp-redo")
    assert marks(page) == mine
    assert errors.errors == []
    page.context.close()


def face_point(page, f):
    """Client coordinates of a point where a click shades face f (the window scrolled to it)."""
    return page.evaluate(f"""(f) => {{ const p = {PLAYER}, b = p.board, ring = b.faces[f].map((k) => b.dots[k]);
        p.svg.scrollIntoView({{block: 'center'}});
        const cx = ring.reduce((a, q) => a + q[0], 0) / ring.length, cy = ring.reduce((a, q) => a + q[1], 0) / ring.length;
        const cands = [[cx, cy]].concat(ring.map((q) => [(q[0] + cx) / 2, (q[1] + cy) / 2]));
        for (const c of cands) {{
          const q = new DOMPoint(c[0], c[1]).matrixTransform(p.svg.getScreenCTM()), t = p.target(q.x, q.y, 'mouse');
          if (t && t.face === f) return [q.x, q.y];
        }}
        return null; }}""", f)


def test_face_shading_round_trips_a_reload_and_a_wrong_shade_is_marked(chromium, site):
    board = loopy_play.board(LOOPY)
    fe = board["face_edges"]
    # two faces across an edge whose line, both shaded outside, breaks only the shading rule
    f, g, e = next((f, g, e) for f in range(len(fe)) for g in range(f + 1, len(fe)) for e in set(fe[f]) & set(fe[g])
                   if loopy_play.check(LOOPY, [e], [], [], [f, g])["faces"] == [f, g])
    page, errors = open_board(chromium, site, LOOPY)
    shade = "(f) => [...document.querySelectorAll('svg.tp-board .tp-faces polygon')[f].classList]" \
            ".filter((c) => c !== 'hover').join(' ')"
    page.mouse.click(*face_point(page, f))
    assert page.evaluate(shade, f) == "in" and marks(page) == [[], []]
    page.mouse.click(*face_point(page, f))
    assert page.evaluate(shade, f) == "out"
    page.mouse.click(*face_point(page, g))
    page.mouse.click(*face_point(page, g))
    page.reload()
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=90000)
    assert page.evaluate(f"{PLAYER}.lists().outside") == sorted([f, g])
    assert page.evaluate(shade, f) == "out"
    click_edge(page, e)                                      # a line between two outside faces
    assert "wrong" in page.evaluate(shade, f) and "wrong" in page.evaluate(shade, g)
    page.click("#tp-check")
    page.wait_for_selector("#tp-play-status.wrong")
    assert page.inner_text("#tp-play-status") == loopy_play.check(LOOPY, [e], [], [], [f, g])["message"]
    page.click("#tp-undo")
    assert "wrong" not in page.evaluate(shade, f)
    assert errors.errors == []
    page.context.close()


def test_errors_are_visible_without_colour_and_satisfied_clues_grey(desk):
    board = loopy_play.board(LOOPY)
    at = {}
    for i, (a, b) in enumerate(board["edges"]):
        at.setdefault(a, []).append(i)
        at.setdefault(b, []).append(i)
    dot = next(d for d, es in sorted(at.items()) if len(es) >= 3)
    page = desk
    show(page, LOOPY)
    style = """(i) => { const l = document.querySelectorAll('svg.tp-board .tp-edges line')[i], s = getComputedStyle(l);
        return [parseFloat(s.strokeWidth), s.strokeDasharray, l.getAttribute('class')]; }"""
    click_edge(page, at[dot][0])
    right = page.evaluate(style, at[dot][0])
    dot_r = page.evaluate(f"+document.querySelectorAll('svg.tp-board .tp-dots circle')[{dot}].getAttribute('r')")
    for i in at[dot][1:3]:
        click_edge(page, i)
    wrong = page.evaluate(style, at[dot][0])
    assert "wrong" in wrong[2] and right[1] == "none"
    assert wrong[0] > right[0] and wrong[1] != "none"                 # thicker and dashed
    ring = page.evaluate(f"""() => {{ const c = document.querySelectorAll('svg.tp-board .tp-dots circle')[{dot}];
        return [+c.getAttribute('r'), getComputedStyle(c).fill, c.getAttribute('class')]; }}""")
    assert ring[2] == "wrong" and ring[0] > 2 * dot_r and ring[1] == "none"     # a large ring, not a red dot
    for _ in range(3):
        page.click("#tp-undo")
    # a clue: its count reached is grey; one line more and it gets a dashed ring
    clue = next(k for k, c in enumerate(board["clues"]) if 0 < c["count"] < len(c["edges"]) - 1
                and loopy_play.check(LOOPY, c["edges"][:c["count"]], [])["wrong"] == [])
    c = board["clues"][clue]
    cls = "(k) => [document.querySelectorAll('svg.tp-board text.clue')[k].getAttribute('class'), " \
          "document.querySelectorAll('svg.tp-board circle.clue-ring')[k].getAttribute('class')]"
    for i in c["edges"][:c["count"]]:
        click_edge(page, i)
    assert page.evaluate(cls, clue) == ["clue done", "clue-ring"]
    click_edge(page, c["edges"][c["count"]])
    assert page.evaluate(cls, clue) == ["clue broken", "clue-ring broken"]
    assert page.evaluate("(k) => getComputedStyle(document.querySelectorAll('svg.tp-board circle.clue-ring')[k])"
                         ".strokeDasharray", clue) != "none"
    assert "exactly one solution" in page.inner_text("#tp-rules")
    page.evaluate(f"{PLAYER}.reset()")


def test_a_hint_brings_all_its_places_into_view(desk):
    """Zoomed in far from it, the first hint's edges (and dots) are all in the box afterwards."""
    page = desk
    show(page, HAT)
    for _ in range(4):
        page.click("#tp-zoom-in")
    page.evaluate(f"{PLAYER}.box.scrollLeft = 0; {PLAYER}.box.scrollTop = 0")
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints && window.tilepress.page.hints.pending", timeout=60000)
    out = page.evaluate(f"""() => {{ const r = {PLAYER}.box.getBoundingClientRect(), out = [];
        document.querySelectorAll('.tp-hint-edges line, .tp-hint-edges path, .tp-hint-edges circle').forEach((n) => {{
          const b = n.getBoundingClientRect();
          if (b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1) out.push(n.outerHTML); }});
        return [out, document.querySelectorAll('.tp-hint-edges *').length, innerHeight >= r.bottom - 1 || r.top >= 0]; }}""")
    assert out[0] == [] and out[1] > 0 and out[2]
    page.click("#tp-fit")


def test_auto_cross_and_timer_are_options_remembered(chromium, site):
    board = loopy_play.board(LOOPY)
    clue = next(k for k, c in enumerate(board["clues"]) if 0 < c["count"] < len(c["edges"]) - 1
                and loopy_play.check(LOOPY, c["edges"][:c["count"]], [])["wrong"] == [])
    c = board["clues"][clue]
    page, errors = open_board(chromium, site, LOOPY)
    assert not page.is_checked("#tp-set-autoCross") and not page.is_checked("#tp-set-timer")
    for i in c["edges"][:c["count"]]:
        click_edge(page, i)
    assert marks(page)[1] == []                                        # off by default: no crosses
    for _ in c["edges"][:c["count"]]:
        page.click("#tp-undo")
    page.check("#tp-set-autoCross")
    for i in c["edges"][:c["count"]]:
        click_edge(page, i)
    rest = sorted(set(c["edges"][c["count"]:]))
    assert set(rest) <= set(marks(page)[1])                            # the clue's other sides crossed
    page.click("#tp-undo")                                             # one step: the line and its crosses
    assert not set(rest) & set(marks(page)[1])
    page.check("#tp-set-timer")
    page.wait_for_function("/^\\d+:\\d\\d$/.test(document.getElementById('tp-timer').textContent)")
    # the timer pauses while the page is hidden
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    t1 = page.evaluate(f"{PLAYER}.time()")
    page.wait_for_timeout(600)
    assert page.evaluate(f"{PLAYER}.time()") == t1
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_timeout(300)
    assert page.evaluate(f"{PLAYER}.time()") > t1
    answer = loopy_play.solution(LOOPY)["lines"]                      # solved: the status states the time
    page.evaluate(f"(a) => {PLAYER}.apply(a.map((i) => [0, i, 1]))", answer)
    assert page.inner_text("#tp-play-status").startswith("Solved! Time ")
    page.reload()
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=90000)
    assert page.is_checked("#tp-set-autoCross") and page.is_checked("#tp-set-timer")
    assert json.loads(page.evaluate("localStorage.getItem('tilepress.play-settings')"))["timer"] is True
    assert errors.errors == []
    page.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_player_with_its_options_and_a_question_is_axe_clean(desk, width):
    from test_site_pages import axe_violations
    page = desk
    page.set_viewport_size({"width": width, "height": 844})
    show(page, LOOPY)
    click_edge(page, loopy_play.solution(LOOPY)["lines"][0])
    page.click("#tp-reset")                                  # the in-page question is shown
    assert page.is_visible("#tp-confirm-yes")
    # the options' and the question's tap targets are at least 24 x 24 CSS px
    sizes = page.evaluate("[...document.querySelectorAll('#tp-play-settings label, #tp-confirm button')]"
                          ".map((n) => { const r = n.getBoundingClientRect(); return [r.width, r.height]; })")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    found = axe_violations(page)
    page.click("#tp-confirm-yes")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate(f"{PLAYER}.fit()")
    if found is None:
        pytest.skip("axe-core is not installed (run `npm ci`)")
    assert found == []


def test_hints_read_the_shading(desk):
    """A shade the loop contradicts is a mistake the second press clears; correct shading decides
    the edges between shaded faces (the hint equals the engines' own)."""
    from generator.loopy import hints as loopy_hints
    page = desk
    show(page, LOOPY)
    side = loopy_hints._sides(loopy_play._puzzle(LOOPY))
    ins = [f for f, s in enumerate(side) if s == 1][:2]
    outs = [f for f, s in enumerate(side) if s == 2][:2]
    wrong = ins[0]
    page.evaluate(f"{PLAYER}.apply([[1, {wrong}, 2]])")                # inside shaded outside
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints.pending", timeout=60000)
    assert page.evaluate("window.tilepress.lastHint.rule") == "mistake"
    assert page.evaluate("window.tilepress.lastHint.shade") == [wrong]
    page.click("#tp-hint-button")
    assert page.evaluate(f"{PLAYER}.lists().outside") == []
    page.evaluate(f"(a) => {PLAYER}.apply(a[0].map((f) => [1, f, 1]).concat(a[1].map((f) => [1, f, 2])))", [ins, outs])
    page.click("#tp-hint-button")
    page.wait_for_function("window.tilepress.page.hints.pending", timeout=60000)
    h = page.evaluate("window.tilepress.lastHint")
    want = loopy_hints.hint(LOOPY, [], [], ins, outs)
    assert h["rule"] == want["rule"] == "shading" and h["ids"] == want["ids"]
    page.click("#tp-hint-button")
    assert marks(page) == [want["ids"]["yes"], want["ids"]["no"]]
    page.evaluate(f"{PLAYER}.reset()")


def test_a_finger_draws_a_run_of_lines_in_draw_mode(chromium, site):
    """With "Drag draws lines" ticked, a finger dragged from dot to dot draws (the board takes the
    touch moves instead of scrolling); untick it and the same drag draws nothing."""
    page, errors = open_board(chromium, site, LOOPY, width=390, height=844, has_touch=True, is_mobile=True)
    board = loopy_play.board(LOOPY)
    at = {}
    for i, (a, b) in enumerate(board["edges"]):
        at.setdefault(a, []).append((i, b))
        at.setdefault(b, []).append((i, a))
    d0 = next(d for d, es in sorted(at.items()) if len(es) >= 2)
    e1, d1 = at[d0][0]
    e2, d2 = next((e, d) for e, d in at[d1] if e != e1)
    page.evaluate(f"{PLAYER}.zoom({PLAYER}.playScale)")
    cdp = page.context.new_cdp_session(page)

    def drag():
        pts = page.evaluate(f"""(ds) => {{ const p = {PLAYER}; p.svg.scrollIntoView({{block: 'center'}});
            const k = p.board.dots[ds[0]], q0 = new DOMPoint(k[0], k[1]).matrixTransform(p.svg.getScreenCTM());
            p.box.scrollLeft += q0.x - innerWidth / 2; p.box.scrollTop += q0.y - innerHeight / 2;
            return ds.map((d) => {{ const q = new DOMPoint(p.board.dots[d][0], p.board.dots[d][1])
              .matrixTransform(p.svg.getScreenCTM()); return [q.x, q.y]; }}); }}""", [d0, d1, d2])
        path = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            path += [[a[0] + (b[0] - a[0]) * t / 8, a[1] + (b[1] - a[1]) * t / 8] for t in range(1, 9)]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": path[0][0], "y": path[0][1]}]})
        for x, y in path[1:]:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(100)
    page.check("#tp-set-draw")
    drag()
    assert marks(page) == [sorted([e1, e2]), []]
    page.click("#tp-undo")                                             # one step
    page.uncheck("#tp-set-draw")
    drag()
    assert marks(page) == [[], []]
    assert errors.errors == []
    page.context.close()


def test_the_keyboard_shades_the_faces_beside_the_cursor_edge(desk):
    """[ and ] shade the face left of (above) and right of (below) the cursor edge, inside ->
    outside -> none, each press an undo step; on a rim edge the side beyond the rim does nothing."""
    show(desk, LOOPY)
    board = loopy_play.board(LOOPY)
    fe, dots, edges = board["face_edges"], board["dots"], board["edges"]
    sides = [[f for f in range(len(fe)) if e in fe[f]] for e in range(len(edges))]

    def centre(f, axis):
        ring = board["faces"][f]
        return sum(dots[d][axis] for d in ring) / len(ring)

    def axis(e):                                  # steep: left / right (x); flat: above / below (y)
        (x0, y0), (x1, y1) = dots[edges[e][0]], dots[edges[e][1]]
        return 0 if abs(y1 - y0) > abs(x1 - x0) else 1

    def mid(e):
        return (dots[edges[e][0]][axis(e)] + dots[edges[e][1]][axis(e)]) / 2

    # an inner edge whose two faces' centres lie on either side of its midpoint along that axis
    e = next(e for e in range(len(edges)) if len(sides[e]) == 2
             and (centre(sides[e][0], axis(e)) - mid(e)) * (centre(sides[e][1], axis(e)) - mid(e)) < 0)
    first, second = sorted(sides[e], key=lambda f: centre(f, axis(e)))
    desk.evaluate(f"{PLAYER}.cursor = {e}")
    desk.focus("svg.tp-board")
    shades = f"() => {{ const l = {PLAYER}.lists(); return [l.inside, l.outside]; }}"
    desk.keyboard.press("[")
    assert desk.evaluate(shades) == [[first], []]
    desk.keyboard.press("[")
    assert desk.evaluate(shades) == [[], [first]]
    desk.keyboard.press("]")
    assert desk.evaluate(shades) == [[second], [first]]
    desk.keyboard.press("u")
    assert desk.evaluate(shades) == [[], [first]]
    desk.keyboard.press("[")
    assert desk.evaluate(shades) == [[], []] and marks(desk) == [[], []]
    # every inner edge whose sides are plain along its axis: [ shades the lesser side, ] the greater
    plain = [e for e in range(len(edges)) if len(sides[e]) == 2
             and (centre(sides[e][0], axis(e)) - mid(e)) * (centre(sides[e][1], axis(e)) - mid(e)) < 0]
    assert len(plain) >= 20
    got = desk.evaluate(f"""(es) => es.map((e) => ['[', ']'].map((k) => {{ const p = {PLAYER};
        p.cursor = e; p.onKey({{key: k, preventDefault() {{}}}}); const f = p.lists().inside; p.undo(); return f; }}))""",
                        plain)
    assert got == [[[f] for f in sorted(sides[e], key=lambda f: centre(f, axis(e)))] for e in plain]
    # a rim edge: one side has a face, the other is beyond the rim
    r = next(r for r in range(len(edges)) if len(sides[r]) == 1)
    desk.evaluate(f"{PLAYER}.cursor = {r}")
    desk.keyboard.press("[")
    desk.keyboard.press("]")
    assert desk.evaluate(shades) == [sides[r], []]


def test_solving_brings_the_solved_line_into_view(chromium, site):
    """A 69-face hat board fills a phone's screen; the last line drawn, "Solved!" is in view."""
    answer = loopy_play.solution(HAT)["lines"]
    page, errors = open_board(chromium, site, HAT, width=390, height=844)
    page.evaluate(f"(ls) => {PLAYER}.apply(ls.map((i) => [0, i, 1]))", answer[:-1])
    click_edge(page, answer[-1])
    page.wait_for_function("document.getElementById('tp-play-status').textContent.startsWith('Solved')")
    page.wait_for_function("""() => { const r = document.getElementById('tp-play-status').getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1; }""", timeout=5000)   # (a scroll lands on whole
    # pixels, a line's box may sit a fraction of one past the edge: 844.2 in a 844 px window)
    assert errors.errors == []
    page.context.close()
