"""The level solver's fast paths give what their definitions give.

* `rest_bounds` (the arc bounds of the rest of a face beside every edge and every corner, in
  O(k) by prefix/suffix cut tables, or in closed form on 4-sided faces) equals the largest
  lo-sum and smallest hi-sum over every cut of the rest into blocks, enumerated one by one,
  with the blocks' bounds read from the edge states and pair facts (the rule's words);
* the screens of face-arc and corner-from-face (`Solver._gain_loss`) hold: the rest of an
  undecided window has y <= lo <= y + g and k-n-w-l <= hi <= k-n-w;
* the per-level fixpoint loop takes its turns as the one-turn-at-a-time loop does (the watch
  of generate.Thinning sees the same states at the same turns);
* the table of face-arc and corner-from-face on 4-sided faces (`solver._arc4`, indexed by
  `solver._key4`) says, for every state, what the rules' words say from `rest_bounds`;
* `Board.pair_opp` holds, per pair, exactly the pairs of its dot that share no edge with it.
"""
import functools
import random

from generator.loopy.solver import HARD, NO, YES, Board, Solver, _arc4, _key4, rest_bounds


def _face_solver(k: int, rng) -> Solver:
    """A solver on one k-sided face with random edge states and pair facts."""
    s = Solver(Board(k, [list(range(k))]), [rng.randrange(k + 1)], HARD)
    for e in range(k):
        s.st[e] = rng.choice((0, 0, YES, NO))
    for p in range(len(s.b.pair_edges)):
        s.al[p] = rng.random() < 0.3
        s.am[p] = rng.random() < 0.3
    return s


@functools.lru_cache(maxsize=None)
def _cuts(n: int) -> tuple:
    """Every cut of positions 0..n-1 into blocks of one or two consecutive positions."""
    if n == 0:
        return ((),)
    out = [((0,),) + tuple(tuple(x + 1 for x in blk) for blk in rest) for rest in _cuts(n - 1)]
    if n >= 2:
        out += [((0, 1),) + tuple(tuple(x + 2 for x in blk) for blk in rest) for rest in _cuts(n - 2)]
    return tuple(out)


def _brute(s: Solver, run) -> tuple[int, int]:
    """(largest lo-sum, smallest hi-sum) over the cuts of `run` (face positions, in order)."""
    es, b = s.b.face_edges[0], s.b
    corner = {frozenset(b.pair_edges[p]): p for p in b.face_corner[0]}
    best_lo, best_hi = None, None
    for cut in _cuts(len(run)):
        lo = hi = 0
        for blk in cut:
            edges = [es[run[i]] for i in blk]
            y = sum(1 for e in edges if s.st[e] == YES)
            n = sum(1 for e in edges if s.st[e] == NO)
            if len(edges) == 1:
                lo, hi = lo + y, hi + 1 - n
            else:
                p = corner[frozenset(edges)]
                lo += max(y, 1) if s.al[p] else y
                hi += min(2 - n, 1) if s.am[p] else 2 - n
        best_lo = lo if best_lo is None else max(best_lo, lo)
        best_hi = hi if best_hi is None else min(best_hi, hi)
    return best_lo, best_hi


def test_rest_bounds_are_the_extremes_over_every_cut():
    rng = random.Random(2024)
    checked = 0
    for _ in range(250):
        k = rng.choice((3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 13))
        s = _face_solver(k, rng)
        for w in (1, 2):
            lo, hi = rest_bounds(*s.arcs(0), w)
            for i in range(k):
                run = [(i + 1 + t) % k for t in range(k - w)]
                assert (lo[i], hi[i]) == _brute(s, run), (k, w, i)
                checked += 1
    assert len(_cuts(12)) == 233 and len(_cuts(11)) == 144     # Fibonacci: the count of cuts
    assert checked > 2500


def test_screens_bound_every_rest():
    rng = random.Random(7)
    seen_g = seen_l = 0
    for _ in range(1500):
        k = rng.choice((3, 4, 5, 6, 8, 13, 14))
        s = _face_solver(k, rng)
        es, cs = s.b.face_edges[0], s.b.face_corner[0]
        y = sum(1 for e in es if s.st[e] == YES)
        n = sum(1 for e in es if s.st[e] == NO)
        g, l = s._gain_loss(0)
        seen_g += g > 0
        seen_l += l > 0
        for w in (1, 2):
            lo, hi = rest_bounds(*s.arcs(0), w)
            for i in range(k):
                window = [es[i]] if w == 1 else [es[i - 1], es[i]]
                if any(s.st[e] for e in window):
                    continue
                assert y <= lo[i] <= y + g, (k, w, i)
                assert k - n - w - l <= hi[i] <= k - n - w, (k, w, i)
    assert seen_g > 100 and seen_l > 100


def _one_turn_loop(s: Solver) -> None:
    """The rule loop one turn at a time (the shape the per-level loop replaces)."""
    lv, top, watch = 0, s.level, s.watch
    left = watch.left
    while lv <= top:
        if not left:
            left = watch(s)
        left -= 1
        if s.qd[lv]:
            d = s.qd[lv].pop()
            s.ind[lv][d] = 0
            s.changed = False
            s.dot_rule[lv](s, d)
        elif s.qf[lv]:
            f = s.qf[lv].pop()
            s.inf[lv][f] = 0
            s.changed = False
            s.face_rule[lv](s, f)
        else:
            lv += 1
            continue
        if s.changed and lv:
            lv = 0
    watch.left = left


class _Seen:
    def __init__(self, every):
        self.every, self.left, self.states = every, 0, []

    def __call__(self, s):
        self.states.append((s.steps_done, bytes(s.st), bytes(s.al), bytes(s.am),
                            [list(q) for q in s.qd], [list(q) for q in s.qf]))
        return self.every


def test_fixpoint_turns_are_one_turn_loop_turns():
    from generator.loopy import generate, grid as G, loopgen, tiling_source
    _link, tiles = tiling_source.patch("hat", "24", "20", 2)
    grid = G.build(tiles)
    board = Board.of_grid(grid)
    rng = random.Random(11)
    full = generate.clues_of(grid, loopgen.loop_edges(grid, loopgen.generate(grid, rng)))
    for level in range(5):
        clues = [c if rng.random() < 0.6 else None for c in full]
        a, b = Solver(board, clues, level), Solver(board, clues, level)
        a.watch, b.watch = _Seen(5 + level), _Seen(5 + level)
        a.fixpoint()
        _one_turn_loop(b)
        assert len(a.watch.states) > 20
        assert a.watch.states == b.watch.states
        assert a.watch.left == b.watch.left and a.st == b.st and a.steps_done == b.steps_done


def test_the_four_sided_table_says_what_the_arc_rules_say():
    rng = random.Random(44)
    fired = [0, 0]
    for _ in range(3000):
        s = _face_solver(4, rng)
        es, cs, c = s.b.face_edges[0], s.b.face_corner[0], s.clues[0]
        st, al, am = s.st, s.al, s.am
        key = _key4(c, st, al, am, es, cs)
        for w in (1, 2):
            lo, hi = rest_bounds(*s.arcs(0), w)
            want = []
            for i in range(4):
                if w == 1:                  # face-arc on edge i: no, yes, or a contradiction
                    if st[es[i]]:
                        want.append(0)
                    elif lo[i] > c or hi[i] < c - 1:
                        want.append(3)
                    else:
                        want.append(1 if lo[i] == c else 2 if hi[i] == c - 1 else 0)
                else:                       # corner-from-face on corner i: AM1 | AL1 (new ones)
                    p = cs[i]
                    if st[es[i - 1]] or st[es[i]] or (al[p] and am[p]):
                        want.append(0)
                    else:
                        want.append((lo[i] > c - 2 and not am[p]) | (hi[i] < c and not al[p]) << 1)
            got = _arc4(w, key)
            assert (got or (0, 0, 0, 0)) == tuple(want), (w, key)
            assert got != (0, 0, 0, 0)      # "nothing anywhere" is 0
            fired[w - 1] += bool(got)
    assert min(fired) > 300


def test_pair_opp_holds_the_pairs_sharing_no_edge():
    from generator.loopy import grid as G, tiling_source
    seen = 0
    for tiling, w, h in (("p3", "6", "5"), ("hat", "24", "20")):
        _link, tiles = tiling_source.patch(tiling, w, h, 1)
        grid = G.build(tiles)
        for b in (Board.of_grid(grid), Board(len(grid.dots), grid.faces)):
            for ps in b.dot_pairs:
                for p in ps:
                    x, z = b.pair_edges[p]
                    want = [(q, *b.pair_edges[q]) for q in ps
                            if q != p and x not in b.pair_edges[q] and z not in b.pair_edges[q]]
                    assert list(b.pair_opp[p]) == want
                    seen += bool(want)
    assert seen > 100
