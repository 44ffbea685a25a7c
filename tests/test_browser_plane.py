"""regen.html#cal.v4...: a plane instance (given edges on the infinite grid) regenerated in headless
Chromium by the same Python engines under Pyodide: the witness window (edges far apart) and the
absorbing cycle byte for byte as the command line draws them, the facts in words, the JSON equal,
a bad link rejected with the command line's one line and an over-cost one with the page's cap."""

from __future__ import annotations

import json

import pytest

from browser_helpers import built_site, cpython, launch_chromium, open_regen

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FAR = "cal.v4.-40_7y.0_0x.1_1y.2_-1z.100000_-3y.100002_-3x.250000_900000z"
NO = "cal.v4.-2_-1x.-2_0x.-1_0z"

chromium = pytest.fixture(scope="module")(launch_chromium)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.getbasetemp() / "browser-site")


def test_plane_links_regenerate_on_the_page_as_on_the_command_line(chromium, site):
    page, errors = open_regen(chromium, site.as_uri() + "/regen.html#" + FAR)
    page.wait_for_function(f"document.documentElement.getAttribute('data-tp-shown') === {FAR!r}", timeout=60000)
    assert page.evaluate("document.getElementById('tp-picture').naturalWidth") > 0
    assert page.inner_text("#tp-title") == "Calissons on the infinite grid: 7 edges, a tiling fits them"  # as its item page
    page.wait_for_function("!document.getElementById('tp-facts').textContent.includes('being worked out')")
    rows = page.evaluate("[...document.querySelectorAll('#tp-facts tr')].map(r => [r.cells[0].textContent, "
                         "r.cells[1].textContent])")
    from generator import webapi
    assert rows == [[k, str(v)] for k, v in webapi.facts(FAR)] and ["Given edges", "7"] in rows
    # an edge every 5 steps over a hexagon: a grid window of radius 103, 31,827 lozenges (page cap 30,000)
    costly = "cal.v4." + ".".join(f"{5 * i}_{5 * j}x" for i in range(-20, 21) for j in range(-20, 21)
                                  if abs(i - j) <= 20)
    bad = "cal.v4.1_0x.0_0x"
    got = page.evaluate("""async (jobs) => {
        const out = [];
        for (const p of jobs) {
            try { const r = await window.tilepress.regen(p, {args: []}); out.push({svg: r.svg, json: r.json}); }
            catch (e) { out.push({error: e.message}); }
        }
        return out; }""", [FAR, NO, bad, costly])
    for link, res in zip((FAR, NO), got):
        ref_svg = cpython(["regen", link, "--format", "svg"])["stdout"].decode("utf-8")
        ref_json = json.loads(cpython(["regen", link, "--format", "json"])["stdout"])
        assert res.get("svg") == ref_svg, link
        assert res.get("json") == ref_json, link
    assert "shown in 4 windows" in got[0]["svg"] and "absorbing cycle" in got[1]["svg"]
    ref = cpython(["regen", bad, "--format", "svg"])
    assert ref["code"] == 2 and got[2] == {"error": ref["stderr"].strip()} and "edge #1" in got[2]["error"]
    assert "about 31,827 calissons" in got[3]["error"] and "python -m generator regen" in got[3]["error"]
    assert errors.errors == []
    page.close()
