"""Hat JSON written as a stream (one walk, tiles spooled) is byte-identical to the object tree."""
from fractions import Fraction

from generator.hat import family as F
from generator.hat import patch as P
from generator.hat.render import patch_json, tile_json, tile_texts
from generator.output import json_chunks, to_json


def test_tile_texts_are_the_canonical_json_of_each_hat():
    patch = P.from_seed(Fraction(30), Fraction(20), 4)
    hats = list(patch.hats())
    assert len(hats) > 50
    assert list(tile_texts(hats)) == [to_json(tile_json(h))[:-1] for h in hats]


def test_streamed_patch_json_equals_the_object_tree(monkeypatch):
    monkeypatch.setattr(F.HatPatch, "stream_from", 10)
    link = P.from_seed(Fraction(40), Fraction(30), 9).permalink()
    streamed = F.to_json(F.regen(link, {}))
    assert not isinstance(streamed["tiles"], list)          # the streamed path was taken
    text = "".join(json_chunks(streamed))
    item = F.regen(link, {})
    want = to_json(patch_json(item.hats(), item.patch.permalink(), item.patch.region))
    assert text == want and text.count('"kind":"hat"') == len(item.hats())


def test_streamed_seeded_patch_json_has_the_completed_permalink(monkeypatch):
    monkeypatch.setattr(F.HatPatch, "stream_from", 10)
    item = F.generate({"width": "25", "height": "25", "seed": 3})
    text = "".join(json_chunks(F.to_json(item)))
    again = F.generate({"width": "25", "height": "25", "seed": 3})
    assert text == to_json(patch_json(again.hats(), again.patch.permalink(), again.patch.region))
