"""Printable sheets: several puzzles per page with their numbers and IDs, solutions after.

A sheet is a list of entries (ID text, puzzle SVG, solution SVG[, page URL[, caption[, least
width in mm]]]): the caption (e.g. a Loopy puzzle's tiling and level) is printed after the ID, and
a family may ask for wider puzzles than MIN_PICTURE_MM (fewer per page, one per page if need be).
Pages are laid out in millimetres on A4 (210 x 297) or Letter (215.9 x 279.4): a header
(the sheet's title, and on puzzle pages the rules of the puzzle in two or three sentences),
then a grid of `columns x rows` cells; each cell holds one picture, scaled to fit, centred
across the cell and drawn at its top (right under the rules or the row above, the spare height
below it), with `#n  ID` right under it and, when the entry has a URL (the site was built with
a base URL), beside them a QR code that opens the puzzle's page.  All puzzle pages come first, then the
solution pages in the same order and grid positions, so a solution sits where its puzzle sat.

The ID printed is a short one (`short_id`: the permalink's prefix and 6 hex digits of its
SHA-256), shown on the item page too, so a teacher can find a puzzle without typing a
permalink.  The QR code is drawn from `segno`'s module matrix as one SVG path (ISO/IEC 18004
QR, error correction level M, a quiet zone of 2 modules).

Each page is one SVG document turned into a one-page PDF by cairosvg; pypdf joins the
pages and writes the document information with pinned dates (SOURCE_DATE_EPOCH when it is
set, else a fixed date), so the same entries give the same PDF bytes.

Black and white is the default: colours in the pictures are replaced by their luminance
grey (`grayscale`).  Tilings (which have no solution) can be put on sheets as colouring
pages: the puzzle is the outline (`outline`: fills white, lines black) and the
"solution" the shaded picture.
"""

from __future__ import annotations

import datetime as dt
import re

from generator.permalinks import short_id  # noqa: F401 (printed on sheets, item pages and regen.html)
from generator.output import FIXED_PDF_EPOCH, join_pdfs, pdf_date  # noqa: F401 (pdf_date: cache keys)
from generator import sheet
from generator.svg import CHAR_WIDTH, escape, num, wrap

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 12.0          # mm around the page
HEADER = 10.0          # mm for the header line
LABEL = 6.0            # mm under each picture for its number and ID
GAP = 5.0              # mm between cells
FONT = "DejaVu Sans"
MAX_ID_CHARS = 140     # longer IDs are cut (with …); shorter ones are printed whole, so they regenerate
ID_FONT = 3.0          # mm; shrunk so that the whole ID fits under its picture
ID_FONT_MIN = 1.4
RULES_FONT = 3.3       # mm, the rules under the title
QR_SIZE = 17.0         # mm, the smallest QR code under a puzzle (with its quiet zone); larger when
                       # its modules would be under sheet.QR_MODULE_MM wide (see qr_room)
MIN_PICTURE_MM = 60.0  # a puzzle is never printed narrower than 6 cm (fewer per page instead)
COLOURING_RULES = ("Colour the tiling: give every tile a colour so that the kinds of tile "
                   "stand out. The coloured version after the puzzle pages shows the "
                   "tile kinds; any colouring of your own is a good answer.")

NAMED = {"black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0),
         "blue": (0, 0, 255), "yellow": (255, 255, 0), "orange": (255, 165, 0), "gray": (128, 128, 128),
         "grey": (128, 128, 128), "purple": (128, 0, 128), "navy": (0, 0, 128), "teal": (0, 128, 128)}
_COLOUR = re.compile(r"(?<!url\()#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b"
                     r"|rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)"
                     r"|(?<=[\"':])\s*(" + "|".join(NAMED) + r")\b(?=\s*[\"';])")
_FILL = re.compile(r'(fill\s*[:=]\s*"?)\s*(#[0-9a-fA-F]{3,6}\b|rgb\([^)]*\)|[a-z]+)')
_STROKE = re.compile(r'(stroke\s*[:=]\s*"?)\s*(#[0-9a-fA-F]{3,6}\b|rgb\([^)]*\)|[a-z]+)')


def _grey(r: int, g: int, b: int) -> str:
    """The luminance grey of an RGB colour as #rrggbb (ITU-R BT.601 weights)."""
    y = min(255, round(0.299 * r + 0.587 * g + 0.114 * b))
    return f"#{y:02x}{y:02x}{y:02x}"


def _replace_colour(m: re.Match) -> str:
    """Regex callback: one colour token -> its grey."""
    if m.group(1):
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return _grey(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    if m.group(2):
        return _grey(*(min(255, int(m.group(i))) for i in (2, 3, 4)))
    return _grey(*NAMED[m.group(5)])


def grayscale(svg: str) -> str:
    """The SVG with every hex, rgb() and common named colour replaced by its grey."""
    return _COLOUR.sub(_replace_colour, svg)


def outline(svg: str) -> str:
    """A colouring-page version: every fill white, every stroke black (none stays none).

    A picture drawn with fills only would come out blank, so shapes without a stroke get a
    thin black one (1/400 of the picture's width).
    """
    svg = _FILL.sub(lambda m: m.group(1) + (m.group(2) if m.group(2) == "none" else "#ffffff"), svg)
    svg = _STROKE.sub(lambda m: m.group(1) + (m.group(2) if m.group(2) == "none" else "#000000"), svg)
    try:
        width = float(split_svg(svg)[0].replace(",", " ").split()[2])
    except (ValueError, IndexError):
        return svg
    line = f' stroke="#000000" stroke-width="{num(width / 400, 4)}" stroke-linejoin="round"'
    return re.sub(r"<(path|polygon|rect|circle|ellipse)\b(?![^>]*\bstroke=)",
                  lambda m: f"<{m.group(1)}{line}", svg)


def split_svg(svg: str) -> tuple[str, str]:
    """(viewBox, inner content) of a standalone SVG document."""
    start = svg.find("<svg")
    end_tag = svg.find(">", start)
    close = svg.rfind("</svg>")
    if start < 0 or end_tag < 0 or close < end_tag:
        raise ValueError("not an SVG document")
    head = svg[start:end_tag + 1]
    vb = re.search(r'\sviewBox="([^"]*)"', head)
    if vb:
        view_box = vb.group(1)
    else:
        w = re.search(r'\swidth="([0-9.]+)', head)
        h = re.search(r'\sheight="([0-9.]+)', head)
        if not (w and h):
            raise ValueError("SVG has neither viewBox nor width/height")
        view_box = f"0 0 {w.group(1)} {h.group(1)}"
    return view_box, svg[end_tag + 1:close]


def _short(text: str) -> str:
    """An ID cut to fit under a picture."""
    return text if len(text) <= MAX_ID_CHARS else text[:MAX_ID_CHARS - 1] + "…"


def _label(cx: float, bottom: float, width: float, text: str) -> list[str]:
    """The <text> lines of a cell's label: as large as fits, wrapped onto up to 3 lines."""
    best = None
    for lines in (1, 2, 3):
        per = -(-len(text) // lines)
        size = min(ID_FONT, (width - 2) / (CHAR_WIDTH * per), (LABEL - 1.5) / (1.15 * lines))
        if best is None or size > best[0] + 0.3:    # more lines only when clearly larger
            best = (size, lines, per)
    size, lines, per = best
    size = max(size, ID_FONT_MIN)
    chunks = [text[i:i + per] for i in range(0, len(text), per)]
    first = bottom - 1.5 - (len(chunks) - 1) * size * 1.15
    return [f'<text x="{num(cx)}" y="{num(first + i * size * 1.15)}" font-family="{FONT}" '
            f'font-size="{num(size, 2)}" fill="#000000" text-anchor="middle">{escape(chunk)}</text>'
            for i, chunk in enumerate(chunks)]


_QR: dict[str, tuple] | None = None   # url -> segno's module matrix, while a build remembers them


def qr_matrix(url: str) -> tuple:
    """segno's module matrix of url's QR code (ISO/IEC 18004, level M), made once per build."""
    if _QR is not None and url in _QR:
        return _QR[url]
    # lazy: segno (~55 ms) and cairosvg (~190 ms) load only when a sheet is drawn
    import segno
    matrix = segno.make(url, error="m", micro=False).matrix
    if _QR is not None:
        _QR[url] = matrix
    return matrix


class remember_qr:
    """`with remember_qr():` each QR code made inside the block is kept and reused there (the
    sheets' worker processes, forked inside it, inherit those made before; the item pages reuse
    them); leaving the block forgets them all, so every build makes its own."""

    def __enter__(self):
        global _QR
        _QR = {}
        return self

    def __exit__(self, *exc):
        global _QR
        _QR = None
        return False


def qr_room(urls) -> float:
    """The side in mm of a sheet's QR codes (0 without any): QR_SIZE, or more so that the largest
    code's modules are sheet.QR_MODULE_MM wide (what a phone reads from the printed page)."""
    sizes = [(len(qr_matrix(u)) + 2 * sheet.QR_BORDER) * sheet.QR_MODULE_MM for u in urls if u]
    return max([QR_SIZE] + sizes) if sizes else 0.0


def qr_path(url: str, x: float, y: float, size: float) -> str:
    """An SVG <path> drawing the QR code of url in a size x size mm square at (x, y)."""
    return sheet.qr_path(url, x, y, size, qr_matrix(url))   # the one drawing; the matrix kept per build


def header_height(rule_lines: int) -> float:
    """mm taken by the title line and the rules under it."""
    return HEADER + rule_lines * RULES_FONT * 1.3


def picture_boxes(paper: str, columns: int, rows: int, rule_lines: int = 0, qr: float = 0.0):
    """(x, y, w, h) in mm of the picture area of each cell of a page (the label below it; with QR
    codes qr mm wide, each beside its picture and label, room for it kept at the cell's right)."""
    pw, ph = PAPERS_MM[paper]
    top = MARGIN + header_height(rule_lines)
    cw = (pw - 2 * MARGIN - (columns - 1) * GAP) / columns
    ch = (ph - MARGIN - top - (rows - 1) * GAP) / rows
    w = cw - (qr + 2 if qr else 0)
    return [(MARGIN + c * (cw + GAP), top + r * (ch + GAP), w, ch - LABEL)
            for r in range(rows) for c in range(columns)]


def drawn_size(view_box: str, w: float, h: float) -> tuple[float, float]:
    """(width, height) mm of a picture of viewBox `view_box` drawn in a w x h mm box (meet)."""
    vb = [float(v) for v in view_box.replace(",", " ").split()]
    s = sheet.fit(vb, w, h) if vb[2] > 0 and vb[3] > 0 else 0.0
    return vb[2] * s, vb[3] * s


def _aspect(svg: str) -> float:
    """width / height of a picture's viewBox."""
    vb = [float(v) for v in split_svg(svg)[0].replace(",", " ").split()]
    return vb[2] / vb[3] if vb[3] > 0 else 1.0


def fit_grid(entries: list[tuple], columns: int, rows: int, rules: str = "") -> tuple[int, int]:
    """(columns, rows) at most the configured ones, so every puzzle is at least MIN_PICTURE_MM
    wide on every paper: rows are dropped first, then columns (never below 1 x 1)."""
    if not entries:
        return columns, rows
    aspect = min(_aspect(e[1]) for e in entries)
    qr = qr_room(e[3] for e in entries if len(e) > 3)
    least = max([MIN_PICTURE_MM] + [e[5] for e in entries if len(e) > 5 and e[5]])
    lines = max(len(wrap(rules, PAPERS_MM[p][0] - 2 * MARGIN, RULES_FONT)) if rules else 0 for p in PAPERS_MM)

    def narrowest(c: int, r: int) -> float:
        return min(min(w, h * aspect) for p in PAPERS_MM
                   for (_x, _y, w, h) in picture_boxes(p, c, r, lines, qr)[:1])
    while narrowest(columns, rows) < least and (rows > 1 or columns > 1):
        if rows > 1:
            rows -= 1
        else:
            columns -= 1
    return columns, rows


def page_svg(title: str, heading: str, page_no: int, paper: str, columns: int, rows: int,
             cells: list[tuple], rules: str = "", layout: tuple[int, float] | None = None) -> str:
    """One page: header (title, rules) and up to columns*rows (number, ID, picture SVG[, URL]) cells.

    `layout` = (rule lines, QR code size) to reserve room for, so that a solution page puts each
    picture exactly where the puzzle page put its puzzle (default: this page's own).
    """
    pw, ph = PAPERS_MM[paper]
    rule_lines = wrap(rules, pw - 2 * MARGIN, RULES_FONT) if rules else []
    qr = qr_room(c[3] for c in cells if len(c) > 3)
    lines, room = layout if layout is not None else (len(rule_lines), qr)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw, 1)}mm" height="{num(ph, 1)}mm" '
           f'viewBox="0 0 {num(pw, 1)} {num(ph, 1)}">',
           f'<rect x="0" y="0" width="{num(pw, 1)}" height="{num(ph, 1)}" fill="#ffffff"/>',
           f'<text x="{num(MARGIN)}" y="{num(MARGIN + 5)}" font-family="{FONT}" font-size="5" '
           f'font-weight="bold" fill="#000000">{escape(title)} — {escape(heading)}</text>',
           f'<text x="{num(pw - MARGIN)}" y="{num(MARGIN + 5)}" font-family="{FONT}" font-size="3.5" '
           f'fill="#000000" text-anchor="end">page {page_no}</text>']
    for i, line in enumerate(rule_lines):
        out.append(f'<text x="{num(MARGIN)}" y="{num(MARGIN + HEADER + i * RULES_FONT * 1.3)}" '
                   f'font-family="{FONT}" font-size="{num(RULES_FONT)}" fill="#000000">{escape(line)}</text>')
    boxes = picture_boxes(paper, columns, rows, lines, room)
    for (x, y, w, h), cell in zip(boxes, cells):
        number, ident, picture = cell[:3]
        url = cell[3] if len(cell) > 3 else ""
        caption = cell[4] if len(cell) > 4 else ""
        view_box, inner = split_svg(picture)
        out.append(f'<svg x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
                   f'viewBox="{view_box}" preserveAspectRatio="xMidYMin meet">{inner}</svg>')
        pw, ph = drawn_size(view_box, w, h)
        bottom = y + ph + LABEL                 # the label right under the picture (drawn at its box's top)
        text = f"#{number}  {_short(ident)}" + (f"  ·  {caption}" if caption else "")
        lw = min(w, max(pw, CHAR_WIDTH * len(text) * ID_FONT + 2))
        out.extend(_label(x + w / 2, bottom, lw, text))
        if url:                                 # beside the label and the picture, bottom-aligned with the label
            out.append(qr_path(url, x + w / 2 + lw / 2 + 2, max(y, bottom - room), room))
    out.append("</svg>\n")
    return "\n".join(out)


def sheet_pages(title: str, entries: list[tuple], paper: str = "a4", columns: int = 2,
                rows: int = 3, colour: bool = False, rules: str = "") -> list[str]:
    """The page SVGs of a sheet: puzzle pages (with the rules and QR codes), then solution pages."""
    if paper not in PAPERS_MM:
        raise ValueError(f"unknown paper {paper!r}")
    columns, rows = fit_grid(entries, columns, rows, rules)
    per = columns * rows
    paint = (lambda s: s) if colour else grayscale
    layout = (len(wrap(rules, PAPERS_MM[paper][0] - 2 * MARGIN, RULES_FONT)) if rules else 0,
              qr_room(e[3] for e in entries if len(e) > 3))
    pages = []
    for heading, which in (("puzzles", 1), ("solutions", 2)):
        for start in range(0, len(entries), per):
            chunk = [(start + i + 1, e[0], paint(e[which]), e[3] if len(e) > 3 and which == 1 else "",
                      e[4] if len(e) > 4 else "")
                     for i, e in enumerate(entries[start:start + per])]
            pages.append(page_svg(title, heading, len(pages) + 1, paper, columns, rows, chunk,
                                  rules if which == 1 else "", layout))
    return pages


def pages_to_pdf(pages: list[str], title: str) -> bytes:
    """Join page SVGs into one PDF with pinned metadata (deterministic bytes)."""
    # lazy: segno (~55 ms) and cairosvg (~190 ms) load only when a sheet is drawn
    import cairosvg
    return join_pdfs([cairosvg.svg2pdf(bytestring=page.encode("utf-8")) for page in pages], title)


def sheet_pdf(title: str, entries: list[tuple], paper: str = "a4", columns: int = 2,
              rows: int = 3, colour: bool = False, rules: str = "") -> bytes:
    """A complete sheet PDF: entries are (ID, puzzle SVG, solution SVG[, URL])."""
    return pages_to_pdf(sheet_pages(title, entries, paper, columns, rows, colour, rules), title)


def entries(items: list[dict], tilings: bool, tilings_max: int, base_url: str = "") -> tuple[list, str]:
    """(entries, rules) of a family's items for its sheet.

    Items with `sheet` pictures (puzzles) all go on; the others (tilings) only when `tilings`
    is true, as colouring pages, the first `tilings_max`.  An entry is (short ID, puzzle SVG,
    solution SVG, URL of the item's page or "" without a base URL).  The rules are the
    puzzles' own (`sheet["rules"]`; puzzles of several kinds, e.g. calissons on the hexagon and
    on other shapes, give each distinct text once, in order) or, for colouring pages,
    COLOURING_RULES.
    """
    out, colouring, rules = [], 0, []
    for item in items:
        url = f"{base_url}{item['url']}" if base_url else ""
        if item["sheet"]:
            sh = item["sheet"]
            out.append((short_id(item["permalink"]), sh["puzzle"], sh["solution"], url, sh.get("caption", ""),
                        sh.get("min_width_mm", 0)))
            text = sh.get("rules", "")
            item["on_sheet"] = True
        elif tilings and colouring < tilings_max:
            out.append((short_id(item["permalink"]), outline(item["_svg"]), item["_svg"], url))
            colouring += 1
            text = COLOURING_RULES
            item["on_sheet"] = True
        else:
            continue
        if text and text not in rules:
            rules.append(text)
    return out, " ".join(rules)


# ---- sheets by level and books by month (generator/sheet.py lays them out) --------------------

LEVEL_PER_PAGE = 4        # a site's level sheet: up to 4 a page, fewer by the readability rule
BOOK_MONTHS = 12          # books of the latest months (those begun by the build date)


def paper_entry(view: dict, base_url: str = "", heading: str = ""):
    """A generator.sheet.Entry of an item's view (None when it has no paper view)."""
    paper = (view.get("sheet") or {}).get("paper")
    if not paper:
        return None
    url = ""
    if base_url:       # the item's own page (a site item), else the regen page
        url = (f"{base_url}{view['url']}" if view.get("url")
               else f"{base_url.rstrip('/')}/regen.html#{view['permalink']}")
    return sheet.Entry(short_id(view["permalink"]), paper["puzzle"], paper["answer"], paper["level"],
                       paper["edge"], url, heading, paper["kind"])


def level_groups(name: str, views, base_url: str = "") -> list[dict]:
    """The level sheets of a family's gallery items: one per level (file `<name>-<level>`) and,
    when the family's puzzles come in several groups (Loopy's tilings), one per group and level
    (`<name>-<group>-<level>`).  Each: {"slug", "level", "group", "entries", "rules", "example"}."""
    groups: dict[tuple, dict] = {}
    kinds = set()
    for view in views:
        entry = paper_entry(view, base_url)
        if entry is None:
            continue
        paper = view["sheet"]["paper"]
        kinds.add(paper.get("group"))
        keys = [(None, entry.level)]
        if paper.get("group"):
            keys.append((paper["group"], entry.level))
        for key in keys:
            g = groups.setdefault(key, {"level": entry.level, "group": key[0], "entries": [],
                                        "rules": paper["rules"], "example": paper.get("example", ""),
                                        "kind": paper["kind"]})
            g["entries"].append(entry)
    out = []
    for (group, level), g in groups.items():
        if group is not None and len(kinds) < 2:
            continue                     # one group only: its sheets are the level sheets
        slug = "-".join(x for x in (name, group, level.lower()) if x)
        out.append(dict(g, slug=re.sub(r"[^a-z0-9-]+", "-", slug.lower())))
    out.sort(key=lambda g: (g["group"] is not None, g["group"] or ""))   # all-tiling levels first, plan order
    return out


def month_books(name: str, daily, base_url: str = "", today=None) -> list[dict]:
    """A book per month of a family's daily items (the latest BOOK_MONTHS months begun by `today`):
    {"month": "YYYY-MM", "slug", "entries", "rules", "example", "kind"}, items in date order."""
    months: dict[str, dict] = {}
    for view in daily:
        day = dt.date.fromisoformat(view["day"])
        if today is not None and day.replace(day=1) > today:
            continue
        heading = f"{day.strftime('%A')} {day.day} {day.strftime('%B %Y')}"
        entry = paper_entry(view, base_url, heading)
        if entry is None:
            continue
        paper = view["sheet"]["paper"]
        m = months.setdefault(view["day"][:7], {"month": view["day"][:7], "entries": [], "rules": paper["rules"],
                                                "example": paper.get("example", ""), "kind": paper["kind"]})
        m["entries"].append(entry)
    out = [dict(m, slug=f"{name}-daily-{m['month']}") for m in months.values()]
    return sorted(out, key=lambda m: m["month"])[-BOOK_MONTHS:]


def site_sheet(title: str, entries: list, rules: str, example: str, paper: str, cover=None):
    """(PDF, preview PNG, pages, note) of a level sheet or a book (in a child process: cairo)."""
    return sheet.site_files(sheet.Sheet(title, rules, example, entries, paper, LEVEL_PER_PAGE, "back"), cover)
