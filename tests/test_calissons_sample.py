"""`python -m generator calissons sample`: a uniformly random tiling of the hexagon with a
permalink that regenerates it byte for byte, golden output bytes, the arctic circle, bad
input, and the gallery items of site.toml."""

from __future__ import annotations

import hashlib
import json

import pytest

from generator import cli
from generator.calissons import sample as S
from generator.calissons.model import is_plane_partition

# SVG SHA-256 of `regen LINK --format svg` (permalinks are forever).  Version 1 links come from
# the first sampler and keep their bytes; `calissons sample` makes version 2 links.
GOLDEN = {"cal.v1.8.s1": "24394f02fb6116e4ec4529ec08e6957b069e0813597fe5ac50463dd3280599f6",
          "cal.v1.20.s7": "4ebde1ba3ee59af449251e1e0104ad558c284b80d81ac5a6b7d1b4c57fa9a622",
          "cal.v1.1.s0": "b369cd2594b8edcc0d145ea7b420aab450c442ab1efc11b99879ee7c5069eac9",
          "cal.v2.8.s1": "adb4b929eafd43690ac49b11f97163f9109df98b1d43a6cdae81e4ba9b121915",
          "cal.v2.20.s7": "f8f405a856d424a6687a9a56afe54e4ffc6985ab42277809e4bca4ad46f07047",
          "cal.v2.1.s0": "b59a0ecf6f8913dcb85978430c138cb34b1e43820847ad4548dd4504c06799d0",
          "cal.v2.40.s3": "92b29a66efb8d5333375fed98b74ec024f7ab41b326e83e9887ca0477503db58"}


def _run(argv, capsysbinary) -> tuple[int, bytes, str]:
    """(exit code, stdout bytes, stderr) of `python -m generator ARGV` in this process."""
    capsysbinary.readouterr()
    code = cli.main(argv)
    out = capsysbinary.readouterr()
    return code, out.out, out.err.decode()


def test_sample_json_is_a_plane_partition_named_by_its_permalink(capsysbinary):
    code, out, err = _run(["calissons", "sample", "--size", "12", "--seed", "5", "--format", "json"],
                          capsysbinary)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["permalink"] == "cal.v2.12.s5" and rec["n"] == 12 and rec["seed"] == 5
    assert is_plane_partition(12, rec["pp"]) and rec["volume"] == sum(map(sum, rec["pp"]))
    code, again, _ = _run(["regen", "cal.v2.12.s5", "--format", "json"], capsysbinary)
    assert code == 0 and again == out
    code, old, _ = _run(["regen", "cal.v1.12.s5", "--format", "json"], capsysbinary)
    assert code == 0 and json.loads(old)["permalink"] == "cal.v1.12.s5" and old != out


@pytest.mark.parametrize("link", sorted(GOLDEN))
def test_sample_svg_regenerates_from_its_permalink_and_matches_the_golden_bytes(link, capsysbinary):
    n, seed, version = S.parse(link)
    code, svg, err = _run(["regen", link, "--format", "svg"], capsysbinary)
    assert code == 0, err
    assert hashlib.sha256(svg).hexdigest() == GOLDEN[link]
    assert f"<title>{link}</title>" in svg.decode()
    if version == S.VERSION:        # new samples are made by the current sampler
        code, again, _ = _run(["calissons", "sample", "--size", str(n), "--seed", str(seed)], capsysbinary)
        assert code == 0 and again == svg


def test_big_sides_take_version_2():
    """n = 65..256 is for version 2 only; version 1 links stop at 64 as they always did."""
    assert S.permalink(200, 1) == "cal.v2.200.s1" and S.parse("cal.v2.256.s9") == (256, 9, 2)
    assert S.parse("cal.v1.64.s9") == (64, 9, 1)
    for bad in ("cal.v1.65.s1", "cal.v2.257.s1", "cal.v3.6.s1", "cal.v2.0.s1"):
        with pytest.raises(S.PermalinkError):
            S.parse(bad)


def test_sample_png(capsysbinary, tmp_path):
    code, _, err = _run(["calissons", "sample", "--size", "6", "--seed", "1", "--format", "png",
                         "--out", str(tmp_path / "t.png")], capsysbinary)
    assert code == 0, err
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_arctic_circle():
    """Cohn-Larsen-Propp: outside the inscribed circle the pile is frozen (full near one corner
    of the box, empty near the opposite one), inside it is not."""
    n = 32
    pp = S.to_json(S.draw(n, 2))["pp"]
    assert all(pp[i][j] == n for i in range(n) for j in range(n) if i + j < 0.2 * n)
    assert all(pp[i][j] == 0 for i in range(n) for j in range(n) if i + j > 1.8 * n)
    centre = [pp[i][j] for i in range(n // 2 - 3, n // 2 + 3) for j in range(n // 2 - 3, n // 2 + 3)]
    assert 0 < min(centre) and max(centre) < n and len(set(centre)) > 5


def test_different_seeds_differ():
    assert S.draw(16, 1).heights != S.draw(16, 2).heights


@pytest.mark.parametrize("argv", [
    ["calissons", "sample", "--size", "0"], ["calissons", "sample", "--size", "257"],
    ["calissons", "sample", "--size", "8", "--seed", "-1"], ["calissons", "sample"],
    ["calissons", "sample", "--size", "8", "--format", "pdf"],
    ["regen", "cal.v1.65.s1"], ["regen", "cal.v2.257.s1"], ["regen", "cal.v3.6.s1"],
    ["regen", "cal.v2.6.s01"], ["regen", "cal.v1.6.s01"], ["regen", "cal.v1.6.s"],
    ["regen", "cal.v1.6.s" + "9" * 20], ["regen", "cal.v1.06.s1"],
])
def test_bad_sample_input(argv, capsysbinary):
    code, _, err = _run(argv, capsysbinary)
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("error: "), err


def test_gallery_items_from_site_toml():
    from pathlib import Path
    import tomllib
    from generator import families
    from generator.errors import ConfigError
    from generator.pipeline.generate import site_item
    fam = families.get("calissons")
    table = tomllib.loads((Path(__file__).resolve().parents[1] / "site_src" / "site.toml").read_text())
    mine = table["families"]["calissons"]
    assert 2 <= len(mine["sample_sizes"]) * len(mine["sample_seeds"]) <= 6
    values = families.validate(fam.site, {"sizes": [4], "levels": ["easy"], "seeds": [1], "sample_sizes": [6],
                                          "sample_seeds": [3]}, "[families.calissons]", error=ConfigError)
    sample = [it for it in fam.plan(values, {}) if it["params"].get("sample")]
    assert sample == [{"id": "sample-n6-s3", "params": {"sample": True, "size": 6, "seed": 3}}]
    item = site_item(fam, sample[0]["params"])
    assert item["permalink"] == "cal.v2.6.s3" and item["svg"] == S.to_svg(S.regen("cal.v2.6.s3"))
    assert item["group"] == "Tilings to look at" and ["Size n", 6] in item["facts"]
    for bad in ({"sample_sizes": [0]}, {"sample_sizes": [65]}, {"sample_sizes": [6, 6]},
                {"sample_sizes": "x"}, {"sample_seeds": [-1]}):
        with pytest.raises(ConfigError):
            families.validate(fam.site, bad, "[families.calissons]", error=ConfigError)
