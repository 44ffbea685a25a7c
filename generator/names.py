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


# Facts a visitor does not need to enjoy a picture or a puzzle (how the engine found it, the
# internal coordinates, the search's statistics): the item page folds them under "Details
# for the curious", with the permalink's command line.  Labels compare in lower case.
TECHNICAL_FACTS = frozenset({
    "start triangle", "half-tile triangles visited", "levels of coordinates", "coordinates (lowest first)",
    "metatile levels used", "search nodes", "periods", "seed", "method", "symmetry group",
    "tiling permalink"})
TECHNICAL_PREFIXES = ("variant:", "solving depth", "successful what-if tries", "share of the edges the rules")
# fact labels in a visitor's words (lower case -> shown label)
FACT_WORDS = {"region": "Size", "size n": "Side"}


def is_technical(label: str) -> bool:
    """Whether a fact belongs under "Details for the curious" (TECHNICAL_FACTS)."""
    low = label.lower()
    return low in TECHNICAL_FACTS or low.startswith(TECHNICAL_PREFIXES)


def visitor_facts(facts) -> list[tuple[str, object]]:
    """The facts a visitor reads first: labels capitalised, tilings by their names."""
    out = []
    for label, value in facts:
        if is_technical(label):
            continue
        if label.lower() == "tiling" and isinstance(value, str):
            value = capital(tiling(value))
        elif label.lower() == "level" and isinstance(value, str):
            value = capital(value)                    # "Easy", as the gallery's columns say
        out.append((FACT_WORDS.get(label.lower(), capital(label)), value))
    return out


def technical_facts(facts) -> list[tuple[str, object]]:
    """The facts folded under "Details for the curious", labels capitalised."""
    return [(capital(label), value) for label, value in facts if is_technical(label)]
