"""Calissons on the infinite grid without caps: edges any distance apart are decided, the witness
window always holds every edge and is checked here by a checker of its own (triangles as vertex
triples, no engine code), far-apart sets agree with their parts, and the plane's permalink."""

from __future__ import annotations

import json
import random
import time

import pytest

from generator.calissons.model import hexagon
from generator.calissons.onregion import feasible, feasible_svg
from generator.calissons.solver import plane_verdict, sparse_plane_verdict

NEIGHBOURS = ((1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1))
STEP = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}


def _ball(a, b, r):
    """The vertices within hexagon distance r of (a, b)."""
    return {(a + i, b + j) for i in range(-r, r + 1) for j in range(-r, r + 1) if abs(i - j) <= r}


def _sides(u, v):
    """The two triangles (vertex triples) beside the edge uv: its ends and one common neighbour."""
    nu = {(u[0] + i, u[1] + j) for i, j in NEIGHBOURS}
    nv = {(v[0] + i, v[1] + j) for i, j in NEIGHBOURS}
    common = nu & nv
    assert len(common) == 2
    return [frozenset((u, v, w)) for w in common]


def _ends(e):
    a, b, d = e
    return (a, b), (a + STEP[d][0], b + STEP[d][1])


def plane_distance(p, q):
    """The largest height rise from p to q over tilings of the plane (the grid's heights step +1 along
    an edge and -2 against it: the max of the three linear forms), written independently."""
    da, db = q[0] - p[0], q[1] - p[1]
    return max(da + db, db - 2 * da, da - 2 * db)


def check_witness(givens, window):
    """The window is a tiling of its own and holds every given edge as the puzzle asks: every
    triangle of every patch is covered by exactly one listed calisson, no two calissons overlap,
    and beside each given edge the two triangles are covered, by two calissons (the edge is not
    crossed) of different colours (a calisson's colour is the direction of the edge it crosses)."""
    cover = {}
    for e in window["calissons"]:
        for t in _sides(*_ends(tuple(e))):
            assert t not in cover, f"calissons overlap at {sorted(t)}"
            cover[t] = tuple(e)
    for a, b, r in window["patches"]:
        ball = _ball(a, b, r)
        for u in ball:      # every triangle is {u, u + (1, 0), u + (1, 1)} or {u, u + (0, 1), u + (1, 1)}
            for w in ((u[0] + 1, u[1]), (u[0], u[1] + 1)):
                t = frozenset((u, w, (u[0] + 1, u[1] + 1)))
                if t <= ball:
                    assert t in cover, f"triangle {sorted(t)} of patch {(a, b, r)} is not covered"
    for e in givens:
        s1, s2 = _sides(*_ends(e))
        assert s1 in cover and s2 in cover, f"given {e} is not inside the window"
        c1, c2 = cover[s1], cover[s2]
        assert c1 != c2, f"given {e} is crossed by a calisson"
        assert c1[2] != c2[2], f"beside given {e} the calissons have the same colour"


def _random_set(rng, spread=3):
    near = hexagon(spread).interior_edge_list()
    core = hexagon(1).interior_edge_list()
    return sorted(set(rng.sample(core, rng.randint(1, 4)) + rng.sample(near, rng.randint(0, 5))))


def test_sparse_verdict_agrees_with_the_grid_window_and_its_proofs_check():
    """On small sets both engines run: same verdict; the sparse heights obey every clue and every
    plane bound between keys; its cycle is negative and made of the stated arcs."""
    rng = random.Random(40)
    seen = {True: 0, False: 0}
    for _ in range(150):
        X = _random_set(rng)
        grid, sparse = plane_verdict(X), sparse_plane_verdict(X)
        assert grid.feasible == sparse.feasible, X
        seen[sparse.feasible] += 1
        if sparse.feasible:
            H = sparse.heights
            for p in H:
                for q in H:
                    assert H[q] - H[p] <= plane_distance(p, q)
            for a, b, d in X:
                t, h = _ends((a, b, d))
                assert H[h] == H[t] + 1
        else:
            cyc = sparse.cycle
            assert sum(w for _p, _q, w, _k in cyc) < 0
            assert all(cyc[i][1] == cyc[(i + 1) % len(cyc)][0] for i in range(len(cyc)))
            assert all(w == plane_distance(p, q) for p, q, w, k in cyc if k == "plane")
    assert seen[True] > 20 and seen[False] > 10


def test_far_apart_sets_are_decided_with_a_window_holding_every_edge():
    """Three small sets a hundred thousand steps apart (the old window cap was radius 258): the union
    is feasible exactly when each part is (their plane distances are far too large for a negative
    cycle to use them), and a feasible union's window holds every edge and checks."""
    rng = random.Random(7)
    got = {True: 0, False: 0}
    for _ in range(40):
        parts = [_random_set(rng) for _ in range(3)]
        want = all(plane_verdict(P).feasible for P in parts)
        X = sorted({(a + 1000 * j * j, b + 100000 * j, d) for j, P in enumerate(parts) for a, b, d in P})
        rec = feasible(X)
        assert rec["feasible"] == want
        got[want] += 1
        if want:
            assert len(rec["window"]["patches"]) > 1
            check_witness(X, rec["window"])
            assert "<svg" in feasible_svg(rec)
        else:
            assert rec["cycle_weight"] < 0 and "absorbing cycle" in feasible_svg(rec)
    assert got[True] > 3 and got[False] > 3


def test_close_sets_keep_one_hexagon_window_and_it_checks():
    rng = random.Random(3)
    for _ in range(40):
        X = _random_set(rng, 4)
        rec = feasible(X)
        if rec["feasible"]:
            win = rec["window"]
            assert len(win["patches"]) == 1 and win["centre"] == win["patches"][0][:2]
            check_witness(X, win)


def test_checker_refuses_a_wrong_window():
    """The checker can fail: a calisson dropped, or a given edge outside the window."""
    X = [(0, 0, "x"), (3, 1, "y")]
    win = feasible(X)["window"]
    check_witness(X, win)
    with pytest.raises(AssertionError):
        check_witness(X, dict(win, calissons=win["calissons"][1:]))
    with pytest.raises(AssertionError):
        check_witness(X + [(40, 40, "x")], win)


@pytest.mark.slow
def test_ten_thousand_far_apart_edges_in_seconds():
    """The fold edges of a random tiling, four copies far apart (10,744 edges over a square of
    side 600,000): decided and witnessed on about 24 triangles an edge, not on the area."""
    from generator.calissons.generator import sample_tiling
    S = sample_tiling(30, 1, 0)
    X0 = hexagon(30).salient_edges(S)
    X = sorted({(a + 200000 * i, b - 90000 * (i % 3), d) for i in range(4) for a, b, d in X0})
    assert len(X) > 10000
    t = time.process_time()
    rec = feasible(X)
    spent = time.process_time() - t
    assert rec["feasible"] and spent < 10, spent
    check_witness(X, rec["window"])
    json.dumps({k: v for k, v in rec.items() if k != "_draw"})


# --- the plane's permalink: cal.v4.<edges> ----------------------------------------------------

def test_plane_links_round_trip_and_regenerate_the_verdict(capsys):
    from generator import cli as main_cli
    from generator.calissons import permalink
    from generator.calissons.family import PLANE_NO, PLANE_YES
    for X in (PLANE_YES, PLANE_NO, [(0, 0, "x"), (-10 ** 6, 10 ** 6, "z")]):
        link = permalink.encode_plane(X)
        assert link.startswith("cal.v4.") and permalink.decode_plane(link) == sorted(X)
        assert main_cli.main(["regen", link, "--format", "json"]) == 0
        rec = json.loads(capsys.readouterr().out)
        assert rec["permalink"] == link and rec["feasible"] == plane_verdict(sorted(X)).feasible
        if rec["feasible"]:
            check_witness(sorted(X), rec["window"])
    # `feasible` reads the link too and prints the link of a file's edges
    assert main_cli.main(["calissons", "feasible", "cal.v4.-2_-1x.-2_0x.-1_0z"]) == 0
    assert capsys.readouterr().out.startswith("no: absorbing cycle")


@pytest.mark.parametrize("link, field", [
    ("cal.v4.0_0x.0_0x", "edge #1"),                      # listed twice
    ("cal.v4.1_0x.0_0x", "edge #1"),                      # out of order
    ("cal.v4.0_01x", "edge #0"),                          # a leading zero
    ("cal.v4.0_1000001y", "edge #0 b"),                   # past the coordinates
    ("cal.v4.0_0x.5_5w", "payload"),                      # no such direction
    ("cal.v5.0_0x", "version"),
])
def test_bad_plane_links_exit_2_with_one_line_naming_the_field(link, field, capsys):
    from generator import cli as main_cli
    assert main_cli.main(["regen", link, "--format", "svg"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and field in err, err


def test_plane_cost_rule_is_read_from_the_text_in_every_entry_point():
    """One rule: the grid window's lozenges (3 r^2) when the verdict works on a window, 12 an edge
    when it works on the key vertices. The command line (the parser), the build (the plan) and the
    page (webapi.cap_error) refuse alike, before any work."""
    from generator import webapi
    from generator.calissons import family, permalink
    from generator.errors import ConfigError, PermalinkError
    near = "cal.v4.0_0x.1_1y"
    assert permalink.plane_cost(near) == family.cost(near) == 3 * 4 * 4     # radius 4 round the keys
    assert webapi.cap_error(near) is None
    # two edges far apart: 12 an edge, whatever the distance (the key-vertex engine)
    assert family.cost("cal.v4.0_0x.300_0y") == family.cost("cal.v4.0_0x.1000000_0y") == 24
    # edges every 4 steps over a hexagon: the grid engine's window, 3 r^2 lozenges
    def spread(R):
        pts = sorted((4 * i, 4 * j, "x") for i in range(-R, R + 1) for j in range(-R, R + 1) if abs(i - j) <= R)
        return permalink.encode_plane(pts)
    mid = spread(25)
    assert family.cost(mid) == 3 * 103 ** 2 > family.PAGE_PLANE_LOZENGES and "page" in webapi.cap_error(mid)
    # over the command line's budget (radius 187: 104,907 lozenges), refused before any work
    many = spread(46)
    t = time.process_time()
    with pytest.raises(PermalinkError, match="too large"):
        family.regen(many, {})
    assert time.process_time() - t < 2
    with pytest.raises(ConfigError, match=r"plane_permalinks\[0\]"):
        family.plan(dict(_site_table(), plane_permalinks=["cal.v4.1_0x.0_0x"]), {})
    items = family.plan(dict(_site_table(), plane_permalinks=[near]), {})
    assert items[-1] == {"id": "plane-1", "permalink": near, "params": {"kind": "plane"}}


def _site_table():
    from generator.calissons.family import SITE
    from generator.families import validate
    return validate(SITE, {"sizes": [4], "levels": ["easy"], "seeds": [1]}, "[families.calissons]")


def test_plane_item_page_parts():
    from generator.calissons import family
    yes = family.regen("cal.v4.-2_-1x.-1_0z.0_-1y.1_1y", {})
    no = family.regen("cal.v4.-2_-1x.-2_0x.-1_0z", {})
    assert "a tiling fits" in family.page(yes, {})["title"] and "no tiling" in family.page(no, {})["title"]
    assert dict(family.facts(yes))["Given edges"] == 4
    assert "total weight -3" in dict(family.facts(no))["Absorbing cycle"]
    assert len(list(family.shapes(yes))) == len(yes.record["window"]["calissons"])
    from generator.calissons import play
    assert not play.plays(yes.permalink)


def test_sparse_engine_agrees_with_the_grid_on_spread_sets(monkeypatch):
    """Sets spread over windows of radius up to 40, the grid engine forced: the same verdict, the
    sparse heights fit every clue and plane bound, its cycles are negative chains of stated arcs."""
    from generator.calissons import solver
    from generator.calissons.generator import sample_tiling
    monkeypatch.setattr(solver, "PLANE_GRID_PER_EDGE", 10 ** 9)
    rng = random.Random(12)
    seen = {True: 0, False: 0}
    for _ in range(80):
        if rng.random() < 0.5:
            N = rng.choice([4, 8])
            sal = hexagon(N).salient_edges(sample_tiling(N, rng.randint(0, 99), 0))
            X = sorted(rng.sample(sal, rng.randint(2, len(sal))))
            if rng.random() < 0.7:                       # one edge moved: often refuted far from it
                a, b, d = X.pop(rng.randrange(len(X)))
                X = sorted(set(X + [(a + rng.choice((-1, 1)), b, rng.choice("xyz"))]))
        else:
            R = rng.choice([6, 12, 40])
            X = sorted({(rng.randint(-R, R), rng.randint(-R, R), rng.choice("xyz")) for _ in range(rng.randint(2, 30))})
        grid, sparse = solver.plane_verdict(X), sparse_plane_verdict(X)
        assert grid.feasible == sparse.feasible, X
        assert not grid.feasible or grid.window is not None          # the grid engine did run
        seen[sparse.feasible] += 1
        if sparse.feasible:
            H = sparse.heights
            assert all(H[q] - H[p] <= plane_distance(p, q) for p in H for q in H)
        else:
            assert sum(w for _p, _q, w, _k in sparse.cycle) < 0
            assert all(w == plane_distance(p, q) for p, q, w, k in sparse.cycle if k == "plane")
    assert seen[True] > 15 and seen[False] > 8


def test_long_chains_take_few_rounds():
    """Edges strung along a line, a diagonal and a zigzag band thousands of steps long (shortest
    paths through every edge): one Gauss-Seidel pass carries a value along a chain, so these are
    decided in well under a second each (the first round of the key-vertex engine took 2,000
    rounds for 1,000 edges on the diagonal), with a witness holding every edge."""
    for X in ([(3 * i, 0, "x") for i in range(1000)], [(-3 * i, -3 * i, "z") for i in range(1000)],
              [(2 * i, (i % 2) * 2, "xyz"[i % 3]) for i in range(1000)]):
        t = time.process_time()
        v = sparse_plane_verdict(sorted(X))
        assert v.feasible and time.process_time() - t < 1.5
        check_witness(sorted(X), feasible(sorted(X))["window"])
