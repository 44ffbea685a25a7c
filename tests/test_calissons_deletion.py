"""Incremental deletion (deletion.py): the same givens as the propagating reference, a unique
and inclusion-minimal result checked by the solver's least/greatest solutions, and forests
that stay valid witnesses after every step."""
import random

import pytest

from generator.calissons import deletion
from generator.calissons import generator as gen
from generator.calissons import regions
from generator.calissons.model import hexagon
from generator.calissons.sampler import sample_region_heights
from generator.calissons.solver import solve


def _order(reg, S, seed):
    order = list(reg.salient_edges(S))
    random.Random(f"test:{seed}").shuffle(order)
    return order


@pytest.mark.parametrize("n", [3, 5, 8, 12])
def test_same_givens_as_the_propagating_reference(n):
    reg = hexagon(n)
    for seed in range(4):
        S = gen.sample_tiling(n, seed, 0)
        order = _order(reg, S, seed)
        for keep in (0, len(order) // 2):
            assert gen.reduce_givens(n, S, order, keep) == gen.reduce_givens_propagating(n, S, order, keep)


def test_same_givens_on_other_regions():
    for name in ("star", "long", "hexagram"):
        shape = regions.named(name, 2)
        reg = shape.region
        S = sample_region_heights(reg, f"{name}:0")
        order = _order(reg, S, name)
        assert gen.reduce_givens(reg, S, order, 0) == gen.reduce_givens_propagating(reg, S, order, 0)


@pytest.mark.parametrize("n", [10, 20])
def test_result_unique_and_minimal_by_the_solver(n):
    reg = hexagon(n)
    S = gen.sample_tiling(n, 7, 0)
    givens, deleted = gen.reduce_givens(n, S, _order(reg, S, 7), 0)
    assert len(givens) + len(deleted) == len(reg.salient_edges(S))
    sol = solve(reg, givens)
    assert sol.status == "unique" and sol.least == S
    rng = random.Random(1)
    for e in rng.sample(givens, min(40, len(givens))):      # every given is needed
        assert solve(reg, [g for g in givens if g != e]).status == "multiple"


def _reaches(forest_parent, end, roots, V):
    """Every vertex's parent chain ends at a root without repeating a vertex."""
    for v in range(V):
        seen = set()
        while forest_parent[v] >= 0:
            assert v not in seen
            seen.add(v)
            v = end[forest_parent[v]]
        assert v in roots


def test_forests_stay_spanning_and_use_live_tight_arcs():
    n = 9
    reg = hexagon(n)
    S = gen.sample_tiling(n, 3, 0)
    order = _order(reg, S, 3)
    f = deletion.UniqueForests(reg, S, order)
    up_roots = {v for v in range(len(S)) if S[v] == reg.ceil[v]}
    down_roots = {v for v in range(len(S)) if S[v] == reg.floor[v]}
    refused = 0
    for i, e in enumerate(order):
        ok = f.try_delete(e)
        refused += not ok
        if i % 25 == 0 or i == len(order) - 1:
            for parent in (f.up_parent, f.down_parent):
                assert all(a < 0 or f.alive[a] for a in parent)
            _reaches(f.up_parent, f.dst, up_roots, len(S))
            _reaches(f.down_parent, f.src, down_roots, len(S))
    assert refused == len(f.clue_arcs) > 0


def test_givens_that_do_not_determine_the_tiling_are_refused():
    n = 4
    reg = hexagon(n)
    S = gen.sample_tiling(n, 0, 0)
    with pytest.raises(Exception, match="do not determine"):
        deletion.UniqueForests(reg, S, reg.salient_edges(S)[:3])
