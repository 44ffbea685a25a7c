"""The Loopy levels in words: what kind of reasoning each one needs.

One source for every place that names a level to a reader: the item page's facts, the
printable sheets, the regen page and the article.  The levels are Simon Tatham's Easy,
Normal, Tricky and Hard (the deduction rules of his Loopy solver, restated in our own words
in `generator/loopy/solver.py`) and, above them, Expert: what this project's first solver
knew beyond his Hard.  `beyond` is a puzzle that no level's rules finish.

Each text says what a player has to notice (without the level's name, which the caller
shows); a level includes every level below it.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "tricky", "hard", "expert")

LEVEL_TEXT = {
    "easy": "Count the lines and crosses round one number or at one dot. A number with all its lines "
            "has crosses on its other sides; a number with all its crosses has lines on the rest; a dot "
            "has either two lines or none; and a line never closes a loop too early.",
    "normal": "Easy rules, plus facts about two edges that meet at a corner: \"at least one of these two is a "
              "line\" or \"at most one is\". Such facts come from the dots, and a number that can only reach "
              "its count with or without one particular side decides that side.",
    "tricky": "Normal rules, plus corner facts that come from the numbers (a number that needs more lines "
              "than the rest of its sides can give puts a line at a corner) and that travel across a dot to "
              "the corners opposite.",
    "hard": "Tricky rules, plus links between edges: \"these two are both lines or both crosses\" or \"exactly "
            "one of them is a line\". Links come from parity: a number with two or three sides left, or a dot "
            "with two edges left, ties those edges together, and a decided edge decides all its linked ones.",
    "expert": "Hard rules, plus counting over several corner facts and links at once round one number or "
              "dot (for example, disjoint \"at most one\" corners that already use up a number's count).",
    "beyond": "The rules of every level, Expert included, stop before the loop is found; the puzzle needs "
              "trial and error (or it has more than one loop).",
}

# One short phrase per level (sheets and captions).
LEVEL_SHORT = {
    "easy": "counting round one number or dot",
    "normal": "corner facts from the dots",
    "tricky": "corner facts from the numbers, carried across dots",
    "hard": "edges linked equal or opposite by parity",
    "expert": "counting many corner facts and links at once",
    "beyond": "more than every level's rules",
}


def describe(level: str) -> str:
    """The level in words (an unknown name: the name itself)."""
    return LEVEL_TEXT.get(level, level)
