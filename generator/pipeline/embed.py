"""`tilepress` as a Python-Markdown extension: a permalink in a page becomes its picture.

    !tilepress loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3.p2.v1.5_4_9_AVVBUABUAA

or, with options, a fenced block (``` or ~~~):

    ```tilepress
    permalink: loopy.v1.ea310b2a22a2b3a1e22b22022b222e1a0d02c301a3.p2.v1.5_4_9_AVVBUABUAA
    width: 320                 CSS pixels (16..4096); default: the picture's own width
    caption: A first Loopy     default: the item in words (caption_in_words)
    solution: below            puzzles: below (folded <details>, the default), shown (unfolded), hidden
    link: regen                regen (the picture links to regen.html#PERMALINK) or none
    ```

Each becomes a `<figure>`: the item's SVG, what `python -m generator regen PERMALINK
--format svg` prints (with `--style bold` where the family has that dark-lines style, as the
site's own item pictures) apart from its root tag (size, `role="img"`, `aria-label`), its
`id`s (prefixed per figure, so several pictures on one page never share an id) and its line
weights, dot radii and digit sizes, raised where needed so that they stay visible when the
figure is shown as narrow as 320 CSS px (`readable`: at least 1 px lines, 1.5 px dots, 10 px
digits, each kind scaled by one factor so thick and thin lines keep their order, and capped
so that digits stay inside their faces); an alt text made from the item's facts (its tile
counts, clues, level...), which are recomputed from the permalink, never read from the page;
a caption in words ("Loopy on a Penrose P2 patch, easy, 58 faces"); and for puzzles the
answer, drawn with the flags the family's player uses (`SOLUTION_ARGS` of
`generator/webapi.py`), folded in a `<details>` element.  The pictures are inline SVG, or files when the host gives the
extension a `write_file(name, text) -> url` callable (the project's own site build does).

Registered as the `markdown.extensions` entry point `tilepress` (pyproject.toml), so
`markdown.markdown(text, extensions=["tilepress"])`, MkDocs' `markdown_extensions:
[tilepress]` and Pelican's `MARKDOWN = {"extension_configs": {"tilepress": {}}}` all load it.
Settings: `cache_dir` (default `.tilepress-cache`, the build cache's folder and format;
empty: no cache), `regen_url` (where regen.html is; empty: no links), `solution`, `width`,
`link` (page-wide defaults), `source` and `line_offset` (how messages name the file).

A bad permalink or option stops the host's build with one line naming the file and line,
`docs/index.md:7: bad permalink ...`: an `EmbedError` (a TilepressError), which under MkDocs is also
MkDocs' own BuildError, so `mkdocs build` (strict or not) prints it without a traceback and
fails; Pelican logs it ("Could not process ...") and `pelican --fatal errors` fails.  Under
MkDocs and Pelican the file is found from the page the host is rendering and the line by the
directive's own text in that file (front matter and plugins may have changed the lines the
extension sees).  The cost of a permalink is checked from its text before any work: the
extension's `max_chars` and `max_tiles` (a tiling family's `Family.cost` states the tiles a
permalink asks for), then the family's own limits (`families.split_permalink`, the family's
parser inside `regen`).

Cache: an item is a pure function of its permalink, so its figure data (SVG, answer, facts)
is stored in the site build's cache (`generator/pipeline/cache.py`, keys from
`plan.item_key`: family, family VERSION, permalink, settings); a host rebuild with the same
permalinks regenerates nothing, and the output is the same bytes every time.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import re
import sys
from pathlib import Path

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from generator import families, permalinks
from generator.errors import TilepressError, one_line
from generator.permalinks import MAX_PERMALINK_LENGTH
from generator.pipeline.render import svg_size

EMBED_VERSION = "2"        # bump when the same permalink gives a different figure
SOLUTIONS = ("below", "shown", "hidden")
LINKS = ("regen", "none")
OPTIONS = ("permalink", "width", "caption", "solution", "link")
MAX_CHARS = 8192           # the longest permalink a page may embed (a family may allow more)
MAX_TILES = 20_000         # the most tiles a page may embed (a 100 x 100 P2 patch is ~25,000)
MIN_WIDTH, MAX_WIDTH = 16, 4096
CAPTION_FACTS = 3          # facts in the default caption of a family caption_in_words does not know
ALT_FACTS = 8              # facts in the alt text
NARROWEST = 320            # CSS px: the narrowest a figure is expected to be shown (a phone's column)
MIN_LINE_PX, MIN_DOT_PX, MIN_DIGIT_PX = 1.0, 1.5, 10.0   # at NARROWEST: line width, dot radius, digits
MAX_LINE_GAIN, MAX_DOT_GAIN, MAX_DIGIT_GAIN = 4.0, 3.0, 1.6   # caps: a dense picture stays a picture
TILING_WORDS = {"p2": "Penrose P2", "p3": "Penrose P3", "hat": "hat", "spectre": "Spectre"}

_LINE = re.compile(r"^ {0,3}!tilepress(?:\s(.*))?$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*\{?\s*\.?tilepress\s*\}?\s*$")
_ANY_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


class EmbedError(TilepressError):
    """A bad permalink or option in a page: one line naming the file and line."""


_ERROR_CLASS = None


def _error(message: str) -> EmbedError:
    """The error to raise: under MkDocs also a mkdocs BuildError (shown cleanly, fails the build)."""
    global _ERROR_CLASS
    mk = sys.modules.get("mkdocs.exceptions")
    if mk is None:
        return EmbedError(message)
    if _ERROR_CLASS is None or not issubclass(_ERROR_CLASS, mk.BuildError):
        _ERROR_CLASS = type("TilepressBuildError", (EmbedError, mk.BuildError), {})
    return _ERROR_CLASS(message)


# ---- the item: regenerated once, cached --------------------------------------------------

def _fact_text(facts, count: int) -> str:
    """`label value, label value, ...` of the first facts."""
    return ", ".join(f"{label} {value}" for label, value in facts[:count])


def svg_options(fam, args=()) -> dict:
    """The SVG options of a figure: `args`, plus `--style bold` where the family has that style."""
    # lazy: ~10-15 ms the Markdown extension's load skips (a host may embed nothing)
    from generator import cli
    args = list(args)
    style = next((p for p in fam.svg_params if p.name == "style"), None)
    if style is not None and "bold" in (style.choices or ()):
        args += ["--style", "bold"]
    parser = cli.make_parser("tilepress", "", fam.svg_params)
    return cli.values_of(parser.parse_args(args), fam.svg_params, "")


def answer_options(fam) -> dict | None:
    """The SVG options that draw a puzzle's answer (its player's SOLUTION_ARGS), or None."""
    # lazy: ~10-15 ms the Markdown extension's load skips (a host may embed nothing)
    from generator import webapi
    player = webapi.player_module(fam)
    args = getattr(player, "SOLUTION_ARGS", None)
    if not args:
        return None
    return svg_options(fam, args)


def caption_in_words(family: str, title: str, facts) -> str:
    """A default caption that reads as a phrase: "Loopy on a Penrose P2 patch, easy, 58 faces"."""
    f = {str(k): v for k, v in facts}
    short = title.split(" — ")[0]
    if family == "loopy" and {"Tiling", "Level", "Faces"} <= set(f):
        tiling = TILING_WORDS.get(str(f["Tiling"]), str(f["Tiling"]))
        return f"Loopy on a {tiling} patch, {f['Level']}, {f['Faces']} faces"
    if family in TILING_WORDS and facts:
        label, count = facts[0]
        return f"A {TILING_WORDS[family]} patch of {count} {label}"
    if family == "calissons":
        side = f"side {f['Size n']}" if "Size n" in f else None
        if "Givens" in f:
            how = str(f.get("Reasoning it needs", "")).split(":")[0].split(".")[0].strip().lower()
            parts = ["Calisson puzzle", side, f"{f['Givens']} givens", how or None]
            return ", ".join(p for p in parts if p)
        if "Lozenges" in f:
            return ", ".join(p for p in ("Random calisson tiling", side, f"{f['Lozenges']} lozenges") if p)
    if family == "tantrix" and "method" in f:
        return f"Infinite Tantrix pattern, {f['method']} board"
    short_facts = [(k, v) for k, v in facts if len(str(v)) <= 30][:CAPTION_FACTS]
    return f"{short}: {_fact_text(short_facts, CAPTION_FACTS)}" if short_facts else short


def item_data(link) -> dict:
    """What a figure needs from a permalink (the directive's Link, or a text): svg, answer (or None),
    title, alt, caption."""
    fam, link = families.parse(link)
    item = fam.regen(link, {})
    facts = [[str(k), v] for k, v in fam.facts(item)]
    options = answer_options(fam)
    svg = fam.to_svg(item, svg_options(fam))
    answer = fam.to_svg(item, options) if options is not None else None
    if answer == svg:                       # e.g. a calisson sample: a picture, not a puzzle
        answer = None
    title = fam.title
    return {"family": fam.name, "permalink": fam.permalink(item), "svg": svg, "answer": answer, "title": title,
            "alt": f"{title}: {_fact_text(facts, ALT_FACTS)}." if facts else f"{title}.",
            "caption": caption_in_words(fam.name, title, facts)}


def check_cost(link: str, max_tiles: float) -> None:
    """Refuse, from the permalink's text alone, an item bigger than a page should hold.

    A tiling family states how many tiles its permalink asks for (`Family.cost`, read from
    the text before any tile is made); other families' parsers keep their own limits (a
    Loopy link's faces, a calisson hexagon's side), which `regen` checks before any work.
    """
    fam, link = families.parse(link)
    cost = getattr(fam, "cost", None)
    if cost is None:
        return
    tiles = cost(link)
    if tiles > max_tiles:
        raise TilepressError(f"asks for about {tiles:,.0f} tiles; a page embeds at most {max_tiles:,.0f} "
                             "(the extension's max_tiles setting)")


class Items:
    """item_data() memoised in this process and in the build cache (a folder, or None)."""

    def __init__(self, cache_dir: str | os.PathLike | None):
        # lazy: ~10-15 ms the Markdown extension's load skips (a host may embed nothing)
        from generator.pipeline.cache import Cache
        self.cache = Cache(Path(cache_dir) if cache_dir else None)
        self.memo: dict[str, dict] = {}
        self.generated = 0
        self._checked = False

    def key(self, link) -> str:
        """The cache key, made as the site build makes an item's (`plan.item_key`)."""
        # lazy: ~10-15 ms the Markdown extension's load skips (a host may embed nothing)
        from generator.pipeline.plan import RENDER_VERSION, item_key
        fam, link = families.parse(link)
        return item_key(fam.name, fam.version, json.dumps([link.text, "{}"]),
                        {"embed_version": EMBED_VERSION, "render_version": RENDER_VERSION})

    def get(self, link) -> dict:
        """The item's figure data (TilepressError for a bad permalink); `link` a Link (or a text, read
        here once)."""
        text = permalinks.text_of(link)
        if text in self.memo:
            return self.memo[text]
        link = permalinks.as_link(link)
        key = self.key(link)                  # checks the permalink's shape and family first
        if not self._checked:
            self.cache.check()                # refuses a folder that is not a tilepress cache
            self._checked = True
        data = self.cache.get(key)
        if data is None:
            data = item_data(link)
            self.generated += 1
            self.cache.put(key, data)
        self.memo[text] = data
        return data


# ---- one directive: its options -----------------------------------------------------------

def parse_options(pairs: list[tuple[int, str]], defaults: dict) -> tuple[dict, dict]:
    """Options of a fenced block from its (line number, text) lines; (values, line of each key)."""
    values, where = dict(defaults), {}
    for number, text in pairs:
        if not text.strip():
            continue
        key, sep, value = text.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep and not where.get("permalink") and re.fullmatch(r"\S+", key):
            key, value = "permalink", text.strip()          # a bare permalink line
        if key not in OPTIONS:
            raise _OptionError(number, f"unknown option {key!r} (options: {', '.join(OPTIONS)})")
        if key in where:
            raise _OptionError(number, f"option {key!r} given twice")
        where[key] = number
        values[key] = value
    for key in ("width", "solution", "link"):
        if key in where:
            values[key] = check_option(key, values[key], where[key])
    return values, where


class _OptionError(Exception):
    """An option's error before the file name is known: (line number, message)."""

    def __init__(self, number: int, message: str):
        super().__init__(message)
        self.number = number


def check_option(key: str, value, number):
    """A checked option value (width: int or None; solution, link: one of their choices)."""
    text = str(value).strip() if value is not None else ""
    if key == "width":
        if text == "":
            return None
        if not re.fullmatch(r"[0-9]{1,5}", text) or not MIN_WIDTH <= int(text) <= MAX_WIDTH:
            raise _OptionError(number, f"width must be a whole number of CSS pixels from {MIN_WIDTH} "
                                       f"to {MAX_WIDTH}, not {text!r}")
        return int(text)
    choices = SOLUTIONS if key == "solution" else LINKS
    if text not in choices:
        raise _OptionError(number, f"{key} must be {' or '.join(choices)}, not {text!r}")
    return text


# ---- the HTML of a figure -----------------------------------------------------------------

_ROOT_TAG = re.compile(r"<svg\b[^>]*>")
_ID = re.compile(r'\bid="([^"]+)"')
_REF = re.compile(r'(url\(#|href="#)([^")]+)')


def inline_svg(svg: str, label: str, width: int | None, prefix: str, css_class: str) -> str:
    """An SVG document as an element of an HTML page: sized, labelled, ids made unique."""
    start = svg.find("<svg")
    if start < 0:
        raise TilepressError("the item's picture is not an SVG document")
    svg = svg[start:].rstrip()
    w, h = svg_size(svg)
    if width is None:
        width = max(1, round(w))
    height = round(width * h / w, 2) if w > 0 else width
    tag = _ROOT_TAG.match(svg).group(0)
    body = svg[len(tag):]
    tag = re.sub(r'\s(width|height|version|role|aria-label|class|style)="[^"]*"', "", tag)
    tag = (tag[:-1].rstrip("/").rstrip() + f' width="{width}" height="{_num(height)}" role="img" '
           f'aria-label="{html.escape(label)}" class="{css_class}" style="max-width:100%;height:auto">')
    if "<title>" not in body[:200]:
        body = f"<title>{html.escape(label)}</title>" + body
    body = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', body)
    body = _REF.sub(lambda m: f"{m.group(1)}{prefix}{m.group(2)}", body)
    return tag + body


_VIEWBOX = re.compile(r'viewBox="\s*[-0-9.e]+[\s,]+[-0-9.e]+[\s,]+([0-9.e]+)')
_ATTR = {"line": re.compile(r'(\sstroke-width=")([0-9.e]+)(")'),
         "dot": re.compile(r'(<circle\b[^>]*?\sr=")([0-9.e]+)(")'),
         "digit": re.compile(r'(\sfont-size=")([0-9.e]+)(")')}
_FLOOR = {"line": (MIN_LINE_PX, MAX_LINE_GAIN), "dot": (MIN_DOT_PX, MAX_DOT_GAIN),
          "digit": (MIN_DIGIT_PX, MAX_DIGIT_GAIN)}


def readable(svg: str, width: float) -> str:
    """svg (to be shown `width` CSS px wide, or narrower down to NARROWEST) with its line
    widths, dot radii and font sizes raised so that the smallest of each kind is at least
    MIN_*_PX at the narrowest width: one factor per kind (thick and thin lines keep their
    ratio), capped by MAX_*_GAIN (digits stay inside their faces).  Deterministic."""
    m = _VIEWBOX.search(svg[:2000])
    if not m or float(m.group(1)) <= 0:
        return svg
    px_per_unit = min(width, NARROWEST) / float(m.group(1))
    for kind, pattern in _ATTR.items():
        values = [float(v.group(2)) for v in pattern.finditer(svg)]
        if not values or min(values) <= 0:
            continue
        floor, cap = _FLOOR[kind]
        gain = min(cap, floor / (min(values) * px_per_unit))
        if gain > 1:
            svg = pattern.sub(lambda v: f"{v.group(1)}{_num(round(float(v.group(2)) * gain, 4))}{v.group(3)}", svg)
    return svg


def _num(x: float) -> str:
    """A number without a trailing .0."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def figure_html(data: dict, opts: dict, config: dict, write_file=None) -> str:
    """The <figure> of one directive (deterministic: a function of data, opts, config)."""
    link = data["permalink"]
    tag = "tp" + hashlib.sha256(link.encode("utf-8")).hexdigest()[:10]
    caption = opts.get("caption") or data["caption"]
    alt = data["alt"]
    width = opts.get("width")
    solution = opts.get("solution") or "below"
    link_mode = opts.get("link") or ("regen" if config["regen_url"] else "none")
    if link_mode == "regen" and not config["regen_url"]:
        raise _OptionError(opts.get("_line_link"),
                           "link: regen needs the extension's regen_url setting (where regen.html is)")

    def picture(svg: str, label: str, suffix: str) -> str:
        svg = readable(svg, width or svg_size(svg)[0])
        if write_file is not None:
            w, h = svg_size(svg)
            shown = width or max(1, round(w))
            url = write_file(f"{tag}{suffix}.svg", svg)
            return (f'<img class="paper tilepress-picture" src="{html.escape(url)}" width="{shown}" '
                    f'height="{_num(round(shown * h / w, 2))}" loading="lazy" alt="{html.escape(label)}">')
        return inline_svg(svg, label, width, f"{tag}{suffix}-", "tilepress-picture")

    shown = picture(data["svg"], alt, "")
    if link_mode == "regen":
        href = f"{config['regen_url']}#{link}"
        shown = f'<a class="tilepress-link" href="{html.escape(href)}">{shown}</a>'
    parts = [f'<figure class="tilepress" data-permalink="{html.escape(link)}">', shown,
             f"<figcaption>{html.escape(caption)}</figcaption>"]
    if data["answer"] is not None and solution != "hidden":
        answer = picture(data["answer"], f"The solution of the puzzle above. {alt}", "-answer")
        opened = " open" if solution == "shown" else ""
        parts.append(f'<details class="tilepress-answer"{opened}><summary>Show the solution</summary>'
                     f"{answer}</details>")
    parts.append("</figure>")
    return "\n".join(parts)


# ---- where the page comes from (for messages) ---------------------------------------------

def host_source() -> tuple[str, str] | None:
    """(host, file) of the page MkDocs or Pelican is rendering now, found on the call stack."""
    frame = sys._getframe(1)
    for _ in range(60):
        if frame is None:
            return None
        loc = frame.f_locals
        owner = loc.get("self")
        module = type(owner).__module__ if owner is not None else ""
        if module.startswith("mkdocs.") and hasattr(getattr(owner, "file", None), "abs_src_path"):
            return "mkdocs", owner.file.abs_src_path        # mkdocs Page.render
        if module.startswith("pelican.") and isinstance(loc.get("source_path"), str):
            return "pelican", loc["source_path"]            # pelican MarkdownReader.read
        frame = frame.f_back
    return None


def _shown_path(path: str) -> str:
    """A path as messages show it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def file_line(source_path: str | None, lines: list[str], index: int) -> int | None:
    """The line of lines[index] in the source file: its k-th occurrence there, or None."""
    if not source_path:
        return None
    try:
        text = Path(source_path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    target = lines[index].strip()
    k = sum(1 for line in lines[:index] if line.strip() == target)
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if line.expandtabs(4).strip() == target:
            if k == 0:
                return number
            k -= 1
    return None


# ---- Python-Markdown plumbing -------------------------------------------------------------

class TilepressPreprocessor(Preprocessor):
    """Replace each directive (a `!tilepress` line or a fenced block) by its stashed figure."""

    def __init__(self, md, ext: "TilepressExtension"):
        super().__init__(md)
        self.ext = ext

    def run(self, lines: list[str]) -> list[str]:
        cfg = check_settings(self.ext.getConfigs())
        source = cfg["source"] or None
        detected = None if source else host_source()
        out, i, fence = [], 0, None
        while i < len(lines):
            line = lines[i]
            if fence is not None:                       # inside someone else's code fence
                out.append(line)
                if line.strip().startswith(fence) and set(line.strip()) <= set(fence[0]):
                    fence = None
                i += 1
                continue
            m_line, m_fence = _LINE.match(line), _FENCE.match(line)
            if not m_line and not m_fence:
                m_any = _ANY_FENCE.match(line)
                if m_any:
                    fence = m_any.group(1)
                out.append(line)
                i += 1
                continue
            start = i
            try:
                if m_line:
                    words = (m_line.group(1) or "").split()
                    if len(words) > 1:
                        raise _OptionError(i, "`!tilepress` takes one permalink; options go in a "
                                              "```tilepress block")
                    pairs = [(i, f"permalink: {words[0] if words else ''}")]
                    i += 1
                else:
                    mark, j = m_fence.group(1), i + 1
                    while j < len(lines) and not (lines[j].strip().startswith(mark)
                                                  and set(lines[j].strip()) <= set(mark[0])):
                        j += 1
                    if j == len(lines):
                        raise _OptionError(i, f"the {mark}tilepress block is never closed")
                    pairs = [(k, lines[k]) for k in range(i + 1, j)]
                    i = j + 1
                html_text = self.ext.render(pairs, cfg, start)
            except _OptionError as exc:
                error = self._located(exc.number if exc.number is not None else start, lines,
                                      str(exc), source, detected and detected[1])
                if detected and detected[0] == "pelican":
                    # Pelican logs only "Could not process FILE" for an exception (its text
                    # only with --debug): say what and where ourselves, as Pelican's own
                    # messages do (with --fatal errors this logging call stops the build).
                    logging.getLogger("tilepress").error("%s", error)
                raise error from None
            out += ["", self.md.htmlStash.store(html_text), ""]
        return out

    def _located(self, index: int, lines, message: str, source, detected) -> EmbedError:
        """The error naming file:line (the file's own line when the host's file is known)."""
        offset = _whole("line_offset", self.ext.getConfig("line_offset") or 0, 0, 10 ** 9)
        if source:
            return _error(f"{source}:{index + 1 + offset}: {one_line(message)}")
        if detected:
            number = file_line(detected, lines, index)
            where = _shown_path(detected)
            return _error(f"{where}:{number if number else index + 1}: {one_line(message)}")
        return _error(f"line {index + 1 + offset}: {one_line(message)}")


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_URL_BAD = re.compile(r"[\x00-\x20\x7f\"'<>\\`]")


def _whole(name: str, value, lo: int, hi: int) -> int:
    """A whole-number setting (an int, or a text of digits), lo..hi; EmbedError naming it otherwise."""
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,12}\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _error(f"the tilepress extension's setting {name} = {str(value)[:40]!r}: must be a whole "
                     f"number from {lo:,} to {hi:,}")
    return value


def check_settings(cfg: dict) -> dict:
    """The host's settings (MkDocs' mkdocs.yml, Pelican's MARKDOWN, Python keyword arguments),
    checked once per page before any directive: each wrong type or value is EmbedError naming the
    setting.  `regen_url` is an http(s) URL or a relative one (no other scheme: it becomes every
    picture's link)."""
    out = dict(cfg)
    for name in ("regen_url", "solution", "link", "source"):
        if out.get(name) is None:
            out[name] = ""
        if not isinstance(out[name], str):
            raise _error(f"the tilepress extension's setting {name} must be text, not {type(out[name]).__name__}")
    if out.get("cache_dir") is None:
        out["cache_dir"] = ""
    if not isinstance(out["cache_dir"], (str, os.PathLike)):
        raise _error(f"the tilepress extension's setting cache_dir must be a folder name, not "
                     f"{type(out['cache_dir']).__name__}")
    url = out["regen_url"].strip()
    if url and (_URL_BAD.search(url) or (_SCHEME.match(url) and not re.match(r"^https?://[^/]", url, re.I))):
        raise _error(f"the tilepress extension's setting regen_url = {url[:60]!r}: must be an http(s) URL "
                     "or a relative one (e.g. ../regen.html), without spaces or quotes")
    out["regen_url"] = url
    out["max_chars"] = _whole("max_chars", out["max_chars"], 1, MAX_PERMALINK_LENGTH)
    out["line_offset"] = _whole("line_offset", out["line_offset"] or 0, 0, 10 ** 9)
    tiles = out["max_tiles"]
    if isinstance(tiles, str) and re.fullmatch(r"\s*[0-9]{1,12}(\.[0-9]+)?\s*", tiles):
        tiles = float(tiles)
    if isinstance(tiles, bool) or not isinstance(tiles, (int, float)) or not 1 <= tiles <= 1e12:
        raise _error(f"the tilepress extension's setting max_tiles = {str(out['max_tiles'])[:40]!r}: must be a "
                     "number from 1 to 1e12")
    out["max_tiles"] = tiles
    if out.get("write_file") not in ("", None) and not callable(out["write_file"]):
        raise _error("the tilepress extension's setting write_file must be a function write_file(name, svg) -> url")
    if isinstance(out["width"], bool) or not isinstance(out["width"], (str, int)):
        raise _error(f"the tilepress extension's setting width must be a number of CSS pixels, not "
                     f"{type(out['width']).__name__}")
    return out


class TilepressExtension(Extension):
    """The `tilepress` Markdown extension (see the module docstring for the syntax)."""

    def __init__(self, **kwargs):
        self.config = {
            "cache_dir": [".tilepress-cache", "folder of the build cache (empty: no cache)"],
            "regen_url": ["", "URL of regen.html, to link each picture to it (empty: no links)"],
            "solution": ["below", "puzzles' answers: below (folded), shown or hidden"],
            "link": ["", "regen or none (default: regen when regen_url is set)"],
            "width": ["", "default width of the pictures in CSS pixels (default: their own)"],
            "max_chars": [MAX_CHARS, "the longest permalink a page may embed"],
            "max_tiles": [MAX_TILES, "the most tiles a tiling's permalink may ask for"],
            "source": ["", "the file name messages give (default: the host's page)"],
            "line_offset": [0, "lines before the Markdown text in its file (for messages)"],
            "write_file": ["", "write_file(name, svg) -> url: pictures as files, not inline"],
        }
        super().__init__(**kwargs)
        self._items = None

    def items(self) -> Items:
        """The item store (created once per extension, with its cache folder)."""
        if self._items is None:
            self._items = Items(check_settings(self.getConfigs())["cache_dir"])
        return self._items

    def render(self, pairs: list[tuple[int, str]], cfg: dict, start: int = 0) -> str:
        """The HTML of one directive; _OptionError(line index, message) when it is bad."""
        defaults = {"solution": cfg["solution"] or "below", "link": cfg["link"] or None,
                    "width": cfg["width"]}
        try:
            for key in ("solution", "width") + (("link",) if defaults["link"] else ()):
                defaults[key] = check_option(key, defaults[key], None)
        except _OptionError as exc:
            raise _OptionError(start, f"the extension's {exc}") from None
        opts, where = parse_options(pairs, defaults)
        link = (opts.get("permalink") or "").strip()
        number = where.get("permalink", start)
        if not link:
            raise _OptionError(number, "a permalink is needed (`!tilepress PERMALINK`, or "
                                       "`permalink: ...` in the block)")
        limit = int(cfg["max_chars"])
        if len(link) > limit:
            raise _OptionError(number, f"permalink too long to embed ({len(link)} characters, "
                                       f"limit {limit})")
        try:
            parsed = permalinks.as_link(link)           # the directive's link, read once and passed on
            check_cost(parsed, float(cfg["max_tiles"]))
            data = self.items().get(parsed)
        except TilepressError as exc:
            raise _OptionError(number, f"bad permalink {_short(link)!r}: {exc}") from None
        except Exception as exc:   # noqa: BLE001 - an engine bug still gives one line
            raise _OptionError(number, f"internal error regenerating {_short(link)!r}: "
                                       f"{type(exc).__name__}: {exc}") from None
        if data["answer"] is None and "solution" in where:
            raise _OptionError(where["solution"], f"{data['family']} items have no solution to show")
        opts["_line_link"] = where.get("link")
        return figure_html(data, opts, cfg, cfg["write_file"] or None)

    def extendMarkdown(self, md):
        # After normalize_whitespace (30), before meta (27) and fenced_code (25): the lines
        # are still the file's lines, and a ```tilepress block is ours, not a code block.
        md.preprocessors.register(TilepressPreprocessor(md, self), "tilepress", 29)
        md.registerExtension(self)


def _short(link: str) -> str:
    """A permalink as a message shows it (long ones cut)."""
    return link if len(link) <= 60 else link[:57] + "..."


def makeExtension(**kwargs):  # noqa: N802 - Python-Markdown's name for it
    """`markdown.markdown(text, extensions=["generator.pipeline.embed"])`."""
    return TilepressExtension(**kwargs)
