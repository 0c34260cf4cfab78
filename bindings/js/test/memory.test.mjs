// Memory does not grow over 100,000 games created, played and freed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { M } from "./helpers.mjs";

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
