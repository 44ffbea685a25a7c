"""tilepress generator: the engines (pure Python, standard library only) and their renderers.

Layout (one folder per family, one module per build phase):

    generator/penrose/    Penrose P2 and P3 by combinatorial coordinates      (issue 3)
    generator/hat/        hat monotile: exact supertiles, combinatorial coords (issues 4, 5)
    generator/calissons/  calisson puzzles: solver, sampler, generator         (issue 6)
    generator/tantrix/    infinite Tantrix patterns: search, enumeration       (issue 7)
    generator/pipeline/   the static-site build: config, plan, generate, render, write, pages
    generator/cli.py      `python -m generator ...` (the machine interface)
    generator/families.py the registry of families and permalink prefixes
    generator/svg.py      shared SVG writing with a fixed number format
    generator/errors.py   the one exception type that reaches users as a one-line message
"""

__version__ = "0.1.0"
