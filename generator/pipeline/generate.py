"""Phase 3 — generate and render every planned item (process pool, progress bar, cache).

An item is a pure function of its descriptor (`site_item`: the family's
generate or regen, then page), so an item is a pure
function of its cache key: a worker generates it, checks the result against the family
protocol, renders its files (`render.render_item`) and returns plain data.  Results are
gathered by item, never by completion order, so `--jobs` cannot change the output.

The first item that fails stops the build: pending work is cancelled and `ItemFailure`
names the item (`family/id`) and the reason.  Items finished before the failure are kept
in the cache, so the fixed build resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sys
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from generator import families
from generator.families import PERMALINK_RE, Family
from generator.pipeline import render
from generator.pipeline.plan import Item

MAX_SLUG = 96


class ItemFailure(Exception):
    """An item's generation or rendering raised: names the item and the reason."""

    def __init__(self, label: str, reason: str, detail: str = ""):
        super().__init__(f"item {label} failed: {reason}")
        self.label, self.reason, self.detail = label, reason, detail


def slug_of(permalink: str) -> str:
    """The file name stem of an item, derived from its permalink alone (stable URLs)."""
    if len(permalink) <= MAX_SLUG:
        return permalink
    digest = hashlib.sha256(permalink.encode("utf-8")).hexdigest()[:16]
    return f"{permalink[:MAX_SLUG - 17]}~{digest}"


def site_item(fam: Family, params: dict, permalink: str | None = None) -> dict:
    """The site's fields of one item: generate(params) or regen(permalink), then page().

    The main picture is `to_svg(item, {})` — byte for byte what the item's `command`
    prints — unless page() gives another `svg`; `facts` are facts(item) unless page()
    gives its own (e.g. how the item was found).
    """
    item = fam.regen(permalink, {}) if permalink is not None else fam.generate(params)
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
    if not isinstance(gen.get("png_2x", True), bool):
        raise TypeError("png_2x must be true or false when given")
    thumb = gen.get("thumb_svg")
    if thumb is not None and not (isinstance(thumb, str) and "<svg" in thumb[:400]):
        raise TypeError("thumb_svg must be an SVG document when given")
    return {"thumb_svg": thumb, "title": gen["title"], "permalink": gen["permalink"], "command": gen["command"],
            "group": group,
            "svg": gen["svg"], "alt": gen["alt"], "facts": [[f[0], f[1]] for f in facts],
            "extra_svgs": dict(extra), "sheet": dict(sheet) if sheet else None,
            "png_2x": gen.get("png_2x", True)}


def build_item(item: Item, settings: dict):
    """Generate and render one item (runs in a worker); ("ok", result) or ("error", reason, tb)."""
    try:
        start = time.perf_counter()
        fam = families.load(item.module)
        gen = _check(item.family, site_item(fam, item.params, item.permalink), fam.prefix)
        slug = slug_of(gen["permalink"])
        files, sizes = render.render_item(slug, gen, settings)
        meta = {k: gen[k] for k in ("title", "permalink", "command", "alt", "facts", "sheet", "group")}
        meta.update(slug=slug, sizes=sizes, extra=sorted(gen["extra_svgs"]), id=item.id,
                    family=item.family, index=item.index, key=item.key)
        return "ok", {"meta": meta, "files": files, "seconds": time.perf_counter() - start}
    except Exception as exc:  # reported by the parent, naming the item
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return "error", reason, traceback.format_exc()


def _progress(total: int, desc: str):
    """A tqdm bar on stderr, shown only when stderr is a terminal."""
    import shutil
    from tqdm import tqdm
    cols, rows = shutil.get_terminal_size((80, 24))
    # A terminal that reports a 0x0 size (some ptys) would make tqdm draw nothing.
    return tqdm(total=total, desc=desc, unit="item", file=sys.stderr, disable=not sys.stderr.isatty(),
                leave=False, ncols=cols if cols > 0 else 80, nrows=rows if rows > 0 else 24)


def run(items: list[Item], settings: dict, cache, jobs: int = 1) -> tuple[dict, dict]:
    """Generate every item (cached ones are read back); return (results by label, stats)."""
    results: dict[str, dict] = {}
    todo = []
    for item in items:
        hit = cache.get(item.key)
        if hit is not None:
            results[item.label] = hit
        else:
            todo.append(item)
    stats = {"items": len(items), "cached": len(items) - len(todo), "generated": len(todo),
             "generated_labels": [item.label for item in todo]}
    if not todo:
        return results, stats
    bar = _progress(len(todo), "generate")
    try:
        if jobs <= 1 or len(todo) == 1:
            for item in todo:
                results[item.label] = _collect(item, build_item(item, settings), cache)
                bar.update(1)
        else:
            _run_pool(todo, settings, cache, jobs, results, bar)
    finally:
        bar.close()
    return results, stats


def _collect(item: Item, outcome, cache) -> dict:
    """Turn a worker outcome into a result (cached) or raise ItemFailure."""
    if outcome[0] != "ok":
        raise ItemFailure(item.label, outcome[1], outcome[2])
    cache.put(item.key, outcome[1])
    return outcome[1]


def _run_pool(todo, settings, cache, jobs, results, bar) -> None:
    """Run items in a process pool; stop at the first failure."""
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    broken = False
    with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx) as pool:
        futures = {pool.submit(build_item, item, settings): item for item in todo}
        pending = set(futures)
        try:
            while pending and not broken:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in sorted(done, key=lambda f: futures[f].label):
                    item = futures[fut]
                    try:
                        outcome = fut.result()
                    except BrokenProcessPool:
                        broken = True        # some worker died; which item killed it is found below
                        continue
                    results[item.label] = _collect(item, outcome, cache)
                    bar.update(1)
        except BaseException:
            for fut in pending:
                fut.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    if broken:
        for item in todo:                    # rerun the unfinished items one by one, in isolation
            if item.label not in results:
                results[item.label] = _collect(item, _isolated(item, settings, ctx), cache)
                bar.update(1)


def _isolated(item: Item, settings: dict, ctx):
    """Run one item in its own worker process; a dying worker becomes an error outcome."""
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        try:
            return pool.submit(build_item, item, settings).result()
        except BrokenProcessPool:
            return ("error", "worker process died (killed, out of memory or crashed)", "")


def map_pool(fn, arg_tuples: list[tuple], jobs: int, desc: str) -> list:
    """fn(*args) for each tuple, in order, in a process pool when jobs > 1 (progress bar)."""
    if not arg_tuples:
        return []
    bar = _progress(len(arg_tuples), desc)
    try:
        if jobs <= 1 or len(arg_tuples) == 1:
            out = []
            for args in arg_tuples:
                out.append(fn(*args))
                bar.update(1)
            return out
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ProcessPoolExecutor(max_workers=min(jobs, len(arg_tuples)), mp_context=ctx) as pool:
            futures = [pool.submit(fn, *args) for args in arg_tuples]
            for fut in futures:
                fut.add_done_callback(lambda _f: bar.update(1))
            return [fut.result() for fut in futures]
    finally:
        bar.close()
