"""Every permalink the program prints, it accepts: random valid permalinks (up to each
family's stated limit) are regenerated, the permalink printed with the picture is parsed
again and regenerated, and the two pictures are compared byte for byte."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.calissons import permalink as CP
from generator.calissons.model import interior_edges
from generator.errors import PermalinkError, TilepressError
from generator.hat import patch as HP
from generator.hat import permalink as HL
from generator.hat.limits import HATS_PER_TYPE, KITES_PER_HAT, TYPES
from generator.hat.render import patch_svg
from generator.hat.tables_data import CHILD
from generator.penrose import geometry as PG
from generator.penrose import patch as PP
from generator.penrose import permalink as PL
from generator.penrose import tables as PT

SIDES = st.sampled_from(["0.5", "1", "2.5", "3", "4.125", "6", "8"])


def penrose_chain(family: str, n: int, rng: random.Random, period: str = "") -> str:
    """A legal label chain of length n (following `period` where legal: boundary chains)."""
    letters = PG.FAMILY_LETTERS[family]
    s = rng.choice(letters)
    while len(s) < n:
        opts = [c for c in letters if PT.valid_parent(s[-1], c)]
        want = period[len(s) % len(period)] if period else None
        s += want if want in opts else rng.choice(opts)
    return s


def _penrose_svg(text: str) -> tuple[str, str]:
    """(SVG, printed permalink) of a Penrose permalink."""
    res = PP.from_permalink(text)
    return PP.to_svg(res), res.permalink


@settings(max_examples=80, deadline=None)
@given(family=st.sampled_from(["p2", "p3"]), n=st.integers(1, PL.MAX_LABELS), seed=st.integers(0, 10 ** 6),
       boundary=st.booleans(), r=st.integers(0, 9), w=SIDES, h=SIDES)
def test_penrose_printed_permalinks_parse_and_regenerate_the_same_bytes(family, n, seed, boundary, r, w, h):
    period = {"p2": "AB", "p3": "XY"}[family] if boundary else ""
    text = f"{family}.v1.{w}_{h}_{r}_{penrose_chain(family, n, random.Random(seed), period)}"
    PL.decode(text)
    svg, printed = _penrose_svg(text)
    assert len(PL.decode(printed).labels) <= PL.MAX_LABELS
    svg2, printed2 = _penrose_svg(printed)
    assert (svg2, printed2) == (svg, printed)


def test_the_hundred_label_boundary_chain_of_the_issue():
    text = "p2.v1.10_10_0_" + "AB" * 50
    res = PP.from_permalink(text)
    assert len(res.spec.labels) > PL.MAX_LABELS          # the run needed invented levels...
    assert res.permalink == text                          # ...but prints what it was given
    assert _penrose_svg(res.permalink)[0] == PP.to_svg(res)


def test_penrose_parser_refuses_what_the_generator_refuses():
    with pytest.raises(PermalinkError, match="too large"):
        PL.decode("p2.v1.1000_1000_0_A")
    with pytest.raises(PermalinkError, match="limit 100"):
        PL.decode("p2.v1.3_3_0_" + "A" * 101)


def hat_name(rng: random.Random, levels: int, w: str, h: str, r: int, fixed: int | None = None) -> str:
    """A valid hat permalink with `levels` child indices (chosen top-down; `fixed`: the same
    child index at every level where it exists, which keeps the start on metatile boundaries)."""
    top = rng.randrange(len(TYPES))
    t, cs = top, []
    for _ in range(levels):
        c = fixed % len(CHILD[t]) if fixed is not None else rng.randrange(len(CHILD[t]))
        cs.append(c)
        t = CHILD[t][c]
    name = HL.PatchName(Fraction(w), Fraction(h), r, rng.randrange(KITES_PER_HAT),
                        rng.randrange(HATS_PER_TYPE[t]), tuple(reversed(cs)), top)
    return name.text()


def _hat_svg(text: str) -> tuple[str, str]:
    """(SVG, printed permalink) of a hat permalink, as `regen` prints them."""
    patch = HP.from_permalink(text)
    hats = list(patch.hats())
    printed = patch.permalink()
    return patch_svg(hats, patch.region, title=printed), printed


@settings(max_examples=60, deadline=None)
@given(levels=st.integers(0, HL.MAX_LEVELS), seed=st.integers(0, 10 ** 6), r=st.integers(0, 5),
       w=SIDES, h=SIDES, fixed=st.one_of(st.none(), st.integers(0, 12)))
def test_hat_printed_permalinks_parse_and_regenerate_the_same_bytes(levels, seed, r, w, h, fixed):
    text = hat_name(random.Random(seed), levels, w, h, r, fixed)
    HL.parse(text)
    svg, printed = _hat_svg(text)
    assert len(HL.parse(printed).cs) <= HL.MAX_LEVELS and len(printed) <= HL.MAX_LENGTH
    assert _hat_svg(printed) == (svg, printed)


def test_fifty_level_hat_permalinks_print_ones_the_parser_accepts():
    extended = 0
    for seed in range(12):
        for fixed in (4, 6, 8, 9):
            text = hat_name(random.Random(seed), HL.MAX_LEVELS, "12", "12", 0, fixed)
            patch = HP.from_permalink(text)
            list(patch.hats())
            extended += patch.tower.invented > 0          # the walk needed levels beyond 50
            svg, printed = _hat_svg(text)
            assert printed == text and _hat_svg(printed) == (svg, printed)
    assert extended >= 10


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, CP.MAX_PERMALINK_N), seed=st.integers(0, 10 ** 6), share=st.floats(0, 1))
def test_calisson_permalinks_round_trip(n, seed, share):
    rng = random.Random(seed)
    givens = [e for e in interior_edges(n) if rng.random() < share]
    text = CP.encode(n, givens)
    m, back = CP.decode(text)
    assert (m, sorted(back)) == (n, sorted(givens)) and CP.encode(m, back) == text


def test_calisson_encode_keeps_the_parser_limit():
    with pytest.raises(TilepressError):
        CP.encode(CP.MAX_PERMALINK_N + 1, [])


PERMALINK_CHARS = st.sampled_from("ABCDFHPTUVXYabs0123456789_~.-xr")


@settings(max_examples=400, deadline=None)
@given(prefix=st.sampled_from(["p2.v1.", "p3.v1.", "hat.v1.", "cal.v1.", "tx.v1.", "p2.v2.", ""]),
       body=st.one_of(st.text(max_size=40), st.lists(PERMALINK_CHARS, max_size=60).map("".join)))
def test_any_string_is_a_permalink_or_one_permalink_error(prefix, body):
    """Every parser answers any string with a value or a PermalinkError (never another error)."""
    from generator.calissons import sample as CS
    from generator.tantrix import permalink as TL
    text = prefix + body
    for parse in (PL.decode, HL.parse, CP.decode, CS.parse, TL.decode):
        try:
            parse(text)
        except PermalinkError:
            pass
