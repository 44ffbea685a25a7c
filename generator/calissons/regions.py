"""Regions of the triangular grid as text: boundary words, named shapes, random shapes.

A region is a finite simply connected set of grid triangles whose boundary is one simple
closed path.  It is written as that path: six letters for the six unit steps, each 60
degrees to the left of the previous one,

    a = +x (1, 0)   b = -z (1, 1)   c = +y (0, 1)   d = -x (-1, 0)   e = +z (-1, -1)   f = -y (0, -1)

in (a, b) coordinates (on screen: a down-left, b down, c down-right, d up-right, e up,
f up-left), run-length encoded: `3a3b3c3d3e3f` is the hexagon of side 3.  A run is an
optional decimal count (no leading zero) and a letter.  The word may start anywhere and
go either way round; the region is what it encloses.

Canonical form (in JSON and permalinks): counterclockwise in (a, b) coordinates (region
on the left), starting at the smallest boundary vertex in (a, b) order, equal letters
merged, a count of 1 left out.  A region is placed so that its vertices' bounding box in
(a, b) coordinates is centred on the origin (rounding down), so every hexagon lands where
`model.hexagon` puts it and a word fixes the coordinates of its given edges.

Validation happens on the text before any work: at most MAX_WORD_CHARS characters and
MAX_PERIMETER unit steps, then the walk must close, never revisit a vertex (simple), and
enclose at most MAX_REGION_TRIANGLES triangles (its area comes from the shoelace formula
on the runs, before a single triangle is made).

Tilability (Thurston, "Conway's tiling groups", 1990).  Give every boundary edge the
height step +1 in its own direction (x, y, z), -1 against it.  A tiling exists iff
(1) the walk round the boundary rises by 0 — equivalently the region has as many
triangles of one kind as of the other — and (2) the least and greatest height functions
allowed by the boundary (shortest paths from the boundary with step bounds +1 forward,
-2 backward) do not cross: floor <= ceil at every vertex.  `reason` says which fails.

Named shapes (`NAMES`) are words in the size N; `random_region` grows a random tilable
shape one calisson at a time.  `parse_region(text, size)` is the one entry point every
command uses: a name (with --size, or `name:N`) or a word.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from generator.calissons.model import Region, edge_triangles, head, hexagon, triangle_edges, triangle_vertices
from generator.errors import TilepressError

LETTERS = "abcdef"
VEC = {"a": (1, 0), "b": (1, 1), "c": (0, 1), "d": (-1, 0), "e": (-1, -1), "f": (0, -1)}
LETTER_OF = {v: k for k, v in VEC.items()}
MAX_WORD_CHARS = 12000
MAX_PERIMETER = 12000
MAX_REGION_TRIANGLES = 60000
MAX_RANDOM_SIZE = 20000
PICKS = 4                 # random regions: the most compact of this many candidate calissons
_RUN = re.compile(r"([0-9]*)([a-z]?)")


@dataclass
class Shape:
    """A validated region: its canonical word, name (or None), triangles and the Region."""

    word: str
    triangles: list
    name: str | None = None
    size: int | None = None
    title: str | None = None      # how a random shape is called ("random shape 7, 300 triangles")
    _region: Region | None = field(default=None, repr=False)

    @property
    def hexagon_n(self) -> int | None:
        """The side when this is the hexagon (today's puzzles and links), else None."""
        return self.size if self.name == "hexagon" else None

    @property
    def region(self) -> Region:
        """The solver's Region (the closed-form hexagon for hexagons)."""
        if self._region is None:
            self._region = hexagon(self.size) if self.name == "hexagon" else Region(self.triangles)
        return self._region

    @property
    def side(self) -> int:
        """The side of the hexagon of about the same area (progress bars use it)."""
        return int((len(self.triangles) / 6) ** 0.5)

    @property
    def label(self) -> str:
        """How messages and titles name the shape."""
        if self.title:
            return self.title
        if self.name:
            return f"{self.name} {self.size}" if self.size is not None else self.name
        return f"a region of {len(self.triangles)} triangles"

    def boundary(self) -> list[tuple[int, int]]:
        """The boundary vertices in canonical order (the word walked from its start)."""
        if not hasattr(self, "_bverts"):
            self._bverts = walk_vertices(self.word, self.start())[:-1]
        return self._bverts

    def start(self) -> tuple[int, int]:
        """The start vertex of the canonical word (the smallest boundary vertex)."""
        return min(v for t in self.triangles for v in triangle_vertices(t) if v in self._boundary_set())

    def _boundary_set(self) -> set:
        if not hasattr(self, "_bset"):
            self._bset = {v for e in _boundary_darts(self.triangles) for v in e}
        return self._bset

    def record(self) -> dict:
        """The region in JSON: word, name, size, boundary vertices, triangles."""
        return {"word": self.word, "name": self.name, "size": self.size,
                "boundary": [list(v) for v in self.boundary()],
                "triangles": [list(t) for t in self.triangles]}


def _err(msg: str) -> TilepressError:
    return TilepressError(f"region word: {msg}")


# --- words ---------------------------------------------------------------------------------

def parse_runs(text: str) -> list[tuple[int, str]]:
    """The runs (count, letter) of a word, checked for syntax and size before any walking."""
    if not isinstance(text, str):
        raise _err("must be a string")
    word = text.strip()
    if not word:
        raise _err("empty (expected runs like 3a3b3c3d3e3f)")
    if len(word) > MAX_WORD_CHARS:
        raise _err(f"too long ({len(word)} characters, limit {MAX_WORD_CHARS})")
    runs = []
    total = 0
    pos = 0
    while pos < len(word):
        m = _RUN.match(word, pos)
        digits, letter = m.group(1), m.group(2)
        if not letter:
            bad = word[m.end()] if m.end() < len(word) else None
            if bad is None:
                raise _err(f"ends with a count ({digits!r}) and no direction letter")
            raise _err(f"character {m.end() + 1} ({bad!r}) is not a direction letter a-f or a digit")
        if letter not in VEC:
            raise _err(f"character {m.end()} ({letter!r}) is not a direction letter a-f")
        if digits.startswith("0"):
            raise _err(f"run at character {pos + 1}: count {digits!r} must be a positive number "
                       "without leading zeros")
        if len(digits) > 4:
            raise _err(f"run at character {pos + 1}: count {digits} too large (perimeter limit "
                       f"{MAX_PERIMETER})")
        k = int(digits) if digits else 1
        total += k
        if total > MAX_PERIMETER:
            raise _err(f"perimeter over {MAX_PERIMETER} unit steps")
        runs.append((k, letter))
        pos = m.end()
    return runs


def _shoelace2(runs, start=(0, 0)) -> int:
    """Twice the signed area of the walk in (a, b) units (= signed number of triangles)."""
    a, b = start
    s = 0
    for k, L in runs:
        da, db = VEC[L]
        na, nb = a + k * da, b + k * db
        s += a * nb - na * b
        a, b = na, nb
    return s


def walk_vertices(word: str, start=(0, 0)) -> list[tuple[int, int]]:
    """The vertices of a word's walk from `start` (first and last equal when it closes)."""
    a, b = start
    out = [(a, b)]
    for k, L in parse_runs(word):
        da, db = VEC[L]
        for _ in range(k):
            a, b = a + da, b + db
            out.append((a, b))
    return out


def _check_walk(runs) -> list[tuple[int, int]]:
    """The closed simple walk of the runs from (0, 0), counterclockwise; errors name the fault."""
    verts = [(0, 0)]
    a = b = 0
    step = 0
    seen = {(0, 0): 0}
    for k, L in runs:
        da, db = VEC[L]
        for _ in range(k):
            a, b = a + da, b + db
            step += 1
            if (a, b) in seen and not ((a, b) == (0, 0) and step == sum(r[0] for r in runs)):
                raise _err(f"not simple: step {step} comes back to vertex ({a}, {b}) "
                           f"(first reached at step {seen[(a, b)]})")
            seen.setdefault((a, b), step)
            verts.append((a, b))
    if (a, b) != (0, 0):
        raise _err(f"does not close: the walk ends at ({a}, {b}), not at its start (0, 0)")
    if step < 3:
        raise _err("encloses nothing (fewer than 3 steps)")
    return verts


def _left_triangle(p, q, r) -> tuple[int, int, int]:
    """The grid triangle with corners p, q, r (any order)."""
    a = min(p[0], q[0], r[0])
    b = min(p[1], q[1], r[1])
    return (a, b, 0 if (a + 1, b) in (p, q, r) else 1)


def _ccw(t):
    """The corners of a triangle counterclockwise in (a, b) coordinates."""
    a, b, k = t
    if k == 0:
        return ((a, b), (a + 1, b), (a + 1, b + 1))
    return ((a, b), (a + 1, b + 1), (a, b + 1))


def _boundary_darts(triangles) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Boundary edges directed with the region on their left."""
    darts = set()
    for t in triangles:
        c = _ccw(t)
        for i in range(3):
            darts.add((c[i], c[(i + 1) % 3]))
    return sorted(d for d in darts if (d[1], d[0]) not in darts)


def canonical_word(triangles) -> str:
    """The canonical boundary word of a set of triangles, or TilepressError if it is not a
    disk with a simple boundary."""
    darts = _boundary_darts(triangles)
    if not darts:
        raise _err("the region is empty")
    nxt = {}
    for p, q in darts:
        if p in nxt:
            raise TilepressError(f"region is not simple: its boundary touches itself at {p}")
        nxt[p] = q
    start = min(nxt)
    letters = []
    v = start
    while True:
        w = nxt[v]
        letters.append(LETTER_OF[(w[0] - v[0], w[1] - v[1])])
        v = w
        if v == start:
            break
    if len(letters) != len(darts):
        raise TilepressError("region is not simply connected (its boundary has several pieces)")
    return compress(letters)


def compress(letters) -> str:
    """Run-length spelling of a letter sequence (count 1 left out)."""
    out = []
    i = 0
    while i < len(letters):
        j = i
        while j < len(letters) and letters[j] == letters[i]:
            j += 1
        out.append(("" if j - i == 1 else str(j - i)) + letters[i])
        i = j
    return "".join(out)


def centred(triangles) -> list:
    """The triangles translated so their vertices' bounding box is centred (rounding down)."""
    verts = [v for t in triangles for v in triangle_vertices(t)]
    amin, amax = min(v[0] for v in verts), max(v[0] for v in verts)
    bmin, bmax = min(v[1] for v in verts), max(v[1] for v in verts)
    da = -((amin + amax) // 2)
    db = -((bmin + bmax) // 2)
    return sorted((a + da, b + db, k) for a, b, k in triangles)


def area_of_word(text: str) -> int:
    """The triangles a boundary word's walk encloses (signed; shoelace over its runs), size-checked."""
    area2 = _shoelace2(parse_runs(text))
    if abs(area2) > MAX_REGION_TRIANGLES:
        raise _err(f"encloses {abs(area2)} triangles (limit {MAX_REGION_TRIANGLES})")
    return area2


def region_from_word(text: str) -> Shape:
    """The validated region a boundary word encloses (see the module notes)."""
    runs = parse_runs(text)
    area2 = area_of_word(text)
    verts = _check_walk(runs)
    if area2 < 0:                           # clockwise: walk it the other way
        verts = verts[::-1]
    darts = [(verts[i], verts[i + 1]) for i in range(len(verts) - 1)]
    wall = {frozenset(d) for d in darts}
    seeds = []
    for p, q in darts:
        da, db = q[0] - p[0], q[1] - p[1]
        nxt = LETTERS[(LETTERS.index(LETTER_OF[(da, db)]) + 1) % 6]
        r = (p[0] + VEC[nxt][0], p[1] + VEC[nxt][1])
        seeds.append(_left_triangle(p, q, r))
    tris = set(seeds)
    stack = list(tris)
    limit = abs(area2)
    while stack:
        t = stack.pop()
        c = triangle_vertices(t)
        for i in range(3):
            p, q = c[i], c[(i + 1) % 3]
            if frozenset((p, q)) in wall:
                continue
            r = c[(i + 2) % 3]
            # the triangle across edge pq: reflect r through the edge's midpoint
            s = (p[0] + q[0] - r[0], p[1] + q[1] - r[1])
            u = _left_triangle(p, q, s)
            if u not in tris:
                tris.add(u)
                if len(tris) > limit:          # cannot happen for a simple closed walk
                    raise _err("the fill escaped the boundary")  # pragma: no cover
                stack.append(u)
    tris = centred(tris)
    return Shape(canonical_word(tris), tris)


# --- tilability ----------------------------------------------------------------------------

def reason(shape: Shape) -> str | None:
    """None if the region is tilable, else why not (Thurston's two conditions)."""
    up = sum(1 for t in shape.triangles if t[2] == 0)
    down = len(shape.triangles) - up
    if up != down:
        rise = sum((1 if L in "ace" else -1) * k for k, L in parse_runs(shape.word))
        return (f"not tilable: the boundary height does not close up (the walk round the boundary "
                f"rises by {rise}, not 0: {up} triangles of one kind, {down} of the other)")
    reg = shape.region
    if not reg.closes:      # pragma: no cover - balanced simple regions always close
        return "not tilable: the boundary height does not close up"
    if reg.floor is None:
        lo, hi = reg.bounds_by_search()
        bad = next(v for v in range(len(lo)) if lo[v] > hi[v])
        a, b = reg.coords[bad]
        return (f"not tilable: the height bounds cross at vertex ({a}, {b}) (the boundary forces "
                "the least height above the greatest)")
    return None


def require_tilable(shape: Shape) -> Shape:
    """The shape, or TilepressError naming why it cannot be tiled."""
    why = reason(shape)
    if why:
        raise TilepressError(f"{shape.label}: {why}")
    return shape


# --- named shapes --------------------------------------------------------------------------

def _hexagon_word(p: int, q: int, r: int) -> str:
    """The hexagon with sides p, q, r, p, q, r (the box p x q x r seen from a corner)."""
    return compress("a" * p + "b" * q + "c" * r + "d" * p + "e" * q + "f" * r)


def _hexagram(n: int) -> str:
    """The hexagram: the hexagon of side n with a triangle of side n on each of its sides
    (tilable, but in one way only: each point is forced, then the hexagon)."""
    seq = ""
    for i in range(6):
        out, back = LETTERS[(i + 5) % 6], LETTERS[(i + 1) % 6]
        seq += out * n + back * n
    return compress(seq)


def _star(n: int) -> str:
    """A six-pointed star with room inside: the hexagon of side 3n with a point (a triangle
    of side n) on the middle third of every side."""
    seq = ""
    for i in range(6):
        side, out, back = LETTERS[i], LETTERS[(i + 5) % 6], LETTERS[(i + 1) % 6]
        seq += side * n + out * n + back * n + side * n
    return compress(seq)


def _cross(n: int) -> str:
    """Three boxes n x n x 3n side by side: the elongated hexagon with its corners notched."""
    return _hexagon_word(n, 2 * n, n)


def _twin(n: int) -> str:
    """Two hexagons of side n sharing a side length: an hourglass box 2n x n x n."""
    return _hexagon_word(2 * n, n, n)


# name: (description, word of size n, smallest size, largest size)
NAMES = {
    "hexagon": ("the regular hexagon of side N (the classic puzzle; the box N x N x N)",
                lambda n: _hexagon_word(n, n, n), 1, 64),
    "star": ("a six-pointed star: the hexagon of side 3N with a point of side N on the middle "
             "third of every side", _star, 1, 20),
    "hexagram": ("the hexagram (star of David): the hexagon of side N with a triangle of side N "
                 "on every side; it has a single tiling, so it makes no puzzle", _hexagram, 1, 40),
    "long": ("the hexagon with sides 2N, N, N (the box 2N x N x N)", _twin, 1, 48),
    "wide": ("the hexagon with sides N, 2N, N (the box N x 2N x N)", _cross, 1, 48),
}
UNTILABLE = {
    "triangle": ("the triangle of side N", lambda n: "".join(f"{n}{L}" if n > 1 else L for L in "ace")),
}
_NAME = re.compile(r"^([a-z]+)(?::([1-9][0-9]{0,3}))?$")
_RANDOM = re.compile(r"^random(?::(0|[1-9][0-9]{0,18}):([1-9][0-9]{0,4}))?$")


def named(name: str, size: int) -> Shape:
    """A named shape of size N, validated and tilable."""
    if name in UNTILABLE:
        shape = region_from_word(UNTILABLE[name][1](size))
        shape.name, shape.size = name, size
        require_tilable(shape)
    if name not in NAMES:
        raise TilepressError(f"unknown region name {name!r} (names: {', '.join(NAMES)}; or a boundary "
                             "word like 3a3b3c3d3e3f)")
    _desc, fn, lo, hi = NAMES[name]
    if not isinstance(size, int) or isinstance(size, bool) or not lo <= size <= hi:
        raise TilepressError(f"{name}: size must be an integer in {lo}..{hi}, not {size!r}")
    shape = region_from_word(fn(size))
    shape.name, shape.size = name, size
    return require_tilable(shape)


def recognise(shape: Shape) -> Shape:
    """Give a shape read from a word its name when it is a named shape (star 2, ...): only
    sizes whose area matches are built, so this costs at most a region or two."""
    count = len(shape.triangles)
    for name, (_desc, fn, lo, hi) in NAMES.items():
        for n in range(lo, hi + 1):
            area = abs(_shoelace2(parse_runs(fn(n))))
            if area > count:
                break
            if area == count and region_from_word(fn(n)).word == shape.word:
                shape.name, shape.size = name, n
                return shape
    return shape


def is_name(text: str) -> bool:
    """Does the text look like a shape name (letters, optionally :N) rather than a word?
    Words use only the letters a-f and digits; every name has another letter."""
    m = _NAME.match(text.strip()) if isinstance(text, str) else None
    return bool(m) and (m.group(2) is not None or not set(m.group(1)) <= set(LETTERS))


def parse_region(text: str, size: int | None = None, *, seed: int | None = None,
                 tilable: bool = True) -> Shape:
    """The one parser of `--region`: NAME (size from `size` or NAME:N), a random shape
    (`random:SEED:TRIANGLES`, or `random` with `seed` and `size`: 6 size^2 triangles, the
    hexagon of side `size`'s area), or a boundary word.  Every fault is one TilepressError line."""
    if not isinstance(text, str) or not text.strip():
        raise TilepressError("--region: empty (a name like star, or a boundary word like 3a3b3c3d3e3f)")
    text = text.strip()
    r = _RANDOM.match(text)
    if r:
        if r.group(1) is not None:
            return random_region(int(r.group(1)), int(r.group(2)))
        if size is None or seed is None:
            raise TilepressError("--region random needs --size N and --seed S (or write random:SEED:TRIANGLES)")
        if not isinstance(size, int) or not 1 <= size <= 57:
            raise TilepressError(f"--region random: size must be 1..57 (6 size^2 triangles), not {size!r}")
        return random_region(seed % (1 << 63), 6 * size * size)
    m = _NAME.match(text)
    if m and is_name(text):
        name, n = m.group(1), int(m.group(2)) if m.group(2) else size
        if name == "random":
            raise TilepressError("--region random: write random, or random:SEED:TRIANGLES")
        if name not in NAMES and name not in UNTILABLE:
            raise TilepressError(f"--region: unknown region name {name!r} (names: {', '.join(NAMES)}; "
                                 "or a boundary word like 3a3b3c3d3e3f)")
        if n is None:
            raise TilepressError(f"--region {name} needs a size (--size N or {name}:N)")
        return named(name, n)
    if ":" in text:
        raise TilepressError(f"--region {text[:40]!r}: unknown region name (names: {', '.join(NAMES)})")
    shape = recognise(region_from_word(text))   # the hexagon's word: today's hexagon (same links)
    return require_tilable(shape) if tilable else shape


# --- random regions ------------------------------------------------------------------------

def random_region(seed: int, size: int) -> Shape:
    """A random tilable region of `size` triangles (even, 2..MAX_RANDOM_SIZE).

    Grown from one calisson: at each step draw PICKS boundary edges uniformly (seeded
    coins) and for each a calisson glued outside it — the triangle across the edge and one
    of its two other neighbours — that keeps the region a disk with a simple boundary (a
    triangle may be added when it meets the region along one edge with its third corner
    outside, or along two edges); glue the candidate touching the region along the most
    edges (the first on ties).  The preference keeps the outline smooth enough to leave
    room for many tilings.  The region is a union of
    calissons, so it is tilable by construction.  "Random" means this growth process (a
    seeded Eden-like cluster of lozenges), not the uniform law on shapes of that area.
    """
    if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= MAX_RANDOM_SIZE or size % 2:
        raise TilepressError(f"random region size must be an even number of triangles in 2..{MAX_RANDOM_SIZE}")
    # lazy: start-up; regions loads with calissons/family.py, the solver only to count
    from generator.calissons.solver import count_solutions
    for attempt in range(100):
        shape = _grow(seed, size, attempt)
        if size < 12 or count_solutions(shape.region, [], cap=3)[0] >= 3:
            return shape
    raise TilepressError(f"no random shape of {size} triangles with three tilings")  # pragma: no cover


def _grow(seed: int, size: int, attempt: int) -> Shape:
    """One growth of `random_region` (attempt > 0: a redraw after a shape with one tiling)."""
    rng = random.Random(f"calissons-region:{seed}:{size}" + (f":{attempt}" if attempt else ""))
    tris: set = set()
    vcount: dict = {}
    edges_in: dict = {}            # edge -> number of region triangles on it

    def can_add(t) -> bool:
        if t in tris:
            return False
        shared = sum(1 for e in triangle_edges(t) if edges_in.get(e))
        if shared == 0:
            return not tris
        if shared == 1:
            es = [e for e in triangle_edges(t) if edges_in.get(e)][0]
            ends = {es[:2], head(es)}
            third = next(v for v in triangle_vertices(t) if v not in ends)
            return not vcount.get(third)
        return shared == 2

    def add(t) -> None:
        tris.add(t)
        for v in triangle_vertices(t):
            vcount[v] = vcount.get(v, 0) + 1
        for e in triangle_edges(t):
            edges_in[e] = edges_in.get(e, 0) + 1

    def remove(t) -> None:
        tris.discard(t)
        for v in triangle_vertices(t):
            vcount[v] -= 1
        for e in triangle_edges(t):
            edges_in[e] -= 1

    add((0, 0, 0))
    add((0, -1, 1))                 # the calisson across the x edge at the origin
    boundary = [e for e, c in edges_in.items() if c == 1]
    boundary.sort()
    tries = 0
    while len(tris) < size:
        tries += 1
        if tries > 200 * size:      # pragma: no cover - growth never gets stuck in practice
            raise TilepressError("random region growth got stuck")
        best = None
        for _ in range(PICKS):
            i = rng.randrange(len(boundary))
            e = boundary[i]
            if edges_in.get(e) != 1:
                boundary[i] = boundary[-1]
                boundary.pop()
                continue
            t1, _inner = _across(e, tris)
            if t1 is None or not can_add(t1):
                continue
            options = [u for u in _neighbours(t1) if u not in tris]
            rng.shuffle(options)
            add(t1)
            for u in options:
                if can_add(u):
                    contacts = sum(1 for f in triangle_edges(t1) + triangle_edges(u) if edges_in.get(f) == 2)
                    if best is None or contacts > best[0]:
                        best = (contacts, t1, u)
            remove(t1)
        if best is None:
            continue
        _c, t1, u = best
        add(t1)
        add(u)
        for f in triangle_edges(t1) + triangle_edges(u):
            if edges_in.get(f) == 1:
                boundary.append(f)
    tris_c = centred(tris)
    return Shape(canonical_word(tris_c), tris_c, title=f"random shape {seed} ({size} triangles)")


def _across(e, tris):
    """The triangle on the far side of boundary edge e (outside the region), or (None, None)."""
    t, u = edge_triangles(e)
    if t in tris and u not in tris:
        return u, t
    if u in tris and t not in tris:
        return t, u
    return None, None


def _neighbours(t):
    """The three triangles sharing an edge with t."""
    out = []
    for e in triangle_edges(t):
        for u in edge_triangles(e):
            if u != t:
                out.append(u)
    return out
