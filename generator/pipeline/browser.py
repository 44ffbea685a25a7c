"""The in-browser runtime: the same Python engines, run by Pyodide in the visitor's browser.

Why.  A permalink is a shareable seed link; the static site regenerates *any* valid one
itself (`regen.html#PERMALINK`), offline, from `file://` as well as from a web server, by
running the engines unchanged in CPython compiled to WebAssembly (Pyodide, the npm package
`pyodide`, version pinned in package.json).  One implementation: no JavaScript port that
could drift.  The browser tests compare its SVG bytes with CPython's on the whole golden
corpus.

What this module vendors into `regen/` at build time (cached in the build cache under a key
over the Pyodide files, the engine sources and this module):

    regen/runtime/loader.js         Pyodide's classic-script loader pyodide.js, unchanged (text
                                    asserted), gzip + base64
    regen/runtime/pyodide-asm.js    pyodide.asm.mjs rewritten into classic-script text that sets
                                    `globalThis.tilepressCreatePyodideModule` (handed to
                                    loadPyodide as `createPyodideModule`), gzip + base64,
                                    run by regen.js with a global eval
    regen/runtime/wasm.js           pyodide.asm.wasm, gzip + base64 in a script
    regen/runtime/stdlib.js         the standard library trimmed to what the engines import,
                                    as .pyc compiled by Pyodide itself, zip, gzip + base64
    regen/runtime/engines.js        the `generator` package (sources, data files and .pyc)
    regen/regen.js, regen/regen.css the page's code (templates/regen.js, templates/regen.css)
    regen.html                      the page (templates/regen.html)

Why scripts and not files: Chromium refuses `fetch()` and `import()` on `file://` pages
(origin `null`), and a Worker cannot be started from a file there, nor `importScripts` a file.
Classic `<script>` tags still load, so every part travels as base64 text inside a script.
The page hands those texts to a Web Worker made from a blob (`new Worker(blob URL)` does
start from `file://`), and the worker runs Python: it unpacks the parts with
`DecompressionStream("gzip")`, evaluates the loader and the asm module, and a fetch shim
that lives only while `loadPyodide` runs answers the loader's own two requests (the wasm and
the standard library zip).  So the page never freezes, and "Cancel" terminates the worker
(Python stops at once) and starts a fresh one.  The lock
file is replaced by `lockFileContents` with no packages.  These rest on Pyodide internals,
so `ASM_REWRITES` and `LOADER_TEXTS` assert the exact text relied on: a Pyodide upgrade
fails the build loudly instead of failing silently at view time.

Trimming.  `node` runs Pyodide once at build time over the full standard library, unpacks
the engines exactly as the page does, imports every engine module and every standard
module the engines name (AST scan, function-level imports included), runs an exercise of
CLI commands (each family's generate and regen, every view and format the page asks for,
the error paths, the players) and records which standard modules were loaded; those alone
are compiled (by Pyodide's own `compile`, unchecked-hash .pyc) into the trimmed zip.  The
same exercise runs in CPython here and the build fails unless every output is identical.

The page API (`templates/regen.js`):

    window.tilepress.regen(permalink[, {args: [...]}]) -> Promise<{svg, json}>
        svg: the text `python -m generator regen PERMALINK [ARGS] --format svg` prints,
        json: the object `... --format json` prints; rejects with Error(the CLI's one line
        `error: ...`) for a bad permalink, or with a size-cap message (the family's cost
        over its `page_cap`, generator.webapi.cap_error).
    window.tilepress.run(argv) -> Promise<{code, stdout, stderr}>   any CLI command
    window.tilepress.ready() -> Promise      the runtime is loaded

Players: the edge-marking board.  A puzzle family makes its puzzles playable on the page by
providing `board`, `check` and `solution` (in a module its `Family.player` names); the page's one player (templates/regen.js) then needs no new JS:

    board(permalink) -> {
        "kind": "edges",
        "title": str, "rules": str,          # shown above the board and on the printout
        "dots": [[x, y], ...],               # positions, any unit, y pointing down
        "edges": [[i, j], ...],              # the markable edges, as pairs of dot indices;
                                             #   an edge's id is its index in this list
        "givens": [edge id, ...],            # drawn as fixed lines, not clickable
        "outline": [[i, j], ...],            # fixed frame lines (not edges of the puzzle)
        "clues": [{"x": x, "y": y, "text": "3",          # e.g. Loopy's face numbers;
                   "count": 3, "edges": [edge id, ...],  # optional: the clue turns red
                   "size": s}, ...]                      #   when more than `count` of its edges are
                                             #   lines or fewer than `count` are left uncrossed;
                                             #   size: the digits' height in board units
        "dot_radius": r                      # optional: draw the dots as discs
        "loop": true                         # optional: the answer is one closed loop; the page
    }                                        #   flags live a dot with three lines and a closed
                                             #   loop while other lines lie outside it
    check(permalink, lines, crosses) -> {"solved": bool, "message": str,
                                         "wrong": [edge id, ...] (the first contradiction),
                                         "drawn": int, "total": int}
    solution(permalink) -> {"lines": [edge id, ...]}       # only called by "reveal"
    SOLUTION_ARGS = ("--view", "solution")   # the `regen` flags that draw the answer (folded
                                             #   "Show the solution" and the printout's 2nd page)

Site items play before Python loads: for each playable item the build writes
<family>/<slug>.play.js beside it, `window.tilepressBoards[permalink] = webapi.page_data(permalink)`
(the board, and the player's `page_check`: what the page needs to check marks itself), and
lists it in the page's config ("boards").  regen.html#PERMALINK of such an item draws the board from
it at once (marks, live errors, Check, Reveal for "answer" checks) and starts the runtime in the
background afterwards, for the regenerated picture, the facts and the hints (see write_boards).

A click or tap goes to the nearest edge and cycles it empty → line → cross → empty (a
right-click: cross ↔ empty); the board is fitted to its box, and where edges are closer than a
24 × 24 px tap area allows, the first tap zooms in there (the box then scrolls both ways);
the keyboard moves a cursor (arrows), marks (space / l / x / backspace), undoes (u, ctrl+z)
and redoes (r, ctrl+y).
Marks are kept per permalink in localStorage; the answer is fetched only on "reveal".
Calisson puzzles (generator/calissons/play.py) and Loopy (generator/loopy/play.py) play so.

A new family on the page: `regen.html#PERMALINK` works as soon as the CLI regenerates it
(the engines archive holds all of `generator/`).  Everything else is the family's `Family`
value: for the "make your own" form its `form` (the CLI command whose JSON carries the new
permalink) and `exercise` (the `regen` flags the build tries on it); for play, `player` (a
module with board/check/solution) and `hinter`; for a size cap, `page_cap` (compared with its
`cost`).  The build runs every form command under Pyodide and CPython and fails when one stops
working or their outputs differ.
"""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import io
import itertools
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from generator import webapi
from generator.families import all_families
from generator.errors import TilepressError
from generator.webapi import MAX_PERMALINK_CHARS
from generator.pipeline.sheets import qr_path

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "generator"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PREBUILT = Path(__file__).resolve().parent / "runtime.zip"   # the runtime a wheel ships (setup.py)
RUNTIME_FORMAT = 2                    # bump when the vendored layout changes
STDLIB_ZIP = "/lib/python314.zip"     # where Pyodide mounts the standard library zip
ENGINE_DIR = "/tilepress"             # where the page unpacks the engines

# The page's size cap, its "make your own" form, its players and the modules it may call are each
# family's own (`Family.cost` and `page_cap`, `form`, `player`, `hinter`, `page_modules`): see
# generator/webapi.py and docs/adding-a-family.md.  The form's fields: {name} in its argv is
# replaced by the field's value.  A select field's choices are values or {"value", "label",
# "sets": {field: [value, max]}}: choosing one sets those number fields' value and maximum.
# "exercise" (optional): the field values the build's exercise uses instead of its small defaults.
# "help" says what a field means (shown beside it with its range); "count" = {"unit", "per_area"
# (per width x height) or "per_area_from" (a select field whose choices carry "per_area", and
# optionally "margin": then per_area x (width + margin) x (height + margin), the tiles kept round
# the region's rim) or "per_side_squared" (or "per_side_squared_from", a select field whose choices
# carry it)} gives the form's "about N tiles" (densities measured on seeds 1-3; only an estimate).
SEED_MAX = 999999

# Exact texts of pyodide.asm.mjs that the rewrite replaces: (old, new, expected count).
ASM_HEAD = "async function _createPyodideModule(moduleArg={}){"
ASM_REWRITES = [
    ("import.meta.url", "__tilepressAsmURL", 3),
    ("export default _createPyodideModule;", "globalThis.tilepressCreatePyodideModule=_createPyodideModule;", 1),
]
ASM_PREAMBLE = 'var __tilepressAsmURL=globalThis.tilepressAsmURL||"";\n'
# Exact texts of pyodide.js (the loader) that the page relies on.
LOADER_TEXTS = [
    "if(e.createPyodideModule)return e.createPyodideModule",           # our asm global is used
    "e.stdLibURL!=null?t=e.stdLibURL:t=e.indexURL+\"python_stdlib.zip\"",  # the zip URL we answer
    "n.lockFilePromise=Promise.resolve(e.lockFileContents)",           # no lock file fetch
    "function Ne(e,t){let n=new URL(e,location);return{response:fetch(n",  # browser loads use fetch
    "instantiateWasm:xe(e.indexURL)",                                  # wasm = indexURL + name
    "globalThis.loadPyodide=",                                         # the classic global
]

# Python run in the page after loadPyodide: unpack the engines, import the glue.
BOOT_PY = f"""
import sys, zipfile
zipfile.ZipFile("/tmp/engines.zip").extractall({ENGINE_DIR!r})
sys.path.insert(0, {ENGINE_DIR!r})
import json
from generator import webapi
from generator.errors import TilepressError

def _tp_run(argv):
    r = webapi.run(list(argv))
    return [r["code"], r["stdout"].decode("utf-8", "replace"), r["stderr"]]

def _tp_player(name, link, args_json):
    return json.dumps(webapi.player_call(name, link, *json.loads(args_json)), sort_keys=True)

def _tp_text(value):
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    raise TypeError(f"cannot send {{type(value).__name__}} to the page")

def _tp_call(module, name, args_json):
    try:
        return json.dumps({{"ok": webapi.call(module, name, json.loads(args_json))}}, sort_keys=True,
                          default=_tp_text)
    except TilepressError as exc:
        return json.dumps({{"error": f"error: {{exc}}"}})

webapi.remember(webapi.PAGE_MEMO)
try:
    import js
    if hasattr(js, "tpProgress"):
        webapi.set_progress(lambda done, total, unit, desc: js.tpProgress(done, total, unit, desc))
except ImportError:
    pass
"""

# The exercise: runs in Pyodide (to trace imports) and in CPython (to compare outputs).
# It defines EXERCISE(run, player) -> list of [label, code, sha256(stdout), stderr].
EXERCISE_PY = r'''
import hashlib, json

def EXERCISE(run, player, forms):
    # forms: [{"name", "argv", "exercise" (field values), "regen" (flag lists; "~" first: loose),
    #          "player" (the family plays on the page)}], one per family with a form
    out = []
    def go(argv, loose=False, label=None):
        r = run(argv)
        # argparse words its messages differently across Python versions: loose = code + stdout
        out.append([label or (("~ " if loose else "") + " ".join(argv)[:200]), r["code"],
                    hashlib.sha256(r["stdout"]).hexdigest(), "" if loose else r["stderr"]])
        return r
    go(["--help"])
    go(["regen", "--help"])
    links = []
    for form in sorted(forms, key=lambda f: f["name"]):
        values = {"seed": "7", "width": "9", "height": "7", "size": "3", "level": "hard"}
        values.update(form.get("exercise", {}))
        argv = [a.format(**values) for a in form["argv"]]
        r = go(argv, label="form " + form["name"])
        if r["code"] == 0:
            links.append((json.loads(r["stdout"])["permalink"], form))
    for link, form in links:
        go(["regen", link, "--format", "svg"])
        go(["regen", link, "--format", "json"])
        for flags in form["regen"]:
            loose = flags[:1] == ["~"]
            go(["regen", link] + flags[loose:] + ["--format", "svg"], loose=loose)
        if form["player"]:
            board = json.loads(player("board", link, []))
            sol = json.loads(player("solution", link, []))
            n = len(board["edges"])
            out.append(["board", n, "", json.dumps(board, sort_keys=True)])
            out.append(["solution", n, "", json.dumps(sol, sort_keys=True)])
            for lines, crosses in ((sol["lines"], []), (sol["lines"][1:], sol["lines"][:1]), (list(range(n)), []),
                                   ([0], [0]), ([0, 1], [2]), ([-1], [])):
                out.append(["check", 0, "", player("check", link, [lines, crosses])])
            for lines, crosses in (([], []), (sol["lines"][:2], []), (sol["lines"][:3], []), ([0], [1])):
                out.append(["hint", 0, "", player("hint", link, [lines, crosses])])
    out.append(["board", 0, "", player("board", "hat.v1.x", [])])
    for bad in ("", "nonsense", "zz.v1.abc", "hat.v1.bad", "p2.v1.x", "p3.v1.1_1_1_A", "cal.v1.3~QD",
                "cal.v1.99~A", "tx.v1.zz.A", "hat.v9.1x1.r0.0-H"):
        go(["regen", bad, "--format", "svg"])
    go(["regen", "cal.v1.3~QDTBAggEUIhI", "--bogus"], loose=True)
    go(["tiling", "hat", "--width", "x", "--height", "3", "--seed", "1"])
    go(["calissons", "generate", "--size", "1", "--seed", "1"])
    return out
'''

# The node program: load Pyodide (full stdlib), unpack + exercise, trace, compile .pyc.
NODE_JS = r'''
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const input = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(pathToFileURL(input.pkg + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: input.pkg + "/", stdout: (s) => process.stderr.write(s + "\n"),
                               stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree("/tmp");
py.FS.writeFile("/tmp/engines.zip", Buffer.from(input.engines, "base64"));
py.globals.set("TP_INPUT", JSON.stringify(input.config));
const result = py.runPython(input.python);
process.stdout.write(result);
'''

# Python run by NODE_JS inside Pyodide.
TRACE_PY = r'''
import sys, json
_cfg = json.loads(TP_INPUT)
exec(_cfg["boot"], globals())
exec(_cfg["exercise"], globals())
import importlib as _il, os as _os
for _mod in _cfg["engine_modules"]:
    try:
        _il.import_module(_mod)
    except ImportError as _exc:
        if not str(getattr(_exc, "name", "") or "").split(".")[0] in _cfg["optional"]:
            raise
for _mod in _cfg["stdlib_names"]:
    try:
        _il.import_module(_mod)
    except ImportError:
        pass
def _p_run(argv):
    return webapi.run(argv)
def _p_player(name, link, args):
    return _tp_player(name, link, json.dumps(args))
_results = EXERCISE(_p_run, _p_player, _cfg["forms"])
_files = sorted({m.__file__ for m in list(sys.modules.values())
                 if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(_cfg["stdzip"] + "/")})
import base64 as _b64, zipfile as _zf, importlib.util as _iu, importlib._bootstrap_external as _be
def _pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_be._code_to_hash_pyc(code, _iu.source_hash(source), checked=False))
_std = {}
with _zf.ZipFile(_cfg["stdzip"]) as _z:
    for _f in _files:
        _rel = _f[len(_cfg["stdzip"]) + 1:]
        _std[_rel[:-3] + ".pyc"] = _b64.b64encode(_pyc(_z.read(_rel), _f)).decode()
_eng = {}
for _dir, _dirs, _names in sorted(_os.walk(_cfg["engine_dir"])):
    _dirs.sort()
    for _n in sorted(_names):
        if _n.endswith(".py"):
            _full = _os.path.join(_dir, _n)
            with open(_full, "rb") as _fh:
                _src = _fh.read()
            _eng[_il.util.cache_from_source(_full)[len(_cfg["engine_dir"]) + 1:]] = \
                _b64.b64encode(_pyc(_src, _full)).decode()
json.dumps({"stdlib": _std, "engines": _eng, "results": _results, "version": sys.version,
            "builtins": sorted(sys.builtin_module_names),
            "cache_tag": sys.implementation.cache_tag})
'''

OPTIONAL = ("cairosvg", "PIL", "pypdf", "segno", "tqdm", "jinja2", "markdown", "html5lib",
            "ezdxf")   # renderers / CLI extras (ezdxf: `--format dxf`, the dxf extra)


# --- inputs ---------------------------------------------------------------------------

def pinned_version(root: Path = ROOT) -> str:
    """The exact `pyodide` version package.json pins."""
    try:
        spec = json.loads((root / "package.json").read_text())["dependencies"]["pyodide"]
    except (OSError, ValueError, KeyError) as exc:
        raise TilepressError(f"package.json: cannot read the pinned pyodide version ({exc})") from None
    if not spec[:1].isdigit():
        raise TilepressError(f"package.json: pyodide must be pinned to an exact version, not {spec!r}")
    return spec


def missing_reason(pkg: Path | None = None) -> str | None:
    """Why the runtime cannot be vendored here (None when it can, or when the package ships it)."""
    pkg = PYODIDE_DIR if pkg is None else pkg
    if pkg == PYODIDE_DIR and not (pkg / "package.json").is_file() and PREBUILT.is_file():
        got = _MEMO.get("prebuilt") or prebuilt()
        if got is None:
            return f"{PREBUILT} was built for other engine sources than the installed ones: reinstall tilepress"
        _MEMO["prebuilt"] = got
        return None
    if not (ROOT / "package.json").is_file():          # an installed package without the runtime
        return ("this tilepress package has no Pyodide runtime: install a wheel built after `npm ci` "
                "in a tilepress checkout (see docs/deployment.md), or set interactive = false")
    if not (pkg / "package.json").is_file():
        return (f"the Pyodide runtime is not installed ({pkg} is missing): run `npm ci` in {ROOT} "
                "(needs Node.js: apt-get install nodejs npm)")
    version = json.loads((pkg / "package.json").read_text()).get("version")
    if version != pinned_version():
        return f"node_modules has pyodide {version}, package.json pins {pinned_version()}: run `npm ci`"
    if shutil.which("node") is None:
        return "Node.js is not installed (apt-get install nodejs): the build runs Pyodide to vendor it"
    return None


# Engine modules only the build uses, never the page: each family's article figures (drawn into
# the site's articles by `Family.figures`, which imports them lazily) and the DXF writer (it
# needs ezdxf, which the page does not have).  Leaving them out keeps the page's download down.
BUILD_ONLY = ("article.py", "figures.py")
BUILD_ONLY_FILES = ("generator/dxf.py",)


def engine_files() -> dict[str, bytes]:
    """The files of the engines archive: generator/ without the site pipeline and the modules
    only the build uses (BUILD_ONLY), sorted."""
    out = {}
    for path in sorted(ENGINES.rglob("*")):
        rel = path.relative_to(ENGINES.parent).as_posix()
        if (path.is_file() and "__pycache__" not in rel
                and not rel.startswith(("generator/pipeline/", "generator/_data/"))   # site pipeline, wheel data
                and not (path.name in BUILD_ONLY or rel in BUILD_ONLY_FILES)
                and not rel.endswith((".pyc", ".pyo"))):
            out[rel] = path.read_bytes()
    return out


def engine_modules(files: dict[str, bytes]) -> list[str]:
    """Dotted names of the engine modules in an archive listing."""
    mods = []
    for rel in files:
        if rel.endswith(".py"):
            name = rel[:-3].replace("/", ".")
            if not name.endswith(".__main__"):          # importing it would run the CLI
                mods.append(name[:-9] if name.endswith(".__init__") else name)
    return sorted(mods)


def imported_names(files: dict[str, bytes]) -> dict[str, list[str]]:
    """Top-level module names each engine module imports (AST, function-level imports too)."""
    out = {}
    for rel, data in files.items():
        if not rel.endswith(".py"):
            continue
        names = set()
        for node in ast.walk(ast.parse(data, rel)):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
        out[rel] = sorted(n for n in names if n.split(".")[0] not in ("generator", "__future__"))
    return out


def outside_runtime(files: dict[str, bytes], modules, builtins) -> list[tuple[str, str]]:
    """(file, module) for every import of an engine module that the trimmed runtime lacks.

    Renderer-only packages (OPTIONAL) are allowed inside functions only (imported lazily,
    never on the regeneration path); everything else must be a module of the trimmed
    standard library or built into Pyodide.
    """
    have = set(modules) | set(builtins)
    bad = []
    for rel, data in sorted(files.items()):
        if not rel.endswith(".py"):
            continue
        tree = ast.parse(data, rel)
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                if root in ("generator", "__future__") or name in have:
                    continue
                if root in OPTIONAL and id(node) not in top:
                    continue
                bad.append((rel, name))
    return bad


def _zip(files: dict[str, bytes]) -> bytes:
    """A deterministic stored zip (fixed dates, sorted names; gzip compresses it afterwards)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])
    return buf.getvalue()


def _data_script(name: str, data: bytes) -> str:
    """A classic script holding bytes as gzip + base64 text."""
    packed = base64.b64encode(gzip.compress(data, 9, mtime=0)).decode("ascii")
    return (f"/* {name}: gzip + base64, unpacked by regen.js with DecompressionStream */\n"
            f"(window.tilepressData=window.tilepressData||{{}})[{json.dumps(name)}]=\"{packed}\";\n")


def rewrite_asm(text: str) -> str:
    """pyodide.asm.mjs as a classic script defining globalThis.tilepressCreatePyodideModule."""
    if not text.startswith(ASM_HEAD):
        raise TilepressError("pyodide.asm.mjs does not start as expected; the vendoring in "
                             "generator/pipeline/browser.py must be checked against this Pyodide version")
    for old, new, count in ASM_REWRITES:
        if text.count(old) != count:
            raise TilepressError(f"pyodide.asm.mjs: expected {count} × {old!r}, found {text.count(old)}; "
                                 "check generator/pipeline/browser.py against this Pyodide version")
        text = text.replace(old, new)
    if "import.meta" in text or "\nexport " in text or text.rstrip().endswith("export default"):
        raise TilepressError("pyodide.asm.mjs: module syntax left after the rewrite")
    return ASM_PREAMBLE + text + "\n//# sourceURL=pyodide.asm.js\n"


def check_loader(text: str) -> str:
    """pyodide.js unchanged, after asserting the texts the page relies on."""
    for needle in LOADER_TEXTS + [f'"{pinned_version()}"']:
        if needle not in text:
            raise TilepressError(f"pyodide.js: expected text {needle!r} not found; check "
                                 "generator/pipeline/browser.py against this Pyodide version")
    return text


def cache_key(files: dict[str, bytes], pkg: Path | None = None) -> str:
    """The build-cache key of the vendored runtime."""
    pkg = PYODIDE_DIR if pkg is None else pkg
    h = hashlib.sha256(f"runtime {RUNTIME_FORMAT}".encode())
    for name in ("package.json", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        h.update(name.encode() + hashlib.sha256((pkg / name).read_bytes()).digest())
    h.update(Path(__file__).read_bytes())
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return h.hexdigest()


# --- the build step -------------------------------------------------------------------

def _stdlib_names(files: dict[str, bytes]) -> list[str]:
    """Every non-engine module any engine module names (tried; absent ones are skipped)."""
    return sorted({n for names in imported_names(files).values() for n in names
                   if n.split(".")[0] not in OPTIONAL})


def _node(files: dict[str, bytes], pkg: Path) -> dict:
    """Run Pyodide under node: trace, compile and exercise; return its JSON answer."""
    config = {"boot": BOOT_PY, "exercise": EXERCISE_PY, "engine_modules": engine_modules(files),
              "stdlib_names": _stdlib_names(files), "optional": list(OPTIONAL), "forms": exercise_forms(),
              "stdzip": STDLIB_ZIP, "engine_dir": ENGINE_DIR}
    payload = json.dumps({"pkg": str(pkg), "engines": base64.b64encode(_zip(files)).decode(),
                          "config": config, "python": TRACE_PY})
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE_JS], input=payload, text=True,
                          capture_output=True, timeout=900, env=dict(os.environ, NODE_NO_WARNINGS="1"))
    if proc.returncode != 0:
        lines = [ln.strip() for ln in proc.stderr.splitlines() if len(ln) < 400]
        errors = [ln for ln in lines if ln.split(":")[0].endswith(("Error", "Exception", "Exit"))]
        tail = (errors or lines or ["(no output)"])[-1]
        raise TilepressError(f"vendoring the Pyodide runtime failed under node: {tail}")
    return json.loads(proc.stdout)


def exercise_forms() -> list[dict]:
    """What the exercise runs per family with a form: its command, field values, regen flags, player."""
    return [{"name": f.name, "argv": f.form["argv"], "exercise": f.form.get("exercise", {}),
             "regen": [list(flags) for flags in f.exercise], "player": bool(f.player)}
            for f in all_families() if f.form is not None]


def _exercise_cpython() -> list:
    """The exercise's results under CPython (the reference)."""
    scope: dict = {}
    exec(EXERCISE_PY, scope)

    def player(name, link, args):
        return json.dumps(webapi.player_call(name, link, *args), sort_keys=True)
    return scope["EXERCISE"](webapi.run, player, exercise_forms())


def vendor(pkg: Path | None = None) -> dict:
    """Build the runtime files {relative path: bytes} plus "modules" (the trimmed stdlib)."""
    pkg = PYODIDE_DIR if pkg is None else pkg
    files = engine_files()
    answer = _node(files, pkg)
    mine = _exercise_cpython()
    for label, code, _digest, err in mine:
        if label.startswith("form ") and code != 0:
            raise TilepressError(f"the form of family {label[5:]!r} (its Family.form) no longer "
                                 f"runs: {err.strip()}")
    theirs = answer["results"]
    for a, b in zip(mine, theirs):
        if list(a) != list(b):
            raise TilepressError(f"Pyodide and CPython disagree on `{a[0]}`: {a[1:]} != {b[1:]}")
    if len(mine) != len(theirs):
        raise TilepressError("Pyodide and CPython ran different exercises")
    stdlib = {k: base64.b64decode(v) for k, v in answer["stdlib"].items()}
    engines = dict(files)
    engines.update({k: base64.b64decode(v) for k, v in answer["engines"].items()})
    lock = json.loads((pkg / "pyodide-lock.json").read_text())["info"]
    out = {
        "loader.js": _data_script("pyodide.js", check_loader((pkg / "pyodide.js").read_text()).encode()).encode(),
        "pyodide-asm.js": _data_script("pyodide.asm.js", rewrite_asm((pkg / "pyodide.asm.mjs").read_text())
                                       .encode()).encode(),
        "wasm.js": _data_script("pyodide.asm.wasm", (pkg / "pyodide.asm.wasm").read_bytes()).encode(),
        "stdlib.js": _data_script("stdlib.zip", _zip(stdlib)).encode(),
        "engines.js": _data_script("engines.zip", _zip(engines)).encode(),
    }
    config = {"lock": {"info": lock, "packages": {}}, "boot": BOOT_PY, "version": pinned_version(),
              "python": answer["version"].split()[0]}
    out["config.js"] = ("window.tilepressRuntime=" + json.dumps(config, sort_keys=True) + ";\n").encode()
    return {"files": out, "modules": sorted(k[:-4].replace("/", ".").removesuffix(".__init__") for k in stdlib),
            "python": answer["version"], "builtins": answer["builtins"]}


def engines_key(files: dict[str, bytes]) -> str:
    """What a prebuilt runtime depends on besides Pyodide: this module and the engine files."""
    h = hashlib.sha256(f"prebuilt runtime {RUNTIME_FORMAT}".encode())
    h.update(Path(__file__).read_bytes())
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return h.hexdigest()


def write_prebuilt(path: Path, got: dict | None = None) -> Path:
    """Write the vendored runtime (vendor() unless given) as the zip a wheel ships (PREBUILT).

    setup.py calls it when it builds a wheel in a checkout with node and node_modules/pyodide,
    so a pip-installed tilepress builds regen.html with neither."""
    got = vendor() if got is None else got
    meta = {"key": engines_key(engine_files()), "modules": got["modules"], "python": got["python"],
            "builtins": got["builtins"]}
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:   # the scripts are gzip + base64 already
        for name in sorted(got["files"]):
            zf.writestr(zipfile.ZipInfo(f"files/{name}", (1980, 1, 1, 0, 0, 0)), got["files"][name])
        zf.writestr(zipfile.ZipInfo("meta.json", (1980, 1, 1, 0, 0, 0)), json.dumps(meta, sort_keys=True))
    return path


def prebuilt(path: Path = PREBUILT) -> dict | None:
    """The shipped runtime (as vendor() returns it), or None if absent, damaged or made for other
    engine sources than the installed ones."""
    try:
        with zipfile.ZipFile(path) as zf:
            meta = json.loads(zf.read("meta.json"))
            if meta.get("key") != engines_key(engine_files()):
                return None
            files = {n[len("files/"):]: zf.read(n) for n in zf.namelist() if n.startswith("files/")}
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        return None
    return {"files": files, "modules": meta["modules"], "python": meta["python"], "builtins": meta["builtins"]}


_MEMO: dict[str, dict] = {}


def runtime(cache) -> dict:
    """The vendored runtime, from the in-process memo, the build cache, or `vendor()`; in an
    installed package without node_modules, the runtime it ships (PREBUILT)."""
    reason = missing_reason()
    if reason:
        raise TilepressError(reason)
    if not (PYODIDE_DIR / "package.json").is_file():
        got = _MEMO.get("prebuilt") or prebuilt()
        if got is None:
            raise TilepressError(f"{PREBUILT}: the shipped Pyodide runtime cannot be read; reinstall tilepress")
        _MEMO["prebuilt"] = got
        return got
    files = engine_files()
    key = cache_key(files)
    if key in _MEMO:
        return _MEMO[key]
    got = cache.get(key) if cache is not None else None
    if got is None:
        got = vendor()
        if cache is not None:
            cache.put(key, got)
    _MEMO[key] = got
    return got


def offers(link: str) -> dict:
    """What an item page offers in the browser: {"regen": the page makes it (its size cap, the
    same rule regen.html applies), "play": a puzzle the page plays}."""
    ok = webapi.cap_error(link) is None
    return {"regen": ok, "play": ok and webapi.playable(link)}


def page_config(families: list[dict], base_url: str = "") -> dict:
    """What regen.html needs to know: the form's families (those built first), players, and the
    site's own picture of each item it can regenerate (shown at once while Python loads); with a
    base URL, "qr": the item's QR code picture (its page's address), for the printout.  The size
    cap is each family's cost rule, asked of the engines (webapi.cap_error): "caps" stays empty."""
    forms = {f.name: f.form for f in all_families() if f.form is not None}
    built = [f["name"] for f in families]
    order = [n for n in built if n in forms] + [n for n in forms if n not in built]
    items = {i["permalink"]: f"{f['name']}/{i['slug']}.svg" for f, i in site_items(families)
             if offers(i["permalink"])["regen"]}
    qr = {link: path[:-4] + ".qr.svg" for link, path in items.items()} if base_url else {}
    return {"caps": [], "max_chars": MAX_PERMALINK_CHARS, "seed_max": SEED_MAX,
            "forms": [dict(forms[n], name=n) for n in order], "players": webapi.players(),
            "hints": webapi.hinters(),
            "items": dict(sorted(items.items())), "qr": dict(sorted(qr.items())), "base_url": base_url,
            "boards": {}}


def site_items(families: list[dict]):
    """(family view, item view) of every item with a permalink: the gallery's, then the daily ones."""
    for f in families:
        for i in itertools.chain(f["items"], f.get("daily") or ()):
            if i.get("permalink"):
                yield f, i


# Boards beside the items.  For each playable site item the build writes <family>/<slug>.play.js,
# a classic script (file:// allows no fetch) that sets window.tilepressBoards[permalink] to
# generator.webapi.page_data(permalink): the board and what the page needs to check the marks
# itself.  regen.html#PERMALINK of a site item loads that file, and the board takes marks at once;
# the Python runtime loads afterwards, in the background, for what needs it (the regenerated
# picture, facts, hints).  Cached per permalink under the engines' key.
PAGE_DATA_FORMAT = 1


def play_script(link: str, data: dict) -> bytes:
    """The board file of one item: deterministic JSON (sorted keys) inside a classic script."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
    return (f"/* tilepress: the board of a site item for regen.html (generator/pipeline/browser.py) */\n"
            f"(window.tilepressBoards=window.tilepressBoards||{{}})[{json.dumps(link)}]={text};\n").encode()


def write_boards(writer, families: list[dict], shown: dict, cache) -> dict:
    """Write the board file of every playable item regen.html shows; {permalink: its path}."""
    out = {}
    engines = hashlib.sha256(f"page data {PAGE_DATA_FORMAT}".encode())
    for rel, data in engine_files().items():
        engines.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    for f, i in site_items(families):
        link = i["permalink"]
        if link not in shown or link in out or not webapi.playable(link):
            continue
        key = hashlib.sha256(engines.digest() + link.encode()).hexdigest()
        got = cache.get(key) if cache is not None else None
        if got is None:
            data = webapi.page_data(link)
            got = play_script(link, data) if data is not None else b""
            if cache is not None:
                cache.put(key, got)
        if got:
            out[link] = f"{f['name']}/{i['slug']}.play.js"
            writer.write(out[link], got)
    return dict(sorted(out.items()))


def qr_svg(url: str) -> str:
    """A QR code of url as a small SVG document (20 x 20 mm; the sheets' drawing)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
            f"<title>QR code: {url}</title>{qr_path(url, 0, 0, 20)}</svg>\n")


# The service worker (sw.js at the site's root; regen.js registers it over http(s) only: file://
# has none).  It answers the runtime's scripts from a cache named after their content, so a second
# page, or a second visit, starts Python without downloading 8 MB again; a new build's runtime
# gets a new cache and the old one is deleted.
SERVICE_WORKER = """/* tilepress: cache the Python runtime of regen.html (generator/pipeline/browser.py). */
"use strict";
const CACHE = "tilepress-runtime-%(key)s";
self.addEventListener("install", (ev) => { self.skipWaiting(); });
self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys().then((names) => Promise.all(names.filter((n) =>
    n.startsWith("tilepress-runtime-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", (ev) => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== "GET" || url.origin !== location.origin || !url.pathname.includes("/regen/runtime/")) return;
  ev.respondWith(caches.open(CACHE).then((cache) => cache.match(ev.request).then((hit) => hit ||
    fetch(ev.request).then((res) => { if (res.ok) cache.put(ev.request, res.clone()); return res; }))));
});
"""


def write(writer, env, render, common: dict, cache, template_file) -> None:
    """Write regen.html, its assets, the vendored runtime and its service worker through the writer
    (`template_file(env, name)`: the theme's file of a template, else the built-in one)."""
    rt = runtime(cache)
    digest = hashlib.sha256()
    for name in sorted(rt["files"]):
        writer.write(f"regen/runtime/{name}", rt["files"][name])
        digest.update(name.encode() + b"\0" + hashlib.sha256(rt["files"][name]).digest())
    writer.write("sw.js", (SERVICE_WORKER % {"key": digest.hexdigest()[:16]}).encode())
    for name in ("regen.js", "regen.css"):            # copied as they are (no Jinja in them)
        writer.write(f"regen/{name}", template_file(env, name).read_bytes())
    base_url = common["site"].get("base_url") or ""
    config = page_config(common["families"], base_url)
    config["boards"] = write_boards(writer, common["families"], config["items"], cache)
    pages = {f"{f['name']}/{i['slug']}.svg": i["url"] for f, i in site_items(common["families"])}
    for link, path in config["qr"].items():            # the printout's QR code opens the item's page
        writer.write(config["qr"][link], qr_svg(base_url + pages[config["items"][link]]).encode())
    cfg = json.dumps(config, sort_keys=True).replace("</", "<\\/")
    writer.write("regen.html", render(env, "regen.html", root="", page_url="regen.html",
                                      title="Regenerate, make your own, play", page_config=cfg,
                                      runtime_files=sorted(rt["files"]), **common))
