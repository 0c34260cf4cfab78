// Memory does not grow over 100,000 games created, played and freed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { M } from "./common.mjs";

test("100,000 created and freed games do not grow memory", () => {
  const cycle = (i) => {
    const game = M.Game.create(i % 2 ? "modiar" : "rio-kadalis");
    game.play(game.legalMoves[i % 3]);
    game.lastMoveEvents;
    const copy = game.clone();
    copy.free();
    game.free();
  };
  for (let i = 0; i < 1000; i++) cycle(i);
  const before = M.memoryBytes();
  for (let i = 0; i < 100_000; i++) cycle(i);
  assert.equal(M.memoryBytes(), before);
});

test("a game that is never freed is caught by a leak check (the check can fail)", () => {
  const before = M.memoryBytes();
  const kept = [];
  for (let i = 0; i < 20_000; i++) kept.push(M.Game.create("rio-kadalis"));
  assert.ok(M.memoryBytes() > before);
  for (const game of kept) game.free();
});

test("games that are never freed are freed by the FinalizationRegistry", () => {
  // In a child Node with --expose-gc: forgotten games, collected, give
  // their memory back, so as many again fit without growing it.
  const script = `
    import initMancala from ${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)};
    const M = await initMancala();
    const forget = () => { for (let i = 0; i < 50000; i++) M.Game.create("rio-kadalis"); };
    const settle = async () => { for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); } };
    forget();
    await settle();
    const grown = M.memoryBytes();
    forget();
    await settle();
    console.log(grown, M.memoryBytes());
  `;
  const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8" });
  const [grown, after] = out.trim().split(" ").map(Number);
  assert.equal(after, grown);
});

test("batches that are never freed give back their actions' buffer too", () => {
  // Forgotten batches, collected: the memory of their actions (the
  // buffer the wrapper allocates beside the C batch) is given back, so
  // new batches reuse some of it. Before the fix none was.
  const script = `
    import initMancala from ${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)};
    const M = await initMancala();
    const offsets = () => {
      const seen = new Set();
      for (let i = 0; i < 100; i++) seen.add(M.Batch.create("modiar", 3).stepRandom().byteOffset);
      return seen;
    };
    const settle = async () => { for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); } };
    const first = offsets();
    await settle();
    console.log([...offsets()].filter((o) => first.has(o)).length);
  `;
  const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.ok(Number(out) > 0, `no buffer of a forgotten batch was reused (${out.trim()})`);
});
