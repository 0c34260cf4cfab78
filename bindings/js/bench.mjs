// Random playouts through the JavaScript API against the native
// mancala-bench, in the same run: both play GAMES random games from the
// start position, choosing uniformly among the legal moves, and count
// plies per second of processor time. Native and JavaScript runs
// alternate ROUNDS times (after one untimed JavaScript warm-up, for the
// JIT); the medians are compared.
//
//   node bench.mjs [RULES] [GAMES] [MANCALA_BENCH] [ROUNDS]
//
// "js legalMoves+play" is the same loop as mancala-bench's (one call per
// ply for the moves, one to play); "js playout()" is Game.playout(), one
// call per game.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import initMancala from "./dist/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const rules = process.argv[2] || "rio-kadalis";
const games = Number(process.argv[3] || 20000);
const native = process.argv[4] || path.join(here, "../../build/bench/mancala-bench");
const rounds = Number(process.argv[5] || 5);

const { Game } = await initMancala();

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

let rng = 2463534242; // xorshift32
function random(bound) {
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  return (rng >>> 0) % bound;
}

function jsMoves() {
  const start = Game.create(rules);
  let plies = 0;
  const t0 = cpuSeconds();
  for (let i = 0; i < games; i++) {
    const g = start.clone();
    for (let moves = g.legalMoves; moves.length; moves = g.legalMoves) {
      g.play(moves[random(moves.length)]);
      plies++;
    }
    g.free();
  }
  const seconds = cpuSeconds() - t0;
  start.free();
  return plies / seconds;
}

function jsPlayout() {
  const start = Game.create(rules);
  let plies = 0;
  const t0 = cpuSeconds();
  for (let i = 0; i < games; i++) plies += start.playout(BigInt(i)).plies;
  const seconds = cpuSeconds() - t0;
  start.free();
  return plies / seconds;
}

function nativeRun(seed) {
  const line = execFileSync(native, ["playouts", rules, String(games), String(seed)], { encoding: "utf8" });
  return Number(/plies_per_s=(\d+)/.exec(line)[1]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
jsMoves();
jsPlayout();
const rates = { native: [], moves: [], playout: [] };
for (let r = 0; r < rounds; r++) {
  rates.native.push(nativeRun(r + 1));
  rates.moves.push(jsMoves());
  rates.playout.push(jsPlayout());
}
const base = median(rates.native);
console.log(`native mancala-bench playouts ${rules} ${games}: median plies_per_s=${Math.round(base)}`);
for (const [name, key] of [["js legalMoves+play", "moves"], ["js playout()", "playout"]]) {
  const rate = median(rates[key]);
  console.log(`${name} ${rules} ${games}: median plies_per_s=${Math.round(rate)} ratio_to_native=${(rate / base).toFixed(2)}`);
}
