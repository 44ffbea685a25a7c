"""An independent checker for hat patches: a patch is judged as a tiling, not trusted.

Nothing here uses the generator's tables.  Given hats as exact outlines (Eisenstein
``(a, b)`` points) we check, in integers:

* **congruence** — each outline, with straight-angle vertices removed and oriented
  counter-clockwise, has the same cyclic sequence of edge vectors as the reference hat
  up to one of the 6 rotations, or as its mirror image (then the hat is *reflected*).
  The reference is the hat as published by Smith, Myers, Kaplan and Goodman-Strauss
  (13 vertices on the triangular lattice, short edges 1, long edges √3; `REFERENCE`).
  All unreflected hats must have one handedness and the reflected ones the other, and
  the `reflected` flag must say which.
* **kites** — each hat is a union of exactly 8 kites of the kite grid (a flood fill from the
  kite inside its first side that never crosses the outline, confirmed by the area);
* **no overlap** — no kite belongs to two hats;
* **edges pair up** — every outline segment (kite edge) of a hat whose far side is covered
  by another hat is an outline segment of that hat, reversed (edge-to-edge in kite edges,
  no T-junctions); no two reflected hats share an edge;
* **coverage** — every kite of the grid meeting the region's open interior is covered, and
  every listed hat meets the region (exact, `coords.Region`).
"""

from __future__ import annotations
from collections import Counter

from generator.hat.coords import Region, kite_move, kite_vertices

# the hat (Smith, Myers, Kaplan, Goodman-Strauss 2023), vertices a + b·s, counter-clockwise
REFERENCE = ((0, 0), (-1, -1), (0, -2), (2, -2), (2, -1), (4, -2), (5, -1), (4, 0), (3, 0),
             (2, 2), (0, 3), (0, 2), (-1, 2))


class NotATiling(AssertionError):
    """A patch failed one of the checks (the message says which and where)."""


def _rot(z, r):
    """s^r · z."""
    a, b = z
    for _ in range(r % 6):
        a, b = -b, a + b
    return (a, b)


def _conj(z):
    """Complex conjugate of a + b s (= (a + b) − b s)."""
    return (z[0] + z[1], -z[1])


def area2(pts) -> int:
    """Twice the signed area in (1, s) coordinates (a kite is 4; exact integers)."""
    n = len(pts)
    return sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))


def _cross(u, v) -> int:
    """Cross product of two (a, b) vectors in the (1, s) basis (proportional to the true one)."""
    return u[0] * v[1] - u[1] * v[0]


def simplify(pts) -> list:
    """Counter-clockwise outline with straight-angle (and repeated) vertices removed."""
    pts = [tuple(p) for p in pts]
    if area2(pts) < 0:
        pts = pts[::-1]
    changed = True
    while changed and len(pts) > 3:
        changed = False
        n = len(pts)
        for i in range(n):
            p, q, r = pts[i - 1], pts[i], pts[(i + 1) % n]
            u, v = (q[0] - p[0], q[1] - p[1]), (r[0] - q[0], r[1] - q[1])
            if q == p or (_cross(u, v) == 0 and 2 * (u[0] * v[0] + u[1] * v[1]) + u[0] * v[1] + u[1] * v[0] > 0):
                del pts[i]
                changed = True
                break
    return pts


def _edges(pts) -> list:
    """Edge vectors of a polygon."""
    n = len(pts)
    return [(pts[(i + 1) % n][0] - pts[i][0], pts[(i + 1) % n][1] - pts[i][1]) for i in range(n)]


_REF_EDGES = _edges(simplify(REFERENCE))


def _signatures():
    """Every cyclic edge sequence of a congruent copy: {tuple: reflected?}."""
    out = {}
    for refl in (False, True):
        base = _REF_EDGES
        if refl:
            # mirror each edge and reverse the order (a mirrored CCW polygon traced CCW again)
            base = [_conj((-e[0], -e[1])) for e in reversed(_REF_EDGES)]
        for r in range(6):
            rotated = [_rot(e, r) for e in base]
            for shift in range(len(rotated)):
                out[tuple(rotated[shift:] + rotated[:shift])] = refl
    return out


_SIGS = _signatures()


def congruence(pts):
    """None if the outline is not a hat; else True/False: whether it is the mirror image."""
    return _SIGS.get(tuple(_edges(simplify(pts))))


def _kite_with_edge(p, q):
    """The grid kite having the directed edge p→q in its counter-clockwise boundary, or None."""
    for ca in range(p[0] - 4, p[0] + 5):
        for cb in range(p[1] - 4, p[1] + 5):
            if (2 * ca + cb) % 6 or (cb - ca) % 6:
                continue
            for k in range(6):
                vs = kite_vertices((ca, cb, k))
                for j in range(4):
                    if vs[j] == p and vs[(j + 1) % 4] == q:
                        return (ca, cb, k)
    return None


def unit_segments(poly) -> list:
    """The directed kite-edge segments (length 1) of a simplified outline, in order: a
    √3 side (squared norm 4 in these coordinates) is split at its midpoint."""
    out = []
    n = len(poly)
    for j in range(n):
        p, q = poly[j], poly[(j + 1) % n]
        d = (q[0] - p[0], q[1] - p[1])
        if d[0] * d[0] + d[0] * d[1] + d[1] * d[1] == 4:
            m = (p[0] + d[0] // 2, p[1] + d[1] // 2)
            out += [(p, m), (m, q)]
        else:
            out.append((p, q))
    return out


def hat_kites(pts) -> list:
    """The grid kites inside a hat outline: flood fill from the kite left of its first side,
    never crossing an outline segment (stops early if it escapes: then not 8 kites)."""
    poly = simplify(pts)
    walls = {frozenset(seg) for seg in unit_segments(poly)}
    p, q = poly[0], poly[1]
    d = (q[0] - p[0], q[1] - p[1])
    if d[0] * d[0] + d[0] * d[1] + d[1] * d[1] == 4:
        q = (p[0] + d[0] // 2, p[1] + d[1] // 2)
    start = _kite_with_edge(p, q)
    if start is None:
        return []
    seen = {start}
    todo = [start]
    while todo and len(seen) <= 8:
        kite = todo.pop()
        vs = kite_vertices(kite)
        for e in range(4):
            if frozenset((vs[e], vs[(e + 1) % 4])) in walls:
                continue
            nb = kite_move(kite, e)
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return sorted(seen)


def check_patch(hats, region: Region | None = None) -> dict:
    """Check a patch (iterable of objects with .points and .reflected); return statistics.

    Raises NotATiling naming the first failure.
    """
    hats = list(hats)
    owner = {}           # kite -> hat index
    segs = {}            # directed outline segment -> hat index
    hand = {}            # reflected flag -> mirror? (must be consistent)
    kites_of = []
    for i, hat in enumerate(hats):
        pts = [tuple(p) for p in hat.points]
        mirror = congruence(pts)
        if mirror is None:
            raise NotATiling(f"hat {i} is not congruent to the hat: {pts}")
        if hand.setdefault(bool(hat.reflected), mirror) != mirror:
            raise NotATiling(f"hat {i}: reflected={hat.reflected} but its handedness differs")
        ks = hat_kites(pts)
        kites_of.append(ks)
        if len(ks) != 8 or abs(area2(pts)) != 8 * 4:
            raise NotATiling(f"hat {i} is not a union of 8 grid kites ({len(ks)} found)")
        for kite in ks:
            if kite in owner:
                raise NotATiling(f"hats {owner[kite]} and {i} overlap in kite {kite}")
            owner[kite] = i
        poly = simplify(pts)
        n = len(poly)
        for j in range(n):
            p, q = poly[j], poly[(j + 1) % n]
            d = (q[0] - p[0], q[1] - p[1])
            if d[0] * d[0] + d[0] * d[1] + d[1] * d[1] == 4:     # a length-2 side: two kite edges
                m = (p[0] + d[0] // 2, p[1] + d[1] // 2)
                parts = [(p, m), (m, q)]
            else:
                parts = [(p, q)]
            for s in parts:
                if s in segs:
                    raise NotATiling(f"hats {segs[s]} and {i} share a directed edge {s}")
                segs[s] = i
    if len(hand) == 2 and hand[True] == hand[False]:
        raise NotATiling("reflected and unreflected hats have the same handedness")
    # every segment whose far side is covered must be matched by the reverse segment
    kite_edge = {}
    for kite, i in owner.items():
        vs = kite_vertices(kite)
        for j in range(4):
            kite_edge[(vs[j], vs[(j + 1) % 4])] = kite
    shared = 0
    for (p, q), i in segs.items():
        other = kite_edge.get((q, p))
        if other is None:
            continue                       # the far side is not covered: patch boundary
        j = owner[other]
        if j == i:
            raise NotATiling(f"hat {i}: outline segment {(p, q)} has its own kite outside")
        if segs.get((q, p)) != j:
            raise NotATiling(f"hat {i} edge {(p, q)} meets hat {j} but not along its edge")
        shared += 1
        if hats[i].reflected and hats[j].reflected:
            raise NotATiling(f"reflected hats {i} and {j} share an edge")
    stats = {"hats": len(hats), "kites": len(owner), "shared_segments": shared // 2,
             "reflected": sum(1 for h in hats if h.reflected)}
    if region is not None:
        for i, hat in enumerate(hats):
            if not region.kites_meet(kites_of[i]):
                raise NotATiling(f"hat {i} does not meet the region")
        wanted = region_kites(region)
        missing = [k for k in wanted if k not in owner]
        if missing:
            raise NotATiling(f"{len(missing)} kites meeting the region are not covered, e.g. {missing[0]}")
        stats["region_kites"] = len(wanted)
    return stats


def region_kites(region: Region) -> list:
    """Every grid kite meeting the open region (exact), by scanning hexagon centres."""
    out = []
    vmax = region.vi + 4
    umax = int(region.width) + 8
    for cb in range(-vmax - 4, vmax + 5):
        for u in range(-umax, umax + 1):
            if (u - cb) % 2:
                continue
            ca = (u - cb) // 2
            if (2 * ca + cb) % 6 or (cb - ca) % 6:
                continue
            for k in range(6):
                if region.kite_meets((ca, cb, k)):
                    out.append((ca, cb, k))
    return out


# --- radius-1 neighbourhoods, up to rotation and reflection -------------------------------

_REF_SET = frozenset(simplify(REFERENCE))


def _normaliser(points):
    """(r, f, t): the hat's vertex set is s^r·conj^f(REFERENCE) + t."""
    target = frozenset(simplify(points))
    tmin = min(target)
    for f in (0, 1):
        for r in range(6):
            img = [_rot(_conj(p) if f else p, r) for p in _REF_SET]
            m = min(img)
            t = (tmin[0] - m[0], tmin[1] - m[1])
            if frozenset((p[0] + t[0], p[1] + t[1]) for p in img) == target:
                return r, f, t
    raise NotATiling(f"not a hat: {points}")


def neighbourhoods(hats, labelled: bool = False) -> "Counter":
    """Counter of the radius-1 neighbourhoods (a hat and the hats sharing an edge with it)
    of every hat whose outline is entirely shared, each moved so that the centre hat is the
    reference hat (so counted up to rotation and reflection).  With `labelled`, each hat of
    the neighbourhood also carries its metatile type (objects need `.metatile`)."""
    labels = [(h.metatile if labelled else None) for h in hats]
    hats = [simplify([tuple(p) for p in h.points]) for h in hats]
    seg_owner = {}
    segs_of = []
    for i, poly in enumerate(hats):
        segs = unit_segments(poly)
        for s in segs:
            seg_owner[s] = i
        segs_of.append(segs)
    out = Counter()
    for i, segs in enumerate(segs_of):
        nbrs = [seg_owner.get((q, p)) for p, q in segs]
        if None in nbrs:
            continue
        r, f, t = _normaliser(hats[i])

        def norm(p):
            z = _rot((p[0] - t[0], p[1] - t[1]), -r)
            return _conj(z) if f else z

        out[(labels[i], frozenset((labels[j], frozenset(norm(p) for p in hats[j]))
                                  for j in set(nbrs)))] += 1
    return out
