"""Any region (generator/maker/region.py): `--disc R`, `--polygon`, `--tiles meet|inside`, and the
version-2 permalinks that carry the region; version-1 links are untouched (their golden corpora
are tests/golden/*.json, checked by the families' permalink tests)."""

import json
import math

import pytest

from test_maker_graph import check_graph, run

from generator.maker import region as R

FAMILIES = {"p2": "6", "p3": "6", "hat": "20", "spectre": "14"}
HEXAGON = "6,0 3,5.196 -3,5.196 -6,0 -3,-5.196 3,-5.196"


def make(name, *extra, fmt="json"):
    code, text, err = run(["tiling", name, "--seed", "5", *extra, "--format", fmt])
    assert code == 0, err
    return json.loads(text) if fmt in ("json", "graph") else text


def dist_to_polygon(poly):
    """Distance from the origin to a polygon (0 when it contains the origin)."""
    inside = R._where((0.0, 0.0), poly) >= 0
    if inside:
        return 0.0
    best = math.inf
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k - 1], poly[k]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, -(x1 * dx + y1 * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x1 + t * dx, y1 + t * dy))
    return best


@pytest.mark.parametrize("name", list(FAMILIES))
def test_disc_meet_and_inside_select_the_right_tiles_of_the_box(name):
    r = float(FAMILIES[name])
    box = make(name, "--width", str(2 * r), "--height", str(2 * r))
    meet = make(name, "--disc", FAMILIES[name])
    inside = make(name, "--disc", FAMILIES[name], "--tiles", "inside")
    assert meet["permalink"].startswith(f"{name}.v2.") and meet["permalink"].endswith(f"~d{FAMILIES[name]}")
    assert inside["permalink"] == meet["permalink"] + "~i"
    # the version-2 link's tiling part is the box's version-1 link
    assert box["permalink"].split(".", 2)[2] == meet["permalink"].split(".", 2)[2].split("~")[0]
    key = lambda t: tuple((round(x, 6), round(y, 6)) for x, y in t["points"])
    all_tiles = {key(t) for t in box["tiles"]}
    met, ins = {key(t) for t in meet["tiles"]}, {key(t) for t in inside["tiles"]}
    assert ins <= met <= all_tiles and 0 < len(ins) < len(met)
    for t in all_tiles:
        d = dist_to_polygon(list(t))
        far = max(math.hypot(x, y) for x, y in t)
        assert (t in met) == (d < r - 1e-9), (d, r)
        assert (t in ins) == (far <= r + 1e-9), (far, r)


@pytest.mark.parametrize("name", list(FAMILIES))
def test_region_links_regenerate_byte_for_byte_and_export_graphs(name):
    for extra in (["--disc", FAMILIES[name], "--tiles", "inside"], ["--polygon", HEXAGON]):
        code, text, err = run(["tiling", name, "--seed", "5", *extra, "--format", "json"])
        assert code == 0, err
        link = json.loads(text)["permalink"]
        for fmt in ("json", "svg"):
            made = run(["tiling", name, "--seed", "5", *extra, "--format", fmt])[1]
            assert run(["regen", link, "--format", fmt])[1] == made
        g = json.loads(run(["regen", link, "--format", "graph", "--colour", "proper4"])[1])
        assert g["permalink"] == link and g["count"] == len(json.loads(text)["tiles"])
        if "inside" in extra:          # a convex region's inside tiles: one piece without holes
            check_graph(g["tiles"])


def test_polygon_inside_tiles_lie_in_the_hexagon():
    poly = [tuple(map(float, p.split(","))) for p in HEXAGON.split()]
    got = make("p3", "--polygon", HEXAGON, "--tiles", "inside")
    assert got["region"] == {"shape": "polygon", "tiles": "inside", "points": [list(p) for p in poly]}
    assert got["tiles"]
    for t in got["tiles"]:
        assert all(R._where(tuple(p), poly) >= 0 for p in t["points"])


def test_rectangle_inside_is_version_2_and_meet_stays_version_1():
    plain = make("p2", "--width", "8", "--height", "6")
    assert plain["permalink"].startswith("p2.v1.")
    inside = make("p2", "--width", "8", "--height", "6", "--tiles", "inside")
    assert inside["permalink"] == "p2.v2." + plain["permalink"].split(".", 2)[2] + "~r~i"
    assert all(abs(x) <= 4 + 1e-9 and abs(y) <= 3 + 1e-9 for t in inside["tiles"] for x, y in t["points"])
    assert 0 < len(inside["tiles"]) < len(plain["tiles"])


def test_keeps_on_unit_squares():
    sq = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    moved = lambda dx, dy: [(x + dx, y + dy) for x, y in sq]
    assert R.polygon_keeps(sq, sq, "meet") and R.polygon_keeps(sq, sq, "inside")
    assert not R.polygon_keeps(moved(1, 0), sq, "meet")          # shares an edge only
    assert not R.polygon_keeps(moved(1, 1), sq, "meet")          # shares a corner only
    assert R.polygon_keeps(moved(0.5, 0.5), sq, "meet") and not R.polygon_keeps(moved(0.5, 0.5), sq, "inside")
    big = [(-1.0, -1.0), (2.0, -1.0), (2.0, 2.0), (-1.0, 2.0)]
    assert R.polygon_keeps(big, sq, "meet") and not R.polygon_keeps(big, sq, "inside")
    assert R.disc_keeps(moved(-0.5, -0.5), 0.1, "meet") and not R.disc_keeps(moved(2, 0), 2.0, "meet")
    assert R.disc_keeps(moved(-0.5, -0.5), 0.71, "inside") and not R.disc_keeps(moved(-0.5, -0.5), 0.7, "inside")


@pytest.mark.parametrize("argv,words", [
    (["regen", "p2.v2.12_10_7_VBABUAAAVVVB~d6"], "bounding box 12 × 12"),
    (["regen", "p2.v2.12_12_7_VBABUAAAVVVB~d6.0"], "malformed p2 region"),
    (["regen", "p2.v2.12_12_7_VBABUAAAVVVB"], "needs a region"),
    (["regen", "p2.v2.2000_2000_7_VB~d1000"], "width must be in"),
    (["regen", "hat.v2.8000x8000.r0.1-H~d4000"], "malformed hat permalink"),
    (["regen", "p2.v2.12_12_7_VBABUAAAVVVB~d6", "--width", "3"], "do not apply"),
    (["tiling", "p2", "--disc", "3", "--polygon", "0,0 1,0 0,1"], "not both"),
    (["tiling", "p2", "--polygon", "0,0 2,0 2,2 1,-1 0,2"], "crosses itself"),
    (["tiling", "p2", "--polygon", "0,0 1,0"], "3 to 64 vertices"),
    (["tiling", "p2", "--polygon", "0,0 1,x 0,1"], "vertex 2 y"),
    (["tiling", "p2", "--disc", "900"], "--disc must be > 0 and ≤ 500"),
    (["tiling", "p2", "--polygon", "0,0 900,0 0,900"], "bounding box"),
    (["tiling", "hat", "--seed", "1"], "--width is required"),
])
def test_bad_regions_are_one_line_exit_2(argv, words):
    code, text, err = run(argv + ["--format", "json"])
    assert code == 2 and text == "" and err.count("\n") == 1 and words in err, err


def test_a_costly_region_link_is_refused_from_its_text():
    import time
    t = time.monotonic()
    code, _text, err = run(["regen", "p2.v2.1000_1000_7_VB~d500", "--format", "json"])
    assert code == 2 and "too large" in err, err
    assert time.monotonic() - t < 2


@pytest.mark.parametrize("name", ["p2", "p3"])
def test_fixed_expansion_patches_regenerate_and_are_whole_tilings(name):
    """`--method expansion` (Tatham's Algorithm 1): version-3 links, byte-for-byte regen, tiles meeting
    the region, a plane map without holes."""
    got = make(name, "--width", "12", "--height", "8", "--method", "expansion")
    assert got["permalink"] == f"{name}.v3.12_8_5" and got["method"] == "expansion"
    assert run(["regen", got["permalink"], "--format", "json"])[1] == \
        run(["tiling", name, "--width", "12", "--height", "8", "--seed", "5", "--method", "expansion",
             "--format", "json"])[1]
    for t in got["tiles"]:
        xs, ys = [p[0] for p in t["points"]], [p[1] for p in t["points"]]
        assert min(xs) < 6 and max(xs) > -6 and min(ys) < 4 and max(ys) > -4
    g = json.loads(run(["regen", got["permalink"], "--format", "graph"])[1])
    assert g["count"] == len(got["tiles"])
    check_graph(g["tiles"])
    other = make(name, "--width", "12", "--height", "8")           # coordinates: another patch
    assert other["permalink"].startswith(f"{name}.v1.")


@pytest.mark.parametrize("argv,words", [
    (["regen", "p2.v3.12_8_05"], "malformed Penrose expansion"),
    (["regen", "p2.v3.300_8_5"], "must be in (0, 200]"),
    (["regen", "p2.v3.12_8_5", "--width", "3"], "do not apply"),
    (["tiling", "p2", "--disc", "5", "--method", "expansion"], "rectangles only"),
])
def test_bad_expansion_input_is_one_line_exit_2(argv, words):
    code, text, err = run(argv + ["--format", "json"])
    assert code == 2 and text == "" and err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("name,label", [("p2", "A"), ("p2", "U"), ("p3", "C"), ("p3", "Y")])
def test_supertile_of_penrose_gives_whole_tiles_of_a_plane_map(name, label):
    from test_maker_graph import edge_map
    code, text, err = run(["supertile", name, "--level", "8", "--label", label, "--format", "json"])
    assert code == 0, err
    got = json.loads(text)
    assert got["level"] == 8 and got["label"] == label
    polys = [t["polygon"] for t in ({"polygon": t["points"]} for t in got["tiles"])]
    edges = edge_map(polys)
    nbrs = [set() for _ in polys]
    for ts in edges.values():
        if len(ts) == 2:
            nbrs[ts[0]].add(ts[1])
            nbrs[ts[1]].add(ts[0])
    check_graph([{"id": i, "polygon": p, "neighbours": sorted(nbrs[i])} for i, p in enumerate(polys)])
    kinds = [t["kind"] for t in got["tiles"]]
    a, b = (("kite", "dart") if name == "p2" else ("thick", "thin"))
    assert abs(kinds.count(a) / kinds.count(b) - (1 + 5 ** 0.5) / 2) < 0.1      # φ, up to the rim
    code, svg, err = run(["supertile", name, "--level", "4", "--label", label, "--format", "svg"])
    assert code == 0 and svg.startswith("<svg")


@pytest.mark.parametrize("seed,size", [(5, "40"), (2, "25"), (9, "60")])
def test_hat_fixed_expansion_prunes_nothing_it_needs(seed, size):
    """`tiling hat --method expansion`: the pruned expansion keeps exactly the hats of the whole
    supertile (expanded without pruning) that meet the region; links regenerate byte for byte."""
    from generator.hat import expansion as E
    from generator.hat import geometry as HG
    from generator.hat import supertile as ST
    item = E.from_seed(seed, size, size)
    assert item.level <= ST.MAX_EXPAND_LEVEL
    fx, fy = float(item.point[0]), float(item.point[1])
    h = float(size) / 2
    box = [(fx - h, fy - h), (fx + h, fy - h), (fx + h, fy + h), (fx - h, fy + h)]
    brute = set()
    for hat in ST.supertile_hats(item.top, item.level):
        pts = [HG.to_xy(p) for p in HG.hat_outline(hat.iso)]
        if R.polygon_keeps(pts, box, "meet"):
            brute.add(tuple(HG.hat_outline(hat.iso)))
    assert {t[1] for t in item.tiles} == brute and brute
    link = item.permalink()
    assert link == f"hat.v3.{size}x{size}.s{seed}"
    text = run(["tiling", "hat", "--width", size, "--height", size, "--seed", str(seed), "--method", "expansion",
                "--format", "json"])[1]
    assert run(["regen", link, "--format", "json"])[1] == text
    g = json.loads(run(["regen", link, "--format", "graph"])[1])
    check_graph(g["tiles"])


@pytest.mark.parametrize("argv,words", [
    (["regen", "hat.v3.40x30.s05"], "malformed hat expansion"),
    (["regen", "hat.v3.400x30.s5"], "must be in (0, 300]"),
    (["regen", "hat.v3.40x30.s5", "--height", "3"], "do not apply"),
])
def test_bad_hat_expansion_links_are_one_line_exit_2(argv, words):
    code, text, err = run(argv + ["--format", "json"])
    assert code == 2 and text == "" and err.count("\n") == 1 and words in err, err
