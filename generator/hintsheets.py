"""Worked solutions on paper: the layout of hint steps (`generator.hints`) as A4 sheets and figures.

`sheet_pages` lays a worked solution (`hints.explain`) out for print: panels of the board
after each group of steps, the group's new edges highlighted and its sentences underneath (A4
portrait, in mm); `sheet_svg` stacks the pages into one SVG, `sheet_pdf` turns them into a PDF
with cairosvg and pypdf (loaded only then).  `figure` draws one step as an article figure, and
`run_explain` is every puzzle family's `explain` command.  The board is drawn from the family's
page-player board description (`generator.webapi`): dots (y down), edges, givens, outline,
clues.
"""

from __future__ import annotations

from typing import Callable, Sequence

from generator.hints import Step, edge
from generator.output import emit, emit_rendered, join_pdfs
from generator.svg import CHAR_WIDTH, escape, num, wrap_at


# ---- the worked-solution sheet ------------------------------------------------------------------

PAGE_MM = (210.0, 297.0)          # A4 portrait
MARGIN = 12.0
COLUMNS, ROWS = 2, 3              # panels per page
GAP = 6.0
TITLE_FONT = 4.2
CAPTION_FONT = 2.5
FONT = "DejaVu Sans"
CAPTION_LINES = 9                 # caption lines under each panel
GROUP_STEPS = 4                   # steps per panel in a short solution
MAX_PANELS = 17                   # long solutions are grouped to fit about three pages
NEW_YES, NEW_NO, READ = "#e66100", "#e66100", "#1f77b4"   # orange: decided now; blue: read


def groups(steps: Sequence[Step], panels: int = MAX_PANELS) -> list[list[int]]:
    """Step indices grouped into at most about `panels` panels of consecutive steps: up to
    GROUP_STEPS steps of one rule each, or, for long solutions, runs of one level each."""
    per = max(GROUP_STEPS, -(-len(steps) // max(1, panels)))
    same = (lambda a, b: a.rule == b.rule) if per == GROUP_STEPS else (lambda a, b: a.level == b.level)
    out: list[list[int]] = []
    for k, s in enumerate(steps):
        if out and len(out[-1]) < per and same(steps[out[-1][-1]], s):
            out[-1].append(k)
        else:
            out.append([k])
    return out


def caption(steps: Sequence[Step], ks: Sequence[int]) -> list[str]:
    """A panel's sentences: each step numbered; in a long group each sentence once, with
    how many steps it stands for."""
    if len(ks) <= GROUP_STEPS:
        return [f"{k + 1}. {steps[k].text}" for k in ks]
    count: dict[str, int] = {}
    for k in ks:
        count[steps[k].text] = count.get(steps[k].text, 0) + 1
    return [f"({c}×) {t}" if c > 1 else t for t, c in count.items()]


def board_svg(board: dict, yes, no, fresh: Step | None = None, faces: dict | None = None) -> tuple[str, tuple]:
    """(SVG body, view box) of a board description with marks; `fresh` highlights a
    (merged) step: the faces it reads shaded (face id -> dot ids in `faces`), the edges it
    reads in blue, the edges it decides in red."""
    dots = board["dots"]
    xs = [d[0] for d in dots]
    ys = [d[1] for d in dots]
    pad = 0.6
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    seg = lambda e: (f"M{num(dots[e[0]][0])} {num(dots[e[0]][1])}"   # noqa: E731 - tiny formatter
                     f"L{num(dots[e[1]][0])} {num(dots[e[1]][1])}")
    given = {edge(*board["edges"][g]) for g in board.get("givens", [])}
    new_yes = {edge(*e) for e in fresh.yes} if fresh else set()
    new_no = {edge(*e) for e in fresh.no} if fresh else set()
    read = {edge(*e) for e in fresh.edges} if fresh else set()
    out = []
    if fresh and faces:
        polys = "".join("M" + "L".join(f"{num(dots[d][0])} {num(dots[d][1])}" for d in faces[f]) + "Z"
                        for f in sorted(set(fresh.faces)) if f in faces)
        if polys:
            out.append(f'<path fill="#cfe3f5" stroke="none" d="{polys}"/>')
    all_edges = [edge(*e) for e in board["edges"]]
    out.append('<path fill="none" stroke="#9a9a9a" stroke-width="0.04" d="'
               + "".join(seg(e) for e in all_edges if e not in yes and e not in given) + '"/>')
    if board.get("outline"):
        out.append('<path fill="none" stroke="#000" stroke-width="0.08" d="'
                   + "".join(seg(e) for e in board["outline"]) + '"/>')
    if read:
        out.append(f'<path fill="none" stroke="{READ}" stroke-width="0.22" stroke-opacity="0.45" '
                   f'stroke-linecap="round" d="' + "".join(seg(e) for e in sorted(read)) + '"/>')
    if given:
        out.append('<path fill="none" stroke="#7a1010" stroke-width="0.12" stroke-linecap="round" d="'
                   + "".join(seg(e) for e in sorted(given)) + '"/>')
    old = sorted(e for e in yes if e not in new_yes and e not in given)
    if old:
        out.append('<path fill="none" stroke="#000" stroke-width="0.12" stroke-linecap="round" d="'
                   + "".join(seg(e) for e in old) + '"/>')
    if new_yes:
        out.append(f'<path fill="none" stroke="{NEW_YES}" stroke-width="0.16" stroke-linecap="round" d="'
                   + "".join(seg(e) for e in sorted(new_yes)) + '"/>')
    crosses = []
    for e in sorted(no):
        (x0, y0), (x1, y1) = dots[e[0]], dots[e[1]]
        mx, my, s = (x0 + x1) / 2, (y0 + y1) / 2, 0.1
        crosses.append((e in new_no, f"M{num(mx - s)} {num(my - s)}L{num(mx + s)} {num(my + s)}"
                                     f"M{num(mx - s)} {num(my + s)}L{num(mx + s)} {num(my - s)}"))
    for fresh_one, colour in ((False, "#707070"), (True, NEW_NO)):
        d = "".join(p for f, p in crosses if f == fresh_one)
        if d:
            out.append(f'<path fill="none" stroke="{colour}" stroke-width="0.05" d="{d}"/>')
    if board.get("dot_radius"):
        r = board["dot_radius"]
        out.append('<g fill="#000">' + "".join(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}"/>'
                                              for x, y in dots) + "</g>")
    if board.get("clues"):
        out.append('<g font-family="DejaVu Sans" text-anchor="middle" fill="#000">' + "".join(
            f'<text x="{num(c["x"])}" y="{num(c["y"] + 0.36 * c.get("size", 0.5))}" '
            f'font-size="{num(c.get("size", 0.5))}">{escape(c["text"])}</text>' for c in board["clues"]) + "</g>")
    return "".join(out), box


def merge(steps: Sequence[Step]) -> Step:
    """One step holding the decisions and the reads of several (for a panel)."""
    first = steps[0]
    return Step(first.rule, first.level, " ".join(s.text for s in steps),
                tuple(e for s in steps for e in s.yes), tuple(e for s in steps for e in s.no),
                tuple(f for s in steps for f in s.faces), tuple(d for s in steps for d in s.dots),
                tuple(e for s in steps for e in s.edges))


def sheet_pages(title: str, board: dict, steps: Sequence[Step], faces: dict | None = None,
                subtitle: str = "") -> list[str]:
    """The worked solution as A4 pages (SVG documents in mm): the puzzle first, then the
    board after each group of steps, that group's edges highlighted, its sentences below."""
    pw, ph = PAGE_MM
    cw = (pw - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    sub = wrap_at(subtitle, int((pw - 2 * MARGIN) / (CHAR_WIDTH * CAPTION_FONT)))
    head = TITLE_FONT * 1.6 + CAPTION_FONT * 1.3 * len(sub)
    ch = (ph - 2 * MARGIN - head - (ROWS - 1) * GAP) / ROWS
    cap_h = CAPTION_LINES * CAPTION_FONT * 1.25
    per = int(cw / (CHAR_WIDTH * CAPTION_FONT))
    yes, no = set(), set()
    panels = [(None, ["The puzzle: " + (board.get("rules") or "")], set(), set())]
    for g in groups(steps):
        step = merge([steps[k] for k in g])
        yes |= {edge(*e) for e in step.yes}
        no |= {edge(*e) for e in step.no}
        words = caption(steps, g)
        label = f"Steps {g[0] + 1}–{g[-1] + 1}" if len(g) > 1 else f"Step {g[0] + 1}"
        level = f" ({steps[g[0]].level})" if steps[g[0]].level else ""
        panels.append((step, [f"{label}{level}:"] + words, set(yes), set(no)))
    per_page = COLUMNS * ROWS
    pages = []
    for p0 in range(0, len(panels), per_page):
        body = [f'<rect width="{num(pw)}" height="{num(ph)}" fill="#fff"/>',
                f'<text x="{num(MARGIN)}" y="{num(MARGIN + TITLE_FONT)}" font-family="{FONT}" '
                f'font-size="{num(TITLE_FONT)}" font-weight="bold">{escape(title)} — page '
                f'{p0 // per_page + 1} of {-(-len(panels) // per_page)}</text>']
        for i, ln in enumerate(sub):
            body.append(f'<text x="{num(MARGIN)}" y="{num(MARGIN + TITLE_FONT * 1.5 + CAPTION_FONT * (1 + 1.3 * i))}" '
                        f'font-family="{FONT}" font-size="{num(CAPTION_FONT)}">{escape(ln)}</text>')
        for k, (step, words, y_set, n_set) in enumerate(panels[p0:p0 + per_page]):
            x = MARGIN + (k % COLUMNS) * (cw + GAP)
            y = MARGIN + head + (k // COLUMNS) * (ch + GAP)
            inner, box = board_svg(board, y_set, n_set, step, faces)
            body.append(f'<svg x="{num(x)}" y="{num(y)}" width="{num(cw)}" height="{num(ch - cap_h)}" '
                        f'viewBox="{" ".join(num(v) for v in box)}" preserveAspectRatio="xMidYMid meet">'
                        f'{inner}</svg>')
            lines = [ln for w in words for ln in wrap_at(w, per)]
            if len(lines) > CAPTION_LINES:
                lines = lines[:CAPTION_LINES - 1] + [lines[CAPTION_LINES - 1][:per - 1] + "…"]
            for i, ln in enumerate(lines):
                body.append(f'<text x="{num(x)}" y="{num(y + ch - cap_h + (i + 1) * CAPTION_FONT * 1.25)}" '
                            f'font-family="{FONT}" font-size="{num(CAPTION_FONT)}">{escape(ln)}</text>')
        pages.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw)}mm" height="{num(ph)}mm" '
                     f'viewBox="0 0 {num(pw)} {num(ph)}">\n' + "\n".join(body) + "\n</svg>\n")
    return pages


def sheet_svg(pages: Sequence[str]) -> str:
    """All pages of a sheet stacked in one SVG document (the `--format svg` output)."""
    pw, ph = PAGE_MM
    inner = []
    for k, page in enumerate(pages):
        body = page[page.index(">", page.index("<svg")) + 1:page.rindex("</svg>")]
        inner.append(f'<svg y="{num(k * ph)}" width="{num(pw)}" height="{num(ph)}" viewBox="0 0 {num(pw)} {num(ph)}">'
                     f'{body}</svg>')
    total = ph * len(pages)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw)}mm" height="{num(total)}mm" '
            f'viewBox="0 0 {num(pw)} {num(total)}">\n' + "\n".join(inner) + "\n</svg>\n")


def sheet_pdf(pages: Sequence[str], title: str) -> bytes:
    """The pages as one PDF (cairosvg + pypdf, loaded only here; pinned dates)."""
    import cairosvg   # (lazy: an optional dependency of the PDF sheet alone, not of the engines)
    return join_pdfs([cairosvg.svg2pdf(bytestring=p.encode("utf-8")) for p in pages], title)


def run_explain(v: dict, record: Callable[[], dict], pages: Callable[[], list], title: str) -> int:
    """`explain --format json|svg|pdf` of any puzzle family: its JSON record (`record()`), else
    its worked solution's A4 pages (`pages()`, SVG texts: `sheet_pages`) as one tall SVG or as
    a PDF titled `title`; written to v["out"] (stdout if none)."""
    if v["format"] == "json":
        return emit_rendered("json", v["out"], json_obj=record())
    sheets = pages()
    emit(sheet_svg(sheets) if v["format"] == "svg" else sheet_pdf(sheets, title), v["out"])
    return 0


def figure(board: dict, steps: Sequence[Step], k: int, faces: dict | None = None, title: str = "",
           px: float = 300.0, crop: float | None = None, focus: float | None = None) -> str:
    """A standalone SVG of the board after steps[:k] with steps[k] highlighted (an article
    figure).  `crop` (board units) zooms to the step's faces and edges with that margin;
    with `focus` only to those within `focus` units of the first edge it decides (a step
    that holds several places then shows its first)."""
    yes, no = set(), set()
    for s in steps[:k]:
        yes |= {edge(*e) for e in s.yes}
        no |= {edge(*e) for e in s.no}
    step = steps[k]
    body, box = board_svg(board, yes | {edge(*e) for e in step.yes}, no | {edge(*e) for e in step.no}, step, faces)
    if crop is not None:
        dots = board["dots"]
        ids = {d for e in (*step.edges, *step.yes, *step.no) for d in e} | set(step.dots)
        ids |= {d for f in step.faces if faces and f in faces for d in faces[f]}
        if focus is not None and (step.yes or step.no):
            a, b = (step.yes or step.no)[0]
            cx, cy = (dots[a][0] + dots[b][0]) / 2, (dots[a][1] + dots[b][1]) / 2
            ids = {d for d in ids if (dots[d][0] - cx) ** 2 + (dots[d][1] - cy) ** 2 <= focus ** 2} | {a, b}
        xs = [dots[d][0] for d in ids]
        ys = [dots[d][1] for d in ids]
        x0, y0 = max(box[0], min(xs) - crop), max(box[1], min(ys) - crop)
        x1, y1 = min(box[0] + box[2], max(xs) + crop), min(box[1] + box[3], max(ys) + crop)
        box = (x0, y0, x1 - x0, y1 - y0)
    w, h = px, px * box[3] / box[2]
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(w)}" height="{num(h)}" '
            f'viewBox="{" ".join(num(v) for v in box)}">')
    return "\n".join([head, f"<title>{escape(title)}</title>" if title else "",
                      f'<rect x="{num(box[0])}" y="{num(box[1])}" width="{num(box[2])}" height="{num(box[3])}" '
                      f'fill="#ffffff"/>', body, "</svg>\n"])
