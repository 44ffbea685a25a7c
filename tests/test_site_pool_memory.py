"""The local pool hands each item's result to the build and keeps none of them: the driver's
memory does not grow with the items' files (the build writes them as they come back)."""
from __future__ import annotations

import tracemalloc

from generator.pipeline import generate
from generator.pipeline.plan import Item

MIB = 2 ** 20


def big_result(item, settings):
    """A stand-in for build_item: one MiB of file bytes per item (runs in a forked worker)."""
    return "ok", {"files": {"x.bin": bytes([item.index % 251]) * MIB}}


def test_the_pool_driver_does_not_keep_finished_results(monkeypatch):
    monkeypatch.setattr(generate, "build_item", big_result)
    items = [Item(family="f", id=f"i{n}", index=n, params_json="{}", module="m:F", key=f"{n:064x}")
             for n in range(40)]
    seen = []
    tracemalloc.start()
    try:
        generate._run_pool(items, {}, 2, lambda item, outcome: seen.append(outcome[1]["files"]["x.bin"][0]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sorted(seen) == [n % 251 for n in range(40)]
    assert peak < 12 * MIB, f"driver peak {peak / MIB:.1f} MiB for 40 results of 1 MiB"
