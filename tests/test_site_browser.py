"""The built site in headless Chromium (Playwright with Debian's /usr/bin/chromium), over
file:// and over http://127.0.0.1:<port>: the home page opens, a link leads to an item
page, every image decodes (naturalWidth > 0), the permalink is shown, no console errors."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from site_helpers import build_fixture

from conftest import CHROMIUM, FLAGS  # noqa: F401  (the shared session browser lives in conftest.py)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browser")
    build_fixture(tmp)
    return tmp / "site"


@pytest.fixture(scope="module")
def http_root(built):
    """The built site served by a local http.server thread on 127.0.0.1."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _images_ok(page):
    """Scroll every image into view (they are lazy), wait for them, return the broken ones."""
    page.evaluate("""async () => {
        for (const img of document.images) { img.loading = 'eager'; img.scrollIntoView(); }
        await Promise.all([...document.images].map(img => img.complete ? null :
            new Promise(r => { img.onload = r; img.onerror = r; })));
    }""")
    return page.evaluate("[...document.images].filter(i => !(i.naturalWidth > 0)).map(i => i.currentSrc || i.src)")


def _visit(browser, home_url):
    """Open home, follow the first gallery link to an item page; check images, permalink, console."""
    page = browser.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("requestfailed", lambda req: errors.append(f"request failed: {req.url}"))
    page.goto(home_url)
    assert page.title() == "tilepress test"
    assert _images_ok(page) == []
    count = page.evaluate("document.images.length")
    assert count >= 3
    page.click("ul.gallery a >> nth=1")
    page.wait_for_load_state("load")
    assert page.url.endswith("/tiny/tiny.v1.s2n5.html")
    assert page.inner_text("#permalink") == "tiny.v1.s2n5"
    assert _images_ok(page) == []
    page.click("a[rel=next]")
    page.wait_for_load_state("load")
    assert page.inner_text("#permalink") == "tiny.v1.s3n5"
    page.click("text=tiny >> nth=0")        # the nav link to the gallery
    page.wait_for_load_state("load")
    assert page.url.endswith("/tiny/index.html")
    assert _images_ok(page) == []
    # currentSrc shows which <picture> source the browser picked: WebP must be supported.
    assert page.evaluate("document.images[0].currentSrc").endswith(".webp")
    page.close()
    assert errors == []


def test_file_url(browser, built):
    _visit(browser, (built / "index.html").as_uri())


def test_http_url(browser, http_root):
    _visit(browser, http_root + "index.html")


def test_dark_mode_paper_is_opaque(browser, built):
    page = browser.new_page(color_scheme="dark")
    page.goto((built / "tiny" / "index.html").as_uri())
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    paper = page.evaluate("getComputedStyle(document.querySelector('img.paper')).backgroundColor")
    page.close()
    assert body == "rgb(23, 24, 27)" and paper == "rgb(251, 248, 240)"
