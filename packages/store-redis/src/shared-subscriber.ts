/**
 * The one subscriber connection of a store set (a subscribed connection can send no other command),
 * shared by the listing cache and the token store: opened at the first subscription (a duplicate of
 * the stores' client — `SUBSCRIBE` on one Redis or through Sentinel, `SSUBSCRIBE` on the channel's
 * shard on a cluster), with the subscriptions counted per channel — a channel is subscribed at its
 * first listener and unsubscribed at its last. node-redis subscribes again after a reconnect;
 * what was published meanwhile is lost, so each reconnect is reported to `onReconnect` listeners.
 * Its errors stay silent: the shared command connection reports outages.
 * @module
 */
import type { RedisClientLike } from "./connection.js";

/** A message listener: the message and the channel it came on. */
export type ChannelListener = (message: string, channel: string) => void;

/** What the subscriber needs beyond {@link RedisClientLike}: node-redis's pub/sub methods. */
interface PubSubClient extends RedisClientLike {
  duplicate(): PubSubClient;
  subscribe(channel: string, listener: ChannelListener): Promise<unknown>;
  unsubscribe?(channel: string): Promise<unknown>;
}

interface Subscription {
  listeners: Set<ChannelListener>;
  /** Settles once the subscription is active; rejects when it could not be made. */
  subscribed: Promise<void>;
}

/** The shared subscriber connection (see the module comment). */
export class SharedSubscriber {
  private client: PubSubClient | undefined;
  private connected: Promise<void> | undefined;
  private readonly channels = new Map<string, Subscription>();
  private readonly reconnectListeners = new Set<() => void>();
  private connectedOnce = false;
  private closed = false;

  constructor(private readonly parent: RedisClientLike) {}

  /**
   * Adds `listener` on `channel`; resolves once the channel's subscription is active, rejects when
   * it cannot be made (closed, a client without pub/sub) — the listener is then dropped.
   */
  listen(channel: string, listener: ChannelListener): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the stores are closed"));
    let known = this.channels.get(channel);
    if (!known) {
      const subscription: Subscription = { listeners: new Set(), subscribed: Promise.resolve() };
      subscription.subscribed = this.connect()
        .then(() => this.client?.subscribe(channel, this.dispatch))
        .then(() => {
          if (this.closed) throw new Error("the stores are closed");
        });
      subscription.subscribed.catch(() => {
        if (this.channels.get(channel) === subscription) this.channels.delete(channel);
      });
      known = subscription;
      this.channels.set(channel, known);
    }
    known.listeners.add(listener);
    return known.subscribed;
  }

  /** Removes `listener` from `channel`; the channel's last listener unsubscribes it. */
  unlisten(channel: string, listener: ChannelListener): void {
    const known = this.channels.get(channel);
    if (!known?.listeners.delete(listener) || known.listeners.size > 0) return;
    this.channels.delete(channel);
    const client = this.client;
    known.subscribed
      .then(
        () => client?.unsubscribe?.(channel),
        () => {},
      )
      .catch(() => {});
  }

  /** Calls `listener` at each reconnect of the subscriber connection (not its first connect). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Ends every subscription and closes the connection. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channels.clear();
    this.reconnectListeners.clear();
    this.destroyClient();
  }

  private connect(): Promise<void> {
    if (this.connected) return this.connected;
    const connecting = (async () => {
      const parent = this.parent as Partial<PubSubClient>;
      if (typeof parent.duplicate !== "function") throw new Error("the client cannot subscribe");
      const client = parent.duplicate.call(this.parent);
      client.on("error", () => {}); // outages are reported by the shared connection
      client.on("ready", this.onReady);
      this.client = client;
      await client.connect();
      if (this.closed) throw new Error("the stores are closed");
    })();
    this.connected = connecting;
    connecting.catch(() => {
      // Connecting failed: the next subscription opens a new connection.
      if (this.connected !== connecting) return;
      this.connected = undefined;
      this.destroyClient();
    });
    return connecting;
  }

  private destroyClient(): void {
    const client = this.client;
    this.client = undefined;
    this.connectedOnce = false;
    if (!client) return;
    client.off("ready", this.onReady);
    try {
      client.destroy();
    } catch {
      // Never connected: nothing to release.
    }
  }

  private readonly dispatch: ChannelListener = (message, channel) => {
    const known = this.channels.get(channel);
    if (!known) return;
    for (const listener of [...known.listeners]) listener(message, channel);
  };

  private readonly onReady = (): void => {
    if (this.connectedOnce && !this.closed) for (const listener of [...this.reconnectListeners]) listener();
    this.connectedOnce = true;
  };
}
