"""The pole of inaccessibility: the centre of a polygon's largest inscribed circle.

A clue belongs at the point of its face farthest from the face's boundary.  For a convex
face that is close to the centroid, but a hat or Spectre face is concave and its centroid
can lie near an edge (or, for other shapes, outside).  We use the grid-refinement method
of Garcia-Castellanos and Lombardo ("Poles of inaccessibility: a calculation algorithm for
the remotest places on Earth", 2007), in the best-first form popularised by Mapbox's
polylabel: cover the bounding box with square cells, keep a priority queue ordered by the
best distance a cell could still contain (its centre's signed distance plus its half
diagonal), split the most promising cell into four, and stop when no cell can beat the
best centre found by more than a tolerance.  Everything is deterministic: the queue is
ordered by (bound, creation number).
"""

from __future__ import annotations

import heapq
import math


def _edges(poly) -> list:
    """Per side, (ax, ay, by, dx, dy, dx² + dy²) from corner i to corner i - 1, in corner order."""
    out = []
    for i in range(len(poly)):
        ax, ay = poly[i]
        bx, by = poly[i - 1]
        dx, dy = bx - ax, by - ay
        out.append((ax, ay, by, dx, dy, dx * dx + dy * dy))
    return out


def _signed(x: float, y: float, edges) -> float:
    """signed_distance over _edges(poly): the same arithmetic in the same order, inlined (the
    page draws a clue per face, about a hundred distances each)."""
    inside = False
    best = math.inf
    hypot = math.hypot
    for ax, ay, by, dx, dy, ll in edges:
        if (ay > y) != (by > y) and x < dx * (y - ay) / dy + ax:
            inside = not inside
        if dx or dy:
            t = ((x - ax) * dx + (y - ay) * dy) / ll
            t = t if t < 1.0 else 1.0
            t = t if t > 0.0 else 0.0
            d = hypot(x - (ax + t * dx), y - (ay + t * dy))
        else:
            d = hypot(x - ax, y - ay)
        if d < best:
            best = d
    return best if inside else -best


def signed_distance(x: float, y: float, poly) -> float:
    """Distance to the outline, positive inside the polygon, negative outside."""
    return _signed(x, y, _edges(poly))


def pole(poly, rel_tol: float = 1e-3) -> tuple[float, float, float]:
    """(x, y, radius) of the largest inscribed circle, to rel_tol × the polygon's size."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    size = min(x1 - x0, y1 - y0)
    tol = rel_tol * max(x1 - x0, y1 - y0)
    area = sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly)))
    cx = sum((poly[i - 1][0] + poly[i][0]) * (poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1])
             for i in range(len(poly))) / (3 * area)
    cy = sum((poly[i - 1][1] + poly[i][1]) * (poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1])
             for i in range(len(poly))) / (3 * area)
    edges = _edges(poly)
    best = (_signed(cx, cy, edges), cx, cy)
    heap: list = []
    counter = 0

    def push(x, y, h):
        nonlocal counter
        d = _signed(x, y, edges)
        heapq.heappush(heap, (-(d + h * math.sqrt(2)), counter, x, y, h, d))
        counter += 1

    h = size / 2 if size > 0 else max(x1 - x0, y1 - y0) / 2
    y = y0
    while y < y1:
        x = x0
        while x < x1:
            push(x + h, y + h, h)
            x += 2 * h
        y += 2 * h
    while heap:
        neg_bound, _n, x, y, h, d = heapq.heappop(heap)
        if d > best[0]:
            best = (d, x, y)
        if -neg_bound - best[0] <= tol:
            continue
        h /= 2
        for sx in (-1, 1):
            for sy in (-1, 1):
                push(x + sx * h, y + sy * h, h)
    return best[1], best[2], best[0]
