// The page's server (web/serve.mjs), started here on a free port of
// 127.0.0.1 and stopped by its PID: files are streamed (a large one is
// never read whole into memory, however many download it at once), HEAD
// is answered, and nothing outside its folders is served.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), "mancala-serve-"));
const big = path.join(dir, "big.table");
const SIZE = 128 * 1024 * 1024; // sparse: no disk, and zeros but for the marks
let server;
let base;

before(async () => {
  const fd = openSync(big, "w");
  writeSync(fd, "HEAD", 0);
  writeSync(fd, "TAIL", SIZE - 4);
  closeSync(fd);
  server = spawn(process.execPath, [path.join(here, "../serve.mjs"), "--port", "0", "--table", big], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = await once(server.stdout, "data");
  base = new URL(String(line).trim());
});
after(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** The server's resident memory in bytes (Linux). */
function rss() {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))[1];
  return Number(kb) * 1024;
}

/** A request with `rawPath` sent as it is (no normalising of `..`); resolves
 *  with the response, its body not read. */
function request(rawPath, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path: rawPath, method, agent: false }, resolve);
    req.on("error", reject);
    req.end();
  });
}

async function body(res) {
  const parts = [];
  for await (const part of res) parts.push(part);
  return Buffer.concat(parts);
}

test("it listens on 127.0.0.1 only", () => {
  assert.equal(base.hostname, "127.0.0.1");
});

test("HEAD answers the headers and the length, and no body", async () => {
  // Raw, to see every byte the server sends.
  const socket = net.connect(Number(base.port), base.hostname);
  socket.write("HEAD /modiar.table HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const raw = (await body(socket)).toString("latin1");
  const [head, rest] = raw.split("\r\n\r\n");
  assert.match(head, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(head, new RegExp(`\r\ncontent-length: ${SIZE}\r\n`, "i"));
  assert.match(head, /\r\ncontent-type: application\/octet-stream\r\n/i);
  assert.equal(rest, "");
  const page = await request("/", "HEAD");
  assert.equal(page.statusCode, 200);
  assert.equal(Number(page.headers["content-length"]), readFileSync(path.join(here, "../index.html")).length);
  assert.equal((await body(page)).length, 0);
});

test("a large file is streamed: four slow downloads hold less than one copy of it", { timeout: 60_000 }, async () => {
  const before = rss();
  const downloads = await Promise.all([1, 2, 3, 4].map(() => request("/modiar.table")));
  for (const res of downloads) {
    assert.equal(res.statusCode, 200);
    assert.equal(Number(res.headers["content-length"]), SIZE);
    res.pause(); // a slow reader: the server must wait, not read ahead
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const held = rss() - before;
  assert.ok(held < SIZE / 2, `the server grew by ${held} bytes for 4 downloads of ${SIZE}`);
  for (const res of downloads.slice(1)) res.destroy();
  const bytes = await body(downloads[0]);
  assert.equal(bytes.length, SIZE);
  assert.equal(bytes.subarray(0, 4).toString(), "HEAD");
  assert.equal(bytes.subarray(SIZE - 4).toString(), "TAIL");
  assert.ok(rss() - before < SIZE / 2, "the server keeps what it sent");
});

test("nothing outside the page's folders is served; other methods are refused", async () => {
  for (const rawPath of [
    "/../doc/RULES.md", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fREADME.md", "/..%5c..%5cREADME.md",
    "/mancala/../../README.md", "/mancala/%2e%2e/%2e%2e/%2e%2e/README.md", "/mancala/..%2f..%2f..%2fmeson.build",
    "//etc/passwd", "/test/page.test.mjs", "/test/", "/serve.mjs", "/node_modules/puppeteer-core/package.json",
    "/mancala/", "/nothing.html", "/%00", "/%zz",
  ]) {
    const res = await request(rawPath);
    assert.ok([400, 404].includes(res.statusCode), `${rawPath}: ${res.statusCode}`);
    assert.ok((await body(res)).length < 20, rawPath);
  }
  const post = await request("/index.html", "POST");
  assert.equal(post.statusCode, 405);
  assert.equal(post.headers.allow, "GET, HEAD");
  await body(post);
  const page = await request("/");
  assert.equal(page.statusCode, 200);
  assert.equal((await body(page)).toString(), readFileSync(path.join(here, "../index.html"), "utf8"));
});
