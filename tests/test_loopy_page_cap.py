"""The page's Loopy form reaches about 600 faces on every tiling, at every level, and the page's
size cap (Loopy's cost rule against its page_cap) lets it regenerate what the form makes (v1 and
v2 links alike) and nothing 4 units bigger."""
from generator import families, webapi
from generator.loopy import grid as G
from generator.loopy import permalink as PL
from generator.loopy import solver as S
from generator.loopy import tiling_source

FORM = families.get("loopy").form


def _largest():
    tiling = next(f for f in FORM["fields"] if f["name"] == "tiling")
    return {c["value"]: (c["sets"]["width"][1], c["sets"]["height"][1]) for c in tiling["choices"]}


def test_the_form_offers_every_level():
    level = next(f for f in FORM["fields"] if f["name"] == "level")
    assert level["choices"] == list(S.LEVELS)


def _estimate(choice: dict, w, h) -> float:
    """The form's "about N faces" (templates/regen.js estimate): per_area x (w + margin) x (h + margin)."""
    m = choice.get("margin", 0)
    return choice["per_area"] * (float(w) + m) * (float(h) + m)


def test_the_forms_face_estimate_is_what_the_patches_measure():
    """At the smallest and largest size a tiling choice sets, seed 2 (the fit used seeds 1-3)."""
    tiling = next(f for f in FORM["fields"] if f["name"] == "tiling")
    for c in tiling["choices"]:
        for w, h in ((c["sets"]["width"][0], c["sets"]["height"][0]), (c["sets"]["width"][1], c["sets"]["height"][1])):
            _link, tiles = tiling_source.patch(c["value"], str(w), str(h), 2)
            faces = len(G.build(tiles).faces)
            assert abs(_estimate(c, w, h) / faces - 1) < 0.08, (c["value"], w, h, faces, _estimate(c, w, h))


def test_the_largest_form_sizes_give_about_600_faces_and_pass_the_cap():
    largest = _largest()
    assert set(largest) == {"p2", "p3", "hat", "spectre"}
    for tiling, (w, h) in largest.items():
        link, tiles = tiling_source.patch(tiling, str(w), str(h), 1)
        faces = len(G.build(tiles).faces)
        assert 560 <= faces <= 660, (tiling, faces)
        for version in (1, 2):                          # the cap reads the faces from the text (its clues)
            puzzle = PL.encode("easy", [None] * faces, link, version)
            assert webapi.cap_error(puzzle) is None, (tiling, version)
        bigger, tiles = tiling_source.patch(tiling, str(w + 4), str(h + 4), 1)
        more = len(G.build(tiles).faces)
        assert webapi.cap_error(PL.encode("easy", [None] * more, bigger, 2)), (tiling, more)
