/**
 * `@toolnexus/store-redis`: the listing cache and the OAuth token store of `@toolnexus/mcp-core`
 * on Redis (or Valkey), shared by a fleet of workers.
 * @module
 */
export type { RedisClientLike } from "./connection.js";
export { createRedisStores, type RedisStores } from "./create-redis-stores.js";
export type { RedisStoresOptions } from "./options.js";
export type { RedisPinStore } from "./pin-store.js";
export type { RedisResultStore } from "./result-store.js";
export type { RedisTaskStore } from "./task-store.js";
export type { RedisTokenStore } from "./token-store.js";
export type { RedisToolCache } from "./tool-cache.js";
export type { RedisToolVectorStore } from "./tool-vector-store.js";
