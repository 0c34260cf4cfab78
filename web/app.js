// The page: a board drawn in SVG, moves animated from the library's move
// events, players chosen per side. All rules come from libmancala
// (WebAssembly); this file only draws and asks.
import initMancala, { LEVEL_MAX } from "./mancala/index.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const NAMES = ["South", "North"];

const M = await initMancala();
const { Game } = M;
// Whether a rules set is played in rounds, with banks (Rio Kadalis).
const hasRounds = (rules) => M.rulesInfo(rules).rounds;
// The rules of the one solved table the page fetches (modiar.table).
const TABLE_RULES = "modiar";

// The games to choose from, named from the library's facts.
for (const rules of M.RULES) {
  const { title, holes, clockwise } = M.rulesInfo(rules);
  const option = document.createElement("option");
  option.value = rules;
  option.textContent = `${title} (2 × ${holes}${clockwise ? ", clockwise" : ""})`;
  $("rules").appendChild(option);
}

let table = null; // the solved Modiar table, once downloaded
// "idle" (not asked for yet), "loading", "loaded", "missing" (the server
// has none), or "off" (?table=0)
let tableState = "idle";
let game = null;
let pitsBefore = null; // what the board shows while animating
let busy = false; // an animation or an engine move is running
let generation = 0; // bumps on new game / load / undo: stale work stops
let focusPit = 0;
let moveLog = []; // [{round, text, words}]
let engineTimer = 0;

// ---- drawing ---------------------------------------------------------------

// Two layouts of the board: wide, with each player's store at their
// right-hand end; and for phones, the rows across the whole width with the
// stores above and below, so that pits stay large enough to tap.
const narrowScreen = window.matchMedia("(max-width: 560px)");
let H = 320;

function geometry(n, narrow) {
  const W = narrow ? 520 : 800;
  const H = narrow ? 460 : 320;
  const left = narrow ? 14 : 110;
  const step = (W - 2 * left) / n;
  const r = Math.min(narrow ? 36 : 42, step * 0.42);
  const rows = narrow ? [280, 160] : [220, 100];
  const pos = [];
  for (let p = 0; p < 2 * n; p++) {
    const col = p < n ? p : 2 * n - 1 - p;
    pos.push({ x: left + step * (col + 0.5), y: p < n ? rows[0] : rows[1] });
  }
  // Stores: each player's on their right (wide), or on their side (narrow).
  const store = narrow ? [{ x: W / 2, y: H - 40 }, { x: W / 2, y: 40 }] : [{ x: W - 55, y: 160 }, { x: 55, y: 160 }];
  return { r, pos, store, narrow, W, H };
}

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// Stone places inside a pit: a sunflower spiral, the same for every pit.
function stoneSpot(i, r) {
  const a = i * 2.39996;
  const d = Math.sqrt(i + 0.5) * r * 0.19;
  return { x: Math.cos(a) * d, y: Math.sin(a) * d };
}

let geo = null;
let pitNodes = [];
let storeNodes = [];

/** The main board, for `game`, in the layout of the screen. */
function buildBoard() {
  ({ geo, pitNodes, storeNodes } = drawBoard($("board"), game.numPits / 2, narrowScreen.matches));
  H = geo.H;
  for (const [p, node] of pitNodes.entries()) {
    node.g.setAttribute("tabindex", p === focusPit ? "0" : "-1");
    node.g.setAttribute("role", "button");
    node.g.addEventListener("click", () => humanMove(p));
    node.g.addEventListener("keydown", onPitKey);
  }
  el("g", { id: "fx" }, $("board"));
}

/** Draws an empty board of 2n pits into `svg`: the main board and the
 *  pictures of "How to play" alike. Returns its layout and nodes. */
function drawBoard(svg, n, narrow) {
  svg.replaceChildren();
  const geo = geometry(n, narrow);
  const { W, H } = geo;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const defs = el("defs", {}, svg);
  const sand = el("pattern", { id: "sand", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, defs);
  el("rect", { width: 8, height: 8, fill: "#d9b878" }, sand);
  el("circle", { cx: 2, cy: 2, r: 1, fill: "#b8944f" }, sand);
  el("circle", { cx: 6, cy: 5, r: 0.8, fill: "#f0d9a0" }, sand);
  el("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: geo.narrow ? 40 : 60, fill: "#8a5a2b", stroke: "#5a3616", "stroke-width": 6 }, svg);
  const pitNodes = [];
  for (let p = 0; p < 2 * n; p++) {
    const { x, y } = geo.pos[p];
    const g = el("g", { class: "pit", transform: `translate(${x} ${y})`, "data-pit": p }, svg);
    el("circle", { class: "pit-shape", r: geo.r }, g);
    const stones = el("g", {}, g);
    // The count beside the pit, its number further out (both outside the
    // band between the rows, where the hand and the values go).
    const count = el("text", { class: "pit-count", y: p < n ? geo.r + 30 : -geo.r - 8 }, g);
    const number = el("text", { class: "pit-number", y: p < n ? geo.r + 52 : -geo.r - 38 }, g);
    number.textContent = p;
    // Move values sit in the band between the rows.
    const value = el("text", { class: "pit-value", y: p < n ? -geo.r - 10 : geo.r + 24 }, g);
    pitNodes.push({ g, stones, count, value });
  }
  const storeNodes = [];
  for (const player of [0, 1]) {
    const { x, y } = geo.store[player];
    const g = el("g", { transform: `translate(${x} ${y})` }, svg);
    const shape = geo.narrow
      ? { rect: { x: -170, y: -30, width: 340, height: 60, rx: 28 }, label: { x: -110, y: 7 }, count: { y: 12 }, bank: { x: 110, y: 7 } }
      : { rect: { x: -42, y: -95, width: 84, height: 190, rx: 38 }, label: { y: -62 }, count: { y: 10 }, bank: { y: 62 } };
    el("rect", { ...shape.rect, class: "pit-shape" }, g);
    const label = el("text", { class: "store-label", ...shape.label }, g);
    const count = el("text", { class: "store-count", ...shape.count }, g);
    const bank = el("text", { class: "store-label", ...shape.bank }, g);
    label.textContent = NAMES[player];
    storeNodes.push({ g, count, bank });
  }
  return { geo, pitNodes, storeNodes };
}

function drawStones(node, count, r) {
  const shown = Math.min(count, 24);
  const have = node.childNodes.length;
  for (let i = have; i < shown; i++) {
    const { x, y } = stoneSpot(i, r);
    el("circle", { class: "stone", cx: x.toFixed(1), cy: y.toFixed(1), r: Math.max(4, r * 0.15) }, node);
  }
  while (node.childNodes.length > shown) node.lastChild.remove();
}

/** Draws pit counts (given, for animation) or the game's own state. */
function draw(pits = game.pits, captured = game.captured) {
  const legal = new Set(busy || game.over || !isHuman(game.toMove) ? [] : game.legalMoves);
  paint({ geo, pitNodes, storeNodes }, game, pits, captured, legal);
}

/** Shows `pits` and `captured` of `game` on a board of drawBoard(), the
 *  pits in `legal` marked playable. (The keyboard's ring is the style of
 *  :focus-visible alone: a click leaves no ring.) */
function paint({ geo, pitNodes, storeNodes }, game, pits, captured, legal) {
  const closed = new Set(game.closedPits);
  const n = game.numPits / 2;
  for (let p = 0; p < pitNodes.length; p++) {
    const node = pitNodes[p];
    const shut = closed.has(p);
    node.g.classList.toggle("closed", shut);
    node.g.classList.toggle("playable", legal.has(p));
    drawStones(node.stones, shut ? 0 : pits[p], geo.r);
    node.count.textContent = shut ? "closed" : pits[p];
    const owner = p < n ? "South" : "North";
    node.g.setAttribute("aria-label", `pit ${p}, ${owner}, ${shut ? "closed" : `${pits[p]} stone${pits[p] === 1 ? "" : "s"}`}${legal.has(p) ? ", playable" : ""}`);
  }
  const banks = game.banks;
  const rio = hasRounds(game.rules);
  for (const player of [0, 1]) {
    storeNodes[player].count.textContent = captured[player];
    storeNodes[player].bank.textContent = rio && banks[player] ? `bank ${banks[player]}` : "";
  }
}

// ---- status, text alternatives, move list ----------------------------------

function describeGame(game) {
  const n = game.numPits / 2;
  const pits = game.pits;
  const closed = new Set(game.closedPits);
  const row = (from, to, step) => {
    const out = [];
    for (let p = from; p !== to; p += step) out.push(`${p}: ${closed.has(p) ? "closed" : pits[p]}`);
    return out.join(", ");
  };
  const [cs, cn] = game.captured;
  return `North row, pits ${row(2 * n - 1, n - 1, -1)}. South row, pits ${row(0, n, 1)}. Captured: South ${cs}, North ${cn}.`;
}

function statusText() {
  const rio = hasRounds(game.rules);
  const round = rio ? `Round ${game.round}. ` : "";
  if (!game.over) return `${round}${NAMES[game.toMove]} to move (${playerName(game.toMove)}).`;
  // The library's words, as the command's: what ended, why, the scores.
  const result = game.describeResult().replace("\n", " ");
  if (!rio || game.matchOver) return result;
  // An engine-only match goes on by itself (schedule()); a person starts
  // the next round.
  if (!isHuman(0) && !isHuman(1)) return `${result} Next round follows.`;
  return `${result} Press “Next round” to start round ${game.round + 1}.`;
}

function playerName(side) {
  const kind = $(side ? "north" : "south").value;
  return { human: "person", computer: `computer, strength ${$("strength").value}`, perfect: "perfect" }[kind];
}

function refresh() {
  $("status").textContent = statusText();
  // The last move in the library's words (mancala_describe_last_move): it
  // stays until the next move, whoever made it.
  $("last-move").textContent = game.history.length ? game.describeLastMove() : "";
  $("position").value = game.position;
  $("board-text").textContent = describeGame(game);
  $("undo").disabled = busy || game.ply === 0;
  const rio = hasRounds(game.rules);
  $("next-round").hidden = !(rio && game.over && !game.matchOver);
  $("next-round").disabled = busy;
  const list = $("moves");
  list.replaceChildren();
  let round = 0;
  let number = 0;
  for (const entry of moveLog) {
    if (rio && entry.round !== round) {
      round = entry.round;
      const li = document.createElement("li");
      li.className = "round";
      li.textContent = `Round ${round}`;
      list.appendChild(li);
      number = 0;
    }
    const li = document.createElement("li");
    li.value = ++number;
    li.textContent = entry.text;
    li.title = entry.words;
    list.appendChild(li);
  }
  drawValues();
  draw();
}

function say(text) {
  $("message").textContent = text;
}

// ---- move values from the solved table ------------------------------------

function drawValues() {
  const show = $("values").checked && table && game.rules === TABLE_RULES && !game.over;
  for (const node of pitNodes) node.value.textContent = "";
  if (!show) return;
  for (const pit of game.legalMoves) {
    const after = game.clone();
    try {
      after.play(pit);
      // The table values the position for the player to move there: the
      // mover's value of the move is its negation.
      const v = table.value(after);
      const same = after.toMove === game.toMove;
      const lo = same ? v.lo : -v.hi;
      const hi = same ? v.hi : -v.lo;
      const text = lo === hi ? `${lo > 0 ? "+" : ""}${lo}` : `${lo}…${hi}`;
      pitNodes[pit].value.textContent = text;
      pitNodes[pit].value.classList.toggle("losing", hi < 0);
    } catch (err) {
      pitNodes[pit].value.textContent = "?";
    } finally {
      after.free();
    }
  }
}

// ---- animation ------------------------------------------------------------

function stepMs() {
  return $("instant").checked ? 0 : 900 / Number($("speed").value);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tween(node, from, to, ms) {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const t0 = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - t0) / ms);
      const e = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
      node.setAttribute("transform", `translate(${from.x + (to.x - from.x) * e} ${from.y + (to.y - from.y) * e})`);
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

function flash(text, at, ms) {
  if (ms <= 0) return;
  // In the band between the rows, beside the pit.
  const y = at.y < H / 2 ? at.y + geo.r + 22 : at.y - geo.r - 8;
  const node = el("text", { class: "flash", x: at.x, y }, $("fx"));
  node.textContent = text;
  setTimeout(() => node.remove(), Math.max(600, ms * 3));
}

/** Replays a move's events on the board: the hand lifts, sows, relays;
 *  captures fly to their owner's store. */
async function animate(events, pits, captured, gen) {
  const ms = stepMs();
  if (ms <= 0) return;
  const fx = $("fx");
  const hand = el("g", { class: "hand" }, fx);
  el("circle", { r: 15 }, hand);
  const inHand = el("text", { y: 6 }, hand);
  let at = null;
  let holding = 0;
  try {
    for (const e of events) {
      if (gen !== generation) return;
      const spot = geo.pos[e.pit];
      if (e.kind === "lap") {
        pits[e.pit] -= e.stones;
        holding = e.stones;
        inHand.textContent = holding;
        const from = at ?? spot;
        await tween(hand, from, spot, at ? ms * 0.4 : 0);
        hand.setAttribute("transform", `translate(${spot.x} ${spot.y})`);
        at = spot;
        if (events[0] !== e) flash("relay", spot, ms);
        draw(pits, captured);
        await sleep(ms * 0.5);
      } else if (e.kind === "sow") {
        await tween(hand, at, spot, ms * 0.6);
        at = spot;
        pits[e.pit] = e.stones;
        holding = Math.max(0, holding - 1);
        inHand.textContent = holding;
        draw(pits, captured);
        await sleep(ms * 0.2);
      } else if (e.kind === "capture" || e.kind === "binikh") {
        flash(e.kind === "binikh" ? "binikh!" : `${e.stones} to ${NAMES[e.player]}`, spot, ms);
        const fly = el("g", { class: "hand" }, fx);
        el("circle", { r: 15 }, fly);
        el("text", { y: 6 }, fly).textContent = e.stones;
        pits[e.pit] -= e.stones;
        draw(pits, captured);
        await tween(fly, spot, geo.store[e.player], ms * 0.9);
        fly.remove();
        captured[e.player] += e.stones;
        draw(pits, captured);
      } else if (e.kind === "forfeit") {
        flash("first move: no capture", spot, ms);
        await sleep(ms);
      }
    }
  } finally {
    hand.remove();
  }
}

// ---- moves ----------------------------------------------------------------

function isHuman(side) {
  return $(side ? "north" : "south").value === "human";
}

/** Plays `pit` (throws the library's reason if it is refused, and then
 *  nothing changed), then animates it. */
function makeMove(pit) {
  const gen = generation;
  const before = game.pits;
  const capturedBefore = game.captured;
  const mover = game.toMove;
  game.play(pit);
  const words = game.describeLastMove();
  moveLog.push({ round: game.round, text: `${mover ? "N" : "S"}${pit}`, words });
  busy = true;
  say("");
  $("status").textContent = `${NAMES[mover]} plays ${pit}.`;
  $("last-move").textContent = words;
  $("undo").disabled = true;
  animate(game.lastMoveEvents, before, capturedBefore, gen).finally(() => {
    if (gen !== generation) return;
    busy = false;
    refresh();
    schedule();
  });
}

function humanMove(pit) {
  if (busy || !game) return;
  focusPit = pit;
  if (game.over) {
    say(`Pit ${pit}: the ${hasRounds(game.rules) ? "round" : "game"} is over.`);
    return;
  }
  if (!isHuman(game.toMove)) {
    say(`Pit ${pit}: it is the engine's turn (${NAMES[game.toMove]}).`);
    return;
  }
  try {
    makeMove(pit);
  } catch (err) {
    if (!(err instanceof M.MancalaError)) throw err;
    say(`Pit ${pit}: ${err.message.replace(/ \(pit \d+\)$/, "")}.`);
  }
}

/** The seed of the next engine move: a fresh one each move or, with
 *  ?seed=S in the address, S + k for the move numbered k (from 0) in the
 *  move list, so that a game can be played again (tests, bug reports). */
function moveSeed() {
  if (fixedSeed !== null) return BigInt.asUintN(64, fixedSeed + BigInt(moveLog.length));
  return crypto.getRandomValues(new BigUint64Array(1))[0];
}

/** The perfect player's move: one of the table's best, drawn by `seed`. */
function tableMove(seed) {
  const best = table.bestMoves(game);
  return best[Number(seed % BigInt(best.length))];
}

// ---- engines in a worker --------------------------------------------------

let worker = null;
let pending = null; // { id, resolve } of the request in the worker
let requestId = 0;
let roundStart = ""; // the position the present round started from

function think(request) {
  if (!worker) {
    worker = new Worker(new URL("engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (pending?.id !== data.id) return;
      if (data.partial !== undefined) {
        pending.best = data.partial; // the quick level's move
        $("stop").hidden = false;
        return;
      }
      const { resolve } = pending;
      pending = null;
      resolve(data);
    };
    worker.onerror = (event) => {
      const p = pending;
      pending = null;
      p?.resolve({ error: event.message || "the engine worker failed" });
    };
  }
  return new Promise((resolve) => {
    pending = { id: ++requestId, resolve };
    worker.postMessage({ id: requestId, ...request });
  });
}

/** Stops thinking that is no longer wanted (new game, undo, ...). */
function stopThinking() {
  $("stop").hidden = true;
  if (!pending) return;
  worker.terminate();
  worker = null;
  pending = null;
}

/** "Stop thinking": the computer plays the quick answer it already has. */
function moveNow() {
  const p = pending;
  if (p?.best === undefined) return;
  stopThinking();
  p.resolve({ move: p.best });
}

/** After every change: an engine to move plays after a short pause; an
 *  engine-only match goes on to its next round. */
function schedule() {
  clearTimeout(engineTimer);
  if (busy) return;
  const gen = generation;
  const pause = $("instant").checked ? 30 : 250;
  if (game.over) {
    const rio = hasRounds(game.rules);
    if (rio && !game.matchOver && !isHuman(0) && !isHuman(1)) {
      engineTimer = setTimeout(() => gen === generation && !isHuman(0) && !isHuman(1) && nextRound(), pause * 6);
    }
    return;
  }
  if (isHuman(game.toMove)) return;
  $("status").textContent = `${NAMES[game.toMove]} (${playerName(game.toMove)}) is thinking…`;
  const stale = () => gen !== generation || busy || game.over || isHuman(game.toMove);
  engineTimer = setTimeout(async () => {
    if (stale()) return;
    const kind = $(game.toMove ? "north" : "south").value;
    const seed = moveSeed();
    if (kind === "perfect" && table && game.rules === TABLE_RULES) {
      makeMove(tableMove(seed));
      return;
    }
    // The computer; and the perfect player, until its table is there, at
    // the strongest level.
    const answer = await think({
      start: roundStart,
      moves: game.history,
      level: kind === "perfect" ? LEVEL_MAX : Number($("strength").value),
      seed,
    });
    $("stop").hidden = true;
    if (stale() || kind !== $(game.toMove ? "north" : "south").value) return;
    if (answer.error) say(`The engine failed: ${answer.error}`);
    else makeMove(answer.move);
  }, pause);
}

function nextRound() {
  if (busy || !game.over || game.matchOver) return;
  generation++;
  stopThinking();
  game.nextRound();
  roundStart = game.position;
  say("");
  refresh();
  schedule();
}

function newGame(position) {
  let fresh;
  try {
    fresh = position ? Game.parse(position) : Game.create($("rules").value);
  } catch (err) {
    if (!(err instanceof M.MancalaError)) throw err;
    say(`That position was not loaded: ${err.message}`);
    return;
  }
  generation++;
  clearTimeout(engineTimer);
  stopThinking();
  busy = false;
  game?.free();
  game = fresh;
  roundStart = game.position;
  if (position) $("rules").value = game.rules;
  moveLog = [];
  focusPit = game.toMove ? game.numPits - 1 : 0;
  updatePlayerChoices();
  buildBoard();
  say("");
  refresh();
  schedule();
}

function undo() {
  if (busy || game.ply === 0) return;
  generation++;
  clearTimeout(engineTimer);
  stopThinking();
  // Back to the last position where a person was to move (or one move,
  // when no person plays).
  do {
    game.undo();
    moveLog.pop();
  } while (game.ply > 0 && !isHuman(game.toMove) && (isHuman(0) || isHuman(1)));
  say("");
  refresh();
  schedule();
}

function updatePlayerChoices() {
  // Until the table is there, a chosen perfect player plays at the
  // strongest level; where there is none, the computer does.
  const perfectOk = $("rules").value === TABLE_RULES && tableState !== "missing" && tableState !== "off";
  for (const id of ["south", "north"]) {
    const option = $(id).querySelector('option[value="perfect"]');
    option.disabled = !perfectOk;
    if (!perfectOk && $(id).value === "perfect") $(id).value = "computer";
  }
  $("values").disabled = !perfectOk;
  if (!perfectOk) $("values").checked = false;
}

// ---- keyboard --------------------------------------------------------------

function visualOrder() {
  const n = game.numPits / 2;
  const top = [];
  for (let p = 2 * n - 1; p >= n; p--) top.push(p);
  const bottom = [];
  for (let p = 0; p < n; p++) bottom.push(p);
  return { top, bottom, n };
}

function focusOn(pit) {
  focusPit = pit;
  for (const [p, node] of pitNodes.entries()) node.g.setAttribute("tabindex", p === pit ? "0" : "-1");
  pitNodes[pit].g.focus();
  draw();
}

function onPitKey(event) {
  const pit = Number(event.currentTarget.dataset.pit);
  const { n } = visualOrder();
  const col = pit < n ? pit : 2 * n - 1 - pit;
  const top = pit >= n;
  let next = null;
  if (event.key === "ArrowLeft") next = col > 0 ? (top ? pit + 1 : pit - 1) : pit;
  else if (event.key === "ArrowRight") next = col < n - 1 ? (top ? pit - 1 : pit + 1) : pit;
  else if (event.key === "ArrowUp") next = top ? pit : 2 * n - 1 - col;
  else if (event.key === "ArrowDown") next = top ? col : pit;
  else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    humanMove(pit);
    return;
  }
  if (next !== null) {
    event.preventDefault();
    focusOn(next);
  }
}

document.addEventListener("keydown", (event) => {
  if (event.key === "u" && !/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) undo();
});

// ---- controls --------------------------------------------------------------

$("new").addEventListener("click", () => newGame());
$("rules").addEventListener("change", () => {
  newGame();
  wantTable();
});
$("undo").addEventListener("click", undo);
$("stop").addEventListener("click", moveNow);
$("next-round").addEventListener("click", nextRound);
$("load").addEventListener("click", () => newGame($("position").value.trim()));
$("position").addEventListener("keydown", (e) => e.key === "Enter" && newGame($("position").value.trim()));
$("copy").addEventListener("click", async () => {
  const text = game.position;
  try {
    await navigator.clipboard.writeText(text);
    say("");
    $("status").textContent = "Position copied.";
  } catch {
    $("position").select();
    say("Copying was not allowed: the position is selected, copy it with Ctrl+C.");
  }
});
for (const id of ["south", "north", "strength"]) {
  $(id).addEventListener("change", () => {
    stopThinking();
    refresh();
    schedule();
    wantTable();
  });
}
$("strength").addEventListener("input", () => ($("strength-out").textContent = $("strength").value));
$("values").addEventListener("change", () => {
  drawValues();
  wantTable();
});
narrowScreen.addEventListener("change", () => {
  if (!game) return;
  buildBoard();
  refresh();
});

// Options from the address: ?south=human&north=computer&level=7&rules=rio-kadalis&instant=1&seed=42
const params = new URLSearchParams(location.search);
const whole = (name) => (/^\d+$/.test(params.get(name)) ? params.get(name) : null);
for (const id of ["rules", "speed"]) if (params.has(id)) $(id).value = params.get(id);
// Addresses from before the strength slider still open: their random,
// search and MCTS players are the computer, at the level that searches as
// deep as their depth (the strongest such, or the next deeper), or at
// level 1 for random; their playouts have no counterpart.
const DEPTH_LEVEL = [4, 6, 8, 9, 11, 14, 14, 16, 16, 16, 17, 17, 18, 18];
for (const id of ["south", "north"]) {
  if (params.has(id)) $(id).value = ["random", "search", "mcts"].includes(params.get(id)) ? "computer" : params.get(id);
}
if (whole("level")) $("strength").value = whole("level");
else if (whole("depth")) $("strength").value = DEPTH_LEVEL[Math.min(Math.max(Number(whole("depth")), 1), DEPTH_LEVEL.length) - 1];
else if (params.get("south") === "random" || params.get("north") === "random") $("strength").value = 1;
$("strength-out").textContent = $("strength").value;
const fixedSeed = whole("seed") === null ? null : BigInt.asUintN(64, BigInt(whole("seed")));
if (params.get("instant") === "1") $("instant").checked = true;

// The solved Modiar table (49.1 MB): downloaded only when the perfect
// player or the move values are asked for in a game of Modiar, with its
// progress shown.
function wantTable() {
  const asked = ["south", "north"].some((id) => $(id).value === "perfect") || $("values").checked;
  if (tableState === "idle" && $("rules").value === TABLE_RULES && asked) loadTable();
}

async function loadTable() {
  tableState = "loading";
  const note = $("table-note");
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
  note.textContent = "Downloading the solved table of Modiar…";
  try {
    const response = await fetch("modiar.table");
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const total = Number(response.headers.get("content-length")) || 0;
    const parts = [];
    let got = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      got += value.length;
      note.textContent = total
        ? `Downloading the solved table of Modiar: ${megabytes(got)} of ${megabytes(total)} MB (${Math.floor((100 * got) / total)} %)…`
        : `Downloading the solved table of Modiar: ${megabytes(got)} MB…`;
    }
    const bytes = new Uint8Array(got);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    table = M.Table.fromBytes(bytes);
    tableState = "loaded";
    note.textContent = "The solved table of Modiar is loaded: the perfect player and move values are available.";
  } catch {
    tableState = "missing";
    note.textContent = "No solved Modiar table on this server: the perfect player is off (serve one as modiar.table).";
  }
  updatePlayerChoices();
  if (game) refresh();
}

// The pictures of "How to play": a position drawn as the board is, the
// move to play ringed, and under it the library's words for that move.
function drawDiagrams() {
  for (const svg of document.querySelectorAll("svg.diagram")) {
    const shown = Game.parse(svg.dataset.position);
    const after = shown.clone();
    try {
      const move = svg.dataset.move === undefined ? null : Number(svg.dataset.move);
      const view = drawBoard(svg, shown.numPits / 2, false);
      paint(view, shown, shown.pits, shown.captured, new Set(move === null ? [] : [move]));
      svg.setAttribute("aria-label", `A board: ${describeGame(shown)}`);
      if (move !== null) {
        after.play(move);
        const caption = svg.closest("figure").querySelector("figcaption");
        caption.textContent = after.describeLastMove();
        caption.classList.add("words");
      }
    } finally {
      shown.free();
      after.free();
    }
  }
}

if (params.get("table") === "0") tableState = "off";
drawDiagrams();
newGame(params.get("position") || undefined);
wantTable();
window.mancalaPage = { get game() { return game; }, get busy() { return busy; }, get tableState() { return tableState; }, loaded: true };
