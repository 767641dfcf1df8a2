/**
 * The core's `PinStore` on Redis, for a fleet: an announced store (`announced-store.ts`) of each
 * server's pins under its pin key, kept without a TTL. The value is `{"v":1,"entry":"<json>",
 * "mac":"…"}`, `mac` (HMAC-SHA256 of the text, bound to the Redis key) present with a secret: a
 * Redis writer without it cannot approve a drift (its entry is refused). An approval written by one
 * worker (or by `toolnexus-mcp approve` on this store) is announced and releases the held tools of
 * every worker. Redis down: `get` rejects — the server's pins are unknown, its listing is trusted
 * in that process only and nothing is written back over the pins kept in Redis.
 * @module
 */
import type { PinEntry, PinStore } from "@toolnexus/mcp-core/stores";
import { DEFAULT_MAX_PIN_ENTRY_BYTES, isPinEntry } from "@toolnexus/mcp-core/stores";
import { AnnouncedStore, type AnnouncedStoreParams, type Decoded } from "./announced-store.js";
import { readEnvelope, writeEnvelope } from "./cache-envelope.js";
import { pinKeys } from "./keys.js";

export interface RedisPinStoreParams extends AnnouncedStoreParams {
  /** The HMAC-SHA256 key, or undefined to keep pins unauthenticated. */
  pinKey: Buffer | undefined;
}

function encode(entry: PinEntry, redisKey: string, macKey: Buffer | undefined): string {
  const text = JSON.stringify(entry);
  if (Buffer.byteLength(text) > DEFAULT_MAX_PIN_ENTRY_BYTES) {
    throw new Error(`the pins take more than the limit of ${DEFAULT_MAX_PIN_ENTRY_BYTES} bytes`);
  }
  return writeEnvelope(text, redisKey, macKey);
}

function decode(value: string, key: string, redisKey: string, macKey: Buffer | undefined): Decoded<PinEntry> {
  const opened = readEnvelope(value, redisKey, macKey, DEFAULT_MAX_PIN_ENTRY_BYTES);
  if (!opened) return undefined;
  if ("refused" in opened) return { refused: opened.refused, server: undefined };
  try {
    const entry: unknown = JSON.parse(opened.text);
    return isPinEntry(entry, key) ? { entry } : undefined;
  } catch {
    return undefined;
  }
}

/** The pin store on Redis (see the module comment). */
export class RedisPinStore extends AnnouncedStore<PinEntry> implements PinStore {
  constructor(params: RedisPinStoreParams) {
    super(params, {
      what: "pin store",
      ...pinKeys,
      encode: (entry, redisKey) => encode(entry, redisKey, params.pinKey),
      decode: (value, key, redisKey) => decode(value, key, redisKey, params.pinKey),
      ttlMs: undefined,
      unavailable: () => {
        throw new Error(
          "the pin store on Redis could not be reached: this server's pins are unknown in this process",
        );
      },
    });
  }
}
