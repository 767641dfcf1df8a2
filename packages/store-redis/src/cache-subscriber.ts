/**
 * The listing cache's subscription: a dedicated connection (a subscribed connection can send no
 * other command) on the cache channel. node-redis resubscribes it after a reconnect; messages sent
 * while it was away are lost, so each reconnect is reported for the cache to re-read what it may
 * have missed. Its errors are handled here and stay silent: the shared connection reports outages.
 * @module
 */
import type { RedisClientLike } from "./connection.js";

/** What the subscriber needs beyond {@link RedisClientLike}: node-redis's pub/sub methods. */
interface PubSubClient extends RedisClientLike {
  duplicate(): PubSubClient;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
}

/** One subscription on `channel`; `close()` ends it (idempotent). */
export class CacheSubscriber {
  private readonly client: PubSubClient;
  private connectedOnce = false;
  private closed = false;

  constructor(
    parent: RedisClientLike,
    channel: string,
    onMessage: (message: string) => void,
    private readonly onReconnect: () => void,
  ) {
    this.client = (parent as PubSubClient).duplicate();
    this.client.on("error", () => {});
    this.client.on("ready", this.onReady);
    this.client
      .connect()
      .then(() => (this.closed ? undefined : this.client.subscribe(channel, onMessage)))
      .catch(() => {
        // Closed before it connected, or Redis refused the subscribe: nothing to deliver.
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
