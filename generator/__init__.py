"""tilepress generator: the engines (pure Python, standard library only) and their renderers.

Layout (one folder per family, one module per build phase):

    generator/penrose/    Penrose P2 and P3 by combinatorial coordinates (Tatham 2023)
    generator/hat/        the hat monotile: exact supertiles, combinatorial coordinates
    generator/calissons/  calisson puzzles: solver, sampler, generator
    generator/tantrix/    infinite Tantrix patterns: search, enumeration (Szobonya 2004)
    generator/pipeline/   the static-site build: config, plan, generate, render, write, pages
    generator/cli.py      `python -m generator ...` (the machine interface, built from the families)
    generator/families.py the family protocol: Family, Param, the registry, validate()

Each family folder has a `family.py` defining its `Family` value (see docs/adding-a-family.md).
    generator/svg.py      shared SVG writing with a fixed number format
    generator/errors.py   the one exception type that reaches users as a one-line message
"""

__version__ = "0.1.0"
