"""The worked example of docs/adding-a-family.md: the tiny family, registered by one line,
goes through the CLI, `regen`, the site build and a golden corpus like a real family."""
import hashlib
import json

import pytest

from site_helpers import REPO, TINY, copy_site, options
from generator import cli, families
from generator.pipeline.build import build

GOLDEN = REPO / "tests" / "golden" / "tiny.json"


@pytest.fixture
def registered(monkeypatch):
    """The one registry line a new family adds (here pointing at the test file)."""
    monkeypatch.setitem(families.REGISTRY, "tiny", "file:" + str(TINY.resolve()))
    return families.get("tiny")


def run(capsysbinary, *argv):
    code = cli.main(list(argv))
    out = capsysbinary.readouterr()
    return code, out.out, out.err


def test_generate_regen_and_command_through_the_cli(registered, capsysbinary):
    code, svg, _ = run(capsysbinary, "tiny", "generate", "--seed", "3", "--n", "5")
    assert code == 0 and svg.startswith(b"<svg")           # svg is the family's default format
    code, again, _ = run(capsysbinary, "regen", "tiny.v1.s3n5")
    assert code == 0 and again == svg
    code, text, _ = run(capsysbinary, "regen", "tiny.v1.s3n5", "--format", "json")
    obj = json.loads(text)
    assert obj["permalink"] == "tiny.v1.s3n5" and len(obj["cuts"]) == 5
    code, count, _ = run(capsysbinary, "tiny", "count", "--seed", "3", "--n", "5")
    assert code == 0 and int(count) == sum(map(sum, obj["cuts"]))
    with pytest.raises(SystemExit) as stop:                     # argparse prints --help and exits
        cli.main(["tiny", "generate", "--help"])
    assert stop.value.code == 0 and b"squares per side" in capsysbinary.readouterr().out
    code, _, err = run(capsysbinary, "tiny", "generate", "--n", "41")
    assert code == 2 and err == b"error: --n must be between 1 and 40, got 41\n"


def test_the_site_publishes_what_regen_prints(registered, tmp_path, capsysbinary):
    config = copy_site(tmp_path)
    build(options(tmp_path, config))
    page = (tmp_path / "site" / "tiny" / "tiny.v1.s3n5.html").read_text()
    assert "python -m generator regen tiny.v1.s3n5 --format svg" in page
    code, svg, _ = run(capsysbinary, "regen", "tiny.v1.s3n5", "--format", "svg")
    assert code == 0 and (tmp_path / "site" / "tiny" / "tiny.v1.s3n5.svg").read_bytes() == svg


def test_golden_corpus(registered, capsysbinary):
    golden = json.loads(GOLDEN.read_text())
    assert len(golden) >= 3
    for entry in golden:
        for fmt in ("svg", "json"):
            code, data, _ = run(capsysbinary, "regen", entry["permalink"], "--format", fmt)
            assert code == 0 and hashlib.sha256(data).hexdigest() == entry[f"{fmt}_sha256"], entry
