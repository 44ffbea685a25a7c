"""Regenerate tests/golden/loopy.json (run only when an output change is intended).

    python3 tests/golden/make_loopy.py

Each entry: a generate case (tiling, size, seed, level, permalink version) and the permalink
it gave, the level that regeneration measures, and the SHA-256 of `regen PERMALINK --format
json` and of `regen PERMALINK --format svg --solution`.

v1 entries are kept as they were first written (their permalinks are forever); the script
only checks that they still hold.  Since levels became measured (Tatham's levels), the JSON
of a v1 link says the measured level; the stored hash is of that JSON with "level" set back
to the level its letter names, which is byte for byte what v1 printed when the entry was
written, and `measured` is the level it says now.
"""
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.loopy import puzzle as P  # noqa: E402
from generator.loopy import render  # noqa: E402
from generator.output import to_json  # noqa: E402

CASES_V2 = [("p2", 6, 5, 1, "easy"), ("p3", 7, 6, 2, "normal"), ("hat", 28, 24, 3, "tricky"),
            ("spectre", 22, 18, 4, "hard"), ("p2", 6, 5, 5, "expert"), ("p3", 7, 6, 6, "hard")]
OUT = ROOT / "tests" / "golden" / "loopy.json"


def outputs(link: str) -> tuple[str, dict]:
    """(measured level, hashed outputs) of a permalink's regeneration."""
    p = P.from_permalink(link)
    doc = P.to_json(p)
    if p.version == 1:
        doc = dict(doc, level=p.letter)
    return p.level, {"json": hashlib.sha256(to_json(doc).encode()).hexdigest(),
                     "svg": hashlib.sha256(render.picture(p, solution=True).encode()).hexdigest()}


def main():
    old = json.loads(OUT.read_text())["entries"]
    entries = []
    for e in old:
        if e.get("version", 1) != 1:
            continue
        measured, sha = outputs(e["permalink"])
        if sha != e["sha256"]:
            raise SystemExit(f"v1 entry {e['permalink'][:40]} no longer regenerates its bytes")
        entries.append(dict(e, version=1, measured=measured))
    for tiling, w, h, seed, level in CASES_V2:
        link = P.create(tiling, w, h, seed, level).permalink
        measured, sha = outputs(link)
        entries.append({"tiling": tiling, "width": w, "height": h, "seed": seed, "level": level,
                        "version": 2, "measured": measured, "permalink": link, "sha256": sha})
    doc = {"family": "loopy", "note": "generate tiling/width/height/seed/level(/version) -> permalink; "
           "measured level of regen; sha256 of regen --format json (v1: with its letter's level) "
           "and of the svg with --solution", "entries": entries}
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(entries)} entries)")


if __name__ == "__main__":
    main()
