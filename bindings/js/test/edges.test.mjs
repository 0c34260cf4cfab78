// Arguments at the binding's edges: numbers that a C int, an int64_t or a
// 32-bit long (this module is 32-bit WebAssembly) cannot hold, what is no
// number at all, and strings with a NUL inside. Each is refused with an
// error naming the argument; none becomes another, valid argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { M } from "./common.mjs";

const { Game, Search, Status, MancalaError, IllegalMoveError } = M;
const START = "modiar/7,7,7,7,7,7/S/0,0/0";

test("numbers past 32 bits in a position or a record are refused, not wrapped", () => {
  for (const text of [
    "modiar/4294967303,7,7,7,7,7/S/0,0/0", // 2**32 + 7: was 7
    "modiar/7,7,7,7,7,7/S/0,0/4294967296", // PLY 2**32: was 0
    "modiar/7,7,7,7,7,7/S/0,4294967296/0",
    "modiar/7,7,7,7,7,7/S/0,0/21474836480",
    "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/4294967296,0",
  ])
    assert.throws(() => Game.parse(text), (err) => err.status === Status.E_PARSE && /too large/.test(err.message), text);
  const rio = "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0";
  for (const option of ["max-rounds=4294967297", "max-rounds=2147483648", "repetition=4294967296"])
    assert.throws(() => Game.fromRecord(`${rio} ${option}`), (err) => err.status === Status.E_PARSE && /expected a number/.test(err.message), option);
  assert.throws(() => Game.fromRecord(`${rio} 4294967296`), { status: Status.E_PARSE });
  // The largest values still are what they say.
  const most = Game.fromRecord(`${rio} max-rounds=2147483647`);
  assert.equal(most.getOption(M.Option.MAX_ROUNDS), 2147483647);
  most.free();
});

test("play() refuses what is no pit number, and leaves the game as it was", () => {
  const game = Game.parse(START);
  for (const bad of [undefined, null, NaN, Infinity, "0", "abc", 0.9, -0.5, {}, [0], 1n])
    assert.throws(() => game.play(bad), (err) => err instanceof TypeError && /pit/.test(err.message), String(bad));
  for (const far of [2 ** 32, 2 ** 32 + 1, -(2 ** 32), 2 ** 31, 2 ** 53])
    assert.throws(() => game.play(far), (err) => err instanceof IllegalMoveError && err.status === Status.E_RANGE && err.pit === far, String(far));
  assert.equal(game.position, START);
  assert.deepEqual(game.history, []);
  game.free();
});

test("setOption() and getOption() take C ints only", () => {
  const game = Game.create("rio-kadalis");
  assert.throws(() => game.setOption(M.Option.MAX_ROUNDS, 2 ** 32 + 2), (err) => err instanceof RangeError && /value/.test(err.message));
  assert.throws(() => game.setOption(M.Option.MAX_ROUNDS, 2.5), (err) => err instanceof TypeError && /value/.test(err.message));
  assert.throws(() => game.setOption(M.Option.MAX_ROUNDS, "5"), TypeError);
  assert.throws(() => game.setOption(2 ** 32 + 3, 1), (err) => err instanceof RangeError && /option/.test(err.message));
  assert.throws(() => game.getOption(NaN), (err) => err instanceof TypeError && /option/.test(err.message));
  assert.equal(game.getOption(M.Option.MAX_ROUNDS), 0);
  game.setOption(M.Option.MAX_ROUNDS, 2147483647);
  assert.equal(game.getOption(M.Option.MAX_ROUNDS), 2147483647);
  game.free();
});

test("search, mcts and playout limits are checked, not cut to 32 or 64 bits", () => {
  const game = Game.parse("modiar/0,0,0,2,4,10/N/18,8/19");
  const cases = [
    [() => game.search({ depth: 2 ** 64 }), RangeError, /depth/],
    [() => game.search({ depth: 0 }), RangeError, /depth/],
    [() => game.search({ depth: 1.5 }), TypeError, /depth/],
    [() => game.search({ nodes: -1 }), RangeError, /nodes/],
    [() => game.search({ nodes: NaN }), TypeError, /nodes/],
    [() => game.search({ timeMs: 2 ** 64 + 4096 }), RangeError, /timeMs/],
    [() => game.mcts({ playouts: 2 ** 64 + 8192 }), RangeError, /playouts/],
    [() => game.mcts({ playouts: 0 }), RangeError, /playouts/],
    [() => game.mcts({ playouts: "10" }), TypeError, /playouts/],
    [() => game.mcts({ seed: 0.5 }), TypeError, /seed/],
    [() => game.playout("1"), TypeError, /seed/],
    [() => new Search(2 ** 32), RangeError, /tableBytes/],
    [() => new Search(-1), RangeError, /tableBytes/],
  ];
  for (const [call, type, name] of cases)
    assert.throws(call, (err) => err instanceof type && name.test(err.message), String(call));
  // A depth past 32 bits is a deep search (depths beyond 128 count as 128),
  // not the depth of its low bits: this endgame is solved exactly.
  const deep = game.search({ depth: 2 ** 32 + 1 });
  assert.equal(deep.exact, true);
  assert.equal(deep.move, 4);
  assert.equal(game.search({ depth: 2n ** 63n - 1n }).exact, true);
  game.free();
});

test("strings with a NUL inside are refused, not cut at it", () => {
  const nul = (err) => err instanceof MancalaError && err.status === Status.E_INVALID && /NUL/.test(err.message);
  assert.throws(() => Game.parse(`${START}\u0000garbage`), nul);
  assert.throws(() => Game.fromRecord(`${START} 0\u0000 junk`), nul);
  assert.throws(() => Game.create("modiar\u0000x"), nul);
  assert.throws(() => Game.parse(42), TypeError);
  assert.throws(() => Game.fromRecord(null), TypeError);
  assert.throws(() => Game.create(["modiar"]), TypeError);
});

test("flags are real booleans: a string or a number is refused, not read by its truthiness", () => {
  const flag = (name) => (err) => err instanceof TypeError && new RegExp(`${name} must be true or false`).test(err.message);
  for (const bad of ["false", "no", 0, 1, null, {}, [], 1n]) {
    assert.throws(() => M.Batch.create("rio-kadalis", 2, { match: bad }), flag("match"), String(bad));
    assert.throws(() => M.Batch.create("rio-kadalis", 2, { stones: bad }), flag("stones"), String(bad));
  }
  const game = Game.create("rio-kadalis");
  for (const bad of ["no", "false", 0, 1, null]) {
    assert.throws(() => (game.repetition = bad), flag("repetition"), String(bad));
    assert.equal(game.getOption(M.Option.REPETITION), 1, `${String(bad)} changed the rule`);
    assert.throws(() => game.returns({ stones: bad }), flag("stones"), String(bad));
    assert.throws(() => game.returns({ match: bad }), flag("match"), String(bad));
  }
  assert.throws(() => (game.repetition = undefined), flag("repetition"));
  game.repetition = false;
  assert.equal(game.getOption(M.Option.REPETITION), 0);
  game.repetition = true;
  assert.equal(game.getOption(M.Option.REPETITION), 1);
  // A table is a Table or absent: 0 or "" is not "no table".
  for (const bad of [0, "", false, {}])
    assert.throws(() => game.search({ depth: 1, table: bad }), (err) => err instanceof TypeError && /table/.test(err.message), String(bad));
  assert.equal(game.search({ depth: 1, table: null }).depth, 1);
  game.free();
  M.Batch.create("rio-kadalis", 2, { match: true, stones: false }).free();
});

test("Table.fromBytes() takes bytes only, and allocates nothing for anything else", () => {
  const memory = M.memoryBytes();
  for (const bad of [1e8, { length: 3e8 }, "MCT", [0x89, 0x4d], null, undefined, new Int8Array(64), new DataView(new ArrayBuffer(64))])
    assert.throws(() => M.Table.fromBytes(bad), (err) => err instanceof TypeError && /Uint8Array or an ArrayBuffer/.test(err.message), String(bad));
  assert.equal(M.memoryBytes(), memory);
  assert.throws(() => M.Table.fromBytes(new ArrayBuffer(72)), { status: Status.E_FORMAT });
});
