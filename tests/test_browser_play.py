"""The engine side of the page, under CPython: `generator.webapi.run` is the CLI byte for byte;
the calisson player's board, check and solution (generator/calissons/play.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from site_helpers import REPO

from generator import webapi
from generator.calissons import permalink, play
from generator.calissons.model import enumerate_plane_partitions, heights_from_pp, hexagon
from generator.calissons.render import xy

SMALL = "cal.v1.3~QDTBAggEUIhI"


@pytest.mark.parametrize("argv", [
    ["regen", SMALL, "--format", "svg"],
    ["regen", SMALL, "--format", "json"],
    ["regen", "hat.v1.bad", "--format", "svg"],
    ["tiling", "p2", "--width", "5", "--height", "4", "--seed", "3", "--format", "json"],
    ["nonsense"],
])
def test_run_is_the_cli(argv):
    proc = subprocess.run([sys.executable, "-m", "generator", *argv], cwd=REPO, capture_output=True)
    got = webapi.run(argv)
    assert (got["code"], got["stdout"], got["stderr"]) == (proc.returncode, proc.stdout, proc.stderr.decode())


def test_board_describes_the_hexagon():
    b = play.board(SMALL)
    n, givens = permalink.decode(SMALL)
    reg = hexagon(n)
    assert len(b["edges"]) == 9 * n * n - 3 * n == len(reg.interior)
    assert len(b["outline"]) == 6 * n
    assert len(b["givens"]) == len(givens)
    for (i, j), e in zip(b["edges"], sorted(reg.interior)):
        x, y = xy(e[:2])
        assert b["dots"][i] == [round(x, 4), round(y, 4)]
    given_edges = {tuple(sorted((tuple(b["dots"][i]), tuple(b["dots"][j])))) for i, j in
                   (b["edges"][g] for g in b["givens"])}
    assert len(given_edges) == len(givens)


def test_check_solved_missing_wrong_and_crossed():
    lines = play.solution(SMALL)["lines"]
    assert play.check(SMALL, lines, [])["solved"] is True
    missing = play.check(SMALL, lines[1:], [])
    assert missing["solved"] is False and missing["wrong"] == [] and "1 fold edge" in missing["message"]
    givens = set(play.board(SMALL)["givens"])
    extra = next(i for i in range(72) if i not in lines and i not in givens)
    wrong = play.check(SMALL, lines + [extra], [])
    assert wrong["solved"] is False and wrong["wrong"] == [extra]
    crossed = play.check(SMALL, lines[1:], [lines[0]])
    assert crossed["wrong"] == [lines[0]] and "crossed out" in crossed["message"]
    assert "error" in webapi.player_call("check", SMALL, [10 ** 6], [])


def test_solved_means_a_tiling_not_a_stored_answer():
    """With no givens every tiling of the hexagon of side 2 is a solution; each is accepted."""
    link = permalink.encode(2, [])
    edges = sorted(hexagon(2).interior)
    reg = hexagon(2)
    count = 0
    for flat in enumerate_plane_partitions(2):
        pp = [list(flat[0:2]), list(flat[2:4])]
        folds = set(reg.salient_edges(heights_from_pp(2, pp)))
        ids = [i for i, e in enumerate(edges) if e in folds]
        assert play.check(link, ids, [])["solved"] is True
        if ids:
            assert play.check(link, ids[1:], [])["solved"] is False
        count += 1
    assert count == 20                         # the plane partitions in a 2 × 2 × 2 box


def test_player_errors_are_one_line():
    assert webapi.player_call("board", "hat.v1.x")["error"].startswith("error: ")
    assert webapi.player_call("board", "cal.v1.99~A")["error"].startswith("error: ")
    assert "up to side" in webapi.player_call("board", permalink.encode(20, []))["error"]
    assert webapi.playable(SMALL) and not webapi.playable("p2.v1.x")
