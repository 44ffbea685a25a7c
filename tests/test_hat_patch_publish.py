"""Hat random patches: the gallery side (plan/generate for random patches)."""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.errors import ConfigError
from family_helpers import SiteSide

publish = SiteSide("hat")

ROOT = Path(__file__).resolve().parents[1]


def test_site_toml_hat_table_plans_and_generates_deterministically(capsysbinary):
    """The committed [families.hat] table plans items that generate, twice identically."""
    cfg = tomllib.loads((ROOT / "site_src" / "site.toml").read_text())
    items = publish.plan(cfg["families"]["hat"], cfg["site"])
    assert len(items) >= 6 and len({i["id"] for i in items}) == len(items)
    sizes = {(i["params"]["width"], i["params"]["height"]) for i in items}
    assert len(sizes) >= 2
    item = items[0]
    a = publish.item(item)
    b = publish.item(item)
    assert a == b
    ET.fromstring(a["svg"])
    assert a["permalink"].startswith("hat.v1.")
    # the page's command prints exactly the published picture
    from generator.cli import main
    assert a["command"].startswith("python -m generator ")
    assert main(a["command"].split()[3:]) == 0
    assert capsysbinary.readouterr().out.decode() == a["svg"]


@pytest.mark.parametrize("section, words", [
    ({"patch_seeds": []}, "patch_seeds"),
    ({"patch_seeds": [1, 1]}, "duplicate"),
    ({"patch_seeds": ["a"]}, "patch_seeds"),
    ({"patch_sizes": [[0, 3]]}, "width"),
    ({"patch_sizes": [[3, 1000]]}, "height"),
    ({"patch_sizes": [[3.0001, 3]]}, "decimals"),
    ({"patch_sizes": [3, 3]}, "patch_sizes[0]"),
    ({"patch_colour": 1}, "unknown key"),
])
def test_bad_config_is_a_config_error(section, words):
    """Bad patch keys are rejected naming the key."""
    with pytest.raises(ConfigError) as exc:
        publish.plan(section)
    assert words in str(exc.value)
