/**
 * `createRedisStores`: the listing cache, the token store, the task store, the kept-result store,
 * the pin store and the tool vector store on one Redis connection. Creating
 * them never fails because Redis is down (the client connects in the background); only a wrong
 * option throws.
 * @module
 */
import { RedisConnection } from "./connection.js";
import { KeyspaceMarker } from "./keyspace-marker.js";
import { LeaseManager } from "./lease.js";
import { type RedisStoresOptions, resolveOptions } from "./options.js";
import { RedisPinStore } from "./pin-store.js";
import { ReplicaWait } from "./replica-wait.js";
import { RedisResultStore } from "./result-store.js";
import { deriveKeys } from "./secret.js";
import { SharedSubscriber } from "./shared-subscriber.js";
import { storeClient } from "./store-client.js";
import { RedisTaskStore } from "./task-store.js";
import { RedisTokenStore } from "./token-store.js";
import { RedisToolCache } from "./tool-cache.js";
import { RedisToolVectorStore } from "./tool-vector-store.js";

/** The stores, to hand to `loadMcp(config, { toolCache, tokenStore })`. */
export interface RedisStores {
  /** The listing cache of lazy servers, shared (and live) across the fleet. */
  toolCache: RedisToolCache;
  /** The OAuth token store: leases across the fleet, values sealed with the secret. */
  tokenStore: RedisTokenStore;
  /** The task store: a task a worker started is resumed by one other worker after it dies. */
  taskStore: RedisTaskStore;
  /** The kept-result store: a result kept over the model's budget is read back on any worker. */
  results: RedisResultStore;
  /** The pin store (approved tool definitions): an approval on one worker releases every worker's held tools. */
  pinStore: RedisPinStore;
  /** Tool vectors of hybrid search (`@toolnexus/mcp-core/search`): a tool text is embedded once per fleet. */
  toolVectors: RedisToolVectorStore;
  /** Closes the stores and the connection they opened (a host's open client stays open). Idempotent. */
  close(): Promise<void>;
}

/**
 * Creates the stores on one connection to `url` (or on `client`, a `cluster`, a `sentinel`-followed
 * primary). Throws a `TypeError` naming the
 * option for a wrong option; never for an unreachable Redis.
 * @example
 * const stores = createRedisStores({ url: process.env.REDIS_URL, secret: process.env.TOOLNEXUS_SECRET });
 * const source = await loadMcp(config, { toolCache: stores.toolCache, tokenStore: stores.tokenStore });
 */
export function createRedisStores(options: RedisStoresOptions): RedisStores {
  const resolved = resolveOptions(options);
  const keys = resolved.secret === undefined ? undefined : deriveKeys(resolved.secret);
  const { warn, keyPrefix } = resolved;
  if (!keys) {
    warn(
      `Redis stores: no "secret" (insecure: true): OAuth tokens, task records and kept results are kept in clear in Redis and cached listings and pins are not authenticated`,
    );
  }
  const { client, sharded } = storeClient(resolved);
  const connection = new RedisConnection({
    url: resolved.url,
    client,
    sharded,
    connectTimeoutMs: resolved.connectTimeoutMs,
    commandTimeoutMs: resolved.connectTimeoutMs,
    warn,
  });
  const leases = new LeaseManager(connection, { ttlMs: resolved.lockTtlMs, waitMs: resolved.lockWaitMs });
  const subscriber = new SharedSubscriber(connection.client);
  const toolCache = new RedisToolCache({
    connection,
    subscriber,
    keyPrefix,
    cacheKey: keys?.cacheKey,
    cacheTtlMs: resolved.cacheTtlMs,
    connectTimeoutMs: resolved.connectTimeoutMs,
    warn,
  });
  const marker = new KeyspaceMarker({ connection, keyPrefix, warn });
  const stopMarking = connection.onReadyChange(() => marker.recheck());
  const replicas = new ReplicaWait({ connection, durability: resolved.durability, warn });
  const tokenStore = new RedisTokenStore({
    connection,
    subscriber,
    leases,
    keyPrefix,
    tokenKey: keys?.tokenKey,
    marker,
    replicas,
    warn,
  });
  const taskStore = new RedisTaskStore({
    connection,
    keyPrefix,
    taskKey: keys?.taskKey,
    leaseTtlMs: resolved.lockTtlMs,
    recordTtlMs: resolved.taskRecordTtlMs,
    warn,
  });
  const results = new RedisResultStore({
    connection,
    keyPrefix,
    resultKey: keys?.resultKey,
    maxBytes: resolved.maxKeptResultBytes,
    warn,
  });
  const pinStore = new RedisPinStore({
    connection,
    subscriber,
    keyPrefix,
    pinKey: keys?.pinKey,
    connectTimeoutMs: resolved.connectTimeoutMs,
    warn,
  });
  const toolVectors = new RedisToolVectorStore({
    connection,
    keyPrefix,
    cacheKey: keys?.cacheKey,
    ttlMs: resolved.cacheTtlMs,
    warn,
  });
  let closing: Promise<void> | undefined;
  return {
    toolCache,
    pinStore,
    toolVectors,
    tokenStore,
    taskStore,
    results,
    close: () => {
      stopMarking();
      closing ??= taskStore.close().then(() => {
        toolCache.close();
        pinStore.close();
        tokenStore.close();
        replicas.close();
        subscriber.close();
        connection.close();
      });
      return closing;
    },
  };
}
