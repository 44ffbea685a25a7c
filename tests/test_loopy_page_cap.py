"""The page's Loopy form reaches about 600 faces on every tiling, at every level, and the page's
size caps let it regenerate what the form makes (v1 and v2 links alike)."""
from generator import webapi
from generator.loopy import grid as G
from generator.loopy import solver as S
from generator.loopy import tiling_source
from generator.pipeline import browser as B

FORM = B.FORMS["loopy"]


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
        for version in (1, 2):
            puzzle = f"loopy.v{version}.ea.{link}"        # the cap reads the patch size from the text
            assert webapi.cap_error(puzzle, B.SIZE_CAPS, B.MAX_PERMALINK_CHARS) is None, (tiling, version)
        bigger, _tiles = tiling_source.patch(tiling, str(w + 4), str(h + 4), 1)
        assert webapi.cap_error(f"loopy.v2.ea.{bigger}", B.SIZE_CAPS, B.MAX_PERMALINK_CHARS), tiling
