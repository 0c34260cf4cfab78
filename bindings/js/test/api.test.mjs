// The API itself: errors carry the library's reasons, handles are freed
// once and throw after, options pass through, the engine answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import util from "node:util";
import { M } from "./common.mjs";

const { Game, Search, Status, MancalaError, IllegalMoveError } = M;

test("version is the library's", () => {
  assert.match(M.version, /^\d+\.\d+\.\d+$/);
});

test("unknown rules are refused with their name", () => {
  assert.throws(() => Game.create("chess"), (err) => err instanceof MancalaError && err.status === Status.E_RULES && /"chess"/.test(err.message));
  // The valid names, as the mancala program and Python list them.
  assert.throws(() => Game.create("chess"), {
    message: 'unknown rules "chess" (expected modiar, rio-kadalis, rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)',
  });
  assert.deepEqual(M.RULES, ["modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw", "rio-kadalis-5-cw"]);
  for (const rules of M.RULES) Game.create(rules).free();
});

test("the rules' facts, from the library", () => {
  const { rulesInfo, RulesFact } = M;
  assert.deepEqual(rulesInfo("modiar"), {
    title: "Modiar", holes: 3, stones: 7, clockwise: false, rounds: false, firstMoveForfeits: true,
    tableStones: 42, defaultTableStones: 42,
  });
  assert.deepEqual(rulesInfo("rio-kadalis-5-cw"), {
    title: "Rio Kadalis", holes: 5, stones: 4, clockwise: true, rounds: true, firstMoveForfeits: false,
    tableStones: 16, defaultTableStones: 12,
  });
  assert.equal(RulesFact.ROUNDS, 4);
  assert.throws(() => rulesInfo("chess"), (err) => err.status === Status.E_RULES);
  assert.throws(() => rulesInfo(7), TypeError);
});

test("the rounds of a match, from the library", () => {
  const { roundOpenPits, roundClosedPits, roundTableName } = M;
  assert.equal(roundOpenPits("rio-kadalis", 23), 5);
  assert.equal(roundOpenPits("rio-kadalis-5", 44), 5);
  assert.deepEqual(roundClosedPits("rio-kadalis", 4, 2), [0, 1, 6, 7, 8, 9]);
  assert.deepEqual(roundClosedPits("rio-kadalis-5", 5, 5), []);
  assert.equal(roundTableName("rio-kadalis-5-cw", 1, 5), "rio-kadalis-5-cw-open-1-5.table");
  assert.throws(() => roundOpenPits("modiar", 8), (err) => err.status === Status.E_UNSUPPORTED);
  assert.throws(() => roundClosedPits("rio-kadalis-5", 6, 1), (err) => err.status === Status.E_INVALID);
  // Numbers are checked before they reach C: NaN or 2**32 is not 0.
  assert.throws(() => roundOpenPits("rio-kadalis", NaN), TypeError);
  assert.throws(() => roundOpenPits("rio-kadalis", 2 ** 32), RangeError);
  assert.throws(() => roundTableName("rio-kadalis", 2 ** 32 + 2, 2), RangeError);
  assert.throws(() => roundOpenPits("rio-kadalis", -4), RangeError);
});

test("the result in the library's words", () => {
  const game = Game.parse("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0");
  assert.throws(() => game.describeResult(), (err) => err.status === Status.E_NOT_OVER);
  game.setOption(M.Option.MAX_ROUNDS, 1);
  game.play(3);
  assert.equal(game.describeResult(),
    "Round 1 over: North has no legal move. South 24, North 24: a draw.\n" +
    "Match over after 1 round: a draw at the round limit, 24 stones each.");
  game.free();
  const modiar = Game.parse("modiar/1,0,1,2,3,4/S/15,16/20");
  assert.equal(modiar.describeResult(), "Game over: South has no legal move. South 17, North 25: North wins.");
  modiar.free();
});

test("the last move in the library's words", () => {
  const game = Game.create("rio-kadalis");
  assert.throws(() => game.describeLastMove(), (err) => err.status === Status.E_NO_HISTORY);
  game.play(0);
  assert.equal(game.describeLastMove(), "South plays 0: 5 laps (relays from 4 9 2 8), 26 stones sown, the last into pit 2.");
  game.free();
  const m4 = Game.parse("modiar/0,3,1,1,2,5/S/10,20/9");
  m4.play(1);
  assert.equal(m4.describeLastMove(), "South plays 1: 1 lap, 3 stones sown, the last into pit 3.\n  South captures 2 from pit 3.\n  South captures 2 from pit 2.");
  m4.free();
});

test("Python's names work too: copy, bestMove, result, positionHash, close", () => {
  const game = Game.parse("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0");
  assert.equal(game.result, null);
  const twin = game.copy();
  twin.play(3); // binikh, and North has no move: 24 to 24
  assert.equal(game.ply, 12);
  assert.equal(twin.result, M.DRAW);
  assert.equal(twin.winner, 2);
  assert.equal(twin.matchResult, null);
  assert.equal(twin.positionHash, twin.hash);
  twin.close();
  assert.ok(twin.freed);
  assert.equal(M.Searcher, M.Search);
  const found = Game.parse("modiar/0,3,1,1,2,5/S/10,20/9").search({ depth: 4 });
  assert.equal(found.bestMove, 1);
  assert.equal(found.move, found.bestMove);
  game.free();
});

test("parse errors say which field is wrong", () => {
  const cases = [
    ["modiar/7,7,7,7,7,7/S/0,0", /PLY/],
    ["modiar/7,7,7,7,7,x/S/0,0/0", /PITS/],
    ["modiar/7,7,7,7,7,7/X/0,0/0", /SIDE/],
    ["modiar/7,7,7,7,7,8/S/0,0/0", /42|stones/],
    ["nothing/1/S/0,0/0", /RULES/],
  ];
  for (const [text, reason] of cases) {
    assert.throws(() => Game.parse(text), (err) => err.status === Status.E_PARSE && reason.test(err.message), text);
  }
});

test("an illegal move throws why, and the game stays as it was", () => {
  const refusals = [
    ["modiar/7,7,7,7,7,7/S/0,0/0", 3, Status.E_NOT_YOURS, /opponent/],
    ["modiar/7,7,7,7,7,7/S/0,0/0", 6, Status.E_RANGE, /range/],
    ["modiar/0,1,41,0,0,0/S/0,0/3", 0, Status.E_EMPTY, /empty/],
    ["modiar/0,1,41,0,0,0/S/0,0/3", 1, Status.E_SINGLETON, /one stone|single/],
    ["modiar/0,0,0,2,4,10/N/18,8/19", 5, Status.E_GRAND_SLAM, /whole|grand/],
    ["modiar/0,0,0,2,4,10/N/18,8/19", 3, Status.E_MUST_FEED, /empty opponent row/],
    ["rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", 6, Status.E_ENDLESS, /never end|endless/],
    ["rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", 0, Status.E_CLOSED, /closed/],
    ["modiar/1,1,0,0,0,1/S/20,19/30", 0, Status.E_OVER, /over/],
  ];
  for (const [position, pit, status, reason] of refusals) {
    const game = Game.parse(position);
    assert.throws(() => game.play(pit), (err) => err instanceof IllegalMoveError && err.status === status && err.pit === pit && reason.test(err.message), `${position} ${pit}`);
    assert.equal(game.position, position);
    game.free();
  }
});

test("play, lastMoveEvents, undo, history, clone", () => {
  const game = Game.create("modiar");
  game.play(0);
  // M1: seven stones from pit 0, the first back into it, the last wraps
  // round to pit 0 again, making 2: a capture forfeited on the first move.
  const sow = (pit, stones) => ({ kind: "sow", code: 2, pit, stones, player: 0 });
  assert.deepEqual(game.lastMoveEvents, [
    { kind: "lap", code: 1, pit: 0, stones: 7, player: 0 },
    sow(0, 1), sow(1, 8), sow(2, 8), sow(3, 8), sow(4, 8), sow(5, 8), sow(0, 2),
    { kind: "forfeit", code: 5, pit: 0, stones: 2, player: 0 },
  ]);
  const copy = game.clone();
  game.play(3);
  assert.deepEqual(game.history, [0, 3]);
  game.undo();
  assert.equal(game.position, copy.position);
  assert.equal(game.hash, copy.hash);
  game.undo();
  assert.equal(game.position, "modiar/7,7,7,7,7,7/S/0,0/0");
  assert.deepEqual(game.lastMoveEvents, []);
  assert.throws(() => game.undo(), { status: Status.E_NO_HISTORY });
  copy.free();
  game.free();
});

test("binikh and mid-sow fours are events", () => {
  const game = Game.parse("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
  game.play(5);
  assert.deepEqual(game.lastMoveEvents.map((e) => e.kind), ["lap", "sow", "binikh"]);
  assert.deepEqual(game.lastMoveEvents[2], { kind: "binikh", code: 4, pit: 6, stones: 4, player: 0 });
  game.free();
  const r3 = Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,2/S/20,20/30/0,0".replace("0,0,0,0,0,0,0,0,0,0,0,2", "0,0,0,0,0,3,3,0,0,0,0,2"));
  r3.play(5);
  const capture = r3.lastMoveEvents.find((e) => e.kind === "capture");
  assert.deepEqual(capture, { kind: "capture", code: 3, pit: 6, stones: 4, player: 1 });
  r3.free();
});

test("a freed handle throws, and free() twice is harmless", () => {
  const game = Game.create();
  game.free();
  game.free();
  assert.equal(game.freed, true);
  assert.throws(() => game.position, /freed/);
  assert.throws(() => game.play(0), /freed/);
  const search = new Search();
  assert.throws(() => search.run(game, { depth: 2 }), /freed/);
  search.free();
  assert.throws(() => search.run(Game.create(), { depth: 2 }), /freed/);
});

test("Symbol.dispose frees", () => {
  const game = Game.create();
  game[Symbol.dispose ?? Symbol.for("Symbol.dispose")]();
  assert.equal(game.freed, true);
});

test("options pass through by number; unknown ones are refused", () => {
  const game = Game.create("rio-kadalis");
  assert.equal(game.repetition, true);
  game.repetition = false;
  assert.equal(game.getOption(M.Option.REPETITION), 0);
  assert.throws(() => game.setOption(999, 1), { status: Status.E_OPTION });
  assert.throws(() => game.setOption(M.Option.REPETITION, 7), { status: Status.E_OPTION });
  game.free();
});

test("engine: search() without limits goes 8 plies deep; levelMove", () => {
  for (const rules of ["modiar", "rio-kadalis"]) {
    const game = Game.create(rules);
    assert.equal(game.search().depth, 8);
    assert.deepEqual(game.search(), game.search({ depth: 8 }));
    game.free();
  }
  assert.ok(Game.create("modiar").search({ nodes: 200000 }).depth > 8);
  const start = Game.create("rio-kadalis");
  const seen = new Set();
  for (let seed = 0; seed < 40; seed++) seen.add(start.levelMove(1, seed));
  assert.deepEqual([...seen].sort(), [0, 1, 2, 3, 4, 5]);
  assert.equal(start.levelMove(9, 3n), start.levelMove(9, 3));
  const won = Game.parse("modiar/0,2,4,1,1,0/S/17,17/30");
  for (let seed = 0; seed < 5; seed++) assert.equal(won.levelMove(18, seed), 1);
  for (const bad of [0, 21, 2.5]) assert.throws(() => start.levelMove(bad), { status: Status.E_OPTION });
  for (const bad of ["12", true, null, 1.5, NaN])
    assert.throws(() => start.levelMove(3, bad), (e) => e instanceof TypeError && /seed/.test(e.message));
  start.free();
  won.free();
});

test("engine: search, mcts and playout are deterministic and legal", () => {
  const game = Game.parse("modiar/0,0,0,2,4,10/N/18,8/19");
  const r = game.search({ depth: 20 });
  assert.equal(r.bestMove, 4);
  assert.equal(r.exact, true);
  assert.deepEqual(r.pv.slice(0, 1), [4]);
  const start = Game.create("rio-kadalis");
  assert.ok(start.legalMoves.includes(start.mcts({ playouts: 300, seed: 7n })));
  assert.equal(start.mcts({ playouts: 300, seed: 7n }), start.mcts({ playouts: 300, seed: 7 }));
  assert.deepEqual(start.playout(1n), start.playout(1n));
  assert.equal(start.position, "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
  const limited = start.search({ nodes: 500 });
  assert.ok(limited.nodes < 2000 && start.legalMoves.includes(limited.bestMove));
  game.free();
  start.free();
});

test("console.log() and JSON show a handle's rules and position, not an empty object", () => {
  const inspect = (value, options) => util.inspect(value, { breakLength: Infinity, ...options });
  const game = Game.parse("rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
  assert.equal(inspect(game), "Game { rules: 'rio-kadalis', position: 'rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1' }");
  assert.equal(JSON.stringify({ game }), '{"game":{"rules":"rio-kadalis","position":"rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1"}}');
  assert.equal(String(game), game.position);
  assert.equal(inspect([game], { depth: 0 }), "[ [Game] ]");
  game.free();
  assert.equal(inspect(game), "Game { freed: true }");
  assert.equal(JSON.stringify(game), '{"freed":true}');

  const batch = M.Batch.create("modiar", 3);
  assert.equal(inspect(batch), "Batch { rules: 'modiar', size: 3 }");
  assert.equal(`${batch}`, 'Batch {"rules":"modiar","size":3}');
  batch.free();
  const search = new Search();
  assert.equal(inspect(search), "Search { ran: false }");
  const modiar = Game.parse("modiar/0,0,0,2,4,10/N/18,8/19");
  search.run(modiar, { depth: 4 });
  assert.match(inspect(search), /^Search \{ bestMove: 4, score: 2, depth: \d+, nodes: \d+ \}$/);
  search.free();
  modiar.free();
});
