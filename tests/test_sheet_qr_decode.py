"""The QR codes on paper decode, read back as a phone reads them: not by segno's own matrix but by
an independent reader, zbar (`zbarimg`), from the printed picture.

A sheet is made by the command (`python -m generator sheet ... --base-url URL`), its pages are
rasterised by pdftoppm at 150 dpi (about what a phone camera sees of an A4 page held to take it
in), and each page's codes must decode to exactly the URL the sheet's label promises:
URL/regen.html#PERMALINK of the puzzle labelled #k on that page, one code a puzzle.  An item's
printout QR code (`<slug>.qr.svg`, written by the build for a site with a base URL) is drawn by
cairosvg at the same 150 dpi and decoded to the item page's address.

zbar is a Debian package that scripts/setup.sh installs (zbar-tools): without it this test fails
rather than skips, so CI cannot pass without the check."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import families

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://example.org/puzzles/"
DPI = 150


def zbar() -> str:
    path = shutil.which("zbarimg")
    if path is None:
        pytest.fail("zbarimg not found: install the Debian package zbar-tools (scripts/setup.sh does)")
    return path


def decode(png: Path) -> list[str]:
    """The texts of every QR code zbar finds in a picture (one code a line with --raw)."""
    proc = subprocess.run([zbar(), "--raw", "-q", "-Sdisable", "-Sqrcode.enable", str(png)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode in (0, 4), proc.stderr       # 4: zbarimg found no code in the picture
    return proc.stdout.splitlines()


def sheet_pdf(tmp_path: Path, name: str, links: list[str]) -> Path:
    out = tmp_path / f"{name}.pdf"
    proc = subprocess.run([sys.executable, "-m", "generator", "sheet", *links, "--per-page", "4",
                           "--paper", "a4", "--answers", "none", "--base-url", BASE, "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return out


def pages(pdf: Path, tmp_path: Path) -> list[tuple[list[int], list[str]]]:
    """For each page: the numbers of the puzzles labelled on it, and the codes zbar reads in it."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout.split("\f")[:-1]
    stem = tmp_path / pdf.stem
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(stem)], check=True)
    pngs = sorted(tmp_path.glob(f"{pdf.stem}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    assert len(pngs) == len(text)
    return [([int(n) for n in re.findall(r"#(\d+) · Level", page)], decode(png)) for page, png in zip(text, pngs)]


def generate(name: str, recipes: list[dict]) -> list:
    fam = families.get(name)
    return [fam.generate(values) for r in recipes for values in fam.sheet_recipe(r, 1)]


@pytest.fixture(scope="module")
def loopy_items():
    """Loopy puzzles of three tilings (two a page on the sheet: a page with two codes, one with one);
    their regen links' codes are 41 to 49 modules wide, the longest of the default sizes."""
    return generate("loopy", [{"tiling": t, "level": "easy", "seed": 1} for t in ("p2", "p3", "spectre")])


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm, pdftotext) not installed")
def test_sheet_qr_codes_decode_at_print_resolution(tmp_path, loopy_items):
    zbar()
    loopy = [it.permalink for it in loopy_items]
    calisson = [it.permalink for it in generate("calissons", [{"size": 6, "level": "medium", "seed": 1}])]
    for name, links in (("loopy", loopy), ("calissons", calisson)):
        seen, most = [], 0
        for numbers, codes in pages(sheet_pdf(tmp_path, name, links), tmp_path):
            want = sorted(f"{BASE}regen.html#{links[k - 1]}" for k in numbers)
            assert sorted(codes) == want, (name, numbers)     # one code a puzzle, each its own link
            seen, most = seen + numbers, max(most, len(numbers))
        assert sorted(seen) == list(range(1, len(links) + 1))    # every puzzle was printed and read
        assert most == min(2, len(links))                         # the Loopy sheet: two codes on a page


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm, pdftotext) not installed")
def test_site_sheet_qr_codes_decode_at_print_resolution(tmp_path, loopy_items):
    """A site's own sheets (generator/pipeline/sheets.py) print each item's page address: its slug is
    its permalink (up to permalinks.MAX_PAGE_NAME characters), so a Loopy item's address is a long one."""
    from generator.pipeline import sheets
    from generator.pipeline.generate import slug_of
    zbar()
    fam = families.get("loopy")
    urls = [f"{BASE}loopy/{slug_of(it.permalink)}.html" for it in loopy_items]
    views = [fam.on_paper(it) for it in loopy_items]
    entries = [(f"id{k}", v["puzzle"], v["answer"], url) for k, (v, url) in enumerate(zip(views, urls))]
    pdf = tmp_path / "site.pdf"
    pdf.write_bytes(sheets.sheet_pdf("Loopy", entries, "a4"))
    got = pages(pdf, tmp_path)
    assert sorted(got[0][1]) == sorted(urls)                     # the puzzle page: one code an item
    assert all(codes == [] for _n, codes in got[1:])             # the solution pages carry none


def test_item_printout_qr_code_decodes(tmp_path, loopy_items):
    """The printout's QR code (regen.html prints it 20 mm wide) of the longest address here."""
    import cairosvg
    from generator.pipeline import browser
    from generator.pipeline.generate import slug_of
    zbar()
    link = loopy_items[0].permalink                               # P2: the longest link here
    slug = slug_of(link)
    fams = [{"name": "loopy", "items": [{"permalink": link, "slug": slug, "url": f"loopy/{slug}.html"}]}]
    cfg = browser.page_config(fams, BASE)
    assert cfg["qr"] == {link: f"loopy/{slug}.qr.svg"}          # the build writes this item a QR picture
    svg = browser.qr_svg(f"{BASE}loopy/{slug}.html")             # what it writes there (browser.write)
    png = tmp_path / "item.png"
    # on a white page, as printed (the picture's own white square is the code's quiet zone)
    png.write_bytes(cairosvg.svg2png(bytestring=svg.encode(), dpi=DPI, background_color="white"))
    assert decode(png) == [f"{BASE}loopy/{slug}.html"]
