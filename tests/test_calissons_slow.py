"""Heavy calisson checks at n = 4 (all 232848 tilings built from cube faces): marked slow."""
import pytest

import calissons_brute as brute
from generator.calissons import generator as gen
from generator.calissons.model import hexagon, pp_from_heights
from generator.calissons.solver import count_solutions, solve

pytestmark = pytest.mark.slow


def test_n4_fast_salient_masks_match_the_lozenge_reading():
    """At n = 4 the bitmask reading (FastFacts) agrees with tiling_facts on every 97th tiling."""
    edges, bit, masks = brute.salient_masks(4)
    full = (1 << len(edges)) - 1
    for pp, m in masks[::97]:
        _crossed, salient = brute.tiling_facts(4, pp)
        assert full ^ m == sum(bit[e] for e in salient)


def test_n4_tilings_count_and_solver_against_brute_force():
    import random
    _edges, bit, masks = brute.salient_masks(4)
    assert len(masks) == 232848
    full = (1 << len(bit)) - 1
    tilings = [sorted(e for e, b in bit.items() if not (full ^ m) & b == 0) for _pp, m in masks[::97]]
    reg = hexagon(4)
    edges = list(brute.interior_edges(4))
    rng = random.Random(4)
    for i in range(150):
        sal = rng.choice(tilings)
        givens = rng.sample(sal, rng.randint(0, min(len(sal), 14)))
        if i % 3 == 0:
            givens = sorted(set(givens) | set(rng.sample(edges, 1)))
        want = brute.brute_count(4, givens)
        sol = solve(reg, givens)
        assert sol.status == ("none" if want == 0 else "unique" if want == 1 else "multiple")
        assert count_solutions(reg, givens, cap=10 ** 6) == (want, False)


def test_n4_generated_puzzles_unique_by_brute_force():
    for seed in range(8):
        for level in ("easy", "medium", "hard"):
            p = gen.generate(4, seed, level)
            sols = brute.brute_solutions(4, p.givens)
            assert len(sols) == 1 and [list(r) for r in sols[0]] == pp_from_heights(4, p.heights)


def test_counting_a_huge_puzzle_is_bounded():
    """No clues on the largest hexagon: counting stops at the work cap, quickly, in bounded memory.

    It runs in a fresh interpreter, which reports its CPU time for the count and its own peak
    resident memory (VmHWM: the whole process, interpreter included): tracing every allocation
    with tracemalloc instead made the count ten times slower.
    """
    import json
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import json, resource, time\n"
        "from generator.calissons import family as cli\n"
        "t = time.process_time()\n"
        "rec = cli.solve_record(cli.MAX_COUNT_N, [], True, 10 ** 9)\n"
        "dt = time.process_time() - t\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024\n"    # kB on Linux
        "for line in open('/proc/self/status'):\n"      # ru_maxrss keeps the forking parent's peak
        "    if line.startswith('VmHWM:'):\n"          # VmHWM starts afresh at exec
        "        peak = int(line.split()[1]) * 1024\n"
        "print(json.dumps({'status': rec['status'], 'count': rec['count'], 'dt': dt, 'peak': peak}))\n"
    )
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    rec = json.loads(out.stdout.strip().splitlines()[-1])
    assert rec["status"] == "multiple" and rec["count"] >= 2
    assert rec["dt"] < 60 and rec["peak"] < 400 * 2 ** 20
