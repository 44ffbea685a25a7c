"""Tiles with their neighbours (`--format graph|geojson`), colourings, cut files (generator/maker/).

The neighbour relation is checked against the exported polygons alone (edges matched by their
rounded end points, independently of the engines' exact keys), and every export obeys Euler's
formula V − E + F = 1 for its planar map (a patch is one piece without holes)."""

import contextlib
import io
import json

import pytest

from generator.cli import main
from generator.maker import colour as C

PATCHES = {
    "p2": ["tiling", "p2", "--width", "12", "--height", "9", "--seed", "4"],
    "p3": ["tiling", "p3", "--width", "12", "--height", "9", "--seed", "4"],
    "hat": ["tiling", "hat", "--width", "40", "--height", "30", "--seed", "4"],
    "spectre": ["tiling", "spectre", "--width", "30", "--height", "25", "--seed", "4"],
}


def run(argv):
    """(exit code, stdout text, stderr text) of the command line."""
    out, err = io.StringIO(), io.StringIO()

    class Buf:
        buffer = io.BytesIO()

    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        import sys
        real = sys.stdout
        sys.stdout = Buf
        try:
            code = main(argv)
        finally:
            sys.stdout = real
    return code, Buf.buffer.getvalue().decode("utf-8"), err.getvalue()


def key(p):
    return (round(p[0], 6), round(p[1], 6))


def edge_map(polygons):
    """{edge (two rounded points, sorted): [tile ids]} from the polygons alone."""
    edges = {}
    for i, poly in enumerate(polygons):
        for k in range(len(poly)):
            a, b = key(poly[k]), key(poly[(k + 1) % len(poly)])
            edges.setdefault((min(a, b), max(a, b)), []).append(i)
    return edges


def check_graph(tiles):
    """Ids, symmetry, neighbours = tiles sharing an edge, and Euler's formula; returns (V, E, F)."""
    assert [t["id"] for t in tiles] == list(range(len(tiles)))
    nbrs = [set(t["neighbours"]) for t in tiles]
    for i, ns in enumerate(nbrs):
        assert i not in ns
        for j in ns:
            assert i in nbrs[j], f"neighbour relation not symmetric: {i} lists {j}, not back"
    edges = edge_map([t["polygon"] for t in tiles])
    assert all(len(ts) <= 2 for ts in edges.values()), "an edge of three tiles"
    shared = {frozenset(ts) for ts in edges.values() if len(ts) == 2}
    assert shared == {frozenset((i, j)) for i, ns in enumerate(nbrs) for j in ns}
    V = len({key(p) for t in tiles for p in t["polygon"]})
    E, F = len(edges), len(tiles)
    assert V - E + F == 1, f"Euler: V {V} − E {E} + F {F} = {V - E + F}"
    return V, E, F


@pytest.fixture(scope="module")
def graphs():
    out = {}
    for name, argv in PATCHES.items():
        code, text, err = run(argv + ["--format", "graph"])
        assert code == 0, err
        out[name] = json.loads(text)
    return out


@pytest.mark.parametrize("name", list(PATCHES))
def test_graph_export_is_the_tiles_neighbour_relation(graphs, name):
    g = graphs[name]
    assert g["family"] == name and g["permalink"].startswith(name + ".v1.")
    assert g["count"] == len(g["tiles"]) > 10
    _V, E, _F = check_graph(g["tiles"])
    assert g["edges"] == E
    assert {"id", "kind", "polygon", "neighbours", "colour"} <= set(g["tiles"][0])
    # coordinates: the region's centre at the origin (the patch straddles it)
    xs = [p[0] for t in g["tiles"] for p in t["polygon"]]
    assert min(xs) < 0 < max(xs)


@pytest.mark.parametrize("name", list(PATCHES))
def test_regen_of_the_permalink_gives_the_same_graph(graphs, name):
    code, text, err = run(["regen", graphs[name]["permalink"], "--format", "graph"])
    assert code == 0, err
    assert json.loads(text) == graphs[name]


def test_hat_and_spectre_tiles_carry_their_metatiles(graphs):
    hat, sp = graphs["hat"]["tiles"][0], graphs["spectre"]["tiles"][0]
    assert hat["metatile"] in "HTPF" and isinstance(hat["reflected"], bool)
    assert sp["metatile"] in "GDJLXPSFY" and isinstance(sp["odd"], bool)
    assert graphs["hat"]["colouring"] == "metatile" and graphs["p2"]["colouring"] == "kind"


@pytest.mark.parametrize("name", ["p2", "hat"])
def test_geojson_has_the_same_tiles_as_closed_anticlockwise_rings(graphs, name):
    code, text, err = run(PATCHES[name] + ["--format", "geojson"])
    assert code == 0, err
    gj = json.loads(text)
    assert gj["type"] == "FeatureCollection" and gj["tilepress"]["permalink"] == graphs[name]["permalink"]
    tiles = []
    for f in gj["features"]:
        ring = f["geometry"]["coordinates"][0]
        assert f["geometry"]["type"] == "Polygon" and ring[0] == ring[-1]
        area2 = sum(ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1] for k in range(len(ring) - 1))
        assert area2 > 0
        tiles.append({"id": f["id"], "neighbours": f["properties"]["neighbours"], "polygon": ring[:-1]})
    check_graph(tiles)
    assert [t["neighbours"] for t in tiles] == [t["neighbours"] for t in graphs[name]["tiles"]]


@pytest.mark.parametrize("name", list(PATCHES))
def test_proper4_colours_no_two_neighbours_alike_and_is_deterministic(name):
    argv = PATCHES[name] + ["--format", "graph", "--colour", "proper4", "--palette", "okabe-ito"]
    code, text, err = run(argv)
    assert code == 0, err
    tiles = json.loads(text)["tiles"]
    colours = [t["colour"] for t in tiles]
    assert set(colours) <= set(C.PALETTES["okabe-ito"][0][:4])
    assert all(colours[i] != colours[j] for i, t in enumerate(tiles) for j in t["neighbours"])
    assert run(argv)[1] == text


def test_proper3_where_one_exists_and_a_clear_message_where_none_does():
    code, text, err = run(PATCHES["p3"] + ["--format", "graph", "--colour", "proper3"])
    assert code == 0, err
    tiles = json.loads(text)["tiles"]
    assert len({t["colour"] for t in tiles}) <= 3
    assert all(tiles[i]["colour"] != tiles[j]["colour"] for i, t in enumerate(tiles) for j in t["neighbours"])
    for name in ("hat", "spectre"):
        code, text, err = run(PATCHES[name] + ["--format", "graph", "--colour", "proper3"])
        assert code == 2 and text == ""
        assert err.startswith("error: --colour proper3: ") and "proper4" in err and err.count("\n") == 1


def test_metatile_colouring_of_a_penrose_patch_is_refused_in_one_line():
    code, _text, err = run(PATCHES["p2"] + ["--format", "graph", "--colour", "metatile"])
    assert code == 2 and "no metatile" in err and err.count("\n") == 1


def test_odd_wheel_is_a_proof_that_three_colours_do_not_suffice():
    # a wheel of 5 round a hub (K1 + C5): odd wheel; a wheel of 4: 3-colourable
    def rows(adj):
        off, nb = [0], []
        for i in range(len(adj)):
            nb += sorted(adj[i])
            off.append(len(nb))
        return off, nb
    for spokes, odd in ((5, True), (4, False)):
        adj = {0: set(range(1, spokes + 1))}
        for k in range(1, spokes + 1):
            adj[k] = {0, 1 + k % spokes, 1 + (k - 2) % spokes}
        off, nb = rows(adj)
        assert (C.odd_wheel(len(adj), off, nb) is not None) == odd
        if not odd:
            assert C.is_proper(len(adj), off, nb, C.proper3(len(adj), off, nb))


def test_a_colouring_recolours_the_picture_but_the_default_picture_keeps_its_bytes():
    plain = run(PATCHES["hat"] + ["--format", "svg"])[1]
    assert run(PATCHES["hat"] + ["--format", "svg", "--palette", "grey"])[1] == plain
    code, svg, err = run(PATCHES["hat"] + ["--format", "svg", "--colour", "proper4", "--palette", "grey"])
    assert code == 0 and svg.startswith("<svg") and svg != plain
    assert sum(svg.count(f'fill="{c}"') for c in C.PALETTES["grey"][0][:4]) >= 3


@pytest.mark.parametrize("name", ["p3", "spectre"])
def test_cut_files_draw_every_edge_once(graphs, name):
    tiles = graphs[name]["tiles"]
    edges = edge_map([t["polygon"] for t in tiles])
    code, svg, err = run(PATCHES[name] + ["--format", "cut-svg", "--scale", "5"])
    assert code == 0, err
    assert 'width="' in svg and 'mm"' in svg and 'stroke-width="0.01"' in svg and 'fill="none"' in svg
    import re
    segments = sum(len(re.findall(r"L", d)) for d in re.findall(r' d="([^"]*)"', svg))
    assert segments == len(edges)


@pytest.mark.parametrize("name", sorted(PATCHES))
def test_dxf_read_back_with_ezdxf_has_one_line_per_edge_in_mm(graphs, name, tmp_path):
    """DXF through ezdxf (the `dxf` extra, pinned in requirements-test.txt): read back with
    ezdxf.readfile, one LINE per edge of the graph export, units mm, lengths scaled by --scale."""
    import ezdxf
    tiles = graphs[name]["tiles"]
    edges = edge_map([t["polygon"] for t in tiles])
    path = tmp_path / "cut.dxf"
    code, _out, err = run(PATCHES[name] + ["--format", "dxf", "--scale", "5", "--out", str(path)])
    assert code == 0, err
    doc = ezdxf.readfile(str(path))
    assert doc.header["$INSUNITS"] == 4 and doc.units == ezdxf.units.MM      # millimetres
    msp = doc.modelspace()
    assert len(msp.query("LWPOLYLINE POLYLINE")) == 0
    lines = [((e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)) for e in msp.query("LINE")]
    assert all(e.dxf.layer == "CUT" for e in msp.query("LINE"))
    assert len(lines) == len(edges) == graphs[name]["edges"]
    # the same segments, scaled by 5 mm per unit (and moved): lengths match one for one
    def lengths(pairs):
        return sorted(round(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5, 2) for a, b in pairs)
    assert lengths(lines) == lengths([(tuple(x * 5 for x in a), tuple(x * 5 for x in b))
                                      for a, b in edges])
    assert len({(min(a, b), max(a, b)) for a, b in (tuple(map(lambda p: (round(p[0], 3), round(p[1], 3)), ln))
                                                    for ln in lines)}) == len(lines)


def test_dxf_without_the_extra_is_one_line_exit_2(monkeypatch):
    """ezdxf missing (an import of it fails): exit 2 before any work, one line saying how to
    install the extra, never a traceback; the other formats still work."""
    import sys
    monkeypatch.setitem(sys.modules, "ezdxf", None)       # `import ezdxf` now raises ImportError
    code, text, err = run(PATCHES["hat"] + ["--format", "dxf"])
    assert code == 2 and text == "" and err.count("\n") == 1, err
    assert err.startswith("error: --format dxf needs the ezdxf package") and "pip install ezdxf" in err
    assert run(PATCHES["hat"] + ["--format", "cut-svg"])[0] == 0


def test_dxf_is_deterministic():
    argv = ["tiling", "hat", "--width", "8", "--height", "8", "--seed", "2", "--format", "dxf", "--colour", "proper4"]
    first, second = run(argv), run(argv)
    assert first[0] == 0 and first == second


def test_the_graph_streams_block_by_block_as_it_would_in_one_piece(monkeypatch):
    """A 10^4-Spectre graph export with the pair store's blocks and buffers made tiny (many blocks,
    many chunks through the temporary file) has the same bytes as with the defaults (one block
    here, all in memory), and its neighbours are those found from the polygons alone."""
    from generator.maker import graph as G
    argv = ["tiling", "spectre", "--width", "290", "--height", "290", "--seed", "1", "--format", "graph"]
    code, whole, err = run(argv)
    assert code == 0, err
    writes = []
    real = G.PairStore._write
    monkeypatch.setattr(G, "BLOCK_BITS", 7)
    monkeypatch.setattr(G, "BLOCK_BUFFER", 64)
    monkeypatch.setattr(G, "STORE_BUFFER", 1024)
    monkeypatch.setattr(G.PairStore, "_write", lambda self, block: (writes.append(block), real(self, block)))
    code, streamed, err = run(argv)
    assert code == 0, err
    obj = json.loads(streamed)
    assert obj["count"] > 10_000 and len(set(writes)) > obj["count"] >> 7 and len(writes) > 2 * len(set(writes))
    assert streamed == whole
    check_graph(obj["tiles"])


def test_bad_maker_options_are_one_line_exit_2():
    for extra in (["--colour", "rainbow"], ["--palette", "nope"], ["--scale", "-1"], ["--scale", "x"]):
        code, text, err = run(PATCHES["p2"] + ["--format", "graph"] + extra)
        assert code == 2 and text == "" and err.startswith("error: ") and err.count("\n") == 1, extra


@pytest.mark.parametrize("name,side", [("p2", "70"), ("p3", "90"), ("hat", "380"), ("spectre", "290")])
def test_proper4_on_ten_thousand_tiles(name, side):
    code, text, err = run(["tiling", name, "--width", side, "--height", side, "--seed", "7",
                           "--format", "graph", "--colour", "proper4"])
    assert code == 0, err
    tiles = json.loads(text)["tiles"]
    assert len(tiles) >= 9000
    assert len({t["colour"] for t in tiles}) <= 4
    assert all(tiles[i]["colour"] != tiles[j]["colour"] for i, t in enumerate(tiles) for j in t["neighbours"])
    check_graph(tiles)


PUZZLES = ["loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3.p2.v1.5_4_9_AVVBUABUAA",
           "cal.v1.4~AAAAKVQAQADqoAAAEkAIABA", "cal.v2.6.s1"]


@pytest.mark.parametrize("link", PUZZLES)
def test_loopy_puzzles_and_calisson_boards_export_the_same_shapes(link):
    code, text, err = run(["regen", link, "--format", "graph"])
    assert code == 0, err
    g = json.loads(text)
    assert g["permalink"] == link
    check_graph(g["tiles"])
    if link.startswith("cal."):
        n = 4 if ".v1." in link else 6
        assert len(g["tiles"]) == 3 * n * n and {t["kind"] for t in g["tiles"]} == {"x", "y", "z"}
    else:
        loopy = json.loads(run(["regen", link, "--format", "json"])[1])
        assert [t["clue"] for t in g["tiles"]] == [f["clue"] for f in loopy["faces"]]
    code, text, err = run(["regen", link, "--format", "graph", "--colour", "proper4"])
    tiles = json.loads(text)["tiles"]
    assert all(tiles[i]["colour"] != tiles[j]["colour"] for i, t in enumerate(tiles) for j in t["neighbours"])


def sat_3colourable(tiles) -> bool:
    """An independent answer: is the neighbour graph 3-colourable? (a SAT solver, test-only)"""
    from pysat.solvers import Minisat22
    with Minisat22() as s:
        var = lambda i, c: 3 * i + c + 1
        for i, t in enumerate(tiles):
            s.add_clause([var(i, 0), var(i, 1), var(i, 2)])
            for j in t["neighbours"]:
                if j > i:
                    for c in range(3):
                        s.add_clause([-var(i, c), -var(j, c)])
        return s.solve()


@pytest.mark.parametrize("name", list(PATCHES))
def test_proper3_answers_as_a_sat_solver_does(graphs, name):
    code, text, err = run(PATCHES[name] + ["--format", "graph", "--colour", "proper3"])
    assert (code == 0) == sat_3colourable(graphs[name]["tiles"]), err
    if code == 0:
        tiles = json.loads(text)["tiles"]
        assert len({t["colour"] for t in tiles}) <= 3
        assert all(tiles[i]["colour"] != tiles[j]["colour"] for i, t in enumerate(tiles) for j in t["neighbours"])


def test_proper3_on_ten_thousand_kites_and_darts():
    code, text, err = run(["tiling", "p2", "--width", "70", "--height", "70", "--seed", "7",
                           "--format", "graph", "--colour", "proper3"])
    assert code == 0, err
    tiles = json.loads(text)["tiles"]
    assert len(tiles) >= 9000 and len({t["colour"] for t in tiles}) == 3
    assert all(tiles[i]["colour"] != tiles[j]["colour"] for i, t in enumerate(tiles) for j in t["neighbours"])


@pytest.mark.parametrize("name", list(PATCHES))
def test_the_pages_form_offers_colourings_that_the_command_line_makes(name):
    """Family.form's colour fields and its "show" flags: every choice regenerates the form's patch."""
    from generator.families import get
    form = get(name).form
    fields = {f["name"]: f for f in form["fields"]}
    colours = [c["value"] for c in fields["colour"]["choices"]]
    palettes = [c["value"] for c in fields["palette"]["choices"]]
    assert "proper4" in colours and "okabe-ito" in palettes and set(palettes) == set(C.PALETTES)
    assert ("proper3" in colours) == (name in ("p2", "p3")) and ("metatile" in colours) == (name in ("hat", "spectre"))
    values = {"width": "9", "height": "7", "seed": "3", "tiles": "meet"}
    code, text, err = run([a.format(**values) for a in form["argv"]])
    assert code == 0, err
    link = json.loads(text)["permalink"]
    assert ".v1." in link
    code, inside, err = run([a.format(**dict(values, tiles="inside")) for a in form["argv"]])
    assert code == 0 and json.loads(inside)["permalink"] == link.replace(".v1.", ".v2.") + "~r~i", err
    assert [f["name"] for f in form["fields"]][-3:] == ["tiles", "colour", "palette"]
    assert form["fields"][0]["name"] == "region"
    for colour in colours:
        for palette in (palettes if colour == "proper4" else palettes[:1]):
            show = [a.format(colour=colour, palette=palette) for a in form["show"]]
            args = [x for k in range(0, len(show), 2) if show[k + 1] for x in show[k:k + 2]]
            code, svg, err = run(["regen", link] + args + ["--format", "svg"])
            assert code == 0 and svg.startswith("<svg"), (colour, palette, err)
            if colour:
                assert C.PALETTES[palette][0][0] in svg or C.PALETTES[palette][0][1] in svg


def test_a_coloured_cut_file_carries_each_pieces_colour(graphs):
    """The maker's round table: a proper-4-coloured disc of hats as a cut file, each edge once,
    with a colour guide (SVG: filled tiles under the cut lines; DXF: a TEXT per tile)."""
    import re
    argv = ["tiling", "hat", "--disc", "20", "--tiles", "inside", "--seed", "5", "--colour", "proper4"]
    g = json.loads(run(argv + ["--format", "graph"])[1])
    n, edges = g["count"], g["edges"]
    code, svg, err = run(argv + ["--format", "cut-svg", "--scale", "5"])
    assert code == 0, err
    guide, cuts = svg.split("</g>")
    fills = re.findall(r'<path fill="(#[0-9A-Fa-f]{6})"', guide)
    assert fills == [t["colour"] for t in g["tiles"]]
    assert sum(len(re.findall(r"L", d)) for d in re.findall(r' d="([^"]*)"', cuts)) == edges
    import ezdxf
    code, dxf, err = run(argv + ["--format", "dxf", "--scale", "5"])
    assert code == 0, err
    msp = ezdxf.read(io.StringIO(dxf)).modelspace()
    assert len(msp.query("LINE")) == edges
    texts = [int(e.dxf.text) for e in msp.query("TEXT")]
    assert [e.dxf.color for e in msp.query("TEXT")] == texts and {e.dxf.layer for e in msp.query("TEXT")} == {"COLOUR"}
    assert len(texts) == n and set(texts) <= {1, 2, 3, 4}
    assert all(texts[i] != texts[j] for i, t in enumerate(g["tiles"]) for j in t["neighbours"])


@pytest.mark.parametrize("name", list(PATCHES))
def test_the_pages_form_makes_the_region_links_the_command_line_makes(name):
    """The form's region choices (disc, polygon) make the version-2 region permalink that the
    command line makes for the same region, seed and tiles; the largest disc and polygon box the
    form allows are within the page's cap, read from the link's text."""
    from generator import webapi
    from generator.families import get
    from generator.maker.region import form_argv
    fam = get(name)
    form = fam.form
    fields = {f["name"]: f for f in form["fields"]}
    assert [c["value"] for c in fields["region"]["choices"]] == ["rect", "disc", "polygon"]
    assert fields["radius"]["when"] == {"region": "disc"} and fields["polygon"]["when"] == {"region": "polygon"}
    values = {f["name"]: str(f["value"]) for f in form["fields"]}
    values.update(seed="3", radius="6", polygon="-7,-5 7,-5.5 0,6.25", tiles="inside")
    for region, cli, suffix in (("disc", ["--disc", "6"], "~d6~i"),
                                ("polygon", ["--polygon", "-7,-5 7,-5.5 0,6.25"], "~p-7_-5_7_-5.5_0_6.25~i")):
        argv = form_argv(form, dict(values, region=region))
        assert "--width" not in argv and "--height" not in argv, argv
        code, text, err = run(argv)
        assert code == 0, err
        link = json.loads(text)["permalink"]
        code, same, err = run(["tiling", name] + cli + ["--seed", "3", "--tiles", "inside", "--format", "json"])
        assert code == 0 and json.loads(same)["permalink"] == link, err
        assert f"{fam.prefix}.v2." in link and link.endswith(suffix), link
        assert webapi.cap_error(link) is None
    # the biggest the form allows, from the link's text alone: within the page's cap
    r = fields["radius"]["max"]
    w, h = fields["width"]["max"], fields["height"]["max"]
    disc = json.loads(run(form_argv(form, dict(values, region="disc", radius=str(r), tiles="meet")))[1])["permalink"]
    assert webapi.cap_error(disc) is None
    if name == "hat":                           # (one family: the rule is the same for all)
        over = json.loads(run(["tiling", name, "--disc", str(r + 3), "--seed", "3", "--format", "json"])[1])["permalink"]
        assert webapi.cap_error(over).startswith("error: ")
    code, text, err = run(form_argv(form, dict(values, region="polygon", tiles="meet",
                                               polygon=f"{-w / 2:g},{-h / 2:g} {w / 2:g},{-h / 2:g} 0,{h / 2:g}")))
    assert code == 0, err
    assert webapi.cap_error(json.loads(text)["permalink"]) is None
