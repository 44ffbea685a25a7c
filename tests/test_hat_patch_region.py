"""Hat random patches: the exact region test against an independent float clipping computation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from generator.hat.coords import Region, is_centre, kite_move, kite_vertices, to_xy


def _clip_area(poly, x0, y0, x1, y1) -> float:
    """Area of a convex polygon clipped to a rectangle (floats, Sutherland–Hodgman)."""
    def clip(pts, inside, cut):
        out = []
        for i in range(len(pts)):
            p, q = pts[i - 1], pts[i]
            if inside(q):
                if not inside(p):
                    out.append(cut(p, q))
                out.append(q)
            elif inside(p):
                out.append(cut(p, q))
        return out

    def cx(x):
        return lambda p, q: (x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0]))

    def cy(y):
        return lambda p, q: (p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y)

    pts = list(poly)
    for inside, cut in ((lambda p: p[0] >= x0, cx(x0)), (lambda p: p[0] <= x1, cx(x1)),
                        (lambda p: p[1] >= y0, cy(y0)), (lambda p: p[1] <= y1, cy(y1))):
        pts = clip(pts, inside, cut)
        if not pts:
            return 0.0
    return abs(sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts)))) / 2


def test_kite_meets_matches_clipping():
    """For random regions (some with integer sides, so kites touch the boundary exactly) the
    exact test agrees with the clipped area: positive ⇔ the interiors meet."""
    rng = random.Random(3)
    checked = touching = 0
    for _ in range(60):
        w = Fraction(rng.choice([rng.randint(1, 30), rng.randint(1, 3000) / 100]))
        h = Fraction(rng.choice([rng.randint(1, 30), rng.randint(1, 3000) / 100]))
        region = Region(w, h)
        x0, y0, x1, y1 = region.bounds_xy()
        for cb in range(-30, 31):
            for ca in range(-40, 41):
                if not is_centre((ca, cb)):
                    continue
                for k in range(6):
                    kite = (ca, cb, k)
                    area = _clip_area([to_xy(p) for p in kite_vertices(kite)], x0, y0, x1, y1)
                    if 1e-9 < area < 1e-6:
                        continue                     # too close to call in floats
                    assert region.kite_meets(kite) == (area > 1e-9), (kite, w, h, area)
                    checked += 1
                    touching += area <= 1e-9 and any(
                        abs(abs(x) - float(w) / 2) < 1e-12 for x, _ in map(to_xy, kite_vertices(kite)))
    assert checked > 100000 and touching > 100


def test_kite_moves_match_shared_edges():
    """Each move lands on the kite sharing that edge, reversed (geometry, exact)."""
    for k in range(6):
        kite = (0, 0, k)
        vs = kite_vertices(kite)
        for e in range(4):
            nb = kite_move(kite, e)
            ws = kite_vertices(nb)
            edge = (vs[e], vs[(e + 1) % 4])
            assert any((ws[j], ws[(j + 1) % 4]) == (edge[1], edge[0]) for j in range(4))
            assert is_centre(nb[:2])
    assert math.isclose(math.dist(*map(to_xy, kite_vertices((0, 0, 0))[:2])), math.sqrt(3))
