/**
 * The core's model-facing tool names: `mcp__<server>__<rawName>`, at most 64 characters of
 * `[A-Za-z0-9_-]`, deterministic across language ports (`fixtures/naming-vectors.json`).
 * @module
 */
import { createHash } from "node:crypto";

/** The longest name model APIs accept (OpenAI, Anthropic, DeepSeek). */
export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_HEX_DIGITS = 12;
const KEPT_LENGTH = MAX_TOOL_NAME_LENGTH - HASH_HEX_DIGITS - 1;
const ALLOWED = /^[A-Za-z0-9_-]$/;
const ALL_ALLOWED = /^[A-Za-z0-9_-]*$/;

/**
 * `mcp__<server>__<rawName>` with every Unicode code point outside `[A-Za-z0-9_-]` replaced by one `_`.
 * When anything was replaced or the result is longer than 64 characters, the name is lossy, so it
 * becomes its first 51 characters + `_` + the first 12 hex digits of SHA-256 over the UTF-8 bytes of
 * `server + "\0" + rawName`: two raw names that sanitize alike (`a.b`, `a_b`) still differ.
 */
export function namespacedName(server: string, rawName: string): string {
  const joined = `mcp__${server}__${rawName}`;
  // The common case, a clean name, is returned as it is: the test flattens it, where building it a
  // character at a time kept a chain of one string piece per character alive with every tool.
  if (ALL_ALLOWED.test(joined) && joined.length <= MAX_TOOL_NAME_LENGTH) return joined;
  let sanitized = "";
  let replaced = false;
  // for..of walks code points, not UTF-16 units, so an emoji is one `_` as in ports whose strings are
  // code points or UTF-8 (Go runes, Rust chars, Python str).
  for (const ch of joined) {
    if (ALLOWED.test(ch)) {
      sanitized += ch;
    } else {
      sanitized += "_";
      replaced = true;
    }
  }
  if (!replaced && sanitized.length <= MAX_TOOL_NAME_LENGTH) return sanitized;
  return withHashSuffix(sanitized, server, rawName);
}

/**
 * The lossy form of a name: its first 51 code points + `_` + the first 12 hex digits of SHA-256 over
 * the UTF-8 bytes of `server + "\0" + rawName`. What `namespacedName` gives a lossy name, and what
 * any tool gets whose name collides with another tool's in the same source.
 */
export function withHashSuffix(name: string, server: string, rawName: string): string {
  return `${Array.from(name).slice(0, KEPT_LENGTH).join("")}_${toolHash(server, rawName)}`;
}

/** The first 12 hex digits of SHA-256 over the UTF-8 bytes of `server + "\0" + rawName`. */
export function toolHash(server: string, rawName: string): string {
  return createHash("sha256").update(`${server}\0${rawName}`, "utf8").digest("hex").slice(0, HASH_HEX_DIGITS);
}
