// Serves the page on 127.0.0.1 for local play and the browser tests:
//   node web/serve.mjs [--port N] [--table FILE]
// web/ is the site; /mancala/ is the built package (bindings/js/dist);
// /modiar.table is the solved Modiar table if --table names one;
// /rules.md is the rules (doc/RULES.md), which the page links to.
// Prints "http://127.0.0.1:PORT/" once listening.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
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

const server = createServer(async (req, res) => {
  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = resolve(urlPath);
  try {
    if (!file || req.method !== "GET") throw new Error("not served");
    const body = await readFile(file);
    // The length lets the page show the table's download progress.
    res.writeHead(200, {
      "content-type": types[path.extname(file)] ?? "application/octet-stream",
      "content-length": body.length,
      "cache-control": "no-cache",
    });
    res.end(body);
  } catch {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  }
});
server.listen(port, "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
});
