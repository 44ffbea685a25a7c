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


def _segment_distance(px, py, ax, ay, bx, by) -> float:
    """Distance from point p to segment ab."""
    dx, dy = bx - ax, by - ay
    if dx or dy:
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        ax, ay = ax + t * dx, ay + t * dy
    return math.hypot(px - ax, py - ay)


def signed_distance(x: float, y: float, poly) -> float:
    """Distance to the outline, positive inside the polygon, negative outside."""
    inside = False
    best = math.inf
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[i - 1]
        if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
            inside = not inside
        best = min(best, _segment_distance(x, y, ax, ay, bx, by))
    return best if inside else -best


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
    best = (signed_distance(cx, cy, poly), cx, cy)
    heap: list = []
    counter = 0

    def push(x, y, h):
        nonlocal counter
        d = signed_distance(x, y, poly)
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
