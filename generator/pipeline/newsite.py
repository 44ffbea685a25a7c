"""`tilepress new DIR` — a small site to start from, as `mkdocs new` and `pelican-quickstart` make.

The files are those of `generator/pipeline/starter/` (installed with the package):

    DIR/site.toml            [site] with theme_dir = "theme", a small Loopy gallery and a daily
                             schedule of four weeks from today (the build date: SOURCE_DATE_EPOCH,
                             else the clock, in UTC)
    DIR/articles/welcome.md  one article, showing an item from its permalink
    DIR/theme/base.html      a theme that changes only the header and the colours
    DIR/README.md            how to build, preview and publish the site
    DIR/.gitignore           the output folder and the build cache

DIR must be new or empty: nothing is ever overwritten.  Each file is written atomically
(`generator.output.atomic_file`: a temporary file, then a rename).
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path

from generator import cli
from generator.errors import TilepressError
from generator.output import atomic_file
from generator.pipeline import schedule

STARTER = Path(__file__).resolve().parent / "starter"
DAYS = 28                     # the schedule's length: four weeks from today
# starter file -> its path in the new site
FILES = {"site.toml": "site.toml", "articles/welcome.md": "articles/welcome.md",
         "theme/base.html": "theme/base.html", "README.md": "README.md", "gitignore": ".gitignore"}


def files(today: dt.date | None = None, title: str = "My puzzles") -> dict[str, str]:
    """The new site's files {path: text}, with the schedule starting today."""
    today = today or schedule.build_date()
    fill = {"{from}": today.isoformat(), "{to}": (today + dt.timedelta(days=DAYS - 1)).isoformat(),
            "{title}": title}
    out = {}
    for src, dest in FILES.items():
        text = (STARTER / src).read_text(encoding="utf-8")
        if src in ("site.toml", "README.md"):
            for key, value in fill.items():
                text = text.replace(key, value)
        out[dest] = text
    return out


def new_site(folder: Path) -> list[str]:
    """Write the starter site into folder (new or empty); return the paths written."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise TilepressError(f"new: {folder} already exists and is not an empty folder; "
                             "choose a new folder name")
    made = files()
    for rel, text in made.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_file(path) as fh:
            fh.write(text.encode("utf-8"))
    return sorted(made)


def run(argv: list[str]) -> int:
    """`tilepress new DIR`: a small site to start from (site.toml, an article, a theme, a README)."""
    parser = cli.Parser(prog=f"{cli.PROG} new", description="Make a small tilepress site in DIR (new or "
                        "empty): site.toml with a Loopy gallery and a daily schedule, one article, a theme "
                        "that changes the header and colours, and a README on publishing it.")
    parser.add_argument("dir", metavar="DIR", type=str, help="the folder to make")
    args = parser.parse_args(argv)
    for rel in new_site(args.dir):
        print(f"made {os.path.join(args.dir, rel)}", file=sys.stderr)
    print(f"next: cd {args.dir} && tilepress-build serve   (or tilepress-build to build _site/)",
          file=sys.stderr)
    return 0
