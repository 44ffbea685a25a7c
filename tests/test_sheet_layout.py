"""Where a sheet puts its puzzles (generator/sheet.py `place`): a puzzle sits right under the rules
band, its label and QR code attached to it, the spare height of its cell below it.

Measured on a rendered page (the page SVG drawn by cairosvg, rows scanned for ink): one hat
puzzle a page once sat at the bottom of its cell, about 14 cm under the rules; the empty band
between the rules band's last ink and the puzzle's first ink is now the band's own gap plus the
picture's margin."""

from __future__ import annotations

import io

import pytest

from generator import cli, families, sheet

MAX_GAP_MM = 12.0        # rules band (its last ink) to the puzzle's first ink
DPI = 100


@pytest.fixture(scope="module")
def hat():
    """Hat Loopy, Normal, seed 7 (the recipe of docs/sheets.md): an item and its paper view."""
    fam = families.get("loopy")
    item = fam.generate(fam.sheet_recipe({"tiling": "hat", "level": "normal", "seed": 7}, 1)[0])
    return fam, item


def _rows_with_ink(page_svg: str) -> list[bool]:
    import cairosvg
    from PIL import Image
    pw = sheet.PAPERS_MM["a4"][0]
    png = cairosvg.svg2png(bytestring=page_svg.encode("utf-8"), output_width=round(pw / 25.4 * DPI))
    img = Image.open(io.BytesIO(png)).convert("L")
    w, h = img.size
    data = img.tobytes()
    return [min(data[y * w:(y + 1) * w]) < 200 for y in range(h)]


@pytest.mark.parametrize("base_url", ["", "https://example.org/puzzles/"])
def test_one_a_page_puzzle_sits_under_the_rules(hat, base_url):
    fam, item = hat
    entry, view = cli._paper_entry(fam, item, base_url)
    sh = sheet.Sheet("Loopy on hat tiles, Normal", view["rules"], view["example"], [entry], "a4", per_page=1)
    n, shape, _note = sheet.per_page(sh)
    assert (n, shape) == (1, (1, 1))
    page = sheet.puzzle_pages(sh, n, shape)[0]
    ink = _rows_with_ink(page)
    mm = 25.4 / DPI
    top = sheet.puzzle_top(sh) / mm                       # where the band ends and the puzzles begin
    band_bottom = max(y for y in range(int(top)) if ink[y])
    puzzle_top = next(y for y in range(int(top), len(ink)) if ink[y])
    gap = (puzzle_top - band_bottom) * mm
    assert gap <= MAX_GAP_MM, f"{gap:.1f} mm of empty paper between the rules and the puzzle"
    # and the label follows the puzzle closely: no blank run longer than the label line's own gap
    # between the puzzle's last ink and the label's, nor (with a QR code) the code's
    label = sheet.place(sheet.view_box(entry.puzzle), sheet.cells(sheet.area("a4", sheet.puzzle_top(sh)), 1, 1)[0],
                        sheet.qr_size(sh))
    picture_bottom = (label.y + label.h) / mm
    assert any(ink[int(picture_bottom) + 1:int(label.label_y / mm) + 1])
    assert not any(ink[int((label.label_y + 2) / mm):]) or base_url   # nothing under the label but the QR code
    if base_url:
        assert label.qr_y <= label.y + label.h + 1 + 1e-9
        assert not any(ink[int((label.qr_y + sheet.qr_size(sh)) / mm) + 2:])


@pytest.mark.parametrize("qr", [0.0, 16.0, 26.5])
@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (2, 2), (3, 4)])
@pytest.mark.parametrize("aspect", [0.6, 1.0, 2.2])
def test_every_picture_at_the_top_of_its_cell_with_label_and_code_attached(qr, shape, aspect):
    """For tall, square and wide pictures in every grid: the picture starts at its cell's top, the
    label line is right under it, the QR code touches the picture's block, and all stay in the cell."""
    vb = (0.0, 0.0, 10.0 * aspect, 10.0)
    for paper in sheet.PAPERS_MM:
        for cell in sheet.cells(sheet.area(paper, 51.0), *shape):
            x, y, w, h = cell
            natural = sheet.label_width("#12  ·  Level: Normal  ·  ID loopy-f2d3e0")
            p = sheet.place(vb, cell, qr, natural)
            assert p.y == y
            assert x - 1e-9 <= p.x and p.x + p.w <= x + w + 1e-9
            assert 0 < p.label_y - (p.y + p.h) <= sheet.LABEL
            assert x - 1e-9 <= p.label_x and p.label_x + p.label_w <= x + w + 1e-9
            assert p.label_w >= min(natural, w - (qr + 1 if qr else 0)) - 1e-9   # squeezed only by the cell
            if qr:
                assert x - 1e-9 <= p.qr_x and p.qr_x + qr <= x + w + 1e-9 and p.qr_y >= y - 1e-9
                assert p.qr_y + qr <= y + h + 1e-9
                under = p.qr_y >= p.y + p.h                       # under the picture, beside the label
                if under:
                    assert p.qr_y - (p.y + p.h) == pytest.approx(1.0)
                    assert p.label_x + p.label_w <= p.qr_x
                else:                                              # right of it, beside the label line
                    assert p.qr_x >= p.x + p.w and p.qr_y + qr == pytest.approx(max(p.y + p.h + sheet.LABEL,
                                                                                    y + qr))
            # the scale is the one the readability rule was checked with
            assert p.scale == sheet.picture_place(vb, cell, qr)[4]
