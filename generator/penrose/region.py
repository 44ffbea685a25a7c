"""Does a half-tile triangle meet the open rectangle of the output region?  Exactly.

The region is the open rectangle (x0, x1) × (y0, y1) with rational corners; a triangle is
kept when its closed interior meets it.  Two convex sets are disjoint exactly when a line
separates them, and for a triangle and a rectangle that line can be taken along a side of
one of them (separating axes): the triangle lies left of x0, right of x1, below y0 or
above y1, or all four rectangle corners lie on or outside the line of one triangle edge.

A fast test in floats decides almost every triangle: floats are computed from the exact
Z[t] vertices with relative error ~1e-15, so any comparison whose margin exceeds EPS
(far larger than that error) has the same answer exactly.  Only when some comparison is
within EPS do we redo the whole test in exact arithmetic (`algebra.compare_x`,
`compare_y`, `cross_sign`).
"""

from __future__ import annotations

from fractions import Fraction

from generator.penrose import algebra as Z

EPS = 1e-7


class Region:
    """The open rectangle (x0, x1) × (y0, y1), for vertices stored as DENOM × coordinates."""

    def __init__(self, x0: Fraction, y0: Fraction, x1: Fraction, y1: Fraction, denom: int):
        self.x0, self.y0, self.x1, self.y1, self.denom = x0, y0, x1, y1, denom
        # float bounds in internal units (vertex coordinates are DENOM times the true ones)
        self.fx0, self.fy0 = float(x0 * denom), float(y0 * denom)
        self.fx1, self.fy1 = float(x1 * denom), float(y1 * denom)
        self.corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        self.fcorners = tuple((float(cx * denom), float(cy * denom)) for cx, cy in self.corners)

    def meets(self, p, q, r, fp, fq, fr) -> bool:
        """True when the triangle pqr (exact vertices; fp, fq, fr their floats) meets the region."""
        ax, ay = fp
        bx, by = fq
        cx, cy = fr
        X0, X1, Y0, Y1 = self.fx0, self.fx1, self.fy0, self.fy1
        # a vertex clearly inside: meets
        for x, y in (fp, fq, fr):
            if X0 + EPS < x < X1 - EPS and Y0 + EPS < y < Y1 - EPS:
                return True
        lox = min(ax, bx, cx)
        hix = max(ax, bx, cx)
        loy = min(ay, by, cy)
        hiy = max(ay, by, cy)
        if hix < X0 - EPS or lox > X1 + EPS or hiy < Y0 - EPS or loy > Y1 + EPS:
            return False
        if (abs(hix - X0) <= EPS or abs(lox - X1) <= EPS or abs(hiy - Y0) <= EPS
                or abs(loy - Y1) <= EPS):
            return self.meets_exact(p, q, r)
        if hix <= X0 or lox >= X1 or hiy <= Y0 or loy >= Y1:
            return False
        # bounding boxes overlap clearly; try the three edge lines
        for (sx, sy), (tx, ty) in ((fp, fq), (fq, fr), (fr, fp)):
            ex, ey = tx - sx, ty - sy
            out = 0
            for kx, ky in self.fcorners:
                c = ex * (ky - sy) - ey * (kx - sx)
                if c < -EPS:
                    out += 1
                elif c <= EPS:
                    return self.meets_exact(p, q, r)
            if out == 4:
                return False
        return True

    def meets_exact(self, p, q, r) -> bool:
        """The same test in exact arithmetic."""
        d = self.denom
        pts = (p, q, r)
        if all(Z.compare_x(v, self.x0, d) <= 0 for v in pts):
            return False
        if all(Z.compare_x(v, self.x1, d) >= 0 for v in pts):
            return False
        if all(Z.compare_y(v, self.y0, d) <= 0 for v in pts):
            return False
        if all(Z.compare_y(v, self.y1, d) >= 0 for v in pts):
            return False
        for s, t in ((p, q), (q, r), (r, p)):
            if all(Z.cross_sign(s, t, k, d) <= 0 for k in self.corners):
                return False
        return True

    def contains_point_exact(self, v) -> bool:
        """True when the vertex v lies in the open rectangle."""
        d = self.denom
        return (Z.compare_x(v, self.x0, d) > 0 and Z.compare_x(v, self.x1, d) < 0
                and Z.compare_y(v, self.y0, d) > 0 and Z.compare_y(v, self.y1, d) < 0)
