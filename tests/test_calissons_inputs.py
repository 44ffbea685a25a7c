"""Any string given to `calissons check` as a mathix URL, tab string, permalink or file
answers with exit 0 (a real puzzle) or exit 2 and one `error:` line — never an internal
error (hypothesis fuzzing of mathix.parse and of the command line)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import cli
from generator.calissons import mathix
from generator.calissons.generator import generate
from generator.errors import TilepressError

PIECES = ["http://", "https://mathix.org/calisson/index.html?", "?", "tab=", "&tab=", "#", "[", "]",
          "::1", "%", "%zz", "%ff", "t", "s", "f", "tsf", "0", "9", "cal.v1.", "cal.v9.", "=", "&",
          "\x00", "\udcff", "é", " ", "\n", "/", "..", "~"]
TEXTS = st.one_of(st.text(max_size=60),
                  st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)), max_size=12).map("".join))


def _check(argv: list[str], capsys) -> None:
    """The command exits 0, or 2 with exactly one `error:` line."""
    capsys.readouterr()
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and "internal" not in err, err


@pytest.mark.parametrize("text", ["http://[::1/?tab=fff", "https://[/?tab=ttt", "http://x:99999999/?tab=f",
                                  "?tab=%ff%fe", "tab=" + "t" * 100, "http://x/?tab=&tab=", "tab=\x00",
                                  "http://x/?" + "a=1&" * 100 + "tab=fff"])
def test_malformed_mathix_urls_are_one_line(text, tmp_path, capsys):
    _check(["calissons", "check", text, "--picture", str(tmp_path / "p.svg")], capsys)
    with pytest.raises(TilepressError):
        mathix.parse(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TEXTS)
def test_any_string_as_mathix_text(text):
    try:
        n, givens, hidden, number = mathix.parse(text)
    except TilepressError:
        return
    assert 9 * n * n - 3 * n == len(mathix.segment_order(n)) and number.isdigit() or number == ""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS.filter(lambda s: s.strip() != "-"))
def test_any_string_given_to_check(text, tmp_path, capsys):
    _check(["calissons", "check", text, "--picture", str(tmp_path / "p.svg")], capsys)


def test_a_real_mathix_url_still_reads(tmp_path, capsys):
    pz = generate(3, 1, "easy", False)
    url = mathix.url(3, pz.givens, pz.salient, "7")
    n, givens, _hidden, number = mathix.parse(url + "#top")
    assert (n, givens, number) == (3, sorted(pz.givens), "7")
    capsys.readouterr()
    assert cli.main(["calissons", "check", url, "--picture", str(tmp_path / "p.svg")]) == 0
    assert "1 solution (unique)" in capsys.readouterr().out
