// Every worked example of doc/RULES.md, read from its table, through the
// JavaScript API; and the match examples of its "Match" section.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { M, root } from "./common.mjs";

const { Game } = M;
const rules = readFileSync(path.join(root, "doc/RULES.md"), "utf8");
const rows = rules
  .split("\n")
  .filter((line) => /^\| [MR]\d+ \|/.test(line))
  .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));

function parseLegal(text) {
  if (text === "none") return [];
  const range = /^(\d+)–(\d+)$/.exec(text);
  if (range) {
    const out = [];
    for (let i = +range[1]; i <= +range[2]; i++) out.push(i);
    return out;
  }
  return text.split(" ").map(Number);
}

const code = (cell) => /`([^`]+)`/.exec(cell)?.[1];

test("RULES.md has its 14 worked examples", () => {
  assert.deepEqual(rows.map((r) => r[0]), ["M1", "M2", "M3", "M4", "M5", "M6", "M7", "R1", "R2", "R3", "R4", "R5", "R6", "R7"]);
});

for (const [name, position, legal, moves, after, shows] of rows) {
  test(`${name}: ${shows}`, () => {
    const game = Game.parse(code(position));
    try {
      assert.equal(game.position, code(position));
      assert.deepEqual(game.legalMoves, parseLegal(legal));
      if (moves !== "—") for (const pit of moves.split(" ").map(Number)) game.play(pit);
      const expected = code(after);
      if (expected) assert.equal(game.position, expected);
      if (/over/.test(after)) assert.equal(game.over, true);
      else assert.equal(game.over, false);
      const final = /South (\d+), North (\d+)/.exec(after);
      if (final) assert.deepEqual(game.scores, [+final[1], +final[2]]);
      if (/repetition/.test(after)) assert.equal(game.endReason, "repetition");
    } finally {
      game.free();
    }
  });
}

test("M7: over at once, South wins 22-20", () => {
  const game = Game.parse("modiar/1,1,0,0,0,1/S/20,19/30");
  assert.equal(game.endReason, "no-moves");
  assert.deepEqual(game.scores, [22, 20]);
  assert.equal(game.winner, 0);
  game.free();
});

test("Match: the round of R7 leads to the next round's start", () => {
  const game = Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
  for (const pit of [0, 7, 4, 11, 0, 8, 2, 6, 4, 10]) game.play(pit);
  assert.equal(game.round, 1);
  game.nextRound();
  assert.equal(game.position, "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
  assert.equal(game.round, 2);
  assert.deepEqual(game.closedPits, [6]);
  assert.deepEqual(game.banks, [3, 1]);
  assert.deepEqual(game.legalMoves, [7, 8, 9, 10, 11]);
  game.free();
});

test("Match: South 30, North 18 with North first", () => {
  const game = Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/30,18/1/0,0");
  assert.equal(game.over, true);
  assert.deepEqual(game.scores, [30, 18]);
  game.nextRound();
  assert.equal(game.position, "rio-kadalis/4,4,4,4,4,4,x,x,4,4,4,4/S/0,0/0/6,2");
  assert.deepEqual(game.closedPits, [6, 7]);
  game.free();
});

test("Match: a player left with fewer than 4 stones loses the match", () => {
  const game = Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/45,3/1/0,0");
  assert.equal(game.matchOver, true);
  assert.equal(game.matchWinner, 0);
  assert.equal(game.matchEndReason, "stones");
  assert.throws(() => game.nextRound(), { status: M.Status.E_MATCH_OVER });
  game.free();
});

test("Match: the round limit decides it for the player holding more stones", () => {
  const game = Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/28,19/30/0,0");
  assert.equal(game.matchEndReason, "none");
  game.setOption(M.Option.MAX_ROUNDS, 1);
  assert.equal(game.matchOver, true);
  assert.equal(game.matchWinner, 0);
  assert.equal(game.matchEndReason, "rounds");
  game.free();
});

test("Match record: a match in its second round is restored exactly", () => {
  const game = Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
  for (const pit of [0, 7, 4, 11, 0, 8, 2, 6, 4, 10]) game.play(pit);
  game.nextRound();
  game.play(7);
  const record = game.record;
  assert.equal(record, "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0 0 7 4 11 0 8 2 6 4 10 | 7");
  const back = Game.fromRecord(record);
  assert.equal(back.position, game.position);
  assert.equal(back.round, 2);
  assert.equal(back.hash, game.hash);
  back.undo();
  assert.equal(back.position, "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
  assert.throws(() => Game.fromRecord("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0 5"),
                (e) => e.status === M.Status.E_PARSE && /word 2/.test(e.message));
  back.free();
  game.free();
});

test("Match: a match that keeps repeating goes to the player holding more stones (RULES.md)", () => {
  // Every round ends South 16, North 32: round 6 would start in round 2's
  // state for the third time, so North wins after five rounds (1.3); as
  // 1.2 read the rule (MatchRepetition.DRAW) the same match is a draw.
  const start16 = [2, 6, 2, 6, 5, 6, 3, 7, 3, 8, 0, 9, 2, 8, 4, 8, 1, 7, 1, 7, 3, 6, 4, 10, 0, 7, 5, 6, 2, 7, 4, 8];
  const northFirst16 = [11, 3, 11, 5, 7, 2, 10, 4, 6, 3, 6, 2, 7, 4, 8, 5, 9, 2, 11, 2, 8, 5, 6, 4, 8, 5, 9, 2, 11, 4,
    7, 2, 8, 3, 6, 4, 8, 5, 11, 2, 7, 3, 8, 4, 10, 5, 7];
  const southFirst16 = [4, 11, 4, 10, 3, 7, 2, 10, 5, 9, 4, 11, 2, 10, 3, 11, 4, 6, 2, 8, 3, 9, 4, 7, 5, 9, 2, 11, 2, 8, 4, 7];
  const game = Game.create("rio-kadalis");
  assert.equal(game.getOption(M.Option.MATCH_REPETITION), M.MatchRepetition.MORE_STONES);
  [start16, northFirst16, southFirst16, northFirst16, southFirst16].forEach((moves, i) => {
    if (i) game.nextRound();
    for (const pit of moves) game.play(pit);
    assert.deepEqual(game.scores, [16, 32]);
  });
  assert.equal(game.round, 5);
  assert.equal(game.matchEndReason, "repetition");
  assert.equal(game.matchWinner, 1); // North
  game.setOption(M.Option.MATCH_REPETITION, M.MatchRepetition.DRAW);
  assert.equal(game.matchWinner, 2); // a draw
  assert.match(game.record, / match-repetition=2 2 6 2 6 /);
  game.setOption(M.Option.MATCH_REPETITION, M.MatchRepetition.OFF);
  assert.equal(game.matchOver, false);
  assert.throws(() => game.setOption(M.Option.MATCH_REPETITION, 3), { status: M.Status.E_OPTION });
  game.free();
});

test("Match record: tags are kept, exact bytes (RULES.md, Match records)", () => {
  const game = Game.create("modiar");
  assert.deepEqual(game.tags, {});
  game.play(0);
  game.setTag("south", "search:8").setTag("event", 'Club "night" \\ café').setTag("seed", "");
  game.setTag("south", "human");
  const record = 'modiar/7,7,7,7,7,7/S/0,0/0 south="human" event="Club \\"night\\" \\\\ café" seed="" 0';
  assert.equal(game.record, record);
  assert.deepEqual([...new TextEncoder().encode(game.record).slice(-16)],
    [...new TextEncoder().encode('café" seed="" 0')]);
  const back = Game.fromRecord(record);
  assert.deepEqual(Object.entries(back.tags), [["south", "human"], ["event", 'Club "night" \\ café'], ["seed", ""]]);
  assert.equal(back.tag("event"), 'Club "night" \\ café');
  assert.equal(back.tag("absent"), null);
  assert.equal(back.tag("event\0x"), null);
  assert.equal(back.record, record);
  assert.deepEqual(back.clone().tags, back.tags);
  back.setTag("event", null);
  assert.deepEqual(back.tags, { south: "human", seed: "" });
  for (const [key, value] of [["1a", "x"], ["", "x"], ["k".repeat(33), "x"], ["a", "x".repeat(256)],
    ["a", "line\nbreak"], ["a", "nul\0"], ["a\0b", "x"], ["a", "\uD800"]]) {
    assert.throws(() => back.setTag(key, value), { status: M.Status.E_INVALID }, JSON.stringify([key, value]));
  }
  for (const [key, value] of [[5, "x"], ["a", 5], ["a", undefined], [null, "x"]]) {
    assert.throws(() => back.setTag(key, value), TypeError);
  }
  assert.deepEqual(back.tags, { south: "human", seed: "" });
  assert.throws(() => Game.fromRecord('modiar/7,7,7,7,7,7/S/0,0/0 a="1" a="2"'),
    (err) => err.status === M.Status.E_PARSE && err.message === "word 3: tag a given twice");
  game.free();
  back.free();
});
