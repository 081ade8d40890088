// Browser tests of `gametree serve` (docs/serve.md): headless Chromium (Debian's package)
// driven by playwright-core. Run by scripts/test, which starts the server and passes:
//   GAMETREE_URL  the server's address, e.g. http://127.0.0.1:39123/
//   GAMETREE_BIN  the gametree binary (the script runs `gametree search --json --trace`)
//   EXAMPLES_DIR  the repository's examples/trees
//   ARTIFACTS     where screenshots and measurements go
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const url = process.env.GAMETREE_URL;
const bin = process.env.GAMETREE_BIN;
const examples = process.env.EXAMPLES_DIR;
const artifacts = process.env.ARTIFACTS;
if (!url || !bin || !examples || !artifacts) {
  console.error("browser tests: set GAMETREE_URL, GAMETREE_BIN, EXAMPLES_DIR and ARTIFACTS");
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const measured = {};

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

async function test(name, page, body) {
  const start = Date.now();
  try {
    await body();
    passed++;
    console.log(`ok   ${name} (${Date.now() - start} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
    await page.screenshot({ path: join(artifacts, `${name}-failure.png`), fullPage: true }).catch(() => {});
  }
}

// The edges the CLI's trace prunes: for each prune at node PATH with K children left
// unsearched, the last K children of that node, as edge ids of the drawing.
function cliPrunedEdges(file, algorithm) {
  const out = execFileSync(bin, ["search", "--json", "--trace", "--tree", join(examples, file), "-a", algorithm]);
  const result = JSON.parse(out.toString());
  const tree = JSON.parse(readFileSync(join(examples, file), "utf8"));
  const edges = new Set();
  for (const ev of result.trace) {
    let node = tree.root;
    for (const i of ev.path) node = node.children[i];
    const n = node.children.length;
    const prefix = ev.path.length ? ev.path.join(".") + "." : "";
    for (let c = n - ev.pruned_children; c < n; c++) edges.add(`edge-${prefix}${c}`);
  }
  return { edges, result };
}

const userDataDir = mkdtempSync(join(tmpdir(), "gametree-chromium-"));
// A fresh profile directory (playwright passes it as --user-data-dir).
const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
  ],
});
const page = browser.pages()[0] || (await browser.newPage());
page.on("pageerror", (e) => console.log(`page error: ${e.message}`));

await test("page-loads", page, async () => {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.gtReady === true, null, { timeout: 10000 });
  measured.page_load_ms = Date.now() - t0;
  assert(measured.page_load_ms < 1000, `the page answered in ${measured.page_load_ms} ms (limit 1000)`);
  const options = await page.$$eval("#example option", (os) => os.map((o) => o.value));
  assert(options.includes("korf-1991-fig3-shallow-pruning"), `bundled trees listed: ${options}`);
});

await test("korf-fig3-shallow-prunes", page, async () => {
  const file = "korf-1991-fig3-shallow-pruning.json";
  await page.selectOption("#example", "korf-1991-fig3-shallow-pruning");
  await page.selectOption("#algo-a", "shallow");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.total > 0, null, { timeout: 10000 });
  const total = await page.evaluate(() => window.gtExplorer.total);
  // Before any step nothing is pruned or visited.
  const before = await page.$$eval("#view-a g.edge.pruned", (es) => es.length);
  assert(before === 0, `${before} edges drawn pruned before the first step`);
  // Step to the end, one event at a time, as a user would.
  for (let i = 0; i < total; i++) await page.click("#forward");
  const step = await page.evaluate(() => window.gtExplorer.step);
  assert(step === total, `stepped to ${step} of ${total}`);
  const drawn = new Set(await page.$$eval("#view-a g.edge.pruned", (es) => es.map((e) => e.id)));
  const { edges, result } = cliPrunedEdges(file, "shallow");
  assert(edges.size > 0, "the CLI trace has prunes");
  const want = [...edges].sort().join(" ");
  const got = [...drawn].sort().join(" ");
  assert(want === got, `drawn pruned edges [${got}] != CLI trace prunes [${want}]`);
  const counts = await page.evaluate(() => window.gtExplorer.views.a.counts);
  assert(counts.nodes === result.stats.nodes, `nodes counter ${counts.nodes} != CLI ${result.stats.nodes}`);
  const visited = await page.$$eval("#view-a g.node.visited", (es) => es.length);
  assert(visited === result.stats.nodes, `${visited} nodes drawn visited, CLI visited ${result.stats.nodes}`);
  await page.screenshot({ path: join(artifacts, "korf-fig3-shallow.png"), fullPage: true });
  // One step back un-prunes nothing it should not: the counters follow.
  await page.click("#back");
  const back = await page.evaluate(() => window.gtExplorer.step);
  assert(back === total - 1, `one step back: ${back}`);
});

// Best-reply search drawn on a Chinese Checkers position: the edges drawn pruned after the
// last step are, for each prune of `gametree search --json --trace` (path of move names,
// K children left), the last K children of that node of the best-reply tree.
await test("brs-chinese-checkers-prunes", page, async () => {
  const spec = "chinese-checkers(players=3,board=37)";
  await page.check("input[name=source][value=game]");
  await page.fill("#explore-game", spec);
  await page.fill("#explore-position", "");
  await page.fill("#depth", "3");
  await page.selectOption("#algo-a", "brs");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.total > 0
    && window.gtExplorer.views.a.result.algorithm === "brs", null, { timeout: 10000 });
  const total = await page.evaluate(() => window.gtExplorer.total);
  for (let i = 0; i < total; i++) await page.click("#forward");
  const drawn = new Set(await page.$$eval("#view-a g.edge.pruned", (es) => es.map((e) => e.id)));
  const args = ["--json", "--game", spec, "-a", "brs", "--depth", "3"];
  const result = JSON.parse(execFileSync(bin, ["search", "--trace", ...args]).toString());
  const nodes = JSON.parse(execFileSync(bin, ["draw", ...args]).toString()).nodes;
  const kids = new Map();
  for (const n of nodes) if (n.parent !== null) (kids.get(n.parent) || kids.set(n.parent, []).get(n.parent)).push(n);
  // A reply's move is drawn as "P1: 9-20"; the trace names the move alone.
  const bare = (m) => m.replace(/^P[0-9]+: /, "");
  const edges = new Set();
  for (const ev of result.trace) {
    let id = "r";
    for (const m of ev.path) id = kids.get(id).find((c) => bare(c.move) === m).id;
    const cs = kids.get(id);
    for (const c of cs.slice(cs.length - ev.pruned_children)) edges.add(`edge-${c.id}`);
  }
  assert(result.trace.length > 0 && edges.size > 0, "the CLI trace has prunes");
  const want = [...edges].sort().join(" ");
  const got = [...drawn].sort().join(" ");
  assert(want === got, `drawn pruned edges [${got}] != CLI trace prunes [${want}]`);
  const visited = await page.$$eval("#view-a g.node.visited", (es) => es.length);
  assert(visited === result.stats.nodes, `${visited} nodes drawn visited, CLI visited ${result.stats.nodes}`);
  await page.screenshot({ path: join(artifacts, "brs-chinese-checkers.png"), fullPage: true });
  await page.check("input[name=source][value=example]");
  await page.fill("#depth", "");
  await page.selectOption("#algo-a", "shallow");
});

await test("side-by-side", page, async () => {
  await page.check("#compare");
  await page.selectOption("#algo-b", "maxn");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.views.b, null, { timeout: 10000 });
  await page.click("#last");
  const v = await page.evaluate(() => window.gtExplorer.views);
  assert(v.b.pruned.length === 0, `max^n prunes nothing: ${v.b.pruned}`);
  assert(v.a.pruned.length > 0, "shallow prunes");
  assert(v.b.counts.nodes > v.a.counts.nodes, `max^n visits more (${v.b.counts.nodes} vs ${v.a.counts.nodes})`);
  await page.screenshot({ path: join(artifacts, "side-by-side.png"), fullPage: true });
  await page.uncheck("#compare");
});

await test("replay-fps-1000-nodes", page, async () => {
  await page.check("input[name=source][value=random]");
  await page.fill("#random-spec", "random(players=3,b=4,d=5,seed=3)");
  await page.fill("#depth", "5");
  await page.selectOption("#algo-a", "maxn");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.views.a
    && window.gtExplorer.views.a.counts && window.gtExplorer.total > 1000, null, { timeout: 20000 });
  const r = await page.evaluate(() => new Promise((resolve) => {
    // One event forward per animation frame for 3 seconds: frames per second while replaying.
    const fwd = document.getElementById("forward");
    fwd.click(); // warm up
    let frames = 0;
    const t0 = performance.now();
    const tick = () => {
      fwd.click();
      frames++;
      if (performance.now() - t0 < 3000) requestAnimationFrame(tick);
      else resolve({ frames, ms: performance.now() - t0, nodes: window.gtExplorer.views.a.counts.nodes });
    };
    requestAnimationFrame(tick);
  }));
  measured.replay_fps = Math.round((r.frames * 1000) / r.ms);
  measured.replay_nodes = await page.evaluate(() => document.querySelectorAll("#view-a g.node").length);
  await page.screenshot({ path: join(artifacts, "replay-1000-nodes.png"), fullPage: true });
  assert(measured.replay_nodes >= 1000, `a tree of ${measured.replay_nodes} nodes`);
  assert(measured.replay_fps >= 20, `${measured.replay_fps} frames per second while replaying`);
});

await test("connect-four-engine-answers", page, async () => {
  await page.click("#tab-play");
  await page.selectOption("#game", "connect-four");
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay && window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 10000 });
  const seats = await page.$$eval("#seats .seat .who", (s) => s.map((x) => x.value));
  assert(seats[0] === "person" && seats[1] === "engine", `seats ${seats}`);
  const legal = await page.$$eval("#legal button", (bs) => bs.map((b) => b.dataset.move));
  assert(legal.length === 7, `seven columns to play: ${legal}`);
  await page.click(`#legal button[data-move="${legal[3]}"]`);
  await page.waitForFunction(() => window.gtPlay.moves.length === 2 && !window.gtPlay.busy, null, { timeout: 15000 });
  const moves = await page.evaluate(() => window.gtPlay.moves);
  assert(moves[0] === legal[3], `the person's move ${moves[0]}`);
  const thinking = await page.textContent("#thinking");
  assert(thinking.includes(`plays ${moves[1]}`) && thinking.includes("depth 1"), `engine thinking shown: ${thinking}`);
  const toMove = await page.evaluate(() => window.gtPlay.position.to_move);
  assert(toMove === 0, `the person to move again, not ${toMove}`);
  await page.screenshot({ path: join(artifacts, "connect-four.png"), fullPage: true });
});

// The engine's thinking, live from /api/play/stream: at least two depths shown before the
// move arrives, a PV, the clock running at the display's frame rate; then Move now in a
// second game plays the first PV move of the last completed depth at once.
await test("connect-four-thinking-live", page, async () => {
  const setEngine = async (ms) => {
    await page.selectOption("#seats .seat:nth-of-type(2) .algo", "alphabeta");
    await page.fill("#seats .seat:nth-of-type(2) .ms", String(ms));
  };
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay && window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 10000 });
  await setEngine(1000);
  const legal = await page.$$eval("#legal button", (bs) => bs.map((b) => b.dataset.move));
  await page.click(`#legal button[data-move="${legal[3]}"]`);
  await page.waitForFunction(() => window.gtThinking.active && window.gtThinking.updates.length >= 2, null, { timeout: 5000 });
  // Frames per second while the engine thinks (the clock redraws every frame).
  const fps = await page.evaluate(() => new Promise((resolve) => {
    let frames = 0;
    const t0 = performance.now();
    const tick = () => {
      frames++;
      if (performance.now() - t0 < 400) requestAnimationFrame(tick);
      else resolve({ frames, ms: performance.now() - t0, active: window.gtThinking.active });
    };
    requestAnimationFrame(tick);
  }));
  await page.screenshot({ path: join(artifacts, "connect-four-thinking.png"), fullPage: true });
  const live = await page.evaluate(() => ({
    depth: document.getElementById("think-depth").textContent,
    pv: document.getElementById("think-pv").textContent,
    clock: document.getElementById("think-clock").textContent,
    hidden: document.getElementById("think-live").hidden,
    moves: window.gtPlay.moves.length,
  }));
  assert(!live.hidden && live.moves === 1, `the live panel shows while the engine thinks: ${JSON.stringify(live)}`);
  assert(live.pv.trim() !== "" && live.pv !== "-", `a PV shown: ${JSON.stringify(live)}`);
  await page.waitForFunction(() => window.gtPlay.moves.length === 2 && !window.gtPlay.busy, null, { timeout: 10000 });
  const t = await page.evaluate(() => window.gtThinking);
  const before = t.updates.length;
  assert(before >= 2, `${before} depth updates before the move`);
  for (let i = 1; i < before; i++) assert(t.updates[i].depth > t.updates[i - 1].depth, `depths increase: ${JSON.stringify(t.updates)}`);
  const lat = t.updates.map((u) => u.shown_unix_ms - u.at_unix_ms).sort((a, b) => a - b);
  measured.thinking_updates = before;
  measured.thinking_deepest = t.updates[before - 1].depth;
  measured.iteration_to_page_median_ms = lat[Math.floor(lat.length / 2)];
  measured.iteration_to_page_max_ms = lat[lat.length - 1];
  measured.thinking_fps = Math.round((fps.frames * 1000) / fps.ms);
  assert(fps.active, "the engine still thought while frames were counted");
  assert(measured.thinking_fps >= 20, `${measured.thinking_fps} frames per second while thinking`);
  const summary = await page.evaluate(() => ({
    line: document.getElementById("think-summary").textContent,
    folded: document.getElementById("think-live").hidden && !document.getElementById("think-done").hidden,
    moves: window.gtPlay.moves,
  }));
  assert(summary.folded && summary.line.includes(`plays ${summary.moves[1]}`), `folded into one line: ${JSON.stringify(summary)}`);

  // Undo while the engine thinks closes the stream: the server's search stops.
  await setEngine(5000);
  await page.click("#undo");
  await page.click("#undo");
  await page.waitForFunction(() => window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 5000 });
  await page.click(`#legal button[data-move="${legal[3]}"]`);
  await page.waitForFunction(() => window.gtThinking.active && window.gtThinking.updates.length >= 1, null, { timeout: 5000 });
  const running = async () => (await (await fetch(new URL("/api/limits", url))).json()).searches_running;
  assert((await running()) === 1, "one search runs while the engine thinks");
  const u0 = Date.now();
  await page.click("#undo");
  await page.waitForFunction(() => window.gtPlay.moves.length === 0 && !window.gtPlay.busy && !window.gtThinking.active, null, { timeout: 2000 });
  while ((await running()) !== 0) {
    assert(Date.now() - u0 < 3000, "the search still runs 3 s after Undo");
    await new Promise((r) => setTimeout(r, 10));
  }
  measured.undo_to_search_stopped_ms = Date.now() - u0;

  // Move now: a second game, the engine given the server's whole 5 s.
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 10000 });
  await setEngine(5000);
  await page.click(`#legal button[data-move="${legal[3]}"]`);
  await page.waitForFunction(() => window.gtThinking.active && window.gtThinking.updates.length >= 2, null, { timeout: 5000 });
  const pvShown = await page.evaluate(() => window.gtThinking.pv);
  await page.click("#move-now");
  await page.waitForFunction(() => window.gtPlay.moves.length === 2 && !window.gtPlay.busy, null, { timeout: 3000 });
  const now = await page.evaluate(() => ({ ...window.gtThinking.moveNow, moves: window.gtPlay.moves, pv: window.gtThinking.pv }));
  measured.move_now_to_move_ms = Math.round(now.moved_ms - now.pressed_ms);
  await page.screenshot({ path: join(artifacts, "connect-four-move-now.png"), fullPage: true });
  assert(measured.move_now_to_move_ms < 1000, `Move now played after ${measured.move_now_to_move_ms} ms`);
  assert(now.moves[1] === now.pv[0], `Move now played ${now.moves[1]}, the PV's first move is ${now.pv[0]} (shown before: ${pvShown})`);
  const line = await page.textContent("#think-summary");
  assert(line.includes("Move now"), `the summary says Move now: ${line}`);
});

// The server's answer times on loopback, from Node (no browser in between).
const times = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  const r = await fetch(url);
  await r.text();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
measured.get_page_median_ms = Number(times[10].toFixed(2));

await browser.close();
rmSync(userDataDir, { recursive: true, force: true });
writeFileSync(join(artifacts, "measurements.json"), JSON.stringify(measured, null, 2) + "\n");
console.log(`measured: ${JSON.stringify(measured)}`);
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
