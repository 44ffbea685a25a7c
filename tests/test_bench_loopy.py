"""bench/loopy.py side by side: the reference's own figures are read, ours measured in a warm
process, and the row's ratio is the two medians' (a stand-in program plays the reference)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*args):
    return subprocess.run([sys.executable, str(REPO / "bench" / "loopy.py"), *args], capture_output=True,
                          text=True, cwd=REPO, timeout=300)


def test_the_reference_is_measured_side_by_side(tmp_path):
    ref = tmp_path / "ref"
    # a stand-in for the C driver: says its faces, peak and CPU (0.5 s, 0.25 s by seed parity)
    ref.write_text('#!/bin/sh\ncase "$2" in *[13579]) c=0.5;; *) c=0.25;; esac\n'
                   'echo "faces=60 clues=20 maxrss_kb=2048 cpu_s=$c"\n')
    ref.chmod(0o755)
    out = _run("--reference", str(ref), "--sizes", "250", "--tilings", "p3", "--levels", "easy",
               "--seeds", "1,2,3", "--per-seed")
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines() if line.startswith("p3 ")]
    assert len(rows) == 1
    tiling, size, level, faces, c_faces, ours, c_s, ratio, fork, ours_mb, c_mb, grade = rows[0]
    assert (tiling, size, level, c_faces, c_s, c_mb) == ("p3", "250", "easy", "60", "0.500", "2.0")
    assert 0 < float(ours) < 5 and 0 < float(fork) < 5 and float(grade) < 1
    # the ratio is of the unrounded medians: within half a printed step of the printed ones
    assert ratio.endswith("x") and abs(float(ratio[:-1]) - float(ours) / 0.5) <= 0.05 + 0.0005 / 0.5
    per_seed = [line for line in out.stdout.splitlines() if line.startswith("  p3 250 easy seed")]
    assert len(per_seed) == 3 and "C 0.250 s" in per_seed[1] and "C 0.500 s" in per_seed[2]


def test_a_reference_that_is_not_a_program_is_refused(tmp_path):
    out = _run("--reference", str(tmp_path / "nothing"), "--sizes", "50", "--tilings", "p3")
    assert out.returncode == 2 and "--reference" in out.stderr
    out = _run("--sizes", "77")
    assert out.returncode == 2 and "--sizes" in out.stderr


def test_repeat_takes_the_least_of_each_side(tmp_path):
    """--repeat N runs the reference N times per seed and keeps its least CPU (here it says
    0.9 s, then 0.3 s, then 0.6 s: a counter file tells the runs apart)."""
    ref, count = tmp_path / "ref", tmp_path / "count"
    ref.write_text(f'#!/bin/sh\nn=$(cat {count} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {count}\n'
                   'case $n in 1) c=0.9;; 2) c=0.3;; *) c=0.6;; esac\n'
                   'echo "faces=60 clues=20 maxrss_kb=2048 cpu_s=$c"\n')
    ref.chmod(0o755)
    out = _run("--reference", str(ref), "--sizes", "250", "--tilings", "p3", "--levels", "easy",
               "--seeds", "1", "--repeat", "3")
    assert out.returncode == 0, out.stderr
    assert count.read_text().strip() == "3"
    row = next(line.split() for line in out.stdout.splitlines() if line.startswith("p3 "))
    assert row[6] == "0.300"
    assert "each the least of 3 runs" in out.stdout
    assert _run("--repeat", "0").returncode == 2
