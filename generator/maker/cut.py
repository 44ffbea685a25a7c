"""Cut files: every edge of a patch once, in millimetres, for laser cutters and pen plotters.

Two polygons drawn side by side draw their shared edge twice (a laser cuts it twice, a plotter
goes over it twice); here each edge is drawn by the first of its tiles only (`Graph.records`
carries the mask), consecutive edges of one tile joined into one polyline.  `scale` is the
millimetres of one tiling unit; the drawing starts `MARGIN` mm from the sheet's corner.

    SVG  width/height in mm, user units = mm, y down; one `<path>` per few thousand edges,
         no fill, a hairline stroke (0.01 mm, red: what laser drivers read as "cut")
    DXF  through ezdxf (an optional extra; generator/dxf.py): one LINE entity per edge on layer
         CUT, units mm, y up (DXF's own sense)

With `--colour`, the SVG gets a guide layer of filled tiles under the cut lines and the DXF one
TEXT per tile (layer COLOUR) naming its colour: 1, 2, 3, … in the colouring's order.
"""

from __future__ import annotations
from generator.svg import escape

MARGIN = 2.0                  # mm round the drawing
STROKE = "#ff0000"
HAIRLINE = 0.01               # mm
PATH_EDGES = 4000             # edges per <path> element


def _runs(poly, mask):
    """The polylines of a tile's own edges: lists of consecutive vertices (edge k = k → k+1)."""
    m = len(poly)
    if mask == (1 << m) - 1:
        return [poly + [poly[0]]]
    runs = []
    start = next(k for k in range(m) if not mask >> k & 1)      # begin after an edge not ours
    run = None
    for step in range(1, m + 1):
        k = (start + step) % m
        if mask >> k & 1:
            if run is None:
                run = [poly[k]]
            run.append(poly[(k + 1) % m])
        elif run is not None:
            runs.append(run)
            run = None
    if run is not None:
        runs.append(run)
    return runs


def _fmt(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def cut_svg_pieces(g, scale: float, title: str, colour=None):
    """The cut SVG in pieces (flat memory: the records are read once).  With `colour` ((tile,
    record) → "#rrggbb", from `--colour`), a guide layer first: each tile filled with its colour, no stroke
    (for engraving or for sorting the pieces); the cut lines are drawn over it."""
    xmin, ymin, xmax, ymax = g.bbox
    w = (xmax - xmin) * scale + 2 * MARGIN
    h = (ymax - ymin) * scale + 2 * MARGIN
    yield (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_fmt(w)}mm" '
           f'height="{_fmt(h)}mm" viewBox="0 0 {_fmt(w)} {_fmt(h)}">\n'
           f"<title>{escape(title)}</title>\n"
           f"<desc>Cut file: {g.edges} edges, each once; {_fmt(scale)} mm per tiling unit</desc>\n")
    if colour is not None:
        yield '<g id="colour-guide" stroke="none">\n'
        for i, rec in enumerate(g.records()):
            pts = [f"{_fmt((x - xmin) * scale + MARGIN)} {_fmt((ymax - y) * scale + MARGIN)}" for x, y in rec[2]]
            yield f'<path fill="{colour(i, rec)}" d="M{"L".join(pts)}Z"/>\n'
        yield "</g>\n"
    opener = f'<path fill="none" stroke="{STROKE}" stroke-width="{HAIRLINE}" stroke-linecap="round" d="'
    parts, count = [], 0
    for _kind, _extra, poly, mask in g.records():
        for run in _runs(poly, mask):
            pts = [f"{_fmt((x - xmin) * scale + MARGIN)} {_fmt((ymax - y) * scale + MARGIN)}" for x, y in run]
            parts.append("M" + "L".join(pts))
            count += len(run) - 1
        if count >= PATH_EDGES:
            yield opener + "".join(parts) + '"/>\n'
            parts, count = [], 0
    if parts:
        yield opener + "".join(parts) + '"/>\n'
    yield "</svg>\n"


def dxf_text(g, scale: float, colour_index=None) -> str:
    """The DXF (through ezdxf, generator/dxf.py): one LINE per edge on layer CUT, in mm, y up; with
    `colour_index` (tile → 1, 2, …, from `--colour`), also one TEXT per tile at its vertices' mean
    on layer COLOUR, its colour's number, in that AutoCAD colour (which piece gets which)."""
    xmin, ymin, _xmax, _ymax = g.bbox

    def lines():
        for _kind, _extra, poly, mask in g.records():
            for run in _runs(poly, mask):
                pts = [((x - xmin) * scale + MARGIN, (y - ymin) * scale + MARGIN) for x, y in run]
                yield from zip(pts, pts[1:])

    def texts():
        for i, rec in enumerate(g.records()):
            poly = rec[2]
            cx = sum(x for x, _ in poly) / len(poly)
            cy = sum(y for _, y in poly) / len(poly)
            c = colour_index(i, rec)
            yield (cx - xmin) * scale + MARGIN, (cy - ymin) * scale + MARGIN, 0.6 * scale, str(c), c

    # lazy: generator.dxf is not in the page's runtime (only the command line writes DXF)
    from generator.dxf import drawing_text
    return drawing_text(lines(), texts() if colour_index is not None else None)
