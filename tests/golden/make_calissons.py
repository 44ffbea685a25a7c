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


def svg_for(link, view):
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
    from generator.calissons import sample
    samples = [{"permalink": link, "sha256": hashlib.sha256(sample.to_svg(sample.regen(link)).encode("utf-8"))
                .hexdigest()} for link in SAMPLES]
    out = {"family": "calissons", "note": "regen PERMALINK --view V --format svg; generate n/seed/level; "
           "samples: regen PERMALINK --format svg",
           "permalinks": perms, "generate": gens, "samples": samples}
    (ROOT / "tests" / "golden" / "calissons.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
