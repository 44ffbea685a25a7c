"""Benchmark of the Tantrix engines: `python bench/tantrix.py [--quick]`.

Prints, per method, the time and nodes to the first solution for a few seeds (the
restarting randomised search), nodes per second; the full extra-symmetric enumeration
time (target: under 10 s); for the plain 8 × 7 board, how deep the exact search gets in
a fixed time in the seed's order and in our row order; and peak memory (ru_maxrss).

`python bench/tantrix.py --rate [--budget M]`: the figure behind the family's cost rule — CPU
seconds (time.process_time) of `tantrix generate` spending a budget of M million search nodes
(default 5) on each method, with seeds that find no pattern within it (so the whole budget is
spent, as the build's estimate assumes), nodes per CPU second, and `FAMILY.cpu` beside it.
`--rate --pyodide`: the same searches in Pyodide under Node (node_modules/pyodide, the page's
runtime; wall clock), the rate behind the family's `PAGE_CAP` (the page's search in nodes).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.tantrix import attack, checker, find, enumerate as enum, search  # noqa: E402


def first_solutions(method: str, seeds, cap_seconds: float) -> None:
    """Time to first solution over several seeds."""
    times, rates = [], []
    for seed in seeds:
        t0 = time.perf_counter()
        pattern, nodes = find.search(method, seed=seed, seconds=cap_seconds)
        dt = time.perf_counter() - t0
        ok = pattern is not None and not checker.problems(pattern)
        times.append(dt if ok else float("inf"))
        rates.append(nodes / dt if dt > 0 else 0.0)
        print(f"  {method:20s} seed {seed:3d}: {'found' if ok else 'none '} in {dt:7.2f} s, "
              f"{nodes:>11,} nodes, {nodes / dt / 1e6:5.2f} M nodes/s", flush=True)
    finite = [t for t in times if t != float("inf")]
    med = statistics.median(times)
    print(f"  {method:20s} median {med:.2f} s over {len(times)} seeds "
          f"({len(finite)} solved within {cap_seconds:g} s), mean rate {statistics.mean(rates) / 1e6:.2f} M nodes/s")


def cli_figure() -> int:
    """CPU seconds of the search alone and of `python -m generator tantrix enumerate` (a child)."""
    import subprocess
    import tempfile
    t0 = time.process_time()
    fillings, nodes = enum._fillings()
    search_cpu = time.process_time() - t0
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "generator", "tantrix", "enumerate", "--out",
                        str(Path(tmp) / "e.json")], check=True, cwd=Path(__file__).resolve().parents[1])
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cli_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    print(f"tantrix enumeration: search {search_cpu:.2f} CPU s ({len(fillings)} fillings, {nodes:,} nodes); "
          f"CLI `tantrix enumerate` {cli_cpu:.2f} CPU s, peak {after.ru_maxrss / 1024:.0f} MiB  "
          f"[goal: CLI <= 4 s where the search takes 3.3 s, i.e. CLI/search <= 1.21; now "
          f"{cli_cpu / search_cpu:.2f}]")
    return 0


def rate_figure(budget: int) -> int:
    """Nodes per CPU second of `generate` spending its whole budget, per method, against FAMILY.cpu."""
    from generator.tantrix.family import FAMILY
    rates = []
    for method in ("slanted-4x14", "upright-4x14", "upright-8x7", "symmetric-7x8", "extrasymmetric-7x8"):
        for seed in range(1000, 1200):           # a seed that finds nothing within the budget spends it all
            params = {"method": method, "seed": seed, "budget": budget}
            t0 = time.process_time()
            pattern, nodes = find.search(method, seed=seed, seconds=None, max_nodes=budget * 1_000_000)
            cpu = time.process_time() - t0
            if pattern is None:
                break
        else:
            print(f"  {method:20s} every seed tried finds a pattern within {budget} million nodes")
            continue
        rates.append(nodes / cpu)
        print(f"  {method:20s} seed {seed}: {nodes:,} nodes in {cpu:.2f} CPU s, {nodes / cpu / 1e6:.2f} M nodes "
              f"per CPU s; the cost rule says {FAMILY.cost(None, params) * FAMILY.cpu(params, None):.2f} CPU s",
              flush=True)
    mean = statistics.mean(rates)
    print(f"mean {mean / 1e6:.2f} M nodes per CPU second = {1 / mean * 1e9:.0f} ns a node; "
          f"FAMILY.cpu says {FAMILY.cpu({'budget': budget}, None) * 1e9:.0f} ns")
    return 0


PYODIDE_RATE = """
import {{ loadPyodide }} from {module};
const py = await loadPyodide();
py.FS.mkdir("/src");
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: {root} }}, "/src");
console.log(py.runPython({code}));
"""
PYODIDE_CODE = """
import sys, time
sys.path.insert(0, "/src")
from generator.tantrix import find
lines = []
for method in ("slanted-4x14", "upright-4x14", "upright-8x7", "symmetric-7x8"):
    t0 = time.perf_counter()
    pattern, nodes = find.search(method, seed=1000, seconds=None, max_nodes={nodes})
    dt = time.perf_counter() - t0
    lines.append(f"  {{method:20s}} seed 1000: {{nodes:,}} nodes in {{dt:.2f}} s (wall), "
                 f"{{nodes / dt / 1e6:.2f}} M nodes a second, found: {{pattern is not None}}")
"\\n".join(lines)
"""


def pyodide_rate(budget: int) -> int:
    """The rate of the search in the page's runtime (Pyodide under Node, wall clock), against PAGE_CAP."""
    import json
    import subprocess
    import tempfile
    from generator.tantrix.family import PAGE_CAP
    root = Path(__file__).resolve().parents[1]
    module = root / "node_modules" / "pyodide" / "pyodide.mjs"
    if not module.exists():
        print("no node_modules/pyodide (npm ci)")
        return 1
    script = PYODIDE_RATE.format(module=json.dumps(str(module)), root=json.dumps(str(root)),
                                 code=json.dumps(PYODIDE_CODE.format(nodes=budget * 1_000_000)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rate.mjs"
        path.write_text(script)
        subprocess.run(["node", str(path)], check=True)
    print(f"PAGE_CAP = {PAGE_CAP:,.0f} nodes: the form's 30-second search at {PAGE_CAP / 30e6:.2f} M nodes a second")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer seeds, shorter caps")
    ap.add_argument("--cli", action="store_true", help="only the enumeration and the CLI figure")
    ap.add_argument("--rate", action="store_true", help="only the nodes per CPU second behind the cost rule")
    ap.add_argument("--budget", type=int, default=5, help="--rate: millions of nodes per method (default 5)")
    ap.add_argument("--pyodide", action="store_true", help="--rate: in Pyodide under Node (the page's runtime)")
    args = ap.parse_args()
    if args.rate and args.pyodide:
        return pyodide_rate(args.budget)
    if args.rate:
        return rate_figure(args.budget)
    if args.cli:
        return cli_figure()
    seeds = range(2) if args.quick else range(4)
    cap = 30.0 if args.quick else 90.0
    print("time to first solution (restarting randomised search, tile 1 in the first cell)")
    for method in ("extrasymmetric-7x8", "upright-4x14", "slanted-4x14", "symmetric-7x8"):
        first_solutions(method, seeds, cap)

    print("\nfull extra-symmetric enumeration")
    t0 = time.perf_counter()
    fillings, nodes = enum._fillings()
    dt = time.perf_counter() - t0
    print(f"  search: {len(fillings)} normalised fillings, {nodes:,} nodes in {dt:.2f} s "
          f"({nodes / dt / 1e6:.2f} M nodes/s)  [target < 10 s]")
    t0 = time.perf_counter()
    result = enum.enumerate_all()
    print(f"  with loops and symmetry classes: {time.perf_counter() - t0:.2f} s -> "
          f"{result['classes']}, single-loop {result['single_loop_classes']['translations+mirror']} (+ mirrors)")

    print("\nplain 8 x 7 board: nodes reaching each depth >= 48 in a fixed time (exact search)")
    secs = 10.0 if args.quick else 30.0
    for name, order, look in (("seed order", None, None), ("row order", attack.row_order(), None),
                              ("row order + lookahead", attack.row_order(), 4)):
        prof = attack.depth_profile(order, seed=1, seconds=secs, lookahead=look)
        deep = prof["reached"][48:]
        print(f"  {name:22s} {prof['nodes']:>11,} nodes in {prof['seconds']} s, solution: {prof['found']}; "
              f"depths 48..56: {deep}", flush=True)

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\npeak memory (ru_maxrss): {peak / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
