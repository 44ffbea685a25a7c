"""The hat article and its figures (generator/hat/article.py, site_src/articles/hat.md)."""
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from generator.hat import article

ARTICLE = Path(__file__).resolve().parents[1] / "site_src" / "articles" / "hat.md"


def test_figures_are_svg_and_deterministic():
    a, b = article.figures(), article.figures()
    assert a == b
    for name, text in a.items():
        assert name.endswith(".svg") and re.fullmatch(r"[a-z0-9-]+\.svg", name)
        root = ET.fromstring(text)
        assert root.tag.endswith("svg")


def test_article_front_matter_and_figure_references():
    text = ARTICLE.read_text(encoding="utf-8")
    head = text.split("---")[1]
    assert "title:" in head and re.search(r"^family:\s*hat\s*$", head, re.M)
    refs = set(re.findall(r"figures/([a-z0-9-]+\.svg)", text))
    assert refs and refs <= set(article.figures())
    for level in range(1, 5):                       # levels 1-4 are shown
        assert f"hat-level-{level}.svg" in refs


def test_level_figures_mark_reflected_hats():
    from generator.hat.render import REFLECTED_FILL, METATILE_FILL
    svg = article.figures()["hat-level-3.svg"]
    assert REFLECTED_FILL in svg and all(c in svg for c in METATILE_FILL.values())
