"""`calissons cnf`: the paper's SAT encoding, solved by a SAT solver (python-sat), agrees with the
height-function solver on satisfiability, on the solution itself and on solution counts."""

import random
import subprocess
import sys
from pathlib import Path

from pysat.solvers import Minisat22

from generator.calissons import cnf
from generator.calissons.model import edge_triangles, hexagon, triangle_edges
from generator.calissons.solver import count_solutions, solve

ROOT = Path(__file__).resolve().parents[1]


def parse_dimacs(text):
    """(variable -> edge, clauses) read back from the DIMACS text."""
    names, clauses, header = {}, [], None
    for line in text.splitlines():
        parts = line.split()
        if parts[:1] == ["c"] and len(parts) == 5 and parts[1].isdigit():
            names[int(parts[1])] = (int(parts[2]), int(parts[3]), parts[4])
        elif parts[:2] == ["p", "cnf"]:
            header = (int(parts[2]), int(parts[3]))
        elif parts and parts[0] != "c":
            lits = [int(x) for x in parts]
            assert lits[-1] == 0
            clauses.append(lits[:-1])
    assert header == (len(names), len(clauses))
    return names, clauses


def sat_count(clauses, cap):
    """Models of the formula, counted with blocking clauses (each model's negation added)."""
    models = []
    with Minisat22(bootstrap_with=clauses) as s:
        while len(models) < cap and s.solve():
            m = s.get_model()
            models.append(m)
            s.add_clause([-x for x in m])
    return models


def puzzles(n, count, seed):
    reg = hexagon(n)
    edges = reg.interior_edge_list()
    rng = random.Random(seed)
    for _ in range(count):
        yield reg, sorted(rng.sample(edges, rng.randint(0, min(len(edges), 2 * n + 1))))


def test_sat_agrees_with_solver():
    """On 150 random boards of sides 2..4: SAT iff a solution; a unique solution is the SAT model."""
    seen = set()
    for n in (2, 3, 4):
        for reg, givens in puzzles(n, 50, n):
            names, clauses = parse_dimacs(cnf.dimacs(reg, givens))
            sol = solve(reg, givens)
            with Minisat22(bootstrap_with=clauses) as s:
                sat = s.solve()
                model = s.get_model()
            assert sat == (sol.status != "none"), (n, givens)
            seen.add(sol.status)
            if sol.status == "unique":
                crossed = sorted(names[v] for v in model if v > 0)
                assert crossed == reg.crossed_edges(sol.least)
    assert seen == {"none", "unique", "multiple"}


def test_sat_counts_match_on_tiny_boards():
    """Every model is a solution: the model counts equal the lattice counts (MacMahon's 20 for side 2)."""
    reg = hexagon(2)
    _names, clauses = parse_dimacs(cnf.dimacs(reg, []))
    assert len(sat_count(clauses, 100)) == 20
    for reg, givens in list(puzzles(2, 30, 7)) + list(puzzles(3, 20, 8)):
        _names, clauses = parse_dimacs(cnf.dimacs(reg, givens))
        want, capped = count_solutions(reg, givens, 300)
        if not capped:
            assert len(sat_count(clauses, 301)) == want, givens


def test_clause_classes():
    """Each class has the size the paper states: one cover clause per triangle, three exclusions per
    inner triangle, one unit per given, four implications per given edge away from the boundary."""
    reg = hexagon(3)
    _edges, clauses = cnf.encode(reg, [(0, 0, "x")])
    by = {k: [c for kk, c in clauses if kk == k] for k in (1, 2, 3, 4)}
    assert len(by[1]) == len(reg.triangles) == 54
    inner = sum(all(e in reg.interior for e in triangle_edges(t)) for t in reg.triangles)
    assert sum(len(c) == 3 for c in by[1]) == inner and all(1 <= len(c) <= 3 for c in by[1])
    assert len(by[2]) == 3 * inner + sum(len(c) == 2 for c in by[1])
    assert by[3] == [[-(reg.interior_edge_list().index((0, 0, "x")) + 1)]]
    assert len(by[4]) == 4 and all(len(c) == 2 for c in by[4])


def test_cnf_cli():
    r = subprocess.run([sys.executable, "-m", "generator", "calissons", "cnf", "-"], capture_output=True,
                       text=True, input='{"n": 2, "givens": [[0, 0, "x"]]}', cwd=ROOT)
    assert r.returncode == 0, r.stderr
    names, clauses = parse_dimacs(r.stdout)
    assert len(names) == 9 * 4 - 6 and [-(list(names.values()).index((0, 0, "x")) + 1)] in clauses
    r = subprocess.run([sys.executable, "-m", "generator", "calissons", "cnf", "-"], capture_output=True,
                       text=True, input='{"n": 200}', cwd=ROOT)
    assert r.returncode == 2 and "up to side 128" in r.stderr and "Traceback" not in r.stderr


def test_matching_breaks_the_colour_rule():
    """The article's counterexample: a unique puzzle whose perfect matching tiles the hexagon and crosses
    no given edge, yet puts equal colours beside a given edge (and so differs from the solution)."""
    from generator.calissons.family import MATCHING_PUZZLE
    from generator.calissons.generator import generate
    n, seed, level = MATCHING_PUZZLE
    pz = generate(n, seed, level)
    reg = hexagon(n)
    assert solve(reg, pz.givens).status == "unique"
    tiling = cnf.matching_tiling(reg, pz.givens)
    covered = [t for e in tiling for t in edge_triangles(e)]
    assert sorted(covered) == sorted(reg.triangles)                 # a tiling
    assert not set(tiling) & set(pz.givens)                         # rule (i) kept
    assert cnf.colour_breaks(reg, pz.givens, tiling)                # rule (ii) broken
    assert cnf.colour_breaks(reg, pz.givens, reg.crossed_edges(pz.heights)) == []
