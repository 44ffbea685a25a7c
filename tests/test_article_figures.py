"""Tatham's explanatory figures in the articles, drawn by our code: the Penrose edge-adjacency maps,
the pruning saving (kept against dropped), the hat's kitemap and metamap and the metatile-versus-hat
distortion.  Each figure's data is checked against the geometry independently of the code that
draws it, and every number the articles state about them is recomputed here and compared."""

from __future__ import annotations

import importlib.util
import math
import re
import sys
import xml.etree.ElementTree as ET

from site_helpers import REPO

from generator.hat import article as HA
from generator.hat import coords as HC
from generator.hat import geometry as HG
from generator.hat import supertile as HS
from generator.hat import tables_data as HD
from generator.penrose import algebra as Z
from generator.penrose import figures as PF
from generator.penrose import geometry as PG
from generator.penrose import substitution as PS
from generator.penrose import tables as PT
from generator.penrose.coords import DENOM
from generator.penrose.expansion import pruning_counts, pruning_trace

SVG = "{http://www.w3.org/2000/svg}"
HAT_MD = (REPO / "site_src" / "articles" / "hat.md").read_text(encoding="utf-8")
PENROSE_MD = (REPO / "site_src" / "articles" / "penrose.md").read_text(encoding="utf-8")
LAB_MD = (REPO / "docs" / "distribution-lab.md").read_text(encoding="utf-8")


def _flat(text: str) -> str:
    """Markdown prose with its line breaks as spaces (numbers are looked up in sentences)."""
    return re.sub(r"\s+", " ", text)


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


# ---- Penrose: the edge-adjacency maps ------------------------------------------------------

def _on_segment(s, t, p) -> bool:
    return Z.collinear(s, t, p)


def test_adjacency_tables_printed_in_the_figure_follow_from_the_geometry():
    """Each printed cell is re-derived here from the children's vertices alone: `B 2` = child B
    has the same edge reversed as its edge 2; `[e.k]` = the edge lies on the parent's edge e, as
    its k-th piece from the edge's start."""
    for family in ("p2", "p3"):
        rows = PF.adjacency_rows(family)
        texts = _texts(PF.adjacency_figure(family))
        for parent in PG.FAMILY_LETTERS[family]:
            pv = PT._canonical_parent(family, parent)
            kids = {ch: (a, b, c) for ch, a, b, c in PG.children(family, parent, *pv)}
            assert [r[0] for r in rows[parent]] == list(kids)
            for child, *cells in rows[parent]:
                vs = kids[child]
                for i, cell in enumerate(cells):
                    p, q = vs[i], vs[(i + 1) % 3]
                    m = re.fullmatch(r"\[(\d)\.(\d)\]", cell)
                    if m is None:
                        other, j = cell.split()
                        ov = kids[other]
                        assert (ov[int(j)], ov[(int(j) + 1) % 3]) == (q, p), (family, parent, child, i)
                        continue
                    e, k = int(m.group(1)), int(m.group(2))
                    s, t = pv[e], pv[(e + 1) % 3]
                    assert _on_segment(s, t, p) and _on_segment(s, t, q)
                    # k pieces of the parent's edge e start nearer to its start than this one
                    d = Z.norm2(Z.sub(p, s))
                    nearer = 0
                    for ch2, w in kids.items():
                        for i2 in range(3):
                            a, b = w[i2], w[(i2 + 1) % 3]
                            if (ch2, i2) != (child, i) and _on_segment(s, t, a) and _on_segment(s, t, b):
                                da = Z.norm2(Z.sub(a, s))
                                if Z.sign5(da[0] - d[0], da[1] - d[1]) < 0:
                                    nearer += 1
                    assert nearer == k, (family, parent, child, i, cell)
            # the figure prints every cell of the table, in order
            cells = [c for row in rows[parent] for c in row]
            assert all(c in texts for c in cells)
        n = sum(3 for p in rows for _ in rows[p])
        boundary = sum(c.startswith("[") for p in rows for row in rows[p] for c in row[1:])
        assert f"Of the {n} child edges in each family's four maps, {n - boundary} lie inside the parent " \
               f"and {boundary} on its edges" in _flat(PENROSE_MD)


# ---- the pruning saving ---------------------------------------------------------------------

def _area(tri) -> float:
    (ax, ay), (bx, by), (cx, cy) = (Z.to_float(v) for v in tri)
    return abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2


def test_pruning_trace_keeps_what_pruned_keeps_and_the_dropped_fill_the_rest():
    tri, region, kept, dropped, made = pruning_trace("p2", PF.PRUNE_SIZE, PF.PRUNE_LEVEL)
    assert made == pruning_counts("p2", PF.PRUNE_SIZE, [PF.PRUNE_LEVEL])[0][2]
    assert sorted(kept) == sorted(PS.pruned("p2", "A", PF.PRUNE_LEVEL, region, scale=DENOM))
    for _lev, (_ch, a, b, c) in dropped:
        assert not region.meets(a, b, c, Z.to_float(a), Z.to_float(b), Z.to_float(c))
    # the dropped triangles and the kept half-tiles tile the supertriangle
    covered = sum(_area(t[1:]) for _lev, t in dropped) + sum(_area(t[1:]) for t in kept)
    assert math.isclose(covered, _area(tri), rel_tol=1e-9)
    # each dropped triangle has the size of its level: φ^level times a half-tile's
    for lev, (ch, *vs) in dropped:
        one = _area(PS.supertriangle("p2", ch, 0, scale=DENOM))
        assert math.isclose(_area(vs), one * (1.6180339887498949 ** (2 * lev)), rel_tol=1e-9)


def test_pruning_numbers_in_the_articles_are_the_measured_ones():
    _tri, _region, kept, dropped, made = pruning_trace("p2", PF.PRUNE_SIZE, PF.PRUNE_LEVEL)
    total = pruning_counts("p2", PF.PRUNE_SIZE, [PF.PRUNE_LEVEL])[0][1]
    n = PF.PRUNE_LEVEL
    assert (f"Expanding an A supertriangle of level {n} fully makes {total:,} triangles; pruned to the "
            f"{PF.PRUNE_SIZE:g} × {PF.PRUNE_SIZE:g} region at its centre it makes {made:,}, of which "
            f"{len(dropped):,} are dropped") in _flat(PENROSE_MD)
    assert f"and {len(kept):,} are left at the bottom" in _flat(PENROSE_MD)
    assert (f"of the {made:,} triangles made for the P2 supertriangle of level {n}, {len(dropped):,} are "
            f"dropped") in _flat(LAB_MD)
    assert f"and {len(kept):,} are left at the bottom" in _flat(LAB_MD)
    texts = _texts(PF.pruning_picture())
    assert f"expanded fully: {total:,} triangles made" in texts
    assert f"pruned: {made:,} made, {len(kept):,} kept" in texts


def test_the_lab_pages_pruning_tables_regenerate():
    sys.path.insert(0, str(REPO / "bench"))
    import distribution_lab as L
    for family in ("p2", "p3"):
        assert L.pruning_saving(family, 6.0, [8, 10, 12, 16, 20]) in LAB_MD, family


# ---- the hat: kitemap and metamap ---------------------------------------------------------------

def test_the_kitemap_drawn_is_the_table_the_walk_steps_through():
    for m2 in HS.TYPES:
        kites = HA.kitemap_kites(m2)
        where = {k: n for n, (k, *_r) in enumerate(kites)}
        assert len(where) == len(kites)                        # no kite drawn twice
        steps = HD.KITEMAP_STEPS[HS.TYPES.index(m2)]
        for n, (kite, *_r) in enumerate(kites):
            for e in range(4):
                across = HC.kite_move(kite, e)
                assert steps[4 * n + e] == where.get(across, -1), (m2, n, e)
        hats: dict = {}
        for kite, (_k, h, c1), _kind, _refl in kites:
            hats.setdefault((c1, h), []).append(kite)
        assert all(len(v) == 8 for v in hats.values())      # whole hats
    facts = {m: HA.kitemap_facts(m) for m in HS.TYPES}
    t = facts["T"]
    text = _flat(HAT_MD)
    assert (f"the one of a second-order T: {t['kites']} kites in {t['hats']} hats of {t['metatiles']} "
            "first-order metatiles") in text
    assert f"Only {t['off']} of its {t['steps']} kite-edge steps leave the map" in text
    assert (f"The maps of H, P and F hold {facts['H']['kites']}, {facts['P']['kites']} and "
            f"{facts['F']['kites']} kites") in text
    red = [p for p in ET.fromstring(HA.kitemap_figure("T")).iter(f"{SVG}path") if p.get("stroke") == HA.OFF_MAP]
    assert len(red) == 1 and red[0].get("d").count("M") == t["off"]


def test_the_metamap_drawn_is_the_table_and_the_article_counts_it():
    mets = HA.metamap_metatiles("T")
    shared = {name for _k, _i, names in mets if len(names) > 1 for name in names}
    assert shared == set(HD.METAMAPS[HS.TYPES.index("T")])
    f = HA.metamap_facts("T")
    assert (f"In a third-order T there are {f['names']} names for {f['metatiles']} first-order metatiles; "
            f"{f['shared']} of them have two or three names") in _flat(HAT_MD)
    assert max(len(n) for _k, _i, n in mets) == 3
    texts = _texts(HA.metamap_figure("T"))
    assert sorted(texts) == sorted(f"{a}.{b}" for _k, _i, n in mets for a, b in n)


# ---- the hat: distortion ----------------------------------------------------------------------

def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k - 1], poly[k]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_distortion_share_agrees_with_counting_points_at_level_one():
    """The exact mismatch of a level-1 H against a count of grid points (off every line)."""
    d = HA.distortion("H", 1)
    poly = [HG.to_xy(p) for p in HS.prototype("H", 1).outline]
    kites = [[HG.to_xy(p) for p in HG.kite_vertices(k)] for h in HS.supertile_hats("H", 1)
             for k in HG.hat_kites(h.iso)]
    xs = [p[0] for k in kites for p in k] + [p[0] for p in poly]
    ys = [p[1] for k in kites for p in k] + [p[1] for p in poly]
    step = 0.05
    in_poly = in_one = 0
    y = min(ys) + step * 0.37
    while y < max(ys):
        x = min(xs) + step * 0.29
        while x < max(xs):
            a, b = _inside((x, y), poly), any(_inside((x, y), k) for k in kites)
            in_poly += a
            in_one += a != b
            x += step
        y += step
    assert abs(in_one / in_poly - float(d["share"])) < 0.01


def test_distortion_table_in_the_hat_article_is_measured():
    rows = re.findall(r"^\| (\d) \| ([\d,]+) \| ([\d.]+) \| (\d+)% \|$", HAT_MD, re.M)
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    ds = {}
    for level, hats, gap, share in rows:
        d = ds[int(level)] = HA.distortion("H", int(level))
        assert (f"{d['hats']:,}", f"{d['reach']:.1f}", f"{float(d['share']) * 100:.0f}") == (hats, gap, share)
    # what the prose says of them: from level 3 on near one half; the gap grows about by φ² a level
    assert all(0.4 < ds[k]["share"] < 0.6 for k in (3, 4))
    assert abs(ds[4]["reach"] / ds[3]["reach"] / 2.618 - 1) < 0.15
    assert "from level 3 on it stays near one half" in _flat(HAT_MD)
    texts = _texts(HA.distortion_figure("H"))
    for level in HA.DISTORTION_LEVELS:
        d = HA.distortion("H", level)
        assert f"gap {d['reach']:.1f} units, {float(d['share']) * 100:.0f}% mismatch" in texts


# ---- the figures are the articles', and the build's cache sees new code ----------------------------

def test_every_new_figure_is_in_its_article_and_parses():
    from generator.hat.article import figures
    hat, pen = figures(), PF.all_figures()
    for name, md in (("hat-kitemap.svg", HAT_MD), ("hat-metamap.svg", HAT_MD), ("hat-distortion.svg", HAT_MD),
                     ("penrose-p2-adjacency.svg", PENROSE_MD), ("penrose-p3-adjacency.svg", PENROSE_MD),
                     ("penrose-pruned.svg", PENROSE_MD)):
        assert f"(figures/{name})" in md
        svg = (hat if name.startswith("hat") else pen)[name]
        ET.fromstring(svg)
        assert len(svg) < 120_000, name                    # small: the site's byte budget
    assert "Tatham" in HAT_MD and "Two algorithms for randomly generating aperiodic tilings" in PENROSE_MD


def test_figures_cache_key_follows_the_family_source(tmp_path):
    from generator.pipeline.build import _figures_source
    pkg = tmp_path / "figpkg"
    pkg.mkdir()
    (pkg / "fam.py").write_text("def figures():\n    return {}\n")
    (pkg / "art.py").write_text("X = 1\n")
    spec = importlib.util.spec_from_file_location("figpkg_fam", pkg / "fam.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["figpkg_fam"] = mod
    try:
        spec.loader.exec_module(mod)
        before = _figures_source(mod.figures)
        (pkg / "art.py").write_text("X = 2\n")
        assert _figures_source(mod.figures) != before != ""
    finally:
        del sys.modules["figpkg_fam"]
