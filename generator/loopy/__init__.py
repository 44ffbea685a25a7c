"""Loopy (Slitherlink) puzzles on the tiles of aperiodic patches."""
