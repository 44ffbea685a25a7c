"""Penrose family tiles: the flat sort key of a 4-cornered tile orders tiles as the nested
(points, kind) key does (the JSON's order), ties between shared corners included."""
import random

from generator.families import Tile
from generator.penrose.family import _four_points


def test_flat_key_orders_as_the_nested_one():
    rng = random.Random(4)
    corners = [(rng.choice((-1.5, 0.0, 0.25, 2.0)), rng.choice((-1.0, 0.5, 3.0))) for _ in range(6)]
    tiles = [Tile(rng.choice(("thick", "thin")), (), tuple(rng.choice(corners) for _ in range(4)))
             for _ in range(400)]
    nested = sorted(tiles, key=lambda t: (t.points, t.kind))
    assert sorted(tiles, key=_four_points) == nested
    # ties all the way down to the kind, and whole ties kept in their first order
    assert any(a.points == b.points for a, b in zip(nested, nested[1:]))
    assert [id(t) for t in sorted(tiles, key=_four_points)] == [id(t) for t in nested]
