"""The orchestration: config → plan → generate/render → sheets → pages, written atomically.

`build(options)` runs the phases and returns a `Report`.  Output goes to a staging folder
next to the output folder, and only when every phase succeeded is it swapped with the
old site in one atomic step (see `outdir.py`: a lock, provably-own staging folders,
renameat2 exchange or two renames with recovery at the next start).  Any failure deletes
the staging folder and leaves the previous site exactly as it was (same bytes, same
inodes).  An existing output folder is only ever replaced when it is empty or carries the
`.tilepress-site` marker that every build writes, so `--out` cannot delete a folder that
is not a tilepress site; the cache folder carries its own marker for the same reason.
"""

from __future__ import annotations

import array
import datetime
import hashlib
import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import TilepressError
from generator.pipeline import config as config_mod
from generator.pipeline import generate, outdir, pages, plan, schedule, sheets
from generator.pipeline.cache import Cache
from generator.pipeline.spool import Items, Spool
from generator.pipeline.writer import Writer
from generator import sheet as paper_sheet

ROOT = Path(__file__).resolve().parents[2]
MARKER = outdir.MARKER


def data_folder(name: str) -> Path:
    """The repository's `templates/` or `site_src/`, or the copy an installed package carries.

    A checkout has them beside `generator/`; a wheel (`pip install .`) installs them as
    package data under `generator/_data/` (see setup.py).
    """
    beside = ROOT / name
    return beside if (ROOT / "build.py").is_file() and beside.is_dir() else ROOT / "generator" / "_data" / name


DEFAULT_CONFIG = data_folder("site_src") / "site.toml"
DEFAULT_TEMPLATES = data_folder("templates")
# A checkout builds into its own _site/; an installed package into ./_site of the caller.
DEFAULT_OUT = ROOT / "_site" if (ROOT / "build.py").is_file() else Path("_site")


@dataclass
class Options:
    """Everything a build needs; the CLI fills it from its flags."""

    config: Path = DEFAULT_CONFIG
    templates: Path | None = None        # a theme folder overriding the built-in templates (--templates)
    out: Path = DEFAULT_OUT
    cache_dir: Path | None = None        # default: <out parent>/.tilepress-cache
    use_cache: bool = True
    jobs: int = 1
    only: list[str] = field(default_factory=list)
    clean: bool = False
    base_url: str | None = None
    family_modules: dict[str, str] = field(default_factory=dict)   # test hook: name -> file.py
    executor: str = "local"              # "local" (process pool of `jobs`) or "dask"
    scheduler: str | None = None         # tcp://HOST:PORT of the Dask scheduler (executor "dask")


@dataclass
class Report:
    """What a build did."""

    out: Path
    items: int = 0
    generated: int = 0
    cached: int = 0
    written: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    labels: str = ""                    # the generated items' labels, one a line (one string, not 1 per item)
    phases: dict[str, float] = field(default_factory=dict)   # CPU seconds (this process + children)
    estimate: float = 0.0               # CPU seconds the plan estimated before any work (plan.estimate)

    @property
    def generated_labels(self) -> list[str]:
        """The labels (family/id) of the items this build generated, in plan order."""
        return self.labels.split("\n") if self.labels else []

    def summary(self) -> str:
        """One line for stderr."""
        return (f"built {self.out}: {self.items} items ({self.generated} generated, {self.cached} cached), "
                f"{len(self.written)} files written, {len(self.kept)} unchanged, {len(self.removed)} removed "
                f"in {self.seconds:.1f} s")


def _date_iso() -> str:
    """The feed date: SOURCE_DATE_EPOCH when set, else the same pinned date as the PDFs."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    epoch = int(raw) if raw.isdigit() else sheets.FIXED_PDF_EPOCH
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def _check_out(out: Path) -> None:
    """Refuse to replace a folder that is not a tilepress site."""
    if out.exists():
        if not out.is_dir():
            raise TilepressError(f"--out {out}: exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise TilepressError(f"--out {out}: refusing to replace a folder that is not a tilepress site "
                                 f"(no {MARKER} marker); choose an empty or new folder")


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (user + system)."""
    import resource   # lazy: POSIX-only (the module still imports elsewhere, as outdir.py without fcntl)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def make_executor(opts: Options):
    """The executor the options name (a bad choice or a missing Dask is TilepressError)."""
    if opts.executor == "local":
        if opts.scheduler:
            raise TilepressError("--scheduler is only used with --executor dask")
        return generate.LocalExecutor(opts.jobs)
    if opts.executor == "dask":
        # lazy: tilepress-build's start-up; the cluster executor loads only for a cluster build
        from generator.pipeline.cluster import DaskExecutor, _distributed
        if not opts.scheduler:
            raise TilepressError("--executor dask needs --scheduler tcp://HOST:PORT")
        _distributed()
        return DaskExecutor(opts.scheduler)
    raise TilepressError(f"--executor {opts.executor!r}: choose local or dask")


def _family_view(name: str, title: str, items, articles: list[dict], daily=()) -> dict:
    """The dict the templates see for one family (items: a sequence, possibly spooled)."""
    return {"name": name, "title": title, "short": title.split(" — ")[0], "url": f"{name}/index.html",
            "items": items, "daily": daily, "articles": articles, "sheet": None}


def _make_sheets(writer: Writer, cache: Cache, cfg, fams: list[dict], jobs: int,
                 base_url: str = "") -> list[dict]:
    """Write the printable sheets of every family that has entries; return their listing.

    The PDFs are always made in child processes, never in the driver nor on a cluster's
    workers: cairo keeps font state from drawing text on a PDF surface that changes the
    anti-aliasing of later PNG text in the same process, so a process that renders items
    must never have rendered a PDF (else its PNG bytes would depend on what ran before).
    """
    listing, todo, planned = [], {}, []
    sc = cfg.sheets
    for fam in fams:
        tilings = sc["tilings"] if isinstance(sc["tilings"], bool) else fam["name"] in sc["tilings"]
        entries, rules = sheets.entries(_marking(fam["items"], fam["daily"]), tilings, sc["tilings_max"], base_url)
        if not entries:
            continue
        cols, rows = sheets.fit_grid(entries, sc["columns"], sc["rows"], rules)
        per = cols * rows
        files = []
        for paper in sc["papers"]:
            title = f"{cfg.site['title']} — {fam['title']}"
            key = hashlib.sha256(json.dumps(["sheet", plan.RENDER_VERSION, paper_sheet.LAYOUT_VERSION, title, entries,
                                             paper, sc, sheets.pdf_date(), rules], sort_keys=True).encode()).hexdigest()
            if cache.get(key) is None:
                todo[key] = (title, entries, paper, sc["columns"], sc["rows"], sc["colour"], rules)
            url = f"sheets/{fam['name']}-{paper}.pdf"
            planned.append((url, key))
            files.append({"paper": "A4" if paper == "a4" else "Letter", "url": url})
        info = {"files": files, "count": len(entries), "pages": 2 * -(-len(entries) // per)}
        info["levels"], info["books"] = _paper_sheets(cfg, fam, base_url, todo, planned, cache.get)
        fam["sheet"] = info
        listing.append(dict(info, title=fam["title"], rules=rules))
    for task in todo.values():           # each QR code once: the worker processes inherit them
        for entry in (task[1] if isinstance(task, tuple) else ()):
            if len(entry) > 3 and entry[3]:
                sheets.qr_matrix(entry[3])
    old_style = {k: v for k, v in todo.items() if not isinstance(v, dict)}
    made = dict(zip(old_style, generate.map_pool(sheets.sheet_pdf, list(old_style.values()), jobs, "sheets",
                                                 isolated=True)))
    paper_tasks = {k: v["args"] for k, v in todo.items() if isinstance(v, dict)}
    for key, (pdf, png, _pages, _note) in zip(paper_tasks, generate.map_pool(
            sheets.site_sheet, list(paper_tasks.values()), jobs, "level sheets and books", isolated=True)):
        made[key], made[key + "-png"] = pdf, png
    for key, data in made.items():
        cache.put(key, data)
    for url, key in planned:
        writer.write(url, made[key] if key in made else cache.get(key))
    return listing


def _paper_sheets(cfg, fam: dict, base_url: str, todo: dict, planned: list, cache_get) -> tuple[list, list]:
    """Plan a family's level sheets (sheets/<family>[-<tiling>]-<level>-<paper>.pdf) and its daily
    books (sheets/<family>-daily-YYYY-MM-<paper>.pdf) on the first of the site's papers (one paper
    keeps the site within its size budget; the sheet command makes the other), each with a preview
    of its first puzzle page; return their listings.  The page counts come from the layout, made here
    in SVG (cheap); the PDFs and previews are made in child processes (see _make_sheets)."""
    site_title = cfg.site["title"]
    jobs = [("level", g) for g in sheets.level_groups(fam["name"], fam["items"], base_url)]
    jobs += [("book", b) for b in sheets.month_books(fam["name"], fam["daily"], base_url, schedule.build_date())]
    levels, books = [], []
    for what, g in jobs:
        if what == "level":
            title = f"{site_title}: {g['kind'] if g['group'] else fam['title'].split(' on ')[0]}, {g['level']}"
            cover = None
        else:
            month = datetime.date.fromisoformat(g["month"] + "-01").strftime("%B %Y")
            title = f"{site_title}: {g['kind']}, {month}"
            cover = (f"{g['kind']}", f"A puzzle a day: {month}")
        files, preview = [], None
        for n, paper in enumerate(cfg.sheets["papers"][:1]):     # the first paper (the site's size budget)
            args = (title, g["entries"], g["rules"], g["example"], paper, cover)
            key = hashlib.sha256(json.dumps(["paper-sheet", plan.RENDER_VERSION, paper_sheet.LAYOUT_VERSION, title,
                                             [vars(e) for e in g["entries"]], g["rules"], g["example"], paper, cover,
                                             sheets.pdf_date(), paper_sheet.EDGE_MM, paper_sheet.DIGIT_MM,
                                             sheets.LEVEL_PER_PAGE], sort_keys=True).encode()).hexdigest()
            if cache_get(key) is None or cache_get(key + "-png") is None:
                todo[key] = {"args": args}
            url = f"sheets/{g['slug']}-{paper}.pdf"
            planned.append((url, key))
            sh = paper_sheet.Sheet(title, g["rules"], g["example"], g["entries"], paper, sheets.LEVEL_PER_PAGE)
            pages = paper_sheet.page_count(sh, book=cover is not None, strict=False)
            files.append({"paper": "A4" if paper == "a4" else "Letter", "url": url, "pages": pages})
            if n == 0:
                preview = f"sheets/{g['slug']}-preview.png"
                planned.append((preview, key + "-png"))
                pw, ph = paper_sheet.PAPERS_MM[paper]
                size = (120, round(120 * ph / pw))          # CSS px; the PNG is PREVIEW_PX wide
        entry = {"title": title.split(": ", 1)[1], "level": g.get("level"), "count": len(g["entries"]),
                 "files": files, "preview": preview, "preview_size": size, "pages": files[0]["pages"]}
        if what == "level":
            levels.append(entry)
        else:
            entry["month"] = g["month"]
            books.append(entry)
    return levels, books


def _marking(*sequences):
    """The views of spooled item sequences, one at a time; a view that comes back marked
    `on_sheet` (sheets.entries marks what it puts on a sheet) is flagged in its sequence, so
    the item page loaded later says so too."""
    for seq in sequences:
        for n, view in enumerate(seq):
            yield view
            if view.get("on_sheet") and isinstance(seq, Items):
                seq.flag(n, "on_sheet")


def _figures_source(fn) -> str:
    """A digest of the source files beside the module of a figures function (its family's
    package): figures drawn by new code are not taken from the cache of old ones."""
    path = getattr(sys.modules.get(fn.__module__), "__file__", None)
    if not path:
        return ""
    digest = hashlib.sha256()
    for src in sorted(Path(path).parent.glob("*.py")):
        digest.update(src.name.encode() + b"\0" + src.read_bytes() + b"\0")
    return digest.hexdigest()


def _figures(writer: Writer, cache: Cache, mods: dict) -> None:
    """Write the families' article figures under articles/figures/ (cached by VERSION and the
    source of the family's package).

    Several families may share one figures function (Penrose: p2 and p3); it runs once.
    """
    seen = set()
    for name, fam in mods.items():
        fn = fam.figures
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        key = hashlib.sha256(json.dumps(["figures", fn.__module__, fam.version,
                                         _figures_source(fn)]).encode()).hexdigest()
        figs = cache.get(key)
        if figs is None:
            figs = fn()
            if not isinstance(figs, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                     for k, v in figs.items()):
                raise TilepressError(f"family {name!r}: figures() must return a dict of file name -> SVG text")
            cache.put(key, figs)
        for fname in sorted(figs):
            writer.write(f"articles/figures/{fname}", figs[fname])


def build(opts: Options) -> Report:
    """Build the site; raise TilepressError (bad input) or ItemFailure (an item failed)."""
    start = time.perf_counter()
    out = Path(opts.out).resolve()
    sources = plan.family_sources(opts.family_modules)
    cfg = config_mod.load(Path(opts.config), sources)
    base_url = cfg.site["base_url"] if opts.base_url is None else opts.base_url
    if base_url and not re.match(r"^https?://[^\s\"'<>]+$", base_url):
        raise TilepressError(f"--base-url {base_url!r}: must be an http(s) URL")
    if base_url and not base_url.endswith("/"):
        base_url += "/"
    theme = Path(opts.templates) if opts.templates is not None else cfg.theme_dir
    env = pages.environment(theme, DEFAULT_TEMPLATES)
    executor = make_executor(opts)   # bad --executor/--scheduler flags or a missing Dask: exit 2 now
    if hasattr(executor, "check"):
        executor.check()             # a Dask scheduler that does not answer as one: exit 2 now
    _check_out(out)
    cache_dir = opts.cache_dir or out.parent / ".tilepress-cache"
    cache = Cache(cache_dir if opts.use_cache else None)
    cache.check()
    with outdir.Lock(out) as lock:
        notes = outdir.recover(out)
        if lock.took_over:
            notes.insert(0, f"took over the lock of build pid {lock.took_over}, which is no longer running")
        _check_out(out)
        if opts.clean:
            cache.clear()
        report = _build_locked(opts, out, cfg, sources, env, base_url, cache, notes)
    report.notes += cache.notes
    cache.prune()
    report.seconds = time.perf_counter() - start
    return report


def _build_locked(opts: Options, out: Path, cfg, sources, env, base_url, cache: Cache,
                  notes: list[str]) -> Report:
    """The phases after the lock is taken: plan, generate, write into staging, swap."""
    phases, mark = {}, [cpu_seconds()]

    def lap(name: str) -> None:
        now = cpu_seconds()
        phases[name] = phases.get(name, 0.0) + now - mark[0]
        mark[0] = now
    planned, more = plan.plan(cfg, sources, opts.only or None, cache)
    notes += more
    kept = [a for a in cfg.articles if a.family is None or a.family in planned]
    notes += [f"article {a.name!r} not published: family {a.family!r} is not built"
              for a in cfg.articles if a not in kept]
    cfg.articles = kept          # an article's figures come from its family
    all_items = [it for name in planned for it in planned[name]]
    line, seconds = plan.check_estimate(cfg, plan.estimate(planned, sources, cache))   # over the limit: exit 2
    if seconds >= plan.ANNOUNCE_CPU or sys.stderr.isatty():
        print(line, file=sys.stderr, flush=True)
    executor = make_executor(opts)
    staging = outdir.staging_path(out)
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    spool = Spool()
    try:
        writer = Writer(staging, None if opts.clean else out)
        writer.write(MARKER, "This folder is a tilepress site; build.py replaces it on every build.\n")
        slugs: dict[str, dict[str, int]] = {name: {} for name in planned}   # slug -> plan index
        offsets = {name: array.array("q", [-1]) * (1 + max((it.index for it in items), default=-1))
                   for name, items in planned.items()}
        svg_max = cfg.sheets["tilings_max"]

        def keep(item, res) -> None:
            """Write an item's files now; spool its page data and remember only its offset."""
            meta = res["meta"]
            other = slugs[item.family].setdefault(meta["slug"], item.index)
            if other != item.index:        # named in plan order, whichever finished first
                a, b = (next(it.label for it in planned[item.family] if it.index == i)
                        for i in sorted((other, item.index)))
                raise TilepressError(f"items {a} and {b} have the same permalink {meta['permalink'][:80]!r}")
            for fname in sorted(res["files"]):
                writer.write(f"{item.family}/{fname}", res["files"][fname])
            view = dict(meta, url=f"{item.family}/{meta['slug']}.html", id=item.id, index=item.index,
                        day=item.day)
            if item.index < svg_max:          # colouring sheets use the first items' pictures
                view["_svg"] = res["files"][f"{meta['slug']}.svg"].decode("utf-8")
            offsets[item.family][item.index] = spool.put(view)
        lap("plan")
        _, stats = generate.run(all_items, plan.render_settings(cfg), cache, executor, keep)
        lap("generate+write items")
        del slugs
        report = Report(out=out, items=stats["items"], generated=stats["generated"], cached=stats["cached"],
                        notes=notes)
        report.labels = stats["generated_labels"]
        report.estimate = seconds
        fams, mods = [], {name: plan.available(sources[name]) for name in planned}
        for name, items in planned.items():
            off = offsets[name]
            gallery = Items(spool, array.array("q", (off[it.index] for it in items if it.day is None)))
            daily = Items(spool, array.array("q", (off[it.index] for it in items if it.day is not None)))
            arts = [{"title": a.title, "url": f"articles/{a.name}.html"} for a in cfg.articles
                    if a.family == name or name in a.also]
            fams.append(_family_view(name, mods[name].title, gallery, arts, daily))
            fams[-1]["days"] = [it.day for it in items if it.day is not None]
        del planned, all_items, offsets     # the items' descriptors are not needed any more
        _figures(writer, cache, mods)
        with sheets.remember_qr():        # a QR code on a sheet and on its item's page is made once
            listing = _make_sheets(writer, cache, cfg, fams, opts.jobs, base_url)
            lap("figures+sheets")
            if cfg.site["interactive"]:
                # lazy: tilepress-build's start-up; the page's runtime builder (~16-35 ms) loads only to write regen.html
                from generator.pipeline import browser
                reason = browser.missing_reason()
                if reason:
                    cfg.site["interactive"] = False
                    report.notes.append(f"regen.html not built: {reason}")
            pages.write_pages(writer, env, cfg, fams, listing, base_url, _date_iso(), cache, schedule.build_date())
        lap("pages")
        report.written, report.kept, report.removed = writer.written, writer.kept, writer.removed()
        outdir.swap(staging, out)
        lap("swap")
        report.phases = phases
    except BaseException:
        outdir.remove(staging)
        raise
    finally:
        spool.close()
    return report
