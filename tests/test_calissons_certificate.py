"""Certificates of "none" and "multiple", re-checked by a checker that shares no code with the solver.

The checker below knows only the triangular grid (unit steps X = (1, 0), Y = (0, 1), Z = (-1, -1)),
the hexagon max(|a|, |b|, |a - b|) <= n with its boundary heights a + b + 3 max(0, -a, -b) (the empty
box, equal to the full box on the boundary) and the projection (x, y, z) -> (x - z, y - z) of a pile
of cubes.  From those it checks:

- "none": every arc of the cycle is a rule that holds in every solution (a grid edge forwards
  w <= -2, backwards w <= -1; a given edge forwards w <= 1; the two common neighbours of a given
  edge's ends w <= 0; two boundary vertices, w = the difference of their heights), consecutive arcs
  chain into a closed cycle, and the weights sum positive;
- "multiple": each of the two solutions is a plane partition whose visible faces tile the hexagon
  (every triangle covered once), crosses no given edge, puts faces of different kinds on the two
  sides of each given edge, has exactly the listed fold edges; and the two differ.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.calissons.family import solve_record

ROOT = Path(__file__).resolve().parents[1]
UNIT = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}
NEIGHBOURS = [(1, 0), (0, 1), (-1, -1), (-1, 0), (0, -1), (1, 1)]


def inside(n, v):
    return max(abs(v[0]), abs(v[1]), abs(v[0] - v[1])) <= n


def on_boundary(n, v):
    return max(abs(v[0]), abs(v[1]), abs(v[0] - v[1])) == n


def boundary_height(v):
    return v[0] + v[1] + 3 * max(0, -v[0], -v[1])


def add(u, s):
    return (u[0] + s[0], u[1] + s[1])


def ends(e):
    return (e[0], e[1]), add((e[0], e[1]), UNIT[e[2]])


def common_neighbours(p, q):
    return sorted({add(p, s) for s in NEIGHBOURS} & {add(q, s) for s in NEIGHBOURS})


def arc_holds(n, givens, arc):
    """Is H(to) >= H(from) + weight true for every solution?"""
    p, q, w, kind = tuple(arc["from"]), tuple(arc["to"]), arc["weight"], arc["kind"]
    if not (inside(n, p) and inside(n, q)):
        return False
    d = (q[0] - p[0], q[1] - p[1])
    if kind == "edge":
        return (d in UNIT.values() and w <= -2) or ((-d[0], -d[1]) in UNIT.values() and w <= -1)
    if kind == "given":
        return any(ends(e) == (p, q) for e in givens) and w <= 1
    if kind == "fold":
        return any(common_neighbours(*ends(e)) == sorted([p, q]) for e in givens) and w <= 0
    if kind == "boundary":
        return on_boundary(n, p) and on_boundary(n, q) and w == boundary_height(q) - boundary_height(p)
    return False


def check_none(n, givens, cert):
    arcs = cert["arcs"]
    assert arcs, "empty certificate"
    for i, arc in enumerate(arcs):
        assert arc_holds(n, givens, arc), arc
        assert arc["to"] == arcs[(i + 1) % len(arcs)]["from"], "arcs do not chain into a cycle"
    assert sum(a["weight"] for a in arcs) > 0


def faces(n, pp):
    """The 3n^2 visible faces of a pile as (kind, two triangles), each triangle a frozenset of vertices."""
    assert len(pp) == n and all(len(r) == n for r in pp)
    assert all(0 <= pp[i][j] <= n for i in range(n) for j in range(n))
    assert all(pp[i][j] >= pp[i + 1][j] for i in range(n - 1) for j in range(n))
    assert all(pp[i][j] >= pp[i][j + 1] for i in range(n) for j in range(n - 1))
    squares = []
    for i in range(n):
        for j in range(n):
            h = pp[i][j]
            squares.append(("top", [(i, j, h), (i + 1, j, h), (i + 1, j + 1, h), (i, j + 1, h)]))
    for a in range(n):
        for k in range(n):
            h = sum(1 for i in range(n) if pp[i][a] > k)
            squares.append(("xface", [(h, a, k), (h, a + 1, k), (h, a + 1, k + 1), (h, a, k + 1)]))
            h = sum(1 for j in range(n) if pp[a][j] > k)
            squares.append(("yface", [(a, h, k), (a + 1, h, k), (a + 1, h, k + 1), (a, h, k + 1)]))
    out = []
    for kind, corners in squares:
        P = [(x - z, y - z) for x, y, z in corners]
        short = [(0, 2, 1, 3)] if (P[2][0] - P[0][0], P[2][1] - P[0][1]) in NEIGHBOURS else []
        short += [(1, 3, 0, 2)] if (P[3][0] - P[1][0], P[3][1] - P[1][1]) in NEIGHBOURS else []
        assert len(short) == 1, "a face is not a lozenge"
        i, j, k, m = short[0]
        out.append((kind, frozenset((P[i], P[j])), (frozenset((P[i], P[j], P[k])), frozenset((P[i], P[j], P[m])))))
    return out


def hexagon_triangles(n):
    tris = set()
    for a in range(-n, n + 1):
        for b in range(-n, n + 1):
            u = (a, b)
            for t in ((u, add(u, (1, 0)), add(u, (1, 1))), (u, add(u, (0, 1)), add(u, (1, 1)))):
                if all(inside(n, v) for v in t):
                    tris.add(frozenset(t))
    return tris


def check_solution(n, givens, sol):
    """The solution record is a tiling of the hexagon obeying every given; returns its fold edges."""
    lozenges = faces(n, sol["pp"])
    owner = {}
    for idx, (_kind, _diag, tris) in enumerate(lozenges):
        for t in tris:
            assert t not in owner, "two faces overlap"
            owner[t] = idx
    assert set(owner) == hexagon_triangles(n), "the faces do not cover the hexagon"
    crossed = {diag for _k, diag, _t in lozenges}
    folds = set()
    for a in range(-n, n + 1):
        for b in range(-n, n + 1):
            for d, s in UNIT.items():
                p, q = (a, b), add((a, b), s)
                A, B = common_neighbours(p, q)
                if not all(inside(n, v) for v in (p, q, A, B)) or frozenset((p, q)) in crossed:
                    continue
                if lozenges[owner[frozenset((p, q, A))]][0] != lozenges[owner[frozenset((p, q, B))]][0]:
                    folds.add((a, b, d))
    for e in givens:
        assert frozenset(ends(e)) not in crossed, f"given {e} is crossed"
        assert tuple(e) in folds, f"given {e} is not a fold edge"
    assert folds == {tuple(e) for e in sol["salient"]}, "listed fold edges differ from the tiling's"
    return folds


def check_multiple(n, givens, cert):
    one, two = cert["solutions"]
    assert check_solution(n, givens, one) != check_solution(n, givens, two)
    assert cert["differ_vertices"]


def random_puzzles(n, count, seed):
    """Random given sets on the hexagon of side n (edges as [a, b, d])."""
    edges = [(a, b, d) for a in range(-n, n + 1) for b in range(-n, n + 1) for d, s in UNIT.items()
             if all(inside(n, v) for v in (ends((a, b, d)) + tuple(common_neighbours(*ends((a, b, d))))))]
    rng = random.Random(seed)
    for _ in range(count):
        yield n, sorted(rng.sample(edges, rng.randint(1, 2 * n + 2)))


def test_certificates_check_independently():
    """Every "none" and "multiple" answer on 400 random boards carries a certificate that checks."""
    seen = {"none": 0, "multiple": 0, "unique": 0, "path": 0, "cycle": 0}
    for n in (1, 2, 3, 4, 5):
        for n_, givens in random_puzzles(n, 80, n):
            rec = solve_record(n_, givens, False, 10)
            seen[rec["status"]] += 1
            if rec["status"] == "none":
                check_none(n_, givens, rec["certificate"])
                seen[rec["certificate"]["kind"]] += 1
            elif rec["status"] == "multiple":
                check_multiple(n_, givens, rec["certificate"])
            else:
                assert rec["certificate"] is None
                check_solution(n_, givens, rec["solution"])
    assert min(seen.values()) > 0, seen        # both kinds of "none" and all three statuses occurred


def test_checker_rejects_a_broken_certificate():
    """The checker can fail: a weight raised, an arc moved, a solution swapped for a non-solution."""
    givens = [(-2, -1, "x"), (-2, 0, "x"), (-1, 0, "z")]
    cert = solve_record(3, givens, False, 10)["certificate"]
    check_none(3, givens, cert)
    bad = json.loads(json.dumps(cert))
    bad["arcs"][0]["weight"] += 3
    with pytest.raises(AssertionError):
        check_none(3, givens, bad)
    bad = json.loads(json.dumps(cert))
    bad["arcs"][1]["kind"] = "fold"
    with pytest.raises(AssertionError):
        check_none(3, givens, bad)
    rec = solve_record(3, [(0, 0, "x"), (0, 0, "y")], False, 10)
    check_multiple(3, [(0, 0, "x"), (0, 0, "y")], rec["certificate"])
    with pytest.raises(AssertionError):          # the least solution breaks another given
        check_solution(3, [(0, 0, "x"), (1, 1, "z")], rec["certificate"]["solutions"][0])


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT)


def test_check_cli_draws_and_explains(tmp_path):
    """`check` prints the paragraph, draws the chain, and its JSON certificate checks."""
    src = tmp_path / "p.json"
    givens = [[-3, -3, "y"], [-2, -1, "x"], [-1, -3, "z"], [-1, -1, "y"], [0, 0, "y"], [1, -1, "z"]]
    src.write_text(json.dumps({"n": 4, "givens": givens}))
    pic = tmp_path / "why.svg"
    r = run("calissons", "check", str(src), "--picture", str(pic))
    assert r.returncode == 0, r.stderr
    assert "No tiling fits these givens" in r.stdout and "absorbing cycle" in r.stdout
    svg = pic.read_text()
    assert "stroke-dasharray" in svg and "No solution: absorbing" in svg
    r = run("calissons", "check", str(src), "--format", "json")
    cert = json.loads(r.stdout)["certificate"]
    assert cert["kind"] == "path"
    check_none(4, [tuple(g) for g in givens], cert)


def test_region_certificates(tmp_path):
    """On another region "multiple" lists two different tilings obeying the givens, and "none"
    a chained cycle of positive weight."""
    from generator.calissons.model import far_vertices
    from generator.calissons.onregion import solve_record as region_solve
    from generator.calissons.regions import parse_region
    shape = parse_region("star:2")
    edges = shape.region.interior_edge_list()
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        givens = sorted(rng.sample(edges, rng.randint(1, 8)))
        rec = region_solve(shape, givens, False, 10)
        cert = rec["certificate"]
        if rec["status"] == "multiple":
            one, two = cert["solutions"]
            assert one["calissons"] != two["calissons"]
            for sol in (one, two):
                cal = {tuple(e) for e in sol["calissons"]}
                tris = [frozenset((ends(e)[0], ends(e)[1], f)) for e in cal for f in far_vertices(e)]
                assert len(set(tris)) == len(tris) == len(shape.triangles)
                assert all(tuple(g) not in cal for g in givens)
        elif rec["status"] == "none":
            arcs = cert["arcs"]
            assert all(a["to"] == arcs[(i + 1) % len(arcs)]["from"] for i, a in enumerate(arcs))
            assert sum(a["weight"] for a in arcs) > 0
        kinds.add(rec["status"])
    assert {"none", "multiple"} <= kinds
