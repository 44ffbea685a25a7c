"""Distribution lab: how far is fixed expansion from the limiting distribution?  (Penrose P2/P3)

Tatham ("Two algorithms for randomly generating aperiodic tilings", 2023) contrasts two ways to
make a random patch of a W × H region:

* fixed expansion (his Algorithm 1): take one supertriangle of a fixed label and level n, big
  enough, substitute it down to the tiles, and cut the region out round a random place in it;
* combinatorial coordinates (his Algorithm 2, what this program does): draw the start triangle's
  label from the limiting frequencies and invent its ancestors one level at a time from the exact
  conditional probabilities, so the patch round the start is distributed as in the infinite
  tiling.

He says the first only approximates the limiting distribution.  The local configuration measured
here is the *hierarchical* one: the label of the level-k supertriangle holding the region's start
triangle (k = 0: the start triangle itself; a level-k label fixes the tiling out to about φᵏ).
Its limiting frequency is exact and known to the engine (`penrose.tables.FREQ`, in Q(√5)).

Two limits, both exact.  A uniformly random *triangle* (what the engine centres its region on):
its level-k supertriangle has label u with probability ∝ f(u)·D_k(u) (f the label frequencies,
D_k(u) the triangles a level-k u holds), which changes with k.  A uniformly random *point* (what
fixed expansion places the region round): ∝ f(u)·area(u), the same at every level.

Fixed expansion from one fixed supertriangle, exactly: the start triangle uniform among the level-0
triangles of the level-n supertriangle whose region (W × H round its centroid) lies inside the
supertriangle (else the region would leave the expanded piece).  So its distribution is the
frequency of each ancestor label over those *eligible* triangles: enumerated here, no sampling.
The generator `tiling … --method expansion` (penrose/expansion.py: a top label from f, a level
with room to spare, a uniform point), sampled over seeds against the random-point limit.
Combinatorial coordinates, sampled: the engine's own patches (`penrose.patch.from_seed`) for seeds
1 … N; their permalinks record the start triangle's labels level by level.  Intervals are Wilson
95 % score intervals.

    python3 bench/distribution_lab.py [--family p2|p3|hat] [--levels 8,10,12] [--top A] [--size 6]
                                      [--seeds 1000] [--out FILE.md]

Prints a Markdown table (and writes it to --out).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from generator.penrose import algebra as Z          # noqa: E402
from generator.penrose import geometry as G         # noqa: E402
from generator.penrose import substitution as S     # noqa: E402
from generator.penrose import tables as TB          # noqa: E402

KMAX = 4          # ancestor levels reported: 0 … KMAX


def wilson(x: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion x / n."""
    if n == 0:
        return (0.0, 1.0)
    p = x / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _inside(pt, tri) -> bool:
    """Is a point inside (or on) a float triangle?"""
    (x, y), (a, b, c) = pt, tri

    def s(p, q):
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])
    d1, d2, d3 = s(a, b), s(b, c), s(c, a)
    return (d1 >= 0 and d2 >= 0 and d3 >= 0) or (d1 <= 0 and d2 <= 0 and d3 <= 0)


def expansion_counts(family: str, top: str, level: int, w: float, h: float) -> tuple[dict, int, int]:
    """{(k, label): eligible level-0 triangles whose level-k ancestor has that label}, the number of
    eligible triangles and of all triangles, for a level-`level` supertriangle labelled `top`."""
    tris = [((top,), *S.supertriangle(family, top, level))]
    for _ in range(level):
        nxt = []
        for chain, a, b, c in tris:
            for ch, p, q, r in G.children(family, chain[-1], a, b, c):
                nxt.append((chain + (ch,), p, q, r))
        tris = nxt
    big = tuple(Z.to_float(v) for v in S.supertriangle(family, top, level))
    counts: dict = {}
    eligible = 0
    for chain, a, b, c in tris:
        fa, fb, fc = Z.to_float(a), Z.to_float(b), Z.to_float(c)
        cx, cy = (fa[0] + fb[0] + fc[0]) / 3, (fa[1] + fb[1] + fc[1]) / 3
        corners = ((cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2),
                   (cx - w / 2, cy + h / 2))
        if not all(_inside(p, big) for p in corners):
            continue
        eligible += 1
        for k in range(KMAX + 1):
            key = (k, chain[level - k])
            counts[key] = counts.get(key, 0) + 1
    return counts, eligible, len(tris)


def limiting(family: str) -> dict:
    """{(k, label): the exact limiting probability that the level-k supertriangle holding a
    uniformly random triangle of the tiling has that label}: f(u)·D_k(u) normalised, with f the
    limiting label frequencies (`tables.FREQ`, in Q(√5)) and D_k(u) the number of triangles a
    level-k u holds (a bigger supertriangle holds more triangles, so it is met more often)."""
    letters = G.FAMILY_LETTERS[family]
    kids = {u: [t[0] for t in G.children(family, u, *S.supertriangle(family, u, 1))] for u in letters}
    D = {u: 1 for u in letters}
    out = {}
    for k in range(KMAX + 1):
        weights = {u: TB.FREQ[family][u] * D[u] for u in letters}
        total = sum(weights.values(), TB.FREQ[family][letters[0]] * 0)
        for u in letters:
            out[(k, u)] = float(weights[u] / total)
        D = {u: sum(D[c] for c in kids[u]) for u in letters}
    return out


def point_limiting(family: str) -> dict:
    """{label: the exact limiting probability that a uniformly random *point* lies in a level-k
    supertriangle of that label} — f(u)·area(u) normalised, the same at every level k (the
    supertriangles of each level tile the plane like the triangles, scaled by φᵏ)."""
    letters = G.FAMILY_LETTERS[family]
    area = {}
    for u in letters:
        (ax, ay), (bx, by), (cx, cy) = (Z.to_float(v) for v in S.supertriangle(family, u, 0))
        area[u] = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2
    w = {u: float(TB.FREQ[family][u]) * area[u] for u in letters}
    return {u: w[u] / sum(w.values()) for u in letters}


def generator_counts(family: str, seeds: int, size: Fraction) -> dict:
    """{(k, label): seeds whose start triangle's level-k ancestor has that label} for the
    generator `tiling … --method expansion` (penrose/expansion.py): its top label, level and point
    for each seed, then down the substitution through the triangle holding the point."""
    from generator.penrose import expansion as E
    counts: dict = {}
    for seed in range(1, seeds + 1):
        item = E.from_seed(family, seed, size, size)
        pt = (float(item.point[0]), float(item.point[1]))
        tri = (item.top, *S.supertriangle(family, item.top, item.level, scale=E.DENOM))
        chain = [item.top]
        for _ in range(item.level):
            for t in G.children(family, *tri):
                if _inside(pt, [tuple(c / E.DENOM for c in Z.to_float(v)) for v in t[1:]]):
                    tri = t
                    break
            chain.append(tri[0])
        for k in range(KMAX + 1):
            key = (k, chain[item.level - k])
            counts[key] = counts.get(key, 0) + 1
        for j in range(KMAX + 1):                 # from the top down: level n − j
            key = ("top", j, chain[j])
            counts[key] = counts.get(key, 0) + 1
    return counts


def coordinate_counts(family: str, seeds: int, size: Fraction) -> dict:
    """{(k, label): seeds whose start triangle's level-k ancestor has that label} (the engine)."""
    from generator.penrose import patch as P
    counts: dict = {}
    for seed in range(1, seeds + 1):
        labels = P.from_seed(family, seed, size, size).spec.labels
        for k in range(min(KMAX + 1, len(labels))):
            counts[(k, labels[k])] = counts.get((k, labels[k]), 0) + 1
    return counts


def pruning_saving(family: str, size: float, levels) -> str:
    """Triangles fixed expansion makes with and without pruning (`penrose.expansion.pruning_counts`:
    one supertriangle of the family's first label, a size × size region at its centroid)."""
    from generator.penrose.expansion import pruning_counts
    top = G.FAMILY_LETTERS[family][0]
    lines = [f"Pruning saving, {family.upper()}: triangles made by substituting one {top} supertriangle "
             f"of level n down to the tiles, all of them against only those meeting a {size:g} × {size:g} "
             "region at its centroid (every level counted).", "",
             "| n | without pruning | with pruning | saving |", "| --- | --- | --- | --- |"]
    for n, total, made in pruning_counts(family, size, levels):
        lines.append(f"| {n} | {total:,} | {made:,} | {total / made:,.0f}× |")
    return "\n".join(lines) + "\n"


HAT_PROBE = (0.013, 0.029)      # the point whose hat is looked at (off every kite-grid line)


def _hat_at(tiles, point):
    """The metatile type of the hat (points, type) holding a point, or None."""
    for pts, t in tiles:
        if _in_polygon(point, pts):
            return t
    return None


def _in_polygon(pt, poly) -> bool:
    x, y = pt
    inside = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k - 1], poly[k]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def hat_lab(seeds: int, size: Fraction) -> str:
    """The hat: the first-order metatile type of the hat at the region's centre, under both
    methods, against the exact share of hats in each type (`hat.limits.hat_fractions`); and the
    top type fixed expansion draws, against what a random point sees at that level."""
    from generator.hat import expansion as HE
    from generator.hat import limits as HL
    from generator.hat import supertile as ST
    from generator.hat.coords import to_xy
    from generator.hat.patch import from_seed
    types = ST.TYPES
    exact = [float(x) for x in HL.hat_fractions()]
    coords, gen, tops = {}, {}, {}
    for seed in range(1, seeds + 1):
        patch = from_seed(size, size, seed)
        t = _hat_at([([to_xy(p) for p in h.points], h.metatile) for h in patch.hats()], HAT_PROBE)
        if t is not None:
            coords[t] = coords.get(t, 0) + 1
        item = HE.from_seed(seed, size, size)
        t = _hat_at([(pts, extra["metatile"]) for _k, _e, pts, extra in item.tiles], HAT_PROBE)
        if t is not None:
            gen[t] = gen.get(t, 0) + 1
        tops[(item.level, item.top)] = tops.get((item.level, item.top), 0) + 1
    nc, ng = sum(coords.values()), sum(gen.values())
    lines = [f"Distribution lab, hat: the first-order metatile of the hat at the region's centre; region "
             f"{size} × {size}; {seeds} seeds of each method (Wilson 95 % intervals).", "",
             "| type | limit (exact share of hats) | coordinates, sampled [95 % CI] | `--method expansion`, "
             "sampled [95 % CI] |", "| --- | --- | --- | --- |"]
    for i, t in enumerate(types):
        lo, hi = wilson(coords.get(t, 0), nc)
        glo, ghi = wilson(gen.get(t, 0), ng)
        lines.append(f"| {t} | {exact[i]:.5f} | {coords.get(t, 0) / nc:.4f} [{lo:.4f}, {hi:.4f}] | "
                     f"{gen.get(t, 0) / ng:.4f} [{glo:.4f}, {ghi:.4f}] |")
    lines += ["", "The expanded supertile's type: drawn with the level-1 shares above, whereas a random "
              "point lies in a level-L supertile of type X with probability ∝ f(X)·(hats in a level-L X) "
              "(exact, from `supertile.hat_count` and `limits.FREQ`):", "",
              "| level L | type | seeds that drew it | share drawn | share a random point sees |",
              "| --- | --- | --- | --- | --- |"]
    for level in sorted({lv for lv, _t in tops}):
        w = [float(HL.FREQ[i]) * ST.hat_count(t, level) for i, t in enumerate(types)]
        n_l = sum(v for (lv, _t), v in tops.items() if lv == level)
        for i, t in enumerate(types):
            x = tops.get((level, t), 0)
            lines.append(f"| {level} | {t} | {x} | {x / n_l:.4f} | {w[i] / sum(w):.5f} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--family", default="p2", choices=("p2", "p3", "hat"))
    ap.add_argument("--levels", default="8,10,12", help="supertriangle levels n of fixed expansion")
    ap.add_argument("--top", default=None, help="the fixed top label (default: the family's first)")
    ap.add_argument("--size", default="6", help="the region's side W = H (tiling units)")
    ap.add_argument("--seeds", type=int, default=1000, help="patches sampled by each generator")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    fam = args.family
    if fam == "hat":
        text = hat_lab(args.seeds, Fraction(args.size))
        print(text)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text)
        return 0
    letters = G.FAMILY_LETTERS[fam]
    top = args.top or letters[0]
    size = Fraction(args.size)
    levels = [int(x) for x in args.levels.split(",")]
    exact_k = limiting(fam)
    by_point = point_limiting(fam)
    coords = coordinate_counts(fam, args.seeds, size)
    gen = generator_counts(fam, args.seeds, size)
    expansions = {n: expansion_counts(fam, top, n, float(size), float(size)) for n in levels}
    lines = [f"Distribution lab, {fam.upper()}: label of the level-k supertriangle holding the start "
             f"triangle; region {args.size} × {args.size}; fixed expansion from one {top} "
             f"supertriangle of level n (exact, over its eligible triangles); coordinates: "
             f"{args.seeds} seeds (Wilson 95 % intervals).", ""]
    head = ("| k | label | limit, random triangle | coordinates, sampled [95 % CI] | limit, random point | "
            "`--method expansion`, sampled [95 % CI] |")
    rule = "| --- | --- | --- | --- | --- | --- |"
    for n in levels:
        _c, el, tot = expansions[n]
        head += f" expansion n={n} ({el:,}/{tot:,} eligible) |"
        rule += " --- |"
    lines += [head, rule]
    worst = {n: 0.0 for n in levels}
    covered = total = gen_covered = 0
    for k in range(KMAX + 1):
        exact = {c: exact_k[(k, c)] for c in letters}
        for c in letters:
            x = coords.get((k, c), 0)
            n_k = sum(coords.get((k, d), 0) for d in letters)
            lo, hi = wilson(x, n_k)
            total += 1
            covered += lo <= exact[c] <= hi
            row = f"| {k} | {c} | {exact[c]:.5f} | {x / n_k if n_k else 0:.4f} [{lo:.4f}, {hi:.4f}] |"
            gx, gn = gen.get((k, c), 0), sum(gen.get((k, d), 0) for d in letters)
            glo, ghi = wilson(gx, gn)
            gen_covered += glo <= by_point[c] <= ghi
            row += f" {by_point[c]:.5f} | {gx / gn if gn else 0:.4f} [{glo:.4f}, {ghi:.4f}] |"
            for n in levels:
                counts, el, _tot = expansions[n]
                f = counts.get((k, c), 0) / el if el else float("nan")
                worst[n] = max(worst[n], abs(f - exact[c]))
                row += f" {f:.5f} ({f - exact[c]:+.5f}) |"
            lines.append(row)
    lines += ["", f"Coordinates: the exact frequency lies in {covered} of {total} intervals; "
              f"`--method expansion`: in {gen_covered} of {total}.",
              "Fixed expansion, largest distance from the limit over k ≤ "
              f"{KMAX}: " + ", ".join(f"n={n}: {worst[n]:.5f}" for n in levels) + "."]
    lines += ["", "The same generator seen from the top: the label of its level n − j supertriangle "
              "(j = 0: the expanded supertriangle itself) against the random-point limit.", "",
              "| j | label | limit, random point | `--method expansion`, sampled [95 % CI] |",
              "| --- | --- | --- | --- |"]
    for j in range(KMAX + 1):
        nj = sum(gen.get(("top", j, d), 0) for d in letters)
        for c in letters:
            x = gen.get(("top", j, c), 0)
            lo, hi = wilson(x, nj)
            flag = "" if lo <= by_point[c] <= hi else " (outside)"
            lines.append(f"| {j} | {c} | {by_point[c]:.5f} | {x / nj if nj else 0:.4f} [{lo:.4f}, {hi:.4f}]{flag} |")
    lines += ["", pruning_saving(fam, float(size), levels + [levels[-1] + 4, levels[-1] + 8])]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
