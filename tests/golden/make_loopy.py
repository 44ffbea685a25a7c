"""Regenerate tests/golden/loopy.json (run only when an output change is intended).

    python3 tests/golden/make_loopy.py

Each entry: a generate case (tiling, size, seed, level) and the permalink it gave, and the
SHA-256 of `regen PERMALINK --format json` and `regen PERMALINK --format svg --solution`.
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

CASES = [("p2", 5, 4, 1, "easy"), ("p3", 6, 5, 2, "normal"), ("hat", 24, 20, 3, "tricky"),
         ("p2", 6, 5, 4, "hard"), ("p3", 7, 6, 5, "hard"), ("hat", 28, 24, 6, "hard")]


def outputs(link: str) -> dict:
    """The hashed outputs of a permalink's regeneration."""
    p = P.from_permalink(link)
    return {"json": hashlib.sha256(to_json(P.to_json(p)).encode()).hexdigest(),
            "svg": hashlib.sha256(render.picture(p, solution=True).encode()).hexdigest()}


def main():
    entries = []
    for tiling, w, h, seed, level in CASES:
        link = P.create(tiling, w, h, seed, level).permalink
        entries.append({"tiling": tiling, "width": w, "height": h, "seed": seed, "level": level,
                        "permalink": link, "sha256": outputs(link)})
    doc = {"family": "loopy", "note": "generate tiling/width/height/seed/level -> permalink; "
           "sha256 of regen --format json and of the svg with --solution", "entries": entries}
    out = ROOT / "tests" / "golden" / "loopy.json"
    out.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {out} ({len(entries)} entries)")


if __name__ == "__main__":
    main()
