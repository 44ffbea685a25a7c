"""Adjacency maps of the substitution, computed from the geometry at import time.

For every parent label P (of one family) we place P exactly in Z[t], substitute it once
(`geometry.children`) and look at every edge of every child:

* if another child has the same edge reversed, the edge is *internal*:
  EXIT[P][c][i] = (c', i') — crossing edge i of child c lands in child c' on its edge i';
* otherwise the edge lies on edge e of the parent, as its k-th segment counting from the
  start of e (anticlockwise order of the parent): EXIT[P][c][i] = (None, e, k), and
  ENTRY[P][e][k] = (c, i) tells which child is met when coming in through that segment.

Crossing parent edge e of P lands on edge e' of the neighbouring parent, which runs the
other way, so segment k of e is segment NSEG[P'][e'] − 1 − k of e'.  (The tests check that
every pair of edges that can meet is cut into the same segments in reverse order.)

Also computed here, exactly in Q(√5): the substitution matrix, its Perron–Frobenius
eigenvalue φ² and left eigenvector (the limiting frequency of each label), and the
conditional probabilities P(parent = u | child = c) = M[u][c]·f(u) / (φ²·f(c)) with which
missing parents are invented.
"""

from __future__ import annotations
import functools

from generator.penrose import algebra as Z
from generator.penrose import geometry as G
from generator.penrose.algebra import Q5


def _canonical_parent(family: str, ch: str):
    """Vertices of a parent triangle of label ch placed with base 0 → φ³·base (exact)."""
    shape, _mark = G.TYPE_INFO[ch]
    base = Z.mul(G.BASE_LENGTH[family, shape], Z.power(Z.PHI, 3))
    return G.place(shape, 0, Z.ZERO, base)


def _edge_param_order(p0, pts):
    """Sort points of a segment starting at p0 by exact distance from p0."""

    def cmp(a, b):
        na, nb = Z.norm2(Z.sub(a, p0)), Z.norm2(Z.sub(b, p0))
        return Z.sign5(na[0] - nb[0], na[1] - nb[1])
    return sorted(pts, key=functools.cmp_to_key(cmp))


def compute_maps(family: str):
    """(EXIT, ENTRY, NSEG, CHILDREN) for one family, from the geometry."""
    exit_map, entry_map, nseg = {}, {}, {}
    child_sets = {}
    for parent in G.FAMILY_LETTERS[family]:
        pv = _canonical_parent(family, parent)
        kids = G.children(family, parent, *pv)
        labels = [k[0] for k in kids]
        if len(set(labels)) != len(labels):
            raise AssertionError(f"children of {parent} are not distinct: {labels}")
        child_sets[parent] = "".join(labels)
        edges = {}
        for ch, a, b, c in kids:
            vs = (a, b, c)
            for i in range(3):
                edges[(vs[i], vs[(i + 1) % 3])] = (ch, i)
        ex = {ch: [None, None, None] for ch in labels}
        on_parent = {0: [], 1: [], 2: []}
        for (p, q), (ch, i) in edges.items():
            other = edges.get((q, p))
            if other is not None:
                ex[ch][i] = other
                continue
            for e in range(3):
                s, t = pv[e], pv[(e + 1) % 3]
                if Z.collinear(s, t, p) and Z.collinear(s, t, q):
                    on_parent[e].append((p, q, ch, i))
                    break
            else:
                raise AssertionError(f"edge {i} of child {ch} of {parent} is neither inside nor on the boundary")
        en = {}
        for e in range(3):
            segs = on_parent[e]
            starts = _edge_param_order(pv[e], [s[0] for s in segs])
            order = {pt: k for k, pt in enumerate(starts)}
            en[e] = [None] * len(segs)
            for p, q, ch, i in segs:
                k = order[p]
                ex[ch][i] = (None, e, k)
                en[e][k] = (ch, i)
            nseg[parent, e] = len(segs)
        exit_map[parent] = {ch: tuple(v) for ch, v in ex.items()}
        entry_map[parent] = {e: tuple(v) for e, v in en.items()}
    return exit_map, entry_map, nseg, child_sets


# --- limiting distribution ------------------------------------------------------------

LAMBDA = Q5_PHI_SQUARED = Q5(3, 1) / 2          # φ² = (3 + √5)/2


def _solve_left_eigenvector(letters: str, child_sets: dict):
    """Frequencies f with f(c) = Σ_u M[u][c] f(u) / φ² and Σ f = 1, exactly (Gaussian elimination)."""
    n = len(letters)
    idx = {ch: i for i, ch in enumerate(letters)}
    # equations: for each c: Σ_u M[u][c] f(u) − λ f(c) = 0 ; replace the last by Σ f = 1
    rows = []
    for c in letters:
        row = [Q5(0) for _ in range(n)]
        for u in letters:
            if c in child_sets[u]:
                row[idx[u]] = row[idx[u]] + 1
        row[idx[c]] = row[idx[c]] - LAMBDA
        rows.append(row + [Q5(0)])
    rows[-1] = [Q5(1) for _ in range(n)] + [Q5(1)]
    for col in range(n):
        piv = next(r for r in range(col, n) if rows[r][col].sign() != 0)
        rows[col], rows[piv] = rows[piv], rows[col]
        inv = rows[col][col].inverse()
        rows[col] = [v * inv for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col].sign() != 0:
                f = rows[r][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col])]
    return {ch: rows[idx[ch]][n] for ch in letters}


def compute_probabilities(family: str, child_sets: dict):
    """(FREQ, PARENT_PROB): limiting label frequencies and P(parent | child), exact in Q(√5)."""
    letters = G.FAMILY_LETTERS[family]
    freq = _solve_left_eigenvector(letters, child_sets)
    parent_prob = {}
    for c in letters:
        parent_prob[c] = [(u, freq[u] / (LAMBDA * freq[c])) for u in letters if c in child_sets[u]]
    return freq, parent_prob


EXIT, ENTRY, NSEG, CHILDREN, FREQ, PARENT_PROB = {}, {}, {}, {}, {}, {}
for _fam in ("p2", "p3"):
    _ex, _en, _ns, _cs = compute_maps(_fam)
    EXIT.update(_ex)
    ENTRY.update(_en)
    NSEG.update(_ns)
    CHILDREN.update(_cs)
    FREQ[_fam], _pp = compute_probabilities(_fam, _cs)
    PARENT_PROB.update(_pp)


def valid_parent(child: str, parent: str) -> bool:
    """True when a triangle labelled `child` occurs in the substitution of `parent`."""
    return child in CHILDREN.get(parent, "")
