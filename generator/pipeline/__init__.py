"""The static-site build, one module per phase (Pelican's readers → generators → writers).

    config.py    read site_src/site.toml and the Markdown articles; validate (ConfigError names file:line)
    plan.py      ask each enabled family for its item descriptors; cache keys
    generate.py  run each family's pure `generate(params)` and render it (an executor: the local
                 process pool, or cluster.py's Dask cluster; progress bar)
    cluster.py   `--executor dask`: items on a Dask distributed cluster (optional dependency)
    schedule.py  `[families.NAME.daily]`: one item a day, archives, today page, feed
    spool.py     items' page data on disk while the pages are written (memory flat in items)
    render.py    SVG → PNG 1×/2× (cairosvg), thumbnails WebP + PNG (Pillow)
    sheets.py    printable PDF sheets, A4 and Letter (cairosvg + pypdf), solutions after
    cache.py     the incremental cache, keyed by (family VERSION, params, render settings)
    writer.py    the one writer: every output file goes through it; refuses to write a path twice
    pages.py     Jinja2 pages: home, paginated galleries, item pages, articles, sitemap/feed
    build.py     the orchestration and the atomic swap (`build.py` at the top is its CLI)
    serve.py     `build.py serve`: 127.0.0.1 preview, rebuild on change (watchfiles)
    cli.py       the command line of `build.py` / `tilepress-build`
    embed.py     the `tilepress` Markdown extension: `!tilepress PERMALINK` in the articles and
                 in any MkDocs, Pelican or Python-Markdown site (docs/embedding.md)

What the build asks of a family (the `Family` value of `generator/<package>/family.py`,
see `generator/families.py` and docs/adding-a-family.md):

    version: str
        Bumped whenever the same params would give different output (part of the cache key).

    site: tuple[Param, ...]  and  plan(table: dict, site: dict) -> list[dict]
        The `[families.<name>]` table is checked against `site` by `families.validate` (unknown
        keys, types and ranges refused naming the key, at its file:line); plan() gets the
        validated table and returns item descriptors `{"id": slug, "params": {...}}` — the
        item is `generate(params)` — or `{"id", "permalink", "params"}` — the item is
        `regen(permalink, {})`; `id` is unique in the family and filename-safe; `params` is
        JSON-serialisable and, with the permalink, fully determines the item.

    generate / regen, then page(item, params) -> dict      (`generate.site_item`)
        A pure function of the descriptor. The site item is:
          permalink: str          permalink(item)
          command: str            `python -m generator regen <permalink> --format svg`
          svg: str                to_svg(item, {}) — what `command` prints — unless page() gives `svg`
          facts: list[[str, str|int|float]]   facts(item) unless page() gives `facts` (no wall-clock
                                  timings here: pages must be byte-identical build to build)
        and from page(): title, alt (required), group (optional gallery section heading;
        consecutive items with the same group share a section), extra_svgs (optional further
        pictures; "solution" and "solution_<what>" show the answer and are folded behind
        "Show the solution"; "wallpaper" is shown as a repeated tile), sheet ({"puzzle": svg,
        "solution": svg, "rules": text, "caption": text, "min_width_mm": mm}, optional: the item
        goes on printable sheets; the rules, two or three sentences, head each puzzle page; the
        caption (e.g. the level) follows the ID under each picture; min_width_mm asks for wider
        pictures than the sheets' 60 mm), png_2x (optional, default true: false ships only the
        1x PNG download, for pictures whose SVG is the better large copy).

    figures() -> dict[str, str]      (optional)
        Article figures, file name -> SVG text, written under articles/figures/.
"""
