// Shared by the test files: the module, loaded once, and the repository.
import { fileURLToPath } from "node:url";
import path from "node:path";
import initMancala from "../dist/index.js";

export const M = await initMancala();
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A native program built by Meson: $VAR, else the usual build folder. */
export function nativeProgram(envVar, relative) {
  const chosen = process.env[envVar] || path.join(root, process.env.MANCALA_BUILDDIR || "build", relative);
  return chosen;
}
