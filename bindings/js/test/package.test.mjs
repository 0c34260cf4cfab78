// The package as users get it: `npm pack`, installed into a fresh folder
// outside the source tree, imported by name from an ES module; a game
// replayed there ends with the native library's hash for the same moves.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { nativeProgram, root } from "./common.mjs";

const pkg = path.join(root, "bindings/js");
const dir = mkdtempSync(path.join(tmpdir(), "mancala-js-pack-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("package version is the library's (meson.build)", () => {
  const meson = readFileSync(path.join(root, "meson.build"), "utf8");
  const version = /^\s*version: '([0-9.]+)',$/m.exec(meson)[1];
  assert.equal(JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")).version, version);
});

// 1.3 raised the budget from 64 KB (32 KB gzipped) to 84 KB (41 KB) for
// the learning interface (8.3 KB), record tags (2.3 KB), the narration of
// a move (1.3 KB), cancellable searches and strength levels (1.3 KB), the
// faster batch and the calibrated ladders (1.5 KB); the laps on SIMD
// vectors and the observation in registers 1.3 KB more: 83,532 bytes,
// 40,993 gzipped; 82,926 and 41,028 later (doc/javascript.md). 1.4 raised
// it to 85 KB (42 KB) for the rules' facts, the round helpers and the
// result in words (1,969 bytes: 86,498, 42,331 gzipped), then to 88 KB
// (43 KB) for positions into batches, resets by mask, their two options
// and the busy status (2,668 bytes: 89,166, 43,422 gzipped), then to 89 KB
// for reading tables of format 3 (two-byte entries, hi computed from the
// moves), the one set of positions and the search's table reach (1,232
// bytes: 90,459, 44,019 gzipped), and to 44 KB gzipped for a batch's
// window of positions (369 bytes: 90,828, 44,210 gzipped).
test("size budget: .wasm <= 89 KB (gzip <= 44 KB), glue + wrapper <= 40 KB", () => {
  const wasm = readFileSync(path.join(pkg, "dist/mancala.wasm"));
  assert.ok(wasm.length <= 89 * 1024, `mancala.wasm is ${wasm.length} bytes`);
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  assert.ok(gzipped <= 44 * 1024, `mancala.wasm is ${gzipped} bytes gzipped`);
  const js = statSync(path.join(pkg, "dist/mancala.mjs")).size + statSync(path.join(pkg, "dist/index.js")).size;
  assert.ok(js <= 40 * 1024, `glue and wrapper are ${js} bytes`);
});

test("npm pack, install elsewhere, import, replay a native game", { timeout: 120_000 }, () => {
  const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });
  const tarball = path.join(dir, npm(["pack", "--pack-destination", dir], pkg).trim().split("\n").pop());
  const listing = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean).sort();
  assert.deepEqual(listing, ["package/LICENSE", "package/README.md", "package/dist/index.d.ts", "package/dist/index.js", "package/dist/mancala.mjs", "package/dist/mancala.wasm", "package/package.json"]);
  const app = path.join(dir, "app");
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  npm(["install", "--offline", tarball], app);
  assert.equal(readFileSync(path.join(app, "node_modules/libmancala/LICENSE"), "utf8"), readFileSync(path.join(root, "LICENSE"), "utf8"));

  // The native game: the first Rio Kadalis match of the trace program.
  const trace = nativeProgram("MANCALA_TRACE", "bindings/python/tests/mancala-py-trace");
  const lines = execFileSync(trace, ["99", "1"], { encoding: "utf8" }).split("\n");
  const start = lines.findIndex((l) => l.startsWith("G\trio-kadalis\t"));
  const end = lines.indexOf("E", start);
  // Up to its last position (a last round change may follow it).
  const game = lines.slice(start, end);
  game.splice(game.findLastIndex((l) => l[0] === "S") + 1);
  const moves = game.filter((l) => l[0] === "M" || l[0] === "R").map((l) => (l[0] === "R" ? "R" : +l.split("\t")[1]));
  const lastState = game.filter((l) => l[0] === "S").pop().split("\t");
  writeFileSync(
    path.join(app, "main.mjs"),
    `import initMancala from "libmancala";
const { Game } = await initMancala();
const game = Game.create("rio-kadalis");
for (const move of ${JSON.stringify(moves)}) move === "R" ? game.nextRound() : game.play(move);
console.log(game.position + " " + game.hash.toString(16).padStart(16, "0"));
game.free();
`,
  );
  const out = execFileSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" }).trim();
  assert.equal(out, `${lastState[1]} ${lastState[3]}`);

  // The types, as a TypeScript program sees them under common settings:
  // no esnext library, no skipLibCheck (1.2's needed both: TS2550 on
  // Symbol.dispose); and `using` where the library has Symbol.dispose.
  const tsc = path.join(pkg, "node_modules/typescript/bin/tsc");
  writeFileSync(
    path.join(app, "main.ts"),
    `import initMancala, { type SearchResult, type Result } from "libmancala";
const { Game, Batch, IllegalMoveError, DRAW } = await initMancala();
const game = Game.create("rio-kadalis");
game.play(0);
const words: string = game.describeLastMove();
const found: SearchResult = game.search({ depth: 2 });
const result: Result | null = game.result;
const batch = Batch.create("modiar", 2);
let refused: [number | undefined, number | undefined, number] = [undefined, undefined, 0];
try {
  batch.step([0, 0]);
} catch (e) {
  if (e instanceof IllegalMoveError) refused = [e.game, e.action, e.pit];
}
export const summary = [words, found.bestMove, result === DRAW, refused];
game.free();
batch.free();
`,
  );
  writeFileSync(
    path.join(app, "dispose.ts"),
    `import initMancala from "libmancala";
const { Game } = await initMancala();
{
  using game = Game.create("modiar");
  game.play(0);
}
`,
  );
  const settings = [
    { target: "es2020", files: ["main.ts"] },
    { target: "es2022", files: ["main.ts"] },
    { target: "es2022", lib: ["es2022", "esnext.disposable"], files: ["main.ts", "dispose.ts"] },
  ];
  for (const { files, ...options } of settings) {
    const config = { compilerOptions: { ...options, module: "nodenext", strict: true, noEmit: true }, files };
    writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify(config));
    try {
      execFileSync(process.execPath, [tsc, "-p", "."], { cwd: app, encoding: "utf8" });
    } catch (err) {
      assert.fail(`tsc ${JSON.stringify(config)}:\n${err.stdout}`);
    }
  }
});
