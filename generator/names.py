"""How the site and the engines name things to a visitor: one source for every page.

Tilings keep their everyday names and capitals: "Penrose P2 (kites and darts)", "hat" (a
common noun in running text: "a hat patch"), "Spectre" (a proper name).  `capital()` starts
a heading, a table row or a fact label with a capital letter without lowering the rest.
"""

TILINGS = {"p2": "Penrose P2 (kites and darts)", "p3": "Penrose P3 (rhombs)", "hat": "hat", "spectre": "Spectre"}

# the site's navigation: short names of the families
SHORT = {"p2": "Penrose P2", "p3": "Penrose P3", "hat": "Hat", "spectre": "Spectre", "calissons": "Calissons",
         "tantrix": "Tantrix", "loopy": "Loopy"}


def capital(text: str) -> str:
    """`text` with its first letter a capital (the rest unchanged: "hat" -> "Hat", "P2" stays)."""
    return text[:1].upper() + text[1:]


def tiling(name: str) -> str:
    """A tiling's name in running text ("p2" -> "Penrose P2 (kites and darts)"); unknown names unchanged."""
    return TILINGS.get(name, name)
