// gametree serve: the page. Plain JavaScript, no build step. It calls the JSON API of the
// same server: /api/list, /api/examples, /api/draw, /api/play (docs/serve.md).
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
const game = { spec: null, moves: [], position: null, seats: [], busy: false };

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
  game.spec = $("game").value;
  game.moves = [];
  await refresh();
  const seats = $("seats");
  seats.querySelectorAll(".seat").forEach((s) => s.remove());
  for (let i = 0; i < game.position.players; i++) {
    const row = seatRow(i);
    if (i > 0) row.querySelector(".who").value = "engine";
    row.querySelector(".algo").value = game.position.players === 2 ? "alphabeta" : "paranoid";
    seats.appendChild(row);
  }
  $("thinking").textContent = "";
  await next();
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
  window.gtPlay = { moves: [...game.moves], position: p, busy: game.busy };
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

// While the player to move is an engine, ask for its move.
async function next() {
  while (!game.position.outcome && seat(game.position.to_move).engine) {
    const s = seat(game.position.to_move);
    game.busy = true;
    status(`player ${game.position.to_move} (${s.algorithm}) is thinking...`);
    try {
      const r = await api("/api/play", {
        game: game.spec, moves: game.moves,
        engine: { algorithm: s.algorithm, time_ms: s.time_ms },
      });
      const lines = r.engine.iterations.map((it) =>
        `depth ${it.depth}  nodes ${it.nodes}  ${it.ms} ms  value (${it.value.join(", ")})  pv ${it.pv.join(" ")}`);
      $("thinking").textContent = `player ${game.position.to_move} plays ${r.engine.move}\n` + lines.join("\n");
      game.moves.push(r.engine.move);
      game.busy = false;
      showPosition(r.after);
      status("");
    } catch (e) {
      game.busy = false;
      status(e.message, true);
      return;
    }
  }
  game.busy = false;
  window.gtPlay.busy = false;
}

$("new-game").addEventListener("click", () => newGame().catch((e) => status(e.message, true)));
$("undo").addEventListener("click", async () => {
  game.moves.pop();
  await refresh().catch((e) => status(e.message, true));
});

initExplorer().catch((e) => status(e.message, true));
newGame().catch((e) => status(e.message, true));
