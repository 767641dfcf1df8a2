/**
 * The listing cache's value in Redis and its pub/sub message (SPEC.md, "Cache entry format"). The
 * stored value is an envelope around the entry's JSON text: `{"v":1,"entry":"<json>","mac":"…"}`,
 * `mac` (HMAC-SHA256 of the text, bound to the Redis key) present when the stores have a secret. A
 * write is announced on the cache channel as `{"v":1,"fingerprint":"<hex>","value":"<envelope>"}`,
 * so a subscriber needs no round trip to read it.
 * @module
 */
import {
  DEFAULT_MAX_CACHE_ENTRY_BYTES,
  DEFAULT_MAX_CACHE_TOOLS,
  type ToolCacheEntry,
} from "@toolnexus/mcp-core/stores";
import { sign, verify } from "./secret.js";

/** A decoded envelope: the entry, a miss (`undefined`), or a refusal saying why. */
/** A decoded value: the entry, a miss (`undefined`), or a refusal saying why. */
export type DecodedEntry<E> = { entry: E } | { refused: string; server: string | undefined } | undefined;

/** A decoded listing. */
export type Decoded = DecodedEntry<ToolCacheEntry>;

/** The stored value for `entry` under `redisKey` (MAC'd when `macKey` is set). */
export function encodeEnvelope(entry: ToolCacheEntry, redisKey: string, macKey: Buffer | undefined): string {
  if (entry.tools.length > DEFAULT_MAX_CACHE_TOOLS) {
    throw new Error(
      `the listing has ${entry.tools.length} tools, more than the limit of ${DEFAULT_MAX_CACHE_TOOLS}`,
    );
  }
  const text = JSON.stringify(entry);
  if (Buffer.byteLength(text) > DEFAULT_MAX_CACHE_ENTRY_BYTES) {
    throw new Error(`the listing takes more than the limit of ${DEFAULT_MAX_CACHE_ENTRY_BYTES} bytes`);
  }
  return writeEnvelope(text, redisKey, macKey);
}

/** The server an entry's text claims to be for (bounded, for a warning), before it is trusted. */
function claimedServer(text: string): string | undefined {
  const match = /"server":("(?:[^"\\]|\\.){0,64}")/.exec(text.slice(0, 4096));
  try {
    return match?.[1] ? String(JSON.parse(match[1])) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entry a stored value holds for `fingerprint`: a miss when it is not an envelope or not an
 * entry for this fingerprint (a foreign or broken write, as the file cache treats a corrupt file);
 * refused when its MAC is missing or wrong (with a secret) or it exceeds the size bounds.
 */
export function decodeEnvelope(
  value: string,
  fingerprint: string,
  redisKey: string,
  macKey: Buffer | undefined,
): Decoded {
  const opened = readEnvelope(value, redisKey, macKey, DEFAULT_MAX_CACHE_ENTRY_BYTES);
  if (!opened) return undefined;
  const server = opened.text === undefined ? undefined : claimedServer(opened.text);
  if ("refused" in opened) return { refused: opened.refused, server };
  const { text } = opened;
  let entry: Partial<ToolCacheEntry>;
  try {
    entry = JSON.parse(text) as Partial<ToolCacheEntry>;
  } catch {
    return undefined;
  }
  const isEntry =
    typeof entry === "object" &&
    entry !== null &&
    entry.version === 1 &&
    entry.fingerprint === fingerprint &&
    typeof entry.server === "string" &&
    Array.isArray(entry.tools);
  if (!isEntry) return undefined;
  if ((entry.tools?.length ?? 0) > DEFAULT_MAX_CACHE_TOOLS) {
    return { refused: `it holds more than the limit of ${DEFAULT_MAX_CACHE_TOOLS} tools`, server };
  }
  return { entry: entry as ToolCacheEntry };
}

/** The stored envelope of `text` under `redisKey`: `{"v":1,"entry":text,"mac"?}` (MAC'd when `macKey` is set). */
export function writeEnvelope(text: string, redisKey: string, macKey: Buffer | undefined): string {
  return JSON.stringify(
    macKey ? { v: 1, entry: text, mac: sign(macKey, text, redisKey) } : { v: 1, entry: text },
  );
}

/**
 * The text an envelope holds: undefined when `value` is not an envelope (a miss); refused when it
 * is too large, or with `macKey` when its MAC is missing or wrong (`text` then is what it claims,
 * for a warning only).
 */
export function readEnvelope(
  value: string,
  redisKey: string,
  macKey: Buffer | undefined,
  maxBytes: number,
): { text: string } | { refused: string; text?: string } | undefined {
  if (value.length > 2 * maxBytes) return { refused: "it is larger than the size limit" };
  let envelope: { v?: unknown; entry?: unknown; mac?: unknown };
  try {
    envelope = JSON.parse(value) as typeof envelope;
  } catch {
    return undefined;
  }
  if (envelope?.v !== 1 || typeof envelope.entry !== "string") return undefined;
  const text = envelope.entry;
  if (macKey) {
    if (typeof envelope.mac !== "string") {
      return { refused: "it carries no MAC (written without the stores' secret)", text };
    }
    if (!verify(macKey, text, redisKey, envelope.mac)) {
      return { refused: "its MAC does not verify (written with another secret, or altered)", text };
    }
  }
  if (Buffer.byteLength(text) > maxBytes)
    return { refused: `it takes more than the limit of ${maxBytes} bytes`, text };
  return { text };
}

/** The channel message announcing `value` was written for `fingerprint`. */
export function encodeMessage(fingerprint: string, value: string): string {
  return JSON.stringify({ v: 1, fingerprint, value });
}

/** A channel message's fingerprint and stored value, or undefined when it is not one. */
export function decodeMessage(message: string): { fingerprint: string; value: string } | undefined {
  try {
    const parsed = JSON.parse(message) as { v?: unknown; fingerprint?: unknown; value?: unknown };
    if (parsed?.v !== 1 || typeof parsed.fingerprint !== "string" || typeof parsed.value !== "string") {
      return undefined;
    }
    return { fingerprint: parsed.fingerprint, value: parsed.value };
  } catch {
    return undefined;
  }
}
