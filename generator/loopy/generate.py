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

Step 3 is the cost: one solve per face tried, which is all Tatham's generator does (a fresh
solve each time, in C).  We make the same decisions with far less work: `Halving` (Easy to
Hard) builds every trial's state by *adding* clues to states deduced before, down a binary
tree over the order, so each clue is deduced from about log2(faces) times instead of once
per trial; `Thinning` (Expert) resumes each trial from a checkpoint taken before the clue
was first read.  Both give exactly the clues of a fresh solve per trial (`thin_naive`).
Step 2 needs no solve of its own: thinning finds it out at its first trial (see
`Halving._check_full`) and gives up, and the random order it drew is put back.

`make` is the generator of `loopy.v1` links with the first (frozen) solver; `make_v2` makes
`loopy.v2` puzzles with Tatham's levels (generator.loopy.solver), in the same four steps.
"""

from __future__ import annotations

import contextlib
import gc

from generator import output
from generator.errors import TilepressError
from generator.loopy import loopgen
from generator.loopy.grid import Grid
from generator.loopy import solver as S
from generator.loopy.fast import Closure, Quick
from generator.loopy.solver_v1 import EASY, SOLVED, YES, Tables, solve

MAX_ROUNDS = 60
MAX_ROUNDS_V2 = 200


@contextlib.contextmanager
def collector_paused():
    """The cyclic garbage collector off for a while (as it was, after).  Making a puzzle makes
    and drops objects by the hundred thousand (tiles, faces, solver states) that hold no
    reference cycle worth collecting: the collector would only walk them, 2-5% of the time."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


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


def thin_v2(board: S.Board, clues, level: int, rng, tick=None, loop=None) -> tuple[list | None, S.Solver | None]:
    """Remove clues in random order while the level-L solver (Tatham's levels) still solves:
    (the clues left, or None if the full clue set is not solved; Halving's proof, a solved
    state whose reads are all clues left, or None from Thinning).  `loop`: the edges of the
    loop the clues were written from, if known (Halving then skips trials a second loop keeps).

    The same clues as trying every removal with a fresh solve (`thin_naive`), with less work:
    `Halving` for Tatham's levels, `Thinning` for Expert (whose extra rules, this project's own,
    are not known to be order-free: a greedy count round a face need not grow with the facts)."""
    clues = list(clues)
    order = list(range(len(clues)))
    rng.shuffle(order)
    if level <= S.HARD:
        h = Halving(board, clues, level, loop)
        return h.run(order, tick), h.proof
    return Thinning(board, clues, level).run(order, tick), None


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
    deduced from the clues present in all of them ({f_i : i > r} and the kept f_i, i < l);
    its left child adds f_{m+1} … f_r, its right child the kept ones of f_l … f_m (known once
    the left half is done); a leaf t holds exactly S_t − {f_t}.  Every clue is added at
    about log2 n nodes, each time to a state that already knows what the others imply; a
    node already solved settles every trial below it (they all go).

    Why a state built by additions answers what a fresh solve would.  Every rule of Easy …
    Hard only adds facts (edges, pair facts, class links) given facts, so the rules have one
    closure for a clue set, whatever the order they fire in or the clues arrive in (our
    design note on Loopy levels records the same of Tatham's solver: his stopping states do
    not depend on the numbering).  The one rule that is not a deduction is the loop rule's
    ambiguity stop: a fresh solve gives up when one chain holds every yes edge and closing
    it would meet every clue.  Here the solver runs with `ambiguity_stop` off: that check
    neither stops nor sets anything.  A fresh solve that gave up did so in a state where no
    other rule applied and the loop rule's only candidate was that closing edge — a state
    closed under these rules, unsolved, containing their closure: so the closure is not
    solved either.  A fresh solve that does not give up applies these same rules to the end.
    So the closure is solved exactly when a fresh solve is, and the result equals
    `thin_naive`'s (tested on every tiling and level).

    One more shortcut, the one clue thinning in SAT solvers calls core refinement.  A solved
    state was deduced by firings that read some clues (`Solver.read`; a state grown from
    another holds the reads of both); the same firings solve any clue set that holds those.
    So after a removal is found solved, every later trial whose clue that state did not read
    goes without a solve, as long as no clue it read has gone since — and none has: a clue
    goes only by a solve (which gives a new such state) or by this rule, which takes only
    unread ones.  A node first lets go of the unread clues at the head of its trials (a right
    half before its state is grown: when all of them go, it need not grow).  (The
    deductions that fire in a solved state are all sound for the loop the clues came from,
    so no contradiction stands in the way.)  The states are built by `fast.Closure`.

    And one shortcut for trials that stay, given the loop L the clues were written from: a
    second loop.  If some loop other than L meets every clue of S_t − {f_t}, no sound rule
    decides every edge from those clues, so trial t keeps its clue with no state grown for it
    (a leaf's state costs a clone and the deductions of its last clue; about a quarter of the
    trials kept at Easy on Penrose grids go this way).  The second loops tried are L with one
    face flipped (its edges on L and off L swapped), for f_t and each face beside it
    (`_Flips`).  Asked only once the full clue set is known solved (a leaf is where
    that is found out, see _check_full).
    """

    def __init__(self, board: S.Board, clues, level: int, loop=None):
        self.board, self.clues, self.level = board, clues, level
        self.nodes = 0                          # states grown (for the benchmarks)
        self.free = 0                           # trials decided by a solved state's reads
        self.second = 0                         # trials kept by a second loop
        self.flips = None if loop is None else _Flips(board, clues, loop)
        self.needed = None                      # the clues the last solved state read
        self.proof = None                       # the last solved state (its reads: needed);
                                                # None: the full clue set not yet known solved

    def run(self, order, tick=None) -> list | None:
        """The clues left after trying each face of `order` in turn; tick(n) hears how many
        trials are decided.  None if the full clue set is not solved (found out at the first
        trial that is not: see _check_full)."""
        clues = self.clues
        self.order = [f for f in order if clues[f] is not None]
        self.kept = [False] * len(self.order)
        self.tick = tick or (lambda n: None)
        if self.order:
            s = Closure(self.board, [None] * len(clues), self.level)
            s.verdict = s.run()           # the empty clue set's closure (dots alone)
            try:
                with collector_paused():      # (states by the hundred, no reference cycle)
                    self._node(0, len(self.order) - 1, s)
            except _NotSolved:
                return None
        out = [None] * len(clues)
        for f, k in zip(self.order, self.kept):
            if k:
                out[f] = clues[f]
        return out

    def _grow(self, s, faces) -> None:
        """Add clues to a state and deduce to the closure."""
        if not faces or s.verdict == S.SOLVED:
            return                              # nothing new to deduce
        self.nodes += 1
        for f in faces:
            s.add_clue(f, self.clues[f])
        s.verdict = s.run()
        if s.verdict == S.CONTRADICTION:
            raise RuntimeError("loopy: the clues of a generated loop contradict")

    def _check_full(self, s, l: int) -> None:
        """Is the full clue set solved?  Asked at the first trial kept while no state has been
        solved: that is the first trial (l = 0: every earlier one was kept, and asked here),
        whose state holds every clue but its own, so the full set's state is one clue away."""
        full = s.clone()
        self._grow(full, [self.order[l]])
        if full.verdict != S.SOLVED:
            raise _NotSolved
        self.proof, self.needed = full, full.read

    def _head(self, l: int, r: int) -> tuple[int, list]:
        """Decide trials l, l+1, … while no state is needed for them: a clue the last solved
        state did not read goes, a clue a second loop keeps stays.  (The first trial left
        (r + 1: none), the clues kept.)"""
        needed, order, flips, kept = self.needed, self.order, self.flips, []
        if needed is None:                  # (nor a proof: nothing is known yet)
            return l, kept
        start = l
        while l <= r:
            f = order[l]
            if not needed[f]:
                self.free += 1
                if flips is not None:
                    flips.present[f] = 0
            elif flips is not None and flips.second_loop(f):
                self.kept[l] = True
                self.second += 1
                kept.append(f)
            else:
                break
            l += 1
        if l > start:
            self.tick(l)
        return l, kept

    def _node(self, l: int, r: int, s, add=(), shared: bool = False) -> None:
        """Decide trials l … r from the state s of the clues present in all of them but `add`
        (added here, to a copy of s if `shared`: only once some trial needs a state)."""
        order = self.order
        l, more = self._head(l, r)
        if l > r:
            return
        if shared:
            s = s.clone()
        self._grow(s, [*add, *more])
        if s.verdict == S.SOLVED:
            self.needed = s.read          # solved without these clues: every one of them goes
            self.proof = s                # (and so with all of them; a solved state is never
                                          # grown again: see _grow)
            if self.flips is not None:
                for i in range(l, r + 1):
                    self.flips.present[order[i]] = 0
            self.tick(r + 1)
            return
        if l == r:
            if self.proof is None:
                self._check_full(s, l)
            self.kept[l] = True
            self.tick(r + 1)
            return
        mid = (l + r) // 2
        self._node(l, mid, s, order[mid + 1:r + 1], shared=True)
        self._node(mid + 1, r, s, [order[i] for i in range(l, mid + 1) if self.kept[i]])


class _NotSolved(Exception):
    """Halving's full clue set is not solved at its level."""


class _Flips:
    """Second loops by flipping one face of the loop L (for Halving's trials that stay).

    Flipping face g swaps its edges on L and off L.  The result is one loop when g's edges on
    L are one unbroken run A, neither none nor all of them, and no dot of the rest B of its
    boundary, other than B's two ends (A's ends), is on L: L without A is a path between A's
    ends that meets g nowhere else, and B closes it.  Every edge of g changes, so a clued face
    beside g keeps its count only if as many of the edges it shares with g leave L as join
    it, and g keeps its own only if its clue is half its size.  All of that but which clues
    are present is fixed by L, so it is worked out once; `present` marks the faces whose clue
    is in the current set (trials not yet decided, and those kept)."""

    def __init__(self, board: S.Board, clues, loop):
        on = bytearray(board.n_edges)
        ldeg = bytearray(board.n_dots)
        edges = board.edges
        for e in loop:
            on[e] = 1
            a, c = edges[e]
            ldeg[a] += 1
            ldeg[c] += 1
        self.board, self.on, self.ldeg = board, on, ldeg
        self.present = bytearray(c is not None for c in clues)
        self.flips: dict = {}           # face g -> _flip(g), as asked for
        self.tries: dict = {}           # face f -> the flips that change its count (_tries)

    def _tries(self, f: int) -> tuple:
        """The flips that change f's count, as (g, g's clue half its size, the other faces
        whose count g's flip changes): f's own, then its neighbours' that give one loop."""
        ef, flips = self.board.edge_faces, self.flips
        out = []
        for g in sorted({g for e in self.board.face_edges[f] for g in ef[e]}):
            if g not in flips:
                flips[g] = self._flip(g)
            if flips[g] is not None:
                out.append((g, *flips[g]))
        out.sort(key=lambda t: t[0] != f)
        self.tries[f] = out = tuple(out)
        return out

    def _flip(self, g: int) -> tuple | None:
        """Face g's flip as (whether its clue is half its size, the other faces whose count it
        changes), or None if it does not give one loop.  (Dot i is between edges i-1 and i.)"""
        b, on, ldeg = self.board, self.on, self.ldeg
        es = b.face_edges[g]
        k = len(es)
        a = sum(map(on.__getitem__, es))
        if not 0 < a < k:
            return None
        changes = 0
        prev = on[es[-1]]
        for e, d in zip(es, b.faces[g]):
            cur = on[e]
            if prev != cur:
                changes += 1
            elif not cur and ldeg[d]:
                return None                 # a dot inside B, on L elsewhere
            prev = cur
        if changes != 2:
            return None
        delta: dict = {}
        for e in es:
            x = -1 if on[e] else 1
            for h in b.edge_faces[e]:
                if h != g:
                    delta[h] = delta.get(h, 0) + x
        return 2 * a == k, tuple(h for h, x in delta.items() if x)

    def second_loop(self, f: int) -> bool:
        """Does flipping f or a face beside it give a loop that meets every present clue but
        f's?"""
        present = self.present
        tries = self.tries.get(f)
        if tries is None:
            tries = self._tries(f)
        for g, half, changed in tries:
            if g != f and present[g] and not half:
                continue
            for h in changed:
                if h != f and present[h]:
                    break
            else:
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

    def run(self, order, tick=None) -> list | None:
        """The clues left after trying each face of `order` in turn (None if the full clue set
        is not solved)."""
        clues = self.clues
        base = self.solve(_Run(self.board, clues, self.level), [])
        if base is None:
            return None                            # the full clue set is not solved
        for i, f in enumerate(order):
            if tick is not None:
                tick(i)
            if clues[f] is None:
                continue
            start = base.first.get(f)
            if start is None:                      # never read: the same run succeeds without it
                clues[f] = None
                self.free += 1
                continue
            keep, clues[f] = clues[f], None
            s = _restore(base.marks[start])
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


class _Run(Quick):
    """A solver whose loop rule's ambiguity check is reported to the watch."""

    def loop_rule(self):
        n = self.loop_checks
        verdict = super().loop_rule()
        if self.loop_checks != n and self.watch is not None:
            self.watch.scan(self)
            self.watch.read_all(self)
        return verdict


def _snapshot(s):
    """A checkpoint: a detached copy of a solver's whole state (no watch)."""
    snap = s.clone()
    snap.watch = None
    return snap


def _restore(snap):
    """A solver in the checkpoint's state (a fresh copy; the checkpoint stays as it was)."""
    return snap.clone()


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
    return Quick(board, clues, level).run() == S.SOLVED


def _proved(board: S.Board, clues, level: int, loop, proof) -> bool:
    """Do the clues solve at the level, to the loop?  From Halving's proof if there is one: a
    solved state whose firings read only clues that are left (so the same firings solve the
    clues left; thinning's core refinement), else by a fresh solve."""
    if proof is None:
        proof = Quick(board, clues, level)
        proof.verdict = proof.run()
    elif any(r and clues[f] is None for f, r in enumerate(proof.read)):
        return False
    return proof.verdict == S.SOLVED and sorted(e for e, v in enumerate(proof.st) if v == S.YES) == sorted(loop)


def _solved(board: S.Board, clues, level: int) -> bool:
    """`solves`, by the closure where it may (Easy … Hard: it solves the same clue sets).  The
    clues must be some of one loop's, as a generator's are (the closure looks for no
    contradiction)."""
    s = Closure(board, clues, level) if level <= S.HARD else Quick(board, clues, level)
    return s.run() == S.SOLVED


def make_v2(grid: Grid, level: int, rng, board: S.Board | None = None) -> tuple[list, list[int], dict]:
    """(clues, loop edges, statistics) of a new puzzle graded exactly `level` (v2)."""
    board = board or S.Board.of_grid(grid)
    stats = {"loops": 0, "too_easy": 0, "unsolvable": 0}
    for _ in range(MAX_ROUNDS_V2):
        stats["loops"] += 1
        loop = loopgen.loop_edges(grid, loopgen.generate(grid, rng))
        full = clues_of(grid, loop)
        before = rng.getstate()
        tick, done = output.meter(len(full), "face", f"loop {stats['loops']}, clues tried")
        clues, proof = thin_v2(board, full, level, rng, tick, loop)
        done()
        if clues is None:                   # the full clue set is not solved at this level:
            rng.setstate(before)            # as if the order had not been drawn (thinning finds
            stats["unsolvable"] += 1        # that out at its first unsolved trial, for less
            continue                        # than a solve of its own)
        if level > S.EASY and _solved(board, clues, level - 1):
            stats["too_easy"] += 1
            continue
        if not _proved(board, clues, level, loop, proof):
            raise RuntimeError("loopy: the solver disagrees with the generated loop")
        return clues, sorted(loop), stats
    raise TilepressError(f"no puzzle of this level found on this grid in {MAX_ROUNDS_V2} loops "
                         "(try another seed, level or a larger size)")
