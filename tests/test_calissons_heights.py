"""The pencil-and-rubber method (`explain --method heights`) and the height view (`--view heights`)."""

import json
import random
import subprocess
import sys
from pathlib import Path

from generator.calissons import heights
from generator.calissons.model import far_vertices, head, hexagon
from generator.calissons.solver import solve

ROOT = Path(__file__).resolve().parents[1]
STEP = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}


def replay(reg, givens, steps, start, up):
    """Apply the rounds by hand, checking each rewrite is the bound its rule names, read from the heights
    written at the start of the round."""
    H = {v: h for v, h in zip(reg.coords, start)}
    for changes in steps:
        before = dict(H)
        for c in changes:
            v, q = tuple(c["vertex"]), tuple(c["because"])
            assert before[v] == c["from"] and (c["to"] - c["from"]) % 3 == 0
            assert (c["to"] > c["from"]) == up
            d = (v[0] - q[0], v[1] - q[1]) if up else (q[0] - v[0], q[1] - v[1])
            if c["rule"] == "edge":
                w = -2 if d in STEP.values() else -1
                assert d in STEP.values() or (-d[0], -d[1]) in STEP.values()
            elif c["rule"] == "given":
                e = tuple(c["given"])
                assert e in givens and ((q, v) if up else (v, q)) == (e[:2], head(e))
                w = 1
            else:
                e = tuple(c["given"])
                assert e in givens and sorted([q, v]) == sorted(far_vertices(e))
                w = 0
            assert c["to"] == (before[q] + w if up else before[q] - w)
            H[v] = c["to"]
    return [H[v] for v in reg.coords]


def test_rounds_reach_the_least_and_greatest_solutions():
    """On random boards the raising rounds end at the least solution and the lowering rounds at the
    greatest (or leave the box exactly when there is none); every rewrite follows its rule."""
    seen = set()
    for n in (2, 3, 4):
        reg = hexagon(n)
        edges = reg.interior_edge_list()
        for seed in range(25):
            rng = random.Random(seed)
            givens = sorted(rng.sample(edges, rng.randint(0, 2 * n)))
            rec = heights.record(reg, givens)
            sol = solve(reg, givens)
            assert rec["status"] == sol.status
            seen.add(sol.status)
            up = replay(reg, givens, rec["raise"], reg.floor, True)
            if sol.status != "none":
                down = replay(reg, givens, rec["lower"], reg.ceil, False)
                assert up == sol.least == [h for _a, _b, h in rec["least"]]
                assert down == sol.greatest == [h for _a, _b, h in rec["greatest"]]
            else:
                assert any(not lo <= h <= hi for h, lo, hi in zip(up, reg.floor, reg.ceil))
    assert seen == {"none", "unique", "multiple"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, cwd=ROOT)


def test_cli_sheet_and_view(tmp_path):
    r = run("calissons", "generate", "--size", "3", "--seed", "2", "--level", "hard", "--format", "json")
    link = json.loads(r.stdout)["permalink"]
    r = run("calissons", "explain", link, "--method", "heights", "--format", "json")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert rec["status"] == "unique" and rec["raise"] and rec["permalink"] == link
    out = tmp_path / "sheet.svg"
    r = run("calissons", "explain", link, "--method", "heights", "--format", "svg", "--out", str(out))
    assert r.returncode == 0, r.stderr
    svg = out.read_text()
    assert "pencil-and-rubber" in svg and "Raising, round 1" in svg and "exactly one solution" in svg
    r = run("regen", link, "--view", "heights", "--format", "svg", "--out", str(tmp_path / "h.svg"))
    assert r.returncode == 0, r.stderr
    view = (tmp_path / "h.svg").read_text()
    import re
    from generator.calissons import permalink
    n, givens = permalink.decode(link)
    labels = re.findall(r"<text [^>]*>(-?\d+)</text>", view.split("</g>")[1])   # the labels, halo skipped
    assert sorted(map(int, labels)) == sorted(solve(hexagon(n), givens).least)

def test_sheet_size_limit():
    r = subprocess.run([sys.executable, "-m", "generator", "calissons", "explain", "-", "--method", "heights",
                        "--format", "svg"], capture_output=True, text=True, input='{"n": 12, "givens": []}',
                       cwd=ROOT)
    assert r.returncode == 2 and "sides up to 8" in r.stderr and "Traceback" not in r.stderr
