"""The worked example of docs/architecture.md: a toy family — a tiling with a permalink, a page
form, a size cap and a player — added by writing one folder and one registry line, nothing else.

The folder is written here into a temporary directory that stands for `generator/toy/` (the
`generator` package's search path is extended to it, as if the folder were in the source
tree); the registry line is added to `families.REGISTRY`.  Then the command line, `regen`,
`families.patch` (what Loopy builds on), the page's API (`webapi`: size cap, player, form) and
the page's configuration (`pipeline.browser.page_config`) all find the toy family through the
protocol alone."""
import json
import sys

import pytest

import generator
from generator import cli, families, webapi
from generator.pipeline import browser

# ---- the folder: generator/toy/ --------------------------------------------------------------

TOY = {
    "__init__.py": '"""Toy: squares in a grid, a permalink, and a puzzle: trace the outline."""\n',
    # the engine: pure standard-library Python, imports only the ground floor
    "squares.py": '''"""A w x h patch of unit squares, each with exact integer vertex keys."""


def squares(w: int, h: int) -> list[tuple]:
    """The squares' corners, counter-clockwise, row by row."""
    return [((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)) for y in range(h) for x in range(w)]


def outline(w: int, h: int) -> list[tuple]:
    """The unit edges round the patch (pairs of corner points)."""
    out = [((x, 0), (x + 1, 0)) for x in range(w)] + [((x, h), (x + 1, h)) for x in range(w)]
    return out + [((0, y), (0, y + 1)) for y in range(h)] + [((w, y), (w, y + 1)) for y in range(h)]
''',
    # the permalink: toy.v1.<w>x<h>, its cost read from the text alone
    "permalink.py": '''"""toy.v1.<w>x<h>: a patch of w x h squares."""
import re

from generator.permalinks import Grammar, as_link

GRAMMAR = Grammar("toy", ("toy",), (1,), re.compile(r"([1-9][0-9]{0,2})x([1-9][0-9]{0,2})$"), "<w>x<h>",
                  "toy.v1.3x2")


def read(link) -> tuple[int, int]:
    """(w, h) of a parsed permalink (the Link the command line, the page or the build made once;
    a text is parsed first)."""
    m = GRAMMAR.read(as_link(link))
    return int(m.group(1)), int(m.group(2))


def encode(w: int, h: int) -> str:
    return f"toy.v1.{w}x{h}"
''',
    # the player: the page's edge-marking board, its check and its solution
    "play.py": '''"""Trace the outline of the patch: the page's player (Family.player)."""
from generator.toy import permalink, squares

SOLUTION_ARGS = ()


def _edges(w, h):
    pts = sorted({p for sq in squares.squares(w, h) for p in sq})
    index = {p: i for i, p in enumerate(pts)}
    edges = sorted({tuple(sorted((index[sq[i]], index[sq[i - 1]]))) for sq in squares.squares(w, h)
                    for i in range(4)})
    return pts, index, edges


def board(link: str) -> dict:
    w, h = permalink.read(link)
    pts, _index, edges = _edges(w, h)
    return {"kind": "edges", "title": f"Toy {w} x {h}", "rules": "Draw the outline.",
            "dots": [[x, -y] for x, y in pts], "edges": [list(e) for e in edges], "givens": [],
            "outline": [], "clues": []}


def solution(link: str) -> dict:
    w, h = permalink.read(link)
    _pts, index, edges = _edges(w, h)
    ids = {e: i for i, e in enumerate(edges)}
    return {"lines": sorted(ids[tuple(sorted((index[a], index[b])))] for a, b in squares.outline(w, h))}


def check(link: str, lines, crosses) -> dict:
    want = solution(link)["lines"]
    solved = sorted(lines) == want
    return {"solved": solved, "message": "Solved!" if solved else "Not yet.", "wrong": [],
            "drawn": len(lines), "total": len(want)}
''',
    # the family: one Family value, everything the CLI, the build and the page need
    "family.py": '''"""The toy family (docs/architecture.md, worked example)."""
from generator.families import Family, Param, Tile
from generator.svg import document, polygons_path
from generator.toy import permalink, squares


class Patch:
    def __init__(self, w, h):
        self.w, self.h = w, h


def generate(params):
    return Patch(params["width"], params["height"])


def regen(link, overrides):
    return Patch(*permalink.read(link))


def cost(link, params=None):
    w, h = permalink.read(link) if link is not None else (params["width"], params["height"])
    return w * h


def to_json(p):
    return {"family": "toy", "permalink": permalink.encode(p.w, p.h),
            "squares": [[list(pt) for pt in sq] for sq in squares.squares(p.w, p.h)]}


def to_svg(p, options):
    return document(polygons_path(squares.squares(p.w, p.h), "#f3e3b5", "#333333", 0.05),
                    40 * p.w, 40 * p.h, (0, 0, p.w, p.h), title=permalink.encode(p.w, p.h))


def tiles(p):
    return [Tile("square", sq, tuple((float(x), float(y)) for x, y in sq)) for sq in squares.squares(p.w, p.h)]


PARAMS = (Param("width", "int", "squares across", min=1, max=999),
          Param("height", "int", "squares down", min=1, max=999),
          Param("seed", "int", "unused (every tiling takes one)", default=0, min=0))

FORM = {"title": "Toy squares",
        "fields": [{"name": "width", "label": "Width", "type": "number", "min": 1, "max": 20, "value": 4},
                   {"name": "height", "label": "Height", "type": "number", "min": 1, "max": 20, "value": 3}],
        "count": {"unit": "squares", "per_area": 1},
        "argv": ["tiling", "toy", "--width", "{width}", "--height", "{height}", "--format", "json"]}

FAMILY = Family(
    name="toy", title="Toy squares", prefix="toy", versions=(1,), version="1", kind="tiling",
    params=PARAMS, generate=generate, regen=regen, regen_params=(),
    permalink=lambda p: permalink.encode(p.w, p.h), to_json=to_json, to_svg=to_svg,
    facts=lambda p: [["squares", p.w * p.h]], site=(), plan=lambda table, site: [],
    page=lambda p, params: {"title": f"Toy {p.w} x {p.h}", "group": "toy", "alt": "Squares."},
    tiles=tiles, cost=cost, page_cap=400, form=FORM, player="toy.play")
''',
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """generator/toy/ (written in tmp_path) and its one registry line."""
    folder = tmp_path / "toy"
    folder.mkdir()
    for name, text in TOY.items():
        (folder / name).write_text(text)
    monkeypatch.setattr(generator, "__path__", [*generator.__path__, str(tmp_path)])
    monkeypatch.setitem(families.REGISTRY, "toy", "generator.toy.family:FAMILY")
    yield families.get("toy")
    families._LOADED.pop("generator.toy.family:FAMILY", None)
    for name in [m for m in sys.modules if m == "generator.toy" or m.startswith("generator.toy.")]:
        monkeypatch.delitem(sys.modules, name)


def test_the_toy_family_is_found_through_the_registry_line(toy):
    assert toy.name == "toy" and toy in families.all_families()
    assert families.by_prefix("toy") is toy


def test_it_generates_and_regenerates_through_the_command_line(toy, capsysbinary):
    assert cli.main(["tiling", "toy", "--width", "3", "--height", "2", "--format", "json"]) == 0
    made = json.loads(capsysbinary.readouterr().out)
    assert made["permalink"] == "toy.v1.3x2" and len(made["squares"]) == 6
    assert cli.main(["regen", "toy.v1.3x2", "--format", "svg"]) == 0
    svg = capsysbinary.readouterr().out
    assert svg.startswith(b"<svg") and b"<title>toy.v1.3x2</title>" in svg
    assert cli.main(["regen", "toy.v1.3x0"]) == 2                    # one line, no traceback
    assert capsysbinary.readouterr().err.decode().startswith("error: ")


def test_its_tiles_are_what_puzzles_build_on(toy):
    item, tiles = families.patch("toy", width=2, height=2, seed=0)
    assert len(tiles) == 4 and all(t.kind == "square" and len(t.exact) == 4 for t in tiles)
    assert families.patch("toy", permalink="toy.v1.2x2")[1] == tiles


def test_the_page_finds_its_cap_its_form_and_its_player(toy):
    assert webapi.cap_error("toy.v1.20x20") is None                    # 400 squares: the page's cap
    assert "about 441 squares" in webapi.cap_error("toy.v1.21x21")     # the form's unit, the family's cost
    config = browser.page_config([])
    assert any(f["name"] == "toy" and f["title"] == "Toy squares" for f in config["forms"])
    assert "toy" in config["players"] and webapi.describe("toy.v1.2x1")["playable"]
    form = toy.form
    argv = [a.format(width=4, height=3) for a in form["argv"]]
    made = json.loads(webapi.run(argv)["stdout"])                      # what the form's button runs
    link = made["permalink"]
    board = webapi.player_call("board", link)
    assert board["kind"] == "edges" and len(board["edges"]) == 4 * 4 + 3 * 5
    answer = webapi.player_call("solution", link)["lines"]
    assert webapi.player_call("check", link, answer, [])["solved"]
    assert not webapi.player_call("check", link, answer[1:], [])["solved"]
