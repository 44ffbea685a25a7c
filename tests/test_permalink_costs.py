"""The cost rule: a permalink states its cost in its text (its region's tiles, a grid's
faces) and an over-budget one is refused before any work — exit 2 and one line within
seconds and well under 1 GB, on the command line, in the page's calls and in the site
build alike.  Real processes under RLIMIT_AS; the bombs are the 38-character kind."""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GB = 1 << 30

BOMBS = [
    "loopy.v1.ea.hat.v1.4000x4000.r0.0-0-F",          # ~1.2 million hats for a 2,500-face puzzle
    "loopy.v1.ea.p3.v1.1000_1000_0_C",
    "loopy.v1.ea.p2.v1.1000_999_0_A",
    "loopy.v1.ea.spectre.v1.4000x4000.r0.0-1-S",
    "loopy.v1.h" + "z" * 200 + ".hat.v1.400x400.r0.0-0-F",
    "p2.v1.1000_1000_0_A",
]


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (GB, GB))


def _run(*args, timeout=10):
    return subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limited)


@pytest.mark.parametrize("link", BOMBS)
def test_a_permalink_bomb_is_refused_at_once_on_the_command_line(link):
    start = time.monotonic()
    r = _run("-m", "generator", "regen", link, "--format", "json")
    assert time.monotonic() - start < 10
    assert r.returncode == 2 and r.stdout == "", r.stderr
    line, = r.stderr.splitlines()
    assert line.startswith("error: ") and "too large" in line and "limit" in line


def test_the_page_refuses_them_alike():
    """The page calls webapi.run (the CLI, captured) and the Loopy player: same refusal."""
    code = ("import json, sys\n"
            "from generator import webapi\n"
            "out = []\n"
            "for link in json.loads(sys.argv[1]):\n"
            "    r = webapi.run(['regen', link, '--format', 'svg'])\n"
            "    out.append([r['code'], r['stderr'], webapi.player_call('board', link).get('error', '')])\n"
            "print(json.dumps(out))\n")
    loopy = [b for b in BOMBS if b.startswith("loopy")]
    r = _run("-c", code, json.dumps(loopy), timeout=20)
    assert r.returncode == 0, r.stderr
    for (rc, err, board), link in zip(json.loads(r.stdout), loopy):
        assert rc == 2 and err.startswith("error: ") and "too large" in err, link
        assert board.startswith("error: ") and "too large" in board, link


def test_a_loopy_grid_too_large_is_refused_before_its_tiles_are_made():
    start = time.monotonic()
    r = _run("-m", "generator", "loopy", "generate", "--tiling", "p2", "--width", "400", "--height", "400",
             "--seed", "1", "--level", "easy")
    assert time.monotonic() - start < 10
    assert r.returncode == 2 and r.stderr.startswith("error: the patch is too large: about "), r.stderr


def test_the_stated_cost_never_refuses_a_real_puzzle():
    """Every golden Loopy puzzle has at least as many faces as its tiling's stated tiles, so
    the margin above MAX_FACES is only ever crossed by grids that are too large anyway."""
    from generator.loopy import permalink as PL, puzzle, tiling_source
    golden = json.loads((REPO / "tests" / "golden" / "loopy.json").read_text())["entries"]
    for entry in golden:
        _level, clues, tiling = PL.decode(entry["permalink"])
        assert tiling_source.cost(tiling) <= len(clues) <= puzzle.MAX_FACES
    # a hat region whose stated tiles are just over the margin really has too many faces
    side = (puzzle.MAX_FACES * puzzle.FACE_ESTIMATE_MARGIN * 8 * 3 ** 0.5) ** 0.5 + 1
    from generator import families
    _item, tiles = families.patch("hat", width=str(round(side)), height=str(round(side)), seed=1)
    assert len(tiles) > puzzle.MAX_FACES


@pytest.mark.slow
def test_a_tantrix_seed_without_a_pattern_stops_within_seconds():
    """The plain 8 x 7 board has no pattern the search finds quickly: the default budget is
    spent in seconds (about 1.8 million nodes a CPU second), not minutes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime   # earlier tests' children count too
    r = _run("-m", "generator", "tantrix", "generate", "--method", "upright-8x7", "--seed", "1", timeout=60)
    assert r.returncode == 2, r.stderr
    assert "within 4 million search nodes" in r.stderr and len(r.stderr.splitlines()) == 1
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before < 20


def test_every_grammar_shows_a_valid_example():
    """The example a malformed-payload message shows is itself a permalink that regenerates."""
    from generator import families
    from generator.calissons import permalink as cal, sample
    from generator.hat import permalink as hat
    from generator.loopy import permalink as loopy
    from generator.penrose import permalink as penrose
    from generator.spectre import permalink as spectre
    from generator.permalinks import Grammar
    grammars = [g for m in (cal, sample, hat, loopy, penrose, spectre) for g in vars(m).values()
                if isinstance(g, Grammar)]
    assert len(grammars) >= 6
    for g in grammars:
        fam, _version, _payload = families.split_permalink(g.example)
        fam.regen(g.example, {})
        with pytest.raises(families.PermalinkError, match=f"expected {re.escape(g.shape)}, e.g. {re.escape(g.example)}"):
            g.parse(g.example.split(".v", 1)[0] + f".v{g.versions[0]}.~~~")


# ---- calisson links state their cost (lozenges, from the text) ---------------------------------
CAL_BOMBS = ["cal.v3.100a100b100c100d100e100f.s1",      # 30,000 lozenges: the region sampler ran > 10 min
             "cal.v3.100a50b50c100d50e50f.s1"]          # 12,500


@pytest.mark.parametrize("link", CAL_BOMBS)
def test_a_calisson_region_bomb_is_refused_at_once_on_the_command_line(link):
    start = time.monotonic()
    try:
        r = _run("-m", "generator", "regen", link, "--format", "json", timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{link} was not refused within 10 s")
    assert time.monotonic() - start < 5
    assert r.returncode == 2 and r.stdout == "", r.stderr
    line, = r.stderr.splitlines()
    assert "too large" in line and "lozenges" in line and "limit 3,000" in line, line


def test_calisson_links_state_their_cost_from_the_text():
    from generator import families
    cal = families.get("calissons")
    assert cal.cost("cal.v2.256.s1", None) == 3 * 256 ** 2
    assert cal.cost("cal.v1.3~QDTBAggEUIhI", None) == 27
    assert cal.cost("cal.v3.24a12b12c24d12e12f.s1", None) == 24 * 12 + 12 * 12 + 12 * 24
    assert cal.cost("cal.v3.40a20b20c40d20e20f~AAAA", None) == 2000        # givens not read for the cost
    start = time.process_time()
    for link in CAL_BOMBS:
        with pytest.raises(families.PermalinkError, match="too large"):
            cal.cost(link, None)
    assert time.process_time() - start < 0.5


def test_the_page_caps_calisson_links_by_their_cost():
    """regen.html asks webapi.cap_error (the family's cost against its page_cap) before any work;
    links over the command line's own budget are refused by regen at once."""
    from generator import webapi
    assert webapi.cap_error("cal.v3.24a12b12c24d12e12f.s1") is None                 # 720 lozenges
    assert "2,000 calissons" in webapi.cap_error("cal.v3.40a20b20c40d20e20f.s1")
    assert webapi.cap_error("cal.v3.40a20b20c40d20e20f~AAAA")                      # a puzzle: 768 at most
    assert webapi.cap_error("cal.v2.256.s1") and webapi.cap_error("cal.v1.17~AAAA")
    assert webapi.call("webapi", "cap_error", ["cal.v3.40a20b20c40d20e20f.s1", [], 20000])
    start = time.process_time()
    for link in CAL_BOMBS:
        r = webapi.run(["regen", link, "--format", "svg"])
        assert r["code"] == 2 and len(r["stderr"].splitlines()) == 1 and "too large" in r["stderr"], link
    assert time.process_time() - start < 1


def test_the_markdown_extension_refuses_calisson_bombs_from_the_text(monkeypatch):
    import markdown
    from generator.pipeline import embed

    def boom(*_a, **_k):
        raise AssertionError("regenerated")
    monkeypatch.setattr(embed, "item_data", boom)
    start = time.process_time()
    for link, words in (("cal.v2.256.s1", "about 196,608 tiles; a page embeds at most 20,000"),
                        (CAL_BOMBS[0], "too large: about 30,000 lozenges")):
        with pytest.raises(embed.EmbedError, match=re.escape(words)):
            markdown.markdown(f"!tilepress {link}\n", extensions=[embed.TilepressExtension(cache_dir="")])
    assert time.process_time() - start < 1
