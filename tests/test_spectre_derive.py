"""The Spectre metatile substitution, derived from the nine hexagons' edge labels (derive.py).

The committed tables (rules_data.py) are regenerated and compared; the derivation's claims
are checked one by one — the outlines close and enclose 8 (Γ: 7) hexagons, the constraints
have exactly one solution, the handedness flip is forced, the honeycomb matches our ring of
places in exactly one way — and the neighbour tables are checked against the exact Spectre
geometry: two levels of tables predict exactly which grandchildren of a cluster touch.
"""

from __future__ import annotations

import pytest

from generator.spectre import derive as D
from generator.spectre import geometry as G
from generator.spectre import rules_data as R
from generator.spectre import substitution as S
from generator.spectre.patch import _iso_edges, outline
from generator.spectre.tables import child_adjacency, hexagon_pattern


@pytest.fixture(scope="module")
def solved():
    """(parents, solutions) of the derivation."""
    return D.solve()


def test_rules_data_is_what_derive_generates():
    """The committed rules_data.py is exactly the output of the derivation."""
    assert D.DATA_PATH.read_text(encoding="utf-8") == D.render(D.build())


def test_substitution_uses_the_derived_rules():
    assert S.RULES is R.RULES
    assert S.CHILD[S.GAMMA] == tuple(-1 if c == "." else S.TYPES.index(c) for c in R.RULES["G"])


@pytest.mark.parametrize("t", D.TYPES)
def test_outline_closes_round_8_hexagons_7_for_gamma(t):
    cells, rows = D.trace(t)
    assert len(cells) == (7 if t == "G" else 8)
    assert [len(r) for r in rows] == [len(D.path_turns(x)) + 1 for x in D.labels(t)]
    edges = [e for r in rows for e in r]
    assert len(set(edges)) == len(edges)                  # a simple closed walk
    with pytest.raises(ValueError):
        D.trace(t, sign=-1)                               # the other turn convention does not close


def _normal_form(cells) -> tuple:
    """A set of hexagon centres up to rotation and translation."""
    forms = []
    for r in range(6):
        turned = sorted(D.zrot(c, r) for c in cells)
        forms.append(tuple((a - turned[0][0], b - turned[0][1]) for a, b in turned))
    return min(forms)


def test_layouts_are_one_shape_and_gamma_lacks_one_hexagon():
    """All eight non-Γ expansions cover congruent sets of 8 hexagons; Γ's 7 are 8 minus one."""
    shapes = {_normal_form(D.trace(t)[0]) for t in D.TYPES[1:]}
    assert len(shapes) == 1
    (eight,) = shapes
    gamma = _normal_form(D.trace("G")[0])
    assert gamma in {_normal_form(set(eight) - {c}) for c in eight}


def test_exactly_one_solution(solved):
    parents, sols = solved
    assert len(sols) == 1
    assign, words = sols[0]
    assert len(assign) == 7 + 8 * 8
    assert sorted(words) == sorted(D.EDGE_PATHS)
    for par in parents:                                   # every constraint really holds
        for (i, p), (n, q) in par.links.items():
            k = parents.index(par)
            assert D.complement(D._label_at(assign[(k, i)], p)) == D._label_at(assign[(k, n)], q)


def test_children_of_the_parents_handedness_admit_no_solution():
    assert D.solve(flip=-1)[1] == []


def test_edge_words_fit_the_paths_and_eta_faces_itself():
    for kd, word in R.EDGE_WORDS.items():
        assert len(word) == len(D.EDGE_PATHS[kd]) + 1
    assert D.facing(R.EDGE_WORDS["η"]) == R.EDGE_WORDS["η"]


def test_places_are_matched_by_adjacency_alone_and_rotations_agree(solved):
    """Adjacency and 'Γ in place 7' fix the match; the ring's rotations then agree (not mirrored)."""
    parents, (sol,) = solved
    assign = sol[0]
    for k, par in enumerate(parents):
        pattern = hexagon_pattern(S.GAMMA if par.t == "G" else 1)
        assert len(D.place_maps(par, assign, k, pattern, rotations=None)) == 1
        assert len(D.place_maps(par, assign, k, pattern)) == 1
        mirrored = tuple(-r % 6 for r in D.PLACE_ROTATION)
        assert D.place_maps(par, assign, k, pattern, rotations=mirrored) == []
    turns = [0]
    for ang, _, _ in S.RING:
        turns.append(turns[-1] + ang)
    assert D.PLACE_ROTATION == tuple(x // 2 % 6 for x in turns)


@pytest.mark.parametrize("t", D.TYPES)
def test_neighbour_tables_are_consistent(t):
    """NEIGHBOUR is an involution between complementary labels; OUTER and BOUNDARY are inverse
    and spell the edge words."""
    rules = R.RULES[t]
    outer_seen = set()
    for c, ch in enumerate(rules):
        if ch == ".":
            assert R.NEIGHBOUR[t][c] is None and R.OUTER[t][c] is None
            continue
        for e in range(6):
            nb, ou = R.NEIGHBOUR[t][c][e], R.OUTER[t][c][e]
            assert (nb is None) != (ou is None)
            if nb is not None:
                c2, e2 = nb
                assert R.NEIGHBOUR[t][c2][e2] == (c, e)
                assert D.complement(D.labels(ch)[e]) == D.labels(rules[c2])[e2]
            else:
                assert R.BOUNDARY[t][ou[0]][ou[1]] == (c, e)
                outer_seen.add(ou)
    for i, lab in enumerate(D.labels(t)):
        read = tuple(D.labels(rules[c])[e] for c, e in R.BOUNDARY[t][i])
        word = R.EDGE_WORDS[D.kind(lab)]
        assert read == (word if lab[0] != "-" else D.facing(word))
        outer_seen -= {(i, j) for j in range(len(read))}
    assert outer_seen == set()


@pytest.mark.parametrize("k", [2, 3])
def test_inner_neighbours_are_the_clusters_that_touch(k):
    for u, t in enumerate(D.TYPES):
        table = {tuple(sorted((c, nb[0]))) for c, row in enumerate(R.NEIGHBOUR[t]) if row
                 for nb in row if nb}
        assert table == set(child_adjacency(u, k))


def predicted_contacts(t: str) -> set:
    """Pairs of grandchildren (place, place) that the tables say share an edge."""
    out = set()
    for c, ch in enumerate(R.RULES[t]):
        if ch == ".":
            continue
        for g, row in enumerate(R.NEIGHBOUR[ch]):
            for nb in row or ():
                if nb:
                    out.add(frozenset(((c, g), (c, nb[0]))))
        for e, nb in enumerate(R.NEIGHBOUR[t][c]):
            if nb is None:
                continue
            mine, theirs = R.BOUNDARY[ch][e], R.BOUNDARY[R.RULES[t][nb[0]]][nb[1]]
            assert len(mine) == len(theirs)
            for (g, _), (g2, _) in zip(mine, reversed(theirs)):
                out.add(frozenset(((c, g), (nb[0], g2))))
    return out


def geometric_contacts(u: int, k: int) -> set:
    """Pairs of grandchildren of an exact level-k cluster of type u sharing a Spectre edge."""
    outer, inner = S.frames(k), S.frames(k - 1)
    owner = {}
    for c in S.PLACES[u]:
        v = S.CHILD[u][c]
        for g in S.PLACES[v]:
            shape = outline(S.CHILD[v][g] == S.GAMMA, k - 2)
            for p, q in _iso_edges(G.compose(outer[c], inner[g]), shape):
                owner[(p, q)] = (c, g)
    return {frozenset((a, owner[(q, p)])) for (p, q), a in owner.items()
            if owner.get((q, p), a) != a}


@pytest.mark.parametrize("k", [3, 4])
def test_two_levels_of_tables_predict_which_grandchildren_touch(k):
    for u, t in enumerate(D.TYPES):
        predicted = predicted_contacts(t)
        assert len(predicted) == (126 if t == "G" else 144)
        assert predicted == geometric_contacts(u, k)
