"""The engine side of the page, under CPython: `generator.webapi.run` is the CLI byte for byte;
the calisson player's board, check and solution (generator/calissons/play.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from site_helpers import REPO

from generator import webapi
from generator.calissons import permalink, play
from generator.calissons.model import enumerate_plane_partitions, heights_from_pp, hexagon
from generator.calissons.render import xy

SMALL = "cal.v1.3~QDTBAggEUIhI"


@pytest.mark.parametrize("argv", [
    ["regen", SMALL, "--format", "svg"],
    ["regen", SMALL, "--format", "json"],
    ["regen", "hat.v1.bad", "--format", "svg"],
    ["tiling", "p2", "--width", "5", "--height", "4", "--seed", "3", "--format", "json"],
    ["nonsense"],
])
def test_run_is_the_cli(argv):
    proc = subprocess.run([sys.executable, "-m", "generator", *argv], cwd=REPO, capture_output=True)
    got = webapi.run(argv)
    assert (got["code"], got["stdout"], got["stderr"]) == (proc.returncode, proc.stdout, proc.stderr.decode())


def test_board_describes_the_hexagon():
    b = play.board(SMALL)
    n, givens = permalink.decode(SMALL)
    reg = hexagon(n)
    assert len(b["edges"]) == 9 * n * n - 3 * n == len(reg.interior)
    assert len(b["outline"]) == 6 * n
    assert len(b["givens"]) == len(givens)
    for (i, j), e in zip(b["edges"], sorted(reg.interior)):
        x, y = xy(e[:2])
        assert b["dots"][i] == [round(x, 4), round(y, 4)]
    given_edges = {tuple(sorted((tuple(b["dots"][i]), tuple(b["dots"][j])))) for i, j in
                   (b["edges"][g] for g in b["givens"])}
    assert len(given_edges) == len(givens)


def test_check_solved_missing_wrong_and_crossed():
    lines = play.solution(SMALL)["lines"]
    assert play.check(SMALL, lines, [])["solved"] is True
    missing = play.check(SMALL, lines[1:], [])
    assert missing["solved"] is False and missing["wrong"] == [] and "1 fold edge" in missing["message"]
    givens = set(play.board(SMALL)["givens"])
    extra = next(i for i in range(72) if i not in lines and i not in givens)
    wrong = play.check(SMALL, lines + [extra], [])
    assert wrong["solved"] is False and wrong["wrong"] == [extra]
    crossed = play.check(SMALL, lines[1:], [lines[0]])
    assert crossed["wrong"] == [lines[0]] and "crossed out" in crossed["message"]
    assert "error" in webapi.player_call("check", SMALL, [10 ** 6], [])


def test_solved_means_a_tiling_not_a_stored_answer():
    """With no givens every tiling of the hexagon of side 2 is a solution; each is accepted."""
    link = permalink.encode(2, [])
    edges = sorted(hexagon(2).interior)
    reg = hexagon(2)
    count = 0
    for flat in enumerate_plane_partitions(2):
        pp = [list(flat[0:2]), list(flat[2:4])]
        folds = set(reg.salient_edges(heights_from_pp(2, pp)))
        ids = [i for i, e in enumerate(edges) if e in folds]
        assert play.check(link, ids, [])["solved"] is True
        if ids:
            assert play.check(link, ids[1:], [])["solved"] is False
        count += 1
    assert count == 20                         # the plane partitions in a 2 × 2 × 2 box


def test_player_errors_are_one_line():
    assert webapi.player_call("board", "hat.v1.x")["error"].startswith("error: ")
    assert webapi.player_call("board", "cal.v1.99~A")["error"].startswith("error: ")
    assert "up to side" in webapi.player_call("board", permalink.encode(20, []))["error"]
    assert webapi.playable(SMALL) and not webapi.playable("p2.v1.x")


# --- Loopy (generator/loopy/play.py) ---------------------------------------------------

LOOPY = "loopy.v1.eb3a1g110c0c2a0c.p3.v1.4_3_2_DXCYYDXXYD"      # 28 faces, a 24-edge loop


def _loopy():
    from generator.loopy import play as loopy_play, puzzle
    return loopy_play, puzzle.from_permalink(LOOPY)


def test_loopy_board_is_the_grid_in_unit_edges():
    lp, p = _loopy()
    g = p.grid
    b = lp.board(LOOPY)
    assert b["edges"] == [list(e) for e in g.edges] and b["givens"] == [] and b["outline"] == []
    lengths = sorted(((b["dots"][i][0] - b["dots"][j][0]) ** 2 + (b["dots"][i][1] - b["dots"][j][1]) ** 2) ** .5
                     for i, j in b["edges"])
    assert abs(lengths[len(lengths) // 2] - 1) < 1e-3            # the median edge is the unit
    # y points down: the board is the grid turned upside down (same x order, reversed y order)
    top = max(range(len(g.dots)), key=lambda d: g.dots[d][1])
    assert b["dots"][top][1] == min(d[1] for d in b["dots"])
    clued = [f for f, c in enumerate(p.clues) if c is not None]
    assert len(b["clues"]) == len(clued) == p.clue_count
    for c, f in zip(b["clues"], clued):
        assert c["count"] == p.clues[f] and c["text"] == str(p.clues[f]) and c["edges"] == list(g.face_edges[f])
    assert "sides" in b["rules"] and webapi.playable(LOOPY)


def test_loopy_check_solved_and_unfinished():
    lp, p = _loopy()
    sol = lp.solution(LOOPY)["lines"]
    assert sol == sorted(p.solution) and len(sol) == 24
    done = lp.check(LOOPY, sol, [])
    assert done["solved"] is True and done["wrong"] == [] and done["drawn"] == 24
    part = lp.check(LOOPY, sol[2:], [])
    assert part["solved"] is False and part["wrong"] == [] and "No rule broken" in part["message"]


def test_loopy_solved_by_the_rules_not_by_the_stored_answer(monkeypatch):
    """With the stored answer replaced by nothing, the loop that obeys the clues is still solved."""
    import dataclasses
    lp, p = _loopy()
    lp._puzzle.cache_clear()
    fake = dataclasses.replace(p, solution=())
    monkeypatch.setattr(lp.P, "from_permalink", lambda link: fake)
    try:
        assert lp.check(LOOPY, sorted(p.solution), [])["solved"] is True
        assert lp.check(LOOPY, [], [])["solved"] is False
    finally:
        lp._puzzle.cache_clear()


def _face_with(p, pred):
    """The first clued face f with pred(f, clue)."""
    return next(f for f, c in enumerate(p.clues) if c is not None and pred(f, c))


def test_loopy_check_names_the_first_contradiction():
    lp, p = _loopy()
    g = p.grid
    # three lines at a dot
    d = next(d for d, es in enumerate(g.dot_edges) if len(es) >= 3)
    three = sorted(g.dot_edges[d][:3])
    res = lp.check(LOOPY, three, [])
    assert res["solved"] is False and "branch" in res["message"] and res["wrong"] == three
    # too many lines round a clue (c + 1 consecutive sides of its face: no dot gets three)
    f = _face_with(p, lambda f, c: c + 1 < len(g.face_edges[f]))
    c = p.clues[f]
    many = sorted(g.face_edges[f][:c + 1])
    res = lp.check(LOOPY, many, [])
    assert res["wrong"] == many and f"This {c} has {c + 1} line" in res["message"]
    # too few sides left uncrossed
    f = _face_with(p, lambda f, c: c >= 1)
    c = p.clues[f]
    crossed = sorted(g.face_edges[f][:len(g.face_edges[f]) - c + 1])
    res = lp.check(LOOPY, [], crossed)
    assert res["wrong"] == crossed and f"only {c - 1} side" in res["message"]
    # a closed loop plus a stray line elsewhere
    loop = sorted(p.solution)
    ring = {x for e in loop for x in g.edges[e]}
    strays = [e for e in range(len(g.edges)) if not set(g.edges[e]) & ring]
    answers = [lp.check(LOOPY, loop + [e], []) for e in strays]
    assert any("one single loop" in res["message"] for res in answers)
    for e, res in zip(strays, answers):     # the stray line breaks a clue, or the loop is named
        if "one single loop" in res["message"]:
            assert res["wrong"] == loop
        else:
            assert "line round it" in res["message"] or "lines round it" in res["message"]
            assert e in res["wrong"]
    # a closed loop that misses a clue: one face's outline on its own (when no clue is exceeded)
    for f in range(len(g.faces)):
        res = lp.check(LOOPY, sorted(g.face_edges[f]), [])
        if "loop is closed" in res["message"]:
            break
    assert "loop is closed" in res["message"] and res["solved"] is False and res["wrong"]
    # a dead end: one line, every other edge at one of its dots crossed
    for d, es in enumerate(g.dot_edges):
        res = lp.check(LOOPY, [es[0]], list(es[1:]))
        if "dead end" in res["message"]:
            assert res["wrong"] == [es[0]]
            break
    else:
        raise AssertionError("no dead end found")


def test_loopy_player_errors_are_one_line():
    assert webapi.player_call("check", LOOPY, [10 ** 6], [])["error"].startswith("error: ")
    assert "both" in webapi.player_call("check", LOOPY, [0], [0])["error"]
    assert webapi.player_call("board", "loopy.v1.e1.p2.v1.x")["error"].startswith("error: ")
    assert webapi.player_call("solution", "loopy.v1.zz")["error"].startswith("error: ")


def test_loopy_check_reads_the_shading_by_the_rules():
    """A shaded face is inside or outside the loop: a line between two faces of one shade, or a cross
    between two of different shades, is named (beyond the rim is outside); the board lists every
    face's dots and edges for the page's shading."""
    lp, p = _loopy()
    g = p.grid
    b = lp.board(LOOPY)
    assert b["faces"] == [list(f) for f in g.faces] and b["face_edges"] == [list(es) for es in g.face_edges]
    assert "exactly one solution" in b["rules"]
    e = next(e for e, (f, h) in enumerate(g.edge_faces) if f >= 0 and h >= 0
             and lp.check(LOOPY, [e], [], [], [])["wrong"] == [])
    f, h = g.edge_faces[e]
    same = lp.check(LOOPY, [e], [], [], [f, h])
    assert same["faces"] == sorted([f, h]) and same["wrong"] == [e] and "both sides" in same["message"]
    assert lp.check(LOOPY, [e], [], [f], [h])["faces"] == []               # a line between inside and outside
    assert lp.check(LOOPY, [], [e], [f], [h])["faces"] == sorted([f, h])   # a cross between them
    assert lp.check(LOOPY, [], [e], [f, h], [])["faces"] == []
    rim = next(e for e, (f, h) in enumerate(g.edge_faces) if h < 0 and lp.check(LOOPY, [e], [], [], [])["wrong"] == [])
    face = g.edge_faces[rim][0]
    assert lp.check(LOOPY, [rim], [], [], [face])["faces"] == [face]      # outside next to the outside
    assert lp.check(LOOPY, [rim], [], [face], [])["faces"] == []
    assert "both" in webapi.player_call("check", LOOPY, [], [], [0], [0])["error"]
    assert "not a face" in webapi.player_call("check", LOOPY, [], [], [10 ** 6], [])["error"]


def test_calisson_board_lists_each_triangle_s_edges():
    b = play.board(SMALL)
    n, _givens = permalink.decode(SMALL)
    assert len(b["triangles"]) == 6 * n * n
    seen = {}
    for tri in b["triangles"]:
        assert len(tri) == 3
        for e in tri:
            seen[e] = seen.get(e, 0) + 1
    assert seen.pop(-1) == 6 * n                                   # the rim
    assert seen == {i: 2 for i in range(len(b["edges"]))}          # every interior edge parts two triangles
    assert "exactly one solution" in b["rules"]
