"""Loopy engine: grid building, loop growth, the graded solver and the generator.

Uniqueness is checked by tests/loopy_brute.py (a SAT search with cycle cuts), which shares
no code with the deduction solver; the Easy level is checked against a naive re-statement
of Tatham's four Easy rules written here.
"""

from __future__ import annotations

import random

import pytest

from generator.errors import TilepressError
from generator.loopy import generate, loopgen
from generator.loopy.grid import Cell, build, rings
from generator.loopy.solver import AMBIGUOUS, EASY, HARD, LEVELS, NORMAL, SOLVED, TRICKY, YES, Board, solve
from loopy_brute import count_loops
from loopy_grids import bricks, hexagons, squares

GRIDS = {"squares": lambda: squares(6, 6), "hexagons": lambda: hexagons(7, 6), "bricks": lambda: bricks(5, 6)}


def degrees(grid, loop):
    """Loop degree of every dot."""
    deg = [0] * len(grid.dots)
    for e in loop:
        a, b = grid.edges[e]
        deg[a] += 1
        deg[b] += 1
    return deg


def is_one_cycle(grid, loop) -> bool:
    """Is a set of edges one simple cycle (degrees 0/2, connected, non-empty)?"""
    if not loop or any(d not in (0, 2) for d in degrees(grid, loop)):
        return False
    adj: dict = {}
    for e in loop:
        a, b = grid.edges[e]
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen, stack = {next(iter(adj))}, [next(iter(adj))]
    while stack:
        for o in adj[stack.pop()]:
            if o not in seen:
                seen.add(o)
                stack.append(o)
    return len(seen) == len(adj)


# ---- grid ---------------------------------------------------------------------------------

def test_square_grid_counts_and_disc():
    g = squares(4, 3)
    assert (len(g.dots), len(g.edges), len(g.faces)) == (20, 31, 12)
    assert len(g.dots) - len(g.edges) + len(g.faces) == 1


def test_dots_are_deduplicated_exactly_and_order_is_deterministic():
    cells = [Cell("square", p, p) for p in
             ([(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(5) for y in range(5))]
    a = build(cells)
    shuffled = list(cells)
    random.Random(3).shuffle(shuffled)
    # reversed outlines and shuffled tiles: the same grid
    b = build([Cell(c.kind, c.exact[::-1], c.points[::-1]) for c in shuffled])
    assert a == b
    assert len(set(a.keys)) == len(a.keys) == 36


def test_trim_drops_corner_hangers_and_far_islands():
    sq = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(3) for y in range(3)]
    hanger = [(3, 3), (4, 3), (4, 4), (3, 4)]           # touches the block at one corner only
    island = [(10, 10), (11, 10), (11, 11), (10, 11)]
    g = build([Cell("s", tuple(p), tuple(p)) for p in sq + [hanger, island]])
    assert len(g.faces) == 9


def test_trim_puts_back_enclosed_faces_and_opens_uncovered_holes():
    sq = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(6) for y in range(6)]
    # a square that touches no interior dot of the core (only the far corner) is dropped,
    # while every interior square is kept
    g = build([Cell("s", tuple(p), tuple(p)) for p in sq])
    assert len(g.faces) == 36
    holed = build([Cell("s", tuple(p), tuple(p)) for p in sq if p[0] != (2, 2)])
    assert len(holed.dots) - len(holed.edges) + len(holed.faces) == 1
    assert 20 <= len(holed.faces) < 35


def test_overlapping_tiles_are_rejected():
    p = ((0, 0), (1, 0), (1, 1), (0, 1))
    with pytest.raises(TilepressError):
        build([Cell("s", p, p)] * 3)


def test_rings_walk_round_the_face():
    g = squares(3, 3)
    centre = next(f for f, ids in enumerate(g.faces) if all(0 < g.dots[d][0] < 3 and 0 < g.dots[d][1] < 3 for d in ids))
    ring = rings(g)[centre]
    assert set(ring) == set(range(9)) - {centre}
    # consecutive entries share a dot with each other (a walk round the face)
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert a == b or set(g.faces[a]) & set(g.faces[b])


def _board_tables(b) -> dict:
    return dict(vars(b))


def _hat_grid():
    from generator.loopy import tiling_source
    return build(tiling_source.patch("hat", "24", "20", 1)[1])


@pytest.mark.parametrize("name", sorted(GRIDS) + ["hat"])
def test_board_of_grid_is_the_board_of_the_faces(name):
    """Board.of_grid reads each dot's cyclic order from the grid's rings: every table equals
    the one worked out from the faces alone; and rings that disagree with the faces (here
    two edges swapped round an inner dot, or two faces swapped in its angles) are not
    believed: the board is still the faces' one."""
    g = _hat_grid() if name == "hat" else GRIDS[name]()
    faces_only = _board_tables(Board(len(g.dots), g.faces, g.edges))
    assert _board_tables(Board.of_grid(g)) == faces_only
    d = next(d for d, cs in enumerate(g.dot_corners) if -1 not in cs and len(cs) >= 3)
    for field in ("dot_edges", "dot_corners"):
        ring = list(getattr(g, field)[d])
        ring[0], ring[1] = ring[1], ring[0]
        table = list(getattr(g, field))
        table[d] = tuple(ring)
        bad = g._replace(**{field: tuple(table)})
        assert _board_tables(Board.of_grid(bad)) == faces_only


def test_bricks_have_straight_dots():
    g = bricks(5, 6)
    assert max(len(f) for f in g.faces) == 6
    assert any(len(es) == 3 for es in g.dot_edges)


# ---- loops --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(GRIDS))
def test_grown_loops_are_single_simple_cycles(name):
    g = GRIDS[name]()
    for seed in range(25):
        colour = loopgen.generate(g, random.Random(seed))
        loop = loopgen.loop_edges(g, colour)
        assert is_one_cycle(g, loop), seed
        inside = {f for f, c in enumerate(colour) if c == loopgen.IN}
        # the inside is edge-connected
        seen, stack = {min(inside)}, [min(inside)]
        while stack:
            f = stack.pop()
            for e in g.face_edges[f]:
                for h in g.edge_faces[e]:
                    if h in inside and h not in seen:
                        seen.add(h)
                        stack.append(h)
        assert seen == inside


def test_loop_growth_is_deterministic():
    g = hexagons(6, 6)
    assert loopgen.generate(g, random.Random("x")) == loopgen.generate(g, random.Random("x"))


def grow_by_definition(grid, rng):
    """loopgen.generate as its docstring states it, asking `legal` afresh every time (the
    generator keeps `legal`'s counts up to date instead: it must make the same choices)."""
    from heapq import heappop, heappush
    IN, OUT = loopgen.IN, loopgen.OUT
    ring = rings(grid)
    ef = grid.edge_faces
    nbrs = [[a if a != f else b for a, b in [ef[e] for e in es]] for f, es in enumerate(grid.face_edges)]
    around = [sorted({g for g in r if g >= 0}) for r in ring]
    n = len(grid.faces)
    for _ in range(loopgen.MAX_ATTEMPTS):
        colour = [0] * n + [OUT]
        colour[rng.randrange(n)] = IN
        heaps = {IN: [], OUT: []}

        def offer(f):
            for c in (IN, OUT):
                if loopgen.legal(ring[f], nbrs[f], colour, c):
                    heappush(heaps[c], ([colour[g] for g in nbrs[f]].count(c), rng.random(), f))

        for f in range(n):
            if not colour[f]:
                offer(f)
        while True:
            order = (IN, OUT) if rng.random() < 0.5 else (OUT, IN)
            chosen = None
            for c in order:
                heap = heaps[c]
                while heap and chosen is None:
                    same, _r, f = heappop(heap)
                    if colour[f] or not loopgen.legal(ring[f], nbrs[f], colour, c):
                        continue
                    now = [colour[g] for g in nbrs[f]].count(c)
                    if now != same:
                        heappush(heap, (now, rng.random(), f))
                        continue
                    chosen = f
                    colour[f] = c
                    for g in around[f]:
                        if not colour[g]:
                            offer(g)
                if chosen is not None:
                    break
            if chosen is None:
                break
        if not all(colour) or IN not in colour[:n] or OUT not in colour[:n]:
            continue
        order = list(range(n))
        rng.shuffle(order)
        for f in order:
            other = IN + OUT - colour[f]
            if (loopgen.legal(ring[f], nbrs[f], colour, other) and loopgen.legal(ring[f], nbrs[f], colour, colour[f])
                    and rng.random() < 0.1):
                colour[f] = other
        return colour[:n]
    raise AssertionError("no loop")


@pytest.mark.parametrize("tiling", ["p2", "p3", "hat", "spectre", "squares", "hexagons", "bricks"])
def test_loop_growth_makes_the_choices_of_its_definition(tiling):
    from generator.loopy import puzzle, tiling_source
    if tiling in GRIDS:
        grids = [GRIDS[tiling]()]
    else:
        size = {"p2": ("5", "4"), "p3": ("6", "5"), "hat": ("24", "20"), "spectre": ("18", "15")}[tiling]
        grids = [puzzle._grid(tiling_source.patch(tiling, *size, seed)[1]) for seed in (1, 2)]
    for g in grids:
        for seed in range(6):
            a, b = random.Random(seed), random.Random(seed)
            assert loopgen.generate(g, a) == grow_by_definition(g, b), seed
            assert a.getstate() == b.getstate()         # the same random numbers drawn


# ---- the Easy level is exactly Tatham's four rules ----------------------------------------

def naive_easy(grid, clues):
    """Fixpoint of the four Easy rules by brute sweeps: edge states (0 ?, 1 yes, 2 no) or None."""
    st = [0] * len(grid.edges)
    faces, dot_edges = grid.face_edges, grid.dot_edges

    def chains():
        parent = list(range(len(grid.dots)))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x
        for e, s in enumerate(st):
            if s == 1:
                a, b = grid.edges[e]
                parent[find(a)] = find(b)
        return find

    changed = True
    while changed:
        changed = False
        new = list(st)
        for f, c in enumerate(clues):
            if c is None:
                continue
            es = faces[f]
            y = sum(st[e] == 1 for e in es)
            und = [e for e in es if st[e] == 0]
            if y > c or y + len(und) < c:
                return None
            if und and y == c:
                for e in und:
                    new[e] = 2
            elif und and y + len(und) == c:
                for e in und:
                    new[e] = 1
            elif len(und) >= 2 and c - y == len(und) - 1:
                for i, e in enumerate(es):
                    a = es[i - 1]
                    d = grid.faces[f][i]
                    if st[a] == 0 and st[e] == 0 and sum(st[x] == 1 for x in dot_edges[d]) == 1:
                        for x in und:
                            if x not in (a, e):
                                new[x] = 1
                        break
        for d, es in enumerate(dot_edges):
            y = sum(st[e] == 1 for e in es)
            und = [e for e in es if st[e] == 0]
            if y == 2:
                for e in und:
                    new[e] = 2
            elif len(und) == 1:
                new[und[0]] = 1 if y == 1 else 2
        find = chains()
        yes = [e for e, s in enumerate(st) if s == 1]
        roots = {find(grid.edges[e][0]) for e in yes}
        edges_in = {r: sum(1 for e in yes if find(grid.edges[e][0]) == r) for r in roots}
        dots_in = {r: len({d for e in yes for d in grid.edges[e] if find(d) == r}) for r in roots}
        closed = any(edges_in[r] == dots_in[r] for r in roots)
        for e, s in enumerate(st):
            if s != 0:
                continue
            if closed:
                new[e] = 2
                continue
            a, b = grid.edges[e]
            if find(a) != find(b) or not yes:
                continue
            whole = len(roots) == 1
            finish = all(c is None or sum(st[x] == 1 or x == e for x in faces[f]) == c for f, c in enumerate(clues))
            if not (whole and finish):
                new[e] = 2
        if new != st:
            for e in range(len(st)):
                if st[e] != 0 and new[e] != st[e]:
                    return None
            st, changed = new, True
    return st


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_easy_level_is_exactly_the_four_rules(name):
    g = GRIDS[name]()
    tables = Board.of_grid(g)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        loop = loopgen.loop_edges(g, loopgen.generate(g, rng))
        clues = generate.clues_of(g, loop)
        for keep in (0.9, 0.7, 0.5):
            partial = [c if rng.random() < keep else None for c in clues]
            verdict, state = solve(tables, partial, EASY)
            ref = naive_easy(g, partial)
            if ref is None or verdict == AMBIGUOUS:      # the reference leaves that edge and goes on
                continue
            assert verdict != "contradiction"
            assert state == ref, (seed, keep)
            checked += 1
    assert checked >= 20


# ---- generated puzzles: unique, and exactly of their level --------------------------------

@pytest.mark.parametrize("name", sorted(GRIDS))
@pytest.mark.parametrize("level", range(4))
def test_generated_puzzles_are_unique_and_of_their_level(name, level):
    g = GRIDS[name]()
    tables = Board.of_grid(g)
    for seed in range(4):
        clues, loop, _st = generate.make_v2(g, level, random.Random(f"{name}{level}{seed}"), tables)
        n, sols = count_loops(len(g.dots), [list(f) for f in g.faces], clues)
        assert n == 1
        assert sols[0] == frozenset(g.edges[e] for e in loop)
        assert solve(tables, clues, level)[0] == SOLVED
        if level > EASY:
            assert solve(tables, clues, level - 1)[0] != SOLVED
            assert solve(tables, clues, EASY)[0] != SOLVED


def test_solver_never_claims_a_non_unique_puzzle():
    g = squares(5, 5)
    tables = Board.of_grid(g)
    rng = random.Random(7)
    seen = 0
    for _ in range(40):
        loop = loopgen.loop_edges(g, loopgen.generate(g, rng))
        clues = [c if rng.random() < 0.35 else None for c in generate.clues_of(g, loop)]
        n, _ = count_loops(len(g.dots), [list(f) for f in g.faces], clues)
        verdict, state = solve(tables, clues, HARD)
        if n > 1:
            seen += 1
            assert verdict != SOLVED
        if verdict == SOLVED:
            assert n == 1 and {e for e, s in enumerate(state) if s == YES} == set(loop)
    assert seen >= 5


def test_levels_are_nested():
    g = hexagons(6, 6)
    tables = Board.of_grid(g)
    for seed in range(6):
        clues, _loop, _ = generate.make_v2(g, NORMAL, random.Random(seed), tables)
        assert [solve(tables, clues, lv)[0] == SOLVED for lv in range(5)] == [False, True, True, True, True]
        clues, _loop, _ = generate.make_v2(g, TRICKY, random.Random(seed), tables)
        assert [solve(tables, clues, lv)[0] == SOLVED for lv in range(5)] == [False, False, True, True, True]


def test_contradictory_clues_are_reported():
    g = squares(3, 3)
    tables = Board.of_grid(g)
    assert solve(tables, [4] * 9, HARD)[0] == "contradiction"
    assert solve(tables, [0] * 9, HARD)[0] == "contradiction"   # no loop at all is not a solution
    assert LEVELS == ("easy", "normal", "tricky", "hard", "expert")


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_every_level_is_sound_on_random_clue_sets(name):
    """Whatever the solver decides agrees with every solution the SAT search finds."""
    g = GRIDS[name]()
    tables = Board.of_grid(g)
    faces = [list(f) for f in g.faces]
    rng = random.Random(name)
    verdicts = set()
    for _ in range(60):
        loop = loopgen.loop_edges(g, loopgen.generate(g, rng))
        clues = generate.clues_of(g, loop)
        keep = rng.choice([0.3, 0.5, 0.7])
        clues = [c if rng.random() < keep else None for c in clues]
        if rng.random() < 0.3:                       # sometimes break a clue: maybe no solution
            f = rng.randrange(len(clues))
            clues[f] = rng.randrange(len(faces[f]) + 1)
        n, sols = count_loops(len(g.dots), faces, clues, limit=50)
        for level in range(5):
            verdict, state = solve(tables, clues, level)
            verdicts.add(verdict)
            if verdict == SOLVED:
                assert n == 1
            if verdict == "contradiction":
                assert n == 0
            for sol in sols:
                for e, s in enumerate(state):
                    if s:
                        assert (s == YES) == (g.edges[e] in sol), (level, e)
    assert {"solved", "stuck", "contradiction"} <= verdicts


# ---- clue placement -----------------------------------------------------------------------

def test_pole_of_inaccessibility_matches_known_shapes():
    from math import sqrt
    from generator.loopy.pole import pole, signed_distance
    x, y, r = pole([(0, 0), (4, 0), (4, 2), (0, 2)])
    assert abs(x - 2) < 0.01 and abs(y - 1) < 0.01 and abs(r - 1) < 0.01
    # an L of arm width 1: the best circle sits in the corner square, touching the reflex
    # corner (1, 1): centre (t, t) with t = √2 (1 − t), i.e. t = √2 / (1 + √2)
    L = [(0, 0), (6, 0), (6, 1), (1, 1), (1, 6), (0, 6)]
    x, y, r = pole(L)
    t = sqrt(2) / (1 + sqrt(2))
    assert abs(r - t) < 0.01 and signed_distance(x, y, L) == r
    centroid_depth = signed_distance(sum(p[0] for p in L) / 6, sum(p[1] for p in L) / 6, L)
    assert r > centroid_depth


def test_a_result_solvable_one_level_lower_is_rejected(monkeypatch):
    """generate.make_v2 retries when the thinned clues also yield to the level below."""
    g = squares(5, 5)
    tables = Board.of_grid(g)
    real = generate._solved
    calls = {"lower": 0}

    def fake(tables_, clues, level):
        if level == NORMAL - 1 and None in clues and calls["lower"] == 0:
            calls["lower"] += 1
            return True                          # pretend the first thinned set is too easy
        return real(tables_, clues, level)

    monkeypatch.setattr(generate, "_solved", fake)
    clues, loop, stats = generate.make_v2(g, NORMAL, random.Random(1), tables)
    assert stats["too_easy"] == 1 and stats["loops"] >= 2
    assert real(tables, clues, NORMAL)
