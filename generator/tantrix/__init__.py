"""Infinite Tantrix patterns: all 56 tiles, once each, repeating by translation.

Modules (mathematics first, output last):

    tiles       the tile data, rotation, mirror image, colour permutations and the colour shift
    boards      geometry and cell order of Szobonya's five methods (periods, copies, neighbours)
    search      exact depth-first search with fit tables and bitmask pools; restarts by seed
    checker     an independent validity check of a periodic pattern (no shared code paths)
    enumerate   exhaustive extra-symmetric enumeration and its symmetry classes (3742, 224)
    loops       closed loops and winding lines of each colour
    attack      the plain 8 x 7 board: why it is hard, what we run
    permalink   tx.v1.<method>.<placements>
    render      SVG drawing (2 x 2 periods, seamless wallpaper); figures: article figures
    family      the family: search/enumerate/loops/check commands, site items
    classes     the symmetry classes of the single-loop patterns (single_loop_classes.txt)
"""
