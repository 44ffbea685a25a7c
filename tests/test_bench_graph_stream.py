"""bench/graph_stream.py measures the neighbour graph's memory and writes its table into the
`graph-stream` block of docs/tilings-for-makers.md (bench/docs_page.py), nothing else."""

from __future__ import annotations

import re
import subprocess
import sys

from site_helpers import REPO

sys.path.insert(0, str(REPO / "bench"))
import docs_page  # noqa: E402


def test_the_bench_writes_its_measured_rows_into_its_block_only(tmp_path):
    page = tmp_path / "page.md"
    text = (REPO / "docs" / "tilings-for-makers.md").read_text(encoding="utf-8")
    page.write_text(text, encoding="utf-8")
    r = subprocess.run([sys.executable, str(REPO / "bench" / "graph_stream.py"), "--widths", "40", "--formats",
                        "graph", "--write-docs", str(page)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.returncode == 0, r.stderr
    got = page.read_text(encoding="utf-8")
    body = docs_page.block(got, "graph-stream")
    row = re.search(r"^\| 40 \| `graph` \| (\d+) \| ([\d,]+) \| (\d+) MB \|", body, re.M)
    assert row, body
    printed = re.search(r"^\s+40\s+graph\s+(\d+)\s+([\d,]+)\s+(\d+) MB", r.stdout, re.M)
    assert printed and printed.groups() == row.groups(), (r.stdout, body)
    assert int(row.group(1)) > 100 and "Measured " in body
    strip = re.compile(r"<!-- bench:graph-stream -->.*?<!-- /bench:graph-stream -->", re.S)
    assert strip.sub("", got) == strip.sub("", text)
