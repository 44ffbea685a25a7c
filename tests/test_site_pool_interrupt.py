"""Ctrl-C while the local pool is still being handed its items (thousands of them take seconds on
a loaded machine, and the signal is held meanwhile so no worker is forked without its handler):
the held Ctrl-C stops the pool at once when the hold ends; it does not wait for every item."""
from __future__ import annotations

import subprocess
import sys
import time

from site_helpers import REPO

SCRIPT = r'''
import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
from generator.pipeline import generate
from generator.pipeline.plan import Item

def slow(item, settings):
    """A stand-in for build_item: an item that takes 30 s."""
    time.sleep(30)
    return "ok", {"files": {}}

class CtrlCWhileSubmitting(generate._SigintHeld):
    """The hold, with Ctrl-C pressed as soon as it starts (it is delivered when the hold ends)."""
    def __enter__(self):
        super().__enter__()
        os.kill(os.getpid(), signal.SIGINT)
        return self

generate.build_item = slow
generate._SigintHeld = CtrlCWhileSubmitting
items = [Item(family="f", id=f"i{n}", index=n, params_json="{}", module="m:F", key=f"{n:064x}")
         for n in range(8)]
t = time.monotonic()
try:
    generate._run_pool(items, {}, 2, lambda item, outcome: None)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - t:.1f} s")
'''


def test_ctrl_c_held_while_items_are_submitted_stops_the_pool_at_once():
    t = time.monotonic()
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(REPO)], capture_output=True, text=True, timeout=60)
    took = time.monotonic() - t
    assert r.returncode == 0 and r.stdout.startswith("interrupted after "), (r.stdout, r.stderr[-2000:])
    assert took < 20, f"{took:.1f} s: the pool ran its items (4 x 30 s) before answering Ctrl-C"
