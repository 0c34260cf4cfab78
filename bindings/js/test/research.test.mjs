// The learning interface (issue 24): observations, masks and returns of a
// Game, and the batch's typed-array views over the module's memory,
// compared with single games stepped one by one.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { M, root } from "./common.mjs";

const { Game, Batch, Autoreset, Restart, EndedMask, IllegalMoveError } = M;
const f32 = (values) => Array.from(new Float32Array(values));

test("Game: mask, observation from the mover's side, actions relative to the mover", () => {
  const game = Game.create("modiar");
  assert.equal(game.numActions, 3);
  assert.deepEqual(Array.from(game.legalMask()), [1, 1, 1]);
  game.applyAction(0);
  assert.equal(game.position, "modiar/2,8,8,8,8,8/N/0,0/1");
  assert.equal(game.actionToPit(2), 5);
  // North to move: North's row (8, 8, 8) first, then South's (2, 8, 8).
  const expected = [8, 8, 8, 2, 8, 8].map((v) => v / 42).concat(new Array(10).fill(0), [0, 0, 1]);
  assert.deepEqual(Array.from(game.observation()), f32(expected));
  assert.deepEqual(game.returns(), [0, 0]);
  game.free();
});

test("Game: returns once over, win/loss and stones", () => {
  const game = Game.create("modiar");
  let seed = 5;
  while (!game.over) {
    const legal = [0, 1, 2].filter((a) => game.legalMask()[a]);
    seed = (seed * 1103515245 + 12345) % 2147483648;
    game.applyAction(legal[seed % legal.length]);
  }
  const [s, n] = game.scores;
  const win = s > n ? 1 : s < n ? -1 : 0;
  assert.deepEqual(game.returns(), [win, -win]);
  const stones = game.returns({ stones: true });
  assert.equal(stones[0], Math.fround((s - n) / 42));
  assert.deepEqual(Array.from(game.legalMask()), [0, 0, 0]);
  game.free();
});

test("Game: actions are checked, naming the argument", () => {
  const game = Game.create("rio-kadalis");
  for (const bad of [NaN, 1.5, "0", null, undefined]) assert.throws(() => game.applyAction(bad), (e) => e instanceof TypeError && /action/.test(e.message));
  for (const bad of [-1, 6, 2 ** 32, -(2 ** 40)]) assert.throws(() => game.applyAction(bad), (e) => e instanceof RangeError && /action/.test(e.message));
  assert.equal(game.ply, 0);
  game.free();
});

test("Batch: the same as single games stepped one by one, both autoreset modes", () => {
  for (const [rules, mode] of [["modiar", Autoreset.NEXT_STEP], ["rio-kadalis", Autoreset.NEXT_STEP], ["rio-kadalis-5-cw", Autoreset.SAME_STEP]]) {
    const count = 16;
    const batch = Batch.create(rules, count, { seed: 7, autoreset: mode });
    const games = Array.from({ length: count }, () => Game.create(rules));
    let ended = 0;
    for (let step = 0; step < 300; step++) {
      const played = Array.from(batch.stepRandom());
      const finals = new Map();
      for (let i = 0; i < count; i++) {
        if (played[i] < 0) {
          // NEXT_STEP: the step after the end restarts the game.
          games[i].free();
          games[i] = Game.create(rules);
          continue;
        }
        games[i].applyAction(played[i]);
        if (games[i].over) {
          finals.set(i, { obs: games[i].observation(), returns: games[i].returns() });
          if (mode === Autoreset.SAME_STEP) {
            games[i].free();
            games[i] = Game.create(rules);
          }
        }
      }
      const n = batch.observationSize, a = batch.numActions;
      for (let i = 0; i < count; i++) {
        assert.equal(batch.terminated[i], finals.has(i) ? 1 : 0);
        if (finals.has(i)) {
          ended++;
          assert.deepEqual(Array.from(batch.rewards.subarray(2 * i, 2 * i + 2)), finals.get(i).returns);
          if (mode === Autoreset.SAME_STEP) assert.deepEqual(batch.finalObservations.slice(i * n, i * n + n), finals.get(i).obs);
        } else {
          assert.deepEqual(Array.from(batch.rewards.subarray(2 * i, 2 * i + 2)), [0, 0]);
        }
        assert.deepEqual(batch.observations.slice(i * n, i * n + n), games[i].observation());
        assert.deepEqual(batch.legalMasks.slice(i * a, i * a + a), games[i].legalMask());
        assert.equal(batch.toMove[i], games[i].toMove);
      }
    }
    assert.ok(ended > 0);
    games.forEach((g) => g.free());
    batch.free();
  }
});

test("Batch: views change in place, and are made again when the memory grows", () => {
  const batch = Batch.create("modiar", 8);
  const obs = batch.observations;
  assert.equal(batch.observations, obs); // the same view while the memory stays
  const before = Array.from(obs);
  batch.step(new Array(8).fill(0));
  assert.notDeepEqual(Array.from(obs), before); // changed in place
  const copy = Array.from(obs);
  const bytes = M.memoryBytes();
  const big = Batch.create("rio-kadalis", 2000); // about 60 MB: the memory grows
  assert.ok(M.memoryBytes() > bytes);
  assert.equal(obs.length, 0); // the old view is detached
  assert.deepEqual(Array.from(batch.observations), copy); // a fresh view, same bytes
  assert.notEqual(batch.observations, obs);
  big.free();
  batch.free();
  assert.throws(() => batch.observations, /freed/);
});

test("Batch: an illegal action changes no game and names it; arguments are checked", () => {
  const batch = Batch.create("modiar", 4);
  // Random steps until game 2 has an action it may not play.
  const mask = () => Array.from(batch.legalMasks.subarray(6, 9));
  while (!(mask().includes(0) && mask().includes(1))) batch.stepRandom();
  const illegal = mask().indexOf(0);
  const actions = [0, 1, 3].map((i) => Array.from(batch.legalMasks.subarray(3 * i, 3 * i + 3)).indexOf(1));
  const positions = [0, 1, 2, 3].map((i) => {
    const game = batch.game(i);
    const p = game.position;
    game.free();
    return p;
  });
  const obs = Array.from(batch.observations);
  const chosen = [actions[0], actions[1], illegal, actions[2]].map((a) => Math.max(a, 0));
  const refusing = batch.game(2);
  const pit = refusing.actionToPit(illegal);
  refusing.free();
  for (const sent of [chosen, chosen.map(BigInt)])
    assert.throws(() => batch.step(sent), (e) => e instanceof IllegalMoveError && e.game === 2 &&
      e.action === illegal && e.pit === pit && e.message.includes(`pit ${pit}`));
  assert.deepEqual(Array.from(batch.observations), obs);
  assert.throws(() => batch.step([0, 0, 0]), RangeError);
  assert.throws(() => batch.step([0, 0, NaN, 0]), (e) => e instanceof TypeError && /actions\[2\]/.test(e.message));
  assert.throws(() => batch.step([0, 2 ** 32, 0, 0]), (e) => e instanceof RangeError && /actions\[1\]/.test(e.message));
  assert.throws(() => batch.step([0, 0, 0, 3]), (e) => e instanceof RangeError && /actions\[3\]/.test(e.message));
  const after = [0, 1, 2, 3].map((i) => {
    const game = batch.game(i);
    const p = game.position;
    game.free();
    return p;
  });
  assert.deepEqual(after, positions);
  const small = Batch.create("modiar", 2n);
  assert.equal(small.size, 2);
  small.free();
  for (const [count, error] of [[0, RangeError], [2 ** 32, RangeError], [1.5, TypeError], [NaN, TypeError]])
    assert.throws(() => Batch.create("modiar", count), error);
  assert.throws(() => Batch.create("modiar", 4, { autoreset: 3 }), RangeError);
  assert.throws(() => Batch.create("chess", 4), /chess|rules/);
  assert.throws(() => batch.game(4), RangeError);
  batch.free();
});

test("Batch: from the benchmark's positions, stepped as single games parsed from them", () => {
  const file = path.join(root, "examples", "python", "data", "modiar-10000.txt");
  const positions = fs.readFileSync(file, "utf8").split("\n").filter((l) => l).slice(0, 500);
  const batch = Batch.fromPositions("modiar", positions, { seed: 3 });
  const games = positions.map((p) => Game.parse(p));
  const n = batch.observationSize, a = batch.numActions;
  let restarted = 0;
  for (let step = 0; step < 30; step++) {
    for (let i = 0; i < games.length; i++) {
      assert.deepEqual(batch.observations.slice(i * n, i * n + n), games[i].observation());
      assert.deepEqual(batch.legalMasks.slice(i * a, i * a + a), games[i].legalMask());
    }
    const played = Array.from(batch.stepRandom());
    for (let i = 0; i < games.length; i++) {
      if (played[i] < 0) {
        // Its next episode starts at its own position again.
        games[i].free();
        games[i] = Game.parse(positions[i]);
        restarted++;
      } else {
        games[i].applyAction(played[i]);
      }
      assert.equal(batch.terminated[i], games[i].over ? 1 : 0);
    }
  }
  assert.ok(restarted > 500);
  games.forEach((g) => g.free());
  batch.free();
});

test("Batch: setPosition, setGame, resetGames, restart and endedMask; outside numbers refused", () => {
  const own = "modiar/1,0,2,0,1,0/S/19,19/30";
  const batch = Batch.create("modiar", 3, { restart: Restart.RULES, endedMask: EndedMask.ONES });
  batch.setPosition(1, own);
  assert.equal(batch.game(1).position, own);
  const fresh = Game.parse(own);
  assert.deepEqual(batch.observations.slice(19, 38), fresh.observation());
  const g = Game.create("modiar");
  g.play(1);
  batch.setGame(0, g);
  assert.equal(batch.game(0).position, g.position);
  const before = batch.observations.slice();
  for (const bad of [NaN, 2 ** 32, -1, 3, 1.5, "1", null]) {
    assert.throws(() => batch.setPosition(bad, own), bad === 2 ** 32 || bad === -1 || bad === 3 ? RangeError : TypeError);
  }
  assert.throws(() => batch.setPosition(0, "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0"), /a position of rio-kadalis, not modiar/);
  assert.throws(() => batch.setPosition(0, "modiar/0,0,0,0,0,1/S/20,21/3"), /round is over/);
  assert.throws(() => batch.setPosition(0, "modiar/x"), /position/);
  assert.throws(() => batch.setGame(0, "modiar"), TypeError);
  assert.throws(() => batch.resetGames([1, 0]), RangeError);
  assert.throws(() => batch.resetGames([1, 0, NaN]), TypeError);
  assert.throws(() => batch.resetGames([1, 0, 2]), TypeError);
  assert.throws(() => Batch.create("modiar", 2, { restart: 2 }), RangeError);
  assert.throws(() => Batch.fromPositions("modiar", [own, "modiar/x"]), /positions\[1\]/);
  assert.deepEqual(batch.observations, before);
  // RULES: an episode from a position set is played once, then the start.
  batch.resetGames([false, true, false]);
  assert.equal(batch.game(1).position, "modiar/7,7,7,7,7,7/S/0,0/0");
  // An ended game's mask is all ones.
  batch.setPosition(2, own);
  while (!batch.terminated[2]) batch.stepRandom();
  assert.deepEqual(Array.from(batch.legalMasks.slice(6, 9)), [1, 1, 1]);
  fresh.free();
  g.free();
  batch.free();
});
