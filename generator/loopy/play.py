"""Playing a Loopy puzzle on a web page: the edge-marking board and a check by the rules.

A Loopy (Slitherlink) puzzle asks for one simple closed loop along the grid's edges such
that every numbered face has exactly that many of its sides on the loop (Tatham's Loopy;
the puzzle is Nikoli's Slitherlink).  On the page the player marks edges: *line* (on the
loop) or *cross* (surely not on it).  The board is the generic one of the edge player
(see `generator.webapi`): dots, markable edges as pairs of dots — here every grid edge,
boundary edges included, since the loop may run along the rim — no given lines, and the
clues, each with the edges of its face and its number so that the page can turn a clue
red the moment it is broken (more lines round it than its number, or fewer uncrossed
sides left than its number), exactly as Tatham's Loopy does.

Board coordinates are the grid's, scaled so that the median edge has length 1 and turned
so that y points down (the player's unit for line widths and hit areas); clues sit on
their faces' poles of inaccessibility, as on the printed puzzle.

The check judges by the rules, never by comparing with the stored answer: the marks are
a solution exactly when the lines form one simple closed loop (one connected set of lines
in which every dot has degree 0 or 2) and every clue counts its face's lines exactly.
Otherwise it names the first contradiction found in a fixed order — a dot where three or
more lines meet, a clue with too many lines, a clue with too few uncrossed sides, a line
that runs into a dead end (every other edge at its dot crossed), a closed loop that leaves
other lines outside it, a closed loop that misses a clue — or says that no rule is broken
yet.  Marks that break no rule but differ from the unique answer are not flagged: that
would leak the answer; "reveal" shows it when asked.  Faces the player shaded inside or
outside are read by the same rules: a line between two faces of one shade, or a cross between
an inside and an outside face, is named (beyond the rim is outside).  The page decides
"solved" by the same rules in JavaScript (`solvedByRules` in templates/regen.js).
"""

from __future__ import annotations

from functools import lru_cache

from generator.errors import TilepressError
from generator.loopy import puzzle as P
from generator.loopy.pole import pole
from generator.loopy.render import PAPER_RULES, RULES
from generator.names import TILINGS

MAX_PLAY_FACES = 1000
UNIQUE = "The puzzle has exactly one solution, found by reasoning alone."
SOLUTION_ARGS = ("--solution",)      # the CLI flags that draw the answer (page: "Show the solution")
PRINT_ARGS = ("--style", "paper")    # the CLI flags of the page's printout: dotted lines, as the rules say
PRINT_SOLUTION_ARGS = ("--solution", "--style", "paper")   # ... and of its printed solution
PRINT_RULES = PAPER_RULES                                    # the rules printed with it (as on the sheets)


@lru_cache(maxsize=4)
def _puzzle(link) -> P.Puzzle:
    """The puzzle of a playable permalink (the page's Link, parsed once by generator.webapi; memoised:
    check runs on every click of "check")."""
    p = P.from_permalink(link)
    if len(p.grid.faces) > MAX_PLAY_FACES:
        raise TilepressError(f"puzzles up to {MAX_PLAY_FACES} faces can be played on the page "
                             f"(this one has {len(p.grid.faces)})")
    return p


def _unit(grid) -> float:
    """Median edge length of the grid."""
    lengths = sorted(((grid.dots[a][0] - grid.dots[b][0]) ** 2 + (grid.dots[a][1] - grid.dots[b][1]) ** 2) ** 0.5
                     for a, b in grid.edges)
    return lengths[len(lengths) // 2]


def board(link: str) -> dict:
    """The board description: dots (y down, unit edges), every edge markable, the clues."""
    return board_of(_puzzle(link))


def board_of(p: P.Puzzle) -> dict:
    """The board description of a puzzle."""
    g = p.grid
    u = _unit(g)
    pts = [(x / u, -y / u) for x, y in g.dots]
    r = lambda v: round(v, 4) + 0.0                    # noqa: E731 - tiny formatter (no -0.0)
    clues, places = [], []
    for f, c in enumerate(p.clues):
        if c is not None:
            places.append((f, c, pole([pts[i] for i in g.faces[f]])))
    size = min([0.9] + [1.8 * rad for _f, _c, (_x, _y, rad) in places])   # one digit size, fits every face
    for f, c, (cx, cy, _rad) in places:
        clues.append({"x": r(cx), "y": r(cy), "text": str(c), "count": c, "edges": list(g.face_edges[f]),
                      "size": r(size)})
    name = TILINGS.get(p.tiling_family, p.tiling_family)   # in words, as on every page
    return {
        "kind": "edges",
        "permalink": p.permalink,
        "title": f"Loopy on a {name} patch, {p.level} ({len(g.faces)} faces)",
        "rules": RULES + " " + UNIQUE,
        "dots": [[r(x), r(y)] for x, y in pts],
        "edges": [list(e) for e in g.edges],
        "givens": [],
        "outline": [],
        "clues": clues,
        "faces": [list(f) for f in g.faces],             # dot rings: the page shades faces inside / outside
        "face_edges": [list(es) for es in g.face_edges],
        "dot_radius": 0.07,
        "loop": True,                                  # the page flags a dot of three lines, a loop too early
    }


def _ids(count: int, ids, what: str) -> set:
    """Edge ids from the page as a set (bad ids are an error)."""
    out = set()
    for i in ids:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < count:
            raise TilepressError(f"{what}: {i!r} is not an edge of this board")
        out.add(i)
    return out


def _components(g, lines: set) -> list[list[int]]:
    """The connected sets of lines (each sorted), in order of their smallest edge."""
    seen, out = set(), []
    for start in sorted(lines):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            e = stack.pop()
            comp.append(e)
            for d in g.edges[e]:
                for f in g.dot_edges[d]:
                    if f in lines and f not in seen:
                        seen.add(f)
                        stack.append(f)
        out.append(sorted(comp))
    return out


def _verdict(solved: bool, message: str, wrong, lines: set, p: P.Puzzle) -> dict:
    """The check's answer object."""
    return {"solved": solved, "message": message, "wrong": sorted(wrong), "drawn": len(lines),
            "total": len(p.solution)}


def _plural(n: int, word: str) -> str:
    """'1 line', '2 lines'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _degree(g, d: int, lines: set) -> int:
    """How many lines meet at dot d."""
    return sum(1 for e in g.dot_edges[d] if e in lines)


def _dot_contradiction(g, lines: set, crosses: set, dead_ends: bool):
    """A branching dot (or, with dead_ends, a line whose dot has every other edge crossed)."""
    for es in g.dot_edges:
        on = [e for e in es if e in lines]
        if not dead_ends and len(on) > 2:
            return "Three or more lines meet at this dot: the loop may not branch.", on
        if dead_ends and len(on) == 1 and all(e in crosses for e in es if e != on[0]):
            return "This line runs into a dead end: every other edge at its dot is crossed out.", on
    return None


def _clue_contradiction(p: P.Puzzle, lines: set, crosses: set):
    """A clue with more lines round it than its number, or fewer sides left uncrossed."""
    for f, c in enumerate(p.clues):
        if c is None:
            continue
        es = p.grid.face_edges[f]
        on = [e for e in es if e in lines]
        if len(on) > c:
            return f"This {c} has {_plural(len(on), 'line')} round it.", on
        off = [e for e in es if e in crosses]
        left = len(es) - len(off)
        if left < c:
            return f"This {c} has only {_plural(left, 'side')} left that {'is' if left == 1 else 'are'} " \
                   "not crossed out.", off
    return None


def _loop_contradiction(p: P.Puzzle, lines: set):
    """A closed loop beside other lines, or a closed loop that leaves a clue short."""
    g = p.grid
    comps = _components(g, lines)
    for comp in comps:
        if not all(_degree(g, d, lines) == 2 for e in comp for d in g.edges[e]):
            continue
        if len(comps) > 1:
            return "This closed loop leaves other lines outside it: the answer is one single loop.", comp
        for f, c in enumerate(p.clues):
            on = [e for e in g.face_edges[f] if e in lines]
            if c is not None and len(on) != c:
                return f"The loop is closed, but this {c} has {_plural(len(on), 'line')} round it.", \
                    list(g.face_edges[f])
    return None


def _first_contradiction(p: P.Puzzle, lines: set, crosses: set):
    """(message, wrong edge ids) of the first broken rule, or None."""
    return (_dot_contradiction(p.grid, lines, crosses, False) or _clue_contradiction(p, lines, crosses)
            or _dot_contradiction(p.grid, lines, crosses, True) or _loop_contradiction(p, lines))


def _faces(count: int, ids, what: str) -> set:
    """Face ids from the page as a set (bad ids are an error)."""
    out = set()
    for i in ids or ():
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < count:
            raise TilepressError(f"{what}: {i!r} is not a face of this board")
        out.add(i)
    return out


def _shade_contradiction(g, lines: set, crosses: set, inside: set, outside: set):
    """Shading that disagrees with a mark: two faces on the same side of a line, or on
    different sides of a crossed edge (beyond the rim is outside).  (message, edge, faces)."""
    def side(f):
        return 2 if f < 0 or f in outside else (1 if f in inside else 0)
    for e, (f, h) in enumerate(g.edge_faces):
        a, b = side(f), side(h)
        if not a or not b or (f < 0 and h < 0):
            continue
        shaded = sorted(x for x in (f, h) if x >= 0 and x in inside | outside)
        if e in lines and a == b:
            where = "inside" if a == 1 else "outside"
            return f"This line has {where} shading on both sides: a line separates inside from outside.", [e], \
                shaded
        if e in crosses and a != b:
            return "This crossed-out edge has inside shading on one side and outside on the other.", [e], shaded
    return None


def check(link: str, lines, crosses, inside=(), outside=()) -> dict:
    """{"solved", "message", "wrong": [edge ids], "faces": [face ids], "drawn", "total"}, judged
    by the rules; `inside` and `outside` are the faces the player shaded (optional)."""
    p = _puzzle(link)
    n = len(p.grid.edges)
    on, off = _ids(n, lines, "line"), _ids(n, crosses, "cross")
    if on & off:
        raise TilepressError(f"edge {min(on & off)} is marked both as a line and as a cross")
    ins, outs = _faces(len(p.grid.faces), inside, "inside"), _faces(len(p.grid.faces), outside, "outside")
    if ins & outs:
        raise TilepressError(f"face {min(ins & outs)} is shaded both inside and outside")
    found = _first_contradiction(p, on, off)
    if found:
        return {**_verdict(False, found[0], found[1], on, p), "faces": []}
    shade = _shade_contradiction(p.grid, on, off, ins, outs)
    if shade:
        return {**_verdict(False, shade[0], shade[1], on, p), "faces": shade[2]}
    g = p.grid
    if len(_components(g, on)) == 1 and all(_degree(g, d, on) in (0, 2) for d in range(len(g.dots))):
        return {**_verdict(True, "Solved! One closed loop, and every number is right.", [], on, p), "faces": []}
    return {**_verdict(False, f"No rule broken so far ({_plural(len(on), 'line')} drawn).", [], on, p), "faces": []}


def solution(link: str) -> dict:
    """{"lines": [edge ids]} of the unique loop (asked for by "reveal" only)."""
    return {"lines": sorted(_puzzle(link).solution)}


def page_check(link: str) -> dict:
    """What the page needs to run `check` without Python (a site item's board file, written by the
    build): the rules above need only the board, so {"rule": "loop", "total": the loop's length};
    and "lines", the loop's edges, for "reveal" (the item's page publishes its solution picture
    already, so the file tells nothing more; the check never reads them)."""
    lines = sorted(_puzzle(link).solution)
    return {"rule": "loop", "total": len(lines), "lines": lines}
