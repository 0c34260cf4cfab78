// Solved tables opened from bytes (no file system): the values the C tests
// check for the worked examples, best moves, and refusal of bad bytes.
// The tables are written by the native `mancala solve` (Modiar: about ten
// seconds; MANCALA_MODIAR_TABLE names one already solved).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { inspect } from "node:util";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { M, nativeProgram } from "./common.mjs";

const { Game, Table, Status } = M;
const cli = nativeProgram("MANCALA_CLI", "cli/mancala");
const dir = mkdtempSync(path.join(tmpdir(), "mancala-js-tables-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function solve(rules, ...args) {
  const file = path.join(dir, `${rules}.table`);
  execFileSync(cli, ["solve", rules, "-o", file, "-q", ...args], { stdio: ["ignore", "ignore", "inherit"] });
  return readFileSync(file);
}

const modiarBytes = process.env.MANCALA_MODIAR_TABLE ? readFileSync(process.env.MANCALA_MODIAR_TABLE) : solve("modiar");
const rioBytes = solve("rio-kadalis", "--max-stones", "6");

test("Modiar values of the worked examples, as the C tests have them", () => {
  const table = Table.fromBytes(modiarBytes);
  const expected = [
    ["modiar/0,0,0,2,4,10/N/18,8/19", 2],
    ["modiar/1,1,0,2,1,11/S/18,8/20", -2],
    ["modiar/0,0,0,2,1,1/N/12,26/27", 18],
    ["modiar/1,1,0,0,0,1/S/20,19/30", 2],
    ["modiar/7,7,7,7,7,7/S/0,0/0", -2],
  ];
  for (const [position, value] of expected) {
    const game = Game.parse(position);
    assert.deepEqual(table.value(game), { lo: value, hi: value, exact: true }, position);
    game.free();
  }
  const m5 = Game.parse("modiar/0,0,0,2,4,10/N/18,8/19");
  assert.deepEqual(table.bestMoves(m5), [4]);
  const start = Game.create("modiar");
  assert.deepEqual(table.bestMoves(start), [2]);
  // The search with the table plays a best move and knows the exact value.
  const r = start.search({ depth: 4, table });
  assert.equal(r.bestMove, 2);
  assert.equal(r.score, -2);
  table.free();
  assert.throws(() => table.value(start), /freed/);
  m5.free();
  start.free();
});

test("Rio Kadalis endgame table: values inside its range, E_RANGE outside", () => {
  const table = Table.fromBytes(rioBytes.buffer.slice(rioBytes.byteOffset, rioBytes.byteOffset + rioBytes.length));
  const few = Game.parse("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,0/S/20,24/30/0,0");
  const v = table.value(few);
  assert.ok(v.lo <= v.hi);
  for (const pit of table.bestMoves(few)) assert.ok(few.legalMoves.includes(pit));
  assert.equal(inspect(table), "Table { rules: 'rio-kadalis', maxStones: 6 }");
  const many = Game.create("rio-kadalis");
  assert.throws(() => table.value(many), { status: Status.E_RANGE });
  const modiar = Game.create("modiar");
  assert.throws(() => table.value(modiar), (err) => err.status < 0);
  table.free();
  few.free();
  many.free();
  modiar.free();
});

test("bad bytes are refused as the file would be", () => {
  const flipped = Uint8Array.from(rioBytes);
  flipped[flipped.length - 3] ^= 0x40;
  const cases = [new Uint8Array(0), rioBytes.subarray(0, 100), rioBytes.subarray(0, rioBytes.length - 8), flipped, new TextEncoder().encode("not a table at all")];
  for (const bytes of cases) assert.throws(() => Table.fromBytes(bytes), { status: Status.E_FORMAT }, `${bytes.length} bytes`);
  const memory = M.memoryBytes();
  for (let i = 0; i < 50; i++) Table.fromBytes(rioBytes).free();
  assert.equal(M.memoryBytes(), memory);
});
