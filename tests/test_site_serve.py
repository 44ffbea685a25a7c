"""`build.py serve` serves the site's regular files and nothing else (raw requests against
a real server process): no symlink out of the site, no directory listing, no dotfile, no
traceback on a hostile path — a 404 and one log line each.  Live reload exists only in what
the server sends: HTML pages get its script, the site's files stay the publishing build's
bytes, and an open page in Chromium updates itself after an edit."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from site_helpers import REPO, TINY, copy_site, fixture_args, run_build, start_serve

from generator.pipeline.serve import LIVE_SCRIPT, STAMP_PATH, with_live_reload


def _get(port: int, raw_path: str) -> tuple[int, bytes]:
    """(status, body) of `GET <raw_path>` sent byte for byte (no client-side cleaning)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {raw_path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode("latin-1"))
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A `build.py serve` process on a fixture site: (port, site folder, process)."""
    tmp = tmp_path_factory.mktemp("serve")
    proc, url = start_serve(tmp)
    try:
        port = int(url.split(":")[2].split("/")[0])
        site = tmp / "site"
        (tmp / "secret.txt").write_text("outside the site")
        os.symlink("/etc/passwd", site / "pw.txt")
        os.symlink(tmp / "secret.txt", site / "secret.txt")
        os.symlink(tmp, site / "up")
        (site / ".env").write_text("TOKEN=1")
        yield port, site, proc
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _stamp(port: int) -> str:
    status, body = _get(port, STAMP_PATH)
    assert status == 200 and body
    return body.decode()


def test_the_site_is_served(server):
    port, site, _proc = server
    status, body = _get(port, "/index.html")
    assert status == 200 and body == with_live_reload((site / "index.html").read_bytes(), _stamp(port))
    assert _get(port, "/")[1] == body                        # a folder's index.html
    assert _get(port, "/index.html?x=1#y")[0] == 200


@pytest.mark.parametrize("raw", [
    "/pw.txt", "/secret.txt", "/up/secret.txt",                   # symlinks out of the site
    "/assets/", "/assets", "/articles/",                          # directories: never listed
    "/.tilepress-site", "/.env", "/assets/.", "/%2etilepress-site",   # dotfiles
    "/%00", "/index.html%00", "/%ff%fe", "/a%0ab",                # hostile bytes
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
    "//etc/passwd", "/assets/..%5c..%5cetc/passwd", "/nothing-here.html",
])
def test_anything_else_is_a_404(server, raw):
    port, _site, _proc = server
    status, body = _get(port, raw)
    assert status == 404, (raw, body[:200])
    assert b"root:" not in body and b"outside the site" not in body and b"Directory listing" not in body


def test_a_refused_request_is_one_log_line_not_a_traceback(server):
    port, _site, proc = server
    assert _get(port, "/log-check%00")[0] == 404
    assert _get(port, "/index.html")[0] == 200      # still serving
    os.set_blocking(proc.stderr.fileno(), False)
    time.sleep(0.3)
    text = proc.stderr.read() or ""
    assert "Traceback" not in text
    lines = [ln for ln in text.splitlines() if "log-check" in ln]
    assert len(lines) == 1 and lines[0].startswith("serve: GET") and "404" in lines[0]


def test_live_reload_script_only_in_served_html(server):
    port, site, _proc = server
    marker = LIVE_SCRIPT.split("(")[0].encode()          # '<script data-tilepress-live>'
    page = _get(port, "/index.html")[1]
    assert page.count(marker) == 1 and page.index(marker) < page.lower().rindex(b"</body>")
    css = next(site.rglob("*.css"))
    assert _get(port, "/" + css.relative_to(site).as_posix())[1] == css.read_bytes()
    assert not any(marker in f.read_bytes() or STAMP_PATH.encode() in f.read_bytes()
                   for f in site.rglob("*") if f.is_file() and not f.is_symlink())


def test_served_site_files_are_the_published_build(server, tmp_path):
    """The folder `serve` builds holds exactly the bytes `build.py` publishes."""
    _port, site, _proc = server
    r = run_build(*fixture_args(tmp_path))
    assert r.returncode == 0, r.stderr
    published = {f.relative_to(tmp_path / "site"): f.read_bytes()
                 for f in (tmp_path / "site").rglob("*") if f.is_file()}
    assert published and all((site / rel).read_bytes() == data for rel, data in published.items())


@pytest.mark.browser
def test_open_page_reloads_after_an_edit(tmp_path):
    from browser_helpers import launch_chromium
    config = copy_site(tmp_path)
    proc, url = start_serve(tmp_path, config)
    chromium = launch_chromium()
    browser = next(chromium)
    try:
        page = browser.new_page()
        page.goto(url)
        assert "tilepress test" in page.title()
        page.evaluate("window.tilepressNotReloaded = true")
        config.write_text(config.read_text().replace('title = "tilepress test"', 'title = "renamed live"'))
        page.wait_for_function("document.title.includes('renamed live')", timeout=90000)
        assert page.evaluate("window.tilepressNotReloaded === undefined")     # a reload, not a hand edit
    finally:
        next(chromium, None)
        proc.terminate()
        proc.wait(timeout=20)


def test_tilepress_build_serve_builds_the_owners_site(tmp_path):
    """`tilepress-build serve` in a site's folder builds and serves that folder's site.toml
    into ./_site, relative flags meaning what they mean there (not build.py's demo site), and
    an edit makes one rebuild, not a loop on the build's own writes in ./_site and the cache."""
    import threading
    config = copy_site(tmp_path)
    here = config.parent
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from generator.pipeline.cli import console; sys.exit(console())",
         "serve", "--port", "0", "--family-module", f"tiny={TINY}", "--jobs", "1", "--cache-dir", "cache"],
        cwd=here, env=env, stderr=subprocess.PIPE, text=True, start_new_session=True)
    seen: list[str] = []
    threading.Thread(target=lambda: seen.extend(iter(proc.stderr.readline, "")), daemon=True).start()

    def wait_for(pred, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline and not pred() and proc.poll() is None:
            time.sleep(0.1)
    try:
        # the demo site (hundreds of items) instead of this one would be a failure: stop early
        wait_for(lambda: any(ln.startswith("serving") or ln.startswith("estimate:")
                             and int(ln.split()[1]) > 20 for ln in seen), 60)
        served = [ln for ln in seen if ln.startswith("serving")]
        assert served, "".join(seen)
        assert f"serving {here / '_site'} at" in served[0]
        assert "<title>tilepress test</title>" in (here / "_site" / "index.html").read_text()
        assert (here / "cache" / "CACHEDIR.TAG").is_file()
        article = next((here / "articles").glob("*.md"))
        article.write_text(article.read_text() + "\nEdited.\n")
        wait_for(lambda: sum(ln.startswith("built ") for ln in seen) >= 2, 30)
        time.sleep(2.5)                    # a loop would have rebuilt again by now
        assert sum("rebuilding" in ln for ln in seen) == 1, "".join(seen)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)


def test_a_taken_port_is_one_line_naming_it(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = run_build("serve", "--port", port, *fixture_args(tmp_path))
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and lines[-1] == (
        f"error: cannot serve on 127.0.0.1:{port}: Address already in use; "
        "choose another port with --port P (0 picks a free one)"), r.stderr
