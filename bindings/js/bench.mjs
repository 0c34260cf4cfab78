// Random playouts through the JavaScript API against the native
// mancala-bench in the same run: both play GAMES random games from the
// start, choosing among the legal moves with a seeded generator, and count
// plies per second of processor time.
//
//   node bench.mjs [RULES] [GAMES] [MANCALA_BENCH]
//
// Prints one line per way of playing and the ratios to native.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import initMancala from "./dist/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const rules = process.argv[2] || "rio-kadalis";
const games = Number(process.argv[3] || 20000);
const native = process.argv[4] || path.join(here, "../../build/bench/mancala-bench");

const { Game } = await initMancala();

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

// xorshift, as in the native benchmark's spirit (the moves differ, the
// work per ply is the same).
let rng = 2463534242;
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
  return { plies, seconds };
}

function jsPlayout() {
  const start = Game.create(rules);
  let plies = 0;
  const t0 = cpuSeconds();
  for (let i = 0; i < games; i++) plies += start.playout(BigInt(i)).plies;
  const seconds = cpuSeconds() - t0;
  start.free();
  return { plies, seconds };
}

const line = execFileSync(native, ["playouts", rules, String(games), "1"], { encoding: "utf8" }).trim();
const nativeRate = Number(/plies_per_s=(\d+)/.exec(line)[1]);
console.log(`native  ${line}`);
for (const [name, run] of [["js legalMoves+play", jsMoves], ["js playout()", jsPlayout]]) {
  const { plies, seconds } = run();
  const rate = Math.round(plies / seconds);
  console.log(`${name}: games=${games} plies=${plies} seconds=${seconds.toFixed(3)} plies_per_s=${rate} ratio_to_native=${(rate / nativeRate).toFixed(2)}`);
}
