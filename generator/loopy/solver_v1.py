"""The first Loopy solver, frozen: it makes and reads `loopy.v1` links (do not change it).

Its levels are not Tatham's (see generator.loopy.solver for those); v1 permalinks keep
regenerating the same grid, clues and solution because this code stays as it is.

A graded deduction solver for Loopy: it never guesses, so "solved" means "unique".

Each edge is UNKNOWN, YES (on the loop) or NO.  A level is a set of deduction rules; a
puzzle *is* of a level when the rules of that level alone decide every edge.  The levels
follow Tatham's Loopy (loopy.c) in kind; the rules are stated here in full.

Easy — exactly the reference's Easy rules, nothing more:
  * face saturation: a clued face whose YES edges equal its clue has all other edges NO; one
    whose YES plus UNKNOWN edges equal the clue has all of them YES;
  * dots: a dot has 0 or 2 loop edges (two YES → the rest NO; one YES and one UNKNOWN →
    that one YES; no YES and one UNKNOWN → that one NO);
  * no premature loop: an edge joining the two ends of one chain of YES edges is NO unless
    that chain already holds every YES edge and closing it satisfies every clue (then it is
    left alone: setting it would assume uniqueness); once a loop is closed, all other edges
    are NO;
  * the pair rule: if a face needs all but one of its undecided edges, and two consecutive
    undecided edges of it meet at a dot that already has a YES edge (so they cannot both be
    YES), all its other undecided edges are YES.

Normal adds facts about *pairs* — two consecutive edges of a face meeting at a dot (a
corner): "at least one of them is YES" and "at most one".  They are learned from a single
face or dot (a face needing one more edge: at most one of any pair; needing all but one:
at least one; a dot with one YES: at most one of any pair of its other edges) and used by
counting: disjoint at-most-one pairs bound a face's YES count from above, disjoint
at-least-one pairs from below; when a bound meets the clue, the edges outside the pairs are
forced.  A dot with one YES and an at-least-one pair has all other edges NO; a dot with no
YES whose only two undecided edges form an at-least-one pair has both YES.

Tricky propagates pair facts along chains: a fact about one pair of a face or dot bounds
the YES count of the *rest* of that face or dot, which gives new facts on the pairs there —
in a square grid, a fact travels diagonally from corner to opposite corner.

Hard tracks equalities: edges that must be equal or opposite (a dot with no YES and two
undecided edges: equal; a face needing one of two: opposite; an exactly-one pair: opposite)
in a union-find structure with parity, and parity arguments: round a dot the YES count is
even, round a clued face it has the clue's parity; with 2–4 undecided edges grouped into
classes, one odd class is forced and two odd classes become related.  A class with more
equal members in a face than the face still needs is NO.

All rules are sound, so the solver's verdict is one of: solved (the unique solution),
stuck (the level is too weak, or the puzzle is not unique), contradiction (no solution).
"""

from __future__ import annotations

from generator.loopy.grid import Grid

LEVELS = ("easy", "normal", "tricky", "hard")
EASY, NORMAL, TRICKY, HARD = range(4)
UNKNOWN, YES, NO = 0, 1, 2
SOLVED, STUCK, CONTRADICTION = "solved", "stuck", "contradiction"


class Contradiction(Exception):
    """The deductions reached an impossibility: the clues have no solution."""


class Tables:
    """Incidences the solver needs, computed once per grid."""

    def __init__(self, grid: Grid):
        self.grid = grid
        self.n_edges = len(grid.edges)
        self.edge_faces = [tuple(f for f in fs if f >= 0) for fs in grid.edge_faces]
        self.face_edges = grid.face_edges
        self.dot_edges = grid.dot_edges
        self.edges = grid.edges
        self.between = {ab: e for e, ab in enumerate(grid.edges)}
        self.dot_faces = [tuple(sorted({f for f in ring if f >= 0})) for ring in grid.dot_corners]
        pairs: dict = {}
        self.face_pairs = []     # per face, per position i: pair of edges i-1 and i
        self.dot_pairs = [[] for _ in grid.dots]
        self.pair_dot: list = []
        self.pair_faces: list = []
        for f, es in enumerate(grid.face_edges):
            row = []
            for i, e in enumerate(es):
                a, b = es[i - 1], e
                key = (min(a, b), max(a, b))
                if key not in pairs:
                    pairs[key] = len(pairs)
                    self.dot_pairs[grid.faces[f][i]].append(pairs[key])
                    self.pair_dot.append(grid.faces[f][i])
                    self.pair_faces.append([])
                self.pair_faces[pairs[key]].append(f)
                row.append(pairs[key])
            self.face_pairs.append(tuple(row))
        self.pairs = sorted(pairs, key=pairs.__getitem__)
        self._straight = None

    def straight_classes(self):
        """Parity classes in which the two edges at every dot of degree 2 are equal (cached)."""
        if self._straight is None:
            n = self.n_edges + 1
            parent, members = list(range(n)), [[e] for e in range(n)]
            for es in self.dot_edges:
                if len(es) == 2:
                    a, b = es
                    while parent[a] != a:
                        a = parent[a]
                    while parent[b] != b:
                        b = parent[b]
                    if a != b:
                        if len(members[a]) > len(members[b]):
                            a, b = b, a
                        for e in members[a]:
                            parent[e] = b
                        members[b].extend(members[a])
                        members[a] = None
            self._straight = (parent, [0] * n, members)
        return self._straight


class Solver:
    """One solving run: the state of every edge and of the pair facts."""

    def __init__(self, tables: Tables, clues, level: int):
        self.t, self.level = tables, level
        g = tables.grid
        self.clues = list(clues)
        self.state = [UNKNOWN] * tables.n_edges
        self.fy = [0] * len(g.faces)
        self.fu = [len(es) for es in g.face_edges]
        self.dy = [0] * len(g.dots)
        self.du = [len(es) for es in g.dot_edges]
        self.unknown = tables.n_edges
        self.atleast = bytearray(len(tables.pairs))
        self.atmost = bytearray(len(tables.pairs))
        self.other_end: dict = {}                 # chain end -> the chain's other end
        self.yes = 0
        self.bad = sum(1 for c in self.clues if c)   # clued faces whose YES count is off
        self.closed = False
        self.loops_dirty = False
        self.queue_f = [f for f, c in enumerate(self.clues) if c is not None]
        self.queue_d = list(range(len(g.dots)))
        self.progress = self.moved = False
        # higher levels re-examine only faces and dots that changed since their last look
        self.hq_f = {lv: [f for f, c in enumerate(self.clues) if c is not None]
                     for lv in range(NORMAL, level + 1)}
        self.hq_d = {lv: list(range(len(g.dots))) for lv in range(NORMAL, level + 1)}
        self.hin_f = {lv: bytearray([1]) * len(g.faces) for lv in self.hq_f}
        self.hin_d = {lv: bytearray([1]) * len(g.dots) for lv in self.hq_d}
        if level >= HARD:                         # parity union-find; node n_edges is TRUE
            parent, par, members = tables.straight_classes()
            self.eq_parent, self.eq_par = list(parent), list(par)
            self.members = [m and list(m) for m in members]
        else:
            self.eq_parent, self.eq_par, self.members = list(range(tables.n_edges + 1)), None, None

    # ---- basic operations -------------------------------------------------------------
    def touch(self, faces, dots) -> None:
        """Queue faces and dots for the rules above Easy."""
        for lv, q in self.hq_f.items():
            flags = self.hin_f[lv]
            for f in faces:
                if not flags[f] and self.clues[f] is not None and self.fu[f]:
                    flags[f] = 1
                    q.append(f)
            flags, q = self.hin_d[lv], self.hq_d[lv]
            for d in dots:
                if not flags[d] and self.du[d]:
                    flags[d] = 1
                    q.append(d)

    def set(self, e: int, value: int) -> None:
        """Decide edge e (a contradiction if it was decided the other way)."""
        s = self.state[e]
        if s == value:
            return
        if s != UNKNOWN:
            raise Contradiction
        self.state[e] = value
        self.unknown -= 1
        self.progress = self.moved = True
        t = self.t
        faces = t.edge_faces[e]
        for f in faces:
            self.fu[f] -= 1
            c = self.clues[f]
            if c is not None:
                if value == YES:
                    self.bad += (self.fy[f] == c) - (self.fy[f] + 1 == c)
                    self.fy[f] += 1
                self.queue_f.append(f)
            elif value == YES:
                self.fy[f] += 1
        a, b = t.edges[e]
        for d in (a, b):
            self.du[d] -= 1
            self.queue_d.append(d)
        if value == YES:
            self.join(a, b)
            for d in (a, b):       # the pair rule looks at the YES count of a face's dots
                for f in t.dot_faces[d]:
                    if self.clues[f] is not None:
                        self.queue_f.append(f)
        if self.hq_f:
            self.touch(faces, (a, b))
        if self.level >= HARD:
            self.relate(e, t.n_edges, 0 if value == YES else 1)

    def join(self, a: int, b: int) -> None:
        """Add a YES edge a-b to the chains (closing the loop if a and b are one chain's ends)."""
        self.dy[a] += 1
        self.dy[b] += 1
        self.yes += 1
        self.loops_dirty = True
        ends = self.other_end
        ea, eb = ends.pop(a, a), ends.pop(b, b)
        if ea == b:
            if len(ends) > 0:
                raise Contradiction          # a closed loop and another chain
            self.closed = True
            return
        if self.dy[a] > 2 or self.dy[b] > 2:
            raise Contradiction
        ends[ea], ends[eb] = eb, ea

    def fact(self, p: int, least: bool) -> None:
        """Record an at-least-one (least) or at-most-one fact about pair p."""
        arr = self.atleast if least else self.atmost
        if not arr[p]:
            arr[p] = 1
            self.progress = True
            self.touch(self.t.pair_faces[p], (self.t.pair_dot[p],))

    def set_all(self, edges, value: int) -> None:
        """Decide every undecided edge of a list."""
        for e in edges:
            if self.state[e] == UNKNOWN:
                self.set(e, value)

    # ---- Easy ---------------------------------------------------------------------------
    def easy_face(self, f: int) -> None:
        """Saturation and the pair rule on one clued face."""
        c = self.clues[f]
        u, k = self.fu[f], c - self.fy[f]
        if k < 0 or k > u:
            raise Contradiction
        if u == 0:
            return
        es = self.t.face_edges[f]
        if k == 0:
            self.set_all(es, NO)
        elif k == u:
            self.set_all(es, YES)
        elif k == u - 1:
            st, dots = self.state, self.t.grid.faces[f]
            for i, e in enumerate(es):
                a = es[i - 1]
                if st[a] == UNKNOWN and st[e] == UNKNOWN and self.dy[dots[i]] == 1:
                    self.set_all([x for x in es if x != a and x != e], YES)
                    return

    def easy_dot(self, d: int) -> None:
        """A dot has 0 or 2 loop edges."""
        y, u = self.dy[d], self.du[d]
        if y > 2 or (y == 1 and u == 0):
            raise Contradiction
        if u == 0:
            return
        if y == 2:
            self.set_all(self.t.dot_edges[d], NO)
        elif u == 1:
            self.set_all(self.t.dot_edges[d], YES if y == 1 else NO)

    def easy_loops(self) -> None:
        """No premature loop: close a chain only when it would be the whole solution."""
        if self.closed:
            self.set_all(range(self.t.n_edges), NO)
            return
        if not self.loops_dirty:
            return
        self.loops_dirty = False
        ends, st = self.other_end, self.state
        alone = len(ends) == 2
        for x, y in list(ends.items()):
            e = self.t.between.get((x, y))
            if e is not None and st[e] == UNKNOWN and not (alone and self.would_finish(e)):
                self.set(e, NO)

    def would_finish(self, e: int) -> bool:
        """Would closing edge e (all else NO) satisfy every clue?"""
        bad = self.bad
        for f in self.t.edge_faces[e]:
            c = self.clues[f]
            if c is not None:
                bad += (self.fy[f] == c) - (self.fy[f] + 1 == c)
        return bad == 0

    # ---- Normal -------------------------------------------------------------------------
    def taken(self, f: int, arr) -> tuple[int, set]:
        """Disjoint undecided pairs of face f with a fact (greedy along the cycle)."""
        es, ps, st = self.t.face_edges[f], self.t.face_pairs[f], self.state
        n = len(es)
        ok = [st[es[i - 1]] == UNKNOWN and st[es[i]] == UNKNOWN and arr[ps[i]] for i in range(n)]
        start = next((i for i in range(n) if not ok[i]), 0)
        used: set = set()
        count = 0
        for j in range(n):
            i = (start + j) % n
            if ok[i] and es[i - 1] not in used and es[i] not in used:
                used.add(es[i - 1])
                used.add(es[i])
                count += 1
        return count, used

    def normal_face(self, f: int) -> None:
        """Pair facts from a face's need, and min/max counting with them."""
        c = self.clues[f]
        u, k = self.fu[f], c - self.fy[f]
        if u < 2:
            return
        es, ps, st = self.t.face_edges[f], self.t.face_pairs[f], self.state
        if k == 1 or k == u - 1:
            for i, e in enumerate(es):
                if st[e] == UNKNOWN and st[es[i - 1]] == UNKNOWN:
                    self.fact(ps[i], k == u - 1)
        m, used = self.taken(f, self.atmost)
        if u - m < k:
            raise Contradiction
        if m and u - m == k:
            self.set_all([e for e in es if e not in used], YES)
        m, used = self.taken(f, self.atleast)
        if m > k:
            raise Contradiction
        if m and m == k:
            self.set_all([e for e in es if e not in used], NO)

    def normal_dot(self, d: int) -> None:
        """Pair facts from a dot's YES count, and their use at the dot."""
        y, u = self.dy[d], self.du[d]
        if u < 2 or y > 1:
            return
        t, st = self.t, self.state
        for p in t.dot_pairs[d]:
            a, b = t.pairs[p]
            if st[a] != UNKNOWN or st[b] != UNKNOWN:
                continue
            if y == 1:
                self.fact(p, False)
                if u == 2:
                    self.fact(p, True)
                if self.atleast[p] and u > 2:
                    self.set_all([e for e in t.dot_edges[d] if e != a and e != b], NO)
                    return
            elif u == 2:
                if self.atleast[p]:
                    self.set_all((a, b), YES)
                elif self.atmost[p]:
                    self.set_all((a, b), NO)
            elif u == 3 and self.atleast[p] and self.atmost[p]:
                self.set_all([e for e in t.dot_edges[d] if e != a and e != b], YES)
                return

    # ---- Tricky -------------------------------------------------------------------------
    def bound_rest(self, rest, lo: int, hi: int, pair_ids) -> None:
        """The undecided edges `rest` hold between lo and hi YES edges: act on it."""
        n = len(rest)
        if hi < 0 or lo > n or lo > hi:
            raise Contradiction
        if hi == 0:
            self.set_all(rest, NO)
        elif lo == n:
            self.set_all(rest, YES)
        if hi == 1 or lo == n - 1:
            inside = set(rest)
            for p in pair_ids:
                a, b = self.t.pairs[p]
                if a in inside and b in inside:
                    if hi == 1:
                        self.fact(p, False)
                    if lo == n - 1:
                        self.fact(p, True)

    def tricky_face(self, f: int) -> None:
        """A fact on one pair of a face bounds the rest of the face."""
        c = self.clues[f]
        k = c - self.fy[f]
        t, st = self.t, self.state
        for p in t.face_pairs[f]:
            least, most = self.atleast[p], self.atmost[p]
            a, b = t.pairs[p]
            if not (least or most) or st[a] != UNKNOWN or st[b] != UNKNOWN:
                continue
            rest = [e for e in t.face_edges[f] if st[e] == UNKNOWN and e != a and e != b]
            lo, hi = max(k - 2, 0), k
            if most:
                lo = max(lo, k - 1)
            if least:
                hi = k - 1
            self.bound_rest(rest, lo, hi, t.face_pairs[f])

    def tricky_dot(self, d: int) -> None:
        """At a dot with no YES edge, an at-least-one pair leaves at most one for the rest."""
        if self.dy[d] != 0 or self.du[d] < 3:
            return
        t, st = self.t, self.state
        for p in t.dot_pairs[d]:
            a, b = t.pairs[p]
            if not self.atleast[p] or st[a] != UNKNOWN or st[b] != UNKNOWN:
                continue
            rest = [e for e in t.dot_edges[d] if st[e] == UNKNOWN and e != a and e != b]
            self.bound_rest(rest, 1 if self.atmost[p] else 0, 1, t.dot_pairs[d])

    # ---- Hard ---------------------------------------------------------------------------
    def find(self, e: int) -> tuple[int, int]:
        """Class root of edge e (or TRUE) and e's parity relative to it."""
        parent, par = self.eq_parent, self.eq_par
        path = []
        while parent[e] != e:
            path.append(e)
            e = parent[e]
        acc = 0
        for x in reversed(path):
            acc ^= par[x]
            par[x] = acc
            parent[x] = e
        return e, (par[path[0]] if path else 0)

    def relate(self, a: int, b: int, parity: int) -> None:
        """Record value(a) XOR value(b) == parity; set edges whose value becomes known."""
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        if ra == rb:
            if pa ^ pb != parity:
                raise Contradiction
            return
        top = self.t.n_edges
        if ra == top or (rb != top and len(self.members[ra]) > len(self.members[rb])):
            ra, rb, pa, pb = rb, ra, pb, pa
        self.eq_parent[ra] = rb
        self.eq_par[ra] = pa ^ pb ^ parity
        moved = self.members[ra]
        self.members[rb].extend(moved)
        self.members[ra] = None
        self.progress = True
        t = self.t
        known = self.find(top)[0] == rb
        for e in moved:
            if self.state[e] == UNKNOWN:
                if known:
                    self.set(e, YES if self.find(e)[1] == 0 else NO)
                else:
                    self.touch(t.edge_faces[e], t.edges[e])

    def hard_group(self, es, need: int, pair_ids) -> None:
        """Equalities, parity and class counting on the undecided edges of a face or dot."""
        st = self.state
        und = [e for e in es if st[e] == UNKNOWN]
        u = len(und)
        if u < 2:
            return
        if u == 2 and need == 1:
            self.relate(und[0], und[1], 1)
        classes: dict = {}
        for e in und:
            r, p = self.find(e)
            classes.setdefault(r, [0, 0])[p] += 1
        for r, (zero, one) in classes.items():
            if zero > need:          # root TRUE would make `zero` edges YES
                self.relate(r, self.t.n_edges, 1)
            elif one > need:
                self.relate(r, self.t.n_edges, 0)
        if u <= 4:
            odd = [r for r, (z, o) in classes.items() if (z + o) % 2]
            const = (need + sum(o for _z, o in classes.values())) % 2
            if not odd and const:
                raise Contradiction
            if len(odd) == 1:
                self.relate(odd[0], self.t.n_edges, const ^ 1)
            elif len(odd) == 2:
                self.relate(odd[0], odd[1], const)
        for p in pair_ids:
            a, b = self.t.pairs[p]
            if st[a] != UNKNOWN or st[b] != UNKNOWN:
                continue
            if self.atleast[p] and self.atmost[p]:
                self.relate(a, b, 1)
            (ra, pa), (rb, pb) = self.find(a), self.find(b)
            if ra == rb:
                if pa != pb:
                    self.fact(p, True)
                    self.fact(p, False)
                elif self.atleast[p]:
                    self.set_all((a, b), YES)
                elif self.atmost[p]:
                    self.set_all((a, b), NO)

    def hard_dot(self, d: int) -> None:
        """Equalities and parity round a dot (0 or 2 YES edges)."""
        es = self.t.dot_edges[d]
        if len(es) == 2:
            return                   # equal from the start (Tables.straight_classes)
        y, u = self.dy[d], self.du[d]
        if y == 0 and u == 2:
            und = [e for e in es if self.state[e] == UNKNOWN]
            self.relate(und[0], und[1], 0)
        if y < 2 and u >= 2:
            self.hard_group(es, 2 - y, self.t.dot_pairs[d])

    def hard_face(self, f: int) -> None:
        """Equalities and parity round a clued face."""
        self.hard_group(self.t.face_edges[f], self.clues[f] - self.fy[f], self.t.face_pairs[f])

    # ---- driver -------------------------------------------------------------------------
    def drain(self) -> None:
        """Apply the Easy face and dot rules until nothing is queued."""
        while self.queue_f or self.queue_d:
            while self.queue_d:
                self.easy_dot(self.queue_d.pop())
            if self.queue_f:
                self.easy_face(self.queue_f.pop())

    def higher(self) -> None:
        """Apply the rules above Easy to queued items until an edge is decided or all are idle.

        Cheaper levels go first: after any new fact the sweep restarts from Normal.
        """
        rules = {NORMAL: (self.normal_face, self.normal_dot),
                 TRICKY: (self.tricky_face, self.tricky_dot),
                 HARD: (self.hard_face, self.hard_dot)}
        busy = True
        while busy:
            busy = False
            for level in range(NORMAL, self.level + 1):
                on_face, on_dot = rules[level]
                qf, qd = self.hq_f[level], self.hq_d[level]
                inf, ind = self.hin_f[level], self.hin_d[level]
                self.progress = False
                while (qf or qd) and not self.progress:
                    if qd:
                        d = qd.pop()
                        ind[d] = 0
                        on_dot(d)
                    else:
                        f = qf.pop()
                        inf[f] = 0
                        on_face(f)
                if self.moved:
                    return
                if self.progress:
                    busy = True
                    break

    def run(self) -> str:
        """Deduce until solved, stuck or contradictory."""
        try:
            while True:
                self.drain()
                if self.unknown == 0:
                    return SOLVED if self.finished() else CONTRADICTION
                self.moved = False
                self.easy_loops()
                if not self.moved:
                    self.higher()
                if not self.moved:
                    return STUCK
        except Contradiction:
            return CONTRADICTION

    def finished(self) -> bool:
        """Is the fully decided state one loop satisfying every clue?"""
        return self.closed and self.bad == 0 and all(y in (0, 2) for y in self.dy)


def solve(tables: Tables, clues, level: int) -> tuple[str, list[int]]:
    """Solve at a level: (verdict, edge states)."""
    s = Solver(tables, clues, level)
    verdict = s.run()
    return verdict, s.state
