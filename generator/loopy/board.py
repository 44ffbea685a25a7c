"""The plane graph a Loopy solver reads: dots, edges, faces, and the pairs round each dot.

`Board` is made once per grid (`Board.of_grid`) or from a bare face list (a puzzle read from
its JSON); every table in it is fixed from then on, and `solver.Solver` and `fast.Closure`
read them (never change them).  What a table holds is said where it is built.  The words
(dot, edge, face, pair, AL1/AM1) are those of the rule book, `solver`.
"""

from __future__ import annotations

from itertools import accumulate, chain, repeat


class Board:
    """The incidences of a grid (dot lists of its faces, all the same way round).

    `edges` (pairs of dots) fixes the edge numbering; by default edges are numbered as they
    are first met walking the faces.  Pairs ("dlines") are numbered per dot in cyclic order.

    One constructor.  The cyclic order round each dot is what the faces alone give
    (`_rings_of_faces`); given the `grid` these faces came from (`Board.of_grid`), it is read
    from the grid's rings instead, where they are checked to be that same order
    (`_rings_of_grid`: cheaper than working it out again).  Every table after the rings is
    made once, by `_derive`, whichever way the rings came.
    """

    def __init__(self, n_dots: int, faces, edges=None, grid=None):
        if grid is None or not self._rings_of_grid(grid):
            self._rings_of_faces(n_dots, faces, edges)
        self._derive()

    @classmethod
    def of_grid(cls, grid) -> "Board":
        """The board of a generator.loopy.grid.Grid (same edge numbers)."""
        return cls(len(grid.dots), grid.faces, grid.edges, grid)

    def _rings_of_faces(self, n_dots: int, faces, edges) -> None:
        """The edge numbering, the pairs round every dot and the corners of every face, from
        the face list alone."""
        faces = [tuple(f) for f in faces]
        index: dict = {}
        if edges is not None:
            for a, b in edges:
                index[(min(a, b), max(a, b))] = len(index)
        face_edges = []
        for ds in faces:
            row = []
            for i, a in enumerate(ds):
                b = ds[(i + 1) % len(ds)]
                key = (min(a, b), max(a, b))
                if key not in index:
                    if edges is not None:
                        raise ValueError(f"face edge {key} is not in the edge list")
                    index[key] = len(index)
                row.append(index[key])
            face_edges.append(tuple(row))
        self.n_dots, self.faces, self.face_edges = n_dots, faces, face_edges
        self.edges = sorted(index, key=index.__getitem__)
        self.n_edges = len(self.edges)
        self.edge_faces = [[] for _ in self.edges]
        for f, es in enumerate(face_edges):
            for e in es:
                self.edge_faces[e].append(f)
        # cyclic order round each dot: the corner of face f at its dot i lies between face
        # edges i-1 and i; going round the dot, edge i is followed by edge i-1 across f.
        succ: list = [dict() for _ in range(n_dots)]
        for f, ds in enumerate(faces):
            es = face_edges[f]
            for i, d in enumerate(ds):
                succ[d][es[i]] = (es[i - 1], f)
        dot_edges = [[] for _ in range(n_dots)]
        for e, (a, b) in enumerate(self.edges):
            dot_edges[a].append(e)
            dot_edges[b].append(e)
        self.dot_edges, self.dot_pairs, self.pair_edges, self.pair_dot, self.pair_face = [], [], [], [], []
        corner_of: dict = {}
        for d in range(n_dots):
            s, es = succ[d], dot_edges[d]
            if not es:
                self.dot_edges.append(())
                self.dot_pairs.append(())
                continue
            targets = {x for x, _f in s.values()}
            starts = [e for e in es if e not in targets]
            ends = [e for e in es if e not in s]
            if len(starts) > 1 or len(ends) > 1 or len(starts) != len(ends):
                raise ValueError(f"dot {d} is not a disc point of the grid")
            if ends:
                s = dict(s)
                s[ends[0]] = (starts[0], -1)
            order, e = [], es[0] if not starts else starts[0]
            for _ in range(len(es)):
                order.append(e)
                e = s[e][0]
            if e != order[0] or len(set(order)) != len(es):
                raise ValueError(f"dot {d}: its faces do not go once round it")
            row = []
            for j, x in enumerate(order):
                y, f = s[x]
                p = len(self.pair_edges)
                self.pair_edges.append((x, y))
                self.pair_dot.append(d)
                self.pair_face.append(f)
                if f >= 0:
                    corner_of[(f, d)] = p
                row.append(p)
            self.dot_edges.append(tuple(order))
            self.dot_pairs.append(tuple(row))
        # face_corner[f][i]: the pair of face edges i-1 and i, at the face's dot i
        self.face_corner = [tuple(corner_of[(f, d)] for d in ds) for f, ds in enumerate(faces)]
        self.between = index
        self.dot_faces = None

    def _derive(self) -> None:
        """The faces round each dot (unless the rings gave them: each dot's faces ascending,
        the outside left out), and the tables the solver's hot paths read (the same facts in
        the shapes it reads), from the pairs.  A dot's pairs are numbered consecutively, dot
        after dot, so they are runs of the pair tables."""
        dot_faces = self.dot_faces
        deg = self.dot_deg = list(map(len, self.dot_edges))
        start = list(accumulate(deg, initial=0))
        pe = [(p, x, y) for p, (x, y) in enumerate(self.pair_edges)]   # (pair, its two edges)
        dot_pe = self.dot_pe = [tuple(pe[a:b]) for a, b in zip(start, start[1:])]   # round each dot
        if dot_faces is None:
            pf = self.pair_face
            dot_faces = []
            for a, b in zip(start, start[1:]):
                fs = sorted(set(pf[a:b]))
                if fs and fs[0] < 0:
                    del fs[0]               # the outside (-1 sorts first)
                dot_faces.append(fs)
        self.dot_faces = dot_faces
        self.face_size = list(map(len, self.face_edges))
        # (edge i-1, edge i, their corner) round each face
        self.face_ce = [tuple(zip(es[-1:] + es[:-1], es, cs)) for es, cs in zip(self.face_edges, self.face_corner)]
        # the faces an edge's yes pushes: round both dots, then its own, each at its first place
        # (a face already queued stays where it is: pushing it again changes nothing; an edge's
        # own faces are always round its dots already)
        edges = self.edges
        fromkeys = dict.fromkeys
        self.yes_faces = [tuple(fromkeys(dot_faces[a] + dot_faces[c])) for a, c in edges]
        self._runs()
        # per pair, the pairs of its dot that share no edge with it, each with its two edges
        # (opposite-pairs), in the dot's order; none at a dot of degree 3 or less.  Round a
        # dot pair j is edges j and j+1, so the pairs sharing an edge with it are j-1, j, j+1.
        pair_opp = [()] * len(pe)
        for row in dot_pe:
            k = len(row)
            if k > 3:
                pair_opp[row[0][0]] = row[2:k - 1]
                for j in range(1, k - 1):
                    pair_opp[row[j][0]] = row[:j - 1] + row[j + 2:]
                pair_opp[row[k - 1][0]] = row[1:k - 2]
        self.pair_opp = pair_opp

    def _runs(self) -> None:
        """For `Closure`: a dot of degree 2 makes its two edges equal, so the edges joined
        through such dots (a run: hat and Spectre sides are cut into runs by the neighbours'
        corners) are decided together.  Per edge of a run of two or more: `runs`, the run's
        edges (else None); `run_ends`, the dots at its two ends (the edge's own for an edge
        alone; one dot twice for a run that closes on itself); `run_inner`, its dots of
        degree 2 (each gets two yes or two no edges when the run is decided)."""
        deg, de, edges = self.dot_deg, self.dot_edges, self.edges
        runs, run_ends, run_inner = [None] * self.n_edges, list(edges), [()] * self.n_edges

        def walk(e0: int, d: int):
            """From edge e0 out through its dot d, on across dots of degree 2: (the edges
            met, the dots of degree 2 passed, the dot it stops at; None: back at e0)."""
            e, met, passed = e0, [], []
            while deg[d] == 2:
                x, y = de[d]
                e = y if x == e else x
                if e == e0:
                    return met, passed, None
                passed.append(d)
                met.append(e)
                a, c = edges[e]
                d = c if a == d else a
            return met, passed, d

        for e0, (a0, c0) in enumerate(edges):
            if runs[e0] is not None or (deg[a0] != 2 and deg[c0] != 2):
                continue
            met, passed, tip = walk(e0, c0)
            if tip is None:                     # a closed run of dots of degree 2 alone:
                ends = (a0, a0)                 # a0 (the walk's last, not passed) stands for its ends
            else:
                back, passed_back, tip0 = walk(e0, a0)
                met += back
                passed += passed_back
                ends = (tip0, tip)
            run, inner = (e0, *met), tuple(passed)
            for e in run:
                runs[e], run_ends[e], run_inner[e] = run, ends, inner
        self.runs, self.run_ends, self.run_inner = runs, run_ends, run_inner

    def _rings_of_grid(self, grid) -> bool:
        """What `_rings_of_faces` finds, read from the grid.  The grid already has each face's
        edges (`Grid.face_edges`, numbered as `Grid.edges`) and their faces, made from the
        same face list, and each dot's edges in counter-clockwise order with the face in each
        angle (`Grid.dot_edges`, `Grid.dot_corners`, sorted by float angles): the first are
        taken as they are, the cyclic orders read from the second.  False (and the tables
        unfinished) unless every face corner is exactly one pair, the face's edges i and i-1
        round its dot i, and no dot has more than one outside angle — then these are the pairs
        the faces alone give.

        Round a dot `_rings_of_faces` starts at the edge after the outside angle, or at the
        dot's lowest edge number if the dot is inner; so here.
        """
        n_dots, faces, face_edges = len(grid.dots), list(grid.faces), list(grid.face_edges)
        dot_edges, corners = [], []
        for es, cs in zip(grid.dot_edges, grid.dot_corners):
            if len(cs) == 2:                # most dots of hats and Spectres: the same, unrolled
                f, g = cs
                if f == -1:
                    if g == -1:
                        return False
                    es, cs = (es[1], es[0]), (g, f)
                elif g != -1 and es[1] < es[0]:
                    es, cs = (es[1], es[0]), (g, f)
            elif -1 in cs:
                r = cs.index(-1) + 1
                if -1 in cs[r:]:
                    return False
                if r < len(cs):
                    es, cs = es[r:] + es[:r], cs[r:] + cs[:r]
            elif es:
                r = es.index(min(es))
                if r:
                    es, cs = es[r:] + es[:r], cs[r:] + cs[:r]
            dot_edges.append(es)
            corners.append(cs)
        deg = list(map(len, dot_edges))
        start = list(accumulate(deg, initial=0))
        every = tuple(range(start[-1]))     # a dot's pairs are a run of all the pairs
        dot_pairs = [every[a:b] for a, b in zip(start, start[1:])]
        # pair p is the edge at p in a dot's ring and the one after it: the next place, or the
        # dot's first at its last
        flat = list(chain.from_iterable(dot_edges))
        after = list(range(1, len(flat) + 1))
        for a, b in zip(start, start[1:]):
            if b > a:
                after[b - 1] = a
        pair_edges = list(zip(flat, [flat[i] for i in after]))
        pair_dot = list(chain.from_iterable(map(repeat, range(n_dots), deg)))
        pair_face = list(chain.from_iterable(corners))
        # face f's corner at its dot d: the pair of d whose face is f (found by position among
        # the dot's corners; a face twice at a dot leaves a pair no face corner takes, which
        # the count below refuses)
        face_corner = []
        try:
            for f, ds, es in zip(range(len(faces)), faces, face_edges):
                ps = tuple([dot_pairs[d][corners[d].index(f)] for d in ds])
                if [pair_edges[q] for q in ps] != list(zip(es, es[-1:] + es[:-1])):
                    return False
                face_corner.append(ps)
        except ValueError:              # a face not at one of its dots
            return False
        if sum(map(len, faces)) != len(pair_face) - pair_face.count(-1):
            return False
        edges = list(grid.edges)
        self.n_dots, self.faces, self.face_edges = n_dots, faces, face_edges
        self.edges, self.n_edges = edges, len(edges)
        self.edge_faces = [[a] if b < 0 else [a, b] for a, b in grid.edge_faces]
        self.dot_edges, self.dot_pairs, self.pair_edges, self.pair_dot, self.pair_face = \
            dot_edges, dot_pairs, pair_edges, pair_dot, pair_face
        self.face_corner = face_corner
        self.between = dict(zip(edges, range(len(edges))))
        # the faces round a dot are then the faces with that dot (a face has a dot once),
        # met in ascending order walking the faces
        dot_faces: list = [[] for _ in range(n_dots)]
        for f, ds in enumerate(faces):
            for d in ds:
                dot_faces[d].append(f)
        self.dot_faces = dot_faces
        return True
