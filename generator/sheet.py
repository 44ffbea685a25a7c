"""Sheets a teacher chooses: N puzzles a page, readable, with answers at the back; books of days.

A *sheet* is a PDF for A4 or Letter paper made of puzzle pages and answer pages:

    puzzle page   the title; "Name" and "Date" lines; the rules in a few plain sentences beside a
                  small worked example; then N puzzles, each at the top of its cell (no empty band between
                  the rules and a puzzle) with a label right under it: its number,
                  its level in words, its short ID (and in a book its date) and, with a base
                  URL, a QR code that opens the puzzle on the site's regen page.
    answer pages  at the back (several answers a page, labelled like their puzzles), in a file
                  of their own, or none.

The readability rule (stated in docs/sheets.md): every puzzle is drawn so that its median
grid edge is at least EDGE_MM = 6 mm long and its digits (the cap height of its clue numbers)
are at least DIGIT_MM = 3.5 mm tall.  N is the number asked for (`--per-page`, default
DEFAULT_PER_PAGE) lowered until every puzzle of the sheet keeps that size; a puzzle that cannot
keep it even alone on a page is refused (one line naming the field that sets its size).  The
QR code is attached to its puzzle (right of it, or under its right-hand corner beside the
label: `place`), at least QR_MM and
QR_MODULE_MM a module (the same size for every code of a sheet, the largest one needs): it can
shrink a picture, and a long link's large code can cost a row.

A puzzle reaches paper through its family's `on_paper(item)` (generator.families.Family): the
puzzle and answer SVGs, the level in words, the median edge in the picture's own units, the
rules and the example.  Everything here is laid out in millimetres; pages are SVG documents
turned into PDF by cairosvg and joined by pypdf with pinned dates (`generator.output`), so the
same recipe gives the same bytes.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import re
from dataclasses import dataclass

from generator.errors import TilepressError
from generator.svg import CHAR_WIDTH, escape, num, wrap
from generator.output import join_pdfs

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
ANSWER_CHOICES = ("back", "none", "separate")
EDGE_MM = 6.0            # the readability rule: median edge at least this long
DIGIT_MM = 3.5           # and digits at least this tall
DIGIT_CAP = 0.729        # DejaVu Sans: height of a digit / font size
MARGIN = 10.0            # mm round the page
TITLE_FONT = 5.5
NAME_FONT = 3.6
HEADER = 14.5            # title line and the Name / Date line
RULES_FONT = 3.5
EXAMPLE_W, EXAMPLE_H = 37.0, 24.0   # the worked example's box
BAND_GAP = 2.5
LABEL = 6.0              # the label line under a picture
LABEL_FONT = 3.3
GAP = 4.0                # between cells
QR_MM = 16.0             # the smallest QR code (with its quiet zone)
QR_MODULE_MM = 0.5       # and its modules at least this wide: 3 pixels at 150 dpi, so zbar reads
QR_BORDER = 2            # the printed code back (tests/test_sheet_qr_decode.py; at 16 mm a Loopy
                         # link's code of 41-49 modules is 0.30-0.36 mm a module and did not decode)
DEFAULT_PER_PAGE = 4
MAX_PER_PAGE = 12
MAX_COUNT = 100          # puzzles in one sheet
ANSWERS_PER_PAGE = 6     # answers: 2 columns x 3 rows
FONT = "DejaVu Sans"
LAYOUT_VERSION = "2"      # bump when a sheet's layout moves (a site's cached sheet PDFs are keyed by it); 2: puzzles
                         # at the top of their cells, labels and QR codes attached (this and pipeline/sheets.py)


@dataclass
class Entry:
    """One puzzle on paper."""

    ident: str               # the short ID printed (generator.permalinks.short_id)
    puzzle: str              # SVG documents
    answer: str
    level: str               # in words ("Normal")
    edge: float              # the median grid edge in the puzzle SVG's units
    url: str = ""            # what the QR code opens ("" without a base URL)
    heading: str = ""        # a book's date
    kind: str = ""           # "Loopy on a hat patch"


@dataclass
class Sheet:
    """What a sheet prints."""

    title: str
    rules: str
    example: str             # SVG of the worked example ("" for none)
    entries: list
    paper: str = "a4"
    per_page: int = DEFAULT_PER_PAGE
    answers: str = "back"


# ---- measuring ------------------------------------------------------------------------------

def view_box(svg: str) -> tuple[float, float, float, float]:
    """The viewBox of an SVG document."""
    head = svg[svg.find("<svg"):svg.find(">", svg.find("<svg")) + 1]
    m = re.search(r'\sviewBox="([^"]*)"', head)
    if not m:
        raise ValueError("SVG has no viewBox")
    x, y, w, h = (float(v) for v in m.group(1).replace(",", " ").split())
    return x, y, w, h


def inner(svg: str) -> str:
    """The content of an SVG document (between its <svg> tags)."""
    start = svg.find(">", svg.find("<svg")) + 1
    return svg[start:svg.rfind("</svg>")]


def digit_font(svg: str) -> float | None:
    """The smallest font size of the picture's text (its clue digits), or None without text."""
    if "<text" not in svg:
        return None
    sizes = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]
    return min(sizes) if sizes else None


def need_scale(e: Entry) -> float:
    """mm per picture unit that the readability rule asks of an entry."""
    need = EDGE_MM / e.edge
    font = digit_font(e.puzzle)
    if font:
        need = max(need, DIGIT_MM / (DIGIT_CAP * font))
    return need


def measured(e: Entry, scale: float) -> tuple[float, float | None]:
    """(median edge mm, digit height mm or None) of an entry drawn at scale mm per unit."""
    font = digit_font(e.puzzle)
    return e.edge * scale, (DIGIT_CAP * font * scale if font else None)


# ---- layout ---------------------------------------------------------------------------------

def rule_lines(rules: str, paper: str, example: bool) -> list[str]:
    """The rules wrapped beside the example."""
    pw = PAPERS_MM[paper][0]
    width = pw - 2 * MARGIN - (EXAMPLE_W + 4 if example else 0)
    return wrap(rules, width, RULES_FONT) if rules else []


def band_height(rules: str, paper: str, example: bool) -> float:
    """mm of the rules band (the example beside the wrapped rules)."""
    lines = rule_lines(rules, paper, example)
    text = len(lines) * RULES_FONT * 1.3
    return max(EXAMPLE_H if example else 0.0, text) + BAND_GAP if (lines or example) else 0.0


def area(paper: str, top: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the page below `top` mm, inside the margins."""
    pw, ph = PAPERS_MM[paper]
    return MARGIN, top, pw - 2 * MARGIN, ph - MARGIN - top


def cells(box, columns: int, rows: int):
    """(x, y, w, h) of the cells of a grid in a box, row by row."""
    x0, y0, w, h = box
    cw = (w - (columns - 1) * GAP) / columns
    ch = (h - (rows - 1) * GAP) / rows
    return [(x0 + c * (cw + GAP), y0 + r * (ch + GAP), cw, ch) for r in range(rows) for c in range(columns)]


def fit(vb, w: float, h: float) -> float:
    """mm per unit of a picture of viewBox vb fitted in w x h mm."""
    return min(w / vb[2], h / vb[3]) if w > 0 and h > 0 else 0.0


@functools.lru_cache(maxsize=1024)
def qr_matrix(url: str) -> tuple:
    """segno's module matrix of url's QR code (ISO/IEC 18004, error correction M), made once."""
    import segno   # (lazy: a renderer's extra, kept out of the engines the page loads)
    return segno.make(url, error="m", micro=False).matrix


def qr_size(sheet: Sheet) -> float:
    """The side in mm of the sheet's QR codes with their quiet zone (0 without a base URL): QR_MM,
    or more so that the largest code's modules are QR_MODULE_MM wide."""
    sizes = [(len(qr_matrix(e.url)) + 2 * QR_BORDER) * QR_MODULE_MM for e in sheet.entries if e.url]
    return max([QR_MM] + sizes) if sizes else 0.0


@dataclass
class Placed:
    """Where a cell's picture, label and QR code go (mm).  The picture sits at the top of its cell,
    right under the rules band (or the row above), centred across the cell; its label line is
    directly under it; its QR code is attached to it: to its right (bottom-aligned with the label
    line) or under its right-hand corner, beside the label.  The cell's spare height stays below,
    as paper for working, never as a band between the rules and the puzzle."""

    x: float                 # the picture
    y: float
    w: float
    h: float
    scale: float             # mm per picture unit
    label_x: float           # the label's left end, its baseline and the width it may take
    label_y: float
    label_w: float
    qr_x: float = 0.0        # the QR code's top-left corner (with a QR code)
    qr_y: float = 0.0


def place(vb, cell, qr: float, label: float = 0.0) -> Placed:
    """A picture of viewBox vb in its cell (a qr x qr mm QR code beside or under it; 0: none):
    the QR code goes where it leaves the picture larger.  `label` is the label's natural width in
    mm: the block (picture, label, QR code) is widened up to the cell for it, and centred across it."""
    x, y, w, h = cell
    if not qr:
        s = fit(vb, w, h - LABEL)
        pw, ph = vb[2] * s, vb[3] * s
        bw = max(pw, min(w, label))
        bx = x + (w - bw) / 2
        return Placed(bx + (bw - pw) / 2, y, pw, ph, s, bx, y + ph + LABEL - 2, bw)
    beside = fit(vb, w - qr - 1, h - LABEL)          # the picture left of the QR code
    under = fit(vb, w, h - qr - 1)                   # the picture above it
    if beside >= under:
        s = beside
        pw, ph = vb[2] * s, vb[3] * s
        bw = max(pw + 1 + qr, min(w, label + 1 + qr))
        bx = x + (w - bw) / 2
        lw = bw - qr - 1
        bottom = y + max(ph + LABEL, qr)             # the label line's foot and the QR code's
        return Placed(bx + (lw - pw) / 2, y, pw, ph, s, bx, y + ph + LABEL - 2, lw,
                      bx + bw - qr, bottom - qr)
    s = under
    pw, ph = vb[2] * s, vb[3] * s
    bw = max(pw, min(w, label + 1 + qr))
    bx = x + (w - bw) / 2
    return Placed(bx + (bw - pw) / 2, y, pw, ph, s, bx, y + ph + LABEL - 2, bw - qr - 1, bx + bw - qr, y + ph + 1)


def picture_place(vb, cell, qr: float):
    """(x, y, w, h, scale) of a picture in its cell (see place)."""
    p = place(vb, cell, qr)
    return p.x, p.y, p.w, p.h, p.scale


def label_width(text: str) -> float:
    """mm a label takes at LABEL_FONT."""
    return CHAR_WIDTH * len(text) * LABEL_FONT


def grids(n: int):
    """The (columns, rows) shapes that hold n pictures with no empty row or column."""
    out = []
    for c in range(1, n + 1):
        r = -(-n // c)
        if (c - 1) * r < n and c * (r - 1) < n:
            out.append((c, r))
    return out


def puzzle_top(sheet: Sheet) -> float:
    return MARGIN + HEADER + band_height(sheet.rules, sheet.paper, bool(sheet.example))


def best_grid(sheet: Sheet, n: int):
    """((columns, rows), worst ratio of scale to the scale the rule needs) for n a page."""
    qr = qr_size(sheet)
    box = area(sheet.paper, puzzle_top(sheet))
    best = None
    for c, r in grids(n):
        cell = cells(box, c, r)[0]
        worst = min(picture_place(view_box(e.puzzle), cell, qr)[4] / need_scale(e) for e in sheet.entries)
        if best is None or worst > best[1] + 1e-9:
            best = ((c, r), worst)
    return best


def per_page(sheet: Sheet, what: str = "the puzzle", strict: bool = True) -> tuple[int, tuple[int, int], str]:
    """(N, (columns, rows), note): the most puzzles a page, up to the asked number, that keep every
    puzzle readable; the note says when N is fewer than asked.  A puzzle too big to keep the rule
    alone on a page is a TilepressError naming `what` (not `strict`: one a page, and a note)."""
    asked = max(1, min(sheet.per_page, MAX_PER_PAGE, max(1, len(sheet.entries))))
    n = asked
    while True:
        shape, worst = best_grid(sheet, n)
        if worst >= 1 - 1e-9:
            break
        if n == 1 and not strict:
            return 1, shape, (f"some puzzles are too big to keep edges of {num(EDGE_MM)} mm and digits of "
                              f"{num(DIGIT_MM)} mm even alone on a page: printed one a page, as large as fits")
        if n == 1:
            e = min(sheet.entries, key=lambda e: picture_place(view_box(e.puzzle), cells(
                area(sheet.paper, puzzle_top(sheet)), 1, 1)[0], any(x.url for x in sheet.entries))[4] / need_scale(e))
            s = worst * need_scale(e)
            edge, digit = measured(e, s)
            shown = f"edges {edge:.1f} mm" + (f", digits {digit:.1f} mm" if digit else "")
            raise TilepressError(f"{what} is too big for {PAPER_NAMES[sheet.paper]} paper: alone on a page it "
                                 f"prints {shown} (the rule: edges at least {num(EDGE_MM)} mm, digits at least "
                                 f"{num(DIGIT_MM)} mm); choose a smaller size")
        n -= 1
    note = ""
    if n < sheet.per_page and n < len(sheet.entries):
        note = (f"{sheet.per_page} a page would print these puzzles below the readable size (edges "
                f"{num(EDGE_MM)} mm, digits {num(DIGIT_MM)} mm): {n} a page instead")
    return n, shape, note


# ---- drawing --------------------------------------------------------------------------------

def _text(x, y, size, text, anchor="start", bold=False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{FONT}" font-size="{num(size, 2)}"{weight} '
            f'fill="#000000" text-anchor="{anchor}">{escape(text)}</text>')


def _fit_text(text: str, width: float, size: float) -> float:
    """The font size (at most `size`) at which text fits width mm."""
    return max(1.8, min(size, width / (CHAR_WIDTH * max(1, len(text)))))


def qr_path(url: str, x: float, y: float, size: float, matrix=None) -> str:
    """A QR code (ISO/IEC 18004, error correction M, segno's matrix, or `matrix` when the caller
    keeps them) as one SVG path in a size x size square at (x, y), on white."""
    if matrix is None:
        matrix = qr_matrix(url)
    n = len(matrix) + 2 * QR_BORDER
    unit = size / n
    runs = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c] & 1:
                start = c
                while c < len(row) and row[c] & 1:
                    c += 1
                runs.append(f"M{num(x + (start + QR_BORDER) * unit, 3)} {num(y + (r + QR_BORDER) * unit, 3)}"
                            f"h{num((c - start) * unit, 3)}v{num(unit, 3)}h{num(-(c - start) * unit, 3)}z")
            else:
                c += 1
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" fill="#ffffff"/>'
            f'<path fill="#000000" d="{"".join(runs)}"/>')


def nested(svg: str, x: float, y: float, w: float, h: float) -> str:
    """A picture placed in an x, y, w, h mm box (aspect kept, centred)."""
    vx, vy, vw, vh = view_box(svg)
    return (f'<svg x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'viewBox="{num(vx)} {num(vy)} {num(vw)} {num(vh)}" preserveAspectRatio="xMidYMid meet">'
            f'{inner(svg)}</svg>')


def _page_open(paper: str) -> list[str]:
    pw, ph = PAPERS_MM[paper]
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw, 1)}mm" height="{num(ph, 1)}mm" '
            f'viewBox="0 0 {num(pw, 1)} {num(ph, 1)}">',
            f'<rect x="0" y="0" width="{num(pw, 1)}" height="{num(ph, 1)}" fill="#ffffff"/>']


def _header(out: list, title: str, paper: str, page_no: int, name_lines: bool) -> None:
    pw = PAPERS_MM[paper][0]
    right = f"page {page_no}"
    size = _fit_text(title, pw - 2 * MARGIN - 20, TITLE_FONT)
    out.append(_text(MARGIN, MARGIN + 5, size, title, bold=True))
    out.append(_text(pw - MARGIN, MARGIN + 5, 3.2, right, anchor="end"))
    if name_lines:
        y = MARGIN + 12
        split = MARGIN + 0.62 * (pw - 2 * MARGIN)
        out.append(_text(MARGIN, y, NAME_FONT, "Name"))
        out.append(f'<path d="M{num(MARGIN + 13)} {num(y + 0.8)}H{num(split - 6)}M{num(split + 11)} {num(y + 0.8)}'
                   f'H{num(pw - MARGIN)}" stroke="#000000" stroke-width="0.3" fill="none"/>')
        out.append(_text(split, y, NAME_FONT, "Date"))


def _band(out: list, sheet: Sheet, top: float) -> None:
    """The rules beside the worked example."""
    lines = rule_lines(sheet.rules, sheet.paper, bool(sheet.example))
    x = MARGIN
    if sheet.example:
        out.append(nested(sheet.example, MARGIN, top, EXAMPLE_W, EXAMPLE_H))
        x += EXAMPLE_W + 4
    for i, line in enumerate(lines):
        out.append(_text(x, top + RULES_FONT + i * RULES_FONT * 1.3, RULES_FONT, line))


def label_text(number: int, e: Entry) -> str:
    parts = [f"#{number}"]
    if e.heading:
        parts.append(e.heading)
    parts += [f"Level: {e.level}", f"ID {e.ident}"]
    return "  ·  ".join(parts)


def puzzle_pages(sheet: Sheet, n: int, shape, first_page: int = 1, first_number: int = 1) -> list[str]:
    """The puzzle pages: header, rules band and n puzzles a page in a columns x rows grid."""
    qr = qr_size(sheet)
    top = puzzle_top(sheet)
    box = area(sheet.paper, top)
    grid = cells(box, *shape)
    pages = []
    for start in range(0, len(sheet.entries), n):
        out = _page_open(sheet.paper)
        _header(out, sheet.title, sheet.paper, first_page + len(pages), True)
        _band(out, sheet, MARGIN + HEADER)
        for k, (e, cell) in enumerate(zip(sheet.entries[start:start + n], grid)):
            text = label_text(first_number + start + k, e)
            p = place(view_box(e.puzzle), cell, qr, label_width(text))
            out.append(nested(e.puzzle, p.x, p.y, p.w, p.h))
            out.append(_text(p.label_x, p.label_y, _fit_text(text, p.label_w, LABEL_FONT), text))
            if e.url:
                out.append(qr_path(e.url, p.qr_x, p.qr_y, qr))
        out.append("</svg>\n")
        pages.append("\n".join(out))
    return pages


def answer_pages(sheet: Sheet, first_page: int = 1, first_number: int = 1) -> list[str]:
    """The answers, ANSWERS_PER_PAGE a page, labelled like their puzzles."""
    top = MARGIN + 10
    grid = cells(area(sheet.paper, top), 2, ANSWERS_PER_PAGE // 2)
    pages = []
    for start in range(0, len(sheet.entries), ANSWERS_PER_PAGE):
        out = _page_open(sheet.paper)
        _header(out, f"{sheet.title}: answers", sheet.paper, first_page + len(pages), False)
        for k, (e, cell) in enumerate(zip(sheet.entries[start:start + ANSWERS_PER_PAGE], grid)):
            text = "  ·  ".join([f"#{first_number + start + k}"] + ([e.heading] if e.heading else [])
                                + [f"ID {e.ident}"])
            p = place(view_box(e.answer), cell, 0.0, label_width(text))
            out.append(nested(e.answer, p.x, p.y, p.w, p.h))
            out.append(_text(p.label_x, p.label_y, _fit_text(text, p.label_w, LABEL_FONT), text))
        out.append("</svg>\n")
        pages.append("\n".join(out))
    return pages


def cover_pages(title: str, subtitle: str, sheet: Sheet) -> list[str]:
    """A book's cover, then a page of rules with the example drawn large."""
    pw, ph = PAPERS_MM[sheet.paper]
    out = _page_open(sheet.paper)
    out.append(_text(pw / 2, ph * 0.38, _fit_text(title, pw - 2 * MARGIN, 11), title, anchor="middle", bold=True))
    out.append(_text(pw / 2, ph * 0.38 + 14, _fit_text(subtitle, pw - 2 * MARGIN, 6), subtitle, anchor="middle"))
    out.append(_text(pw / 2, ph * 0.38 + 26, 4.2, f"{len(sheet.entries)} puzzles; answers at the back",
                     anchor="middle"))
    out.append("</svg>\n")
    cover = "\n".join(out)
    out = _page_open(sheet.paper)
    _header(out, f"{title}: the rules", sheet.paper, 2, False)
    y = MARGIN + 18
    for line in wrap(sheet.rules, pw - 2 * MARGIN, 5.0):
        out.append(_text(MARGIN, y, 5.0, line))
        y += 6.5
    if sheet.example:
        out.append(nested(sheet.example, MARGIN, y + 6, pw - 2 * MARGIN, min(120.0, ph - MARGIN - y - 6)))
    out.append("</svg>\n")
    return [cover, "\n".join(out)]


def to_pdf(pages: list[str], title: str) -> bytes:
    """Join page SVGs into one PDF with pinned metadata (deterministic bytes)."""
    # lazy: renderers (cairosvg ~190 ms), not in the Pyodide runtime; only PNG/PDF need them
    import cairosvg

    return join_pdfs([cairosvg.svg2pdf(bytestring=page.encode("utf-8")) for page in pages], title)


def runs(sheet: Sheet, what: str = "the puzzle", strict: bool = True) -> list[tuple]:
    """[(sub-sheet, N, (columns, rows), note, number of its first puzzle)]: the puzzle pages in runs.
    A command's sheet is one run.  A site's sheet (not `strict`) is a run per kind of puzzle in a
    row (Loopy's tilings on an all-tilings level sheet), so that a kind too big to keep the rule
    one a page does not force every other kind onto pages of their own."""
    if strict:
        n, shape, note = per_page(sheet, what, strict)
        return [(sheet, n, shape, note, 1)]
    out, start = [], 0
    while start < len(sheet.entries):
        stop = start + 1
        while stop < len(sheet.entries) and sheet.entries[stop].kind == sheet.entries[start].kind:
            stop += 1
        sub = dataclasses.replace(sheet, entries=sheet.entries[start:stop])
        n, shape, note = per_page(sub, what, strict)
        out.append((sub, n, shape, note, start + 1))
        start = stop
    return out


def layout(sheet: Sheet, what: str = "the puzzle", cover: tuple[str, str] | None = None, strict: bool = True):
    """(page SVGs, answer page SVGs of a separate file or None, N a page (the first run's), note,
    index of the first puzzle page).  `cover` = (title, subtitle) makes a book: a cover and a rules
    page first."""
    parts = runs(sheet, what, strict)
    pages = cover_pages(cover[0], cover[1], sheet) if cover else []
    first = len(pages)
    for sub, n, shape, _note, number in parts:
        pages += puzzle_pages(sub, n, shape, first_page=len(pages) + 1, first_number=number)
    answers = None
    if sheet.answers == "back":
        pages += answer_pages(sheet, first_page=len(pages) + 1)
    elif sheet.answers == "separate":
        answers = answer_pages(sheet)
    note = "; ".join(dict.fromkeys(p[3] for p in parts if p[3]))
    return pages, answers, parts[0][1], note, first


def make(sheet: Sheet, what: str = "the puzzle", cover: tuple[str, str] | None = None):
    """(puzzle PDF, answers PDF or None, N a page, note): the sheet's files."""
    pages, answers, n, note, _first = layout(sheet, what, cover)
    return (to_pdf(pages, sheet.title), to_pdf(answers, f"{sheet.title}: answers") if answers else None,
            n, note)


PREVIEW_PX = 240         # the preview of a sheet's first puzzle page: a grey PNG this wide (shown at half)


def site_files(sheet: Sheet, cover: tuple[str, str] | None = None) -> tuple[bytes, bytes, int, str]:
    """(PDF, PNG preview of its first puzzle page, page count, note) of a site's sheet or book:
    answers at the back, puzzles too big for the rule printed one a page (never refused)."""

    # lazy: renderers (cairosvg ~190 ms), not in the Pyodide runtime; only PNG/PDF need them
    import cairosvg
    from PIL import Image
    pages, _answers, _n, note, first = layout(sheet, "a puzzle", cover, strict=False)
    png = cairosvg.svg2png(bytestring=pages[first].encode("utf-8"), output_width=PREVIEW_PX)
    buf = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("L").save(buf, "PNG", optimize=True)
    return to_pdf(pages, sheet.title), buf.getvalue(), len(pages), note


def page_count(sheet: Sheet, book: bool = False, strict: bool = True) -> int:
    """How many pages make() (strict) or site_files() (not strict) writes in the main file."""
    count = sum(-(-len(sub.entries) // n) for sub, n, _shape, _note, _number in runs(sheet, strict=strict))
    count += 2 if book else 0
    if sheet.answers == "back":
        count += -(-len(sheet.entries) // ANSWERS_PER_PAGE)
    return count
