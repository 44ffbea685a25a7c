"""The family protocol: one validation path, one parser, one loader, exact tiles of the tilings."""
import ast
import math
from pathlib import Path

import pytest

from generator import families
from generator.errors import ConfigError, TilepressError
from generator.families import Param, validate

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = (
    Param("seed", "int", "a seed", default=0, min=0, max=100),
    Param("width", "decimal", "a side", default="20", max=400),
    Param("sizes", "sizes", "sizes", default=[[1, 2]], max=50),
    Param("kind", "choice", "a kind", default="a", choices=("a", "b")),
    Param("flag", "bool", "a flag", default=False),
    Param("name", "str", "a name"),
)


def test_validate_fills_defaults_and_canonicalises():
    out = validate(SCHEMA, {"name": "x", "width": 12.50, "sizes": [[3, 4.25]]}, "[t]")
    assert out == {"seed": 0, "width": "12.5", "sizes": [["3", "4.25"]], "kind": "a", "flag": False, "name": "x"}


@pytest.mark.parametrize("values, words", [
    ({"name": "x", "sedes": 1}, "unknown key 'sedes'"),
    ({}, "name is required"),
    ({"name": "x", "seed": True}, "seed must be an integer"),
    ({"name": "x", "seed": 1.0}, "seed must be an integer"),
    ({"name": "x", "seed": 101}, "seed must be between 0 and 100"),
    ({"name": "x", "seed": -1}, "seed must be between 0 and 100"),
    ({"name": "x", "width": 0}, "width must be > 0"),
    ({"name": "x", "width": "1e3"}, "width must be a positive decimal"),
    ({"name": "x", "width": 1.0001}, "at most 3 decimals"),
    ({"name": "x", "sizes": [[1, 2], [1, 2]]}, "duplicate"),
    ({"name": "x", "sizes": [[1]]}, "sizes[0]"),
    ({"name": "x", "sizes": []}, "sizes must have"),
    ({"name": "x", "kind": "c"}, "kind must be one of a, b"),
    ({"name": "x", "flag": 1}, "flag must be true or false"),
    ({"name": 3}, "name must be a string"),
])
def test_validate_names_the_key(values, words):
    with pytest.raises(ConfigError) as exc:
        validate(SCHEMA, values, "[families.t]", error=ConfigError)
    assert str(exc.value).startswith("[families.t] ") and words in str(exc.value)


@pytest.mark.parametrize("name", list(families.REGISTRY))
def test_every_family_table_refuses_an_unknown_key(name):
    fam = families.get(name)
    from generator.pipeline.plan import family_plan
    with pytest.raises(ConfigError) as exc:
        family_plan(fam, {"sedes": 1}, {})
    assert f"[families.{name}] unknown key 'sedes'" in str(exc.value)


@pytest.mark.parametrize("name", list(families.REGISTRY))
def test_family_values_are_consistent(name):
    """Registry name = family name; schemas use known types; defaults pass their own validation."""
    fam = families.get(name)
    assert fam.name == name and fam.versions and fam.kind in ("tiling", "puzzle", "pattern")
    for schema in (fam.params, fam.regen_params, fam.site, fam.svg_params) + tuple(c.params for c in fam.commands):
        assert len({p.name for p in schema}) == len(schema)
        for p in schema:
            assert p.type in families.TYPES and p.help and p.name.isidentifier()
    validate(fam.site, {}, name)        # every site key has a valid default
    assert (fam.tiles is not None) == (fam.kind == "tiling")


def _sources():
    for path in sorted((ROOT / "generator").rglob("*.py")):
        yield path, ast.parse(path.read_text(), str(path))


def test_one_parser_class_and_one_import_module_call():
    parsers, loaders = [], []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Attribute) and b.attr == "ArgumentParser" for b in node.bases):
                parsers.append(f"{path.name}:{node.name}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "import_module":
                loaders.append(path.name)
    assert parsers == ["cli.py:Parser"] and loaders == ["families.py"]


def test_split_permalink_checks_the_version():
    with pytest.raises(TilepressError, match="version 7"):
        families.split_permalink("p2.v7.1_1_0_A")
    fam, version, payload = families.split_permalink("cal.v1.4~AAAA")
    assert fam.name == "calissons" and version == 1 and payload == "4~AAAA"


# --- exact tiles of the tiling families -------------------------------------------------------

PATCHES = {"p2": dict(width=14, height=10, seed=3, margin=2.0),
           "p3": dict(width=14, height=10, seed=5, margin=2.0),
           "hat": dict(width=36, height=28, seed=2, margin=6.0),
           "spectre": dict(width=30, height=24, seed=2, margin=3.0)}


@pytest.fixture(scope="module", params=sorted(PATCHES))
def tiling(request):
    name = request.param
    spec = dict(PATCHES[name])
    margin = spec.pop("margin")
    item, tiles = families.patch(name, **{k: str(v) if k != "seed" else v for k, v in spec.items()})
    return name, spec, margin, item, tiles


def test_exact_keys_agree_with_float_points(tiling):
    """Same exact key ⇔ same point (within 1e-9): keys can be trusted to join tiles."""
    _name, _spec, _margin, _item, tiles = tiling
    where = {}
    for t in tiles:
        assert len(t.exact) == len(t.points) >= 3
        for key, pt in zip(t.exact, t.points):
            hash(key)
            if key in where:
                assert math.dist(where[key], pt) < 1e-9
            where[key] = pt
    grid = {}
    for key, (x, y) in where.items():
        cell = (round(x * 1e6), round(y * 1e6))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                other = grid.get((cell[0] + dx, cell[1] + dy))
                assert other is None or other == key or math.dist(where[other], (x, y)) > 1e-9
        grid[cell] = key


def test_interior_edges_are_shared_by_exactly_two_tiles(tiling):
    """The tiles, joined by exact keys, form an edge-to-edge tiling: every edge well inside the
    region borders exactly two tiles, every edge at most two; tile areas are positive."""
    _name, spec, margin, _item, tiles = tiling
    count, mid = {}, {}
    for t in tiles:
        n = len(t.exact)
        area = sum(t.points[i][0] * t.points[(i + 1) % n][1] - t.points[(i + 1) % n][0] * t.points[i][1]
                   for i in range(n)) / 2
        assert area > 0.1                       # anticlockwise, not degenerate
        for i in range(n):
            a, b = t.exact[i], t.exact[(i + 1) % n]
            e = frozenset((a, b))
            count[e] = count.get(e, 0) + 1
            pa, pb = t.points[i], t.points[(i + 1) % n]
            mid[e] = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    w, h = float(spec["width"]) / 2 - margin, float(spec["height"]) / 2 - margin
    inner = [e for e, (x, y) in mid.items() if abs(x) < w and abs(y) < h]
    assert len(inner) > 50
    assert all(count[e] == 2 for e in inner)
    assert max(count.values()) == 2


def test_patch_from_permalink_gives_the_same_tiles(tiling):
    name, _spec, _margin, item, tiles = tiling
    fam = families.get(name)
    again, tiles2 = families.patch(name, permalink=fam.permalink(item))
    assert tiles2 == tiles


def test_region_limits_are_the_permalinks_limits():
    """The CLI's width/height range is exactly what the permalink format accepts."""
    from generator.hat import permalink as HP
    from generator.penrose import permalink as PP
    for name, limit in (("p2", PP.MAX_SIDE), ("p3", PP.MAX_SIDE), ("hat", HP.MAX_SIDE)):
        fam = families.get(name)
        for schema in (fam.params, fam.regen_params):
            sides = {p.name: p.max for p in schema if p.type == "decimal" and p.name != "disc"}
            assert sides == {"width": limit, "height": limit}
        assert [p.max for p in fam.params if p.name == "disc"] == [limit / 2]   # --disc R: a 2R box
