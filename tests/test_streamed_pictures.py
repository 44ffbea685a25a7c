"""Pictures too big to hold: the hat's and the Spectre's streamed SVG and banded PNG.

Above their in-memory caps the command line gets an `output.Document` from `to_svg`: the
SVG text made in one walk with each fill colour spooled (`output.PathSpools`), and a PNG
made band by band (`output.band_maker`).  The caps are lowered here so that small patches
take those paths: the SVG must be byte for byte the in-memory picture, the PNG a valid
PNG with the same pixels as the whole picture rasterised at once.
"""
import io

import pytest

from generator import families, output
from generator.errors import TilepressError
from generator.hat import family as F

CASES = [("hat", "picture_cap", {}), ("spectre", "picture_cap", {"style": "straight"}),
         ("spectre", "picture_cap", {"style": "curved"})]


def _streamed(monkeypatch, name, cap, options, size=("36", "22"), seed=5):
    """(in-memory SVG, Document) of the same patch."""
    fam = families.get(name)
    params = {"width": size[0], "height": size[1], "seed": seed}
    item = fam.generate(params)
    want = fam.to_svg(item, options)
    monkeypatch.setattr(type(item), cap, 10)          # (the family's generator.monotile class)
    monkeypatch.setattr(output, "STREAMING", True)
    doc = fam.to_svg(fam.generate(params), options)
    return want, doc


@pytest.mark.parametrize("name,cap,options", CASES)
def test_streamed_svg_is_the_in_memory_picture(monkeypatch, name, cap, options):
    want, doc = _streamed(monkeypatch, name, cap, options)
    assert isinstance(doc, output.Document)
    assert doc.text() == want
    assert doc.text() == want                      # a Document can be written twice (walks again)


@pytest.mark.parametrize("name,cap,options", CASES)
def test_banded_png_has_the_pixels_of_the_whole_picture(monkeypatch, name, cap, options):
    pytest.importorskip("cairosvg")
    from PIL import Image, ImageChops
    want, doc = _streamed(monkeypatch, name, cap, options)
    buf = io.BytesIO()
    output.banded_png(doc, buf, band_rows=41)                    # several bands
    banded = Image.open(io.BytesIO(buf.getvalue()))
    banded.load()
    whole = Image.open(io.BytesIO(output.svg_to_png(want))).convert("RGB")
    assert banded.size == whole.size
    diff = ImageChops.difference(banded.convert("RGB"), whole).convert("L").histogram()
    assert sum(diff[9:]) <= whole.size[0] * whole.size[1] // 1000


def test_without_the_command_line_the_cap_still_refuses(monkeypatch):
    fam = families.get("hat")
    monkeypatch.setattr(F.HatPatch, "picture_cap", 10)
    with pytest.raises(TilepressError, match="too large for a picture"):
        fam.to_svg(fam.generate({"width": "20", "height": "20", "seed": 1}), {})


def test_cli_writes_streamed_svg_and_png(monkeypatch, tmp_path):
    pytest.importorskip("cairosvg")
    from PIL import Image
    from generator import cli
    fam = families.get("hat")
    monkeypatch.setattr(F.HatPatch, "picture_cap", 10)
    args = ["tiling", "hat", "--width", "30", "--height", "40", "--seed", "2"]
    assert cli.main(args + ["--format", "svg", "--out", str(tmp_path / "h.svg")]) == 0
    assert cli.main(args + ["--format", "png", "--out", str(tmp_path / "h.png")]) == 0
    monkeypatch.setattr(F.HatPatch, "picture_cap", 10 ** 9)
    want = fam.to_svg(fam.generate({"width": "30", "height": "40", "seed": 2}), {})
    assert (tmp_path / "h.svg").read_text() == want
    img = Image.open(tmp_path / "h.png")
    img.load()
    assert img.size == (800, round(800 * 40 / 30))


def test_band_spools_put_a_polygon_in_every_band_it_meets():
    bands = output.BandSpools((0.0, 0.0, 10.0, 10.0), (100, 100), 10, lambda k: f'<path class="{k}" d="')
    bands.add("a", "M0 0Z", 1.5, 3.05)          # rows 15 … 30.5: bands 1, 2, 3
    bands.add("b", "M1 1Z", 9.95, 9.99)         # band 9 only
    texts = [bands.band(top, top + 10, ["a", "b"]) for top in range(0, 100, 10)]
    assert [i for i, t in enumerate(texts) if "M0 0Z" in t] == [1, 2, 3]
    assert [i for i, t in enumerate(texts) if "M1 1Z" in t] == [9]
    assert 'viewBox="0.0 1.0 10.0 1.0"' in texts[1]
