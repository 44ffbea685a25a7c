/* tilepress in the browser: the Python engines under Pyodide in a Web Worker, the regen page,
 * the edge player.
 *
 * window.tilepress.call(module, name, args[, {onprogress}]) -> Promise of the result of the Python
 *     call generator.<module>.<name>(*args) (args and result JSON-able; bytes come back as text),
 *     run in the worker; rejects with Error("error: ...") for a TilepressError, Error("cancelled")
 *     after cancel().  onprogress({done, total, unit, desc}) hears the engine's progress bars
 *     (done null: a step, its desc only).
 *     e.g. tilepress.call("families", "short_id", [permalink]); only the functions listed in
 *     generator.webapi.page_calls() (and each family's Family.page_calls) can be called
 * window.tilepress.cancel()            stop the running call now (terminates the worker; a fresh
 *                                      one starts at once, the pending calls reject "cancelled")
 * window.tilepress.ready()             -> Promise: the worker's Python is loaded (only when asked)
 * window.tilepress.isReady()           -> true once it has loaded (false while it loads)
 * window.tilepress.holdRuntime(ms)     ready() starts the runtime no sooner than ms from now
 * window.tilepress.pageData(permalink) -> Promise of a site item's board file ({board, check}) or null
 * window.tilepress.localCheck(data, lines, crosses[, inside, outside]) -> the player's check, computed on the page
 * window.tilepress.warmUp()            -> Promise of the worker's warm-up ({seconds}): once the worker
 *                                      is idle it makes a small puzzle unseen (generator.webapi.warm_up),
 *                                      so that the visitor's first puzzle runs in the WebAssembly
 *                                      engine's fast code; once per worker (the form asks for it when
 *                                      the visitor starts filling it in)
 * window.tilepress.run(argv)           -> Promise<{code, stdout, stderr}> of `python -m generator ARGV`
 * window.tilepress.regen(permalink[, {args}]) -> Promise<{svg, json}>; rejects with Error(CLI message)
 * window.tilepress.player(name, permalink, args) -> Promise<object> (board / check / solution)
 * window.tilepress.onstatus(fn), onprogress(fn), onbusy(fn)   listeners for the page
 * window.tilepress.solvedByRules(board, marks) -> are the marks ({edge id: 1 line | 2 cross}, or line
 *                                      ids) a solution of the board, by the rules alone (no Python):
 *                                      Loopy one closed loop and every clue exact; calissons the fold
 *                                      edges of a tiling (docs/player.md)
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

  var worker = null, readyWorker = null, readyPromise = null, starting = null, generation = 0, hold = null, pending = {}, nextId = 1, asked = 0, warm = null;

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

  function startWorker(gen) {
    var t0 = performance.now();
    return loadScripts().then(function () {
      if (gen !== generation) throw new Error("cancelled");     // Cancel pressed while the scripts loaded
      var src = "(" + workerMain.toString() + ")();\n//# sourceURL=tilepress-worker.js\n";
      var w = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
      worker = w;
      return new Promise(function (ok, fail) {
        starting = {w: w, fail: fail};         // Cancel while Python starts rejects this start
        w.onmessage = function (ev) {
          var m = ev.data;
          if (w !== worker) return;
          if (m.status !== undefined) status(m.status);
          else if (m.ready !== undefined) {
            if (m.ready) {
              T.startupMs = performance.now() - t0;
              readyWorker = w;
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
  }

  T.ready = function () {
    if (!readyPromise) {
      var gen = generation;
      var p = (hold || Promise.resolve()).then(function () {
        if (gen !== generation) throw new Error("cancelled");
        return startWorker(gen);
      });
      p.catch(function () { if (readyPromise === p) readyPromise = null; });
      readyPromise = p;
    }
    return readyPromise;
  };

  /* Keep the runtime from starting for ms milliseconds (a board that plays without it is being
   * drawn and first touched: its 8 MB would compete with that); ready() waits meanwhile. */
  T.holdRuntime = function (ms) {
    var mine = hold = new Promise(function (ok) { setTimeout(ok, ms); }).then(function () {
      if (hold === mine) hold = null;
    });
    return mine;
  };

  /* Has the worker's Python loaded (false before, while loading, and after a failure)? */
  T.isReady = function () { return worker !== null && worker === readyWorker; };

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

  var waiting = [];                      // calls waiting for the worker (Cancel rejects them)
  T.call = function (module, name, args, opts) {
    asked += 1;
    var waiter = {};
    var cancelled = new Promise(function (ok, fail) { waiter.fail = fail; });
    waiting.push(waiter);
    var done = function () { waiting = waiting.filter(function (x) { return x !== waiter; }); asked -= 1; };
    return Promise.race([T.ready(), cancelled]).then(function (w) {
      done();
      if (w !== worker) throw new Error("cancelled");
      return new Promise(function (ok, fail) {
        var id = nextId++;
        pending[id] = {ok: ok, fail: fail, onprogress: opts && opts.onprogress, t0: performance.now()};
        busyChanged();
        w.postMessage({op: "call", id: id, module: module, name: name, args: args || []});
      });
    }, function (err) { if (waiting.indexOf(waiter) >= 0) done(); throw err; });
  };

  T.busy = function () { return busyCount() > 0; };

  T.cancel = function () {
    generation += 1;                     // a start under way (scripts loading, held) ends "cancelled"
    hold = null;
    if (starting && starting.w === worker) starting.fail(new Error("cancelled"));
    starting = null;
    if (worker) worker.terminate();
    worker = null;
    warm = null;
    readyPromise = null;
    var waiters = waiting;
    waiting = [];
    asked -= waiters.length;
    waiters.forEach(function (x) { x.fail(new Error("cancelled")); });
    failAll(new Error("cancelled"));
    return T.ready();                    // a fresh worker, ready for the next request
  };

  T.run = function (argv) { return T.call("webapi", "run", [argv.map(String)]); };

  T.player = function (name, permalink, args) {
    var local = boardCall(name, permalink, args || []);
    if (local) return Promise.resolve(local);
    return T.call("webapi", "player_call", [name, permalink].concat(args || [])).then(function (obj) {
      if (obj && obj.error) throw new Error(obj.error);
      return obj;
    });
  };

  /* ---------------------------------------------------------------- site items without Python
   *
   * For each playable item of the site the build writes <family>/<slug>.play.js beside it (config
   * "boards": permalink -> that path), a classic script setting window.tilepressBoards[permalink]
   * to generator.webapi.page_data(permalink): {board, check}.  With it the page answers the
   * player's board, check (and, when the file carries the answer's "lines", solution) calls here, the same objects the
   * Python player returns, so the board takes marks before the runtime has loaded.
   *
   * T.pageData(permalink) -> Promise of that object, or null (not a site item with a board file)
   * T.localCheck(data, lines, crosses[, inside, outside]) -> the check object of generator/<family>/play.py's check
   */
  var boardLoads = {};
  function boardData(permalink) {
    var all = window.tilepressBoards;
    return (all && Object.prototype.hasOwnProperty.call(all, permalink) && all[permalink]) || null;
  }
  T.pageData = function (permalink) {
    var path = (T.config.boards || {})[permalink];
    if (!path) return Promise.resolve(null);
    if (boardData(permalink)) return Promise.resolve(boardData(permalink));
    if (!boardLoads[path]) {
      boardLoads[path] = loadScript(new URL(path, location.href).href).then(function () { return boardData(permalink); },
        function () { delete boardLoads[path]; return null; });
    }
    return boardLoads[path];
  };

  function boardCall(name, permalink, args) {
    var data = boardData(permalink);
    if (!data) return null;
    if (name === "board") return JSON.parse(JSON.stringify(data.board));
    if (name === "check" && data.check) return T.localCheck(data, args[0] || [], args[1] || [], args[2] || [], args[3] || []);
    if (name === "solution" && data.check && data.check.lines) return {lines: data.check.lines.slice()};
    return null;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function setOf(ids) { var o = {}; ids.forEach(function (i) { o[i] = true; }); return o; }
  function byNumber(a, b) { return a - b; }

  /* generator/loopy/play.py's check, by the rules: the first contradiction in the same order, the
   * same sentences; the edges at each dot and the clues' faces come from the board. */
  function loopCheck(board, total, lines, crosses, inside, outside) {
    var on = setOf(lines), off = setOf(crosses), at = board.dots.map(function () { return []; });
    board.edges.forEach(function (e, i) { at[e[0]].push(i); at[e[1]].push(i); });
    var clues = board.clues || [];
    var degree = function (d) { return at[d].filter(function (e) { return on[e]; }).length; };
    var verdict = function (solved, message, wrong, faces) {
      return {solved: solved, message: message, wrong: wrong.slice().sort(byNumber), drawn: lines.length, total: total,
              faces: faces || []};
    };
    /* Shading that disagrees with a mark (beyond the rim is outside): [message, [edge], faces]. */
    var shadeFault = function () {
      var ins = setOf(inside || []), outs = setOf(outside || []), sides = board.edges.map(function () { return []; });
      (board.face_edges || []).forEach(function (es, f) { es.forEach(function (e) { sides[e].push(f); }); });
      var side = function (f) { return f < 0 || outs[f] ? 2 : ins[f] ? 1 : 0; };
      for (var e = 0; e < sides.length; e++) {
        var f = sides[e].length > 0 ? sides[e][0] : -1, h = sides[e].length > 1 ? sides[e][1] : -1;
        var a = side(f), b = side(h);
        if (!a || !b || (f < 0 && h < 0)) continue;
        var shaded = [f, h].filter(function (x) { return x >= 0 && (ins[x] || outs[x]); }).sort(byNumber);
        if (on[e] && a === b) {
          return ["This line has " + (a === 1 ? "inside" : "outside") + " shading on both sides: a line separates " +
                  "inside from outside.", [e], shaded];
        }
        if (off[e] && a !== b) return ["This crossed-out edge has inside shading on one side and outside on the other.", [e], shaded];
      }
      return null;
    };
    var dots = function (deadEnds) {
      for (var d = 0; d < at.length; d++) {
        var es = at[d], lit = es.filter(function (e) { return on[e]; });
        if (!deadEnds && lit.length > 2) return ["Three or more lines meet at this dot: the loop may not branch.", lit];
        if (deadEnds && lit.length === 1 && es.every(function (e) { return e === lit[0] || off[e]; })) {
          return ["This line runs into a dead end: every other edge at its dot is crossed out.", lit];
        }
      }
      return null;
    };
    var clueFault = function () {
      for (var k = 0; k < clues.length; k++) {
        var c = clues[k].count, es = clues[k].edges;
        var lit = es.filter(function (e) { return on[e]; });
        if (lit.length > c) return ["This " + c + " has " + plural(lit.length, "line") + " round it.", lit];
        var crossed = es.filter(function (e) { return off[e]; }), left = es.length - crossed.length;
        if (left < c) {
          return ["This " + c + " has only " + plural(left, "side") + " left that " + (left === 1 ? "is" : "are") +
                  " not crossed out.", crossed];
        }
      }
      return null;
    };
    var components = function () {
      var seen = {}, out = [];
      lines.slice().sort(byNumber).forEach(function (start) {
        if (seen[start]) return;
        var comp = [], stack = [start];
        seen[start] = true;
        while (stack.length) {
          var e = stack.pop();
          comp.push(e);
          board.edges[e].forEach(function (d) {
            at[d].forEach(function (f) { if (on[f] && !seen[f]) { seen[f] = true; stack.push(f); } });
          });
        }
        out.push(comp.sort(byNumber));
      });
      return out;
    };
    var loopFault = function () {
      var comps = components();
      for (var k = 0; k < comps.length; k++) {
        var closed = comps[k].every(function (e) { return board.edges[e].every(function (d) { return degree(d) === 2; }); });
        if (!closed) continue;
        if (comps.length > 1) return ["This closed loop leaves other lines outside it: the answer is one single loop.", comps[k]];
        for (var j = 0; j < clues.length; j++) {
          var lit = clues[j].edges.filter(function (e) { return on[e]; });
          if (lit.length !== clues[j].count) {
            return ["The loop is closed, but this " + clues[j].count + " has " + plural(lit.length, "line") + " round it.",
                    clues[j].edges.slice()];
          }
        }
      }
      return null;
    };
    var found = dots(false) || clueFault() || dots(true) || loopFault() || shadeFault();
    if (found) return verdict(false, found[0], found[1], found[2]);
    var deg = true;
    for (var d = 0; d < at.length; d++) { var n = degree(d); if (n !== 0 && n !== 2) { deg = false; break; } }
    if (components().length === 1 && deg) return verdict(true, "Solved! One closed loop, and every number is right.", []);
    return verdict(false, "No rule broken so far (" + plural(lines.length, "line") + " drawn).", []);
  }

  /* generator/calissons/play.py's check for a puzzle with one solution: the drawn lines and the
   * givens are the fold edges of a tiling exactly when they are the answer's. */
  function answerCheck(board, check, lines, crosses) {
    var given = setOf(board.givens), target = setOf(check.lines.concat(board.givens)), on = setOf(lines), off = setOf(crosses);
    var drawn = Object.keys(setOf(lines.concat(board.givens))).length, total = Object.keys(target).length;
    var verdict = function (solved, message, wrong) {
      return {solved: solved, message: message, wrong: wrong, drawn: drawn, total: total};
    };
    var missing = 0;
    Object.keys(target).forEach(function (i) { if (!on[i] && !given[i]) missing += 1; });
    if (!missing && lines.every(function (i) { return target[i]; })) return verdict(true, check.messages.solved, []);
    for (var i = 0; i < board.edges.length; i++) {
      if (on[i] && !target[i] && !given[i]) return verdict(false, check.messages.extra, [i]);
      if (off[i] && target[i]) return verdict(false, check.messages.crossed, [i]);
    }
    return verdict(false, check.messages.left.replace("{n}", missing).replace("{s}", missing === 1 ? "" : "s"), []);
  }

  T.localCheck = function (data, lines, crosses, inside, outside) {
    if (data.check.rule === "loop") return loopCheck(data.board, data.check.total, lines, crosses, inside, outside);
    if (data.check.rule === "answer") return answerCheck(data.board, data.check, lines, crosses);
    throw new Error("error: unknown check rule " + data.check.rule);
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

  /* The edge player.  A click or tap marks the nearest edge at any zoom (line -> cross -> empty;
   * right-click or long press: cross); on a touch screen a tap whose nearest edges are closer
   * than 24 CSS px first zooms just as far as that spot needs.  A click well inside a face (Loopy)
   * shades it: inside -> outside -> none.  Dragging pans; with "Drag draws lines" on (or Shift held)
   * a drag from dot to dot draws a run of lines (or erases, when it starts on a line).  Every
   * change is a step of the undo history, which is kept with the marks in localStorage (per
   * permalink); Reveal and Start again are steps too, and ask first.  The moment the marks are a
   * solution by the rules (solvedByRules) the page says so. */
  var SETTINGS_KEY = "tilepress.play-settings";
  var HISTORY = 500;                     // undo steps kept (and stored)
  var DEFAULTS = {draw: false, autoCross: false, timer: false};

  function loadSettings() {
    var out = Object.assign({}, DEFAULTS);
    try { Object.assign(out, JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}")); } catch (e) { /* none */ }
    return out;
  }

  function Player(box, board, permalink, say) {
    this.board = board;
    this.storeKey = "tilepress.play." + permalink;
    this.permalink = permalink;
    this.say = say || function () {};
    this.marks = {};            // edge id -> 1 line, 2 cross
    this.shades = {};           // face id -> 1 inside, 2 outside
    this.undoStack = [];        // steps: [[kind (0 edge, 1 face), id, before, after], ...]
    this.redoStack = [];
    this.group = null;          // the step a drag is drawing
    this.settings = loadSettings();
    this.elapsed = 0;           // ms spent on this puzzle while the page was visible
    this.solved = false;
    this.revealed = false;
    this.given = {};
    var self = this;
    board.givens.forEach(function (g) { self.given[g] = true; });
    this.free = board.edges.map(function (_, i) { return i; }).filter(function (i) { return !self.given[i]; });
    this.cursor = this.free.length ? this.free[0] : 0;
    this.showCursor = false;       // drawn once the keyboard is used, never before anything is touched
    this.geo = geometry(board);
    this.load();
    this.draw(box);
    this.controls();
    this.render();
    this.solved = solvedByRules(board, this.marks);
    this.svg.classList.toggle("tp-solved", this.solved);
    this.clock();
  }

  Player.prototype.load = function () {
    try {
      var saved = JSON.parse(localStorage.getItem(this.storeKey) || "null");
      if (saved) {
        var self = this, nf = (this.board.faces || []).length;
        var face = function (i) { return Number.isInteger(i) && i >= 0 && i < nf; };
        (saved.lines || []).forEach(function (i) { if (self.valid(i)) self.marks[i] = 1; });
        (saved.crosses || []).forEach(function (i) { if (self.valid(i)) self.marks[i] = 2; });
        (saved.inside || []).forEach(function (i) { if (face(i)) self.shades[i] = 1; });
        (saved.outside || []).forEach(function (i) { if (face(i)) self.shades[i] = 2; });
        var ok = function (s) {
          return Array.isArray(s) && s.every(function (c) {
            return Array.isArray(c) && c.length === 4 && (c[0] === 1 ? face(c[1]) : self.valid(c[1])) &&
              [0, 1, 2].indexOf(c[2]) >= 0 && [0, 1, 2].indexOf(c[3]) >= 0;
          });
        };
        this.undoStack = (saved.undo || []).filter(ok);
        this.redoStack = (saved.redo || []).filter(ok);
        this.elapsed = Number(saved.ms) || 0;
        this.revealed = !!saved.revealed;
      }
    } catch (e) { /* storage unavailable or corrupt: start empty */ }
  };

  Player.prototype.valid = function (i) {
    return Number.isInteger(i) && i >= 0 && i < this.board.edges.length && !this.given[i];
  };

  Player.prototype.lists = function () {
    var lines = [], crosses = [], inside = [], outside = [];
    for (var k in this.marks) (this.marks[k] === 1 ? lines : crosses).push(Number(k));
    for (var f in this.shades) (this.shades[f] === 1 ? inside : outside).push(Number(f));
    var num = function (a, b) { return a - b; };
    [lines, crosses, inside, outside].forEach(function (l) { l.sort(num); });
    return {lines: lines, crosses: crosses, inside: inside, outside: outside};
  };

  Player.prototype.save = function () {
    var out = this.lists();
    out.undo = this.undoStack;
    out.redo = this.redoStack;
    out.solved = this.solved;
    out.revealed = this.revealed;
    out.ms = Math.round(this.time());
    try { localStorage.setItem(this.storeKey, JSON.stringify(out)); } catch (e) { /* private mode */ }
  };

  /* ---- the rules, in JavaScript (no Python needed: the page can say "solved" on any board) ---- */

  /* The set of line edge ids: the givens and the marks (an object {edge id: 1 line | 2 cross},
   * or an array of line ids). */
  function lineSet(board, marks) {
    var on = {};
    (board.givens || []).forEach(function (g) { on[g] = true; });
    if (Array.isArray(marks)) marks.forEach(function (i) { on[i] = true; });
    else for (var k in marks) if (marks[k] === 1) on[k] = true;
    return on;
  }

  /* Loopy: the lines form one simple closed loop (every dot meets 0 or 2 lines, the lines are
   * connected) and every clue counts its face's lines exactly. */
  function loopSolved(board, on) {
    var ids = Object.keys(on).map(Number), at = {};
    if (!ids.length) return false;
    ids.forEach(function (i) {
      board.edges[i].forEach(function (d) { (at[d] = at[d] || []).push(i); });
    });
    for (var d in at) if (at[d].length !== 2) return false;
    var seen = {}, stack = [ids[0]], count = 0;
    seen[ids[0]] = true;
    while (stack.length) {
      var i = stack.pop();
      count += 1;
      board.edges[i].forEach(function (d) {
        at[d].forEach(function (j) { if (!seen[j]) { seen[j] = true; stack.push(j); } });
      });
    }
    if (count !== ids.length) return false;
    return (board.clues || []).every(function (c) {
      if (typeof c.count !== "number" || !c.edges) return true;
      return c.edges.filter(function (e) { return on[e]; }).length === c.count;
    });
  }

  /* Calissons: the drawn edges (givens included) are exactly the fold edges of a lozenge tiling.
   * The triangles joined across undrawn edges make regions; each region must pair all its
   * triangles across edges of one direction (that direction is its calissons' colour; a finite
   * region can pair in at most one direction), and every drawn edge must part two regions of
   * different directions. */
  function foldsSolved(board, on) {
    var tris = board.triangles, parent = tris.map(function (_, t) { return t; }), across = {};
    var find = function (t) { while (parent[t] !== t) t = parent[t] = parent[parent[t]]; return t; };
    tris.forEach(function (es, t) { es.forEach(function (e) { if (e >= 0) (across[e] = across[e] || []).push(t); }); });
    Object.keys(across).forEach(function (e) {
      var two = across[e];
      if (two.length === 2 && !on[e]) parent[find(two[0])] = find(two[1]);
    });
    var ok = {};
    tris.forEach(function (es, t) {
      var r = find(t);
      ok[r] = ok[r] || [true, true, true];
      for (var k = 0; k < 3; k++) if (es[k] < 0 || on[es[k]]) ok[r][k] = false;
    });
    var dir = {};
    for (var r in ok) {
      dir[r] = ok[r].indexOf(true);
      if (dir[r] < 0) return false;
    }
    return Object.keys(on).every(function (e) {
      var two = across[e];
      if (!two || two.length !== 2) return false;
      var a = find(two[0]), b = find(two[1]);
      return a !== b && dir[a] !== dir[b];
    });
  }

  /* Are these marks a solution, judged by the rules alone (the puzzles have one solution, so this
   * is the solution)?  board: the player's board description; marks: {edge id: 1 line | 2 cross}
   * or an array of line edge ids. */
  function solvedByRules(board, marks) {
    var on = lineSet(board, marks);
    if (board.loop) return loopSolved(board, on);
    if (board.triangles) return foldsSolved(board, on);
    return false;
  }
  T.solvedByRules = solvedByRules;

  /* Tables derived once per board: the edges at each dot, the edge joining two dots, each edge's
   * faces (-1 beyond the rim) and clues, each face's box and inner radius. */
  function geometry(board) {
    var dots = board.dots, at = dots.map(function () { return []; }), pair = {};
    board.edges.forEach(function (e, i) {
      at[e[0]].push(i);
      at[e[1]].push(i);
      pair[Math.min(e[0], e[1]) + "," + Math.max(e[0], e[1])] = i;
    });
    var sides = board.edges.map(function () { return []; }), clueAt = board.edges.map(function () { return []; });
    (board.face_edges || []).forEach(function (es, f) { es.forEach(function (e) { sides[e].push(f); }); });
    sides.forEach(function (s) { while (s.length < 2) s.push(-1); });
    (board.clues || []).forEach(function (c, k) { (c.edges || []).forEach(function (e) { clueAt[e].push(k); }); });
    var boxes = [], radius = [];
    (board.faces || []).forEach(function (ring) {
      var pts = ring.map(function (d) { return dots[d]; });
      var xs = pts.map(function (p) { return p[0]; }), ys = pts.map(function (p) { return p[1]; });
      boxes.push([Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs), Math.max.apply(null, ys)]);
      // the inner radius: the best of a few inner points (centroid, halfway to each corner)
      var cx = xs.reduce(function (a, b) { return a + b; }, 0) / xs.length;
      var cy = ys.reduce(function (a, b) { return a + b; }, 0) / ys.length, best = 0;
      [[cx, cy]].concat(pts.map(function (p) { return [(p[0] + cx) / 2, (p[1] + cy) / 2]; })).forEach(function (q) {
        if (!inside(q[0], q[1], pts)) return;
        var r = Infinity;
        pts.forEach(function (p, k) { r = Math.min(r, segDist(q[0], q[1], p, pts[(k + 1) % pts.length])); });
        best = Math.max(best, r);
      });
      radius.push(best || 0.2);
    });
    return {at: at, pair: pair, sides: sides, clueAt: clueAt, boxes: boxes, radius: radius};
  }

  function inside(x, y, pts) {            // even-odd rule
    var c = false;
    for (var i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      var a = pts[i], b = pts[j];
      if ((a[1] > y) !== (b[1] > y) && x < (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]) + a[0]) c = !c;
    }
    return c;
  }

  /* Per edge: the least distance from its midpoint to any other edge (the scale at which that
   * edge's midpoint is 24 px from its neighbours is 24 / gap): the same minimum as over every
   * pair, found through a grid of square cells so that a 600-face board (4,400 edges) takes
   * milliseconds, not a second of the page's thread.  First a bound per edge: the least distance
   * from its midpoint to an edge sharing a dot with it (else the board's span).  An edge nearer
   * than that has a point inside the square of that half side round the midpoint, so it is
   * listed in one of the cells that square meets (each edge is listed in every cell its bounding
   * box meets). */
  function edgeGaps(edges, dots) {
    var at = dots.map(function () { return []; });
    edges.forEach(function (e, j) { at[e[0]].push(j); at[e[1]].push(j); });
    var mids = edges.map(function (e) {
      return [(dots[e[0]][0] + dots[e[1]][0]) / 2, (dots[e[0]][1] + dots[e[1]][1]) / 2];
    });
    var xs = dots.map(function (d) { return d[0]; }), ys = dots.map(function (d) { return d[1]; });
    var x0 = Math.min.apply(null, xs), y0 = Math.min.apply(null, ys);
    var span = Math.max(Math.max.apply(null, xs) - x0, Math.max.apply(null, ys) - y0, 1e-9);
    var ub = edges.map(function (e, i) {
      var u = span;
      at[e[0]].concat(at[e[1]]).forEach(function (j) {
        if (j !== i) u = Math.min(u, segDist(mids[i][0], mids[i][1], dots[edges[j][0]], dots[edges[j][1]]));
      });
      return u;
    });
    var sorted = ub.slice().sort(function (a, b) { return a - b; });
    var cell = Math.max(sorted[sorted.length >> 1] || span, span / 512), cells = {};
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
    return mids.map(function (m, i) {
      var r = ub[i] * (1 + 1e-9), best = ub[i];
      for (var cx = index(m[0] - r, x0); cx <= index(m[0] + r, x0); cx++) {
        for (var cy = index(m[1] - r, y0); cy <= index(m[1] + r, y0); cy++) {
          (cells[key(cx, cy)] || []).forEach(function (j) {
            if (j !== i) best = Math.min(best, segDist(m[0], m[1], dots[edges[j][0]], dots[edges[j][1]]));
          });
        }
      }
      return best;
    });
  }


  /* Distance from point (px, py) to segment a-c. */
  function segDist(px, py, a, c) {
    var dx = c[0] - a[0], dy = c[1] - a[1], L = dx * dx + dy * dy;
    var t = L ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / L)) : 0;
    return Math.hypot(px - a[0] - t * dx, py - a[1] - t * dy);
  }

  /* The least distance from the midpoint of an edge (those keep(i) says) to any other edge: the
   * least of edgeGaps over the kept edges. */
  function midpointGap(edges, dots, keep) {
    var best = Infinity;
    edgeGaps(edges, dots).forEach(function (g, i) { if (keep(i)) best = Math.min(best, g); });
    return best;
  }
  T.midpointGap = midpointGap;

  var TAP_PX = 24;            // WCAG 2.2 target size: a touch tap needs its edges 24 CSS px apart
  var SHADE_WORDS = ["", "inside", "outside"];

  Player.prototype.draw = function (box) {
    var b = this.board, dots = b.dots, self = this;
    var xs = dots.map(function (d) { return d[0]; }), ys = dots.map(function (d) { return d[1]; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    var pad = 0.6;
    this.W = x1 - x0 + 2 * pad;
    this.H = y1 - y0 + 2 * pad;
    this.x0 = x0 - pad;
    this.y0 = y0 - pad;
    this.gaps = edgeGaps(b.edges, dots);
    // the scale at which every markable edge's midpoint is 24 * sqrt(2) px from any other edge
    // (a 24 x 24 px square round it is all nearer to it): the fitted scale of a small board
    var dmin = Infinity;                  // (midpointGap over the markable edges, from the gaps above)
    this.gaps.forEach(function (gap, i) { if (!self.given[i]) dmin = Math.min(dmin, gap); });
    this.playScale = isFinite(dmin) ? TAP_PX * Math.SQRT2 / dmin : 24;
    var svg = el("svg", {viewBox: [x0 - pad, y0 - pad, this.W, this.H].join(" "),
      "class": "tp-board", role: "application", tabindex: "0",
      "aria-label": b.title + ": arrows move, space cycles line / cross / empty, u undo, r redo, c check"});
    box.appendChild(svg);
    this.box = box;
    this.svg = svg;
    var defs = el("defs", {}, svg);
    var pat = el("pattern", {id: "tp-pat-out", width: 0.3, height: 0.3, patternUnits: "userSpaceOnUse"}, defs);
    el("rect", {width: 0.3, height: 0.3, "class": "tp-pat-out-bg"}, pat);
    el("circle", {cx: 0.15, cy: 0.15, r: 0.055, "class": "tp-pat-out-dot"}, pat);
    pat = el("pattern", {id: "tp-pat-wrong", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)"}, defs);
    el("rect", {width: 0.25, height: 0.25, "class": "tp-pat-wrong-bg"}, pat);
    el("rect", {width: 0.08, height: 0.25, "class": "tp-pat-wrong-bar"}, pat);
    this.faceMarks = [];
    if (b.faces) {
      var fg = el("g", {"class": "tp-faces"}, svg);
      b.faces.forEach(function (ring) {
        self.faceMarks.push(el("polygon", {points: ring.map(function (d) { return dots[d].join(","); }).join(" ")}, fg));
      });
    }
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
        var dx = c[0] - a[0], dy = c[1] - a[1], w = 0.28;     // a diamond round the edge (its target)
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
    this.clueRings = [];
    (b.clues || []).forEach(function (c) {
      // a broken clue gets a dashed ring as well as its colour (errors are visible without colour)
      self.clueRings.push(el("circle", {cx: c.x, cy: c.y, r: (c.size || 0.5) * 0.72, "class": "clue-ring"}, svg));
      var t = el("text", {x: c.x, y: c.y, "class": "clue", "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": c.size || 0.5}, svg);
      t.textContent = c.text;
      self.clueTexts.push(t);
    });
    this.listen();
    this.minimap();
    this.fit();
  };

  /* A small map of the whole board in the box's corner while it is zoomed in: the lines drawn so
   * far and a frame round the part in view (display only: clicks go through to the board). */
  Player.prototype.minimap = function () {
    var wrap = document.createElement("div"), c = document.createElement("canvas"), self = this;
    wrap.className = "tp-map-wrap";
    c.className = "tp-map";
    c.setAttribute("aria-hidden", "true");
    wrap.appendChild(c);
    this.box.insertBefore(wrap, this.svg);
    var w = 100, h = Math.round(100 * this.H / this.W);
    if (h > 100) { w = Math.round(100 * this.W / this.H); h = 100; }
    var dpr = window.devicePixelRatio || 1;
    c.width = Math.round(w * dpr);
    c.height = Math.round(h * dpr);
    c.style.width = w + "px";
    c.style.height = h + "px";
    this.map = {canvas: c, k: w / this.W * dpr, frame: 0};
    this.box.addEventListener("scroll", function () { self.scheduleMap(); }, {passive: true});
  };

  Player.prototype.scheduleMap = function () {
    var m = this.map, self = this;
    if (m && !m.frame) m.frame = requestAnimationFrame(function () { m.frame = 0; self.drawMap(); });
  };

  Player.prototype.drawMap = function () {
    var m = this.map, box = this.box;
    if (!m) return;
    var zoomed = box.scrollWidth > box.clientWidth + 2 || box.scrollHeight > box.clientHeight + 2;
    m.canvas.style.display = zoomed ? "" : "none";
    if (!zoomed) return;
    var ctx = m.canvas.getContext("2d"), b = this.board, dots = b.dots, self = this, k = m.k;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#fbf8f0";
    ctx.fillRect(0, 0, m.canvas.width, m.canvas.height);
    ctx.setTransform(k, 0, 0, k, -this.x0 * k, -this.y0 * k);
    var stroke = function (pick, colour, width) {
      ctx.beginPath();
      b.edges.forEach(function (e, i) {
        if (!pick(i)) return;
        ctx.moveTo(dots[e[0]][0], dots[e[0]][1]);
        ctx.lineTo(dots[e[1]][0], dots[e[1]][1]);
      });
      ctx.strokeStyle = colour;
      ctx.lineWidth = width / k;
      ctx.stroke();
    };
    stroke(function () { return true; }, "#c9c0ad", 0.6);
    stroke(function (i) { return self.given[i] || self.marks[i] === 1; }, "#1d3557", 1.6);
    var s = this.scale;
    ctx.strokeStyle = "#d35400";
    ctx.lineWidth = 2 / k;
    ctx.strokeRect(this.x0 + box.scrollLeft / s, this.y0 + box.scrollTop / s, box.clientWidth / s, box.clientHeight / s);
  };

  /* Pointer input: a click or tap marks (tap); a drag pans the box (mouse; touch scrolls natively,
   * pinch zooms the page); in draw mode (or with Shift) a drag draws from dot to dot. */
  Player.prototype.listen = function () {
    var self = this, svg = this.svg, box = this.box, frame = 0;
    svg.addEventListener("pointerdown", function (ev) {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;      // right button: contextmenu
      var draw = self.settings.draw || ev.shiftKey;
      self.gesture = {id: ev.pointerId, type: ev.pointerType, x: ev.clientX, y: ev.clientY, left: box.scrollLeft,
        top: box.scrollTop, moved: false, draw: draw, drew: false, dot: draw ? self.dotAt(ev.clientX, ev.clientY) : -1,
        mode: null};
      if (draw) {
        self.group = [];
        ev.preventDefault();
      }
      if (draw || ev.pointerType === "mouse") {
        try { svg.setPointerCapture(ev.pointerId); } catch (e) { /* not capturable */ }
      }
    });
    svg.addEventListener("pointermove", function (ev) {
      var g = self.gesture;
      if (ev.pointerType === "mouse" && (!g || g.ended) && !ev.buttons) {     // hover: what a click would mark
        if (!frame) {
          var x = ev.clientX, y = ev.clientY;
          frame = requestAnimationFrame(function () { frame = 0; self.hover(x, y); });
        }
        return;
      }
      if (!g || g.ended || ev.pointerId !== g.id) return;
      var dist = Math.hypot(ev.clientX - g.x, ev.clientY - g.y);
      if (g.draw) { self.drawTo(ev.clientX, ev.clientY); return; }
      if (g.type === "mouse") {
        if (dist > 4) g.moved = true;
        if (g.moved) {
          box.scrollLeft = g.left - (ev.clientX - g.x);
          box.scrollTop = g.top - (ev.clientY - g.y);
          svg.classList.add("tp-panning");
        }
      } else if (dist > 10) g.moved = true;            // the finger scrolls: no tap
    });
    var end = function (ev) {
      var g = self.gesture;
      if (!g || ev.pointerId !== g.id) return;
      g.ended = true;
      if (ev.type === "pointercancel") g.moved = true;
      svg.classList.remove("tp-panning");
      if (g.draw) self.endGroup();
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("pointerleave", function () { self.hover(null); });
    svg.addEventListener("click", function (ev) {
      ev.preventDefault();
      var g = self.gesture;
      self.gesture = null;
      if (g && (g.moved || g.drew)) return;
      // a finger's own point is where it went down: the browser's touch adjustment may move the
      // click several px toward another target, which at a zoomed spot is another edge
      var finger = g && g.type === "touch";
      self.tap(finger ? g.x : ev.clientX, finger ? g.y : ev.clientY, false, g ? g.type : (ev.pointerType || "mouse"));
    });
    svg.addEventListener("contextmenu", function (ev) {
      ev.preventDefault();
      var g = self.gesture;
      self.gesture = null;
      if (g && g.drew) return;
      self.tap(ev.clientX, ev.clientY, true, "mouse");
    });
    svg.addEventListener("wheel", function (ev) {        // Ctrl + wheel (and a touchpad's pinch) zooms the board
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      self.zoom(self.clampScale(self.scale * Math.exp(-ev.deltaY * 0.002)), ev.clientX, ev.clientY);
    }, {passive: false});
    svg.addEventListener("keydown", function (ev) { self.showCursor = true; self.onKey(ev); });
  };

  /* Board units of a point of the screen (client px). */
  Player.prototype.toBoard = function (clientX, clientY) {
    var m = this.svg.getScreenCTM();
    if (!m) return null;
    return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  };

  /* Screen px per board unit (the page's pinch zoom included). */
  Player.prototype.screenScale = function () {
    var vv = window.visualViewport ? window.visualViewport.scale || 1 : 1;
    return this.scale * vv;
  };

  /* The markable edges nearest a board point: {i, d} (d in units; i -1 on an empty board). */
  Player.prototype.nearest = function (pt) {
    var best = -1, bestD = Infinity, dots = this.board.dots, edges = this.board.edges;
    for (var k = 0; k < this.free.length; k++) {
      var i = this.free[k], e = edges[i], d = segDist(pt.x, pt.y, dots[e[0]], dots[e[1]]);
      if (d < bestD) { bestD = d; best = i; }
    }
    return {i: best, d: bestD};
  };

  /* The nearest markable edge to a point of the screen (client px), or -1. */
  Player.prototype.edgeAt = function (clientX, clientY) {
    var pt = this.toBoard(clientX, clientY);
    return pt ? this.nearest(pt).i : -1;
  };

  /* The face whose inner part holds a board point (well away from its edges), or -1. */
  Player.prototype.faceAt = function (pt, d, touch) {
    var b = this.board, geo = this.geo;
    if (!b.faces) return -1;
    for (var f = 0; f < b.faces.length; f++) {
      var box = geo.boxes[f];
      if (pt.x < box[0] || pt.x > box[2] || pt.y < box[1] || pt.y > box[3]) continue;
      if (!inside(pt.x, pt.y, b.faces[f].map(function (k) { return b.dots[k]; }))) continue;
      var band = Math.max(0.5 * geo.radius[f], (touch ? 12 : 6) / this.screenScale());
      return d >= band ? f : -1;
    }
    return -1;
  };

  /* The dot nearest a point of the screen, within half the median edge. */
  Player.prototype.dotAt = function (clientX, clientY) {
    var pt = this.toBoard(clientX, clientY), dots = this.board.dots, best = -1, bestD = 0.45;
    if (!pt) return -1;
    for (var d = 0; d < dots.length; d++) {
      var r = Math.hypot(dots[d][0] - pt.x, dots[d][1] - pt.y);
      if (r < bestD) { bestD = r; best = d; }
    }
    return best;
  };

  /* A drag in draw mode reached a point: the edge from the last dot to a neighbouring dot is
   * drawn (or erased, when the drag started by crossing a line). */
  Player.prototype.drawTo = function (clientX, clientY) {
    var g = this.gesture, d = this.dotAt(clientX, clientY);
    if (d < 0 || d === g.dot) return;
    var i = g.dot < 0 ? undefined : this.geo.pair[Math.min(d, g.dot) + "," + Math.max(d, g.dot)];
    g.dot = d;
    if (i === undefined || !this.valid(i)) return;
    if (g.mode === null) g.mode = this.marks[i] === 1 ? 0 : 1;
    g.drew = g.moved = true;
    this.apply([[0, i, g.mode]]);
  };

  Player.prototype.endGroup = function () {
    var step = this.group;
    this.group = null;
    if (step && step.length) {
      this.push(step);
      this.save();
    }
  };

  /* The mouse is over the board: outline what a click there would mark. */
  Player.prototype.hover = function (clientX, clientY) {
    if (this.hovered) this.hovered.classList.remove("hover");
    this.hovered = null;
    if (clientX === null) return;
    var pt = this.toBoard(clientX, clientY);
    if (!pt) return;
    var near = this.nearest(pt), f = this.faceAt(pt, near.d, false);
    var node = f >= 0 ? this.faceMarks[f] : (near.i >= 0 ? this.lines[near.i] : null);
    if (node) { node.classList.add("hover"); this.hovered = node; }
  };

  /* What a click or tap at a point of the screen does: {face} (a point well inside a face),
   * {zoom} (touch, where the edges near the finger are closer than 24 px: the scale that spot
   * needs), {edge} (the nearest edge) or null. */
  Player.prototype.target = function (clientX, clientY, type) {
    var pt = this.toBoard(clientX, clientY);
    if (!pt) return null;
    var touch = type === "touch", near = this.nearest(pt);
    var f = this.faceAt(pt, near.d, touch);
    if (f >= 0) return {face: f};
    if (near.i < 0) return null;
    if (touch) {
      var need = this.spotScale(pt);
      if (need > this.scale * 1.001) return {zoom: need, edge: near.i};
    }
    return {edge: near.i};
  };

  /* A click or tap: shades the face it is well inside (right: backwards), else marks the nearest
   * edge (right: cross); on touch where the edges are too close for a finger, zooms in first. */
  Player.prototype.tap = function (clientX, clientY, right, type) {
    var t = this.target(clientX, clientY, type);
    if (!t) return;
    if (t.face !== undefined) {
      var s = this.shades[t.face] || 0;
      this.apply([[1, t.face, right ? (s + 2) % 3 : (s + 1) % 3]]);
    } else if (t.zoom) {
      // the spot stays under the finger (the note goes below the board: nothing above it moves)
      this.zoom(t.zoom, clientX, clientY, this.toBoard(clientX, clientY));
      var note = "Zoomed in where the edges are close together: tap the edge now.";
      if (this.onzoom) this.onzoom(note); else this.say(note);
    } else {
      var i = t.edge;
      this.cursor = i;
      if (right) this.apply([[0, i, this.marks[i] === 2 ? 0 : 2]]);
      else this.cycle(i);
    }
  };

  /* The least scale at which every edge a finger at pt touches (within 12 screen px) has its
   * midpoint 24 px from other edges: the zoom that spot needs (capped at the board's maximum). */
  Player.prototype.spotScale = function (pt) {
    var px = this.screenScale(), vv = px / this.scale, dots = this.board.dots, need = 0;
    var reach = (TAP_PX / 2) / px;
    for (var k = 0; k < this.free.length; k++) {
      var i = this.free[k], e = this.board.edges[i];
      if (segDist(pt.x, pt.y, dots[e[0]], dots[e[1]]) <= reach) need = Math.max(need, TAP_PX / (this.gaps[i] * vv));
    }
    return Math.min(need, this.maxScale());
  };

  /* Show the board at `scale` CSS px per unit, keeping the point under (clientX, clientY) in place
   * (or putting the board point `at` there: the page may have moved the board meanwhile). */
  Player.prototype.zoom = function (scale, clientX, clientY, at) {
    var box = this.box, r = box.getBoundingClientRect(), old = this.scale || scale;
    var fx = clientX === undefined ? r.width / 2 : clientX - r.left - box.clientLeft;      // inside the border
    var fy = clientY === undefined ? r.height / 2 : clientY - r.top - box.clientTop;
    var ux = (box.scrollLeft + fx) / old, uy = (box.scrollTop + fy) / old;
    this.scale = scale;
    this.svg.style.width = Math.round(this.W * scale) + "px";
    this.svg.style.height = Math.round(this.H * scale) + "px";
    box.scrollLeft = ux * scale - fx;
    box.scrollTop = uy * scale - fy;
    var svg = this.svg, put = function () {
      var dy;
      if (at) {                         // the board point `at` back under the finger, by the box's scroll
        var m = svg.getScreenCTM();
        if (!m) return;
        var q = new DOMPoint(at.x, at.y).matrixTransform(m);
        box.scrollLeft += q.x - clientX;
        box.scrollTop += q.y - clientY;
        dy = new DOMPoint(at.x, at.y).matrixTransform(svg.getScreenCTM()).y - clientY;
      } else {
        var now = box.getBoundingClientRect();
        dy = now.top + box.clientTop + uy * scale - box.scrollTop - clientY;
      }
      // a box that grows with its board cannot scroll that far: the window scrolls instead, so
      // the point under the finger stays there (the next tap at the same spot is the same place)
      if (Math.abs(dy) >= 1) window.scrollBy(0, dy);
    };
    if (clientY !== undefined) {
      put();
      if (at) requestAnimationFrame(put);       // again once the page's own scroll anchoring has run
    }
    this.dotR = this.board.dot_radius ? Math.max(this.board.dot_radius, 1.5 / scale) : 0;
    this.renderDots();
    this.scheduleMap();
    if (this.onzoomed) this.onzoomed(scale);
  };

  /* The whole board in its box (the box's width; at most 75% of the window's height); a small
   * board at the tap-safe scale when the whole of it still fits the box and 90% of the window. */
  Player.prototype.fitScale = function () {
    var w = this.box.clientWidth || 600, vh = window.innerHeight || 800;
    var fit = Math.min(w / this.W, Math.max(200, vh * 0.75) / this.H, Math.max(this.playScale, 90));
    if (this.playScale * this.W <= w && this.playScale * this.H <= vh * 0.9) fit = Math.max(fit, this.playScale);
    return fit;
  };

  Player.prototype.maxScale = function () { return Math.max(this.playScale * 1.5, this.fitScale() * 3, 120); };
  Player.prototype.clampScale = function (s) { return Math.max(this.fitScale(), Math.min(this.maxScale(), s)); };
  Player.prototype.fit = function () { this.zoom(this.fitScale()); };
  Player.prototype.zoomIn = function () { this.zoom(this.clampScale(this.scale * 1.5)); };
  Player.prototype.zoomOut = function () { this.zoom(this.clampScale(this.scale / 1.5)); };

  /* Bring a part of the board (board units) into view: scroll to it, zooming out (never below the
   * whole board) when it does not fit the box at the current scale. */
  Player.prototype.showArea = function (x0, y0, x1, y1) {
    var box = this.box, pad = 1, w = box.clientWidth, h = box.clientHeight;
    var need = Math.min(w / (x1 - x0 + 2 * pad), h / (y1 - y0 + 2 * pad));
    if (need < this.scale) this.zoom(Math.max(this.fitScale(), need));
    var s = this.scale, cx = ((x0 + x1) / 2 - this.x0) * s, cy = ((y0 + y1) / 2 - this.y0) * s;
    var vis = box.scrollLeft <= (x0 - this.x0) * s && (x1 - this.x0) * s <= box.scrollLeft + w &&
      box.scrollTop <= (y0 - this.y0) * s && (y1 - this.y0) * s <= box.scrollTop + h;
    if (!vis) {
      box.scrollLeft = cx - w / 2;
      box.scrollTop = cy - h / 2;
    }
    var r = box.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) box.scrollIntoView({block: "nearest"});
  };

  /* Apply changes [[kind, id, state], ...] (kind 0 an edge: 0 empty, 1 line, 2 cross; kind 1 a face:
   * 0 none, 1 inside, 2 outside) as one undo step (record false: undo / redo's own replay). */
  Player.prototype.apply = function (changes, record) {
    var self = this, step = [];
    changes.forEach(function (c) {
      var map = c[0] ? self.shades : self.marks, before = map[c[1]] || 0;
      if (before === c[2]) return;
      if (c[2]) map[c[1]] = c[2]; else delete map[c[1]];
      step.push([c[0], c[1], before, c[2]]);
    });
    if (!step.length) return step;
    if (record !== false) {
      if (this.settings.autoCross) step = step.concat(this.autoCross(step));
      if (this.group) this.group.push.apply(this.group, step);
      else this.push(step);
      this.redoStack = [];
    }
    this.changed();
    return step;
  };

  Player.prototype.push = function (step) {
    this.undoStack.push(step);
    if (this.undoStack.length > HISTORY) this.undoStack.splice(0, this.undoStack.length - HISTORY);
  };

  Player.prototype.changed = function () {
    this.wrong = null;             // a checked verdict is about the marks before this change
    this.wrongFaces = null;
    this.noticeSolved();
    this.save();
    this.render();
    if (this.onmark) this.onmark();
    if (this.solved) this.say(this.solvedText(), "solved");
  };

  /* Auto-cross (an option, off by default): a line that completes a clue's count crosses the
   * clue's other edges; a dot with two lines crosses its other edges.  Returns the changes made. */
  Player.prototype.autoCross = function (step) {
    var self = this, b = this.board, geo = this.geo, out = [];
    var cross = function (e) {
      if (self.valid(e) && !self.marks[e]) { self.marks[e] = 2; out.push([0, e, 0, 2]); }
    };
    var state = function (e) { return self.given[e] ? 1 : (self.marks[e] || 0); };
    step.forEach(function (c) {
      if (c[0] !== 0 || c[3] !== 1 || !b.loop) return;
      b.edges[c[1]].forEach(function (d) {
        var es = geo.at[d];
        if (es.filter(function (e) { return state(e) === 1; }).length === 2) es.forEach(cross);
      });
      geo.clueAt[c[1]].forEach(function (k) {
        var clue = b.clues[k];
        if (clue.edges.filter(function (e) { return state(e) === 1; }).length === clue.count) clue.edges.forEach(cross);
      });
    });
    return out;
  };

  /* set(i, state): one edge, one undo step (the hints and the keyboard use it). */
  Player.prototype.set = function (i, state) { return this.apply([[0, i, state]]); };

  Player.prototype.cycle = function (i) { this.set(i, ((this.marks[i] || 0) + 1) % 3); };

  Player.prototype.replay = function (step, forward) {
    var self = this;
    (forward ? step : step.slice().reverse()).forEach(function (c) {
      var map = c[0] ? self.shades : self.marks, v = forward ? c[3] : c[2];
      if (v) map[c[1]] = v; else delete map[c[1]];
    });
    this.changed();
  };

  Player.prototype.undo = function () {
    var step = this.undoStack.pop();
    if (!step) return;
    this.redoStack.push(step);
    this.replay(step, false);
  };

  Player.prototype.redo = function () {
    var step = this.redoStack.pop();
    if (!step) return;
    this.undoStack.push(step);
    this.replay(step, true);
  };

  Player.prototype.count = function () { return Object.keys(this.marks).length + Object.keys(this.shades).length; };

  /* Everything cleared as one undo step. */
  Player.prototype.reset = function () {
    var changes = [];
    for (var k in this.marks) changes.push([0, Number(k), 0]);
    for (var f in this.shades) changes.push([1, Number(f), 0]);
    this.apply(changes);
  };

  /* The solution's lines replace the marks, as one undo step. */
  Player.prototype.reveal = async function () {
    var res = await T.player("solution", this.permalink, []);
    var changes = [], want = {};
    res.lines.forEach(function (i) { want[i] = true; });
    for (var k in this.marks) if (!want[k]) changes.push([0, Number(k), 0]);
    for (var f in this.shades) changes.push([1, Number(f), 0]);
    res.lines.forEach(function (i) { changes.push([0, i, 1]); });
    this.revealed = true;
    this.apply(changes);
  };

  /* An in-page question below the buttons (never window.confirm): fn runs on yes. */
  Player.prototype.ask = function (text, yes, fn) {
    var old = document.getElementById("tp-confirm");
    if (old) old.remove();
    var bar = document.createElement("div"), words = document.createElement("span");
    bar.id = "tp-confirm";
    bar.className = "tp-confirm";
    bar.setAttribute("role", "alertdialog");
    bar.setAttribute("aria-labelledby", "tp-confirm-text");
    words.id = "tp-confirm-text";
    words.textContent = text + " ";
    var button = function (id, label) {
      var b = document.createElement("button");
      b.type = "button";
      b.id = id;
      b.textContent = label;
      return b;
    };
    var ok = button("tp-confirm-yes", yes), no = button("tp-confirm-no", "Cancel");
    bar.appendChild(words);
    bar.appendChild(ok);
    bar.appendChild(no);
    var anchor = document.getElementById("tp-reveal");
    anchor = anchor ? anchor.parentNode : this.box;
    anchor.parentNode.insertBefore(bar, anchor.nextSibling);
    var close = function () { bar.remove(); };
    ok.addEventListener("click", function () { close(); fn(); });
    no.addEventListener("click", close);
    bar.addEventListener("keydown", function (ev) { if (ev.key === "Escape") close(); });
    no.focus();
  };

  Player.prototype.askReset = function (done) {
    var n = this.count(), self = this;
    if (!n) return;
    this.ask("Clear all " + n + " mark" + (n === 1 ? "" : "s") + "? Undo brings them back.", "Clear the board",
      function () { self.reset(); if (done) done(); });
  };

  Player.prototype.askReveal = function (done) {
    var n = this.count(), self = this;
    this.ask("Show the answer" + (n ? " in place of your " + n + " mark" + (n === 1 ? "" : "s") : "") +
      "? Undo brings " + (n ? "them" : "the empty board") + " back.", "Reveal the answer",
      function () { self.reveal().then(done, function (err) { self.say(err.message, "wrong"); }); });
  };

  /* Live errors (boards with "loop": true), as in Tatham's Loopy: a dot where three or more lines
   * meet, a closed loop while other lines lie outside it; and shading that disagrees with a mark
   * (the same side of a line, different sides of a cross; beyond the rim is outside).
   * {edges: {id: true}, dots: {id: true}, faces: {id: true}} */
  Player.prototype.liveErrors = function () {
    var out = {edges: {}, dots: {}, faces: {}};
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
    if (Object.keys(this.shades).length) {
      var side = function (f) { return f < 0 ? 2 : (self.shades[f] || 0); };
      this.geo.sides.forEach(function (fs, e) {
        var a = side(fs[0]), c = side(fs[1]), st = self.marks[e] || 0;
        if (!a || !c || !st || (fs[0] < 0 && fs[1] < 0)) return;
        if ((st === 1 && a === c) || (st === 2 && a !== c)) {
          fs.forEach(function (f) { if (f >= 0 && self.shades[f]) out.faces[f] = true; });
        }
      });
    }
    return out;
  };

  Player.prototype.renderDots = function () {
    if (!this.dotMarks) return;
    var r = this.dotR, big = Math.max(r * 2.6, 6 / this.scale), live = this.live || {dots: {}};
    this.dotMarks.forEach(function (c, d) {
      var bad = !!live.dots[d];
      c.setAttribute("class", bad ? "wrong" : "");
      c.setAttribute("r", bad ? big : r);       // a branching dot: a larger ring, not only red
    });
  };

  Player.prototype.render = function () {
    var self = this, wrong = {}, wrongFaces = {};
    (this.wrong || []).forEach(function (w) { wrong[w] = true; });
    (this.wrongFaces || []).forEach(function (f) { wrongFaces[f] = true; });
    var live = this.live = this.liveErrors();
    this.lines.forEach(function (line, i) {
      if (self.given[i]) return;
      var st = self.marks[i] || 0, bad = wrong[i] || live.edges[i];
      // the error style wins over every other, the cursor included (the cursor is a separate halo)
      var hover = line.classList.contains("hover");
      line.setAttribute("class", "edge" + (st === 1 ? " on" : "") + (bad ? " wrong" : "") + (hover ? " hover" : ""));
      self.crossMarks[i].setAttribute("class", "cross" + (st === 2 ? " on" : "") + (bad ? " wrong" : ""));
    });
    this.faceMarks.forEach(function (p, f) {
      var s = self.shades[f] || 0, hover = p.classList.contains("hover");
      p.setAttribute("class", (s === 1 ? "in" : s === 2 ? "out" : "") +
        (s && (live.faces[f] || wrongFaces[f]) ? " wrong" : "") + (hover ? " hover" : ""));
    });
    this.renderDots();
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
      var broken = self.broken(c), done = !broken && self.satisfied(c);
      self.clueTexts[k].setAttribute("class", "clue" + (broken ? " broken" : done ? " done" : ""));
      self.clueRings[k].setAttribute("class", "clue-ring" + (broken ? " broken" : ""));
    });
    this.scheduleMap();
    var l = this.lists();
    if (this.onchange) this.onchange(l.lines.length, l.crosses.length);
  };

  Player.prototype.clueLines = function (clue) {
    var on = 0, off = 0, self = this;
    clue.edges.forEach(function (e) {
      var st = self.given[e] ? 1 : (self.marks[e] || 0);
      if (st === 1) on += 1; else if (st === 2) off += 1;
    });
    return [on, off];
  };

  /* A clue with a count and edges is broken when more of its edges are lines, or fewer are left uncrossed. */
  Player.prototype.broken = function (clue) {
    if (typeof clue.count !== "number" || !clue.edges) return false;
    var n = this.clueLines(clue);
    return n[0] > clue.count || clue.edges.length - n[1] < clue.count;
  };

  /* A clue whose count of lines is reached (greyed, as puzz.link does); a 0 once its sides are crossed. */
  Player.prototype.satisfied = function (clue) {
    if (typeof clue.count !== "number" || !clue.edges) return false;
    var n = this.clueLines(clue);
    return n[0] === clue.count && (clue.count > 0 || n[1] === clue.edges.length);
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
    else if (k === "[" || k === "]") this.shadeBeside(k === "]");
    else if ((ctrl && k === "z") || (!ctrl && k === "u")) this.undo();
    else if ((ctrl && k === "y") || (!ctrl && k === "r")) this.redo();
    else if (!ctrl && k === "c" && this.oncheck) this.oncheck();
    else if (!ctrl && k === "h" && this.onhint) this.onhint();
    else if (!ctrl && (k === "+" || k === "=")) this.zoomIn();
    else if (!ctrl && k === "-") this.zoomOut();
    else return;
    ev.preventDefault();
  };

  /* The keyboard's shading: the face beside the cursor edge on its left (or, for an edge that lies
   * flatter than 45 degrees, above it) for "[", on its right (below) for "]", one step of inside ->
   * outside -> none, as a click inside the face does.  The side is the sign of the cross product
   * of the edge, pointed down (steep) or left (flat), with the face's centre.  Nothing beyond the
   * rim, nothing on a board without faces to shade. */
  Player.prototype.shadeBeside = function (second) {
    var b = this.board, fs = this.geo.sides[this.cursor];
    if (!b.faces || !fs) return;
    var e = b.edges[this.cursor], p = b.dots[e[0]], q = b.dots[e[1]];
    var dx = q[0] - p[0], dy = q[1] - p[1];
    var steep = Math.abs(dy) > Math.abs(dx);
    if ((steep && dy < 0) || (!steep && dx > 0)) { dx = -dx; dy = -dy; }
    for (var k = 0; k < fs.length; k++) {
      var f = fs[k];
      if (f < 0) continue;
      var ds = b.faces[f], cx = 0, cy = 0;
      for (var j = 0; j < ds.length; j++) { cx += b.dots[ds[j]][0]; cy += b.dots[ds[j]][1]; }
      var cross = dx * (cy / ds.length - p[1]) - dy * (cx / ds.length - p[0]);
      if ((cross < 0) === second) {
        this.apply([[1, f, ((this.shades[f] || 0) + 1) % 3]]);
        return;
      }
    }
  };

  /* Check: solved by the rules here; otherwise the family's check (Python) names the first
   * broken rule (shading included). */
  Player.prototype.check = async function () {
    if (solvedByRules(this.board, this.marks)) {
      return {solved: true, message: this.solvedText(), wrong: [], faces: []};
    }
    var l = this.lists(), args = [l.lines, l.crosses];
    if (this.board.faces) args.push(l.inside, l.outside);
    var res = await T.player("check", this.permalink, args);
    this.wrong = res.wrong;
    this.wrongFaces = res.faces || [];
    this.render();
    return res;
  };

  /* ---- solved, the timer, the settings ---- */

  function clockText(ms) {
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    var two = function (v) { return (v < 10 ? "0" : "") + v; };
    return (h ? h + ":" + two(m) : m) + ":" + two(s % 60);
  }

  Player.prototype.solvedText = function () {
    var what = this.board.loop ? " One closed loop, and every number is right." : " Every fold edge is drawn.";
    return "Solved!" + (this.settings.timer ? " Time " + clockText(this.time()) + "." : "") + what +
      (this.revealed ? " (The answer was revealed.)" : "");
  };

  Player.prototype.noticeSolved = function () {
    var now = solvedByRules(this.board, this.marks);
    if (now === this.solved) return;
    this.solved = now;
    this.tick();
    this.svg.classList.toggle("tp-solved", now);
    if (this.onsolved) this.onsolved(now);
  };

  /* Time spent on the puzzle: counted while the page is visible and the puzzle unsolved. */
  Player.prototype.time = function () { return this.elapsed + (this.since ? performance.now() - this.since : 0); };

  Player.prototype.tick = function () {
    if (this.since) { this.elapsed += performance.now() - this.since; this.since = 0; }
    if (!this.solved && document.visibilityState !== "hidden") this.since = performance.now();
  };

  Player.prototype.clock = function () {
    var self = this;
    var gone = function () {
      if (self.svg.isConnected) return false;
      document.removeEventListener("visibilitychange", vis);
      clearInterval(self.ticker);
      return true;
    };
    var vis = function () { if (!gone()) { self.tick(); self.save(); self.showTime(); } };
    document.addEventListener("visibilitychange", vis);
    window.addEventListener("pagehide", function () { if (self.svg.isConnected) self.save(); });
    this.ticker = setInterval(function () { if (!gone()) self.showTime(); }, 1000);
    this.tick();
    this.showTime();
    if (this.solved) this.say(this.solvedText(), "solved");
  };

  Player.prototype.showTime = function () {
    var t = document.getElementById("tp-timer");
    if (t) t.textContent = this.settings.timer ? clockText(this.time()) : "";
  };

  /* The options beside the board (remembered in localStorage for every puzzle). */
  Player.prototype.controls = function () {
    var self = this, old = document.getElementById("tp-play-settings");
    if (old) old.remove();
    var bar = document.createElement("p");
    bar.id = "tp-play-settings";
    bar.className = "tp-settings";
    var opts = [["draw", "Drag draws lines (Shift-drag always does)"]];
    if (this.board.loop) opts.push(["autoCross", "Cross automatically"]);
    opts.push(["timer", "Timer"]);
    opts.forEach(function (o) {
      var label = document.createElement("label"), box = document.createElement("input");
      box.type = "checkbox";
      box.id = "tp-set-" + o[0];
      box.checked = !!self.settings[o[0]];
      box.addEventListener("change", function () {
        self.settings[o[0]] = box.checked;
        try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(self.settings)); } catch (e) { /* private mode */ }
        self.applySettings();
      });
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + o[1]));
      bar.appendChild(label);
    });
    var t = document.createElement("span");
    t.id = "tp-timer";
    t.className = "tp-timer";
    bar.appendChild(t);
    var anchor = document.getElementById("tp-undo");
    anchor = anchor ? anchor.parentNode : this.box;
    anchor.parentNode.insertBefore(bar, anchor.nextSibling);
    this.applySettings();
  };

  Player.prototype.applySettings = function () {
    // drawing with a finger needs the board's own touch moves; otherwise the page pans and pinches
    this.svg.classList.toggle("tp-draw", !!this.settings.draw);
    this.showTime();
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
      th.textContent = String(r[0]).charAt(0).toUpperCase() + String(r[0]).slice(1);   // as the item page says it ("Hats")
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
    this.label = "";              // what the page is doing (work(), phase()); kept until it is done
    this.runtime = "";            // what the Python runtime says while it loads
    this.progress = "";           // the engine's progress bar
    this.depth = 0;               // work() nesting: the outermost one owns the status line and its clock
    var self = this;
    T.onstatus(function (text) { self.runtime = text; self.showStatus(); });
    T.onprogress(function (p) { self.progress = progressText(p); self.showStatus(); });
    T.onbusy(function (n) { if (!n) self.progress = ""; self.showStatus(); });
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

  /* The status line: what the page does, for how long, how far it got (the engine's progress, or
   * the runtime's loading step); with a Cancel button the whole time the page works or Python runs.
   * With no task of the page, the runtime's loading step alone (e.g. Python loading for hints). */
  Page.prototype.showStatus = function () {
    var text = this.label, detail = this.progress || this.runtime;
    if (text && this.started) text += " " + Math.floor((performance.now() - this.started) / 1000) + " s";
    if (text && detail) text += " — " + detail;
    if (!text) text = this.runtime;
    $("tp-status-text").textContent = text;
    $("tp-status").hidden = !text;
    placeStatus();
    show($("tp-cancel"), !!text && (this.depth > 0 || T.busy()));
  };

  /* The status line sits above the result; while a board is shown it sits below the board's
   * buttons instead, so that its coming, going and wrapping (Python loading behind a site item's
   * board, a hint being worked out) never moves the board under a click or a finger. */
  function placeStatus() {
    var st = $("tp-status"), playing = !$("tp-play").hidden && !$("tp-result").hidden;
    var before = playing ? $("tp-hint") : $("tp-note");
    if (st.nextElementSibling !== before) before.parentNode.insertBefore(st, before);
  }

  /* Start (text) or end ("") the page's task: its label and its clock. */
  Page.prototype.status = function (text) {
    this.label = text;
    clearInterval(this.ticker);
    this.started = text ? performance.now() : 0;
    var self = this;
    if (text) this.ticker = setInterval(function () { self.showStatus(); }, 500);
    this.showStatus();
  };

  /* A new step of the running task: the label changes, the clock runs on. */
  Page.prototype.phase = function (text) {
    if (!this.started) { this.status(text); return; }
    this.label = text;
    this.showStatus();
  };

  /* Run fn() under a status line; "cancelled" ends quietly with a note.  Inside another work()
   * (making a puzzle, then showing it) it is a step of that one: one status line, one clock. */
  Page.prototype.work = async function (text, fn) {
    var outer = this.depth === 0;
    this.error("");
    this.depth += 1;
    if (outer) this.status(text); else this.phase(text);
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
      this.depth -= 1;
      if (outer) this.status("");
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

  /* The fragment is PERMALINK or PERMALINK?NAME=VALUE&… (the display options of a share link,
   * docs/browser.md): "?" is never in a permalink.  Python checks the options (webapi.share_args)
   * before the picture is drawn; a fragment without them shows the permalink as it always did. */
  Page.prototype.fromHash = function () {
    var raw = location.hash.slice(1), at = raw.indexOf("?"), query = at < 0 ? null : raw.slice(at + 1);
    var whole = "", p = "";
    try { whole = decodeURIComponent(raw).trim(); } catch (e) { whole = raw; }
    if (whole && whole === this.skipHash) { this.skipHash = null; return; }     // make() shows it itself
    if (at >= 0) raw = raw.slice(0, at);
    try { p = decodeURIComponent(raw).trim(); } catch (e) { p = raw; }
    if (p) {
      this.hashArgs = query === null ? null : {link: p, query: query};
      if (query === null) this.showArgs = null;
      $("tp-permalink").value = p;
      this.showItem(p);
    }
  };

  /* "?colour=proper4&palette=okabe-ito" of the flags ["--colour", "proper4", …] ("" for none). */
  function shareSuffix(args) {
    var parts = [];
    for (var i = 0; i + 1 < args.length; i += 2) {
      parts.push(encodeURIComponent(args[i].replace(/^--/, "")) + "=" + encodeURIComponent(args[i + 1]));
    }
    return parts.length ? "?" + parts.join("&") : "";
  }

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
      } else if (fd.type === "text") {
        input = document.createElement("input");
        input.type = "text";
        input.spellcheck = false;
        input.autocomplete = "off";
        input.addEventListener("input", function () { input.removeAttribute("aria-invalid"); self.estimate(); });
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = fd.min;
        input.max = fd.max;
        input.step = "any";
        input.required = true;
        input.addEventListener("input", function () { input.removeAttribute("aria-invalid"); self.estimate(); });
      }
      input.value = fd.value;
      input.name = fd.name;
      input.id = "tp-field-" + fd.name;
      wrap.id = "tp-wrap-" + fd.name;
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
    f.fields.forEach(function (fd) {       // a field shown only for one choice of another (the region's shape)
      if (!fd.when) return;
      Object.keys(fd.when).forEach(function (other) {
        var from = $("tp-field-" + other);
        if (from) from.addEventListener("change", function () { shownFields(f); });
      });
    });
    shownFields(f);
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
      var region = $("tp-field-region"), area = (val("width") + margin) * (val("height") + margin);
      if (region && region.value === "disc") area = Math.PI * val("radius") * val("radius");
      if (region && region.value === "polygon") {
        var poly = polygonOf($("tp-field-polygon").value, 1e9);
        area = poly.points ? polygonArea(poly.points) : NaN;
      }
      n = per * area;
    }
    var out = $("tp-estimate");
    if (n !== null && isFinite(n) && n > 0) {
      var r = n < 100 ? Math.round(n) : Number(n.toPrecision(2));
      out.textContent = "This makes about " + r.toLocaleString("en") + " " + c.unit + ".";
    } else out.textContent = "";
  };

  /* Is a field shown (and sent)?  Its "when" {field: value} must hold (the region's shape). */
  function fieldShown(fd) {
    if (!fd.when) return true;
    return Object.keys(fd.when).every(function (other) {
      var from = $("tp-field-" + other);
      return !from || from.value === fd.when[other];
    });
  }

  function shownFields(f) {
    f.fields.forEach(function (fd) { var w = $("tp-wrap-" + fd.name); if (w) w.hidden = !fieldShown(fd); });
  }

  /* A polygon field's text ("x,y x,y …", as `--polygon` reads it) as [[x, y], …], or the reason it is not one. */
  function polygonOf(text, most) {
    var words = String(text).replace(/;/g, " ").trim().split(/\s+/).filter(Boolean), pts = [];
    for (var k = 0; k < words.length; k++) {
      var xy = words[k].split(",");
      var x = Number(xy[0]), y = Number(xy[1]);
      if (xy.length !== 2 || xy[0] === "" || xy[1] === "" || !isFinite(x) || !isFinite(y)) {
        return {error: "vertex " + (k + 1) + " must be two numbers x,y (got \u201c" + words[k] + "\u201d)"};
      }
      pts.push([x, y]);
    }
    if (pts.length < 3 || pts.length > most) {
      return {error: "give 3 to " + most + " vertices (got " + pts.length + ")"};
    }
    return {points: pts};
  }

  function polygonArea(pts) {
    var a = 0;
    for (var k = 0; k < pts.length; k++) {
      var p = pts[(k + pts.length - 1) % pts.length], q = pts[k];
      a += p[0] * q[1] - q[0] * p[1];
    }
    return Math.abs(a) / 2;
  }

  /* The command line the form's values make: the form's argv with each chosen select option's
   * "replaces" flag pairs swapped for its "args", then filled in (generator.maker.region.form_argv). */
  function formArgv(f, values) {
    var argv = f.argv.slice();
    f.fields.forEach(function (fd) {
      if (fd.type !== "select") return;
      var chosen = fd.choices.filter(function (c) { return typeof c === "object" && c.value === values[fd.name]; })[0];
      if (!chosen || !chosen.args) return;
      var out = [], placed = false;
      for (var k = 0; k < argv.length; k++) {
        if ((chosen.replaces || []).indexOf(argv[k]) >= 0) {
          if (!placed) { out = out.concat(chosen.args); placed = true; }
          k += 1;
          continue;
        }
        out.push(argv[k]);
      }
      argv = placed ? out : out.concat(chosen.args);     // nothing to replace: the args are added
    });
    return argv.map(function (a) { return a.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; }); });
  }

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
    var bad = null, badInput = null;
    f.fields.forEach(function (fd) {
      var input = $("tp-field-" + fd.name);
      input.removeAttribute("aria-invalid");
      values[fd.name] = input.value;
      if (bad || !fieldShown(fd)) return;       // a hidden field (another region's) is not sent
      if (fd.type === "number") {
        var v = Number(input.value), lo = Number(input.min), hi = Number(input.max);
        if (input.value === "" || !isFinite(v) || v < lo || v > hi) {
          bad = "error: " + fd.label.toLowerCase() + " must be between " + lo + " and " + hi +
            " on this page (the command line makes bigger ones)";
        }
      } else if (fd.type === "text" && fd.name === "polygon") {
        var poly = polygonOf(input.value, fd.max_vertices || 64), w = $("tp-field-width"), h = $("tp-field-height");
        if (poly.error) bad = "error: vertices: " + poly.error;
        else {
          var bw = 2 * Math.max.apply(null, poly.points.map(function (p) { return Math.abs(p[0]); }));
          var bh = 2 * Math.max.apply(null, poly.points.map(function (p) { return Math.abs(p[1]); }));
          if (w && h && (bw > Number(w.max) || bh > Number(h.max))) {
            bad = "error: vertices: the polygon's bounding box round the start point is " + bw + " \u00d7 " + bh +
              "; this page makes up to " + w.max + " \u00d7 " + h.max + " (the command line makes bigger ones)";
          }
        }
      }
      if (bad) badInput = input;
    });
    if (bad) {
      badInput.setAttribute("aria-invalid", "true");
      this.error(bad);
      badInput.focus();
      return;
    }
    function fill(a) { return a.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; }); }
    var argv = formArgv(f, values), show = (f.show || []).map(fill), args = [];
    for (var i = 0; i + 1 < show.length; i += 2) if (show[i + 1]) args.push(show[i], show[i + 1]);   /* the form's picture flags (--colour …) */
    var self = this, button = $("tp-make-submit");
    if (this.making) return;
    this.making = true;              // Make stays disabled until the new puzzle is shown (or the making stops)
    if (button) button.disabled = true;
    try {
      await this.work("Making a new " + f.title + "…", async function () {
        var res = await T.run(argv);
        if (res.code !== 0) throw cliError(res);
        var link = JSON.parse(res.stdout).permalink;
        self.progress = "";
        self.showArgs = {link: link, args: args};
        self.phase("Showing the new " + f.title + "…");
        var frag = link + shareSuffix(args);       // the page's own address is its share link
        if (location.hash !== "#" + frag) { self.skipHash = frag; location.hash = "#" + frag; }
        $("tp-permalink").value = link;
        await self.showItem(link);
      });
    } finally {
      this.making = false;
      if (button) button.disabled = false;
    }
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

  /* Show a permalink: a site item's own picture at once and, when the build wrote its board file,
   * its board, playable before Python loads (T.pageData); then Python regenerates it (picture, facts,
   * the player for other links), in the background for a board already shown. */
  var RUNTIME_AFTER_BOARD_MS = 1000;
  Page.prototype.showItem = async function (permalink) {
    show($("tp-result"), false);
    show($("tp-play"), false);
    this.player = null;
    this.showing = permalink;
    var early = this.staticPicture(permalink);
    var self = this, instant = false;
    if (early) {
      var data = await T.pageData(permalink);
      if (this.showing !== permalink) return;
      if (data) {
        await this.play(permalink, !!data.hints);
        instant = !!this.player;
        $("tp-title").textContent = data.board.title;
        show($("tp-figure"), false);                 // the board shows the same puzzle
        // a puzzle whose board file carries the answer has a solution to show: its place is kept
        // from the start (Python draws it when opened), so nothing above the board appears later
        show($("tp-solution"), !!(data.check && data.check.lines));
        T.holdRuntime(RUNTIME_AFTER_BOARD_MS);       // the first touches before the runtime's 8 MB
      }
    }
    await this.work(instant ? "Loading Python for the picture, facts and hints (the board is ready)…" :
                    early ? "Loading Python to regenerate this item…" : "Regenerating…", async function () {
      await T.ready();
      var asked = self.hashArgs && self.hashArgs.link === permalink ? self.hashArgs : null;
      if (asked) {                     // a share link's options, checked by the CLI's own rule
        self.hashArgs = null;
        try {
          self.showArgs = {link: permalink, args: await T.call("webapi", "share_args", [permalink, asked.query])};
        } catch (err) {
          self.showArgs = null;
          show($("tp-result"), false);
          show($("tp-play"), false);
          throw err;
        }
      }
      self.phase("Regenerating…");
      var t0 = performance.now();
      var extra = self.showArgs && self.showArgs.link === permalink ? self.showArgs.args : [];
      var res = await T.regen(permalink, {args: extra});
      var what = await T.describe(permalink);
      /* the cut file and graph buttons: tilings only (a puzzle's lozenges would give its answer away) */
      var maker = !what.playable && await T.call("webapi", "maker_formats", [permalink]);
      show($("tp-cut"), maker);
      show($("tp-graph"), maker);
      T.lastRegenMs = performance.now() - t0;
      self.current = {permalink: permalink, prefix: what.prefix, svg: res.svg, json: res.json, solution: null,
                      solutionArgs: what.solution_args, playable: what.playable, printArgs: what.print_args,
                      printSolutionArgs: what.print_solution_args, printRules: what.print_rules};
      show($("tp-print-solution-choice"), !!what.solution_args);   // "print the solution too": puzzles only
      self.render();
      show($("tp-figure"), !what.playable);        // the board shows the same puzzle, playable
      var kept = instant && self.player && self.player.permalink === permalink;   // never redrawn: the marks stay
      if (kept) $("tp-title").textContent = data.board.title;     // the title above the board stays as it was
      if (what.playable && !kept) await self.play(permalink, what.hints);
      if (!early) $("tp-result").scrollIntoView({block: "start"});
      await self.current.decoded;
      document.documentElement.setAttribute("data-tp-shown", permalink);
    });
  };

  Page.prototype.render = function () {
    var c = this.current, json = c.json, self = this;
    $("tp-title").textContent = titleOf(c.prefix, json);
    var img = $("tp-picture");
    if (img.src && img.src.indexOf("blob:") === 0) URL.revokeObjectURL(img.src);
    img.src = svgURL(c.svg);
    img.alt = "The picture the permalink " + c.permalink + " names";
    /* the picture counts as shown once it is decoded (a big SVG takes a moment): at most 5 s */
    c.decoded = Promise.race([img.decode ? img.decode().catch(function () {}) : Promise.resolve(),
                              new Promise(function (resolve) { setTimeout(resolve, 5000); })]);
    show($("tp-solution"), !!c.solutionArgs);
    $("tp-solution").open = false;
    $("tp-solution-img").removeAttribute("src");
    factRows([["Facts", "being worked out…"]], $("tp-facts"));
    T.call("webapi", "facts", [c.permalink]).then(function (rows) {   // the item page's own facts, in words
      if (self.current === c) factRows(rows, $("tp-facts"));
    }, function (err) {
      if (self.current === c) factRows([["Facts", err.message === "cancelled" ? "not worked out (stopped)" : err.message]], $("tp-facts"));
    });
    var extra = this.showArgs && this.showArgs.link === c.permalink ? this.showArgs.args : [];
    $("tp-share").value = location.href.split("#")[0] + "#" + c.permalink + shareSuffix(extra);
    $("tp-code").textContent = c.permalink;
    $("tp-command").textContent = ["python -m generator regen", c.permalink].concat(extra, ["--format svg"]).join(" ");
    show($("tp-details"), true);
    show($("tp-result"), true);
  };

  var FAMILY_WORDS = {p2: "Penrose P2 tiling", p3: "Penrose P3 tiling", hat: "Hat tiling", spectre: "Spectre tiling",
                      cal: "Calisson", loopy: "Loopy puzzle", tx: "Tantrix pattern"};

  /* A title in words: the family (the prefix Python parsed, webapi.describe), its size and level when the
     JSON says them (never the raw permalink). */
  function titleOf(prefix, json) {
    var words = FAMILY_WORDS[prefix] || (json.family || prefix);
    if (prefix === "cal") words = json.givens ? "Calisson puzzle" : "Random calisson tiling";
    if (prefix === "cal" && typeof json.feasible === "boolean" && json.givens)    // a cal.v4 link: as its item page says
      return "Calissons on the infinite grid: " + json.givens.length + " edges, " +
        (json.feasible ? "a tiling fits them" : "no tiling fits them");
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

  // The printout: the drawing the rules describe (a player's PRINT_ARGS: Loopy's dotted lines), the
  // tiling and level in the title, how to find the puzzle again without any command line, and the
  // solution on a second page only when "print the solution too" is ticked.
  var PRINT_TILINGS = {p2: "Penrose P2", p3: "Penrose P3", hat: "hat", spectre: "Spectre"};
  Page.prototype.print = async function () {
    var c = this.current;
    if (!c) return;
    document.documentElement.classList.add("tp-printing");   // print media only; cleared on afterprint
    var json = c.json || {}, title = titleOf(c.prefix, json);     // (the heading may be a board's longer title)
    var tiling = json.tiling ? PRINT_TILINGS[String(json.tiling).split(".")[0]] : "";
    var parts = title.split(", "), head = parts.shift();
    parts = parts.filter(function (p) { return p !== String(json.level); });
    title = head + (tiling ? " on " + tiling + " tiles" : "") + (json.level ? ", level " + json.level : "") +
      (parts.length ? ", " + parts.join(", ") : "");
    $("tp-print-title").textContent = title;
    $("tp-print-rules").textContent = c.printRules || (this.player ? this.player.board.rules : "");
    var printed = c.svg;
    if (c.printArgs && c.printArgs.length) {
      var pr = await T.run(["regen", c.permalink].concat(c.printArgs, ["--format", "svg"]));
      if (pr.code === 0) printed = pr.stdout;
    }
    $("tp-print-picture").src = svgURL(printed);
    var id = await T.call("families", "short_id", [c.permalink]);
    $("tp-print-id").textContent = "Short ID " + id + ". To find this puzzle again, open regen.html# followed by " +
      "this permalink:";
    $("tp-print-permalink").textContent = c.permalink;
    var qr = (T.config.qr || {})[c.permalink], qrImg = $("tp-print-qr");   // a site item, with a base URL
    if (qr) {
      qrImg.src = qr;
      qrImg.alt = "QR code: this item's page on " + T.config.base_url;
      if (!qrImg.complete) await new Promise(function (ok) { qrImg.onload = qrImg.onerror = ok; });
    }
    show(qrImg, !!qr);
    var box = $("tp-print-with-solution"), second = !!c.solutionArgs && !!(box && box.checked);
    show($("tp-print-second"), second);
    if (second) {
      var sol = null, args = c.printSolutionArgs || c.solutionArgs;
      var sr = await T.run(["regen", c.permalink].concat(args, ["--format", "svg"]));
      sol = sr.code === 0 ? sr.stdout : await this.solution();
      if (sol) $("tp-print-solution").src = svgURL(sol);
      $("tp-print-solution-title").textContent = title + " — solution (ID " + id + ")";
    }
    await paint();
    window.print();
  };

  /* hints: the family has a Hint button (what Python said of the parsed link: webapi.describe, or the
     build's board file, webapi.page_data). */
  Page.prototype.play = async function (permalink, hints) {
    var box = $("tp-board");
    box.textContent = "";
    var board = await T.player("board", permalink, []);
    var self = this;
    var say = function (t, cls) { $("tp-play-status").textContent = t; $("tp-play-status").className = cls || ""; };
    say("");
    show($("tp-play"), true);                 // shown first: the board is fitted to its box's width
    var p = new Player(box, board, permalink, say);
    this.player = p;
    /* the board can fill the screen: on solving, the "Solved!" line below it is brought into view
       (the least scroll that shows it; nothing moves when it is in view already) */
    p.onsolved = function (now) {
      if (now) requestAnimationFrame(function () { $("tp-play-status").scrollIntoView({block: "nearest"}); });
    };
    $("tp-rules").textContent = board.rules;
    // the puzzle's title, in words, is the page's heading above; this section is where one plays it
    $("tp-title").textContent = board.title;
    $("tp-play-title").textContent = "Play";
    p.onchange = function (lines, crosses) {
      $("tp-progress").textContent = lines + " line" + (lines === 1 ? "" : "s") + ", " + crosses + " cross" +
        (crosses === 1 ? "" : "es") + " marked (kept in this browser)";
    };
    p.onmark = function () { say(""); $("tp-zoom-note").textContent = ""; };     // "tap the edge now" is done once it is
    p.onzoomed = function () { $("tp-zoom-note").textContent = ""; };
    p.onzoom = function (text) { $("tp-zoom-note").textContent = text; };     // below the board: nothing above it moves
    p.fit();
    p.render();
    p.oncheck = function () { self.check(); };
    if (T.hints) T.hints.attach(this, p, !!hints);
    show($("tp-play"), true);
    placeStatus();
    document.documentElement.setAttribute("data-tp-board", permalink);    // the board takes marks now
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
    $("tp-reveal").addEventListener("click", function () {       // asks first; Undo brings the marks back
      if (!page.player) return;
      page.player.askReveal(function () {
        $("tp-play-status").textContent = "Revealed: the board shows the solution. Undo brings your marks back.";
        $("tp-play-status").className = "";
        if (page.hints) page.hints.clear();
      });
    });
    $("tp-reset").addEventListener("click", function () {        // asks first (when there is anything to lose)
      if (!page.player) return;
      page.player.askReset(function () {
        $("tp-play-status").textContent = "The board is cleared. Undo brings your marks back.";
        $("tp-play-status").className = "";
        if (page.hints) page.hints.clear();
      });
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
 * For players whose family offers `hint` (webapi.describe and page_data say so of the parsed link).  The first
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
  var LEVEL_WORDS = {"mistake": "Mistake", "solved": "Solved", "stuck": "Stuck", "shading": "Hint (shading)"};

  function Hints(player) {
    this.player = player;
    this.pending = null;
    this.layers = [];
  }

  Hints.prototype.key = function () {
    var l = this.player.lists();
    return JSON.stringify([l.lines, l.crosses, l.inside, l.outside]);
  };

  /* The hint's arguments: the marks, and the shading on boards with faces (Loopy). */
  Hints.prototype.args = function () {
    var l = this.player.lists();
    return this.player.board.faces ? [l.lines, l.crosses, l.inside, l.outside] : [l.lines, l.crosses];
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
    this.reveal(h);
  };

  /* Bring every place the hint names into view (zooming out when they do not fit the box at the
   * current scale, never below the whole board), and the board into the window. */
  Hints.prototype.reveal = function (h) {
    var b = this.player.board, pts = [];
    var ids = h.ids.read.concat(h.ids.yes, h.ids.no);
    ids.forEach(function (i) { if (b.edges[i]) b.edges[i].forEach(function (d) { pts.push(b.dots[d]); }); });
    (h.because.dots || []).forEach(function (d) { if (b.dots[d]) pts.push(b.dots[d]); });
    (h.shapes || []).forEach(function (ring) { ring.forEach(function (d) { if (b.dots[d]) pts.push(b.dots[d]); }); });
    if (!pts.length || !this.player.showArea) return;
    var xs = pts.map(function (q) { return q[0]; }), ys = pts.map(function (q) { return q[1]; });
    this.player.showArea(Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs),
      Math.max.apply(null, ys));
  };

  Hints.prototype.press = async function () {
    var p = this.player, k = this.key();
    if (this.pending && this.pending.key === k) { this.apply(this.pending.hint); return; }
    this.clear();
    this.say([["", "Looking for the next deduction…"]]);
    var h;
    try {
      h = await T.player("hint", p.permalink, this.args());
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
    var changes = h.rule === "mistake" ? h.ids.read.map(function (i) { return [0, i, 0]; }) :
      h.ids.yes.map(function (i) { return [0, i, 1]; }).concat(h.ids.no.map(function (i) { return [0, i, 2]; }));
    if (h.rule === "mistake") (h.shade || []).forEach(function (f) { changes.push([1, f, 0]); });   // a wrong shade
    p.apply(changes);                                  // one undo step
  };

  /* Called by the page for each new board: show the button when the family offers hints (on: what
     Python said of the parsed link, never read here from the link's text). */
  function attach(page, player, on) {
    var button = $("tp-hint-button");
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
