/**
 * The options of `createRedisStores`, their defaults and their validation. A mistake throws at
 * creation with the option named and what was expected — never the secret's value.
 * @module
 */
import { isObject } from "@toolnexus/mcp-core/stores";
import { isClusterClient } from "./cluster-client.js";
import type { RedisClientLike } from "./connection.js";
import { DEFAULT_KEY_PREFIX } from "./keys.js";
import { DEFAULT_MAX_KEPT_RESULT_BYTES } from "./result-store.js";
import { isSentinelClient } from "./sentinel-client.js";
import { DEFAULT_TASK_RECORD_TTL_MS } from "./task-store.js";

/** A Redis Cluster to connect to: node-redis's `createCluster` options, trimmed to what the stores need. */
export interface RedisClusterStoreOptions {
  /** Some of the cluster's nodes (`redis://host:port`), from which the client discovers the rest. */
  rootNodes: string[];
  /**
   * Options for every node connection (node-redis's `defaults`): credentials (`username`,
   * `password`), `socket.tls`. The stores' own bounds (connect timeout, reconnect backoff, no
   * offline queue) apply unless given here.
   */
  defaults?: Record<string, unknown> | undefined;
}

/** A primary found through Redis Sentinel: node-redis's `createSentinel` options, trimmed. */
export interface RedisSentinelStoreOptions {
  /** The name the sentinels monitor the primary under (`sentinel monitor <name> …`). */
  name: string;
  /** Some of the sentinels, from which the client discovers the primary and the rest. */
  sentinelRootNodes: Array<{ host: string; port: number }>;
  /** Options for the connections to the primary (credentials, TLS), as node-redis's `nodeClientOptions`. */
  nodeClientOptions?: Record<string, unknown> | undefined;
  /** Options for the connections to the sentinels, as node-redis's `sentinelClientOptions`. */
  sentinelClientOptions?: Record<string, unknown> | undefined;
}

/** How many replicas must have a token write before the write returns (see `durability`). */
export interface RedisDurabilityOptions {
  /** Replicas that must acknowledge each token write. @default 1 (0: no wait) */
  replicas?: number | undefined;
  /** How long a write waits for them, in ms (then it returns anyway, with a warning). @default 100 */
  timeoutMs?: number | undefined;
  /**
   * How long a worker holds a token write no replica acknowledged, writing it again on whichever
   * primary is current (after a failover that lost it) until one does, in ms. @default 60000
   */
  holdMs?: number | undefined;
}

/** Options of {@link createRedisStores}. Give one of `url`, `client`, `cluster`, `sentinel`. */
export interface RedisStoresOptions {
  /** A Redis URL (`redis://[[user]:password@]host:port[/db]`, `rediss://` for TLS). */
  url?: string | undefined;
  /**
   * A node-redis client (`createClient()` from `redis`) instead of `url`. An open client is the
   * host's: the stores never close it. One not yet open is opened, and closed by `close()`. A
   * cluster client (`createCluster()`) or a Sentinel client (`createSentinel()`) is recognized and
   * used as such.
   */
  client?: RedisClientLike | object | undefined;
  /** A Redis Cluster: its root nodes (listing pushes then go over sharded pub/sub, Redis ≥ 7). */
  cluster?: RedisClusterStoreOptions | undefined;
  /** A primary followed through Redis Sentinel (the stores follow a promoted replica). */
  sentinel?: RedisSentinelStoreOptions | undefined;
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
  /**
   * How long a task record lives in Redis from its `put`, in ms: a task running longer is still
   * followed by its worker but no longer resumable by another. @default 86400000 (24 hours)
   */
  taskRecordTtlMs?: number | undefined;
  /**
   * The largest result the result store keeps, in UTF-8 bytes; a larger one is not kept (a
   * warning) and a stored value larger than one this size sealed is not read. @default 16777216 (16 MiB)
   */
  maxKeptResultBytes?: number | undefined;
  /**
   * After each token write, `WAIT replicas timeoutMs` on the primary (the slot's master on a
   * cluster), so a replica promoted by a failover holds the rotated refresh token. Fewer replicas
   * acknowledging within `timeoutMs` is one warning (`STORE_REPLICATION_LAGGING`), never a failed
   * write. `replicas: 0` turns it off.
   * @default { replicas: 1, timeoutMs: 100 } with `cluster` or `sentinel` (or such a client); off for one node
   */
  durability?: RedisDurabilityOptions | undefined;
  /** Receives the stores' warnings (connection lost and back, refused entries). @default console.warn */
  onWarning?: ((message: string) => void) | undefined;
}

/** The options with defaults applied. */
export interface ResolvedRedisStoresOptions {
  url: string | undefined;
  client: RedisClientLike | object | undefined;
  cluster: RedisClusterStoreOptions | undefined;
  sentinel: RedisSentinelStoreOptions | undefined;
  keyPrefix: string;
  secret: string | Uint8Array | undefined;
  connectTimeoutMs: number;
  lockTtlMs: number;
  lockWaitMs: number;
  cacheTtlMs: number;
  taskRecordTtlMs: number;
  maxKeptResultBytes: number;
  /** Replicas to `WAIT` for after a token write (0: none), and for how long (ms). */
  durability: { replicas: number; timeoutMs: number; holdMs: number };
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

function positiveBytes(
  options: RedisStoresOptions,
  field: keyof RedisStoresOptions,
  fallback: number,
): number {
  const value = options[field];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0)
    fail(field, "a positive integer (bytes)");
  return value;
}

function checkCluster(cluster: RedisClusterStoreOptions): void {
  if (!isObject(cluster)) fail("cluster", "an object with rootNodes");
  const { rootNodes, defaults } = cluster;
  if (
    !Array.isArray(rootNodes) ||
    rootNodes.length === 0 ||
    !rootNodes.every((node) => typeof node === "string" && /^rediss?:\/\//.test(node))
  )
    fail("cluster.rootNodes", "a non-empty array of URLs starting with redis:// or rediss://");
  if (defaults !== undefined && !isObject(defaults)) fail("cluster.defaults", "an object");
}

function checkSentinel(sentinel: RedisSentinelStoreOptions): void {
  if (!isObject(sentinel)) fail("sentinel", "an object with name and sentinelRootNodes");
  const { name, sentinelRootNodes, nodeClientOptions, sentinelClientOptions } = sentinel;
  if (typeof name !== "string" || name === "") fail("sentinel.name", "a non-empty string");
  if (
    !Array.isArray(sentinelRootNodes) ||
    sentinelRootNodes.length === 0 ||
    !sentinelRootNodes.every(
      (node) => isObject(node) && typeof node.host === "string" && Number.isInteger(node.port),
    )
  )
    fail("sentinel.sentinelRootNodes", "a non-empty array of { host, port }");
  if (nodeClientOptions !== undefined && !isObject(nodeClientOptions))
    fail("sentinel.nodeClientOptions", "an object");
  if (sentinelClientOptions !== undefined && !isObject(sentinelClientOptions))
    fail("sentinel.sentinelClientOptions", "an object");
}

/** `durability` with its defaults: on (1 replica, 100 ms) where there are replicas to wait for. */
function resolveDurability(
  given: RedisDurabilityOptions | undefined,
  replicated: boolean,
): { replicas: number; timeoutMs: number; holdMs: number } {
  if (given !== undefined && !isObject(given)) fail("durability", "an object with replicas and timeoutMs");
  const replicas: unknown = given?.replicas ?? (replicated ? 1 : 0);
  const timeoutMs: unknown = given?.timeoutMs ?? 100;
  if (typeof replicas !== "number" || !Number.isInteger(replicas) || replicas < 0)
    fail("durability.replicas", "a non-negative integer (0: no wait)");
  if (typeof timeoutMs !== "number" || !Number.isInteger(timeoutMs) || timeoutMs <= 0)
    fail("durability.timeoutMs", "a positive integer (ms)");
  const holdMs: unknown = given?.holdMs ?? 60_000;
  if (typeof holdMs !== "number" || !Number.isInteger(holdMs) || holdMs <= 0 || holdMs > 2_147_483_647)
    fail("durability.holdMs", "a positive integer (ms) no larger than 2147483647");
  return { replicas, timeoutMs, holdMs };
}

/** Validates `options` and applies the defaults; throws a `TypeError` naming the field. */
export function resolveOptions(options: RedisStoresOptions): ResolvedRedisStoresOptions {
  if (typeof options !== "object" || options === null) fail("options", "an object");
  const { url, client, cluster, sentinel, keyPrefix, secret, insecure, onWarning } = options;
  const targets = { url, client, cluster, sentinel };
  const given = Object.entries(targets).filter(([, value]) => value !== undefined);
  if (given.length === 0) fail("url", "a Redis URL, or give a client, cluster or sentinel");
  if (given.length > 1)
    fail(
      given[0]?.[0] ?? "url",
      `absent when a ${given[1]?.[0]} is given (give one of url, client, cluster, sentinel)`,
    );
  if (url !== undefined && (typeof url !== "string" || !/^rediss?:\/\//.test(url)))
    fail("url", "a string starting with redis:// or rediss://");
  const clientLike = client as Partial<RedisClientLike> | undefined;
  if (
    client !== undefined &&
    (typeof clientLike?.sendCommand !== "function" || typeof clientLike.on !== "function")
  )
    fail("client", "a node-redis client (createClient(), createCluster() or createSentinel() from redis)");
  if (cluster !== undefined) checkCluster(cluster);
  if (sentinel !== undefined) checkSentinel(sentinel);
  if (keyPrefix !== undefined && (typeof keyPrefix !== "string" || /[{}]/.test(keyPrefix)))
    fail("keyPrefix", "a string without braces (they would change the hash tags)");
  if (insecure !== undefined && typeof insecure !== "boolean") fail("insecure", "a boolean");
  if (secret !== undefined && typeof secret !== "string" && !(secret instanceof Uint8Array))
    fail("secret", "a string or bytes");
  if (onWarning !== undefined && typeof onWarning !== "function") fail("onWarning", "a function");
  const resolved: ResolvedRedisStoresOptions = {
    url,
    client,
    cluster,
    sentinel,
    keyPrefix: keyPrefix ?? DEFAULT_KEY_PREFIX,
    secret,
    connectTimeoutMs: positiveMs(options, "connectTimeoutMs", 5_000),
    lockTtlMs: positiveMs(options, "lockTtlMs", 15_000),
    lockWaitMs: positiveMs(options, "lockWaitMs", 10_000),
    cacheTtlMs: positiveMs(options, "cacheTtlMs", 7 * 24 * 60 * 60 * 1000),
    taskRecordTtlMs: positiveMs(options, "taskRecordTtlMs", DEFAULT_TASK_RECORD_TTL_MS),
    maxKeptResultBytes: positiveBytes(options, "maxKeptResultBytes", DEFAULT_MAX_KEPT_RESULT_BYTES),
    durability: resolveDurability(
      options.durability,
      cluster !== undefined || sentinel !== undefined || isClusterClient(client) || isSentinelClient(client),
    ),
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
