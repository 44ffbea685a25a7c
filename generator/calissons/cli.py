"""`python -m generator calissons solve|generate|check|sample ...` and `regen cal.v1...`.

    solve FILE|- [--count] [--cap N] --format json
        input  {"n": N, "givens": [[a, b, d], ...]}
        output {"status": "none"|"unique"|"multiple", "count": int|null,
                "solution": {"salient": [[a, b, d], ...], "pp": [[...]]}|null}
        (for "multiple" the solution is the least one; count is null unless --count)
    generate --size N --seed S --level easy|medium|hard [--minimal] --format json|svg|png|pdf|mathix
        output {"n", "givens", "permalink", "difficulty": {...}, "solution": {"salient", "pp"}}
        (mathix: a mathix.org player URL with the givens and the hidden solution edges)
    check FILE|URL|PERMALINK [--cap N] [--picture FILE]
        prints the number of solutions (capped) and writes an SVG marking where they differ
    sample --size N --seed S --format svg|png|json
        a uniformly random tiling of the hexagon (exact; the arctic circle for large N), named
        by its permalink cal.v1.<N>.s<S>; JSON {"n", "seed", "permalink", "volume", "pp"}
"""

from __future__ import annotations

import argparse
import json
import sys

from generator.calissons import mathix, permalink, render
from generator.calissons import sample as samples
from generator.calissons.generator import LEVELS, MAX_GENERATE_N, difficulty_record, generate
from generator.calissons.model import DIRS, hexagon, pp_from_heights, triangle_vertices
from generator.calissons.solver import count_solutions, solve
from generator.errors import TilepressError
from generator.inputs import read_text
from generator.output import add_output_arguments, emit, emit_rendered, to_json

MAX_SOLVE_N = 128
MAX_INPUT_BYTES = 8 << 20
DEFAULT_CAP = 100000


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as TilepressError (one line, exit 2)."""

    def error(self, message):
        raise TilepressError(f"calissons {self.prog.split()[-1]}: {message}")


def _read(path: str) -> str:
    """Text of a file or of standard input, size-capped."""
    return read_text(path, MAX_INPUT_BYTES)


def parse_puzzle(text: str) -> tuple[int, list[tuple[int, int, str]]]:
    """Validate a puzzle JSON text: (n, givens)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    return validate_puzzle(obj)


def validate_puzzle(obj) -> tuple[int, list[tuple[int, int, str]]]:
    """Check a decoded puzzle object: n in range, givens distinct interior edges."""
    if not isinstance(obj, dict):
        raise TilepressError('puzzle must be a JSON object {"n": N, "givens": [[a, b, d], ...]}')
    n = obj.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise TilepressError('puzzle needs an integer "n"')
    if not 1 <= n <= MAX_SOLVE_N:
        raise TilepressError(f"n = {n} out of range 1..{MAX_SOLVE_N}")
    givens = obj.get("givens", [])
    if not isinstance(givens, list):
        raise TilepressError('"givens" must be a list of [a, b, d] edges')
    reg = hexagon(n)
    if len(givens) > len(reg.interior):
        raise TilepressError(f"more givens ({len(givens)}) than interior edges ({len(reg.interior)})")
    seen = set()
    out = []
    for i, g in enumerate(givens):
        if (not isinstance(g, list) or len(g) != 3 or not all(isinstance(c, int) and not isinstance(c, bool)
                                                            for c in g[:2]) or g[2] not in DIRS):
            raise TilepressError(f"given #{i} must be [a, b, d] with integers a, b and d in x|y|z")
        e = (g[0], g[1], g[2])
        if e not in reg.interior:
            raise TilepressError(f"given #{i} {list(e)} is not an interior edge of the hexagon of side {n}")
        if e in seen:
            raise TilepressError(f"given #{i} {list(e)} is listed twice")
        seen.add(e)
        out.append(e)
    return n, out


def solution_record(n: int, H: list[int]) -> dict:
    """{"salient": [...], "pp": [...]} for a height function."""
    return {"salient": [list(e) for e in hexagon(n).salient_edges(H)], "pp": pp_from_heights(n, H)}


def solve_record(n: int, givens, want_count: bool, cap: int) -> dict:
    """The JSON answer of `solve`."""
    sol = solve(hexagon(n), givens)
    count = {"none": 0, "unique": 1}.get(sol.status)
    if want_count and sol.status == "multiple":
        count, capped = count_solutions(hexagon(n), givens, cap)
        if capped:
            print(f"warning: counting stopped at {count} solutions (cap)", file=sys.stderr)
    return {"status": sol.status, "count": count,
            "solution": solution_record(n, sol.least) if sol.least is not None else None}


def cmd_solve(argv: list[str]) -> int:
    """solve FILE|- [--count] --format json"""
    p = _Parser(prog="calissons solve", description="Solve a calisson puzzle given as JSON.")
    p.add_argument("file", help="puzzle JSON file, or - for standard input")
    p.add_argument("--count", action="store_true", help="count the solutions (capped)")
    p.add_argument("--cap", type=int, default=DEFAULT_CAP, help=f"counting cap (default {DEFAULT_CAP})")
    add_output_arguments(p, formats=("json",))
    a = p.parse_args(argv)
    if a.cap < 1:
        raise TilepressError("--cap must be positive")
    n, givens = parse_puzzle(_read(a.file))
    return emit_rendered("json", a.out, json_obj=solve_record(n, givens, a.count, a.cap))


def _progress(n: int):
    """A tqdm wrapper for the greedy deletion of big puzzles, only on a terminal."""
    if n < 16 or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None
    return lambda it: tqdm(it, desc="deleting givens", unit="edge", file=sys.stderr, leave=False)


def generate_record(n: int, seed: int, level: str, minimal: bool):
    """(puzzle, JSON answer of `generate`)."""
    pz = generate(n, seed, level, minimal, progress=_progress(n))
    rec = {"n": n, "givens": [list(e) for e in pz.givens], "permalink": permalink.encode(n, pz.givens),
           "difficulty": difficulty_record(pz), "solution": solution_record(n, pz.heights)}
    return pz, rec


def cmd_generate(argv: list[str]) -> int:
    """generate --size N --seed S --level L --format json|svg|png|pdf"""
    p = _Parser(prog="calissons generate", description="Generate a unique calisson puzzle.")
    p.add_argument("--size", type=int, required=True, help=f"hexagon side 2..{MAX_GENERATE_N}")
    p.add_argument("--seed", type=int, default=0, help="random seed (integer)")
    p.add_argument("--level", choices=sorted(LEVELS), default="medium")
    p.add_argument("--minimal", action="store_true", help="delete every redundant given")
    p.add_argument("--view", choices=("puzzle", "solution", "player"), default="puzzle",
                   help="picture for svg/png/pdf output")
    add_output_arguments(p, formats=("json", "svg", "png", "pdf", "mathix"))
    a = p.parse_args(argv)
    if a.format == "mathix" and not 2 <= a.size <= 10:
        raise TilepressError("the mathix.org player takes sizes 2..10")
    pz, rec = generate_record(a.size, a.seed, a.level, a.minimal)
    if a.format == "mathix":
        emit(mathix.url(pz.n, pz.givens, pz.salient) + "\n", a.out)
        return 0
    svg = None
    if a.format != "json":
        svg = view_svg(a.view, pz.n, pz.givens, pz.heights, rec["permalink"])
    return emit_rendered(a.format, a.out, json_obj=rec, svg=svg)


def view_svg(view: str, n: int, givens, H, title: str) -> str:
    """One of the three pictures of a solved puzzle."""
    if view == "solution":
        return render.solution_svg(n, H, title=title)
    if view == "player":
        return render.player_svg(n, hexagon(n).salient_edges(H), givens, title=title)
    return render.puzzle_svg(n, givens, title=title)


def load_any(source: str) -> tuple[int, list]:
    """A puzzle from a JSON file, a mathix URL or tab string, or a cal permalink."""
    s = source.strip()
    if s.startswith("cal.v"):
        return permalink.decode(s)
    if "tab=" in s or (s and set(s.rstrip("0123456789")) <= set("tsf") and len(s) > 5):
        n, givens, _hidden, _num = mathix.parse(s)
        return n, givens
    return parse_puzzle(_read(source))


def cmd_check(argv: list[str]) -> int:
    """check FILE|URL|PERMALINK [--cap N] [--picture FILE]"""
    p = _Parser(prog="calissons check", description="Count a puzzle's solutions; picture where they differ.")
    p.add_argument("source", help="puzzle JSON file (- for stdin), mathix.org URL or tab string, or cal permalink")
    p.add_argument("--cap", type=int, default=1000, help="stop counting here (default 1000)")
    p.add_argument("--picture", default="calissons-check.svg", metavar="FILE",
                   help="SVG marking the triangles where solutions differ (default calissons-check.svg)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    a = p.parse_args(argv)
    if a.cap < 1:
        raise TilepressError("--cap must be positive")
    n, givens = load_any(a.source)
    reg = hexagon(n)
    sol = solve(reg, givens)
    count, capped = count_solutions(reg, givens, a.cap) if sol.status != "none" else (0, False)
    differ = set(sol.differ())
    marked = [t for t in reg.triangles if any(reg.index[v] in differ for v in triangle_vertices(t))]
    emit(render.puzzle_svg(n, givens, marked=marked, title=f"{count}{'+' if capped else ''} solutions"),
         a.picture)
    if a.format == "json":
        emit(to_json({"n": n, "status": sol.status, "count": count, "capped": capped,
                      "differ_vertices": [list(reg.coords[v]) for v in sorted(differ)],
                      "permalink": permalink.encode(n, givens) if n <= permalink.MAX_PERMALINK_N else None}))
    else:
        more = "at least " if capped else ""
        where = f"; solutions differ at {len(differ)} vertices" if differ else ""
        emit(f"n = {n}, {len(givens)} givens: {more}{count} solution{'s' if count != 1 else ''} "
             f"({sol.status}){where}; picture written to {a.picture}\n")
    return 0


def cmd_sample(argv: list[str]) -> int:
    """sample --size N --seed S --format svg|png|json"""
    p = _Parser(prog="calissons sample", description="A uniformly random calisson tiling of the hexagon.")
    p.add_argument("--size", type=int, required=True, help=f"hexagon side 1..{samples.MAX_SAMPLE_N}")
    p.add_argument("--seed", type=int, default=0, help=f"random seed 0..{samples.MAX_SEED} (default 0)")
    add_output_arguments(p, formats=("svg", "png", "json"), default="svg")
    a = p.parse_args(argv)
    return emit_sample(samples.draw(a.size, a.seed), a.format, a.out)


def emit_sample(s, fmt: str, out: str) -> int:
    """Write a sample as SVG, PNG or JSON."""
    if fmt == "json":
        return emit_rendered("json", out, json_obj=samples.to_json(s))
    return emit_rendered(fmt, out, svg=samples.to_svg(s))


COMMANDS = {"solve": cmd_solve, "generate": cmd_generate, "check": cmd_check, "sample": cmd_sample}


def main(argv: list[str]) -> int:
    """Dispatch `calissons <command> ...`."""
    if not argv or argv[0] in ("-h", "--help", "help"):
        print("usage: python -m generator calissons {solve,generate,check,sample} ...\n\n" + __doc__.split("\n\n", 1)[1])
        return 0
    cmd = COMMANDS.get(argv[0])
    if cmd is None:
        raise TilepressError(f"calissons: unknown command {argv[0]!r} (choose from {', '.join(COMMANDS)})")
    return cmd(argv[1:])


def regen(link: str, argv: list[str]) -> int:
    """`python -m generator regen cal.v1...`: the puzzle a permalink names, solved (or the sample)."""
    if samples.is_sample_link(link):
        p = _Parser(prog="regen cal", description="Regenerate a random calisson tiling from its permalink.")
        add_output_arguments(p, formats=("svg", "png", "json"), default="svg")
        a = p.parse_args(argv)
        return emit_sample(samples.regen(link), a.format, a.out)
    p = _Parser(prog="regen cal", description="Regenerate a calisson puzzle from its permalink.")
    p.add_argument("--view", choices=("puzzle", "solution", "player"), default="puzzle")
    p.add_argument("--count", action="store_true", help="count the solutions (capped)")
    add_output_arguments(p, formats=("json", "svg", "png", "pdf"), default="svg")
    a = p.parse_args(argv)
    n, givens = permalink.decode(link)
    if a.format == "json":
        rec = solve_record(n, givens, a.count, DEFAULT_CAP)
        rec.update({"n": n, "givens": [list(e) for e in givens], "permalink": link.strip()})
        return emit_rendered("json", a.out, json_obj=rec)
    sol = solve(hexagon(n), givens)
    if a.view != "puzzle" and sol.least is None:
        raise TilepressError("this puzzle has no solution to draw")
    return emit_rendered(a.format, a.out, svg=view_svg(a.view, n, givens, sol.least, link.strip()))
