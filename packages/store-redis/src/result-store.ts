/**
 * The core's `ResultStore` on Redis: a result kept by one worker is read by any other. One string
 * key per handle (`<prefix>{res:<h>}:value`, keys.ts), written with `SET … PX <ttl>` so Redis drops
 * it when it expires. With a secret the value is `{"v":1,"sealed":"<s>"}`: the result sealed with
 * AES-256-GCM under its own HKDF key, bound to its Redis key, so a value written without the secret,
 * with another one, or copied from another handle's key does not open and is never handed to the
 * model. Without one, `{"v":1,"clear":"<result>"}`. Every method resolves: what cannot be kept or
 * read is one warning, never a value or a handle in it.
 * @module
 */
import type { ResultStore } from "@toolnexus/mcp-core/stores";
import { MAX_RESULT_HANDLE_CHARS } from "@toolnexus/mcp-core/stores";
import type { RedisConnection } from "./connection.js";
import { resultKey } from "./keys.js";
import { open, seal } from "./secret.js";

/** Default of `maxKeptResultBytes`: the largest result kept, in UTF-8 bytes (16 MiB). */
export const DEFAULT_MAX_KEPT_RESULT_BYTES = 16 * 1024 * 1024;

/** What the store needs of `createRedisStores`. */
export interface RedisResultStoreParams {
  connection: RedisConnection;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep results in clear. */
  resultKey: Buffer | undefined;
  /** The largest result kept, in UTF-8 bytes. */
  maxBytes: number;
  warn(message: string): void;
}

/**
 * The largest stored text read: a result of `maxBytes` sealed (IV and tag, base64url) in its
 * envelope, or in clear with every character escaped (`\u0000`: 6 bytes per byte at most).
 */
function maxStoredBytes(maxBytes: number, sealed: boolean): number {
  return sealed ? Math.ceil(((maxBytes + 28) * 4) / 3) + 32 : maxBytes * 6 + 32;
}

/** The result store on Redis (see the module comment). */
export class RedisResultStore implements ResultStore {
  constructor(private readonly params: RedisResultStoreParams) {}

  async put(handle: string, value: string, ttlMs: number): Promise<void> {
    if (!isHandle(handle) || !(Number.isFinite(ttlMs) && ttlMs > 0)) return;
    const { keyPrefix, maxBytes } = this.params;
    const key = resultKey(keyPrefix, handle);
    try {
      const bytes = Buffer.byteLength(value, "utf8");
      if (bytes > maxBytes) {
        // What the handle held before is not its value any more.
        await this.params.connection.command(["DEL", key]);
        this.params.warn(
          `Redis result store: did not keep a result of ${bytes} bytes: at most ${maxBytes} are kept (maxKeptResultBytes)`,
        );
        return;
      }
      const stored = this.params.resultKey
        ? JSON.stringify({ v: 1, sealed: seal(this.params.resultKey, value, key) })
        : JSON.stringify({ v: 1, clear: value });
      await this.params.connection.command(["SET", key, stored, "PX", String(Math.ceil(ttlMs))]);
    } catch (error) {
      this.params.warn(`Redis result store: did not keep a result: ${messageOf(error)}`);
    }
  }

  async get(handle: string): Promise<string | undefined> {
    if (!isHandle(handle)) return undefined;
    const key = resultKey(this.params.keyPrefix, handle);
    let raw: unknown;
    try {
      raw = await this.params.connection.command(["GET", key]);
    } catch (error) {
      this.params.warn(`Redis result store: could not read a kept result: ${messageOf(error)}`);
      return undefined;
    }
    if (typeof raw !== "string") return undefined;
    const opened = this.open(key, raw);
    if (typeof opened === "string") return opened;
    this.params.warn(`Redis result store: a kept result in Redis ${opened.why}; read as none`);
    return undefined;
  }

  /** The result in `raw`, or why it is not one this worker hands out. */
  private open(key: string, raw: string): string | { why: string } {
    const sealing = this.params.resultKey;
    const limit = maxStoredBytes(this.params.maxBytes, sealing !== undefined);
    if (Buffer.byteLength(raw, "utf8") > limit) return { why: `is larger than ${limit} bytes` };
    const envelope = parse(raw) as { v?: unknown; sealed?: unknown; clear?: unknown } | undefined;
    if (envelope?.v !== 1) return { why: "is not in a known format" };
    if (typeof envelope.sealed === "string") {
      if (!sealing) return { why: "is sealed with a secret and this worker has none" };
      const value = open(sealing, envelope.sealed, key);
      return value ?? { why: "does not open with this worker's secret" };
    }
    if (typeof envelope.clear !== "string") return { why: "is not in a known format" };
    if (sealing) return { why: "was written without the secret" };
    return envelope.clear;
  }
}

function isHandle(handle: unknown): handle is string {
  return typeof handle === "string" && handle.length <= MAX_RESULT_HANDLE_CHARS;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
