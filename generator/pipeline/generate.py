"""Phase 3 — generate and render every planned item (an executor, progress bar, cache).

An item is a pure function of its descriptor (`site_item`: the family's
generate or regen, then page), so an item is a pure
function of its cache key: a worker generates it, checks the result against the family
protocol, renders its files (`render.render_item`) and returns plain data.  Where the
workers are is the executor's business — `LocalExecutor` (this machine's process pool) or
`cluster.DaskExecutor` (a Dask cluster) — and the output never depends on it: results are
handed to the build as they complete, and the build writes each item's files at once
(paths, never order, decide the bytes) and keeps only its page data.

The first item that fails stops the build: pending work is cancelled and `ItemFailure`
names the item (`family/id`) and the reason.  Items finished before the failure are kept
in the cache, so the fixed build resumes where it stopped.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import shutil
import signal
import sys
import threading
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from generator import families
from generator.families import PERMALINK_RE, Family, parse
from generator.permalinks import page_name
from generator.pipeline import render
from generator.pipeline.plan import Item

class ItemFailure(Exception):
    """An item's generation or rendering raised: names the item and the reason."""

    def __init__(self, label: str, reason: str, detail: str = ""):
        super().__init__(f"item {label} failed: {reason}")
        self.label, self.reason, self.detail = label, reason, detail


slug_of = page_name          # the file name stem of an item (generator.permalinks.page_name)


def site_item(fam: Family, params: dict, permalink: str | None = None) -> dict:
    """The site's fields of one item: generate(params) or regen(permalink), then page().

    The main picture is `to_svg(item, {})` — byte for byte what the item's `command`
    prints — unless page() gives another `svg`; `facts` are facts(item) unless page()
    gives its own (e.g. how the item was found).
    """
    # a planned permalink is read once here and the Link passed on (`families.parse`)
    item = fam.regen(parse(permalink)[1], {}) if permalink is not None else fam.generate(params)
    extra = dict(fam.page(item, params) or {})
    svg = extra.pop("svg", None) or fam.to_svg(item, {})
    link = fam.permalink(item)
    gen = {"permalink": link, "command": f"python -m generator regen {link} --format svg", "svg": svg}
    gen["facts"] = extra.pop("facts", None)
    if gen["facts"] is None:
        gen["facts"] = fam.facts(item)
    gen.update(extra)
    return gen


def _check(family: str, gen, prefix: str | None = None) -> dict:
    """Check a site item against the protocol; return the fields the site uses."""
    if not isinstance(gen, dict):
        raise TypeError(f"generate() returned {type(gen).__name__}, not dict")
    for key in ("title", "permalink", "command", "svg", "alt"):
        if not isinstance(gen.get(key), str) or not gen[key]:
            raise TypeError(f"generate() result needs a non-empty string {key!r}")
    m = PERMALINK_RE.match(gen["permalink"])
    if not m:
        raise ValueError(f"permalink {gen['permalink'][:60]!r} does not have the shape <prefix>.v<N>.<payload>")
    if prefix is None and family in families.REGISTRY:
        prefix = families.get(family).prefix
    if prefix is not None and m.group(1) != prefix:
        raise ValueError(f"permalink prefix {m.group(1)!r} does not belong to family {family!r}")
    if "<svg" not in gen["svg"][:400]:
        raise ValueError("svg is not an SVG document")
    facts = gen.get("facts", [])
    if not isinstance(facts, list) or not all(
            isinstance(f, (list, tuple)) and len(f) == 2 and isinstance(f[0], str)
            and isinstance(f[1], (str, int, float)) and not isinstance(f[1], bool) for f in facts):
        raise TypeError("facts must be a list of [label, value] pairs")
    extra = gen.get("extra_svgs", {}) or {}
    if not isinstance(extra, dict) or not all(
            isinstance(k, str) and k.isidentifier() and k.isascii() and isinstance(v, str)
            for k, v in extra.items()):
        raise TypeError("extra_svgs must map simple names to SVG text")
    sheet = gen.get("sheet")
    if sheet is not None and not (isinstance(sheet, dict) and isinstance(sheet.get("puzzle"), str)
                                  and isinstance(sheet.get("solution"), str)):
        raise TypeError("sheet must be {'puzzle': svg, 'solution': svg}")
    group = gen.get("group")
    if group is not None and (not isinstance(group, str) or not group.strip()):
        raise TypeError("group must be a non-empty string when given")
    cell = gen.get("cell")
    if cell is not None and not (isinstance(cell, (list, tuple)) and len(cell) in (2, 3)
                                 and all(isinstance(c, str) and c.strip() for c in cell)):
        raise TypeError("cell must be [row, column] or [row, column, short name] (non-empty strings) "
                        "when given")
    thumb_svg = gen.get("thumb_svg")
    if thumb_svg is not None and not (isinstance(thumb_svg, str) and "<svg" in thumb_svg[:400]):
        raise TypeError("thumb_svg must be an SVG document when given")
    if not isinstance(gen.get("png_2x", True), bool):
        raise TypeError("png_2x must be true or false when given")
    return {"title": gen["title"], "permalink": gen["permalink"], "command": gen["command"],
            "group": group, "cell": list(cell) if cell else None,
            "svg": gen["svg"], "alt": gen["alt"], "facts": [[f[0], f[1]] for f in facts],
            "extra_svgs": dict(extra), "sheet": dict(sheet) if sheet else None,
            "png_2x": gen.get("png_2x", True), **({"thumb_svg": thumb_svg} if thumb_svg else {})}


def build_item(item: Item, settings: dict):
    """Generate and render one item (runs in a worker); ("ok", result) or ("error", reason, tb)."""
    try:
        start = time.perf_counter()
        fam = families.load(item.module)
        gen = _check(item.family, site_item(fam, item.params, item.permalink), fam.prefix)
        slug = slug_of(gen["permalink"])
        files, sizes = render.render_item(slug, gen, settings)
        meta = {k: gen[k] for k in ("title", "permalink", "command", "alt", "facts", "sheet", "group", "cell")}
        meta.update(slug=slug, sizes=sizes, extra=sorted(gen["extra_svgs"]), id=item.id,
                    family=item.family, index=item.index, key=item.key, day=item.day)
        return "ok", {"meta": meta, "files": files, "seconds": time.perf_counter() - start}
    except Exception as exc:  # reported by the parent, naming the item
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return "error", reason, traceback.format_exc()


def _progress(total: int, desc: str):
    """A tqdm bar on stderr, shown only when stderr is a terminal."""
    # lazy: tqdm (~29 ms) only when a progress bar is shown
    from tqdm import tqdm
    cols, rows = shutil.get_terminal_size((80, 24))
    # A terminal that reports a 0x0 size (some ptys) would make tqdm draw nothing.
    return tqdm(total=total, desc=desc, unit="item", file=sys.stderr, disable=not sys.stderr.isatty(),
                leave=False, ncols=cols if cols > 0 else 80, nrows=rows if rows > 0 else 24)


def run(items: list[Item], settings: dict, cache, executor=None, on_result=None) -> tuple[dict, dict]:
    """Generate every item (cached ones are read back); return (what on_result returned, by label; stats).

    on_result(item, result) is called once per item as soon as its result is there (cached
    hits first, then in completion order) and returns what the build keeps of it (default:
    the whole result), so the caller can write an item's files at once and hold only its
    page data: the driver's memory does not grow with the items' files.  The executor
    (`LocalExecutor` by default) decides where items run; the results do not depend on it.
    """
    executor = executor or LocalExecutor(1)
    keep = on_result or (lambda _item, result: result)
    results: dict[str, dict] = {}

    def store(item: Item, result) -> None:
        kept = keep(item, result)
        if kept is not None:             # on_result may keep the data itself (None: nothing here)
            results[item.label] = kept
    todo = []
    for item in items:
        hit = cache.get(item.key)
        if hit is not None:
            store(item, hit)
        else:
            todo.append(item)
    stats = {"items": len(items), "cached": len(items) - len(todo), "generated": len(todo),
             "generated_labels": "\n".join(item.label for item in todo)}   # one string, not one per item
    if not todo:
        return results, stats
    bar = _progress(len(todo), f"generate {executor.where}".strip())

    def done(item: Item, outcome) -> None:
        store(item, _collect(item, outcome, cache))
        bar.update(1)
    try:
        executor.run_items(todo, settings, done)
    finally:
        bar.close()
    return results, stats


def _collect(item: Item, outcome, cache) -> dict:
    """Turn a worker outcome into a result (cached) or raise ItemFailure."""
    if outcome[0] != "ok":
        raise ItemFailure(item.label, outcome[1], outcome[2])
    cache.put(item.key, outcome[1])
    return outcome[1]


# --- executors: where items run ------------------------------------------------------------
# An executor has `where` (shown after "generate" on the progress bar), `run_items(todo, settings, done)` which
# calls build_item(item, settings) for each item somewhere and done(item, outcome) in the
# driver as each finishes (raising from done stops the run).  The build's output never
# depends on which.


class LocalExecutor:
    """This machine's process pool (`--executor local`, the default); jobs=1 runs in-process."""

    def __init__(self, jobs: int = 1):
        self.jobs = max(1, int(jobs))
        self.where = ""

    def run_items(self, todo: list[Item], settings: dict, done) -> None:
        """build_item for each item; done(item, outcome) as each finishes."""
        if self.jobs <= 1 or len(todo) == 1:
            for item in todo:
                done(item, build_item(item, settings))
        else:
            _run_pool(todo, settings, self.jobs, done)


def _pool_context():
    """The multiprocessing context of the local pool."""
    return multiprocessing.get_context("fork" if os.name == "posix" else "spawn")


def _ignore_sigint() -> None:
    """A pool worker's initializer: Ctrl-C reaches the whole process group, and only the driver
    answers it (one line, exit 130); a worker printing its own KeyboardInterrupt traceback, or
    dying of it and breaking the pool, is noise."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int, ctx, fresh: bool = False) -> ProcessPoolExecutor:
    """A process pool whose workers leave Ctrl-C to the driver; `fresh`: each task in a child of
    its own (see _isolated_context)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint,
                               max_tasks_per_child=1 if fresh else None)


# What the isolated children preload (the fork server imports them once; no drawing).
ISOLATED_PRELOAD = ["generator.sheet", "generator.pipeline.sheets", "cairosvg", "PIL.Image"]


def _in_env(env: dict, fn, *args):
    """fn(*args) under the driver's environment as it is now (a fork server's child has the
    server's, from when it started: SOURCE_DATE_EPOCH, say, may have changed since)."""
    os.environ.clear()
    os.environ.update(env)
    return fn(*args)


def _isolated_context():
    """The context of an isolated pool: cairo's text rendering in a process that has drawn a PDF
    differs from a fresh one's (its fonts keep the PDF's metrics), so a sheet's PNG preview drawn
    after another task's PDF, or in a child forked from a build that drew PDFs, would not be the
    same bytes.  Each isolated task therefore runs in a child of its own, forked from a fork
    server that has imported the renderers and drawn nothing (spawn where there is no fork)."""
    if os.name != "posix":
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(ISOLATED_PRELOAD)
    return ctx


class _SigintHeld:
    """Hold Ctrl-C while a pool starts its workers (at the first submit), so none is forked
    between the signal and its initializer; a Ctrl-C held meanwhile is answered right after."""

    def __enter__(self):
        self.held = hasattr(signal, "pthread_sigmask")
        if self.held:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        return self

    def __exit__(self, *exc):
        if self.held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        return False


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once (the driver was interrupted or an item failed): kill its workers, so
    no item runs on for minutes, then let the pool wind down.  The futures are not cancelled
    first: the pool's manager thread then fails each pending one as its workers die (cancelled
    ones would make it raise InvalidStateError from its thread, a traceback after Ctrl-C)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.kill()
        except (OSError, ValueError, AttributeError):
            pass
    pool.shutdown(wait=True, cancel_futures=False)


class _CtrlC:
    """Ctrl-C while a pool runs: the handler only notes it, and the driver raises it between
    waits (`check`), where it holds no lock.  Raised inside a wait, it could leave a future's
    lock held, and the pool's manager thread, failing that future as the workers are stopped,
    would wait for the lock for ever.  (Off the main thread no handler can be set; Ctrl-C then
    stays Python's KeyboardInterrupt.)"""

    def __enter__(self):
        self.pressed = False
        self.previous = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, _signum, _frame) -> None:
        self.pressed = True

    def check(self) -> None:
        """Raise KeyboardInterrupt if Ctrl-C was pressed."""
        if self.pressed:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        if self.pressed and exc[0] is None:
            raise KeyboardInterrupt          # pressed during the last wait or the wind-down
        return False


def _finished(ready: queue.SimpleQueue, count: int, ctrl_c: _CtrlC):
    """The next `count` futures to finish, as they finish, from `ready` (the queue their
    done-callbacks feed), with Ctrl-C checked between waits.  The driver's cost per item does
    not grow with the number of items (a `wait(FIRST_COMPLETED)` per completion walks every
    pending future each time), and the queue lets go of a future once it is taken."""
    for _ in range(count):
        while True:
            ctrl_c.check()
            try:
                fut = ready.get(timeout=0.1)
            except queue.Empty:
                continue
            yield fut
            break


def _run_pool(todo, settings, jobs, done) -> None:
    """Run items in a process pool; stop at the first failure.

    A future leaves `futures` once handled, so the driver holds no finished item's files."""
    ctx = _pool_context()
    broken, finished = False, set()
    with _CtrlC() as ctrl_c, _pool(min(jobs, len(todo)), ctx) as pool:
        try:
            ready, futures = queue.SimpleQueue(), {}
            with _SigintHeld():
                for item in todo:
                    fut = pool.submit(build_item, item, settings)
                    futures[fut] = item
                    fut.add_done_callback(ready.put)
            for fut in _finished(ready, len(futures), ctrl_c):
                item = futures.pop(fut)      # a finished future holds its result: keep none of them
                try:
                    outcome = fut.result()
                except BrokenProcessPool:
                    broken = True        # some worker died; which item killed it is found below
                    break
                finished.add(item.label)
                done(item, outcome)
        except BaseException:
            _abandon(pool)
            raise
    if broken:
        for item in todo:                    # rerun the unfinished items one by one, in isolation
            if item.label not in finished:
                done(item, _isolated(item, settings, ctx))


def _isolated(item: Item, settings: dict, ctx):
    """Run one item in its own worker process; a dying worker becomes an error outcome."""
    with _pool(1, ctx) as pool:
        try:
            with _SigintHeld():
                fut = pool.submit(build_item, item, settings)
            return fut.result()
        except BrokenProcessPool:
            return ("error", "worker process died (killed, out of memory or crashed)", "")
        except BaseException:
            _abandon(pool)
            raise


def map_pool(fn, arg_tuples: list[tuple], jobs: int, desc: str, isolated: bool = False) -> list:
    """fn(*args) for each tuple, in order, in a process pool when jobs > 1 or `isolated`
    (then never in this process, even for one job); with a progress bar."""
    if not arg_tuples:
        return []
    bar = _progress(len(arg_tuples), desc)
    try:
        if not isolated and (jobs <= 1 or len(arg_tuples) == 1):
            out = []
            for args in arg_tuples:
                out.append(fn(*args))
                bar.update(1)
            return out
        context = _isolated_context() if isolated else _pool_context()
        with _CtrlC() as ctrl_c, _pool(max(1, min(jobs, len(arg_tuples))), context, fresh=isolated) as pool:
            try:
                with _SigintHeld():
                    env = dict(os.environ)
                    futures = [pool.submit(_in_env, env, fn, *args) if isolated else pool.submit(fn, *args)
                               for args in arg_tuples]
                ready = queue.SimpleQueue()
                for fut in futures:
                    fut.add_done_callback(lambda _f: bar.update(1))
                    fut.add_done_callback(ready.put)
                for fut in _finished(ready, len(futures), ctrl_c):
                    fut.result()             # the first to fail stops the rest
                return [fut.result() for fut in futures]
            except BaseException:
                _abandon(pool)
                raise
    finally:
        bar.close()
