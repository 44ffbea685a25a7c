"""The Spectre metatile substitution, derived from the edge labels of nine hexagons.

The stated input
----------------
Smith, Myers, Kaplan and Goodman-Strauss ("A chiral aperiodic monotile", 2023) group the
Spectres of every Spectre tiling into clusters modelled by nine *marked hexagons* Γ Δ Θ Λ
Ξ Π Σ Φ Ψ (we write G D J L X P S F Y, as Tatham does in "Combinatorial coordinates for
the aperiodic Spectre tiling", 2023).  Each hexagon's six edges carry labels: one
symmetric edge type η (any η meets any η) and seven types α β γ δ ε ζ θ in a + and a −
version, where two hexagons may meet along an edge only if one side is x+ and the other
x−.  The paper's figure also shows, for each edge type, the shape that the edge takes
one level down, as a path along the edges of the honeycomb of child hexagons.  These two
lists — `HEXAGON_LABELS` and `EDGE_PATHS` — are the only input of this module.  We read
them from the paper's figure as it is recorded in Simon Tatham's puzzle collection (the
Spectre tables behind its Loopy grid); none of that collection's derived tables (child
positions, orientations, neighbour maps) was used — those are what this module computes.
The figure also gives the shape of each edge type at the level of single Spectres; the
derivation below does not need it.

Conventions (checked here, not assumed).  Labels go anticlockwise round a hexagon drawn
with a pair of vertical edges, edge 0 being the top-left diagonal edge and edge 1 the left
vertical one.  A path is a list of turns between consecutive unit edges, in units of 30°
(so ±2 = ±60°, the only turns a walk on a honeycomb can make), positive = anticlockwise;
the x− path is the x+ path walked backwards (order reversed, turns negated).  Each
expansion reverses handedness, so in the frame where the children are drawn with their
labels anticlockwise, the parent's outline is walked *clockwise*: edge 0, 1, …, 5 of the
parent one after the other, turning −60° at each of its corners.  `trace` checks that this
reading closes up for all nine hexagons and encloses 8 child hexagons (7 for Γ), exactly
(the doubled area in the lattice basis is −18 per hexagon); the opposite sign for the
path turns does not even close up (`trace(..., sign=-1)` fails; tests check it).

The unknowns and the constraints
--------------------------------
For every parent type the outline fixes where its 8 (Γ: 7) children sit.  The unknowns are
each child's letter (9 choices) and rotation (6 multiples of 60°) — and, jointly, the
*edge substitution*: for each edge type τ, the word W(τ) of child edge labels met when
walking along a parent's τ+ edge (a τ− edge reads the word backwards with every sign
flipped, since the children on the two sides of a parent edge face each other).  The
constraints:

* every edge between two children of one parent pairs x+ with x− (or η with η);
* along every parent edge labelled τ± the children's outer labels spell W(τ) (reversed
  and complemented for τ−), with the same W(τ) in every parent that has a τ edge;
  W(η) must equal its own reversed complement, since η meets η.

`solve` enumerates every solution by backtracking over all 71 children of the nine parents
at once (candidates indexed by the label they must show on an already constrained side,
outer words checked position by position as soon as W(τ) is known) and returns them all.
There is exactly one: no further constraint — no use of the Spectre's shape — is needed.
The letter and rotation of each child follow from the hexagons' edge labels alone.  (The
search takes a fraction of a second.)  The handedness flip is forced, too: asking for
children drawn with the parent's handedness (labels clockwise) gives no solution at all.
The solution's edge substitution is `EDGE_WORDS`; for instance a β+ edge becomes the two
child edges α+ ε−.

From hexagons to our ring of places
-----------------------------------
`substitution.py` places the children of a cluster, derived from the Spectre outline, in
eight *places* 0–7 (Γ child in place 7, place 2 empty in a Γ) with fixed rotations
(cumulative `RING` turns 0, 60, 60, 120, 180, 180, 240, 120 degrees in the children's frame).
These two facts (Γ in place 7, place 2 empty in a Γ) are the geometric layer; the letters
are what is derived here.  `place_maps` matches the derived honeycomb layout to the places:
a bijection that sends hexagons sharing an edge to places whose Spectre clusters share an
edge (`tables.hexagon_pattern`, levels 2–4) and the Γ child to place 7.  For every parent
type exactly one such bijection exists, and — an independent check — under it the derived
rotations of the children equal the places' rotations up to one common constant (and do
not equal their mirror images).  Through it the derived letters become `RULES` — letter
for letter the table the Spectre family used before it was derived, so no permalink
changes.

Neighbour tables (combinatorial coordinates)
--------------------------------------------
The same layout gives, for each parent type, each child and each of its six edges, either
the neighbouring child across it and that child's edge, or the parent's edge and the
position along it (`NEIGHBOUR`, `OUTER`), and conversely, for each parent edge, the child
edge at each position (`BOUNDARY`).  Two levels of these tables predict which
grandchildren of a cluster touch (within a child by `NEIGHBOUR`; across two touching
children by pairing their `BOUNDARY` rows, one read backwards); tests/test_spectre_derive.py
checks the prediction against the exact Spectre geometry of level-3 and level-4 clusters:
126 touching pairs in a Γ, 144 in every other type, the same sets.

``python -m generator.spectre.derive`` writes `rules_data.py`; the test regenerates and
compares.  Everything is exact integer arithmetic: honeycomb vertices and hexagon centres
are Eisenstein integers a + bζ (ζ = e^{iπ/3}) scaled by 3.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from generator.spectre.tables import hexagon_pattern

TYPES = "GDJLXPSFY"
DATA_PATH = Path(__file__).with_name("rules_data.py")

# the stated input: the marked hexagons' edge labels (anticlockwise from edge 0) ...
HEXAGON_LABELS = {
    "G": "-β -α +α -γ -δ +β",
    "D": "-ζ +γ +β -ε +α -γ",
    "J": "-β +γ +β +θ +β η",
    "L": "-β +γ +β -ε +α -θ",
    "X": "-β -α +ε +θ +β η",
    "P": "-β -α +ε -ε +α -θ",
    "S": "+δ +ζ +β -ε +α -γ",
    "F": "-β +γ +β -ε +ε η",
    "Y": "-β -α +ε -ε +ε η",
}
# ... and the shape of each (+) edge type one level down: turns between child edges (30° units)
EDGE_PATHS = {
    "η": (2, 2, -2, -2),
    "α": (2, -2),
    "β": (-2,),
    "γ": (2, -2, -2, 2),
    "δ": (-2, 2, -2, 2),
    "ε": (2, -2, -2),
    "ζ": (-2, 2),
    "θ": (2, 2, -2, -2, 2),
}
CORNER_TURN = -2            # the parent's outline is walked clockwise in the children's frame

# rotations of the places, in units of 60°: cumulative turns of substitution.RING, halved
PLACE_ROTATION = (0, 1, 1, 2, 3, 3, 4, 2)


def labels(t: str) -> tuple:
    """The six edge labels of hexagon t."""
    return tuple(HEXAGON_LABELS[t].split())


def kind(label: str) -> str:
    """The edge type of a label (its Greek letter)."""
    return label[-1]


def complement(label: str) -> str:
    """The label that may face `label`: x+ ↔ x−, η ↔ η."""
    if label == "η":
        return label
    return ("-" if label[0] == "+" else "+") + label[1:]


def facing(word) -> tuple:
    """The word read from the other side of an edge: reversed, every label complemented."""
    return tuple(complement(x) for x in reversed(word))


def path_turns(label: str, sign: int = 1) -> tuple:
    """The turns of the child-level path of an edge labelled `label` (x− = x+ walked backwards)."""
    turns = EDGE_PATHS[kind(label)]
    if label[0] == "-":
        turns = tuple(-x for x in reversed(turns))
    return tuple(sign * x for x in turns)


# --- the honeycomb: Eisenstein integers a + bζ as pairs, ζ² = ζ − 1 --------------------

def zadd(p, q):
    """p + q."""
    return (p[0] + q[0], p[1] + q[1])


def zrot(p, k: int = 1):
    """ζ^k·p (rotation by 60°·k)."""
    a, b = p
    for _ in range(k % 6):
        a, b = -b, a + b
    return (a, b)


UNIT = tuple(zrot((1, 0), k) for k in range(6))            # ζ^k: hexagon centre steps
STEP = tuple(zrot((1, 1), k) for k in range(6))            # ζ^k(1 + ζ): honeycomb edges ×3


def side_step(p: int):
    """From a hexagon centre to its neighbour across physical side p (side 0 = top-left)."""
    return UNIT[(p + 2) % 6]


def trace(t: str, sign: int = 1, corner: int = CORNER_TURN):
    """Walk the outline of t's expansion; return (cells, rows) or raise ValueError.

    cells: sorted centres of the enclosed child hexagons; rows[i][j] = (centre, physical side)
    of the child edge at position j along the parent's edge i.
    """
    v = start = STEP[0]                                  # a vertex of the hexagon at 0 (×3)
    heading = 1                                          # 30°: the direction of STEP[0]
    rows, pts = [], []
    for label in labels(t):
        row = []
        for turn in (0,) + path_turns(label, sign):
            heading = (heading + turn) % 12
            e = STEP[(heading - 1) // 2]
            inside, outside = zadd(v, zrot(e, 5)), zadd(v, zrot(e, 1))
            if any(x % 3 for x in inside + outside):
                raise ValueError(f"{t}: the outline leaves the honeycomb")
            c = (inside[0] // 3, inside[1] // 3)
            d = ((outside[0] - inside[0]) // 3, (outside[1] - inside[1]) // 3)
            row.append((c, (UNIT.index(d) - 2) % 6))
            pts.append(v)
            v = zadd(v, e)
        rows.append(tuple(row))
        heading = (heading + corner) % 12
    if v != start or heading != 1:
        raise ValueError(f"{t}: the outline does not close")
    cells = _enclosed(rows)
    area2 = sum(p[0] * q[1] - p[1] * q[0] for p, q in zip(pts, pts[1:] + pts[:1]))
    if area2 != -18 * len(cells):
        raise ValueError(f"{t}: the outline is not a clockwise boundary of {len(cells)} hexagons")
    return cells, tuple(rows)


def _enclosed(rows) -> tuple:
    """The hexagons inside an outline: flood from the hexagons along it, never crossing it."""
    wall = {edge for row in rows for edge in row}
    cells = {c for row in rows for c, _ in row}
    todo = list(cells)
    while todo:
        c = todo.pop()
        for p in range(6):
            n = zadd(c, side_step(p))
            if (c, p) not in wall and n not in cells:
                if len(cells) > 64:
                    raise ValueError("the outline does not enclose a bounded region")
                cells.add(n)
                todo.append(n)
    return tuple(sorted(cells))


class Parent:
    """One parent type's layout: its children (cells), their shared edges and its outer edges."""

    def __init__(self, t: str, sign: int = 1, corner: int = CORNER_TURN):
        self.t = t
        self.cells, rows = trace(t, sign, corner)
        index = {c: i for i, c in enumerate(self.cells)}
        self.rows = tuple(tuple((index[c], p) for c, p in row) for row in rows)
        self.links = {}                                  # (child, side) -> (child, side)
        for c, i in index.items():
            for p in range(6):
                n = index.get(zadd(c, side_step(p)))
                if n is not None:
                    self.links[(i, p)] = (n, (p + 3) % 6)


# --- the solver ----------------------------------------------------------------------------

def _label_at(option, p: int, flip: int = 1) -> str:
    """Label shown on physical side p by a child (letter, rotation); flip = −1 draws the child
    reflected (labels clockwise)."""
    t, r = option
    return labels(t)[flip * (p - r) % 6]


OPTIONS = tuple((t, r) for t in TYPES for r in range(6))


def _by_side(flip: int) -> dict:
    """{(physical side, label): options showing that label there}."""
    out: dict = {}
    for o in OPTIONS:
        for p in range(6):
            out.setdefault((p, _label_at(o, p, flip)), []).append(o)
    return out


class _Search:
    """Backtracking over every child of every parent, with the edge words shared."""

    def __init__(self, parents, flip: int = 1):
        self.parents = parents
        self.flip = flip
        self.by_side = _by_side(flip)
        self.vars = []                                   # (parent index, child) in search order
        for k, par in enumerate(parents):
            seen = [0]
            while len(seen) < len(par.cells):            # breadth first: each new child touches one
                nxt = min(i for i in range(len(par.cells)) if i not in seen and
                          any(par.links.get((i, p), (None,))[0] in seen for p in range(6)))
                seen.append(nxt)
            self.vars += [(k, i) for i in seen]
        self.outer = {}                                  # (parent, child) -> [(edge, position, side)]
        for k, par in enumerate(parents):
            for e, row in enumerate(par.rows):
                for j, (i, p) in enumerate(row):
                    self.outer.setdefault((k, i), []).append((e, j, p))
        self.assign = {}
        self.words = {}
        self.solutions = []

    def label(self, option, p: int) -> str:
        """The label a child shows on physical side p."""
        return _label_at(option, p, self.flip)

    def expected(self, k: int, e: int, j: int):
        """The label W demands at position j of parent k's edge e, or None if W is unknown."""
        lab = labels(self.parents[k].t)[e]
        word = self.words.get(kind(lab))
        if word is None:
            return None
        return word[j] if lab[0] != "-" else facing(word)[j]

    def candidates(self, k: int, i: int):
        """Options for child i of parent k consistent with its assigned neighbours and known words."""
        par = self.parents[k]
        need = []
        for p in range(6):
            n = par.links.get((i, p))
            if n is not None and (k, n[0]) in self.assign:
                need.append((p, complement(self.label(self.assign[(k, n[0])], n[1]))))
        for e, j, p in self.outer.get((k, i), ()):
            lab = self.expected(k, e, j)
            if lab is not None:
                need.append((p, lab))
        if not need:
            return OPTIONS
        first = self.by_side.get(need[0], [])
        return [o for o in first if all(self.label(o, p) == lab for p, lab in need[1:])]

    def complete_words(self, k: int, i: int):
        """Words of parent k's edges completed by child i: None if inconsistent, else new kinds."""
        par = self.parents[k]
        new = []
        for e in sorted({e for e, _, _ in self.outer.get((k, i), ())}):
            row = par.rows[e]
            if any((k, c) not in self.assign for c, _ in row):
                continue
            read = tuple(self.label(self.assign[(k, c)], p) for c, p in row)
            lab = labels(par.t)[e]
            word = read if lab[0] != "-" else facing(read)
            old = self.words.get(kind(lab))
            if (kind(lab) == "η" and facing(word) != word) or old not in (None, word):
                for kd in new:
                    del self.words[kd]
                return None
            if old is None:
                self.words[kind(lab)] = word
                new.append(kind(lab))
        return new

    def run(self, n: int = 0):
        """Depth-first search from variable n; every solution is recorded."""
        if n == len(self.vars):
            self.solutions.append((dict(self.assign), dict(self.words)))
            return
        k, i = self.vars[n]
        for option in self.candidates(k, i):
            self.assign[(k, i)] = option
            new = self.complete_words(k, i)
            if new is not None:
                self.run(n + 1)
            for kd in new or ():
                del self.words[kd]
            del self.assign[(k, i)]


def solve(flip: int = 1) -> tuple:
    """Every joint solution: (parents, [(assignment {(parent, child): (letter, rot)}, words)]).

    flip = −1 asks for children of the parent's own handedness (there are none)."""
    parents = [Parent(t) for t in TYPES]
    order = sorted(range(9), key=lambda k: _priority(parents[k]))
    search = _Search([parents[k] for k in order], flip)
    search.run()
    sols = [({(order[k], i): v for (k, i), v in a.items()}, w) for a, w in search.solutions]
    return parents, sols


def _priority(par: Parent):
    """Search the most self-constrained parents first (repeated edge types, η edges)."""
    kinds = [kind(x) for x in labels(par.t)]
    return (-(len(kinds) - len(set(kinds)) + kinds.count("η")), TYPES.index(par.t))


# --- from the honeycomb to our places ------------------------------------------------------

def place_maps(par: Parent, assign: dict, k: int, pattern, rotations=PLACE_ROTATION) -> list:
    """Every bijection child → place respecting adjacency (`pattern`), Γ at 7 and (unless
    `rotations` is None) the places' rotations up to one common constant."""
    gamma = par.t == "G"
    places = tuple(p for p in range(8) if not (gamma and p == 2))
    adjacent = {frozenset(x) for x in pattern}
    cells = range(len(par.cells))
    touching = {frozenset((i, n)) for (i, _), (n, _) in par.links.items()}
    out = []

    def extend(m):
        if len(m) == len(places):
            out.append(dict(m))
            return
        i = len(m)
        for pl in places:
            if pl in m.values():
                continue
            if (assign[(k, i)][0] == "G") != (pl == 7):
                continue
            if any((frozenset((i, c)) in touching) != (frozenset((pl, m[c])) in adjacent) for c in m):
                continue
            m[i] = pl
            extend(m)
            del m[i]

    extend({})
    if rotations is None:
        return out
    return [m for m in out if len({(assign[(k, i)][1] - rotations[m[i]]) % 6 for i in cells}) == 1]


def build() -> dict:
    """Solve, map to places, and tabulate (pure; about a second)."""

    parents, sols = solve()
    if len(sols) != 1:
        raise AssertionError(f"the hexagon labels admit {len(sols)} substitutions, not one")
    assign, words = sols[0]
    rules, rotation, neighbour, outer, boundary = {}, {}, {}, {}, {}
    for k, par in enumerate(parents):
        gamma_index = TYPES.index("G")
        maps = place_maps(par, assign, k, hexagon_pattern(gamma_index if par.t == "G" else 1))
        if len(maps) != 1:
            raise AssertionError(f"{par.t}: {len(maps)} ways to match the hexagons to the places")
        m = maps[0]
        at = {pl: i for i, pl in m.items()}
        letters = ["."] * 8
        rot = [-1] * 8
        for pl, i in at.items():
            letters[pl] = assign[(k, i)][0]
            rot[pl] = (assign[(k, i)][1] - assign[(k, at[0])][1]) % 6
        rules[par.t] = "".join(letters)
        rotation[par.t] = tuple(rot)
        nb, ou = [None] * 8, [None] * 8
        for pl, i in at.items():
            r = assign[(k, i)][1]
            nrow, orow = [None] * 6, [None] * 6
            for e in range(6):
                p = (e + r) % 6
                if (i, p) in par.links:
                    n, q = par.links[(i, p)]
                    nrow[e] = (m[n], (q - assign[(k, n)][1]) % 6)
            nb[pl] = tuple(nrow)
            ou[pl] = orow
        rows = []
        for e, row in enumerate(par.rows):
            cells = []
            for j, (i, p) in enumerate(row):
                ce = (p - assign[(k, i)][1]) % 6
                ou[m[i]][ce] = (e, j)
                cells.append((m[i], ce))
            rows.append(tuple(cells))
        neighbour[par.t] = tuple(nb)
        outer[par.t] = tuple(None if x is None else tuple(x) for x in ou)
        boundary[par.t] = tuple(rows)
    return {"RULES": rules, "ROTATION": rotation, "EDGE_WORDS": dict(sorted(words.items())),
            "NEIGHBOUR": neighbour, "OUTER": outer, "BOUNDARY": boundary}


def render(tables: dict) -> str:
    """The text of rules_data.py."""
    lines = ['"""Generated by `python -m generator.spectre.derive` from the hexagons\' edge labels.',
             "",
             "Do not edit: tests/test_spectre_derive.py regenerates and compares.",
             '"""', ""]
    notes = {
        "RULES": "children by place 0..7 (\".\" = the empty place of Γ)",
        "ROTATION": "each child's rotation (units of 60°) relative to place 0, -1 = empty place",
        "EDGE_WORDS": "the edge substitution: child labels along a parent's τ+ edge",
        "NEIGHBOUR": "[parent][place][child edge] = (place, edge) of the child across it, None = outer",
        "OUTER": "[parent][place][child edge] = (parent edge, position along it), None = inner",
        "BOUNDARY": "[parent][parent edge][position] = (place, child edge)",
    }
    for name, value in tables.items():
        lines.append(f"# {notes[name]}")
        lines.append(f"{name} = {{")
        for key, v in value.items():
            lines.append(f"    {key!r}: {v!r},")
        lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    """Write rules_data.py (or, with --check, compare it with a fresh derivation)."""
    ap = argparse.ArgumentParser(description="Derive the Spectre metatile substitution tables.")
    ap.add_argument("--check", action="store_true", help="compare rules_data.py, write nothing")
    args = ap.parse_args(argv)
    text = render(build())
    if args.check:
        same = DATA_PATH.is_file() and DATA_PATH.read_text(encoding="utf-8") == text
        print("rules_data.py is up to date" if same else "rules_data.py differs from the derivation")
        return 0 if same else 1
    DATA_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DATA_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
