/**
 * The core's `ToolCacheStore` on Redis. A placeholder until the listing cache lands (owned with
 * the cache tests and the pub/sub subscription): every `get` is a miss and `set` writes nothing,
 * so lazy servers fall back to discovery.
 * @module
 */
import type { ToolCacheEntry, ToolCacheStore } from "@toolnexus/mcp-core";
import type { RedisConnection } from "./connection.js";

export interface RedisToolCacheParams {
  connection: RedisConnection;
  keyPrefix: string;
  /** The HMAC-SHA256 key, or undefined to keep entries unauthenticated. */
  cacheKey: Buffer | undefined;
  /** How long an entry lives (ms). */
  cacheTtlMs: number;
  warn(message: string): void;
}

/** The listing cache on Redis (placeholder, see the module comment). */
export class RedisToolCache implements ToolCacheStore {
  constructor(readonly params: RedisToolCacheParams) {}

  get(_key: string): ToolCacheEntry | undefined {
    return undefined;
  }

  set(_key: string, _entry: ToolCacheEntry): void {}

  /** Releases what the cache holds (its subscription). */
  close(): void {}
}
