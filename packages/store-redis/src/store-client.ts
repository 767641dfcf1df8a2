/**
 * The client the stores run on, from the resolved options: a cluster (`cluster` or a cluster client
 * passed in) and a Sentinel-followed primary (`sentinel` or a Sentinel client passed in) are
 * adapted to the one-client interface of `connection.ts`; a plain client passes as is; `url`
 * leaves the client to the connection (undefined here).
 * @module
 */
import { createCluster, createSentinel } from "redis";
import { ClusterClient, type ClusterLike, isClusterClient } from "./cluster-client.js";
import { type RedisClientLike, reconnectDelayMs } from "./connection.js";
import type { ResolvedRedisStoresOptions } from "./options.js";
import { isSentinelClient, SentinelClient, type SentinelLike } from "./sentinel-client.js";

/** The client, and whether listing pushes go over sharded pub/sub (a cluster). */
export interface StoreClient {
  client: RedisClientLike | undefined;
  sharded: boolean;
}

/** Each node connection's bounds: the same as a single client's (see connection.ts). */
function nodeDefaults(connectTimeoutMs: number) {
  return {
    disableOfflineQueue: true,
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: reconnectDelayMs },
  };
}

/** Merges the host's node options over the stores' bounds, `socket` field by field. */
function withDefaults(connectTimeoutMs: number, given: Record<string, unknown> | undefined) {
  const base = nodeDefaults(connectTimeoutMs);
  const socket = given?.socket as Record<string, unknown> | undefined;
  return { ...base, ...given, socket: { ...base.socket, ...socket } };
}

/** The client for `resolved` (see the module comment). */
export function storeClient(resolved: ResolvedRedisStoresOptions): StoreClient {
  const { client, cluster, sentinel, connectTimeoutMs } = resolved;
  if (cluster) {
    // A subscriber's duplicate only discovers the topology and opens the shards' pub/sub connections.
    const create = (minimizeConnections: boolean) =>
      createCluster({
        rootNodes: cluster.rootNodes.map((url) => ({ url })),
        defaults: withDefaults(connectTimeoutMs, cluster.defaults),
        minimizeConnections,
        // A master that stops answering: ask the cluster who serves its slots after 1 s, not 5.
        topologyRefreshOnReconnectionAttemptStrategy: 1_000,
      }) as unknown as ClusterLike;
    return { client: new ClusterClient(create(false), () => create(true), connectTimeoutMs), sharded: true };
  }
  if (sentinel) {
    const create = () =>
      createSentinel({
        name: sentinel.name,
        sentinelRootNodes: sentinel.sentinelRootNodes,
        nodeClientOptions: withDefaults(connectTimeoutMs, sentinel.nodeClientOptions),
        ...(sentinel.sentinelClientOptions ? { sentinelClientOptions: sentinel.sentinelClientOptions } : {}),
      }) as unknown as SentinelLike;
    return { client: new SentinelClient(create(), create), sharded: false };
  }
  if (isClusterClient(client)) {
    const duplicate = () =>
      (client as unknown as { duplicate(o: object): ClusterLike }).duplicate({ minimizeConnections: true });
    return { client: new ClusterClient(client, duplicate, connectTimeoutMs), sharded: true };
  }
  if (isSentinelClient(client)) {
    const duplicate = () => (client as unknown as { duplicate(): SentinelLike }).duplicate();
    return { client: new SentinelClient(client, duplicate), sharded: false };
  }
  return { client: client as RedisClientLike | undefined, sharded: false };
}
