/**
 * The core's `ToolVectorStore` (hybrid search) on Redis: tool vectors embedded by one worker are
 * read by every other, so a fleet embeds each tool text once. One string key per (model, server)
 * (`<prefix>{vec:<h>}:entry`, keys.ts) with the listing cache's TTL. With a secret the entry carries
 * an HMAC-SHA256 (the listing cache's key) bound to its Redis key: an entry written without it, with
 * another secret or copied from another key is a miss. The core validates what it reads again
 * (dimensions, finite unit vectors). Redis down: `get` is a miss and `set` does nothing.
 * @module
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ToolVectorEntry, ToolVectorStore } from "@toolnexus/mcp-core/search";
import type { RedisConnection } from "./connection.js";
import { vectorKey } from "./keys.js";

/** The largest stored entry read or written: 10 000 vectors of 384 float32s are about 20 MiB. */
export const MAX_VECTOR_ENTRY_BYTES = 32 * 1024 * 1024;

/** What the store needs of `createRedisStores`. */
export interface RedisToolVectorStoreParams {
  connection: RedisConnection;
  keyPrefix: string;
  /** The HMAC-SHA256 key, or undefined to keep entries unauthenticated. */
  cacheKey: Buffer | undefined;
  /** How long an entry lives (ms). */
  ttlMs: number;
  warn(message: string): void;
}

/** Tool vectors on Redis (see the module comment). */
export class RedisToolVectorStore implements ToolVectorStore {
  private warned = false;

  constructor(private readonly params: RedisToolVectorStoreParams) {}

  async get(key: string): Promise<ToolVectorEntry | undefined> {
    const redisKey = vectorKey(this.params.keyPrefix, key);
    let raw: unknown;
    try {
      raw = await this.params.connection.command(["GET", redisKey]);
    } catch (error) {
      this.warnOnce(`could not read tool vectors: ${messageOf(error)}`);
      return undefined;
    }
    if (typeof raw !== "string" || Buffer.byteLength(raw) > MAX_VECTOR_ENTRY_BYTES) return undefined;
    const envelope = parse(raw) as { v?: unknown; entry?: unknown; mac?: unknown } | undefined;
    if (envelope?.v !== 1 || typeof envelope.entry !== "string") return undefined;
    const { cacheKey } = this.params;
    if (cacheKey) {
      if (typeof envelope.mac !== "string") return undefined;
      const expected = mac(cacheKey, redisKey, envelope.entry);
      const given = Buffer.from(envelope.mac, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    }
    return parse(envelope.entry) as ToolVectorEntry | undefined;
  }

  async set(key: string, entry: ToolVectorEntry): Promise<void> {
    const redisKey = vectorKey(this.params.keyPrefix, key);
    const text = JSON.stringify(entry);
    const { cacheKey } = this.params;
    const stored = JSON.stringify(
      cacheKey
        ? { v: 1, entry: text, mac: mac(cacheKey, redisKey, text).toString("hex") }
        : { v: 1, entry: text },
    );
    if (Buffer.byteLength(stored) > MAX_VECTOR_ENTRY_BYTES) return;
    try {
      await this.params.connection.command(["SET", redisKey, stored, "PX", String(this.params.ttlMs)]);
    } catch (error) {
      this.warnOnce(`could not keep tool vectors: ${messageOf(error)}`);
    }
  }

  private warnOnce(message: string): void {
    if (this.warned) return;
    this.warned = true;
    this.params.warn(`Redis tool vector store: ${message}`);
  }
}

function mac(key: Buffer, redisKey: string, text: string): Buffer {
  return createHmac("sha256", key).update(redisKey).update("\0").update(text).digest();
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
