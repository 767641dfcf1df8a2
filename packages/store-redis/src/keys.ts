/**
 * The key layout in Redis (SPEC.md, "Fleet stores on Redis"). Every key starts with the prefix;
 * the part in braces is the Redis Cluster hash tag, so a lease and the value it guards hash to one
 * slot and the compare-and-set scripts touch a single slot.
 * @module
 */
import { createHash } from "node:crypto";

/** The default `keyPrefix`. */
export const DEFAULT_KEY_PREFIX = "toolnexus:";

/**
 * The tag of one logical key: SHA-256 of it, hex, first 32 digits. Store keys hold URLs and
 * spaces (and could hold braces, which would break the hash tag); the digest keeps every Redis key
 * short, printable and brace-free.
 */
export function keyTag(kind: "tok" | "cache" | "res" | "pin" | "vec", key: string): string {
  return `{${kind}:${createHash("sha256").update(key).digest("hex").slice(0, 32)}}`;
}

/**
 * The Redis keys of one token store entry and of its lease, and the channel on which its writes
 * and lease releases are announced (one hash slot: the channel carries the same tag).
 */
export function tokenKeys(prefix: string, key: string): { value: string; lease: string; channel: string } {
  const tag = keyTag("tok", key);
  return {
    value: `${prefix}${tag}:value`,
    lease: `${prefix}${tag}:lease`,
    channel: `${prefix}${tag}:changed`,
  };
}

/** The Redis key of one listing cache entry (its key is the config fingerprint). */
export function cacheKey(prefix: string, fingerprint: string): string {
  return `${prefix}${keyTag("cache", fingerprint)}:entry`;
}

/** The Redis key of one tool vector entry (hybrid search; its key is the core's vector store key). */
export function vectorKey(prefix: string, key: string): string {
  return `${prefix}${keyTag("vec", key)}:entry`;
}

/** The pub/sub channel on which a listing write is announced (one Redis). */
export function cacheChannel(prefix: string): string {
  return `${prefix}cache:changed`;
}

/**
 * On a cluster, the sharded channel of one entry: in the entry's slot (the same hash tag), so
 * `SPUBLISH` goes to the shard holding the entry and reaches only the workers that subscribed to
 * that listing.
 */
export function cacheShardChannel(prefix: string, fingerprint: string): string {
  return `${prefix}${keyTag("cache", fingerprint)}:changed`;
}

/**
 * The Redis key of a kept result (`<prefix>{res:<h>}:value`, `h` from the handle). The handle is
 * untrusted text the model sends back: hashed, it only ever names a key of its own shape.
 */
export function resultKey(prefix: string, handle: string): string {
  return `${prefix}${keyTag("res", handle)}:value`;
}

/** The Redis key of one server's pins (its key is the core's pin key). No TTL: pins are kept. */
export function pinStoreKey(prefix: string, key: string): string {
  return `${prefix}${keyTag("pin", key)}:entry`;
}

/** The pub/sub channel on which a pin write (an approval) is announced (one Redis). */
export function pinChannel(prefix: string): string {
  return `${prefix}pin:changed`;
}

/** On a cluster, the sharded channel of one server's pins (in their slot). */
export function pinShardChannel(prefix: string, key: string): string {
  return `${prefix}${keyTag("pin", key)}:changed`;
}
