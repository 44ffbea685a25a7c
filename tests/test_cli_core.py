"""The top-level command line and the permalink registry (shared by every family)."""
import subprocess
import sys

import pytest

from generator.errors import PermalinkError
from generator.families import all_families, split_permalink


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True)


def test_help_exits_zero():
    r = run("--help")
    assert r.returncode == 0 and "regen PERMALINK" in r.stdout


@pytest.mark.parametrize("bad", ["", "x", "p2", "p2.v0.abc", "P2.v1.abc", "zz.v1.abc",
                                 "p2.v1.a b", "p2.v1.<script>", "p2.v99999.a"])
def test_malformed_permalinks_rejected(bad):
    with pytest.raises(PermalinkError):
        split_permalink(bad)


def test_unknown_command_is_a_clear_error():
    r = run("frobnicate")
    assert r.returncode == 2 and "unknown command" in r.stderr and "Traceback" not in r.stderr


def test_regen_garbage_is_one_line():
    r = run("regen", "not-a-permalink")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error:")


def test_prefixes_unique():
    prefixes = [f.prefix for f in all_families()]
    assert len(prefixes) == len(set(prefixes))


@pytest.mark.parametrize("argv", [["tantrix"], ["calissons"], ["regen"], ["tiling"], ["supertile"],
                                  ["tiling", "calissons"], ["hat", "frob"], ["regen", "zz.v1.abc"]])
def test_incomplete_commands_are_one_error_line(argv):
    r = run(*argv)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: ") and "Traceback" not in r.stderr


@pytest.mark.parametrize("argv", [["--help"], ["tantrix", "--help"], ["regen", "--help"], ["tiling", "--help"],
                                  ["tiling", "hat", "--help"], ["calissons", "check", "--help"]])
def test_help_is_on_stdout_with_exit_zero(argv):
    r = run(*argv)
    assert r.returncode == 0 and r.stdout and r.stderr == ""


def test_regen_of_a_pages_shortened_name_says_so():
    """An item with a long permalink has a shortened page name (slug_of: its start, `~`, 16 hex
    digits); given to regen in its stead, the one line says what it is."""
    from generator.pipeline.generate import slug_of
    link = "tx.v1.sl." + "AB" * 60
    r = run("regen", slug_of(link), "--format", "svg")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "looks like the shortened name of an item's page, not its permalink" in r.stderr
    assert "shortened" not in run("regen", "tx.v1.sl.AB~1234", "--format", "svg").stderr
