/**
 * The options of `createRedisStores`, their defaults and their validation. A mistake throws at
 * creation with the option named and what was expected — never the secret's value.
 * @module
 */
import type { RedisClientLike } from "./connection.js";
import { DEFAULT_KEY_PREFIX } from "./keys.js";

/** Options of {@link createRedisStores}. Give `url` or `client`. */
export interface RedisStoresOptions {
  /** A Redis URL (`redis://[[user]:password@]host:port[/db]`, `rediss://` for TLS). */
  url?: string | undefined;
  /**
   * A node-redis client (`createClient()` from `redis`) instead of `url`. An open client is the
   * host's: the stores never close it. One not yet open is opened, and closed by `close()`.
   */
  client?: RedisClientLike | undefined;
  /**
   * Prefix of every key and channel. One prefix per tenant keeps tenants' tokens apart.
   * @default "toolnexus:"
   */
  keyPrefix?: string | undefined;
  /**
   * At least 32 bytes (a string counts as UTF-8), typically from an environment variable: token
   * values are encrypted (AES-256-GCM, versioned against replays) and cache entries authenticated
   * (HMAC-SHA256). Required unless `insecure: true`.
   */
  secret?: string | Uint8Array | undefined;
  /**
   * Allows a missing `secret`: OAuth tokens are then kept in clear in Redis and cached listings are
   * not authenticated (one warning at creation). For a local Redis in development only; with a
   * `secret` given, it changes nothing.
   * @default false
   */
  insecure?: boolean | undefined;
  /**
   * Bound on connecting (each attempt) and on any one command's reply, in ms. @default 5000
   */
  connectTimeoutMs?: number | undefined;
  /** How long a token lease lives without renewal, in ms (renewed every third of it). @default 15000 */
  lockTtlMs?: number | undefined;
  /** How long `withLock` waits for a busy lease before `TOKEN_STORE_LOCK_TIMEOUT`, in ms. @default 10000 */
  lockWaitMs?: number | undefined;
  /** How long a cached listing lives, in ms. @default 604800000 (7 days) */
  cacheTtlMs?: number | undefined;
  /** Receives the stores' warnings (connection lost and back, refused entries). @default console.warn */
  onWarning?: ((message: string) => void) | undefined;
}

/** The options with defaults applied. */
export interface ResolvedRedisStoresOptions {
  url: string | undefined;
  client: RedisClientLike | undefined;
  keyPrefix: string;
  secret: string | Uint8Array | undefined;
  connectTimeoutMs: number;
  lockTtlMs: number;
  lockWaitMs: number;
  cacheTtlMs: number;
  warn: (message: string) => void;
}

const WHERE = "createRedisStores";

function fail(field: string, expected: string): never {
  throw new TypeError(`${WHERE}: "${field}" must be ${expected}`);
}

function positiveMs(options: RedisStoresOptions, field: keyof RedisStoresOptions, fallback: number): number {
  const value = options[field];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0)
    fail(field, "a positive integer (ms)");
  return value;
}

/** Validates `options` and applies the defaults; throws a `TypeError` naming the field. */
export function resolveOptions(options: RedisStoresOptions): ResolvedRedisStoresOptions {
  if (typeof options !== "object" || options === null) fail("options", "an object");
  const { url, client, keyPrefix, secret, insecure, onWarning } = options;
  if (url !== undefined && client !== undefined)
    fail("url", "absent when a client is given (give one of url, client)");
  if (url === undefined && client === undefined) fail("url", "a Redis URL, or give a client");
  if (url !== undefined && (typeof url !== "string" || !/^rediss?:\/\//.test(url)))
    fail("url", "a string starting with redis:// or rediss://");
  if (client !== undefined && (typeof client?.sendCommand !== "function" || typeof client.on !== "function"))
    fail("client", "a node-redis client (createClient() from redis)");
  if (keyPrefix !== undefined && (typeof keyPrefix !== "string" || /[{}]/.test(keyPrefix)))
    fail("keyPrefix", "a string without braces (they would change the hash tags)");
  if (insecure !== undefined && typeof insecure !== "boolean") fail("insecure", "a boolean");
  if (secret !== undefined && typeof secret !== "string" && !(secret instanceof Uint8Array))
    fail("secret", "a string or bytes");
  if (onWarning !== undefined && typeof onWarning !== "function") fail("onWarning", "a function");
  const resolved: ResolvedRedisStoresOptions = {
    url,
    client,
    keyPrefix: keyPrefix ?? DEFAULT_KEY_PREFIX,
    secret,
    connectTimeoutMs: positiveMs(options, "connectTimeoutMs", 5_000),
    lockTtlMs: positiveMs(options, "lockTtlMs", 15_000),
    lockWaitMs: positiveMs(options, "lockWaitMs", 10_000),
    cacheTtlMs: positiveMs(options, "cacheTtlMs", 7 * 24 * 60 * 60 * 1000),
    warn: onWarning ?? ((message) => console.warn(message)),
  };
  // Last, so a wrong field is named first: a missing secret is a choice the host must make openly.
  if (secret === undefined && insecure !== true)
    fail(
      "secret",
      "given (at least 32 bytes, e.g. from an environment variable), or pass insecure: true to keep OAuth tokens in clear in Redis and cached listings unauthenticated",
    );
  return resolved;
}
