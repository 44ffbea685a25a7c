"""User JSON for `loopy grade/hint/explain`: a malformed graph is bad input (exit 2, one line
naming the field), never an internal error.  The named shapes first (a repeated face, two
faces with the same dots, a repeated edge either way round, indices out of range or past
2^63), then a seeded fuzz over random mutations of real puzzles: every run exits 0 or 2."""
from __future__ import annotations

import copy
import json
import random

import pytest

from generator import cli

FUZZ_SEED = 20261206
FUZZ_COUNT = 240          # mutated puzzles (each graded; every 4th also hinted and explained)


def run(capsys, tmp_path, cmd: str, doc) -> tuple[int, str]:
    """`python -m generator loopy CMD file` in this process: (exit code, stderr)."""
    path = tmp_path / "p.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    capsys.readouterr()
    code = cli.main(["loopy", cmd, str(path)])
    return code, capsys.readouterr().err


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory):
    """Two small real puzzles (P3 and hat) as `loopy generate --format json` writes them."""
    out = []
    for tiling, w, h in (("p3", "4", "3"), ("hat", "12", "10")):
        path = tmp_path_factory.mktemp("pz") / f"{tiling}.json"
        assert cli.main(["loopy", "generate", "--tiling", tiling, "--width", w, "--height", h,
                         "--seed", "3", "--level", "easy", "--format", "json", "--out", str(path)]) == 0
        out.append(json.loads(path.read_text()))
    return out


SQUARES = {"dots": [[0, 0], [1, 0], [1, 1], [0, 1], [2, 0], [2, 1]],
           "faces": [{"dots": [0, 1, 2, 3], "clue": 3}, {"dots": [1, 4, 5, 2], "clue": None}]}
EDGES = [[0, 1], [1, 2], [2, 3], [3, 0], [1, 4], [4, 5], [5, 2]]


def shape(**kw):
    """SQUARES with some fields replaced."""
    return {**copy.deepcopy(SQUARES), **kw}


SHAPES = {
    "a repeated face": (shape(faces=SQUARES["faces"] + [SQUARES["faces"][0]]), '"faces" #2'),
    "two faces with the same dots": (shape(faces=SQUARES["faces"] + [{"dots": [2, 3, 0, 1], "clue": None}]),
                                     '"faces" #2'),
    "the same dots the other way round": (shape(faces=SQUARES["faces"] + [{"dots": [3, 2, 1, 0], "clue": 1}]),
                                          '"faces" #2'),
    "faces overlapping on a side": (shape(faces=SQUARES["faces"] + [{"dots": [0, 1, 5], "clue": 1}]), '"faces" #2'),
    "a repeated edge": (shape(edges=EDGES + [[4, 5]]), '"edges" #7'),
    "a repeated edge the other way": (shape(edges=EDGES + [[5, 4]]), '"edges" #7'),
    "an edge past the dots": (shape(edges=EDGES + [[2, 99]]), '"edges" #7'),
    "an index of 2^63": (shape(edges=EDGES[:6] + [[5, 2 ** 63]]), '"edges" #6'),
    "an index of 2^64 in a face": (shape(faces=[{"dots": [0, 1, 2 ** 64], "clue": None}]), '"faces" #0'),
    "a negative index": (shape(edges=EDGES[:6] + [[-1, 2]]), '"edges" #6'),
    "an edge from a dot to itself": (shape(edges=EDGES[:6] + [[2, 2]]), '"edges" #6'),
    "a float index": (shape(edges=EDGES[:6] + [[5, 2.0]]), '"edges" #6'),
    "the issue's example": ({"dots": [[0, 0], [1, 0], [1, 1], [0, 1]], "faces": [{"dots": [0, 1, 2, 3], "clue": 4}],
                             "edges": [[0, 1], [1, 2], [2, 3], [3, 0], [2, 99]]}, '"edges" #4'),
}


@pytest.mark.parametrize("what", list(SHAPES))
@pytest.mark.parametrize("cmd", ["grade", "hint", "explain"])
def test_a_malformed_graph_is_one_line_naming_the_field(capsys, tmp_path, what, cmd):
    doc, field = SHAPES[what]
    code, err = run(capsys, tmp_path, cmd, doc)
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and field in err, err


def test_a_well_formed_square_pair_still_grades(capsys, tmp_path):
    assert run(capsys, tmp_path, "grade", shape(edges=EDGES))[0] == 0


def _mutate(doc: dict, rng: random.Random) -> dict:
    """One random damage to a puzzle document (its graph, clues, solution or shape)."""
    doc = copy.deepcopy(doc)
    n, faces = len(doc["dots"]), doc["faces"]
    bad = [-1, n, n + 1, 2 ** 63, 2 ** 64, -2 ** 63, 1.5, "0", None, True, [0], 10 ** 400 // 10 ** 399]
    edges = doc.setdefault("edges", [])
    op = rng.randrange(14)
    if op == 0:
        faces.append(copy.deepcopy(rng.choice(faces)))
    elif op == 1:
        f = rng.choice(faces)
        f["dots"] = f["dots"][::-1]
    elif op == 2:
        f = rng.choice(faces)
        f["dots"][rng.randrange(len(f["dots"]))] = rng.choice(bad + [rng.randrange(n)])
    elif op == 3:
        e = copy.deepcopy(rng.choice(edges))
        edges.insert(rng.randrange(len(edges) + 1), e[::rng.choice((1, -1))])
    elif op == 4:
        e = rng.choice(edges)
        e[rng.randrange(2)] = rng.choice(bad + [rng.randrange(n)])
    elif op == 5:
        del edges[rng.randrange(len(edges))]
    elif op == 6:
        del faces[rng.randrange(len(faces))]
    elif op == 7:
        rng.choice(faces)["clue"] = rng.choice([-1, 0, 1, 2, 3, 4, 5, 9, 2 ** 63, None, "3", 2.0])
    elif op == 8:
        sol = doc.setdefault("solution", [])
        if sol:
            sol[rng.randrange(len(sol))] = rng.choice([[0, 0], [n, 0], [2 ** 63, 1], rng.choice(edges), "x", []])
        else:
            doc["solution"] = rng.choice([[[0, 1]], "x", [[0]], [[None, 1]]])
    elif op == 9:
        f = rng.choice(faces)
        rng.shuffle(f["dots"])
    elif op == 10:
        f = rng.choice(faces)
        f["dots"] = f["dots"][:rng.randrange(len(f["dots"]))] or [0]
    elif op == 11:
        doc[rng.choice(["dots", "faces", "edges", "solution"])] = rng.choice([[], {}, None, 0, "x", [[]], [None]])
    elif op == 12:
        a, b = rng.sample(range(len(faces)), 2)
        faces[b]["dots"] = list(faces[a]["dots"])
    else:
        doc["dots"] = doc["dots"][:rng.randrange(1, n)]
    if rng.random() < 0.3 and doc.get("edges") == []:
        del doc["edges"]
    return doc


def test_fuzzed_puzzles_exit_0_or_2_never_1(capsys, tmp_path, puzzles):
    rng = random.Random(FUZZ_SEED)
    codes = {0: 0, 2: 0}
    for k in range(FUZZ_COUNT):
        doc = rng.choice(puzzles)
        for _ in range(rng.choice((1, 1, 2, 3))):
            try:
                doc = _mutate(doc, rng)
            except (TypeError, AttributeError, IndexError, KeyError, ValueError):
                break               # an earlier mutation left no graph to damage further
        for cmd in (("grade", "hint", "explain") if k % 4 == 0 else ("grade",)):
            code, err = run(capsys, tmp_path, cmd, doc)
            assert code in (0, 2), f"mutation {k} ({cmd}): exit {code}: {err}\n{json.dumps(doc)[:2000]}"
            assert code == 0 or (err.startswith("error: ") and err.count("\n") == 1), err
            codes[code] += 1
    assert codes[2] > FUZZ_COUNT // 2 and codes[0] > 0        # the fuzz reaches both answers
