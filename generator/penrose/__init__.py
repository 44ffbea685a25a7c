"""Penrose tilings P2 (kites and darts) and P3 (rhombs) by combinatorial coordinates.

Modules, in dependency order:

    algebra.py       exact arithmetic in Z[t], t = e^{iπ/5}; exact signs via a + b√5
    geometry.py      the eight half-tile triangles, their edges and their substitution
    tables.py        adjacency maps and limiting probabilities, computed from geometry at import
    region.py        does a triangle meet the open output rectangle (fast floats + exact fallback)
    walk.py          depth first: a coarse neighbour walk, then exact subdivision (flat memory)
    coords.py        Algorithm 2: the neighbour step, lazy parents; the patch (walked by
                     walk.py; the breadth-first walk kept as the reference, generate_bfs)
    substitution.py  Algorithm 1: recursive substitution with pruning (reference and figures)
    permalink.py     p2.v1.… / p3.v1.… permalinks
    patch.py         seed or permalink → patch → JSON / SVG
    render.py        SVG drawing (colours by kind, matching-rule arcs)
    figures.py       the article's figures
    check.py         an independent checker of tilings (used by the tests)
    family.py        the families P2 and P3: parameters, site items, exact tiles (generator.families)
"""
