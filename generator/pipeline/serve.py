"""`build.py serve` — preview the site on 127.0.0.1 and rebuild when a source changes.

The server is the standard library's threading HTTP server serving the output folder
(bound to 127.0.0.1 only).  watchfiles watches site_src/, templates/ and generator/; on a
change the site is rebuilt in a fresh process (`python -m generator.pipeline.cli`, the
command behind `build.py`, so edited engine code is picked up) and, the build being
atomic, the server simply serves the new folder.  A
failed rebuild prints its one-line error and keeps the previous site online.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
from pathlib import Path


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serve files quietly (one line per request is noise during a preview)."""

    def log_message(self, fmt, *args):  # noqa: D401 - stdlib override
        pass


def make_server(folder: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server on 127.0.0.1 serving folder (port 0 picks a free port)."""
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def watched_paths(root: Path, config: Path, templates: Path) -> list[Path]:
    """The folders whose changes trigger a rebuild."""
    paths = [config.parent, templates, root / "generator"]
    return [p for p in paths if p.exists()]


def serve(build_argv: list[str], out: Path, port: int, root: Path, config: Path, templates: Path) -> int:
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
