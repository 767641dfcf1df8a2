/**
 * The results kept for the model to read by handle: one per source, over its `ResultStore`. A read
 * answers a slice of the kept text (or the lines that contain a string), and a handle that expired
 * or was never kept answers a sentence the model can act on, never an error: the model, not code,
 * reads it.
 * @module
 */
import { randomBytes } from "node:crypto";
import { ownCopy } from "../bounded-text.js";
import { READ_RESULT_TOOL_NAME } from "./budget-result.js";
import { safeCutIndex } from "./preview-cut.js";
import type { ResultStore } from "./result-store.js";

/** What one read asks for: a slice from `offset`, or the lines containing `contains`. */
export interface ReadResultOptions {
  /** The first character (UTF-16 code unit) to read. @default 0 */
  offset?: number | undefined;
  /** The most characters to read (or, with `contains`, to answer). @default 20000 */
  length?: number | undefined;
  /** Answer the lines that contain this string (case-insensitive), numbered, instead of a slice. */
  contains?: string | undefined;
}

/** The default length of one read, in characters (about 5 000 tokens by the estimate). */
export const DEFAULT_READ_CHARS = 20_000;
/** The longest line of a `contains` answer; a longer one is cut (safely) and marked. */
const MAX_LINE_CHARS = 500;
/** The most characters of a handle or search string quoted back to the model. */
const MAX_QUOTED = 100;

/** Reads and keeps results by handle. */
export interface KeptResults {
  /**
   * True once a result was kept here, and from the start over a store shared with other processes
   * (a handle this process did not make may be read): whether a reader is worth offering.
   */
  readonly holdsAny: boolean;
  /** A new handle: 144 random bits, so one conversation cannot guess another's. */
  newHandle(): string;
  /** Keeps `text` under `handle` for the TTL. Resolves; a store fault is reported on `warn`. */
  keep(handle: string, text: string): Promise<void>;
  /** The model-readable answer to a read of `handle`. Never rejects. */
  read(handle: string, options?: ReadResultOptions): Promise<string>;
  close(): Promise<void>;
}

function quoted(text: string): string {
  return JSON.stringify(
    text.length > MAX_QUOTED ? `${text.slice(0, safeCutIndex(text, MAX_QUOTED))}…` : text,
  );
}

function slice(text: string, handle: string, offset: number, length: number): string {
  const total = text.length;
  if (offset >= total) return `[The kept result has ${total} characters; offset ${offset} is past its end.]`;
  const start = safeCutIndex(text, offset);
  let end = safeCutIndex(text, start + length);
  // A slice shorter than one character (a length of 1 on a surrogate pair) still moves on.
  if (end <= start) end = Math.min(total, start + 2);
  const next =
    end < total
      ? `read on with ${READ_RESULT_TOOL_NAME} {"handle": ${quoted(handle)}, "offset": ${end}}`
      : "this is the end of the result";
  // An own copy: a slice would keep the whole kept text alive in the conversation (SPEC §7.9).
  return `${ownCopy(text.slice(start, end))}\n\n[Characters ${start} to ${end} of ${total}; ${next}.]`;
}

function grep(text: string, contains: string, length: number): string {
  const needle = contains.toLowerCase();
  const lines = text.split("\n");
  const out: string[] = [];
  let used = 0;
  let matched = 0;
  lines.forEach((line, index) => {
    if (!line.toLowerCase().includes(needle)) return;
    matched += 1;
    const shown =
      line.length > MAX_LINE_CHARS ? `${line.slice(0, safeCutIndex(line, MAX_LINE_CHARS))}…` : line;
    const entry = `${index + 1}: ${shown}`;
    if (used + entry.length + 1 > length) return;
    out.push(entry);
    used += entry.length + 1;
  });
  if (matched === 0) return `[No line of the kept result contains ${quoted(contains)}.]`;
  const more = matched > out.length ? `; ${matched - out.length} more matched past the length asked for` : "";
  return `${ownCopy(out.join("\n"))}\n\n[${matched} of ${lines.length} lines contain ${quoted(contains)}${more}.]`;
}

/**
 * The kept results of one source over `store`, each kept for `ttlMs`; `maxReadChars` bounds one
 * read's answer (the host's own result limit, so a read never passes the budget it came from).
 * `shared`: the store is the host's, which other processes may write (a fleet's).
 */
export function createKeptResults(
  store: ResultStore,
  ttlMs: number,
  maxReadChars: number,
  warn: (message: string) => void,
  shared = false,
): KeptResults {
  let holdsAny = shared;
  const gone = (handle: string) =>
    `[No kept result has the handle ${quoted(handle)}: it expired (results are kept for ${Math.round(ttlMs / 60_000)} minutes) or was never kept. Call the tool again for a fresh result.]`;
  return {
    get holdsAny() {
      return holdsAny;
    },
    newHandle: () => randomBytes(18).toString("base64url"),
    keep: (handle, text) => {
      holdsAny = true;
      return store.put(handle, text, ttlMs).catch((error: unknown) => {
        warn(
          `A result over its budget could not be kept (${(error as Error)?.name ?? "error"}): its handle will not read`,
        );
      });
    },
    async read(handle, options = {}) {
      let text: string | undefined;
      try {
        text = await store.get(handle);
      } catch {
        return "[The kept results cannot be read right now (the store failed); try again later.]";
      }
      if (text === undefined) return gone(handle);
      const length = Math.min(Math.max(1, Math.floor(options.length ?? DEFAULT_READ_CHARS)), maxReadChars);
      if (options.contains !== undefined && options.contains !== "")
        return grep(text, options.contains, length);
      return slice(text, handle, Math.max(0, Math.floor(options.offset ?? 0)), length);
    },
    close: () => store.close?.() ?? Promise.resolve(),
  };
}
