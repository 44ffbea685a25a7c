"""Hints for calisson puzzles: the human-style grader's rules, one named deduction at a time.

The grader (`human.py`) knows, for every edge of the board, whether a calisson *crosses*
it (the edge is a calisson's short diagonal) or it is a calisson *side*.  The player draws
something else: the *fold edges* (sides where two calissons of different colours meet) and
crosses the rest.  So each deduction of the grader is replayed here with a record of what
it read, and a player sees a hint as soon as a deduction decides whether an interior edge is
a fold edge:

    crossed edge                         -> not a fold edge ("no")
    side, both calissons beside it known -> a fold edge when their colours differ ("yes"),
                                            else a flat edge inside a face of the pile ("no")

(a calisson's colour is the direction of the edge it crosses).  The rules, in the grader's
order, easiest level first:

    local    calisson-diagonal  a triangle with two calisson sides: a calisson crosses the third
             calisson-sides     a triangle whose crossed edge is known: its other edges are sides
             fold-colours       beside a drawn fold edge the calissons differ in colour, so the
                                two edges facing each other across it are crossed together
             fold-status        both calissons beside an edge are known: fold edge or not
    what-if  what-if            assume a mark on the first undecided edge, follow the local
                                rules; a contradiction proves the opposite mark

A *hint* is the run of deductions from just after the previous visible decision up to and
including the next one: its rule, sentence and level are those of that last deduction (a
run holding a what-if is a what-if hint), its `because` holds what the whole run read.
Hints are batched as a player applies a rule: one press gives a deduction and every later
deduction of the same rule before another rule decides an edge, with the fold edges the
calissons completed on the way reveal (their `fold-status` read-outs); a what-if is a
press of its own.  The chain is computed lazily: a press computes it only as far as the
first hint that decides an edge the player has not marked, and keeps it for the next press.
`explanation(n, givens)` is the whole chain from the givens alone (computed once and
cached); `hint` answers with the first hint of that chain that still decides an edge the
player has not marked, after checking the marks against the unique solution.  So replaying
hints from an empty board walks the explanation exactly, and the hardest level used is the
grader's: `local` when propagation alone solves the puzzle (depth 0), `what-if` when
probing is needed (depth 1), and the chain stops short when the grader gets stuck (depth 2:
the puzzle's level is `beyond`).

Edges are pairs of dot indices: the dots are the board's vertices in `Region.coords`
order (the page board's dots), faces are triangles in `Region.triangles` order.  A board is
the hexagon's side or a `regions.Shape` (any simply connected region, onregion.py): the
rules never look at the shape, only at its triangles and edges, so `region(n)` and
`load(v)` are the only places that know which board it is.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from generator import hints as H
from generator import hintsheets
from generator.calissons import human, permalink, play
from generator.calissons.human import CROSSED, SIDE, UNKNOWN
from generator.calissons.model import NEXT, edge_triangles, far_vertices, head, triangle_vertices
from generator.errors import TilepressError
from generator.output import emit_rendered
from generator.permalinks import short_id
from generator.calissons.onregion import describe, load_board, region_of
from generator.calissons.solver import solve

LEVELS = ("local", "what-if")
GRADES = LEVELS + ("beyond",)
MAX_HINT_N = 24            # the human grader's size limit (generator.GRADE_MAX_N)
MAX_HINT_TRIANGLES = 6 * MAX_HINT_N ** 2   # the same limit on another region (its triangles)

# The level of a calisson puzzle in words: what kind of reasoning it needs.  One source for
# the item page, the sheets and the article.
LEVEL_TEXT = {
    "local": "Local rules only: every triangle is half of exactly one calisson, and the two calissons "
             "beside a fold edge have different colours. Applying these again and again decides every edge.",
    "what-if": "One what-if at a time: sometimes the local rules stop, and you must suppose a mark on an "
               "edge, follow the local rules until they contradict themselves, and so take the opposite mark.",
    "beyond": "Beyond one what-if: a single supposition followed by the local rules is not enough somewhere; "
              "deeper chains of reasoning are needed.",
}
# The generator's labels (how many redundant givens it keeps) in words.
LABEL_TEXT = {
    "easy": "Easy: many givens (about 55% of the fold edges) and the local rules alone solve it.",
    "medium": "Medium: fewer givens (about 40% of the fold edges); the local rules alone still solve it.",
    "hard": "Hard: no given can be left out (a minimal puzzle), and it usually needs a what-if.",
}
RULES = {
    "calisson-diagonal": ("local", "A triangle with two calisson sides: a calisson crosses its third edge."),
    "calisson-sides": ("local", "A triangle whose crossed edge is known: its other two edges are calisson sides."),
    "fold-colours": ("local", "Across a fold edge the two calissons differ in colour, so the two edges that face "
                              "each other across it are both crossed or both sides."),
    "fold-status": ("local", "When both calissons beside an edge are known, it is a fold edge exactly when "
                             "their colours differ."),
    "what-if": ("what-if", "Suppose a mark; if the local rules then contradict themselves, the opposite "
                           "mark is right."),
}


def region(n):
    """The solver's Region of a board (a hexagon side or a regions.Shape): the one place that
    says which shape."""
    return region_of(n)


class _Key:
    """A board as a cache key: a hexagon by its side, a Shape (not hashable) by its canonical word."""

    __slots__ = ("board", "name")

    def __init__(self, board):
        self.board = board
        self.name = board if isinstance(board, int) else board.word

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return isinstance(other, _Key) and self.name == other.name


class _Chain:
    """The grader's deductions on one puzzle, recorded (see the module notes)."""

    def __init__(self, n: int, givens):
        self.n = n
        reg = self.reg = region(n)
        self.board = b = human.Board(reg, givens)
        self.tri_index = {t: i for i, t in enumerate(reg.triangles)}
        self.pair = [H.edge(reg.index[e[:2]], reg.index[head(e)]) for e in b.edges]
        self.interior = [e in reg.interior for e in b.edges]
        self.given = set(b.eid[e] for e in b.givens)
        self.etri = [[self.tri_index[t] for t in edge_triangles(e) if t in self.tri_index] for e in b.edges]
        # links: edge -> [(other edge, the given fold edge that links them)]
        self.links: list[list[tuple[int, int]]] = [[] for _ in b.edges]
        for g in b.givens:
            d1, d2 = NEXT[g[2]], NEXT[NEXT[g[2]]]
            A, B = far_vertices(g)
            h = head(g)
            gi = b.eid[g]
            for p, q in (((A[0], A[1], d1), (B[0], B[1], d2)), ((h[0], h[1], d2), (h[0], h[1], d1))):
                i, j = b.eid[p], b.eid[q]
                self.links[i].append((j, gi))
                self.links[j].append((i, gi))
        self.tri_of = b.tris                           # triangle index -> its three edge ids
        # near[f]: f, its fold links and the edges of its triangles (what visiting f reads)
        self.near = [sorted({f, *b.links[f], *(g for t in b.edge_tris[f] for g in b.tris[t])})
                     for f in range(len(b.edges))]

    # -- geometry helpers ------------------------------------------------------------------
    def crossed_of(self, state, ti: int):
        """The crossed edge of a triangle, or None while unknown."""
        for f in self.tri_of[ti]:
            if state[f] == CROSSED:
                return f
        return None

    def status(self, state, e: int):
        """True / False when the fold status of edge e is decided, else None."""
        if state[e] == CROSSED:
            return False
        if state[e] != SIDE or len(self.etri[e]) != 2:
            return None
        a, c = (self.crossed_of(state, t) for t in self.etri[e])
        if a is None or c is None:
            return None
        return self.board.edges[a][2] != self.board.edges[c][2]

    # -- the recorded run ------------------------------------------------------------------
    def run(self):
        """(list of internal steps, solved?) from the givens; a step is a dict."""
        steps = list(self.steps())
        return steps, self.solved

    def steps(self):
        """The internal steps from the givens, found as they are asked for (a generator);
        `self.solved` is set when it ends."""
        b = self.board
        state = list(b.start)
        steps: list[dict] = []
        shown: set[int] = set()                        # interior edges whose status is out
        self.solved = False
        queue = deque(i for i, s in enumerate(state) if s != UNKNOWN)
        ok = self._propagate(state, queue, steps, shown)
        yield from steps
        done = len(steps)
        if not ok:                                     # givens contradict the rules: no hints
            return
        quiet: set = set()                             # (edge, guess) probes known to stay quiet
        watch: dict[int, list] = {}                    # edge -> probes that visited it
        unknown = [i for i, s in enumerate(state) if s == UNKNOWN]
        while True:
            for e in unknown:
                found = None
                for guess, other in ((CROSSED, SIDE), (SIDE, CROSSED)):
                    if (e, guess) in quiet:
                        continue
                    reads = self._probe(state, e, guess)
                    if reads is None:
                        found = (guess, other)
                        break
                    quiet.add((e, guess))
                    for f in reads:
                        watch.setdefault(f, []).append((e, guess))
                if found:
                    break
            else:
                self.solved = not unknown              # solved, or the grader is stuck (depth 2)
                return
            guess, other = found
            state[e] = other
            steps.append({"rule": "what-if", "level": "what-if", "set": [(e, other)], "faces": list(self.etri[e]),
                          "reads": [e], "guess": guess})
            self._after(state, e, steps, shown)
            ok = self._propagate(state, deque([e]), steps, shown)
            yield from steps[done:]
            done = len(steps)
            if not ok:                                 # pragma: no cover - rules are sound
                return
            still = []
            for f in unknown:                          # a probe that read a newly marked edge may
                if state[f] == UNKNOWN:                # now end otherwise: forget it
                    still.append(f)
                else:
                    for x in self.near[f]:
                        for key in watch.pop(x, ()):
                            quiet.discard(key)
            unknown = still

    def _probe(self, state, e: int, guess: int):
        """The what-if: mark e, apply the local rules (as human.Board.propagate, in the same
        order) and undo.  None on a contradiction, else the edges it visited: it read only
        their marks and those of the edges near them (`near`), so it ends the same way until
        one of those is marked."""
        b = self.board
        tris, edge_tris, links = b.tris, b.edge_tris, b.links
        trail = [e]
        state[e] = guess
        queue = [e]
        reads = [e]
        ok = True
        while queue and ok:
            x = queue.pop()
            reads.append(x)
            sx = state[x]
            for f in links[x]:
                if state[f] == UNKNOWN:
                    state[f] = sx
                    trail.append(f)
                    queue.append(f)
                elif state[f] != sx:
                    ok = False
                    break
            if not ok:
                break
            for ti in edge_tris[x]:
                tri = tris[ti]
                crossed, unknown = human.tri_counts(tri, state)
                if crossed > 1 or (crossed == 0 and unknown == 0):
                    ok = False
                    break
                if unknown == 0:
                    continue
                if crossed == 1 or unknown == 1:
                    mark = SIDE if crossed == 1 else CROSSED
                    for f in tri:
                        if state[f] == UNKNOWN:
                            state[f] = mark
                            trail.append(f)
                            queue.append(f)
        for f in trail:
            state[f] = UNKNOWN
        return reads if ok else None

    def _propagate(self, state, queue, steps, shown) -> bool:
        """The grader's propagation, first in first out, each deduction recorded."""
        tris = self.tri_of
        while queue:
            e = queue.popleft()
            s = state[e]
            for f, g in self.links[e]:
                if state[f] == UNKNOWN:
                    state[f] = s
                    queue.append(f)
                    steps.append({"rule": "fold-colours", "level": "local", "set": [(f, s)], "reads": [e, g],
                                  "faces": self.etri[e] + self.etri[f]})
                    self._after(state, f, steps, shown)
                elif state[f] != s:
                    return False
            for ti in self.board.edge_tris[e]:
                tri = tris[ti]
                crossed = [f for f in tri if state[f] == CROSSED]
                unknown = [f for f in tri if state[f] == UNKNOWN]
                if len(crossed) > 1 or (not crossed and not unknown):
                    return False
                if not unknown:
                    continue
                if crossed:
                    rule, mark = "calisson-sides", SIDE
                elif len(unknown) == 1:
                    rule, mark = "calisson-diagonal", CROSSED
                else:
                    continue
                for f in unknown:
                    state[f] = mark
                    queue.append(f)
                steps.append({"rule": rule, "level": "local", "set": [(f, mark) for f in unknown],
                              "reads": [f for f in tri if f not in unknown], "faces": [ti]})
                for f in unknown:
                    self._after(state, f, steps, shown)
        return True

    def _after(self, state, f: int, steps, shown) -> None:
        """Record fold-status deductions that the new mark on edge f makes possible."""
        if f not in shown and self.interior[f] and state[f] == CROSSED:
            shown.add(f)                             # the deduction that crossed it says so
            steps[-1].setdefault("visible", []).append((f, False))
        near = set()
        for ti in self.etri[f]:
            near.update(self.tri_of[ti])
        for e in sorted(near):
            if e in shown or not self.interior[e]:
                continue
            st = self.status(state, e)
            if st is None:
                continue
            shown.add(e)
            if state[e] == CROSSED:                  # pragma: no cover - shown when it was crossed
                continue
            pair = [self.crossed_of(state, t) for t in self.etri[e]]
            steps.append({"rule": "fold-status", "level": "local", "set": [], "reads": [e] + pair,
                          "faces": list(self.etri[e]), "visible": [(e, st)]})

    # -- hints -----------------------------------------------------------------------------
    def hints(self) -> tuple[list[H.Step], bool]:
        """The visible hints in order (see the module notes) and whether they solve it."""
        out = list(self.batches())
        return out, self.solved

    def deductions(self):
        """The single deductions that decide visible edges, in order (a generator)."""
        run = []
        for s in self.steps():
            run.append(s)
            vis = [(e, v) for e, v in s.get("visible", []) if e not in self.given]
            if not vis:
                continue
            yield self._hint(run, vis)
            run = []

    def batches(self):
        """The hints: deductions batched by rule (a generator; see the module notes)."""
        batch: list[H.Step] = []
        for h in self.deductions():
            if batch and (h.rule == "what-if" or batch[0].rule == "what-if"
                          or h.rule not in (batch[0].rule, "fold-status")):
                yield _merge(batch)
                batch = []
            batch.append(h)
        if batch:
            yield _merge(batch)

    def _hint(self, run: list[dict], vis) -> H.Step:
        """One hint from a run of internal deductions ending in visible decisions."""
        probe = next((s for s in run if s["rule"] == "what-if"), None)
        last = run[-1]
        head_step = probe or last
        reads = [e for s in run for e in s["reads"]]
        faces = [t for s in run for t in s["faces"]]
        yes = [self.pair[e] for e, v in vis if v]
        no = [self.pair[e] for e, v in vis if not v]
        text = self._text(last, vis)
        if probe:
            e = probe["set"][0][0]
            was = "a calisson side" if probe["guess"] == SIDE else "crossed by a calisson"
            now = "crossed by a calisson" if probe["guess"] == SIDE else "a calisson side"
            text = (f"What if the highlighted edge were {was}? Following the local rules from there leads to "
                    f"a triangle with no way to finish, so it is {now}. Then: " + text[0].lower() + text[1:])
            reads.append(e)
        return H.Step(head_step["rule"], head_step["level"], text, tuple(yes), tuple(no), tuple(sorted(set(faces))),
                      (), tuple(self.pair[e] for e in set(reads)))

    def _text(self, step: dict, vis) -> str:
        """The sentence of the deduction that made a visible decision."""
        many = len(vis) > 1
        rule = step["rule"]
        if rule == "fold-status":
            if vis[0][1]:
                return ("Both calissons beside this edge are known and they have different colours, so it is "
                        "a fold edge: draw it.")
            return ("Both calissons beside this edge are known and they have the same colour, so it lies flat "
                    "inside one face of the pile: it is not a fold edge.")
        if rule == "calisson-diagonal":
            return ("Every triangle is half of one calisson: this triangle already has two calisson sides, so a "
                    "calisson crosses its third edge, which is not a fold edge.")
        if rule == "fold-colours":
            return ("Across the drawn fold edge the two calissons have different colours, so this edge is crossed "
                    "like the one facing it: it is not a fold edge.")
        if rule == "what-if":
            return "So this edge is not a fold edge."
        return ("A calisson crosses one edge of this triangle, so its other edges are calisson sides; "
                + ("these edges are now decided." if many else "this edge is now decided."))


def _merge(batch: list) -> H.Step:
    """One hint from a batch of deductions: the first one's rule, level and sentence, every
    edge the batch decides, everything it read."""
    first = batch[0]
    if len(batch) == 1:
        return first
    same = sum(1 for h in batch if h.rule == first.rule) - 1
    folds = len(batch) - 1 - same
    text = first.text
    if same:
        text += f" The same holds in {same} more place{'s' if same > 1 else ''}."
    if folds:
        text += (f" The calissons this completes decide {folds} more edge{'s' if folds > 1 else ''} "
                 "(a fold edge where the two colours differ).")

    def union(field):
        return tuple(dict.fromkeys(x for h in batch for x in getattr(h, field)))
    return H.Step(first.rule, first.level, text, union("yes"), union("no"), union("faces"), union("dots"),
                  union("edges"))


class _Lazy:
    """A puzzle's hints, computed only as far as they are asked for (the Hint button needs the
    first one that decides an unmarked edge, rarely the whole chain)."""

    def __init__(self, board, givens):
        self.chain = _Chain(board, list(givens))
        self.gen = self.chain.batches()
        self.items: list[H.Step] = []

    def get(self, i: int):
        """The i-th hint, or None past the last."""
        while len(self.items) <= i and self.gen is not None:
            nxt = next(self.gen, None)
            if nxt is None:
                self.gen = None
            else:
                self.items.append(nxt)
        return self.items[i] if i < len(self.items) else None

    def all(self) -> tuple[tuple, bool]:
        """(every hint, solved?)."""
        while self.gen is not None:
            self.get(len(self.items))
        return tuple(self.items), self.chain.solved


def explanation(n, givens: tuple) -> tuple[tuple, bool]:
    """(hints in order, solved?) of a puzzle from its givens alone (cached: the page asks often)."""
    return _lazy(_Key(n), tuple(givens)).all()


@lru_cache(maxsize=8)
def _lazy(key: _Key, givens: tuple) -> _Lazy:
    return _Lazy(key.board, givens)


def grade_level(solved: bool, steps) -> str:
    """The level the hints measure: the hardest rule used, or beyond when they stop short."""
    if not solved:
        return "beyond"
    return H.hardest(LEVELS, steps) or "local"


def solution_edges(n: int, givens) -> set | None:
    """The fold edges of the unique solution as dot pairs (None unless unique)."""
    sol = _solution(_Key(n), tuple(sorted(givens)))
    return set(sol) if sol is not None else None


@lru_cache(maxsize=8)
def _solution(key: _Key, givens: tuple) -> frozenset | None:
    """solution_edges, cached (the page asks on every hint)."""
    reg = region(key.board)
    sol = solve(reg, list(givens))
    if sol.status != "unique":
        return None
    return frozenset(H.edge(reg.index[e[:2]], reg.index[head(e)]) for e in reg.salient_edges(sol.least))


def mark_edges(n: int) -> set:
    """The interior edges as dot pairs: what a MARKS file may name."""
    reg = region(n)
    return {H.edge(reg.index[e[:2]], reg.index[head(e)]) for e in reg.interior}


def next_hint(n: int, givens, marks: H.Marks, solution=None) -> H.Step | None:
    """The next hint for these marks: a mistake first, else the first hint of the explanation
    that decides an unmarked edge (only those edges), "solved" when all is marked, or None
    when the rules are stuck."""
    solution = solution if solution is not None else solution_edges(n, givens)
    if solution is not None:
        wrong = H.mistake(marks, solution, line="line", cross="cross")
        if wrong:
            return wrong
    lazy = _lazy(_Key(n), tuple(sorted(givens)))
    i = 0
    while (s := lazy.get(i)) is not None:
        yes = tuple(e for e in s.yes if e not in marks.yes)
        no = tuple(e for e in s.no if e not in marks.no)
        if yes or no:
            return H.Step(s.rule, s.level, s.text, yes, no, s.faces, s.dots, s.edges)
        i += 1
    return H.solved_step("Every fold edge is decided: the puzzle is solved.") if lazy.chain.solved else None


def triangle_dots(n: int) -> dict:
    """Face id -> its three dot ids (for highlighting)."""
    reg = region(n)
    return {i: [reg.index[v] for v in triangle_vertices(t)] for i, t in enumerate(reg.triangles)}


def stuck_step() -> H.Step:
    """The answer when the rules (a what-if included) decide no more edges."""
    return H.Step("stuck", None, "The local rules and one what-if decide no more edges here: this puzzle needs "
                                 "deeper reasoning from this point.")


# ---- the commands: calissons grade | hint | explain -------------------------------------------

def load(v: dict) -> tuple:
    """(board, givens, permalink or None) of the command's SOURCE (a JSON file, a mathix URL,
    a cal.v1 or cal.v3 permalink; `--region` names the board of a JSON file that names none),
    size-checked before any work: the one place that reads a puzzle for grade/hint/explain."""
    n, givens = load_board(v["source"], v.get("region"), v.get("size"))
    if isinstance(n, int):
        if n > MAX_HINT_N:
            raise TilepressError(f"grade, hint and explain take sides up to {MAX_HINT_N} (this puzzle has side {n})")
        link = permalink.encode(n, givens) if n <= permalink.MAX_PERMALINK_N else None
    else:
        if len(n.triangles) > MAX_HINT_TRIANGLES:
            raise TilepressError(f"grade, hint and explain take regions up to {MAX_HINT_TRIANGLES} triangles "
                                 f"(this one has {len(n.triangles)})")
        link = permalink.encode_region(n, givens)
    return n, sorted(givens), link


def board_record(n) -> dict:
    """How the JSON answers name the board: {"n": side} or {"region": the shape's record}."""
    return {"n": n} if isinstance(n, int) else {"region": n.record()}


def unique_solution(n: int, givens) -> set:
    """The solution's fold edges, or a one-line error when the puzzle is not unique."""
    sol = solution_edges(n, givens)
    if sol is None:
        raise TilepressError("hints need a puzzle with exactly one solution (check it with `calissons check`)")
    return sol


def grade_record(n: int, givens) -> dict:
    """{"level", "unique", "steps", "depth", "propagation", "probes"}: the level the hints
    measure beside the human grader's own figures."""
    steps, solved = explanation(n, tuple(givens))
    rec = dict(human.grade(region(n), givens))
    rec.update({"level": grade_level(solved, steps), "unique": solution_edges(n, givens) is not None,
                "steps": len(steps), "text": LEVEL_TEXT[grade_level(solved, steps)]})
    return rec


def run_grade(v: dict) -> int:
    """grade FILE|-|URL|PERMALINK"""
    n, givens, link = load(v)
    rec = grade_record(n, givens)
    rec.update({**board_record(n), "givens": len(givens), "permalink": link})
    return emit_rendered("json", v["out"], json_obj=rec)


def run_hint(v: dict) -> int:
    """hint FILE|-|URL|PERMALINK [--marks MARKS.json]"""
    n, givens, _link = load(v)
    marks = H.read_marks(v.get("marks"), mark_edges(n))
    step = next_hint(n, givens, marks, unique_solution(n, givens)) or stuck_step()
    return emit_rendered("json", v["out"], json_obj=step.to_json())


def sheet(n: int, givens, link: str | None) -> list[str]:
    """The worked solution's pages (SVG, A4)."""
    steps, solved = explanation(n, tuple(givens))
    level = grade_level(solved, steps)
    board = play.board_of(n, givens, link or "", region(n))
    where = f"side {n}" if isinstance(n, int) else describe(n)
    name = f"{short_id(link)}, {where}" if link else where
    return hintsheets.sheet_pages(f"Calisson puzzle {name}: worked solution", board, list(steps), triangle_dots(n),
                         subtitle=f"Level {level}: {LEVEL_TEXT[level]} Orange: the edges each group decides; "
                                  "blue: the edges and triangles it reads; dark red: the givens.")


def run_explain(v: dict) -> int:
    """explain FILE|-|URL|PERMALINK --format json|svg|pdf"""
    n, givens, link = load(v)
    if v.get("method") == "heights":
        return _explain_heights(v, n, givens, link)
    unique_solution(n, givens)
    steps, solved = explanation(n, tuple(givens))
    return hintsheets.run_explain(v, lambda: {"level": grade_level(solved, steps), "solved": solved, **board_record(n),
                                     "permalink": link, "steps": [s.to_json() for s in steps]},
                         lambda: sheet(n, givens, link), "Calisson puzzle: worked solution")


def _explain_heights(v: dict, n, givens, link) -> int:
    """explain --method heights: the pencil-and-rubber method, round by round (calissons.heights)."""
    # lazy: the page's Hint button loads this module; the heights method loads for `explain` only
    from generator.calissons import heights
    if v["format"] != "json" and (n > heights.MAX_SHEET_N if isinstance(n, int)
                                  else len(n.triangles) > heights.MAX_SHEET_TRIANGLES):
        raise TilepressError(f"the heights sheet takes sides up to {heights.MAX_SHEET_N} (or "
                             f"{heights.MAX_SHEET_TRIANGLES} triangles); --format json takes larger boards")
    return hintsheets.run_explain(v, lambda: {**board_record(n), "permalink": link, **heights.record(region(n), givens)},
                         lambda: heights.sheet(n, givens, f"Calisson puzzle, {describe(n)}: the pencil-and-rubber method"),
                         "Calisson puzzle: the pencil-and-rubber method")


# ---- article figures: each rule as it first fires in one puzzle ------------------------------

FIGURE_PUZZLE = (4, 1, "hard")          # (side, seed, label) of the puzzle the figures come from
FIGURE_RULES = (("calisson-diagonal", None), ("fold-colours", None), ("fold-status", True),
                ("fold-status", False), ("what-if", None))


def rule_figures() -> dict[str, str]:
    """File name -> SVG: the first hint of each rule (fold-status: a fold edge, a flat edge)
    in the explanation of FIGURE_PUZZLE, drawn on the board after the hints before it."""
    n, seed, label = FIGURE_PUZZLE
    # lazy: the page's Hint button loads this module; the generator loads for the figures only
    from generator.calissons.generator import generate
    pz = generate(n, seed, label)
    steps = list(_Chain(n, sorted(pz.givens)).deductions())     # one deduction per figure
    board = play.board_of(n, sorted(pz.givens), "")
    out = {}
    for rule, fold in FIGURE_RULES:
        k = next(i for i, s in enumerate(steps)
                 if s.rule == rule and (fold is None or bool(s.yes) == fold))
        name = rule + ("" if fold is None else ("-fold" if fold else "-flat"))
        out[f"calissons-rule-{name}.svg"] = hintsheets.figure(board, steps, k, triangle_dots(n), px=300, crop=1.6,
                                                     title=f"{RULES[rule][1]} (hint {k + 1})")
    return out


# ---- the page's Hint button (Family.hinter, called by generator.webapi) --------------

def hint(link: str, lines, crosses) -> dict:
    """The next deduction for the player's marks (the Hint button): `calissons hint`'s JSON
    plus the board's edge ids and the triangles to highlight (generator.hints.page_hint)."""
    n, givens, reg = play._decode(link)
    if not isinstance(n, int) and len(n.triangles) > MAX_HINT_TRIANGLES:
        raise TilepressError(f"hints are given on regions up to {MAX_HINT_TRIANGLES} triangles "
                             f"(this one has {len(n.triangles)})")
    index = reg.index
    pairs = [H.edge(index[e[:2]], index[head(e)]) for e in sorted(reg.interior)]
    marks = H.marks_from_ids(pairs, lines, crosses)
    step = next_hint(n, sorted(givens), marks, unique_solution(n, sorted(givens))) or stuck_step()
    return H.page_hint(step, pairs, triangle_dots(n))
