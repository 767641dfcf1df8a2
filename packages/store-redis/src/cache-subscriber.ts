/**
 * The listing cache's subscriptions, on the stores' shared subscriber connection
 * (shared-subscriber.ts). On one Redis it listens on the cache channel; on a cluster it listens, with
 * `SSUBSCRIBE`, on the sharded channel of each listing the worker asked about (added as they come).
 * node-redis resubscribes after a reconnect (on a cluster, on the slot's new master after a
 * failover or a slot move); messages sent while it was away are lost, so each reconnect is
 * reported for the cache to re-read what it may have missed.
 * @module
 */
import type { SharedSubscriber } from "./shared-subscriber.js";

/** Subscriptions on channels added with `listen`; `close()` ends them (idempotent). */
export class CacheSubscriber {
  private readonly channels = new Set<string>();
  private readonly stopReconnect: () => void;
  private closed = false;

  constructor(
    private readonly shared: SharedSubscriber,
    private readonly onMessage: (message: string) => void,
    onReconnect: () => void,
  ) {
    this.stopReconnect = shared.onReconnect(onReconnect);
  }

  /** Subscribes to `channel` (once), as soon as the connection is up. */
  listen(channel: string): void {
    if (this.closed || this.channels.has(channel)) return;
    this.channels.add(channel);
    this.shared.listen(channel, this.deliver).catch(() => {
      // Closed meanwhile, or Redis refused the subscribe: nothing to deliver on it.
      this.channels.delete(channel);
    });
  }

  /** Ends this cache's subscriptions (the connection is the stores'). Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopReconnect();
    for (const channel of this.channels) this.shared.unlisten(channel, this.deliver);
    this.channels.clear();
  }

  private readonly deliver = (message: string): void => {
    if (!this.closed) this.onMessage(message);
  };
}
