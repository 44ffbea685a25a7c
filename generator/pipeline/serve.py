"""`build.py serve` — preview the site on 127.0.0.1 and rebuild when a source changes.

The server is the standard library's threading HTTP server serving the output folder
(bound to 127.0.0.1 only), and only its regular files: no symlink out of it, no
directory listing, no dotfile (`_Handler`); anything else is a 404 with one log line.
watchfiles watches site_src/, templates/ and generator/; on a change the site is rebuilt
in a fresh process (`python -m generator.pipeline.cli`, the command behind `build.py`, so
edited engine code is picked up) and, the build being atomic, the server simply serves
the new folder.  A
failed rebuild prints its one-line error and keeps the previous site online.

Live reload, under `serve` only.  The server (never the build) adds one small script to the
HTML pages it sends (`LIVE_SCRIPT`, before `</body>`); the script asks `/__tilepress__/build`
once a second for the server's build stamp and reloads the page when it differs from the stamp
it was served with.  The stamp changes after every successful rebuild (a failed one keeps the
old page, and its error is on the terminal).  The files in the output folder are the
publishing build's, byte for byte: nothing of this is written to them.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import stat
import subprocess
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from pathlib import Path
from generator.errors import TilepressError
from generator.pipeline.build import DEFAULT_TEMPLATES


STAMP_PATH = "/__tilepress__/build"      # the build-stamp endpoint (no site file starts with `__`)
LIVE_SCRIPT = (
    '<script data-tilepress-live>(function(){{var s="{stamp}";'
    'function poll(){{fetch("' + STAMP_PATH + '",{{cache:"no-store"}}).then(function(r){{return r.text();}})'
    '.then(function(t){{if(t&&t!==s){{location.reload();}}else{{setTimeout(poll,1000);}}}},'
    'function(){{setTimeout(poll,2000);}});}}setTimeout(poll,1000);}})();</script>'
)


class BuildStamp:
    """The current build's stamp: the server's start time and a count of successful rebuilds."""

    def __init__(self):
        self._start = time.time_ns()
        self._count = 0
        self._lock = threading.Lock()

    def bump(self) -> None:
        with self._lock:
            self._count += 1

    def __str__(self) -> str:
        with self._lock:
            return f"{self._start:x}-{self._count}"


def with_live_reload(html: bytes, stamp: str) -> bytes:
    """html with the live-reload script before its last `</body>` (at the end without one)."""
    script = LIVE_SCRIPT.format(stamp=stamp).encode()
    at = html.lower().rfind(b"</body>")
    return html + script if at < 0 else html[:at] + script + html[at:]


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serve the site's regular files and nothing else; one line per refused request.

    A URL path maps to a file only when it has no empty, `.`-led (dotfile, `..`) or
    control-character part and, all symlinks resolved, names a regular file inside the
    site folder; a path ending in `/` means its index.html.  Everything else — a symlink
    out of the site, a directory (never listed), a dotfile, `/%00` — is a plain 404.
    """

    stamp: BuildStamp | None = None      # set by make_server(live=True): live reload is on

    def send_head(self):
        if self.stamp is not None and urllib.parse.urlsplit(self.path).path == STAMP_PATH:
            return self._bytes(str(self.stamp).encode(), "text/plain; charset=utf-8")
        target = self._site_file()
        if target is None:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            fh = open(target, "rb")
            size = os.fstat(fh.fileno()).st_size
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        ctype = self.guess_type(target)
        if self.stamp is not None and ctype == "text/html":
            with fh:
                return self._bytes(with_live_reload(fh.read(), str(self.stamp)), ctype)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return fh

    def _bytes(self, body: bytes, ctype: str):
        """Send headers for body (never cached) and return it as the file to copy."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)

    def _site_file(self) -> str | None:
        """The regular file inside the site that the request names, or None."""
        try:
            path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path, errors="strict")
        except (UnicodeDecodeError, ValueError):
            return None
        if path.endswith("/"):
            path += "index.html"
        parts = path.split("/")[1:]
        if not path.startswith("/") or not all(p and not p.startswith(".") and p.isprintable()
                                               and "\\" not in p for p in parts):
            return None
        root = os.path.realpath(self.directory)
        real = os.path.realpath(os.path.join(root, *parts))
        if not real.startswith(root + os.sep):
            return None
        try:
            return real if stat.S_ISREG(os.stat(real).st_mode) else None
        except OSError:
            return None

    def log_message(self, fmt, *args):  # noqa: D401 - stdlib override
        pass                             # a preview's successful requests are noise

    def log_error(self, fmt, *args):
        print(f"serve: {self.command or '-'} {self.path[:200]!r}: {fmt % args}", file=sys.stderr)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """One line instead of a traceback for a request that broke the handler."""
        exc = sys.exc_info()[1]
        print(f"serve: request from {client_address[0]} failed: {type(exc).__name__}: {exc}", file=sys.stderr)


def make_server(folder: Path, port: int = 8000,
                stamp: BuildStamp | None = None) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server on 127.0.0.1 serving folder (port 0 picks a free port); with a
    stamp, its HTML pages carry the live-reload script and it answers STAMP_PATH."""
    handler = type("_LiveHandler", (_Handler,), {"stamp": stamp}) if stamp is not None else _Handler
    return _Server(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))


def watched_paths(root: Path, config: Path, templates: Path | None) -> list[Path]:
    """The folders whose changes trigger a rebuild: the site's (its theme_dir inside), the
    built-in templates, a --templates theme, the engines."""
    paths = [config.parent, DEFAULT_TEMPLATES, root / "generator"] + ([Path(templates)] if templates else [])
    return [p for p in paths if p.exists()]


def is_build_output(path: str, out: Path, cache: Path | None, watched: list[Path]) -> bool:
    """Whether a changed path is the build's own doing, not a source edit: inside the output
    folder or the cache, or a dot-led name (the build's `.<out>.lock` and staging folders, the
    default `.tilepress-cache`, `.git`) or `__pycache__` below a watched folder.  Without this,
    `tilepress-build serve` (whose `_site/` and cache sit in the watched site folder) would
    rebuild on its own writes for ever, reloading the open pages every second."""
    p = Path(path)
    for own in (out, cache):
        if own is not None and (p == own or own in p.parents):
            return True
    for top in watched:
        if top in p.parents:
            return any(part.startswith(".") or part == "__pycache__"
                       for part in p.relative_to(top).parts)
    return False


def serve(build_argv: list[str], out: Path, port: int, root: Path, config: Path, templates: Path | None,
          cache: Path | None = None) -> int:
    """Build once, serve, and rebuild on every change until interrupted."""
    # lazy: watchfiles (~30 ms) only for `serve`
    import watchfiles

    # the rebuild runs in the caller's folder (relative paths of the command line mean what they
    # meant to it); a checkout's `generator` is put on its import path (an installed one is
    # there already: its site-packages is not put ahead of the standard library)
    env = dict(os.environ)
    if (root / "build.py").is_file():
        env["PYTHONPATH"] = os.pathsep.join([str(root)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))

    def rebuild() -> int:
        proc = subprocess.run([sys.executable, "-m", "generator.pipeline.cli", *build_argv], env=env)
        return proc.returncode

    rc = rebuild()
    if rc != 0 and not out.is_dir():
        print("error: the first build failed; nothing to serve", file=sys.stderr)
        return rc
    stamp = BuildStamp()
    try:
        server = make_server(out, port, stamp)
    except OSError as exc:               # most often: the port is taken (another preview?)
        raise TilepressError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}; "
                             "choose another port with --port P (0 picks a free one)") from None
    host, real_port = server.server_address[:2]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"serving {out} at http://{host}:{real_port}/index.html (Ctrl-C to stop)", file=sys.stderr)
    try:
        watched = [p.resolve() for p in watched_paths(root, config, templates)]
        out, cache = out.resolve(), cache.resolve() if cache is not None else None
        for changes in watchfiles.watch(*watched,
                                        watch_filter=lambda _c, p: not is_build_output(p, out, cache, watched)):
            names = sorted({Path(p).name for _c, p in changes})
            print(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}; rebuilding",
                  file=sys.stderr)
            if rebuild() == 0:
                stamp.bump()           # open pages reload themselves (see LIVE_SCRIPT)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0
