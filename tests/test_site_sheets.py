"""Printable sheets a teacher can use: a title and the rules on the puzzle pages, a number and a
short ID under each puzzle, puzzles at least 6 cm wide on A4 and Letter, solutions drawn as
the puzzle with its answer, and a QR code that opens the puzzle's page when the site has a
base URL.  The small site (tests/conftest.py) is built with a base URL."""

from __future__ import annotations

import re

import pytest

from generator.pipeline import sheets

MIN_WIDTH_MM = 60.0


@pytest.fixture(scope="module")
def puzzle():
    """A side-8 calisson puzzle item (the largest default size) as the sheets see it."""
    from family_helpers import SiteSide
    return SiteSide("calissons").item({"params": {"size": 8, "level": "hard", "seed": 1, "minimal": False}})


def _entries(item, count=6, url="https://example.org/tilepress/calissons/x.html"):
    sh = item["sheet"]
    return [(sheets.short_id(item["permalink"] + str(i)), sh["puzzle"], sh["solution"], url)
            for i in range(count)]


def _picture_widths(page: str) -> list[float]:
    """Displayed width in mm of every picture placed on a page (nested <svg>, meet scaling)."""
    out = []
    for m in re.finditer(r'<svg x="[^"]*" y="[^"]*" width="([^"]*)" height="([^"]*)" viewBox="([^"]*)"', page):
        w, h = float(m.group(1)), float(m.group(2))
        vb = [float(v) for v in m.group(3).replace(",", " ").split()]
        out.append(min(w, h * vb[2] / vb[3]))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_puzzles_are_at_least_6_cm_wide(puzzle, paper):
    pages = sheets.sheet_pages("tilepress — Calisson puzzles", _entries(puzzle), paper, 2, 3,
                               rules=puzzle["sheet"]["rules"])
    widths = [w for page in pages for w in _picture_widths(page)]
    assert len(widths) == 12 and min(widths) >= MIN_WIDTH_MM, widths


def _hexagon(n: int) -> str:
    from generator.calissons import render
    return render.paper_svg(n, [])


def test_puzzle_pages_have_title_rules_numbers_short_ids_and_qr(puzzle):
    entries = _entries(puzzle, 4)
    assert sheets.fit_grid(entries, 2, 3, puzzle["sheet"]["rules"]) == (2, 2)   # 3 rows would be < 6 cm on Letter
    assert sheets.fit_grid([e[:3] for e in entries], 2, 3, puzzle["sheet"]["rules"]) == (2, 2)   # QR codes: no row
    small = [(e[0], _hexagon(4), e[2], e[3]) for e in entries]
    assert sheets.fit_grid(small, 2, 4, puzzle["sheet"]["rules"]) == sheets.fit_grid(
        [e[:3] for e in small], 2, 4, puzzle["sheet"]["rules"])
    pages = sheets.sheet_pages("tilepress — Calisson puzzles", entries, "a4", 2, 3, rules=puzzle["sheet"]["rules"])
    assert len(pages) == 2
    first, solutions = pages[0], pages[1]
    text = " ".join(re.findall(r">([^<]+)</text>", first))
    assert "tilepress — Calisson puzzles — puzzles" in text
    rules = " ".join(re.findall(r'font-size="3.3" fill="#000000">([^<]+)</text>', first))
    assert rules == puzzle["sheet"]["rules"] and 2 <= rules.count(". ") + 1 <= 3
    for n, (ident, *_rest) in enumerate(entries, start=1):
        assert f"#{n}  {ident}" in text and len(ident) <= 12
    assert first.count('<path fill="#000000" d="M') == 4          # one QR code per puzzle
    assert '<path fill="#000000" d="M' not in solutions            # no QR on the solution pages
    assert "font-size=\"3.3\"" not in solutions                    # rules only with the puzzles
    place = re.compile(r'<svg x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)"')
    assert len(place.findall(first)) == 4 and place.findall(first) == place.findall(solutions)


def test_no_qr_code_without_a_base_url(puzzle):
    page = sheets.sheet_pages("T", _entries(puzzle, 2, url=""), "a4", 2, 3)[0]
    assert '<path fill="#000000" d="M' not in page


def test_qr_code_draws_the_url_matrix():
    from generator import sheet as paper_sheet
    import segno
    url = "https://example.org/tilepress/calissons/cal.v1.4~ABAAQABAIAAIBACACAAAgBA.html"
    path = sheets.qr_path(url, 0, 0, 17.0)
    matrix = segno.make(url, error="m", micro=False).matrix
    n = len(matrix) + 2 * paper_sheet.QR_BORDER
    unit = 17.0 / n
    dark = set()
    for m in re.finditer(r"M([0-9.]+) ([0-9.]+)h([0-9.]+)", path):
        x, y, w = (float(v) / unit for v in m.groups())
        for c in range(round(x), round(x + w)):
            dark.add((round(y) - paper_sheet.QR_BORDER, c - paper_sheet.QR_BORDER))
    want = {(r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v & 1}
    assert dark == want


def test_solution_is_the_puzzle_with_its_answer(puzzle):
    """The sheet's solution holds the puzzle's grid and givens (double lines), plus every fold edge."""
    from generator.calissons import render
    sol, puz = puzzle["sheet"]["solution"], puzzle["sheet"]["puzzle"]
    givens_path = re.search(rf'stroke-width="{render.GIVEN_W}"[^>]*d="([^"]*)"', puz).group(1)
    assert givens_path in sol                                      # the givens, drawn as on the puzzle
    assert re.search(rf'stroke="#ffffff" stroke-width="{render.GIVEN_CORE}"[^>]*d="{re.escape(givens_path)}"', puz)
    grid_path = re.search(rf'stroke-width="{render.GRID_W}"[^>]*d="([^"]*)"', puz).group(1)
    assert grid_path in sol                                        # the triangular grid
    fold = re.search(rf'stroke="#000000" stroke-width="{render.FOLD_W}" stroke-linecap="round" d="([^"]*)"',
                     sol).group(1)
    facts = dict(puzzle["facts"])
    assert fold.count("M") + givens_path.count("M") >= facts["Fold edges in the solution"]


def test_small_site_sheets_and_page(small_site):
    from pypdf import PdfReader
    for paper in ("a4", "letter"):
        reader = PdfReader(str(small_site / "sheets" / f"calissons-{paper}.pdf"))
        text = reader.pages[0].extract_text()
        assert "Calisson puzzles" in text and "Cover the shape with calissons" in text and "#1" in text
        assert "level: easy" in text                                 # the level in words under each puzzle
    page = (small_site / "sheets" / "index.html").read_text(encoding="utf-8")
    assert "Cover the shape with calissons" in page and "calissons-a4.pdf" in page and "calissons-letter.pdf" in page
    item = next(p for p in sorted((small_site / "calissons").glob("cal.*.html")))
    html = item.read_text(encoding="utf-8")
    assert sheets.short_id(re.search(r'id="permalink">([^<]+)<', html).group(1)) in html


# ---- sheets by level, their previews and page counts; books of a daily schedule ---------------

def _pdf_pages(path) -> list[str]:
    import subprocess
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout.split("\f")[:-1]


def test_level_sheets_are_listed_with_preview_and_page_count(small_site):
    """The small site has Loopy (P3, easy) and calissons (easy, hard): one sheet per family and level,
    on its first paper, each listed with a preview of its first page and its true page count."""
    page = (small_site / "sheets" / "index.html").read_text()
    for slug, level in (("loopy-easy", "Easy"), ("calissons-easy", "Easy"), ("calissons-hard", "Hard")):
        assert (small_site / "sheets" / f"{slug}-preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="../sheets/{slug}-preview.png"' in page
        assert not (small_site / "sheets" / f"{slug}-letter.pdf").exists()   # the first paper only
        for paper, name in (("a4", "A4"),):
            pdf = small_site / "sheets" / f"{slug}-{paper}.pdf"
            pages = _pdf_pages(pdf)
            listed = re.search(rf'{slug}-{paper}\.pdf"><strong>[^<]+</strong> — {name} PDF, (\d+) pages?<', page)
            assert listed and int(listed.group(1)) == len(pages)
            assert all(f"Level: {level}" in p and "Name" in p and "Date" in p for p in pages if "answers" not in p)
            assert any("answers" in p for p in pages)
    assert "loopy-p3-easy" not in page        # one tiling only: its sheets are the level sheets


def pdf_links(page: str) -> list[tuple[str, str, str]]:
    """(href, accessible name, the name of the list row it sits in or "") of every link to a PDF on a
    page: the name is the link's text (or its aria-label), whitespace collapsed, as a screen reader's
    list of links reads it; the row's name is its preview picture's alt text."""
    from html.parser import HTMLParser

    class Links(HTMLParser):
        def __init__(self):
            super().__init__()
            self.out, self.open, self.row = [], None, ""

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "li":
                self.row = ""
            elif tag == "img" and "paper" in (a.get("class") or "").split():
                self.row = a.get("alt") or ""
            elif tag == "a" and (a.get("href") or "").endswith(".pdf"):
                self.open = [a["href"], a.get("aria-label"), []]

        def handle_data(self, data):
            if self.open:
                self.open[2].append(data)

        def handle_endtag(self, tag):
            if tag == "a" and self.open:
                href, label, text = self.open
                self.out.append((href, " ".join((label or "".join(text)).split()), self.row))
                self.open = None
            elif tag == "li":
                self.row = ""
    parser = Links()
    parser.feed(page)
    return parser.out


def test_every_pdf_link_on_the_sheets_page_says_which_sheet(small_site):
    """A screen reader's list of links (or a visitor skimming) tells the sheets apart: every PDF link's
    accessible name is unique, names its paper, and a level sheet's or a book's names its row."""
    page = (small_site / "sheets" / "index.html").read_text(encoding="utf-8")
    links = pdf_links(page)
    assert len(links) >= 7                        # 3 level sheets, and 2 families x 2 papers in one file
    names = [name for _href, name, _row in links]
    assert len(set(names)) == len(names), sorted(names)
    for href, name, row in links:
        paper = "Letter" if href.endswith("-letter.pdf") else "A4"
        assert f"{paper} PDF" in name, (href, name)
        if row:                                   # "First page of the sheet Loopy, Easy": that title
            assert row.split(" the sheet ", 1)[-1].split(" the book ", 1)[-1] in name, (href, name, row)
    assert sum(1 for _h, _n, row in links if row) >= 3
    # the home page's list of sheets ("Loopy puzzles: A4 PDF · Letter PDF"): each link says whose it is
    home = pdf_links((small_site / "index.html").read_text(encoding="utf-8"))
    names = [name for _href, name, _row in home]
    assert home and len(set(names)) == len(names), sorted(names)


@pytest.mark.slow
def test_a_daily_schedule_gets_a_book_per_month(tmp_path, monkeypatch):
    """A site with [families.loopy.daily] gets one book per month begun by the build date: cover,
    rules, the puzzles by day with their dates, every answer after every puzzle; the month's archive
    page links it."""
    from generator.pipeline.build import Options, build
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1801958400")          # 2027-02-06
    (tmp_path / "site.toml").write_text(
        '[site]\ntitle = "Class"\ntagline = "t"\ninteractive = false\n[site.sheets]\npapers = ["a4"]\n'
        '[families.loopy]\ntilings = ["p3"]\nlevels = ["easy"]\nseeds = [1]\nsizes_p3 = [[5, 4]]\n'
        '[families.loopy.daily]\nfrom = 2027-01-30\nto = 2027-03-02\ntilings = ["p3"]\nlevels = ["easy"]\n'
        'sizes_p3 = [[5, 4]]\n')
    build(Options(config=tmp_path / "site.toml", out=tmp_path / "out", cache_dir=tmp_path / "cache", jobs=2))
    out = tmp_path / "out"
    books = sorted(p.name for p in (out / "sheets").glob("loopy-daily-*.pdf"))
    assert books == ["loopy-daily-2027-01-a4.pdf", "loopy-daily-2027-02-a4.pdf"]   # March has not begun
    for month, days in (("2027-01", 2), ("2027-02", 28)):
        pages = _pdf_pages(out / "sheets" / f"loopy-daily-{month}-a4.pdf")
        assert "A puzzle a day" in pages[0] and "the rules" in pages[1]
        puzzles = [i for i, p in enumerate(pages) if "Level: Easy" in p]
        answers = [i for i, p in enumerate(pages) if ": answers" in p]
        assert puzzles and answers and max(puzzles) < min(answers)
        assert sum(p.count("Level: Easy") for p in pages) == days
        archive = (out / "loopy" / f"daily-{month}.html").read_text()
        assert f'href="../sheets/loopy-daily-{month}-a4.pdf"' in archive
    jan = " ".join(_pdf_pages(out / "sheets" / "loopy-daily-2027-01-a4.pdf"))
    assert "Saturday 30 January 2027" in jan and "Sunday 31 January 2027" in jan
