"""The default site (site_src/site.toml with the real families): built twice from cold into two
folders, every .html/.svg/.pdf/.xml byte-identical; every page strict HTML; every link resolves.

Why the default site and not only the fixture: the fixture test (test_site_build.py) proves the
pipeline is deterministic, but only the real families can put a timestamp, an unseeded RNG or
a set-ordering into an SVG or a fact; this test catches that for exactly what is published.
It takes two cold builds of the default site (about a minute each on 2 cores), hence `slow`.
"""

from __future__ import annotations

import pytest

from site_helpers import REPO, local_links, pages, resolve, snapshot

from generator.pipeline.build import Options, build

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("default")
    reports = []
    for name in ("a", "b"):
        reports.append(build(Options(config=REPO / "site_src" / "site.toml", out=tmp / name / "site",
                                     use_cache=False, jobs=2, base_url="https://example.org/tilepress/")))
    return tmp / "a" / "site", tmp / "b" / "site", reports


def test_default_site_is_byte_identical(two_builds):
    a, b, _ = two_builds
    sa, sb = snapshot(a), snapshot(b)
    assert sorted(sa) == sorted(sb)
    compared = [rel for rel in sa if rel.endswith((".html", ".svg", ".pdf", ".xml"))]
    assert "index.html" in compared
    different = [rel for rel in compared if sa[rel][0] != sb[rel][0]]
    assert different == []


def test_default_site_pages_parse_and_links_resolve(two_builds):
    import html5lib
    a, _, reports = two_builds
    for page in pages(a):
        html5lib.HTMLParser(strict=True).parse(page.read_bytes())
        for url in local_links(page):
            assert not url.startswith("/"), f"{page}: absolute link {url}"
            if url.startswith(("http://", "https://")):
                continue
            target = resolve(page, url)
            assert target is not None and target.is_file(), f"{page.relative_to(a)}: {url} does not resolve"
