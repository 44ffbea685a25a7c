"""Tantrix: tile set, boards, search vs the independent checker, loops, permalinks, renders."""
import hashlib
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import ConfigError, PermalinkError
from family_helpers import SiteSide
from generator.tantrix import boards, checker, find, loops, permalink, render, search, tiles
from generator.tantrix.tiles import canonical, edges, kind_signature, mirror_word, recolour

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    here = Path(__file__).resolve().parents[2] / "shared"
    return here if here.exists() else Path("/work/shared")


CORPUS = shared_dir() / "corpora" / "tantrix-tiles.json"
TYPES = {(1, 1, 1): "Rondo", (1, 1, 3): "Chin", (2, 2, 3): "Brid", (1, 2, 2): "Sint"}


# --- the tile set ----------------------------------------------------------------------

def test_56_tiles_distinct_up_to_rotation():
    keys = {canonical(edges(t)) for t in range(1, 57)}
    assert len(keys) == 56


def test_each_tile_has_three_colours_on_two_edges_each():
    for t in range(1, 57):
        e = edges(t)
        assert len(set(e)) == 3 and all(e.count(c) == 2 for c in set(e))


def test_fourteen_per_colour_triple_with_type_counts():
    for missing in range(4):
        group = [t for t in range(1, 57) if missing not in edges(t)]
        assert len(group) == 14
        counts = {}
        for t in group:
            name = TYPES[kind_signature(edges(t))]
            assert name == tiles.types()[t]        # the data's type agrees with the geometry
            counts[name] = counts.get(name, 0) + 1
        assert counts == {"Rondo": 2, "Chin": 3, "Brid": 3, "Sint": 6}


def test_closed_under_mirror_image_and_colour_permutations():
    from itertools import permutations
    keys = {canonical(edges(t)) for t in range(1, 57)}
    assert {canonical(mirror_word(edges(t))) for t in range(1, 57)} == keys
    for perm in permutations(range(4)):
        assert {canonical(recolour(edges(t), perm)) for t in range(1, 57)} == keys


def test_tiles_1_to_14_are_those_without_green():
    assert [t for t in range(1, 57) if 3 not in edges(t)] == list(range(1, 15))


def test_colour_shift_orbits_of_1_to_14_give_the_whole_set():
    seen = [tiles.shifted(t, j)[0] for t in range(1, 15) for j in range(4)]
    assert sorted(seen) == list(range(1, 57))
    for t in range(1, 57):
        assert tiles.shifted(t, 4) == (t, 0)


def test_no_tile_has_rotational_symmetry():
    for t in range(1, 57):
        assert len({tiles.face(t, r) for r in range(6)}) == 6


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not available")
def test_product_tiles_equal_the_corpus():
    corpus = json.loads(CORPUS.read_text())
    ours = json.loads(tiles.DATA_FILE.read_text())
    assert [(t["number"], t["edges"], t["type"]) for t in corpus["tiles"]] == \
        [(t["number"], t["edges"], t["type"]) for t in ours["tiles"]]


# --- boards and tables -----------------------------------------------------------------

def test_extrasymmetric_geometry_as_documented():
    b = boards.get("extrasymmetric-7x8")
    assert b.periods == ((7, 0), (-4, 8))
    for pos, i, c in b.domain():
        r, col = b.cells[i][1], b.cells[i][0]
        assert pos == (col - c, 2 * c + r)


def test_every_board_is_a_fundamental_domain():
    for name in boards.METHODS:
        b = boards.get(name)
        positions = [pos for pos, _i, _c in b.domain()]
        assert len(positions) == 56 and len({b.reduce(p) for p in positions}) == 56


def test_forced_profiles():
    # seed: from the second column on every cell of the 4x14 boards is forced (>= 3 sides)
    assert min(boards.forced_profile("slanted-4x14")[4:]) >= 3
    assert min(boards.forced_profile("upright-4x14")[4:]) >= 3
    p = boards.forced_profile("upright-8x7")
    assert p[48:52] == [4, 4, 4, 4] and p[52:] == [6, 6, 6, 6]      # as in Szobonya's article


def test_neighbour_table_is_symmetric():
    for name in boards.METHODS:
        nbr = boards.neighbours(name)
        for i, row in enumerate(nbr):
            for k, (j, _c, h) in enumerate(row):
                back = nbr[j][(k + 3) % 6]
                assert back[0] == i and tiles.compose(back[2], h) == tiles.IDENTITY


def test_fit_table_equals_brute_force():
    table = search.fit_table()
    rng = random.Random(7)
    for _ in range(300):
        want = [rng.choice([None, 0, 1, 2, 3]) for _k in range(6)]
        key = sum((c + 1) * 5 ** k for k, c in enumerate(want) if c is not None)
        brute = sorted((t, r) for t in range(1, 57) for r in range(6)
                       if all(c is None or tiles.face(t, r)[k] == c for k, c in enumerate(want)))
        assert sorted((t, r) for t, r, _f in table.get(key, ())) == brute


# --- search and the independent checker ------------------------------------------------

FAST = [("extrasymmetric-7x8", 0), ("extrasymmetric-7x8", 1), ("upright-4x14", 2),
        ("symmetric-7x8", 3), ("slanted-4x14", 13)]


@pytest.fixture(scope="module")
def found():
    out = {}
    for method, seed in FAST:
        pattern, _nodes = find.search(method, seed=seed, seconds=None, max_nodes=5_000_000)
        assert pattern is not None, (method, seed)
        out[(method, seed)] = pattern
    return out


def test_search_results_pass_the_checker(found):
    for (method, seed), p in found.items():
        assert checker.problems(p) == [], (method, seed)
        assert p["method"] == method
        assert any(c["tile"] == 1 and (c["q"], c["r"]) == boards.get(method).cells[0] for c in p["cells"])


def test_symmetric_pattern_halves(found):
    p = found[("symmetric-7x8", 3)]
    top = {c["tile"] for c in p["cells"] if c["r"] < 4}
    assert top == {t for t in range(1, 57) if {1, 2} <= set(edges(t))}


def test_search_is_deterministic():
    a, _ = find.search("extrasymmetric-7x8", seed=5)
    b, _ = find.search("extrasymmetric-7x8", seed=5)
    c, _ = find.search("extrasymmetric-7x8", seed=6)
    assert a == b and a != c


def _mutants(p):
    rng = random.Random(3)
    for _ in range(10):
        m = json.loads(json.dumps(p))
        i = rng.randrange(56)
        m["cells"][i]["rotation"] = (m["cells"][i]["rotation"] + rng.randrange(1, 6)) % 6
        yield m
        m = json.loads(json.dumps(p))
        i, j = rng.sample(range(56), 2)
        a, b = m["cells"][i], m["cells"][j]
        a["tile"], b["tile"] = b["tile"], a["tile"]
        a["rotation"], b["rotation"] = b["rotation"], a["rotation"]
        yield m


def test_checker_rejects_mutants(found):
    for p in found.values():
        for m in _mutants(p):
            assert checker.problems(m), "a mutated pattern passed"


def test_checker_rejects_structural_errors(found):
    p = found[("extrasymmetric-7x8", 0)]
    m = json.loads(json.dumps(p))
    m["periods"] = [[7, 0], [-3, 8]]
    assert checker.problems(m)
    m = json.loads(json.dumps(p))
    m["cells"][5]["tile"] = m["cells"][6]["tile"]
    assert checker.problems(m)
    m = json.loads(json.dumps(p))
    m["cells"][5]["q"] += 7           # same cell modulo the periods: still valid
    assert checker.problems(m) == []
    m["cells"][5]["q"] += 1
    assert checker.problems(m)
    assert checker.problems({"cells": 3})


# --- loops -----------------------------------------------------------------------------

def test_loop_lengths_cover_every_tile_of_each_colour(found):
    for p in found.values():
        for colour, cs in loops.curves(p).items():
            assert sum(c["length"] for c in cs) == 42
            for c in cs:
                assert c["closed"] == (c["periods"] == [0, 0])


def test_winding_lines(found):
    from math import gcd
    lines = 0
    for p in found.values():
        for cs in loops.curves(p).values():
            ws = [tuple(c["periods"]) for c in cs if not c["closed"]]
            lines += len(ws)
            for a in ws:
                assert gcd(*a) == 1              # a simple closed curve on the torus is primitive
                for b in ws:
                    assert a == b                # curves of one colour never cross: parallel
    assert lines > 0
    # the 4x14 upright pattern of seed 2: two yellow lines along the second period
    info = loops.summary(found[("upright-4x14", 2)])
    assert [ln["periods"] for ln in info["yellow"]["lines"]] == [[0, 1], [0, 1]]


# --- permalinks and CLI ----------------------------------------------------------------

def test_permalink_round_trip(found):
    for p in found.values():
        link = permalink.encode(p)
        q = permalink.decode(link)
        assert q["cells"] == p["cells"] and q["periods"] == p["periods"] and q["permalink"] == link


@pytest.mark.parametrize("bad", [
    "tx.v1.xs", "tx.v1.xs.", "tx.v1.zz." + "A" * 112, "tx.v2.xs." + "A" * 112,
    "tx.v1.xs." + "A" * 111, "tx.v1.xs." + "~" * 112, "tx.v1.xs." + "__" * 56,
    "tx.v1.xs." + "AA" * 56,
])
def test_bad_permalinks_raise(bad):
    with pytest.raises(PermalinkError):
        permalink.decode(bad)


def test_permalink_with_broken_symmetry_or_colours_is_rejected(found):
    link = permalink.encode(found[("extrasymmetric-7x8", 0)])
    body = link.split(".")[-1]
    swapped = body[2:4] + body[0:2] + body[4:]
    with pytest.raises(PermalinkError):
        permalink.decode("tx.v1.xs." + swapped)
    with pytest.raises(PermalinkError):               # a valid pattern under the wrong method
        permalink.decode("tx.v1.p8." + body)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=300)


@pytest.mark.parametrize("bad", ["tx.v1.xs.AAA", "tx.v1.q." + "A" * 112, "tx.v9.xs.A"])
def test_cli_bad_permalink_is_one_line_exit_2(bad):
    r = run_cli("regen", bad, "--format", "json")
    assert r.returncode == 2 and r.stderr.startswith("error:") and r.stderr.count("\n") == 1


def test_cli_search_json_and_regen():
    r = run_cli("tantrix", "search", "--method", "extrasymmetric-7x8", "--seed", "9", "--format", "json")
    assert r.returncode == 0, r.stderr
    p = json.loads(r.stdout)
    assert set(p) == {"method", "permalink", "periods", "cells"}
    assert set(p["cells"][0]) == {"q", "r", "tile", "rotation"}
    assert checker.problems(p) == []
    r2 = run_cli("regen", p["permalink"], "--format", "json")
    assert json.loads(r2.stdout) == p


@pytest.mark.parametrize("args", [["tantrix", "search", "--method", "nope"],
                                  ["tantrix", "search", "--method", "upright-4x14", "--seed", "x"],
                                  ["tantrix", "search", "--method", "upright-4x14", "--seconds", "-1"],
                                  ["tantrix", "enumerate", "--method", "upright-4x14"],
                                  ["tantrix", "check", "/nonexistent/file.json"],
                                  ["tantrix", "frob"]])
def test_cli_bad_arguments(args):
    r = run_cli(*args)
    assert r.returncode == 2 and r.stderr.startswith("error:") and r.stderr.count("\n") == 1


# --- golden corpus ---------------------------------------------------------------------

GOLDEN = REPO / "tests" / "golden" / "tantrix.json"


def test_golden_corpus():
    corpus = json.loads(GOLDEN.read_text())
    assert len(corpus) >= 5
    for entry in corpus:
        p = permalink.decode(entry["permalink"])
        svg = render.pattern_svg(p, title=entry["permalink"])
        assert hashlib.sha256(svg.encode()).hexdigest() == entry["svg_sha256"], entry["permalink"]


# --- renders ---------------------------------------------------------------------------

def test_wallpaper_png_is_seamless(found):
    from PIL import Image, ImageChops
    from generator.output import svg_to_png
    p = found[("upright-4x14", 2)]
    w, h = render.wallpaper_size(p, 10.0)
    a = Image.open(io.BytesIO(svg_to_png(render.wallpaper_svg(p, 10.0), width=w))).convert("RGB")
    b = Image.open(io.BytesIO(svg_to_png(render.wallpaper_svg(p, 10.0, phase=(0.5, 0.5)), width=w))).convert("RGB")
    assert a.size == (w, h) == b.size
    rolled = ImageChops.offset(a, -w // 2, -h // 2)     # a's borders now meet in the middle
    diff = ImageChops.difference(rolled, b).convert("L")
    hist = diff.histogram()
    big = sum(hist[40:])
    assert big <= 0.002 * w * h, f"{big} pixels differ: the wallpaper has a seam"
    # and the test can fail: a wrongly sized window has a seam
    c = Image.open(io.BytesIO(svg_to_png(render.wallpaper_svg(p, 10.0), width=w))).convert("RGB")
    c = c.crop((0, 0, w - 6, h)).resize((w, h))
    diff2 = ImageChops.difference(ImageChops.offset(c, -w // 2, -h // 2), b).convert("L")
    assert sum(diff2.histogram()[40:]) > 0.002 * w * h


def test_pattern_svg_is_deterministic_and_shows_all_colours(found):
    p = found[("extrasymmetric-7x8", 0)]
    s1, s2 = render.pattern_svg(p), render.pattern_svg(p)
    assert s1 == s2 and s1.startswith("<svg")
    for colour in render.STROKES:
        assert colour in s1


# --- publish ---------------------------------------------------------------------------

@pytest.mark.parametrize("section", [{"single_loop_count": 225}, {"single_loop_count": "x"},
                                     {"methods": ["nope"]}, {"frob": 1},
                                     {"method_seeds": {"upright-4x14": -1}}])
def test_publish_plan_rejects_bad_config(section):
    with pytest.raises(ConfigError):
        SiteSide("tantrix").plan(section)


def test_publish_generate_method_item():
    item = SiteSide("tantrix").item({"params": {"method": "extrasymmetric-7x8", "seed": 0, "budget": 5}})
    assert item["permalink"].startswith("tx.v1.xs.") and "<svg" in item["svg"]
    assert permalink.decode(item["permalink"])
    assert "wallpaper" in item["extra_svgs"]


# --- the plain 8 x 7 attack ------------------------------------------------------------

def test_row_order_profile_and_deficit():
    from generator.tantrix import attack
    order = attack.row_order()
    prof = boards.forced_profile("upright-8x7", order)
    assert sorted(order) == list(range(56)) and sum(prof) == 168
    seed_prof = boards.forced_profile("upright-8x7")
    # excess of constraint in the closing cells: 14 for rows, 16 for Szobonya's columns
    assert sum(prof[-7:]) - 3 * 7 == 14 and sum(seed_prof[-8:]) - 3 * 8 == 16


def test_symmetry_detector(found):
    from generator.tantrix import attack
    xs = found[("extrasymmetric-7x8", 0)]
    p8 = dict(xs, method="upright-8x7")
    assert attack.is_symmetric(p8)          # the colour shift is a translation symmetry
    sym = dict(found[("symmetric-7x8", 3)], method="upright-8x7")
    assert attack.is_symmetric(sym)
    broken = json.loads(json.dumps(p8))     # not a valid pattern, but no symmetry left
    a, b = broken["cells"][0], broken["cells"][1]
    a["tile"], b["tile"] = b["tile"], a["tile"]
    assert not attack.is_symmetric(broken)


def test_lookahead_search_finds_the_same_first_solution():
    plain = search.Search("upright-4x14", seed=3).first_solution(max_nodes=1_000_000)
    look = search.Search("upright-4x14", seed=3, lookahead=4).first_solution(max_nodes=1_000_000)
    assert plain is not None and plain == look


def test_article_figures_exist():
    import re
    text = (REPO / "site_src" / "articles" / "tantrix.md").read_text()
    assert text.startswith("---\ntitle:") and "family: tantrix" in text.split("---")[1]
    figs = SiteSide("tantrix").figures()
    for name in re.findall(r"figures/([\w.-]+\.svg)", text):
        assert name in figs and figs[name].startswith("<svg")


def test_gallery_svg_is_what_regen_prints():
    item = SiteSide("tantrix").item({"params": {"method": "extrasymmetric-7x8", "seed": 3, "budget": 5}})
    r = run_cli("regen", item["permalink"], "--format", "svg")
    assert r.returncode == 0 and r.stdout == item["svg"]
