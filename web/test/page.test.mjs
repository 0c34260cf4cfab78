// The page in Debian's Chromium (headless, through puppeteer-core),
// against the server that .ci/run starts: MANCALA_WEB_URL is its address.
// Screenshots go to web/test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import initMancala from "../../bindings/js/dist/index.js";
import { launch } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, "../test-artifacts");
const base = process.env.MANCALA_WEB_URL;
const expectTable = process.env.MANCALA_WEB_TABLE === "1";
const M = await initMancala();

let browser;
const problems = []; // console errors and page errors, from every page

before(async () => {
  assert.ok(base, "MANCALA_WEB_URL must name the running page server (see .ci/run)");
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function open(query, viewport = { width: 900, height: 800 }) {
  const page = await browser.newPage();
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console: ${msg.text()}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()}`));
  await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
  await page.goto(new URL(query, base).href, { waitUntil: "load" });
  await page.waitForFunction(() => window.mancalaPage?.loaded);
  return page;
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const value = (page, sel) => page.$eval(sel, (e) => e.value);
const moveList = (page) => page.$$eval("#moves li:not(.round)", (items) => items.map((li) => li.textContent));

async function idle(page) {
  await page.waitForFunction(() => !window.mancalaPage.busy);
}

test("a person plays a whole Modiar game by clicks", { timeout: 120_000 }, async () => {
  const page = await open("?rules=modiar&south=human&north=computer&level=1&instant=1&table=0");
  let clicks = 0;
  for (;;) {
    await idle(page);
    const status = await text(page, "#status");
    if (/Game over/.test(status)) break;
    const playable = await page.$$("#board .pit.playable");
    if (!playable.length) {
      // North (the computer) is about to move.
      await page.waitForFunction(() => document.querySelector("#board .pit.playable") || /Game over/.test(document.querySelector("#status").textContent));
      continue;
    }
    const played = (await moveList(page)).length;
    await playable[0].click();
    clicks++;
    await page.waitForFunction((n) => document.querySelectorAll("#moves li:not(.round)").length > n, {}, played);
    if (clicks === 3) await page.screenshot({ path: path.join(artifacts, "modiar-mid-game.png") });
  }
  assert.ok(clicks >= 3, `only ${clicks} clicks`);
  // The moves the page lists, replayed by the library, end where the page is.
  const moves = await moveList(page);
  const game = M.Game.create("modiar");
  for (const m of moves) game.play(Number(m.slice(1)));
  assert.equal(game.over, true);
  assert.equal(await value(page, "#position"), game.position);
  const [s, n] = game.scores;
  // The library's sentence, with the reason and the scores.
  assert.equal(await text(page, "#status"), game.describeResult());
  assert.match(await text(page, "#status"), new RegExp(`^Game over: (the position repeated|(South|North) has no legal move)\\. South ${s}, North ${n}: `));
  game.free();
  await page.close();
});

test("an illegal click shows the library's reason and changes nothing", async () => {
  const page = await open("?rules=modiar&south=human&north=human&table=0");
  const before = await value(page, "#position");
  await page.click('#board .pit[data-pit="4"]');
  assert.equal(await text(page, "#message"), `Pit 4: ${M.strerror(M.Status.E_NOT_YOURS)}.`);
  // A singleton, from a pasted position.
  await page.$eval("#position", (e) => (e.value = ""));
  await page.type("#position", "modiar/0,1,41,0,0,0/S/0,0/3");
  await page.click("#load");
  await page.click('#board .pit[data-pit="1"]');
  assert.equal(await text(page, "#message"), `Pit 1: ${M.strerror(M.Status.E_SINGLETON)}.`);
  await page.click('#board .pit[data-pit="0"]');
  assert.equal(await text(page, "#message"), `Pit 0: ${M.strerror(M.Status.E_EMPTY)}.`);
  assert.equal(await value(page, "#position"), "modiar/0,1,41,0,0,0/S/0,0/3");
  assert.deepEqual(await moveList(page), []);
  // A bad position string is refused with the parser's reason.
  await page.$eval("#position", (e) => (e.value = "modiar/7,7,7/S/0,0/0"));
  await page.click("#load");
  assert.match(await text(page, "#message"), /^That position was not loaded: PITS/);
  assert.notEqual(before, "");
  await page.close();
});

test("a Rio Kadalis match runs engine against engine through a round change", { timeout: 120_000 }, async () => {
  // The start of R7 in RULES.md, singletons chasing each other: the
  // engines (unseeded) end the round within about 15 moves, by
  // repetition or with a player out of moves.
  const start = "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0";
  const page = await open(`?position=${encodeURIComponent(start)}&south=computer&north=computer&level=8&speed=10&table=0`);
  // Round 1 and the round change animated; then two moves of round 2
  // (its closed pits) played at once: its relays over a full board took
  // seconds each to watch, and the phone test animates one.
  await page.waitForFunction(() => window.mancalaPage.game.round === 2, { timeout: 90_000 });
  await page.click("#instant");
  await page.waitForFunction(() => {
    const items = [...document.querySelectorAll("#moves li")].map((li) => li.textContent);
    return items.includes("Round 2") && items.length - items.indexOf("Round 2") > 2;
  }, { timeout: 90_000 });
  await page.screenshot({ path: path.join(artifacts, "rio-kadalis-round-2.png") });
  // Stop the engines (both players become people), then check the page
  // against the library: its moves, replayed with the round change, end
  // in the position it shows, closed pits included.
  await page.select("#south", "human");
  await page.select("#north", "human");
  await idle(page);
  const rounds = await page.$$eval("#moves li", (items) => items.map((li) => li.textContent));
  assert.equal(rounds[0], "Round 1");
  assert.ok(rounds.indexOf("Round 2") > 1, rounds.join(" "));
  const game = M.Game.parse(start);
  for (const item of rounds.slice(1)) {
    if (item.startsWith("Round")) {
      assert.equal(game.over, true);
      game.nextRound();
    } else game.play(Number(item.slice(1)));
  }
  assert.equal(await value(page, "#position"), game.position);
  const closed = await page.$$eval("#board .pit.closed", (items) => items.map((g) => Number(g.dataset.pit)));
  assert.deepEqual(closed, game.closedPits);
  for (const pit of closed) assert.match(await page.$eval(`#board .pit[data-pit="${pit}"]`, (g) => g.getAttribute("aria-label")), /closed/);
  assert.match(await text(page, "#status"), new RegExp(`^Round ${game.round}\\b`));
  game.free();
  await page.close();
});

test("keyboard alone: tab to the board, arrows, Enter, u to undo", async () => {
  const page = await open("?rules=rio-kadalis&south=human&north=human&instant=1&table=0");
  // Tab until a pit has the focus.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("pit"))) break;
  }
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), "0");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await idle(page);
  assert.deepEqual(await moveList(page), ["S2"]);
  // North's row is above: up, then Enter plays North's pit above pit 2 (pit 9).
  await page.$eval('#board .pit[data-pit="2"]', (g) => g.focus());
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), "9");
  const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  assert.match(label, /^pit 9, North, \d+ stones?, playable$/);
  await page.keyboard.press("Enter");
  await idle(page);
  assert.deepEqual(await moveList(page), ["S2", "N9"]);
  const game = M.Game.create("rio-kadalis");
  game.play(2).play(9);
  assert.equal(await value(page, "#position"), game.position);
  // The text alternative lists every pit's count.
  assert.match(await text(page, "#board-text"), /^North row, pits 11: \d+, 10: .*South row, pits 0: \d+/);
  await page.keyboard.press("u");
  await idle(page);
  assert.deepEqual(await moveList(page), ["S2"]);
  game.undo();
  assert.equal(await value(page, "#position"), game.position);
  game.free();
  await page.close();
});

test("on a phone-sized screen the board fits and a move animates", async () => {
  const page = await open("?rules=rio-kadalis-5&south=human&north=computer&level=4&speed=3&table=0", { width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const box = await (await page.$("#board")).boundingBox();
  assert.ok(box.width <= 390 && box.width > 300);
  await page.click('#board .pit[data-pit="1"]');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await page.evaluate(() => window.mancalaPage.busy), true, "the move is still animating");
  assert.ok(await page.$("#fx .hand"), "the hand carries stones");
  await page.screenshot({ path: path.join(artifacts, "phone-animating.png") });
  await idle(page);
  await page.close();
});

test("the perfect player and move values, from the solved table", { skip: !expectTable && "the server has no table (MANCALA_WEB_TABLE=1 says it has)" }, async () => {
  const page = await open("?rules=modiar&south=human&north=perfect&instant=1");
  await page.waitForFunction(() => /solved table of Modiar is loaded/.test(document.querySelector("#table-note").textContent), { timeout: 60_000 });
  await page.click("#values");
  // Start of Modiar: move 2 keeps the value -2 (the table's answer).
  const values = await page.$$eval("#board .pit-value", (items) => items.map((t) => t.textContent));
  assert.equal(values[2], "-2");
  assert.ok(values.slice(0, 2).every((v) => Number(v) < -2), values.join(" "));
  await page.click('#board .pit[data-pit="2"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2);
  await idle(page);
  await page.screenshot({ path: path.join(artifacts, "modiar-values.png") });
  await page.close();
});

test("the computer thinks in a worker: the page answers, and undo stops it", { timeout: 60_000 }, async () => {
  const page = await open("?rules=rio-kadalis&south=human&north=computer&level=20&instant=1&table=0");
  await page.click('#board .pit[data-pit="0"]');
  await page.waitForFunction(() => /thinking/.test(document.querySelector("#status").textContent));
  const t0 = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  assert.ok(Date.now() - t0 < 1000, "the page did not answer while the engine thought");
  await page.click("#undo");
  assert.equal(await value(page, "#position"), "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
  // Strength 20 thinks a second; no move of the stopped thinking arrives.
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(await moveList(page), []);
  assert.match(await text(page, "#status"), /^Round 1\. South to move/);
  await page.close();
});

test("stop thinking: the computer plays its quick answer at once", { timeout: 60_000 }, async () => {
  // Strength 20 thinks a second a move; the worker answers at level 14
  // first, in milliseconds, and that is the move the button plays.
  const seed = 40n;
  const page = await open(`?rules=rio-kadalis&south=human&north=computer&level=20&seed=${seed}&instant=1&table=0`);
  // Unstopped, the button shows while the computer thinks and goes with
  // its move.
  await page.click('#board .pit[data-pit="0"]');
  await page.waitForFunction(() => !document.querySelector("#stop").hidden);
  await page.waitForFunction(() => document.querySelectorAll("#moves li:not(.round)").length === 2);
  assert.equal(await page.$eval("#stop", (b) => b.hidden), true);
  // Stopped: the times, taken in the page, from the button showing (level
  // 20 has just begun its second) to the move in the list.
  await page.evaluate(() => {
    window.times = {};
    const stop = document.querySelector("#stop");
    const moves = document.querySelector("#moves");
    new MutationObserver(() => !stop.hidden && (window.times.shown ??= performance.now())).observe(stop, { attributes: true });
    new MutationObserver(() => moves.querySelectorAll("li:not(.round)").length === 4 && (window.times.moved ??= performance.now())).observe(moves, { childList: true });
  });
  await idle(page);
  await (await page.$("#board .pit.playable")).click();
  await page.waitForFunction(() => !document.querySelector("#stop").hidden);
  await page.click("#stop");
  await page.waitForFunction(() => document.querySelectorAll("#moves li:not(.round)").length === 4);
  const { shown, moved } = await page.evaluate(() => window.times);
  assert.ok(moved - shown < 700, `the move came ${Math.round(moved - shown)} ms after the button showed`);
  assert.equal(await page.$eval("#stop", (b) => b.hidden), true);
  // The move is level 14's, with the seed of the page's fourth move.
  const moves = await moveList(page);
  const game = M.Game.create("rio-kadalis");
  for (const m of moves.slice(0, 3)) game.play(Number(m.slice(1)));
  assert.equal(moves[3], `N${game.levelMove(14, seed + 3n)}`);
  // The stopped thinking sends no second move.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal((await moveList(page)).length, 4);
  assert.match(await text(page, "#status"), /^Round 1\. South to move/);
  game.free();
  await page.close();
});

test("the strength slider and the seed in the address decide the computer's move", { timeout: 60_000 }, async () => {
  // After South's 0, North's reply is the page's move 1: with ?seed=S it
  // draws with S + 1. Seeds where the levels asked for and the default
  // (10), and level 17 and the quick level 14, choose differently.
  const game = M.Game.create("rio-kadalis");
  game.play(0);
  const seedWhere = (differ) => {
    for (let s = 0n; s < 200n; s++) if (differ(s + 1n)) return s;
    assert.fail("no such seed");
  };
  const weak = seedWhere((s) => game.levelMove(1, s) !== game.levelMove(10, s));
  const strong = seedWhere((s) => game.levelMove(17, s) !== game.levelMove(10, s) && game.levelMove(17, s) !== game.levelMove(14, s));
  // Level 1 from the slider, by its keyboard.
  let page = await open(`?rules=rio-kadalis&south=human&north=computer&seed=${weak}&instant=1&table=0`);
  assert.equal(await value(page, "#strength"), "10");
  await page.focus("#strength");
  await page.keyboard.press("Home");
  assert.equal(await value(page, "#strength"), "1");
  assert.equal(await text(page, "#strength-out"), "1");
  await page.click('#board .pit[data-pit="0"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves li:not(.round)").length === 2);
  assert.deepEqual(await moveList(page), ["S0", `N${game.levelMove(1, weak + 1n)}`]);
  await idle(page);
  assert.match(await text(page, "#status"), /^Round 1\. South to move \(person\)\.$/);
  await page.close();
  // Level 17 from the address: the worker's real answer, not its quick one.
  page = await open(`?rules=rio-kadalis&south=human&north=computer&level=17&seed=${strong}&instant=1&table=0`);
  assert.equal(await text(page, "#strength-out"), "17");
  await page.click('#board .pit[data-pit="0"]');
  await page.waitForFunction(() => /^North \(computer, strength 17\) is thinking/.test(document.querySelector("#status").textContent), { polling: "mutation" });
  await page.waitForFunction(() => document.querySelectorAll("#moves li:not(.round)").length === 2);
  assert.deepEqual(await moveList(page), ["S0", `N${game.levelMove(17, strong + 1n)}`]);
  game.free();
  await page.close();
});

test("addresses from before the strength slider open with the computer", async () => {
  // [address, South, North, strength]: the old search's depth is the level
  // that searches as deep; random is level 1; playouts mean nothing now.
  for (const [query, south, north, strength] of [
    ["south=search&north=mcts&depth=3&playouts=200", "computer", "computer", "8"],
    ["south=human&north=random", "human", "computer", "1"],
    ["south=human&north=search&depth=14", "human", "computer", "18"],
    ["south=human&north=mcts&playouts=5000", "human", "computer", "10"],
    ["south=human&north=computer&level=7&depth=3", "human", "computer", "7"],
  ]) {
    const page = await open(`?rules=modiar&${query}&table=0`);
    assert.deepEqual([await value(page, "#south"), await value(page, "#north"), await value(page, "#strength"), await text(page, "#strength-out")],
      [south, north, strength, strength], query);
    await page.close();
  }
});

test("the last move stays, in the library's words, after an engine's reply", async () => {
  const page = await open("?rules=modiar&south=human&north=computer&level=1&instant=1&table=0");
  assert.equal(await text(page, "#last-move"), "");
  await page.click('#board .pit[data-pit="0"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2);
  await idle(page);
  const moves = await moveList(page);
  const game = M.Game.create("modiar");
  game.play(0);
  const first = game.describeLastMove();
  game.play(Number(moves[1].slice(1)));
  assert.match(await text(page, "#status"), /^South to move/);
  assert.equal(await text(page, "#last-move"), game.describeLastMove());
  assert.match(await text(page, "#last-move"), /^North plays \d: \d+ laps?, \d+ stones? sown, the last into pit \d\./);
  // Each move of the list tells itself on hover; undo shows the move before.
  assert.deepEqual(await page.$$eval("#moves li", (items) => items.map((li) => li.title)), [first, game.describeLastMove()]);
  await page.click("#undo");
  await idle(page);
  assert.equal(await text(page, "#last-move"), "");
  game.free();
  await page.close();
});

test("a person is told to press Next round, and the next round starts", async () => {
  // Binikh, and North has no move: the round ends 24 to 24.
  const start = "rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0";
  const page = await open(`?position=${encodeURIComponent(start)}&south=human&north=computer&level=4&instant=1&table=0`);
  await page.click('#board .pit[data-pit="3"]');
  await idle(page);
  assert.equal(await text(page, "#status"), "Round 1 over: North has no legal move. South 24, North 24: a draw. Press “Next round” to start round 2.");
  assert.equal(await text(page, "#last-move"), "South plays 3: 1 lap, 1 stone sown, the last into pit 4.\n  Binikh: South captures the four in pit 4 and the move ends.");
  assert.equal(await page.$eval("#next-round", (b) => b.hidden), false);
  await page.click("#next-round");
  // North did not start round 1: North starts round 2 (the engine).
  await page.waitForFunction(() => /^Round 2\./.test(document.querySelector("#status").textContent));
  assert.equal(await page.$eval("#next-round", (b) => b.hidden), true);
  await page.waitForFunction(() => document.querySelectorAll("#moves li:not(.round)").length === 2);
  await idle(page);
  assert.match(await text(page, "#last-move"), /^North plays \d+:/);
  await page.close();
});

test("a click leaves no focus ring on a pit; the keyboard's pit has one", async () => {
  const page = await open("?rules=modiar&south=human&north=human&instant=1&table=0");
  const ring = (pit) => page.$eval(`#board .pit[data-pit="${pit}"] .pit-shape`, (c) => `${getComputedStyle(c).stroke} ${getComputedStyle(c).strokeWidth}`);
  // North's pit 4 is not South's to play: clicked, it gets the focus and
  // a message, and looks like North's other pits.
  await page.click('#board .pit[data-pit="4"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), "4");
  assert.equal(await ring(4), await ring(5));
  // A pit clicked and played looks like the other pits of its row once
  // the board is drawn again (1.2 ringed it: the focus stayed there).
  await page.click('#board .pit[data-pit="0"]');
  await idle(page);
  assert.deepEqual(await moveList(page), ["S0"]);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), "0");
  assert.equal(await ring(0), await ring(1));
  // From the keyboard the focused pit is ringed.
  await page.$eval('#board .pit[data-pit="3"]', (g) => g.focus());
  await page.keyboard.press("ArrowLeft");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), "4");
  assert.equal(await ring(4), "rgb(108, 182, 255) 6px");
  assert.notEqual(await ring(4), await ring(5));
  // The legend names every mark.
  assert.deepEqual(await page.$$eval(".legend .mark", (marks) => marks.map((m) => m.className)),
    ["mark playable", "mark keyboard", "mark closed", "mark value", "mark value losing"]);
  await page.close();
});

test("How to play: the page's boards with the library's words, and a link to the rules", async () => {
  const page = await open("?rules=modiar&south=human&north=human&table=0");
  const figures = await page.$$eval(".howto svg.diagram", (svgs) => svgs.map((svg) => ({
    position: svg.dataset.position,
    move: svg.dataset.move,
    pits: svg.querySelectorAll(".pit").length,
    ringed: [...svg.querySelectorAll(".pit.playable")].map((g) => g.dataset.pit),
    closed: [...svg.querySelectorAll(".pit.closed")].map((g) => g.dataset.pit),
    caption: svg.closest("figure").querySelector("figcaption").textContent,
  })));
  assert.equal(figures.length, 4);
  for (const figure of figures) {
    const game = M.Game.parse(figure.position);
    assert.equal(figure.pits, game.numPits);
    assert.deepEqual(figure.closed.map(Number), game.closedPits);
    if (figure.move !== undefined) {
      assert.deepEqual(figure.ringed, [figure.move]);
      game.play(Number(figure.move));
      assert.equal(figure.caption, game.describeLastMove());
    }
    game.free();
  }
  assert.match(figures[0].caption, /South captures 2 from pit 3\.\n  South captures 2 from pit 2\.$/);
  assert.match(figures[2].caption, /Binikh/);
  assert.deepEqual(figures[3].closed, ["6"]);
  await page.$eval("#howto-rio", (d) => (d.open = true));
  await page.screenshot({ path: path.join(artifacts, "how-to-play.png"), fullPage: true });
  // The full rules: RULES.md rendered, not its raw Markdown.
  await Promise.all([page.waitForNavigation(), page.click(".howto a[href]")]);
  await page.waitForSelector("#rules h1");
  assert.equal(await text(page, "#rules h1"), "The rules the library implements");
  assert.equal(await page.title(), "The rules the library implements");
  const headings = await page.$$eval("#rules h2", (hs) => hs.map((h) => [h.id, h.textContent]));
  assert.deepEqual(headings.slice(0, 3), [["board-players-pit-numbers", "Board, players, pit numbers"], ["modiar-modiar", "Modiar (modiar)"], ["rio-kadalis-rio-kadalis-rio-kadalis-5--cw", "Rio Kadalis (rio-kadalis, rio-kadalis-5, -cw)"]]);
  // The worked examples, a table whose first column names them.
  const examples = await page.$$eval("#rules table tbody tr", (rows) => rows.map((r) => r.cells[0].textContent));
  assert.deepEqual(examples, ["M1", "M2", "M3", "M4", "M5", "M6", "M7", "R1", "R2", "R3", "R4", "R5", "R6", "R7"]);
  assert.equal(await page.$eval("#rules table tbody tr td:nth-child(2) code", (c) => c.textContent), "modiar/7,7,7,7,7,7/S/0,0/0");
  // Modiar's seven rules, a numbered list; a list inside a list item.
  assert.equal(await page.$$eval("#modiar-modiar ~ ol:first-of-type > li", (items) => items.length), 7);
  assert.ok(await page.$("#rules li > ul > li code"));
  const body = await text(page, "#rules");
  for (const raw of ["**", "```", "|---", "# "]) assert.ok(!body.includes(raw), `raw Markdown ${raw} in the page`);
  await page.screenshot({ path: path.join(artifacts, "rules.png") });
  assert.ok(await page.$('a[href="./"]'), "a way back to the game");
  await page.close();
});

test("How to play comes before the move list, and the header leads to it", async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    const page = await open("?rules=modiar&south=human&north=human&table=0", viewport);
    const top = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().top);
    assert.ok(await top(".howto") <= await top(".notes"), `${viewport.width} px: How to play is below the moves`);
    assert.equal(await page.$eval('header a[href="#howto"]', (a) => a.textContent), "How to play");
    await page.close();
  }
});

test("closed pits' labels stay apart, on a phone and on a desktop", async () => {
  // North's pits 8, 7, 6 closed, side by side.
  const position = "rio-kadalis/4,4,4,4,4,4,x,x,x,4,4,4/N/0,0/0/12,0";
  for (const viewport of [{ width: 390, height: 844 }, { width: 900, height: 800 }]) {
    const page = await open(`?south=human&north=human&table=0&position=${encodeURIComponent(position)}`, viewport);
    const labels = await page.$$eval("#board .pit-count", (texts) => texts.map((t) => {
      const box = t.getBoundingClientRect();
      return { pit: Number(t.parentNode.dataset.pit), text: t.textContent, left: box.left, right: box.right };
    }));
    assert.deepEqual(labels.filter((l) => l.text === "closed").map((l) => l.pit), [6, 7, 8]);
    // North's row on the screen, left to right: 11 ... 6.
    const north = labels.filter((l) => l.pit >= 6).sort((a, b) => a.left - b.left);
    assert.deepEqual(north.map((l) => l.pit), [11, 10, 9, 8, 7, 6]);
    for (let i = 1; i < north.length; i++)
      assert.ok(north[i - 1].right + 4 <= north[i].left, `${viewport.width} px: the labels of pits ${north[i - 1].pit} and ${north[i].pit} touch`);
    await page.screenshot({ path: path.join(artifacts, `closed-pits-${viewport.width}.png`) });
    await page.close();
  }
});

test("the Modiar table is downloaded only when asked for, with progress", { skip: !expectTable && "the server has no table (MANCALA_WEB_TABLE=1 says it has)" }, async () => {
  const page = await browser.newPage();
  const asked = [];
  page.on("request", (req) => req.url().endsWith("/modiar.table") && asked.push(req.url()));
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console: ${msg.text()}`));
  await page.goto(new URL("?rules=rio-kadalis&south=human&north=computer&level=4", base).href, { waitUntil: "load" });
  await page.waitForFunction(() => window.mancalaPage?.loaded);
  // Rio Kadalis, and Modiar without the perfect player or move values:
  // nothing is fetched.
  assert.equal(await page.$eval('#south option[value="perfect"]', (o) => o.disabled), true);
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(asked, []);
  assert.equal(await page.evaluate(() => window.mancalaPage.tableState), "idle");
  await page.select("#rules", "modiar");
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(asked, []);
  // Move values are asked for: the table comes, its progress shown.
  await page.evaluate(() => {
    window.notes = [];
    new MutationObserver(() => window.notes.push(document.querySelector("#table-note").textContent))
      .observe(document.querySelector("#table-note"), { childList: true, characterData: true, subtree: true });
  });
  await page.click("#values");
  await page.waitForFunction(() => window.mancalaPage.tableState === "loaded", { timeout: 60_000 });
  assert.equal(asked.length, 1);
  const notes = await page.evaluate(() => window.notes);
  assert.ok(notes.some((t) => /^Downloading the solved table of Modiar: \d+\.\d of \d+\.\d MB \(\d+ %\)…$/.test(t)), notes.join("\n"));
  assert.match(notes.at(-1), /solved table of Modiar is loaded/);
  const values = await page.$$eval("#board .pit-value", (items) => items.map((t) => t.textContent));
  assert.equal(values[2], "-2");
  await page.close();
});

test("no console errors on any page", () => {
  assert.deepEqual(problems, []);
});
