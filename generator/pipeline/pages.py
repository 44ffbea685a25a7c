"""Phase 6 — the pages: Jinja2 templates rendered into HTML (and sitemap/feed).

URL layout (every link is relative and names `index.html` explicitly, so the site works
from `file://`, from any sub-path and from a web server; no page uses `fetch()`):

    index.html                       home: families with a few thumbnails, articles, sheets
    <family>/index.html              the family's gallery
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
    sitemap.xml, feed.xml            only when a base URL is configured

Templates live in `templates/`; every page extends `base.html`.  Template problems
(missing file, syntax error, undefined variable) become a ConfigError naming the template
file and line.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

from generator.errors import ConfigError, TilepressError
from generator.pipeline.sheets import short_id

TEMPLATES = ("base.html", "home.html", "family.html", "item.html", "article.html", "sheets.html",
             "sitemap.xml", "feed.xml", "style.css", "favicon.svg", "regen.html", "regen.js", "regen.css")


def _rel(path: Path) -> str:
    """Path relative to the working folder when possible."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def environment(folder: Path):
    """A Jinja2 environment over the templates folder, after checking every template exists."""
    import jinja2
    folder = Path(folder)
    for name in TEMPLATES:
        if not (folder / name).is_file():
            raise ConfigError(f"{_rel(folder / name)}:1: missing template")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)),
                             autoescape=jinja2.select_autoescape(["html", "xml"]),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["fact"] = format_fact
    env.filters["label"] = lambda name: name.replace("_", " ")
    env.tests["answer"] = is_answer
    env.globals["short_id"] = short_id
    env.globals["templates_folder"] = folder
    for name in TEMPLATES:      # syntax errors surface now, before any work
        try:
            _guard(folder, lambda n=name: env.get_template(n))
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{_rel(folder / name)}:{_line_at(folder / name, exc.start)}: "
                              "template is not valid UTF-8") from None
    return env


def is_answer(name: str) -> bool:
    """Whether an extra picture shows a puzzle's answer (folded behind "Show the solution")."""
    return name == "solution" or name.startswith("solution_")


def format_fact(value) -> str:
    """A fact value as text (floats with at most 4 significant decimals)."""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


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
        if frame.filename.startswith(str(folder)) or frame.filename.endswith((".html", ".xml")):
            where = f"{_rel(Path(frame.filename))}:{frame.lineno}"
    return where


def render(env, name: str, **context) -> str:
    """Render one template with the shared context."""
    folder = env.globals["templates_folder"]
    return _guard(folder, lambda: env.get_template(name).render(**context))


_IMAGE = re.compile(r'<img alt="([^"]*)" src="([^"]*)"\s*/?>')
_IMAGES_ONLY = re.compile(r'<p>((?:\s*<img alt="[^"]*" src="[^"]*"\s*/?>)+)\s*</p>')


def markdown_html(article, image_size=lambda src: None, embed: dict | None = None) -> str:
    """An article's Markdown body as HTML; a paragraph holding only images becomes a figure.

    The figure's caption is the images' alt texts (`![what it shows](figures/x.svg)`), and
    each <img> gets its file's width and height (image_size(src) -> (w, h) or None) so the
    page does not jump while it loads.  `!tilepress PERMALINK` lines and ```tilepress blocks
    are the items' figures (the `tilepress` Markdown extension, `embed.py`, with the settings
    `embed`); a bad permalink is a ConfigError naming the article's line.
    """
    import markdown
    from generator.pipeline.embed import TilepressExtension
    ext = TilepressExtension(source=_rel(article.path), line_offset=article.body_line - 1, **(embed or {}))
    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists", ext], output_format="html")
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

    def figure(m: re.Match) -> str:
        found = _IMAGE.findall(m.group(1))
        caption = "; ".join(alt for alt, _src in found)
        return f'<figure>{_IMAGE.sub(img, m.group(1)).strip()}<figcaption>{caption}</figcaption></figure>'
    return _IMAGE.sub(img, _IMAGES_ONLY.sub(figure, html))


def _figure_size(folder: Path):
    """image_size() for articles: (width, height) of an SVG figure written under folder."""
    from generator.pipeline.render import svg_size

    def size(src: str):
        path = folder / src
        if not src.endswith(".svg") or not path.is_file():
            return None
        w, h = svg_size(path.read_text(encoding="utf-8"))
        return max(1, round(w)), max(1, round(h))
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


def write_pages(writer, env, cfg, families: list[dict], sheets: list[dict], base_url: str,
                date_iso: str, cache=None) -> None:
    """Render every page of the site through the writer."""
    site = dict(cfg.site, base_url=base_url)
    articles = [{"name": a.name, "title": a.title, "family": a.family,
                 "url": f"articles/{a.name}.html"} for a in cfg.articles]
    from generator.webapi import PLAYERS
    players = sorted(PLAYERS) if site["interactive"] else []
    from generator.pipeline.browser import offers
    env.globals["offers"] = offers if site["interactive"] else (lambda link: {"regen": False, "play": False})
    common = {"site": site, "families": families, "articles": articles, "sheets": sheets, "players": players}
    writer.write("assets/style.css", render(env, "style.css"))
    writer.write("assets/favicon.svg", render(env, "favicon.svg"))
    writer.write("index.html", render(env, "home.html", root="", page_url="index.html",
                                      picture=picture, title=site["title"], **common))
    for fam in families:
        writer.write(f"{fam['name']}/index.html",
                     render(env, "family.html", root="../", page_url=f"{fam['name']}/index.html",
                            family=fam, picture=picture, title=fam["title"], **common))
        items = fam["items"]
        for i, item in enumerate(items):
            prev_item = items[i - 1] if i > 0 else None
            next_item = items[i + 1] if i + 1 < len(items) else None
            writer.write(f"{fam['name']}/{item['slug']}.html",
                         render(env, "item.html", root="../", page_url=item["url"], family=fam,
                                item=item, prev_item=prev_item, next_item=next_item,
                                title=item["title"], **common))
    if site["interactive"]:
        from generator.pipeline import browser
        browser.write(writer, env, render, common, cache)
    size = _figure_size(writer.staging / "articles")
    embed = embed_settings(writer, cache, site["interactive"])
    for art, a in zip(articles, cfg.articles):
        writer.write(art["url"], render(env, "article.html", root="../", page_url=art["url"],
                                        article=art, content=markdown_html(a, size, embed), title=a.title,
                                        **common))
    if sheets:
        writer.write("sheets/index.html", render(env, "sheets.html", root="../", page_url="sheets/index.html",
                                                 title="Printable sheets", **common))
    if base_url:
        urls = ["index.html"] + [f["url"] for f in families] + \
               [i["url"] for f in families for i in f["items"]] + [a["url"] for a in articles]
        writer.write("sitemap.xml", render(env, "sitemap.xml", urls=urls, **common))
        writer.write("feed.xml", render(env, "feed.xml", date=date_iso, **common))

