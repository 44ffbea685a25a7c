"""The neighbour graph of big Spectre patches: peak memory and time of `--format graph` against
the plain `--format json` of the same patch (docs/tilings-for-makers.md, "Big patches").

    python bench/graph_stream.py                         # about 1e4, 1e5 and 1e6 Spectres
    python bench/graph_stream.py --widths 2860 --formats graph
    python bench/graph_stream.py --widths 900 2860 --write-docs   # the table of docs/tilings-for-makers.md

Each run is `python -m generator tiling spectre --width W --height W --seed 1 --format F --out
FILE` in a fresh process; its peak resident memory (max RSS) and CPU seconds are its own
(resource.getrusage(RUSAGE_SELF) as it ends, what `/usr/bin/time -v` reports), the wall time is
measured round it, and the tiles and edges are read back from the file's head.  The machine may
be shared: CPU seconds are the steadier figure.  `--write-docs [PAGE]` writes the table into
the page's `graph-stream` block (bench/docs_page.py; default docs/tilings-for-makers.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from docs_page import provenance, table, write_block  # noqa: E402

DOCS = ROOT / "docs" / "tilings-for-makers.md"
WIDTHS = (290, 900, 2860)            # about 10^4, 10^5 and 10^6 Spectres
CHILD = r"""
import json, resource, runpy, sys
sys.argv = ["generator"] + sys.argv[2:]
try:
    runpy.run_module("generator", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    if exc.code:
        raise
r = resource.getrusage(resource.RUSAGE_SELF)
with open(@USAGE@, "w") as fh:
    json.dump({"rss_kb": r.ru_maxrss, "cpu": r.ru_utime + r.ru_stime}, fh)
"""


def measure(width: int, fmt: str, seed: int = 1) -> dict:
    """One fresh process writing the patch in `fmt`: tiles, edges, peak RSS (MB), CPU, wall, bytes."""
    fd, out = tempfile.mkstemp(suffix="." + fmt)
    os.close(fd)
    usage = out + ".usage"
    argv = [sys.executable, "-c", CHILD.replace("@USAGE@", repr(usage)), "-", "tiling", "spectre", "--width", str(width), "--height",
            str(width), "--seed", str(seed), "--format", fmt, "--out", out]
    try:
        t0 = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True)
        wall = time.perf_counter() - t0
        with open(usage) as fh:
            own = json.load(fh)
        os.unlink(usage)
        with open(out, "rb") as fh:
            head = fh.read(4096).decode("ascii", "replace")
        size = os.path.getsize(out)
        if fmt == "graph":
            tiles = int(re.search(r'"count":(\d+)', head).group(1))
            edges = int(re.search(r'"edges":(\d+)', head).group(1))
        else:
            tiles, tail = 0, b""
            with open(out, "rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    tiles += (tail + chunk).count(b'"kind":')
                    tail = chunk[-6:]           # a key split across two reads is counted once
            edges = None
    finally:
        os.unlink(out)
    return {"width": width, "format": fmt, "tiles": tiles, "edges": edges, "wall": wall,
            "cpu": own["cpu"], "rss_mb": own["rss_kb"] / 1024, "bytes": size}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--widths", type=int, nargs="+", default=list(WIDTHS))
    ap.add_argument("--formats", nargs="+", default=["json", "graph"], choices=["json", "graph", "geojson"])
    ap.add_argument("--write-docs", nargs="?", type=Path, const=DOCS, default=None, metavar="PAGE",
                    help="write the table into the page's graph-stream block")
    args = ap.parse_args(argv)
    print(f"{'W':>5} {'format':>7} {'Spectres':>10} {'edges':>10} {'peak RSS':>9} {'CPU s':>7} {'wall s':>7} {'output':>8}")
    rows = []
    for width in args.widths:
        for fmt in args.formats:
            r = measure(width, fmt)
            edges = f"{r['edges']:>10,}" if r["edges"] is not None else f"{'':>10}"
            print(f"{width:>5} {fmt:>7} {r['tiles']:>10,} {edges} {r['rss_mb']:>6.0f} MB {r['cpu']:>7.1f} "
                  f"{r['wall']:>7.1f} {r['bytes'] / 1e6:>5.0f} MB", flush=True)
            rows.append([width, f"`{fmt}`", f"{r['tiles']:,}", f"{r['edges']:,}" if r["edges"] is not None else "",
                         f"{r['rss_mb']:.0f} MB", f"{r['cpu']:.1f} s", f"{r['wall']:.0f} s", f"{r['bytes'] / 1e6:.0f} MB"])
    if args.write_docs:
        body = table(["W", "format", "Spectres", "edges", "peak memory (max RSS)", "CPU time", "wall time", "output"],
                     rows)
        write_block("graph-stream", body + "\n\n" + provenance(), args.write_docs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
