"""The adjacency maps and limiting probabilities, recomputed and checked against the geometry."""
import itertools
import random

from generator.penrose import algebra as Z
from generator.penrose import coords as C
from generator.penrose import geometry as G
from generator.penrose import tables as TB

PHI = (1 + 5 ** 0.5) / 2


def test_entry_segments_cover_each_parent_edge_exactly():
    """The child segments ENTRY lists along a parent's edge run from one end of the edge to the
    other, end to end, on the edge (checked on the placed triangles, not on the tables' code)."""
    for fam in ("p2", "p3"):
        for p in G.FAMILY_LETTERS[fam]:
            shape = G.TYPE_INFO[p][0]
            pv = G.place(shape, 0, Z.ZERO, Z.mul(G.BASE_LENGTH[fam, shape], Z.power(Z.PHI, 2)))
            kids = {k[0]: k[1:] for k in G.children(fam, p, *pv)}
            for e in range(3):
                start, end = pv[e], pv[(e + 1) % 3]
                at = start
                assert TB.NSEG[p, e] == len(TB.ENTRY[p][e]) >= 1
                for c, i in TB.ENTRY[p][e]:
                    a, b = kids[c][i], kids[c][(i + 1) % 3]
                    assert {a, b} >= {at} and Z.orientation(start, end, b if a == at else a) == 0
                    at = b if a == at else a
                assert at == end


def test_children_counts_and_distinct_labels():
    for fam, big, small in (("p2", "AB", "UV"), ("p3", "XY", "CD")):
        for p in G.FAMILY_LETTERS[fam]:
            kids = TB.CHILDREN[p]
            assert len(set(kids)) == len(kids)
            assert len(kids) == (3 if p in big else 2)


def test_children_tile_the_parent_exactly():
    """Areas: the children's |cross products| add up to the parent's, all exact in Z[t]."""
    for fam in ("p2", "p3"):
        for p in G.FAMILY_LETTERS[fam]:
            shape = G.TYPE_INFO[p][0]
            pv = G.place(shape, 0, Z.ZERO, Z.mul(G.BASE_LENGTH[fam, shape], Z.PHI))
            kids = G.children(fam, p, *pv)

            def area2(a, b, c):
                return Z.y_parts(Z.mul(Z.conj(Z.sub(b, a)), Z.sub(c, a)))
            total = (0, 0)
            for _ch, a, b, c in kids:
                assert Z.orientation(a, b, c) == 1
                ar = area2(a, b, c)
                total = (total[0] + ar[0], total[1] + ar[1])
            assert total == area2(*pv)


def test_every_internal_edge_is_one_segment_each_way():
    for p, m in TB.EXIT.items():
        for c, edges in m.items():
            for i, r in enumerate(edges):
                if r[0] is not None:
                    c2, i2 = r
                    assert TB.EXIT[p][c2][i2] == (c, i)
                else:
                    assert TB.ENTRY[p][r[1]][r[2]] == (c, i)


def _segment_lengths(fam, ch, e):
    """Exact |segment|² along edge e of a triangle of label ch, in order."""
    shape = G.TYPE_INFO[ch][0]
    pv = G.place(shape, 0, Z.ZERO, Z.mul(G.BASE_LENGTH[fam, shape], Z.power(Z.PHI, 2)))
    kids = {k[0]: k[1:] for k in G.children(fam, ch, *pv)}
    out = []
    for c, i in TB.ENTRY[ch][e]:
        vs = kids[c]
        out.append(Z.norm2(Z.sub(vs[(i + 1) % 3], vs[i])))
    return out


def test_edges_that_meet_are_cut_the_same_way():
    """Whenever two triangles meet along an edge, the next substitution cuts it identically."""
    meets = set()
    for p, m in TB.EXIT.items():
        fam = "p2" if p in G.FAMILY_LETTERS["p2"] else "p3"
        for c, edges in m.items():
            for i, r in enumerate(edges):
                if r[0] is not None:
                    meets.add((fam, c, i, r[0], r[1]))
    assert meets
    for fam, c, i, c2, i2 in meets:
        a, b = _segment_lengths(fam, c, i), _segment_lengths(fam, c2, i2)
        assert a == b[::-1], (fam, c, i, c2, i2)


def test_worked_examples_from_the_article():
    """BA… and BU…: edge 0 of B borders U; BBBU's edge-0 neighbour is AABU (legs numbered mirrored)."""
    w = C.Walker("p2", "BBBU", random.Random(0))
    assert w.step("BABU", 0, 0)[0] == "UABU"
    assert w.step("BUUU", 0, 0)[0] == "UUUU"
    assert w.step("BBBU", 0, 0)[0] == "AABU"


def test_step_there_and_back():
    rng = random.Random(5)
    for fam in ("p2", "p3"):
        for _ in range(100):
            ch, _o = C.random_start(fam, rng)
            w = C.Walker(fam, ch, rng)
            s = w.extend(ch, 12)
            for _ in range(20):
                e = rng.randrange(3)
                s2, e2 = w.step(s, 0, e)
                back, eb = w.step(s2, 0, e2)
                assert eb == e and w.extend(back, len(s)) == w.extend(s, len(back))
                s = w.extend(s2, 12)


def test_limiting_frequencies():
    for fam in ("p2", "p3"):
        f = TB.FREQ[fam]
        assert sum((f[c] for c in f), Z.Q5(0)) == Z.Q5(1)
        # f is a left eigenvector with eigenvalue φ²
        for c in f:
            lhs = sum((f[u] for u in f if c in TB.CHILDREN[u]), Z.Q5(0))
            assert lhs == TB.LAMBDA * f[c]
        acute = f[G.letter(fam, 0, 1)] + f[G.letter(fam, 0, 2)]
        obtuse = f[G.letter(fam, 1, 1)] + f[G.letter(fam, 1, 2)]
        ratio = acute / obtuse if fam == "p2" else obtuse / acute
        assert ratio == Z.Q5_PHI                 # kites:darts and thick:thin = φ exactly


def test_parent_probabilities_sum_to_one_and_match_children():
    for c, opts in TB.PARENT_PROB.items():
        assert sum((p for _, p in opts), Z.Q5(0)) == Z.Q5(1)
        for u, p in opts:
            assert c in TB.CHILDREN[u] and p.sign() > 0


def test_multipliers_give_the_right_triangles():
    for shape in (G.ACUTE, G.OBTUSE):
        for j in range(3):
            v = G.place(shape, j, Z.ZERO, Z.ONE)
            a, b, c = (Z.to_complex(x) for x in v)
            assert Z.orientation(*v) == 1
            legs = (abs(c - b), abs(a - c))
            base = abs(b - a)
            assert abs(legs[0] - legs[1]) < 1e-9
            want = 1 / PHI if shape == G.ACUTE else PHI
            assert abs(base / legs[0] - want) < 1e-9


def _float_search(steps):
    """All 64 marking rules for the two half-steps; return those giving proper P2 and P3 patches."""
    import cmath
    import math

    def cross(a, b):
        return (a.conjugate() * b).imag

    def mk(shape, apex, p, q, to):
        if cross(q - p, apex - p) < 0:
            p, q = q, p
        return (shape, 1 if to == q else 2, p, q, apex)

    def acute_split(t, r):
        dside, amark, omark = r
        _, m, v0, v1, v2 = t
        dedge = m if dside == "m" else 3 - m
        b, c = (v1, v0) if dedge == 2 else (v0, v1)
        d = v2 + (c - v2) / PHI
        return [mk("a", b, d, c, d if amark == "D" else c), mk("o", d, v2, b, v2 if omark == "A" else b)]

    def obtuse_split(t, r):
        mside, amark, omark = r
        _, m, v0, v1, v2 = t
        medge = m if mside == "m" else 3 - m
        mm, k = (v1, v0) if medge == 1 else (v0, v1)
        e = mm + (k - mm) / PHI
        return [mk("a", mm, v2, e, v2 if amark == "G" else e), mk("o", e, v2, k, v2 if omark == "G" else k)]

    def half(ts, shape, ra, ro):
        out = []
        for t in ts:
            if t[0] != shape:
                out.append(t)
            else:
                out += acute_split(t, ra) if shape == "a" else obtuse_split(t, ro)
        return out

    def key(z):
        return (round(z.real, 6), round(z.imag, 6))

    def glue_ok(ts, glue):
        emap = {}
        for i, t in enumerate(ts):
            v = t[2:]
            for e in range(3):
                emap[key(v[e]), key(v[(e + 1) % 3])] = (i, e)
        for t in ts:
            v = t[2:]
            ge = t[1] if glue == "mark" else 0
            o = emap.get((key(v[(ge + 1) % 3]), key(v[ge])))
            if o is None:
                continue
            u = ts[o[0]]
            if not (u[0] == t[0] and u[1] != t[1] and o[1] == (u[1] if glue == "mark" else 0)):
                return False
        return True

    good = []
    for ra in itertools.product("mu", "DC", "AB"):
        for ro in itertools.product("mu", "GE", "GK"):
            tris = [mk("a", 0, cmath.rect(1, k * math.pi / 5), cmath.rect(1, (k + 1) * math.pi / 5),
                       cmath.rect(1, (k + (k % 2 == 1)) * math.pi / 5)) for k in range(10)]
            for _ in range(steps):
                tris = half(half(tris, "a", ra, ro), "o", ra, ro)
            if glue_ok(tris, "mark") and glue_ok(half(tris, "a", ra, ro), "base"):
                good.append((ra, ro))
    return good


def test_marking_rule_is_the_only_consistent_one():
    """Of the 64 ways to mark the half-step children, only ours glues into P2 and P3 tiles."""
    assert _float_search(4) == [(("m", "D", "B"), ("m", "G", "K"))]


def test_triangle_counts_are_fibonacci():
    from generator.penrose import substitution as S
    fib = [1, 1]
    while len(fib) < 20:
        fib.append(fib[-1] + fib[-2])
    for fam, big, small in (("p2", "A", "U"), ("p3", "X", "C")):
        for k in range(7):
            assert len(S.expand(fam, big, k)) == fib[2 * k + 1]      # 1, 3, 8, 21, …
            assert len(S.expand(fam, small, k)) == fib[2 * k]        # 1, 2, 5, 13, …


def test_pruned_substitution_is_the_filtered_full_one():
    from fractions import Fraction
    from generator.penrose import substitution as S
    from generator.penrose.region import Region
    for fam, ch in (("p2", "A"), ("p3", "X")):
        full = S.expand(fam, ch, 8, scale=3)
        xs = [Z.to_float(v)[0] / 3 for t in full for v in t[1:]]
        ys = [Z.to_float(v)[1] / 3 for t in full for v in t[1:]]
        cx, cy = Fraction(round(sum(xs) / len(xs))), Fraction(round(sum(ys) / len(ys)))
        region = Region(cx - 3, cy - 2, cx + 3, cy + 2, 3)
        got = S.pruned(fam, ch, 8, region)
        want = [t for t in full if region.meets_exact(*t[1:])]
        assert sorted(got) == sorted(want) and 0 < len(got) < len(full) / 4


def test_region_fast_test_agrees_with_exact_test():
    """Region.meets (floats with an exact fallback) gives the exact answer, also at the edges."""
    from fractions import Fraction
    from generator.penrose.region import Region
    rng = random.Random(8)
    region = Region(Fraction(-2), Fraction(-1), Fraction(2), Fraction(1), 3)
    agree = 0
    for _ in range(4000):
        base = tuple(rng.randint(-9, 9) for _ in range(4))
        shape = rng.randrange(2)
        k = rng.randrange(10)
        tri = G.place(shape, 0, base, Z.add(base, Z.mul(Z.scale(Z.ONE, 3), Z.t_power(k))))
        fl = [Z.to_float(v) for v in tri]
        assert region.meets(*tri, *fl) == region.meets_exact(*tri)
        agree += 1
    # triangles touching the region only along its boundary line x = 2 (exactly) do not meet it
    tri = G.place(G.OBTUSE, 0, (6, 0, 0, 0), (9, 0, 0, 0))
    assert Z.compare_x(tri[0], Fraction(2), 3) == 0
    fl = [Z.to_float(v) for v in tri]
    assert region.meets(*tri, *fl) is False and region.meets_exact(*tri) is False
    # its mirror image one unit to the left overlaps the region
    tri = G.place(G.OBTUSE, 0, (3, 0, 0, 0), (6, 0, 0, 0))
    fl = [Z.to_float(v) for v in tri]
    assert region.meets(*tri, *fl) is True
    assert agree == 4000
