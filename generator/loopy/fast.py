"""The rule book of `solver`, run faster: `Closure` for clue thinning, `Quick` for the rest.

`generate.Halving` grows states by the hundred and needs only where each ends (the closure of
Easy … Hard), never the order of the firings nor a trace.  `Closure` is `solver.Solver` with
the methods it can do with less work overridden; each override reaches what the rule it
replaces reaches.  `Quick` makes the rule book's own firings in its own order, untraced, with
the state changes every firing goes through written out: generation's solves above Hard (whose
rules are not known to be order-free) and the grading of a link use it.  Both are checked
against `Solver` method by method (tests/test_loopy_fast.py).  The readable rules are in
`solver`: read them first; this module only says how the same results are reached faster.
"""

from __future__ import annotations

from generator.loopy.board import Board
from generator.loopy.solver import (HARD, LEVELS, NO, NORMAL, SOLVED, TRICKY, YES, Contradiction, Solver, _arc4_next,
                                    rest_bounds)


class Closure(Solver):
    """The closure of a level's rules (Easy … Hard) reached with less work: for clue thinning.

    Easy … Hard only add facts given facts, so their closure — the state a run ends in, short
    of the loop rule's ambiguity stop, which is off here — does not depend on the order the
    rules fire in (generate.Halving relies on it).  That leaves room for shortcuts that
    change the order, and which facts on decided pairs are written, but no decided edge:

    * a decided edge queues a dot for Easy's dot rules only if one fires there (one undecided
      edge left, or two yes edges and some undecided; after a no edge only the first: a dot
      with two yes edges and some undecided is queued already), and a face for Easy's face
      rules only if one may fire there: face-full at its c-th yes edge, face-needs-all and
      face-one-no-left from its (k - c - 1)-th no edge, face-one-no-left round a dot getting
      its first yes edge (it reads whether a corner's dot has one), on faces that many no
      edges from their last (`fno`);
    * a dot of degree 2 (hat and Spectre grids have many: their tiles' straight sides are cut
      by the neighbours' corners) makes its two edges equal by dot-continue and dot-dead-end,
      so deciding one decides its whole run at once (`Board.runs`: the edges joined through
      such dots), counts and queueing done once for the run, and the dot is never queued:
      with both its edges decided, the only rule that still fires there adds pair facts;
    * pair-from-dot's facts on a pair with a decided edge are never written, nor
      opposite-pairs' AM1 on a pair with a no edge: AL1 beside a yes edge and AM1 beside a no
      edge say what the edge says already.  Every rule that reads a pair fact reads it on a
      pair of undecided edges, or as AL1 on a pair with no yes edge, or AM1 with no no edge
      (pair-at-dot, the arc bounds and their screens), and such a fact never comes from
      those sources;
    * so a dot with fewer than two undecided edges has nothing left at Normal once Easy's rules
      are done (Easy decides the last one; a decided edge queues it there only above that), and
      a dot with two undecided edges nothing at Tricky (exactly-one wants a third; the opposite pairs of
      their pair are of decided edges, not two yes edges once Easy is done, so each has a no
      edge);
    * a rule of a level runs only when the queues below it are empty, so nothing below can
      fire: on a dot with two undecided edges Hard's dot rules are dot-parity alone (pair-link
      on the pair of the two, linked opposite, would add the facts pair-from-dot has given
      it), and where the undecided edges of a face or dot are all in different classes Hard
      has only face- or dot-parity on two and pair-link's link of an AL1-and-AM1 pair;
    * above Easy no face rule reads a dot's count, so a decided edge queues only its own
      faces there;
    * above Easy a dot with fewer than two undecided edges, or a face with none, is passed
      over when its turn comes (no rule there fires on it once Easy's are done; most such
      dots were queued with two and finished by Easy meanwhile);
    * face- and dot-parity on two undecided edges already in one class do not commit the
      link again (it adds nothing; the other parity is still a contradiction);
    * a link that joins two classes queues for Hard only the faces and dots of the smaller
      class's undecided edges: every Hard rule that reads classes fires on two undecided edges
      of one class, and the only new such twos hold one edge of each, so a face or dot with
      no edge of the smaller class sees its undecided edges classed as before;
    * a decided edge queues a face or dot above Normal only if a rule there can still fire
      on it: Tricky's and Hard's rules all start from two undecided edges of it, Hard's face
      rules from a face with at most 4 undecided edges, or one needing one more yes or one
      more no, and of Tricky's dot rules only exactly-one reads edges so that a decided one
      can make it fire, at a dot without a yes edge, by a no (later changes queue them again
      when they get there);
    * a new pair fact queues only the rules that read it so that it can make them fire:
      pair-at-dot (the pair has one decided edge) and dot-last-pair (its two edges are the
      last undecided ones of a dot without a yes edge) — pair-from-dot only stops for a fact
      that is there —, the face rules of Normal and Tricky (the arc bounds), Tricky's dot
      rules if the pair has AL1 (both start from an AL1 pair; AM1 elsewhere only stops
      opposite-pairs), Hard's pair-link if the pair has both (Hard's face rules read no pair
      fact);
    * corner-from-face works out the rest bounds of a face of more than 4 sides once per
      visit, not again after each corner it gives a fact: bounds from fewer facts are weaker,
      never wrong (so what they give is in the closure), and the new fact queues the face
      again for what they miss (4-sided faces read a table, `_arc4`, as the plain solver does);
    * its clues are always some of one loop's clues (thinning's), and every rule is sound, so
      each firing agrees with that loop and no contradiction can come up: `set` (`_decide`)
      and `_easy` do not look for one (the plain Solver does; thinning's result is checked
      against the loop), and
      an unclued face's queue flags are kept set, so queueing a face needs no look at its clue
      (`add_clue` queues the face it gives a clue to).

    The methods here override `Solver`'s one for one, each where the shortcuts above (or just
    fewer calls) make it cheaper, and each is tested to reach the closure its reference in
    `Solver` reaches (tests/test_loopy_fast.py swaps each one back in turn).  `set` decides a
    firing's edges with their runs in one call (`_decide`); Easy's face and dot rules, which
    make most of any level's firings, are written out in one loop (`_easy`, with `_decide`
    written out in it), where a call and a commit per firing would cost more than the firing.
    Above Easy a rule fires by `set`, `fact` and `link` directly, not by `commit`: nothing is
    traced here, so a firing is its conclusions, the step count and (for a face rule) its face
    marked read.  Union-find is inlined where a rule looks up many edges (`find(e)` changes
    nothing when e is a root or a root's child, the common case: then the root is parent[e]
    and the parity par[e]).

    It also counts as read (`Solver.read`) the clues that loop-too-short reads when one chain
    holds every yes edge: the edge is no because closing the chain would leave a clue unmet,
    so the firing stands as long as one of the unmet clues is there (Halving's core
    refinement needs that).

    The edges decided, and so whether the clues are solved, are those of `Solver`: the tests
    compare the two on every tiling and level.  Not for Expert (its extra rules are not known
    to be order-free), hints (whose traces show an order) or grading.
    """

    ambiguity_stop = False

    def __init__(self, board: Board, clues, level: int):
        if level > HARD:
            raise ValueError("Closure is for Easy … Hard")
        super().__init__(board, clues, level)
        for fl in self.inf:                 # an unclued face is never queued: its flag says it is
            for f, c in enumerate(self.clues):
                if c is None:
                    fl[f] = 1
        # per face, the no edges from which face-needs-all or face-one-no-left may fire (k - c - 1;
        # an unclued face: never), so that Easy queues a face only where one of its rules may
        self.fno = [1 << 20 if c is None else k - c - 1 for k, c in zip(board.face_size, self.clues)]
        self._bind()

    def _bind(self) -> None:
        """What `_decide` reads, in one tuple (unpacked in one go: it runs once per set)."""
        b, inf, qf, ind, qd = self.b, self.inf, self.qf, self.ind, self.qd
        self.ctx = (self.st, self.clues, self.fy, self.fn, self.dy, self.dn, inf, qf, ind, qd,
                    inf[0], qf[0], ind[0], qd[0], b.runs, b.run_ends, b.run_inner, b.edge_faces,
                    b.dot_faces, b.face_size, b.dot_deg, self.level, self.fno)

    def clone(self) -> "Closure":
        """Solver.clone, with `_decide`'s tuple made of the copy's own lists."""
        s = super().clone()
        s.fno = s.fno.copy()
        s._bind()
        return s

    def add_clue(self, f: int, c: int) -> None:
        """Give face f the clue c (it had none: its flags are set, see __init__) and queue it
        for every level's face rule."""
        self.clues[f] = c
        self.bad += self.fy[f] != c
        self.fno[f] = self.b.face_size[f] - c - 1
        for q in self.qf:
            q.append(f)

    def set(self, e: int, v: int) -> None:
        """Decide edge e, queueing only where a rule can fire (see the class)."""
        if not self.st[e]:
            self._decide((e,), v)

    def _decide(self, es, v: int) -> None:
        """Decide the undecided edges of es to v, each with its whole run (`Board.runs`), with
        the counts, chains and queueing of every level (`_easy` writes this out)."""
        st, clues, fy, fn, dy, dn, inf, qf, ind, qd, fl0, q0, dl0, dq0, runs, run_ends, run_inner, \
            edge_faces, dot_faces, size, deg, top, fno = self.ctx
        self.changed = True
        for e in es:
            if st[e]:
                continue
            run = runs[e]
            if run is None:
                st[e] = v
                m = 1
            else:
                for x in run:
                    st[x] = v
                m = len(run)
                cnt = dy if v == YES else dn
                for x in run_inner[e]:
                    cnt[x] = 2
            self.unknown -= m
            ends = run_ends[e]
            a, c = ends
            own = edge_faces[e]
            if v == YES:
                for f in own:
                    y = fy[f] + m
                    fy[f] = y
                    if y == clues[f]:              # Easy: where one of its face rules may fire
                        self.bad -= 1              # (see _easy)
                        if not fl0[f]:
                            fl0[f] = 1
                            q0.append(f)
                ya = dy[a] = dy[a] + 1
                yc = dy[c] = dy[c] + 1
                chains = self.other_end
                ea, ec = chains.pop(a, a), chains.pop(c, c)
                if ea == c:
                    self.closed = True
                else:
                    chains[ea], chains[ec] = ec, ea
                if ya == 1:
                    for f in dot_faces[a]:
                        if fn[f] == fno[f] and not fl0[f]:
                            fl0[f] = 1
                            q0.append(f)
                if yc == 1:
                    for f in dot_faces[c]:
                        if fn[f] == fno[f] and not fl0[f]:
                            fl0[f] = 1
                            q0.append(f)
            else:
                for f in own:
                    n = fn[f] + m
                    fn[f] = n
                    if n >= fno[f] and not fl0[f]:
                        fl0[f] = 1
                        q0.append(f)
                dn[a] += 1
                dn[c] += 1
            if top:
                for f in own:
                    fl = inf[1]
                    if not fl[f]:
                        fl[f] = 1
                        qf[1].append(f)
                    if top > NORMAL:
                        cl = clues[f]
                        if cl is None:
                            continue
                        k, y, n = size[f], fy[f], fn[f]
                        u = k - y - n
                        if u > 1:
                            fl = inf[2]
                            if not fl[f]:
                                fl[f] = 1
                                qf[2].append(f)
                            if top > TRICKY and (u < 5 or y == cl - 1 or n == k - cl - 1):
                                fl = inf[3]
                                if not fl[f]:
                                    fl[f] = 1
                                    qf[3].append(f)
            for d in ends:
                y = dy[d]
                u = deg[d] - y - dn[d]
                if not dl0[d] and (u == 1 or (u and y == 2)):      # only where an Easy dot rule fires
                    dl0[d] = 1
                    dq0.append(d)
                if top and u > 1:              # (Normal's dot rules: nothing below two undecided
                    fl = ind[1]                # edges, once Easy's are done)
                    if not fl[d]:
                        fl[d] = 1
                        qd[1].append(d)
                    if top > NORMAL:
                        if v == NO and not y:
                            fl = ind[2]
                            if not fl[d]:
                                fl[d] = 1
                                qd[2].append(d)
                        if top > TRICKY:
                            fl = ind[3]
                            if not fl[d]:
                                fl[d] = 1
                                qd[3].append(d)
            if top >= HARD:
                for x in run or (e,):
                    self._settle(x, v)

    def _easy(self) -> None:
        """Easy's face and dot rules (easy_face, easy_dot) until their queues are empty, written
        out in one loop, with `_decide` written out in it too (the same changes and queueing):
        most of any level's firings are these, and a call per firing cost more than the firing.
        Measured: with `self._decide(es, v)` in place of the written-out loop, Easy generation
        took about 10% longer (`python bench/loopy.py --sizes 250 --tilings p2,hat --levels easy
        --seeds 1,2,3 --repeat 3`, medians of 6 alternating runs: p2 0.023 -> 0.0255 s, hat 0.051
        -> 0.0555 s).  tests/test_loopy_fast.py runs that `_decide` version beside this one and
        checks every state change and queue equal, firing for firing."""
        b, st, clues, read = self.b, self.st, self.clues, self.read
        fq, ffl, dq, dfl = self.qf[0], self.inf[0], self.qd[0], self.ind[0]
        fy, fn, dy, dn = self.fy, self.fn, self.dy, self.dn
        size, deg, face_edges, dot_edges, face_dots = b.face_size, b.dot_deg, b.face_edges, b.dot_edges, b.faces
        edge_faces, dot_faces, runs, run_ends, run_inner = b.edge_faces, b.dot_faces, b.runs, b.run_ends, b.run_inner
        chains, top, fno = self.other_end, self.level, self.fno
        if top:
            fq1, ffl1, dq1, dfl1 = self.qf[1], self.inf[1], self.qd[1], self.ind[1]
        if top > NORMAL:
            fq2, ffl2, dq2, dfl2 = self.qf[2], self.inf[2], self.qd[2], self.ind[2]
            fq3 = ffl3 = dq3 = dfl3 = None
        if top > TRICKY:
            fq3, ffl3, dq3, dfl3 = self.qf[3], self.inf[3], self.qd[3], self.ind[3]
            parent, settled, members = self.parent, self.settled, self.members
        unknown, bad = self.unknown, self.bad      # (kept here, written back on the way out)
        try:
            while True:
                if dq:
                    d = dq.pop()
                    dfl[d] = 0
                    y = dy[d]
                    u = deg[d] - y - dn[d]
                    if not u or (u > 1 and y < 2):
                        continue
                    es = dot_edges[d]                            # (the loop below passes over
                    if y == 2:                                   # the decided ones)
                        v = NO                                   # dot-full
                    else:                                        # dot-continue, dot-dead-end
                        v = YES if y else NO
                elif fq:
                    f = fq.pop()
                    ffl[f] = 0
                    c, k, y, n = clues[f], size[f], fy[f], fn[f]
                    u = k - y - n
                    if not u:
                        continue
                    if y == c or n == k - c:                     # face-full, face-needs-all
                        v = NO if y == c else YES
                        es = face_edges[f]
                    elif n == k - c - 1 and u > 2:               # face-one-no-left
                        es, ds = face_edges[f], face_dots[f]
                        for i in range(k):
                            a, e = es[i - 1], es[i]
                            if not st[a] and not st[e] and dy[ds[i]]:
                                break
                        else:
                            continue
                        v = YES
                        es = [x for x in es if not st[x] and x != a and x != e]
                    else:
                        continue
                    read[f] = 1
                else:
                    return
                for e in es:                                     # _decide, written out
                    if st[e]:
                        continue
                    run = runs[e]
                    if run is None:
                        st[e] = v
                        m = 1
                    else:                                        # (the whole run at once)
                        for x in run:
                            st[x] = v
                        m = len(run)
                        cnt = dy if v == YES else dn
                        for x in run_inner[e]:
                            cnt[x] = 2
                    unknown -= m
                    ends = run_ends[e]
                    a, c = ends
                    own = edge_faces[e]
                    if v == YES:
                        for f in own:
                            y = fy[f] + m
                            fy[f] = y
                            if y == clues[f]:                    # face-full may fire
                                bad -= 1
                                if not ffl[f]:
                                    ffl[f] = 1
                                    fq.append(f)
                        ya = dy[a] = dy[a] + 1
                        yc = dy[c] = dy[c] + 1
                        ea, ec = chains.pop(a, a), chains.pop(c, c)
                        if ea == c:
                            self.closed = True
                        else:
                            chains[ea], chains[ec] = ec, ea
                        if ya == 1:                              # a corner with a yes dot: where
                            for f in dot_faces[a]:               # face-one-no-left may fire
                                if fn[f] == fno[f] and not ffl[f]:
                                    ffl[f] = 1
                                    fq.append(f)
                        if yc == 1:
                            for f in dot_faces[c]:
                                if fn[f] == fno[f] and not ffl[f]:
                                    ffl[f] = 1
                                    fq.append(f)
                        for d in ends:
                            y = dy[d]
                            u = deg[d] - y - dn[d]
                            if not dfl[d] and (u == 1 or (u and y == 2)):   # only where a dot rule fires
                                dfl[d] = 1
                                dq.append(d)
                            if top and u > 1:                    # Normal's and up (see _decide)
                                if not dfl1[d]:
                                    dfl1[d] = 1
                                    dq1.append(d)
                                if top > TRICKY and not dfl3[d]:
                                    dfl3[d] = 1
                                    dq3.append(d)
                    else:
                        for f in own:
                            n = fn[f] + m
                            fn[f] = n
                            if n >= fno[f] and not ffl[f]:      # face-needs-all or -one-no-left
                                ffl[f] = 1
                                fq.append(f)
                        dn[a] += 1
                        dn[c] += 1
                        ua = deg[a] - dy[a] - dn[a]              # (a dot with two yes edges and
                        uc = deg[c] - dy[c] - dn[c]              # some undecided is queued already)
                        if ua == 1 and not dfl[a]:
                            dfl[a] = 1
                            dq.append(a)
                        if uc == 1 and not dfl[c]:
                            dfl[c] = 1
                            dq.append(c)
                        if top:
                            for d in ends:
                                if deg[d] - dy[d] - dn[d] > 1:
                                    if not dfl1[d]:
                                        dfl1[d] = 1
                                        dq1.append(d)
                                    if top > NORMAL:
                                        if not dy[d] and not dfl2[d]:
                                            dfl2[d] = 1
                                            dq2.append(d)
                                        if top > TRICKY and not dfl3[d]:
                                            dfl3[d] = 1
                                            dq3.append(d)
                    if top:
                        for f in own:
                            if not ffl1[f]:
                                ffl1[f] = 1
                                fq1.append(f)
                            if top > NORMAL:
                                cl = clues[f]
                                if cl is None:
                                    continue
                                k = size[f]
                                y = fy[f]
                                n = fn[f]
                                u = k - y - n
                                if u > 1:
                                    if not ffl2[f]:
                                        ffl2[f] = 1
                                        fq2.append(f)
                                    if top > TRICKY and (u < 5 or y == cl - 1 or n == k - cl - 1) \
                                            and not ffl3[f]:
                                        ffl3[f] = 1
                                        fq3.append(f)
                        if top > TRICKY:                         # _settle, written out
                            for x in run or (e,):
                                r = parent[x]
                                if parent[r] != r:
                                    r = self.find(x)
                                if not settled[r]:
                                    settled[r] = 1
                                    if len(members[r]) > 1:
                                        self.unknown, self.bad = unknown, bad   # (it decides more)
                                        self._decide_class(r, (v == YES) ^ self.parity(x), x)
                                        unknown, bad = self.unknown, self.bad
        finally:
            self.unknown, self.bad = unknown, bad

    def fixpoint(self) -> None:
        """Solver.fixpoint's turns, with Easy's rules run inline (`_easy`) and only when their
        queues hold something, and no watch (a Closure has none) to count turns for."""
        lv, top = 0, self.level
        qf, qd, inf, ind = self.qf, self.qd, self.inf, self.ind
        face_rule, dot_rule = self.face_rule, self.dot_rule
        easy_f, easy_d = qf[0], qd[0]
        b, fy, fn, dy, dn = self.b, self.fy, self.fn, self.dy, self.dn
        size, deg = b.face_size, b.dot_deg
        while lv <= top:
            if not lv:
                if easy_d or easy_f:
                    self._easy()
                lv = 1
                continue
            dq, dfl, drule = qd[lv], ind[lv], dot_rule[lv]
            fq, ffl, frule = qf[lv], inf[lv], face_rule[lv]
            while True:
                # (no rule above Easy fires on a dot with fewer than two undecided edges once
                # Easy's are done, nor on a face with none: see the class; most dots queued
                # with two are done by Easy before their turn comes)
                if dq:
                    d = dq.pop()
                    dfl[d] = 0
                    if deg[d] - dy[d] - dn[d] < 2:
                        continue
                    self.changed = False
                    drule(self, d)
                elif fq:
                    f = fq.pop()
                    ffl[f] = 0
                    if size[f] == fy[f] + fn[f]:
                        continue
                    self.changed = False
                    frule(self, f)
                else:
                    lv += 1
                    break
                if self.changed:       # back to Easy
                    lv = 0
                    break

    def _queue_fact(self, p: int, f: int, d: int) -> None:
        """Queue what a new fact on pair p (face f, dot d) can make fire: at Normal its face, and
        its dot if p has one decided edge or is the last two undecided edges of a dot without a
        yes edge; at Tricky its face, and its dot if p has AL1; at Hard its dot if p has both."""
        inf, qf, ind, qd = self.inf, self.qf, self.ind, self.qd
        top = self.level
        st, b = self.st, self.b
        x, z = b.pair_edges[p]
        sx, sz = st[x], st[z]
        if (not sx) != (not sz) or (not sx and not self.dy[d] and b.dot_deg[d] - self.dn[d] == 2):
            fl = ind[1]
            if not fl[d]:
                fl[d] = 1
                qd[1].append(d)
        clued = f >= 0 and self.clues[f] is not None
        if clued:
            fl = inf[1]
            if not fl[f]:
                fl[f] = 1
                qf[1].append(f)
        if top < TRICKY:
            return
        if clued:
            fl = inf[2]
            if not fl[f]:
                fl[f] = 1
                qf[2].append(f)
        if self.al[p]:
            fl = ind[2]
            if not fl[d]:
                fl[d] = 1
                qd[2].append(d)
            if top >= HARD and self.am[p]:
                fl = ind[3]
                if not fl[d]:
                    fl[d] = 1
                    qd[3].append(d)

    def _unmet(self, e: int) -> tuple:
        fy, near = self.fy, self.b.edge_faces[e]
        return tuple(f for f, c in enumerate(self.clues) if c is not None and fy[f] + (f in near) != c)

    # ---- facts and classes: queue less (see the class) ----------------------------------
    def fact(self, p: int, least: bool) -> None:
        """Solver.fact, queueing only what the new fact can make fire (`_queue_fact`)."""
        arr = self.al if least else self.am
        if arr[p]:
            return
        arr[p] = 1
        self.changed = True
        b = self.b
        self._queue_fact(p, b.pair_face[p], b.pair_dot[p])

    def _settle(self, e: int, v: int) -> None:
        """Solver._settle, with find inlined for a root or a root's child."""
        parent = self.parent
        r = parent[e]
        if parent[r] != r:
            r = self.find(e)
        if not self.settled[r]:
            self.settled[r] = 1
            if len(self.members[r]) > 1:
                self._decide_class(r, (v == YES) ^ self.parity(e), e)

    def link(self, a: int, b: int, opposite: int) -> bool:
        """Solver.link, with find inlined, queueing for Hard (its top level) only the faces
        and dots of the smaller class's undecided edges (see the class)."""
        parent, par = self.parent, self.par
        ra = parent[a]
        if ra == a:
            pa = 0
        else:
            if parent[ra] != ra:
                ra = self.find(a)
            pa = par[a]
        rb = parent[b]
        if rb == b:
            pb = 0
        else:
            if parent[rb] != rb:
                rb = self.find(b)
            pb = par[b]
        if ra == rb:
            if pa ^ pb != opposite:
                raise Contradiction
            return False
        members = self.members
        if len(members[ra]) > len(members[rb]):
            ra, rb, pa, pb = rb, ra, pb, pa
        parent[ra] = rb
        par[ra] = pa ^ pb ^ opposite
        moved = members[ra]
        members[rb] = members[rb] + moved     # a new tuple: checkpoints share the old
        members[ra] = ()
        self.changed = True
        was = self.settled[ra] or self.settled[rb]
        bd = self.b
        st, edge_faces, edges = self.st, bd.edge_faces, bd.edges
        clues, fl, q = self.clues, self.inf[HARD], self.qf[HARD]
        for x in moved:
            if not st[x]:
                for f in edge_faces[x]:
                    if not fl[f] and clues[f] is not None:
                        fl[f] = 1
                        q.append(f)
        fl, q = self.ind[HARD], self.qd[HARD]
        for x in moved:
            if not st[x]:
                for d in edges[x]:
                    if not fl[d]:
                        fl[d] = 1
                        q.append(d)
        if was:
            known = next(x for x in members[rb] if st[x])
            self.find(known)
            self.settled[rb] = 1
            self._decide_class(rb, (st[known] == YES) ^ self.parity(known), known)
        return True

    def _decide_class(self, r: int, root_val: int, origin: int) -> None:
        """Solver._decide_class, with find and parity inlined."""
        st = self.st
        undecided = [x for x in self.members[r] if not st[x]]
        if not undecided:
            return
        parent, par = self.parent, self.par
        for x in undecided:
            q = parent[x]
            if q == x:
                px = 0
            else:
                if parent[q] != q:
                    self.find(x)
                px = par[x]
            v = YES if root_val ^ px else NO
            if st[x] != v:           # (set would return at once)
                self.set(x, v)

    # ---- Normal -------------------------------------------------------------------------
    def normal_dot(self, d: int) -> None:
        """Solver.normal_dot, firing without commit, and no facts beside decided edges."""
        dy, dn, b = self.dy, self.dn, self.b
        deg = b.dot_deg[d]
        y = dy[d]
        u = deg - y - dn[d]
        if (u == deg and u > 2) or not u:
            return                           # nothing can fire (no facts beside decided edges)
        st, al, am = self.st, self.al, self.am
        for p, x, z in b.dot_pe[d]:
            sx, sz = st[x], st[z]
            if not sx and not sz:            # a pair of undecided edges: the dot's counts
                if y == 1:
                    if not am[p]:            # pair-from-dot
                        self.steps_done += 1
                        self.fact(p, False)
                        if u == 2:
                            self.fact(p, True)
                    elif u == 2 and not al[p]:
                        self.steps_done += 1
                        self.fact(p, True)
                elif y == 0 and u == 2 and (am[p] or al[p]):      # dot-last-pair
                    self.steps_done += 1
                    v = NO if am[p] else YES
                    self.set(x, v)
                    self.set(z, v)
                    y = dy[d]
                    u = deg - y - dn[d]
            elif sx and sz:
                continue
            elif al[p] if sx == NO or sz == NO else am[p]:       # pair-at-dot
                self.steps_done += 1
                self.set(z if sx else x, YES if sx == NO or sz == NO else NO)
                y = dy[d]
                u = deg - y - dn[d]

    def normal_face(self, f: int) -> None:
        """Solver.normal_face, a 4-sided face's firings without commit."""
        b, st = self.b, self.st
        es = b.face_edges[f]
        k, c = len(es), self.clues[f]
        y, n = self.fy[f], self.fn[f]
        if y + n == k:
            return
        if k == 4 and c <= 4:
            al, am, cs = self.al, self.am, b.face_corner[f]
            i = -1
            while True:
                i, a = _arc4_next(1, c, st, al, am, es, cs, i + 1)
                if not a:
                    return
                if a == 3:
                    raise Contradiction
                self.read[f] = 1
                self.steps_done += 1
                self.set(es[i], NO if a == 1 else YES)
        g, l = self._gain_loss(f)
        if y + g < c and k - n - 1 - l > c - 1:
            return
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
        """Solver.tricky_face, a 4-sided face's firings without commit, and the rest bounds of
        a larger face worked out once per visit (see the class)."""
        b = self.b
        es = b.face_edges[f]
        k = len(es)
        y, n = self.fy[f], self.fn[f]
        if k - y - n < 2:
            return
        st, al, am, cs, c = self.st, self.al, self.am, b.face_corner[f], self.clues[f]
        if k == 4 and c <= 4:
            i = -1
            while True:
                i, a = _arc4_next(2, c, st, al, am, es, cs, i + 1)
                if not a:
                    return
                p = cs[i]
                self.read[f] = 1
                self.steps_done += 1
                if a & 2:
                    self.fact(p, True)
                if a & 1:
                    self.fact(p, False)
        fresh, lo, hi = True, None, None
        for i, (a, e, p) in enumerate(b.face_ce[f]):
            if st[a] or st[e] or (al[p] and am[p]):
                continue
            if fresh:
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

    def tricky_dot(self, d: int) -> None:
        """Solver.tricky_dot, firing without commit, no AM1 beside a no edge, and nothing at a
        dot with two undecided edges (see the class)."""
        b = self.b
        u = b.dot_deg[d] - self.dy[d] - self.dn[d]
        if u <= 2:
            # exactly-one wants a third undecided edge, and the opposite pairs of the two
            # undecided ones are of decided edges: two yes edges would have decided them
            # (Easy's dot-full), so each has a no edge, where a Closure writes no AM1
            return
        st, al, am, ps, pe, opp = self.st, self.al, self.am, b.dot_pairs[d], b.pair_edges, b.pair_opp
        for p in ps:
            if not al[p]:
                continue
            x, z = pe[p]
            if st[x] or st[z]:
                continue
            others = [q for q, a, c in opp[p] if not am[q] and st[a] != NO and st[c] != NO]
            if others:
                self.steps_done += 1
                for q in others:
                    self.fact(q, False)
            if am[p] and self.dy[d] == 0:
                es = b.dot_edges[d]
                und = [e for e in es if not st[e] and e != x and e != z]
                if len(und) == 1:
                    self.steps_done += 1
                    self.set(und[0], YES)
                elif len(und) == 2:
                    u0, u1 = und
                    for q in ps:
                        a, c = pe[q]
                        if (a == u0 and c == u1 or a == u1 and c == u0) and not al[q]:
                            self.steps_done += 1
                            self.fact(q, True)
                            break

    # ---- Hard ---------------------------------------------------------------------------
    def _parity(self, rule, faces, dots, es, und, p) -> None:
        """Solver._parity, firing without commit; a link already there is not made again."""
        u = len(und)
        if u == 2:
            if self.link(und[0], und[1], p):
                for f in faces:
                    self.read[f] = 1
                self.steps_done += 1
            return
        if u > 4:
            return
        parent, roots = self.parent, []
        for e in und:
            r = parent[e]
            if parent[r] != r:
                r = self.find(e)
            roots.append(r)
        if len(set(roots)) == u:
            return
        for i in range(u):
            for j in range(i + 1, u):
                if roots[i] != roots[j]:
                    continue
                rel = self.parity(und[i]) ^ self.parity(und[j])
                rest = [und[t] for t in range(u) if t != i and t != j]
                if u == 3:                   # (rest: one undecided edge, so the firing adds it)
                    for f in faces:
                        self.read[f] = 1
                    self.steps_done += 1
                    self.set(rest[0], YES if p ^ rel else NO)
                else:
                    if self.find(rest[0]) == self.find(rest[1]):
                        continue
                    for f in faces:
                        self.read[f] = 1
                    self.steps_done += 1
                    self.link(rest[0], rest[1], p ^ rel)
                return

    def hard_face(self, f: int) -> None:
        """Solver.hard_face; both rules need two undecided edges in one class but face-parity
        on two, which links them: with the classes of the undecided edges all apart that is
        all there is."""
        es = self.b.face_edges[f]
        k, y, n = len(es), self.fy[f], self.fn[f]
        if y + n == k:
            return
        st, c = self.st, self.clues[f]
        parent, und, roots = self.parent, [], []
        for e in es:
            if not st[e]:
                und.append(e)
                r = parent[e]
                if parent[r] != r:
                    r = self.find(e)
                roots.append(r)
        u = len(und)
        if u == 2:
            if roots[0] != roots[1]:
                self.read[f] = 1
                self.steps_done += 1
                self.link(und[0], und[1], (c - y) & 1)
                return
        elif u < 2 or len(set(roots)) == u:
            return
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
        """Solver.hard_dot, firing without commit, with the shortcuts of the class at a dot
        with two undecided edges or with their classes all apart."""
        b, st = self.b, self.st
        y = self.dy[d]
        u = b.dot_deg[d] - y - self.dn[d]
        if u < 2:
            return
        es = b.dot_edges[d]
        if u == 2:
            # dot-parity links the two (see _parity); pair-link then has nothing on a pair of
            # them: linked equal it does nothing, linked opposite (y = 1) it adds AL1 and AM1,
            # which pair-from-dot has given it (Normal's queues are empty whenever a Hard rule
            # runs)
            x = -1
            for z in es:             # the two undecided edges: x, z
                if not st[z]:
                    if x >= 0:
                        break
                    x = z
            if self.link(x, z, y & 1):     # (a link already there is not made again)
                self.steps_done += 1
            return
        # with the classes of the undecided edges all apart, dot-parity (on more than two) has
        # nothing, and pair-link only links a pair with AL1 and AM1
        parent, roots = self.parent, set()
        for e in es:
            if not st[e]:
                r = parent[e]
                if parent[r] != r:
                    r = self.find(e)
                roots.add(r)
        al, am = self.al, self.am
        if len(roots) == u:
            for p, x, z in b.dot_pe[d]:
                if al[p] and am[p] and not st[x] and not st[z] and self.find(x) != self.find(z):
                    self.steps_done += 1        # (find: a link just made may have joined them)
                    self.link(x, z, 1)
            return
        und = [e for e in es if not st[e]]
        if u <= 4:
            self._parity("dot-parity", (), (d,), es, und, y & 1)
        par = self.par
        for p, x, z in b.dot_pe[d]:
            if st[x] or st[z]:
                continue
            rx = parent[x]
            if rx == x:
                px = 0
            else:
                if parent[rx] != rx:
                    rx = self.find(x)
                px = par[x]
            rz = parent[z]
            if rz == z:
                pz = 0
            else:
                if parent[rz] != rz:
                    rz = self.find(z)
                pz = par[z]
            if rx == rz:
                if px != pz and not (al[p] and am[p]):
                    self.steps_done += 1
                    self.fact(p, True)
                    self.fact(p, False)
            elif al[p] and am[p]:
                self.steps_done += 1
                self.link(x, z, 1)


class Quick(Solver):
    """The rule book's own run, firing for firing in its order, untraced, with its hot paths
    written out: for generation's solves above Hard (Expert is not known to be order-free, so
    its thinning replays the rule book exactly: `generate.Thinning`) and for grading a link.

    Overrides only the state changes every firing goes through — `set` and `fact` queue
    without a call to `push`; `link`, `_settle`, `_decide_class` and the two Hard rules that
    look up many classes (`_parity`, `hard_dot`) read union-find inline (`find` changes
    nothing when e is a root or a root's child, the common case: then the root is parent[e]
    and the parity par[e]).  The same firings, in the same order, as `Solver`: the tests
    compare the edges, the clues read and the count of firings (tests/test_loopy_fast.py)."""

    def __init__(self, board: Board, clues, level: int, marks=None):
        super().__init__(board, clues, level, marks=marks)

    def set(self, e: int, v: int) -> None:
        """Solver.set, with push written out (its queues, level by level, in its order)."""
        st = self.st
        s = st[e]
        if s == v:
            return
        if s:
            raise Contradiction
        st[e] = v
        self.unknown -= 1
        self.changed = True
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
            faces = b.yes_faces[e]
        else:
            fn, dn = self.fn, self.dn
            faces = b.edge_faces[e]
            for f in faces:
                fn[f] += 1
            dn[a] += 1
            dn[c] += 1
        dots = b.edges[e]
        for fl, q, dl, dq in zip(self.inf, self.qf, self.ind, self.qd):
            for f in faces:
                if not fl[f] and clues[f] is not None:
                    fl[f] = 1
                    q.append(f)
            for d in dots:
                if not dl[d]:
                    dl[d] = 1
                    dq.append(d)
        if self.level >= HARD:
            self._settle(e, v)

    def fact(self, p: int, least: bool) -> None:
        """Solver.fact, with push written out for its one face and one dot."""
        arr = self.al if least else self.am
        if arr[p]:
            return
        arr[p] = 1
        self.changed = True
        b = self.b
        f, d = b.pair_face[p], b.pair_dot[p]
        ind, qd = self.ind, self.qd
        for lv in range(1, self.level + 1):
            fl = ind[lv]
            if not fl[d]:
                fl[d] = 1
                qd[lv].append(d)
        if f >= 0 and self.clues[f] is not None:
            inf, qf = self.inf, self.qf
            for lv in range(1, self.level + 1):
                fl = inf[lv]
                if not fl[f]:
                    fl[f] = 1
                    qf[lv].append(f)

    _settle = Closure._settle
    _decide_class = Closure._decide_class

    def link(self, a: int, b: int, opposite: int) -> bool:
        """Solver.link, with find inlined."""
        parent, par = self.parent, self.par
        ra = parent[a]
        if ra == a:
            pa = 0
        else:
            if parent[ra] != ra:
                ra = self.find(a)
            pa = par[a]
        rb = parent[b]
        if rb == b:
            pb = 0
        else:
            if parent[rb] != rb:
                rb = self.find(b)
            pb = par[b]
        if ra == rb:
            if pa ^ pb != opposite:
                raise Contradiction
            return False
        members = self.members
        if len(members[ra]) > len(members[rb]):
            ra, rb, pa, pb = rb, ra, pb, pa
        parent[ra] = rb
        par[ra] = pa ^ pb ^ opposite
        members[rb] = members[rb] + members[ra]     # a new tuple: checkpoints share the old
        members[ra] = ()
        self.changed = True
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

    def _parity(self, rule, faces, dots, es, und, p) -> None:
        """Solver._parity, with find inlined."""
        u = len(und)
        if u == 2:
            self.commit(rule, HARD, faces, dots, es, links=((und[0], und[1], p),), note=2)
            return
        if u > 4:
            return
        parent, roots = self.parent, []
        for e in und:
            r = parent[e]
            if parent[r] != r:
                r = self.find(e)
            roots.append(r)
        if len(set(roots)) == u:
            return
        for i in range(u):
            for j in range(i + 1, u):
                if roots[i] != roots[j]:
                    continue
                rel = self.parity(und[i]) ^ self.parity(und[j])
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

    def hard_dot(self, d: int) -> None:
        """Solver.hard_dot, with find and parity inlined."""
        b, st = self.b, self.st
        y = self.dy[d]
        u = b.dot_deg[d] - y - self.dn[d]
        if u < 2:
            return
        es = b.dot_edges[d]
        und = [e for e in es if not st[e]]
        if u <= 4:
            self._parity("dot-parity", (), (d,), es, und, y & 1)
        al, am, parent, par = self.al, self.am, self.parent, self.par
        for p, x, z in b.dot_pe[d]:
            if st[x] or st[z]:
                continue
            rx = parent[x]
            if rx == x:
                px = 0
            else:
                if parent[rx] != rx:
                    rx = self.find(x)
                px = par[x]
            rz = parent[z]
            if rz == z:
                pz = 0
            else:
                if parent[rz] != rz:
                    rz = self.find(z)
                pz = par[z]
            if rx == rz:
                if px != pz and not (al[p] and am[p]):
                    self.commit("pair-link", HARD, (), (d,), (x, z), al=(p,), am=(p,), classes=(x,))
            elif al[p] and am[p]:
                self.commit("pair-link", HARD, (), (d,), (x, z), links=((x, z, 1),), pairs=(p,))


def grade(board: Board, clues) -> tuple[str, Solver | None]:
    """solver.grade, by `Quick` runs (the same verdicts and final states)."""
    for lv in range(len(LEVELS)):
        s = Quick(board, clues, lv)
        if s.run() == SOLVED:
            return LEVELS[lv], s
    return "beyond", None
