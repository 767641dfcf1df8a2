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

/** The Redis key of one tool vector entry (hybrid search; its key is the core's vector store key). */
export function vectorKey(prefix: string, key: string): string {
  return `${prefix}${keyTag("vec", key)}:entry`;
}

/**
 * Where the entries of one announced store live (`announced-store.ts`): an entry under
 * `<prefix>{<kind>:<h>}:entry`, its write announced on `<prefix><kind>:changed` (one Redis) or, on a
 * cluster, on the entry's own sharded channel `<prefix>{<kind>:<h>}:changed` (the entry's hash tag:
 * `SPUBLISH` goes to the shard holding the entry and reaches only the workers that subscribed to it).
 */
export interface AnnouncedKeys {
  key(prefix: string, id: string): string;
  /** The channel of every write (one Redis). */
  channel(prefix: string): string;
  /** The sharded channel of one entry (a cluster). */
  shardChannel(prefix: string, id: string): string;
}

function announcedKeys(kind: "cache" | "pin"): AnnouncedKeys {
  return {
    key: (prefix, id) => `${prefix}${keyTag(kind, id)}:entry`,
    channel: (prefix) => `${prefix}${kind}:changed`,
    shardChannel: (prefix, id) => `${prefix}${keyTag(kind, id)}:changed`,
  };
}

/** The listing cache's keys (an entry's id is the config fingerprint). */
export const cacheKeys: AnnouncedKeys = announcedKeys("cache");

/** The pin store's keys (an entry's id is the core's pin key). No TTL: pins are kept. */
export const pinKeys: AnnouncedKeys = announcedKeys("pin");

/**
 * The Redis key of a kept result (`<prefix>{res:<h>}:value`, `h` from the handle). The handle is
 * untrusted text the model sends back: hashed, it only ever names a key of its own shape.
 */
export function resultKey(prefix: string, handle: string): string {
  return `${prefix}${keyTag("res", handle)}:value`;
}
