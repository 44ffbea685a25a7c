"""Calissons on other regions and on the infinite grid, checked against independent brute force.

calissons_region_brute enumerates tilings as perfect matchings of triangles (no heights,
no solver); random simply connected regions for the tilability test are grown here
triangle by triangle (not calisson by calisson), so many of them cannot be tiled.
"""
import json
import math
import random

import pytest

import calissons_region_brute as brute
from generator import cli as main_cli
from generator.calissons import permalink, regions, sample
from generator.calissons.model import hexagon
from generator.calissons.sampler import sample_region_heights
from generator.calissons.model import far_vertices, head
from generator.calissons.solver import (Clues, clue_bounds, count_solutions, plane_arcs, plane_distance,
                                        plane_verdict, plane_witness, solve)
from generator.errors import PermalinkError, TilepressError


def grown_triangles(seed: int, size: int) -> list:
    """A random disk of `size` triangles with a simple boundary, grown one triangle at a time
    (a triangle joins along one edge with its third corner new, or along two edges)."""
    rng = random.Random(seed)
    tris = {(0, 0, 0)}
    while len(tris) < size:
        t = rng.choice(sorted(tris))
        nbrs = [u for s in brute.sides(t) for u in _across(t, s)]
        u = rng.choice(nbrs)
        if u in tris:
            continue
        verts = {v for w in tris for v in brute.corners(w)}
        shared = [s for s in brute.sides(u) if any(s in brute.sides(w) for w in tris)]
        if len(shared) == 1 and not (brute.corners(u) - set(shared[0])) & verts or len(shared) == 2:
            tris.add(u)
    return sorted(tris)


def _across(t, s):
    """The triangle on the other side of side s of t."""
    p, q = sorted(s)
    (r,) = brute.corners(t) - {p, q}
    far = (p[0] + q[0] - r[0], p[1] + q[1] - r[1])
    a, b = min(p[0], q[0], far[0]), min(p[1], q[1], far[1])
    return [(a, b, 0 if (a + 1, b) in (p, q, far) else 1)]


def small_regions():
    """Tilable regions up to a few dozen triangles: named shapes and random ones."""
    out = [regions.parse_region(x) for x in ("star:1", "hexagon:2", "long:1", "wide:1", "wide:2", "long:2")]
    out += [regions.random_region(seed, size) for seed in range(6) for size in (12, 24, 36)]
    return out


def test_word_round_trip_and_canonical_form():
    for shape in small_regions() + [regions.random_region(9, 400)]:
        again = regions.region_from_word(shape.word)
        assert again.triangles == shape.triangles and again.word == shape.word
        letters = [L for k, L in regions.parse_runs(shape.word) for _ in range(k)]
        # any start, either orientation: the same region, the same canonical word
        i = len(letters) // 3
        rotated = regions.compress(letters[i:] + letters[:i])
        opposite = {"a": "d", "b": "e", "c": "f", "d": "a", "e": "b", "f": "c"}
        reverse = regions.compress([opposite[L] for L in reversed(letters)])
        for w in (rotated, reverse, "".join(letters)):
            assert regions.region_from_word(w).word == shape.word
        assert regions.canonical_word(shape.triangles) == shape.word
        assert len(shape.triangles) == abs(regions._shoelace2(regions.parse_runs(shape.word)))
    # the named hexagon is today's hexagon, placed where model.hexagon puts it
    for n in (1, 3, 5):
        assert regions.parse_region("hexagon", n).triangles == sorted(hexagon(n).triangles)
        assert regions.parse_region(f"{n}a{n}b{n}c{n}d{n}e{n}f".replace("1", "")).hexagon_n == n


def test_counts_and_uniqueness_agree_with_brute_force():
    rng = random.Random(5)
    checked = 0
    for shape in small_regions():
        tilings = brute.tilings(shape.triangles)
        reg = shape.region
        assert count_solutions(reg, [])[0] == len(tilings)
        read = [({brute.side_name(s) for s in T}, brute.fold_edges(shape.triangles, T)) for T in tilings]
        interior = brute.interior_sides(shape.triangles)
        for _ in range(4):
            T = rng.choice(tilings)
            folds = sorted(read[tilings.index(T)][1])
            X = set(rng.sample(folds, min(len(folds), rng.randint(0, 4))))
            if rng.random() < 0.4:
                X.add(rng.choice(interior))          # often infeasible
            X = sorted(X)
            want = sum(1 for crossed, folds in read if not crossed & set(X) and set(X) <= folds)
            got, capped = count_solutions(reg, X, cap=10 ** 6)
            assert not capped and got == want, (shape.word, X)
            assert solve(reg, X).status == {0: "none", 1: "unique"}.get(want, "multiple")
            checked += 1
    assert checked > 80


def test_thurston_criterion_agrees_with_brute_force():
    verdicts = {True: 0, False: 0}
    for seed in range(60):
        tris = grown_triangles(seed, random.Random(seed).randint(4, 30))
        shape = regions.region_from_word(regions.canonical_word(tris))
        tilable = bool(brute.tilings(shape.triangles, limit=1))
        why = regions.reason(shape)
        assert (why is None) == tilable, (shape.word, why)
        verdicts[tilable] += 1
        if why:
            assert why.startswith("not tilable: the ")
    assert verdicts[True] >= 5 and verdicts[False] >= 5
    # a balanced shape whose height bounds cross is among them or made here: two triangles
    # of opposite kinds joined at a corner-wide neck
    crossing = [s for s in range(200) if _bounds_cross(s)]
    assert crossing, "no balanced untilable region found"


def _bounds_cross(seed):
    tris = grown_triangles(seed, 2 * random.Random(seed).randint(3, 12))
    shape = regions.region_from_word(regions.canonical_word(tris))
    why = regions.reason(shape)
    return why is not None and "bounds cross" in why and not brute.tilings(shape.triangles, limit=1)


def test_untilable_names_and_words_are_refused_with_the_reason():
    with pytest.raises(TilepressError, match="boundary height does not close up"):
        regions.parse_region("triangle:3")
    with pytest.raises(TilepressError, match="does not close up"):
        regions.parse_region("2a2c2e")


def test_sampler_is_uniform_on_small_regions():
    shape = next(s for s in (regions.random_region(seed, 24) for seed in range(40))
                 if 12 <= len(brute.tilings(s.triangles)) <= 40)
    tilings = brute.tilings(shape.triangles)
    reg = shape.region
    names = {frozenset(brute.side_name(s) for s in T): i for i, T in enumerate(tilings)}
    counts = [0] * len(tilings)
    N = 1500
    for seed in range(N):
        H = sample_region_heights(reg, seed)
        assert reg.check_heights(H)
        counts[names[frozenset(reg.crossed_edges(H))]] += 1
    k = len(tilings) - 1
    chi2 = sum((c - N / len(tilings)) ** 2 / (N / len(tilings)) for c in counts)
    # Wilson-Hilferty: the chi-square quantile at p = 1e-4 (z = 3.72)
    crit = k * (1 - 2 / (9 * k) + 3.72 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < crit, (chi2, crit, counts)
    assert min(counts) > 0


def test_random_region_sampler_reaches_other_shapes_deterministically():
    shape = regions.parse_region("star:2")
    a = sample.draw_region(shape, 3)
    assert a == sample.draw_region(shape, 3) and a.heights != sample.draw_region(shape, 4).heights
    assert shape.region.check_heights(list(a.heights))
    s2, seed = sample.parse_region_link(a.permalink)
    assert s2.word == shape.word and seed == 3


def test_infinite_grid_verdict_agrees_with_a_large_window():
    rng = random.Random(11)
    big = hexagon(12)
    near = hexagon(2).interior_edge_list()
    seen = {True: 0, False: 0}
    core = hexagon(1).interior_edge_list()
    for _ in range(150):
        X = sorted(set(rng.sample(core, rng.randint(2, 5)) + rng.sample(near, rng.randint(0, 3))))
        v = plane_verdict(X)
        assert v.feasible == (solve(big, X).status != "none"), X
        seen[v.feasible] += 1
        if v.feasible:
            from generator.calissons.onregion import window_of
            win, _c, _r = window_of(X)
            H = plane_witness(v, win)
            assert win.check_heights_inner(H) if hasattr(win, "check_heights_inner") else _is_height(win, H)
            clues = Clues(win, X)
            for q, arcs in clues.up.items():
                assert all(H[p] >= H[q] + w for p, w in arcs)
        else:
            keys, W, _kind = plane_arcs(X)
            k = {p: i for i, p in enumerate(keys)}
            assert sum(w for _p, _q, w, _k in v.cycle) < 0
            assert all(W[k[p]][k[q]] == w for p, q, w, _k in v.cycle)
            assert all(v.cycle[i][1] == v.cycle[(i + 1) % len(v.cycle)][0] for i in range(len(v.cycle)))
    assert seen[True] > 5 and seen[False] > 5


def _is_height(reg, H):
    """Every interior edge steps +1 or -2 and heights have the residue a + b mod 3."""
    from generator.calissons.model import head
    return all(H[reg.index[head(e)]] - H[reg.index[e[:2]]] in (1, -2) for e in reg.interior) and \
        all((h - a - b) % 3 == 0 for h, (a, b) in zip(H, reg.coords))


def test_region_permalinks_round_trip_and_old_links_keep_their_form():
    from generator.calissons.generator import generate_region
    for text in ("star:1", "wide:2"):
        shape = regions.parse_region(text)
        pz = generate_region(shape, 2, "hard")
        link = permalink.encode_region(shape, pz.givens)
        assert link.startswith("cal.v3.")
        s2, g2 = permalink.decode_region(link)
        assert s2.triangles == shape.triangles and sorted(g2) == sorted(pz.givens)
        assert solve(shape.region, g2).status == "unique"
    assert permalink.encode_region(regions.parse_region("hexagon:3"), [(0, 0, "x")]) == \
        permalink.encode(3, [(0, 0, "x")])
    for bad in ("cal.v3.abc~AA", "cal.v3.3a3b3c3d3e3f~" + "A" * 12, "cal.v3.bafafbabacbcbdcdcededfefe~A",
                "cal.v3.afafbabacbcbdcdcededfefe~" + "A" * 13, "cal.v3.2a2c2e~A", "cal.v3.9999z~A"):
        with pytest.raises(PermalinkError):
            permalink.decode_region(bad)


MALFORMED = ["", "3a3b3c", "3g", "0a3b", "a b", "aadd", "3", "ace" * 5000, "99999a", "acebdf", "12a12b",
             "3a3b3c3d3e3f:", "foo:3", "triangle:2", "hexagon:0"]


@pytest.mark.parametrize("word", MALFORMED)
def test_malformed_words_exit_2_with_one_line(word, capsys):
    code = main_cli.main(["calissons", "generate", "--region", word, "--format", "json"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: "), err


def test_cli_region_commands(tmp_path, capsys):
    assert main_cli.main(["calissons", "region", "--seed", "3", "--size", "60"]) == 0
    word = capsys.readouterr().out.strip()
    assert regions.region_from_word(word).word == word and len(regions.region_from_word(word).triangles) == 60
    out = tmp_path / "p.json"
    assert main_cli.main(["calissons", "generate", "--region", word, "--seed", "1", "--format", "json",
                          "--out", str(out)]) == 0
    rec = json.loads(out.read_text())
    assert rec["region"]["word"] == word and rec["permalink"].startswith("cal.v3.")
    puzzle = tmp_path / "q.json"
    puzzle.write_text(json.dumps({"region": word, "givens": rec["givens"]}))
    assert main_cli.main(["calissons", "solve", str(puzzle), "--count"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["status"] == "unique" and solved["count"] == 1
    assert sorted(map(tuple, solved["solution"]["salient"])) == sorted(map(tuple, rec["solution"]["salient"]))
    pic = tmp_path / "c.svg"
    assert main_cli.main(["calissons", "check", rec["permalink"], "--picture", str(pic), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 1
    plane = tmp_path / "x.json"
    plane.write_text(json.dumps({"givens": [[0, 0, "x"], [0, 0, "y"], [0, 0, "z"]]}))
    assert main_cli.main(["calissons", "feasible", str(plane), "--picture", str(pic)]) == 0
    first = capsys.readouterr().out
    assert first.startswith(("yes", "no")) and "<svg" in pic.read_text()
    want = "yes" if plane_verdict([(0, 0, "x"), (0, 0, "y"), (0, 0, "z")]).feasible else "no"
    assert first.startswith(want)


def test_region_puzzles_play_on_the_page():
    from generator.calissons import play
    from generator.calissons.generator import generate_region
    shape = regions.parse_region("star:1")
    link = permalink.encode_region(shape, generate_region(shape, 4, "medium").givens)
    board = play.board(link)
    assert len(board["edges"]) == len(shape.region.interior)
    lines = play.solution(link)["lines"]
    assert play.check(link, lines, [])["solved"]
    assert not play.check(link, lines[1:], [])["solved"]


def test_random_region_forms_and_named_words():
    exact = regions.parse_region("random:3:120")
    assert exact.word == regions.random_region(3, 120).word and len(exact.triangles) == 120
    by_seed = regions.parse_region("random", 3, seed=9)
    assert by_seed.word == regions.random_region(9, 54).word
    with pytest.raises(TilepressError, match="needs --size N and --seed S"):
        regions.parse_region("random")
    with pytest.raises(TilepressError, match="even number"):
        regions.parse_region("random:1:7")
    # at least three tilings from 12 triangles on (so a puzzle is more than an extreme tiling)
    for seed in range(8):
        assert count_solutions(regions.random_region(seed, 30).region, [], cap=3)[0] == 3
    # a named shape read back from its word keeps its name (titles of regenerated links)
    for text in ("star:2", "long:3", "hexagram:2"):
        shape = regions.parse_region(text)
        assert regions.parse_region(shape.word).label == shape.label


def test_feasible_json_and_bad_input(tmp_path, capsys):
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"givens": [[-2, -1, "x"], [-2, 0, "x"], [-1, 0, "z"]]}))
    pic = tmp_path / "p.svg"
    assert main_cli.main(["calissons", "feasible", str(f), "--picture", str(pic), "--format", "json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["feasible"] is False and rec["cycle_weight"] < 0 and "absorbing cycle" in pic.read_text()
    for bad in ('{"givens": [[0, 0, "w"]]}', '{"givens": 3}', "[",
                json.dumps({"givens": [[0, 0, "x"], [10 ** 6 + 1, 0, "x"]]})):      # past the coordinates read
        f.write_text(bad)
        assert main_cli.main(["calissons", "feasible", str(f), "--picture", str(pic)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
    # edges a million steps apart are no longer refused: decided, with a witness window drawn
    f.write_text(json.dumps({"givens": [[0, 0, "x"], [10 ** 6, 0, "x"]]}))
    assert main_cli.main(["calissons", "feasible", str(f), "--picture", str(pic)]) == 0
    assert capsys.readouterr().out.startswith("yes") and "2 windows" in pic.read_text()


def test_sheet_rules_name_every_kind_of_puzzle_once():
    from generator.calissons import render
    from generator.pipeline import sheets
    item = {"url": "x.html", "permalink": "cal.v1.2~AAAA", "_svg": "",
            "sheet": {"puzzle": "<svg/>", "solution": "<svg/>", "rules": render.RULES}}
    other = dict(item, sheet=dict(item["sheet"], rules=render.REGION_RULES))
    _entries, rules = sheets.entries([item, other, item, other], False, 0)
    assert rules == render.RULES + " " + render.REGION_RULES
    assert sheets.entries([item, item], False, 0)[1] == render.RULES


def test_check_reads_standard_input_once(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    for obj, want in (({"n": 2, "givens": []}, "20 solutions"), ({"region": "long:1", "givens": []}, "3 solutions")):
        argv = ["calissons", "check", "-", "--picture", str(tmp_path / "c.svg")]
        r = subprocess.run([sys.executable, "-m", "generator", *argv],
                           input=json.dumps(obj), capture_output=True, text=True, cwd=root)
        assert r.returncode == 0 and want in r.stdout, r.stderr


def test_plane_has_no_edge_cap_and_its_window_holds_every_edge():
    """Thousands of edges (the fold edges of a random tiling of a hexagon, and scattered
    subsets) are decided without a cap; the witness window holds every edge, its heights fit
    every clue and every grid edge of the window, and they are the key heights reported."""
    import time
    from generator.calissons.generator import sample_tiling
    from generator.calissons.onregion import feasible
    S = sample_tiling(40, 1, 0)
    X = hexagon(40).salient_edges(S)
    assert len(X) > 4000
    t = time.process_time()
    rec = feasible(X)
    assert rec["feasible"] and time.process_time() - t < 20
    H = rec["_draw"]["heights"]
    for e in X:
        t_, h = e[:2], head(e)
        A, B = far_vertices(e)
        assert H[h] == H[t_] + 1 and H[A] == H[B]
    for (a, b), h in H.items():
        for d in ("x", "y", "z"):
            q = head((a, b, d))
            if q in H:
                assert H[q] - h in (1, -2) and (h - a - b) % 3 == 0
    assert all(H[(a, b)] == h for a, b, h in rec["heights"])
    # with a small impossible set beside them: refuted by a negative cycle of checkable arcs
    far = [(a + 50, b, d) for a, b, d in ((-2, -1, "x"), (-2, 0, "x"), (-1, 0, "z"))]
    assert not plane_verdict(far).feasible
    v = plane_verdict(X + far)
    assert not v.feasible and sum(w for _p, _q, w, _k in v.cycle) < 0
    assert all(v.cycle[i][1] == v.cycle[(i + 1) % len(v.cycle)][0] for i in range(len(v.cycle)))
    clue = {(q, p): w for q, p, w in clue_bounds(X + far)}
    for p, q, w, kind in v.cycle:
        assert w == (clue[(p, q)] if kind == "clue" else plane_distance(p, q))
