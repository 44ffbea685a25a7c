"""Tantrix: the exhaustive extra-symmetric enumeration (about 15-30 s on the shared machine)."""
import pytest

from generator.tantrix import checker, enumerate as enum, loops, permalink
from generator.tantrix.search import Search, expand


@pytest.fixture
def result(tantrix_enumeration):
    return tantrix_enumeration


def test_counts_reproduce_szobonyas(result):
    assert result["normalised_fillings"] == 7484 == 2 * 3742
    assert result["raw_fillings"] == 3742 * 112
    assert result["classes"] == {"translations": 7484, "translations+mirror": 3742,
                                 "translations+half-turn": 3742,
                                 "translations+half-turn+mirrors": 1871}
    assert result["single_loop_fillings"] == 448 == 2 * 224
    assert result["single_loop_classes"]["translations+mirror"] == 224


def test_normalising_another_tile_gives_the_same_count():
    # every pattern has tile 2 exactly once per period too, so fixing tile 2 instead of
    # tile 1 in the first cell must count the same patterns (up to translation)
    assert sum(1 for _ in Search("extrasymmetric-7x8", first_tile=2).solutions()) == 7484


def test_another_cell_order_gives_the_same_count():
    n = len(Search("extrasymmetric-7x8").order)
    order = [0] + list(range(n - 1, 0, -1))
    assert sum(1 for _ in Search("extrasymmetric-7x8", order=order).solutions()) == 7484


def test_single_loop_patterns_and_their_loop_statistics(result):
    pats = enum.single_loop_patterns()
    assert len(pats) == 448
    links = set()
    for p in pats:
        assert checker.problems(p) == []
        for cs in loops.curves(p).values():
            assert len(cs) == 1 and cs[0]["closed"] and cs[0]["length"] == 42
        links.add(permalink.encode(p))
    assert len(links) == 448
    # closed under the mirror image (after normalisation), without fixed points
    keys = {enum.canonical(enum.as_map(p)) for p in pats}
    for p in pats:
        m = enum.canonical(enum.mirror(enum.as_map(p)))
        assert m in keys and m != enum.canonical(enum.as_map(p))


def test_every_filling_passes_the_checker_sample(result):
    fillings, _nodes = enum._fillings()
    assert len(fillings) == result["normalised_fillings"]
    for f in fillings[::97]:
        assert checker.problems(expand("extrasymmetric-7x8", f)) == []


def test_uniform_choice_is_valid_and_seeded(result):
    a = enum.uniform_pattern(1)
    assert checker.problems(a) == [] and a == enum.uniform_pattern(1)


def test_publish_plan_lists_one_pattern_per_class():
    from family_helpers import SiteSide
    from generator.tantrix import classes
    publish = SiteSide("tantrix")
    items = publish.plan({"single_loop_count": 112})
    loops_items = [it for it in items if it["params"].get("kind") == "single-loop"]
    assert len(loops_items) == 112
    links = [it["permalink"] for it in loops_items]
    # the classes' own order (representatives sorted), whatever order the gallery shows them in
    by_number = [it["permalink"] for it in sorted(loops_items, key=lambda it: it["params"]["number"])]
    assert len(set(links)) == 112 and by_number == sorted(links)
    # no representative is the mirror image, half turn or both of another one
    keys = set()
    for link in links:
        cells = enum.as_map(permalink.decode(link))
        for g in classes.point_maps().values():
            assert enum.canonical(g(cells)) not in keys
        keys.add(enum.canonical(cells))
    item = publish.item(loops_items[0])
    assert item["permalink"] == links[0] and "<svg" in item["svg"]
    assert set(item["extra_svgs"]) == {"wallpaper", "variant_mirror", "variant_half_turn",
                                       "variant_half_turn_mirror",
                                       "red_loop_alone_and_the_tiles_it_closes_around"}
    assert dict(item["facts"])["symmetry group"] == classes.GROUP_TEXT
    assert len({it["id"] for it in items}) == len(items)


def test_committed_class_table_is_what_the_enumeration_gives():
    """single_loop_classes.txt (read by plan()) equals a fresh enumeration's output."""
    from generator.tantrix import classes
    assert classes.read_classes() == classes.compute_classes()
    assert classes.table_text(classes.read_classes()) == classes.CLASSES_FILE.read_text(encoding="utf-8")


def test_published_group_is_stated_in_the_json(result):
    assert result["published_classes"] == {"group": "translations+half-turn+mirrors", "symmetries": 224,
                                           "single_loop_classes": 112,
                                           "description": result["published_classes"]["description"]}
    assert "half turn" in result["published_classes"]["description"]


def test_flat_maps_agree_with_the_dictionary_definitions():
    """The flat codes (used for speed) give the same loops, mirror, half turn and shift."""
    import random
    fillings, _nodes = enum._fillings()
    fl = enum.flat()
    sample = random.Random(5).sample(fillings, 150)
    singles = [f for f in fillings if fl.single_loop(fl.codes(f))][:20]
    for f in sample + singles:
        p = expand("extrasymmetric-7x8", f)
        cells, codes = enum.as_map(p), fl.codes(f)
        assert fl.single_loop(codes) == loops.single_loop(p)
        assert fl.shift_is_translation(codes) and enum.check_shift_is_translation(cells)
        for slow, fast in ((enum.mirror, fl.mirror), (enum.half_turn, fl.half_turn)):
            # the image, normalised, is the same pattern in both forms
            want = dict(enum.canonical(slow(cells)))
            got = fl.canonical(fast(codes))
            assert {fl.positions[d]: divmod(c, 6) for d, c in enumerate(got)} == want


def test_cli_enumerate_with_single_loop_permalinks(tmp_path):
    from generator.tantrix import classes
    out = tmp_path / "e.json"
    import json
    import subprocess
    import sys
    subprocess.run([sys.executable, "-m", "generator", "tantrix", "enumerate", "--single-loop",
                    "--out", str(out)], check=True)
    data = json.loads(out.read_text())
    assert data["classes"]["translations+mirror"] == 3742
    links = data["single_loop_permalinks"]
    assert len(links) == 448
    assert {link for row in classes.read_classes() for link in row} == set(links)
    # deterministic output: an independent in-process run writes the same bytes (no timings)
    from generator.output import to_json
    again = to_json(enum.enumerate_all(single_loop_permalinks=True))
    assert out.read_text().rstrip("\n") == again.rstrip("\n")
