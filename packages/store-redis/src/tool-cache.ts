/**
 * The core's `ToolCacheStore` on Redis, live across the fleet: an announced store
 * (`announced-store.ts`) of listings, each the envelope of `cache-envelope.ts` under its config
 * fingerprint, with the cache's TTL. Redis down: `get` is a miss.
 * @module
 */
import type { ToolCacheStore } from "@toolnexus/mcp-core";
import type { ToolCacheEntry } from "@toolnexus/mcp-core/stores";
import { AnnouncedStore, type AnnouncedStoreParams } from "./announced-store.js";
import { decodeEnvelope, encodeEnvelope } from "./cache-envelope.js";
import { cacheKeys } from "./keys.js";

export interface RedisToolCacheParams extends AnnouncedStoreParams {
  /** The HMAC-SHA256 key, or undefined to keep entries unauthenticated. */
  cacheKey: Buffer | undefined;
  /** How long an entry lives (ms). */
  cacheTtlMs: number;
}

/** The listing cache on Redis (see the module comment). */
export class RedisToolCache extends AnnouncedStore<ToolCacheEntry> implements ToolCacheStore {
  constructor(params: RedisToolCacheParams) {
    super(params, {
      what: "tool cache",
      ...cacheKeys,
      encode: (entry, redisKey) => encodeEnvelope(entry, redisKey, params.cacheKey),
      decode: (value, fingerprint, redisKey) => decodeEnvelope(value, fingerprint, redisKey, params.cacheKey),
      ttlMs: params.cacheTtlMs,
      unavailable: () => undefined,
    });
  }
}
