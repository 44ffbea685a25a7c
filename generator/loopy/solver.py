"""Loopy levels that are Simon Tatham's: Easy, Normal, Tricky, Hard — and Expert above them.

A level is a fixed set of deduction rules, applied over and over until none adds anything
(no guessing, no backtracking).  A puzzle's *grade* is the lowest level whose rules decide
every edge; `beyond` when Expert does not.  Easy to Hard are the rules of Tatham's Loopy
solver (sgtpuzzles, loopy.c) as stated in words in our design note on Loopy levels; they
are implemented from those words, and a corpus of puzzles made by his generator checks that
this solver stops exactly where his does at every level below a puzzle's grade.

Words.  Every edge is yes (on the loop), no, or undecided.  Around a dot the edges have a
cyclic order; two edges next to each other in it form a *pair* (at an inner dot the pairs
are the face corners there; a boundary dot has one more pair, its two boundary edges round
the outside).  A pair carries two facts that are only ever added: AL1 "at least one of the
two is yes" and AM1 "at most one".  *Arc bounds*: for a run of consecutive edges of a face,
cut it into blocks of one or two edges in every way; a single edge counts [1 if yes, 1 if
not no]; a two-edge block counts lo = its yes edges (raised to 1 by AL1 of its corner), hi =
2 − its no edges (lowered to 1 by AM1); the run's bounds are the largest lo-sum and the
smallest hi-sum over the cuts (exactly these, not tighter).  A face has k sides, clue c,
y yes and n no edges.  (`rest_bounds` finds them for the rest beside every edge or corner of
a face at once, from prefix and suffix tables of the best cuts; a cut's lo-sum is its yes
edges plus its blocks raised by AL1, its hi-sum its edges not no minus those lowered by AM1,
which bounds every rest cheaply first: `Solver._gain_loss`.  On 4-sided faces the arc rules
read what they conclude from a table of face states filled by `rest_bounds`: `_arc4`.)

Rules (stable names, used by hints; level, what it reads, what it decides):

  easy    face-full          a face with c yes edges: the others are no
  easy    face-needs-all     a face with k − c no edges: the others are yes
  easy    face-one-no-left   a face that needs one more no (and has > 2 undecided): if two
                             undecided consecutive edges meet at a dot with a yes edge, the
                             face's other undecided edges are yes
  easy    dot-full           a dot with two yes edges: the others are no
  easy    dot-continue       a dot with one yes edge and one undecided: that one is yes
  easy    dot-dead-end       a dot with no yes edge and one undecided: that one is no
  easy    loop-too-short     an edge joining the two ends of one chain would close a loop too
                             early: no (if closing would finish the puzzle, the solver gives
                             up instead: "ambiguous", the level fails)
  easy    loop-closed        the loop is closed and every clue is met: the rest are no
  normal  pair-from-dot      a pair with a no edge gets AM1, with a yes edge AL1; a pair of
                             undecided edges at a dot with one yes edge gets AM1 (and AL1 if
                             they are the dot's only undecided edges)
  normal  pair-at-dot        AM1 and one yes: the other is no; AL1 and one no: the other yes
  normal  dot-last-pair      a dot with no yes edge whose only undecided edges form a pair:
                             with AM1 both are no, with AL1 both yes
  normal  face-arc           an undecided edge e of a clued face: lo(rest) = c → e no,
                             hi(rest) = c − 1 → e yes
  tricky  corner-from-face   a corner of undecided edges: lo(rest) > c − 2 → AM1,
                             hi(rest) < c → AL1
  tricky  opposite-pairs     a pair of undecided edges with AL1: every pair of the dot that
                             shares no edge with it gets AM1
  tricky  exactly-one        a pair with AL1 and AM1 at a dot without yes edge: with 3
                             undecided edges the third is yes; with 4, the other two, if they
                             form a pair, get AL1
  hard    linked-twins       two undecided equal-linked edges of a face: y = c − 1 → both
                             no; n = k − c − 1 → both yes
  hard    face-parity        a clued face with u ≤ 4 undecided edges and parity p = c − y:
                             u = 2 links them; u = 3 with two in one class decides the third;
                             u = 4 with two in one class links the other two
  hard    dot-parity         the same at a dot with p = y (a dot ends with 0 or 2 lines)
  hard    pair-link          a pair linked opposite gets AL1 and AM1; a pair with AL1 and AM1
                             is linked opposite
  hard    class-decided      an edge of a class is decided: so is all the class (in a trace,
                             the step that decided the first edge holds the rest too)

Expert = every Hard rule plus what this project's first solver (solver_v1) knew beyond
Tatham's Hard:
  expert  face-pair-need     a face needing one more yes: AM1 on every undecided corner;
                             needing all but one: AL1 on every undecided corner
  expert  face-pair-count    disjoint AM1 corners of a face bound its yes count above, AL1
                             corners below (greedy round the face); a bound equal to the
                             need forces the edges outside the corners
  expert  rest-bound         a fact on a pair of undecided edges bounds the rest of its face
                             (or, at a dot without a yes edge, of its dot): the rest all no /
                             all yes, or AM1 / AL1 on the pairs inside the rest
  expert  class-count        a class with more equal undecided members in a face or dot than
                             it still needs is no (or, the other way, yes)
  expert  class-parity       parity of a face or dot with up to 4 undecided edges over any
                             grouping into classes: one odd class is decided, two are linked
  expert  pair-class         a pair of undecided edges linked equal: AL1 → both yes,
                             AM1 → both no

The loop rule runs only when no other rule applies.  Every rule is sound, so `solved`
means the loop is unique.  Each firing is one *step*; with tracing on, a step records its
rule, level, what it read (faces, dots, edges) and the earlier steps whose facts it used —
the `because` of a hint.  `Solver.read` marks the clued faces whose clue took part in a
firing ("which clues did this solve read"); the ambiguity check of the loop rule also looks
at every clue being met, see `Solver.loop_checks`.
"""

from __future__ import annotations

from generator.loopy.board import Board  # noqa: F401  (the plane graph; callers also find it here)

LEVELS = ("easy", "normal", "tricky", "hard", "expert")
EASY, NORMAL, TRICKY, HARD, EXPERT = range(5)
UNKNOWN, YES, NO = 0, 1, 2
SOLVED, STUCK, AMBIGUOUS, CONTRADICTION = "solved", "stuck", "ambiguous", "contradiction"

RULES = {  # rule -> level (the table in the docstring)
    "face-full": EASY, "face-needs-all": EASY, "face-one-no-left": EASY, "dot-full": EASY,
    "dot-continue": EASY, "dot-dead-end": EASY, "loop-too-short": EASY, "loop-closed": EASY,
    "pair-from-dot": NORMAL, "pair-at-dot": NORMAL, "dot-last-pair": NORMAL, "face-arc": NORMAL,
    "corner-from-face": TRICKY, "opposite-pairs": TRICKY, "exactly-one": TRICKY,
    "linked-twins": HARD, "face-parity": HARD, "dot-parity": HARD, "pair-link": HARD,
    "class-decided": HARD,
    "face-pair-need": EXPERT, "face-pair-count": EXPERT, "rest-bound": EXPERT, "class-count": EXPERT,
    "class-parity": EXPERT, "pair-class": EXPERT,
}


def _adds(st, yes, no, al_arr, al, am_arr, am) -> bool:
    """Would a firing add something: an undecided edge in yes or no, a missing fact in al or am?"""
    for e in yes:
        if not st[e]:
            return True
    for e in no:
        if not st[e]:
            return True
    for p in al:
        if not al_arr[p]:
            return True
    for p in am:
        if not am_arr[p]:
            return True
    return False


def rest_bounds(l1, h1, l2, h2, w: int) -> tuple[list, list]:
    """Arc bounds of the rest of a k-face beside every window of w = 1 or 2 positions.

    From the arcs of the face (single-edge and block bounds per position, `Solver.arcs`):
    for each i, (lo, hi) of the run of the k - w positions that follows the window ending at
    i (w = 1: all but edge i; w = 2: all but edges i-1 and i, the corner at dot i), the
    largest lo-sum and smallest hi-sum over its cuts into blocks.  O(k) for all i at once:
    the rest is a suffix [a, k) and a prefix [0, b) of the positions, joined across the end
    of the face; a cut either keeps the two apart (best cut of the suffix + of the prefix)
    or takes the block (k-1, 0) that joins them (best cut of [a, k-1) + that block + best
    cut of [1, b)).  Each of the four tables is the usual recurrence on cuts: a run's first
    position is a single edge or the first of a two-edge block.
    """
    k = len(l1)
    if k == 4:          # (rhombs, kites and darts) the rest is the 3 or 2 positions after i
        lo, hi = [0] * 4, [0] * 4
        for i in range(4):
            a, b = i - 3, i - 2                   # positions i+1, i+2 (negative indices)
            if w == 1:
                c = i - 1
                x, y = l1[a] + l1[b] + l1[c], l2[a] + l1[c]
                z = l1[a] + l2[b]
                x = x if x > y else y
                lo[i] = x if x > z else z
                x, y = h1[a] + h1[b] + h1[c], h2[a] + h1[c]
                z = h1[a] + h2[b]
                x = x if x < y else y
                hi[i] = x if x < z else z
            else:
                x, y = l1[a] + l1[b], l2[a]
                lo[i] = x if x > y else y
                x, y = h1[a] + h1[b], h2[a]
                hi[i] = x if x < y else y
        return lo, hi
    # S: suffix [j, k); T: [j, k-1); P: prefix [0, t); Q: [1, t)  (..l largest lo, ..h smallest hi)
    sl, sh = [0] * (k + 1), [0] * (k + 1)
    sl[k - 1], sh[k - 1] = l1[k - 1], h1[k - 1]
    for j in range(k - 2, -1, -1):
        x, y = l1[j] + sl[j + 1], l2[j] + sl[j + 2]
        sl[j] = x if x > y else y
        x, y = h1[j] + sh[j + 1], h2[j] + sh[j + 2]
        sh[j] = x if x < y else y
    tl, th = [0] * k, [0] * k
    tl[k - 2], th[k - 2] = l1[k - 2], h1[k - 2]
    for j in range(k - 3, -1, -1):
        x, y = l1[j] + tl[j + 1], l2[j] + tl[j + 2]
        tl[j] = x if x > y else y
        x, y = h1[j] + th[j + 1], h2[j] + th[j + 2]
        th[j] = x if x < y else y
    pl, ph = [0] * (k + 1), [0] * (k + 1)
    pl[1], ph[1] = l1[0], h1[0]
    for t in range(2, k + 1):
        x, y = pl[t - 1] + l1[t - 1], pl[t - 2] + l2[t - 2]
        pl[t] = x if x > y else y
        x, y = ph[t - 1] + h1[t - 1], ph[t - 2] + h2[t - 2]
        ph[t] = x if x < y else y
    ql, qh = [0] * (k + 1), [0] * (k + 1)
    ql[2], qh[2] = l1[1], h1[1]
    for t in range(3, k + 1):
        x, y = ql[t - 1] + l1[t - 1], ql[t - 2] + l2[t - 2]
        ql[t] = x if x > y else y
        x, y = qh[t - 1] + h1[t - 1], qh[t - 2] + h2[t - 2]
        qh[t] = x if x < y else y
    wl, wh = l2[k - 1], h2[k - 1]        # the block (k-1, 0)
    lo, hi = [0] * k, [0] * k
    if w == 1:                            # rest of edge i: [i+1, k) and [0, i)
        first, lo[0], hi[0] = 1, sl[1], sh[1]
    else:                                 # rest of corner i: [i+1, k) and [0, i-1); i = 0: [1, k-1)
        first, lo[0], hi[0] = 1, tl[1], th[1]
    for i in range(first, k):
        b = i + 1 - w
        x, y = sl[i + 1] + pl[b], sh[i + 1] + ph[b]
        if b >= 1 and i <= k - 2:         # both parts there: the joining block may be used
            x2, y2 = tl[i + 1] + wl + ql[b], th[i + 1] + wh + qh[b]
            if x2 > x:
                x = x2
            if y2 < y:
                y = y2
        lo[i], hi[i] = x, y
    return lo, hi


# The arc rules on 4-sided faces (every face of the Penrose rhomb and kite-and-dart tilings),
# by table: a face's whole state (clue, edge states, corner facts) is one number (`_key4`), and
# what face-arc (w = 1) and corner-from-face (w = 2) conclude in it is worked out by
# `rest_bounds` the first time the state is met, then looked up.
_ARC4 = ([None] * (5 * 81 * 256), [None] * (5 * 81 * 256))


def _key4(c, st, al, am, es, cs) -> int:
    """The state of a 4-sided face with clue c <= 4 as an index of _ARC4's tables."""
    e0, e1, e2, e3 = es
    p0, p1, p2, p3 = cs
    return ((c * 81 + st[e0] + 3 * st[e1] + 9 * st[e2] + 27 * st[e3]) << 8 | al[p0] | am[p0] << 1
            | al[p1] << 2 | am[p1] << 3 | al[p2] << 4 | am[p2] << 5 | al[p3] << 6 | am[p3] << 7)


def _arc4_next(w: int, c, st, al, am, es, cs, start: int) -> tuple[int, int]:
    """The first place i >= start where the arc rule of window w fires on a 4-sided face in its
    present state, and what it concludes there (`_arc4`); (4, 0) if nowhere."""
    table = _ARC4[w - 1]
    key = _key4(c, st, al, am, es, cs)
    acts = table[key]
    if acts is None:
        acts = table[key] = _arc4(w, key)
    if acts:
        for i in range(start, 4):
            a = acts[i]
            if a:
                return i, a
    return 4, 0


def _arc4(w: int, key: int):
    """What the arc rule of window w concludes on a 4-sided face in state `key` (`_key4`), per
    position i: w = 1, on edge i, 1 no, 2 yes, 3 a contradiction (rest bounds past the clue);
    w = 2, on corner i, 1 AM1 | 2 AL1 (only facts not there yet); 0 when nothing anywhere."""
    c, code = divmod(key >> 8, 81)
    s = [code % 3, code // 3 % 3, code // 9 % 3, code // 27]
    alv = [key >> 2 * j & 1 for j in range(4)]
    amv = [key >> 2 * j + 1 & 1 for j in range(4)]
    l1 = [1 if x == YES else 0 for x in s]
    h1 = [0 if x == NO else 1 for x in s]
    l2, h2 = [], []
    for j in range(4):                    # the block (j, j+1), at the corner of position j+1
        j1 = (j + 1) % 4
        lo, hi = l1[j] + l1[j1], h1[j] + h1[j1]
        l2.append(1 if not lo and alv[j1] else lo)
        h2.append(1 if hi == 2 and amv[j1] else hi)
    lo, hi = rest_bounds(l1, h1, l2, h2, w)
    out = [0] * 4
    for i in range(4):
        if w == 1:
            if s[i]:
                continue
            out[i] = 3 if lo[i] > c or hi[i] < c - 1 else 1 if lo[i] == c else 2 if hi[i] == c - 1 else 0
        elif not (s[i - 1] or s[i] or (alv[i] and amv[i])):
            out[i] = (lo[i] > c - 2 and not amv[i]) | (hi[i] < c and not alv[i]) << 1
    return tuple(out) if any(out) else 0


class Contradiction(Exception):
    """The deductions reached an impossibility: the clues have no solution."""


class Solver:
    """One run at one level: edge states, pair facts, classes; optional trace of steps."""

    # when set, called with the solver before a turn of the rule loop once every `watch.left`
    # turns (it returns the next count); generate's thinning takes checkpoints there.  Between
    # turns the queues of the levels below the current one are empty, so a run restarted from
    # the loop's top goes on exactly as it would have.
    watch = None
    # False: the loop rule's ambiguity check sets nothing and stops nothing (the monotone
    # closure generate.Halving keeps; see there), instead of giving up
    ambiguity_stop = True

    def __init__(self, board: Board, clues, level: int, trace: bool = False, marks=None):
        self.b, self.level, self.tracing = board, level, trace
        b = board
        self.clues = list(clues)
        nf, nd, ne = len(b.faces), b.n_dots, b.n_edges
        self.st = [UNKNOWN] * ne
        self.fy, self.fn = [0] * nf, [0] * nf
        self.dy, self.dn = [0] * nd, [0] * nd
        self.unknown = ne
        npairs = len(b.pair_edges)
        self.al, self.am = bytearray(npairs), bytearray(npairs)
        self.other_end: dict = {}
        self.closed = False
        self.bad = sum(1 for c in self.clues if c)         # clued faces not yet met
        self.read = bytearray(nf)
        self.loop_checks = 0
        self.steps_done = 0
        self.changed = False
        top = level
        self.qf = [[] for _ in range(top + 1)]
        self.qd = [[] for _ in range(top + 1)]
        self.inf = [bytearray(nf) for _ in range(top + 1)]
        self.ind = [bytearray(nd) for _ in range(top + 1)]
        clued = [f for f, c in enumerate(self.clues) if c is not None]
        flags = bytearray(nf)
        for f in clued:
            flags[f] = 1
        for lv in range(top + 1):
            self.qf[lv] = clued[::-1]
            self.inf[lv] = flags.copy()
            self.qd[lv] = list(range(nd - 1, -1, -1))
            self.ind[lv] = bytearray([1]) * nd
        # each level's face and dot rule, as the class's functions (called with the solver):
        # bound methods kept here would make every solver a reference cycle
        cls = type(self)
        self.face_rule = [getattr(cls, n) for n in ("easy_face", "normal_face", "tricky_face", "hard_face",
                                                    "expert_face")[:top + 1]]
        self.dot_rule = [getattr(cls, n) for n in ("easy_dot", "normal_dot", "tricky_dot", "hard_dot",
                                                   "expert_dot")[:top + 1]]
        if level >= HARD:
            self.parent = list(range(ne))
            self.par = [0] * ne
            self.members = list(zip(range(ne)))     # (e,): tuples, replaced and never changed
            self.settled = bytearray(ne)
        # tracing: steps and the step behind every edge, fact and class link
        self.steps: list = []
        self.cur = -1
        self.collect = None            # a hint's batch: {"rule", "steps"} (see hint_run)
        if trace:
            self.edge_from = [-1] * ne
            self.al_from, self.am_from = [-1] * npairs, [-1] * npairs
            self.link_from = [[] for _ in range(ne)] if level >= HARD else None
        if marks:
            for e, v in marks:
                self.set(e, v)
            self.changed = False

    def clone(self) -> "Solver":
        """An independent copy of an untraced solver's state (the board is shared)."""
        s = object.__new__(type(self))
        d = s.__dict__
        d.update(self.__dict__)
        for k in ("clues", "st", "fy", "fn", "dy", "dn", "al", "am", "other_end", "read"):
            d[k] = d[k].copy()
        for k in ("qf", "qd", "inf", "ind"):
            d[k] = [x.copy() for x in d[k]]
        if self.level >= HARD:
            for k in ("parent", "par", "members", "settled"):   # members: tuples, replaced, never changed
                d[k] = d[k].copy()
        return s

    def add_clue(self, f: int, c: int) -> None:
        """Give face f the clue c (it had none) and queue it for every level's face rule."""
        self.clues[f] = c
        self.bad += self.fy[f] != c
        for fl, q in zip(self.inf, self.qf):
            if not fl[f]:
                fl[f] = 1
                q.append(f)

    # ---- state changes ------------------------------------------------------------------
    def push(self, lv_from: int, faces, dots) -> None:
        """Queue faces and dots for the rules of levels lv_from and up."""
        inf, ind, qf, qd, clues = self.inf, self.ind, self.qf, self.qd, self.clues
        faces = [f for f in faces if f >= 0 and clues[f] is not None]
        for lv in range(lv_from, self.level + 1):
            if faces:
                fl, q = inf[lv], qf[lv]
                for f in faces:
                    if not fl[f]:
                        fl[f] = 1
                        q.append(f)
            fl, q = ind[lv], qd[lv]
            for d in dots:
                if not fl[d]:
                    fl[d] = 1
                    q.append(d)

    def set(self, e: int, v: int) -> None:
        """Decide edge e (a contradiction if it was decided the other way) and queue the clued
        faces and the dots it touches, at every level (`fast.Closure` queues less: see there)."""
        st = self.st
        s = st[e]
        if s == v:
            return
        if s:
            raise Contradiction
        st[e] = v
        self.unknown -= 1
        self.changed = True
        if self.tracing:
            self.edge_from[e] = self.cur
            if self.cur >= 0:
                self.steps[self.cur]["yes" if v == YES else "no"].append(e)
        b, clues = self.b, self.clues
        a, c = b.edges[e]
        if v == YES:
            fy = self.fy
            for f in b.edge_faces[e]:
                k = clues[f]
                if k is not None:
                    y = fy[f]
                    self.bad += (y == k) - (y + 1 == k)
                    if y >= k:
                        raise Contradiction
                fy[f] += 1
            dy = self.dy
            dy[a] += 1
            dy[c] += 1
            # add the yes edge a-c to the chains (other_end: each chain end -> its other end)
            if dy[a] > 2 or dy[c] > 2:
                raise Contradiction
            chains = self.other_end
            ea, ec = chains.pop(a, a), chains.pop(c, c)
            if ea == c:
                if chains:
                    raise Contradiction
                self.closed = True
            else:
                chains[ea], chains[ec] = ec, ea
            faces = b.yes_faces[e]          # the faces round both dots, then the edge's own
        else:
            fn, dn = self.fn, self.dn
            faces = b.edge_faces[e]
            for f in faces:
                fn[f] += 1
            dn[a] += 1
            dn[c] += 1
        self.push(EASY, faces, (a, c))
        if self.level >= HARD:
            self._settle(e, v)

    def _settle(self, e: int, v: int) -> None:
        """Hard: the first decided edge of its class decides the class (class-decided)."""
        r = self.find(e)
        if not self.settled[r]:
            self.settled[r] = 1
            if len(self.members[r]) > 1:
                self._decide_class(r, (v == YES) ^ self.parity(e), e)

    def fact(self, p: int, least: bool) -> None:
        """Add AL1 (least) or AM1 to pair p; queue its face and dot for the rules above Easy."""
        arr = self.al if least else self.am
        if arr[p]:
            return
        arr[p] = 1
        self.changed = True
        if self.tracing:
            (self.al_from if least else self.am_from)[p] = self.cur
        b = self.b
        self.push(NORMAL, (b.pair_face[p],), (b.pair_dot[p],))

    # ---- classes (Hard) -----------------------------------------------------------------
    # Union-find over the edges, with parity: value(e) = value(root) xor parity(e).  Every
    # rule reads it through `find` (then `parity`) and writes it through `link`.
    def find(self, e: int) -> int:
        """Root of e's class; compresses the path (par[x] becomes x's parity to the root)."""
        parent, par = self.parent, self.par
        r = e
        while parent[r] != r:
            r = parent[r]
        if parent[e] != r:
            path = []
            x = e
            while parent[x] != x:
                path.append(x)
                x = parent[x]
            acc = 0
            for x in reversed(path):
                acc ^= par[x]
                par[x] = acc
                parent[x] = r
        return r

    def parity(self, e: int) -> int:
        """e's parity to its root (after find)."""
        return 0 if self.parent[e] == e else self.par[e]

    def link(self, a: int, b: int, opposite: int) -> bool:
        """Record value(a) xor value(b) == opposite (False: they were in one class already).
        The smaller class joins the larger; the faces and dots of the undecided edges of the
        new class are queued for Hard, and if either class held a decided edge, the new one
        is decided (class-decided)."""
        ra, rb = self.find(a), self.find(b)
        pa, pb = self.parity(a), self.parity(b)
        if ra == rb:
            if pa ^ pb != opposite:
                raise Contradiction
            return False
        members = self.members
        if len(members[ra]) > len(members[rb]):
            ra, rb, pa, pb = rb, ra, pb, pa
        self.parent[ra] = rb
        self.par[ra] = pa ^ pb ^ opposite
        members[rb] = members[rb] + members[ra]     # a new tuple: checkpoints share the old
        members[ra] = ()
        self.changed = True
        if self.tracing:
            self.link_from[rb].extend(self.link_from[ra])
            self.link_from[rb].append(self.cur)
        st, edge_faces, edges = self.st, self.b.edge_faces, self.b.edges
        faces, dots = [], []
        for x in members[rb]:
            if not st[x]:
                faces.extend(edge_faces[x])
                dots.extend(edges[x])
        self.push(HARD, faces, dots)
        if self.settled[ra] or self.settled[rb]:
            known = next(x for x in members[rb] if st[x])
            self.find(known)
            self.settled[rb] = 1
            self._decide_class(rb, (st[known] == YES) ^ self.parity(known), known)
        return True

    def _decide_class(self, r: int, root_val: int, origin: int) -> None:
        """class-decided: decide every member of class r from the root's value."""
        st = self.st
        undecided = [x for x in self.members[r] if not st[x]]
        if not undecided:
            return
        if self.tracing and self.cur >= 0:       # the step that decided the first one decides all
            self.steps[self.cur]["classes"] += 1
        for x in undecided:
            self.find(x)
            self.set(x, YES if root_val ^ self.parity(x) else NO)

    # ---- steps --------------------------------------------------------------------------
    def _step(self, rule, level, faces, dots, edges, deps=(), pairs=(), classes=()) -> int:
        """Open a traced step; returns its index."""
        d = set(x for x in deps if x >= 0)
        for e in edges:
            if self.st[e] and self.edge_from[e] >= 0:
                d.add(self.edge_from[e])
        for p in pairs:
            for arr in (self.al_from, self.am_from):
                if arr[p] >= 0:
                    d.add(arr[p])
        for e in classes:
            d.update(self.link_from[self.find(e)])
        self.steps.append({"rule": rule, "level": level, "faces": tuple(faces), "dots": tuple(dots),
                           "edges": tuple(edges), "deps": sorted(d), "yes": [], "no": [], "al": [], "am": [],
                           "links": [], "classes": 0})
        return len(self.steps) - 1

    def commit(self, rule, level, faces=(), dots=(), edges=(), yes=(), no=(), al=(), am=(), links=(),
               pairs=(), classes=(), note=0) -> None:
        """Apply one firing of a rule (its conclusions), recording it when tracing."""
        collect = self.collect
        if collect is not None and collect["rule"] not in (None, rule):
            return                     # a hint's batch: only its own rule goes on
        st = self.st
        if not links and not _adds(st, yes, no, self.al, al, self.am, am):     # the firing adds nothing
            for e in yes:
                if st[e] == NO:
                    raise Contradiction
            for e in no:
                if st[e] == YES:
                    raise Contradiction
            return
        for f in faces:
            self.read[f] = 1
        self.steps_done += 1
        if self.tracing:
            self.cur = self._step(rule, level, faces, dots, edges, (), pairs, classes)
        for p in al:
            self.fact(p, True)
        for p in am:
            self.fact(p, False)
        for a, c, o in links:
            self.link(a, c, o)
        for e in yes:
            self.set(e, YES)
        for e in no:
            self.set(e, NO)
        if self.tracing:
            step = self.steps[self.cur]
            step["al"], step["am"], step["links"], step["note"] = list(al), list(am), list(links), note
            self.cur = -1
            if self.collect is not None and (step["yes"] or step["no"]):
                self.collect["rule"] = rule
                self.collect["steps"].append(len(self.steps) - 1)

    # ---- Easy ---------------------------------------------------------------------------
    def easy_face(self, f: int) -> None:
        c, st = self.clues[f], self.st
        es = self.b.face_edges[f]
        k, y, n = len(es), self.fy[f], self.fn[f]
        u = k - y - n
        if y > c or n > k - c:
            raise Contradiction
        if not u:
            return
        if y == c:
            self.commit("face-full", EASY, (f,), (), es, no=[e for e in es if not st[e]])
        elif n == k - c:
            self.commit("face-needs-all", EASY, (f,), (), es, yes=[e for e in es if not st[e]])
        elif n == k - c - 1 and u > 2:
            und = [e for e in es if not st[e]]
            ds, dy = self.b.faces[f], self.dy
            for i in range(k):
                a, e = es[i - 1], es[i]
                if not st[a] and not st[e] and dy[ds[i]]:
                    self.commit("face-one-no-left", EASY, (f,), (ds[i],), es + self.b.dot_edges[ds[i]],
                                yes=[x for x in und if x != a and x != e])
                    return

    def easy_dot(self, d: int) -> None:
        y = self.dy[d]
        u = self.b.dot_deg[d] - y - self.dn[d]
        if u > 1 and y < 2:
            return                   # nothing fires, nothing is wrong (the common case)
        if y > 2 or (y == 1 and u == 0):
            raise Contradiction
        if not u:
            return
        st, es = self.st, self.b.dot_edges[d]
        if y == 2:
            self.commit("dot-full", EASY, (), (d,), es, no=[e for e in es if not st[e]])
        elif u == 1:
            e = next(e for e in es if not st[e])
            if y == 1:
                self.commit("dot-continue", EASY, (), (d,), es, yes=(e,))
            else:
                self.commit("dot-dead-end", EASY, (), (d,), es, no=(e,))

    def loop_rule(self) -> str | None:
        """§ loop rule: solved, ambiguous, or short loops ruled out (None: go on)."""
        st, b = self.st, self.b
        if self.closed:
            if self.bad:
                raise Contradiction
            self.commit("loop-closed", EASY, (), (), (), no=[e for e in range(b.n_edges) if not st[e]])
            return SOLVED
        ends = self.other_end
        alone = len(ends) == 2
        cands = []
        for x, z in ends.items():
            if x < z:
                e = b.between.get((x, z))
                if e is not None and not st[e]:
                    cands.append(e)
        for e in cands:
            if alone:
                self.loop_checks += 1
                bad = self.bad
                for f in b.edge_faces[e]:
                    c = self.clues[f]
                    if c is not None:
                        bad += (self.fy[f] == c) - (self.fy[f] + 1 == c)
                if bad == 0:          # one chain; closing it would meet every clue
                    return AMBIGUOUS if self.ambiguity_stop else None
        for e in cands:
            chain = self._chain(e) if self.tracing else ()
            self.commit("loop-too-short", EASY, self._unmet(e) if alone else (), b.edges[e], chain, no=(e,))
        return None

    def _unmet(self, e: int) -> tuple:
        """The clued faces that closing the one chain by edge e would leave unmet: what
        loop-too-short reads then (`fast.Closure` counts them as read; here, nothing)."""
        return ()

    def _chain(self, e: int) -> tuple:
        """The yes edges of the chain whose ends edge e joins (for a hint's `because`)."""
        b, st = self.b, self.st
        start, goal = b.edges[e]
        out, prev, d = [], -1, start
        while d != goal:
            nxt = next(x for x in b.dot_edges[d] if st[x] == YES and x != prev)
            out.append(nxt)
            a, c = b.edges[nxt]
            d, prev = (c if a == d else a), nxt
        return tuple(out)

    # ---- Normal -------------------------------------------------------------------------
    def normal_dot(self, d: int) -> None:
        dy, dn, b = self.dy, self.dn, self.b
        deg = b.dot_deg[d]
        y = dy[d]
        u = deg - y - dn[d]
        if u == deg and u > 2:
            return                           # no yes, no no, u > 2: nothing can fire
        st, al, am = self.st, self.al, self.am
        tracing = self.tracing or self.collect is not None
        for p, x, z in b.dot_pe[d]:
            sx, sz = st[x], st[z]
            if not sx and not sz:            # a pair of undecided edges: the dot's counts
                y = dy[d]
                u = deg - y - dn[d]
                if y == 0 and u == 2:
                    if am[p]:
                        self.commit("dot-last-pair", NORMAL, (), (d,), b.dot_edges[d], no=(x, z), pairs=(p,))
                    elif al[p]:
                        self.commit("dot-last-pair", NORMAL, (), (d,), b.dot_edges[d], yes=(x, z), pairs=(p,))
                elif y == 1:
                    if not am[p] or (u == 2 and not al[p]):
                        self.commit("pair-from-dot", NORMAL, (), (d,), b.dot_edges[d], am=(p,),
                                    al=(p,) if u == 2 else ())
            elif sx and sz:                  # both decided: the facts only
                if (sx == NO or sz == NO) and not am[p]:
                    self._dot_fact(d, x, z, p, False, tracing)
                if (sx == YES or sz == YES) and not al[p]:
                    self._dot_fact(d, x, z, p, True, tracing)
            elif sx == NO or sz == NO:       # one no, the other undecided
                if not am[p]:
                    self._dot_fact(d, x, z, p, False, tracing)
                if al[p]:
                    self.commit("pair-at-dot", NORMAL, (), (d,), (x, z), yes=(z if sx else x,), pairs=(p,))
            else:                            # one yes, the other undecided
                if not al[p]:
                    self._dot_fact(d, x, z, p, True, tracing)
                if am[p]:
                    self.commit("pair-at-dot", NORMAL, (), (d,), (x, z), no=(z if sx else x,), pairs=(p,))

    def _dot_fact(self, d: int, x: int, z: int, p: int, least: bool, tracing: bool) -> None:
        """pair-from-dot on a pair with a decided edge; untraced, its commit is the step and the fact."""
        if tracing:
            self.commit("pair-from-dot", NORMAL, (), (d,), (x, z), al=(p,) if least else (),
                        am=() if least else (p,))
        else:
            self.steps_done += 1
            self.fact(p, least)

    def arcs(self, f: int):
        """Per position j of face f: single-edge (lo, hi) and block (j, j+1) (lo, hi)."""
        st, al, am = self.st, self.al, self.am
        es, cs = self.b.face_edges[f], self.b.face_corner[f]
        k = len(es)
        l1 = [1 if st[e] == YES else 0 for e in es]
        h1 = [0 if st[e] == NO else 1 for e in es]
        l2, h2 = [], []
        for j in range(k):
            j1 = j + 1 - k           # position j + 1 round the face (a negative index)
            lo, hi = l1[j] + l1[j1], h1[j] + h1[j1]
            p = cs[j1]
            if hi == 2 and am[p]:
                hi = 1
            if not lo and al[p]:
                lo = 1
            l2.append(lo)
            h2.append(hi)
        return l1, h1, l2, h2

    def _gain_loss(self, f: int) -> tuple[int, int]:
        """Corners of face f that raise a block's lo (AL1, no yes edge) and that lower its hi
        (AM1, no no edge).  A rest's lo is its yes edges plus at most the first count (a cut's
        lo-sum is its edges' yes count plus its blocks that are raised), its hi its edges that
        are not no minus at most the second: the screens of face-arc and corner-from-face."""
        st, al, am = self.st, self.al, self.am
        g = l = 0
        for a, e, p in self.b.face_ce[f]:
            if al[p] and st[a] != YES and st[e] != YES:
                g += 1
            if am[p] and st[a] != NO and st[e] != NO:
                l += 1
        return g, l

    def normal_face(self, f: int) -> None:
        b, st = self.b, self.st
        es = b.face_edges[f]
        k, c = len(es), self.clues[f]
        y, n = self.fy[f], self.fn[f]
        if y + n == k:
            return
        if k == 4 and c <= 4:               # by table (_arc4): the same firings, in the same order
            al, am, cs = self.al, self.am, b.face_corner[f]
            i = -1
            while True:
                i, a = _arc4_next(1, c, st, al, am, es, cs, i + 1)
                if not a:
                    return
                if a == 3:
                    raise Contradiction
                if a == 1:
                    self.commit("face-arc", NORMAL, (f,), (), es, no=(es[i],), pairs=cs)
                else:
                    self.commit("face-arc", NORMAL, (f,), (), es, yes=(es[i],), pairs=cs)
        # the rest of an undecided edge has y <= lo <= y + g and k-n-1-l <= hi <= k-n-1
        g, l = self._gain_loss(f)
        if y + g < c and k - n - 1 - l > c - 1:
            return                        # no rest reaches lo = c or hi = c - 1
        lo, hi = rest_bounds(*self.arcs(f), 1)
        for i in range(k):
            e = es[i]
            if st[e]:
                continue
            if lo[i] > c or hi[i] < c - 1:
                raise Contradiction
            if lo[i] == c:
                self.commit("face-arc", NORMAL, (f,), (), es, no=(e,), pairs=b.face_corner[f])
                lo, hi = rest_bounds(*self.arcs(f), 1)
            elif hi[i] == c - 1:
                self.commit("face-arc", NORMAL, (f,), (), es, yes=(e,), pairs=b.face_corner[f])
                lo, hi = rest_bounds(*self.arcs(f), 1)

    # ---- Tricky -------------------------------------------------------------------------
    def tricky_face(self, f: int) -> None:
        b = self.b
        es = b.face_edges[f]
        k = len(es)
        y, n = self.fy[f], self.fn[f]          # (the rule adds facts only: these stay)
        if k - y - n < 2:
            return                           # no corner of two undecided edges
        st, al, am, cs, c = self.st, self.al, self.am, b.face_corner[f], self.clues[f]
        if k == 4 and c <= 4:               # by table (_arc4): the same firings, in the same order
            i = -1
            while True:
                i, a = _arc4_next(2, c, st, al, am, es, cs, i + 1)
                if not a:
                    return
                p = cs[i]
                self.commit("corner-from-face", TRICKY, (f,), (), es, am=(p,) if a & 1 else (),
                            al=(p,) if a & 2 else (), pairs=cs)
        fresh, lo, hi = True, None, None
        for i, (a, e, p) in enumerate(b.face_ce[f]):
            if st[a] or st[e] or (al[p] and am[p]):
                continue
            if fresh:
                # the rest of an undecided corner: y <= lo <= y + g, k-n-2-l <= hi <= k-n-2;
                # where that settles lo > c - 2 or hi < c for every corner, no table is needed
                g, l = self._gain_loss(f)
                many = True if y > c - 2 else False if y + g <= c - 2 else None
                few = True if k - n - 2 < c else False if k - n - 2 - l >= c else None
                if many is None or few is None:
                    lo, hi = rest_bounds(*self.arcs(f), 2)
                fresh = False
            if many is None:
                get_am = lo[i] > c - 2 and not am[p]
            else:
                get_am = many and not am[p]
            if few is None:
                get_al = hi[i] < c and not al[p]
            else:
                get_al = few and not al[p]
            if get_am or get_al:
                self.commit("corner-from-face", TRICKY, (f,), (), es, am=(p,) if get_am else (),
                            al=(p,) if get_al else (), pairs=cs)
                fresh = True            # (the fact changes the bounds)

    def tricky_dot(self, d: int) -> None:
        b = self.b
        u = b.dot_deg[d] - self.dy[d] - self.dn[d]
        if u < 2:
            return                   # both rules start from a pair of undecided edges
        st, al, am, ps, pe, opp = self.st, self.al, self.am, b.dot_pairs[d], b.pair_edges, b.pair_opp
        for p in ps:
            if not al[p]:
                continue
            x, z = pe[p]
            if st[x] or st[z]:
                continue
            others = [q for q, _a, _c in opp[p] if not am[q]]
            if others:
                self.commit("opposite-pairs", TRICKY, (), (d,), (x, z), am=others, pairs=(p,))
            if am[p] and self.dy[d] == 0:
                es = b.dot_edges[d]
                und = [e for e in es if not st[e] and e != x and e != z]
                if len(und) == 1:
                    self.commit("exactly-one", TRICKY, (), (d,), es, yes=und, pairs=(p,))
                elif len(und) == 2:
                    u0, u1 = und
                    for q in ps:
                        a, c = pe[q]
                        if (a == u0 and c == u1 or a == u1 and c == u0) and not al[q]:
                            self.commit("exactly-one", TRICKY, (), (d,), es, al=(q,), pairs=(p,))
                            break

    # ---- Hard ---------------------------------------------------------------------------
    def _parity(self, rule, faces, dots, es, und, p) -> None:
        """face-parity, dot-parity on undecided edges `und` whose yes count has parity p."""
        u = len(und)
        if u == 2:
            self.commit(rule, HARD, faces, dots, es, links=((und[0], und[1], p),), note=2)
            return
        if u > 4:
            return
        roots = [self.find(e) for e in und]
        if len(set(roots)) == u:
            return                  # no two in one class
        for i in range(u):
            for j in range(i + 1, u):
                if roots[i] != roots[j]:
                    continue
                rel = self.parity(und[i]) ^ self.parity(und[j])      # 0 equal, 1 opposite
                rest = [und[t] for t in range(u) if t != i and t != j]
                if u == 3:
                    val = p ^ rel
                    self.commit(rule, HARD, faces, dots, es, yes=rest if val else (),
                                no=() if val else rest, classes=(und[i],), note=3)
                else:
                    if self.find(rest[0]) == self.find(rest[1]):
                        continue
                    self.commit(rule, HARD, faces, dots, es, links=((rest[0], rest[1], p ^ rel),),
                                classes=(und[i],), note=4)
                return

    def hard_face(self, f: int) -> None:
        es = self.b.face_edges[f]
        k, y, n = len(es), self.fy[f], self.fn[f]
        if y + n == k:
            return
        st, c = self.st, self.clues[f]
        und = [e for e in es if not st[e]]
        if y == c - 1 or n == k - c - 1:
            seen: dict = {}
            for e in und:
                r = self.find(e)
                key = (r, self.parity(e))
                if key in seen:
                    twins = (seen[key], e)
                    if y == c - 1:
                        self.commit("linked-twins", HARD, (f,), (), es, no=twins, classes=(e,))
                    else:
                        self.commit("linked-twins", HARD, (f,), (), es, yes=twins, classes=(e,))
                    return
                seen[key] = e
        self._parity("face-parity", (f,), (), es, und, (c - y) & 1)

    def hard_dot(self, d: int) -> None:
        b, st = self.b, self.st
        y = self.dy[d]
        u = b.dot_deg[d] - y - self.dn[d]
        if u < 2:
            return                   # both rules need two undecided edges
        es = b.dot_edges[d]
        und = [e for e in es if not st[e]]
        if u <= 4:                   # (dot-parity has nothing to say on more)
            self._parity("dot-parity", (), (d,), es, und, y & 1)
        al, am = self.al, self.am
        for p, x, z in b.dot_pe[d]:
            if st[x] or st[z]:
                continue
            if self.find(x) == self.find(z):
                if self.parity(x) != self.parity(z) and not (al[p] and am[p]):
                    self.commit("pair-link", HARD, (), (d,), (x, z), al=(p,), am=(p,), classes=(x,))
            elif al[p] and am[p]:
                self.commit("pair-link", HARD, (), (d,), (x, z), links=((x, z, 1),), pairs=(p,))

    # ---- Expert (this project's first solver's extra rules) -------------------------------
    def _taken(self, es, cs, arr):
        """Disjoint undecided corners with a fact, greedy round the face."""
        st = self.st
        n = len(es)
        ok = [not st[es[i - 1]] and not st[es[i]] and arr[cs[i]] for i in range(n)]
        start = next((i for i in range(n) if not ok[i]), 0)
        used: set = set()
        for j in range(n):
            i = (start + j) % n
            if ok[i] and es[i - 1] not in used and es[i] not in used:
                used.add(es[i - 1])
                used.add(es[i])
        return len(used) // 2, used

    def _rest(self, faces, dots, es, rest, lo, hi, ps, p) -> None:
        """The undecided edges `rest` hold between lo and hi yes edges."""
        n = len(rest)
        if hi < 0 or lo > n or lo > hi:
            raise Contradiction
        if hi == 0 and n:
            self.commit("rest-bound", EXPERT, faces, dots, es, no=rest, pairs=(p,))
        elif lo == n and n:
            self.commit("rest-bound", EXPERT, faces, dots, es, yes=rest, pairs=(p,))
        elif hi == 1 or lo == n - 1:
            inside = set(rest)
            pe = self.b.pair_edges
            sel = [q for q in ps if pe[q][0] in inside and pe[q][1] in inside]
            self.commit("rest-bound", EXPERT, faces, dots, es, am=sel if hi == 1 else (),
                        al=sel if lo == n - 1 else (), pairs=(p,))

    def _groups(self, rule, faces, dots, es, need, ps) -> None:
        """Class counting, class parity and pair-class on a face or dot."""
        st = self.st
        und = [e for e in es if not st[e]]
        u = len(und)
        if u < 2:
            return
        classes: dict = {}
        for e in und:
            r = self.find(e)
            classes.setdefault(r, [[], []])[self.parity(e)].append(e)
        for r, (zero, one) in classes.items():
            if len(zero) > need:          # all of `zero` yes would be too many
                self.commit("class-count", EXPERT, faces, dots, es, no=zero, classes=(zero[0],))
                return
            if len(one) > need:
                self.commit("class-count", EXPERT, faces, dots, es, no=one, classes=(one[0],))
                return
        if u <= 4:
            odd = [r for r, (z, o) in classes.items() if (len(z) + len(o)) % 2]
            const = (need + sum(len(o) for _z, o in classes.values())) % 2
            # sum over classes of (root value * |zero| + (1 - root) * |one|) == need (mod 2)
            if not odd and const:
                raise Contradiction
            if len(odd) == 1:
                z, o = classes[odd[0]]
                e = (z + o)[0]
                root_val = const          # sum over odd classes of their root values == const
                edge_val = root_val ^ self.parity(e)
                self.commit("class-parity", EXPERT, faces, dots, es, yes=(e,) if edge_val else (),
                            no=() if edge_val else (e,), classes=tuple(x[0][0] if x[0] else x[1][0]
                                                                      for x in classes.values()))
                return
            if len(odd) == 2:
                e1 = (classes[odd[0]][0] + classes[odd[0]][1])[0]
                e2 = (classes[odd[1]][0] + classes[odd[1]][1])[0]
                # r1 + r2 == const (mod 2), and e_i = r_i ^ parity(e_i)
                rel = const ^ self.parity(e1) ^ self.parity(e2)
                if self.find(e1) != self.find(e2):
                    self.commit("class-parity", EXPERT, faces, dots, es, links=((e1, e2, rel),),
                                classes=tuple(x[0][0] if x[0] else x[1][0] for x in classes.values()))
                    return
        al, am, pe = self.al, self.am, self.b.pair_edges
        for p in ps:
            x, z = pe[p]
            if st[x] or st[z]:
                continue
            if self.find(x) == self.find(z) and self.parity(x) == self.parity(z):
                if al[p]:
                    self.commit("pair-class", EXPERT, faces, dots, es, yes=(x, z), pairs=(p,), classes=(x,))
                elif am[p]:
                    self.commit("pair-class", EXPERT, faces, dots, es, no=(x, z), pairs=(p,), classes=(x,))

    def expert_face(self, f: int) -> None:
        b, st, al, am = self.b, self.st, self.al, self.am
        es, cs = b.face_edges[f], b.face_corner[f]
        k = self.clues[f] - self.fy[f]
        und = [e for e in es if not st[e]]
        u = len(und)
        if u < 2:
            return
        if k == 1 or k == u - 1:
            sel = [cs[i] for i in range(len(es)) if not st[es[i]] and not st[es[i - 1]]]
            if k == 1 and any(not am[p] for p in sel):
                self.commit("face-pair-need", EXPERT, (f,), (), es, am=sel)
            if k == u - 1 and any(not al[p] for p in sel):
                self.commit("face-pair-need", EXPERT, (f,), (), es, al=sel)
        for arr, least in ((am, False), (al, True)):
            m, used = self._taken(es, cs, arr)
            if not m:
                continue
            if least:
                if m > k:
                    raise Contradiction
                if m == k:
                    self.commit("face-pair-count", EXPERT, (f,), (), es,
                                no=[e for e in und if e not in used], pairs=cs)
            else:
                if u - m < k:
                    raise Contradiction
                if u - m == k:
                    self.commit("face-pair-count", EXPERT, (f,), (), es,
                                yes=[e for e in und if e not in used], pairs=cs)
        k = self.clues[f] - self.fy[f]
        for i, p in enumerate(cs):
            a, e = es[i - 1], es[i]
            if not (al[p] or am[p]) or st[a] or st[e]:
                continue
            rest = [x for x in es if not st[x] and x != a and x != e]
            lo, hi = max(k - 2, 0), k
            if am[p]:
                lo = max(lo, k - 1)
            if al[p]:
                hi = k - 1
            self._rest((f,), (), es, rest, lo, hi, cs, p)
        self._groups("class-count", (f,), (), es, self.clues[f] - self.fy[f], cs)

    def expert_dot(self, d: int) -> None:
        b, st, al, am = self.b, self.st, self.al, self.am
        es, ps = b.dot_edges[d], b.dot_pairs[d]
        y = self.dy[d]
        u = len(es) - y - self.dn[d]
        if y == 1 and u > 2:
            for p in ps:
                x, z = b.pair_edges[p]
                if al[p] and not st[x] and not st[z]:
                    self.commit("rest-bound", EXPERT, (), (d,), es,
                                no=[e for e in es if not st[e] and e != x and e != z], pairs=(p,))
                    return
        if y == 0 and u >= 3:
            for p in ps:
                x, z = b.pair_edges[p]
                if not al[p] or st[x] or st[z]:
                    continue
                rest = [e for e in es if not st[e] and e != x and e != z]
                self._rest((), (d,), es, rest, 1 if am[p] else 0, 1, ps, p)
        if y < 2 and u >= 2:
            self._groups("class-count", (), (d,), es, 2 - y, ps)

    # ---- driver -------------------------------------------------------------------------
    def fixpoint(self) -> None:
        """Apply the rules, cheapest level first, until no rule adds anything.

        A turn takes one dot (else one face) from the queues of level lv and applies that
        level's rule to it; a change made above Easy goes back to Easy; when both queues of
        lv are empty the turn moves on to lv + 1 (a turn too, for the watch's count).
        """
        lv, top = 0, self.level
        qf, qd, inf, ind = self.qf, self.qd, self.inf, self.ind
        face_rule, dot_rule, watch = self.face_rule, self.dot_rule, self.watch
        left = -1 if watch is None else watch.left     # turns until the watch is called
        while lv <= top:
            dq, dfl, drule = qd[lv], ind[lv], dot_rule[lv]
            fq, ffl, frule = qf[lv], inf[lv], face_rule[lv]
            back = lv > 0              # a change here sends the loop back to Easy
            while True:
                if not left:
                    left = watch(self)
                left -= 1
                if dq:
                    d = dq.pop()
                    dfl[d] = 0
                    self.changed = False
                    drule(self, d)
                elif fq:
                    f = fq.pop()
                    ffl[f] = 0
                    self.changed = False
                    frule(self, f)
                else:
                    lv += 1
                    break
                if back and self.changed:
                    lv = 0
                    break
        if watch is not None:
            watch.left = left

    def run(self) -> str:
        """Deduce until solved, stuck, ambiguous or contradictory."""
        try:
            while True:
                self.fixpoint()
                if not self.unknown and not self.closed:
                    return CONTRADICTION
                n = self.steps_done
                verdict = self.loop_rule()
                if verdict is not None:
                    return verdict
                if self.steps_done == n:
                    return STUCK
        except Contradiction:
            return CONTRADICTION


def hint_run(board: Board, clues, level: int, marks) -> tuple[Solver, list[int]]:
    """From marks [(edge, YES|NO)], the first edge-deciding rule at this level, and every edge
    that this rule alone then forces (the other rules are set aside once it has fired):
    (solver with its traced steps, indices of the batch's deciding steps; empty when this
    level decides nothing)."""
    s = Solver(board, clues, level, trace=True, marks=marks)
    s.collect = {"rule": None, "steps": []}
    s.run()
    return s, s.collect["steps"]


def solve(board: Board, clues, level: int) -> tuple[str, list[int]]:
    """Solve at a level: (verdict, edge states)."""
    s = Solver(board, clues, level)
    verdict = s.run()
    return verdict, s.st


def grade(board: Board, clues) -> tuple[str, Solver | None]:
    """(lowest level name that solves the clues, or "beyond"; that level's finished solver)."""
    for lv in range(len(LEVELS)):
        s = Solver(board, clues, lv)
        if s.run() == SOLVED:
            return LEVELS[lv], s
    return "beyond", None
