"""Calisson hints (generator/calissons/hints.py) and `calissons grade|hint|explain`.

The hints replay the human-style grader's rules; every decision is checked against the
unique solution found independently by the height-function solver, and the hardest level
used against the grader's own depth (human.grade)."""
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator import hints as H
from generator import families, webapi
from generator.calissons import hints as CH
from generator.calissons import human, permalink
from generator.calissons.generator import generate
from generator.calissons.model import head, hexagon

ROOT = Path(__file__).resolve().parents[1]
DEPTH_LEVEL = {0: "local", 1: "what-if", 2: "beyond"}
# the default site's puzzles (site.toml: sizes 4, 6, 8 x levels x seeds 1, 2)
GALLERY = [(n, level, seed) for n in (4, 6, 8) for level in ("easy", "medium", "hard") for seed in (1, 2)]


def run(*args, stdin=None, tmp=None):
    """`python -m generator ARGS` in this process (webapi.run: the CLI, captured); stdin via a file."""
    if stdin is not None:
        f = Path(tmp or "/tmp") / "tilepress-hint-input.json"
        f.write_text(stdin)
        args = [str(f) if a == "-" else a for a in args]
    r = webapi.run(list(args))
    return SimpleNamespace(returncode=r["code"], stdout=r["stdout"].decode(), stderr=r["stderr"])


@pytest.fixture(scope="module")
def gallery():
    return {key: generate(key[0], key[2], key[1]) for key in GALLERY}


def replay(n, givens):
    """Apply hints alone from an empty board; every hint checked against the solution."""
    sol = CH.solution_edges(n, givens)
    marks, used = H.Marks(), []
    for _ in range(10 * len(CH.mark_edges(n))):
        step = CH.next_hint(n, givens, marks)
        assert step is not None and step.rule != "mistake", step
        if step.rule == "solved":
            return marks, used, sol
        assert set(step.yes) <= sol, step            # never a line against the solution
        assert not set(step.no) & sol, step          # never a cross against it
        assert marks.add(step) > 0
        used.append(step)
    raise AssertionError("replay did not finish")


@pytest.mark.parametrize("key", GALLERY)
def test_hint_replay_reaches_the_unique_solution(gallery, key):
    pz = gallery[key]
    n, givens = pz.n, pz.givens
    marks, used, sol = replay(n, givens)
    reg = hexagon(n)
    given = {H.edge(reg.index[e[:2]], reg.index[head(e)]) for e in givens}
    assert marks.yes | given == sol and not marks.yes & given
    assert marks.no == CH.mark_edges(n) - sol
    depth = human.grade(n, givens)["depth"]
    assert H.hardest(CH.LEVELS, used) == DEPTH_LEVEL[depth]
    steps, solved = CH.explanation(n, tuple(givens))     # explain is the same chain
    assert solved and [s.to_json() for s in steps] == [s.to_json() for s in used]
    assert all(set(s.to_json()) == {"rule", "level", "yes", "no", "because", "text"} for s in used)
    assert all(s.rule in CH.RULES and CH.RULES[s.rule][0] == s.level for s in used)


def test_levels_follow_the_grader_on_hard_puzzles(gallery):
    """The gallery's hard puzzles include what-if ones, the easy ones are local."""
    got = {key: CH.grade_level(*reversed(CH.explanation(p.n, tuple(p.givens)))) for key, p in gallery.items()}
    assert {got[k] for k in GALLERY if k[1] == "easy"} == {"local"}
    assert "what-if" in {got[k] for k in GALLERY if k[1] == "hard"}


def test_planted_mistakes_are_named(gallery):
    pz = gallery[(6, "hard", 1)]
    n, givens = pz.n, pz.givens
    sol = CH.solution_edges(n, givens)
    wrong_line = min(CH.mark_edges(n) - sol)
    wrong_cross = min(sol)
    good = sorted(sol)[-3:]
    step = CH.next_hint(n, givens, H.Marks(set(good) | {wrong_line}, set()))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(wrong_line)]
    step = CH.next_hint(n, givens, H.Marks(set(good), {wrong_cross}))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(wrong_cross)]
    first = min(wrong_line, wrong_cross)
    step = CH.next_hint(n, givens, H.Marks({wrong_line}, {wrong_cross}))
    assert step.to_json()["because"]["edges"] == [list(first)]


def test_cli_grade_hint_explain(gallery, tmp_path):
    pz = gallery[(4, "hard", 1)]
    link = permalink.encode(pz.n, pz.givens)
    r = run("calissons", "grade", link)
    assert r.returncode == 0, r.stderr
    g = json.loads(r.stdout)
    assert g["level"] == DEPTH_LEVEL[human.grade(pz.n, pz.givens)["depth"]] and g["unique"] is True
    assert g["steps"] == len(CH.explanation(pz.n, tuple(pz.givens))[0])
    first = CH.explanation(pz.n, tuple(pz.givens))[0][0]
    r = run("calissons", "hint", link)
    assert json.loads(r.stdout) == first.to_json()
    marks = tmp_path / "m.json"
    marks.write_text(json.dumps({"yes": [list(e) for e in first.yes], "no": [list(e) for e in first.no]}))
    r = run("calissons", "hint", link, "--marks", str(marks))
    assert r.returncode == 0 and json.loads(r.stdout) == CH.explanation(pz.n, tuple(pz.givens))[0][1].to_json()
    puzzle = tmp_path / "p.json"
    puzzle.write_text(json.dumps({"n": pz.n, "givens": [list(e) for e in pz.givens]}))
    r = run("calissons", "explain", str(puzzle), "--format", "json")
    ex = json.loads(r.stdout)
    assert ex["level"] == g["level"] and len(ex["steps"]) == g["steps"] and ex["solved"]
    r1 = run("calissons", "explain", link, "--format", "svg")
    r2 = run("calissons", "explain", link, "--format", "svg")
    assert r1.returncode == 0 and r1.stdout == r2.stdout and r1.stdout.count("Step") >= 10


@pytest.mark.parametrize("marks, words", [
    ('{"yes": [[0, 1]]}', 'is not an edge of this puzzle'),
    ('{"yes": "x"}', '"yes" must be a list'),
    ("[", "malformed JSON"),
])
def test_cli_bad_marks_exit_2_one_line(gallery, tmp_path, marks, words):
    pz = gallery[(4, "easy", 1)]
    f = tmp_path / "m.json"
    f.write_text(marks)
    r = run("calissons", "hint", permalink.encode(pz.n, pz.givens), "--marks", str(f))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and words in r.stderr and r.stderr.startswith("error: ")


def test_cli_refuses_big_and_ambiguous_puzzles(tmp_path):
    r = run("calissons", "grade", "-", stdin=json.dumps({"n": 25, "givens": []}), tmp=tmp_path)
    assert r.returncode == 2 and "sides up to 24" in r.stderr
    r = run("calissons", "hint", "-", stdin=json.dumps({"n": 3, "givens": []}), tmp=tmp_path)
    assert r.returncode == 2 and "exactly one solution" in r.stderr and r.stderr.count("\n") == 1
    r = run("calissons", "grade", "-", stdin=json.dumps({"n": 3, "givens": []}), tmp=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["unique"] is False


def test_item_facts_say_the_level_in_words():
    from generator.calissons import family
    item = family.generate_item({"size": 4, "seed": 1, "level": "hard", "minimal": False})
    facts = dict(family.facts(item))
    assert facts["Level"] == CH.LABEL_TEXT["hard"]
    depth = human.grade(item.n, item.givens)["depth"]
    assert facts["Reasoning it needs"] == CH.LEVEL_TEXT[DEPTH_LEVEL[depth]]


# ---- other regions (cal.v3): the same rules through hints.region / hints.load ----------------

REGION_PUZZLES = [("star", 1, "hard", 1), ("star", 1, "easy", 2), ("random:3:60", 0, "hard", 1),
                  ("random:5:90", 0, "medium", 1)]


@pytest.fixture(scope="module")
def region_puzzles():
    from generator.calissons import family
    return {key: family.generate_item({"region": key[0], "size": key[1], "level": key[2], "seed": key[3],
                                       "minimal": False}) for key in REGION_PUZZLES}


@pytest.mark.parametrize("key", REGION_PUZZLES)
def test_region_hint_replay_reaches_the_unique_solution(region_puzzles, key):
    """From an empty board the hints reach the tiling the generator made (its heights), never
    contradict it, and their hardest level is the human grader's on the region."""
    from generator.calissons.solver import solve
    item = region_puzzles[key]
    shape, givens = item.n, sorted(item.givens)
    assert not isinstance(shape, int)
    reg = shape.region
    assert solve(reg, givens).status == "unique"                   # the height solver's verdict
    pair = lambda e: H.edge(reg.index[e[:2]], reg.index[head(e)])  # noqa: E731
    expected = {pair(e) for e in reg.salient_edges(item.heights)}  # the generator's own tiling
    assert CH.solution_edges(shape, givens) == expected
    marks, used, sol = replay(shape, givens)
    given = {pair(e) for e in givens}
    assert marks.yes | given == expected and not marks.yes & given
    assert marks.no == CH.mark_edges(shape) - expected
    assert CH.mark_edges(shape) == {pair(e) for e in reg.interior}
    depth = human.grade(reg, givens)["depth"]
    assert H.hardest(CH.LEVELS, used) == DEPTH_LEVEL[depth] == CH.grade_record(shape, givens)["level"]


def test_region_planted_mistake_is_named(region_puzzles):
    item = region_puzzles[("random:3:60", 0, "hard", 1)]
    shape, givens = item.n, sorted(item.givens)
    sol = CH.solution_edges(shape, givens)
    wrong = min(CH.mark_edges(shape) - sol)
    step = CH.next_hint(shape, givens, H.Marks({wrong}, set()))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(wrong)]
    reg = shape.region
    given = {H.edge(reg.index[e[:2]], reg.index[head(e)]) for e in givens}
    wrong_cross = min(sol - given)                     # a fold edge of the solution, crossed out
    step = CH.next_hint(shape, givens, H.Marks(set(), {wrong_cross}))
    assert step.rule == "mistake" and step.to_json()["because"]["edges"] == [list(wrong_cross)]


def test_region_cli_and_page_hint(region_puzzles, tmp_path):
    """grade/hint/explain read a cal.v3 link, a region JSON file and givens with --region alike;
    the page's Hint button answers on a cal.v3 board with that board's edge ids."""
    from generator.calissons import play
    item = region_puzzles[("star", 1, "hard", 1)]
    shape, givens = item.n, sorted(item.givens)
    link = item.permalink
    assert link.startswith("cal.v3.")
    first = CH.explanation(shape, tuple(givens))[0][0]
    level = CH.grade_level(*reversed(CH.explanation(shape, tuple(givens))))
    obj = {"givens": [list(e) for e in givens]}
    own = tmp_path / "own.json"
    own.write_text(json.dumps(dict(obj, region=shape.word)))
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(obj))
    for src in ([link], [str(own)], [str(bare), "--region", "star", "--size", "1"]):
        r = run("calissons", "grade", *src)
        assert r.returncode == 0, r.stderr
        g = json.loads(r.stdout)
        assert g["level"] == level and g["unique"] and g["region"]["word"] == shape.word and g["permalink"] == link
        r = run("calissons", "hint", *src)
        assert r.returncode == 0 and json.loads(r.stdout) == first.to_json()
    r = run("calissons", "explain", link, "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["level"] == level and json.loads(r.stdout)["solved"]
    from generator.calissons import family
    assert dict(family.facts(item))["Reasoning it needs"] == CH.LEVEL_TEXT[level]
    board = play.board(link)
    page = families.module_named("generator." + families.get("calissons").hinter).hint(link, [], [])
    assert page["rule"] == first.rule
    assert sorted(sorted(board["edges"][i]) for i in page["ids"]["no"]) == sorted(sorted(e) for e in first.no)
    r = run("calissons", "grade", str(bare), "--region", "nosuchshape")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stderr.startswith("error: ") and "region" in r.stderr
    r = run("calissons", "hint", str(bare), "--region", "star", "--size", "8")     # 3,840 triangles
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and f"up to {CH.MAX_HINT_TRIANGLES} triangles" in r.stderr


def test_hints_are_batched_by_rule_and_computed_lazily():
    """A press holds a deduction and the later ones of the same rule (with the fold-status
    read-outs they cause) until another rule decides an edge; a what-if stands alone.  The
    batches cover the single deductions exactly, in order, and the chain is computed only
    as far as a press needs."""
    n = 12
    pz = generate(n, 2, "hard")
    givens = tuple(sorted(pz.givens))
    singles = list(CH._Chain(n, list(givens)).deductions())
    batches, solved = CH.explanation(n, givens)
    assert solved and len(batches) < len(singles) / 2
    assert [e for b in batches for e in b.yes] == [e for s in singles for e in s.yes]
    assert [e for b in batches for e in b.no] == [e for s in singles for e in s.no]
    i = 0
    for b in batches:                     # re-split each batch into the deductions it holds
        k = _count(singles, i, set(b.yes) | set(b.no))
        assert singles[i].rule == b.rule
        assert all(b.rule != "what-if" and s.rule in (b.rule, "fold-status") for s in singles[i + 1:i + k])
        i += k
        if i < len(singles):              # maximal: the next deduction could not have joined
            s = singles[i]
            assert s.rule == "what-if" or b.rule == "what-if" or s.rule not in (b.rule, "fold-status")
    assert i == len(singles)
    assert any(len(b.yes) + len(b.no) > 3 for b in batches)
    assert any("more place" in b.text for b in batches)
    CH._lazy.cache_clear()
    first = CH.next_hint(n, list(givens), H.Marks())
    assert first.to_json() == batches[0].to_json()
    lazy = CH._lazy(CH._Key(n), givens)
    assert lazy.gen is not None and len(lazy.items) < len(batches)


def _count(singles, i, got):
    """How many single deductions from i make up the edges `got`."""
    k, seen = 0, set()
    while seen != got:
        seen |= set(singles[i + k].yes) | set(singles[i + k].no)
        k += 1
    return k
