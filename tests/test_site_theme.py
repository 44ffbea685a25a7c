"""Themes the way MkDocs' `custom_dir` works: a theme folder (`[site] theme_dir` or
`--templates`) holds any subset of the templates and static files; each overrides the
built-in one of the same name, the rest fall back, `builtin/<name>` extends the built-in one,
and an error in a theme's template names the theme's file and line.  `tilepress new` makes a
site whose theme changes only the header and the colours, and that site builds."""

from __future__ import annotations

import re
import subprocess
import sys

from site_helpers import REPO, SITE, TINY, copy_site, fixture_args, run_build

from generator.pipeline import newsite

HEADER = """{% extends "builtin/base.html" %}
{% block head %}<style>:root { --bg: #eef3f7; }</style>{% endblock %}
{% block header %}<header class="top" id="my-header"><a href="{{ root }}index.html">{{ site.title }}!</a></header>
{% endblock %}
"""


def _html(site) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text() for p in site.rglob("*.html")}


def test_one_template_overrides_and_the_rest_fall_back(tmp_path):
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "base.html").write_text(HEADER)
    (theme / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    (theme / ".secret").write_text("not published")
    r = run_build(*fixture_args(tmp_path), "--templates", theme)
    assert r.returncode == 0, r.stderr
    pages = _html(tmp_path / "site")
    assert {"index.html", "tiny/index.html", "articles/tiny.html", "sheets/index.html"} <= set(pages)
    for name, text in pages.items():           # every page: the theme's header, the built-in body
        assert text.count('id="my-header"') == 1 and "tilepress test!" in text, name
        assert '<nav aria-label="Site">' not in text and "--bg: #eef3f7" in text, name
        assert "<main>" in text and "Built by tilepress" in text, name
    item = next(n for n in pages if re.match(r"tiny/.+\.html$", n) and "index" not in n and "page-" not in n)
    assert "<h1" in pages[item]                                  # item.html: the built-in one
    assert (tmp_path / "site/assets/style.css").read_bytes() == (REPO / "templates/style.css").read_bytes()
    assert (tmp_path / "site/assets/logo.svg").is_file()         # a theme's own static file
    assert not any(".secret" in p.name for p in (tmp_path / "site").rglob("*"))


def test_theme_dir_in_site_toml_and_a_static_override(tmp_path):
    config = copy_site(tmp_path)
    theme = config.parent / "look"
    theme.mkdir()
    (theme / "style.css").write_text("body { color: rebeccapurple; }\n")
    config.write_text(config.read_text().replace("[site]\n", '[site]\ntheme_dir = "look"\n', 1))
    r = run_build(*fixture_args(tmp_path, config))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "site/assets/style.css").read_text() == "body { color: rebeccapurple; }\n"
    assert '<nav aria-label="Site">' in (tmp_path / "site/index.html").read_text()   # built-in base


def test_an_error_in_a_theme_names_the_themes_file_and_line(tmp_path):
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "base.html").write_text(HEADER.replace("{{ site.title }}!", "{{ site.nosuch }}!"))
    r = run_build(*fixture_args(tmp_path), "--templates", theme)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert re.search(r"theme/base\.html:3: .*nosuch", lines[0]), lines[0]


def test_a_missing_theme_folder_is_one_line(tmp_path):
    config = copy_site(tmp_path)
    config.write_text(config.read_text().replace("[site]\n", '[site]\ntheme_dir = "nope"\n', 1))
    r = run_build(*fixture_args(tmp_path, config))
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert lines[0].startswith("error: ") and lines[0].endswith(
        "content/site.toml:3: [site] theme_dir 'nope' is not a folder (relative to site.toml)"), lines[0]


def _console(module: str, *args, cwd) -> subprocess.CompletedProcess:
    """A console script (`tilepress`, `tilepress-build`) run as installed: its console() entry."""
    code = f"import sys; sys.path.insert(0, {str(REPO)!r}); from {module} import console; sys.exit(console())"
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def test_tilepress_build_without_site_toml_points_at_tilepress_new(tmp_path):
    r = _console("generator.pipeline.cli", cwd=tmp_path)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stderr.startswith("error: no site.toml in ") and "tilepress new DIR" in r.stderr
    assert not any(tmp_path.iterdir())                                     # no demo site built
    for module, name in (("generator.__main__", "tilepress"), ("generator.pipeline.cli", "tilepress-build")):
        out = _console(module, "--help", cwd=tmp_path).stdout
        assert out.startswith(f"usage: {name} ") and "python -m generator" not in out, out[:200]


def test_tilepress_new_refuses_a_folder_with_files(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    r = _console("generator.__main__", "new", "mine", cwd=tmp_path)
    assert r.returncode == 2 and "not an empty folder" in r.stderr
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]


def test_tilepress_new_then_tilepress_build_builds(tmp_path):
    r = _console("generator.__main__", "new", "mysite", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    site = tmp_path / "mysite"
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == sorted(
        newsite.FILES.values())
    toml = (site / "site.toml").read_text()
    assert "{from}" not in toml and re.search(r"^from = \d{4}-\d\d-\d\d$", toml, re.M)
    # kept fast here: no interactive page, a schedule of one day (test_package_runtime.py builds
    # the starter as it is, with its player, from the wheel)
    start = re.search(r"^from = (.+)$", toml, re.M).group(1)
    toml = re.sub(r"^to = .+$", f"to = {start}", toml, flags=re.M)
    (site / "site.toml").write_text(toml.replace('theme_dir = "theme"', 'theme_dir = "theme"\ninteractive = false'))
    r = _console("generator.pipeline.cli", "--jobs", "2", cwd=site)
    assert r.returncode == 0, r.stderr
    out = site / "_site"
    home = (out / "index.html").read_text()
    assert "My puzzles" in home and "Today's puzzle" in home
    assert "--bg: #eef3f7" in home                                   # the starter theme's colours
    today = (out / "loopy/today.html").read_text()
    assert "Today" in today and (out / "articles/welcome.html").is_file()
    month = start[:7]                  # the all-in-one sheets, the level sheet, the schedule's book
    assert sorted(p.name for p in (out / "sheets").glob("*.pdf")) == sorted(
        ["loopy-a4.pdf", "loopy-letter.pdf", "loopy-easy-a4.pdf", f"loopy-daily-{month}-a4.pdf"])
    assert f"loopy-daily-{month}-a4.pdf" in (out / "loopy" / f"daily-{month}.html").read_text()
    assert "tp" in " ".join(p.name for p in (out / "articles/figures").iterdir())   # the embedded item


def test_the_themes_page_shows_the_starters_theme_word_for_word():
    """docs/themes.md's first example is the `theme/base.html` that `tilepress new` writes (less its
    comment): a reader who copies it keeps the starter's navigation."""
    starter = (REPO / "generator" / "pipeline" / "starter" / "theme" / "base.html").read_text()
    body = re.sub(r"^\{#-.*?-#\}\n", "", starter, flags=re.S)
    doc = (REPO / "docs" / "themes.md").read_text(encoding="utf-8")
    assert re.findall(r"```jinja\n(.*?)```", doc, re.S)[0] == body
