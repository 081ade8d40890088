// Browser tests of `gametree serve` (docs/serve.md): headless Chromium (Debian's package)
// driven by playwright-core. Run by scripts/test, which starts the server and passes:
//   GAMETREE_URL  the server's address, e.g. http://127.0.0.1:39123/
//   GAMETREE_BIN  the gametree binary (the script runs `gametree search --json --trace`)
//   EXAMPLES_DIR  the repository's examples/trees
//   ARTIFACTS     where screenshots and measurements go
//   CHROMIUM      the Chromium it drives (the one on the PATH; /usr/bin/chromium when unset)
// and optionally ASSETS_DIR: serve the page's index.html, app.js and style.css from this
// directory instead of the server's built-in copies (to try page changes without a rebuild,
// or an older page to see a test fail).
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

// An id for a CSS selector (ids like node-0.1.2 hold dots).
const CSS_escape = (id) => id.replace(/\./g, "\\.");

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
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
  ],
});
const page = browser.pages()[0] || (await browser.newPage());
page.on("pageerror", (e) => console.log(`page error: ${e.message}`));
if (process.env.ASSETS_DIR) {
  for (const [route, file, type] of [["", "index.html", "text/html"], ["app.js", "app.js", "text/javascript"], ["style.css", "style.css", "text/css"]]) {
    await page.route(new URL(route, url).href, (r) => r.fulfill({ body: readFileSync(join(process.env.ASSETS_DIR, file)), contentType: type }));
  }
}

// What a person sees of the drawing: counts of the elements drawn visible (CSS display,
// visibility and opacity), and of pixels of a screenshot of `selector` near each colour.
async function visibleCount(selector) {
  return page.$$eval(selector, (es) => es.filter((e) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && e.getBoundingClientRect().width > 0).length);
}
async function pixelCounts(selector, colours) {
  const png = (await page.locator(selector).screenshot()).toString("base64");
  return page.evaluate(async ({ png, colours }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const out = Object.fromEntries(Object.keys(colours).map((k) => [k, 0]));
    for (let i = 0; i < d.length; i += 4) {
      for (const [k, [r, g, b]] of Object.entries(colours)) {
        if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 40) out[k]++;
      }
    }
    return out;
  }, { png, colours });
}
// The drawing's colours: cut marks, principal variation.
const CUT = [0xc0, 0x39, 0x2b];
const PV = [0x0b, 0x3d, 0x91];

// The page answers and is ready within a second. Loaded three times (the server sends
// `no-cache`, so each load asks it again): the test command runs these tests beside the Rust
// tests, which keep both cores busy, and one load can wait on the machine rather than on the
// page; the fastest load is the page's time, the first is reported beside it.
await test("page-loads", page, async () => {
  const loads = [];
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => window.gtReady === true, null, { timeout: 10000 });
    loads.push(Date.now() - t0);
  }
  measured.page_load_first_ms = loads[0];
  measured.page_load_ms = Math.min(...loads);
  assert(measured.page_load_ms < 1000, `the page answered in ${loads.join(", ")} ms (three loads; limit 1000 for the fastest)`);
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

// The replay draws what happened up to the current event: at event 0 nothing (no value,
// no prune mark, no principal variation, every node grey); at the last event every prune
// mark and the principal variation, as computed styles and as pixels of a screenshot.
await test("replay-draws-each-event", page, async () => {
  await page.selectOption("#example", "korf-1991-fig3-shallow-pruning");
  await page.selectOption("#algo-a", "shallow");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.total > 0, null, { timeout: 10000 });
  await page.click("#first");
  const values = "#view-a g.node text.value, #view-a g.node text.backed-up";
  const greyNodes = () => page.$$eval("#view-a g.node circle", (cs) => cs.filter((c) => getComputedStyle(c).stroke === "rgb(176, 176, 176)").length);
  const pvEdges = () => page.$$eval("#view-a g.edge > line", (ls) => ls.filter((l) => getComputedStyle(l).stroke === "rgb(11, 61, 145)").length);
  const circles = await page.$$eval("#view-a g.node circle", (cs) => cs.length);
  const marks = await page.$$eval("#view-a .prune-mark", (ms) => ms.length);
  assert(marks > 0, "the drawing has prune marks");
  const at0 = { values: await visibleCount(values), marks: await visibleCount("#view-a .prune-mark"), grey: await greyNodes(), pv: await pvEdges(),
    pixels: await pixelCounts("#view-a .svg", { cut: CUT, pv: PV }) };
  await page.screenshot({ path: join(artifacts, "replay-event-0.png") });
  assert(at0.values === 0, `event 0: ${at0.values} value labels visible`);
  assert(at0.marks === 0, `event 0: ${at0.marks} prune marks visible`);
  assert(at0.grey === circles, `event 0: ${at0.grey} of ${circles} nodes grey`);
  assert(at0.pv === 0, `event 0: ${at0.pv} edges drawn as the principal variation`);
  assert(at0.pixels.cut === 0 && at0.pixels.pv === 0, `event 0: cut / PV coloured pixels ${JSON.stringify(at0.pixels)}`);
  // A few events in: the root visited (not grey), some values but not all.
  for (let i = 0; i < 6; i++) await page.click("#forward");
  const mid = { values: await visibleCount(values), grey: await greyNodes() };
  await page.screenshot({ path: join(artifacts, "replay-event-6.png") });
  assert(mid.values > 0, "after 6 events a value is shown");
  assert(mid.grey < circles && mid.grey > 0, `after 6 events ${mid.grey} of ${circles} nodes grey`);
  await page.click("#last");
  const want = await page.$$eval("#view-a g.edge.pv", (es) => es.length);
  const end = { values: await visibleCount(values), marks: await visibleCount("#view-a .prune-mark"), pv: await pvEdges(),
    pixels: await pixelCounts("#view-a .svg", { cut: CUT, pv: PV }) };
  await page.screenshot({ path: join(artifacts, "replay-last-event.png") });
  assert(end.marks === marks, `last event: ${end.marks} of ${marks} prune marks visible`);
  assert(want > 0 && end.pv === want, `last event: ${end.pv} edges drawn as the principal variation, ${want} on it`);
  assert(end.values > mid.values, `last event: ${end.values} values shown`);
  assert(end.pixels.cut > 20 && end.pixels.pv > 100, `last event: cut / PV coloured pixels ${JSON.stringify(end.pixels)}`);
  // The current node's highlight leaves its player number legible: the text keeps its fill.
  await page.click("#first");
  await page.click("#forward");
  const cur = await page.$eval("#view-a g.node.current", (g) => ({ text: getComputedStyle(g.querySelector("text")).stroke, ring: getComputedStyle(g.querySelector("circle")).stroke }));
  assert(cur.text === "none" && cur.ring === "rgb(230, 96, 0)", `current node: ring ${cur.ring}, number stroke ${cur.text}`);
});

// A wide tree (a depth-4 random tree, 256 leaves): after "fit" the whole width, root
// included, is in view; before it the root is in view too (the page centres it).
await test("wide-tree-fits", page, async () => {
  await page.check("input[name=source][value=random]");
  await page.fill("#random-spec", "random(players=3,b=4,d=4,seed=1)");
  await page.fill("#depth", "4");
  await page.selectOption("#algo-a", "maxn");
  await page.click("#run");
  await page.waitForFunction(() => window.gtExplorer && window.gtExplorer.total > 300, null, { timeout: 10000 });
  const inView = (sel) => page.evaluate((sel) => {
    const h = document.querySelector("#view-a .svg").getBoundingClientRect();
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.left >= h.left - 1 && r.right <= h.right + 1 && r.top >= h.top - 1 && r.bottom <= h.bottom + 1;
  }, sel);
  assert(await inView("#view-a #node-r"), "the root is in view after loading");
  const natural = await page.$eval("#view-a .svg svg", (s) => Number(s.getAttribute("width")));
  await page.click("#view-a .zoom-fit");
  const fitted = await page.evaluate(() => {
    const h = document.querySelector("#view-a .svg");
    return { svg: h.querySelector("svg").getBoundingClientRect().width, view: h.clientWidth, scroll: h.scrollWidth };
  });
  await page.screenshot({ path: join(artifacts, "wide-tree-fit.png") });
  assert(natural > fitted.view, `the tree (${natural} px) is wider than the view (${fitted.view} px)`);
  assert(fitted.svg <= fitted.view && fitted.scroll <= fitted.view, `after fit: drawing ${fitted.svg} px, view ${fitted.view} px, scroll width ${fitted.scroll}`);
  assert(await inView("#view-a #node-r"), "the root is in view after fit");
  const leaves = await page.$$eval("#view-a g.node.leaf", (ls) => ls.map((l) => l.id));
  assert(await inView(`#view-a #${CSS_escape(leaves[0])}`) && await inView(`#view-a #${CSS_escape(leaves[leaves.length - 1])}`), "the first and last leaves are in view after fit");
  await page.click("#view-a .zoom-in");
  const zoomed = await page.$eval("#view-a .svg svg", (s) => s.getBoundingClientRect().width);
  assert(zoomed > fitted.svg * 1.2, `zoom in: ${fitted.svg} -> ${zoomed} px`);
  await page.check("input[name=source][value=example]");
  await page.fill("#depth", "");
  await page.selectOption("#algo-a", "shallow");
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

// Typing a game spec in the game field while "bundled" is still ticked searches the game
// typed (issue #49, point 6): the drawn search is the CLI's on that game and position.
await test("game-field-selects-the-game-source", page, async () => {
  await page.check("input[name=source][value=example]");
  await page.fill("#explore-game", "tictactoe");
  await page.fill("#explore-position", "5");
  await page.fill("#depth", "2");
  await page.selectOption("#algo-a", "paranoid");
  await page.click("#run");
  await page.waitForFunction(() => (window.gtExplorer && window.gtExplorer.views.a
    && window.gtExplorer.views.a.result.algorithm === "paranoid")
    || document.querySelector("#status").classList.contains("error"), null, { timeout: 10000 });
  const source = await page.$eval("input[name=source]:checked", (r) => r.value);
  assert(source === "game", `the ticked source is ${source}, not game`);
  const cli = JSON.parse(execFileSync(bin, ["draw", "--json", "--game", "tictactoe", "--position", "5",
    "-a", "paranoid", "--depth", "2"]).toString()).result;
  const got = await page.evaluate(() => window.gtExplorer.views.a.result);
  assert(JSON.stringify(got.best_move) === JSON.stringify(cli.best_move)
    && JSON.stringify(got.value) === JSON.stringify(cli.value) && got.stats.nodes === cli.stats.nodes,
  `drawn search: best move ${JSON.stringify(got.best_move)}, value ${JSON.stringify(got.value)}, `
    + `${got.stats.nodes} nodes; CLI: ${JSON.stringify(cli.best_move)}, ${JSON.stringify(cli.value)}, ${cli.stats.nodes}`);
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
  // The checks below need the engine still thinking: the live panel is read as soon as two
  // depths have arrived, and frames are counted for 400 ms of a two-second budget.
  await setEngine(2000);
  const legal = await page.$$eval("#legal button", (bs) => bs.map((b) => b.dataset.move));
  await page.click(`#legal button[data-move="${legal[3]}"]`);
  await page.waitForFunction(() => window.gtThinking.active && window.gtThinking.updates.length >= 2, null, { timeout: 5000 });
  const live = await page.evaluate(() => ({
    depth: document.getElementById("think-depth").textContent,
    pv: document.getElementById("think-pv").textContent,
    clock: document.getElementById("think-clock").textContent,
    hidden: document.getElementById("think-live").hidden,
    moves: window.gtPlay.moves.length,
  }));
  assert(!live.hidden && live.moves === 1, `the live panel shows while the engine thinks: ${JSON.stringify(live)}`);
  assert(live.pv.trim() !== "" && live.pv !== "-", `a PV shown: ${JSON.stringify(live)}`);
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

// The game menu offers what the registry accepts, each entry drawn as a board on which every
// legal move of the start can be made by clicks: a cell to place, or a piece and a
// destination, or (Blokus) a cell listing the placements covering it.
await test("play-menu-and-boards", page, async () => {
  await page.click("#tab-play");
  const options = await page.$$eval("#game option", (os) => os.map((o) => o.value));
  assert(!options.includes("rolit(players=2)") && options.includes("rolit(players=3)") && options.includes("rolit(players=4)"),
    `Rolit entries: ${options.filter((o) => o.startsWith("rolit"))}`);
  for (const want of ["tictactoe", "connect-four", "chess4", "hearts", "spades", "blokus(players=4)", "focus(players=2)"]) {
    assert(options.includes(want), `${want} offered: ${options}`);
  }
  const report = await page.evaluate(async (options) => {
    const out = {};
    for (const spec of options) {
      const r = await fetch("/api/play", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: spec, moves: [] }) });
      const data = await r.json();
      if (!r.ok) { out[spec] = { error: data.error }; continue; }
      const p = data.position;
      const b = window.gtBoards.boardOf(p);
      const ix = window.gtBoards.moveIndex(p.legal, b);
      const names = new Set(b.cells.map((c) => c.name));
      const reachable = new Set();
      for (const [cell, m] of ix.place) if (names.has(cell)) reachable.add(m);
      for (const [from, tos] of ix.from) for (const [to, m] of tos) if ((names.has(from) || from === "+") && names.has(to)) reachable.add(m);
      for (const [cell, ms] of ix.cover) if (names.has(cell)) ms.forEach((m) => reachable.add(m));
      out[spec] = { cells: b.cells.length, legal: p.legal.length, unreachable: p.legal.filter((m) => !reachable.has(m)) };
    }
    return out;
  }, options);
  for (const [spec, r] of Object.entries(report)) {
    assert(!r.error, `${spec}: the server refuses an entry of the menu: ${r.error}`);
    assert(r.cells > 0, `${spec}: no board drawn`);
    assert(r.unreachable.length === 0, `${spec}: moves no click makes: ${r.unreachable}`);
  }
  const cells = Object.fromEntries(Object.entries(report).map(([k, r]) => [k, r.cells]));
  assert(cells["tictactoe"] === 9 && cells["connect-four"] === 42 && cells["chess4"] === 160 && cells["rolit(players=3)"] === 64
    && cells["blokus(players=4)"] === 400 && cells["chinese-checkers(players=3,board=73)"] === 73 && cells["hearts"] === 51,
    `cells drawn: ${JSON.stringify(cells)}`);
  // A game the server refuses leaves no board to play on.
  await page.evaluate(() => document.getElementById("game").add(new Option("rolit, 2", "rolit(players=2)")));
  await page.selectOption("#game", "rolit(players=2)");
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay && window.gtPlay.position === null, null, { timeout: 5000 });
  const left = await page.evaluate(() => ({ cells: document.querySelectorAll("#board-svg g.cell").length, legal: document.querySelectorAll("#legal button").length,
    message: document.getElementById("game-status").textContent }));
  assert(left.cells === 0 && left.legal === 0 && /players/.test(left.message), `after a refused game: ${JSON.stringify(left)}`);
  await page.evaluate(() => document.querySelector('#game option[value="rolit(players=2)"]').remove());
  // With 3+ players the seats start with the registry's default engine (gametree list).
  await page.selectOption("#game", "chinese-checkers(players=3,board=73)");
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay && window.gtPlay.position && window.gtPlay.spec.startsWith("chinese") && !window.gtPlay.busy, null, { timeout: 10000 });
  const algos = await page.$$eval("#seats .seat .algo", (s) => s.map((x) => x.value));
  assert(algos[1] === "brs" && algos[2] === "brs", `Chinese Checkers engines: ${algos}`);
});

// Chinese Checkers by clicking: a piece, its destinations ringed, the destination.
await test("chinese-checkers-move-by-clicking", page, async () => {
  const legal = await page.evaluate(() => window.gtPlay.position.legal);
  const [from, to] = legal[0].split("-");
  await page.check("#cell-numbers");
  const number = await page.$eval(`#board-svg g.cell[data-cell="${from}"] text.cell-number`, (t) => t.textContent);
  assert(number === from, `cell ${from} numbered ${number}`);
  await page.click(`#board-svg g.cell[data-cell="${from}"]`);
  const targets = await page.$$eval("#board-svg g.cell.target", (gs) => gs.map((g) => g.dataset.cell).sort());
  const want = legal.filter((m) => m.startsWith(`${from}-`)).map((m) => m.split("-")[1]).sort();
  assert(targets.join(" ") === want.join(" "), `destinations ringed [${targets}], legal [${want}]`);
  const ring = await page.$eval(`#board-svg g.cell[data-cell="${to}"] circle`, (c) => getComputedStyle(c).stroke);
  assert(ring === "rgb(255, 143, 0)", `a destination is ringed orange: ${ring}`);
  const hint = await page.textContent("#move-hint");
  assert(hint.includes(legal[0]), `the notation beside the board: ${hint}`);
  await page.screenshot({ path: join(artifacts, "chinese-checkers-picked.png") });
  // The engines answer quickly.
  for (const i of [2, 3]) await page.fill(`#seats .seat:nth-of-type(${i}) .ms`, "50");
  await page.click(`#board-svg g.cell[data-cell="${to}"]`);
  await page.waitForFunction(() => window.gtPlay.moves.length === 3 && !window.gtPlay.busy, null, { timeout: 15000 });
  const moves = await page.evaluate(() => window.gtPlay.moves);
  assert(moves[0] === legal[0], `played ${moves[0]}, clicked ${legal[0]}`);
  const owner = await page.$eval(`#board-svg g.cell[data-cell="${to}"] circle`, (c) => c.getAttribute("fill"));
  assert(owner !== "#f3ead7", `cell ${to} holds a piece after the move (fill ${owner})`);
  await page.screenshot({ path: join(artifacts, "chinese-checkers-moved.png") });
});

// A game of connect four played by clicking the board to its end; the engine column does not
// move; the record saved, loaded and replayed.
await test("connect-four-game-by-clicking-and-record", page, async () => {
  await page.selectOption("#game", "connect-four");
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay && window.gtPlay.spec === "connect-four" && window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 10000 });
  await page.fill("#seats .seat:nth-of-type(2) .ms", "30");
  const column = async () => page.$eval("#thinking", (e) => Math.round(e.getBoundingClientRect().left));
  const x0 = await column();
  let clicks = 0;
  for (;;) {
    const st = await page.evaluate(() => ({ over: Boolean(window.gtPlay.position.outcome), n: window.gtPlay.moves.length }));
    if (st.over) break;
    assert(clicks < 21, "the game ended within 21 moves of the person");
    // The first column with room, clicked on its ringed cell (where the disc lands).
    const cell = await page.$eval("#board-svg g.cell.target", (g) => g.dataset.cell);
    await page.click(`#board-svg g.cell.target[data-cell="${cell}"]`);
    clicks++;
    await page.waitForFunction((n) => window.gtPlay.moves.length >= n + 1 && !window.gtPlay.busy, st.n, { timeout: 10000 });
    const m = await page.evaluate((n) => window.gtPlay.moves[n], st.n);
    assert(m === cell, `clicked column ${cell}, played ${m}`);
    assert((await column()) === x0, "the engine column moved");
  }
  const end = await page.evaluate(() => ({ moves: window.gtPlay.moves, position: window.gtPlay.position.position, outcome: window.gtPlay.position.outcome }));
  const discs = await page.$$eval("#board-svg g.cell circle", (cs) => cs.filter((c) => c.getAttribute("fill") !== "#fff").length);
  assert(discs === end.moves.length, `${discs} discs drawn after ${end.moves.length} moves`);
  await page.screenshot({ path: join(artifacts, "connect-four-by-clicking.png") });
  // Save: the download is the record.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-record")]);
  const file = join(artifacts, "connect-four.gtrec");
  await download.saveAs(file);
  const text = readFileSync(file, "utf8");
  assert(text.startsWith("gametree-record 1\ngame connect-four\nseat 0 person\nseat 1 alphabeta time_ms=30\n")
    && text.includes(`moves ${end.moves.slice(0, 16).join(" ")}\n`) && text.includes(`outcome ${end.outcome.join(" ")}\n`), `the record: ${text}`);
  await page.click("#new-game");
  await page.waitForFunction(() => window.gtPlay.moves.length === 0 && !window.gtPlay.busy, null, { timeout: 10000 });
  await loadAndReplay(file, end.moves, end.position);
});

// Loads a record and steps through it: at move 0 an empty board; at the end the position given.
async function loadAndReplay(file, moves, position) {
  await page.setInputFiles("#load-record", file);
  await page.waitForFunction(() => window.gtPlay.replay && window.gtPlay.replay.at === 0 && window.gtPlay.position, null, { timeout: 10000 });
  const start = await page.evaluate(() => ({ moves: window.gtPlay.moves.length, targets: document.querySelectorAll("#board-svg g.cell.target").length }));
  assert(start.moves === 0 && start.targets === 0, `a loaded record starts at move 0, not playable: ${JSON.stringify(start)}`);
  await page.click("#rec-forward");
  await page.waitForFunction(() => window.gtPlay.replay.at === 1 && window.gtPlay.moves.length === 1, null, { timeout: 5000 });
  await page.click("#rec-last");
  await page.waitForFunction((n) => window.gtPlay.replay.at === n && window.gtPlay.moves.length === n, moves.length, { timeout: 5000 });
  const got = await page.evaluate(() => ({ moves: window.gtPlay.moves, position: window.gtPlay.position.position }));
  assert(got.moves.join(" ") === moves.join(" "), `replayed moves ${got.moves}, recorded ${moves}`);
  assert(got.position === position, `replayed to ${got.position}, recorded game ended at ${position}`);
  await page.screenshot({ path: join(artifacts, "record-replayed.png") });
}

// A record written by `gametree play --record` loads on the page and replays.
await test("cli-record-replays-on-the-page", page, async () => {
  const dir = mkdtempSync(join(tmpdir(), "gametree-record-"));
  const file = join(dir, "tictactoe.gtrec");
  execFileSync(bin, ["play", "--game", "tictactoe", "--players", "human,human", "--record", file], { input: "5\n1\n9\n3\n2\nquit\n" });
  const text = readFileSync(file, "utf8");
  assert(text === "gametree-record 1\ngame tictactoe\nseat 0 person\nseat 1 person\nmoves 5 1 9 3 2\n", `the CLI's record: ${JSON.stringify(text)}`);
  const want = await page.evaluate(async () => (await (await fetch("/api/play", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "tictactoe", moves: ["5", "1", "9", "3", "2"] }) })).json()).position.position);
  await loadAndReplay(file, ["5", "1", "9", "3", "2"], want);
  rmSync(dir, { recursive: true, force: true });
});

// One grammar for game records (docs/records.md): the corpus the Rust reader is tested on
// (tests/it/records.rs), read by the page's parseRecord: every good record gives the same
// canonical text (recordToText), every bad one the same message.
await test("record-corpus-same-verdicts-as-the-rust-reader", page, async () => {
  const corpus = JSON.parse(readFileSync(new URL("../records/corpus.json", import.meta.url), "utf8"));
  const text = (c) => (c.text !== undefined ? c.text : c.lines.map((l) => l + "\n").join(""));
  const cases = [...corpus.good, ...corpus.bad].map((c) => ({ name: c.name, text: text(c), canonical: c.canonical, error: c.error }));
  assert(corpus.good.length >= 10 && corpus.bad.length >= 40, "a corpus that small checks little");
  const got = await page.evaluate((cases) => cases.map((c) => {
    let r;
    try { r = parseRecord(c.text); } catch (e) { return { name: c.name, error: e.message }; }
    try { return { name: c.name, canonical: recordToText(r) }; } catch (e) { return { name: c.name, accepted: true, unwritten: e.message }; }
  }), cases);
  const wrong = [];
  cases.forEach((c, i) => {
    const g = got[i];
    if (c.canonical !== undefined && g.canonical !== c.canonical) wrong.push(`${c.name}: ${JSON.stringify(g)}, expected ${JSON.stringify(c.canonical)}`);
    if (c.error !== undefined && g.error !== c.error) wrong.push(`${c.name}: ${JSON.stringify(g)}, expected the error ${JSON.stringify(c.error)}`);
  });
  assert(wrong.length === 0, `${wrong.length} case(s): ${wrong.join("; ")}`);
  // Through the page's Load: a refused record is named in the status line, and the
  // record of an unfinished game (no outcome line) replays.
  const dir = mkdtempSync(join(tmpdir(), "gametree-corpus-"));
  const bad = corpus.bad.find((c) => c.name === "two-game-lines");
  writeFileSync(join(dir, "bad.gtrec"), text(bad));
  await page.setInputFiles("#load-record", join(dir, "bad.gtrec"));
  await page.waitForFunction((m) => document.getElementById("status").textContent === m, `record ${bad.error}`, { timeout: 5000 });
  const unfinished = corpus.good.find((c) => c.name === "cli-unfinished-tictactoe");
  writeFileSync(join(dir, "unfinished.gtrec"), text(unfinished));
  const want = await page.evaluate(async () => (await (await fetch("/api/play", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "tictactoe", moves: ["5", "1", "9"] }) })).json()).position.position);
  await loadAndReplay(join(dir, "unfinished.gtrec"), ["5", "1", "9"], want);
  rmSync(dir, { recursive: true, force: true });
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
