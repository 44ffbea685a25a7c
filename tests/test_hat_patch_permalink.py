"""Hat random patches: permalinks — golden corpus, round trips, validation, fuzzing, CLI errors."""

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

from generator.errors import PermalinkError
from generator.hat import patch as P
from generator.hat import permalink as PL
from generator.hat.render import patch_json, patch_svg

GOLDEN = Path(__file__).with_name("golden") / "hat.json"
ROOT = Path(__file__).resolve().parents[1]
SIZES = [("20", "15"), ("36", "24"), ("50", "50"), ("12.5", "40"), ("80", "30"), ("7", "7.25")]


def svg_of(link: str) -> str:
    """The SVG that `regen LINK --format svg` writes."""
    patch = P.from_permalink(link)
    hats = list(patch.hats())
    return patch_svg(hats, patch.region, title=patch.permalink())


def golden_entries(n: int = 24) -> list[dict]:
    """Fresh permalinks from seeds 0..n−1 with the SHA-256 of their SVG (to (re)write the file)."""
    out = []
    for seed in range(n):
        w, h = SIZES[seed % len(SIZES)]
        patch = P.from_seed(Fraction(w), Fraction(h), seed)
        list(patch.hats())
        link = patch.permalink()
        out.append({"permalink": link, "svg_sha256": hashlib.sha256(svg_of(link).encode()).hexdigest()})
    return out


def test_golden_corpus_regenerates_byte_for_byte():
    """≥ 20 committed permalinks give exactly the SVG they gave when committed."""
    entries = json.loads(GOLDEN.read_text())
    assert len(entries) >= 20
    for e in entries:
        assert hashlib.sha256(svg_of(e["permalink"]).encode()).hexdigest() == e["svg_sha256"], e
        # and the permalink is its own fixed point
        patch = P.from_permalink(e["permalink"])
        list(patch.hats())
        assert patch.permalink() == e["permalink"]


def test_seeds_give_the_golden_permalinks():
    """The same seed and region still give the same permalink (the generator is stable)."""
    entries = json.loads(GOLDEN.read_text())
    assert [e["permalink"] for e in golden_entries(6)] == [e["permalink"] for e in entries[:6]]


def test_round_trip_and_json():
    """parse(text()) is the identity; JSON carries the permalink, family, region and tiles."""
    patch = P.from_seed(30, 20, 77)
    hats = list(patch.hats())
    link = patch.permalink()
    name = PL.parse(link)
    assert name.text() == link
    obj = patch_json(hats, link, patch.region)
    assert obj["family"] == "hat" and obj["permalink"] == link
    assert obj["region"] == {"x0": -15.0, "y0": -10.0, "x1": 15.0, "y1": 10.0}
    t = obj["tiles"][0]
    assert set(t) == {"kind", "reflected", "metatile", "points"} and t["kind"] == "hat"
    assert len(t["points"]) == 14
    # short kite edge = 1 and long edges √3 in the JSON units
    lengths = sorted(round(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5, 9)
                     for p, q in zip(t["points"], t["points"][1:] + t["points"][:1]))
    assert lengths == [1.0] * 8 + [round(3 ** 0.5, 9)] * 6


@pytest.mark.parametrize("text, words", [
    ("hat.v2.20x20.r0.1-1-3-H", "version"),
    ("hat.v1.20x20.r6.1-1-3-H", "malformed"),
    ("hat.v1.20x20.r0.8-1-3-H", "kite index"),
    ("hat.v1.20x20.r0.1-4-9-H", "hat index"),
    ("hat.v1.20x20.r0.1-0-13-H", "child index"),
    ("hat.v1.20x20.r0.1-0-7-T", "child index"),
    ("hat.v1.0x20.r0.1-1-3-H", "width"),
    ("hat.v1.4001x20.r0.1-1-3-H", "width"),
    ("hat.v1.20.50x20.r0.1-1-3-H", "malformed"),
    ("hat.v1.020x20.r0.1-1-3-H", "malformed"),
    ("hat.v1.20x20.r0.01-1-3-H", "canonical"),
    ("hat.v1.20x20.r0.1-1-3-X", "malformed"),
    ("hat.v1.20x20.r0." + "0-" * 60 + "H", "child levels"),
    ("hat.v1.20x20.r0." + "0-" * 300 + "H", "too long"),
    ("p2.v1.abc", "not a hat"),
    ("nonsense", "not a tilepress permalink"),
])
def test_bad_permalinks_are_rejected_with_a_reason(text, words):
    """Each kind of bad permalink gives a PermalinkError naming the problem."""
    with pytest.raises(PermalinkError) as exc:
        P.from_permalink(text)
    assert words in str(exc.value)


def test_overlap_slot_names_are_valid_coordinates():
    """A coordinate naming a child by an overlapping slot (≥ disjoint count) still works."""
    patch = P.from_permalink("hat.v1.30x30.r3.2-1-11-0-12-H")
    hats = list(patch.hats())
    from generator.hat import check as C
    C.check_patch(hats, patch.region)


def _regen_small(text: str) -> None:
    """Regenerate a string as a permalink over a small region: success or PermalinkError."""
    try:
        patch = P.from_permalink(text, Fraction(4), Fraction(3))
        hats = list(patch.hats())
        assert hats
    except PermalinkError:
        pass


ALPHABET = "hatv1.0123456789xr-HTPF_~abz"
_VALID = ["hat.v1.20x15.r2.5-1-3-12-0-7-F", "hat.v1.7x7.25.r0.0-0-9-H", "hat.v1.36x24.r5.7-3-0-6-P"]


@settings(max_examples=4000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=ALPHABET, max_size=60).map(lambda s: "hat.v1." + s))
def test_fuzz_structured_payloads(s):
    """Random payloads after a valid prefix never crash or hang."""
    _regen_small(s)


@settings(max_examples=4000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(_VALID), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(ALPHABET),
                                                   st.integers(0, 2)), max_size=4))
def test_fuzz_mutated_permalinks(base, edits):
    """Valid permalinks with characters replaced, inserted or deleted never crash or hang."""
    s = base
    for pos, ch, op in edits:
        pos %= len(s) + 1
        if op == 0:
            s = s[:pos] + ch + s[pos + 1:]
        elif op == 1:
            s = s[:pos] + ch + s[pos:]
        else:
            s = s[:pos] + s[pos + 1:]
    _regen_small(s)


@settings(max_examples=2500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(st.text(max_size=80), st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
                 st.lists(st.integers(0, 99), min_size=0, max_size=70).map(
                     lambda xs: "hat.v1.9x9.r1." + "-".join(map(str, xs)) + "-F")))
def test_fuzz_arbitrary_text_and_long_coordinates(s):
    """Any text, and long coordinate lists, never crash or hang."""
    _regen_small(s)


def _cli(*args):
    """Run the CLI; return (code, stdout, stderr)."""
    p = subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_cli_generates_and_regenerates():
    """tiling hat → JSON with a permalink; regen of it gives the same JSON; sub-region works."""
    code, out, err = _cli("tiling", "hat", "--width", "24", "--height", "16", "--seed", "5")
    assert code == 0, err
    obj = json.loads(out)
    code, out2, err = _cli("regen", obj["permalink"])
    assert code == 0 and out2 == out
    code, out3, _ = _cli("regen", obj["permalink"], "--width", "10", "--height", "6", "--format", "svg")
    assert code == 0 and out3.startswith("<svg")


def test_streamed_json_is_byte_identical(tmp_path, monkeypatch):
    """Big JSON is written tile by tile; the bytes equal the in-memory document's."""
    from generator.cli import main
    from generator.hat import family as HF
    outs = []
    for limit in (0, 10 ** 9):
        monkeypatch.setattr(HF.HatPatch, "stream_from", limit)
        path = tmp_path / f"{limit}.json"
        assert main(["tiling", "hat", "--width", "45", "--height", "31.5", "--seed", "8", "--out", str(path)]) == 0
        outs.append(path.read_bytes())
    assert outs[0] == outs[1] and json.loads(outs[0])["tiles"]


def test_cli_png_output(tmp_path):
    """--format png writes a PNG file."""
    out = tmp_path / "p.png"
    code, _, err = _cli("tiling", "hat", "--width", "20", "--height", "10", "--seed", "1",
                        "--format", "png", "--out", str(out))
    assert code == 0, err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args", [
    ("tiling", "hat", "--width", "-3", "--height", "5", "--seed", "1"),
    ("tiling", "hat", "--width", "3", "--height", "5", "--seed", "x"),
    ("tiling", "hat", "--width", "3", "--height", "5"),
    ("tiling", "hat", "--width", "99999", "--height", "5", "--seed", "1"),
    ("regen", "hat.v1.3x3.r0.9-0-0-H"),
    ("regen", "hat.v1.3000x3000.r0.1-0-0-H", "--format", "pdf"),   # svg/png stream; pdf cannot
    ("tiling", "hat", "--width", "4", "--height", "4000", "--seed", "1", "--format", "png"),  # 800 × 800,000 px
    ("regen", "hat.v1.3x3.r0.1-0-0-H", "--width", "0"),
])
def test_cli_errors_are_one_line_exit_2(args):
    """Bad input: exit code 2 and one `error:` line, no traceback."""
    code, out, err = _cli(*args)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
