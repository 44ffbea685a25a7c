"""`build.py serve` — preview the site on 127.0.0.1 and rebuild when a source changes.

The server is the standard library's threading HTTP server serving the output folder
(bound to 127.0.0.1 only), and only its regular files: no symlink out of it, no
directory listing, no dotfile (`_Handler`); anything else is a 404 with one log line.
watchfiles watches site_src/, templates/ and generator/; on a change the site is rebuilt
in a fresh process (`python -m generator.pipeline.cli`, the command behind `build.py`, so
edited engine code is picked up) and, the build being atomic, the server simply serves
the new folder.  A
failed rebuild prints its one-line error and keeps the previous site online.
"""

from __future__ import annotations

import functools
import http.server
import os
import stat
import subprocess
import sys
import threading
import urllib.parse
from http import HTTPStatus
from pathlib import Path


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serve the site's regular files and nothing else; one line per refused request.

    A URL path maps to a file only when it has no empty, `.`-led (dotfile, `..`) or
    control-character part and, all symlinks resolved, names a regular file inside the
    site folder; a path ending in `/` means its index.html.  Everything else — a symlink
    out of the site, a directory (never listed), a dotfile, `/%00` — is a plain 404.
    """

    def send_head(self):
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
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(target))
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return fh

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


def make_server(folder: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server on 127.0.0.1 serving folder (port 0 picks a free port)."""
    handler = functools.partial(_Handler, directory=str(folder))
    return _Server(("127.0.0.1", port), handler)


def watched_paths(root: Path, config: Path, templates: Path | None) -> list[Path]:
    """The folders whose changes trigger a rebuild: the site's (its theme_dir inside), the
    built-in templates, a --templates theme, the engines."""
    from generator.pipeline.build import DEFAULT_TEMPLATES
    paths = [config.parent, DEFAULT_TEMPLATES, root / "generator"] + ([Path(templates)] if templates else [])
    return [p for p in paths if p.exists()]


def serve(build_argv: list[str], out: Path, port: int, root: Path, config: Path, templates: Path | None) -> int:
    """Build once, serve, and rebuild on every change until interrupted."""
    import watchfiles

    def rebuild() -> int:
        proc = subprocess.run([sys.executable, "-m", "generator.pipeline.cli", *build_argv], cwd=str(root))
        return proc.returncode

    rc = rebuild()
    if rc != 0 and not out.is_dir():
        print("error: the first build failed; nothing to serve", file=sys.stderr)
        return rc
    server = make_server(out, port)
    host, real_port = server.server_address[:2]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"serving {out} at http://{host}:{real_port}/index.html (Ctrl-C to stop)", file=sys.stderr)
    try:
        for changes in watchfiles.watch(*watched_paths(root, config, templates),
                                        watch_filter=lambda _c, p: "__pycache__" not in p):
            names = sorted({Path(p).name for _c, p in changes})
            print(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}; rebuilding",
                  file=sys.stderr)
            rebuild()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0
