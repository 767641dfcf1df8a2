/**
 * A node-redis Sentinel client (`createSentinel()` from `redis`) behind the interface the stores
 * use for one client: every command goes to the primary Sentinel names; a first connect that
 * gives up is retried in the background like a single client's.
 *
 * What node-redis does on its own, relied on here: it listens to Sentinel's `switch-master`
 * (and `+sdown`, `+odown` …) and, on one, finds the promoted primary and reconnects to it; a
 * command sent while it does waits for the new primary (bounded by the stores' `connectTimeoutMs`,
 * after which that one call fails with `AUTH_STORE_UNAVAILABLE`); a command answered `READONLY`
 * (the old primary, demoted) is sent again to the new one; its pub/sub connection follows the
 * primary too. `ready` is emitted when the new topology is connected.
 * @module
 */
import { BackgroundConnect } from "./background-connect.js";
import type { RedisClientLike } from "./connection.js";

/** What the adapter needs of a node-redis Sentinel client. */
export interface SentinelLike {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  sendCommand(isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  on(event: string, listener: (...args: any[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  off(event: string, listener: (...args: any[]) => void): unknown;
  destroy(): Promise<unknown>;
  getSentinelNode: unknown;
}

/** Whether `client` is a node-redis Sentinel client (`createSentinel()`), by its shape. */
export function isSentinelClient(client: unknown): client is SentinelLike {
  const candidate = client as Partial<SentinelLike> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.getSentinelNode === "function" &&
    typeof candidate.sendCommand === "function"
  );
}

/** The stores' view of one Sentinel client (see the module comment). */
export class SentinelClient implements RedisClientLike {
  private readonly connecting: BackgroundConnect;

  /**
   * @param sentinel the Sentinel client.
   * @param createDuplicate makes the Sentinel client a subscriber runs on.
   */
  constructor(
    readonly sentinel: SentinelLike,
    private readonly createDuplicate: () => SentinelLike,
  ) {
    this.connecting = new BackgroundConnect(() => sentinel.connect());
  }

  get isOpen(): boolean {
    return this.sentinel.isOpen || this.connecting.pending;
  }

  get isReady(): boolean {
    return this.sentinel.isReady;
  }

  /** Connects, retrying in the background (bounded backoff) until it succeeds or is destroyed. */
  connect(): Promise<unknown> {
    // node-redis reports each failure as an `error` event already.
    return this.connecting.start();
  }

  /** Sends `args` to the primary (`isReadonly: false`: never to a replica). */
  sendCommand(args: string[]): Promise<unknown> {
    return this.sentinel.sendCommand(false, args);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  on(event: string, listener: (...args: any[]) => void): this {
    this.sentinel.on(event, listener);
    return this;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  off(event: string, listener: (...args: any[]) => void): this {
    this.sentinel.off(event, listener);
    return this;
  }

  destroy(): void {
    this.connecting.stop();
    this.sentinel.destroy().catch(() => {});
  }

  /** A second Sentinel client for a subscriber, adapted the same way. */
  duplicate(): SentinelClient {
    const duplicate = this.createDuplicate();
    duplicate.on("error", () => {});
    return new SentinelClient(duplicate, this.createDuplicate);
  }

  subscribe(channel: string, listener: (message: string) => void): Promise<unknown> {
    return this.sentinel.subscribe(channel, listener);
  }

  unsubscribe(channel: string): Promise<unknown> {
    return this.sentinel.unsubscribe(channel);
  }
}
