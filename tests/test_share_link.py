"""A share link's display options (regen.html#PERMALINK?colour=…&palette=…, docs/browser.md): read by
generator.webapi.share_args through the command line's own `regen` parser; only the options the
family's form shows; anything else one line naming the option."""

from __future__ import annotations

import pytest

from generator import families, webapi
from generator.permalinks import PERMALINK_RE

HAT = "hat.v1.20x15.r2.0-3-0-5-0-F"


def test_the_mark_is_never_in_a_permalink():
    assert webapi.SHARE_MARK not in PERMALINK_RE.pattern.split("\\.(")[-1]     # the payload's alphabet
    assert PERMALINK_RE.match(HAT) and not PERMALINK_RE.match(HAT + webapi.SHARE_MARK + "colour=kind")


def test_options_become_the_regen_flags_in_the_forms_order():
    assert webapi.share_options(families.by_prefix("hat")) == ("colour", "palette")
    assert webapi.share_args(HAT, "palette=okabe-ito&colour=proper4") == \
        ["--colour", "proper4", "--palette", "okabe-ito"]
    assert webapi.share_args(HAT, "colour=kind") == ["--colour", "kind"]
    assert webapi.share_args(HAT, "colour=proper%34") == ["--colour", "proper4"]     # percent-encoded
    # the picture is the command line's own with those flags
    assert webapi.run(["regen", HAT, *webapi.share_args(HAT, "colour=proper4&palette=bold"), "--format", "svg"]) == \
        webapi.run(["regen", HAT, "--colour", "proper4", "--palette", "bold", "--format", "svg"])


def test_a_bad_value_is_refused_by_the_clis_own_rule():
    cli = webapi.run(["regen", HAT, "--colour", "purple", "--format", "svg"])
    assert cli["code"] == 2
    with pytest.raises(webapi.TilepressError) as exc:
        webapi.share_args(HAT, "colour=purple")
    said = str(exc.value)
    assert said.startswith("share link: argument --colour: invalid choice: 'purple'") and "\n" not in said
    assert said.removeprefix("share link: ") in cli["stderr"]
    with pytest.raises(webapi.TilepressError, match=r"^share link: argument --palette: invalid choice: 'neon'"):
        webapi.share_args(HAT, "colour=kind&palette=neon")


@pytest.mark.parametrize("query, said", [
    ("size=3", r"unknown option 'size' \(hat links take only colour, palette\)"),
    ("scale=2", r"unknown option 'scale'"),                 # a regen flag, but not one the form shows
    ("colour=kind&colour=kind", r"option 'colour' is given twice"),
    ("colour", r"'colour' is not NAME=VALUE"),
    ("palette=", r"'palette=' is not NAME=VALUE"),
    ("", r"'' is not NAME=VALUE"),
    ("colour=kind&", r"'' is not NAME=VALUE"),
    ("colour=proper4%26palette%3Dbold", r"argument --colour: invalid choice: 'proper4&palette=bold'"),
    ("x" * 500, r"the options after '\?' must be text of at most 400 characters"),
])
def test_anything_else_is_one_line_naming_it(query, said):
    with pytest.raises(webapi.TilepressError, match="^share link: " + said) as exc:
        webapi.share_args(HAT, query)
    assert "\n" not in str(exc.value)


def test_a_family_without_display_options_takes_none():
    with pytest.raises(webapi.TilepressError, match=r"^share link: unknown option 'colour' \(cal links take none\)"):
        webapi.share_args("cal.v1.3~QDTBAggEUIhI", "colour=kind")
    with pytest.raises(webapi.TilepressError, match="not a tilepress permalink"):
        webapi.share_args("nonsense", "colour=kind")


def test_the_page_may_call_it():
    assert "webapi.share_args" in webapi.page_calls()
    assert webapi.call("webapi", "share_args", [HAT, "colour=kind"]) == ["--colour", "kind"]
