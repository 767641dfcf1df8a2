/**
 * A node-redis cluster client (`createCluster()` from `redis`) behind the interface the stores use
 * for one client: `sendCommand(args)` routed by the command's first key (every command of the
 * stores names one slot: the keys of one operation share a hash tag), `ready` / `error` events
 * that say when the cluster (or one of its nodes) is down and back, a first connect retried in
 * the background like a single client's, and sharded pub/sub (`SSUBSCRIBE`) for the listing cache.
 *
 * What node-redis does on its own, relied on here: a `MOVED` reply refreshes the slot map and
 * retries; a node that keeps failing to reconnect triggers a topology refresh (after 5 s by
 * default), and the sharded subscriptions of a master that left are made again on the slot's new
 * master; a slot migration (`SUNSUBSCRIBE` pushed by the server) resubscribes on the new owner.
 * Messages published meanwhile are lost: each `ready` after an outage lets the cache re-read.
 * @module
 */
import { EventEmitter } from "node:events";
import { BackgroundConnect } from "./background-connect.js";
import type { RedisClientLike } from "./connection.js";

/** What the adapter needs of a node-redis cluster client. */
export interface ClusterLike {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
  ): Promise<unknown>;
  sSubscribe(channel: string, listener: (message: string) => void): Promise<void>;
  sUnsubscribe(channel: string): Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  on(event: string, listener: (...args: any[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  off(event: string, listener: (...args: any[]) => void): unknown;
  destroy(): void;
  nodeClient: unknown;
}

/** Whether `client` is a node-redis cluster client (`createCluster()`), by its shape. */
export function isClusterClient(client: unknown): client is ClusterLike {
  const candidate = client as Partial<ClusterLike> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.nodeClient === "function" &&
    typeof candidate.sSubscribe === "function"
  );
}

/**
 * A command rejected with one of these was never sent (its node's connection is down or was
 * closed by a topology refresh): sending it again cannot run it twice.
 */
const NOT_SENT = new Set(["ClientOfflineError", "ClientClosedError"]);
/** First wait before sending a never-sent command again (ms); it doubles up to the second. */
const FIRST_RESEND_MS = 50;
const MAX_RESEND_MS = 500;

/** Commands of the stores that only read (the rest write). */
const READS = new Set(["GET"]);

/**
 * The key a command is routed by: `EVAL script numkeys key…` → the first key; `GET`, `SET`,
 * `DEL`, `SPUBLISH` … → their first argument. Undefined for a command without one.
 */
export function routingKey(args: readonly string[]): string | undefined {
  const name = args[0]?.toUpperCase();
  if (name === "EVAL" || name === "EVALSHA") return Number(args[2]) > 0 ? args[3] : undefined;
  return args[1];
}

/** The stores' view of one cluster client (see the module comment). */
export class ClusterClient implements RedisClientLike {
  /** The adapter's own events: `ready` and `error`, as a single client emits them. */
  private readonly events = new EventEmitter();
  private outage = false;
  private readonly connecting: BackgroundConnect;
  private destroyed = false;

  /**
   * @param cluster the cluster client; its `error` events are always handled from here on.
   * @param createDuplicate makes the cluster a subscriber runs on (a duplicate of this one).
   * @param resendForMs how long a command whose node is down is sent again (ms), while the
   *   cluster fails over to a replica and node-redis learns the new master.
   */
  constructor(
    readonly cluster: ClusterLike,
    private readonly createDuplicate: () => ClusterLike,
    private readonly resendForMs: number,
  ) {
    this.connecting = new BackgroundConnect(
      () => cluster.connect(),
      (error) => this.onError(error),
    );
    cluster.on("connect", this.onConnect);
    cluster.on("node-ready", this.onNodeReady);
    cluster.on("error", this.onError);
    cluster.on("node-error", this.onError);
    cluster.on("sharded-channel-moved-error", this.onError);
  }

  get isOpen(): boolean {
    return this.cluster.isOpen || this.connecting.pending;
  }

  get isReady(): boolean {
    return this.cluster.isReady;
  }

  /** Connects, retrying in the background (bounded backoff) until it succeeds or is destroyed. */
  connect(): Promise<unknown> {
    return this.connecting.start();
  }

  /**
   * Sends `args` to the master of its key's slot. A command that was never sent because that
   * master's connection is down is sent again (50 ms doubling to 500 ms) for up to `resendForMs`:
   * during a failover the slot's new master is learned within a few seconds, and a refresh then
   * waits for it instead of failing. A command that may have run is never sent again.
   */
  sendCommand(args: string[]): Promise<unknown> {
    return this.sendCommandTo(routingKey(args), args);
  }

  /** As `sendCommand`, to the master of `routeKey`'s slot (for a command without a key: `WAIT`). */
  async sendCommandTo(routeKey: string | undefined, args: string[]): Promise<unknown> {
    const readonly = READS.has(args[0]?.toUpperCase() ?? "");
    const deadline = Date.now() + this.resendForMs;
    for (let delay = FIRST_RESEND_MS; ; delay = Math.min(delay * 2, MAX_RESEND_MS)) {
      try {
        return await this.cluster.sendCommand(routeKey, readonly, args);
      } catch (error) {
        const notSent = error instanceof Error && NOT_SENT.has(error.constructor.name);
        if (!notSent || this.destroyed || Date.now() + delay > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  on(event: string, listener: (...args: any[]) => void): this {
    this.events.on(event, listener);
    return this;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  off(event: string, listener: (...args: any[]) => void): this {
    this.events.off(event, listener);
    return this;
  }

  /** Removes the listeners this adapter put on the cluster client (one the host keeps). */
  release(): void {
    this.cluster.off("connect", this.onConnect);
    this.cluster.off("node-ready", this.onNodeReady);
    this.cluster.off("error", this.onError);
    this.cluster.off("node-error", this.onError);
    this.cluster.off("sharded-channel-moved-error", this.onError);
  }

  destroy(): void {
    this.destroyed = true;
    this.connecting.stop();
    this.cluster.destroy();
  }

  /** A second cluster client for a subscriber (its own connections), adapted the same way. */
  duplicate(): ClusterClient {
    return new ClusterClient(this.createDuplicate(), this.createDuplicate, this.resendForMs);
  }

  /** `SSUBSCRIBE channel` on the shard that owns its slot. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    return this.cluster.sSubscribe(channel, listener);
  }

  /** `SUNSUBSCRIBE channel` on its shard. */
  unsubscribe(channel: string): Promise<void> {
    return this.cluster.sUnsubscribe(channel);
  }

  private readonly onConnect = (): void => {
    this.outage = false;
    this.events.emit("ready");
  };

  /** A node came back (or a new one took over) after an outage: one `ready`. */
  private readonly onNodeReady = (): void => {
    if (!this.outage || !this.cluster.isReady) return;
    this.outage = false;
    this.events.emit("ready");
  };

  private readonly onError = (error: unknown): void => {
    this.outage = true;
    if (this.events.listenerCount("error") > 0) this.events.emit("error", error);
  };
}
