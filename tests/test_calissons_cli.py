"""Calisson CLI, permalinks, mathix strings, publish protocol, golden corpus, fuzzing."""
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calissons_brute as brute
from family_helpers import SiteSide
from generator import cli as main_cli
from generator.calissons import family as cli
from generator.calissons import mathix, permalink
from generator.calissons.model import hexagon
from generator.calissons.solver import count_solutions
from generator.errors import ConfigError, PermalinkError, TilepressError

publish = SiteSide("calissons")
ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "calissons.json"
SHARED = brute.shared_dir()
needs_corpus = pytest.mark.skipif(SHARED is None, reason="../shared/corpora/calissons not present")


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT)


def test_solve_cli_json_shape():
    r = run("calissons", "solve", "-", "--count", "--format", "json",
            stdin=json.dumps({"n": 3, "givens": [[0, 0, "x"], [0, 0, "y"]]}))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"status", "count", "solution", "certificate"}
    assert out["certificate"]["kind"] == "differ" and len(out["certificate"]["solutions"]) == 2
    assert out["status"] == "multiple" and out["count"] == count_solutions(hexagon(3), [(0, 0, "x"), (0, 0, "y")])[0]
    assert set(out["solution"]) == {"salient", "pp"}


def test_none_status_found():
    """Some clue set is infeasible; the CLI answers status none, count 0, solution null."""
    import itertools
    edges = list(brute.interior_edges(2))
    for pair in itertools.combinations(edges, 2):
        if brute.brute_count(2, pair) == 0:
            r = run("calissons", "solve", "-", "--count", stdin=json.dumps({"n": 2, "givens": [list(e) for e in pair]}))
            assert r.returncode == 0
            out = json.loads(r.stdout)
            assert out.pop("certificate")["weight"] > 0
            assert out == {"status": "none", "count": 0, "solution": None}
            return
    raise AssertionError("no infeasible pair found")


@pytest.mark.parametrize("text", [
    "{", "[]", '{"n": 0}', '{"n": -2}', '{"n": 100000}', '{"n": "3"}', '{"n": 3, "givens": 5}',
    '{"n": 3, "givens": [[9, 9, "x"]]}', '{"n": 3, "givens": [[0, 0, "w"]]}',
    '{"n": 3, "givens": [[0, 0, "x"], [0, 0, "x"]]}', '{"n": 3, "givens": [[0, 0]]}', '{"n": 257}',
    '{"n": 1, "givens": [[1, 0, "y"]]}', '{"n": true}', "\xff",
])
def test_bad_input_one_line_exit_2(text):
    r = run("calissons", "solve", "-", stdin=text)
    assert r.returncode == 2
    assert r.stderr.startswith("error:") and r.stderr.count("\n") == 1


def test_bad_puzzle_file_is_named(tmp_path):
    bad = tmp_path / "puzzle.json"
    for text, says in (('{"n": 3, "givens": [[1, 2', "malformed JSON"), ('{"n": 3, "givens": [[0, 0, "w"]]}', "given #0")):
        bad.write_text(text)
        r = run("calissons", "solve", str(bad))
        assert r.returncode == 2 and r.stderr.startswith(f"error: {bad}: ") and says in r.stderr, r.stderr
    r = run("calissons", "solve", "-", stdin="{")
    assert r.stderr.startswith("error: input: malformed JSON"), r.stderr


def test_bad_arguments_exit_2():
    for args in (["calissons", "generate", "--size", "0"], ["calissons", "generate", "--size", "x"],
                 ["calissons", "generate", "--size", "4", "--level", "ultra"], ["calissons", "frob"],
                 ["calissons", "solve", "/nonexistent/file.json"], ["regen", "cal.v1.3~AA"],
                 ["regen", "cal.v9.3~AA"], ["calissons", "check", "tab=xyz"]):
        r = run(*args)
        assert r.returncode == 2, args
        assert r.stderr.startswith("error:") and r.stderr.count("\n") == 1, (args, r.stderr)


def test_help():
    assert run("calissons", "--help").returncode == 0
    assert run("calissons", "generate", "--help").returncode == 0


def test_generate_and_regen_round_trip(tmp_path):
    r = run("calissons", "generate", "--size", "5", "--seed", "7", "--level", "hard", "--format", "json")
    assert r.returncode == 0
    rec = json.loads(r.stdout)
    assert set(rec) == {"n", "givens", "permalink", "difficulty", "solution"}
    r2 = run("regen", rec["permalink"], "--format", "json")
    out = json.loads(r2.stdout)
    assert out["status"] == "unique" and out["solution"] == rec["solution"] and out["givens"] == rec["givens"]
    svg = run("calissons", "generate", "--size", "5", "--seed", "7", "--level", "hard", "--format", "svg").stdout
    assert svg == run("regen", rec["permalink"], "--format", "svg").stdout
    assert svg.startswith("<svg")
    pdf = tmp_path / "p.pdf"
    assert run("calissons", "generate", "--size", "4", "--seed", "1", "--level", "easy", "--format", "pdf",
               "--out", str(pdf)).returncode == 0
    assert pdf.read_bytes().startswith(b"%PDF")


@needs_corpus
def test_check_mathix_url_counts_and_picture(tmp_path):
    grids = json.loads((SHARED / "corpora/calissons/mathix-grids.json").read_text())
    g455 = next(g for g in grids if g["mathix_number"] == "455")
    pic = tmp_path / "c.svg"
    r = run("calissons", "check", g455["url"], "--picture", str(pic), "--format", "json")
    out = json.loads(r.stdout)
    assert out["count"] == 30 and out["status"] == "multiple" and out["differ_vertices"]
    assert "<path" in pic.read_text()
    text = run("calissons", "check", g455["url"], "--picture", str(pic)).stdout
    assert "30 solutions" in text


def test_check_json_file_and_permalink(tmp_path):
    from generator.calissons.generator import generate
    p = generate(4, 5, "hard")
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"n": 4, "givens": [list(e) for e in p.givens[1:]]}))
    pic = tmp_path / "c.svg"
    out = json.loads(run("calissons", "check", str(f), "--picture", str(pic), "--format", "json").stdout)
    assert out["count"] == count_solutions(hexagon(4), p.givens[1:])[0] >= 2
    link = permalink.encode(4, p.givens)
    out = json.loads(run("calissons", "check", link, "--picture", str(pic), "--format", "json").stdout)
    assert out["count"] == 1 and out["differ_vertices"] == []


# --- permalinks ---------------------------------------------------------------------------

def test_permalink_round_trip_and_canonical():
    for n, givens in ((1, []), (2, [(0, 0, "x")]), (6, hexagon(6).interior_edge_list()[::7])):
        link = permalink.encode(n, givens)
        assert link.startswith("cal.v1.")
        assert permalink.decode(link) == (n, sorted(givens))
    link = permalink.encode(3, [(0, 0, "x")])
    payload = link.split("~")[1]
    for bad in (link + "A", link[:-1], "cal.v1.0~" + payload, "cal.v1.65~", "cal.v2." + link[7:],
                "cal.v1.3" + payload, "cal.v1.03~" + payload, "cal.v1.3~" + payload[:-1] + "/"):
        with pytest.raises(PermalinkError):
            permalink.decode(bad)
    # a set padding bit is rejected (non-canonical)
    n = 2   # 30 edges -> 4 bytes, 2 padding bits
    raw = bytearray(4)
    raw[-1] = 1
    with pytest.raises(PermalinkError):
        permalink.decode(f"cal.v1.{n}~" + permalink.encode_bytes(bytes(raw)))


@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet="cal.v1~0123456789AZaz_-/=", max_size=60))
def test_fuzz_permalinks(text):
    try:
        n, givens = permalink.decode(text)
    except PermalinkError:
        return
    assert permalink.decode(permalink.encode(n, givens)) == (n, givens)


# --- mathix -------------------------------------------------------------------------------

@needs_corpus
def test_segment_order_matches_player():
    order = json.loads((SHARED / "corpora/calissons/mathix-segment-order.json").read_text())
    for n, edges in order.items():
        assert mathix.segment_order(int(n)) == [tuple(e) for e in edges]


@needs_corpus
def test_mathix_strings_of_tarizzo_sample():
    for line in (SHARED / "corpora/calissons/tarizzo-sample.jsonl").read_text().splitlines():
        r = json.loads(line)
        n, givens, hidden, _num = mathix.parse(r["mathix_string"])
        assert n == r["n"] and givens == sorted(tuple(g) for g in r["givens"])
        assert sorted(givens + hidden) == sorted(tuple(e) for e in r["solution_salient"])
        assert mathix.export(n, r["givens"], r["solution_salient"]) == r["mathix_string"]


def test_generate_mathix_url_round_trip():
    r = run("calissons", "generate", "--size", "5", "--seed", "2", "--level", "medium", "--format", "mathix")
    assert r.returncode == 0 and r.stdout.startswith("https://mathix.org/calisson/index.html?tab=")
    rec = json.loads(run("calissons", "generate", "--size", "5", "--seed", "2", "--level", "medium").stdout)
    n, givens, hidden, _num = mathix.parse(r.stdout)
    assert n == 5 and [list(e) for e in givens] == rec["givens"]
    assert sorted(givens + hidden) == sorted(tuple(e) for e in rec["solution"]["salient"])


def test_mathix_round_trip_and_errors():
    givens = hexagon(4).interior_edge_list()[::5]
    url = mathix.url(4, givens, number="12")
    n, g, _h, num = mathix.parse(url)
    assert (n, g, num) == (4, givens, "12")
    for bad in ("tab=", "tab=tsx", "fff", "https://mathix.org/calisson/index.html"):
        with pytest.raises(TilepressError):
            mathix.parse(bad)


# --- publish protocol --------------------------------------------------------------------

def test_publish_plan_and_generate():
    items = publish.plan({"sizes": [3, 5], "levels": ["easy", "hard"], "seeds": [1]})
    assert [i["id"] for i in items] == ["n3-easy-s1", "n3-hard-s1", "n5-easy-s1", "n5-hard-s1"]
    item = publish.item(items[-1])
    assert item["permalink"].startswith("cal.v1.") and item["svg"].startswith("<svg")
    assert set(item["extra_svgs"]) == {"solution", "solution_edges"} and set(item["sheet"]) == {"puzzle", "solution", "rules", "caption", "paper"}
    assert "#" not in item["sheet"]["puzzle"].replace("#000000", "").replace("#ffffff", "").replace(
        "#9a9a9a", "").replace("#bbbbbb", "")
    assert dict(item["facts"])["Size n"] == 5
    assert publish.item(items[-1]) == item
    json.dumps(item)


@pytest.mark.parametrize("section", [{"sizes": []}, {"sizes": [1]}, {"sizes": [3, 3]}, {"levels": ["x"]},
                                     {"seeds": [-1]}, {"colour": "red"}, {"sizes": "4"}])
def test_publish_plan_rejects_bad_config(section):
    with pytest.raises(ConfigError):
        publish.plan(section)


def test_site_toml_section_is_valid():
    import tomllib
    conf = tomllib.loads((ROOT / "site_src" / "site.toml").read_text())
    items = publish.plan(conf["families"]["calissons"], conf)
    assert 6 <= len(items) <= 60


def test_figures():
    figs = publish.figures()
    assert "calissons-differ.svg" in figs and all(v.startswith("<svg") for v in figs.values())
    article = (ROOT / "site_src" / "articles" / "calissons.md").read_text()
    for name in figs:
        assert f"figures/{name}" in article


# --- golden corpus -----------------------------------------------------------------------

def regen_bytes(link, view, fmt, tmp_path):
    out = tmp_path / "out"
    assert main_cli.main(["regen", link, "--view", view, "--format", fmt, "--out", str(out)]) == 0
    return out.read_bytes()


def test_golden_corpus(tmp_path):
    golden = json.loads(GOLDEN.read_text())
    assert len(golden["permalinks"]) >= 6
    for entry in golden["permalinks"]:
        data = regen_bytes(entry["permalink"], entry["view"], "svg", tmp_path)
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["permalink"]
    for entry in golden["generate"]:
        if "region" in entry:           # other shapes (cal.v3); random:SEED:SIZE is `calissons region`
            name = entry["region"]
            if name.startswith("random:"):
                name = cli.random_shape_word(int(name.split(":")[1]), int(name.split(":")[2]))
            item = cli.generate_item({"region": name, "size": 0, "seed": entry["seed"], "level": entry["level"],
                                      "minimal": False})
            assert item.permalink == entry["permalink"]
            continue
        _pz, rec = cli.generate_record(entry["n"], entry["seed"], entry["level"], False)
        assert rec["permalink"] == entry["permalink"]
    assert {e["permalink"].split(".")[1] for e in golden["plane"]} == {"v4"} and len(golden["plane"]) >= 3
    for entry in golden["plane"]:                 # the infinite grid: the picture and the JSON, byte for byte
        for fmt, key in (("svg", "sha256"), ("json", "json_sha256")):
            out = tmp_path / f"plane.{fmt}"
            assert main_cli.main(["regen", entry["permalink"], "--format", fmt, "--out", str(out)]) == 0
            assert hashlib.sha256(out.read_bytes()).hexdigest() == entry[key], (entry["permalink"], fmt)
    assert {e["permalink"].split(".")[1] for e in golden["samples"]} == {"v1", "v2", "v3"}
    for entry in golden["samples"]:
        out = tmp_path / "sample.svg"
        assert main_cli.main(["regen", entry["permalink"], "--format", "svg", "--out", str(out)]) == 0
        assert hashlib.sha256(out.read_bytes()).hexdigest() == entry["sha256"], entry["permalink"]


# --- fuzzing ------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.sampled_from(["x", "y", "z", "w", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["n", "givens", "q"]), inner,
                                                                 max_size=3),
    max_leaves=12)
edge = st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.sampled_from(["x", "y", "z"])).map(list)
puzzles = st.fixed_dictionaries({"n": st.integers(-1, 5), "givens": st.lists(edge, max_size=12)})


@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(puzzles)
def test_fuzz_solve_well_formed(obj):
    check_one(json.dumps(obj))


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_values)
def test_fuzz_solve_garbage(obj):
    check_one(json.dumps(obj))


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=40))
def test_fuzz_solve_text(text):
    check_one(text)


def check_one(text):
    try:
        n, givens = cli.parse_puzzle(text)
    except TilepressError as exc:
        assert "\n" not in str(exc)
        return
    rec = cli.solve_record(n, givens, True, 50)
    assert rec["status"] in ("none", "unique", "multiple")
    if rec["status"] == "none":
        assert rec["solution"] is None and rec["count"] == 0
    else:
        assert rec["count"] >= 1
        sal = {tuple(e) for e in rec["solution"]["salient"]}
        assert set(givens) <= sal
    if n <= 2:
        want = brute.brute_count(n, givens)
        assert rec["count"] == min(want, 50)


def test_solve_takes_n_256_and_count_stops_at_128(tmp_path):
    """The bare hexagon of side 256 solves ('multiple'); counting is refused beyond 128."""
    src = tmp_path / "p.json"
    src.write_text('{"n": 256, "givens": []}')
    r = run("calissons", "solve", str(src))
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "multiple"
    r = run("calissons", "solve", "--count", str(src))
    assert r.returncode == 2 and r.stderr.startswith("error: --count takes n up to 128")
    src.write_text('{"n": 257, "givens": []}')
    r = run("calissons", "solve", str(src))
    assert r.returncode == 2 and r.stderr.strip() == f"error: {src}: n = 257 out of range 1..256", r.stderr
