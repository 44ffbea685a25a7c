"""Tilings for makers and researchers: tiles with their neighbours, colourings, cut files.

Works on any family whose `Family` value gives its tiles (`shapes`, or `tiles`): the Penrose
tilings, the hat, the Spectre, Loopy puzzles (their faces) and calisson puzzles (their
lozenges).  Pure standard library (it runs under Pyodide like the engines).

    graph.py    the neighbour graph of a patch, built in one walk (`build`), its JSON and GeoJSON
    colour.py   colourings (kind, metatile, proper 4- and 3-colourings) and named palettes
    cut.py      cut files: SVG with every edge once in millimetres, DXF (through ezdxf, optional)
    picture.py  an SVG picture of a patch in a colouring

The formats and options are documented in docs/tilings-for-makers.md.
"""
