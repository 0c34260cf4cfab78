/**
 * libmancala for JavaScript: the C library compiled to WebAssembly, with a
 * typed API shaped like the Python binding.
 *
 * One asynchronous call loads the module ({@link initMancala}); everything
 * after it is synchronous. Handles (games, searches, tables) live in the
 * module's memory: free them with `free()` (or `using`); a
 * FinalizationRegistry frees forgotten ones eventually. A freed handle
 * throws on every use.
 *
 * SPDX-License-Identifier: MIT
 */

// @ts-ignore -- the emscripten glue has no types; its shape is `Wasm` below.
import createMancalaModule from "./mancala.mjs";

/** The emscripten module: the exported C functions and the memory views. */
interface Wasm {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPF32: Float32Array;
  [name: `_mancala_${string}`]: (...args: any[]) => any;
  _malloc(size: number): number;
  _free(ptr: number): void;
}

declare const process: any;

let wasm: Wasm | null = null;
let loading: Promise<Mancala> | null = null;

/** Options of {@link initMancala}, as emscripten takes them. */
export interface InitOptions {
  /** Where a file of the package lives: gets "mancala.wasm" and the
   *  folder of the glue, returns the URL to fetch. */
  locateFile?: (file: string, prefix: string) => string;
  /** The bytes of mancala.wasm, to skip fetching it. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** What {@link initMancala} resolves to: the API in one object. */
export interface Mancala {
  Game: typeof Game;
  /** Every rules name the library knows. */
  RULES: typeof RULES;
  rulesInfo: typeof rulesInfo;
  roundOpenPits: typeof roundOpenPits;
  roundClosedPits: typeof roundClosedPits;
  roundTableName: typeof roundTableName;
  RulesFact: typeof RulesFact;
  BatchOption: typeof BatchOption;
  SOUTH: typeof SOUTH;
  NORTH: typeof NORTH;
  DRAW: typeof DRAW;
  Batch: typeof Batch;
  Autoreset: typeof Autoreset;
  Restart: typeof Restart;
  EndedMask: typeof EndedMask;
  Search: typeof Search;
  /** The same as Search (Python's name). */
  Searcher: typeof Search;
  Table: typeof Table;
  MancalaError: typeof MancalaError;
  IllegalMoveError: typeof IllegalMoveError;
  Status: typeof Status;
  Option: typeof Option;
  MatchRepetition: typeof MatchRepetition;
  /** Bytes of WebAssembly memory in use (it grows, never shrinks). */
  memoryBytes(): number;
  /** The C library's version string, e.g. "1.2.1". */
  version: string;
  strerror: typeof strerror;
}

/**
 * Loads the WebAssembly module once; later calls return the same promise.
 * In a browser the .wasm is fetched next to the glue (or where `locateFile`
 * says); in Node it is read from the package folder.
 */
export default function initMancala(options: InitOptions = {}): Promise<Mancala> {
  if (!loading) {
    loading = load(options).catch((err) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}
export { initMancala };

async function load(options: InitOptions): Promise<Mancala> {
  const settings: Record<string, unknown> = { ...options };
  const isNode = typeof process === "object" && !!(process as any).versions?.node;
  if (isNode && !settings.wasmBinary) {
    // Emscripten's web build cannot fetch a file: URL in Node; read it.
    const fs = "node:fs/promises";
    const { readFile } = await import(/* @vite-ignore */ fs);
    const url = options.locateFile
      ? options.locateFile("mancala.wasm", "")
      : new URL("./mancala.wasm", import.meta.url);
    settings.wasmBinary = await readFile(url);
  }
  wasm = (await createMancalaModule(settings)) as Wasm;
  scratch = wasm._malloc(SCRATCH_BYTES);
  // Emscripten's export wrappers replace themselves with the WebAssembly
  // functions on their first call: make that call (with a NULL game, which
  // the library refuses) for the per-ply ones, then keep direct references.
  fast.legalMoves = resolved("_mancala_legal_moves", () => wasm!._mancala_legal_moves(0, 0, 0));
  fast.play = resolved("_mancala_play", () => wasm!._mancala_play(0, 0));
  fast.clone = resolved("_mancala_clone", () => wasm!._mancala_clone(0, 0));
  fast.free = resolved("_mancala_free", () => wasm!._mancala_free(0));
  const names = RULES as string[];
  names.length = 0;
  for (let i = 0, count = wasm._mancala_rules_count(); i < count; i++)
    names.push(cString(wasm._mancala_rules_name(i)));
  return {
    Game,
    RULES,
    rulesInfo,
    roundOpenPits,
    roundClosedPits,
    roundTableName,
    RulesFact,
    BatchOption,
    SOUTH,
    NORTH,
    DRAW,
    Batch,
    Autoreset,
    Restart,
    EndedMask,
    Search,
    Searcher: Search,
    Table,
    MancalaError,
    IllegalMoveError,
    Status,
    Option,
    MatchRepetition,
    memoryBytes: () => lib().HEAPU8.length,
    version: cString(wasm._mancala_version_string()),
    strerror,
  };
}

const fast = {
  legalMoves: null as unknown as (game: number, moves: number, cap: number) => number,
  play: null as unknown as (game: number, pit: number) => number,
  clone: null as unknown as (out: number, game: number) => number,
  free: null as unknown as (game: number) => void,
};

function resolved(name: `_mancala_${string}`, firstCall: () => void): any {
  firstCall();
  return wasm![name];
}

function lib(): Wasm {
  if (!wasm) throw new Error("libmancala: call and await initMancala() first");
  return wasm;
}

// ---- memory: strings and integers in the heap ----------------------------
// One scratch area for small outputs (pointers, move lists, scores); every
// call is synchronous, so no two uses overlap. HEAP views are read afresh
// after each call, because growing the memory detaches the old ones.

const SCRATCH_BYTES = 256;
let scratch = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function cString(ptr: number): string {
  const heap = lib().HEAPU8;
  let end = ptr;
  while (heap[end]) end++;
  return decoder.decode(heap.subarray(ptr, end));
}

/** Calls `fn` with `text` as a NUL-terminated string in the heap; `what`
 *  names the argument. A NUL inside would cut the string short in C: refused. */
function withString<T>(text: string, what: string, fn: (ptr: number) => T): T {
  if (typeof text !== "string") throw new TypeError(`${what} must be a string, not ${typeName(text)}`);
  if (text.includes("\0")) throw new MancalaError(Status.E_INVALID, `${what} contains a NUL character`);
  const bytes = encoder.encode(text);
  const m = lib();
  const ptr = m._malloc(bytes.length + 1);
  if (!ptr) throw new MancalaError(-2);
  try {
    m.HEAPU8.set(bytes, ptr);
    m.HEAPU8[ptr + bytes.length] = 0;
    return fn(ptr);
  } finally {
    m._free(ptr);
  }
}

/** A text the library writes as snprintf() does (`write(buf, size)`
 *  returns its whole length): asked for its length, then written. */
function writtenText(write: (buf: number, size: number) => number, what: string): string {
  const m = lib();
  const size = check(write(0, 0), what) + 1;
  const buf = m._malloc(size);
  if (!buf) throw new MancalaError(Status.E_NOMEM);
  try {
    check(write(buf, size), what);
    return cString(buf);
  } finally {
    m._free(buf);
  }
}

// ---- arguments -----------------------------------------------------------
// Numbers are checked before they reach C, whose int and int64_t would cut
// them (2**32 + 1 becomes 1): TypeError for what is no integer, RangeError
// outside the range, each naming the argument, as the Python binding does.

const INT32_MAX = 2 ** 31 - 1;
const INT64_MAX = 2n ** 63n - 1n;

function typeName(value: unknown): string {
  return value === null ? "null" : typeof value === "number" ? String(value) : typeof value;
}

/** An integer argument (a number or a bigint) from `low` to `high`. */
function integer(value: unknown, name: string, low: bigint, high: bigint): bigint {
  if (typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value))) {
    const n = BigInt(value);
    if (n < low || n > high) throw new RangeError(`${name} must be from ${low} to ${high}, not ${value}`);
    return n;
  }
  throw new TypeError(`${name} must be an integer, not ${typeName(value)}`);
}

/** A flag: true or false only. A string ("false", "no") or a number would
 *  be read by its truthiness, and turn on what it says off (Python raises
 *  TypeError too). */
function flag(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") throw new TypeError(`${name} must be true or false, not ${typeName(value)}`);
  return value;
}

/** An argument for a C int. */
function int32(value: unknown, name: string, low = -INT32_MAX - 1, high = INT32_MAX): number {
  return Number(integer(value, name, BigInt(low), BigInt(high)));
}

/** A seed: any integer, taken modulo 2**64 (as the Python binding does). */
function seed64(value: unknown): bigint {
  if (typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value)))
    return BigInt.asUintN(64, BigInt(value));
  throw new TypeError(`seed must be an integer, not ${typeName(value)}`);
}

function int32At(ptr: number, index = 0): number {
  return lib().HEAP32[(ptr >> 2) + index];
}

function int32s(ptr: number, count: number): number[] {
  const heap = lib().HEAP32;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = heap[(ptr >> 2) + i];
  return out;
}

// ---- errors --------------------------------------------------------------

/** Names of the library's status codes (enum mancala_status), by value. */
export const Status = {
  OK: 0, E_INVALID: -1, E_NOMEM: -2, E_RULES: -3, E_PARSE: -4, E_RANGE: -5,
  E_NOSPACE: -6, E_OVER: -7, E_NOT_OVER: -8, E_NO_HISTORY: -9, E_STATE: -10,
  E_UNSUPPORTED: -11, E_MATCH_OVER: -12, E_NOT_YOURS: -13, E_CLOSED: -14,
  E_EMPTY: -15, E_SINGLETON: -16, E_GRAND_SLAM: -17, E_MUST_FEED: -18,
  E_ENDLESS: -19, E_OPTION: -20, E_IO: -21, E_FORMAT: -22, E_CANCELLED: -23,
  E_BUSY: -24, E_LIMIT: -25, E_VERSION: -26,
} as const;

/** The library's text for a status code (`mancala_strerror`). */
export function strerror(status: number): string {
  return cString(lib()._mancala_strerror(status));
}

/**
 * An error from the library: `status` is its negative code (see
 * {@link Status}), `message` its reason, with what was asked for.
 */
export class MancalaError extends Error {
  readonly status: number;
  constructor(status: number, message?: string) {
    super(message ?? (wasm ? strerror(status) : `libmancala error ${status}`));
    this.name = "MancalaError";
    this.status = status;
  }
}

/** Illegal moves: `pit` is the refused move, `message` says why. From
 *  {@link Batch.step}, `game` is the first game refusing and `action` its
 *  action (relative to the mover; `pit` is the pit it stands for);
 *  elsewhere both are undefined. */
export class IllegalMoveError extends MancalaError {
  readonly pit: number;
  readonly game?: number;
  readonly action?: number;
  constructor(status: number, pit: number, batch?: { game: number; action: number; reason: string }) {
    super(status, batch ? batch.reason : `${strerror(status)} (pit ${pit})`);
    this.name = "IllegalMoveError";
    this.pit = pit;
    if (batch) {
      this.game = batch.game;
      this.action = batch.action;
    }
  }
}

function check(status: number, what?: string): number {
  if (status < 0) throw new MancalaError(status, what ? `${what}: ${strerror(status)}` : undefined);
  return status;
}

// ---- handles -------------------------------------------------------------

/** The part of a FinalizationRegistry a handle uses: named here so that
 *  the declarations compile without the ES2021 library. */
interface Releaser {
  register(target: object, ptr: number, token: object): void;
  unregister(token: object): void;
}

/** A FinalizationRegistry per kind of handle, holding the bare pointer
 *  (no closure per handle: games are made and freed by the million). */
function registry(release: (ptr: number) => void): Releaser | null {
  return typeof FinalizationRegistry === "function" ? new FinalizationRegistry<number>(release) : null;
}
const disposeSymbol: symbol = (Symbol as any).dispose ?? Symbol.for("Symbol.dispose");

/** `Symbol.dispose` where the TypeScript library declares it (lib
 *  esnext.disposable, or es2025), else nothing: the declarations then
 *  compile under the common settings (target es2020 or es2022) too. */
type DisposeKey = SymbolConstructor extends { readonly dispose: infer K extends symbol } ? K : never;
/** `[Symbol.dispose](): void` (for `using`) where the library has it. */
export type Disposer = { [K in DisposeKey]: () => void };

/** A C handle: freed once, by free() or by the FinalizationRegistry. */
abstract class Handle {
  #ptr: number;
  #what: string;
  #registry: Releaser | null;
  protected constructor(ptr: number, what: string, registry: Releaser | null) {
    this.#ptr = ptr;
    this.#what = what;
    this.#registry = registry;
    registry?.register(this, ptr, this);
  }
  /** The C pointer; throws once the handle was freed. */
  protected get ptr(): number {
    if (!this.#ptr) throw new MancalaError(Status.E_INVALID, `this ${this.#what} was freed`);
    return this.#ptr;
  }
  /** True once free() was called. */
  get freed(): boolean {
    return this.#ptr === 0;
  }
  /** Frees the C handle now. A second call does nothing. */
  free(): void {
    if (!this.#ptr) return;
    this.#registry?.unregister(this);
    this.release(this.#ptr);
    this.#ptr = 0;
  }
  /** free(), the name Python's binding uses. */
  close(): void {
    this.free();
  }
  protected abstract release(ptr: number): void;
  /** What the handle holds, for toJSON(): the rules and position of a game. */
  protected abstract summary(): Record<string, unknown>;
  /** The handle as JSON shows it (and console.log, after the class name):
   *  e.g. `{rules: "modiar", position: "modiar/7,7,7,7,7,7/S/0,0/0"}`;
   *  `{freed: true}` once freed. */
  toJSON(): Record<string, unknown> {
    return this.#ptr ? this.summary() : { freed: true };
  }
  /** The class name and toJSON(), e.g. `Batch {"rules":"modiar","size":3}`. */
  toString(): string {
    return `${this.className} ${JSON.stringify(this.toJSON())}`;
  }
  /** "Game", ...: from the name its errors use, as the minifier renames
   *  classes. */
  protected get className(): string {
    return this.#what[0].toUpperCase() + this.#what.slice(1);
  }
}
/** free(), for `using` (set on the prototype below, also where the
 *  runtime has no Symbol.dispose yet). */
interface Handle extends Disposer {}
(Handle.prototype as any)[disposeSymbol] = function (this: Handle) {
  this.free();
};
/** console.log() in Node: `Game { rules: 'modiar', position: '...' }`. Node
 *  finds this by its registered symbol, so the browser build imports no
 *  Node module. */
(Handle.prototype as any)[Symbol.for("nodejs.util.inspect.custom")] = function (
  this: Handle, depth: number, options: unknown, inspect?: (value: unknown, options: unknown) => string) {
  const name = (this as any).className;
  if (depth < 0) return `[${name}]`;
  return `${name} ${inspect ? inspect(this.toJSON(), options) : JSON.stringify(this.toJSON())}`;
};

// ---- games ---------------------------------------------------------------

/** South moves first; pits 0..n-1 are South's. */
export const SOUTH = 0;
export const NORTH = 1;
/** Value of `winner` and `matchWinner` for a draw. */
export const DRAW = 2;

export type Player = 0 | 1;
/** A result: SOUTH, NORTH or DRAW (the same numbers as Python's Result). */
export type Result = 0 | 1 | 2;

/** Every rules name the library knows (Python: mancala.RULES), from
 *  mancala_rules_name(): filled in when the module is loaded. */
export const RULES: readonly string[] = [];

/** The facts mancala_rules_info() gives (enum mancala_rules_fact). */
export const RulesFact = {
  HOLES: 1, STONES: 2, CLOCKWISE: 3, ROUNDS: 4, FIRST_MOVE_FORFEITS: 5, TABLE_STONES: 6,
  DEFAULT_TABLE_STONES: 7,
} as const;

/** The facts of a rules set ({@link rulesInfo}). */
export interface RulesInfo {
  /** The game in words: "Modiar" or "Rio Kadalis". */
  title: string;
  /** Pits per row. */
  holes: number;
  /** Stones in each pit at the start. */
  stones: number;
  clockwise: boolean;
  /** A match of rounds, with closed pits and banks (Rio Kadalis). */
  rounds: boolean;
  /** The game's first move captures nothing (Modiar rule 4). */
  firstMoveForfeits: boolean;
  /** The most stones a solved table of the board with every pit open covers. */
  tableStones: number;
  /** The stones such a table covers unless told otherwise. */
  defaultTableStones: number;
}

/** The facts of the named rules (mancala_rules_info()).
 *  @throws MancalaError E_RULES for an unknown name. */
export function rulesInfo(rules: string): RulesInfo {
  return withString(rules, "rules", (r) => {
    const m = lib();
    const fact = (what: number) => check(m._mancala_rules_info(r, what), `rules ${JSON.stringify(rules)}`);
    const holes = fact(RulesFact.HOLES); // E_RULES for an unknown name
    return {
      title: cString(m._mancala_rules_title(r)),
      holes,
      stones: fact(RulesFact.STONES),
      clockwise: fact(RulesFact.CLOCKWISE) === 1,
      rounds: fact(RulesFact.ROUNDS) === 1,
      firstMoveForfeits: fact(RulesFact.FIRST_MOVE_FORFEITS) === 1,
      tableStones: fact(RulesFact.TABLE_STONES),
      defaultTableStones: fact(RulesFact.DEFAULT_TABLE_STONES),
    };
  });
}

/** The pits a player holding `stones` opens for the next round of a match:
 *  one for each four, at most a row's (mancala_round_open_pits()).
 *  @throws MancalaError E_UNSUPPORTED for rules without rounds. */
export function roundOpenPits(rules: string, stones: number): number {
  const s = int32(stones, "stones", 0);
  return withString(rules, "rules", (r) => check(lib()._mancala_round_open_pits(r, s), "round open pits"));
}

/** The closed pits of a round where South has its `southOpen`
 *  highest-numbered pits open and North its `northOpen`, ascending
 *  (mancala_round_closed_pits()). */
export function roundClosedPits(rules: string, southOpen: number, northOpen: number): number[] {
  const ks = int32(southOpen, "southOpen", 1, 6), kn = int32(northOpen, "northOpen", 1, 6);
  const mask = withString(rules, "rules", (r) => check(lib()._mancala_round_closed_pits(r, ks, kn), "round closed pits"));
  const pits: number[] = [];
  for (let p = 0; p < 12; p++) if (mask >> p & 1) pits.push(p);
  return pits;
}

/** The file name of such a round's table, `RULES-open-KS-KN.table`
 *  (mancala_round_table_name()). */
export function roundTableName(rules: string, southOpen: number, northOpen: number): string {
  const ks = int32(southOpen, "southOpen", 1, 6), kn = int32(northOpen, "northOpen", 1, 6);
  return withString(rules, "rules", (r) =>
    writtenText((buf, size) => lib()._mancala_round_table_name(r, ks, kn, buf, size), "round table name"));
}
export type EndReason = "none" | "no-moves" | "repetition";
/** Why a match ended (enum mancala_match_end): "game" for Modiar, whose
 *  game is the whole match; "stones", a player has fewer than 4; "repetition",
 *  its rounds keep starting alike (the player holding more stones wins, see
 *  {@link MatchRepetition}); "rounds", the round limit. */
export type MatchEndReason = "none" | "game" | "stones" | "repetition" | "rounds";

/** Options (enum mancala_option). Numbers the library does not know are
 *  passed through to it by setOption(), which reports E_OPTION. */
export const Option = { REPETITION: 1, MATCH_REPETITION: 2, MAX_ROUNDS: 3 } as const;

/** Values of Option.MATCH_REPETITION (enum mancala_match_repetition): what
 *  a match that keeps repeating does. OFF: it goes on; MORE_STONES (the
 *  default): it ends and the player holding more stones wins, a draw if
 *  equal; DRAW: it ends as a draw whatever the stones (1.2's reading, whose
 *  1 meant this). */
export const MatchRepetition = { OFF: 0, MORE_STONES: 1, DRAW: 2 } as const;

export type EventKind = "lap" | "sow" | "capture" | "binikh" | "forfeit";
const eventKinds: EventKind[] = ["lap", "lap", "sow", "capture", "binikh", "forfeit"];

/** One step of a move, in order, for an animation (mancala_event). */
export interface MoveEvent {
  /** lap: stones lifted from `pit` by `player`; sow: one stone into `pit`,
   *  which then holds `stones`; capture: `stones` taken from `pit` by
   *  `player`; binikh: the last stone made 4 in `pit`, taken by `player`;
   *  forfeit: the first-move capture of `stones` in `pit` was forfeited. */
  kind: EventKind;
  /** The C enum value (1 lap, 2 sow, 3 capture, 4 binikh, 5 forfeit). */
  code: number;
  pit: number;
  stones: number;
  player: number;
}

function freeGame(ptr: number): void {
  if (wasm) fast.free(ptr);
}
const gameRegistry = registry(freeGame);

/** A game of Modiar or a Rio Kadalis match (a `mancala_game`). */
export class Game extends Handle {
  private constructor(ptr: number) {
    super(ptr, "game", gameRegistry);
  }
  protected release(ptr: number): void {
    freeGame(ptr);
  }

  /** A new game at the start position. `rules`: one of {@link RULES}.
   *  @throws MancalaError E_RULES naming the valid rules. */
  static create(rules = "modiar"): Game {
    const m = lib();
    const status = withString(rules, "rules", (r) => m._mancala_new(scratch, r));
    if (status === Status.E_RULES)
      throw new MancalaError(status, `unknown rules ${JSON.stringify(String(rules))} (expected ${RULES.slice(0, -1).join(", ")} or ${RULES[RULES.length - 1]})`);
    check(status, "new game");
    return new Game(int32At(scratch));
  }

  /** A game from a position string; throws a MancalaError whose message is
   *  the library's reason (which field is wrong). */
  static parse(position: string): Game {
    return Game.parsed(position, "position", (p, err, len) => lib()._mancala_parse(scratch, p, err, len));
  }

  /** Restores a game from a match record (`record`): the position, the
   *  round, the undo history and both repetition rules' memory.
   *  @throws MancalaError carrying the reason (which word is wrong). */
  static fromRecord(record: string): Game {
    return Game.parsed(record, "record", (p, err, len) => lib()._mancala_parse_record(scratch, p, err, len));
  }

  private static parsed(text: string, what: string, parse: (p: number, err: number, len: number) => number): Game {
    const m = lib();
    const errlen = 256; // MANCALA_REASON_MAX
    if (typeof text !== "string") throw new TypeError(`${what} must be a string, not ${typeName(text)}`);
    const errbuf = m._malloc(errlen);
    try {
      m.HEAPU8[errbuf] = 0;
      const status = withString(text, what, (p) => parse(p, errbuf, errlen));
      if (status < 0) throw new MancalaError(status, cString(errbuf) || strerror(status));
      return new Game(int32At(scratch));
    } finally {
      m._free(errbuf);
    }
  }

  /** The match record: one line with the start position, the options not
   *  at their default, the tags and every move of every round (`|` between
   *  rounds); Game.fromRecord() restores it exactly. */
  get record(): string {
    return writtenText((buf, size) => lib()._mancala_format_record(this.ptr, buf, size), "record");
  }

  /** An independent copy (history, options and all), as Python's copy(). */
  copy(): Game {
    return this.clone();
  }
  /** The game's tags, free information the record carries (like the
   *  headers of a chess PGN file), as a new object in their order. */
  get tags(): Record<string, string> {
    const m = lib();
    const out: Record<string, string> = {};
    const count = check(m._mancala_tag_count(this.ptr), "tags");
    for (let i = 0; i < count; i++) {
      const key = m._mancala_tag_key(this.ptr, i);
      out[cString(key)] = cString(m._mancala_tag_get(this.ptr, key));
    }
    return out;
  }
  /** One tag's value, or null if the game has no such tag. */
  tag(key: string): string | null {
    if (typeof key === "string" && key.includes("\0")) return null; // no key has one
    const value = withString(key, "tag key", (k) => lib()._mancala_tag_get(this.ptr, k));
    return value ? cString(value) : null;
  }
  /** Sets (or, with null, removes) a tag. A key is 1 to 32 characters, a
   *  letter then letters, digits, `-` or `_`; a value is text of at most
   *  255 bytes in UTF-8 without control characters; at most 32 tags
   *  (RULES.md, "Match records").
   *  @throws TypeError for a key or value that is not a string (or null);
   *  MancalaError E_INVALID for one not as above, E_LIMIT for a 33rd tag. */
  setTag(key: string, value: string | null): this {
    // A lone surrogate would become U+FFFD in UTF-8: refused, not changed.
    if (typeof value === "string" && decoder.decode(encoder.encode(value)) !== value)
      throw new MancalaError(Status.E_INVALID, `tag ${key}: ${strerror(Status.E_INVALID)}`);
    const set = (k: number, v: number) => check(lib()._mancala_tag_set(this.ptr, k, v), `tag ${key}`);
    withString(key, "tag key", (k) =>
      value === null ? set(k, 0) : withString(value, "tag value", (v) => set(k, v)));
    return this;
  }

  /** The same as copy() (the C library's name). */
  clone(): Game {
    const status = fast.clone(scratch, this.ptr);
    if (status < 0) check(status, "clone");
    return new Game(wasm!.HEAP32[scratch >> 2]);
  }

  /** The position in notation, e.g. "modiar/7,7,7,7,7,7/S/0,0/0". */
  get position(): string {
    const m = lib();
    const size = 128;
    const buf = m._malloc(size);
    try {
      const n = check(m._mancala_format(this.ptr, buf, size), "format");
      if (n >= size) throw new MancalaError(Status.E_NOSPACE);
      return cString(buf);
    } finally {
      m._free(buf);
    }
  }
  /** The position (as `position`). */
  toString(): string {
    return this.position;
  }
  protected summary(): Record<string, unknown> {
    return { rules: this.rules, position: this.position };
  }

  get rules(): string {
    return cString(lib()._mancala_rules(this.ptr));
  }
  /** Pits on the board (2n). */
  get numPits(): number {
    return check(lib()._mancala_num_pits(this.ptr));
  }
  /** Stones in each pit, pit 0 first (0 for a closed pit). */
  get pits(): number[] {
    const m = lib();
    const g = this.ptr;
    const n = m._mancala_num_pits(g);
    const out: number[] = [];
    for (let p = 0; p < n; p++) out.push(m._mancala_pit(g, p));
    return out;
  }
  /** The numbers of the closed pits (Rio Kadalis rounds after the first). */
  get closedPits(): number[] {
    const m = lib();
    const g = this.ptr;
    const n = m._mancala_num_pits(g);
    const out: number[] = [];
    for (let p = 0; p < n; p++) if (m._mancala_pit_closed(g, p) > 0) out.push(p);
    return out;
  }
  /** Stones captured in this game or round: [South, North]. */
  get captured(): [number, number] {
    const m = lib();
    return [m._mancala_captured(this.ptr, 0), m._mancala_captured(this.ptr, 1)];
  }
  /** Rio Kadalis banks (stones off the board, still theirs): [South, North]. */
  get banks(): [number, number] {
    const m = lib();
    return [m._mancala_bank(this.ptr, 0), m._mancala_bank(this.ptr, 1)];
  }
  /** Scores: [South, North] (captures, plus the stones on each side when
   *  the game or round is over, plus banks). */
  get scores(): [number, number] {
    const m = lib();
    return [m._mancala_score(this.ptr, 0), m._mancala_score(this.ptr, 1)];
  }
  get toMove(): Player {
    return check(lib()._mancala_to_move(this.ptr)) as Player;
  }
  /** Moves played in this game or round. */
  get ply(): number {
    return check(lib()._mancala_ply(this.ptr));
  }
  get over(): boolean {
    return check(lib()._mancala_is_over(this.ptr)) !== 0;
  }
  get endReason(): EndReason {
    const r = check(lib()._mancala_end_reason(this.ptr));
    return (["none", "no-moves", "repetition"][r] ?? "none") as EndReason;
  }
  /** SOUTH, NORTH or DRAW once over; null while the game goes on. */
  get winner(): number | null {
    const w = lib()._mancala_winner(this.ptr);
    return w < 0 ? null : w;
  }
  /** The result once the game or round is over: SOUTH, NORTH or DRAW;
   *  null while it goes on. Python's `result` says the same. */
  get result(): Result | null {
    return this.winner as Result | null;
  }
  /** Zobrist hash of the position, as the C library computes it. */
  get hash(): bigint {
    return BigInt.asUintN(64, BigInt(lib()._mancala_hash(this.ptr)));
  }
  /** The same as `hash` (Python's name: position_hash). */
  get positionHash(): bigint {
    return this.hash;
  }

  /** The legal moves (pit numbers), ascending; empty when over. */
  get legalMoves(): number[] {
    const n = fast.legalMoves(this.ptr, scratch, 12);
    if (n < 0) check(n, "legal moves");
    const heap = wasm!.HEAP32;
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = heap[(scratch >> 2) + i];
    return out;
  }

  /** The moves played in this game or round, oldest first. */
  get history(): number[] {
    const m = lib();
    const n = check(m._mancala_history_length(this.ptr));
    if (!n) return [];
    const buf = m._malloc(n * 4);
    try {
      const got = check(m._mancala_history(this.ptr, buf, n), "history");
      return int32s(buf, Math.min(got, n));
    } finally {
      m._free(buf);
    }
  }

  /** Plays the move from `pit`. Throws an IllegalMoveError saying why a move
   *  is refused (the game is left as it was). */
  play(pit: number): this {
    const g = this.ptr;
    if (typeof pit !== "number" || !Number.isInteger(pit))
      throw new TypeError(`pit must be an integer, not ${typeName(pit)}`);
    // A number no C int holds is no pit of any board, as C says of 99.
    const status = Math.abs(pit) <= INT32_MAX ? fast.play(g, pit) : Status.E_RANGE;
    if (status < 0) {
      if (status === Status.E_INVALID || status === Status.E_NOMEM) check(status, "play");
      throw new IllegalMoveError(status, pit);
    }
    return this;
  }

  /** Takes back the last move of this game or round. */
  undo(): this {
    check(lib()._mancala_undo(this.ptr), "undo");
    return this;
  }

  /** What the last move did, step by step (for an animation). */
  get lastMoveEvents(): MoveEvent[] {
    const m = lib();
    const g = this.ptr;
    const count = m._mancala_last_move_events(g, 0, 0);
    if (count === Status.E_NO_HISTORY) return [];
    check(count, "last move events");
    const buf = m._malloc(count * 16 || 16);
    try {
      const got = check(m._mancala_last_move_events(g, buf, count));
      const raw = int32s(buf, Math.min(got, count) * 4);
      const out: MoveEvent[] = [];
      for (let i = 0; i < raw.length; i += 4) {
        const code = raw[i];
        out.push({ kind: eventKinds[code] ?? "lap", code, pit: raw[i + 1], stones: raw[i + 2], player: raw[i + 3] });
      }
      return out;
    } finally {
      m._free(buf);
    }
  }

  /** The last move in words, as the `mancala` program tells it
   *  (mancala_describe_last_move): a line for the laps and stones sown,
   *  then a line for each capture, binikh or forfeit, e.g.
   *  "South plays 0: 1 lap, 7 stones sown, the last into pit 0.\n  First
   *  move: no capture, the 2 stones stay in pit 0.".
   *  @throws MancalaError E_NO_HISTORY when there is no move to describe. */
  describeLastMove(): string {
    return writtenText((buf, size) => lib()._mancala_describe_last_move(this.ptr, buf, size), "describe last move");
  }

  /** The end of the game or round in words, and of the match if it is
   *  over (mancala_describe_result()): what ended and why, the scores and
   *  who won, as the `mancala` command says it.
   *  @throws MancalaError E_NOT_OVER while the game or round goes on. */
  describeResult(): string {
    return writtenText((buf, size) => lib()._mancala_describe_result(this.ptr, buf, size), "describe result");
  }

  /** Sets an option (see {@link Option}); unknown ones throw E_OPTION. */
  setOption(option: number, value: number): this {
    const o = int32(option, "option"), v = int32(value, "value");
    check(lib()._mancala_set_option(this.ptr, o, v), `option ${option}`);
    return this;
  }
  getOption(option: number): number {
    return check(lib()._mancala_get_option(this.ptr, int32(option, "option")), `option ${option}`);
  }
  /** The repetition rule (on by default). */
  get repetition(): boolean {
    return this.getOption(Option.REPETITION) !== 0;
  }
  set repetition(on: boolean) {
    this.setOption(Option.REPETITION, flag(on, "repetition") ? 1 : 0);
  }

  // ---- Rio Kadalis matches ----
  /** Starts the next round of a match once this one is over. */
  nextRound(): this {
    check(lib()._mancala_next_round(this.ptr), "next round");
    return this;
  }
  /** The round of the match, 1 first (Modiar: always 1). */
  get round(): number {
    return check(lib()._mancala_round(this.ptr));
  }
  get matchOver(): boolean {
    return check(lib()._mancala_match_over(this.ptr)) !== 0;
  }
  /** SOUTH, NORTH or DRAW once the match is over; else null. */
  get matchWinner(): number | null {
    const w = lib()._mancala_match_winner(this.ptr);
    return w < 0 ? null : w;
  }
  /** The match's result: SOUTH, NORTH or DRAW once it is over; else null
   *  (Python: match_result). */
  get matchResult(): Result | null {
    return this.matchWinner as Result | null;
  }
  /** Why the match ended ("none" while it goes on). */
  get matchEndReason(): MatchEndReason {
    const r = check(lib()._mancala_match_end_reason(this.ptr));
    return (["none", "game", "stones", "repetition", "rounds"][r] ?? "none") as MatchEndReason;
  }

  // ---- the engine ----
  /** Plays random moves to the end from a copy of this position. */
  playout(seed: bigint | number = 0n): { plies: number; scores: [number, number] } {
    const plies = check(lib()._mancala_playout(this.ptr, seed64(seed), scratch), "playout");
    return { plies, scores: [int32At(scratch), int32At(scratch, 1)] };
  }

  /** Alpha-beta search with a fresh transposition table (see {@link Search}
   *  to keep one between moves). */
  search(limits: SearchLimits = {}): SearchResult {
    const s = new Search();
    try {
      return s.run(this, limits);
    } finally {
      s.free();
    }
  }

  /** The move of a computer opponent of strength `level`, from 1 (nearly
   *  random) to 20 (the strongest search in about a second); deterministic
   *  for a seed below level 20 (mancala_search_level_move). */
  levelMove(level: number, seed: bigint | number = 0n): number {
    if (!Number.isInteger(level) || level < LEVEL_MIN || level > LEVEL_MAX)
      throw new MancalaError(Status.E_OPTION, `level must be a whole number from ${LEVEL_MIN} to ${LEVEL_MAX}, not ${level}`);
    const s = new Search(1 << 20);
    try {
      return check(lib()._mancala_search_level_move((s as any).ptr, this.ptr, level, seed64(seed)), "level move");
    } finally {
      s.free();
    }
  }

  /** Monte Carlo tree search: the best move after `playouts` playouts. */
  mcts({ playouts = 1000, seed = 0n }: { playouts?: number; seed?: bigint | number } = {}): number {
    const m = lib();
    const n = integer(playouts, "playouts", 1n, INT64_MAX), s = seed64(seed);
    check(m._mancala_mcts(this.ptr, s, n, scratch), "mcts");
    return int32At(scratch);
  }

  // ---- learning (see doc/research.md): actions relative to the mover ----
  /** The size of the action space, n (3, 5 or 6): action `a` is the
   *  mover's `a`-th pit in their own row's order. */
  get numActions(): number {
    return check(lib()._mancala_num_actions(this.ptr));
  }

  /** The pit (as `play` takes it) of the mover's action `action`. */
  actionToPit(action: number): number {
    const g = this.ptr;
    const pit = lib()._mancala_action_to_pit(g, int32(action, "action"));
    if (pit < 0) throw new RangeError(`action must be from 0 to ${this.numActions - 1}, not ${action}`);
    return pit;
  }

  /** Plays the mover's action `action` (see `play` for the errors). */
  applyAction(action: number): this {
    return this.play(this.actionToPit(action));
  }

  /** The legal actions as n bytes, 1 for legal (a copy; all 0 once over). */
  legalMask(): Uint8Array {
    const n = this.numActions;
    check(lib()._mancala_legal_mask(this.ptr, scratch, n), "legal mask");
    return lib().HEAPU8.slice(scratch, scratch + n);
  }

  /** The position from the mover's side, 4n + 7 floats (a copy; the layout
   *  is mancala_observation()'s in mancala.h). */
  observation(): Float32Array {
    const m = lib();
    const n = check(m._mancala_observation(this.ptr, scratch, SCRATCH_BYTES >> 2), "observation");
    return m.HEAPF32.slice(scratch >> 2, (scratch >> 2) + n);
  }

  /** [South's, North's] return: +1/0/-1 (or the stone difference / S with
   *  `stones`) of the game or round (the match with `match`); both 0
   *  while it goes on. */
  returns({ stones = false, match = false }: { stones?: boolean; match?: boolean } = {}): [number, number] {
    const m = lib();
    check(m._mancala_returns(this.ptr, (flag(stones, "stones") ? 1 : 0) | (flag(match, "match") ? 2 : 0), scratch), "returns");
    return [m.HEAPF32[scratch >> 2], m.HEAPF32[(scratch >> 2) + 1]];
  }
}

// ---- search --------------------------------------------------------------

/** The depth of a search given no limit (the CLI's). */
export const DEFAULT_DEPTH = 8;
/** The strength levels of {@link Game.levelMove}. */
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 20;

export interface SearchLimits {
  /** Deepest iteration in plies: default 8 (the CLI's depth) when no
   *  other limit is given, so that `search()` returns within a fraction of a
   *  second; 64 with only `nodes` or `timeMs`. */
  depth?: number;
  /** Nodes to visit (0: no limit). */
  nodes?: number;
  /** Wall time in milliseconds (0: no limit). */
  timeMs?: number;
  /** A solved table to look positions up in. */
  table?: Table;
}

export interface SearchResult {
  /** The best move found (Python: best_move). */
  bestMove: number;
  /** The same as bestMove (the name of 1.2). */
  move: number;
  /** Score for the player to move, in stones (mancala_search_score). */
  score: number;
  depth: number;
  /** True when the score is exact (the search saw every line to the end). */
  exact: boolean;
  nodes: number;
  /** Principal variation: the expected moves, first the best. */
  pv: number[];
}

export { Search as Searcher };

/** Nodes of a search's last run (a uint64_t, as a number). */
function searchNodes(search: number): number {
  return Number(BigInt.asUintN(64, BigInt(lib()._mancala_search_nodes(search))));
}

function freeSearch(ptr: number): void {
  wasm?._mancala_search_free(ptr);
}
const searchRegistry = registry(freeSearch);

/** An alpha-beta searcher (a `mancala_search`) that keeps its
 *  transposition table between runs. */
export class Search extends Handle {
  /** `tableBytes`: transposition table size (0: the library's default). */
  constructor(tableBytes = 0) {
    const bytes = Number(integer(tableBytes, "tableBytes", 0n, 2n ** 32n - 1n)); // size_t in wasm32
    check(lib()._mancala_search_new(scratch, bytes), "new search");
    super(int32At(scratch), "search", searchRegistry);
  }
  protected release(ptr: number): void {
    freeSearch(ptr);
  }
  /** The last run's answer, or `{ran: false}` before the first. */
  protected summary(): Record<string, unknown> {
    const m = lib();
    const s = this.ptr;
    const bestMove = m._mancala_search_best_move(s);
    if (bestMove < 0) return { ran: false };
    return { bestMove, score: m._mancala_search_score(s), depth: m._mancala_search_depth(s),
             nodes: searchNodes(s) };
  }
  run(game: Game, { depth, nodes = 0, timeMs = 0, table }: SearchLimits = {}): SearchResult {
    depth ??= nodes || timeMs ? 64 : DEFAULT_DEPTH;
    const m = lib();
    const s = this.ptr;
    const limits = [integer(depth, "depth", 1n, INT64_MAX), integer(nodes, "nodes", 0n, INT64_MAX),
                    integer(timeMs, "timeMs", 0n, INT64_MAX)];
    check(m._mancala_search_set_limit(s, 1, limits[0]), "depth");
    check(m._mancala_search_set_limit(s, 2, limits[1]), "nodes");
    check(m._mancala_search_set_limit(s, 3, limits[2]), "timeMs");
    check(m._mancala_search_set_table(s, table == null ? 0 : tablePtr(table)), "table");
    check(m._mancala_search_run(s, gamePtr(game)), "search");
    const pvLen = check(m._mancala_search_pv(s, scratch, 32));
    const best = m._mancala_search_best_move(s);
    return {
      bestMove: best,
      move: best,
      score: m._mancala_search_score(s),
      depth: m._mancala_search_depth(s),
      exact: m._mancala_search_exact(s) > 0,
      nodes: searchNodes(s),
      pv: int32s(scratch, Math.min(pvLen, 32)),
    };
  }
}

// Friends: the C pointer of a handle for another class's call.
function gamePtr(game: Game): number {
  if (!(game instanceof Game)) throw new TypeError(`game must be a Game, not ${typeName(game)}`);
  return (game as any).ptr;
}
function tablePtr(table: Table): number {
  if (!(table instanceof Table)) throw new TypeError(`table must be a Table, not ${typeName(table)}`);
  return (table as any).ptr;
}

// ---- solved tables -------------------------------------------------------

export interface TableValue {
  /** Final score margin for the player to move: lo <= value <= hi. */
  lo: number;
  hi: number;
  exact: boolean;
}

function closeTable(ptr: number): void {
  wasm?._mancala_table_close(ptr);
}
const tableRegistry = registry(closeTable);

/** A solved table (written by `mancala-solve`), opened from its bytes:
 *  no file system needed. */
export class Table extends Handle {
  private constructor(ptr: number) {
    super(ptr, "table", tableRegistry);
  }
  protected release(ptr: number): void {
    closeTable(ptr);
  }
  protected summary(): Record<string, unknown> {
    const m = lib();
    return { rules: cString(m._mancala_table_rules(this.ptr)), maxStones: m._mancala_table_max_stones(this.ptr) };
  }

  /** Opens a table from the bytes of a table file; the checks (magic,
   *  rules, size, checksum) are the same as for a file. */
  static fromBytes(bytes: Uint8Array | ArrayBuffer): Table {
    const m = lib();
    if (typeof m._mancala_table_open_memory !== "function")
      throw new MancalaError(Status.E_UNSUPPORTED, "this build has no mancala_table_open_memory");
    // Anything else (a number, an array-like) would become zeros in the
    // module's memory, which never shrinks, before the format refuses it.
    if (!(bytes instanceof Uint8Array || bytes instanceof ArrayBuffer))
      throw new TypeError(`bytes must be a Uint8Array or an ArrayBuffer, not ${typeName(bytes)}`);
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const buf = m._malloc(data.length || 1);
    if (!buf) throw new MancalaError(Status.E_NOMEM);
    // The library copies the bytes; ours are freed at once.
    let status: number;
    try {
      m.HEAPU8.set(data, buf);
      status = m._mancala_table_open_memory(scratch, buf, data.length);
    } finally {
      m._free(buf);
    }
    check(status, "table");
    return new Table(int32At(scratch));
  }

  /** The value of `game`'s position for the player to move. */
  value(game: Game): TableValue {
    check(lib()._mancala_table_value(this.ptr, gamePtr(game), scratch, scratch + 4), "table value");
    const lo = int32At(scratch);
    const hi = int32At(scratch, 1);
    return { lo, hi, exact: lo === hi };
  }

  /** The moves that keep the position's value (perfect play). */
  bestMoves(game: Game): number[] {
    const n = check(lib()._mancala_table_best_moves(this.ptr, gamePtr(game), scratch, 12), "best moves");
    return int32s(scratch, n);
  }
}

// ---- batches (mancala_batch_*): many games stepped by one call ------------

/** Values of a batch's `autoreset` option, named as Gymnasium 1.x names
 *  them (enum mancala_autoreset). */
export const Autoreset = { NEXT_STEP: 0, SAME_STEP: 1, DISABLED: 2 } as const;

/** A batch's options (enum mancala_batch_option), set from {@link BatchOptions}. */
export const BatchOption = { AUTORESET: 101, MATCH: 102, REWARD: 103, THREADS: 104, MAX_PLIES: 105, RESTART: 106, ENDED_MASK: 107 } as const;

/** Values of a batch's `restart` option (enum mancala_batch_restart):
 *  where a game's next episode starts, its own position (the last it was
 *  given by setPosition()/setGame()/fromPositions(), default) or the
 *  rules' start. */
export const Restart = { OWN: 0, RULES: 1 } as const;

/** Values of a batch's `endedMask` option (enum mancala_ended_mask): the
 *  mask of a game without a legal action, all zeros (default, as in 1.3)
 *  or all ones (pgx's convention: a masked softmax gives no NaN). */
export const EndedMask = { ZEROS: 0, ONES: 1 } as const;

export interface BatchOptions {
  /** Seed of stepRandom() (default 0). */
  seed?: number | bigint;
  /** An {@link Autoreset} value (default NEXT_STEP). */
  autoreset?: number;
  /** An episode is a whole Rio Kadalis match, not a round. */
  match?: boolean;
  /** Rewards are stone differences / S, not +1/0/-1. */
  stones?: boolean;
  /** Plies after which an episode is truncated, 1 ... 100000 (1000). */
  maxPlies?: number;
  /** A {@link Restart} value (default OWN). */
  restart?: number;
  /** An {@link EndedMask} value (default ZEROS). */
  endedMask?: number;
}

/** The buffer of each batch's actions, by the batch's pointer: freed with
 *  the batch, by free() or by the FinalizationRegistry. */
const batchActions = new Map<number, number>();
function freeBatch(ptr: number): void {
  wasm?._mancala_batch_free(ptr);
  const actions = batchActions.get(ptr);
  batchActions.delete(ptr);
  if (actions) wasm?._free(actions);
}
const batchRegistry = registry(freeBatch);

/**
 * `size` games of one rules set stepped together (mancala_batch_* in
 * mancala.h): the arrays a learner reads are typed-array views over the
 * module's memory, not copies, rewritten in place by each step and reset.
 *
 * A view detaches (its length becomes 0) when the WebAssembly memory grows,
 * which any call that allocates may do (creating a game or a batch,
 * parsing, searching). The getters check this and give a fresh view over
 * the same bytes: read them again after such calls rather than keeping a
 * view across them. After free() the getters throw, but a view taken
 * earlier still reads memory the module reuses: drop the views with the
 * batch. The batch runs on one thread here (emcc builds it without
 * threads).
 */
export class Batch extends Handle {
  readonly size: number;
  readonly numActions: number;
  readonly observationSize: number;
  #actions: number;
  #views: Record<string, ArrayBufferView & ArrayLike<number>> = {};
  #buffer: ArrayBufferLike | null = null;

  private constructor(ptr: number, actions: number) {
    super(ptr, "batch", batchRegistry);
    batchActions.set(ptr, actions);
    const m = lib();
    this.size = m._mancala_batch_size(ptr);
    this.numActions = m._mancala_batch_num_actions(ptr);
    this.observationSize = m._mancala_batch_observation_size(ptr);
    this.#actions = actions;
  }
  protected release(ptr: number): void {
    freeBatch(ptr);
  }
  protected summary(): Record<string, unknown> {
    const m = lib();
    return { rules: cString(m._mancala_rules(m._mancala_batch_game(this.ptr, 0))), size: this.size };
  }

  /** A batch of `count` games (1 ... 1048576) at the start position. */
  static create(rules: string, count: number, options: BatchOptions = {}): Batch {
    const m = lib();
    const size = int32(count, "count", 1, 1 << 20);
    const { seed = 0, autoreset = 0, match = false, stones = false, maxPlies = 1000, restart = 0, endedMask = 0 } = options;
    const settings: [number, number][] = [
      [BatchOption.AUTORESET, int32(autoreset, "autoreset", 0, 2)],
      [BatchOption.MATCH, flag(match, "match") ? 1 : 0],
      [BatchOption.REWARD, flag(stones, "stones") ? 1 : 0],
      [BatchOption.MAX_PLIES, int32(maxPlies, "maxPlies", 1, 100000)],
      [BatchOption.RESTART, int32(restart, "restart", 0, 1)],
      [BatchOption.ENDED_MASK, int32(endedMask, "endedMask", 0, 1)],
    ];
    const seedBits = seed64(seed);
    const actions = m._malloc(size * 4);
    if (!actions) throw new MancalaError(Status.E_NOMEM, "new batch");
    const errbuf = m._malloc(256);
    let status: number;
    try {
      status = withString(rules, "rules", (r) => m._mancala_batch_new(scratch, r, size, seedBits, errbuf, 256));
      if (status < 0) throw new MancalaError(status, cString(errbuf) || strerror(status));
    } catch (err) {
      m._free(actions);
      throw err;
    } finally {
      m._free(errbuf);
    }
    const batch = new Batch(int32At(scratch), actions);
    for (const [option, value] of settings) batch.#check(m._mancala_batch_set_option(batch.ptr, option, value));
    batch.reset(seed);
    return batch;
  }

  /** A batch of one game per position string (all of `rules`): game i
   *  starts at positions[i] and, unless `options.restart` is
   *  Restart.RULES, starts its next episodes there too.
   *  @throws MancalaError naming the first position refused
   *  ("positions[3]: ..."); nothing is kept. */
  static fromPositions(rules: string, positions: ArrayLike<string>, options: BatchOptions = {}): Batch {
    const count = positions?.length;
    const batch = Batch.create(rules, int32(count, "positions.length", 1, 1 << 20), options);
    try {
      for (let i = 0; i < count; i++) batch.#setPosition(i, positions[i], `positions[${i}]`);
    } catch (err) {
      batch.free();
      throw err;
    }
    return batch;
  }

  #setPosition(index: number, position: string, what: string): void {
    const m = lib();
    const g = this.ptr;
    const status = withString(position, what, (p) => m._mancala_batch_set_position(g, index, p));
    if (status < 0) throw new MancalaError(status, `${what}: ${cString(m._mancala_batch_reason(g))}`);
  }

  /** Puts a position string into game `index` (mancala_batch_set_position()):
   *  a new episode starts there, its rows written as a fresh game's; the
   *  other games do not change. Throws (and changes nothing) for an index
   *  out of range, a malformed position (E_PARSE), one of other rules
   *  (E_RULES) or one whose round is over (E_STATE). */
  setPosition(index: number, position: string): this {
    this.#setPosition(int32(index, "index", 0, this.size - 1), position, "position");
    return this;
  }

  /** Puts the position of `game` (same rules, round not over) into game
   *  `index`, as setPosition(index, game.position) (mancala_batch_set_game()):
   *  its history, round and options are not taken. */
  setGame(index: number, game: Game): this {
    const i = int32(index, "index", 0, this.size - 1);
    this.#check(lib()._mancala_batch_set_game(this.ptr, i, gamePtr(game)));
    return this;
  }

  /** A new episode in each game whose `mask` entry is true (or 1), as reset()
   *  starts them (mancala_batch_reset_games()); the others do not change.
   *  Each entry must be a boolean, 0 or 1; `seed` as for reset(). */
  resetGames(mask: ArrayLike<boolean | number>, seed: number | bigint = 0): this {
    if (mask?.length !== this.size) throw new RangeError(`mask must have ${this.size} entries, not ${mask?.length}`);
    const bytes = new Uint8Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const v = mask[i];
      if (v !== true && v !== false && v !== 0 && v !== 1)
        throw new TypeError(`mask[${i}] must be a boolean, 0 or 1, not ${typeName(v)}`);
      bytes[i] = v ? 1 : 0;
    }
    const seedBits = seed64(seed);
    const m = lib();
    const buf = m._malloc(this.size);
    if (!buf) throw new MancalaError(Status.E_NOMEM, "resetGames");
    try {
      m.HEAPU8.set(bytes, buf);
      this.#check(m._mancala_batch_reset_games(this.ptr, buf, this.size, seedBits));
    } finally {
      m._free(buf);
    }
    return this;
  }

  #check(status: number): void {
    if (status < 0) throw new MancalaError(status, cString(lib()._mancala_batch_reason(this.ptr)) || strerror(status));
  }

  /** A view of a C array of the batch, made again if the memory grew. */
  #view<T extends ArrayBufferView & ArrayLike<number>>(name: `_mancala_batch_${string}`, make: (buffer: ArrayBufferLike, ptr: number, length: number) => T, length: number): T {
    const m = lib();
    const g = this.ptr;
    if (this.#buffer !== m.HEAPU8.buffer) {
      this.#views = {};
      this.#buffer = m.HEAPU8.buffer;
    }
    return (this.#views[name] ??= make(m.HEAPU8.buffer, m[name](g), length)) as T;
  }

  /** Observations, float32 [size][observationSize], row i from the side of
   *  game i's player to move. */
  get observations(): Float32Array {
    return this.#view("_mancala_batch_observations", (b, p, n) => new Float32Array(b, p, n), this.size * this.observationSize);
  }
  /** With Autoreset.SAME_STEP: the last observations of episodes that ended. */
  get finalObservations(): Float32Array {
    return this.#view("_mancala_batch_final_observations", (b, p, n) => new Float32Array(b, p, n), this.size * this.observationSize);
  }
  /** Legal-action masks, uint8 [size][numActions]. */
  get legalMasks(): Uint8Array {
    return this.#view("_mancala_batch_legal_masks", (b, p, n) => new Uint8Array(b, p, n), this.size * this.numActions);
  }
  /** Rewards of the last step, float32 [size][2]: South's, North's. */
  get rewards(): Float32Array {
    return this.#view("_mancala_batch_rewards", (b, p, n) => new Float32Array(b, p, n), this.size * 2);
  }
  /** 1 where the last step ended the episode by the rules, uint8 [size]. */
  get terminated(): Uint8Array {
    return this.#view("_mancala_batch_terminated", (b, p, n) => new Uint8Array(b, p, n), this.size);
  }
  /** 1 where the last step cut the episode at maxPlies, uint8 [size]. */
  get truncated(): Uint8Array {
    return this.#view("_mancala_batch_truncated", (b, p, n) => new Uint8Array(b, p, n), this.size);
  }
  /** The player to move in each game, int32 [size]. */
  get toMove(): Int32Array {
    return this.#view("_mancala_batch_to_move", (b, p, n) => new Int32Array(b, p, n), this.size);
  }

  /** A new episode in every game; `seed` seeds stepRandom(). */
  reset(seed: number | bigint = 0): this {
    this.#check(lib()._mancala_batch_reset(this.ptr, seed64(seed)));
    return this;
  }

  /** Plays one action (0 ... numActions-1, relative to the mover) per game.
   *  An illegal action throws an IllegalMoveError whose `game` is the first
   *  game refusing, and changes no game. */
  step(actions: ArrayLike<number>): this {
    const m = lib();
    const g = this.ptr;
    if (actions?.length !== this.size) throw new RangeError(`actions must have ${this.size} entries, not ${actions?.length}`);
    const heap = m.HEAP32;
    const base = this.#actions >> 2;
    const n = this.numActions;
    for (let i = 0; i < this.size; i++) {
      const a = actions[i];
      // int32() only off the fast path: it throws the error naming actions[i].
      heap[base + i] = typeof a === "number" && Number.isInteger(a) && a >= 0 && a < n ? a : int32(a, `actions[${i}]`, 0, n - 1);
    }
    const status = m._mancala_batch_step(g, this.#actions, this.size, scratch);
    if (status < 0) {
      const game = int32At(scratch);
      if (game < 0) this.#check(status);
      const action = heap[base + game];
      const pit = m._mancala_action_to_pit(m._mancala_batch_game(g, game), action);
      throw new IllegalMoveError(status, pit, { game, action, reason: cString(m._mancala_batch_reason(g)) });
    }
    return this;
  }

  /** Plays a random legal action in every game, drawn in C; returns the
   *  actions played (-1: the game was reset), a view rewritten each call. */
  stepRandom(): Int32Array {
    const m = lib();
    this.#check(m._mancala_batch_step_random(this.ptr, this.#actions, this.size));
    return new Int32Array(m.HEAPU8.buffer, this.#actions, this.size);
  }

  /** A copy of game `index` as a Game. */
  game(index: number): Game {
    const m = lib();
    const g = m._mancala_batch_game(this.ptr, int32(index, "index", 0, this.size - 1));
    check(fast.clone(scratch, g), "game");
    return new (Game as any)(int32At(scratch));
  }
}
