"""Hints: the next deduction of an edge-marking puzzle, one shape for every family.

A puzzle played by marking edges (Loopy's loop lines, the calissons' fold edges) is solved
by a chain of deductions, each made by a named rule that reads a few faces, dots and edges
and decides one or more edges.  A *step* records one deduction:

    rule     a stable name ("face-full", "calisson-sides", ...; "mistake" for a wrong mark)
    level    the family's name of the easiest level whose rules make it
    yes, no  the edges it decides: on (a line, a fold edge) or off (a cross)
    because  {"faces": [face ids], "dots": [dot ids], "edges": [[i, j], ...]}: what it reads
    text     one plain sentence a player understands

Edges are pairs of dot indices [i, j] with i < j, in the family's own dot numbering (the
same numbering as its puzzle JSON and its page board).  The JSON form of a step is
`{"rule", "level", "yes", "no", "because", "text"}` with every list sorted.

A MARKS file is what the player has marked so far: `{"yes": [[i, j], ...], "no": [[i, j],
...]}` (both optional).  `parse_marks` checks it against the puzzle's edges; a bad entry is
one line naming the field.  Before any hint, `mistake` compares the marks with the puzzle's
unique solution and names the first wrong mark (smallest [i, j]) as a step of rule
"mistake": a hint never builds on a wrong mark, and never volunteers the check unasked.

`explain` replays hints from an empty board: each step's edges are added to the marks until
the family's `next_step` has nothing more to say; the result is the worked solution in
order and the hardest level it used.  How such a solution is laid out for print (and the
article figures of single steps) is `generator.hintsheets`: this module is what a hint
means, that one how it looks on paper.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from generator.errors import TilepressError
from generator.inputs import read_text

MAX_MARKS_BYTES = 4 << 20
Edge = tuple[int, int]


def edge(i: int, j: int) -> Edge:
    """An edge as the sorted pair of its dot indices."""
    return (i, j) if i < j else (j, i)


def _edges(pairs: Iterable) -> list[list[int]]:
    """Sorted, de-duplicated [i, j] lists."""
    return [list(e) for e in sorted({edge(*p) for p in pairs})]


@dataclass(frozen=True)
class Step:
    """One deduction (see the module notes); edges are (i, j) pairs of dot indices."""

    rule: str
    level: str | None
    text: str
    yes: tuple = ()
    no: tuple = ()
    faces: tuple = ()
    dots: tuple = ()
    edges: tuple = ()

    def to_json(self) -> dict:
        """The step's JSON object (every list sorted)."""
        return {"rule": self.rule, "level": self.level, "yes": _edges(self.yes), "no": _edges(self.no),
                "because": {"faces": sorted(set(self.faces)), "dots": sorted(set(self.dots)),
                            "edges": _edges(self.edges)},
                "text": self.text}


@dataclass
class Marks:
    """The player's marks: edges drawn (yes) and crossed out (no)."""

    yes: set = field(default_factory=set)
    no: set = field(default_factory=set)

    def add(self, step: Step) -> int:
        """Apply a step's decisions; the number of edges newly decided."""
        new = 0
        for e in step.yes:
            e = edge(*e)
            new += e not in self.yes
            self.yes.add(e)
        for e in step.no:
            e = edge(*e)
            new += e not in self.no
            self.no.add(e)
        return new

    def to_json(self) -> dict:
        """The MARKS file object."""
        return {"yes": _edges(self.yes), "no": _edges(self.no)}


def validate_marks(obj, edges, what: str = "marks") -> Marks:
    """Check a decoded MARKS object against the puzzle's edges (a set of (i, j), i < j)."""
    if not isinstance(obj, dict):
        raise TilepressError(f'{what} must be a JSON object {{"yes": [[i, j], ...], "no": [[i, j], ...]}}')
    unknown = sorted(set(obj) - {"yes", "no"})
    if unknown:
        raise TilepressError(f'{what}: unknown field "{unknown[0]}" (only "yes" and "no")')
    out = Marks()
    for key in ("yes", "no"):
        items = obj.get(key, [])
        if not isinstance(items, list):
            raise TilepressError(f'{what} "{key}" must be a list of [i, j] dot-index pairs')
        if len(items) > len(edges):
            raise TilepressError(f'{what} "{key}" has {len(items)} entries; the puzzle has {len(edges)} edges')
        for k, p in enumerate(items):
            if (not isinstance(p, list) or len(p) != 2
                    or not all(isinstance(c, int) and not isinstance(c, bool) for c in p)):
                raise TilepressError(f'{what} "{key}" #{k} must be a pair [i, j] of dot indices')
            e = edge(p[0], p[1])
            if e not in edges:
                raise TilepressError(f'{what} "{key}" #{k} {p} is not an edge of this puzzle')
            getattr(out, key).add(e)
    both = out.yes & out.no
    if both:
        raise TilepressError(f'{what}: edge {list(min(both))} is both in "yes" and in "no"')
    return out


def parse_marks(text: str, edges, what: str = "marks") -> Marks:
    """A MARKS JSON text, checked (bad JSON or entries: one-line TilepressError)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TilepressError(f"{what}: malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    return validate_marks(obj, edges, what)


def read_marks(path: str | None, edges) -> Marks:
    """The marks of a MARKS file (`-` for standard input); none given: an empty board."""
    if path is None:
        return Marks()
    return parse_marks(read_text(path, MAX_MARKS_BYTES), edges, what=path if path != "-" else "marks")


def mistake(marks: Marks, solution_yes, line: str = "line", cross: str = "cross") -> Step | None:
    """A "mistake" step naming the first mark (smallest edge) that the unique solution
    contradicts, or None; `line`/`cross` are the family's words for the two marks."""
    wrong = [(e, True) for e in marks.yes if e not in solution_yes]
    wrong += [(e, False) for e in marks.no if e in solution_yes]
    if not wrong:
        return None
    e, was_yes = min(wrong)
    text = (f"This {line} is a mistake: the solution has no {line} here. Remove it, and what you built on it."
            if was_yes else
            f"This {cross} is a mistake: the solution needs a {line} here. Remove it, and what you built on it.")
    return Step("mistake", None, text, edges=(e,), dots=e)


def page_hint(step: Step, pairs: Sequence[Edge], faces: dict | None = None) -> dict:
    """A step for the page player: its JSON plus "ids" (board edge ids of what it decides
    and reads; `pairs[id]` is the dot pair of board edge id) and "shapes" (the dot lists of
    the faces it reads, from `faces`)."""
    where = {edge(*p): i for i, p in enumerate(pairs)}
    ids = lambda es: sorted({where[edge(*e)] for e in es if edge(*e) in where})   # noqa: E731
    rec = step.to_json()
    rec["ids"] = {"yes": ids(step.yes), "no": ids(step.no), "read": ids(step.edges)}
    rec["shapes"] = [list(faces[f]) for f in sorted(set(step.faces)) if faces and f in faces]
    return rec


def marks_from_ids(pairs: Sequence[Edge], lines, crosses) -> Marks:
    """The page's marks (board edge ids) as Marks (bad ids: a one-line error)."""
    out = Marks()
    for key, ids in (("yes", lines), ("no", crosses)):
        for i in ids:
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(pairs):
                raise TilepressError(f"{'line' if key == 'yes' else 'cross'}: {i!r} is not an edge of this board")
            getattr(out, key).add(edge(*pairs[i]))
    if out.yes & out.no:
        raise TilepressError(f"edge {list(min(out.yes & out.no))} is marked both as a line and as a cross")
    return out


def solved_step(text: str = "Every edge is decided: the puzzle is solved.") -> Step:
    """The answer to a hint on a finished board."""
    return Step("solved", None, text)


@dataclass
class Explanation:
    """A worked solution: the steps in order, the hardest level used, the final marks."""

    steps: list
    level: str | None
    marks: Marks

    def to_json(self, **extra) -> dict:
        """{"level", "steps": [...], **extra}."""
        return {"level": self.level, "steps": [s.to_json() for s in self.steps], **extra}


def hardest(levels: Sequence[str], steps: Iterable[Step]) -> str | None:
    """The highest level (in the family's order) that any step uses."""
    used = [levels.index(s.level) for s in steps if s.level in levels]
    return levels[max(used)] if used else None


def explain(next_step: Callable[[Marks], Step | None], levels: Sequence[str], limit: int,
            marks: Marks | None = None) -> Explanation:
    """Apply hints from an empty board (or `marks`) until `next_step` returns None or a
    step of rule "solved"; each step must decide something new (at most `limit` steps)."""
    marks = marks or Marks()
    steps = []
    while True:
        step = next_step(marks)
        if step is None or step.rule == "solved":
            break
        if step.rule == "mistake":
            raise RuntimeError("a hint replay met a mistake: a hint set an edge against the solution")
        if not marks.add(step):
            raise RuntimeError(f"hint {step.rule!r} decided nothing new")
        steps.append(step)
        if len(steps) > limit:
            raise RuntimeError(f"more than {limit} hints")
    return Explanation(steps, hardest(levels, steps), marks)
