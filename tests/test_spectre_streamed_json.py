"""Spectre JSON written as a stream is one walk of the patch and byte-identical to the object tree."""
from generator.output import json_chunks, to_json
from generator.spectre import family as F
from generator.spectre import patch as P
from generator.spectre.render import patch_json


def _counting(monkeypatch):
    """Count the walks over a patch's Spectres (each call of Patch.spectres starts one)."""
    calls = []
    real = P.Patch.spectres

    def spectres(self):
        calls.append(1)
        return real(self)
    monkeypatch.setattr(P.Patch, "spectres", spectres)
    return calls


def test_streamed_seeded_patch_json_is_one_walk_and_equals_the_object_tree(monkeypatch):
    monkeypatch.setattr(F.SpectrePatch, "stream_from", 10)
    calls = _counting(monkeypatch)
    item = F.generate({"width": "30", "height": "24", "seed": 7})
    obj = F.to_json(item)
    assert not isinstance(obj["tiles"], list)              # the streamed path was taken
    text = "".join(json_chunks(obj))
    assert len(calls) == 1
    again = F.generate({"width": "30", "height": "24", "seed": 7})
    sps = again.spectres()
    want = to_json(patch_json(sps, again.patch.permalink(), again.patch.region))
    assert text == want and text.count('"kind":"spectre"') == len(sps) > 50


def test_streamed_regenerated_patch_json_is_one_walk_and_equals_the_object_tree(monkeypatch):
    item = F.generate({"width": "36", "height": "28", "seed": 11})
    link = item.permalink()
    monkeypatch.setattr(F.SpectrePatch, "stream_from", 10)
    calls = _counting(monkeypatch)
    text = "".join(json_chunks(F.to_json(F.regen(link, {}))))
    assert len(calls) == 1
    again = F.regen(link, {})
    want = to_json(patch_json(again.spectres(), again.patch.permalink(), again.patch.region))
    assert text == want and f'"permalink":"{link}"' in text
