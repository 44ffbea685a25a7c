"""`python -m generator sheet`: the sheets a teacher chooses (generator/sheet.py, docs/sheets.md).

Checked on the PDFs themselves: their text (pdftotext) names the level and the rules and has the
Name and Date lines; page counts follow the N a page; the digits measured on a rendered page
(pdftoppm at 600 dpi, inside the boxes pdftotext gives the clue numbers) and the median edge
measured from the page's geometry meet the readability rule; the same recipe gives the same
bytes; a bad recipe is one line and exit 2; a book's answer pages all come after its puzzles."""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from generator import sheet

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (os.path.exists("/usr/bin/pdftotext") and os.path.exists("/usr/bin/pdftoppm")),
                                reason="poppler-utils (pdftotext, pdftoppm) not installed")


def run(*args, ok=True):
    proc = subprocess.run([sys.executable, "-m", "generator", "sheet", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def pages_text(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]


def page_count(pdf: Path) -> int:
    return len(pages_text(pdf))


HAT = ("loopy", "--tiling", "hat", "--level", "normal", "--count", 6, "--per-page", 2, "--answers", "back",
       "--paper", "a4", "--seed", 7)


@pytest.fixture(scope="module")
def hat_sheet(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheet") / "hat.pdf"
    run(*HAT, "--out", out)
    return out


def test_loopy_recipe_pages_text_and_determinism(hat_sheet, tmp_path):
    pages = pages_text(hat_sheet)
    assert len(pages) == 3 + 1            # 6 puzzles two a page, then 6 answers on one page
    for page in pages[:3]:
        assert "Name" in page and "Date" in page and "Level: Normal" in page
        assert "Draw one loop along the dotted lines" in page and "Loopy on hat tiles" in page
        assert len(re.findall(r"#\d+ +· +Level: Normal +· +ID loopy-[0-9a-f]{6}", page)) == 2
    assert "answers" in pages[3] and "Name" not in pages[3] and len(re.findall(r"#\d+ ", pages[3])) == 6
    again = tmp_path / "again.pdf"
    run(*HAT, "--out", again)
    assert again.read_bytes() == hat_sheet.read_bytes()


def _clue_boxes(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The boxes (points) of the clue numbers that pdftotext finds on a page (digit-only words
    inside the puzzle area, below the rules band)."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    out = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(\d+)</word>', html):
        box = tuple(float(m.group(i)) for i in range(1, 5))
        if box[1] > (sheet.MARGIN + sheet.HEADER + sheet.EXAMPLE_H + 2) / 25.4 * 72:   # below the example
            out.append(box)
    return out


def measured_digit_mm(pdf: Path, page: int, dpi: int = 600) -> float:
    """The median height in mm of the clue digits' ink on a page rendered at dpi."""
    from PIL import Image
    stem = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page), "-png", str(pdf),
                    str(stem)], check=True)
    png = next(pdf.parent.glob(f"{stem.name}-*{page}.png"))
    img = Image.open(png).convert("L")
    heights = []
    for x0, y0, x1, y1 in _clue_boxes(pdf, page):
        box = tuple(round(v / 72 * dpi) for v in (x0, y0, x1, y1))
        crop = img.crop(box)
        w, h = crop.size
        px = crop.load()
        rows = [r for r in range(h) if sum(1 for c in range(w) if px[c, r] < 110) >= max(2, w // 12)]
        if rows:
            heights.append((rows[-1] - rows[0] + 1) / dpi * 25.4)
    assert len(heights) >= 5
    return statistics.median(heights)


def test_loopy_digits_measured_on_the_rendered_page(hat_sheet):
    digit = measured_digit_mm(hat_sheet, 1)
    assert digit >= sheet.DIGIT_MM, digit


def _placed(page_svg: str):
    """(x, y, width, height, viewBox) of each picture placed on a page SVG."""
    return [(float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)),
             [float(v) for v in m.group(5).split()])
            for m in re.finditer(r'<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" '
                                 r'viewBox="([^"]*)"', page_svg)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("tiling", ["hat", "p3"])
def test_loopy_edges_and_digits_from_the_page_geometry(paper, tiling):
    """The median edge (from the puzzle's own dots, not from on_paper) and the clue font size, times
    the scale the page draws each puzzle at, meet the rule whatever --per-page asks."""
    from generator import families
    fam = families.get("loopy")
    items = [fam.generate(v) for v in fam.sheet_recipe({"tiling": tiling, "level": "easy", "seed": 3}, 4)]
    entries = [sheet.Entry(f"id{k}", *[fam.on_paper(it)[key] for key in ("puzzle", "answer", "level", "edge")])
               for k, it in enumerate(items)]
    view = fam.on_paper(items[0])
    sh = sheet.Sheet("t", view["rules"], view["example"], entries, paper, per_page=6)
    n, shape, note = sheet.per_page(sh)
    assert n < 6 and note                       # six a page would be too small: fewer, and a note says so
    pages = sheet.puzzle_pages(sh, n, shape)
    assert len(pages) == -(-4 // n)
    for page, chunk in zip(pages, [items[i:i + n] for i in range(0, 4, n)]):
        placed = _placed(page)[1:]              # the first is the worked example
        assert len(placed) == len(chunk)
        for (_x, _y, w, _h, vb), it in zip(placed, chunk):
            g = it.grid
            lengths = sorted(((g.dots[a][0] - g.dots[b][0]) ** 2 + (g.dots[a][1] - g.dots[b][1]) ** 2) ** 0.5
                             for a, b in g.edges)
            scale = w / vb[2]
            assert lengths[len(lengths) // 2] * scale >= sheet.EDGE_MM - 1e-6
            font = sheet.digit_font(fam.on_paper(it)["puzzle"])
            assert font * sheet.DIGIT_CAP * scale >= sheet.DIGIT_MM - 1e-6


def test_calissons_recipe(tmp_path):
    out = tmp_path / "cal.pdf"
    run("calissons", "--size", 6, "--level", "medium", "--count", 4, "--seed", 3, "--out", out)
    pages = pages_text(out)
    assert len(pages) == 1 + 1                   # four side-6 hexagons fit one page
    assert "Level: Medium" in pages[0] and pages[0].count("Level: Medium") == 4
    assert "Cover the shape with calissons" in pages[0] and "Name" in pages[0]
    assert len([s for s in re.split(r"(?<=\.)\s+", " ".join(pages[0].split())) if "calisson" in s.lower()]) >= 2


def test_per_page_follows_n_and_answers_choices(tmp_path):
    base = ("calissons", "--size", 5, "--level", "easy", "--count", 5, "--seed", 1)
    for n, want in ((1, 5), (2, 3), (4, 2)):
        out = tmp_path / f"n{n}.pdf"
        run(*base, "--per-page", n, "--answers", "none", "--out", out)
        assert page_count(out) == want
    out = tmp_path / "sep.pdf"
    run(*base, "--per-page", 2, "--answers", "separate", "--out", out)
    assert page_count(out) == 3 and page_count(tmp_path / "sep-answers.pdf") == 1
    out = tmp_path / "back.pdf"
    run(*base, "--per-page", 2, "--out", out)
    assert page_count(out) == 3 + 1


def test_too_many_a_page_is_lowered_with_a_note(tmp_path):
    out = tmp_path / "big.pdf"
    proc = run("calissons", "--size", 12, "--level", "easy", "--count", 3, "--per-page", 6, "--out", out)
    assert "note:" in proc.stderr and "1 a page" in proc.stderr
    assert page_count(out) == 3 + 1


def test_qr_codes_do_not_cost_a_row(tmp_path):
    plain, qr = tmp_path / "plain.pdf", tmp_path / "qr.pdf"
    recipe = ("loopy", "--tiling", "p3", "--level", "easy", "--count", 4, "--per-page", 2, "--seed", 5)
    run(*recipe, "--out", plain)
    proc = run(*recipe, "--base-url", "https://example.org/puzzles/", "--out", qr)
    assert "note:" not in proc.stderr
    assert page_count(plain) == page_count(qr) == 2 + 1
    assert qr.stat().st_size > plain.stat().st_size


def test_from_permalinks(tmp_path):
    from generator import families
    fam = families.get("loopy")
    links = [fam.generate(v).permalink for v in fam.sheet_recipe({"tiling": "p2", "level": "easy", "seed": 9}, 2)]
    out = tmp_path / "links.pdf"
    run(*links, "--per-page", 2, "--paper", "letter", "--out", out)
    pages = pages_text(out)
    assert len(pages) == 2 and pages[0].count("Level: Easy") == 2


@pytest.mark.parametrize("args, field", [
    (("calissons", "--size", 40), "--size"),
    (("loopy", "--level", "medium"), "--level"),
    (("loopy", "--tiling", "hat", "--width", 400, "--height", 400), "--width"),
    (("loopy", "--count", 0), "--count"),
    (("loopy", "--per-page", 0), "--per-page"),
    (("calissons", "--answers", "maybe"), "--answers"),
    (("loopy", "--from", "2027-02-30", "--to", "2027-03-01"), "--from"),
    (("tantrix",), "tantrix"),
    (("loopy.v9.nonsense",), "loopy"),
])
def test_bad_recipes_exit_2_with_one_line(args, field, tmp_path):
    proc = run(*args, "--out", tmp_path / "x.pdf", ok=False)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and field in lines[0], proc.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_puzzle_too_big_for_the_rule_is_refused(tmp_path):
    proc = run("loopy", "--tiling", "hat", "--width", 60, "--height", 45, "--count", 1, "--out", tmp_path / "x.pdf",
               ok=False)
    assert proc.returncode == 2 and "too big" in proc.stderr and "6 mm" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_book_answers_after_every_puzzle(tmp_path):
    out = tmp_path / "book.pdf"
    run("calissons", "--size", 4, "--level", "easy", "--from", "2027-03-01", "--to", "2027-03-07", "--out", out)
    pages = pages_text(out)
    assert "A puzzle a day" in pages[0] and "the rules" in pages[1] and "Cover the shape" in pages[1]
    puzzle_pages = [i for i, p in enumerate(pages) if "Level:" in p]
    answer_pages = [i for i, p in enumerate(pages) if ": answers" in p]
    assert puzzle_pages and answer_pages and max(puzzle_pages) < min(answer_pages)
    assert "Monday 1 March 2027" in pages[puzzle_pages[0]]
    assert sum(p.count("Level: Easy") for p in pages) == 7


def test_calisson_givens_look_unlike_the_outline_in_grey():
    """Rendered to a grey picture: across a given edge the ink is black, white, black (a double line);
    across the outline it is black throughout; grid lines are grey and thin."""
    import io

    import cairosvg
    from PIL import Image

    from generator import families
    from generator.calissons import render
    from generator.calissons.model import head
    fam = families.get("calissons")
    item = fam.generate(fam.sheet_recipe({"size": 4, "level": "easy", "seed": 2}, 1)[0])
    svg = fam.on_paper(item)["puzzle"]
    x0, y0, w, h = sheet.view_box(svg)
    px = 1200
    img = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), output_width=px))).convert("L")
    unit = px / w                                     # pixels per edge

    def profile(p, q):
        """Grey levels across the segment p-q at its middle, from -0.2 to 0.2 edge lengths."""
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        dx, dy = q[0] - p[0], q[1] - p[1]
        norm = (dx * dx + dy * dy) ** 0.5
        nx, ny = -dy / norm, dx / norm
        return [img.getpixel((round((mx + t * nx - x0) * unit), round((my + t * ny - y0) * unit)))
                for t in [k / 100 for k in range(-20, 21)]]

    def runs(values):
        """The ink pattern: dark (<80) and light (>200) runs in order, grey left out."""
        out = []
        for v in values:
            c = "d" if v < 80 else "l" if v > 200 else None
            if c and (not out or out[-1] != c):
                out.append(c)
        return "".join(out)
    for e in item.givens[:5]:
        assert "dld" in runs(profile(render.xy(e[:2]), render.xy(head(e)))), e
    corners = render._outline(item.n)
    assert runs(profile(corners[0], corners[1])) == "ldl"       # one solid black band


def test_a_site_sheet_gives_each_kind_its_own_run():
    """On a site's all-tilings level sheet, puzzles too big for the rule (a 28 x 24 hat patch) are
    printed one a page, and the others keep several a page: each kind of puzzle is a run of pages."""
    from generator import families
    fam = families.get("loopy")
    small = [fam.generate(v) for v in fam.sheet_recipe({"tiling": "p3", "level": "easy", "seed": 1}, 2)]
    big = [fam.generate(v) for v in fam.sheet_recipe({"tiling": "hat", "width": "28", "height": "24",
                                                      "level": "easy", "seed": 1}, 2)]
    views = [fam.on_paper(it) for it in small + big]
    entries = [sheet.Entry(f"id{k}", v["puzzle"], v["answer"], v["level"], v["edge"], kind=v["kind"])
               for k, v in enumerate(views)]
    sh = sheet.Sheet("t", views[0]["rules"], views[0]["example"], entries, "a4", per_page=4)
    with pytest.raises(Exception, match="too big"):
        sheet.per_page(sh)                                  # a command refuses such a sheet
    parts = sheet.runs(sh, strict=False)
    assert [(len(p[0].entries), p[1], p[4]) for p in parts] == [(2, 2, 1), (2, 1, 3)]
    assert "too big" in parts[1][3] and not parts[0][3]
    pages, _answers, _n, note, first = sheet.layout(sh, strict=False)
    assert first == 0 and len(pages) == sheet.page_count(sh, strict=False) == 1 + 2 + 1
    assert "#3  ·  Level: Easy" in pages[1] and "#4  ·  Level: Easy" in pages[2]


def test_qr_codes_open_the_puzzle_on_the_regen_page():
    """With --base-url each puzzle's QR code encodes URL/regen.html#PERMALINK (regen.html reads the
    permalink from the hash), drawn from segno's matrix of that URL."""
    from generator import cli, families
    fam = families.get("calissons")
    item = fam.generate(fam.sheet_recipe({"size": 3, "level": "easy", "seed": 1}, 1)[0])
    entry, _view = cli._paper_entry(fam, item, "https://example.org/puzzles/")
    assert entry.url == f"https://example.org/puzzles/regen.html#{item.permalink}"
    sh = sheet.Sheet("t", "r", "", [entry], "a4", 1)
    page = sheet.puzzle_pages(sh, 1, (1, 1))[0]
    cell = sheet.cells(sheet.area("a4", sheet.puzzle_top(sh)), 1, 1)[0]
    size = sheet.qr_size(sh)              # at least QR_MM, with modules at least QR_MODULE_MM wide
    assert size >= sheet.QR_MM and size / (len(sheet.qr_matrix(entry.url)) + 2 * sheet.QR_BORDER) >= sheet.QR_MODULE_MM
    p = sheet.place(sheet.view_box(entry.puzzle), cell, size, sheet.label_width(sheet.label_text(1, entry)))
    assert sheet.qr_path(entry.url, p.qr_x, p.qr_y, size) in page      # attached to its puzzle
    assert p.qr_y <= p.y + p.h + sheet.LABEL and p.qr_x + size <= cell[0] + cell[2]
    assert page.count('<path fill="#000000" d="M') == 1
