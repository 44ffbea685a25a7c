"""Generator: unique by independent checks, solution = sampled tiling, minimality, determinism."""
import pytest

import calissons_brute as brute
from generator.calissons import generator as gen
from generator.calissons import human, render
from generator.calissons.family import generate_record
from generator.calissons.model import hexagon, pp_from_heights
from generator.calissons.solver import count_solutions, solve
from generator.errors import TilepressError


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_small_puzzles_unique_by_brute_force(n, level):
    for seed in range(12):
        p = gen.generate(n, seed, level)
        sols = brute.brute_solutions(n, p.givens)
        assert len(sols) == 1
        assert [list(r) for r in sols[0]] == p.pp
        assert p.heights == gen.sample_tiling(n, seed, _attempt_of(p, n, seed))
        assert not gen.degenerate(n, p.pp)


def _attempt_of(p, n, seed):
    """Which attempt's tiling the puzzle kept (hard levels may redraw)."""
    for a in range(gen.HARD_ATTEMPTS):
        if gen.sample_tiling(n, seed, a) == p.heights:
            return a
    raise AssertionError("solution is not one of the sampled tilings")


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_larger_puzzles_unique_by_local_backtracking(n):
    for seed in range(4):
        for level in ("easy", "hard"):
            p = gen.generate(n, seed, level)
            assert brute.local_count(n, p.givens, cap=2) == 1
            sol = solve(hexagon(n), p.givens)
            assert sol.status == "unique" and sol.least == p.heights
            _attempt_of(p, n, seed)
            assert human.solved_state(n, p.givens) in (None, hexagon(n).crossed_edges(p.heights))


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_minimal_puzzles_are_inclusion_minimal(n):
    for seed in range(3):
        p = gen.generate(n, seed, "medium", minimal=True)
        for e in p.givens:
            rest = [g for g in p.givens if g != e]
            if n <= 3:
                assert brute.brute_count(n, rest) >= 2
            else:
                assert brute.local_count(n, rest, cap=2) == 2


def test_hard_is_minimal_and_easy_keeps_more_givens():
    for seed in range(4):
        easy, medium, hard = (gen.generate(6, seed, lv) for lv in ("easy", "medium", "hard"))
        assert len(easy.givens) > len(medium.givens) > len(hard.givens)
        assert easy.difficulty["depth"] == 0 and medium.difficulty["depth"] == 0
        for e in hard.givens:
            assert count_solutions(hexagon(6), [g for g in hard.givens if g != e], cap=2)[0] == 2


def test_minimal_givens_average_in_the_expected_range():
    """Greedy minimal puzzles hold about 6.3 (n=3) and 15.9 (n=5) givens on average."""
    for n, lo, hi in ((3, 4.5, 8.0), (5, 13.0, 19.0)):
        sizes = [len(gen.generate(n, s, "medium", minimal=True).givens) for s in range(30)]
        assert lo <= sum(sizes) / len(sizes) <= hi


def test_same_seed_same_bytes():
    a = generate_record(6, 11, "hard", False)[1]
    b = generate_record(6, 11, "hard", False)[1]
    assert a == b
    pa, pb = gen.generate(6, 11, "hard"), gen.generate(6, 11, "hard")
    assert render.puzzle_svg(6, pa.givens) == render.puzzle_svg(6, pb.givens)
    assert render.solution_svg(6, pa.heights) == render.solution_svg(6, pb.heights)
    assert generate_record(6, 12, "hard", False)[1] != a


@pytest.mark.parametrize("seed", [3, 4])
def test_generated_record_is_self_consistent(seed):
    """The JSON's solution is a plane partition in the n-box; its fold edges contain every given
    and, used as the only clues, have exactly that solution (checked by the solver and, for the
    givens, by brute force on the box)."""
    _pz, rec = generate_record(3, seed, "medium", False)
    n, pp = rec["n"], rec["solution"]["pp"]
    assert all(pp[i][j] >= pp[i][j + 1] for i in range(n) for j in range(n - 1))
    assert all(pp[i][j] >= pp[i + 1][j] for i in range(n - 1) for j in range(n))
    assert all(0 <= v <= n for row in pp for v in row) and len(pp) == n
    salient = [tuple(e) for e in rec["solution"]["salient"]]
    assert {tuple(g) for g in rec["givens"]} <= set(salient)
    sol = solve(hexagon(n), salient)
    assert sol.status == "unique" and pp_from_heights(n, sol.least) == pp
    assert [[list(r) for r in s] for s in brute.brute_solutions(n, [tuple(g) for g in rec["givens"]])] == [pp]
    assert rec["difficulty"]["givens"] == len(rec["givens"])


def test_bad_generate_arguments():
    for n in (0, 1, -3, 10 ** 6):
        with pytest.raises(TilepressError):
            gen.generate(n, 0, "easy")
    with pytest.raises(TilepressError):
        gen.generate(4, 0, "impossible")


def test_human_grader_agrees_with_solver_when_it_finishes():
    for seed in range(10):
        p = gen.generate(5, seed, "hard")
        crossed = human.solved_state(5, p.givens)
        if crossed is not None:
            assert crossed == hexagon(5).crossed_edges(p.heights)
