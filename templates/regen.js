/* tilepress in the browser: the Python engines under Pyodide in a Web Worker, the regen page,
 * the edge player.
 *
 * window.tilepress.call(module, name, args[, {onprogress}]) -> Promise of the result of the Python
 *     call generator.<module>.<name>(*args) (args and result JSON-able; bytes come back as text),
 *     run in the worker; rejects with Error("error: ...") for a TilepressError, Error("cancelled")
 *     after cancel().  onprogress({done, total, unit, desc}) hears the engine's progress bars
 *     (done null: a step, its desc only).
 *     e.g. tilepress.call("loopy.play", "check", [permalink, lines, crosses]); the modules the page
 *     may call are listed in generator.webapi.page_modules() (each family's Family.page_modules)
 * window.tilepress.cancel()            stop the running call now (terminates the worker; a fresh
 *                                      one starts at once, the pending calls reject "cancelled")
 * window.tilepress.ready()             -> Promise: the worker's Python is loaded (only when asked)
 * window.tilepress.warmUp()            -> Promise of the worker's warm-up ({seconds}): once the worker
 *                                      is idle it makes a small puzzle unseen (generator.webapi.warm_up),
 *                                      so that the visitor's first puzzle runs in the WebAssembly
 *                                      engine's fast code; once per worker (the form asks for it when
 *                                      the visitor starts filling it in)
 * window.tilepress.run(argv)           -> Promise<{code, stdout, stderr}> of `python -m generator ARGV`
 * window.tilepress.regen(permalink[, {args}]) -> Promise<{svg, json}>; rejects with Error(CLI message)
 * window.tilepress.player(name, permalink, args) -> Promise<object> (board / check / solution)
 * window.tilepress.onstatus(fn), onprogress(fn), onbusy(fn)   listeners for the page
 * window.tilepress.midpointGap(edges, dots, keep) -> the least distance from a kept edge's midpoint
 *                                      to another edge (the board's tap-safe scale)
 *
 * Works from file:// (classic scripts only, no fetch, no import(); the worker is made from a
 * blob and is handed the runtime's texts): see generator/pipeline/browser.py.
 */
(function () {
  "use strict";
  var T = window.tilepress = window.tilepress || {};
  var here = (document.currentScript && document.currentScript.src) || location.href;
  var RUNTIME = new URL("runtime/", here).href;
  var SCRIPTS = ["config.js", "loader.js", "pyodide-asm.js", "wasm.js", "stdlib.js", "engines.js"];
  var PARTS = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "stdlib.zip", "engines.zip"];
  var listeners = {status: [], progress: [], busy: []};

  function on(kind) { return function (fn) { listeners[kind].push(fn); }; }
  T.onstatus = on("status");
  T.onprogress = on("progress");
  T.onbusy = on("busy");
  function tell(kind, value) { listeners[kind].forEach(function (fn) { fn(value); }); }
  function status(text) { tell("status", text); }

  function loadScript(src) {
    return new Promise(function (ok, fail) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = ok;
      s.onerror = function () { fail(new Error("error: could not load " + src)); };
      document.head.appendChild(s);
    });
  }

  var scripts = null;
  function loadScripts() {              // once per page: the texts stay for a fresh worker
    if (!scripts) {
      var done = 0;
      status("Loading the Python runtime (about 8 MB)…");
      scripts = Promise.all(SCRIPTS.map(function (f) {
        return loadScript(RUNTIME + f).then(function () {
          done += 1;
          status("Loading the Python runtime… " + done + "/" + SCRIPTS.length);
        });
      })).catch(function (err) { scripts = null; throw err; });
    }
    return scripts;
  }

  /* The worker's program (its text becomes a blob: a worker file would not start on file://). */
  function workerMain() {
    var py = null, call = null, current = null;
    function post(m) { self.postMessage(m); }
    self.tpProgress = function (done, total, unit, desc) {
      if (current !== null) {
        post({id: current, progress: {done: done === undefined ? null : done, total: total === undefined ? null : total,
          unit: unit || "", desc: desc || ""}});
      }
    };
    async function unpack(text) {
      var raw = atob(text), bytes = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    }
    function message(err) {             // a PythonError's last line, else the JS message
      var lines = String((err && err.message) || err).trim().split("\n");
      return "error: internal error: " + lines[lines.length - 1];
    }
    async function init(m) {
      post({status: "Unpacking the runtime…"});
      var parts = {};
      for (var i = 0; i < m.names.length; i++) parts[m.names[i]] = await unpack(m.data[m.names[i]]);
      var text = new TextDecoder();
      // Pyodide refuses "classic" workers (it tells them apart by a working importScripts); this one
      // imports nothing (no file loads on file://), so it hides importScripts from the loader.
      self.importScripts = function () { throw new Error("tilepress: no importScripts in this worker"); };
      (0, eval)(text.decode(parts["pyodide.js"]));
      self.tilepressAsmURL = m.runtime + "pyodide.asm.js";
      (0, eval)(text.decode(parts["pyodide.asm.js"]));
      var answers = {"pyodide.asm.wasm": [parts["pyodide.asm.wasm"], "application/wasm"],
                     "stdlib.zip": [parts["stdlib.zip"], "application/zip"]};
      var realFetch = self.fetch;
      self.fetch = function (input) {     // answers the loader's own two requests only
        var url = String((input && input.url) || input), name = url.slice(url.lastIndexOf("/") + 1);
        if (url.indexOf(m.runtime) === 0 && answers[name]) {
          return Promise.resolve(new Response(answers[name][0], {status: 200,
            headers: {"Content-Type": answers[name][1]}}));
        }
        return realFetch.apply(self, arguments);
      };
      post({status: "Starting Python " + m.cfg.python + "…"});
      try {
        py = await self.loadPyodide({indexURL: m.runtime, stdLibURL: m.runtime + "stdlib.zip",
          lockFileContents: m.cfg.lock, createPyodideModule: self.tilepressCreatePyodideModule,
          checkAPIVersion: true, stdout: function () {}, stderr: function () {}});
      } finally {
        self.fetch = realFetch;
      }
      post({status: "Loading the engines…"});
      py.FS.mkdirTree("/tmp");
      py.FS.writeFile("/tmp/engines.zip", parts["engines.zip"]);
      py.runPython(m.cfg.boot);
      call = py.globals.get("_tp_call");
    }
    self.onmessage = async function (ev) {
      var m = ev.data;
      if (m.op === "init") {
        try {
          await init(m);
          post({ready: true});
        } catch (err) {
          post({ready: false, error: message(err)});
        }
        return;
      }
      current = m.id;
      try {
        post({id: m.id, result: JSON.parse(call(m.module, m.name, JSON.stringify(m.args)))});
      } catch (err) {
        post({id: m.id, result: {error: message(err)}});
      } finally {
        current = null;
      }
    };
  }

  var worker = null, readyPromise = null, pending = {}, nextId = 1, asked = 0, warm = null;

  function busyCount() {                // the calls the visitor waits for (not the quiet warm-up)
    return Object.keys(pending).filter(function (id) { return !pending[id].quiet; }).length;
  }
  function idle() { return !busyCount() && !asked; }
  function busyChanged() {
    tell("busy", busyCount());
    // a wanted warm-up waits for a quiet moment (not the gap between two steps of one request)
    if (idle() && warm && warm.wanted && !warm.started) {
      setTimeout(function () { if (idle() && warm) warm.start(); }, 300);
    }
  }

  /* The warm-up of a fresh worker: started, when wanted, once nothing else is asked for or running. */
  function warmUp(w) {
    var job = {started: false, wanted: false}, ok, fail;
    job.promise = new Promise(function (a, b) { ok = a; fail = b; });
    job.promise.catch(function () {});
    job.skip = function () {                // a long call ran: the engine is warm already
      if (!job.started) { job.started = true; ok(null); }
    };
    job.start = function () {
      if (worker !== w || job.started) return;
      job.started = true;
      var id = nextId++;
      pending[id] = {ok: ok, fail: fail, quiet: true};
      w.postMessage({op: "call", id: id, module: "webapi", name: "warm_up", args: []});
    };
    return job;
  }

  function failAll(err) {
    var jobs = pending;
    pending = {};
    Object.keys(jobs).forEach(function (id) { jobs[id].fail(err); });
    busyChanged();
  }

  function startWorker() {
    var t0 = performance.now();
    var p = loadScripts().then(function () {
      var src = "(" + workerMain.toString() + ")();\n//# sourceURL=tilepress-worker.js\n";
      var w = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
      worker = w;
      return new Promise(function (ok, fail) {
        w.onmessage = function (ev) {
          var m = ev.data;
          if (w !== worker) return;
          if (m.status !== undefined) status(m.status);
          else if (m.ready !== undefined) {
            if (m.ready) {
              T.startupMs = performance.now() - t0;
              status("");
              warm = warmUp(w);
              ok(w);
            }
            else fail(new Error(m.error));
          } else if (m.id && pending[m.id]) {
            var job = pending[m.id];
            if (m.progress) {
              if (job.onprogress) job.onprogress(m.progress);
              if (!job.quiet) tell("progress", m.progress);
            } else {
              delete pending[m.id];
              if (!job.quiet && warm && performance.now() - job.t0 > 1000) warm.skip();
              busyChanged();
              if (m.result && m.result.error !== undefined) job.fail(new Error(m.result.error));
              else job.ok(m.result ? m.result.ok : null);
            }
          }
        };
        w.onerror = function (ev) {
          ev.preventDefault();
          var err = new Error("error: the Python worker stopped: " + (ev.message || "unknown error"));
          fail(err);
          if (w === worker) { worker = null; readyPromise = null; failAll(err); }
        };
        var data = {};
        PARTS.forEach(function (n) { data[n] = window.tilepressData[n]; });
        w.postMessage({op: "init", names: PARTS, data: data, cfg: window.tilepressRuntime, runtime: RUNTIME});
      });
    });
    p.catch(function () { if (readyPromise === p) readyPromise = null; });
    return p;
  }

  T.ready = function () {
    if (!readyPromise) readyPromise = startWorker();
    return readyPromise;
  };

  T.warmUp = function () {
    return T.ready().then(function () {
      var job = warm;
      if (!job.wanted) {
        job.wanted = true;
        setTimeout(busyChanged, 0);          // after the calls that waited for the worker are sent
      }
      return job.promise;
    });
  };

  T.call = function (module, name, args, opts) {
    asked += 1;
    return T.ready().then(function (w) {
      asked -= 1;
      return new Promise(function (ok, fail) {
        var id = nextId++;
        pending[id] = {ok: ok, fail: fail, onprogress: opts && opts.onprogress, t0: performance.now()};
        busyChanged();
        w.postMessage({op: "call", id: id, module: module, name: name, args: args || []});
      });
    }, function (err) { asked -= 1; throw err; });
  };

  T.busy = function () { return busyCount() > 0; };

  T.cancel = function () {
    if (worker) worker.terminate();
    worker = null;
    warm = null;
    readyPromise = null;
    failAll(new Error("cancelled"));
    return T.ready();                    // a fresh worker, ready for the next request
  };

  T.run = function (argv) { return T.call("webapi", "run", [argv.map(String)]); };

  T.player = function (name, permalink, args) {
    return T.call("webapi", "player_call", [name, permalink].concat(args || [])).then(function (obj) {
      if (obj && obj.error) throw new Error(obj.error);
      return obj;
    });
  };

  T.config = {caps: [], max_chars: 20000, forms: [], players: [], seed_max: 999999, items: {}};

  /* The page's size cap (generator.webapi.cap_error, the rule the item pages use too): null or the message. */
  T.capError = function (permalink) {
    return T.call("webapi", "cap_error", [String(permalink), T.config.caps, T.config.max_chars]);
  };

  /* What the page offers for a permalink: {playable, solution_args} (generator.webapi.describe). */
  T.describe = function (permalink) { return T.call("webapi", "describe", [String(permalink)]); };

  function cliError(res) {
    return new Error((res.stderr || "error: exit code " + res.code).trim().split("\n")[0]);
  }

  T.regen = async function (permalink, opts) {
    if (typeof permalink !== "string") throw new Error("error: permalink must be a string");
    var cap = await T.capError(permalink);
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
    this.showCursor = false;       // drawn once the keyboard is used, never before anything is touched
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

  /* Distance from point (px, py) to segment a-c. */
  function segDist(px, py, a, c) {
    var dx = c[0] - a[0], dy = c[1] - a[1], L = dx * dx + dy * dy;
    var t = L ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / L)) : 0;
    return Math.hypot(px - a[0] - t * dx, py - a[1] - t * dy);
  }

  /* The least distance from the midpoint of an edge (those keep(i) says) to any other edge: the
   * same minimum as over every pair, found through a grid of square cells so that a 600-face
   * board (4,400 edges) takes milliseconds, not a second of the page's thread.  First a bound u:
   * the least distance from a midpoint to an edge sharing a dot with it.  An edge nearer than u to
   * a midpoint has a point inside the square of half side u round it, so it is listed in one of
   * the cells that square meets (each edge is listed in every cell its bounding box meets). */
  function midpointGap(edges, dots, keep) {
    var at = dots.map(function () { return []; }), mids = [], u = Infinity, best = Infinity;
    edges.forEach(function (e, j) { at[e[0]].push(j); at[e[1]].push(j); });
    edges.forEach(function (e, i) {
      if (!keep(i)) return;
      var m = [(dots[e[0]][0] + dots[e[1]][0]) / 2, (dots[e[0]][1] + dots[e[1]][1]) / 2, i];
      mids.push(m);
      at[e[0]].concat(at[e[1]]).forEach(function (j) {
        if (j !== i) u = Math.min(u, segDist(m[0], m[1], dots[edges[j][0]], dots[edges[j][1]]));
      });
    });
    if (!mids.length) return Infinity;
    var xs = dots.map(function (d) { return d[0]; }), ys = dots.map(function (d) { return d[1]; });
    var x0 = Math.min.apply(null, xs), y0 = Math.min.apply(null, ys);
    var span = Math.max(Math.max.apply(null, xs) - x0, Math.max.apply(null, ys) - y0, 1e-9);
    if (!isFinite(u)) u = span;
    var cell = Math.max(u, span / 512), cells = {};     // at most 512 x 512 cells
    var key = function (cx, cy) { return cx + "," + cy; };
    var index = function (v, lo) { return Math.floor((v - lo) / cell); };
    edges.forEach(function (f, j) {
      var a = dots[f[0]], c = dots[f[1]];
      for (var cx = index(Math.min(a[0], c[0]), x0); cx <= index(Math.max(a[0], c[0]), x0); cx++) {
        for (var cy = index(Math.min(a[1], c[1]), y0); cy <= index(Math.max(a[1], c[1]), y0); cy++) {
          (cells[key(cx, cy)] = cells[key(cx, cy)] || []).push(j);
        }
      }
    });
    var r = u * (1 + 1e-9);                            // rounding never loses a cell
    mids.forEach(function (m) {
      for (var cx = index(m[0] - r, x0); cx <= index(m[0] + r, x0); cx++) {
        for (var cy = index(m[1] - r, y0); cy <= index(m[1] + r, y0); cy++) {
          (cells[key(cx, cy)] || []).forEach(function (j) {
            if (j !== m[2]) best = Math.min(best, segDist(m[0], m[1], dots[edges[j][0]], dots[edges[j][1]]));
          });
        }
      }
    });
    return best;
  }
  T.midpointGap = midpointGap;

  var TAP_PX = 24;            // WCAG 2.2 target size: every edge's tap area holds a 24 x 24 px square

  Player.prototype.draw = function (box) {
    var b = this.board, dots = b.dots, self = this;
    var xs = dots.map(function (d) { return d[0]; }), ys = dots.map(function (d) { return d[1]; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    var pad = 0.6;
    this.W = x1 - x0 + 2 * pad;
    this.H = y1 - y0 + 2 * pad;
    // A tap goes to the nearest edge; a 24 px square round an edge's midpoint is all nearer to that
    // edge than to any other when the midpoint is 24 * sqrt(2) px from every other edge.
    var dmin = midpointGap(b.edges, dots, function (i) { return !self.given[i]; });
    this.playScale = isFinite(dmin) ? TAP_PX * Math.SQRT2 / dmin : 24;
    var svg = el("svg", {viewBox: [x0 - pad, y0 - pad, this.W, this.H].join(" "),
      "class": "tp-board", role: "application", tabindex: "0",
      "aria-label": b.title + ": arrows move, space cycles line / cross / empty, u undo, r redo, c check"});
    box.appendChild(svg);
    this.box = box;
    this.svg = svg;
    var frame = el("g", {"class": "tp-outline"}, svg);
    b.outline.forEach(function (e) {
      el("line", {x1: dots[e[0]][0], y1: dots[e[0]][1], x2: dots[e[1]][0], y2: dots[e[1]][1]}, frame);
    });
    this.lines = [];
    this.crossMarks = [];
    this.cursorLine = el("line", {"class": "tp-cursor", visibility: "hidden"}, svg);
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
        var dx = c[0] - a[0], dy = c[1] - a[1], w = 0.28;     // a diamond round the edge: its hover mark
        var pts = [[a[0] + 0.08 * dx, a[1] + 0.08 * dy], [mx - w * dy, my + w * dx],
                   [c[0] - 0.08 * dx, c[1] - 0.08 * dy], [mx + w * dy, my - w * dx]];
        el("path", {d: "M" + pts.map(function (q) { return q[0].toFixed(4) + " " + q[1].toFixed(4); }).join("L") + "Z",
          "class": "hit", "data-edge": i}, hits);
      }
    });
    if (b.dot_radius) {                          // optional: dots drawn as discs (Loopy)
      this.dotGroup = el("g", {"class": "tp-dots"}, svg);
      this.dotMarks = dots.map(function (d) { return el("circle", {cx: d[0], cy: d[1], r: b.dot_radius}, self.dotGroup); });
    }
    this.clueTexts = [];
    (b.clues || []).forEach(function (c) {
      var t = el("text", {x: c.x, y: c.y, "class": "clue", "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": c.size || 0.5}, svg);
      t.textContent = c.text;
      self.clueTexts.push(t);
    });
    svg.addEventListener("click", function (ev) { ev.preventDefault(); self.tap(ev, false); });
    svg.addEventListener("contextmenu", function (ev) { ev.preventDefault(); self.tap(ev, true); });
    svg.addEventListener("keydown", function (ev) { self.showCursor = true; self.onKey(ev); });
    this.fit();
  };

  /* The nearest markable edge to a point of the screen (client px), or -1. */
  Player.prototype.edgeAt = function (clientX, clientY) {
    var m = this.svg.getScreenCTM();
    if (!m) return -1;
    var pt = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    var best = -1, bestD = Infinity, dots = this.board.dots, self = this;
    this.free.forEach(function (i) {
      var e = self.board.edges[i], d = segDist(pt.x, pt.y, dots[e[0]], dots[e[1]]);
      if (d < bestD) { bestD = d; best = i; }
    });
    return best;
  };

  /* A click or tap: marks the nearest edge, or first zooms in where the edges are too close to hit. */
  Player.prototype.tap = function (ev, right) {
    var i = this.edgeAt(ev.clientX, ev.clientY);
    if (i < 0) return;
    if (this.scale < this.playScale * 0.999) {
      this.zoom(this.playScale, ev.clientX, ev.clientY);
      if (this.onzoom) this.onzoom("Zoomed in so that every edge is easy to hit; tap an edge now.");
      return;
    }
    this.cursor = i;
    if (right) this.set(i, this.marks[i] === 2 ? 0 : 2);
    else this.cycle(i);
  };

  /* Show the board at `scale` CSS px per unit, keeping the point under (clientX, clientY) in place. */
  Player.prototype.zoom = function (scale, clientX, clientY) {
    var box = this.box, r = box.getBoundingClientRect(), old = this.scale || scale;
    var fx = clientX === undefined ? r.width / 2 : clientX - r.left, fy = clientY === undefined ? r.height / 2 : clientY - r.top;
    var ux = (box.scrollLeft + fx) / old, uy = (box.scrollTop + fy) / old;
    this.scale = scale;
    this.svg.style.width = Math.round(this.W * scale) + "px";
    this.svg.style.height = Math.round(this.H * scale) + "px";
    box.scrollLeft = ux * scale - fx;
    box.scrollTop = uy * scale - fy;
    var rDot = this.board.dot_radius;
    if (this.dotMarks) {
      var rr = Math.max(rDot, 1.5 / scale);
      this.dotMarks.forEach(function (c) { c.setAttribute("r", rr); });
    }
    if (this.onzoomed) this.onzoomed(scale >= this.playScale * 0.999);
  };

  /* The whole board in its box (the box's width; at most 75% of the window's height), or the
   * tap-safe scale when the whole board still fits the box and 90% of the window at it. */
  Player.prototype.fitScale = function () {
    var w = this.box.clientWidth || 600, vh = window.innerHeight || 800;
    var fit = Math.min(w / this.W, Math.max(200, vh * 0.75) / this.H, Math.max(this.playScale, 90));
    if (this.playScale * this.W <= w && this.playScale * this.H <= vh * 0.9) fit = Math.max(fit, this.playScale);
    return fit;
  };

  Player.prototype.fit = function () { this.zoom(this.fitScale()); };
  Player.prototype.zoomIn = function () { this.zoom(Math.max(this.playScale, this.scale * 1.5)); };
  Player.prototype.zoomOut = function () { this.zoom(Math.max(this.fitScale(), this.scale / 1.5)); };

  Player.prototype.set = function (i, state, record) {
    var before = this.marks[i] || 0;
    if (before === state) return;
    if (state) this.marks[i] = state; else delete this.marks[i];
    if (record !== false) {
      this.undoStack.push([i, before, state]);
      this.redoStack = [];
    }
    this.wrong = null;             // a checked verdict is about the marks before this change
    this.save();
    this.render();
    if (this.onmark) this.onmark();
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

  /* Live line errors, as in Tatham's Loopy (boards with "loop": true): a dot where three or more
   * lines meet, and a closed loop while other lines lie outside it.  {edges: {id: true}, dots: {id: true}} */
  Player.prototype.liveErrors = function () {
    var out = {edges: {}, dots: {}};
    if (!this.board.loop) return out;
    var b = this.board, self = this, at = {}, lines = [];
    b.edges.forEach(function (e, i) {
      if ((self.given[i] ? 1 : self.marks[i]) !== 1) return;
      lines.push(i);
      (at[e[0]] = at[e[0]] || []).push(i);
      (at[e[1]] = at[e[1]] || []).push(i);
    });
    Object.keys(at).forEach(function (d) {
      if (at[d].length > 2) {
        out.dots[d] = true;
        at[d].forEach(function (i) { out.edges[i] = true; });
      }
    });
    var seen = {};
    lines.forEach(function (start) {          // components of the lines; a closed one with lines outside it
      if (seen[start]) return;
      var comp = [], stack = [start], closed = true;
      seen[start] = true;
      while (stack.length) {
        var i = stack.pop();
        comp.push(i);
        b.edges[i].forEach(function (d) {
          if (at[d].length !== 2) closed = false;
          at[d].forEach(function (j) { if (!seen[j]) { seen[j] = true; stack.push(j); } });
        });
      }
      if (closed && comp.length < lines.length) comp.forEach(function (i) { out.edges[i] = true; });
    });
    return out;
  };

  Player.prototype.render = function () {
    var self = this, wrong = {};
    (this.wrong || []).forEach(function (w) { wrong[w] = true; });
    var live = this.liveErrors();
    this.lines.forEach(function (line, i) {
      if (self.given[i]) return;
      var st = self.marks[i] || 0, bad = wrong[i] || live.edges[i];
      // the error style wins over every other, the cursor included (the cursor is a separate halo)
      line.setAttribute("class", "edge" + (st === 1 ? " on" : "") + (bad ? " wrong" : ""));
      self.crossMarks[i].setAttribute("class", "cross" + (st === 2 ? " on" : "") + (bad ? " wrong" : ""));
    });
    if (this.dotMarks) this.dotMarks.forEach(function (c, d) { c.setAttribute("class", live.dots[d] ? "wrong" : ""); });
    var cur = this.board.edges[this.cursor], dots = this.board.dots;
    if (this.showCursor && cur) {
      this.cursorLine.setAttribute("x1", dots[cur[0]][0]);
      this.cursorLine.setAttribute("y1", dots[cur[0]][1]);
      this.cursorLine.setAttribute("x2", dots[cur[1]][0]);
      this.cursorLine.setAttribute("y2", dots[cur[1]][1]);
      this.cursorLine.setAttribute("visibility", "visible");
    } else {
      this.cursorLine.setAttribute("visibility", "hidden");
    }
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

  function paint() { return new Promise(function (ok) { setTimeout(ok, 20); }); }

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

  function factRows(rows, tbody) {
    tbody.textContent = "";
    rows.forEach(function (r) {
      var tr = document.createElement("tr"), th = document.createElement("th"), td = document.createElement("td");
      th.scope = "row";
      th.textContent = r[0];
      td.textContent = typeof r[1] === "number" ? r[1].toLocaleString("en", {maximumFractionDigits: 4}) : String(r[1]);
      tr.appendChild(th);
      tr.appendChild(td);
      tbody.appendChild(tr);
    });
  }

  function Page() {
    var cfgNode = $("tp-config");
    if (cfgNode) Object.assign(T.config, JSON.parse(cfgNode.textContent));
    this.current = null;
    this.label = "";
    this.progress = "";
    var self = this;
    T.onstatus(function (text) { self.label = text; self.showStatus(); });
    T.onprogress(function (p) { self.progress = progressText(p); self.showStatus(); });
    T.onbusy(function (n) { show($("tp-cancel"), n > 0); if (!n) { self.progress = ""; self.showStatus(); } });
    this.buildForm();
    $("tp-open").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var p = $("tp-permalink").value.trim();
      if (p) self.go(p);
    });
    $("tp-make").addEventListener("submit", function (ev) { ev.preventDefault(); self.make(); });
    ["focusin", "input", "change"].forEach(function (kind) {     // a puzzle is coming: warm the engine
      $("tp-make").addEventListener(kind, function () { T.warmUp().catch(function () {}); });
    });
    $("tp-random").addEventListener("click", function () { self.randomSeed(); });
    $("tp-family").addEventListener("change", function () { self.fields(); });
    $("tp-png").addEventListener("click", function () { self.png(); });
    $("tp-svg").addEventListener("click", function () { self.svgDownload(); });
    $("tp-cut").addEventListener("click", function () { self.makerDownload("cut-svg", ".cut.svg", "image/svg+xml"); });
    $("tp-graph").addEventListener("click", function () { self.makerDownload("graph", ".graph.json", "application/json"); });
    $("tp-copy").addEventListener("click", function () { self.copy(); });
    $("tp-print").addEventListener("click", function () { self.print(); });
    // The printout replaces the page only while the Print button prints it: the browser's own
    // Print (Ctrl+P) then prints the page as shown, never a blank or a stale printout.
    window.addEventListener("afterprint", function () { document.documentElement.classList.remove("tp-printing"); });
    $("tp-cancel").addEventListener("click", function () { self.cancel(); });
    $("tp-solution").addEventListener("toggle", function () { if ($("tp-solution").open) self.solution(); });
    window.addEventListener("hashchange", function () { self.fromHash(); });
    this.fromHash();
  }

  function progressText(p) {
    if (p.done === null) return p.desc;          // a step (generator.output.stage), no count
    var n = Number(p.done).toLocaleString("en");
    var what = p.unit ? " " + p.unit + (p.done === 1 ? "" : "s") : "";
    var text = p.total ? n + " of about " + Number(p.total).toLocaleString("en") + what : n + what + " so far";
    return (p.desc ? p.desc + ": " : "") + text;
  }

  /* The status line: what runs, for how long, how far it got; a Cancel button while Python works. */
  Page.prototype.showStatus = function () {
    var text = this.label;
    if (text && this.started) text += " " + Math.floor((performance.now() - this.started) / 1000) + " s";
    if (text && this.progress) text += " — " + this.progress;
    $("tp-status-text").textContent = text;
    $("tp-status").hidden = !text;
  };

  Page.prototype.status = function (text) {
    this.label = text;
    clearInterval(this.ticker);
    this.started = text ? performance.now() : 0;
    var self = this;
    if (text) this.ticker = setInterval(function () { self.showStatus(); }, 500);
    this.showStatus();
  };

  /* Run fn() under a status line; "cancelled" ends quietly with a note. */
  Page.prototype.work = async function (text, fn) {
    this.error("");
    this.status(text);
    try {
      return await fn();
    } catch (err) {
      if (err.message === "cancelled") {
        this.note("Stopped. Python was restarted, ready for the next request.");
        return null;
      }
      this.error(err.message);
      document.documentElement.setAttribute("data-tp-error", err.message);
      return null;
    } finally {
      this.status("");
    }
  };

  Page.prototype.cancel = function () {
    T.cancel();
    this.status("");
  };

  Page.prototype.note = function (text) {
    $("tp-note").textContent = text;
    show($("tp-note"), !!text);
  };

  Page.prototype.error = function (msg) {
    $("tp-error").textContent = msg || "";
    show($("tp-error"), !!msg);
    if (msg) this.note("");
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
    var box = $("tp-fields"), f = this.form(), self = this;
    box.textContent = "";
    if (!f) return;
    f.fields.forEach(function (fd) {
      var wrap = document.createElement("div"), label = document.createElement("label"), input;
      wrap.className = "tp-field";
      label.textContent = fd.label + " ";
      if (fd.type === "select") {
        input = document.createElement("select");
        fd.choices.forEach(function (c) {
          var o = document.createElement("option");
          if (typeof c === "object") { o.value = c.value; o.textContent = c.label || c.value; }
          else o.value = o.textContent = c;
          input.appendChild(o);
        });
        input.addEventListener("change", function () { applySets(fd, input.value); self.estimate(); });
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = fd.min;
        input.max = fd.max;
        input.step = "any";
        input.required = true;
        input.addEventListener("input", function () { self.estimate(); });
      }
      input.value = fd.value;
      input.name = fd.name;
      input.id = "tp-field-" + fd.name;
      var help = document.createElement("span");
      help.className = "tp-help";
      help.id = "tp-help-" + fd.name;
      input.setAttribute("aria-describedby", help.id);
      label.appendChild(input);
      wrap.appendChild(label);
      wrap.appendChild(help);
      box.appendChild(wrap);
    });
    f.fields.forEach(function (fd) { if (fd.type === "select") applySets(fd, String(fd.value)); });
    var est = document.createElement("p");
    est.id = "tp-estimate";
    est.className = "tp-help";
    est.setAttribute("aria-live", "polite");
    box.appendChild(est);
    this.estimate();
  };

  /* Beside each field: what it means and its range (the maximum a tiling choice sets); the form's
   * "about N tiles" from the family's measured density (its Family.form "count"). */
  Page.prototype.estimate = function () {
    var f = this.form();
    if (!f) return;
    var val = function (name) { var i = $("tp-field-" + name); return i ? Number(i.value) : NaN; };
    f.fields.forEach(function (fd) {
      var input = $("tp-field-" + fd.name), text = fd.help || "";
      if (fd.type === "number") text += (text ? "; " : "") + input.min + " to " + input.max;
      $("tp-help-" + fd.name).textContent = text;
    });
    var c = f.count, n = null;
    var choice = function (field, key) {      // the `key` of the chosen option of a select field
      var from = $("tp-field-" + field), out;
      f.fields.forEach(function (fd) {
        if (fd.name === field) fd.choices.forEach(function (ch) { if (ch.value === from.value) out = ch[key]; });
      });
      return out;
    };
    if (c && c.per_side_squared_from) n = choice(c.per_side_squared_from, "per_side_squared") * val("size") * val("size");
    else if (c && c.per_side_squared) n = c.per_side_squared * val("size") * val("size");
    else if (c) {
      var per = c.per_area, margin = 0;
      if (c.per_area_from) {
        var from = $("tp-field-" + c.per_area_from);
        f.fields.forEach(function (fd) {
          if (fd.name !== c.per_area_from) return;
          fd.choices.forEach(function (ch) {
            if (typeof ch === "object" && ch.value === from.value) { per = ch.per_area; margin = ch.margin || 0; }
          });
        });
      }
      n = per * (val("width") + margin) * (val("height") + margin);
    }
    var out = $("tp-estimate");
    if (n !== null && isFinite(n) && n > 0) {
      var r = n < 100 ? Math.round(n) : Number(n.toPrecision(2));
      out.textContent = "This makes about " + r.toLocaleString("en") + " " + c.unit + ".";
    } else out.textContent = "";
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
    function fill(a) { return a.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; }); }
    var argv = f.argv.map(fill), show = (f.show || []).map(fill), args = [];
    for (var i = 0; i + 1 < show.length; i += 2) if (show[i + 1]) args.push(show[i], show[i + 1]);   /* the form's picture flags (--colour …) */
    var self = this;
    await this.work("Making a new " + f.title + "…", async function () {
      var res = await T.run(argv);
      if (res.code !== 0) throw cliError(res);
      self.status("");
      var link = JSON.parse(res.stdout).permalink;
      self.showArgs = {link: link, args: args};
      self.go(link);
    });
  };

  /* The site's own picture of an item, shown at once while Python loads (null for other links). */
  Page.prototype.staticPicture = function (permalink) {
    var url = (T.config.items || {})[permalink];
    if (!url) return false;
    $("tp-title").textContent = "Loading… " + permalink;
    var img = $("tp-picture");
    img.src = url;
    img.alt = "The site's picture of " + permalink + " (the page regenerates it now)";
    show($("tp-figure"), true);
    show($("tp-solution"), false);
    show($("tp-result"), true);
    show($("tp-details"), false);
    return true;
  };

  Page.prototype.showItem = async function (permalink) {
    show($("tp-result"), false);
    show($("tp-play"), false);
    this.player = null;
    var early = this.staticPicture(permalink);
    var self = this;
    await this.work(early ? "Loading Python to regenerate this item…" : "Regenerating…", async function () {
      await T.ready();
      self.status("Regenerating…");
      var t0 = performance.now();
      var extra = self.showArgs && self.showArgs.link === permalink ? self.showArgs.args : [];
      var res = await T.regen(permalink, {args: extra});
      var what = await T.describe(permalink);
      /* the cut file and graph buttons: tilings only (a puzzle's lozenges would give its answer away) */
      var maker = !what.playable && await T.call("webapi", "maker_formats", [permalink]);
      show($("tp-cut"), maker);
      show($("tp-graph"), maker);
      T.lastRegenMs = performance.now() - t0;
      self.current = {permalink: permalink, svg: res.svg, json: res.json, solution: null,
                      solutionArgs: what.solution_args, playable: what.playable, printArgs: what.print_args};
      self.render();
      show($("tp-figure"), !what.playable);        // the board shows the same puzzle, playable
      if (what.playable) await self.play(permalink);
      if (!early) $("tp-result").scrollIntoView({block: "start"});
      document.documentElement.setAttribute("data-tp-shown", permalink);
    });
  };

  Page.prototype.render = function () {
    var c = this.current, json = c.json, self = this;
    $("tp-title").textContent = titleOf(c.permalink, json);
    var img = $("tp-picture");
    if (img.src && img.src.indexOf("blob:") === 0) URL.revokeObjectURL(img.src);
    img.src = svgURL(c.svg);
    img.alt = "The picture the permalink " + c.permalink + " names";
    show($("tp-solution"), !!c.solutionArgs);
    $("tp-solution").open = false;
    $("tp-solution-img").removeAttribute("src");
    factRows([["Facts", "being worked out…"]], $("tp-facts"));
    T.call("webapi", "facts", [c.permalink]).then(function (rows) {   // the item page's own facts, in words
      if (self.current === c) factRows(rows, $("tp-facts"));
    }, function (err) {
      if (self.current === c) factRows([["Facts", err.message === "cancelled" ? "not worked out (stopped)" : err.message]], $("tp-facts"));
    });
    $("tp-share").value = location.href.split("#")[0] + "#" + c.permalink;
    $("tp-code").textContent = c.permalink;
    var extra = this.showArgs && this.showArgs.link === c.permalink ? this.showArgs.args : [];
    $("tp-command").textContent = ["python -m generator regen", c.permalink].concat(extra, ["--format svg"]).join(" ");
    show($("tp-details"), true);
    show($("tp-result"), true);
  };

  var FAMILY_WORDS = {p2: "Penrose P2 tiling", p3: "Penrose P3 tiling", hat: "Hat tiling", spectre: "Spectre tiling",
                      cal: "Calisson", loopy: "Loopy puzzle", tx: "Tantrix pattern"};

  /* A title in words: the family, its size and level when the JSON says them (never the raw permalink). */
  function titleOf(permalink, json) {
    var prefix = String(permalink).split(".")[0], words = FAMILY_WORDS[prefix] || (json.family || prefix);
    if (prefix === "cal") words = json.givens ? "Calisson puzzle" : "Random calisson tiling";
    var bits = [];
    if (json.n) bits.push("side " + json.n);
    if (json.width && json.height) bits.push(json.width + " × " + json.height);
    if (json.level) bits.push(String(json.level));
    if (json.faces && typeof json.faces === "number") bits.push(json.faces + " faces");
    return words + (bits.length ? ", " + bits.join(", ") : "");
  }

  Page.prototype.solution = async function () {
    var c = this.current;
    if (!c || !c.solutionArgs) return null;
    if (!c.solution) {
      var self = this;
      var out = await this.work("Drawing the solution…", async function () {
        var res = await T.run(["regen", c.permalink].concat(c.solutionArgs, ["--format", "svg"]));
        if (res.code !== 0) throw cliError(res);
        return res.stdout;
      });
      if (!out || self.current !== c) return null;
      c.solution = out;
    }
    $("tp-solution-img").src = svgURL(c.solution);
    return c.solution;
  };

  Page.prototype.svgDownload = function () {
    if (this.current) download(slug(this.current.permalink) + ".svg", new Blob([this.current.svg], {type: "image/svg+xml"}));
  };

  /* The maker's downloads (docs/tilings-for-makers.md): `regen … --format cut-svg|graph`, with the
     form's colour flags when the item was made here. */
  Page.prototype.makerDownload = async function (fmt, ext, type) {
    var c = this.current;
    if (!c) return;
    var extra = this.showArgs && this.showArgs.link === c.permalink ? this.showArgs.args : [];
    var out = await this.work(fmt === "graph" ? "Listing the tiles and their neighbours…" : "Making the cut file…",
      async function () {
        var res = await T.run(["regen", c.permalink].concat(extra, ["--format", fmt]));
        if (res.code !== 0) throw cliError(res);
        return res.stdout;
      });
    if (out) download(slug(c.permalink) + ext, new Blob([out], {type: type}));
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
    document.documentElement.classList.add("tp-printing");   // print media only; cleared on afterprint
    $("tp-print-title").textContent = $("tp-title").textContent;
    $("tp-print-rules").textContent = this.player ? this.player.board.rules : "";
    var printed = c.svg;
    if (c.printArgs && c.printArgs.length) {        // e.g. Loopy's dark grid lines for paper
      var pr = await T.run(["regen", c.permalink].concat(c.printArgs, ["--format", "svg"]));
      if (pr.code === 0) printed = pr.stdout;
    }
    $("tp-print-picture").src = svgURL(printed);
    var id = await T.call("families", "short_id", [c.permalink]);
    $("tp-print-id").textContent = "Short ID " + id + ". To make it again, open regen.html# followed by this " +
      "permalink, or run python -m generator regen with it:";
    $("tp-print-permalink").textContent = c.permalink;
    var qr = (T.config.qr || {})[c.permalink], qrImg = $("tp-print-qr");   // a site item, with a base URL
    if (qr) {
      qrImg.src = qr;
      qrImg.alt = "QR code: this item's page on " + T.config.base_url;
      if (!qrImg.complete) await new Promise(function (ok) { qrImg.onload = qrImg.onerror = ok; });
    }
    show(qrImg, !!qr);
    show($("tp-print-second"), !!c.solutionArgs);
    if (c.solutionArgs) {
      var sol = await this.solution();
      if (sol) $("tp-print-solution").src = svgURL(sol);
      $("tp-print-solution-title").textContent = $("tp-title").textContent + " — solution (ID " + id + ")";
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
    show($("tp-play"), true);                 // shown first: the board is fitted to its box's width
    var p = new Player(box, board, permalink, say);
    this.player = p;
    $("tp-rules").textContent = board.rules;
    $("tp-play-title").textContent = board.title;
    p.onchange = function (lines, crosses) {
      $("tp-progress").textContent = lines + " line" + (lines === 1 ? "" : "s") + ", " + crosses + " cross" +
        (crosses === 1 ? "" : "es") + " marked (kept in this browser)";
    };
    p.onmark = function () { say(""); $("tp-play-status").className = ""; };
    p.onzoomed = function (close) {
      $("tp-zoom-note").textContent = close ? "" : "Zoomed out: the first tap zooms in.";
    };
    p.onzoom = function (text) { $("tp-zoom-note").textContent = text; };
    p.fit();
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
    $("tp-zoom-in").addEventListener("click", function () { if (page.player) page.player.zoomIn(); });
    $("tp-zoom-out").addEventListener("click", function () { if (page.player) page.player.zoomOut(); });
    $("tp-fit").addEventListener("click", function () { if (page.player) page.player.fit(); });
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

  /* Over http(s) a service worker (sw.js at the site's root) keeps the runtime between pages and
   * visits; file:// has no service workers and needs none (the files are local). */
  if (/^https?:$/.test(location.protocol) && navigator.serviceWorker) {
    navigator.serviceWorker.register(new URL("../sw.js", here).href).catch(function () { /* private mode */ });
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
    h.ids.yes.forEach(function (i) { line(i, "new"); });
    h.ids.no.forEach(function (i) {                   // a cross to come: an orange x at the middle
      var e = b.edges[i], mx = (dots[e[0]][0] + dots[e[1]][0]) / 2, my = (dots[e[0]][1] + dots[e[1]][1]) / 2, s = 0.16;
      el("path", {d: "M" + (mx - s) + " " + (my - s) + "L" + (mx + s) + " " + (my + s) + "M" + (mx - s) + " " +
        (my + s) + "L" + (mx + s) + " " + (my - s), "class": "new"}, over);
    });
    (h.because.dots || []).forEach(function (d) { el("circle", {cx: dots[d][0], cy: dots[d][1], r: 0.16}, over); });
    this.layers = [under, over];
    this.reveal(over.querySelector(".new") || over.querySelector("line"));
  };

  /* Scroll the board (and the page, when needed) so that the hint's first edge is in view. */
  Hints.prototype.reveal = function (node) {
    if (node && node.scrollIntoView) node.scrollIntoView({block: "nearest", inline: "center"});
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
    // warm the engines' caches (the puzzle loaded for hints) while the visitor looks at the board,
    // so that the first press answers as fast as the later ones
    setTimeout(function () {
      if (page.player === player) T.player("hint", player.permalink, [[], []]).catch(function () {});
    }, 400);
    if (button && !button.tpWired) {
      button.tpWired = true;
      button.addEventListener("click", function () { if (page.hints) page.hints.press(); });
    }
  }

  T.hints = {attach: attach, Hints: Hints};
})();
