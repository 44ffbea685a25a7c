"""The benchmark figures of the documentation: docs/benchmarks.md is regenerated, not edited.

Each benchmark that publishes figures owns named blocks of the page, between
`<!-- bench:NAME -->` and `<!-- /bench:NAME -->`; run with `--write-docs` it replaces its
block (and nothing else) with a table of what it has just measured, the date, the machine
and the exact command.  Prose around the blocks says what the figures mean and stays put.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "benchmarks.md"


def table(headers: list[str], rows: list[list], right: set[int] | None = None) -> str:
    """A Markdown table; columns in `right` (default: all but the first) are right-aligned."""
    right = set(range(1, len(headers))) if right is None else right
    rule = ["---:" if i in right else "---" for i in range(len(headers))]
    lines = [headers, rule, *[[str(c) for c in row] for row in rows]]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def provenance(argv: list[str] | None = None) -> str:
    """When, where and how the figures were measured (one paragraph)."""
    argv = sys.argv if argv is None else argv
    script = Path(argv[0]).resolve()
    try:
        script = script.relative_to(ROOT)
    except ValueError:
        pass
    cmd = " ".join(["python", script.as_posix(), *[a for a in argv[1:] if not a.startswith("--write-docs")]])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"Measured {dt.datetime.now(dt.timezone.utc):%Y-%m-%d} on {os.cpu_count()} CPUs "
            f"(load average {load:.1f} at the end) with `{cmd}`.")


def _markers(name: str) -> tuple[str, str]:
    if not re.fullmatch(r"[a-z0-9-]+", name):
        raise ValueError(f"bad block name {name!r}")
    return f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"


def replace_block(text: str, name: str, body: str) -> str:
    """text with block `name`'s content replaced by body (exactly one such block must exist)."""
    start, end = _markers(name)
    if text.count(start) != 1 or text.count(end) != 1 or text.index(start) > text.index(end):
        raise ValueError(f"the page needs exactly one {start} ... {end} block")
    head, rest = text.split(start)
    _, tail = rest.split(end)
    return f"{head}{start}\n{body.strip()}\n{end}{tail}"


def block(text: str, name: str) -> str:
    """The current content of block `name`."""
    start, end = _markers(name)
    return text.split(start, 1)[1].split(end, 1)[0].strip()


def write_block(name: str, body: str, page: Path = PAGE) -> Path:
    """Replace block `name` of the page with body, atomically (the rest of the page is kept)."""
    sys.path.insert(0, str(ROOT))
    from generator.output import atomic_file
    text = replace_block(page.read_text(encoding="utf-8"), name, body)
    with atomic_file(page) as fh:
        fh.write(text.encode("utf-8"))
    print(f"wrote the {name!r} figures into {page}", file=sys.stderr)
    return page
