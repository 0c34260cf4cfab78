// 300 seeded random games (60 per rules variant; Rio Kadalis matches over
// up to four rounds) played by the native library (the trace program of
// the Python binding's tests) and replayed through the JavaScript API:
// positions, legal moves, hashes, scores, the refusal of every pit, move
// events, playouts and round changes must all be the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { M, nativeProgram } from "./common.mjs";

const { Game } = M;
const trace = nativeProgram("MANCALA_TRACE", "bindings/python/tests/mancala-py-trace");
const endReasons = ["none", "no-moves", "repetition"];
const list = (text) => (text === "-" ? [] : text.split(",").map(Number));
const orNull = (value) => (value < 0 ? null : value);

function statusOf(fn) {
  try {
    fn();
    return 0;
  } catch (err) {
    if (typeof err.status !== "number") throw err;
    return err.status;
  }
}

test("300 random games agree with the native library, step by step", { timeout: 300_000 }, () => {
  assert.ok(existsSync(trace), `the native trace program is missing: ${trace} (build with meson, or set MANCALA_TRACE)`);
  const lines = execFileSync(trace, ["20261130", "60"], { encoding: "utf8", maxBuffer: 1 << 30 }).trim().split("\n");
  let game = null;
  let games = 0;
  let states = 0;
  for (const [n, line] of lines.entries()) {
    const f = line.split("\t");
    const where = `trace line ${n + 1}`;
    switch (f[0]) {
      case "G":
        game = Game.create(f[1]);
        game.repetition = f[2] === "1";
        assert.equal(game.repetition, f[2] === "1");
        games++;
        break;
      case "S": {
        states++;
        assert.equal(game.position, f[1], where);
        assert.deepEqual(game.legalMoves, list(f[2]), where);
        assert.equal(game.hash, BigInt("0x" + f[3]), where);
        assert.equal(game.toMove, +f[4], where);
        assert.equal(game.over, f[5] === "1", where);
        assert.equal(game.endReason, endReasons[+f[6]], where);
        assert.deepEqual(game.scores, list(f[7]), where);
        assert.equal(game.round, +f[8], where);
        assert.equal(game.matchOver, f[9] === "1", where);
        assert.equal(game.winner, orNull(+f[10]), where);
        assert.equal(game.matchWinner, orNull(+f[11]), where);
        const statuses = [];
        for (let pit = -1; pit <= game.numPits; pit++) {
          const copy = game.clone();
          statuses.push(statusOf(() => copy.play(pit)));
          copy.free();
        }
        assert.deepEqual(statuses, list(f[12]), where);
        const playout = game.playout(BigInt(f[13]));
        assert.equal(playout.plies, +f[14], where);
        assert.deepEqual(playout.scores, list(f[15]), where);
        break;
      }
      case "M": {
        game.play(+f[1]);
        const events = game.lastMoveEvents.map((e) => `${e.code}:${e.pit}:${e.stones}:${e.player}`).join(";") || "-";
        assert.equal(events, f[2], where);
        break;
      }
      case "R":
        assert.equal(statusOf(() => game.nextRound()), +f[1], where);
        break;
      case "E":
        game.free();
        game = null;
        break;
      default:
        assert.fail(`${where}: unknown record ${f[0]}`);
    }
  }
  assert.equal(games, 300);
  assert.ok(states > 10_000, `only ${states} positions compared`);
});
