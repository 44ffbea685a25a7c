"""Independent brute force for the calisson tests (no height functions, no solver code).

Tilings come from piles of cubes drawn face by face: every visible unit face of the pile
projects to a lozenge, whose short diagonal is the calisson's crossed edge and whose colour
is the face's normal axis.  Salient edges are then read off the lozenges directly.
"""

from __future__ import annotations

import functools
from pathlib import Path

NB = [(1, 0), (0, 1), (-1, -1), (-1, 0), (0, -1), (1, 1)]
STEPS = {"x": (1, 0), "y": (0, 1), "z": (-1, -1)}


def shared_dir() -> Path | None:
    """../shared next to the repository, else /work/shared; None if absent."""
    here = Path(__file__).resolve().parents[2] / "shared"
    for p in (here, Path("/work/shared")):
        if (p / "corpora" / "calissons").is_dir():
            return p
    return None


def proj(p):
    x, y, z = p
    return (x - z, y - z)


def inside(n, v):
    a, b = v
    return max(abs(a), abs(b), abs(a - b)) <= n


def all_plane_partitions(n):
    """Every plane partition in the n-box (nested loops written out recursively)."""
    out = []

    def rec(rows, i):
        if i == n:
            out.append(tuple(tuple(r) for r in rows))
            return
        prev = rows[-1] if rows else [n] * n

        def row(j, cur):
            if j == n:
                rows.append(cur)
                rec(rows, i + 1)
                rows.pop()
                return
            hi = min(prev[j], cur[-1] if cur else n)
            for v in range(hi + 1):
                row(j + 1, cur + [v])

        row(0, [])

    rec([], 0)
    return out


def pile_faces(n, pp):
    """[(colour, 4 corners in 3-space)] of every visible unit face of the pile."""
    faces = []
    for i in range(n):
        for j in range(n):
            faces.append(z_face(i, j, pp[i][j]))
    for j in range(n):
        faces.extend(x_faces(j, tuple(pp[i][j] for i in range(n))))
    for i in range(n):
        faces.extend(y_faces(i, pp[i]))
    return faces


def z_face(i, j, p):
    """The top face of the stack at (i, j) of height p."""
    return ("z", [(i, j, p), (i + 1, j, p), (i + 1, j + 1, p), (i, j + 1, p)])


def x_faces(j, column):
    """The faces facing +x above column j (column = the heights pp[0][j], pp[1][j], ...)."""
    out = []
    for k in range(len(column)):
        px = sum(1 for h in column if h > k)
        out.append(("x", [(px, j, k), (px, j + 1, k), (px, j + 1, k + 1), (px, j, k + 1)]))
    return out


def y_faces(i, row):
    """The faces facing +y beside row i (row = the heights pp[i][0], pp[i][1], ...)."""
    out = []
    for k in range(len(row)):
        py = sum(1 for h in row if h > k)
        out.append(("y", [(i, py, k), (i + 1, py, k), (i + 1, py, k + 1), (i, py, k + 1)]))
    return out


def face_lozenge(colour, corners):
    """(short diagonal as frozenset of 2 vertices, colour, (far1, far2)) of one projected face."""
    c = [proj(p) for p in corners]
    for s, t in ((0, 2), (1, 3)):
        d = (c[t][0] - c[s][0], c[t][1] - c[s][1])
        if d in NB:
            others = tuple(c[u] for u in range(4) if u not in (s, t))
            return (frozenset((c[s], c[t])), colour, others)
    raise AssertionError("a face without a short diagonal")


def lozenges(n, pp):
    """[(short diagonal as frozenset of 2 vertices, colour, (far1, far2))] of a pile."""
    return [face_lozenge(colour, corners) for colour, corners in pile_faces(n, pp)]


@functools.lru_cache(maxsize=None)
def hexagon_triangles(n):
    """All triangles (frozensets of 3 mutually adjacent vertices) inside the hexagon."""
    tris = set()
    verts = [(a, b) for a in range(-n, n + 1) for b in range(-n, n + 1) if inside(n, (a, b))]
    for v in verts:
        for d1 in NB:
            for d2 in NB:
                p = (v[0] + d1[0], v[1] + d1[1])
                q = (v[0] + d2[0], v[1] + d2[1])
                if p != q and (q[0] - p[0], q[1] - p[1]) in NB and inside(n, p) and inside(n, q):
                    tris.add(frozenset((v, p, q)))
    return tris


def edge_name(p, q):
    """[a, b, d] name of the unordered edge {p, q}."""
    for d, s in STEPS.items():
        if (q[0] - p[0], q[1] - p[1]) == s:
            return (p[0], p[1], d)
        if (p[0] - q[0], p[1] - q[1]) == s:
            return (q[0], q[1], d)
    raise AssertionError("not an edge")


@functools.lru_cache(maxsize=None)
def interior_edges(n):
    """Edges lying on two triangles of the hexagon, as names."""
    count = {}
    for t in hexagon_triangles(n):
        vs = sorted(t)
        for i in range(3):
            for j in range(i + 1, 3):
                e = edge_name(vs[i], vs[j])
                count[e] = count.get(e, 0) + 1
    return tuple(sorted(e for e, c in count.items() if c == 2))


def tiling_facts(n, pp):
    """(crossed edge names, salient edge names) of a pile, checking it tiles the hexagon."""
    loz = lozenges(n, pp)
    cover = {}
    for diag, colour, others in loz:
        for w in others:
            t = frozenset(diag | {w})
            assert t not in cover, "two lozenges overlap"
            cover[t] = (diag, colour)
    assert set(cover) == hexagon_triangles(n), "the lozenges do not tile the hexagon"
    crossed = {edge_name(*sorted(diag)) for diag, _c, _o in loz}
    salient = set()
    for e in interior_edges(n):
        if e in crossed:
            continue
        p = e[:2]
        q = (p[0] + STEPS[e[2]][0], p[1] + STEPS[e[2]][1])
        common = [(p[0] + d[0], p[1] + d[1]) for d in NB
                  if (p[0] + d[0] - q[0], p[1] + d[1] - q[1]) in NB]
        sides = [cover[frozenset((p, q, w))][1] for w in common if frozenset((p, q, w)) in cover]
        assert len(sides) == 2
        if sides[0] != sides[1]:
            salient.add(e)
    return crossed, salient


@functools.lru_cache(maxsize=None)
def all_tilings(n):
    """[(pp, crossed, salient)] for every tiling of the hexagon of side n."""
    return [(pp,) + tiling_facts(n, pp) for pp in all_plane_partitions(n)]


class FastFacts:
    """The salient edges of a pile as bitmasks, read off the same lozenges as `tiling_facts`.

    Two triangles beside an interior edge lie in lozenges of different colours exactly
    when the edge is salient (a crossed edge has one lozenge on both sides).  So with
    inc(T) = the interior edges of triangle T (a bitmask), the XOR of inc over the
    triangles of the colour-c lozenges marks the edges with exactly one colour-c side,
    and the salient edges are the OR over the three colours.  A row of the pile fixes its
    top (z) faces and its y faces, a column its x faces: each row and column's share
    (triangles covered, XOR per colour) is computed once from its lozenges and reused.
    """

    def __init__(self, n):
        self.n = n
        self.edges = interior_edges(n)
        self.bit = {e: 1 << i for i, e in enumerate(self.edges)}
        self.full = (1 << len(self.edges)) - 1
        tris = sorted(tuple(sorted(t)) for t in hexagon_triangles(n))
        self.tri_bit = {frozenset(t): 1 << i for i, t in enumerate(tris)}
        self.all_tris = (1 << len(tris)) - 1
        self.inc = {}
        for t in tris:
            m = 0
            for a, b in ((0, 1), (0, 2), (1, 2)):
                m |= self.bit.get(edge_name(t[a], t[b]), 0)
            self.inc[frozenset(t)] = m
        self.rows, self.cols = {}, {}

    def share(self, faces):
        """(triangles covered, XOR of inc over them) of some faces of one colour."""
        cover = xor = 0
        for colour, corners in faces:
            diag, _colour, others = face_lozenge(colour, corners)
            for w in others:
                t = frozenset(diag | {w})
                assert t in self.tri_bit, "a lozenge leaves the hexagon"
                assert not cover & self.tri_bit[t], "two lozenges overlap"
                cover |= self.tri_bit[t]
                xor ^= self.inc[t]
        return cover, xor

    def row(self, i, row):
        """Share of row i: (cover, z XOR, y XOR)."""
        key = (i, row)
        if key not in self.rows:
            cz, z = self.share([z_face(i, j, row[j]) for j in range(self.n)])
            cy, y = self.share(y_faces(i, row))
            assert not cz & cy, "two lozenges overlap"
            self.rows[key] = (cz | cy, z, y)
        return self.rows[key]

    def col(self, j, column):
        """Share of column j: (cover, x XOR)."""
        key = (j, column)
        if key not in self.cols:
            self.cols[key] = self.share(x_faces(j, column))
        return self.cols[key]

    def salient_mask(self, pp):
        """Bitmask of the salient edges of a pile, checking that its lozenges tile the hexagon."""
        cover = ez = ey = ex = 0
        for i, row in enumerate(pp):
            c, z, y = self.row(i, row)
            assert not cover & c, "two lozenges overlap"
            cover |= c
            ez ^= z
            ey ^= y
        for j, column in enumerate(zip(*pp)):
            c, x = self.col(j, column)
            assert not cover & c, "two lozenges overlap"
            cover |= c
            ex ^= x
        assert cover == self.all_tris, "the lozenges do not tile the hexagon"
        return ex | ey | ez


@functools.lru_cache(maxsize=None)
def salient_masks(n):
    """(edge list, bit of each edge, [(pp, complement-of-salient mask)]) for fast counting.

    Every pile of the n-box, its salient edges read by `FastFacts` (n = 4 has 232848
    tilings; only small records are kept).  A test checks FastFacts against `tiling_facts`.
    """
    fast = FastFacts(n)
    masks = [(pp, fast.full ^ fast.salient_mask(pp)) for pp in all_plane_partitions(n)]
    return fast.edges, fast.bit, masks


def brute_count(n, givens):
    """Number of tilings in which every given edge is salient."""
    _edges, bit, masks = salient_masks(n)
    X = 0
    for e in givens:
        X |= bit[tuple(e)]
    return sum(1 for _pp, m in masks if not X & m)


def brute_solutions(n, givens):
    """The plane partitions of every solution."""
    _edges, bit, masks = salient_masks(n)
    X = 0
    for e in givens:
        X |= bit[tuple(e)]
    return [pp for pp, m in masks if not X & m]


def local_count(n, givens, cap=2):
    """Count solutions by backtracking on local rules only (edges crossed or not), up to cap.

    Rules: each triangle has exactly one crossed edge, boundary and given edges are not
    crossed, and the two triangles beside a given edge are covered by calissons of
    different colours (a calisson's colour is the direction of the edge it crosses).
    """
    tris = sorted(tuple(sorted(t)) for t in hexagon_triangles(n))
    tri_edges = []
    for t in tris:
        tri_edges.append([edge_name(t[i], t[j]) for i, j in ((0, 1), (0, 2), (1, 2))])
    edges = sorted({e for es in tri_edges for e in es})
    interior = set(interior_edges(n))
    eid = {e: i for i, e in enumerate(edges)}
    T = [[eid[e] for e in es] for es in tri_edges]
    on = [[] for _ in edges]
    for ti, es in enumerate(T):
        for e in es:
            on[e].append(ti)
    state = [None] * len(edges)          # True = crossed, False = side
    for e in edges:
        if e not in interior:
            state[eid[e]] = False
    folds = []
    for g in givens:
        g = tuple(g)
        state[eid[g]] = False
        folds.append([ti for ti in on[eid[g]]])
    colour = {i: e[2] for i, e in enumerate(edges)}

    fold_of = {}
    for t1, t2 in folds:
        fold_of.setdefault(t1, []).append(t2)
        fold_of.setdefault(t2, []).append(t1)

    def tri_colour(st, ti):
        for e in T[ti]:
            if st[e] is True:
                return colour[e]
        return None

    def propagate(st, queue):
        while queue:
            e0 = queue.pop()
            for ti in on[e0]:
                es = T[ti]
                c = sum(1 for e in es if st[e] is True)
                unk = [e for e in es if st[e] is None]
                if c > 1 or (c == 0 and not unk):
                    return False
                if c == 1:
                    for e in unk:
                        st[e] = False
                        queue.append(e)
                    col = tri_colour(st, ti)
                    for other in fold_of.get(ti, ()):
                        if tri_colour(st, other) == col:
                            return False
                elif len(unk) == 1:
                    st[unk[0]] = True
                    queue.append(unk[0])
        return True

    count = 0

    def rec(st, queue):
        nonlocal count
        if count >= cap or not propagate(st, queue):
            return
        try:
            e = st.index(None)
        except ValueError:
            count += 1
            return
        for v in (True, False):
            s2 = list(st)
            s2[e] = v
            rec(s2, [e])

    rec(state, [i for i, v in enumerate(state) if v is not None])
    return min(count, cap)
