"""The hat monotile (Smith, Myers, Kaplan, Goodman-Strauss 2023).

Part 1 (exact geometry, metatile substitution, level-k supertiles — the reference) and
part 2 (random patches by combinatorial coordinates — production). See the module docstrings.
"""
