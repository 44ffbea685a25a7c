"""Metatiles, substitution and exact level-k hat supertiles (generator/hat/supertile.py)."""
import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

from generator.hat import geometry as G
from generator.hat import overlap as O
from generator.hat import supertile as S

COUNTS = {  # hats per level-n supertile, n = 1..5 (disjoint numbering)
    "H": [4, 25, 169, 1156, 7921],
    "T": [1, 4, 25, 169, 1156],
    "P": [2, 14, 96, 658, 4510],
    "F": [2, 16, 112, 770, 5280],
}
PHI = (1 + 5 ** 0.5) / 2
LIMIT_BY_METATILE = {"H": 0.5093, "T": 0.0186, "P": 0.1803, "F": 0.2918}


@pytest.fixture(scope="module")
def patches():
    return {(k, n): S.supertile_hats(k, n) for k in S.TYPES for n in range(1, 5)}


# --- first-order metatiles and the substitution --------------------------------------

def test_first_order_clusters():
    sizes = {k: len(S.prototype(k, 1).children) for k in S.TYPES}
    assert sizes == {"H": 4, "T": 1, "P": 2, "F": 2}
    refl = {k: [c.reflected for c in S.prototype(k, 1).children] for k in S.TYPES}
    assert refl["H"] == [False, False, False, True]
    assert not any(refl["T"] + refl["P"] + refl["F"])
    for k in S.TYPES:
        kites = [kk for c in S.prototype(k, 1).children for kk in G.hat_kites(c.iso)]
        assert len(set(kites)) == len(kites)
        assert len(G.boundary_loops(kites)) == 1           # one connected, hole-free cluster


def test_substitution_counts():
    want = {"H": "HHHTPPPFFF", "T": "H", "P": "HHPFF", "F": "HHPFFF"}
    for k in S.TYPES:
        assert sorted(S.SUBSTITUTION[k]) == sorted(want[k])
        for level in range(2, 6):
            assert tuple(c.kind for c in S.prototype(k, level).children) == S.SUBSTITUTION[k]


def _q5_mul(x, y):
    """(a + b√5)(c + d√5) with Fraction parts."""
    return (x[0] * y[0] + 5 * x[1] * y[1], x[0] * y[1] + x[1] * y[0])


def test_substitution_matrix_eigenvalue_phi4():
    # column j = children of type j; exact eigenvector in Q(√5)
    m = [[S.SUBSTITUTION[j].count(i) for j in S.TYPES] for i in S.TYPES]
    h = Fraction(1, 2)
    v = [(Fraction(1), Fraction(0)), (7 * h, -3 * h), (Fraction(-6), Fraction(3)), (9 * h, -3 * h)]
    phi4 = (7 * h, 3 * h)                                   # φ⁴ = (7 + 3√5)/2
    for i in range(4):
        row = (Fraction(0), Fraction(0))
        for j in range(4):
            row = (row[0] + m[i][j] * v[j][0], row[1] + m[i][j] * v[j][1])
        assert row == _q5_mul(phi4, v[i])
    # hats per metatile 4, 1, 2, 2 give the stated limits; reflected 1/(φ⁴ + 1)
    vf = [a + b * 5 ** 0.5 for a, b in v]
    hats = [4 * vf[0], vf[1], 2 * vf[2], 2 * vf[3]]
    total = sum(hats)
    for k, x in zip(S.TYPES, hats):
        assert abs(x / total - LIMIT_BY_METATILE[k]) < 5e-5
    assert abs(vf[0] / total - 1 / (PHI ** 4 + 1)) < 1e-12
    assert abs(1 / (PHI ** 4 + 1) - 0.127322) < 1e-6


@pytest.mark.parametrize("kind", S.TYPES)
def test_hat_counts_per_level(kind, patches):
    got = [len(patches[(kind, n)]) for n in range(1, 5)]
    assert got == COUNTS[kind][:4]
    assert [S.hat_count(kind, n) for n in range(1, 6)] == COUNTS[kind]


def test_level5_h_count_by_expansion():
    assert len(S.supertile_hats("H", 5)) == 7921
    assert len(S.supertile_hats("P", 5)) == 4510


# --- exactness, congruence, proper tiling --------------------------------------------

def _check_proper_tiling(hats):
    """Kites distinct, outline edges pair up, reflected hats apart, one boundary loop."""
    kites = [kk for h in hats for kk in G.hat_kites(h.iso)]
    assert len(set(kites)) == len(kites), "overlapping hats"
    owner = {}
    for i, h in enumerate(hats):
        out = G.hat_outline(h.iso)
        for j in range(14):
            e = (out[j], out[(j + 1) % 14])
            assert e not in owner, "a directed edge used twice"
            owner[e] = i
    adj = {i: set() for i in range(len(hats))}
    for (p, q), i in owner.items():
        j = owner.get((q, p))
        if j is not None:
            assert i != j
            adj[i].add(j)
            assert not (hats[i].reflected and hats[j].reflected), "reflected hats share an edge"
    seen, stack = {0}, [0]                                   # the hats form one piece
    while stack:
        for j in adj[stack.pop()]:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    assert len(seen) == len(hats)
    loops = G.boundary_loops(kites)
    assert len(loops) == 1, "holes inside the supertile"


@pytest.mark.parametrize("kind", S.TYPES)
def test_level4_is_a_proper_tiling(kind, patches):
    _check_proper_tiling(patches[(kind, 4)])


@pytest.mark.slow
def test_level5_h_is_a_proper_tiling():
    _check_proper_tiling(S.supertile_hats("H", 5))


@pytest.mark.parametrize("kind", S.TYPES)
def test_every_hat_is_congruent_to_the_hat(kind, patches):
    canon_sides = [G.norm(G.sub(G.HAT_OUTLINE[(i + 1) % 14], G.HAT_OUTLINE[i])) for i in range(14)]
    canon = frozenset(G.HAT_KITES)
    for h in patches[(kind, 4)]:
        assert G.is_grid_isometry(h.iso)
        assert h.reflected == bool(h.iso[1])
        kites = G.hat_kites(h.iso)
        assert all(G.in_centre_lattice(k[:2]) for k in kites)
        back = frozenset(G.kite_image(G.inverse(h.iso), k) for k in kites)
        assert back == canon
        out = G.hat_outline(h.iso)
        sides = [G.norm(G.sub(out[(i + 1) % 14], out[i])) for i in range(14)]
        want = canon_sides[::-1] if h.reflected else canon_sides
        assert any(sides[i:] + sides[:i] == want for i in range(14))


# --- labels ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", S.TYPES)
def test_labels_name_each_hat_once(kind, patches):
    hats = patches[(kind, 4)]
    labels = [h.labels for h in hats]
    assert len(set(labels)) == len(labels)
    for h in hats:
        assert len(h.labels) == 5 and h.labels[-1] == kind
        assert S.hat_at(h.labels) == h
        # the hat index matches its first-order metatile's size
        assert 0 <= h.labels[0] < len(S.prototype(h.metatile, 1).children)
        assert h.reflected == (h.metatile == "H" and h.labels[0] == 3)


# --- limiting frequencies ---------------------------------------------------------------

@pytest.mark.parametrize("kind", S.TYPES)
def test_fractions_move_toward_the_limits(kind):
    limit = 1 / (PHI ** 4 + 1)
    refl_err, meta_err = [], []
    for n in range(1, 6):
        hats = S.supertile_hats(kind, n)
        refl_err.append(abs(sum(h.reflected for h in hats) / len(hats) - limit))
        c = Counter(h.metatile for h in hats)
        meta_err.append(max(abs(c[m] / len(hats) - LIMIT_BY_METATILE[m]) for m in S.TYPES))
    assert all(a >= b for a, b in zip(refl_err, refl_err[1:])), refl_err
    assert all(a >= b for a, b in zip(meta_err, meta_err[1:])), meta_err
    assert refl_err[-1] < refl_err[1] / 10 and meta_err[-1] < meta_err[1] / 10
    assert refl_err[-1] < 3e-3 and meta_err[-1] < 2e-3


# --- overlapping numbering ----------------------------------------------------------------

def test_overlapping_numbering_sizes_and_kinds():
    sizes = {k: len(O.prototype(k, 2).overlap) for k in S.TYPES}
    assert sizes == {"H": 13, "T": 7, "P": 11, "F": 11}
    for level in (3, 4):
        for k in S.TYPES:
            p = O.prototype(k, level)
            assert p.overlap[:len(p.children)] == p.children
            assert [c.kind for c in p.overlap] == list(O.overlap_substitution()[k])


@pytest.mark.parametrize("level", [2, 3])
def test_overlapping_children_are_real_and_disjoint(level):
    """Each straddling child is a metatile of the tiling around every interior copy of S,
    and the overlapping children of S never overlap each other."""
    big = level + 2
    present = {(k, g) for k, g, _ in S.metatiles("H", big, level - 1)}
    interior = Counter()
    for kind, sg, _ in S.metatiles("H", big, level):
        extras = O.prototype(kind, level).overlap[len(S.prototype(kind, level).children):]
        placed = [(c.kind, G.compose(sg, c.iso)) for c in extras]
        hits = sum(p in present for p in placed)
        if hits == len(placed):
            interior[kind] += 1
    assert all(interior[k] >= 1 for k in S.TYPES), interior
    for k in S.TYPES:
        kites = []
        for c in O.prototype(k, level).overlap:
            for h in S.supertile_hats(c.kind, level - 1, c.iso):
                kites.extend(G.hat_kites(h.iso))
        assert len(kites) == len(set(kites))


# --- command line -----------------------------------------------------------------------

def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", "supertile", "hat", *args],
                          capture_output=True, text=True)


def test_cli_json():
    r = run("--level", "2", "--metatile", "P", "--format", "json")
    assert r.returncode == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["family"] == "hat" and len(obj["tiles"]) == 14
    for t in obj["tiles"]:
        assert t["kind"] == "hat" and t["metatile"] in "HTPF" and isinstance(t["reflected"], bool)
        assert t["labels"][-1] == "P" and len(t["labels"]) == 3
        pts = t["points"]
        assert len(pts) == 14
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            d = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            assert abs(d - 1) < 1e-9 or abs(d - 3 ** 0.5) < 1e-9
    assert run("--level", "2", "--metatile", "P", "--format", "json").stdout == r.stdout


def test_cli_svg_deterministic():
    a = run("--level", "3", "--format", "svg")
    b = run("--level", "3", "--format", "svg")
    assert a.returncode == 0 and a.stdout == b.stdout and a.stdout.startswith("<svg")


@pytest.mark.parametrize("args", [["--level", "0"], ["--level", "99"], ["--level", "x"],
                                  ["--level", "2", "--metatile", "Q"], [], ["--bogus"]])
def test_cli_bad_input_is_one_line(args):
    r = run(*args)
    assert r.returncode == 2
    assert r.stderr.startswith("error:") and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


# --- local consistency: the same hat neighbourhoods at every level ---------------------

def _neighbourhoods(hats):
    """Interior hats' edge-neighbourhoods, each seen from its centre hat (exact isometries)."""
    owner = {}
    for i, h in enumerate(hats):
        out = G.hat_outline(h.iso)
        for j in range(14):
            owner[(out[j], out[(j + 1) % 14])] = i
    boundary = {i for (p, q), i in owner.items() if (q, p) not in owner}
    found = set()
    for i, h in enumerate(hats):
        out = G.hat_outline(h.iso)
        nb = {owner.get((out[(j + 1) % 14], out[j])) for j in range(14)}
        if i in boundary or None in nb or nb & boundary:
            continue
        inv = G.inverse(h.iso)
        found.add((h.reflected, frozenset(G.compose(inv, hats[n].iso) for n in nb)))
    return found


def test_hat_neighbourhoods_stable_across_levels():
    """A substitution tiling has finitely many local patterns; a defect in the construction
    (a misfit at some level) would show up as a new neighbourhood at a higher level."""
    four = _neighbourhoods(S.supertile_hats("H", 4))
    five = _neighbourhoods(S.supertile_hats("H", 5))
    assert five == four
    assert len(five) >= 10
