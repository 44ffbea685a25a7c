"""Clue sets: from a random loop to a puzzle that is unique and exactly of its level.

The method is Tatham's Loopy's (the facts in its documentation and source; our code):

1. grow a random loop (generator.loopy.loopgen) and write every face's clue — the number of
   its edges on the loop;
2. if the full clue set is not solvable at the target level, start again with a new loop;
3. visit the faces in random order and remove each clue whose removal leaves the puzzle
   solvable at the target level (the solver deduces without guessing, so "solvable"
   implies "the loop is unique");
4. reject the result if it is also solvable at the level below (it would be too easy for
   its label) and start again with a new loop.

The result is a locally minimal clue set: no single clue can go without leaving the level.

`make` is the generator of `loopy.v1` links with the first (frozen) solver; `make_v2` makes
`loopy.v2` puzzles with Tatham's levels (generator.loopy.solver), in the same four steps.
"""

from __future__ import annotations

from generator.errors import TilepressError
from generator.loopy import loopgen
from generator.loopy.grid import Grid
from generator.loopy import solver as S
from generator.loopy.solver_v1 import EASY, SOLVED, YES, Tables, solve

MAX_ROUNDS = 60
MAX_ROUNDS_V2 = 200


def clues_of(grid: Grid, loop) -> list[int]:
    """Every face's clue for a loop given as a set of edges."""
    on = set(loop)
    return [sum(1 for e in es if e in on) for es in grid.face_edges]


def thin(tables: Tables, clues, level: int, rng) -> list:
    """Remove clues in random order while the puzzle stays solvable at the level."""
    clues = list(clues)
    order = list(range(len(clues)))
    rng.shuffle(order)
    for f in order:
        keep, clues[f] = clues[f], None
        if solve(tables, clues, level)[0] != SOLVED:
            clues[f] = keep
    return clues


def make(grid: Grid, level: int, rng, tables: Tables | None = None) -> tuple[list, list[int], dict]:
    """(clues with None for blanks, loop edges, statistics) for a new puzzle of a level."""
    tables = tables or Tables(grid)
    stats = {"loops": 0, "too_easy": 0, "unsolvable": 0}
    for _ in range(MAX_ROUNDS):
        stats["loops"] += 1
        loop = loopgen.loop_edges(grid, loopgen.generate(grid, rng))
        full = clues_of(grid, loop)
        verdict, state = solve(tables, full, level)
        if verdict != SOLVED:
            stats["unsolvable"] += 1
            continue
        clues = thin(tables, full, level, rng)
        if level > EASY and solve(tables, clues, level - 1)[0] == SOLVED:
            stats["too_easy"] += 1
            continue
        verdict, state = solve(tables, clues, level)
        if verdict != SOLVED or sorted(e for e, s in enumerate(state) if s == YES) != sorted(loop):
            raise RuntimeError("loopy: the solver disagrees with the generated loop")
        return clues, sorted(loop), stats
    raise TilepressError(f"no puzzle of this level found on this grid in {MAX_ROUNDS} loops "
                         "(try another seed, level or a larger size)")


def thin_v2(board: S.Board, clues, level: int, rng, loop=None) -> list:
    """Remove clues in random order while the level-L solver (Tatham's levels) still solves.

    The same clues as trying every removal with a fresh solve (`thin_naive`), with less work:
    `Halving` for Tatham's levels when the loop is given, `Thinning` otherwise (Expert, whose
    extra rules are not known to be order-free)."""
    clues = list(clues)
    order = list(range(len(clues)))
    rng.shuffle(order)
    if loop is not None and S.NORMAL <= level <= S.HARD:
        return Halving(board, clues, level, loop).run(order)
    return Thinning(board, clues, level).run(order)


def thin_naive(board: S.Board, clues, level: int, order) -> list:
    """The definition of thinning: try each removal in `order` with a fresh solve."""
    clues = list(clues)
    for f in order:
        keep, clues[f] = clues[f], None
        if not solves(board, clues, level):
            clues[f] = keep
    return clues


class Halving:
    """Clue removal by halving the order: every trial built by adding clues, never removing.

    Thinning tries the faces f_1 … f_n in turn; trial t asks whether the level solves the
    clue set S_t − {f_t}, where S_t holds every f_i with i > t and the f_i with i < t that
    were kept.  A fresh solve per trial costs n solves.  But the sets are *additive* in time:
    f_i (i > t) is present in every trial before i, and a kept f_i in every trial after it.
    So walk a binary tree over the trials 1 … n: a node for trials l … r holds the state
    reached from the clues present in all of them ({f_i : i > r} and the kept f_i, i < l);
    its left child adds f_{m+1} … f_r, its right child the kept ones of f_l … f_m (known once
    the left half is done); a leaf t holds exactly S_t − {f_t}.  Every clue is added at
    about log2 n nodes, each time to a state that already knows most of what follows.

    This needs the deductions to be order-free: the state a set of rules reaches from some
    clues must not depend on the order they fired in, nor on how the clues arrived.  Every
    rule of Easy … Hard only adds facts (edges, pair facts, class links) from facts, and our
    design note on Loopy levels records that his stopping states are the same under any
    renumbering; the one exception is the loop rule's ambiguity stop, which gives up rather
    than deducing.  So two states go down the tree:

    * `n`: the non-loop rules only.  At a leaf it is exactly the state a fresh solve reaches
      before its first loop-rule turn, X0.
    * `m`: every rule, with the ambiguity check neither stopping nor setting anything — a
      monotone closure that contains every state a fresh solve reaches.

    At a leaf: if `m` is not solved, neither is a fresh solve (reject).  If X0 has the loop
    closed, a fresh solve is solved at its first loop turn (accept).  Otherwise a fresh
    solve does what `m` did unless its ambiguity stop fires; that needs a state between X0
    and the end where the yes edges are the loop but one edge e, e undecided, and no
    non-loop rule applies.  `_stop_possible` rules that out edge by edge from X0 (`dot-full`,
    `face-full`, `dot-continue` and `face-needs-all` would decide e there); when it cannot,
    the fresh solve's rest is run from a copy of X0 — the exact answer either way.

    The result equals `thin_naive`'s (tested on every tiling and level).
    """

    def __init__(self, board: S.Board, clues, level: int, loop):
        self.board, self.clues, self.level = board, clues, level
        self.loop = frozenset(loop)
        ends = [d for e in self.loop for d in board.edges[e]]
        self.loop_dots = frozenset(ends)
        self.tails = self.screens = 0          # leaves that ran a fresh solve's rest; screened

    def run(self, order) -> list:
        b, level, clues = self.board, self.level, self.clues
        self.order = [f for f in order if clues[f] is not None]
        self.kept = [False] * len(self.order)
        if not self.order:
            return clues
        none = [None] * len(clues)
        n = S.Solver(b, none, level)
        m = S.Solver(b, none, level)
        m.ambiguity_stop = False
        m.verdict = None
        self._grow(n, m, ())
        self._node(0, len(self.order) - 1, n, m)
        out = [None] * len(clues)
        for f, k in zip(self.order, self.kept):
            if k:
                out[f] = clues[f]
        return out

    def _grow(self, n, m, faces) -> None:
        """Add clues to both states and bring each to its fixpoint."""
        clues = self.clues
        for f in faces:
            n.add_clue(f, clues[f])
            m.add_clue(f, clues[f])
        try:
            n.fixpoint()
            m.verdict = m.run() if m.verdict != S.SOLVED else S.SOLVED
        except S.Contradiction:
            raise RuntimeError("loopy: the clues of a generated loop contradict") from None
        if m.verdict == S.CONTRADICTION:
            raise RuntimeError("loopy: the clues of a generated loop contradict")

    def _node(self, l: int, r: int, n, m) -> None:
        if m.verdict == S.SOLVED and (n.closed or self._no_stop(n)):
            return                        # solved without these clues: every one of them goes
        if l == r:
            self.kept[l] = not self._solves(n, m)
            return
        mid = (l + r) // 2
        n2, m2 = n.clone(), m.clone()
        self._grow(n2, m2, self.order[mid + 1:r + 1])
        self._node(l, mid, n2, m2)
        del n2, m2
        self._grow(n, m, [self.order[i] for i in range(l, mid + 1) if self.kept[i]])
        self._node(mid + 1, r, n, m)

    def _solves(self, n, m) -> bool:
        """Would a fresh solve of this leaf's clues succeed? (n, m are left unchanged)"""
        if m.verdict != S.SOLVED:
            return False
        if n.closed or self._no_stop(n):
            return True
        self.tails += 1
        return n.clone().run() == S.SOLVED

    def _no_stop(self, x) -> bool:
        """Is the ambiguity stop ruled out for every fresh solve whose X0 contains x?"""
        self.screens += 1
        return not self._stop_possible(x)

    def _stop_possible(self, x) -> bool:
        """Could a fresh solve from X0 = x reach its ambiguity stop (the loop but one edge)?"""
        b, st, clues, loop, dots = self.board, x.st, x.clues, self.loop, self.loop_dots
        for e in loop:
            if st[e]:
                continue
            u, v = b.edges[e]
            beside = b.edge_faces[e]

            def open_edge(g) -> bool:
                """Might g ∉ loop stay undecided once every loop edge but e is yes?"""
                if st[g] or g in loop:
                    return False
                for w in b.edges[g]:
                    if w in dots and w != u and w != v:     # dot-full at a loop dot
                        return False
                for h in b.edge_faces[g]:
                    if clues[h] is not None and h not in beside:   # face-full
                        return False
                return True

            if not any(open_edge(g) for g in b.dot_edges[u] if g != e):
                continue                                   # dot-continue at u decides e
            if not any(open_edge(g) for g in b.dot_edges[v] if g != e):
                continue
            if any(clues[h] is not None and not any(open_edge(g) for g in b.face_edges[h] if g != e)
                   for h in beside):
                continue                                   # face-needs-all decides e
            return True
        return False


class Thinning:
    """Clue removal that re-solves only from where the removed clue was first read.

    A solving run is a sequence of turns of the solver's rule loop; every `every` turns a
    checkpoint copies its whole state.  Until a clue takes part in a firing (`Solver.read`),
    the run is the run without that clue, turn for turn (the clue's face is only looked at,
    without effect; the loop rule's ambiguity check, which looks at every clue, counts as
    reading all of them).  So, with the last successful run as the baseline:

    * a clue the baseline never read can go with no solve at all (the run without it is
      the same run, and it succeeds);
    * for any other clue, the run without it is resumed from the last checkpoint before
      its first read, with the clue taken out of the state there; if it succeeds it is
      the new baseline (its checkpoints: the old ones before that point, then its own).

    Each decision is the one a fresh solve would make, so the result is `thin_naive`'s.
    """

    def __init__(self, board: S.Board, clues, level: int, every: int | None = None):
        self.board, self.clues, self.level = board, clues, level
        self.every = every or max(64, len(board.faces) * 6 // 5)   # turns between checkpoints
        self.free = self.resumed = 0             # removals without a solve; resumed solves

    def run(self, order) -> list:
        clues = self.clues
        base = self.solve(_Run(self.board, clues, self.level), [])
        if base is None:
            raise ValueError("the full clue set is not solved at this level")
        for f in order:
            if clues[f] is None:
                continue
            start = base.first.get(f)
            if start is None:                      # never read: the same run succeeds without it
                clues[f] = None
                self.free += 1
                continue
            keep, clues[f] = clues[f], None
            s = _restore(base.marks[start], base.like)
            for g, c in enumerate(s.clues):        # clues gone since that checkpoint (unread there)
                if c is not None and clues[g] is None:
                    _drop(s, g)
            self.resumed += start > 0
            trial = self.solve(s, base.marks[:start], {g: i for g, i in base.first.items() if i < start})
            if trial is None:
                clues[f] = keep
            else:
                base = trial
        return clues

    def solve(self, s, marks: list, first=None):
        """Run s (a fresh solver, or one restored at checkpoint len(marks) with the checkpoints
        before it and the first reads before it) under a watch: the watch if it solves, else None."""
        w = _Watch(self.every, marks, first or {}, s)
        s.watch = w
        verdict = s.run()
        s.watch = None
        if verdict != S.SOLVED:
            return None
        w.scan(s)
        return w


class _Watch:
    """Checkpoints of one run and, per clued face, the checkpoint before its first read."""

    def __init__(self, every: int, marks: list, first: dict, like):
        self.every, self.marks, self.first, self.like = every, marks, first, like
        self.left = 0                   # a checkpoint at the first turn
        self.seen = bytearray(len(like.clues))
        for f in first:
            self.seen[f] = 1
        self.nread = like.read.count(1)

    def __call__(self, s) -> int:
        self.scan(s)
        self.marks.append(_snapshot(s))
        return self.every

    def scan(self, s) -> None:
        """Faces first read since the last checkpoint get that checkpoint's index."""
        i, seen, first, read = len(self.marks) - 1, self.seen, self.first, s.read
        n = read.count(1)
        if n == self.nread:
            return
        self.nread = n
        for f, r in enumerate(read):
            if r and not seen[f]:
                seen[f] = 1
                first[f] = i

    def read_all(self, s) -> None:
        """Every clue counts as read from now on (the loop rule's ambiguity check)."""
        i = len(self.marks) - 1
        for f, c in enumerate(s.clues):
            if c is not None and not self.seen[f]:
                self.seen[f] = 1
                self.first[f] = i


class _Run(S.Solver):
    """A solver whose loop rule's ambiguity check is reported to the watch."""

    def loop_rule(self):
        n = self.loop_checks
        verdict = super().loop_rule()
        if self.loop_checks != n and self.watch is not None:
            self.watch.scan(self)
            self.watch.read_all(self)
        return verdict


_SHARED = frozenset(("b", "face_rule", "dot_rule", "watch"))
_REPLACED = frozenset(("members",))     # the solver replaces these lists' items, never changes one


def _copy(v, k=None):
    """A copy of attribute k of a solver's state (lists of lists copied one level down)."""
    t = type(v)
    if k in _REPLACED:
        return v.copy()
    if t is list:
        if v and type(v[0]) in (list, bytearray):
            return [x.copy() for x in v]
        return v.copy()
    if t is bytearray or t is dict:
        return v.copy()
    return v


def _snapshot(s) -> dict:
    """The whole mutable state of a solver."""
    return {k: _copy(v, k) for k, v in vars(s).items() if k not in _SHARED}


def _restore(snap: dict, like):
    """A solver in the state `snap` (a fresh copy; the snapshot stays as it was)."""
    s = object.__new__(type(like))
    for k, v in snap.items():
        setattr(s, k, _copy(v, k))
    s.b = like.b
    s.face_rule = [getattr(s, m.__name__) for m in like.face_rule]
    s.dot_rule = [getattr(s, m.__name__) for m in like.dot_rule]
    return s


def _drop(s, f: int) -> None:
    """Take face f's clue out of a solver's state (a clue not read so far)."""
    c = s.clues[f]
    s.clues[f] = None
    s.bad -= s.fy[f] != c
    for q, flags in zip(s.qf, s.inf):
        if flags[f]:
            flags[f] = 0
            q.remove(f)


def solves(board: S.Board, clues, level: int) -> bool:
    """Does the level-L solver (Tatham's levels) solve these clues?"""
    return S.Solver(board, clues, level).run() == S.SOLVED


def make_v2(grid: Grid, level: int, rng, board: S.Board | None = None) -> tuple[list, list[int], dict]:
    """(clues, loop edges, statistics) of a new puzzle graded exactly `level` (v2)."""
    board = board or S.Board.of_grid(grid)
    stats = {"loops": 0, "too_easy": 0, "unsolvable": 0}
    for _ in range(MAX_ROUNDS_V2):
        stats["loops"] += 1
        loop = loopgen.loop_edges(grid, loopgen.generate(grid, rng))
        full = clues_of(grid, loop)
        if not solves(board, full, level):
            stats["unsolvable"] += 1
            continue
        clues = thin_v2(board, full, level, rng, loop)
        if level > S.EASY and solves(board, clues, level - 1):
            stats["too_easy"] += 1
            continue
        s = S.Solver(board, clues, level)
        if s.run() != S.SOLVED or sorted(e for e, v in enumerate(s.st) if v == S.YES) != sorted(loop):
            raise RuntimeError("loopy: the solver disagrees with the generated loop")
        return clues, sorted(loop), stats
    raise TilepressError(f"no puzzle of this level found on this grid in {MAX_ROUNDS_V2} loops "
                         "(try another seed, level or a larger size)")
