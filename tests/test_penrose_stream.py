"""The depth-first Penrose walk and the streamed outputs.

The walk (generator/penrose/walk.py) must give exactly what the breadth-first neighbour
walk gives (kept as `coords.generate_bfs`): the same tiles, the same number of triangles
met and the same coordinate labels (so the same permalink).  The streamed outputs must
be the same bytes as the whole texts: JSON strip by strip, SVG with spooled colours or one
walk per `<path>`, and every golden permalink hashed through the streamed path too.  A
banded PNG is a valid PNG with the same pixels as the whole picture rasterised at once.
"""
import hashlib
import io
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from generator import output
from generator.errors import TilepressError
from generator.penrose import coords, render, walk
from generator.penrose import patch as P
from generator.penrose.region import Region

GOLDEN = Path(__file__).resolve().parent / "golden" / "penrose.json"


def _both(family, labels, orientation, w, h, rng_seed):
    """(breadth-first patch, depth-first patch) of the same start and generator state."""
    region = Region(-w / 2, -h / 2, w / 2, h / 2, coords.DENOM)
    a = coords.generate_bfs(family, labels, orientation, region, random.Random(rng_seed))
    b = coords.generate(family, labels, orientation, region, random.Random(rng_seed))
    return a, b


def _cases():
    r = random.Random(2024)
    out = []
    for family in ("p2", "p3"):
        for _ in range(14):
            ch = r.choice(walk.G.FAMILY_LETTERS[family])
            w = Fraction(r.choice([1, 2, 5, 9, 17, 33])) + Fraction(r.randrange(8), 8)
            h = Fraction(r.choice([1, 3, 6, 11, 26])) + Fraction(r.randrange(8), 8)
            out.append((family, ch, r.randrange(10), w, h, r.randrange(10 ** 6)))
        out.append((family, walk.G.FAMILY_LETTERS[family][0], 3, Fraction(1, 2), Fraction(1, 3), 5))
    return out


@pytest.mark.parametrize("family,ch,orientation,w,h,seed", _cases())
def test_depth_first_walk_equals_breadth_first(family, ch, orientation, w, h, seed):
    a, b = _both(family, ch, orientation, w, h, seed)
    assert b.top == a.top and b.levels_used == a.levels_used
    assert sorted(b.tiles) == sorted(a.tiles)
    assert len(set(t[1] for t in b.tiles)) == len(b.tiles)          # each tile once
    assert b.triangles == a.triangles
    assert b.float_tiles() == a.float_tiles()


def test_long_recorded_labels_are_kept_and_short_ones_extended():
    """A permalink with more labels than needed keeps them all; the walk never drops given labels."""
    res = P.from_seed("p2", 11, Fraction(30), Fraction(20))
    small = P.from_permalink(res.permalink, Fraction(2), Fraction(2))
    assert small.spec.labels == res.spec.labels                 # recorded labels stay
    region = Region(Fraction(-1), Fraction(-1), Fraction(1), Fraction(1), coords.DENOM)
    a = coords.generate_bfs("p2", res.spec.labels[:3], res.spec.orientation, region, random.Random(1))
    b = coords.generate("p2", res.spec.labels[:3], res.spec.orientation, region, random.Random(1))
    assert a.top == b.top and sorted(a.tiles) == sorted(b.tiles)


@pytest.mark.parametrize("family", ["p2", "p3"])
def test_sorted_rows_in_narrow_strips_equal_the_sorted_tiles(family):
    res = P.from_seed(family, 4, Fraction(23), Fraction(14))
    whole = coords._rows_of(res.patch.tiles)
    lazy = P.from_seed(family, 4, Fraction(23), Fraction(14)).patch
    rows = list(lazy.sorted_rows(strip_tiles=40))
    assert rows == whole
    assert lazy._tiles is None                                   # nothing was materialised
    assert len(walk.strips(lazy.source[1], family, 40)) > 6                 # many strips


def test_recipes_and_unrolled_inverse_phi():
    assert walk.check_inverse_phi()
    for family in ("p2", "p3"):
        for parent, (divs, kids) in walk.RECIPES[family].items():
            assert "".join(k[0] for k in kids) == walk.TB.CHILDREN[parent]
            # each division point lies on a parent edge (an ordered pair of distinct corners)
            assert all(i != j and 0 <= i < 3 and 0 <= j < 3 for i, j in divs)
        # leaves per level grow by φ² (Fibonacci numbers)
        for ch, counts in walk.LEAVES[family].items():
            assert abs(counts[30] / counts[29] - (3 + 5 ** 0.5) / 2) < 1e-9


def test_ancestor_contains_the_start_triangle():
    for family in ("p2", "p3"):
        rng = random.Random(family)
        for _ in range(10):
            ch, o = coords.random_start(family, rng)
            walker = coords.Walker(family, ch, rng)
            walker.extend("", 8)
            start = coords.start_triangle(family, ch, o)
            level = 6
            vs = walk.ancestor(family, walker.top, start, o, level)
            tris = [(walker.top[level], *vs)]
            for j in range(level, 0, -1):          # descend along the labels: the start comes back
                (lab, a, b, c), = tris
                tris = [t for t in walk.G.children(family, lab, a, b, c) if t[0] == walker.top[j - 1]]
            assert tris == [(ch, *start)]


def _golden():
    return json.loads(GOLDEN.read_text())


def test_golden_corpus_through_the_streamed_outputs(monkeypatch):
    monkeypatch.setattr(output, "STREAMING", True)
    for family, entries in _golden().items():
        for entry in entries:
            res = P.from_permalink(entry["permalink"])
            text = "".join(output.json_chunks(P.to_json_stream(res)))
            assert hashlib.sha256(text.encode()).hexdigest() == entry["json_sha256"]
            doc = P.to_document(res, title=res.permalink)
            assert hashlib.sha256(doc.text().encode()).hexdigest() == entry["svg_sha256"]


@pytest.mark.parametrize("mode", ["spool", "passes"])
@pytest.mark.parametrize("arcs", [False, True])
def test_streamed_svg_equals_the_whole_text(monkeypatch, mode, arcs):
    monkeypatch.setattr(render, "SVG_MODE", mode)
    for family in ("p2", "p3"):
        res = P.from_seed(family, 8, Fraction(19), Fraction(12))
        want = P.to_svg(res, arcs=arcs)
        got = P.to_document(res, arcs=arcs, title=res.permalink).text()
        assert got == want


def test_cli_streams_big_patches_with_the_same_bytes(tmp_path, monkeypatch):
    """Above the thresholds the CLI's JSON and SVG are streamed; the bytes do not change."""
    from generator import cli
    monkeypatch.setattr(P, "JSON_STREAM_FROM", 50)
    monkeypatch.setattr(P, "SVG_STREAM_FROM", 50)
    args = ["tiling", "p3", "--width", "14", "--height", "9", "--seed", "6"]
    assert cli.main(args + ["--format", "json", "--out", str(tmp_path / "a.json")]) == 0
    assert cli.main(args + ["--format", "svg", "--arcs", "--out", str(tmp_path / "a.svg")]) == 0
    res = P.from_seed("p3", 6, Fraction(14), Fraction(9))
    assert (tmp_path / "a.json").read_text() == output.to_json(P.to_json_obj(res))
    assert (tmp_path / "a.svg").read_text() == P.to_svg(res, arcs=True)
    assert output.STREAMING is False                           # the site build never streams


def test_banded_png_is_the_whole_picture(tmp_path, monkeypatch):
    pytest.importorskip("cairosvg")
    from PIL import Image, ImageChops
    res = P.from_seed("p2", 3, Fraction(11), Fraction(7))
    doc = P.to_document(res, arcs=True, title=res.permalink)
    buf = io.BytesIO()
    output.banded_png(doc, buf, band_rows=23)                     # 168 rows: 8 bands
    banded = Image.open(io.BytesIO(buf.getvalue()))
    banded.load()                                               # a valid PNG (CRCs, zlib stream)
    whole = Image.open(io.BytesIO(output.svg_to_png(P.to_svg(res, arcs=True)))).convert("RGB")
    assert banded.size == whole.size == doc.size == (264, 168)
    assert banded.mode == "RGB"
    diff = ImageChops.difference(banded.convert("RGB"), whole).convert("L").histogram()
    assert sum(diff[9:]) <= whole.size[0] * whole.size[1] // 1000   # the same picture


def test_png_size_limit_is_one_clear_error():
    doc = output.Document(lambda: iter(["<svg/>"]), band=lambda a, b: "", size=(40_000, 10), name="a test")
    with pytest.raises(TilepressError, match="limited to 32767 pixels wide"):
        output.banded_png(doc, io.BytesIO())
    with pytest.raises(TilepressError, match="too large for PNG"):
        output.emit_rendered("png", "-", svg=output.Document(lambda: iter([]), name="a test"))


def test_spool_round_trip_through_disk():
    spool = output.Spool(limit=1000)
    parts = [f"piece {i};" for i in range(5000)]
    for p in parts:
        spool.write(p)
    assert not spool.empty
    assert "".join(spool.pieces(chunk=777)) == "".join(parts)
    assert output.Spool().empty


def test_band_rows_cover_every_tile_of_the_band():
    res = P.from_seed("p3", 5, Fraction(16), Fraction(16))
    all_rows = coords._rows_of(res.patch.tiles)
    top, bottom = 3.25, -1.5
    got = {r[:8] for r in P.band_rows(res, top, bottom)}
    need = {r[:8] for r in all_rows if min(r[1:8:2]) < top and max(r[1:8:2]) > bottom}
    assert need <= got
    assert len(got) < len(all_rows)                             # and the band is pruned
