"""Loopy on real tiling patches (P2, P3, hat): grids, uniqueness, levels, permalinks, CLI."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import PermalinkError, TilepressError
from generator.loopy import permalink as PL
from generator.loopy import puzzle as P
from generator.loopy import render, tiling_source
from generator.loopy.family import FAMILY
from generator.loopy.solver import LEVELS, SOLVED, Board, solve
from generator.output import to_json
from loopy_brute import count_loops

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"p2": (5, 4), "p3": (6, 5), "hat": (24, 20), "spectre": (18, 15)}
SMALL = {t: s for t, s in SMALL.items() if t in tiling_source.tilings()}   # Spectre once registered


@pytest.mark.parametrize("tiling", sorted(SMALL))
def test_grid_faces_are_the_tiles(tiling):
    w, h = SMALL[tiling]
    _link, tiles = tiling_source.patch(tiling, w, h, 1)
    p = P.create(tiling, w, h, 1, "easy")
    g = p.grid
    assert len(g.dots) - len(g.edges) + len(g.faces) == 1
    outlines = {frozenset(t.exact) for t in tiles}
    for ids in g.faces:
        assert frozenset(g.keys[i] for i in ids) in outlines     # every face is one whole tile
    assert len(set(g.keys)) == len(g.keys)
    if tiling in ("hat", "spectre"):
        assert {len(f) for f in g.faces} == {14}
        assert max(c for c in p.clues if c is not None) <= 14
    else:
        assert {len(f) for f in g.faces} == {4}
    assert 40 <= len(g.faces) <= 70


# Fresh puzzles at every level and tiling: tests/test_loopy_levels.py.


@pytest.mark.slow
@pytest.mark.parametrize("tiling,size", [("p2", (8, 7)), ("p3", (9, 8)), ("hat", (36, 30))])
def test_medium_puzzles_are_unique(tiling, size):
    for seed, level in ((1, "normal"), (2, "tricky"), (3, "hard")):
        p = P.create(tiling, *size, seed, level)
        assert 90 <= len(p.grid.faces) <= 200
        n, _ = count_loops(len(p.grid.dots), [list(f) for f in p.grid.faces], list(p.clues))
        assert n == 1
        assert solve(Board.of_grid(p.grid), p.clues, LEVELS.index(level) - 1)[0] != SOLVED


@pytest.mark.parametrize("tiling", sorted(SMALL))
def test_solver_is_sound_on_tiling_grids(tiling):
    """Random partial clue sets on real patches: decisions agree with the SAT search."""
    import random
    from generator.loopy import generate, loopgen
    w, h = SMALL[tiling]
    _link, tiles = tiling_source.patch(tiling, w, h, 4)
    g = P.G.build(tiles)
    tables = Board.of_grid(g)
    rng = random.Random(tiling)
    for _ in range(15):
        loop = loopgen.loop_edges(g, loopgen.generate(g, rng))
        clues = [c if rng.random() < 0.5 else None for c in generate.clues_of(g, loop)]
        n, sols = count_loops(len(g.dots), [list(f) for f in g.faces], clues, limit=20)
        for level in range(5):
            verdict, state = solve(tables, clues, level)
            assert verdict != "contradiction"
            if verdict == SOLVED:
                assert n == 1
            for sol in sols:
                assert all((s == 1) == (g.edges[e] in sol) for e, s in enumerate(state) if s)


def test_clue_string_round_trip_and_runs():
    clues = [None] * 60 + [0, 14, None, 9, 10] + [None]
    text = PL.encode_clues(clues)
    assert text == "zzh0Ea9Aa"
    assert PL.decode_clues(text) == clues


@pytest.mark.parametrize("bad", ["", "loopy", "loopy.v2.e1.p2.v1.5_4_9_A", "loopy.v1.x12.p2.v1.5_4_9_A",
                                 "loopy.v1.e1!2.p2.v1.5_4_9_A", "loopy.v1.e12", "loopy.v1.e12.tx.v1.abc",
                                 "loopy.v1.e12.p2.v1.nonsense", "hat.v1.28x24.r0.4-0-1-8-7-H"])
def test_garbage_permalinks_are_refused(bad):
    with pytest.raises(TilepressError):
        P.from_permalink(bad)


def test_wrong_clue_count_and_non_unique_clues_are_refused():
    p = P.create("p3", 6, 5, 2, "easy")
    with pytest.raises(PermalinkError, match="clues for a grid"):
        P.from_permalink(PL.encode("easy", list(p.clues) + [1], p.tiling))
    blank = [None] * len(p.clues)
    with pytest.raises(PermalinkError, match="exactly one loop"):
        P.from_permalink(PL.encode("easy", blank, p.tiling))


def test_golden_corpus():
    golden = json.loads((ROOT / "tests" / "golden" / "loopy.json").read_text())
    assert {e["version"] for e in golden["entries"]} == {1, 2}
    for entry in golden["entries"]:
        p = P.from_permalink(entry["permalink"])
        assert p.permalink == entry["permalink"] and p.level == entry["measured"]
        doc = P.to_json(p)
        if entry["version"] == 1:                # v1 printed its letter's level; bytes otherwise kept
            doc = dict(doc, level=PL.LEVEL_LETTERS[entry["permalink"][9]])
        assert hashlib.sha256(to_json(doc).encode()).hexdigest() == entry["sha256"]["json"]
        assert hashlib.sha256(render.picture(p, solution=True).encode()).hexdigest() == entry["sha256"]["svg"]
        if entry["version"] == 2:
            assert entry["measured"] == entry["level"]
    for version in (1, 2):
        first = next(e for e in golden["entries"] if e["version"] == version)
        assert P.create(first["tiling"], first["width"], first["height"], first["seed"],
                        first["level"], version=version).permalink == first["permalink"]


def test_regen_measures_the_level_instead_of_reading_the_letter():
    golden = json.loads((ROOT / "tests" / "golden" / "loopy.json").read_text())
    for entry in golden["entries"]:
        link = entry["permalink"]
        letter = link[9]
        for other in ("h" if letter == "e" else "e",):
            if other != letter:
                forged = link[:9] + other + link[10:]
                p = P.from_permalink(forged)
                assert p.level == entry["measured"] and P.to_json(p)["level"] == entry["measured"]
                assert dict(FAMILY.facts(p))["Level"] == entry["measured"]
                assert p.solution == P.from_permalink(link).solution


def test_svg_places_clues_inside_faces():
    p = P.create("hat", 24, 20, 1, "hard")
    doc = render.picture(p)
    assert doc.count("<circle") == len(p.grid.dots)
    assert doc.count("<text") == p.clue_count
    assert "#c0392b" not in doc and "#c0392b" in render.picture(p, solution=True)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_cli_generate_and_regen_agree():
    r = run_cli("loopy", "generate", "--tiling", "p2", "--width", "5", "--height", "4", "--seed", "7",
                "--level", "normal", "--format", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert set(doc) == {"permalink", "tiling", "level", "dots", "faces", "edges", "solution"}
    again = run_cli("regen", doc["permalink"], "--format", "json")
    assert again.returncode == 0 and again.stdout == r.stdout


@pytest.mark.parametrize("args", [("regen", "loopy.v1.h12.p3.v1.xx"), ("regen", "loopy.v1.zzz"),
                                  ("loopy", "generate", "--level", "insane"),
                                  ("loopy", "generate", "--width", "0.5", "--height", "0.5"),
                                  ("loopy", "generate", "--seed", "-3"), ("loopy", "frobnicate")])
def test_cli_bad_input_exits_2_with_one_line(args):
    r = run_cli(*args)
    assert r.returncode == 2
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
