#!/usr/bin/env bash
# Builds the WebAssembly package if needed and serves the page on
# http://127.0.0.1:8000/ (PORT=... to change). If a solved Modiar table
# is at hand (TABLE=FILE, or modiar.table at the top of the repository,
# made by `mancala solve modiar`), the page offers the perfect player.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f bindings/js/dist/mancala.wasm ] || [ ! -f bindings/js/dist/index.js ]; then
    (cd bindings/js && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && bash build.sh)
fi
table=${TABLE:-modiar.table}
args=(--port "${PORT:-8000}")
[ -f "$table" ] && args+=(--table "$table")
exec node web/serve.mjs "${args[@]}"
