"""Calisson solver against brute force, real puzzles, and the infinite-grid test."""
import json
import random

import pytest

import calissons_brute as brute
from generator.calissons import mathix
from generator.calissons.model import hexagon, pp_from_heights
from generator.calissons.solver import count_solutions, plane_feasible, solve

SHARED = brute.shared_dir()
needs_corpus = pytest.mark.skipif(SHARED is None, reason="../shared/corpora/calissons not present")


def random_clue_sets(n, count, seed):
    """Clue sets of several kinds: subsets of a tiling's fold edges, with noise, and random edges."""
    rng = random.Random(seed)
    edges = list(brute.interior_edges(n))
    tilings = brute.all_tilings(n)
    for i in range(count):
        kind = i % 3
        if kind == 0:
            _pp, _c, sal = rng.choice(tilings)
            sal = sorted(sal)
            yield rng.sample(sal, rng.randint(0, len(sal)))
        elif kind == 1:
            _pp, _c, sal = rng.choice(tilings)
            sal = sorted(sal)
            picked = rng.sample(sal, rng.randint(0, min(len(sal), 6)))
            yield sorted(set(picked) | set(rng.sample(edges, rng.randint(1, 2))))
        else:
            yield rng.sample(edges, rng.randint(0, 5))


@pytest.mark.parametrize("n,count", [(1, 60), (2, 500), (3, 700)])
def test_solver_matches_brute_force(n, count):
    reg = hexagon(n)
    statuses = set()
    for givens in random_clue_sets(n, count, seed=n):
        want = brute.brute_count(n, givens)
        sol = solve(reg, givens)
        statuses.add(sol.status)
        assert sol.status == ("none" if want == 0 else "unique" if want == 1 else "multiple"), givens
        assert count_solutions(reg, givens, cap=10 ** 6) == (want, False), givens
        if want:
            sols = brute.brute_solutions(n, givens)
            pps = sorted(tuple(map(tuple, pp)) for pp in sols)
            # least = fewest cubes, greatest = most cubes, both among the brute solutions
            assert tuple(map(tuple, pp_from_heights(n, sol.least))) in pps
            assert tuple(map(tuple, pp_from_heights(n, sol.greatest))) in pps
            vol = [sum(map(sum, pp)) for pp in sols]
            assert sum(map(sum, pp_from_heights(n, sol.least))) == min(vol)
            assert sum(map(sum, pp_from_heights(n, sol.greatest))) == max(vol)
            # where solutions differ: exactly the columns whose heights vary
            varying = {(i, j) for i in range(n) for j in range(n) if len({pp[i][j] for pp in sols}) > 1}
            assert bool(varying) == bool(sol.differ())
    assert statuses == {"none", "unique", "multiple"} or n == 1


def test_count_cap():
    assert count_solutions(hexagon(3), [], cap=100) == (100, True)
    assert count_solutions(hexagon(3), [], cap=10 ** 6) == (980, False)


@needs_corpus
def test_tarizzo_sample_unique_with_recorded_solution():
    lines = (SHARED / "corpora/calissons/tarizzo-sample.jsonl").read_text().splitlines()
    assert len(lines) >= 600
    for line in lines:
        r = json.loads(line)
        n = r["n"]
        sol = solve(hexagon(n), [tuple(g) for g in r["givens"]])
        assert sol.status == "unique"
        assert hexagon(n).salient_edges(sol.least) == sorted(tuple(e) for e in r["solution_salient"])
        assert pp_from_heights(n, sol.least) == r["solution_pp"]


@needs_corpus
def test_mathix_grid_counts():
    grids = json.loads((SHARED / "corpora/calissons/mathix-grids.json").read_text())
    found = {}
    for g in grids:
        n, givens, _hidden, number = mathix.parse(g["url"])
        assert n == g["n"] and givens == sorted(tuple(e) for e in g["givens"])
        count, capped = count_solutions(hexagon(n), givens, cap=10000)
        assert not capped and count == g["solution_count"], g["url"]
        assert solve(hexagon(n), givens).status == g["status"]
        found.setdefault(number, []).append(count)
    assert 30 in found["455"] and 6 in found["216"] and 1 in found["216"]


# --- infinite grid ------------------------------------------------------------------------

def test_plane_test_is_necessary_for_hexagons():
    for n in (2, 3):
        for givens in random_clue_sets(n, 300, seed=10 + n):
            if solve(hexagon(n), givens).status != "none":
                assert plane_feasible(givens)


def test_plane_test_equals_big_hexagon_for_central_clues():
    """Clues near the centre of a hexagon much larger than their spread: same verdict."""
    rng = random.Random(3)
    big = hexagon(9)
    centre = [e for e in big.interior_edge_list() if max(abs(e[0]), abs(e[1]), abs(e[0] - e[1])) <= 2]
    seen = set()
    for _ in range(300):
        givens = rng.sample(centre, rng.randint(1, 7))
        verdict = solve(big, givens).status != "none"
        assert plane_feasible(givens) == verdict, givens
        seen.add(verdict)
    assert seen == {True, False}


def test_plane_test_examples():
    assert plane_feasible([])
    # the three spokes at one vertex all salient: a cube corner, fine
    assert plane_feasible([(0, 0, "x"), (0, 0, "y"), (0, 0, "z")])
