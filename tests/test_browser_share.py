"""regen.html's share link carries the picture's display options (PERMALINK?colour=…&palette=…,
docs/browser.md): a disc of hats made on the form in proper4 + Okabe–Ito, opened from its share
link in a new page, is the same picture byte for byte (and CPython's); a bad option is one visible line."""

from __future__ import annotations

import json

import pytest

from browser_helpers import built_site, cpython, launch_chromium, open_regen
from generator import webapi

pytestmark = pytest.mark.browser

chromium = pytest.fixture(scope="module")(launch_chromium)
FLAGS = ["--colour", "proper4", "--palette", "okabe-ito"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.getbasetemp() / "browser-site")


def test_share_link_shows_the_picture_that_was_made_and_refuses_a_bad_option(chromium, site):
    url = site.as_uri() + "/regen.html"
    page, errors = open_regen(chromium, url)
    page.select_option("#tp-family", "hat")
    page.select_option("#tp-field-region", "disc")
    page.fill("#tp-field-radius", "10")
    page.select_option("#tp-field-colour", "proper4")
    page.select_option("#tp-field-palette", "okabe-ito")
    page.fill("#tp-seed", "5")
    page.click("#tp-make button[type=submit]")
    page.wait_for_function("document.documentElement.getAttribute('data-tp-shown')", timeout=60000)
    link = page.evaluate("document.documentElement.getAttribute('data-tp-shown')")
    ref = cpython(["tiling", "hat", "--disc", "10", "--seed", "5", "--tiles", "meet", "--format", "json"])
    assert json.loads(ref["stdout"])["permalink"] == link
    made = page.evaluate("window.tilepress.page.current.svg")
    assert made.encode() == cpython(["regen", link, *FLAGS, "--format", "svg"])["stdout"]
    assert made.encode() != cpython(["regen", link, "--format", "svg"])["stdout"]   # the options matter
    share = page.input_value("#tp-share")
    assert share == url + "#" + link + "?colour=proper4&palette=okabe-ito"
    assert page.evaluate("location.href") == share            # the page's own address is the share link
    page.close()

    other, errors2 = open_regen(chromium, share)
    other.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {link!r}", timeout=60000)
    assert other.evaluate("window.tilepress.page.current.svg") == made
    assert other.input_value("#tp-share") == share and other.input_value("#tp-permalink") == link
    assert " ".join(FLAGS) in other.inner_text("#tp-command") and not other.is_visible("#tp-error")

    for query, option in (("colour=purple&palette=okabe-ito", "colour=purple"), ("size=3", "size=3")):
        other.evaluate("(h) => { location.hash = h; }", "#" + link + "?" + query)
        other.wait_for_selector("#tp-error:not([hidden])", timeout=60000)
        with pytest.raises(webapi.TilepressError) as exc:
            webapi.share_args(link, query)
        said, want = other.inner_text("#tp-error"), "error: " + str(exc.value)
        # (Pyodide's argparse quotes the choices its own way: the line up to them is the same)
        assert "\n" not in said and said.split(" (choose")[0] == want.split(" (choose")[0], (option, said)
        assert option.split("=")[0] in said
        assert not other.is_visible("#tp-result")
        other.evaluate("(h) => { location.hash = h; }", "#" + link)   # without options: as ever, default colours
        other.wait_for_selector("#tp-result:not([hidden])", timeout=60000)
        other.wait_for_function("!document.getElementById('tp-error').checkVisibility()", timeout=60000)
    assert other.evaluate("window.tilepress.page.current.svg").encode() == \
        cpython(["regen", link, "--format", "svg"])["stdout"]
    assert other.input_value("#tp-share") == url + "#" + link
    assert errors.errors == [] and errors2.errors == []
    other.close()
