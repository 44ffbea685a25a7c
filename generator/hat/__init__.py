"""The hat monotile (Smith, Myers, Kaplan, Goodman-Strauss 2023).

One engine, modules in dependency order (each docstring explains its mathematics):

    geometry.py     the kite grid (Eisenstein integers), the hat, exact isometries
    supertile.py    the metatiles H, T, P, F and their substitution: exact level-k supertiles
                    (the "distorting metatiles" construction of Smith, Myers, Kaplan and
                    Goodman-Strauss, "An aperiodic monotile", 2023)
    overlap.py      the overlapping numbering of metatile children, derived from the geometry
    limits.py       limiting frequencies of the metatile types (Perron-Frobenius), exact
    tables.py       kitemaps and metamaps (generated into tables_data.py, test-compared)
    coords.py       kite positions, the four kite moves, the exact region test
    patch.py        random patches by combinatorial coordinates (Tatham, "Two algorithms
                    for randomly generating aperiodic tilings", 2023)
    permalink.py    hat.v1 permalinks
    check.py        an independent checker of hat patches (used by the tests)
    render.py       SVG of supertiles and patches, patch JSON
    article.py      the article's figures
    family.py       the family: parameters, commands (supertile), site items, exact tiles
"""
