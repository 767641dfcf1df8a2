/**
 * The listing cache's subscription: a dedicated connection (a subscribed connection can send no
 * other command). On one Redis it listens on the cache channel; on a cluster it listens, with
 * `SSUBSCRIBE`, on the sharded channel of each listing the worker asked about (added as they come).
 * node-redis resubscribes after a reconnect (on a cluster, on the slot's new master after a
 * failover or a slot move); messages sent while it was away are lost, so each reconnect is
 * reported for the cache to re-read what it may have missed. Its errors are handled here and stay
 * silent: the shared connection reports outages.
 * @module
 */
import type { RedisClientLike } from "./connection.js";

/** What the subscriber needs beyond {@link RedisClientLike}: node-redis's pub/sub methods. */
interface PubSubClient extends RedisClientLike {
  duplicate(): PubSubClient;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
}

/** Subscriptions on channels added with `listen`; `close()` ends them (idempotent). */
export class CacheSubscriber {
  private readonly client: PubSubClient;
  private readonly connection: Promise<unknown>;
  private readonly channels = new Set<string>();
  private connectedOnce = false;
  private closed = false;

  constructor(
    parent: RedisClientLike,
    private readonly onMessage: (message: string) => void,
    private readonly onReconnect: () => void,
  ) {
    this.client = (parent as PubSubClient).duplicate();
    this.client.on("error", () => {});
    this.client.on("ready", this.onReady);
    this.connection = this.client.connect();
    this.connection.catch(() => {
      // Closed before it connected: nothing to deliver.
    });
  }

  /** Subscribes to `channel` (once), as soon as the connection is up. */
  listen(channel: string): void {
    if (this.closed || this.channels.has(channel)) return;
    this.channels.add(channel);
    this.connection
      .then(() => (this.closed ? undefined : this.client.subscribe(channel, this.onMessage)))
      .catch(() => {
        // Closed meanwhile, or Redis refused the subscribe: nothing to deliver on it.
        this.channels.delete(channel);
      });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.client.off("ready", this.onReady);
    try {
      this.client.destroy();
    } catch {
      // Never connected: nothing to release.
    }
  }

  private readonly onReady = (): void => {
    if (this.connectedOnce && !this.closed) this.onReconnect();
    this.connectedOnce = true;
  };
}
