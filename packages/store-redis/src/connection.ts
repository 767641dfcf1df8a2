/**
 * The one Redis connection the stores share. Creating it never fails and never waits: the client
 * connects in the background and reconnects with bounded backoff; its `error` events are always
 * handled (one warning per outage, never an unhandled `error`). A command sent before the first
 * connection waits for it up to `connectTimeoutMs` from creation; after that, commands are not
 * queued while offline: they fail at once, so a caller learns the store is unreachable instead of
 * hanging.
 * @module
 */
import { printableSample } from "@toolnexus/mcp-core/stores";
import { createClient, ErrorReply } from "redis";

/** What the stores need of a node-redis client (`createClient()` from `redis` fits). */
export interface RedisClientLike {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  on(event: string, listener: (...args: any[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the EventEmitter signature node-redis declares
  off(event: string, listener: (...args: any[]) => void): unknown;
  destroy(): void;
  /** Detaches what the stores attached to a client they do not own (an adapter's listeners). */
  release?(): void;
}

/** A client that routes by key (a cluster's): sends `args` to the master of `routeKey`'s slot. */
export interface RoutedClient {
  sendCommandTo(routeKey: string, args: string[]): Promise<unknown>;
}

/** Reconnect backoff: 50 ms doubling up to this bound (ms), plus up to 100 ms of jitter. */
export const MAX_RECONNECT_DELAY_MS = 2_000;

/** The reconnect delay after `retries` failed attempts, in ms (bounded). */
export function reconnectDelayMs(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 10), MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 100);
}

/** Raised when a command cannot reach Redis (offline, closed, or no reply within the bound). */
export class RedisUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Redis is unreachable (${reason})`, options);
    this.name = "RedisUnavailableError";
  }
}

export interface ConnectionParams {
  url?: string | undefined;
  client?: RedisClientLike | undefined;
  /** Whether the client is a cluster's: listing pushes then go over sharded pub/sub. */
  sharded?: boolean | undefined;
  connectTimeoutMs: number;
  /** No command waits longer than this (ms) for its reply. */
  commandTimeoutMs: number;
  warn(message: string): void;
}

/** The shared connection: raw commands with a bounded wait, and `ready` listeners. */
export class RedisConnection {
  readonly client: RedisClientLike;
  /** Whether the client is a cluster's (sharded pub/sub, commands routed by key). */
  readonly sharded: boolean;
  private readonly ownsClient: boolean;
  private readonly readyListeners = new Set<() => void>();
  private outage = false;
  private closed = false;
  /** Until when a command waits for the first connection (ms since the epoch). */
  private readonly firstConnectBy: number;
  private firstReady: (() => void) | undefined;
  private readonly firstConnection: Promise<void>;

  constructor(private readonly params: ConnectionParams) {
    this.firstConnectBy = Date.now() + params.connectTimeoutMs;
    this.sharded = params.sharded === true;
    this.firstConnection = new Promise((resolve) => {
      this.firstReady = resolve;
    });
    if (params.client) {
      this.client = params.client;
      this.ownsClient = !params.client.isOpen;
    } else {
      this.client = createClient({
        ...(params.url === undefined ? {} : { url: params.url }),
        disableOfflineQueue: true,
        socket: { connectTimeout: params.connectTimeoutMs, reconnectStrategy: reconnectDelayMs },
      }) as unknown as RedisClientLike;
      this.ownsClient = true;
    }
    this.client.on("error", this.onError);
    this.client.on("ready", this.onReady);
    if (this.ownsClient) this.client.connect().catch(() => {}); // failures arrive as `error` events
  }

  /** Whether the client is connected and ready for commands now. */
  get ready(): boolean {
    return this.client.isReady;
  }

  /**
   * Sends one command; rejects with {@link RedisUnavailableError} when Redis cannot answer. A
   * command without a key (`WAIT`) goes, on a cluster, to the master of `routeKey`'s slot.
   */
  async command(args: string[], routeKey?: string): Promise<unknown> {
    if (this.closed) throw new RedisUnavailableError("the stores are closed");
    if (!this.client.isReady && this.firstReady) await this.awaitFirstConnection();
    if (!this.client.isReady) throw new RedisUnavailableError("not connected");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RedisUnavailableError(`no reply within ${this.params.commandTimeoutMs} ms`)),
        this.params.commandTimeoutMs,
      );
    });
    try {
      const routed = this.client as Partial<RoutedClient>;
      const sent =
        routeKey !== undefined && typeof routed.sendCommandTo === "function"
          ? routed.sendCommandTo(routeKey, args)
          : this.client.sendCommand(args);
      return await Promise.race([sent, timeout]);
    } catch (error) {
      if (error instanceof RedisUnavailableError) throw error;
      // A reply error (a script's, a wrong type) is Redis answering: passed on as is. By name too,
      // for a host's client from another copy of the package.
      if (error instanceof ErrorReply || (error instanceof Error && error.constructor.name === "ErrorReply"))
        throw error;
      throw new RedisUnavailableError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits for the first connection, until `connectTimeoutMs` after creation at most. */
  private async awaitFirstConnection(): Promise<void> {
    const left = this.firstConnectBy - Date.now();
    if (left <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstConnection,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, left);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Calls `listener` each time the client becomes ready (first connect and every reconnect). */
  onReadyChange(listener: () => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /** Detaches from the client; closes it when this connection opened it. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.readyListeners.clear();
    this.onReadyFirst(); // a command waiting for the first connection stops waiting
    this.client.off("ready", this.onReady);
    // The `error` listener stays: late events of a destroyed socket still find one.
    if (!this.ownsClient) {
      this.client.release?.();
      return;
    }
    try {
      this.client.destroy();
    } catch {
      // Already closed: nothing to release.
    }
  }

  private readonly onError = (error: unknown): void => {
    if (this.closed || this.outage) return;
    this.outage = true;
    const reason = printableSample(error instanceof Error ? error.message : String(error));
    this.params.warn(`Redis store: the connection is down (${reason}); reconnecting in the background`);
  };

  private onReadyFirst(): void {
    this.firstReady?.();
    this.firstReady = undefined;
  }

  private readonly onReady = (): void => {
    this.onReadyFirst();
    if (this.outage) this.params.warn("Redis store: the connection is back");
    this.outage = false;
    for (const listener of [...this.readyListeners]) listener();
  };
}
