"""tilepress generator: the engines (pure Python, standard library only) and their renderers.

Layout (one folder per family, one module per build phase):

    generator/penrose/    Penrose P2 and P3 by combinatorial coordinates (Tatham 2023)
    generator/hat/        the hat monotile: exact supertiles, combinatorial coordinates
    generator/calissons/  calisson puzzles: solver, sampler, generator
    generator/tantrix/    infinite Tantrix patterns: search, enumeration (Szobonya 2004)
    generator/pipeline/   the static-site build: config, plan, generate, render, write, pages
    generator/cli.py      `python -m generator ...` (the machine interface, built from the families)
    generator/families.py the family protocol: Family, Param, the registry, validate()
    generator/monotile.py what the hat and Spectre families share (a monotile patch as an item)

Each family folder has a `family.py` defining its `Family` value (see docs/adding-a-family.md).
    generator/svg.py      shared SVG writing with a fixed number format
    generator/errors.py   the one exception type that reaches users as a one-line message
"""

__version__ = "0.1.0"

# The floors, lowest first: a module imports only from its own floor or the floors below it
# (tests/test_imports.py checks every import, function-level ones too).  A module is named by its
# first two parts ("generator.loopy", "generator.svg"); a package not listed here (a new family's
# folder) is an engine.  So engines never reach the CLI, the page's API or the site build.
FLOORS = (
    ("generator.errors", "generator.params", "generator.permalinks", "generator.svg", "generator.output",
     "generator.reporting", "generator.spools", "generator.bands", "generator.files", "generator.pdf", "generator.dxf",
     "generator.quadratic", "generator.inputs", "generator.names"),          # shared ground: no family, no protocol
    ("generator.families", "generator.hints", "generator.hintsheets", "generator.sheet"),   # the Family protocol, hints, sheets on paper
    ("*",),                                                # the engines: generator/<family>/, generator.monotile
    ("generator.cli",),                                    # `python -m generator`, built from the families
    ("generator.webapi",),                                 # what the page calls (the CLI, captured)
    ("generator.pipeline", "generator.__main__"),          # the site build; the entry point
)
