"""Playing a calisson puzzle on a web page: the edge-marking board and its check.

A calisson puzzle (a hexagon of side n on the triangular grid, some *fold edges* given) is
solved by drawing every fold edge of the unique lozenge tiling the givens force: an
interior edge is a fold edge when it is a side of two calissons of different colours
(see `generator.calissons.model`).  This is exactly what the mathix.org calisson player
asks of its players: the `t` edges of its grid are the givens, the `s` edges the fold
edges still to draw.

On the page the player marks interior edges: *line* (a fold edge) or *cross* (surely not
one).  The board description is generic (dots, markable edges as pairs of dots, given
lines, the fixed outline) so one edge-marking player serves every puzzle family that
provides `board`, `check` and `solution` (see `generator.webapi`).

The check does not consult a stored answer to decide "solved": the drawn lines together
with the givens are a solution exactly when they are the fold edges of some tiling, which
the solver decides (Thurston's height functions: solve with the drawn lines as givens and
compare the fold edges of its least tiling).  Only when the marks are wrong does it name
the first mark (in the board's edge order) that disagrees with the puzzle's solution.
"""

from __future__ import annotations

from generator.calissons import permalink as cal_permalink
from generator.calissons.model import head, hexagon, triangle_edges
from generator.calissons import render as _render
from generator.calissons.render import xy
from generator.calissons.solver import solve
from generator.errors import TilepressError

RULES = ("Draw every fold edge: the edges where two calissons (lozenges) of different colours meet "
         "side by side, so that the picture becomes a pile of cubes. The red edges are given. "
         "The puzzle has exactly one solution.")
MAX_PLAY_N = 16
SOLUTION_ARGS = ("--view", "solution")     # the CLI flags that draw the answer
PRINT_ARGS = ("--view", "paper")           # the page's printout: grey grid, givens as double lines
PRINT_SOLUTION_ARGS = ("--view", "paper-answer")
PRINT_RULES = _render.PAPER_RULES          # the rules printed with it (they speak of double lines)
MAX_PLAY_TRIANGLES = 6 * MAX_PLAY_N * MAX_PLAY_N     # other shapes (cal.v3): as many triangles


def plays(link: str) -> bool:
    """A puzzle permalink (cal.v1.<n>~<givens>, cal.v3.<word>~<givens>) plays; a sample tiling
    (cal.v<N>.<n>.s<seed>, cal.v3.<word>.s<seed>) does not."""
    # lazy: the page's worker loads this player without the sampler (it loads for calisson links)
    from generator.calissons import sample
    return not (sample.is_sample_link(link) or sample.is_region_sample_link(link) or cal_permalink.is_plane_link(link))


def _decode(link: str):
    """(n, givens, region) of a playable permalink (n: the side, or the regions.Shape)."""
    if cal_permalink.is_region_link(link):
        shape, givens = cal_permalink.decode_region(link)
        if len(shape.triangles) > MAX_PLAY_TRIANGLES:
            raise TilepressError(f"puzzles up to {MAX_PLAY_TRIANGLES} triangles can be played on the page "
                                 f"(this one has {len(shape.triangles)})")
        return shape, givens, shape.region
    n, givens = cal_permalink.decode(link)
    if n > MAX_PLAY_N:
        raise TilepressError(f"puzzles up to side {MAX_PLAY_N} can be played on the page (this one has {n})")
    return n, givens, hexagon(n)


def board(link: str) -> dict:
    """The board description: dots, markable edges (index pairs), givens and outline."""
    n, givens, reg = _decode(link)
    return board_of(n, givens, str(link).strip(), reg)


def board_of(n, givens, link: str, reg=None) -> dict:
    """The board description of the puzzle (n, givens) named `link` (n: a side, or a
    regions.Shape whose Region is `reg`)."""
    reg = reg if reg is not None else hexagon(n)
    dots = reg.coords
    index = reg.index
    edges = sorted(reg.interior)
    outline = sorted(reg.boundary)
    given = set(givens)
    ids = {e: i for i, e in enumerate(edges)}
    r = lambda v: round(v, 4)                          # noqa: E731 - tiny formatter
    return {
        "kind": "edges",
        "permalink": link,
        "title": f"Calisson puzzle, side {n}" if isinstance(n, int) else f"Calisson puzzle on {n.label}",
        "rules": RULES,
        "dots": [[r(x), r(y)] for x, y in (xy(v) for v in dots)],
        "edges": [[index[e[:2]], index[head(e)]] for e in edges],
        "givens": [i for i, e in enumerate(edges) if e in given],
        "outline": [[index[e[:2]], index[head(e)]] for e in outline],
        "clues": [],
        # per triangle its x, y and z edges (board edge ids, -1 on the rim): the page's check by the
        # rules (a calisson is two triangles across an undrawn edge; its direction is its colour)
        "triangles": [[ids.get(e, -1) for e in triangle_edges(t)] for t in reg.triangles],
    }


def _marks(edges: list, ids, what: str) -> set:
    """Edge ids from the page as a set of model edges (bad ids are an error)."""
    out = set()
    for i in ids:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(edges):
            raise TilepressError(f"{what}: {i!r} is not an edge of this board")
        out.add(edges[i])
    return out


def check(link: str, lines, crosses) -> dict:
    """{"solved", "message", "wrong": [edge ids], "drawn", "total"} for the player's marks."""
    n, givens, reg = _decode(link)
    edges = sorted(reg.interior)
    drawn = _marks(edges, lines, "line") | set(givens)
    crossed = _marks(edges, crosses, "cross")
    answer = solve(reg, givens)
    target = set(reg.salient_edges(answer.least)) if answer.least is not None else set()
    mine = solve(reg, sorted(drawn))
    if mine.least is not None and set(reg.salient_edges(mine.least)) == drawn:
        return {"solved": True, "message": MESSAGES["solved"], "wrong": [],
                "drawn": len(drawn), "total": len(target)}
    for i, e in enumerate(edges):
        if e in drawn and e not in target and e not in givens:
            return {"solved": False, "message": MESSAGES["extra"],
                    "wrong": [i], "drawn": len(drawn), "total": len(target)}
        if e in crossed and e in target:
            return {"solved": False, "message": MESSAGES["crossed"],
                    "wrong": [i], "drawn": len(drawn), "total": len(target)}
    missing = len(target - drawn)
    return {"solved": False, "message": MESSAGES["left"].format(n=missing, s="s" if missing != 1 else ""),
            "wrong": [], "drawn": len(drawn), "total": len(target)}


MESSAGES = {"solved": "Solved! Every fold edge is drawn.",
            "extra": "This line is not a fold edge of the solution.",
            "crossed": "This edge is crossed out but the solution needs it.",
            "left": "No mistake so far; {n} fold edge{s} still to draw."}


def page_check(link: str) -> dict | None:
    """What the page needs to run `check` without Python (a site item's board file, written by the
    build), or None.  When the puzzle has one solution, "drawn lines and givens are the fold edges
    of a tiling" holds exactly when they are the fold edges of that solution, so the page compares
    with them: {"rule": "answer", "lines": the fold edges to draw (edge ids), "messages": the
    check's sentences}.  A puzzle with several solutions (None) is checked by Python."""
    _n, givens, reg = _decode(link)
    answer = solve(reg, givens)
    if answer.status != "unique":
        return None
    return {"rule": "answer", "lines": solution(link)["lines"], "messages": dict(MESSAGES)}


def solution(link: str) -> dict:
    """{"lines": [edge ids]} of the solution's fold edges (asked for by "reveal" only)."""
    _n, givens, reg = _decode(link)
    answer = solve(reg, givens)
    if answer.least is None:
        raise TilepressError("this puzzle has no solution")
    edges = sorted(reg.interior)
    target = set(reg.salient_edges(answer.least))
    return {"lines": [i for i, e in enumerate(edges) if e in target and e not in set(givens)]}
