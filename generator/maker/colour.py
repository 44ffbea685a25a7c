"""Colourings of a patch's tiles and named palettes.

    kind       by tile kind (kite/dart, thick/thin; mirrored hats and turned Spectres apart)
    metatile   by first-order metatile (hat H T P F, Spectre Γ … Ψ), mirrored/turned tiles dark
    proper4    no two neighbours alike, four colours
    proper3    no two neighbours alike, three colours, where the search finds one

A planar map always has a 4-colouring (Appel and Haken); `proper4` finds one by DSatur (Brélaz
1979: colour next the tile whose neighbours show the most colours), and when a tile sees all four
it swaps a Kempe chain (two colours on a connected run of tiles) to free one.  `proper3` runs a
search with propagation (a tile with one colour left takes it at once) and chronological
backtracking, then a tabu search (Hertz and de Werra 1987); a tile whose neighbours form a ring of
odd length (an odd wheel) proves that no 3-colouring exists, and the message names it.  Both are
deterministic: the same patch, the same colours.  Colours are palette indices 0, 1, 2, 3.
"""

from __future__ import annotations

import heapq
import random
from array import array

from generator.errors import TilepressError
from generator.maker.graph import class_of

COLOURINGS = ("kind", "metatile", "proper4", "proper3")

# name -> (colours for classes 0, 1, 2 …, the colour of mirrored/turned tiles)
PALETTES = {
    # Okabe and Ito, "Color Universal Design" (2008): told apart with every common colour vision
    "okabe-ito": (("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
                   "#999999"), "#000000"),
    "pastel": (("#f4c2c2", "#c2d9f4", "#c8ecc4", "#f4e7b0", "#dccaf0", "#f6d2b0", "#bfe8e8",
                "#e8e0d0"), "#6b6b80"),
    "bold": (("#d62828", "#1d4e89", "#f4a300", "#2a9d4b", "#7b2cbf", "#00a6a6", "#e76f51",
              "#5c677d"), "#222222"),
    "grey": (("#ffffff", "#c8c8c8", "#8c8c8c", "#5a5a5a", "#e4e4e4", "#aaaaaa", "#707070",
              "#3c3c3c"), "#1e1e1e"),
}
DEFAULT_PALETTE = "okabe-ito"

# The classes' fixed order (so a class keeps its colour from patch to patch); others follow.
ORDER = ("kite", "dart", "thick", "thin", "hat", "spectre", "H", "T", "P", "F",
         "G", "D", "J", "L", "X", "S", "Y", "x", "y", "z", "face")
DARK = ("reflected", "odd")
SEARCH_LIMIT = 20_000        # proper3: backtracking steps before the local search
TABU_STEPS = 20_000          # proper3: local-search moves (plus 5 a tile) before giving up


def class_colours(keys: list, palette: str) -> list[str]:
    """The colour of each class key (in `keys` order) under a palette."""
    colours, dark = PALETTES[palette]
    known = [k for k in ORDER if k in keys]
    rest = [k for k in keys if k not in ORDER and k not in DARK and not _flagged(k)]
    rank = {k: r for r, k in enumerate(known + rest)}
    out = []
    for k in keys:
        if k in DARK or _flagged(k):
            out.append(dark)
        else:
            out.append(colours[rank[k] % len(colours)])
    return out


def _flagged(key) -> bool:
    return isinstance(key, str) and key.endswith((" reflected", " odd"))


def colour_function(g, colouring: str, palette: str, family: str):
    """colour(i, record) -> "#rrggbb" of tile i (its record from `g.records()`) under a colouring
    (TilepressError when there is none).  The kind and metatile colourings read the class from the
    record (no per-tile array: the graph export streams in flat memory); the proper colourings
    colour the whole graph first."""
    if palette not in PALETTES:
        raise TilepressError(f"--palette must be one of {', '.join(PALETTES)}, not {palette!r}")
    if colouring == "kind":
        kinds = dict(zip(g.kind_keys, class_colours(g.kind_keys, palette)))
        return lambda i, rec: kinds[class_of(rec[0], rec[1])[0]]
    if colouring == "metatile":
        if None in g.meta_keys:
            raise TilepressError(f"--colour metatile: {family} tiles have no metatile "
                                 "(choose kind, proper4 or proper3)")
        metas = dict(zip(g.meta_keys, class_colours(g.meta_keys, palette)))
        return lambda i, rec: metas[class_of(rec[0], rec[1])[1]]
    if colouring in ("proper4", "proper3"):
        off, nb = g.rows()
        colours = proper4(g.n, off, nb) if colouring == "proper4" else proper3(g.n, off, nb)
        table = PALETTES[palette][0]
        return lambda i, rec: table[colours[i]]
    raise TilepressError(f"--colour must be one of {', '.join(COLOURINGS)}, not {colouring!r}")


def is_proper(n: int, off, nb, colours) -> bool:
    """No two neighbours alike."""
    return all(colours[i] != colours[j] for i in range(n) for j in nb[off[i]:off[i + 1]])


# ---- four colours -----------------------------------------------------------------------------

def proper4(n: int, off, nb) -> array:
    """A proper colouring with colours 0..3 (DSatur, Kempe-chain swaps when a tile sees all four)."""
    got = dsatur(n, off, nb, 4)
    if got is None:
        raise TilepressError("no proper 4-colouring found by Kempe-chain swaps for this patch "
                             "(please report the permalink)")
    return got


def dsatur(n: int, off, nb, k: int):
    """A proper colouring with colours 0..k−1 by DSatur with Kempe-chain swaps, or None."""
    full = (1 << k) - 1
    colour = array("b", [-1]) * n
    seen = array("B", bytes(n))            # bit c: some coloured neighbour has colour c
    heap = [(0, -(off[i + 1] - off[i]), i) for i in range(n)]   # (−saturation, −degree, tile)
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    sat = array("B", bytes(n))
    while heap:
        s, _d, v = pop(heap)
        if colour[v] >= 0 or -s != sat[v]:
            continue
        used = 0
        for u in nb[off[v]:off[v + 1]]:
            c = colour[u]
            if c >= 0:
                used |= 1 << c
        if used == full:
            used = _kempe(v, colour, off, nb, k)
            if used is None:
                return None
        c = 0
        while used >> c & 1:
            c += 1
        colour[v] = c
        for u in nb[off[v]:off[v + 1]]:
            if colour[u] < 0 and not seen[u] >> c & 1:
                seen[u] |= 1 << c
                sat[u] += 1
                push(heap, (-sat[u], -(off[u + 1] - off[u]), u))
    return colour


def _kempe(v: int, colour, off, nb, k: int):
    """Free a colour at v (all k used by its neighbours) by swapping one Kempe chain; return
    the colours its neighbours use afterwards (None if no single swap frees one)."""
    ring = [u for u in nb[off[v]:off[v + 1]] if colour[u] >= 0]
    for a in range(k):
        for b in range(k):
            if a == b:
                continue
            starts = [u for u in ring if colour[u] == a]
            chain = set(starts)
            todo = list(starts)
            blocked = False
            while todo and not blocked:
                x = todo.pop()
                for y in nb[off[x]:off[x + 1]]:
                    if y not in chain and colour[y] in (a, b):
                        if y in ring and colour[y] == b:
                            blocked = True
                            break
                        chain.add(y)
                        todo.append(y)
            if blocked:
                continue
            for x in chain:
                colour[x] = b if colour[x] == a else a
            used = 0
            for u in ring:
                used |= 1 << colour[u]
            if used != (1 << k) - 1:
                return used
    return None


# ---- three colours ----------------------------------------------------------------------------

def odd_wheel(n: int, off, nb):
    """A tile whose neighbours form one ring of odd length (so no 3-colouring exists), or None."""
    for v in range(n):
        ring = set(nb[off[v]:off[v + 1]])
        if len(ring) % 2 == 0 or len(ring) < 3:
            continue
        inner = {u: [w for w in nb[off[u]:off[u + 1]] if w in ring] for u in ring}
        if any(len(ws) != 2 for ws in inner.values()):
            continue
        start = next(iter(ring))
        prev, cur, steps = None, start, 0
        while True:
            a, b = inner[cur]
            nxt = a if a != prev else b
            prev, cur = cur, nxt
            steps += 1
            if cur == start:
                break
        if steps == len(ring):
            return v, len(ring)
    return None


def proper3(n: int, off, nb, limit: int = SEARCH_LIMIT) -> array:
    """A proper colouring with colours 0..2, or TilepressError saying why there is none: an odd
    wheel, an exhaustive search, or (where the searches give up) that none was found."""
    wheel = odd_wheel(n, off, nb)
    if wheel is not None:
        v, k = wheel
        raise TilepressError(f"--colour proper3: this patch has no 3-colouring (tile {v} and its "
                             f"{k} neighbours form an odd wheel); use --colour proper4")
    got = dsatur(n, off, nb, 3)
    if got is not None:
        return got
    try:
        return _search3(n, off, nb, limit)
    except _GaveUp:
        pass
    got = tabucol(n, off, nb, 3, array("b", [min(c, 2) for c in proper4(n, off, nb)]),
                  TABU_STEPS + 5 * n)
    if got is None:
        raise TilepressError(f"--colour proper3: no 3-colouring found (a search of {limit:,} steps and "
                             "a local search gave up; there may be none for this patch); use --colour proper4")
    return got


class _GaveUp(Exception):
    """The backtracking search reached its step limit."""


def tabucol(n: int, off, nb, k: int, start, steps: int, seed: int = 0):
    """A proper k-colouring by tabu search from `start` (Hertz and de Werra, "Using tabu search
    techniques for graph coloring", 1987): move a tile in conflict to the colour that removes
    the most conflicts, forbidding the move back for a while; None after `steps` moves.
    Deterministic: its random tie-breaks come from random.Random(seed)."""
    rng = random.Random(seed)
    col = array("b", start)
    gamma = [[0] * k for _ in range(n)]        # gamma[v][c]: neighbours of v with colour c
    for v in range(n):
        for u in nb[off[v]:off[v + 1]]:
            gamma[v][col[u]] += 1
    conflicted = {v for v in range(n) if gamma[v][col[v]] > 0}
    total = sum(gamma[v][col[v]] for v in range(n)) // 2
    tabu: dict = {}
    best = total
    step = 0
    while total > 0:
        step += 1
        if step > steps:
            return None
        best_delta, moves = None, []
        for v in sorted(conflicted):
            cv, g = col[v], gamma[v]
            for c in range(k):
                if c == cv:
                    continue
                d = g[c] - g[cv]
                if tabu.get((v, c), 0) > step and total + d >= best:
                    continue
                if best_delta is None or d < best_delta:
                    best_delta, moves = d, [(v, c)]
                elif d == best_delta:
                    moves.append((v, c))
        if not moves:
            continue
        v, c = moves[rng.randrange(len(moves))]
        old = col[v]
        col[v] = c
        total += best_delta
        tabu[(v, old)] = step + int(0.6 * len(conflicted)) + rng.randrange(10)
        for u in nb[off[v]:off[v + 1]]:
            gamma[u][old] -= 1
            gamma[u][c] += 1
            if gamma[u][col[u]] > 0:
                conflicted.add(u)
            else:
                conflicted.discard(u)
        if gamma[v][c] > 0:
            conflicted.add(v)
        else:
            conflicted.discard(v)
        best = min(best, total)
    return col


def _search3(n: int, off, nb, limit: int) -> array:
    """Backtracking with propagation (a tile with one colour left takes it at once): a
    3-colouring, TilepressError when the search proves there is none, _GaveUp after `limit` steps."""
    colour = array("b", [-1]) * n
    dom = array("B", [7]) * n
    trail: list = []                    # (tile, old domain) and ("c", tile) entries, undone on backtrack
    choices: list = []                  # (trail length, tile, colours still to try)
    order = _bfs_order(n, off, nb)
    steps = 0

    def assign(v: int, c: int) -> bool:
        """Give v colour c and propagate forced colours; False on a contradiction."""
        queue = [(v, c)]
        while queue:
            x, cx = queue.pop()
            if colour[x] >= 0:
                if colour[x] != cx:
                    return False
                continue
            if not dom[x] >> cx & 1:
                return False
            colour[x] = cx
            trail.append(("c", x))
            bit = 1 << cx
            for y in nb[off[x]:off[x + 1]]:
                if colour[y] < 0 and dom[y] & bit:
                    trail.append((y, dom[y]))
                    dom[y] &= ~bit
                    d = dom[y]
                    if d == 0:
                        return False
                    if d & (d - 1) == 0:
                        queue.append((y, d.bit_length() - 1))
        return True

    def undo(to: int) -> None:
        while len(trail) > to:
            x, old = trail.pop()
            if x == "c":
                colour[old] = -1
            else:
                dom[x] = old

    pos = 0
    while True:
        while pos < n and colour[order[pos]] >= 0:
            pos += 1
        if pos == n:
            return colour
        v = order[pos]
        options = [c for c in range(3) if dom[v] >> c & 1]
        choices.append((len(trail), v, options[1:], pos))
        ok = assign(v, options[0])
        while not ok:
            steps += 1
            if steps > limit:
                raise _GaveUp()
            while choices and not choices[-1][2]:
                choices.pop()
            if not choices:
                raise TilepressError("--colour proper3: this patch has no 3-colouring "
                                     "(the search was exhaustive); use --colour proper4")
            mark, v, rest, pos = choices.pop()
            undo(mark)
            choices.append((mark, v, rest[1:], pos))
            ok = assign(v, rest[0])


def _bfs_order(n: int, off, nb) -> list:
    """Tiles in breadth-first order from tile 0 (then from each tile not yet reached)."""
    seen = bytearray(n)
    order = []
    for s in range(n):
        if seen[s]:
            continue
        seen[s] = 1
        queue = [s]
        head = 0
        while head < len(queue):
            x = queue[head]
            head += 1
            order.append(x)
            for y in nb[off[x]:off[x + 1]]:
                if not seen[y]:
                    seen[y] = 1
                    queue.append(y)
    return order


# ---- the page's form (Family.form: fields, and "show": regen flags for the picture) ------------

SHOW = ["--colour", "{colour}", "--palette", "{palette}"]   # a pair whose value is "" is left out


def form_fields(metatile: bool, three: bool) -> list[dict]:
    """The "make your own" form's colour fields for a tiling (metatile: it has metatiles; three:
    its patches have 3-colourings, as the kites and darts and the rhombs do)."""
    choices = [{"value": "", "label": "the gallery's colours"},
               {"value": "kind", "label": "by tile kind"}]
    if metatile:
        choices.append({"value": "metatile", "label": "by metatile"})
    choices.append({"value": "proper4", "label": "4 colours, no two neighbours alike"})
    if three:
        choices.append({"value": "proper3", "label": "3 colours, no two neighbours alike"})
    named = {"okabe-ito": "Okabe–Ito"}                      # the authors' names; the others in words
    palettes = [{"value": p, "label": named.get(p, p.capitalize())
                 + (" (colour-blind safe)" if p == DEFAULT_PALETTE else "")} for p in PALETTES]
    return [{"name": "colour", "label": "Colours", "type": "select", "choices": choices, "value": "",
             "help": "how the tiles are coloured (the download and the neighbour graph use it too)"},
            {"name": "palette", "label": "Palette", "type": "select", "choices": palettes,
             "value": DEFAULT_PALETTE, "help": "the colours used (the gallery's colours have their own)"}]
