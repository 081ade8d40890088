// gametree serve: the page. Plain JavaScript, no build step. It calls the JSON API of the
// same server: /api/list, /api/examples, /api/draw, /api/play and /api/play/stream
// (docs/serve.md).
"use strict";

const $ = (id) => document.getElementById(id);
const status = (text, error) => {
  $("status").textContent = text || "";
  $("status").className = error ? "error" : "";
};

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const resp = await fetch(path, opts);
  const data = await resp.json().catch(() => ({ error: resp.statusText }));
  if (!resp.ok) throw new Error(data.error || resp.statusText);
  return data;
}

// ---- tabs
for (const b of document.querySelectorAll(".tab")) {
  b.addEventListener("click", () => {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t === b);
    for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === b.dataset.tab);
  });
}

// ---- tree explorer
// Each view holds a Drawing from /api/draw: {svg, events, nodes, summary, result}.
// Stepping replays events 0..step-1 onto the SVG's classes, starting from "nothing visited".
const DYNAMIC = /^(visited|unvisited|pruned|prune-.*|pv|current)$/;
const views = { a: null, b: null };
let step = 0;
let timer = null;

function prunedIds(ev) {
  const b = ev.bound || {};
  return b.pruned || b.pruned_children || b.children || ev.pruned || [];
}

function maxSteps() {
  return Math.max(0, ...["a", "b"].filter((k) => views[k]).map((k) => views[k].drawing.events.length));
}

function loadView(key, drawing, title) {
  const root = $("view-" + key);
  root.querySelector(".view-title").textContent = title;
  const holder = root.querySelector(".svg");
  holder.innerHTML = drawing.svg;
  const els = new Map();
  for (const el of holder.querySelectorAll("g.node, g.edge")) {
    const base = [...el.classList].filter((c) => !DYNAMIC.test(c));
    els.set(el.id, { el, base, final: [...el.classList] });
  }
  views[key] = { root, drawing, els };
}

function resetState(v) {
  v.cls = new Map();
  for (const [id, e] of v.els) v.cls.set(id, new Set([...e.base, "unvisited"]));
  v.visited = new Set();
  v.leaves = 0;
  v.cutoffs = {};
  v.applied = 0;
  v.marked = [];
  v.dirty = new Set(v.els.keys());
}

// Applies one event to the classes (incrementally: only the elements it touches change).
function applyEvent(v, ev) {
  if (ev.kind === "visit" || ev.kind === "leaf") {
    for (const id of ["node-" + ev.node, "edge-" + ev.node]) {
      const s = v.cls.get(id);
      if (s) { s.delete("unvisited"); s.add("visited"); v.dirty.add(id); }
    }
    v.visited.add(ev.node);
    if (ev.kind === "leaf") v.leaves++;
  } else if (ev.kind === "prune") {
    const kind = (ev.bound && ev.bound.kind) || "pruned";
    v.cutoffs[kind] = (v.cutoffs[kind] || 0) + 1;
    for (const c of prunedIds(ev)) {
      const s = v.cls.get("edge-" + c);
      if (s) { s.add("pruned"); s.add("prune-" + kind); v.dirty.add("edge-" + c); }
    }
  }
}

function applyStep(key) {
  const v = views[key];
  if (!v) return;
  const events = v.drawing.events;
  const n = Math.min(step, events.length);
  if (!v.cls || n < v.applied) resetState(v);
  // The marks of the previous step (current node, principal variation) come off first.
  for (const [id, c] of v.marked) { v.cls.get(id).delete(c); v.dirty.add(id); }
  v.marked = [];
  while (v.applied < n) applyEvent(v, events[v.applied++]);
  const mark = (id, c) => {
    const s = v.cls.get(id);
    if (s && !s.has(c)) { s.add(c); v.marked.push([id, c]); v.dirty.add(id); }
  };
  if (n === events.length) {
    // The principal variation is known only at the end: taken from the final drawing.
    for (const [id, e] of v.els) if (e.final.includes("pv")) mark(id, "pv");
  } else if (n > 0) {
    mark("node-" + events[n - 1].node, "current");
  }
  for (const id of v.dirty) v.els.get(id).el.setAttribute("class", [...v.cls.get(id)].join(" "));
  v.dirty.clear();
  const last = n > 0 ? events[n - 1] : null;
  const cut = Object.entries(v.cutoffs).map(([k, c]) => `${k} ${c}`).join(", ") || "none";
  v.root.querySelector(".counters").textContent =
    `nodes ${v.visited.size}  leaves ${v.leaves}  cutoffs: ${cut}`;
  v.root.querySelector(".event").textContent = last ? describe(last) : "";
  v.counts = { nodes: v.visited.size, leaves: v.leaves, cutoffs: { ...v.cutoffs } };
}

function describe(ev) {
  let t = `#${ev.seq} ${ev.kind} ${ev.node}`;
  if (ev.player !== undefined && ev.player !== null) t += ` player ${ev.player}`;
  if (ev.value) t += ` value (${ev.value.join(", ")})`;
  if (ev.kind === "prune") t += ` ${JSON.stringify(ev.bound)}`;
  return t;
}

function render() {
  const total = maxSteps();
  step = Math.max(0, Math.min(step, total));
  applyStep("a");
  applyStep("b");
  $("step").textContent = `event ${step} / ${total}`;
  window.gtExplorer = {
    step, total,
    views: Object.fromEntries(Object.entries(views).filter(([, v]) => v).map(([k, v]) => [k, {
      counts: v.counts,
      get pruned() {
        return [...v.els.keys()].filter((id) => v.els.get(id).el.classList.contains("pruned"));
      },
      result: v.drawing.result,
    }])),
  };
}

async function treeRequest() {
  const source = document.querySelector("input[name=source]:checked").value;
  const depth = $("depth").value === "" ? undefined : Number($("depth").value);
  if (source === "example") {
    return { tree: await api("/api/examples/" + encodeURIComponent($("example").value)), depth };
  }
  if (source === "paste") {
    let tree;
    try { tree = JSON.parse($("tree-json").value); } catch (e) { throw new Error("pasted JSON: " + e.message); }
    return { tree, depth };
  }
  if (source === "game") {
    // A game position searched to a depth (2 plies when none is given); best-reply search
    // (brs, brs-plus) draws the tree it searches there.
    const position = $("explore-position").value.trim() || undefined;
    return { game: $("explore-game").value, position, depth: depth === undefined ? 2 : depth };
  }
  return { game: $("random-spec").value, depth };
}

async function runSearch() {
  pause();
  status("searching...");
  try {
    const req = await treeRequest();
    const keys = $("compare").checked ? ["a", "b"] : ["a"];
    const drawings = await Promise.all(keys.map((k) => api("/api/draw", { ...req, algorithm: $("algo-" + k).value })));
    views.b = null;
    $("view-b").classList.toggle("hidden", keys.length < 2);
    keys.forEach((k, i) => loadView(k, drawings[i], $("algo-" + k).value));
    step = 0;
    render();
    status("");
  } catch (e) {
    status(e.message, true);
  }
}

function pause() {
  if (timer) clearInterval(timer);
  timer = null;
  $("playpause").innerHTML = "&#x25B6;";
}

function play() {
  if (step >= maxSteps()) step = 0;
  $("playpause").innerHTML = "&#x2016;";
  timer = setInterval(() => {
    step++;
    render();
    if (step >= maxSteps()) pause();
  }, 1000 / Number($("speed").value));
}

$("run").addEventListener("click", runSearch);
$("first").addEventListener("click", () => { pause(); step = 0; render(); });
$("back").addEventListener("click", () => { pause(); step--; render(); });
$("forward").addEventListener("click", () => { pause(); step++; render(); });
$("last").addEventListener("click", () => { pause(); step = maxSteps(); render(); });
$("playpause").addEventListener("click", () => (timer ? pause() : play()));

async function initExplorer() {
  const [list, ex] = await Promise.all([api("/api/list"), api("/api/examples")]);
  for (const sel of document.querySelectorAll("select.algo")) {
    for (const a of list.algorithms) sel.add(new Option(a.name, a.name));
  }
  $("algo-a").value = "shallow";
  $("algo-b").value = "maxn";
  for (const name of ex.examples) $("example").add(new Option(name, name));
  window.gtReady = true;
}

// ---- play
// game.gen changes on New game and Undo: an engine turn started before is abandoned.
const game = { spec: null, moves: [], position: null, seats: [], busy: false, gen: 0 };

function seatRow(i) {
  const row = document.createElement("div");
  row.className = "seat";
  row.innerHTML = `player ${i} <select class="who"><option>person</option><option>engine</option></select>
    <select class="algo"></select> <input class="ms" type="number" min="10" max="5000" value="300" size="5"> ms`;
  const algo = row.querySelector(".algo");
  for (const a of ["paranoid", "maxn", "shallow", "speculative", "alphabeta", "brs"]) algo.add(new Option(a, a));
  return row;
}

async function newGame() {
  cancelThinking();
  const gen = game.gen;
  game.spec = $("game").value;
  game.moves = [];
  await refresh();
  if (gen !== game.gen) return;
  const seats = $("seats");
  seats.querySelectorAll(".seat").forEach((s) => s.remove());
  for (let i = 0; i < game.position.players; i++) {
    const row = seatRow(i);
    if (i > 0) row.querySelector(".who").value = "engine";
    row.querySelector(".algo").value = game.position.players === 2 ? "alphabeta" : "paranoid";
    seats.appendChild(row);
  }
  $("think-live").hidden = true;
  $("think-done").hidden = true;
  await next();
}

function publish() {
  window.gtPlay = { moves: [...game.moves], position: game.position, busy: game.busy };
}

function showPosition(p) {
  game.position = p;
  $("board").textContent = p.board || p.position || "";
  const legal = $("legal");
  legal.innerHTML = "";
  if (p.outcome) {
    $("game-status").textContent = `game over: (${p.outcome.join(", ")})`;
  } else {
    $("game-status").textContent = `player ${p.to_move} to move`;
    for (const m of p.legal) {
      const b = document.createElement("button");
      b.textContent = m;
      b.dataset.move = m;
      b.addEventListener("click", () => personMove(m));
      legal.appendChild(b);
    }
  }
  const hist = $("history");
  hist.innerHTML = "";
  for (const m of game.moves) hist.appendChild(Object.assign(document.createElement("li"), { textContent: m }));
  publish();
}

async function refresh() {
  const r = await api("/api/play", { game: game.spec, moves: game.moves });
  showPosition(r.position);
}

function seat(i) {
  const row = $("seats").querySelectorAll(".seat")[i];
  return {
    engine: row.querySelector(".who").value === "engine",
    algorithm: row.querySelector(".algo").value,
    time_ms: Number(row.querySelector(".ms").value),
  };
}

async function personMove(m) {
  if (game.busy) return;
  const s = seat(game.position.to_move);
  if (s.engine) return;
  game.moves.push(m);
  try { await refresh(); await next(); } catch (e) { game.moves.pop(); status(e.message, true); }
}

// ---- the engine's thinking, live
// POST /api/play/stream answers Server-Sent Events: `iteration` per completed depth, then
// `done` with what /api/play answers (or `error`). EventSource only does GET, so the page
// reads the stream with fetch and splits its events itself.
async function readStream(body, signal, onEvent) {
  const resp = await fetch("/api/play/stream", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!resp.ok) {
    const data = await resp.json().catch(() => ({ error: resp.statusText }));
    throw new Error(data.error || resp.statusText);
  }
  const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line === "" || line.startsWith(":")) continue; // keep-alive comments
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const v = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") name = v;
        else if (field === "data") data.push(v);
      }
      if (data.length) onEvent(name, JSON.parse(data.join("\n")));
    }
  }
}

const fmt = new Intl.NumberFormat("en");
const count = (n) => fmt.format(n);
const rate = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : `${n}`);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const values = (v) => `(${v.join(", ")})`;

// The running engine turn (null between turns), and what the browser tests read.
let thinking = null;
window.gtThinking = { active: false, updates: [], pv: [], moveNow: null };

// Runs one engine turn over the stream; resolves with {move, after?, iterations, now?}.
// Move now resolves with the first PV move of the last completed depth (after the first
// depth when none has completed yet); New game and Undo reject it (cancelled).
function think(player, s) {
  return new Promise((resolve, reject) => {
    const t = {
      player, algorithm: s.algorithm, budget: s.time_ms, ctl: new AbortController(),
      iterations: [], t0: performance.now(), wantNow: false, over: false, frame: 0,
    };
    const end = () => {
      t.over = true;
      t.ctl.abort();
      cancelAnimationFrame(t.frame);
      if (thinking === t) thinking = null;
      window.gtThinking.active = false;
    };
    t.finish = (r) => { if (!t.over) { end(); resolve(r); } };
    t.fail = (e) => { if (!t.over) { end(); reject(e); } };
    t.moveNow = () => {
      t.wantNow = true;
      const last = t.iterations[t.iterations.length - 1];
      if (last && last.pv.length) {
        t.finish({ move: last.pv[0], iterations: t.iterations, now: performance.now() - t.t0 });
      } else {
        $("think-depth").textContent = "Move now: moving after the first depth...";
      }
    };
    thinking = t;
    // The person's move buttons wait for the engine.
    for (const b of $("legal").querySelectorAll("button")) b.disabled = true;
    window.gtThinking = { active: true, player, started_unix_ms: Date.now(), updates: [], pv: [], moveNow: null };
    $("think-who").textContent = `player ${player} (${s.algorithm}, ${s.time_ms} ms) is thinking`;
    for (const id of ["think-depth", "think-nodes", "think-nps", "think-value", "think-pv"]) $(id).textContent = "-";
    $("move-now").disabled = false;
    $("think-done").hidden = true;
    $("think-live").hidden = false;
    // The clock runs on animation frames: one text node per frame.
    const clock = $("think-clock");
    const tick = () => {
      clock.textContent = seconds(performance.now() - t.t0);
      t.frame = requestAnimationFrame(tick);
    };
    tick();
    const body = { game: game.spec, moves: game.moves, engine: { algorithm: s.algorithm, time_ms: s.time_ms } };
    readStream(body, t.ctl.signal, (name, data) => {
      if (t.over) return;
      if (name === "iteration") {
        t.iterations.push(data);
        $("think-depth").textContent = `${data.depth} (searching ${data.depth + 1})`;
        $("think-nodes").textContent = count(data.nodes);
        $("think-nps").textContent = rate(data.nps);
        $("think-value").textContent = values(data.value);
        $("think-pv").textContent = data.pv.join(" ");
        window.gtThinking.updates.push({ depth: data.depth, at_unix_ms: data.at_unix_ms, shown_unix_ms: Date.now() });
        window.gtThinking.pv = data.pv;
        if (t.wantNow) t.moveNow();
      } else if (name === "done") {
        const e = data.engine;
        t.finish(e ? { move: e.move, after: data.after, iterations: e.iterations } : { after: data.position });
      } else if (name === "error") {
        t.fail(new Error(data.error));
      }
    }).then(() => t.fail(new Error("the engine's stream ended without a move")), (e) => t.fail(e));
  });
}

// Folds the live panel into one line (the iterations inside, unfolded on a click).
function foldThinking(player, algorithm, r) {
  const its = r.iterations;
  const last = its[its.length - 1];
  let line = `player ${player} (${algorithm}) plays ${r.move}`;
  if (r.now !== undefined) line += ` (Move now at ${seconds(r.now)})`;
  if (last) {
    line += `: depth ${last.depth}, ${rate(last.nodes)} nodes, ${rate(last.nps)} nodes/s, ` +
      `${last.ms} ms, value ${values(last.value)}`;
  }
  $("think-summary").textContent = line;
  $("think-lines").textContent = its.map((it) =>
    `depth ${it.depth}  nodes ${it.nodes}  ${rate(it.nps)} nodes/s  ${it.ms} ms  value ${values(it.value)}  pv ${it.pv.join(" ")}`).join("\n");
  $("think-live").hidden = true;
  $("think-done").hidden = false;
}

// Abandons the running engine turn (New game, Undo): its stream is closed, which stops
// the server's search.
function cancelThinking() {
  game.gen++;
  if (thinking) {
    const t = thinking;
    t.fail(new Error("cancelled"));
    $("think-live").hidden = true;
    $("think-summary").textContent = `player ${t.player}'s search cancelled`;
    $("think-lines").textContent = "";
    $("think-done").hidden = false;
  }
  game.busy = false;
}

$("move-now").addEventListener("click", () => {
  if (!thinking || thinking.wantNow) return;
  window.gtThinking.moveNow = { pressed_unix_ms: Date.now(), pressed_ms: performance.now() };
  $("move-now").disabled = true;
  thinking.moveNow();
});

// While the player to move is an engine, ask for its move.
async function next() {
  const gen = game.gen;
  while (gen === game.gen && !game.position.outcome && seat(game.position.to_move).engine) {
    const player = game.position.to_move;
    const s = seat(player);
    game.busy = true;
    publish();
    status(`player ${player} (${s.algorithm}) is thinking...`);
    try {
      const r = await think(player, s);
      if (gen !== game.gen) return;
      if (r.move === undefined) { showPosition(r.after); break; }
      foldThinking(player, s.algorithm, r);
      const moves = [...game.moves, r.move];
      // Move now knows the move, not the position after it: asked of /api/play.
      const after = r.after || (await api("/api/play", { game: game.spec, moves })).position;
      if (gen !== game.gen) return;
      game.moves = moves;
      game.busy = false;
      showPosition(after);
      if (window.gtThinking.moveNow) window.gtThinking.moveNow.moved_ms = performance.now();
      status("");
    } catch (e) {
      if (gen !== game.gen) return;
      $("think-live").hidden = true;
      game.busy = false;
      publish();
      status(e.message, true);
      return;
    }
  }
  if (gen !== game.gen) return;
  game.busy = false;
  publish();
}

$("new-game").addEventListener("click", () => newGame().catch((e) => status(e.message, true)));
$("undo").addEventListener("click", async () => {
  cancelThinking();
  game.moves.pop();
  await refresh().catch((e) => status(e.message, true));
});

initExplorer().catch((e) => status(e.message, true));
newGame().catch((e) => status(e.message, true));
