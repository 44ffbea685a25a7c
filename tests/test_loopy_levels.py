"""Loopy levels are Tatham's: every puzzle of his corpus gets his grade, and below its grade
our solver stops exactly where his does (the corpus records his stopping states)."""
import json
from pathlib import Path

import pytest

from generator.loopy.solver import EASY as EASY_LEVEL
from generator.loopy.solver import EXPERT, HARD, LEVELS, NO, RULES, SOLVED, YES, Board, Solver, grade

RULE_NAMES = set(RULES)



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


# ---- fresh puzzles: graded exactly their level, unique by an independent SAT count --------------

import functools  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from generator import hints as H  # noqa: E402
from generator.loopy import hints as LH  # noqa: E402
from generator.loopy import puzzle as P  # noqa: E402
from generator.loopy import tiling_source  # noqa: E402
from generator.output import to_json  # noqa: E402
from loopy_brute import count_loops  # noqa: E402

SIZES = {"p2": (6, 5), "p3": (7, 6), "hat": (28, 24), "spectre": (22, 18)}     # 60-100 faces
SIZES = {t: s for t, s in SIZES.items() if t in tiling_source.tilings()}
ROOT = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=None)
def fresh(tiling: str, level: str, seed: int = 1):
    """A new puzzle (P2, P3, hat: the gallery's seed-1 puzzles, site_src/site.toml; Spectre larger)."""
    return P.create(tiling, *SIZES[tiling], seed, level)


@pytest.mark.parametrize("tiling", sorted(SIZES))
def test_fresh_puzzles_are_unique_and_exactly_of_their_level(tiling):
    for level in LEVELS:
        p = fresh(tiling, level)
        doc = json.loads(to_json(P.to_json(p)))
        assert 60 <= len(doc["faces"]) <= 100
        assert doc["permalink"].startswith("loopy.v2." + ("x" if level == "expert" else level[0]))
        assert doc["level"] == level
        board = Board(len(doc["dots"]), [f["dots"] for f in doc["faces"]], doc["edges"])
        clues = [f["clue"] for f in doc["faces"]]
        lv = LEVELS.index(level)
        assert Solver(board, clues, lv).run() == SOLVED
        if lv:
            assert Solver(board, clues, lv - 1).run() != SOLVED
        assert grade(board, clues)[0] == level
        n, sols = count_loops(len(doc["dots"]), [f["dots"] for f in doc["faces"]], clues)
        assert n == 1 and sols[0] == frozenset(tuple(e) for e in doc["solution"])


# ---- hints ---------------------------------------------------------------------------------------

def replay(pz, solution_pairs):
    """Hints from an empty board: (last step, hints used, hardest level index)."""
    marks, used, top = H.Marks(), 0, -1
    limit = 3 * pz.board.n_edges
    while True:
        step = LH.next_step(pz, marks)
        if step.rule in ("solved", "stuck", "mistake"):
            return step, used, top
        assert step.yes or step.no
        assert all(tuple(e) in solution_pairs for e in step.yes), step.rule
        assert not any(tuple(e) in solution_pairs for e in step.no), step.rule
        assert step.faces or step.dots or step.edges
        top = max(top, LEVELS.index(step.level))
        assert marks.add(step)
        used += 1
        assert used <= limit


@pytest.mark.skipif(not FILES, reason="corpus of Tatham's puzzles not present")
def test_hint_replay_on_corpus_reaches_the_solution_at_the_grade():
    small = [p for p in FILES if p.stem.endswith("5001")]
    assert len(small) == 16
    for path in small:
        d = json.loads(path.read_text())
        pz = LH.from_json(d, path.name)
        step, used, top = replay(pz, {tuple(e) for e in d["solution"]})
        assert step.rule == "solved" and LEVELS[top] == d["level"], path.name


@pytest.mark.parametrize("tiling", sorted(SIZES))
def test_hint_replay_on_fresh_puzzles(tiling):
    for level in LEVELS:
        p = fresh(tiling, level)
        pz = LH.load(p.permalink)
        step, used, top = replay(pz, {p.grid.edges[e] for e in p.solution})
        assert step.rule == "solved" and LEVELS[top] == level, (tiling, level)


def test_a_wrong_mark_gives_a_mistake_hint_naming_it():
    p = fresh("p3", "tricky")
    pz = LH.load(p.permalink)
    sol = {p.grid.edges[e] for e in p.solution}
    first = LH.next_step(pz, H.Marks())
    good = {tuple(e) for e in first.yes}
    wrong_line = min(e for e in p.grid.edges if e not in sol)
    wrong_cross = max(sol)
    step = LH.next_step(pz, H.Marks(good | {wrong_line}, {wrong_cross}))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(min(wrong_line, wrong_cross))]
    step = LH.next_step(pz, H.Marks(good, {wrong_cross}))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(wrong_cross)]
    assert LH.next_step(pz, H.Marks(good)).rule != "mistake"


def test_a_hint_batches_its_rule_and_reads_what_it_uses():
    p = fresh("hat", "hard")
    pz = LH.load(p.permalink)
    step = LH.next_step(pz, H.Marks())
    assert step.level == "easy" and step.rule in RULE_NAMES
    # after the first hint, no other face or dot where the same rule applies is left
    s = Solver(pz.board, pz.clues, EASY_LEVEL, trace=True,
               marks=[(pz.board.between[tuple(e)], YES) for e in step.yes]
               + [(pz.board.between[tuple(e)], NO) for e in step.no])
    s.collect = {"rule": None, "steps": []}
    s.run()
    assert not s.collect["steps"] or s.steps[s.collect["steps"][0]]["rule"] != step.rule
    clued = {f for f in step.faces}
    assert all(pz.clues[f] is not None for f in clued)


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "generator", "loopy", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True)


def test_cli_grade_hint_explain(tmp_path):
    p = fresh("p2", "normal")
    r = run_cli("grade", p.permalink)
    assert r.returncode == 0, r.stderr
    g = json.loads(r.stdout)
    assert g["level"] == "normal" and g["unique"] is True and g["steps"] > 0
    doc = P.to_json(p)
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"dots": doc["dots"], "faces": doc["faces"]}))
    assert json.loads(run_cli("grade", str(f)).stdout)["level"] == "normal"
    r = run_cli("hint", str(f))
    first = json.loads(r.stdout)
    assert set(first) == {"rule", "level", "yes", "no", "because", "text"} and first["level"] == "easy"
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"yes": first["yes"], "no": first["no"]}))
    second = json.loads(run_cli("hint", p.permalink, "--marks", str(m)).stdout)
    assert second != first and not set(map(tuple, second["yes"] + second["no"])) & set(
        map(tuple, first["yes"] + first["no"]))
    r = run_cli("explain", p.permalink, "--format", "json")
    ex = json.loads(r.stdout)
    assert ex["solved"] and ex["level"] == "normal" and ex["steps"][0] == first
    r1 = run_cli("explain", p.permalink, "--format", "svg")
    assert r1.returncode == 0 and r1.stdout.count("Step") >= 5 and r1.stdout == run_cli(
        "explain", p.permalink, "--format", "svg").stdout


@pytest.mark.parametrize("args, stdin, words", [
    (("grade", "-"), "[", "malformed JSON"),
    (("grade", "-"), '{"dots": [[0, 0]], "faces": [{"dots": [0, 1, 2], "clue": 1}]}', '"faces" #0'),
    (("grade", "-"), '{"dots": [[0, 0], [1, 0], [0, 1]], "faces": [{"dots": [0, 1, 2], "clue": 4}]}', '"clue"'),
    (("hint", "loopy.v2.q1.p2.v1.5_4_9_A"), None, "loopy permalink"),
    (("grade", "loopy.v3.e1.p2.v1.5_4_9_A"), None, "version"),
])
def test_cli_bad_input_exit_2_one_line(args, stdin, words):
    r = run_cli(*args, stdin=stdin)
    assert r.returncode == 2 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
    assert words in r.stderr


def test_cli_bad_marks_exit_2_one_line(tmp_path):
    p = fresh("p2", "normal")
    m = tmp_path / "m.json"
    m.write_text('{"yes": [[0, 99999]]}')
    r = run_cli("hint", p.permalink, "--marks", str(m))
    assert r.returncode == 2 and "is not an edge" in r.stderr and r.stderr.count("\n") == 1
