// Serves the page on 127.0.0.1 for local play and the browser tests:
//   node web/serve.mjs [--port N] [--table FILE]
// web/ is the site; /mancala/ is the built package (bindings/js/dist);
// /modiar.table is the solved Modiar table if --table names one;
// /rules.md is the rules (doc/RULES.md), which rules.html renders.
// Prints "http://127.0.0.1:PORT/" once listening. GET and HEAD; files are
// streamed, so a download holds a chunk of the file, not all of it.
import { createServer } from "node:http";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option("--port") ?? 8000);
const tableFile = option("--table");

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".table": "application/octet-stream",
  ".md": "text/plain; charset=utf-8",
};

function resolve(urlPath) {
  if (urlPath === "/modiar.table") return tableFile ?? null;
  if (urlPath === "/rules.md") return path.join(here, "../doc/RULES.md");
  if (urlPath === "/") urlPath = "/index.html";
  const [base, rel] = urlPath.startsWith("/mancala/")
    ? [path.join(here, "../bindings/js/dist"), urlPath.slice("/mancala/".length)]
    : [here, urlPath.slice(1)];
  const file = path.resolve(base, rel);
  // Nothing outside the two folders, and not the tests or this script.
  if (!file.startsWith(base + path.sep) || /[\\/](test|node_modules)[\\/]|serve\.mjs$/.test(file)) return null;
  return file;
}

/** The file, opened, and its size; null if it is no regular file. Measured
 *  and read through one descriptor: the length sent is that of the bytes
 *  sent, even if the file is replaced meanwhile. */
async function openFile(file) {
  const handle = await open(file).catch(() => null);
  const info = await handle?.stat().catch(() => null);
  if (info?.isFile()) return { handle, size: info.size };
  await handle?.close();
  return null;
}

const server = createServer(async (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = resolve(urlPath);
  const opened = file && (await openFile(file));
  if (!opened) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  const { handle, size } = opened;
  // The length lets the page show the table's download progress.
  res.writeHead(200, {
    "content-type": types[path.extname(file)] ?? "application/octet-stream",
    "content-length": size,
    "cache-control": "no-cache",
  });
  if (req.method === "HEAD" || size === 0) {
    await handle.close();
    res.end();
    return;
  }
  // With backpressure: a slow download holds one chunk, not the file. A
  // download stopped halfway closes the file (autoClose) and is no error.
  pipeline(handle.createReadStream({ end: size - 1 }), res).catch(() => {});
});
server.listen(port, "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
});
