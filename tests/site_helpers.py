"""Helpers shared by the tests/test_site_*.py files: build a fixture site, walk its pages."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
TINY = FIXTURES / "tinyfamily.py"
SITE = FIXTURES / "site"

sys.path.insert(0, str(REPO))

from generator.pipeline.build import Options, build  # noqa: E402


def copy_site(tmp: Path) -> Path:
    """A private copy of the fixture content folder (site.toml + articles); returns its site.toml."""
    dest = tmp / "content"
    shutil.copytree(SITE, dest)
    return dest / "site.toml"


def options(tmp: Path, config: Path | None = None, **kw) -> Options:
    """Build options for the fixture site in tmp (private cache)."""
    kw.setdefault("cache_dir", tmp / "cache")
    kw.setdefault("out", tmp / "site")
    kw.setdefault("jobs", 1)
    return Options(config=config or SITE / "site.toml", family_modules={"tiny": str(TINY)}, **kw)


def build_fixture(tmp: Path, config: Path | None = None, **kw):
    """Build the fixture site; returns the Report."""
    return build(options(tmp, config, **kw))


def run_build(*args, cwd=REPO, env=None):
    """Run `python build.py ARGS` and return the CompletedProcess."""
    full_env = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, str(REPO / "build.py"), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=full_env, timeout=600)


def start_serve(tmp: Path, config: Path | None = None) -> tuple[subprocess.Popen, str]:
    """(process, index URL) of `build.py serve --port 0` on the fixture site, once it serves."""
    import time
    args = [sys.executable, str(REPO / "build.py"), "serve", "--port", "0", *map(str, fixture_args(tmp, config))]
    proc = subprocess.Popen(args, cwd=REPO, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        line = proc.stderr.readline()
        if "serving" in line:
            return proc, line.split(" at ")[1].split()[0]
        if not line and proc.poll() is not None:
            break
    proc.terminate()
    raise AssertionError("build.py serve never started serving")


def interrupted_at(cmd: list, module: str, env=None) -> tuple[int, str]:
    """(exit code, stderr without import lines) of cmd run with -X importtime and sent SIGINT
    as soon as it reports `module` imported: synchronised on its own output, not on a sleep."""
    import signal
    proc = subprocess.Popen([sys.executable, "-X", "importtime", *cmd], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("import time:") and line.rsplit("|", 1)[-1].strip() == module:
            proc.send_signal(signal.SIGINT)
            break
    seen += proc.stderr.readlines()
    proc.wait(timeout=60)
    return proc.returncode, "".join(ln for ln in seen if not ln.startswith("import time:"))


def fixture_args(tmp: Path, config: Path | None = None) -> list:
    """CLI flags building the fixture site into tmp/site."""
    return ["--config", config or SITE / "site.toml", "--family-module", f"tiny={TINY}",
            "--out", tmp / "site", "--cache-dir", tmp / "cache", "--jobs", "1"]


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every file of a folder -> (bytes, inode, mtime_ns)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            st = p.stat()
            out[p.relative_to(folder).as_posix()] = (p.read_bytes(), st.st_ino, st.st_mtime_ns)
    return out


def pages(folder: Path) -> list[Path]:
    """Every HTML page of a site."""
    return sorted(folder.rglob("*.html"))


def local_links(page: Path) -> list[str]:
    """Every href/src/srcset URL of a page, read from the html5lib DOM."""
    import html5lib
    doc = html5lib.parse(page.read_bytes(), namespaceHTMLElements=False)
    urls = []
    for el in doc.iter():
        for attr in ("href", "src"):
            if el.get(attr) is not None:
                urls.append(el.get(attr))
        if el.get("srcset"):
            urls += [part.strip().split()[0] for part in el.get("srcset").split(",") if part.strip()]
    return urls


def resolve(page: Path, url: str) -> Path | None:
    """The file a relative URL of a page points to (None for external URLs)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    if not parts.path:
        return page
    return (page.parent / unquote(parts.path)).resolve()
