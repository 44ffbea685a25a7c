"""Loopy grade, hint and explain: the solver's deductions as named steps a player can follow.

    grade SOURCE                the level (easy, normal, tricky, hard, expert or beyond),
                                whether the loop is unique (where deduction decides it), steps
    hint SOURCE [--marks M]     the next deduction from the player's marks
    explain SOURCE              the worked solution: every hint from an empty board, in order

SOURCE is a `loopy.v1`/`loopy.v2` permalink, or a puzzle JSON file (`-`: standard input)
with `dots` and `faces` ([{"dots": [i, ...], "clue": n|null}], all faces the same way round),
optionally `edges` and `solution` ([[i, j], ...]) as `loopy generate --format json` writes.

A hint is found the way a player looks for one: the easiest level first.  For each level L
in turn, the level-L rules run from the marks alone (edges only: the "at least one / at
most one" facts and the links the rules build are not marks, so they are found again); the
first rule that decides an edge makes the hint, at level L, and the hint holds every edge
that rule goes on to force before another rule decides one (a run of two-edge dots, every
3 that is full, ...).  Its `because` is what that rule read, with what the facts it used
were read from.  Marks that contradict the unique solution give a "mistake" hint naming the
first wrong mark, and nothing else.
"""

from __future__ import annotations

import json
from functools import lru_cache

from generator import hints as H, hintsheets
from generator.errors import TilepressError
from generator.loopy import fast, solver as S, play, puzzle as P
from generator.loopy.levels import LEVEL_TEXT   # the one source of the levels in words
from generator.inputs import read_text
from generator.permalinks import Link, short_id
from generator.output import emit_rendered

MAX_FILE_BYTES = 8 << 20
MAX_FACES = 2500
MAX_FACE_SIDES = 35


# ---- reading a puzzle --------------------------------------------------------------------------

class Puzzle:
    """What grade/hint/explain need: board, clues, solution (edge ids or None), permalink, and the
    page-player board of a permalink's puzzle (or a function making it; None for a file)."""

    def __init__(self, board: S.Board, clues, solution, link: str | None, board_view: dict | None):
        self.board, self.clues, self.link, self.view = board, list(clues), link, board_view
        self.solution = solution
        self.pairs = {e: tuple(ab) for e, ab in enumerate(board.edges)}


def _field(cond: bool, msg: str) -> None:
    if not cond:
        raise TilepressError(msg)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_faces(face_dots: list, name: str) -> None:
    """Refuse repeated faces and faces that do not all go the same way round: each side a→b
    of a face may be walked by one face only (the face beside it walks b→a), and no two
    faces may have the same dots."""
    same: dict = {}
    side: dict = {}
    for k, ds in enumerate(face_dots):
        key = frozenset(ds)
        _field(key not in same, f'{name}: "faces" #{k} has the same dots as "faces" #{same.get(key)}')
        same[key] = k
        for i, a in enumerate(ds):
            b = ds[(i + 1) % len(ds)]
            _field((a, b) not in side, f'{name}: "faces" #{k} and #{side.get((a, b))} both run from dot {a} '
                                       f'to dot {b} (faces must not overlap and must all go the same way round)')
            side[(a, b)] = k


def _check_edges(edges, n: int, name: str) -> None:
    """Refuse an edge list that is not a list of distinct pairs of different dots below n."""
    _field(isinstance(edges, list), f'{name}: "edges" must be a list of [i, j]')
    seen: dict = {}
    for k, e in enumerate(edges):
        _field(isinstance(e, list) and len(e) == 2 and all(_is_int(d) for d in e),
               f'{name}: "edges" #{k} must be a pair [i, j] of dot indices')
        _field(all(0 <= d < n for d in e) and e[0] != e[1],
               f'{name}: "edges" #{k} must join two different dots, indices 0..{n - 1}')
        key = (min(e), max(e))
        _field(key not in seen, f'{name}: "edges" #{k} repeats "edges" #{seen.get(key)} (dots {key[0]} and {key[1]})')
        seen[key] = k


def from_json(doc, name: str = "input") -> Puzzle:
    """A puzzle from its JSON object; every fault is one line naming the field."""
    _field(isinstance(doc, dict), f"{name}: a Loopy puzzle is a JSON object with \"dots\" and \"faces\"")
    dots, faces = doc.get("dots"), doc.get("faces")
    _field(isinstance(dots, list) and dots, f'{name}: "dots" must be a non-empty list of [x, y]')
    _field(isinstance(faces, list) and faces, f'{name}: "faces" must be a non-empty list')
    _field(len(faces) <= MAX_FACES, f'{name}: "faces" has {len(faces)} faces (limit {MAX_FACES})')
    _field(len(dots) <= 4 * MAX_FACES * 3, f'{name}: "dots" has {len(dots)} dots (too many for {MAX_FACES} faces)')
    n = len(dots)
    face_dots, clues = [], []
    for k, f in enumerate(faces):
        _field(isinstance(f, dict) and isinstance(f.get("dots"), list),
               f'{name}: "faces" #{k} must be an object with "dots" and "clue"')
        ds = f["dots"]
        _field(3 <= len(ds) <= MAX_FACE_SIDES and all(_is_int(d) and 0 <= d < n for d in ds)
               and len(set(ds)) == len(ds),
               f'{name}: "faces" #{k} "dots" must be 3 to {MAX_FACE_SIDES} different dot indices below {n}')
        c = f.get("clue")
        _field(c is None or (_is_int(c) and 0 <= c <= len(ds)),
               f'{name}: "faces" #{k} "clue" must be null or a number 0..{len(ds)}')
        face_dots.append(tuple(ds))
        clues.append(c)
    _check_faces(face_dots, name)
    edges = doc.get("edges")
    if edges is not None:
        _check_edges(edges, n, name)
    try:
        board = S.Board(n, face_dots, [tuple(e) for e in edges] if edges is not None else None)
    except ValueError as exc:
        raise TilepressError(f"{name}: not a Loopy grid: {exc}") from None
    _field(edges is None or len(edges) == board.n_edges, f'{name}: "edges" lists edges that no face has')
    solution = None
    if doc.get("solution") is not None:
        sol = doc["solution"]
        _field(isinstance(sol, list) and all(isinstance(e, list) and len(e) == 2 for e in sol),
               f'{name}: "solution" must be a list of [i, j]')
        ids = [board.between.get((min(e), max(e))) if all(_is_int(d) for d in e) else None for e in sol]
        _field(None not in ids, f'{name}: "solution" names an edge that is not in the grid')
        solution = frozenset(ids)
    return Puzzle(board, clues, solution, None, None)


def load(source: str) -> Puzzle:
    """A puzzle from a permalink, a JSON file or `-` (standard input)."""
    if isinstance(source, Link) or (isinstance(source, str) and source.strip().startswith("loopy.")):
        p = P.from_permalink(source)
        if len(p.grid.faces) > MAX_FACES:
            raise TilepressError(f"the puzzle has {len(p.grid.faces)} faces (limit {MAX_FACES})")
        # the board view only draws explain's sheets: made when one is drawn (the page's Hint needs none)
        return Puzzle(S.Board.of_grid(p.grid), p.clues, frozenset(p.solution), p.permalink,
                      lambda: play.board_of(p))
    text = read_text(source, MAX_FILE_BYTES)
    name = "input" if source == "-" else source
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise TilepressError(f"{name}: malformed JSON: {str(exc).splitlines()[0][:120]}") from None
    return from_json(doc, name)


def solution_of(pz: Puzzle) -> frozenset | None:
    """The unique solution's edge ids: the file's, else found by deduction (None if not)."""
    if pz.solution is None:
        s = fast.Quick(pz.board, pz.clues, S.EXPERT)
        if s.run() == S.SOLVED:
            pz.solution = frozenset(e for e, v in enumerate(s.st) if v == S.YES)
    return pz.solution


# ---- sentences ---------------------------------------------------------------------------------

def _n(c) -> str:
    return "number" if c is None else str(c)


def sentence(step: dict, clues) -> str:
    """One plain sentence for a traced step."""
    rule = step["rule"]
    c = clues[step["faces"][0]] if step["faces"] else None
    yes, no, al, am = step["yes"], step["no"], step["al"], step["am"]
    decided = "lines" if yes and not no else "crosses" if no and not yes else "decided"
    one = len(yes) + len(no) == 1
    what = ("a line" if yes else "a cross") if one else decided
    if rule == "face-full":
        return (f"This 0 has no line round it: all its sides are crosses." if c == 0 else
                f"This {c} already has {c} line{'s' if c != 1 else ''}: its other sides are crosses.")
    if rule == "face-needs-all":
        return f"This {c} has only {c} side{'s' if c != 1 else ''} left that can be lines: they are all lines."
    if rule == "face-one-no-left":
        return (f"This {c} can lose only one more side, and two of its open sides meet at a dot that already "
                "has a line, so they cannot both be lines: the lost side is one of them, the others are lines.")
    if rule == "dot-full":
        return "Two lines already meet at this dot: its other edges are crosses."
    if rule == "dot-continue":
        return "The line that reaches this dot has only one way on: that edge is a line."
    if rule == "dot-dead-end":
        return "Only one edge of this dot is still open, and a line cannot stop at a dot: it is a cross."
    if rule == "loop-too-short":
        return "This edge would close the line into a loop while other lines or numbers are left out: it is a cross."
    if rule == "loop-closed":
        return "The loop is closed and every number is right: every other edge is a cross."
    if rule == "pair-from-dot":
        if al and am:
            return "This dot has one line and only these two edges open: exactly one of them is a line."
        if am:
            return "Of these two neighbouring edges at the dot, at most one can be a line."
        return "Of these two neighbouring edges at the dot, at least one is a line."
    if rule == "pair-at-dot":
        return (f"At most one of these two edges at the dot is a line, and one already is: the other is a cross."
                if no else "At least one of these two edges at the dot is a line, and one is crossed: "
                           "the other is a line.")
    if rule == "dot-last-pair":
        return ("This dot has no line yet and only these two edges open, so they are both lines or both "
                f"crosses; since {'at most' if no else 'at least'} one of them is a line, both are {decided}.")
    if rule == "face-arc":
        return (f"Counting the other sides of this {c} two by two (a corner holds at most one line or at "
                f"least one where that is known), they {'already make' if no else 'can make at most'} "
                f"{'the ' + str(c) if no else str(c - 1 if c else 0)}: this side is {what}.")
    if rule == "corner-from-face":
        kind = "at most one" if am else "at least one"
        return f"Counting the rest of this {c}, of the two sides at this corner {kind} is a line."
    if rule == "opposite-pairs":
        return ("At least one of these two edges at the dot is a line, so the dot has room for one more at most: "
                "of each pair of its other edges, at most one is a line.")
    if rule == "exactly-one":
        return ("Exactly one of these two edges at the dot is a line, so the loop passes through the dot: "
                + ("its one other open edge is a line." if yes else "of its two other open edges at least one is a line."))
    if rule == "linked-twins":
        return (f"These two sides of the {c} are linked: both lines or both crosses, and the {c} has room for "
                f"only one more {'line' if no else 'cross'}: both are {decided}.")
    if rule in ("face-parity", "dot-parity"):
        where = f"this {c}" if rule == "face-parity" else "this dot"
        need = "" if rule == "face-parity" else " (a dot has 0 or 2 lines)"
        link = step["links"][0][2] if step["links"] else 0
        kind = "opposite (one line, one cross)" if link else "equal (both lines or both crosses)"
        u = step.get("note")
        if u == 2:
            return (f"Only two edges of {where} are open{need}, and it still needs "
                    f"{'exactly one of them' if link else 'both or neither'}: they are {kind}.")
        if u == 4:
            return (f"Two of the four open edges of {where} are linked{need}, so for the count to come out "
                    f"odd or even as it must, the other two are {kind}.")
        extra = " (and so are the edges linked to it)" if step.get("classes") else ""
        return (f"Two of the three open edges of {where} are linked{need}, so whether the count must be odd "
                f"or even decides the third: it is {'a line' if yes and not no else 'a cross'}{extra}.")
    if rule == "pair-link":
        return ("Exactly one of these two neighbouring edges at the dot is a line: they are linked opposite."
                if step["links"] else
                "These two neighbouring edges are linked opposite: exactly one of them is a line.")
    if rule == "face-pair-need":
        return f"This {c} needs {'one more line' if am else 'all but one of its open sides'}: " \
               f"{'at most' if am else 'at least'} one line at each of its open corners."
    if rule == "face-pair-count":
        return f"Counting the corners of this {c} that hold at most / at least one line, the other sides are {decided}."
    if rule == "rest-bound":
        return f"A fact about two edges here bounds the lines of the rest: {what if yes or no else 'a new fact'}."
    if rule == "class-count":
        return f"Too many linked edges here would be lines together: they are {decided}."
    if rule == "class-parity":
        return "The odd or even count here fixes a class of linked edges."
    if rule == "pair-class":
        return f"These two neighbouring edges are linked equal: both are {decided}."
    return f"{rule}: {what}."


# ---- hints -------------------------------------------------------------------------------------

def _marks(pz: Puzzle, marks: H.Marks) -> list:
    """Marks as (edge id, YES|NO)."""
    b = pz.board
    out = [(b.between[e], S.YES) for e in sorted(marks.yes)]
    return out + [(b.between[e], S.NO) for e in sorted(marks.no)]


def _support(steps: list, roots: list) -> list[int]:
    """The deciding steps and every earlier step whose facts they used (sorted)."""
    seen, stack = set(), list(roots)
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        stack.extend(steps[i]["deps"])
    return sorted(seen)


def step_of(pz: Puzzle, solver: S.Solver, batch: list[int], level: int) -> H.Step:
    """The hint made of a batch of traced steps."""
    steps, b = solver.steps, pz.board
    used = _support(steps, batch)
    faces, dots, edges = set(), set(), set()
    for i in used:
        faces.update(steps[i]["faces"])
        dots.update(steps[i]["dots"])
        edges.update(steps[i]["edges"])
    yes = [b.edges[e] for i in batch for e in steps[i]["yes"]]
    no = [b.edges[e] for i in batch for e in steps[i]["no"]]
    first = steps[batch[0]]
    text = sentence(first, pz.clues)
    facts = []
    for i in used:
        if i not in batch:
            t = sentence(steps[i], pz.clues)
            if t not in facts:
                facts.append(t)
    if facts:
        text += " (It uses: " + " ".join(facts[:3]) + (" …" if len(facts) > 3 else "") + ")"
    if len(batch) > 1:
        text += f" The same holds in {len(batch) - 1} more place{'s' if len(batch) > 2 else ''}."
    return H.Step(first["rule"], S.LEVELS[level], text, tuple(yes), tuple(no), tuple(faces), tuple(dots),
                  tuple(b.edges[e] for e in edges))


def next_step(pz: Puzzle, marks: H.Marks, check: bool = True) -> H.Step:
    """The next hint from marks (a mistake, a deduction, solved, or stuck)."""
    sol = solution_of(pz)
    b = pz.board
    if sol is not None:
        if check:
            wrong = H.mistake(marks, {b.edges[e] for e in sol})
            if wrong:
                return wrong
        if {b.between[e] for e in marks.yes} == sol:
            return H.solved_step("The loop is complete and every number is right: the puzzle is solved.")
    ms = _marks(pz, marks)
    for lv in range(len(S.LEVELS)):
        try:
            solver, batch = S.hint_run(b, pz.clues, lv, ms)
        except S.Contradiction:          # only without a known solution (else: a mistake above)
            return H.Step("stuck", None, "These marks break a rule of the puzzle: undo some of them.")
        if batch:
            return step_of(pz, solver, batch, lv)
    return H.Step("stuck", None, "No rule up to Expert decides another edge from these marks.")


def explanation(pz: Puzzle, limit: int | None = None) -> H.Explanation:
    """The worked solution: hints from an empty board until solved or stuck."""
    return H.explain(lambda m: _no_stuck(next_step(pz, m, check=False)), S.LEVELS,
                     limit or 3 * pz.board.n_edges)


def _no_stuck(step: H.Step):
    return None if step.rule == "stuck" else step


def grade_record(pz: Puzzle) -> dict:
    """{"level", "unique", "steps", "clues", "faces", "text"}: the grade by Tatham's levels."""
    level, solver = fast.grade(pz.board, pz.clues)
    if solver is not None:
        unique = True
        steps = solver.steps_done
    else:
        verdict = fast.Quick(pz.board, pz.clues, S.EXPERT).run()
        unique = False if verdict == S.CONTRADICTION else None
        steps = None
    rec = {"level": level, "unique": unique, "steps": steps, "faces": len(pz.clues),
           "clues": sum(1 for c in pz.clues if c is not None), "text": LEVEL_TEXT[level]}
    if pz.link:
        rec["permalink"] = pz.link
    return rec


# ---- commands ----------------------------------------------------------------------------------

def run_grade(v: dict) -> int:
    """grade FILE|-|PERMALINK"""
    return emit_rendered("json", v["out"], json_obj=grade_record(load(v["source"])))


def run_hint(v: dict) -> int:
    """hint FILE|-|PERMALINK [--marks MARKS.json]"""
    pz = load(v["source"])
    marks = H.read_marks(v.get("marks"), set(pz.board.edges))
    return emit_rendered("json", v["out"], json_obj=next_step(pz, marks).to_json())


def _view(pz: Puzzle) -> dict:
    """A page-player board for the sheet (from the permalink, else from the file's dots)."""
    if callable(pz.view):
        pz.view = pz.view()
    if pz.view is not None:
        return pz.view
    raise TilepressError("explain --format svg|pdf needs a loopy permalink (a file has no drawing units)")


def sheet(pz: Puzzle, ex: H.Explanation) -> list[str]:
    """The worked solution's A4 pages."""
    level = ex.level or "beyond"
    faces = {f: list(ds) for f, ds in enumerate(pz.board.faces)}
    name = short_id(pz.link) if pz.link else "puzzle"
    return hintsheets.sheet_pages(f"Loopy {name}: worked solution", _view(pz), ex.steps, faces,
                         subtitle=f"Level {level}: {LEVEL_TEXT[level]} Orange: the edges each group decides; "
                                  "blue: the edges and faces it reads.")


def run_explain(v: dict) -> int:
    """explain FILE|-|PERMALINK --format json|svg|pdf"""
    pz = load(v["source"])
    if v["format"] != "json":
        _view(pz)                     # (no drawing units: refused before the work)
    ex = explanation(pz)

    def record() -> dict:
        solved = solution_of(pz) is not None and {pz.board.between[e] for e in ex.marks.yes} == solution_of(pz)
        return ex.to_json(solved=solved, permalink=pz.link, grade=grade_record(pz)["level"])
    return hintsheets.run_explain(v, record, lambda: sheet(pz, ex), "Loopy: worked solution")


@lru_cache(maxsize=4)
def for_link(link: str) -> Puzzle:
    """The puzzle of a permalink (memoised for the page's Hint button)."""
    return load(link)


# ---- the page's Hint button (Family.hinter, called by generator.webapi) --------------

def hint(link: str, lines, crosses, inside=(), outside=()) -> dict:
    """The next deduction for the player's marks (the Hint button): `loopy hint`'s JSON plus
    the board's edge ids and the faces to highlight (generator.hints.page_hint).  Faces the
    player shaded inside or outside are read too: a shade the unique loop contradicts is a
    mistake (after the marks' own mistakes; "shade" lists the faces to clear), and shading that
    decides edges not yet marked (one shade on both sides: no line; inside beside outside: a
    line; beyond the rim is outside) is the next hint before any deduction."""
    p = play._puzzle(link)
    pz = for_link(link)
    pairs = list(p.grid.edges)
    marks = H.marks_from_ids(pairs, lines, crosses)
    faces = {f: list(ds) for f, ds in enumerate(p.grid.faces)}
    ins = play._faces(len(p.grid.faces), inside, "inside")
    outs = play._faces(len(p.grid.faces), outside, "outside")
    if ins & outs:
        raise TilepressError(f"face {min(ins & outs)} is shaded both inside and outside")
    step, shade = None, []
    sol = solution_of(pz)
    if sol is not None and (ins or outs):
        if H.mistake(marks, {pz.board.edges[e] for e in sol}) is None:
            step, shade = _shade_step(p, ins, outs, marks)
    rec = H.page_hint(step or next_step(pz, marks), pairs, faces)
    rec["shade"] = shade
    return rec


def _sides(p) -> list:
    """Per face of the page's grid: 1 inside the unique loop, 2 outside (crossing a loop edge
    flips the side; beyond the rim is outside)."""
    g, sol = p.grid, set(p.solution)
    side = [0] * len(g.faces)
    queue = []
    for e, (f, h) in enumerate(g.edge_faces):
        for a, b in ((f, h), (h, f)):
            if a >= 0 and b < 0 and not side[a]:
                side[a] = 1 if e in sol else 2
                queue.append(a)
    while queue:
        f = queue.pop()
        for e in g.face_edges[f]:
            a, b = g.edge_faces[e]
            h = b if a == f else a
            if h >= 0 and not side[h]:
                side[h] = 3 - side[f] if e in sol else side[f]
                queue.append(h)
    return side


def _shade_step(p, ins: set, outs: set, marks):
    """(step, faces to clear) from the shading: a mistake, or the edges it decides, or (None, [])."""
    g = p.grid
    side = _sides(p)
    for f in sorted(ins | outs):
        mine = 1 if f in ins else 2
        if mine != side[f]:
            where, real = ("inside", "outside") if mine == 1 else ("outside", "inside")
            return H.Step("mistake", None, f"This face is shaded {where}, but it lies {real} the loop. Remove the "
                          "shading, and what you built on it.", faces=(f,)), [f]
    shaded = lambda f: 2 if f < 0 or f in outs else (1 if f in ins else 0)   # noqa: E731
    yes, no, read = [], [], set()
    for e, (f, h) in enumerate(g.edge_faces):
        a, b = shaded(f), shaded(h)
        pair = H.edge(*g.edges[e])
        if not a or not b or (f < 0 and h < 0) or pair in marks.yes or pair in marks.no:
            continue
        (yes if a != b else no).append(pair)
        read.update(x for x in (f, h) if x >= 0)
    if not yes and not no:
        return None, []
    n = len(yes) + len(no)
    text = (f"The shading decides {n} edge{'s' if n != 1 else ''}: between two faces of one shade there is no "
            "line, between an inside and an outside face there is one (beyond the rim is outside).")
    return H.Step("shading", "easy", text, yes=tuple(yes), no=tuple(no), faces=tuple(sorted(read))), []
