"""Calisson puzzles (Olivier Longuet's game): solve, count, sample, generate, draw, publish.

    model.py      the triangular grid, regions, height functions, plane partitions, fold edges
    regions.py    regions as text: boundary words, named and random shapes, Thurston's test
    onregion.py   the commands on other regions and on the infinite grid (feasible)
    solver.py     difference constraints on heights: advancing surface, status, counting,
                  the infinite-grid test
    sampler.py    uniformly random tilings by monotone coupling from the past (two versions
                  on the hexagon, one on height functions of any region)
    sample.py     the `sample` command: a random tiling named `cal.v2.<n>.s<seed>`
    human.py      a human-style solver used to grade difficulty
    generator.py  random tiling -> all fold edges -> greedy deletion -> graded puzzle
    mathix.py     mathix.org `tab=` strings
    permalink.py  `cal.v1.<n>~<givens>` and `cal.v3.<word>~<givens>` permalinks
    render.py     SVG pictures (puzzle, cube pile, player's view, printable variants)
    family.py     the family: puzzle JSON in and out, the solve/generate/check commands, site items
"""
