"""Every bad input is one clear line and exit code 2: a table of bad site configs, family
tables, templates, articles and command-line flags of `build.py` and `python -m generator`.

Each row runs the real command line in this process (`build.main` / `generator.cli.main`)
and checks: exit code 2, exactly one stderr line starting `error: `, no "internal error",
no traceback, and the row's needles (e.g. `site.toml:LINE`, `item.html:LINE`).  Rows that
fail before any work are fast; the template rows render the small test family, whose
items come from a shared cache after the first row.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from site_helpers import REPO, SITE, TINY

import build as build_cli          # noqa: E402  (REPO/build.py; site_helpers put REPO on sys.path)
from generator import cli as gen_cli  # noqa: E402

TOML = (SITE / "site.toml").read_text()

# ---- site.toml of the fixture site (the tiny family): (id, new text, needles) ------------

def _sub(old: str, new: str) -> str:
    """The fixture site.toml with one replacement."""
    assert old in TOML, old
    return TOML.replace(old, new, 1)


SITE_ROWS = [
    ("toml-unclosed-header", _sub("[families.tiny]", "[families.tiny"), ["site.toml:12:", "malformed TOML"]),
    ("toml-missing-value", _sub("count = 5", "count ="), ["site.toml:13:", "malformed TOML"]),
    ("toml-duplicate-key", _sub("count = 5", "count = 5\ncount = 6"), ["malformed TOML"]),
    ("toml-duplicate-table", TOML + "\n[site]\ntitle = 'x'\n", ["malformed TOML"]),
    ("toml-unterminated-string", _sub('title = "tilepress test"', 'title = "tilepress'), ["malformed TOML"]),
    ("toml-bad-escape", _sub('title = "tilepress test"', r'title = "a\qb"'), ["malformed TOML"]),
    ("toml-bad-date", _sub("count = 5", "count = 2024-13-45"), ["malformed TOML"]),
    ("toml-bare-junk", TOML + "\n!!!\n", ["malformed TOML"]),
    ("toml-nul", TOML + "\nx = 1\x00\n", ["malformed TOML"]),
    ("toml-deep-arrays", TOML + "\n[site.deep]\nx = " + "[" * 5000 + "]" * 5000 + "\n", ["site.toml"]),
    ("toml-deep-inline", TOML + "\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", ["site.toml"]),
    ("toml-huge", TOML + "\n# " + "x" * (1 << 20) + "\n", ["site.toml", "too large"]),
    ("site-not-table", "site = 3\n", ["site.toml:1:", "site must be a table"]),
    ("families-not-table", "families = 3\n", ["site.toml:1:", "families must be tables"]),
    ("family-not-table", "[families]\ntiny = 3\n", ["must be a table"]),
    ("family-array-of-tables", "[[families.tiny]]\ncount = 1\n", ["must be a table"]),
    ("unknown-table", TOML + "\n[other]\nx = 1\n", ["site.toml:18:", "unknown table [other]"]),
    ("unknown-family", TOML + "\n[families.nosuch]\ncount = 1\n", ["site.toml:18:", "unknown family 'nosuch'"]),
    ("site-unknown-key", _sub("[site]", "[site]\ncolour = 1"), ["site.toml:3:", "unknown key 'colour'"]),
    ("site-title-int", _sub('title = "tilepress test"', "title = 1"), ["site.toml:3:", "title must be str"]),
    ("site-tagline-list", _sub('tagline = "A small site built by the tests."', "tagline = []"), ["tagline"]),
    ("site-base-url-int", _sub("[site]", "[site]\nbase_url = 3"), ["base_url"]),
    ("site-base-url-ftp", _sub("[site]", "[site]\nbase_url = 'ftp://x/'"), ["base_url", "http"]),
    ("site-base-url-js", _sub("[site]", "[site]\nbase_url = 'javascript:alert(1)'"), ["base_url"]),
    ("site-thumb-string", _sub("thumb_width = 120", 'thumb_width = "x"'), ["site.toml:5:", "thumb_width"]),
    ("site-thumb-float", _sub("thumb_width = 120", "thumb_width = 1.5"), ["thumb_width"]),
    ("site-thumb-bool", _sub("thumb_width = 120", "thumb_width = true"), ["thumb_width"]),
    ("site-thumb-small", _sub("thumb_width = 120", "thumb_width = 5"), ["site.toml:5:", "thumb_width"]),
    ("site-png-negative", _sub("png_width = 320", "png_width = -1"), ["site.toml:6:", "png_width"]),
    ("site-png-huge", _sub("png_width = 320", "png_width = 1000000000000000000"), ["png_width"]),
    ("site-png-nan", _sub("png_width = 320", "png_width = nan"), ["png_width"]),
    ("site-home-negative", _sub("[site]", "[site]\nhome_thumbs = -3"), ["home_thumbs"]),
    ("sheets-not-table", _sub("[site.sheets]\ncolumns = 2\nrows = 2", "[site]\n"), ["malformed TOML"]),
    ("sheets-int", _sub("[site]", "[site]\nsheets = 1").replace("[site.sheets]", "[x]"), ["sheets"]),
    ("sheets-papers-string", _sub("rows = 2", 'rows = 2\npapers = "a4"'), ["papers"]),
    ("sheets-papers-int", _sub("rows = 2", "rows = 2\npapers = [1]"), ["paper"]),
    ("sheets-papers-a5", _sub("rows = 2", 'rows = 2\npapers = ["a5"]'), ["unknown paper 'a5'"]),
    ("sheets-papers-twice", _sub("rows = 2", 'rows = 2\npapers = ["a4", "a4"]'), ["site.toml:11:", "papers"]),
    ("sheets-columns-zero", _sub("columns = 2", "columns = 0"), ["site.toml:9:", "columns"]),
    ("sheets-rows-huge", _sub("rows = 2", "rows = 100"), ["site.toml:10:", "rows"]),
    ("sheets-colour-string", _sub("rows = 2", 'rows = 2\ncolour = "yes"'), ["colour"]),
    ("sheets-tilings-int", _sub("rows = 2", "rows = 2\ntilings = 3"), ["site.toml:11:", "tilings"]),
    ("sheets-tilings-ints", _sub("rows = 2", "rows = 2\ntilings = [1]"), ["tilings"]),
    ("sheets-tilings-unknown", _sub("rows = 2", 'rows = 2\ntilings = ["nosuch"]'), ["'nosuch'"]),
    ("sheets-tilings-max-negative", _sub("rows = 2", "rows = 2\ntilings_max = -1"), ["tilings_max"]),
    ("sheets-unknown-key", _sub("rows = 2", "rows = 2\nmargin = 3"), ["site.toml:11:", "margin"]),
    ("family-enabled-int", _sub("count = 5", "count = 5\nenabled = 3"), ["site.toml:14:", "enabled"]),
    ("tiny-unknown-key", _sub("count = 5", "count = 5\ncolour = 1"), ["site.toml:14:", "colour"]),
    ("tiny-count-string", _sub("count = 5", 'count = "five"'), ["site.toml:13:", "count must be"]),
    ("tiny-n-huge", _sub("n = 5", "n = 100000"), ["site.toml:14:", "n must be between"]),
]

# ---- the real families' tables: (id, table text, needles) -----------------------------

FAMILY_ROWS = [
    ("p2-unknown-key", "[families.p2]\ncolour = 1\n", ["site.toml:2:", "'colour'"]),
    ("p3-unknown-key", "[families.p3]\nseed = 1\n", ["site.toml:2:", "'seed'"]),
    ("hat-unknown-key", "[families.hat]\nsedes = [1]\n", ["site.toml:2:", "'sedes'"]),
    ("calissons-unknown-key", "[families.calissons]\nlevel = 'easy'\n", ["site.toml:2:", "'level'"]),
    ("tantrix-unknown-key", "[families.tantrix]\nmethod = 'x'\n", ["site.toml:2:", "'method'"]),
    ("tantrix-seeds-unknown-key", "[families.tantrix]\n[families.tantrix.method_seeds]\nnosuch = 1\n",
     ["nosuch"]),
    ("p2-seeds-string", "[families.p2]\nseeds = '1'\n", ["site.toml:2:", "seeds"]),
    ("p2-seeds-float", "[families.p2]\nseeds = [1.5]\n", ["seeds"]),
    ("p2-seeds-negative", "[families.p2]\nseeds = [-1]\n", ["seeds"]),
    ("p2-seeds-huge", "[families.p2]\nseeds = [18446744073709551616]\n", ["seeds"]),
    ("p2-seeds-bool", "[families.p2]\nseeds = [true]\n", ["seeds"]),
    ("p2-seeds-many", "[families.p2]\nseeds = [" + ", ".join(map(str, range(5000))) + "]\n", ["seeds"]),
    ("p2-seeds-twice", "[families.p2]\nseeds = [1, 1]\n", ["seeds"]),
    ("p2-sizes-int", "[families.p2]\nsizes = 5\n", ["sizes"]),
    ("p2-sizes-zero", "[families.p2]\nsizes = [[0, 5]]\n", ["sizes"]),
    ("p2-sizes-negative", "[families.p2]\nsizes = [[-1, 5]]\n", ["sizes"]),
    ("p2-sizes-huge", "[families.p2]\nsizes = [[1000000000, 5]]\n", ["sizes"]),
    ("p2-sizes-nan", "[families.p2]\nsizes = [[nan, 5]]\n", ["sizes"]),
    ("p2-sizes-inf", "[families.p2]\nsizes = [[inf, 5]]\n", ["sizes"]),
    ("p2-sizes-three", "[families.p2]\nsizes = [[1, 2, 3]]\n", ["sizes"]),
    ("p2-sizes-strings", "[families.p2]\nsizes = [['a', 'b']]\n", ["sizes"]),
    ("p2-arcs-int", "[families.p2]\narcs = 1\n", ["arcs"]),
    ("p3-sizes-tiny-float", "[families.p3]\nsizes = [[1e-300, 5]]\n", ["sizes"]),
    ("hat-seeds-negative", "[families.hat]\npatch_seeds = [-5]\n", ["patch_seeds"]),
    ("hat-sizes-huge", "[families.hat]\npatch_sizes = [[100000, 100000]]\n", ["patch_sizes"]),
    ("hat-sizes-bool", "[families.hat]\npatch_sizes = [[true, 5]]\n", ["patch_sizes"]),
    ("calissons-sizes-small", "[families.calissons]\nsizes = [1]\n", ["sizes"]),
    ("calissons-sizes-huge", "[families.calissons]\nsizes = [100000000000000000000]\n", ["sizes"]),
    ("calissons-sizes-big", "[families.calissons]\nsizes = [1000]\n", ["sizes"]),
    ("calissons-levels-unknown", "[families.calissons]\nlevels = ['impossible']\n", ["levels"]),
    ("calissons-levels-empty", "[families.calissons]\nlevels = []\n", ["levels"]),
    ("calissons-seeds-negative", "[families.calissons]\nseeds = [-1]\n", ["seeds"]),
    ("calissons-many", "[families.calissons]\nsizes = [4, 5, 6, 7, 8]\nseeds = ["
     + ", ".join(map(str, range(1000))) + "]\n", ["calissons"]),
    ("tantrix-count-huge", "[families.tantrix]\nsingle_loop_count = 1000\n", ["single_loop_count"]),
    ("tantrix-count-negative", "[families.tantrix]\nsingle_loop_count = -1\n", ["single_loop_count"]),
    ("tantrix-count-string", "[families.tantrix]\nsingle_loop_count = 'x'\n", ["single_loop_count"]),
    ("tantrix-seconds-zero", "[families.tantrix]\nsearch_seconds = 0\n", ["search_seconds"]),
    ("tantrix-methods-unknown", "[families.tantrix]\nmethods = ['nosuch']\n", ["nosuch"]),
    ("tantrix-methods-string", "[families.tantrix]\nmethods = 'x'\n", ["methods"]),
    ("tantrix-method-seeds-int", "[families.tantrix]\nmethod_seeds = 3\n", ["method_seeds"]),
    ("tantrix-method-seed-negative", "[families.tantrix]\nmethod_seeds = {slanted-4x14 = -1}\n",
     ["method_seeds"]),
    ("tantrix-extra-junk", "[families.tantrix]\nextra_permalinks = ['junk']\n", ["extra_permalinks"]),
    ("tantrix-extra-int", "[families.tantrix]\nextra_permalinks = [1]\n", ["extra_permalinks"]),
    ("tantrix-extra-bad-payload", "[families.tantrix]\nextra_permalinks = ['tx.v1.zz']\n",
     ["extra_permalinks"]),
    ("loopy-unknown-key", "[families.loopy]\nsizes = [[6, 5]]\n", ["site.toml:2:", "'sizes'"]),
    ("loopy-levels-unknown", "[families.loopy]\nlevels = ['insane']\n", ["levels"]),
    ("loopy-tilings-unknown", "[families.loopy]\ntilings = ['squares']\n", ["tilings"]),
    ("loopy-sizes-zero", "[families.loopy]\nsizes_hat = [[0, 5]]\n", ["sizes_hat"]),
    ("loopy-seeds-negative", "[families.loopy]\nseeds = [-1]\n", ["seeds"]),
]

# ---- templates: (id, template, edit(text) -> text, needles) -------------------------------

def _insert(extra: str):
    """An edit adding a line inside the template's main block (else after its first line);
    returns (new text, the line number of the added line)."""
    def edit(text: str) -> tuple[str, int]:
        lines = text.split("\n")
        at = next((i + 1 for i, line in enumerate(lines) if "{% block main %}" in line), 1)
        return "\n".join(lines[:at] + [extra] + lines[at:]), at + 1
    return edit


def _prepend(extra: str):
    """An edit adding a first line."""
    return lambda text: (extra + "\n" + text, 1)


TEMPLATE_ROWS = [
    (f"{name}-{kind}", name, _insert(code), [f"{name}:{{line}}:", word])
    for name in ("home.html", "family.html", "item.html", "article.html", "base.html")
    for kind, code, word in (
        ("zero-division", "{{ 1 / 0 }}", "division by zero"),
        ("undefined", "{{ nosuchvar }}", "nosuchvar"),
        ("syntax", "{% if %}", "syntax error"),
    )
] + [
    ("item-attribute-of-undefined", "item.html", _insert("{{ item.nosuch.deeper }}"),
     ["item.html:{line}:", "nosuch"]),
    ("item-type-error", "item.html", _insert("{{ 'x' + 1 }}"), ["item.html:{line}:"]),
    ("item-index-error", "item.html", _insert("{{ [].pop() }}"), ["item.html:{line}:"]),
    ("item-format-error", "item.html", _insert("{{ '%d' % 'x' }}"), ["item.html:{line}:"]),
    ("item-unknown-filter", "item.html", _insert("{{ 1|nosuchfilter }}"),
     ["item.html:{line}:", "nosuchfilter"]),
    ("item-endfor", "item.html", _insert("{% endfor %}"), ["item.html:{line}:"]),
    ("item-include-missing", "item.html", _insert('{% include "nosuch.html" %}'),
     ["item.html:{line}:", "nosuch.html"]),
    ("item-extends-itself", "item.html", _prepend('{% extends "item.html" %}'), ["item.html:1:"]),
    ("item-non-utf8", "item.html", lambda t: (t + "\udcff", 0), ["item.html", "UTF-8"]),
    ("item-deep-recursion", "item.html", _insert("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}"),
     ["item.html:{line}:", "recursion"]),
    ("style-undefined", "style.css", _insert("{{ nosuchcss }}"), ["style.css:{line}:", "nosuchcss"]),
    ("favicon-zero-division", "favicon.svg", _insert("{{ 2 // 0 }}"), ["favicon.svg:{line}:"]),
    ("sitemap-undefined", "sitemap.xml", _insert("{{ nosuchurl }}"), ["sitemap.xml:{line}:"]),
]

# ---- articles: (id, bytes of articles/tiny.md, needles) -------------------------------

ARTICLE_ROWS = [
    ("article-no-front-matter", b"title: x\n---\nbody\n", ["tiny.md:1:", "---"]),
    ("article-not-key-value", b"---\ntitle: x\nbody without end\n", ["tiny.md:3:", "key: value"]),
    ("article-not-closed", b"---\ntitle: x\n", ["tiny.md:1:", "not closed"]),
    ("article-no-title", b"---\nfamily: tiny\n---\n", ["tiny.md:3:", "title"]),
    ("article-empty-title", b"---\ntitle: ''\n---\n", ["tiny.md:2:", "title"]),
    ("article-unknown-family", b"---\ntitle: x\nfamily: nosuch\n---\n", ["tiny.md:3:", "'nosuch'"]),
    ("article-unknown-also", b"---\ntitle: x\nfamily: tiny\nalso: tiny, nosuch\n---\n", ["tiny.md:4:", "'nosuch'"]),
    ("article-unknown-key", b"---\ntitle: x\nauthor: me\n---\n", ["tiny.md:3:", "author"]),
    ("article-key-twice", b"---\ntitle: x\ntitle: y\n---\n", ["tiny.md:3:", "twice"]),
    ("article-order-text", b"---\ntitle: x\norder: first\n---\n", ["tiny.md:3:", "order"]),
    ("article-order-huge", b"---\ntitle: x\norder: " + b"9" * 5000 + b"\n---\n", ["tiny.md:3:", "order"]),
    ("article-non-utf8", b"---\ntitle: caf\xe9\n---\n", ["tiny.md:2:", "UTF-8"]),
    ("article-utf16", "---\ntitle: x\n---\n".encode("utf-16"), ["tiny.md", "UTF-8"]),
    ("article-empty", b"", ["tiny.md:1:"]),
    ("article-huge", b"---\ntitle: x\n---\n" + b"words " * 200_000, ["tiny.md", "too large"]),
    ("article-bom", b"\xef\xbb\xbf---\ntitle: x\n---\n", ["tiny.md:1:", "---"]),
    ("article-blank-title", b"---\ntitle:    \n---\n", ["tiny.md:2:", "title"]),
    ("article-deep-lists", b"---\ntitle: x\n---\n" + b"".join(b"    " * i + b"- x\n" for i in range(3000)),
     ["tiny.md"]),
]

# ---- build.py flags: (id, extra argv (replacing defaults where named), needles) ----------

FLAG_ROWS = [
    ("jobs-zero", ["--jobs", "0"], ["--jobs"]),
    ("jobs-negative", ["--jobs", "-1"], ["--jobs"]),
    ("jobs-huge", ["--jobs", "100000"], ["--jobs"]),
    ("jobs-text", ["--jobs", "many"], ["--jobs"]),
    ("only-unknown", ["--only", "nosuch"], ["--only", "nosuch"]),
    ("only-not-enabled", ["--only", "p2"], ["--only", "p2"]),
    ("unknown-flag", ["--nosuch"], ["--nosuch"]),
    ("port-without-serve", ["--port", "80"], ["--port"]),
    ("config-missing", ["--config", "{tmp}/none.toml"], ["none.toml", "not found"]),
    ("config-folder", ["--config", "{tmp}"], ["cannot read"]),
    ("templates-missing", ["--templates", "{tmp}/none"], ["none", "theme folder not found"]),
    ("templates-file", ["--templates", str(SITE / "site.toml")], ["site.toml", "not a folder"]),
    ("out-file", ["--out", "{tmp}/mine/notes.txt"], ["--out", "not a folder"]),
    ("out-foreign", ["--out", "{tmp}/mine"], ["--out", "not a tilepress site"]),
    ("cache-file", ["--cache-dir", "{tmp}/mine/notes.txt"], ["--cache-dir", "not a folder"]),
    ("cache-foreign", ["--cache-dir", "{tmp}/mine", "--clean"], ["--cache-dir", "CACHEDIR.TAG"]),
    ("base-url-ftp", ["--base-url", "ftp://example.org/"], ["--base-url"]),
    ("base-url-space", ["--base-url", "http://a b/"], ["--base-url"]),
    ("family-module-bad", ["--family-module", "nosuch"], ["--family-module"]),
    ("family-module-missing", ["--family-module", "x={tmp}/none.py"], ["--family-module"]),
    ("serve-port-negative", ["serve", "--port", "-1"], ["--port"]),
    ("serve-port-huge", ["serve", "--port", "70000"], ["--port"]),
    ("serve-port-text", ["serve", "--port", "http"], ["--port"]),
]

# ---- python -m generator: (id, argv, needles) -------------------------------------------

GEN_ROWS = [
    ("gen-unknown-command", ["nosuch"], ["nosuch"]),
    ("gen-tiling-unknown", ["tiling", "nosuch"], ["nosuch"]),
    ("gen-p2-width-negative", ["tiling", "p2", "--width", "-1", "--height", "5"], ["width"]),
    ("gen-p2-width-text", ["tiling", "p2", "--width", "wide", "--height", "5"], ["width"]),
    ("gen-p2-width-huge", ["tiling", "p2", "--width", "1e9", "--height", "5"], ["width"]),
    ("gen-p2-width-nan", ["tiling", "p2", "--width", "nan", "--height", "5"], ["width"]),
    ("gen-p2-seed-text", ["tiling", "p2", "--seed", "x"], ["seed"]),
    ("gen-p2-format", ["tiling", "p2", "--format", "gif"], ["format"]),
    ("gen-hat-width-zero", ["tiling", "hat", "--width", "0", "--height", "5", "--seed", "1"], ["width"]),
    ("gen-supertile-level", ["supertile", "hat", "--level", "1000"], ["level"]),
    ("gen-supertile-metatile", ["supertile", "hat", "--metatile", "Q"], ["metatile"]),
    ("gen-regen-junk", ["regen", "junk"], ["permalink"]),
    ("gen-regen-unknown-family", ["regen", "zz.v1.abc"], ["'zz'"]),
    ("gen-regen-p2-payload", ["regen", "p2.v1.!!"], ["permalink"]),
    ("gen-regen-p2-version", ["regen", "p2.v99.abc"], ["p2"]),
    ("gen-regen-p2-garbage", ["regen", "p2.v1.abc"], ["p2"]),
    ("gen-regen-hat-garbage", ["regen", "hat.v1.abc"], ["hat"]),
    ("gen-regen-cal-garbage", ["regen", "cal.v1.zz"], ["cal"]),
    ("gen-regen-tx-garbage", ["regen", "tx.v1.q"], ["Tantrix"]),
    ("gen-regen-huge", ["regen", "p2.v1." + "a" * 70000], ["too long"]),
    ("gen-cal-check-ipv6", ["calissons", "check", "http://[::1/?tab=fff"], ["error"]),
    ("gen-cal-check-tab-junk", ["calissons", "check", "https://mathix.org/calisson/?tab=zzz"], ["error"]),
    ("gen-cal-generate-size", ["calissons", "generate", "--size", "1000"], ["size"]),
    ("gen-cal-generate-size-cap", ["calissons", "generate", "--size", "257"], ["size", "256"]),
    ("gen-cal-sample-size-cap", ["calissons", "sample", "--size", "257"], ["size", "256"]),
    ("gen-cal-sample-size-zero", ["calissons", "sample", "--size", "0"], ["size"]),
    ("gen-regen-cal-sample-v1-cap", ["regen", "cal.v1.65.s1"], ["v1", "64"]),
    ("gen-regen-cal-sample-v2-cap", ["regen", "cal.v2.257.s1"], ["v2", "256"]),
    ("gen-regen-cal-puzzle-v2", ["regen", "cal.v2.3~QDTBAggEUIhI"], ["v2"]),
    ("gen-cal-generate-size-text", ["calissons", "generate", "--size", "x"], ["size"]),
    ("gen-cal-solve-missing", ["calissons", "solve", "/nonexistent/p.json"], ["not found"]),
    ("gen-cal-unknown", ["calissons", "nosuch"], ["nosuch"]),
    ("gen-tantrix-method", ["tantrix", "search", "--method", "nosuch"], ["nosuch"]),
    ("gen-loopy-level", ["loopy", "generate", "--level", "insane"], ["level"]),
    ("gen-loopy-tiling", ["loopy", "generate", "--tiling", "calissons"], ["tiling"]),
    ("gen-loopy-tiny", ["loopy", "generate", "--width", "0.3", "--height", "0.3"], ["too small"]),
    ("gen-regen-loopy-garbage", ["regen", "loopy.v1.zzz"], ["loopy"]),
    ("gen-regen-loopy-tiling", ["regen", "loopy.v1.e12.p2.v1.!!"], ["permalink"]),
    ("gen-regen-loopy-count", ["regen", "loopy.v1.ebc.p2.v1.5_4_9_AVVBUABUAA"], ["clues for a grid"]),
    ("gen-regen-loopy-ambiguous", ["regen", "loopy.v1.ezzf.p2.v1.5_4_9_AVVBUABUAA"], ["one loop"]),
    ("gen-regen-loopy-contradiction", ["regen", "loopy.v1.e4444zzb.p2.v1.5_4_9_AVVBUABUAA"], ["contradict"]),
    ("gen-out-missing-folder", ["tiling", "p2", "--width", "3", "--height", "3", "--format", "svg",
                                "--out", "/nonexistent/folder/x.svg"], ["/nonexistent/folder"]),
]


def _check(code: int, err: str, needles: list[str]) -> None:
    """Exit 2, one `error:` line, no internal error or traceback, every needle present."""
    lines = err.strip().splitlines()
    assert code == 2, (code, err[-2000:])
    assert len(lines) == 1 and lines[0].startswith("error: "), err[-2000:]
    assert "internal error" not in err and "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory):
    """One cache for every row (the template rows render the tiny family once)."""
    return tmp_path_factory.mktemp("cache")


def _run_build(argv: list, capsys) -> tuple[int, str]:
    """build.py's main in this process: (exit code, stderr)."""
    capsys.readouterr()
    code = build_cli.main([str(a) for a in argv])
    return code, capsys.readouterr().err


def _site_args(tmp: Path, config: Path, cache: Path, templates: Path | None = None) -> list:
    """Flags building a content folder with the tiny family into tmp/site."""
    return ["--config", config, "--family-module", f"tiny={TINY}", "--out", tmp / "site",
            "--cache-dir", cache, "--jobs", "1", "--templates", templates or REPO / "templates"]


def _content(tmp: Path, toml: str | None = None, article: bytes | None = None) -> Path:
    """A copy of the fixture content folder, optionally with a new site.toml or article."""
    dest = tmp / "content"
    shutil.copytree(SITE, dest)
    if toml is not None:
        (dest / "site.toml").write_bytes(toml.encode("utf-8", "surrogateescape"))
    if article is not None:
        (dest / "articles" / "tiny.md").write_bytes(article)
    return dest / "site.toml"


@pytest.mark.parametrize("text, needles", [r[1:] for r in SITE_ROWS], ids=[r[0] for r in SITE_ROWS])
def test_bad_site_toml(tmp_path, shared_cache, capsys, text, needles):
    _check(*_run_build(_site_args(tmp_path, _content(tmp_path, text), shared_cache), capsys), needles)


@pytest.mark.parametrize("text, needles", [r[1:] for r in FAMILY_ROWS], ids=[r[0] for r in FAMILY_ROWS])
def test_bad_family_table(tmp_path, shared_cache, capsys, text, needles):
    config = _content(tmp_path, "\n" + text if not text.startswith("[families") else text)
    _check(*_run_build(_site_args(tmp_path, config, shared_cache), capsys), needles)


@pytest.mark.parametrize("name, edit, needles", [r[1:] for r in TEMPLATE_ROWS], ids=[r[0] for r in TEMPLATE_ROWS])
def test_bad_template(tmp_path, shared_cache, capsys, name, edit, needles):
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    path = templates / name
    text, line = edit(path.read_text("utf-8"))
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    needles = [n.replace("{line}", str(line)) for n in needles]
    args = _site_args(tmp_path, _content(tmp_path), shared_cache, templates)
    if name == "sitemap.xml":
        args += ["--base-url", "https://example.org/"]
    _check(*_run_build(args, capsys), needles)
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("data, needles", [r[1:] for r in ARTICLE_ROWS], ids=[r[0] for r in ARTICLE_ROWS])
def test_bad_article(tmp_path, shared_cache, capsys, data, needles):
    _check(*_run_build(_site_args(tmp_path, _content(tmp_path, article=data), shared_cache), capsys), needles)


@pytest.mark.parametrize("extra, needles", [r[1:] for r in FLAG_ROWS], ids=[r[0] for r in FLAG_ROWS])
def test_bad_build_flags(tmp_path, shared_cache, capsys, extra, needles):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("a user's file")
    extra = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    args = _site_args(tmp_path, SITE / "site.toml", shared_cache)
    if extra and extra[0] == "serve":
        args, extra = ["serve"] + args, extra[1:]
    for flag in ("--config", "--templates", "--out", "--cache-dir", "--jobs"):
        if flag in extra and flag in args:
            i = args.index(flag)
            del args[i:i + 2]
    _check(*_run_build(args + extra, capsys), needles)
    assert (tmp_path / "mine" / "notes.txt").read_text() == "a user's file"


@pytest.mark.parametrize("argv, needles", [r[1:] for r in GEN_ROWS], ids=[r[0] for r in GEN_ROWS])
def test_bad_generator_command(capsys, argv, needles):
    capsys.readouterr()
    code = gen_cli.main(argv)
    _check(code, capsys.readouterr().err, needles)


def test_the_table_has_at_least_a_hundred_rows():
    rows = SITE_ROWS + FAMILY_ROWS + TEMPLATE_ROWS + ARTICLE_ROWS + FLAG_ROWS + GEN_ROWS
    assert len(rows) >= 100 and len({r[0] for r in rows}) == len(rows)
