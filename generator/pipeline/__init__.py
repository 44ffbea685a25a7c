"""The static-site build, one module per phase (Pelican's readers → generators → writers).

    config.py    read site_src/site.toml and the Markdown articles; validate (ConfigError names file:line)
    plan.py      ask each enabled family for its item descriptors; cache keys
    generate.py  run each family's pure `generate(params)` and render it (process pool, progress bar)
    render.py    SVG → PNG 1×/2× (cairosvg), thumbnails WebP + PNG (Pillow)
    sheets.py    printable PDF sheets, A4 and Letter (cairosvg + pypdf), solutions after
    cache.py     the incremental cache, keyed by (family VERSION, params, render settings)
    writer.py    the one writer: every output file goes through it; refuses to write a path twice
    pages.py     Jinja2 pages: home, family galleries, item pages, articles, sitemap/feed
    build.py     the orchestration and the atomic swap (`build.py` at the top is its CLI)
    serve.py     `build.py serve`: 127.0.0.1 preview, rebuild on change (watchfiles)

The family protocol (`generator/<package>/publish.py`; Penrose serves both p2 and p3):

    VERSION: str
        Bumped whenever the same params would give different output (part of the cache key).

    plan(family: str, section: dict, site: dict) -> list[dict]
        Validate the family's `[families.<name>]` table of site.toml (raise ConfigError naming
        the key) and return item descriptors `{"id": slug, "params": {...}}`; `id` is unique in
        the family and filename-safe; `params` is JSON-serialisable and fully determines the item.

    generate(family: str, params: dict) -> dict
        A pure function of params. Returns the item:
          title: str              human title
          permalink: str          the exact coordinate string / descriptor (see generator/families.py)
          command: str            the shell command that regenerates it (`python -m generator regen ...`)
          svg: str                the main picture, a standalone SVG document
          alt: str                alt text for the picture
          facts: list[[str, str|int|float]]   shown on the item page, in order (no wall-clock
                                  timings here: pages must be byte-identical build to build)
          group: str                          optional gallery section heading; consecutive items
                                              (in plan order) with the same group share a section
          extra_svgs: dict[str, str]          optional further pictures; "solution" and
                                              "solution_<what>" show the answer and are folded
                                              behind "Show the solution" on the item page;
                                              "wallpaper" is shown as a repeated tile
          sheet: {"puzzle": svg, "solution": svg}  optional: the item goes on printable sheets

    figures() -> dict[str, str]      (optional)
        Article figures, file name -> SVG text, written under articles/figures/.
"""
