"""Regenerate tests/golden/solver_traces.json (only when a change of the plain solver's firing
order is intended: Expert's rules are not known to be order-free, so such a change can change
what Expert solves, and the hints' steps).

    python3 tests/golden/make_solver_traces.py

Each entry: a clue set (a seed of `cases`) and the SHA-256 of the plain Solver's traced run at
every level — its steps in order (rule, faces, dots, edges, what each decided), its verdict and
final state.  `fast.Closure` (clue thinning) may fire in any order; the plain Solver may not.
"""
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.loopy import generate as GEN  # noqa: E402
from generator.loopy import grid as G  # noqa: E402
from generator.loopy import loopgen, tiling_source  # noqa: E402
from generator.loopy import solver as S  # noqa: E402

OUT = ROOT / "tests" / "golden" / "solver_traces.json"
CASES = [(t, w, h, seed) for t, w, h in (("p2", "5", "4"), ("p3", "6", "5"), ("hat", "24", "20"),
                                         ("spectre", "18", "15")) for seed in (1, 2)]


def cases():
    """(name, board, clues) for a few random clue subsets of fresh loops on each tiling."""
    for tiling, w, h, seed in CASES:
        _link, tiles = tiling_source.patch(tiling, w, h, seed)
        grid = G.build(tiles)
        board = S.Board.of_grid(grid)
        rng = random.Random(f"solver-traces:{tiling}:{seed}")
        full = GEN.clues_of(grid, loopgen.loop_edges(grid, loopgen.generate(grid, rng)))
        for k in range(6):
            p = rng.uniform(0.35, 0.9)
            yield f"{tiling}-{seed}-{k}", board, [c if rng.random() < p else None for c in full]


def trace_hash(board, clues) -> str:
    """SHA-256 of the traced runs at every level (order-sensitive)."""
    h = hashlib.sha256()
    for level in range(len(S.LEVELS)):
        s = S.Solver(board, clues, level, trace=True)
        verdict = s.run()
        steps = [(x["rule"], x["faces"], x["dots"], x["edges"], x["yes"], x["no"], x["al"], x["am"],
                  x["links"], x["deps"]) for x in s.steps]
        h.update(repr((verdict, s.st, bytes(s.al), bytes(s.am), bytes(s.read), steps)).encode())
    return h.hexdigest()


def main():
    doc = {"note": "plain Solver traced runs at every level, per clue set: sha256 (see make_solver_traces.py)",
           "entries": {name: trace_hash(board, clues) for name, board, clues in cases()}}
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(doc['entries'])} entries)")


if __name__ == "__main__":
    main()
