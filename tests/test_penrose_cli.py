"""The Penrose command line, renderer and site-build hooks (publish.py)."""
import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from generator.errors import ConfigError
from family_helpers import SiteSide
from generator import cli
from generator.penrose import render
from generator.penrose import patch as P


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, timeout=120)


def test_tiling_json_shape():
    r = run("tiling", "p2", "--width", "8", "--height", "5", "--seed", "3", "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert set(d) == {"permalink", "family", "region", "tiles"}
    assert d["family"] == "p2" and d["permalink"].startswith("p2.v1.8_5_")
    assert d["region"] == {"x0": -4.0, "y0": -2.5, "x1": 4.0, "y1": 2.5}
    assert d["tiles"] and all(set(t) == {"kind", "points"} for t in d["tiles"])
    for t in d["tiles"]:
        assert t["kind"] in ("kite", "dart") and len(t["points"]) == 4
        pts = t["points"]
        edges = sorted(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4))
        assert abs(edges[-1] - 1) < 1e-9                      # long edge 1
        area = sum(pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1] for i in range(4)) / 2
        want = math.sin(math.pi / 5) * (1 if t["kind"] == "kite" else 2 / (1 + 5 ** 0.5))
        assert abs(area - want) < 1e-9                         # anticlockwise, y up
    # the JSON regenerates identically through its permalink
    r2 = run("regen", d["permalink"], "--format", "json")
    assert r2.returncode == 0 and r2.stdout == r.stdout


def test_p3_units_and_areas():
    res = P.from_seed("p3", 2, Fraction(6), Fraction(6))
    for t in P.to_json_obj(res)["tiles"]:
        pts = t["points"]
        assert all(abs(math.dist(pts[i], pts[(i + 1) % 4]) - 1) < 1e-9 for i in range(4))
        area = sum(pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1] for i in range(4)) / 2
        want = math.sin(2 * math.pi / 5) if t["kind"] == "thick" else math.sin(math.pi / 5)
        assert abs(area - want) < 1e-9


def test_json_floats_have_at_least_nine_significant_digits():
    res = P.from_seed("p2", 1, Fraction(5), Fraction(5))
    exact = {tuple(pts) for _k, pts in res.patch.float_tiles()}
    for t in P.to_json_obj(res)["tiles"]:
        for x, y in t["points"]:
            assert any(abs(x - a) < 1e-11 and abs(y - b) < 1e-11 for pts in exact for a, b in pts)


def test_svg_bytes_are_deterministic_and_png_pdf_work(tmp_path):
    args = ("tiling", "p3", "--width", "6", "--height", "4", "--seed", "9")
    a, b = run(*args, "--format", "svg"), run(*args, "--format", "svg", "--arcs")
    assert a.returncode == 0 and a.stdout.startswith(b"<svg") and b"arc0" in b.stdout
    assert run(*args, "--format", "svg").stdout == a.stdout
    png = tmp_path / "x.png"
    assert run(*args, "--format", "png", "--out", str(png)).returncode == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = run("regen", json.loads(run(*args).stdout)["permalink"], "--format", "pdf")
    assert r.returncode == 0 and r.stdout[:5] == b"%PDF-"


@pytest.mark.parametrize("args, msg", [
    (["tiling", "p2", "--width", "0"], "--width"),
    (["tiling", "p2", "--width", "abc"], "--width"),
    (["tiling", "p3", "--height", "5000"], "--height"),
    (["tiling", "p2", "--seed", "x"], "--seed"),
    (["tiling", "p2", "--seed", "-1"], "--seed"),
    (["tiling", "p2", "--format", "gif"], "invalid choice"),
    (["tiling", "p2", "--nope"], "unrecognized"),
    (["regen", "p2.v1.5_5_0_A", "--width", "-2"], "--width"),
])
def test_bad_arguments_one_line_exit_2(args, msg):
    r = run(*args)
    err = r.stderr.decode()
    assert r.returncode == 2 and err.startswith("error:") and err.count("\n") == 1 and msg in err


def test_help():
    r = run("tiling", "p2", "--help")
    assert r.returncode == 0 and b"--seed" in r.stdout and b"--arcs" in r.stdout


def test_main_in_process(capsys):
    assert cli.main(["tiling", "p2", "--width", "3", "--height", "3", "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert cli.main(["regen", d["permalink"], "--width", "2", "--height", "2"]) == 0
    capsys.readouterr()
    assert cli.main(["tiling", "p2", "--width", "1e3"]) == 2
    assert capsys.readouterr().err.startswith("error: --width")


def test_arcs_continue_across_every_edge():
    """Every arc that ends on an interior edge meets an arc of the same colour from the other side."""
    for fam in ("p2", "p3"):
        res = P.from_seed(fam, 7, Fraction(12), Fraction(10))
        tiles = res.patch.float_tiles()

        def key(p):
            return (round(p[0], 6), round(p[1], 6))
        owners, ends = {}, {}
        for idx, (kind, pts) in enumerate(tiles):
            for i in range(4):
                e = frozenset((key(pts[i]), key(pts[(i + 1) % 4])))
                owners.setdefault(e, []).append(idx)
            for colour, c, _r, s, t, _large in render.arc_segments(fam, kind, pts):
                for p in (s, t):
                    ends.setdefault(idx, []).append((key(p), colour))
        checked = 0
        for e, who in owners.items():
            if len(who) != 2:
                continue
            (a, b) = tuple(e)

            def on_edge(pt):
                ax, ay = a
                bx, by = b
                cross = (bx - ax) * (pt[1] - ay) - (by - ay) * (pt[0] - ax)
                inside = min(ax, bx) - 1e-6 <= pt[0] <= max(ax, bx) + 1e-6 and \
                    min(ay, by) - 1e-6 <= pt[1] <= max(ay, by) + 1e-6
                return abs(cross) < 1e-5 and inside
            sides = [sorted(x for x in ends.get(w, []) if on_edge(x[0])) for w in who]
            assert sides[0] == sides[1]
            checked += bool(sides[0])
        assert checked > 100


# --- publish.py --------------------------------------------------------------------------

def test_plan_defaults_and_ids():
    items = SiteSide("p2").plan({})
    assert len(items) == 6 and len({i["id"] for i in items}) == 6
    items = SiteSide("p3").plan({"seeds": [1, 2], "sizes": [[10, 6], [12.5, 7]], "arcs": False})
    assert [i["id"] for i in items] == ["p3-s1-10x6", "p3-s2-10x6", "p3-s1-12_5x7", "p3-s2-12_5x7"]
    assert items[2]["params"] == {"seed": 1, "width": "12.5", "height": "7", "arcs": False}


@pytest.mark.parametrize("section, msg", [
    ({"colour": 1}, "unknown key"),
    ({"seeds": []}, "seeds"),
    ({"seeds": [1, 1]}, "duplicate"),
    ({"seeds": ["a"]}, "seeds"),
    ({"seeds": [True]}, "seeds"),
    ({"sizes": [[10]]}, "sizes[0]"),
    ({"sizes": [[10, 0]]}, "height"),
    ({"sizes": [[10, 500]]}, "height"),
    ({"sizes": [[10.12345, 5]]}, "decimals"),
    ({"arcs": "yes"}, "arcs"),
])
def test_plan_rejects_bad_config(section, msg):
    with pytest.raises(ConfigError) as exc:
        SiteSide("p2").plan(section)
    assert msg in str(exc.value)


def test_generate_is_pure_and_regenerable():
    params = SiteSide("p2").plan({"seeds": [4], "sizes": [[9, 6]]})[0]["params"]
    a, b = SiteSide("p2").item({"params": params}), SiteSide("p2").item({"params": params})
    assert a == b
    assert a["permalink"].startswith("p2.v1.9_6_") and a["command"].endswith("--format svg")
    ET.fromstring(a["svg"])
    ET.fromstring(a["extra_svgs"]["arcs"])
    facts = dict(a["facts"])
    res = P.from_permalink(a["permalink"])
    counts = res.patch.counts()
    assert facts["kites"] == counts["kite"] and facts["darts"] == counts["dart"]
    assert facts["tiles"] == len(res.patch.tiles)
    assert not any("time" in k or "second" in k for k, _ in a["facts"])
    # the item's command prints exactly the published pictures
    r = run(*a["command"].split()[3:])
    assert r.returncode == 0 and r.stdout.decode() == a["svg"]
    r = run(*a["command"].split()[3:], "--arcs")
    assert r.stdout.decode() == a["extra_svgs"]["arcs"]


def test_figures_are_svg():
    figs = SiteSide("p2").figures()
    assert set(figs) >= {"penrose-p2-levels.svg", "penrose-p3-levels.svg", "penrose-interleaved.svg"}
    for text in figs.values():
        root = ET.fromstring(text)
        assert root.tag.endswith("svg")
    assert SiteSide("p2").figures() == figs


def test_article_references_existing_figures():
    from pathlib import Path
    art = Path(__file__).resolve().parents[1] / "site_src" / "articles" / "penrose.md"
    text = art.read_text()
    import re
    refs = set(re.findall(r"figures/([\w.-]+\.svg)", text))
    assert refs and refs <= set(SiteSide("p2").figures())
    for pl in re.findall(r"(p[23]\.v1\.[\w.]+)", text):
        P.from_permalink(pl)


def test_streamed_json_is_byte_identical_to_the_object_tree():
    """The flat text stream (big patches) writes exactly the bytes of the object tree."""
    from fractions import Fraction

    from generator.output import json_chunks, to_json
    from generator.penrose import patch as P
    for family, seed, side in (("p2", 7, 9), ("p3", 11, 12), ("p3", 2, Fraction("10.5"))):
        res = P.from_seed(family, seed, Fraction(side), Fraction(side))
        want = to_json(P.to_json_obj(res))
        assert "".join(json_chunks(P.to_json_stream(res))) == want
        assert len(P.to_json_obj(res)["tiles"]) > 50
