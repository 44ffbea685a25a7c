"""Progress reporting: a bar on the command line's terminal, the browser page's report.

Bars are drawn only when the command line turns them on (`PROGRESS`: its standard error is a
terminal; the site build's worker processes never draw them); the page listens through `SINK`
(set by `generator.webapi.set_progress`).  Engines wrap their long loops in `progress` and
name their steps with `stage`; both cost nothing when nobody listens.
"""
from __future__ import annotations

import sys

PROGRESS = False
SINK = None                 # the browser page's progress report: SINK(done, total, unit, desc) (webapi)


def meter(total: int, unit: str, desc: str | None = None):
    """(update(done), close()) of a count towards a known total: a tqdm bar when progress is on,
    the page's report when it listens (SINK), else no-ops."""
    if not PROGRESS:
        if SINK is None:
            return (lambda n: None), (lambda: None)
        return (lambda n: SINK(n, total, unit, desc)), (lambda: None)
    try:
        # lazy: tqdm is not in the Pyodide runtime, which imports this module (webapi)
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return (lambda n: None), (lambda: None)
    bar = tqdm(total=total, unit=unit, desc=desc, file=sys.stderr, leave=False)

    def update(n):
        bar.update(n - bar.n)
    return update, bar.close


def _reported(iterable, total, unit, desc):
    """The iterable, telling SINK how far it got every 64 items."""
    done = 0
    for done, item in enumerate(iterable, 1):
        if not done & 63:
            SINK(done, total, unit, desc)
        yield item


def progress(iterable, total: int | None = None, unit: str = "it", desc: str | None = None):
    """Wrap an iterable in a tqdm bar on stderr when progress is on, else return it as is."""
    if not PROGRESS:
        return iterable if SINK is None else _reported(iterable, total, unit, desc)
    try:
        # lazy: tqdm is not in the Pyodide runtime, which imports this module (webapi)
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return iterable
    return tqdm(iterable, total=total, unit=unit, desc=desc, file=sys.stderr, leave=False)


def stage(desc: str) -> None:
    """Tell the browser page which step a long command has reached (SINK(None, None, "", desc));
    the command line draws no bar for a step."""
    if SINK is not None:
        SINK(None, None, "", desc)


def counter(unit: str):
    """(update(n), close()) of a tqdm counter when progress is on, else (None, a no-op)."""
    if not PROGRESS:
        if SINK is None:
            return None, lambda: None
        return (lambda n: SINK(n, None, unit, None)), lambda: None
    try:
        # lazy: tqdm is not in the Pyodide runtime, which imports this module (webapi)
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None, lambda: None
    bar = tqdm(unit=unit, file=sys.stderr, leave=False)

    def update(n):
        bar.update(n - bar.n)
    return update, bar.close
