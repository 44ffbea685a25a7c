"""The shared hint concept (generator/hints.py): marks files, the mistake check, the explain
loop and the worked-solution sheet, on a toy edge puzzle (a square ring of four dots)."""

import json

import pytest

from generator import hints, hintsheets
from generator.errors import TilepressError

EDGES = {(0, 1), (1, 2), (2, 3), (0, 3), (0, 2)}
SOLUTION = {(0, 1), (1, 2), (2, 3), (0, 3)}


def test_marks_parse_and_normalise():
    m = hints.parse_marks('{"yes": [[1, 0], [2, 3]], "no": [[2, 0]]}', EDGES)
    assert m.yes == {(0, 1), (2, 3)} and m.no == {(0, 2)}
    assert m.to_json() == {"yes": [[0, 1], [2, 3]], "no": [[0, 2]]}
    assert hints.parse_marks("{}", EDGES).yes == set()


@pytest.mark.parametrize("text, words", [
    ("[1]", "must be a JSON object"),
    ('{"yes": 3}', '"yes" must be a list'),
    ('{"no": [[0, 1, 2]]}', '"no" #0 must be a pair'),
    ('{"yes": [[0, true]]}', '"yes" #0 must be a pair'),
    ('{"yes": [[1, 3]]}', '"yes" #0 [1, 3] is not an edge'),
    ('{"yes": [[0, 1]], "no": [[1, 0]]}', "both"),
    ('{"maybe": []}', 'unknown field "maybe"'),
    ("{nope", "malformed JSON"),
])
def test_bad_marks_are_one_line_errors(text, words):
    with pytest.raises(TilepressError) as exc:
        hints.parse_marks(text, EDGES)
    assert words in str(exc.value) and "\n" not in str(exc.value)


def test_mistake_names_the_first_wrong_mark():
    assert hints.mistake(hints.Marks({(0, 1)}, {(0, 2)}), SOLUTION) is None
    s = hints.mistake(hints.Marks({(0, 2), (0, 1)}, {(2, 3)}), SOLUTION)
    assert s.rule == "mistake" and s.to_json()["because"]["edges"] == [[0, 2]]
    s = hints.mistake(hints.Marks(set(), {(2, 3), (1, 2)}), SOLUTION)
    assert s.to_json()["because"]["edges"] == [[1, 2]] and "cross" in s.text


def _toy_next(marks):
    """Toy rules: first cross the diagonal (level a), then the ring edges one by one (level b)."""
    if (0, 2) not in marks.no:
        return hints.Step("diag", "a", "The diagonal is crossed.", no=((2, 0),), faces=(0,))
    for e in sorted(SOLUTION):
        if e not in marks.yes:
            return hints.Step("ring", "b", "A ring edge.", yes=(e,), edges=((0, 2),))
    return hints.solved_step()


def test_explain_replays_to_the_end_with_the_hardest_level():
    ex = hints.explain(_toy_next, ("a", "b"), limit=10)
    assert [s.rule for s in ex.steps] == ["diag"] + ["ring"] * 4
    assert ex.level == "b" and ex.marks.yes == SOLUTION and ex.marks.no == {(0, 2)}
    rec = ex.to_json()
    assert set(rec["steps"][0]) == {"rule", "level", "yes", "no", "because", "text"}
    assert rec["steps"][0]["no"] == [[0, 2]]
    with pytest.raises(RuntimeError):          # a step that decides nothing new is a bug, not a loop
        hints.explain(lambda m: hints.Step("stuck", "a", "x", no=((0, 2),)), ("a",), limit=5,
                      marks=hints.Marks(set(), {(0, 2)}))


def test_sheet_pages_draw_every_step():
    board = {"dots": [[0, 0], [1, 0], [1, 1], [0, 1]], "edges": [list(e) for e in sorted(EDGES)],
             "givens": [], "outline": [], "clues": [{"x": 0.5, "y": 0.5, "text": "4"}], "rules": "Draw a loop."}
    ex = hints.explain(_toy_next, ("a", "b"), limit=10)
    pages = hintsheets.sheet_pages("Toy", board, ex.steps, faces={0: [0, 1, 2, 3]})
    text = "".join(pages)
    assert len(pages) == 1 and text.count("<svg") == 1 + 3        # page + puzzle panel + 2 groups
    assert "1. The diagonal is crossed." in text and "Steps 2–5 (b):" in text
    assert pages == hintsheets.sheet_pages("Toy", board, ex.steps, faces={0: [0, 1, 2, 3]})
    assert hintsheets.sheet_svg(pages).count("<svg") == 1 + 1 + 3
