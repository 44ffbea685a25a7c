/* tilepress in the browser: the Python engines under Pyodide, the regen page, the edge player.
 *
 * window.tilepress.ready()             -> Promise: the runtime is loaded (only when asked)
 * window.tilepress.run(argv)           -> Promise<{code, stdout, stderr}> of `python -m generator ARGV`
 * window.tilepress.regen(permalink[, {args}]) -> Promise<{svg, json}>; rejects with Error(CLI message)
 * window.tilepress.player(name, permalink, args) -> Promise<object> (board / check / solution)
 *
 * Works from file:// (classic scripts only, no fetch, no import(), no worker): see
 * generator/pipeline/browser.py for why and how the runtime is packed.
 */
(function () {
  "use strict";
  var T = window.tilepress = window.tilepress || {};
  var here = (document.currentScript && document.currentScript.src) || location.href;
  var RUNTIME = new URL("runtime/", here).href;
  var SCRIPTS = ["config.js", "pyodide.js", "pyodide-asm.js", "wasm.js", "stdlib.js", "engines.js"];
  var listeners = [];
  var readyPromise = null;

  T.onstatus = function (fn) { listeners.push(fn); };
  function status(text) { listeners.forEach(function (fn) { fn(text); }); }
  function paint() { return new Promise(function (ok) { setTimeout(ok, 20); }); }

  function loadScript(src) {
    return new Promise(function (ok, fail) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = ok;
      s.onerror = function () { fail(new Error("could not load " + src)); };
      document.head.appendChild(s);
    });
  }

  async function unpack(name) {
    var text = window.tilepressData[name];
    delete window.tilepressData[name];
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function start() {
    var t0 = performance.now();
    status("Loading the Python runtime (about 8 MB)…");
    var done = 0;
    await Promise.all(SCRIPTS.map(function (f) {
      return loadScript(RUNTIME + f).then(function () {
        done += 1;
        status("Loading the Python runtime… " + done + "/" + SCRIPTS.length);
      });
    }));
    status("Unpacking…");
    var cfg = window.tilepressRuntime;
    var parts = await Promise.all(["pyodide.asm.wasm", "stdlib.zip", "engines.zip", "pyodide.asm.js"].map(unpack));
    window.tilepressAsmURL = RUNTIME + "pyodide.asm.js";
    (0, eval)(new TextDecoder().decode(parts[3]));
    var answers = {"pyodide.asm.wasm": [parts[0], "application/wasm"], "stdlib.zip": [parts[1], "application/zip"]};
    var realFetch = window.fetch;
    window.fetch = function (input, init) {       // answers the loader's own two requests only
      var url = String((input && input.url) || input);
      var name = url.slice(url.lastIndexOf("/") + 1);
      if (url.indexOf(RUNTIME) === 0 && answers[name]) {
        return Promise.resolve(new Response(answers[name][0], {status: 200, headers: {"Content-Type": answers[name][1]}}));
      }
      return realFetch.apply(this, arguments);
    };
    status("Starting Python " + cfg.python + "…");
    await paint();
    var py;
    try {
      py = await window.loadPyodide({
        indexURL: RUNTIME, stdLibURL: RUNTIME + "stdlib.zip", lockFileContents: cfg.lock,
        createPyodideModule: window.tilepressCreatePyodideModule, checkAPIVersion: true,
        stdout: function () {}, stderr: function () {}
      });
    } finally {
      window.fetch = realFetch;
    }
    status("Loading the engines…");
    py.FS.mkdirTree("/tmp");
    py.FS.writeFile("/tmp/engines.zip", parts[2]);
    py.runPython(cfg.boot);
    T.python = py;
    T.startupMs = performance.now() - t0;
    status("");
    return py;
  }

  T.ready = function () {
    if (!readyPromise) {
      readyPromise = start().catch(function (err) { readyPromise = null; throw err; });
    }
    return readyPromise;
  };

  T.run = async function (argv) {
    var py = await T.ready();
    var fn = py.globals.get("_tp_run");
    try {
      var res = fn(argv.map(String));
      var out = res.toJs();
      res.destroy();
      return {code: out[0], stdout: out[1], stderr: out[2]};
    } finally {
      fn.destroy();
    }
  };

  T.player = async function (name, permalink, args) {
    var py = await T.ready();
    var fn = py.globals.get("_tp_player");
    try {
      var obj = JSON.parse(fn(name, permalink, JSON.stringify(args || [])));
    } finally {
      fn.destroy();
    }
    if (obj && obj.error) throw new Error(obj.error);
    return obj;
  };

  T.config = {caps: [], max_chars: 20000, forms: [], players: [], seed_max: 999999, solutions: {}};

  /* The page's size cap: null when fine, else the one-line message. */
  T.capError = function (permalink) {
    var p = String(permalink).trim();
    if (p.length > T.config.max_chars) {
      return "error: permalink too long for the page (" + p.length + " characters, limit " + T.config.max_chars +
        "); regenerate it with `python -m generator regen`";
    }
    for (var i = 0; i < T.config.caps.length; i++) {
      var cap = T.config.caps[i], m = new RegExp(cap.re).exec(p);
      if (!m) continue;
      if (cap.area && Number(m[1]) * Number(m[2]) > cap.area) {
        return "error: this patch is " + m[1] + " × " + m[2] + " = " + Math.round(Number(m[1]) * Number(m[2])) +
          " square units; the page regenerates up to " + cap.area + " (use `python -m generator regen` for bigger ones)";
      }
      if (cap.side && Number(m[1]) > cap.side) {
        return "error: this puzzle has side " + m[1] + "; the page regenerates puzzles up to side " + cap.side +
          " (use `python -m generator regen` for bigger ones)";
      }
    }
    return null;
  };

  function cliError(res) {
    return new Error((res.stderr || "error: exit code " + res.code).trim().split("\n")[0]);
  }

  T.regen = async function (permalink, opts) {
    if (typeof permalink !== "string") throw new Error("error: permalink must be a string");
    var cap = T.capError(permalink);
    if (cap) throw new Error(cap);
    var extra = (opts && opts.args) || [];
    var svg = await T.run(["regen", permalink].concat(extra, ["--format", "svg"]));
    if (svg.code !== 0) throw cliError(svg);
    var js = await T.run(["regen", permalink].concat(extra, ["--format", "json"]));
    if (js.code !== 0) throw cliError(js);
    return {svg: svg.stdout, json: JSON.parse(js.stdout)};
  };

  /* ---------------------------------------------------------------- the edge player */

  var SVGNS = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function Player(box, board, permalink, say) {
    this.board = board;
    this.storeKey = "tilepress.play." + permalink;
    this.permalink = permalink;
    this.say = say;
    this.marks = {};            // edge id -> 1 line, 2 cross
    this.undoStack = [];
    this.redoStack = [];
    this.cursor = 0;
    this.given = {};
    var self = this;
    board.givens.forEach(function (g) { self.given[g] = true; });
    this.free = board.edges.map(function (_, i) { return i; }).filter(function (i) { return !self.given[i]; });
    this.cursor = this.free.length ? this.free[0] : 0;
    this.load();
    this.draw(box);
    this.render();
  }

  Player.prototype.load = function () {
    try {
      var saved = JSON.parse(localStorage.getItem(this.storeKey) || "null");
      if (saved) {
        var self = this;
        (saved.lines || []).forEach(function (i) { if (self.valid(i)) self.marks[i] = 1; });
        (saved.crosses || []).forEach(function (i) { if (self.valid(i)) self.marks[i] = 2; });
      }
    } catch (e) { /* storage unavailable or corrupt: start empty */ }
  };

  Player.prototype.valid = function (i) {
    return Number.isInteger(i) && i >= 0 && i < this.board.edges.length && !this.given[i];
  };

  Player.prototype.lists = function () {
    var lines = [], crosses = [];
    for (var k in this.marks) (this.marks[k] === 1 ? lines : crosses).push(Number(k));
    lines.sort(function (a, b) { return a - b; });
    crosses.sort(function (a, b) { return a - b; });
    return {lines: lines, crosses: crosses};
  };

  Player.prototype.save = function () {
    try { localStorage.setItem(this.storeKey, JSON.stringify(this.lists())); } catch (e) { /* private mode */ }
  };

  Player.prototype.draw = function (box) {
    var b = this.board, dots = b.dots, self = this;
    var xs = dots.map(function (d) { return d[0]; }), ys = dots.map(function (d) { return d[1]; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    var pad = 0.6;
    var svg = el("svg", {viewBox: [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad].join(" "),
      "class": "tp-board", role: "application", tabindex: "0",
      "aria-label": b.title + ": arrows move, space cycles line / cross / empty, u undo, r redo, c check"});
    svg.style.minWidth = Math.round(24 * (x1 - x0 + 2 * pad)) + "px";   // edges stay tappable on phones (box scrolls)
    box.appendChild(svg);
    this.svg = svg;
    var frame = el("g", {"class": "tp-outline"}, svg);
    b.outline.forEach(function (e) {
      el("line", {x1: dots[e[0]][0], y1: dots[e[0]][1], x2: dots[e[1]][0], y2: dots[e[1]][1]}, frame);
    });
    this.lines = [];
    this.crossMarks = [];
    var g = el("g", {"class": "tp-edges"}, svg);
    var hits = el("g", {"class": "tp-hits"}, svg);
    b.edges.forEach(function (e, i) {
      var a = dots[e[0]], c = dots[e[1]];
      var line = el("line", {x1: a[0], y1: a[1], x2: c[0], y2: c[1], "class": self.given[i] ? "given" : "edge"}, g);
      self.lines.push(line);
      var mx = (a[0] + c[0]) / 2, my = (a[1] + c[1]) / 2, s = 0.12;
      var cross = el("path", {d: "M" + (mx - s) + " " + (my - s) + "L" + (mx + s) + " " + (my + s) +
        "M" + (mx - s) + " " + (my + s) + "L" + (mx + s) + " " + (my - s), "class": "cross"}, g);
      self.crossMarks.push(cross);
      if (!self.given[i]) {
        var dx = c[0] - a[0], dy = c[1] - a[1], w = 0.28;     // a diamond around the edge: easy to tap
        var pts = [[a[0] + 0.08 * dx, a[1] + 0.08 * dy], [mx - w * dy, my + w * dx],
                   [c[0] - 0.08 * dx, c[1] - 0.08 * dy], [mx + w * dy, my - w * dx]];
        var hit = el("path", {d: "M" + pts.map(function (q) { return q[0].toFixed(4) + " " + q[1].toFixed(4); }).join("L") + "Z",
          "class": "hit", "data-edge": i}, hits);
        hit.addEventListener("click", function (ev) {
          ev.preventDefault();
          self.cursor = i;
          self.cycle(i);
        });
        hit.addEventListener("contextmenu", function (ev) {     // right-click: cross <-> empty
          ev.preventDefault();
          self.cursor = i;
          self.set(i, self.marks[i] === 2 ? 0 : 2);
        });
      }
    });
    if (b.dot_radius) {                          // optional: dots drawn as discs (Loopy)
      var dg = el("g", {"class": "tp-dots"}, svg);
      dots.forEach(function (d) { el("circle", {cx: d[0], cy: d[1], r: b.dot_radius}, dg); });
    }
    this.clueTexts = [];
    (b.clues || []).forEach(function (c) {
      var t = el("text", {x: c.x, y: c.y, "class": "clue", "text-anchor": "middle", "dominant-baseline": "central"}, svg);
      t.textContent = c.text;
      self.clueTexts.push(t);
    });
    svg.addEventListener("keydown", function (ev) { self.onKey(ev); });
  };

  Player.prototype.set = function (i, state, record) {
    var before = this.marks[i] || 0;
    if (before === state) return;
    if (state) this.marks[i] = state; else delete this.marks[i];
    if (record !== false) {
      this.undoStack.push([i, before, state]);
      this.redoStack = [];
    }
    this.wrong = null;
    this.save();
    this.render();
  };

  Player.prototype.cycle = function (i) { this.set(i, ((this.marks[i] || 0) + 1) % 3); };

  Player.prototype.undo = function () {
    var step = this.undoStack.pop();
    if (!step) return;
    this.redoStack.push(step);
    this.set(step[0], step[1], false);
  };

  Player.prototype.redo = function () {
    var step = this.redoStack.pop();
    if (!step) return;
    this.undoStack.push(step);
    this.set(step[0], step[2], false);
  };

  Player.prototype.reset = function () {
    this.marks = {};
    this.undoStack = [];
    this.redoStack = [];
    this.wrong = null;
    this.save();
    this.render();
  };

  Player.prototype.render = function () {
    var self = this, wrong = {};
    (this.wrong || []).forEach(function (w) { wrong[w] = true; });
    this.lines.forEach(function (line, i) {
      if (self.given[i]) return;
      var st = self.marks[i] || 0;
      line.setAttribute("class", "edge" + (st === 1 ? " on" : "") + (wrong[i] ? " wrong" : "") +
        (i === self.cursor ? " cursor" : ""));
      self.crossMarks[i].setAttribute("class", "cross" + (st === 2 ? " on" : "") + (wrong[i] ? " wrong" : ""));
    });
    (this.board.clues || []).forEach(function (c, k) {
      self.clueTexts[k].setAttribute("class", "clue" + (self.broken(c) ? " broken" : ""));
    });
    var l = this.lists();
    if (this.onchange) this.onchange(l.lines.length, l.crosses.length);
  };

  /* A clue with a count and edges is broken when more of its edges are lines, or fewer are left uncrossed. */
  Player.prototype.broken = function (clue) {
    if (typeof clue.count !== "number" || !clue.edges) return false;
    var on = 0, off = 0, self = this;
    clue.edges.forEach(function (e) {
      var st = self.given[e] ? 1 : (self.marks[e] || 0);
      if (st === 1) on += 1; else if (st === 2) off += 1;
    });
    return on > clue.count || clue.edges.length - off < clue.count;
  };

  Player.prototype.move = function (dx, dy) {
    var b = this.board, dots = b.dots, cur = b.edges[this.cursor];
    var cx = (dots[cur[0]][0] + dots[cur[1]][0]) / 2, cy = (dots[cur[0]][1] + dots[cur[1]][1]) / 2;
    var best = null, bestScore = Infinity;
    for (var k = 0; k < this.free.length; k++) {
      var i = this.free[k], e = b.edges[i];
      var x = (dots[e[0]][0] + dots[e[1]][0]) / 2 - cx, y = (dots[e[0]][1] + dots[e[1]][1]) / 2 - cy;
      var along = x * dx + y * dy, across = Math.abs(x * dy - y * dx);
      if (along <= 1e-6 || across > along * 1.5) continue;
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = i; }
    }
    if (best !== null) { this.cursor = best; this.render(); }
  };

  Player.prototype.onKey = function (ev) {
    var k = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
    var dirs = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    if (dirs[k]) this.move(dirs[k][0], dirs[k][1]);
    else if (k === " " || k === "Enter") this.cycle(this.cursor);
    else if (k === "l") this.set(this.cursor, 1);
    else if (k === "x") this.set(this.cursor, 2);
    else if (k === "Backspace" || k === "Delete" || k === "0") this.set(this.cursor, 0);
    else if ((ctrl && k === "z") || (!ctrl && k === "u")) this.undo();
    else if ((ctrl && k === "y") || (!ctrl && k === "r")) this.redo();
    else if (!ctrl && k === "c" && this.oncheck) this.oncheck();
    else if (!ctrl && k === "h" && this.onhint) this.onhint();
    else return;
    ev.preventDefault();
  };

  Player.prototype.check = async function () {
    var l = this.lists();
    var res = await T.player("check", this.permalink, [l.lines, l.crosses]);
    this.wrong = res.wrong;
    this.render();
    return res;
  };

  Player.prototype.reveal = async function () {
    var res = await T.player("solution", this.permalink, []);
    var self = this;
    this.marks = {};
    res.lines.forEach(function (i) { self.marks[i] = 1; });
    this.undoStack = [];
    this.redoStack = [];
    this.wrong = null;
    this.save();
    this.render();
  };

  T.Player = Player;

  /* ---------------------------------------------------------------- the regen page */

  function $(id) { return document.getElementById(id); }

  function show(node, on) { if (node) node.hidden = !on; }

  function download(name, blob) {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  /* The `regen` flags that draw a puzzle's answer (null for families without one). */
  function solutionArgs(permalink) {
    var args = (T.config.solutions || {})[String(permalink).split(".")[0]];
    return args && args.length ? args : null;
  }

  function slug(permalink) { return permalink.replace(/[^A-Za-z0-9_.-]/g, "-").slice(0, 120); }

  function svgURL(svg) { return URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"})); }

  function pngFromSVG(svg, scale) {
    return new Promise(function (ok, fail) {
      var img = new Image();
      img.onload = function () {
        var w = Math.min(4096, Math.round((img.naturalWidth || 800) * scale));
        var h = Math.round(w * (img.naturalHeight || 600) / (img.naturalWidth || 800));
        var canvas = document.createElement("canvas");
        canvas.width = w;
        canvas.height = h;
        var ctx = canvas.getContext("2d");
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, w, h);
        ctx.drawImage(img, 0, 0, w, h);
        canvas.toBlob(function (b) { b ? ok(b) : fail(new Error("PNG encoding failed")); }, "image/png");
      };
      img.onerror = function () { fail(new Error("the SVG could not be drawn")); };
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    });
  }

  function factRows(json) {
    var rows = [];
    Object.keys(json).sort().forEach(function (k) {
      var v = json[k];
      if (k === "permalink") return;
      if (v === null || typeof v !== "object") rows.push([k, String(v)]);
      else if (Array.isArray(v)) rows.push([k, v.length + (v.length === 1 ? " entry" : " entries")]);
      else {
        var parts = Object.keys(v).sort().filter(function (s) { return v[s] === null || typeof v[s] !== "object"; })
          .map(function (s) { return s + " " + v[s]; });
        if (parts.length) rows.push([k, parts.join(", ")]);
      }
    });
    return rows;
  }

  function Page() {
    var cfgNode = $("tp-config");
    if (cfgNode) Object.assign(T.config, JSON.parse(cfgNode.textContent));
    this.current = null;
    var self = this;
    T.onstatus(function (text) { self.status(text); });
    this.buildForm();
    $("tp-open").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var p = $("tp-permalink").value.trim();
      if (p) self.go(p);
    });
    $("tp-make").addEventListener("submit", function (ev) { ev.preventDefault(); self.make(); });
    $("tp-random").addEventListener("click", function () { self.randomSeed(); });
    $("tp-family").addEventListener("change", function () { self.fields(); });
    $("tp-png").addEventListener("click", function () { self.png(); });
    $("tp-svg").addEventListener("click", function () { self.svgDownload(); });
    $("tp-copy").addEventListener("click", function () { self.copy(); });
    $("tp-print").addEventListener("click", function () { self.print(); });
    $("tp-solution").addEventListener("toggle", function () { if ($("tp-solution").open) self.solution(); });
    window.addEventListener("hashchange", function () { self.fromHash(); });
    this.fromHash();
  }

  Page.prototype.status = function (text) {
    $("tp-status").textContent = text;
    $("tp-status").hidden = !text;
  };

  Page.prototype.error = function (msg) {
    $("tp-error").textContent = msg || "";
    show($("tp-error"), !!msg);
  };

  Page.prototype.go = function (permalink) {
    var h = "#" + permalink;
    if (location.hash === h) this.fromHash();
    else location.hash = h;
  };

  Page.prototype.fromHash = function () {
    var p = "";
    try { p = decodeURIComponent(location.hash.slice(1)).trim(); } catch (e) { p = location.hash.slice(1); }
    if (p) {
      $("tp-permalink").value = p;
      this.showItem(p);
    }
  };

  Page.prototype.buildForm = function () {
    var sel = $("tp-family");
    T.config.forms.forEach(function (f) {
      var o = document.createElement("option");
      o.value = f.name;
      o.textContent = f.title;
      sel.appendChild(o);
    });
    $("tp-seed").max = T.config.seed_max;
    this.fields();
  };

  Page.prototype.form = function () {
    var name = $("tp-family").value;
    return T.config.forms.filter(function (f) { return f.name === name; })[0];
  };

  Page.prototype.fields = function () {
    var box = $("tp-fields"), f = this.form();
    box.textContent = "";
    if (!f) return;
    f.fields.forEach(function (fd) {
      var label = document.createElement("label"), input;
      label.textContent = fd.label + " ";
      if (fd.type === "select") {
        input = document.createElement("select");
        fd.choices.forEach(function (c) {
          var o = document.createElement("option");
          if (typeof c === "object") { o.value = c.value; o.textContent = c.label || c.value; }
          else o.value = o.textContent = c;
          input.appendChild(o);
        });
        input.addEventListener("change", function () { applySets(fd, input.value); });
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = fd.min;
        input.max = fd.max;
        input.step = "any";
        input.required = true;
      }
      input.value = fd.value;
      input.name = fd.name;
      input.id = "tp-field-" + fd.name;
      label.appendChild(input);
      box.appendChild(label);
    });
    f.fields.forEach(function (fd) { if (fd.type === "select") applySets(fd, String(fd.value)); });
  };

  /* A select choice {"value", "sets": {field: [value, max]}} sets other number fields' value and maximum. */
  function applySets(fd, value) {
    fd.choices.forEach(function (c) {
      if (typeof c !== "object" || c.value !== value || !c.sets) return;
      Object.keys(c.sets).forEach(function (name) {
        var input = $("tp-field-" + name);
        if (!input) return;
        input.max = c.sets[name][1];
        input.value = c.sets[name][0];
      });
    });
  }

  Page.prototype.randomSeed = function () {
    var a = new Uint32Array(1);
    crypto.getRandomValues(a);
    $("tp-seed").value = a[0] % (T.config.seed_max + 1);
  };

  Page.prototype.make = async function () {
    var f = this.form();
    if (!f) return;
    var values = {seed: String(Math.floor(Number($("tp-seed").value) || 0))};
    var bad = null;
    f.fields.forEach(function (fd) {
      var input = $("tp-field-" + fd.name);
      values[fd.name] = input.value;
      if (fd.type === "number" && !bad) {
        var v = Number(input.value), lo = Number(input.min), hi = Number(input.max);
        if (input.value === "" || !isFinite(v) || v < lo || v > hi) {
          bad = "error: " + fd.label.toLowerCase() + " must be between " + lo + " and " + hi +
            " on this page (the command line makes bigger ones)";
        }
      }
    });
    if (bad) { this.error(bad); return; }
    var argv = f.argv.map(function (a) { return a.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; }); });
    this.error("");
    this.status("Making a new " + f.title + "…");
    try {
      await T.ready();
      this.status("Making a new " + f.title + "…");
      await paint();
      var res = await T.run(argv);
      if (res.code !== 0) throw cliError(res);
      this.status("");
      this.go(JSON.parse(res.stdout).permalink);
    } catch (err) {
      this.status("");
      this.error(err.message);
    }
  };

  Page.prototype.showItem = async function (permalink) {
    this.error("");
    show($("tp-result"), false);
    show($("tp-play"), false);
    var cap = T.capError(permalink);
    if (cap) { this.error(cap); return; }
    try {
      await T.ready();
      this.status("Regenerating…");
      await paint();
      var t0 = performance.now();
      var res = await T.regen(permalink);
      T.lastRegenMs = performance.now() - t0;
      this.status("");
      this.current = {permalink: permalink, svg: res.svg, json: res.json, solution: null};
      this.render();
      var playable = T.config.players.indexOf(permalink.split(".")[0]) >= 0;
      show($("tp-figure"), !playable);        // the board shows the same puzzle, playable
      if (playable) await this.play(permalink);
      $("tp-result").scrollIntoView({block: "start"});
      document.documentElement.setAttribute("data-tp-shown", permalink);
    } catch (err) {
      this.status("");
      this.error(err.message);
      document.documentElement.setAttribute("data-tp-error", err.message);
    }
  };

  Page.prototype.render = function () {
    var c = this.current, json = c.json;
    $("tp-title").textContent = (json.family ? json.family + ": " : "") + c.permalink;
    var img = $("tp-picture");
    if (img.src && img.src.indexOf("blob:") === 0) URL.revokeObjectURL(img.src);
    img.src = svgURL(c.svg);
    img.alt = "The picture the permalink " + c.permalink + " names";
    var puzzle = !!solutionArgs(c.permalink);
    show($("tp-solution"), puzzle);
    $("tp-solution").open = false;
    $("tp-solution-img").removeAttribute("src");
    var tbody = $("tp-facts");
    tbody.textContent = "";
    factRows(json).forEach(function (r) {
      var tr = document.createElement("tr"), th = document.createElement("th"), td = document.createElement("td");
      th.scope = "row";
      th.textContent = r[0];
      td.textContent = r[1];
      tr.appendChild(th);
      tr.appendChild(td);
      tbody.appendChild(tr);
    });
    $("tp-share").value = location.href.split("#")[0] + "#" + c.permalink;
    $("tp-code").textContent = c.permalink;
    $("tp-command").textContent = "python -m generator regen " + c.permalink + " --format svg";
    show($("tp-result"), true);
  };

  Page.prototype.solution = async function () {
    var c = this.current;
    if (!c) return null;
    if (!c.solution) {
      var res = await T.run(["regen", c.permalink].concat(solutionArgs(c.permalink), ["--format", "svg"]));
      if (res.code !== 0) { this.error(cliError(res).message); return null; }
      c.solution = res.stdout;
    }
    $("tp-solution-img").src = svgURL(c.solution);
    return c.solution;
  };

  Page.prototype.svgDownload = function () {
    if (this.current) download(slug(this.current.permalink) + ".svg", new Blob([this.current.svg], {type: "image/svg+xml"}));
  };

  Page.prototype.png = async function () {
    if (!this.current) return;
    try {
      download(slug(this.current.permalink) + ".png", await pngFromSVG(this.current.svg, 2));
    } catch (err) { this.error("error: " + err.message); }
  };

  Page.prototype.copy = function () {
    var input = $("tp-share");
    input.select();
    var done = function () { $("tp-copy").textContent = "Copied"; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(input.value).then(done, function () {});
    else { document.execCommand("copy"); done(); }
  };

  Page.prototype.print = async function () {
    var c = this.current;
    if (!c) return;
    var puzzle = !!solutionArgs(c.permalink);
    $("tp-print-title").textContent = $("tp-title").textContent;
    $("tp-print-rules").textContent = this.player ? this.player.board.rules : "";
    $("tp-print-picture").src = svgURL(c.svg);
    $("tp-print-permalink").textContent = c.permalink;
    show($("tp-print-second"), puzzle);
    if (puzzle) {
      var sol = await this.solution();
      if (sol) $("tp-print-solution").src = svgURL(sol);
    }
    await paint();
    window.print();
  };

  Page.prototype.play = async function (permalink) {
    var box = $("tp-board");
    box.textContent = "";
    var board = await T.player("board", permalink, []);
    var self = this;
    var say = function (t) { $("tp-play-status").textContent = t; };
    var p = new Player(box, board, permalink, say);
    this.player = p;
    $("tp-rules").textContent = board.rules;
    $("tp-play-title").textContent = board.title;
    p.onchange = function (lines, crosses) {
      $("tp-progress").textContent = lines + " line" + (lines === 1 ? "" : "s") + ", " + crosses + " cross" +
        (crosses === 1 ? "" : "es") + " marked (kept in this browser)";
    };
    p.render();
    p.oncheck = function () { self.check(); };
    if (T.hints) T.hints.attach(this, p);
    say("");
    show($("tp-play"), true);
  };

  Page.prototype.check = async function () {
    if (!this.player) return;
    var res = await this.player.check();
    $("tp-play-status").textContent = res.message;
    $("tp-play-status").className = res.solved ? "solved" : (res.wrong.length ? "wrong" : "");
  };

  function wirePlayer(page) {
    $("tp-undo").addEventListener("click", function () { if (page.player) page.player.undo(); });
    $("tp-redo").addEventListener("click", function () { if (page.player) page.player.redo(); });
    $("tp-check").addEventListener("click", function () { page.check(); });
    $("tp-reveal").addEventListener("click", async function () {
      if (!page.player) return;
      await page.player.reveal();
      $("tp-play-status").textContent = "Revealed: the board shows the solution.";
      $("tp-play-status").className = "";
    });
    $("tp-reset").addEventListener("click", function () {
      if (page.player) { page.player.reset(); $("tp-play-status").textContent = ""; }
      if (page.hints) page.hints.clear();
    });
  }

  if ($("tp-app")) {
    var openPage = function () { var page = new Page(); wirePlayer(page); T.page = page; };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openPage);
    else openPage();
  }
})();

/* ---------------------------------------------------------------- hints: the Hint button
 *
 * For players whose family offers `hint` (config "hints": permalink prefixes).  The first
 * press asks the engines for the next deduction from the current marks (the same Python as
 * `python -m generator <family> hint`), shades the faces it reads, outlines the edges it reads
 * (blue) and the edges it decides (orange), and shows its sentence; a second press, with the
 * marks unchanged, applies it (a "mistake" hint clears the wrong mark).  Keyboard: h.
 */
(function () {
  "use strict";
  var T = window.tilepress;
  var SVGNS = "http://www.w3.org/2000/svg";
  function $(id) { return document.getElementById(id); }
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  var LEVEL_WORDS = {"mistake": "Mistake", "solved": "Solved", "stuck": "Stuck"};

  function Hints(player) {
    this.player = player;
    this.pending = null;
    this.layers = [];
  }

  Hints.prototype.key = function () {
    var l = this.player.lists();
    return JSON.stringify([l.lines, l.crosses]);
  };

  Hints.prototype.say = function (html) {
    var box = $("tp-hint");
    if (!box) return;
    box.textContent = "";
    html.forEach(function (part) {
      var node = part[0] ? document.createElement(part[0]) : document.createTextNode(part[1]);
      if (part[0]) node.textContent = part[1];
      box.appendChild(node);
    });
    box.hidden = !html.length;
  };

  Hints.prototype.clear = function () {
    this.layers.forEach(function (g) { g.remove(); });
    this.layers = [];
    this.pending = null;
    this.say([]);
  };

  Hints.prototype.draw = function (h) {
    var b = this.player.board, dots = b.dots, svg = this.player.svg;
    var under = el("g", {"class": "tp-hint-faces"});
    svg.insertBefore(under, svg.querySelector(".tp-edges"));
    (h.shapes || []).forEach(function (ring) {
      el("polygon", {points: ring.map(function (d) { return dots[d].join(","); }).join(" ")}, under);
    });
    var over = el("g", {"class": "tp-hint-edges"});
    svg.insertBefore(over, svg.querySelector(".tp-hits"));
    var line = function (i, cls) {
      var e = b.edges[i];
      el("line", {x1: dots[e[0]][0], y1: dots[e[0]][1], x2: dots[e[1]][0], y2: dots[e[1]][1], "class": cls}, over);
    };
    h.ids.read.forEach(function (i) { line(i, "read"); });
    h.ids.yes.concat(h.ids.no).forEach(function (i) { line(i, "new"); });
    (h.because.dots || []).forEach(function (d) { el("circle", {cx: dots[d][0], cy: dots[d][1], r: 0.16}, over); });
    this.layers = [under, over];
  };

  Hints.prototype.press = async function () {
    var p = this.player, k = this.key();
    if (this.pending && this.pending.key === k) { this.apply(this.pending.hint); return; }
    this.clear();
    this.say([["", "Looking for the next deduction…"]]);
    var l = p.lists(), h;
    try {
      h = await T.player("hint", p.permalink, [l.lines, l.crosses]);
    } catch (err) {
      this.say([["strong", "Hint: "], ["", err.message]]);
      return;
    }
    if (this.key() !== k) { this.say([]); return; }     // the marks changed meanwhile
    this.pending = {key: k, hint: h};
    this.draw(h);
    var words = LEVEL_WORDS[h.rule] || ("Hint (" + h.level + ")");
    var more = (h.rule === "solved" || h.rule === "stuck") ? "" :
      (h.rule === "mistake" ? " Press Hint again to remove that mark." : " Press Hint again to apply it.");
    this.say([["strong", words + ": "], ["", h.text], ["em", more]]);
    T.lastHint = h;
  };

  Hints.prototype.apply = function (h) {
    var p = this.player;
    this.clear();
    if (h.rule === "mistake") h.ids.read.forEach(function (i) { p.set(i, 0); });
    else {
      h.ids.yes.forEach(function (i) { p.set(i, 1); });
      h.ids.no.forEach(function (i) { p.set(i, 2); });
    }
  };

  /* Called by the page for each new board: show the button when the family offers hints. */
  function attach(page, player) {
    var button = $("tp-hint-button");
    var on = (T.config.hints || []).indexOf(player.permalink.split(".")[0]) >= 0;
    if (page.hints) page.hints.clear();
    page.hints = on ? new Hints(player) : null;
    if (button) button.hidden = !on;
    if (!on) return;
    var hints = page.hints, before = player.onchange, last = hints.key();
    player.onchange = function (a, b) {                // marks changed: the shown hint is stale
      var k = hints.key();
      if (k !== last) { last = k; if (hints.pending && hints.pending.key !== k) hints.clear(); }
      if (before) before(a, b);
    };
    player.onhint = function () { hints.press(); };
    if (button && !button.tpWired) {
      button.tpWired = true;
      button.addEventListener("click", function () { if (page.hints) page.hints.press(); });
    }
  }

  T.hints = {attach: attach, Hints: Hints};
})();
