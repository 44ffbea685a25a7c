"""Regenerate tests/golden/calissons.json (run only when an output change is intended).

    python3 tests/golden/make_calissons.py
"""
import hashlib
import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.calissons import family as cli  # noqa: E402
from generator.calissons import render  # noqa: E402
from generator.calissons.model import hexagon  # noqa: E402
from generator.calissons.solver import solve  # noqa: E402
from generator.calissons.permalink import decode  # noqa: E402

CASES = [(3, 1, "easy"), (4, 2, "medium"), (5, 3, "hard"), (6, 4, "easy"), (7, 5, "medium"), (8, 6, "hard")]
# random tilings: the first sampler's links (v1) and the current one's (v2)
SAMPLES = ["cal.v1.1.s0", "cal.v1.8.s1", "cal.v1.20.s7", "cal.v2.1.s0", "cal.v2.8.s1", "cal.v2.20.s7",
           "cal.v2.40.s3"]


# other regions (cal.v3): puzzles generated on named and random shapes, and random tilings
REGION_CASES = [("star:1", 1, "hard"), ("long:2", 2, "medium"), ("wide:1", 3, "easy"),
                ("random:5:150", 4, "hard")]
REGION_SAMPLES = [("star:2", 1), ("random:2:300", 5)]


# the infinite grid (cal.v4): a feasible set in one window, the absorbing cycle, and edges far apart
PLANE = ["cal.v4.-2_-1x.-1_0z.0_-1y.1_1y", "cal.v4.-2_-1x.-2_0x.-1_0z",
         "cal.v4.-40_7y.0_0x.1_1y.2_-1z.100000_-3y.100002_-3x.250000_900000z"]


def _json(obj) -> bytes:
    """The bytes `regen --format json` prints."""
    from generator.output import to_json
    return to_json(obj).encode("utf-8")


def region_text(name):
    """A named shape, or the word of the random shape random:SEED:SIZE."""
    if name.startswith("random:"):
        from generator.calissons.regions import random_region
        _r, seed, size = name.split(":")
        return random_region(int(seed), int(size)).word
    return name


def svg_for(link, view):
    if link.startswith("cal.v3."):
        item = cli.regen(link, {})
        return cli.view_svg(view, item.n, item.givens, item.heights, link)
    n, givens = decode(link)
    return cli.view_svg(view, n, givens, solve(hexagon(n), givens).least, link)


def main():
    perms, gens = [], []
    for n, seed, level in CASES:
        _pz, rec = cli.generate_record(n, seed, level, False)
        gens.append({"n": n, "seed": seed, "level": level, "permalink": rec["permalink"]})
        for view in ("puzzle", "solution", "player"):
            svg = svg_for(rec["permalink"], view)
            perms.append({"permalink": rec["permalink"], "view": view,
                          "sha256": hashlib.sha256(svg.encode("utf-8")).hexdigest()})
    for name, seed, level in REGION_CASES:
        item = cli.generate_item({"region": region_text(name), "size": 0, "seed": seed, "level": level,
                                  "minimal": False})
        gens.append({"region": name, "seed": seed, "level": level, "permalink": item.permalink})
        for view in ("puzzle", "solution", "player"):
            svg = svg_for(item.permalink, view)
            perms.append({"permalink": item.permalink, "view": view,
                          "sha256": hashlib.sha256(svg.encode("utf-8")).hexdigest()})
    from generator.calissons import sample
    from generator.calissons.regions import parse_region
    region_links = [sample.draw_region(parse_region(region_text(name)), seed).permalink
                    for name, seed in REGION_SAMPLES]
    samples = [{"permalink": link, "sha256": hashlib.sha256(cli.to_svg(cli.regen(link, {}), {}).encode("utf-8"))
                .hexdigest()} for link in SAMPLES + region_links]
    plane = [{"permalink": link, "sha256": hashlib.sha256(cli.to_svg(cli.regen(link, {}), {}).encode("utf-8"))
              .hexdigest(), "json_sha256": hashlib.sha256(_json(cli.to_json(cli.regen(link, {})))).hexdigest()}
             for link in PLANE]
    out = {"family": "calissons", "note": "regen PERMALINK --view V --format svg; generate n/seed/level; "
           "samples and plane: regen PERMALINK --format svg (plane json_sha256: --format json)",
           "permalinks": perms, "generate": gens, "samples": samples, "plane": plane}
    (ROOT / "tests" / "golden" / "calissons.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
