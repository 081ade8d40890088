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
// Each view holds a Drawing from /api/draw: {svg, events, nodes, summary, result}. The SVG
// comes drawn as at the end of the search; the page replays events 0..step-1 onto classes
// that style.css draws over the SVG's own colours: `unvisited` (grey) until a node's visit,
// `valued` once its value is computed (its value label shows), `pruned` on an edge from its
// prune (the cut mark shows), `current` on the last event's node, `pv` and `done` at the end.
const DYNAMIC = /^(visited|unvisited|pruned|prune-.*|pv|current|valued)$/;
const views = { a: null, b: null };
let step = 0;
let timer = null;

function prunedIds(ev) {
  const b = ev.bound || {};
  return b.pruned || b.pruned_children || b.children || ev.pruned || [];
}

// A value as the SVG writes it: one number, or (a,b,c); bounds beyond the search's keys as inf.
const INF_KEY = 9.2e18;
const num = (x) => (x >= INF_KEY ? "inf" : x <= -INF_KEY ? "-inf" : String(x));
const vectorText = (v) => (v.length === 1 ? num(v[0]) : `(${v.map(num).join(",")})`);

function maxSteps() {
  return Math.max(0, ...["a", "b"].filter((k) => views[k]).map((k) => views[k].drawing.events.length));
}

function loadView(key, drawing, title) {
  const root = $("view-" + key);
  root.querySelector(".view-title").textContent = title;
  const holder = root.querySelector(".svg");
  holder.innerHTML = drawing.svg;
  const svg = holder.querySelector("svg");
  const els = new Map();
  for (const el of holder.querySelectorAll("g.node, g.edge")) {
    const base = [...el.classList].filter((c) => !DYNAMIC.test(c));
    const text = el.querySelector(":scope > text.value, :scope > text.backed-up");
    els.set(el.id, { el, base, final: [...el.classList], text, finalText: text ? text.textContent : null });
  }
  const width = Number(svg.getAttribute("width"));
  const height = Number(svg.getAttribute("height"));
  views[key] = { root, drawing, els, svg, holder, width, height, scale: 1 };
  initialZoom(views[key]);
}

function resetState(v) {
  v.cls = new Map();
  for (const [id, e] of v.els) {
    v.cls.set(id, new Set([...e.base, "unvisited"]));
    if (e.text) e.text.textContent = e.finalText;
  }
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
      if (!s) continue;
      s.delete("unvisited");
      s.add("visited");
      // A visit clears an earlier prune of the same node (the drawing's replay rule).
      if (ev.kind === "visit") for (const c of [...s]) if (c === "pruned" || c.startsWith("prune-")) s.delete(c);
      v.dirty.add(id);
    }
    v.visited.add(ev.node);
    if (ev.kind === "leaf") {
      v.leaves++;
      setValue(v, ev);
    }
  } else if (ev.kind === "backup") {
    setValue(v, ev);
  } else if (ev.kind === "prune") {
    const kind = (ev.bound && ev.bound.kind) || "pruned";
    v.cutoffs[kind] = (v.cutoffs[kind] || 0) + 1;
    for (const c of prunedIds(ev)) {
      const s = v.cls.get("edge-" + c);
      if (s) { s.add("pruned"); s.add("prune-" + kind); v.dirty.add("edge-" + c); }
    }
  }
}

// A node's value is computed: its label shows the value of this event (a re-searched node's
// label changes with each backup; the last is the SVG's).
function setValue(v, ev) {
  const id = "node-" + ev.node;
  const s = v.cls.get(id);
  if (!s) return;
  s.add("valued");
  v.dirty.add(id);
  const e = v.els.get(id);
  if (e.text && ev.value) e.text.textContent = vectorText(ev.value);
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
  const done = events.length > 0 && n === events.length;
  let current = null;
  if (done) {
    // The principal variation is known only at the end: taken from the final drawing.
    for (const [id, e] of v.els) if (e.final.includes("pv")) mark(id, "pv");
  } else if (n > 0) {
    current = "node-" + events[n - 1].node;
    mark(current, "current");
  }
  v.svg.classList.toggle("done", done);
  for (const id of v.dirty) v.els.get(id).el.setAttribute("class", [...v.cls.get(id)].join(" "));
  v.dirty.clear();
  if (current && v.els.has(current)) follow(v, v.els.get(current).el);
  const last = n > 0 ? events[n - 1] : null;
  const cut = Object.entries(v.cutoffs).map(([k, c]) => `${k} ${c}`).join(", ") || "none";
  v.root.querySelector(".counters").textContent =
    `nodes ${v.visited.size}  leaves ${v.leaves}  cutoffs: ${cut}`;
  v.root.querySelector(".event").textContent = last ? describe(last) : "";
  v.counts = { nodes: v.visited.size, leaves: v.leaves, cutoffs: { ...v.cutoffs } };
}

// ---- zoom, pan and fit
// The SVG keeps its viewBox; the page scales its displayed size. The holder scrolls; a drag
// pans it, Ctrl + wheel zooms about the pointer.
const MIN_SCALE = 0.005;
const MAX_SCALE = 4;

function setScale(v, scale, cx, cy) {
  const h = v.holder;
  // The point under (cx, cy) of the holder stays put.
  const px = cx === undefined ? h.clientWidth / 2 : cx;
  const py = cy === undefined ? h.clientHeight / 2 : cy;
  const fx = (h.scrollLeft + px) / v.scale;
  const fy = (h.scrollTop + py) / v.scale;
  v.scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, scale));
  v.svg.style.width = `${v.width * v.scale}px`;
  v.svg.style.height = `${v.height * v.scale}px`;
  h.scrollLeft = fx * v.scale - px;
  h.scrollTop = fy * v.scale - py;
  v.root.querySelector(".zoom-level").textContent = `${Math.round(v.scale * 100)}%`;
}

// The whole width in view (never enlarged past 1:1).
function fit(v) {
  setScale(v, Math.min(1, (v.holder.clientWidth - 2) / v.width));
  v.holder.scrollLeft = 0;
  v.holder.scrollTop = 0;
}

// On load: fit when that keeps the labels readable; otherwise a readable scale with the
// root in the middle of the view.
function initialZoom(v) {
  const w = (v.holder.clientWidth - 2) / v.width;
  if (w >= 0.45) { fit(v); return; }
  setScale(v, 0.6);
  const root = v.els.get("node-r");
  if (root) centreOn(v, root.el);
}

function centreOn(v, el) {
  const h = v.holder.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  v.holder.scrollLeft += r.left + r.width / 2 - (h.left + h.width / 2);
  v.holder.scrollTop += r.top + r.height / 2 - (h.top + h.height / 2);
}

// Keeps the replay's current node in view.
function follow(v, el) {
  const h = v.holder.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.left < h.left || r.right > h.right || r.top < h.top || r.bottom > h.bottom) centreOn(v, el);
}

for (const key of ["a", "b"]) {
  const root = $("view-" + key);
  const holder = root.querySelector(".svg");
  root.querySelector(".zoom-fit").addEventListener("click", () => views[key] && fit(views[key]));
  root.querySelector(".zoom-in").addEventListener("click", () => views[key] && setScale(views[key], views[key].scale * 1.25));
  root.querySelector(".zoom-out").addEventListener("click", () => views[key] && setScale(views[key], views[key].scale / 1.25));
  root.querySelector(".zoom-one").addEventListener("click", () => views[key] && setScale(views[key], 1));
  holder.addEventListener("wheel", (e) => {
    const v = views[key];
    if (!v || !e.ctrlKey) return;
    e.preventDefault();
    const r = holder.getBoundingClientRect();
    setScale(v, v.scale * Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  let drag = null;
  holder.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, left: holder.scrollLeft, top: holder.scrollTop };
    holder.setPointerCapture(e.pointerId);
    holder.classList.add("dragging");
  });
  holder.addEventListener("pointermove", (e) => {
    if (!drag) return;
    holder.scrollLeft = drag.left - (e.clientX - drag.x);
    holder.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const stop = () => { drag = null; holder.classList.remove("dragging"); };
  holder.addEventListener("pointerup", stop);
  holder.addEventListener("pointercancel", stop);
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

// Typing in a source's own field (or choosing in its list) selects that source: a game
// spec typed while "bundled" is ticked is the game searched, not the bundled tree.
for (const [field, source] of [["example", "example"], ["tree-json", "paste"], ["random-spec", "random"],
  ["explore-game", "game"], ["explore-position", "game"]]) {
  $(field).addEventListener("input", () => {
    document.querySelector(`input[name=source][value=${source}]`).checked = true;
  });
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
  fillGames(list);
  for (const name of ex.examples) $("example").add(new Option(name, name));
  window.gtReady = true;
}

// ---- play
// game.gen changes on New game and Undo: an engine turn started before is abandoned.
const game = { spec: null, moves: [], position: null, seats: [], busy: false, gen: 0 };
// The games of the registry (GET /api/list), by name; the algorithms a seat can run.
const registry = { games: new Map(), algorithms: [] };
// The board's click state: the piece picked (a cell name), the legal moves by cell.
const boardUi = { selected: null, index: null, board: null, numbers: false, cover: null };

const LABELS = {
  tictactoe: "tic-tac-toe", "connect-four": "connect four", "chinese-checkers": "Chinese Checkers",
  chess4: "four-player chess", rolit: "Rolit", focus: "Focus", blokus: "Blokus", hearts: "Hearts", spades: "Spades",
};
// The board a player count is played on (the smaller one where both fit).
const SPECS = {
  "chinese-checkers": (n) => `chinese-checkers(players=${n},board=${n <= 3 ? 73 : 121})`,
};

// The game menu: every game of the registry with each player count it accepts.
function fillGames(list) {
  const sel = $("game");
  sel.innerHTML = "";
  registry.algorithms = list.algorithms.map((a) => a.name);
  for (const g of list.games) {
    if (g.kind !== "game") continue;
    registry.games.set(g.name, g);
    const label = LABELS[g.name] || g.name;
    const many = g.seats.length > 1 || /players=/.test(g.syntax);
    for (const n of g.seats) {
      const spec = SPECS[g.name] ? SPECS[g.name](n) : many ? `${g.name}(players=${n})` : g.name;
      sel.add(new Option(many ? `${label}, ${n} players` : label, spec));
    }
  }
  sel.value = "connect-four";
}

// The engine a seat starts with: the registry's for the game with 3+ players (as
// `gametree list` shows it), paranoid when it names none, alpha-beta with two players.
function defaultAlgorithm(spec, players) {
  if (players === 2) return "alphabeta";
  const g = registry.games.get(gameName(spec));
  return (g && g.default_engine) || "paranoid";
}

function seatRow(i) {
  const row = document.createElement("div");
  row.className = "seat";
  row.innerHTML = `player ${i} <select class="who"><option>person</option><option>engine</option></select>
    <select class="algo"></select> <input class="ms" type="number" min="10" max="5000" value="300" size="5"> ms`;
  const algo = row.querySelector(".algo");
  for (const a of registry.algorithms) algo.add(new Option(a, a));
  return row;
}

// Nothing to play: after an error the old board is not left playable.
function clearGame(message) {
  game.position = null;
  game.moves = [];
  boardUi.board = null;
  drawBoard(null, boardUi);
  $("board").textContent = "";
  $("legal").innerHTML = "";
  $("history").innerHTML = "";
  $("move-hint").textContent = "";
  $("game-status").textContent = message;
  $("game-status").className = "error";
  publish();
}

async function newGame() {
  cancelThinking();
  const gen = game.gen;
  game.spec = $("game").value;
  game.moves = [];
  game.record = null;
  game.busy = false;
  $("record-bar").hidden = true;
  try {
    await refresh();
  } catch (e) {
    if (gen === game.gen) clearGame(e.message);
    throw e;
  }
  if (gen !== game.gen) return;
  status("");
  const seats = $("seats");
  seats.querySelectorAll(".seat").forEach((s) => s.remove());
  for (let i = 0; i < game.position.players; i++) {
    const row = seatRow(i);
    if (i > 0) row.querySelector(".who").value = "engine";
    row.querySelector(".algo").value = defaultAlgorithm(game.spec, game.position.players);
    seats.appendChild(row);
  }
  showPosition(game.position);
  $("think-live").hidden = true;
  $("think-done").hidden = true;
  await next();
}

function publish() {
  const keep = window.gtPlay || {};
  window.gtPlay = { moves: [...game.moves], position: game.position, busy: game.busy, spec: game.spec, record: keep.record, replay: keep.replay };
}

function personToMove() {
  const p = game.position;
  const row = p && $("seats").querySelectorAll(".seat")[p.to_move];
  return Boolean(row && !p.outcome && !game.busy && !seat(p.to_move).engine);
}

function showPosition(p) {
  game.position = p;
  $("board").textContent = p.board || p.position || "";
  boardUi.board = boardOf(p);
  boardUi.selected = null;
  boardUi.cover = null;
  boardUi.index = moveIndex(p.outcome ? [] : p.legal, boardUi.board || {});
  $("cell-numbers-label").hidden = !(boardUi.board && boardUi.board.numbers);
  $("board").hidden = Boolean(boardUi.board);
  $("game-status").className = "";
  if (p.outcome) {
    const best = Math.max(...p.outcome);
    const won = p.outcome.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
    const verdict = won.length === p.outcome.length ? "a draw" : won.length === 1 ? `player ${won[0]} wins` : `players ${won.join(" and ")} share the win`;
    $("game-status").textContent = `game over: ${verdict} (${p.outcome.join(", ")})`;
  } else {
    $("game-status").textContent = `player ${p.to_move} to move`;
  }
  showLegal(p.outcome ? [] : p.legal);
  redrawBoard();
  const hist = $("history");
  hist.innerHTML = "";
  for (const m of game.moves) hist.appendChild(Object.assign(document.createElement("li"), { textContent: m }));
  publish();
}

// The legal moves as buttons (all of them, or those of the picked piece or Blokus cell).
function showLegal(moves) {
  const legal = $("legal");
  legal.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m;
    b.dataset.move = m;
    b.disabled = !personToMove();
    b.addEventListener("click", () => personMove(m));
    b.addEventListener("mouseenter", () => preview(m));
    b.addEventListener("mouseleave", () => preview(null));
    legal.appendChild(b);
  }
}

// The cells a move touches, outlined while its button is under the pointer.
function preview(m) {
  for (const g of document.querySelectorAll("#board-svg g.cell.preview")) g.classList.remove("preview");
  $("move-hint").textContent = m ? `move ${m}` : hint();
  if (!m) return;
  const names = m.includes(":") ? m.split(":")[1].split(",") : m.replace(/^\+/, "").split("-").map((t) => (t.match(/^[A-Za-z]?\d+/) || [t])[0]);
  for (const n of names) for (const g of document.querySelectorAll(`#board-svg g.cell[data-cell="${CSS.escape(n)}"]`)) g.classList.add("preview");
}

function hint() {
  const p = game.position;
  if (!p || p.outcome || !boardUi.board) return "";
  if (!personToMove()) return "";
  if (boardUi.selected !== null) {
    const t = boardUi.index.from.get(boardUi.selected);
    return `${boardUi.selected === "+" ? "a reserve piece" : boardUi.selected}: click a highlighted destination (${[...t.values()].join(" ")})`;
  }
  if (boardUi.cover) return `placements covering ${boardUi.cover}: pick one below`;
  if (boardUi.board.cover) return "click a cell to list the placements covering it";
  if (boardUi.index.from.size) return "click a piece, then its destination";
  return boardHint();
}

function boardHint() {
  return boardUi.board.cards ? "click a ringed card" : "click a ringed cell";
}

function redrawBoard() {
  const ui = { ...boardUi, index: personToMove() ? boardUi.index : { place: new Map(), from: new Map(), cover: new Map() } };
  drawBoard(boardUi.board, ui);
  $("move-hint").textContent = hint();
}

function clickCell(name) {
  if (!personToMove()) return;
  const ix = boardUi.index;
  if (boardUi.selected !== null) {
    const t = ix.from.get(boardUi.selected);
    const picked = boardUi.selected;
    boardUi.selected = null;
    if (t && t.has(name)) { personMove(t.get(name)); return; }
    if (name === picked) { redrawBoard(); showLegal(game.position.legal); return; }
  }
  if (ix.cover.has(name)) {
    boardUi.cover = name;
    redrawBoard();
    showLegal(ix.cover.get(name));
  } else if (ix.place.has(name)) {
    personMove(ix.place.get(name));
  } else if (ix.from.has(name)) {
    boardUi.selected = name;
    redrawBoard();
    showLegal([...ix.from.get(name).values()]);
  } else {
    redrawBoard();
    showLegal(game.position.legal);
  }
}

// For the browser tests: the drawing and the click map of any position.
window.gtBoards = { boardOf, moveIndex };

$("cell-numbers").addEventListener("change", () => { boardUi.numbers = $("cell-numbers").checked; redrawBoard(); });

// ---- boards
// Every game's board drawn as SVG from what /api/play sends (the text picture `board` and the
// position notation), with each cell named as the game's notation names it, so that a click
// can be matched against the legal moves: a cell to place (tic-tac-toe, connect four's
// column, Rolit, a Focus reserve piece on `+SQUARE`), or a piece then its destination
// (FROM-TO: Chinese Checkers cell numbers, four-player chess and Focus squares). Blokus and
// the card games are drawn too; a Blokus cell lists the placements covering it, a card of
// the hand to move is played by a click.
const SVGNS = "http://www.w3.org/2000/svg";
// Player colours by the letter or digit the text picture uses.
const INK = {
  X: "#c62828", O: "#f9a825",
  r: "#d32f2f", y: "#f2c200", g: "#2e7d32", b: "#1565c0",
  0: "#d32f2f", 1: "#1565c0", 2: "#2e7d32", 3: "#f2c200", 4: "#7b1fa2", 5: "#00838f",
};
const gameName = (spec) => spec.replace(/\(.*$/, "");
const lines = (text) => (text || "").split("\n");

// A board: {cells: [{name, x, y, r, shape, fill, label, owner}], width, height, extra}.
function boardOf(p) {
  const name = gameName(p.spec);
  const f = BOARDS[name];
  return f ? f(p) : null;
}

function gridRows(text, re) {
  return lines(text).map((l) => l.match(re)).filter(Boolean);
}

const BOARDS = {
  tictactoe(p) {
    const rows = lines(p.board).filter((l) => l.includes("|"));
    const cells = [];
    rows.forEach((l, r) => l.split("|").forEach((c, k) => {
      const t = c.trim();
      const n = r * 3 + k + 1;
      cells.push({ name: String(n), x: 40 + k * 70, y: 40 + r * 70, size: 66, shape: "square",
        fill: "#fff", piece: t === "X" || t === "O" ? t : null, pieceInk: INK[t] });
    }));
    return { cells, width: 250, height: 250 };
  },
  "connect-four"(p) {
    const rows = lines(p.board).filter((l) => /^\|.*\|$/.test(l));
    const cells = [];
    rows.forEach((l, r) => {
      const body = l.slice(1, -1).trim().split(/\s+/);
      body.forEach((t, c) => cells.push({ name: String(c + 1), x: 40 + c * 56, y: 40 + r * 56, r: 23,
        shape: "circle", fill: t === "." ? "#fff" : INK[t], owner: t === "." ? null : t }));
    });
    // The cell a disc dropped in a column lands on is the one ringed; the whole column answers a click.
    for (let c = 0; c < 7; c++) {
      const free = cells.filter((x) => x.name === String(c + 1) && !x.owner);
      if (free.length) free[free.length - 1].land = true;
    }
    return { cells, width: 80 + 6 * 56, height: 80 + (rows.length - 1) * 56, background: "#1e4fa3", columns: true };
  },
  "chinese-checkers"(p) {
    // The star: every glyph of the picture is a hole, numbered in reading order.
    const rows = lines(p.board).filter((l) => l.trim() !== "" && /^[ .0-9]+$/.test(l));
    const cells = [];
    let n = 0;
    rows.forEach((l, r) => {
      for (let c = 0; c < l.length; c++) {
        const t = l[c];
        if (t === " ") continue;
        cells.push({ name: String(n), x: 24 + c * 17, y: 26 + r * 29.4, r: 12.5, shape: "circle",
          fill: t === "." ? "#f3ead7" : INK[t], owner: t === "." ? null : t, number: String(n) });
        n++;
      }
    });
    const w = Math.max(...cells.map((c) => c.x)) + 26;
    const h = Math.max(...cells.map((c) => c.y)) + 26;
    return { cells, width: w, height: h, background: "#e9dcc0", numbers: true };
  },
  rolit(p) {
    const cells = [];
    for (const m of gridRows(p.board, /^\s*([1-8])\s+((?:[.rygb] ?){8})$/)) {
      const r = Number(m[1]);
      m[2].trim().split(/\s+/).forEach((t, c) => cells.push({
        name: "ABCDEFGH"[c] + r, x: 40 + c * 48, y: 40 + (r - 1) * 48, size: 46, shape: "square", fill: "#2e7d4f",
        piece: t === "." ? null : "disc", pieceInk: INK[t], owner: t === "." ? null : t }));
    }
    return { cells, width: 40 + 8 * 48, height: 40 + 8 * 48, labels: { cols: "ABCDEFGH", rows: "12345678", step: 48, origin: 40 } };
  },
  chess4(p) {
    const cells = [];
    const GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
    for (const m of gridRows(p.board, /^\s*(\d+) (.*)$/)) {
      const rank = Number(m[1]);
      for (let c = 0; c * 3 < m[2].length && c < 14; c++) {
        const t = m[2].slice(c * 3, c * 3 + 3).trim();
        if (t === "") continue;
        const x = 46 + c * 36;
        const y = 40 + (14 - rank) * 36;
        cells.push({ name: "abcdefghijklmn"[c] + rank, x, y, size: 36, shape: "square",
          fill: (c + rank) % 2 ? "#f0d9b5" : "#b58863",
          piece: t === "." ? null : GLYPH[t[1]], pieceInk: INK[t[0]], owner: t === "." ? null : t[0] });
      }
    }
    return { cells, width: 46 + 14 * 36, height: 40 + 14 * 36, labels: { cols: "abcdefghijklmn", rows: [...Array(14)].map((_, i) => String(14 - i)), step: 36, origin: 46, top: 40 } };
  },
  focus(p) {
    // The picture shows the top of each stack; the notation has whole stacks (bottom first).
    const fields = (p.position || "").split(" ");
    const stacks = (fields[1] || "").split("/").flatMap((rank) => rank.split(","));
    const cells = [];
    let k = 0;
    for (const m of gridRows(p.board, /^([1-8])(\s.*)$/)) {
      const rank = Number(m[1]);
      const body = m[2];
      for (let i = 0; i < body.length; i++) {
        if (body[i] === " ") continue;
        const c = Math.round((i + 1 - 7) / 6);
        const stack = stacks[k++] || body[i];
        cells.push({ name: "abcdefgh"[c] + rank, x: 40 + c * 52, y: 40 + (8 - rank) * 52, size: 50, shape: "square", fill: "#e8e0cc",
          stack: stack === "." ? "" : stack, owner: stack === "." ? null : stack[stack.length - 1] });
      }
    }
    return { cells, width: 40 + 8 * 52, height: 40 + 8 * 52, reserve: true, labels: { cols: "abcdefgh", rows: "87654321", step: 52, origin: 40 } };
  },
  blokus(p) {
    const cells = [];
    for (const m of gridRows(p.board, /^\s*(\d+)\s{2}((?:\S ?){20})$/)) {
      const rank = Number(m[1]);
      m[2].trim().split(/\s+/).forEach((t, c) => cells.push({ name: "abcdefghijklmnopqrst"[c] + rank, x: 20 + c * 22, y: 20 + (20 - rank) * 22,
        size: 21, shape: "square", fill: t === "." ? "#f4f4f4" : INK[t], owner: t === "." ? null : t }));
    }
    return { cells, width: 20 + 20 * 22, height: 20 + 20 * 22, cover: true };
  },
  hearts(p) { return cardBoard(p); },
  spades(p) { return cardBoard(p); },
};

// The hands, one row of cards per player, and the trick on the table.
function cardBoard(p) {
  const cells = [];
  const SUIT = { C: "\u2663", D: "\u2666", S: "\u2660", H: "\u2665" };
  const rows = lines(p.board).filter((l) => /^[ *]P\d/.test(l));
  rows.forEach((l, r) => {
    let c = 0;
    for (const m of l.matchAll(/([CDSH]): (\S+)/g)) {
      if (m[2] === "-") continue;
      for (const rank of m[2]) {
        cells.push({ name: rank + m[1], x: 30 + c * 30, y: 50 + r * 80, card: rank + SUIT[m[1]], red: m[1] === "D" || m[1] === "H" });
        c++;
      }
      c += 0.5;
    }
  });
  const trick = (lines(p.board).find((l) => l.startsWith("trick:")) || "").slice(6).trim();
  return { cells, width: 40 + 19 * 30, height: 40 + rows.length * 80, cards: true, seats: rows.map((l) => l.slice(0, 18).trim()), trick };
}

// How the legal moves map onto cells: place (cell -> move), from (cell -> (cell -> move)),
// cover (Blokus: cell -> the placements covering it); moves that name no cell (`pass`) are
// left to the move list.
function moveIndex(legal, board) {
  const place = new Map();
  const from = new Map();
  const cover = new Map();
  const addFrom = (f, t, m) => {
    if (!from.has(f)) from.set(f, new Map());
    if (!from.get(f).has(t)) from.get(f).set(t, m);
  };
  for (const m of legal) {
    if (board.cover) {
      const cs = m.includes(":") ? m.split(":")[1].split(",") : [];
      for (const c of cs) {
        if (!cover.has(c)) cover.set(c, []);
        cover.get(c).push(m);
      }
    } else if (m.startsWith("+")) {
      addFrom("+", m.slice(1), m);
    } else if (m.includes("-")) {
      const i = m.indexOf("-");
      const rest = m.slice(i + 1);
      addFrom(m.slice(0, i), (rest.match(/^[A-Za-z]?\d+/) || [rest])[0], m);
    } else {
      place.set(m, m);
    }
  }
  return { place, from, cover };
}

function svgEl(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Draws `board` into #board-svg; `ui` is the click state {selected, index, onMove, onCover}.
function drawBoard(board, ui) {
  const holder = $("board-svg");
  holder.innerHTML = "";
  if (!board) return;
  const pad = board.reserve ? 70 : 10;
  const svg = svgEl("svg", { width: board.width + pad, height: board.height + 10, viewBox: `0 0 ${board.width + pad} ${board.height + 10}`,
    class: "board", "font-family": "DejaVu Sans, sans-serif" }, holder);
  if (board.background) svgEl("rect", { x: 4, y: 4, width: board.width, height: board.height, rx: 10, fill: board.background }, svg);
  if (board.labels) {
    const L = board.labels;
    [...L.cols].forEach((t, i) => svgEl("text", { x: L.origin + i * L.step, y: 14, "text-anchor": "middle", "font-size": 11, fill: "#667" }, svg).textContent = t);
    [...L.rows].forEach((t, i) => svgEl("text", { x: L.origin - L.step / 2 - 9, y: (L.top ?? L.origin) + i * L.step + 4, "text-anchor": "middle", "font-size": 11, fill: "#667" }, svg).textContent = t);
  }
  const { index } = ui;
  const targets = ui.selected !== null && index.from.has(ui.selected) ? index.from.get(ui.selected) : null;
  const clickable = (c) => targets ? targets.has(c.name) : index.place.has(c.name) || index.from.has(c.name) || index.cover.has(c.name);
  for (const [i, c] of board.cells.entries()) {
    const g = svgEl("g", { class: "cell", "data-cell": c.name, "data-i": i }, svg);
    if (c.card) {
      const w = 28, h = 40;
      svgEl("rect", { x: c.x - w / 2, y: c.y - h / 2, width: w, height: h, rx: 3, fill: "#fff", stroke: "#889" }, g);
      svgEl("text", { x: c.x, y: c.y + 5, "text-anchor": "middle", "font-size": 13, fill: c.red ? "#c62828" : "#222" }, g).textContent = c.card;
    } else if (c.shape === "circle") {
      svgEl("circle", { cx: c.x, cy: c.y, r: c.r, fill: c.fill, stroke: "#0003" }, g);
    } else {
      svgEl("rect", { x: c.x - c.size / 2, y: c.y - c.size / 2, width: c.size, height: c.size, fill: c.fill, stroke: "#0004" }, g);
      if (c.piece === "disc") svgEl("circle", { cx: c.x, cy: c.y, r: c.size * 0.4, fill: c.pieceInk, stroke: "#0006" }, g);
      else if (c.piece) {
        svgEl("text", { x: c.x, y: c.y + c.size * 0.3, "text-anchor": "middle", "font-size": c.size * 0.8, fill: c.pieceInk,
          stroke: "#0008", "stroke-width": 0.6 }, g).textContent = c.piece;
      }
      if (c.stack) {
        // A Focus stack, bottom first: one bar per piece, the top one at the front.
        [...c.stack].forEach((t, k) => svgEl("rect", { x: c.x - 17, y: c.y + 10 - k * 10, width: 34, height: 9, rx: 2, fill: INK[t], stroke: "#0008" }, g));
      }
    }
    if (board.numbers && ui.numbers) {
      svgEl("text", { class: "cell-number", x: c.x, y: c.y + 3.5, "text-anchor": "middle", "font-size": 9, fill: c.owner ? "#fff" : "#444" }, g).textContent = c.number;
    }
    if (ui.selected === c.name) g.classList.add("selected");
    if (clickable(c)) {
      g.classList.add(board.columns && !c.land ? "click" : "target");
      g.addEventListener("click", () => clickCell(c.name));
    }
  }
  if (board.reserve && index.from.has("+")) {
    const g = svgEl("g", { class: "cell target", "data-cell": "+" }, svg);
    if (ui.selected === "+") g.classList.add("selected");
    svgEl("rect", { x: board.width + 8, y: 40, width: 56, height: 40, rx: 6, fill: "#fff", stroke: "#667" }, g);
    svgEl("text", { x: board.width + 36, y: 65, "text-anchor": "middle", "font-size": 12 }, g).textContent = "reserve";
    g.addEventListener("click", () => clickCell("+"));
  }
  if (board.cards) {
    board.seats.forEach((t, r) => svgEl("text", { x: 16, y: 22 + r * 80, "font-size": 12, fill: "#222" }, svg).textContent =
      t.replace(/^\*/, "\u25B6 ").replace(/\s+/g, " "));
    svgEl("text", { x: 16, y: 30 + board.seats.length * 80, "font-size": 12, fill: "#225" }, svg).textContent = board.trick ? `trick: ${board.trick}` : "";
  }
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
  if (game.busy || !game.position || game.record) return;
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
    redrawBoard();
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

// ---- game records (docs/records.md): the same text `gametree play --record` writes, read
// by the grammar of docs/records.md with the same verdicts and messages as the Rust reader
// (`gametree_run::record`; the corpus crates/gametree-web/tests/records/corpus.json checks both).
const RECORD_MAGIC = "gametree-record";
const RECORD_HEADER = `${RECORD_MAGIC} 1`;
const U64_MAX = 18446744073709551615n;
const U32_MAX = 4294967295n;
const I64_MIN = -9223372036854775808n;
const I64_MAX = 9223372036854775807n;

// The canonical text of a record {game, position, seats: [{who, time_ms, nodes, depth}],
// moves, outcome} (absent limits, position and outcome: null or undefined), as
// `Record::to_text` writes it: 16 moves per line.
function recordToText(r) {
  const lines = [RECORD_HEADER, `game ${r.game}`];
  if (r.position != null) lines.push(`position ${r.position}`);
  r.seats.forEach((s, i) => {
    let line = `seat ${i} ${s.who}`;
    for (const k of ["time_ms", "nodes", "depth"]) if (s[k] != null) line += ` ${k}=${s[k]}`;
    lines.push(line);
  });
  for (let i = 0; i < r.moves.length; i += 16) lines.push(`moves ${r.moves.slice(i, i + 16).join(" ")}`);
  if (r.outcome != null) lines.push(`outcome ${r.outcome.join(" ")}`);
  return lines.join("\n") + "\n";
}

function recordText() {
  const seats = [];
  $("seats").querySelectorAll(".seat").forEach((_, i) => {
    const s = seat(i);
    const ms = Number.isSafeInteger(s.time_ms) && s.time_ms >= 0 ? s.time_ms : null;
    seats.push(s.engine ? { who: s.algorithm, time_ms: ms } : { who: "person" });
  });
  const outcome = game.position && game.position.outcome;
  return recordToText({
    game: game.position ? game.position.spec : game.spec,
    seats,
    moves: game.moves,
    outcome: outcome || null,
  });
}

// A word of a record in an error: cut to 40 characters (then "…"), between double quotes,
// with \, " and the tab escaped, as the Rust reader quotes it.
function recordQuote(w) {
  const cs = [...w];
  const esc = { "\\": "\\\\", '"': '\\"', "\t": "\\t" };
  return `"${cs.slice(0, 40).map((c) => esc[c] || c).join("")}${cs.length > 40 ? "…" : ""}"`;
}

// Whether a character may not stand in a line: a control character or a white space other
// than a space or a tab (Rust's char::is_control and char::is_whitespace).
const recordUnusual = (c) => c !== " " && c !== "\t" && /[\p{Cc}\p{White_Space}]/u.test(c);
const trimSpaces = (s) => s.replace(/^[ \t]+|[ \t]+$/g, "");

// Reads a record (docs/records.md); throws an Error "line N: what is wrong", the Rust
// reader's message. Numbers are BigInts (limits up to 2^64-1, outcome values of i64).
function parseRecord(text) {
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  const r = { game: null, position: null, seats: [], moves: [], outcome: null };
  let outcomeLine = 0;
  let header = false;
  const raws = text.split("\n");
  raws.forEach((raw, i) => {
    const fail = (m) => { throw new Error(`line ${i + 1}: ${m}`); };
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    const t = trimSpaces(raw);
    if (t === "" || t.startsWith("#")) return;
    const odd = [...t].find(recordUnusual);
    if (odd !== undefined) {
      const hex = odd.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
      fail(`a control character or a space other than a space or a tab (U+${hex}); words are separated by spaces and tabs`);
    }
    const [key, ...rest] = t.split(/[ \t]+/);
    if (!header) {
      if (key === RECORD_MAGIC && rest.length === 1 && rest[0] === "1") { header = true; return; }
      if (key === RECORD_MAGIC && rest.length === 1) fail(`version ${recordQuote(rest[0])} is not one this reader reads (expected "${RECORD_HEADER}")`);
      fail(`${recordQuote(t)} is not a game record's first line (expected "${RECORD_HEADER}")`);
    }
    if (key === RECORD_MAGIC) fail(`a second ${RECORD_MAGIC} line`);
    else if (key === "game") {
      if (r.game !== null) fail("a second game line");
      if (rest.length !== 1) fail("game: give one spec, without spaces");
      r.game = rest[0];
    } else if (key === "position") {
      if (r.position !== null) fail("a second position line");
      const p = trimSpaces(t.slice("position".length));
      if (p === "") fail("position: give the position's text");
      r.position = p;
    } else if (key === "seat") r.seats.push(parseSeat(rest, r.seats.length, fail));
    else if (key === "moves") {
      if (rest.length === 0) fail("moves: give at least one move");
      r.moves.push(...rest);
    } else if (key === "outcome") {
      if (r.outcome !== null) fail("a second outcome line");
      if (rest.length === 0) fail("outcome: give one integer per player");
      r.outcome = rest.map((v) => {
        const ok = /^-?[0-9]+$/.test(v) && BigInt(v) >= I64_MIN && BigInt(v) <= I64_MAX;
        if (!ok) fail(`outcome: ${recordQuote(v)} is not an integer from ${I64_MIN} to ${I64_MAX}`);
        return BigInt(v);
      });
      outcomeLine = i + 1;
    } else fail(`unknown item ${recordQuote(key)} (expected game, position, seat, moves or outcome)`);
  });
  if (!header) throw new Error(`line 1: an empty record (expected "${RECORD_HEADER}" first)`);
  // What is missing is reported at the last line (a final newline starts none).
  const last = Math.max(1, raws.length - (text.endsWith("\n") ? 1 : 0));
  if (r.game === null) throw new Error(`line ${last}: no game line`);
  if (r.seats.length === 0) throw new Error(`line ${last}: no seat lines (one per player: seat 0 person, ...)`);
  if (r.outcome !== null && r.outcome.length !== r.seats.length) {
    throw new Error(`line ${outcomeLine}: outcome has ${r.outcome.length} values for ${r.seats.length} seats`);
  }
  return r;
}

// The words after `seat`: the seat's number (the next one expected), who, and limits.
function parseSeat(words, expected, fail) {
  if (words.length < 2) fail("seat: give the seat's number and who played it (seat 0 person)");
  const [n, who, ...limits] = words;
  if (!/^[0-9]+$/.test(n)) fail(`seat ${recordQuote(n)}: not a seat number (seat 0, seat 1, ...)`);
  const number = BigInt(n);
  if (number < BigInt(expected)) fail(`a second line for seat ${number}`);
  if (number !== BigInt(expected)) fail(`seat ${recordQuote(n)}: seats are listed in order, this one should be seat ${expected}`);
  const s = { who, time_ms: null, nodes: null, depth: null };
  for (const l of limits) {
    const at = l.indexOf("=");
    if (at < 0) fail(`seat ${number}: ${recordQuote(l)} is not KEY=NUMBER`);
    const key = l.slice(0, at);
    const value = l.slice(at + 1);
    if (!["time_ms", "nodes", "depth"].includes(key)) fail(`seat ${number}: unknown limit ${recordQuote(key)} (time_ms, nodes or depth)`);
    if (s[key] !== null) fail(`seat ${number}: ${key} is given twice`);
    const most = key === "depth" ? U32_MAX : U64_MAX;
    if (!/^[0-9]+$/.test(value) || BigInt(value) > most) fail(`seat ${number}: ${recordQuote(l)} is not KEY=NUMBER (${key}: a whole number from 0 to ${most})`);
    s[key] = BigInt(value);
  }
  return s;
}

function saveRecord() {
  const text = recordText();
  window.gtPlay.record = text;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = `${gameName(game.spec)}-${game.moves.length}-moves.gtrec`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// A loaded record: the game at its start, stepped through with the replay buttons; "Play
// from here" hands the position back to the seats.
async function loadRecord(text) {
  let r;
  try { r = parseRecord(text); } catch (e) { throw new Error(`record ${e.message}`); }
  if (r.position) throw new Error("record: the page replays games from the start only (this one has a position line)");
  cancelThinking();
  const gen = game.gen;
  // Every position of the record, checked by the server (a bad move is named).
  game.spec = r.game;
  game.moves = [];
  try {
    await api("/api/play", { game: r.game, moves: r.moves });
    await refresh();
  } catch (e) {
    if (gen === game.gen) clearGame(e.message);
    throw e;
  }
  if (gen !== game.gen) return;
  const sel = $("game");
  if (![...sel.options].some((o) => o.value === r.game)) sel.add(new Option(r.game, r.game));
  sel.value = r.game;
  const seats = $("seats");
  seats.querySelectorAll(".seat").forEach((s) => s.remove());
  for (let i = 0; i < game.position.players; i++) {
    const row = seatRow(i);
    const s = r.seats[i] || { who: "person" };
    const engine = s.who !== "person" && s.who !== "human";
    row.querySelector(".who").value = engine ? "engine" : "person";
    const algo = registry.algorithms.includes(s.who) ? s.who : defaultAlgorithm(r.game, game.position.players);
    row.querySelector(".algo").value = algo;
    if (s.time_ms) row.querySelector(".ms").value = String(s.time_ms);
    seats.appendChild(row);
  }
  game.record = { moves: r.moves, at: 0 };
  $("record-bar").hidden = false;
  await replayTo(0);
}

async function replayTo(k) {
  const rec = game.record;
  if (!rec) return;
  rec.at = Math.max(0, Math.min(k, rec.moves.length));
  game.moves = rec.moves.slice(0, rec.at);
  game.busy = true; // the board is not played on while a record is replayed
  await refresh();
  $("record-step").textContent = `move ${rec.at} / ${rec.moves.length}` + (rec.at > 0 ? ` (last: ${rec.moves[rec.at - 1]})` : "");
  window.gtPlay.replay = { at: rec.at, total: rec.moves.length };
}

async function playFromHere() {
  game.record = null;
  game.busy = false;
  $("record-bar").hidden = true;
  showPosition(game.position);
  await next();
}

$("save-record").addEventListener("click", saveRecord);
$("load-record").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  try { await loadRecord(await f.text()); status(""); } catch (err) { status(err.message, true); }
  e.target.value = "";
});
$("rec-first").addEventListener("click", () => replayTo(0));
$("rec-back").addEventListener("click", () => replayTo(game.record.at - 1));
$("rec-forward").addEventListener("click", () => replayTo(game.record.at + 1));
$("rec-last").addEventListener("click", () => replayTo(game.record.moves.length));
$("rec-play").addEventListener("click", () => playFromHere().catch((e) => status(e.message, true)));

$("new-game").addEventListener("click", () => newGame().catch((e) => status(e.message, true)));
$("undo").addEventListener("click", async () => {
  // While a record is replayed, Undo steps back through it.
  if (game.record) { await replayTo(game.record.at - 1).catch((e) => status(e.message, true)); return; }
  cancelThinking();
  game.moves.pop();
  await refresh().catch((e) => status(e.message, true));
});

initExplorer().then(newGame).catch((e) => status(e.message, true));
