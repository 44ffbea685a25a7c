"""render.Raster (one parsed SVG, drawn at several widths, pixels read straight off cairo's
surface) gives exactly the pixels of cairosvg's PNG (`rasterise`) opened with Pillow: opaque,
transparent and half-transparent pictures, anti-aliased edges, every alpha level."""

from __future__ import annotations

import io

import pytest

from generator.pipeline import render

SVGS = {
    "opaque": '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="60" viewBox="0 0 9 6">'
              '<rect width="9" height="6" fill="#3a3a3a"/><circle cx="4" cy="3" r="2.3" fill="#d71f2b"/>'
              '<path d="M0 0L9 6" stroke="#ffe800" stroke-width="0.3"/></svg>',
    "transparent": '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="50" viewBox="0 0 7 5">'
                   '<path d="M0.5 0.5L6.2 1.1L3 4.7Z" fill="#0c6cd9" stroke="#00a145" stroke-width="0.2"/>'
                   '<circle cx="5" cy="3.5" r="1.1" fill="#ff8800" fill-opacity="0.37"/></svg>',
    "alpha-ramp": '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="64">'
                  '<defs><linearGradient id="g"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/>'
                  '<stop offset="1" stop-color="#8040c0" stop-opacity="1"/></linearGradient></defs>'
                  '<rect width="256" height="64" fill="url(#g)"/></svg>',
    "empty": '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"></svg>',
}


@pytest.mark.parametrize("name", sorted(SVGS))
def test_raster_pixels_are_those_of_the_png(name):
    from PIL import Image
    svg = SVGS[name]
    raster = render.Raster(svg)
    for width in (13, 70, 141, 512):
        want = Image.open(io.BytesIO(render.rasterise(svg, width)))
        want.load()
        want = want.convert("RGBA")
        got = raster.image(width)
        assert got.mode == "RGBA" and got.size == want.size
        assert got.tobytes() == want.tobytes(), (name, width)


def test_raster_refuses_absurd_sizes():
    from generator.errors import TilepressError
    with pytest.raises(TilepressError):
        render.Raster(SVGS["opaque"]).image(100_000)
