"""Loopy levels are Tatham's: every puzzle of his corpus gets his grade, and below its grade
our solver stops exactly where his does (the corpus records his stopping states)."""
import json
from pathlib import Path

import pytest

from generator.loopy.solver import EXPERT, HARD, LEVELS, NO, SOLVED, YES, Board, Solver, grade



def _corpus() -> list:
    """The corpus files (../shared next to the repository, else /work/shared), or []."""
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "corpora" / "loopy-tatham").is_dir():
            return sorted((base / "corpora" / "loopy-tatham").glob("*.json"))
    return []


FILES = _corpus()


def _load(path):
    d = json.loads(path.read_text())
    board = Board(len(d["dots"]), [f["dots"] for f in d["faces"]], d["edges"])
    return d, board, [f["clue"] for f in d["faces"]]


def _decided(board, state, value):
    return sorted(list(board.edges[e]) for e in range(board.n_edges) if state[e] == value)


@pytest.mark.skipif(not FILES, reason="corpus of Tatham's puzzles not present")
def test_corpus_grades_and_stopping_states():
    assert len(FILES) == 128
    wrong = []
    for path in FILES:
        d, board, clues = _load(path)
        level, solver = grade(board, clues)
        if level != d["level"]:
            wrong.append(f"{path.name}: grade {level}, his {d['level']}")
            continue
        assert _decided(board, solver.st, YES) == d["solution"]
        for name, want in d["tatham_states"].items():
            s = Solver(board, clues, LEVELS.index(name))
            assert s.run() != SOLVED
            if _decided(board, s.st, YES) != want["yes"] or _decided(board, s.st, NO) != want["no"]:
                wrong.append(f"{path.name}: {name} stops elsewhere")
    assert not wrong, wrong


@pytest.mark.skipif(not FILES, reason="corpus of Tatham's puzzles not present")
def test_expert_solves_what_hard_solves_and_reads_clues():
    for path in FILES[::8]:
        _d, board, clues = _load(path)
        hard, expert = Solver(board, clues, HARD), Solver(board, clues, EXPERT)
        if hard.run() == SOLVED:
            assert expert.run() == SOLVED
            assert expert.st == hard.st
        read = {f for f in range(len(clues)) if hard.read[f]}
        assert read and all(clues[f] is not None for f in read)
