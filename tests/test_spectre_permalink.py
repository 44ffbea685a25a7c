"""Spectre permalinks: golden corpus, round trips, sub-patch property, validation, CLI errors."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import families
from generator.errors import PermalinkError
from generator.output import to_json
from generator.spectre import geometry as G
from generator.spectre import patch as P
from generator.spectre import permalink as PL
from generator.spectre.render import patch_json

GOLDEN = Path(__file__).with_name("golden") / "spectre.json"
ROOT = Path(__file__).resolve().parents[1]
SIZES = [("20", "15"), ("36", "24"), ("50", "50"), ("12.5", "40"), ("80", "30"), ("7", "7.25")]


def outputs_of(link: str) -> tuple[str, str, str]:
    """(SVG, curved SVG, JSON text) that `regen LINK` writes."""
    fam = families.get("spectre")
    item = fam.regen(link, {})
    return (fam.to_svg(item, {"style": "straight"}), fam.to_svg(item, {"style": "curved"}),
            to_json(fam.to_json(item)))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def golden_entries(n: int = 20) -> list[dict]:
    """Fresh permalinks from seeds 0..n−1 with the SHA-256 of their outputs (to write the file)."""
    out = []
    for seed in range(n):
        w, h = SIZES[seed % len(SIZES)]
        patch = P.from_seed(Fraction(w), Fraction(h), seed)
        list(patch.spectres())
        link = patch.permalink()
        svg, curved, js = outputs_of(link)
        out.append({"permalink": link, "svg_sha256": sha(svg), "curved_svg_sha256": sha(curved),
                    "json_sha256": sha(js)})
    return out


def test_golden_corpus_regenerates_byte_for_byte():
    entries = json.loads(GOLDEN.read_text())
    assert len(entries) >= 20
    for e in entries:
        svg, curved, js = outputs_of(e["permalink"])
        assert (sha(svg), sha(curved), sha(js)) == (e["svg_sha256"], e["curved_svg_sha256"],
                                                    e["json_sha256"]), e["permalink"]
        patch = P.from_permalink(e["permalink"])
        list(patch.spectres())
        assert patch.permalink() == e["permalink"]          # its own fixed point


def test_seeds_give_the_golden_permalinks():
    entries = json.loads(GOLDEN.read_text())
    assert [e["permalink"] for e in golden_entries(5)] == [e["permalink"] for e in entries[:5]]


def test_round_trip_and_json():
    patch = P.from_seed(30, 20, 77)
    sps = list(patch.spectres())
    link = patch.permalink()
    assert PL.parse(link).text() == link
    obj = patch_json(sps, link, patch.region)
    assert obj["family"] == "spectre" and obj["permalink"] == link
    assert obj["region"] == {"x0": -15.0, "y0": -10.0, "x1": 15.0, "y1": 10.0}
    for t in obj["tiles"]:
        assert set(t) == {"kind", "odd", "metatile", "points"} and t["kind"] == "spectre"
        assert len(t["points"]) == 14
        pts = t["points"]
        lengths = [((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 for p, q in zip(pts, pts[1:] + pts[:1])]
        assert all(abs(x - 1) < 1e-9 for x in lengths)           # unit edges
    again = list(P.from_permalink(link).spectres())
    assert again == sps


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sub_patch_property(seed):
    """A smaller region of the same permalink gives exactly the big patch's Spectres meeting it."""
    big = P.from_seed(90, 70, seed)
    sps = list(big.spectres())
    link = big.permalink()
    for w, h in [(30, 20), (5, 40), (Fraction(1, 2), Fraction(1, 3)), (89, 69)]:
        small = P.from_permalink(link, w, h)
        got = set(small.spectres())
        region = G.Region(w, h)
        want = {s for s in sps if region.polygon_meets(s.points)}
        assert got == want


def test_bigger_region_extends_the_same_tiling_deterministically():
    patch = P.from_seed(20, 20, 4)
    sps = set(patch.spectres())
    link = patch.permalink()
    a = P.from_permalink(link, 200, 160)
    b = P.from_permalink(link, 200, 160)
    big_a, big_b = list(a.spectres()), list(b.spectres())
    assert big_a == big_b
    assert sps <= set(big_a)
    assert a.permalink() == b.permalink()
    # the extension only appends levels: the recorded ones are a prefix
    assert a.tower.C[:len(PL.parse(link).cs)] == list(PL.parse(link).cs)


BAD = [
    ("spectre.v1.20x15.r5.0-9-7-S", "place 9"),
    ("spectre.v1.20x15.r5.1-1-S", "Spectre index 1"),
    ("spectre.v1.20x15.r5.0-2-G", "empty"),
    ("spectre.v1.20x15.r12.0-1-S", "malformed"),
    ("spectre.v1.20x15.r5.0-S", "malformed"),
    ("spectre.v2.20x15.r5.0-1-S", "version"),
    ("spectre.v1.0x15.r5.0-1-S", "width"),
    ("spectre.v1.99999x15.r5.0-1-S", "width"),
    ("spectre.v1.20.0x15.r5.0-1-S", "malformed"),
    ("spectre.v1.020x15.r5.0-1-S", "malformed"),
    ("spectre.v1.20x15.r5.0-1-Q", "malformed"),
    ("spectre.v1.20x15.r5." + "0-" * 45 + "G", "levels"),
    ("spectre.v1.20x15.r5.0-1-S" + "x" * 400, "too long"),
    ("hat.v1.20x15.r2.0-3-0-5-0-F", "not a spectre"),
    ("spectre.v1.", "malformed"),
]


@pytest.mark.parametrize("text,words", BAD)
def test_bad_permalinks_are_refused(text, words):
    with pytest.raises(PermalinkError) as exc:
        PL.parse(text)
    assert words in str(exc.value)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="spectrv0123456789.-xGDJLXPSFY", max_size=40))
def test_fuzzed_permalinks_parse_or_fail_cleanly(text):
    try:
        name = PL.parse(text)
    except PermalinkError:
        return
    assert name.text() == text.strip()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 7), min_size=1, max_size=12), st.sampled_from("GDJLXPSFY"),
       st.integers(0, 1), st.integers(0, 11))
def test_valid_random_coordinates_regenerate(cs, top, s, r):
    """Any coordinate the parser accepts regenerates a proper, covering patch."""
    text = f"spectre.v1.6x5.r{r}.{s}-{'-'.join(map(str, cs))}-{top}"
    try:
        PL.parse(text)
    except PermalinkError:
        return
    from generator.spectre import check as C
    patch = P.from_permalink(text)
    sps = list(patch.spectres())
    C.check_patch(sps, patch.region)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True,
                          text=True)


def test_cli_garbage_exits_2_with_one_line():
    for text in ["spectre.v1.20x15.r5.0-9-7-S", "spectre.v9.x", "spectre.v1.20x15.r5.0-2-G"]:
        r = _cli("regen", text)
        assert r.returncode == 2, r.stderr
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")
        assert "Traceback" not in r.stderr


def test_cli_tiling_regen_and_supertile():
    r = _cli("tiling", "spectre", "--width", "12", "--height", "9", "--seed", "5", "--format", "json")
    assert r.returncode == 0, r.stderr
    obj = json.loads(r.stdout)
    link = obj["permalink"]
    assert obj["family"] == "spectre" and link.startswith("spectre.v1.12x9.")
    r2 = _cli("regen", link, "--format", "json")
    assert r2.returncode == 0 and json.loads(r2.stdout) == obj
    r3 = _cli("regen", link, "--format", "svg", "--style", "curved")
    assert r3.returncode == 0 and r3.stdout.startswith("<svg")
    assert "A0.725 0.725 0 0 1" in r3.stdout
    r4 = _cli("supertile", "spectre", "--level", "2", "--metatile", "G", "--format", "json")
    assert r4.returncode == 0 and len(json.loads(r4.stdout)["tiles"]) == 62
    r5 = _cli("supertile", "spectre", "--level", "9", "--metatile", "G")
    assert r5.returncode == 2 and r5.stderr.startswith("error: ")
    r6 = _cli("tiling", "spectre", "--width", "-3", "--height", "9", "--seed", "5")
    assert r6.returncode == 2 and r6.stderr.startswith("error: ")


def test_protocol_tiles_have_exact_keys():
    item, tiles = families.patch("spectre", width="20", height="16", seed=3)
    assert tiles and all(t.kind == "spectre" and len(t.exact) == 14 == len(t.points) for t in tiles)
    where = {}
    for t in tiles:
        for key, pt in zip(t.exact, t.points):
            assert len(key) == 4 and all(isinstance(c, int) for c in key)
            if key in where:
                assert abs(where[key][0] - pt[0]) < 1e-9 and abs(where[key][1] - pt[1]) < 1e-9
            where[key] = pt
    again, tiles2 = families.patch("spectre", permalink=families.get("spectre").permalink(item))
    assert tiles2 == tiles


def spectre_name(rng, levels: int, w: str, h: str, r: int, fixed: int | None = None) -> str:
    """A valid permalink with `levels` places (chosen top-down; `fixed`: the same place at every
    level where it exists, which keeps the start on cluster boundaries)."""
    from generator.spectre.substitution import CHILD, GAMMA, PLACES
    top = rng.randrange(9)
    t, cs = top, []
    for _ in range(levels):
        opts = PLACES[t]
        c = fixed if fixed in opts else rng.choice(opts)
        cs.append(c)
        t = CHILD[t][c]
    s = rng.randrange(2) if t == GAMMA else 0
    return PL.PatchName(Fraction(w), Fraction(h), r, s, tuple(reversed(cs)), top).text()


def _printed(text: str) -> tuple[str, str]:
    """(SVG, printed permalink) as `regen` prints them."""
    fam = families.get("spectre")
    item = fam.regen(text, {})
    return fam.to_svg(item, {}), fam.permalink(item)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(levels=st.integers(1, PL.MAX_LEVELS), seed=st.integers(0, 10 ** 6), r=st.integers(0, 11),
       w=st.sampled_from(["0.5", "1", "2.5", "4.125", "8"]), h=st.sampled_from(["0.5", "3", "6"]),
       fixed=st.one_of(st.none(), st.integers(0, 7)))
def test_printed_permalinks_parse_and_regenerate_the_same_bytes(levels, seed, r, w, h, fixed):
    import random
    text = spectre_name(random.Random(seed), levels, w, h, r, fixed)
    PL.parse(text)
    svg, printed = _printed(text)
    assert len(PL.parse(printed).cs) <= PL.MAX_LEVELS and len(printed) <= PL.MAX_LENGTH
    assert _printed(printed) == (svg, printed)


def test_forty_level_permalinks_print_ones_the_parser_accepts():
    import random
    extended = 0
    for seed in range(3):
        for fixed in (0, 3, 5, 6):
            text = spectre_name(random.Random(seed), PL.MAX_LEVELS, "10", "10", 0, fixed)
            patch = P.from_permalink(text)
            list(patch.spectres())
            extended += patch.tower.invented > 0
            svg, printed = _printed(text)
            assert printed == text or len(PL.parse(printed).cs) <= PL.MAX_LEVELS
            assert _printed(printed) == (svg, printed)
    assert extended >= 1
