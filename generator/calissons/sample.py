"""Uniformly random calisson tilings of the hexagon: `calissons sample`, with a permalink.

A tiling of the hexagon of side n by unit lozenges is a pile of cubes in the n × n × n
box (David and Tomei, "The problem of the calissons", 1989), and a uniformly random one
is drawn exactly by coupling from the past (Propp and Wilson, "Exact sampling with coupled
Markov chains", 1996; `sampler.py`).  For large n almost every such tiling looks the same:
outside the circle inscribed in the hexagon the lozenges freeze into the three corner
patterns, inside it they are disordered — the *arctic circle* of Cohn, Larsen and Propp
("The shape of a typical boxed plane partition", 1998).  The picture is worth a gallery of
its own.

Permalink.  Each sampler version is a pure function of (n, seed): its coins come from
`random.Random` seeded by the seed, the version and the block of times.  So a sample is
named by those numbers, in the second payload form of the calisson permalink:

    cal.v2.<n>.s<seed>        sampler version 2 (bit-sliced heights), n in 1..MAX_SAMPLE_N;
                              new samples get this form
    cal.v1.<n>.s<seed>        sampler version 1 (cube bitsets), n in 1..MAX_SAMPLE_N_V1;
                              regenerated forever by the version-1 code, byte for byte

seed in 0..2^63 - 1; n and seed canonical decimals (no sign, no leading zeros).  The
puzzle form `cal.v1.<n>~<givens>` contains `~`, this one `.s`, so a payload is always one or
the other; the puzzle form keeps its meaning (there is no puzzle form v2).  A golden test
pins the output bytes of a few samples of each version, so a change of a sampler that
changes them cannot go unnoticed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.errors import PermalinkError, TilepressError  # noqa: F401 (PermalinkError: what parse raises)
from generator.calissons.permalink import (MAX_REGION_LINK, MAX_REGION_SAMPLE_LOZENGES, region_shape,
                                           word_lozenges)
from generator.permalinks import Grammar, Link, reads
from generator.calissons import render
from generator.calissons.model import pp_from_heights, volume
from generator.calissons.sampler import sample_heights, sample_region_heights

MAX_SAMPLE_N = 256           # version 2: n = 128 takes ~10 s, n = 256 a few minutes
MAX_SAMPLE_N_V1 = 64         # version 1 (cube bitsets): n = 64 takes ~10 s
MAX_SIZE = {1: MAX_SAMPLE_N_V1, 2: MAX_SAMPLE_N}
VERSION = 2                  # the version of new samples
MAX_SEED = 2 ** 63 - 1
GRAMMAR = Grammar("calisson sample", ("cal",), tuple(MAX_SIZE),
                  re.compile(r"^([1-9][0-9]{0,2})\.s(0|[1-9][0-9]{0,18})$"), "<n>.s<seed>", "cal.v2.30.s1")


@dataclass(frozen=True)
class Sample:
    """A uniformly random tiling of the hexagon of side n: its height function."""

    n: int
    seed: int
    heights: tuple
    version: int = VERSION

    @property
    def permalink(self) -> str:
        """`cal.v<version>.<n>.s<seed>`."""
        return permalink(self.n, self.seed, self.version)


def check(n, seed, version: int = VERSION) -> None:
    """Raise TilepressError unless (n, seed) name a sample of that sampler version."""
    top = MAX_SIZE[version]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= top:
        raise TilepressError(f"sample size must be an integer in 1..{top}, not {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise TilepressError(f"sample seed must be an integer in 0..{MAX_SEED}, not {seed!r}")


def permalink(n: int, seed: int, version: int = VERSION) -> str:
    """The permalink of the sample (n, seed) of a sampler version."""
    check(n, seed, version)
    return f"cal.v{version}.{n}.s{seed}"


def is_sample_link(text) -> bool:
    """True when a parsed link (a Link: its payload, not read again), or a string, has the shape of
    a sample permalink (`cal.v<N>.<n>.s...`)."""
    if isinstance(text, Link):
        return text.prefix == "cal" and _SAMPLE_PAYLOAD.match(text.payload) is not None
    return isinstance(text, str) and re.match(r"^cal\.v[0-9]+\.[0-9]+\.s", text.strip()) is not None


_SAMPLE_PAYLOAD = re.compile(r"^[0-9]+\.s")


@reads
def parse(text) -> tuple[int, int, int]:
    """(n, seed, version) of a sample permalink (a Link, read once), or PermalinkError."""
    _prefix, version, m = GRAMMAR.parse(text)
    n, seed = int(m.group(1)), int(m.group(2))
    GRAMMAR.check_range(n, f"v{version} size", 1, MAX_SIZE[version])
    GRAMMAR.check_range(seed, "seed", 0, MAX_SEED)
    return n, seed, version


def draw(n: int, seed: int, version: int = VERSION, tick=None) -> Sample:
    """The sample (n, seed) of a sampler version: a uniformly random tiling, exact.
    tick(sweeps) hears the sampler's progress."""
    check(n, seed, version)
    return Sample(n, seed, tuple(sample_heights(n, seed, version, tick)), version)


def regen(text: str) -> Sample:
    """The sample a permalink names."""
    return draw(*parse(text))


def to_json(s: Sample) -> dict:
    """{"n", "seed", "permalink", "volume", "pp"}: the pile as a plane partition (column heights)."""
    return {"n": s.n, "seed": s.seed, "permalink": s.permalink, "volume": volume(s.n, list(s.heights)),
            "pp": pp_from_heights(s.n, list(s.heights))}


def to_svg(s: Sample) -> str:
    """The tiling in the three lozenge colours, titled with its permalink."""
    return render.tiling_svg(s.n, list(s.heights), title=s.permalink)


def facts(s: Sample) -> list:
    """Facts for the item page."""
    vol = volume(s.n, list(s.heights))
    return [["Size n", s.n], ["Seed", s.seed], ["Lozenges", 3 * s.n * s.n], ["Cubes in the pile", vol],
            ["Share of the box filled", round(vol / s.n ** 3, 4)]]


def page(s: Sample) -> dict:
    """Title, group and alt text of a gallery item."""
    return {"title": f"Random calisson tiling, side {s.n} (seed {s.seed})",
            "group": "Tilings to look at",
            "alt": (f"A uniformly random tiling of the hexagon of side {s.n} by {3 * s.n * s.n} lozenges in "
                    "three colours: frozen corners outside the inscribed circle, disorder inside it.")}


# --- random tilings of other regions: cal.v3.<word>.s<seed> --------------------------------

REGION_GRAMMAR = Grammar("calisson region sample", ("cal",), (3,),
                         re.compile(r"^([0-9a-f]{1,12000})\.s(0|[1-9][0-9]{0,18})$"), "<region word>.s<seed>",
                         "cal.v3.afafbabacbcbdcdcededfefe.s1", MAX_REGION_LINK)


@dataclass(frozen=True)
class RegionSample:
    """A uniformly random tiling of a region other than the hexagon (region sampler v1)."""

    shape: object               # regions.Shape
    seed: int
    heights: tuple

    @property
    def permalink(self) -> str:
        """`cal.v3.<word>.s<seed>`."""
        return f"cal.v3.{self.shape.word}.s{self.seed}"


def draw_region(shape, seed: int, tick=None):
    """A uniformly random tiling of a region, exact (a Sample for the hexagon, same links)."""
    if shape.hexagon_n is not None:
        return draw(shape.hexagon_n, seed, tick=tick)
    check(1, seed)
    return RegionSample(shape, seed, tuple(sample_region_heights(shape.region, seed, tick=tick)))


@reads
def _region_link(text):
    """(word, seed) of a `cal.v3.<word>.s<seed>` link, its cost checked (the region not yet built)."""
    _prefix, _version, m = REGION_GRAMMAR.parse(text)
    seed = int(m.group(2))
    REGION_GRAMMAR.check_range(seed, "seed", 0, MAX_SEED)
    REGION_GRAMMAR.check_cost(word_lozenges(m.group(1)), "lozenges", MAX_REGION_SAMPLE_LOZENGES,
                              "choose a smaller region")
    return m.group(1), seed


def region_sample_cost(text: str) -> float:
    """The lozenges a `cal.v3.<word>.s<seed>` link asks for (read from its text, in budget)."""
    return word_lozenges(_region_link(text)[0])


def parse_region_link(text: str):
    """(shape, seed) of a `cal.v3.<word>.s<seed>` link, or PermalinkError (its cost checked first)."""
    word, seed = _region_link(text)
    return region_shape(word), seed


def is_region_sample_link(text) -> bool:
    """A v3 link without givens (`.s<seed>` at the end)?  (A Link: its parts, not read again.)"""
    if isinstance(text, Link):
        return text.prefix == "cal" and text.version == 3 and "~" not in text.payload
    return isinstance(text, str) and text.strip().startswith("cal.v3.") and "~" not in text


def region_to_json(s: RegionSample) -> dict:
    """{"region", "seed", "permalink", "calissons"}."""
    reg = s.shape.region
    return {"region": s.shape.record(), "seed": s.seed, "permalink": s.permalink,
            "calissons": [list(e) for e in reg.crossed_edges(list(s.heights))]}


def region_to_svg(s: RegionSample) -> str:
    """The tiling in the three colours."""
    return render.solution_svg(s.shape, list(s.heights), title=s.permalink)


def region_facts(s: RegionSample) -> list:
    """Facts for the item page."""
    return [["Region", s.shape.label], ["Triangles", len(s.shape.triangles)],
            ["Calissons", len(s.shape.triangles) // 2], ["Seed", s.seed]]


def region_page(s: RegionSample) -> dict:
    """Title, group and alt text."""
    return {"title": f"Random calisson tiling of {s.shape.label} (seed {s.seed})",
            "group": "Uniformly random tilings of other shapes",
            "alt": f"A uniformly random tiling of a region of {len(s.shape.triangles)} triangles by calissons."}
