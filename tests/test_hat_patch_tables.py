"""Hat random patches: the lookup tables (regenerated from the exact geometry) and the exact limits."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from generator.hat import limits as L
from generator.hat import tables, tables_data as D
from generator.hat.coords import kite_move


def test_tables_data_is_what_build_generates():
    """The committed tables_data.py is exactly the output of the generator script."""
    assert D.__file__ and tables.DATA_PATH.read_text() == tables.render(tables.build())


@pytest.mark.parametrize("level", [4, 5])
def test_metamaps_do_not_depend_on_the_level(level):
    """Metamaps built two levels up from bigger supertiles are the same tables."""
    from generator.hat import geometry as G, overlap as O
    for m3 in range(4):
        assert tables._metamap(G, O, L.TYPES[m3], level) == D.METAMAPS[m3]


def test_child_numbering_matches_the_substitution():
    """Overlapping numbering 13/7/11/11, disjoint ones first with the stated counts."""
    assert [len(c) for c in D.CHILD] == [13, 7, 11, 11]
    assert D.DISJOINT == (10, 1, 5, 6)
    for u in range(4):
        counts = Counter(D.CHILD[u][: D.DISJOINT[u]])
        assert tuple(counts.get(t, 0) for t in range(4)) == L.CHILD_COUNTS[u]
    assert [sum(r) for r in D.REFLECTED] == [1, 0, 0, 0]


def test_kitemaps_are_consistent_adjacency():
    """Every kitemap step is reversible: if A → B across an edge, B → A across the shared edge."""
    back = {0: 3, 3: 0, 1: 2, 2: 1}   # the edge of the neighbour that is shared (coords docstring)
    for m2 in range(4):
        labels, steps = D.KITEMAP_LABELS[m2], D.KITEMAP_STEPS[m2]
        assert len(set(labels)) == len(labels)
        n_kites = 8 * sum(L.HATS_PER_TYPE[D.CHILD[m2][c]] for c in range(len(D.CHILD[m2])))
        assert len(labels) == n_kites
        for i in range(len(labels)):
            for e in range(4):
                j = steps[4 * i + e]
                if j >= 0:
                    assert steps[4 * j + back[e]] == i
        # the map is connected through its own steps
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for e in range(4):
                j = steps[4 * i + e]
                if j >= 0 and j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert len(seen) == len(labels)


def test_kite_moves_are_an_involution_on_edges():
    """Crossing an edge and crossing back returns to the same kite."""
    back = {0: 3, 3: 0, 1: 2, 2: 1}
    for k in range(6):
        kite = (0, 0, k)
        for e in range(4):
            assert kite_move(kite_move(kite, e), back[e]) == kite


def test_metamap_names_are_symmetric_and_valid():
    """If (c1, c2) has the other name (c1', c2'), then that one lists (c1, c2); types agree."""
    for m3 in range(4):
        mm = D.METAMAPS[m3]
        for (c1, c2), alts in mm.items():
            t1 = D.CHILD[D.CHILD[m3][c2]][c1]
            for a, b in alts:
                assert (c1, c2) in mm[(a, b)]
                assert D.CHILD[D.CHILD[m3][b]][a] == t1


def test_frequencies_are_the_fact_table():
    """H : T : P : F = 1 : (7−3√5)/2 : 3√5−6 : (9−3√5)/2, eigenvalue φ⁴."""
    f = L.FREQ
    from fractions import Fraction as Fr
    assert f == (L.Q5(1), L.Q5(Fr(7, 2), Fr(-3, 2)), L.Q5(-6, 3), L.Q5(Fr(9, 2), Fr(-3, 2)))
    assert L.LAMBDA == L.Q5(Fr(7, 2), Fr(3, 2))
    hats = [round(float(x), 4) for x in L.hat_fractions()]
    assert hats == [0.5093, 0.0186, 0.1803, 0.2918]
    assert L.reflected_fraction() == 1 / (L.LAMBDA + 1)
    assert abs(float(L.reflected_fraction()) - 0.127322) < 1e-6


def test_parent_distributions_sum_to_one_and_are_exact():
    """Conditional parent probabilities f_u/(λ f_t) per disjoint slot, summing to 1 exactly."""
    slots = [[(n, D.CHILD[u][n]) for n in range(D.DISJOINT[u])] for u in range(4)]
    for t in range(4):
        dist = L.parent_distribution(t, slots)
        assert sum((p for _, _, p in dist), L.Q5()) == L.Q5(1)
        for u, n, p in dist:
            assert D.CHILD[u][n] == t and p > L.Q5(0)
    # T only ever has an H parent, in one slot
    assert [(u, n) for u, n, _ in L.parent_distribution(1, slots)] == [(0, 9)]


def test_choose_is_exact_and_unbiased():
    """The exact chooser matches its probabilities (chi-squared, 3 degrees of freedom)."""
    rng = random.Random(12345)
    probs = L.hat_fractions()
    n = 40000
    counts = Counter(L.choose(rng, probs) for _ in range(n))
    chi2 = sum((counts[i] - n * float(p)) ** 2 / (n * float(p)) for i, p in enumerate(probs))
    assert chi2 < 16.27          # p = 0.001 for 3 degrees of freedom


def test_q5_sign_is_exact():
    """Signs of a + b√5 near zero are decided exactly."""
    assert L.Q5(-2207, 987).sign() == -1      # 987√5 ≈ 2206.9998 (2207² − 5·987² = 4)
    assert L.Q5(2207, -987).sign() == 1
    assert L.Q5(-2208, 987).sign() == -1 and L.Q5(-2206, 987).sign() == 1
    assert L.Q5(0, 0).sign() == 0
    assert math.isclose(float(L.PHI), (1 + 5 ** 0.5) / 2)
