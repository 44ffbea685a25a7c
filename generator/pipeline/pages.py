"""Phase 6 — the pages: Jinja2 templates rendered into HTML (and sitemap/feed).

URL layout (every link is relative and names `index.html` explicitly, so the site works
from `file://`, from any sub-path and from a web server; no page uses `fetch()`):

    index.html                       home: families with a few thumbnails, articles, sheets
    <family>/index.html              the family's gallery, page 1 ([site] gallery_page items a page)
    <family>/page-<n>.html           its further pages (stable while the plan is: item k is on
                                     page 1 + k // gallery_page), with previous/next and a count
    <family>/daily-<YYYY-MM>.html    a schedule's archive page per month (`schedule.py`)
    <family>/today.html              the schedule's puzzle of the build date (stated on the page)
    <family>/<slug>.html             one item (slug derived from the permalink alone)
    <family>/<slug>.svg|.png|...     its files (see render.py)
    articles/<name>.html             an article rendered from site_src/articles/<name>.md
    articles/figures/<file>.svg      the families' article figures, and tp<hash>.svg: the items
                                     the articles embed (`!tilepress PERMALINK`, embed.py)
    sheets/index.html                the printable sheets, with the rules of each puzzle type
    sheets/<family>-<paper>.pdf      printable sheets
    regen.html, regen/...            regenerate / make your own / play in the browser (browser.py;
                                     only with `[site] interactive` and the Pyodide runtime installed)
    assets/style.css, assets/favicon.svg
    sitemap.xml, feed.xml            only when a base URL is configured; past SITEMAP_MAX URLs
                                     sitemap.xml is a sitemap index of sitemap-<n>.xml

Templates live in `templates/`; every page extends `base.html`.  Template problems
(missing file, syntax error, undefined variable) become a ConfigError naming the template
file and line.
"""

from __future__ import annotations

import io
import itertools
import re
import traceback
from pathlib import Path

from generator.errors import ConfigError, TilepressError
from generator.loopy.levels import LEVEL_SHORT, LEVELS
from generator.names import SHORT as SHORT_NAMES, capital, technical_facts, visitor_facts
from generator.pipeline import schedule
from generator.pipeline.sheets import short_id
from generator.pipeline.render import readable_width, svg_size

SITEMAP_MAX = 50_000          # URLs per sitemap file (the sitemaps.org protocol's limit)
FEED_ITEMS = 50               # the feed holds each family's last FEED_ITEMS gallery items (and the latest days)

TEMPLATES = ("base.html", "home.html", "family.html", "item.html", "article.html", "sheets.html",
             "daily.html", "today.html", "sitemap.xml", "sitemapindex.xml", "feed.xml", "style.css", "favicon.svg", "regen.html", "regen.js", "regen.css")


def _rel(path: Path) -> str:
    """Path relative to the working folder when possible."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def environment(theme: Path | None, builtin: Path):
    """A Jinja2 environment over a theme folder (may be None) falling back to the built-in one.

    A theme holds any subset of the templates and static files (MkDocs' `custom_dir`): each
    file overrides the built-in one of the same name, the rest come from `builtin`, and the
    built-in ones stay reachable as `builtin/<name>`, so a theme's base.html can say
    `{% extends "builtin/base.html" %}` and change only some blocks.  Every template must be
    found in one of the two; syntax errors surface now, naming file:line.
    """
    # lazy: jinja2 (~29 ms) loads only when pages are written (tilepress-build's start-up)
    import jinja2
    builtin = Path(builtin)
    folders = [Path(theme), builtin] if theme is not None else [builtin]
    if theme is not None and not Path(theme).is_dir():
        raise ConfigError(f"{_rel(Path(theme))}: theme folder not found (not a folder)")
    for name in TEMPLATES:
        if not any((f / name).is_file() for f in folders):
            raise ConfigError(f"{_rel(folders[0] / name)}:1: missing template")
    env = jinja2.Environment(loader=jinja2.ChoiceLoader([
                                 jinja2.PrefixLoader({"builtin": jinja2.FileSystemLoader(str(builtin))}),
                                 jinja2.FileSystemLoader([str(f) for f in folders])]),
                             autoescape=jinja2.select_autoescape(["html", "xml"]),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["fact"] = format_fact
    env.filters["label"] = lambda name: name.replace("_", " ")
    env.filters["nobreak"] = nobreak
    env.filters["capital"] = lambda text: str(text)[:1].upper() + str(text)[1:]
    env.filters["visitor_facts"] = visitor_facts
    env.filters["technical_facts"] = technical_facts
    env.tests["answer"] = is_answer
    env.globals["short_id"] = short_id
    env.globals["short_names"] = SHORT_NAMES
    env.globals["templates_folder"] = folders[0]
    env.globals["template_folders"] = folders
    for name in TEMPLATES:      # syntax errors surface now, before any work
        path = template_file(env, name)
        try:
            _guard(folders[0], lambda n=name: env.get_template(n))
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{_rel(path)}:{_line_at(path, exc.start)}: "
                              "template is not valid UTF-8") from None
    return env


def template_file(env, name: str) -> Path:
    """The file a template name resolves to: the theme's own, else the built-in one."""
    folders = env.globals["template_folders"]
    return next((f / name for f in folders if (f / name).is_file()), folders[-1] / name)


def theme_assets(env) -> dict[str, Path]:
    """A theme's extra static files (anything but templates: images, fonts, CSS of its own),
    published as assets/<path>: {path in the theme: file}.  Dotfiles are left out."""
    folders = env.globals["template_folders"]
    if len(folders) < 2:
        return {}
    theme, out = folders[0], {}
    for path in sorted(theme.rglob("*")):
        rel = path.relative_to(theme).as_posix()
        if (path.is_file() and rel not in TEMPLATES and path.suffix not in (".html", ".xml", ".j2")
                and not any(part.startswith(".") for part in rel.split("/"))):
            out[rel] = path
    return out


def is_answer(name: str) -> bool:
    """Whether an extra picture shows a puzzle's answer (folded behind "Show the solution")."""
    return name == "solution" or name.startswith("solution_")


def format_fact(value) -> str:
    """A fact value as text (floats with at most 4 significant decimals)."""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def nobreak(text) -> str:
    """Text whose values never break across lines: "24 × 15" keeps its numbers together
    (no-break spaces round the ×, and between a number and its unit word)."""
    text = format_fact(text)
    text = re.sub(r"(\d) × (\d)", "\\1\u00a0×\u00a0\\2", text)
    return text


def _line_at(path: Path, offset: int) -> int:
    """The 1-based line of a byte offset in a file."""
    try:
        return path.read_bytes().count(b"\n", 0, offset) + 1
    except OSError:
        return 1


def _guard(folder: Path, fn):
    """Run a template operation; turn every error it raises into ConfigError(file:line).

    A template is user input: its runtime errors ({{ 1 / 0 }}, a bad call, endless
    recursion) are reported at the innermost template line, never as internal errors.
    """
    # lazy: jinja2 (~29 ms) loads only when pages are written (tilepress-build's start-up)
    import jinja2
    try:
        return fn()
    except ConfigError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        name = exc.filename or exc.name or "?"
        raise ConfigError(f"{_rel(Path(name))}:{exc.lineno}: template syntax error: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        where = _template_frame(exc, folder)
        raise ConfigError(f"{where}: template {exc.name!r} not found") from None
    except jinja2.UndefinedError as exc:
        raise ConfigError(f"{_template_frame(exc, folder)}: template error: {exc}") from None
    except RecursionError as exc:
        raise ConfigError(f"{_template_frame(exc, folder)}: template error: endless recursion "
                          "(recursion limit reached)") from None
    except UnicodeDecodeError:
        raise
    except Exception as exc:   # noqa: BLE001 - any other error raised while running a template
        first = (str(exc).splitlines() or [""])[0][:200]
        raise ConfigError(f"{_template_frame(exc, folder)}: template error: {type(exc).__name__}: "
                          f"{first}") from None


def _template_frame(exc: BaseException, folder: Path) -> str:
    """file:line of the innermost template frame of an exception's traceback."""
    where = f"{_rel(folder)}:1"
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.startswith(str(folder)) or frame.filename.endswith((".html", ".xml", ".css", ".svg")):
            where = f"{_rel(Path(frame.filename))}:{frame.lineno}"
    return where


def render(env, name: str, **context) -> str:
    """Render one template with the shared context."""
    folder = env.globals["templates_folder"]
    return _guard(folder, lambda: env.get_template(name).render(**context))


def render_bytes(env, name: str, **context) -> bytes:
    """render() streamed into UTF-8 bytes: for the pages whose size grows with the site
    (sitemap, feed), so the template's output pieces are never all held at once."""
    folder = env.globals["templates_folder"]

    def run() -> bytes:
        buf = io.BytesIO()
        for piece in env.get_template(name).generate(**context):
            buf.write(piece.encode("utf-8"))
        return buf.getvalue()
    return _guard(folder, run)


_IMAGE = re.compile(r'<img alt="([^"]*)" src="([^"]*)"\s*/?>')
_IMAGES_ONLY = re.compile(r'<p>((?:\s*<img alt="[^"]*" src="[^"]*"\s*/?>)+)\s*</p>')


def _safe_markdown():
    """The Markdown extension of `[site] safe_markdown`: raw HTML is escaped (shown as text)
    and a link or image whose URL runs script (javascript:, vbscript:, data:) loses it."""
    # lazy: markdown (~17 ms) and its extensions load only when pages are written (start-up)
    import markdown
    from markdown.treeprocessors import Treeprocessor

    class DropScriptURLs(Treeprocessor):
        def run(self, root):
            for el in root.iter():
                for attr in ("href", "src"):
                    url = re.sub(r"[\x00-\x20]+", "", el.get(attr) or "").lower()
                    if url.startswith(("javascript:", "vbscript:", "data:")):
                        del el.attrib[attr]

    class Safe(markdown.Extension):
        def extendMarkdown(self, md):
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")
            md.treeprocessors.register(DropScriptURLs(md), "drop_script_urls", 0)
    return Safe()


def markdown_html(article, image_size=lambda src: None, embed: dict | None = None,
                  safe: bool = False) -> str:
    """An article's Markdown body as HTML; a paragraph holding only images becomes a figure.

    The figure's caption is the images' alt texts (`![what it shows](figures/x.svg)`), and
    each <img> gets its file's width and height (image_size(src) -> (w, h) or (w, h, readable
    width), or None) so the page does not jump while it loads; a figure's picture with text in it
    keeps its readable width on a narrow screen, in a box that scrolls, and links to its file.  `!tilepress PERMALINK` lines and ```tilepress blocks
    are the items' figures (the `tilepress` Markdown extension, `embed.py`, with the settings
    `embed`); a bad permalink is a ConfigError naming the article's line.  Raw HTML passes
    through, as in MkDocs (articles are the site author's own), unless `safe` (`[site]
    safe_markdown`): see `_safe_markdown`.
    """
    # lazy: markdown (~17 ms) and its extensions load only when pages are written (start-up)
    import markdown
    from generator.pipeline.embed import TilepressExtension
    ext = TilepressExtension(source=_rel(article.path), line_offset=article.body_line - 1, **(embed or {}))
    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists", ext] + ([_safe_markdown()] if safe else []),
                           output_format="html")
    try:
        html = md.convert(article.body)
    except TilepressError as exc:
        raise ConfigError(str(exc)) from None
    except RecursionError:
        raise ConfigError(f"{_rel(article.path)}:{article.body_line}: Markdown nested too deeply "
                          "(recursion limit reached)") from None
    except Exception as exc:   # noqa: BLE001 - the Markdown library's errors on odd input
        raise ConfigError(f"{_rel(article.path)}:{article.body_line}: cannot convert the Markdown: "
                          f"{type(exc).__name__}: {exc}") from None

    def img(m: re.Match) -> str:
        alt, src = m.group(1), m.group(2)
        size = image_size(src)
        dims = f' width="{size[0]}" height="{size[1]}"' if size else ""
        return f'<img class="paper" src="{src}"{dims} loading="lazy" alt="{alt}">'

    def linked(m: re.Match) -> str:
        # a figure with words or numbers in it is scaled to the text column, where they can read
        # smaller than a phone user can see: on a narrow screen it keeps the width at which its
        # smallest text is 12 px and scrolls sideways in its own box (style.css, .figscroll), as
        # an item page's picture does; a tap opens the picture alone
        size = image_size(m.group(2))
        tag = img(m)
        if not (size and len(size) > 2 and size[2]):
            return tag
        return (f'<div class="figscroll" tabindex="0" role="group" aria-label="The figure at a size whose '
                f'text reads; it scrolls on a narrow screen" style="--readable: {size[2]}px">'
                f'<a href="{m.group(2)}">{tag}</a></div>')

    def figure(m: re.Match) -> str:
        found = _IMAGE.findall(m.group(1))
        caption = "; ".join(alt for alt, _src in found)
        return f'<figure>{_IMAGE.sub(linked, m.group(1)).strip()}<figcaption>{caption}</figcaption></figure>'
    # a code block or a table may scroll sideways: keyboard users reach it (tabindex), as axe-core asks
    html = html.replace("<pre>", '<pre tabindex="0">').replace("<table>", '<table tabindex="0">')
    return _IMAGE.sub(img, _IMAGES_ONLY.sub(figure, html))


def _figure_size(folder: Path):
    """image_size() for articles: (width, height, readable width or None: render.readable_width)
    of an SVG figure written under folder."""

    def size(src: str):
        path = folder / src
        if not src.endswith(".svg") or not path.is_file():
            return None
        svg = path.read_text(encoding="utf-8")
        w, h = svg_size(svg)
        readable = readable_width(svg)                # never more than twice its own size
        return max(1, round(w)), max(1, round(h)), readable and min(readable, 2 * max(1, round(w)))
    return size


def embed_settings(writer, cache, interactive: bool) -> dict:
    """The articles' `tilepress` extension settings: figures as files under articles/figures/
    (each written once, however many articles show it), the build's cache, links to regen.html."""
    written: set[str] = set()

    def write_figure(name: str, svg: str) -> str:
        if name not in written:
            writer.write(f"articles/figures/{name}", svg)
            written.add(name)
        return f"figures/{name}"
    folder = getattr(cache, "folder", None)
    return {"write_file": write_figure, "cache_dir": str(folder) if folder else "",
            "regen_url": "../regen.html" if interactive else ""}


def picture(item: dict, root: str) -> dict:
    """What a template needs to show an item's thumbnail in a <picture>."""
    base = f"{root}{item['family']}/{item['slug']}"
    w, h = item["sizes"]["thumb"]
    return {"webp2": f"{base}.thumb@2x.webp", "png": f"{base}.thumb.png",
            "width": w, "height": h, "alt": item["alt"]}


def _sections(items: list[dict]) -> list[dict]:
    """Consecutive items with the same `group` (in plan order) as gallery sections.

    Items that carry a `cell` ([row, column] or [row, column, short name], e.g. [tiling,
    level]) make their section a table
    a visitor reads at a glance: rows and columns in the order they first appear, each cell
    holding its items (the first is shown, the others are linked beside it).  A table of one
    column is shown as a gallery of stacks: one representative per row, the rest behind it.
    """
    sections: list[dict] = []
    for item in items:
        group, tabular = item.get("group"), bool(item.get("cell"))
        if not sections or sections[-1]["group"] != group or sections[-1]["tabular"] != tabular:
            sections.append({"group": group, "items": [], "tabular": tabular})
        sections[-1]["items"].append(item)
    for section in sections:
        section["table"] = _table(section["items"]) if section["tabular"] else None
    return sections


def _table(items: list[dict]) -> dict:
    """The rows and columns of a section of items with cells (see _sections)."""
    rows: dict[str, dict[str, list]] = {}
    cols: list[str] = []
    for item in items:
        row, col = item["cell"][:2]
        if col not in cols:
            cols.append(col)
        rows.setdefault(row, {}).setdefault(col, []).append(item)
    return {"cols": cols, "stacked": len(cols) == 1,
            "rows": [{"label": row, "cells": [{"col": col, "items": cells.get(col, [])} for col in cols]}
                     for row, cells in rows.items()]}


def page_url(n: int) -> str:
    """The file name of gallery page n (1-based) inside the family folder."""
    return "index.html" if n == 1 else f"page-{n}.html"


def gallery_pages(count: int, per: int) -> list[dict]:
    """The pages of a gallery of `count` items, `per` a page: numbers, URLs, item ranges."""
    total = max(1, -(-count // per))
    return [{"number": n, "url": page_url(n), "start": (n - 1) * per, "stop": min(count, n * per),
             "prev_url": page_url(n - 1) if n > 1 else None,
             "next_url": page_url(n + 1) if n < total else None} for n in range(1, total + 1)]


def _neighbours(items):
    """(previous, item, next) for each item of a sequence, reading each item once."""
    it = iter(items)
    prev, cur = None, next(it, None)
    while cur is not None:
        nxt = next(it, None)
        yield prev, cur, nxt
        prev, cur = cur, nxt


def write_pages(writer, env, cfg, families: list[dict], sheets: list[dict], base_url: str,
                date_iso: str, cache=None, today=None) -> None:
    """Render every page of the site through the writer.

    A family's items may be a spooled sequence (`spool.Items`): each page loads only the
    items it shows (a gallery page, one item and its neighbours), so the pages' memory does
    not grow with the number of items.
    """
    site = dict(cfg.site, base_url=base_url)
    today = today or schedule.build_date()
    articles = [{"name": a.name, "title": a.title, "family": a.family,
                 "url": f"articles/{a.name}.html"} for a in cfg.articles]
    # lazy: tilepress-build's start-up; the page's API and runtime builder load only when pages are written
    from generator.pipeline.browser import offers
    from generator.webapi import players as playing
    players = playing() if site["interactive"] else []
    env.globals["offers"] = offers if site["interactive"] else (lambda link: {"regen": False, "play": False})
    for fam in families:
        daily = fam.get("daily") or ()
        fam["count"] = len(fam["items"]) + len(daily)
        if "days" not in fam:
            fam["days"] = [d["day"] for d in daily]
        fam["months"] = schedule.months(fam["days"]) if daily else []
        fam["today_url"] = "today.html" if daily else None
        fam["noun"], fam["nouns"] = _count_nouns(fam)       # what its count counts
    common = {"site": site, "families": families, "articles": articles, "sheets": sheets, "players": players,
              "levels": level_words({f["name"] for f in families})}
    writer.write("assets/style.css", render(env, "style.css"))
    writer.write("assets/favicon.svg", render(env, "favicon.svg"))
    for rel, path in theme_assets(env).items():
        writer.write(f"assets/{rel}", path.read_bytes())
    play = play_block(families, today.isoformat())
    home_families = sorted(families, key=lambda f: not _is_puzzle_family(f))   # the puzzles first
    writer.write("index.html", render(env, "home.html", root="", page_url="index.html", play=play,
                                      home_families=home_families, picture=picture, title=site["title"],
                                      **common))
    feed_daily = []
    for fam in families:
        items = fam["items"]
        per = site["gallery_page"]
        pages = gallery_pages(len(items), per)
        for page in pages:
            shown = items[page["start"]:page["stop"]]
            gallery = dict(page, pages=pages, total=len(items), first=page["start"] + 1,
                           last=page["stop"], sections=_sections(shown))
            url = f"{fam['name']}/{page['url']}"
            writer.write(url, render(env, "family.html", root="../", page_url=url, family=fam,
                                     gallery=gallery, picture=picture, title=fam["title"] if page["number"] == 1
                                     else f"{fam['title']} (page {page['number']} of {len(pages)})", **common))
        for prev_item, item, next_item in _neighbours(items):
            _item_page(writer, env, fam, item, prev_item, next_item, common)
        daily = fam.get("daily") or ()
        if daily:
            feed_daily += _daily_pages(writer, env, fam, daily, today, common)
    if site["interactive"]:
        # lazy: tilepress-build's start-up; the page's runtime builder loads only when pages are written
        from generator.pipeline import browser
        browser.write(writer, env, render, common, cache, template_file)
    size = _figure_size(writer.staging / "articles")
    embed = embed_settings(writer, cache, site["interactive"])
    for art, a in zip(articles, cfg.articles):
        writer.write(art["url"], render(env, "article.html", root="../", page_url=art["url"],
                                        article=art, content=markdown_html(a, size, embed, site["safe_markdown"]),
                                        title=a.title,
                                        **common))
    if sheets:
        writer.write("sheets/index.html", render(env, "sheets.html", root="../", page_url="sheets/index.html",
                                                 title="Printable sheets", **common))
    if base_url:
        per = site["gallery_page"]
        count = 1 + len(articles) + sum(len(gallery_pages(len(f["items"]), per)) + len(f["items"]) + len(f["months"])
                                        + len(f.get("daily") or ()) + bool(f["today_url"]) for f in families)
        _sitemaps(writer, env, common, _urls(families, articles, per), count)
        feed_daily.sort(key=lambda v: (v["day"], v["family"], v["index"]), reverse=True)
        feed_items = [item for fam in families for item in fam["items"][-FEED_ITEMS:]]
        writer.write("feed.xml", render_bytes(env, "feed.xml", date=date_iso, daily_items=feed_daily,
                                        feed_items=feed_items, **common))


def level_words(built: set[str]) -> dict | None:
    """The puzzle levels in one vocabulary, for the Loopy and calisson galleries: each family's
    levels with what they ask of a player (from the families' own texts), and how the two
    scales compare; None when neither family is built."""
    if not built & {"loopy", "calissons"}:
        return None
    # lazy: tilepress-build's start-up; calissons' hint engine (~25 ms) loads only when pages are written
    from generator.calissons.hints import LABEL_TEXT
    return {"loopy": [(lv, LEVEL_SHORT[lv]) for lv in LEVELS],
            "calissons": [(lv, text.split(": ", 1)[1]) for lv, text in LABEL_TEXT.items()],
            "bridge": ("Both scales say what reasoning a puzzle needs. Calisson easy and medium puzzles "
                       "need only local rules, as every Loopy level does; they differ in how many edges are "
                       "given. A calisson hard puzzle usually needs one what-if (suppose a mark, reach a "
                       "contradiction), which no Loopy level up to expert needs.")}


FEATURED = ("loopy", "calissons")     # the home page features a puzzle of the first of these built


def _is_puzzle_family(fam: dict) -> bool:
    """Whether a family publishes puzzles (its items have a folded solution)."""
    items = fam["items"]
    first = items[0] if len(items) else (fam.get("daily") or [None])[0]
    return bool(first) and any(is_answer(name) for name in first.get("extra", ()))


def _count_nouns(fam: dict) -> tuple[str, str]:
    """What a family's count counts, singular and plural: puzzles (every item has an answer),
    pictures (none has) or both."""
    kinds = {any(is_answer(name) for name in item.get("extra", ()))
             for item in itertools.chain(fam["items"], fam.get("daily") or ())}
    if kinds == {True}:
        return "puzzle", "puzzles"
    return ("picture", "pictures") if True not in kinds else ("puzzle or picture", "puzzles and pictures")


def play_block(families: list[dict], today_iso: str) -> dict | None:
    """The home page's "Play a puzzle": today's puzzle of a schedule when one has a puzzle
    for the build date, else a featured puzzle (the first item of the first FEATURED family
    built, else of the first puzzle family); None for a site without puzzles."""
    for fam in families:
        days = fam.get("days") or []
        if today_iso in days and _is_puzzle_family(fam):
            return {"family": fam, "item": fam["daily"][days.index(today_iso)], "today": today_iso}
    puzzles = [f for f in families if _is_puzzle_family(f) and len(f["items"])]
    puzzles.sort(key=lambda f: FEATURED.index(f["name"]) if f["name"] in FEATURED else len(FEATURED))
    if not puzzles:
        return None
    return {"family": puzzles[0], "item": puzzles[0]["items"][0], "today": None}


def _item_page(writer, env, fam, item, prev_item, next_item, common) -> None:
    """One item's page."""
    writer.write(f"{fam['name']}/{item['slug']}.html",
                 render(env, "item.html", root="../", page_url=item["url"], family=fam,
                        item=item, prev_item=prev_item, next_item=next_item,
                        title=capital(item["title"]), **common))


def _daily_pages(writer, env, fam, daily, today, common) -> list[dict]:
    """A schedule's item pages (previous/next day), its month archives and its today page.

    Returns the views of the latest FEED_DAYS days up to the build date, for the feed.
    """
    today_iso = today.isoformat()
    months = fam["months"]
    for prev_item, item, next_item in _neighbours(daily):
        _item_page(writer, env, fam, item, prev_item, next_item, common)
    for n, month in enumerate(months):
        url = f"{fam['name']}/{month['url']}"
        writer.write(url, render(env, "daily.html", root="../", page_url=url, family=fam, month=month,
                                 months=months, prev_month=months[n - 1] if n else None,
                                 next_month=months[n + 1] if n + 1 < len(months) else None,
                                 items=daily[month["start"]:month["stop"]], picture=picture,
                                 title=f"{fam['title']}: {month['title']}", **common))
    day_list = fam["days"]
    past = sorted({d for d in day_list if d <= today_iso})
    feed_days = set(past[-schedule.FEED_DAYS:])
    todays = [daily[n] for n, d in enumerate(day_list) if d == today_iso]
    recent = [{k: v for k, v in daily[n].items() if k not in ("sheet", "_svg")}
              for n, d in enumerate(day_list) if d in feed_days]
    latest = past[-1] if past else None
    first, last = min(day_list), max(day_list)
    url = f"{fam['name']}/today.html"
    writer.write(url, render(env, "today.html", root="../", page_url=url, family=fam, today=today_iso,
                             items=todays, first_day=first, last_day=last, latest_day=latest,
                             months=months, picture=picture, title=f"{fam['title']}: today", **common))
    return recent


def _urls(families, articles, per: int):
    """Every page URL of the site, for the sitemap (streamed)."""
    yield "index.html"
    for fam in families:
        for page in gallery_pages(len(fam["items"]), per):
            yield f"{fam['name']}/{page['url']}"
        for item in fam["items"]:
            yield item["url"]
        for month in fam["months"]:
            yield f"{fam['name']}/{month['url']}"
        if fam["today_url"]:
            yield f"{fam['name']}/{fam['today_url']}"
        for item in fam.get("daily") or ():
            yield item["url"]
    for art in articles:
        yield art["url"]


def _sitemaps(writer, env, common, urls, count: int) -> None:
    """sitemap.xml, or past SITEMAP_MAX URLs a sitemap index of sitemap-<n>.xml files.

    The URLs are streamed into the template (never a list of them all); `count` says how
    many there are, so the choice between one file and an index is made before rendering.
    """
    if count <= SITEMAP_MAX:
        writer.write("sitemap.xml", render_bytes(env, "sitemap.xml", urls=urls, **common))
        return
    names = []
    for n in range(1, -(-count // SITEMAP_MAX) + 1):
        names.append(f"sitemap-{n}.xml")
        writer.write(names[-1], render_bytes(env, "sitemap.xml", urls=itertools.islice(urls, SITEMAP_MAX),
                                             **common))
    writer.write("sitemap.xml", render(env, "sitemapindex.xml", sitemaps=names, **common))
