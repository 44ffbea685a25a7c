"""Random Spectre patches by combinatorial coordinates: the tower, coverage, the streaming walk.

API
---
    from_seed(width, height, seed) -> Patch        a fresh random patch (limiting distribution)
    from_permalink(text, width=None, height=None)  the patch a permalink names (another region:
                                                   the same tiling — the sub-patch property)
    Patch.spectres()    iterator of Spectre(points, odd, metatile), streaming, each once
    Patch.permalink()   `spectre.v1.…` (complete once the Spectres have been produced)

Coordinates
-----------
The start Spectre's combinatorial coordinates (Tatham, "Combinatorial coordinates for the
aperiodic Spectre tiling", 2023) are: s, which Spectre of its level-0 metatile it is (1 =
the odd Spectre of a Mystic); c1, c2, …, cn, the place of the level-(j−1) metatile in its
level-j parent; and the type of the top metatile.  The types t0 … t(n−1) below follow
from the places (`substitution.CHILD`).  Levels above the known ones are invented on
demand from the exact limiting conditional distribution (`limits.py`), "as if they had
been there all along", so every coordinate in memory stays consistent.

From coordinates to the plane
-----------------------------
The start Spectre is placed with its vertex 0 at the origin, turned by ω^ρ (ρ = 0–11, the
patch's orientation).  Its level-0 metatile then sits in the plane by
G0 = rot(ρ)∘Mystic[s]⁻¹, and its level-j ancestor by Gj = G(j−1)∘Fj[cj]⁻¹, where Fj are
the exact ring placements of `substitution.py`.  So every level's position is a function
of the start Spectre alone, never of the top level reached: adding a level above changes
nothing below — which is what makes permalinks extensible and the sub-patch property hold.

Coverage
--------
The region is the open rectangle |x| < W/2, |y| < H/2.  A level-n ancestor S covers it
iff no edge of S's outline meets the rectangle (the rectangle is connected and meets the
start Spectre's interior, which lies inside S).  Clusters are topological discs (the tests
check every outline up to level 4), so when S's area exceeds the rectangle's, an outline
that meets the rectangle must cross its boundary, and a crossing edge (length 1) lies
within distance 1 of that boundary.  So we only look at clusters whose bounding disc
meets that band: their outlines (cached per class for levels ≤ 2 — Γ or not, all non-Γ
clusters of a level being congruent) are added edge by edge, an edge met from both sides
cancelling.  Edges that certainly miss the rectangle or lie more than 1 inside it are not
even stored (a segment's fate does not depend on which side adds it, so cancellation stays
exact), which keeps memory flat.  What remains is tested exactly (Z[√3]).  We first try the
highest level already known; if it does not cover, we invent one more level, and so on up
to `MAX_LEVELS`.  Coverage only grows with the level, and every covering level yields the
same Spectres.

The walk
--------
Once S covers the region, a depth-first descent from S visits only clusters whose
bounding disc meets the region and yields every Spectre whose interior meets it (quick
float bounds, exact Z[√3] separating-axis test in the doubtful cases).  Each Spectre
belongs to exactly one cluster of each level (the substitution is disjoint), so it is
produced once, and the descent holds O(n) frames: memory does not grow with the patch.
Level-1 clusters are expanded from templates (one per type and orientation, built once),
so a Spectre costs a few tuple additions.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from generator.errors import TilepressError
from generator.spectre import geometry as G
from generator.spectre import limits
from generator.spectre import substitution as S
from generator.spectre.permalink import MAX_LEVELS as PERMALINK_LEVELS
from generator.spectre.permalink import MAX_SIDE, PatchName, parse

MAX_LEVELS = 48          # metatile levels any coordinate may reach (λ^24 ≈ 10^21 Spectres)
TYPES = S.TYPES


class DepthError(TilepressError):
    """The coordinates would need more metatile levels than allowed."""


class Spectre(NamedTuple):
    """One output Spectre: 14 exact Z[ω] vertices (counter-clockwise), odd, metatile letter."""

    points: tuple
    odd: bool
    metatile: str


@dataclass
class Tower:
    """The start Spectre's coordinates, extended upwards on demand."""

    s: int
    C: list                # c1 .. cn  (C[j-1] = place of the level-(j-1) ancestor in level j)
    T: list                # t0 .. tn
    rng: random.Random = field(repr=False)
    invented: int = 0

    def extend(self) -> None:
        """Invent one more level above the top (exact conditional probabilities)."""
        if len(self.T) > MAX_LEVELS:
            raise DepthError(f"the patch needs more than {MAX_LEVELS} metatile levels")
        opts = limits.PARENTS[self.T[-1]]
        u, n, _ = opts[limits.choose(self.rng, [p for _, _, p in opts])]
        self.C.append(n)
        self.T.append(u)
        self.invented += 1

    def top(self) -> int:
        """The highest level known."""
        return len(self.T) - 1


def random_tower(rng: random.Random) -> tuple[Tower, int]:
    """A start Spectre from the limiting distribution, and a random orientation 0–11."""
    t0 = limits.choose(rng, limits.START)
    s = rng.randrange(S.SPECTRES_PER_TILE[t0])
    rho = rng.randrange(12)
    tower = Tower(s, [], [t0], rng)
    tower.extend()
    return tower, rho


def tower_from_labels(s: int, cs, top: int, rng: random.Random) -> Tower:
    """A tower from explicit labels (validated by the caller)."""
    T = [top]
    for c in reversed(cs):
        T.append(S.CHILD[T[-1]][c])
    T.reverse()
    return Tower(s, list(cs), T, rng)


def extension_rng(payload: str) -> random.Random:
    """The deterministic generator that invents levels beyond a permalink's own."""
    seed = int.from_bytes(hashlib.sha256(("spectre-extend:" + payload).encode()).digest()[:16], "big")
    return random.Random(seed)


# --- per-level constants: bounding discs and outlines --------------------------------

_RADIUS: list = []


def radius(k: int) -> float:
    """A radius about key point 0 of a level-k cluster that contains the whole cluster."""
    while len(_RADIUS) <= k:
        j = len(_RADIUS)
        q = S.level(j)[1][0] if j else S._LEVELS[0][1][0]
        if j == 0:
            cx, cy = G.to_xy(q)
            r = 0.0
            for iso in S.MYSTIC:
                for p in G.SPECTRE:
                    x, y = G.to_xy(G.apply(iso, p))
                    r = max(r, math.hypot(x - cx, y - cy))
        else:
            frames, quad = S.level(j)
            qprev = S._LEVELS[j - 1][1][0]
            cx, cy = G.to_xy(quad[0])
            r = 0.0
            for f in frames:
                x, y = G.to_xy(G.apply(f, qprev))
                r = max(r, math.hypot(x - cx, y - cy) + _RADIUS[j - 1])
        _RADIUS.append(r * (1 + 1e-9) + 1e-9)
    return _RADIUS[k]


def key0(k: int):
    """Key point 0 of a level-k cluster, in its own frame."""
    return S.level(k)[1][0] if k else S._LEVELS[0][1][0]


_OUTLINES: dict = {}


def _put(acc: dict, p, q) -> None:
    """Add the directed edge pq to an outline under construction, cancelling qp."""
    if (q, p) in acc:
        del acc[(q, p)]
    else:
        acc[(p, q)] = None


def _iso_edges(iso, shape):
    """The images of an outline (vertices, index pairs) under an isometry, kept counter-clockwise."""
    verts, pairs = shape
    ap = G.affine(iso)
    img = [ap(p) for p in verts]
    if iso[1]:
        return [(img[j], img[i]) for i, j in pairs]
    return [(img[i], img[j]) for i, j in pairs]


def _shape(edges) -> tuple:
    """(vertices, index pairs) of a list of directed edges."""
    index: dict = {}
    pairs = []
    for p, q in edges:
        pairs.append((index.setdefault(p, len(index)), index.setdefault(q, len(index))))
    return (tuple(index), tuple(pairs))


def outline(gamma: bool, k: int) -> tuple:
    """The outline of a level-k cluster (Γ or not) in its own frame: (vertices, index pairs)
    of its directed (counter-clockwise) boundary edges."""
    key = (gamma, k)
    if key in _OUTLINES:
        return _OUTLINES[key]
    acc: dict = {}
    if k == 0:
        for iso in (S.MYSTIC if gamma else S.MYSTIC[:1]):
            pts = [G.apply(iso, p) for p in G.SPECTRE]
            for i in range(14):
                _put(acc, pts[i], pts[(i + 1) % 14])
    else:
        frames = S.frames(k)
        t = S.GAMMA if gamma else 1
        for place in S.PLACES[t]:
            child_gamma = S.CHILD[t][place] == S.GAMMA
            for p, q in _iso_edges(frames[place], outline(child_gamma, k - 1)):
                _put(acc, p, q)
    _OUTLINES[key] = _shape(acc)
    return _OUTLINES[key]


# --- level-1 templates ------------------------------------------------------------------

_TEMPLATES: dict = {}


def template(t: int, r: int, f: int):
    """Spectres of a level-1 cluster of type t with linear part (r, f), relative to its origin:
    [(points, odd, metatile, xmin, xmax, ymin, ymax)]."""
    key = (t, r, f)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        out = []
        for iso, odd, t0, _ in S.expand(t, 1, (r, f, G.ZERO)):
            pts = tuple(G.apply(iso, p) for p in G.SPECTRE)
            xy = [G.to_xy(p) for p in pts]
            xs = [x for x, _ in xy]
            ys = [y for _, y in xy]
            out.append((pts, odd, TYPES[t0], min(xs), max(xs), min(ys), max(ys)))
        tpl = tuple(out)
        _TEMPLATES[key] = tpl
    return tpl


# --- the patch ----------------------------------------------------------------------------

EPS = 1e-7
IGNORE = 1 + 1e-7        # outline edges with both ends this deep inside the region are ignored
SKIP = 1 + 1e-6          # clusters whose disc is this deep inside are skipped (SKIP > IGNORE)
BAND_CACHE = 2           # below this level the coverage test uses the cached outlines
AREA = 3 + 3 * math.sqrt(3)


class Walker:
    """Plane frames of the start Spectre's ancestors, the coverage test and the descent."""

    def __init__(self, tower: Tower, rho: int, region: G.Region):
        self.tower = tower
        self.region = region
        first = G.compose(G.rotation(rho), G.inverse(S.MYSTIC[tower.s]))
        self.G = [first]
        # (Γ?, k, iso) of a small cluster in the band -> its outline edges kept, in order: the
        # level-n ancestor is a cluster of the level-(n+1) one in the same place, so each
        # coverage test after the first meets most of the last one's clusters again
        self._band: dict = {}

    def frame(self, j: int):
        """The plane isometry of the level-j ancestor (inventing levels as needed)."""
        while self.tower.top() < j:
            self.tower.extend()
        while len(self.G) <= j:
            i = len(self.G)
            self.G.append(G.compose(self.G[-1], G.inverse(S.frames(i)[self.tower.C[i - 1]])))
        return self.G[j]

    def disc_meets(self, k: int, iso) -> bool:
        """Whether the bounding disc (box) of a level-k cluster placed by iso meets the region."""
        x, y = G.to_xy(G.apply(iso, key0(k)))
        r = radius(k)
        return abs(x) < self.region.hw + r and abs(y) < self.region.hh + r

    def disc_in_band(self, k: int, iso) -> bool:
        """Whether the bounding disc of a cluster meets the band within BAND of the region's
        boundary (clusters deep inside or far outside cannot hold a crossing outline edge)."""
        x, y = G.to_xy(G.apply(iso, key0(k)))
        r = radius(k)
        hw, hh = self.region.hw, self.region.hh
        if abs(x) >= hw + r + EPS or abs(y) >= hh + r + EPS:
            return False
        return not (abs(x) + r < hw - SKIP and abs(y) + r < hh - SKIP)

    def boundary_near(self, t: int, k: int, iso, acc: dict) -> None:
        """Add (cancelling) the outline edges of the clusters that meet the band."""
        if not self.disc_in_band(k, iso):
            return
        if k <= BAND_CACHE:
            key = (t == S.GAMMA, k, iso)
            edges = self._band.get(key)
            if edges is None:
                verts, pairs = outline(t == S.GAMMA, k)
                ap = G.affine(iso)
                img = [ap(v) for v in verts]
                xy = [G.to_xy(v) for v in img]
                keep = self.maybe_crossing
                flip = iso[1]
                # a segment's fate does not depend on its direction, so dropping it on both
                # sides keeps cancellation exact
                edges = self._band[key] = [(img[j], img[i]) if flip else (img[i], img[j])
                                           for i, j in pairs if keep(xy[i], xy[j])]
            for p, q in edges:
                _put(acc, p, q)
            return
        frames = S.frames(k)
        for place in S.PLACES[t]:
            self.boundary_near(S.CHILD[t][place], k - 1, G.compose(iso, frames[place]), acc)

    def covers(self, n: int) -> bool:
        """Whether the level-n ancestor S covers the region (exact).

        S is a topological disc (the tests check that cluster outlines are single closed
        curves).  If its area exceeds the region's, its outline is not inside the closed
        region, so if the outline meets the region it also crosses the region's boundary,
        and a crossing edge (length 1) lies within distance 1 of that boundary.  So it is
        enough to collect the outline edges of clusters near the boundary (`boundary_near`);
        edges left uncancelled only because a neighbour deep inside was skipped lie more
        than 1 inside the boundary and are ignored.
        """
        if not self.big_enough(n):
            return False
        reg = self.region
        acc: dict = {}
        self.boundary_near(self.tower.T[n], n, self.frame(n), acc)
        return not any(reg.segment_meets(p, q) for p, q in acc)

    def maybe_crossing(self, a, b) -> bool:
        """False when the segment ab (float ends) certainly misses the region, or lies more than 1
        inside it (then it is no crossing edge); such edges are never stored."""
        (x1, y1), (x2, y2) = a, b
        hw, hh = self.region.hw + EPS, self.region.hh + EPS
        if (x1 >= hw and x2 >= hw) or (x1 <= -hw and x2 <= -hw) or \
           (y1 >= hh and y2 >= hh) or (y1 <= -hh and y2 <= -hh):
            return False
        iw, ih = self.region.hw - IGNORE, self.region.hh - IGNORE
        return not (abs(x1) < iw and abs(x2) < iw and abs(y1) < ih and abs(y2) < ih)

    def big_enough(self, n: int) -> bool:
        """Quick necessary conditions for the level-n ancestor to cover the region."""
        x, y = G.to_xy(G.apply(self.frame(n), key0(n)))
        reg = self.region
        if math.hypot(abs(x) + reg.hw, abs(y) + reg.hh) >= radius(n):
            return False                    # a corner of the region lies outside S's disc
        return S.spectre_count(self.tower.T[n], n) * AREA > float(reg.width) * float(reg.height) * (1 + 1e-9)

    def top_level(self) -> int:
        """A level whose ancestor covers the region: the highest level known, or the first
        above it that covers (coverage grows with the level, and every covering level gives
        the same Spectres)."""
        n = max(1, self.tower.top())
        while not self.big_enough(n):
            n += 1
            if n > MAX_LEVELS:
                raise DepthError(f"no metatile within {MAX_LEVELS} levels covers the region")
        while not self.covers(n):
            n += 1
            if n > MAX_LEVELS:
                raise DepthError(f"no metatile within {MAX_LEVELS} levels covers the region")
        return n

    def spectres(self):
        """Every Spectre meeting the region, streaming."""
        n = self.top_level()
        yield from self._descend(self.tower.T[n], n, self.frame(n))

    def _descend(self, t: int, k: int, iso):
        """Depth-first: Spectres of the cluster (t, k) at iso that meet the region."""
        if not self.disc_meets(k, iso):
            return
        if k > 1:
            frames = S.frames(k)
            comp = G.compose
            for place in S.PLACES[t]:
                yield from self._descend(S.CHILD[t][place], k - 1, comp(iso, frames[place]))
            return
        r, f, (ta, tb, tc, td) = iso
        ox, oy = G.to_xy((ta, tb, tc, td))
        reg = self.region
        hwi, hhi = reg.hw - EPS, reg.hh - EPS
        hwo, hho = reg.hw + EPS, reg.hh + EPS
        for pts, odd, mt, x0, x1, y0, y1 in template(t, r, f):
            x0 += ox
            x1 += ox
            y0 += oy
            y1 += oy
            if x0 >= hwo or x1 <= -hwo or y0 >= hho or y1 <= -hho:
                continue
            pl = tuple([(a + ta, b + tb, c + tc, d + td) for a, b, c, d in pts])
            if not (x0 > -hwi and x1 < hwi and y0 > -hhi and y1 < hhi):
                if not reg.polygon_meets(pl):
                    continue
            yield Spectre(pl, odd, mt)


@dataclass
class Patch:
    """A patch request: region, orientation and the start Spectre's (growing) coordinates."""

    region: G.Region
    rotation: int
    tower: Tower
    recorded: tuple | None = None     # (s, cs, top) as given by a permalink

    def spectres(self):
        """Iterate over the Spectres meeting the region (streaming)."""
        return Walker(self.tower, self.rotation, self.region).spectres()

    def permalink(self) -> str:
        """The permalink of this patch (complete once the Spectres have been produced).

        Invented levels are written down, up to the permalink's limit; beyond it a patch
        regenerated from a permalink prints the permalink it was given (its further levels
        are re-invented identically from those labels)."""
        s, cs, top = self.tower.s, tuple(self.tower.C), self.tower.T[-1]
        if len(cs) > PERMALINK_LEVELS:
            if self.recorded is None:
                raise TilepressError(f"this patch needs {len(cs)} metatile levels, more than a "
                                     f"permalink holds ({PERMALINK_LEVELS}); choose another seed")
            s, cs, top = self.recorded
        return PatchName(self.region.width, self.region.height, self.rotation, s, cs, top).text()


def from_seed(width, height, seed: int) -> Patch:
    """A fresh random patch of the open rectangle W × H about a random start Spectre."""
    w, h = Fraction(width), Fraction(height)
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise TilepressError(f"width and height must be in (0, {MAX_SIDE}]")
    tower, rho = random_tower(random.Random(seed))
    return Patch(G.Region(w, h), rho, tower)


def from_permalink(text: str, width=None, height=None) -> Patch:
    """The patch a permalink names, optionally over another region (same tiling)."""
    name = parse(text)
    w = name.width if width is None else Fraction(width)
    h = name.height if height is None else Fraction(height)
    tower = tower_from_labels(name.s, list(name.cs), name.top, extension_rng(name.coords_text()))
    return Patch(G.Region(w, h), name.rotation, tower, (name.s, tuple(name.cs), name.top))


def estimated_spectres(region: G.Region) -> int:
    """Roughly how many Spectres meet a region (area / (3 + 3√3)), for progress bars."""
    return int(float(region.width) * float(region.height) / (3 + 3 * math.sqrt(3))) + 1
