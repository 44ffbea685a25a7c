"""An SVG picture of a patch in a colouring (`--colour` with --format svg|png|pdf).

One `<path>` per colour, thin dark outlines, the view box the patch's bounding box (tiles are
whole, not clipped, so the picture shows what the graph export lists).  Without `--colour` a
family draws its own picture (and its permalinks' bytes stay as they are).
"""

from __future__ import annotations

from generator.svg import document, num

PX_WIDTH = 800.0


def patch_svg(g, colour, title: str, outline=None) -> str:
    """The picture of graph `g`, tile i filled with colour(i, its record); `outline` (float points): a region's
    boundary drawn over the tiles."""
    xmin, ymin, xmax, ymax = g.bbox
    if outline:
        xmin, xmax = min(xmin, *(x for x, _ in outline)), max(xmax, *(x for x, _ in outline))
        ymin, ymax = min(ymin, *(y for _, y in outline)), max(ymax, *(y for _, y in outline))
    w, h = max(xmax - xmin, 1e-9), max(ymax - ymin, 1e-9)
    pad = 0.01 * max(w, h)
    groups: dict[str, list] = {}
    for i, rec in enumerate(g.records()):
        d = "M" + "L".join(f"{num(x)} {num(-y)}" for x, y in rec[2]) + "Z"
        groups.setdefault(colour(i, rec), []).append(d)
    stroke = num(max(w, h) / 1500, 4)
    body = "\n".join(f'<path fill="{c}" stroke="#222222" stroke-width="{stroke}" stroke-linejoin="round" '
                     f'd="{"".join(ds)}"/>' for c, ds in sorted(groups.items()))
    if outline:
        d = "M" + "L".join(f"{num(x)} {num(-y)}" for x, y in outline) + "Z"
        body += f'\n<path fill="none" stroke="#d00000" stroke-width="{num(3 * max(w, h) / 1500, 4)}" d="{d}"/>'
    vb = (xmin - pad, -ymax - pad, w + 2 * pad, h + 2 * pad)
    return document(body, PX_WIDTH, PX_WIDTH * vb[3] / vb[2], vb, title=title, background="#ffffff")
