"""Drawing Tantrix patterns: black hexagons with smooth coloured paths.

Geometry (floats only here).  A pointy-top hexagon of circumradius 1 at axial (q, r) has
its centre at (√3·(q + r/2), 3r/2), y downward.  Edge k is the side whose outward
normal points at angle 60°·k; its midpoint m_k lies at distance √3/2 from the centre and
its ends are the corners at angles 60°·k ± 30°.

The three path shapes, as on the real tiles:

* sharp curve (edges k, k+1): an arc of radius 1/2 centred on their shared corner;
* gentle curve (edges k, k+2): an arc of radius 3/2 (three times the inner one) centred
  at distance √3 from the hexagon's centre in the direction 60°·(k+1) — the point where
  the lines of both edges meet, so the arc leaves both edges at a right angle;
* straight (edges k, k+3): the segment m_k m_{k+3}.

Pictures: `pattern_svg` shows a block of periods (2 × 2 by default) with the outline of
one period (the 56 cells of the fundamental domain) drawn in white.  `wallpaper_svg` is
one rectangular repeat of the pattern — the smallest lattice vectors (n, 0) and
(−m, 2m) give a rectangle n√3 × 3m — drawn with an integer pixel size so that the PNG
tiles the plane by translation (for the upright boards the rectangle is one period).
"""

from __future__ import annotations

import math

from generator.svg import document, num
from generator.tantrix.tiles import face, paths, DIRECTIONS

SQ3 = math.sqrt(3.0)
STROKES = ("#d71f2b", "#ffe800", "#0c6cd9", "#00a145")   # red, yellow, blue, green
HEX_FILL = "#111111"
BACKGROUND = "#3a3a3a"
LINE_WIDTH = 0.24


def centre(q: int, r: int) -> tuple[float, float]:
    """Screen position of the centre of cell (q, r) (circumradius 1)."""
    return (SQ3 * (q + r / 2.0), 1.5 * r)


_OFFSETS: dict = {}      # (radius, degrees) -> (radius cos, radius sin): the same floats, once


def _polar(c, radius: float, degrees: float) -> tuple[float, float]:
    off = _OFFSETS.get((radius, degrees))
    if off is None:
        a = math.radians(degrees)
        off = _OFFSETS[(radius, degrees)] = (radius * math.cos(a), radius * math.sin(a))
    return (c[0] + off[0], c[1] + off[1])


def corners(c) -> list[tuple[float, float]]:
    """The six corners of the hexagon centred at c, starting with the one before edge 0."""
    return [_polar(c, 1.0, 60 * k - 30) for k in range(6)]


def _pt(p) -> str:
    return f"{num(p[0])} {num(p[1])}"


def _arc(p0, p1, centre_pt, radius: float) -> str:
    """Path data of the short arc from p0 to p1 around `centre_pt`."""
    cross = (p0[0] - centre_pt[0]) * (p1[1] - centre_pt[1]) - (p0[1] - centre_pt[1]) * (p1[0] - centre_pt[0])
    sweep = 1 if cross > 0 else 0
    return f"M{_pt(p0)}A{num(radius)} {num(radius)} 0 0 {sweep} {_pt(p1)}"


def _mids(c) -> list[tuple[float, float]]:
    """The midpoints of the six edges of the hexagon centred at c."""
    return [_polar(c, SQ3 / 2, 60 * k) for k in range(6)]


def path_d(c, a: int, b: int, mid=None) -> str:
    """Path data of a tile path joining edges a and b of the hexagon centred at c
    (mid: `_mids(c)`, when the caller has it already)."""
    mid = mid or _mids(c)
    d = (b - a) % 6
    if d == 3:
        return f"M{_pt(mid[a])}L{_pt(mid[b])}"
    if d in (1, 5):
        k = a if d == 1 else b                     # the path joins edges k and k+1
        return _arc(mid[a], mid[b], _polar(c, 1.0, 60 * k + 30), 0.5)
    k = a if d == 2 else b                         # the path joins edges k and k+2
    return _arc(mid[a], mid[b], _polar(c, SQ3, 60 * (k + 1)), 1.5)


def cells_body(cells) -> str:
    """SVG elements for placed tiles: an iterable of (q, r, tile, rotation)."""
    hexes = []
    strokes = [[] for _ in range(4)]
    for q, r, t, rot in cells:
        c = centre(q, r)
        hexes.append("M" + "L".join(_pt(p) for p in corners(c)) + "Z")
        mid = _mids(c)
        for colour, a, b in paths(face(t, rot)):
            strokes[colour].append(path_d(c, a, b, mid))
    parts = [f'<path fill="{HEX_FILL}" stroke="{BACKGROUND}" stroke-width="0.04" d="{"".join(hexes)}"/>']
    for colour in range(4):
        if strokes[colour]:
            parts.append(f'<path fill="none" stroke="{STROKES[colour]}" stroke-width="{num(LINE_WIDTH)}" '
                         f'stroke-linecap="butt" d="{"".join(strokes[colour])}"/>')
    return "\n".join(parts)


def outline_d(positions) -> str:
    """Path data of the boundary of a set of cells (edges whose neighbour is outside)."""
    inside = set(positions)
    segs = []
    for q, r in sorted(inside):
        cs = corners(centre(q, r))
        for k, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) not in inside:
                segs.append(f"M{_pt(cs[k])}L{_pt(cs[(k + 1) % 6])}")
    return "".join(segs)


def _placed(pattern: dict):
    return [(c["q"], c["r"], c["tile"], c["rotation"]) for c in pattern["cells"]]


def pattern_svg(pattern: dict, repeats: tuple[int, int] = (2, 2), px_per_unit: float = 14.0,
                outline: bool = True, title: str | None = None) -> str:
    """A block of repeats[0] × repeats[1] periods, the first period outlined."""
    (v1, v2) = pattern["periods"]
    base = _placed(pattern)
    cells = []
    for a in range(repeats[0]):
        for b in range(repeats[1]):
            dq, dr = a * v1[0] + b * v2[0], a * v1[1] + b * v2[1]
            cells.extend((q + dq, r + dr, t, rot) for q, r, t, rot in base)
    xs = [centre(q, r)[0] for q, r, _t, _o in cells]
    ys = [centre(q, r)[1] for q, r, _t, _o in cells]
    pad = 1.2
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    body = cells_body(sorted(cells, key=lambda c: (c[1], c[0])))
    if outline:
        d = outline_d([(q, r) for q, r, _t, _o in base])
        body += f'\n<path fill="none" stroke="#ffffff" stroke-width="0.12" stroke-linecap="round" d="{d}"/>'
    return document(body, w * px_per_unit, h * px_per_unit, (x0, y0, w, h), title=title,
                    background=BACKGROUND)


def _lattice_has(periods, v) -> bool:
    (a, b), (c, d) = periods
    det = a * d - b * c
    return (v[0] * d - v[1] * c) % det == 0 and (a * v[1] - b * v[0]) % det == 0


def repeat_rectangle(periods) -> tuple[int, int]:
    """Smallest n, m with (n, 0) and (−m, 2m) in the lattice: a rectangle n√3 × 3m."""
    n = next(n for n in range(1, 57) if _lattice_has(periods, (n, 0)))
    m = next(m for m in range(1, 57) if _lattice_has(periods, (-m, 2 * m)))
    return n, m


def wallpaper_size(pattern: dict, px_per_unit: float) -> tuple[int, int]:
    """Even pixel sizes of the wallpaper rectangle at about px_per_unit pixels per unit."""
    n, m = repeat_rectangle(pattern["periods"])
    w = 2 * max(1, round(n * SQ3 * px_per_unit / 2))
    h = 2 * max(1, round(3 * m * px_per_unit / 2))
    return w, h


def wallpaper_svg(pattern: dict, px_per_unit: float = 24.0, phase: tuple[float, float] = (0.0, 0.0)) -> str:
    """One rectangular repeat (integer pixel size, stretched < 1 px) that tiles by translation.

    `phase` moves the window by that fraction of the rectangle (used by the tests to
    show that the picture has no seam).
    """
    (v1, v2) = pattern["periods"]
    n, m = repeat_rectangle(pattern["periods"])
    wu, hu = n * SQ3, 3.0 * m
    x0, y0 = phase[0] * wu, phase[1] * hu
    det = v1[0] * v2[1] - v1[1] * v2[0]
    where = {}
    for c in pattern["cells"]:
        q, r = c["q"], c["r"]
        key = ((q * v2[1] - r * v2[0]) % abs(det), (v1[0] * r - v1[1] * q) % abs(det))
        where[key] = (c["tile"], c["rotation"])
    cells = []
    r_lo, r_hi = math.floor((y0 - 2) / 1.5), math.ceil((y0 + hu + 2) / 1.5)
    for r in range(r_lo, r_hi + 1):
        q_lo = math.floor((x0 - 2) / SQ3 - r / 2.0)
        q_hi = math.ceil((x0 + wu + 2) / SQ3 - r / 2.0)
        for q in range(q_lo, q_hi + 1):
            key = ((q * v2[1] - r * v2[0]) % abs(det), (v1[0] * r - v1[1] * q) % abs(det))
            t, rot = where[key]
            cells.append((q, r, t, rot))
    w_px, h_px = wallpaper_size(pattern, px_per_unit)
    svg = document(cells_body(cells), w_px, h_px, (x0, y0, wu, hu), background=BACKGROUND, digits=4)
    return svg.replace("<svg ", '<svg preserveAspectRatio="none" ', 1)



INSIDE_FILL = "#6e6e6e"
DIM = 0.3                # opacity of the other paths round a picked-out loop


def loop_svg(pattern: dict, colour: int = 0, px_per_unit: float = 12.0, title: str | None = None,
             context: bool = False, aspect: float | None = None) -> str:
    """One closed loop of `colour` (one copy; its translates are other copies) with the tiles it
    closes around (`loops.inside_cells`) filled lighter: alone over its own tiles, or with
    `context` over the whole pattern, the other paths dimmed; `aspect` (width / height) widens
    the picture's box round the loop to that shape."""
    # lazy: loops is only needed for this figure
    from generator.tantrix import loops
    found = loops.closed_loops(pattern)[colour]
    if not found:
        raise ValueError("this colour has no closed loop")
    loop = found[0]
    on_loop = set(loop)
    inside = loops.inside_cells(loop)
    v1, v2 = [tuple(v) for v in pattern["periods"]]
    det = v1[0] * v2[1] - v1[1] * v2[0]

    def key(q, r):
        return ((q * v2[1] - r * v2[0]) % abs(det), (v1[0] * r - v1[1] * q) % abs(det))

    faces = {key(c["q"], c["r"]): face(c["tile"], c["rotation"]) for c in pattern["cells"]}
    pts = [centre(q, r) for q, r in loop]
    pad = 1.2
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    w, h = max(p[0] for p in pts) + pad - x0, max(p[1] for p in pts) + pad - y0
    if aspect:
        if w < aspect * h:
            x0, w = x0 - (aspect * h - w) / 2, aspect * h
        else:
            y0, h = y0 - (w / aspect - h) / 2, w / aspect
    if context:
        cells = [(q, r) for r in range(math.floor(y0 / 1.5) - 1, math.ceil((y0 + h) / 1.5) + 2)
                 for q in range(math.floor(x0 / SQ3 - r / 2) - 1, math.ceil((x0 + w) / SQ3 - r / 2) + 2)]
    else:
        cells = sorted(on_loop | set(inside), key=lambda p: (p[1], p[0]))
    hexes, inner, loop_strokes = [], [], []
    dim = [[] for _ in range(4)]
    for q, r in cells:
        c = centre(q, r)
        outline = "M" + "L".join(_pt(p) for p in corners(c)) + "Z"
        (inner if (q, r) in inside else hexes).append(outline)
        mid = _mids(c)
        for col, a, b in paths(faces[key(q, r)]):
            if col == colour and (q, r) in on_loop:
                loop_strokes.append(path_d(c, a, b, mid))
            elif context:
                dim[col].append(path_d(c, a, b, mid))
    body = [f'<path fill="{HEX_FILL}" stroke="{BACKGROUND}" stroke-width="0.04" d="{"".join(hexes)}"/>']
    if inner:
        body.append(f'<path fill="{INSIDE_FILL}" stroke="{BACKGROUND}" stroke-width="0.04" d="{"".join(inner)}"/>')
    for col in range(4):
        if dim[col]:
            body.append(f'<path fill="none" stroke="{STROKES[col]}" stroke-opacity="{num(DIM)}" '
                        f'stroke-width="{num(LINE_WIDTH)}" stroke-linecap="butt" d="{"".join(dim[col])}"/>')
    body.append(f'<path fill="none" stroke="{STROKES[colour]}" stroke-width="{num(LINE_WIDTH)}" '
                f'stroke-linecap="butt" d="{"".join(loop_strokes)}"/>')
    return document("\n".join(body), w * px_per_unit, h * px_per_unit, (x0, y0, w, h), title=title,
                    background=BACKGROUND)
