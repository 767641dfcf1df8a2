/**
 * The core's `ToolCacheStore` on Redis, live across the fleet. An entry is one string key (the
 * envelope of `cache-envelope.ts`) with a TTL; `set` writes it and announces it on the cache
 * channel; `subscribe` hands every announced entry that verifies to the source (which validates it
 * again and applies it to a lazy server that is not running). Redis down: `get` is a miss after at
 * most `connectTimeoutMs` and `set` writes nothing — the connection reports the outage once.
 * @module
 */
import { McpCoreError, type ToolCacheStore } from "@toolnexus/mcp-core";
import type { ToolCacheEntry, ToolCacheListener } from "@toolnexus/mcp-core/stores";
import {
  type Decoded,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
} from "./cache-envelope.js";
import { CacheSubscriber } from "./cache-subscriber.js";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { cacheChannel, cacheKey, cacheShardChannel } from "./keys.js";
import type { SharedSubscriber } from "./shared-subscriber.js";

export interface RedisToolCacheParams {
  connection: RedisConnection;
  /** The stores' one subscriber connection. */
  subscriber: SharedSubscriber;
  keyPrefix: string;
  /** The HMAC-SHA256 key, or undefined to keep entries unauthenticated. */
  cacheKey: Buffer | undefined;
  /** How long an entry lives (ms). */
  cacheTtlMs: number;
  /** How long a `get` waits for a connection that is not ready yet (ms). */
  connectTimeoutMs: number;
  warn(message: string): void;
}

/** How a refusal reads in a warning: the server the entry claims, when it says one. */
const refusalMessage = (refused: string, server: string | undefined) =>
  `refused the tool cache entry in Redis${server === undefined ? "" : ` for server ${JSON.stringify(server)}`}: ${refused}`;

/** The listing cache on Redis (see the module comment). */
export class RedisToolCache implements ToolCacheStore {
  private readonly listeners = new Set<ToolCacheListener>();
  /** Fingerprints asked about (read or written): re-read after a reconnect of the subscription. */
  private readonly known = new Set<string>();
  private subscriber: CacheSubscriber | undefined;
  private rereadPending = false;
  private readonly stopRereadOnReady: () => void;
  /** Settles waits for a connection when the cache closes. */
  private readonly waits = new Set<() => void>();
  private closed = false;

  constructor(private readonly params: RedisToolCacheParams) {
    this.stopRereadOnReady = params.connection.onReadyChange(() => void this.reread());
  }

  async get(fingerprint: string): Promise<ToolCacheEntry | undefined> {
    this.track(fingerprint);
    if (!(await this.connected())) return undefined;
    const key = cacheKey(this.params.keyPrefix, fingerprint);
    let value: unknown;
    try {
      value = await this.params.connection.command(["GET", key]);
    } catch (error) {
      if (error instanceof RedisUnavailableError) return undefined;
      throw error;
    }
    if (typeof value !== "string") return undefined;
    const decoded = decodeEnvelope(value, fingerprint, key, this.params.cacheKey);
    if (decoded && "refused" in decoded) {
      // The source turns a rejection into a miss and a warning naming its server.
      throw new McpCoreError("CACHE_REFUSED", refusalMessage(decoded.refused, decoded.server));
    }
    return decoded?.entry;
  }

  async set(fingerprint: string, entry: ToolCacheEntry): Promise<void> {
    this.track(fingerprint);
    const key = cacheKey(this.params.keyPrefix, fingerprint);
    const value = encodeEnvelope(entry, key, this.params.cacheKey);
    if (!(await this.connected())) return;
    try {
      await this.params.connection.command(["SET", key, value, "PX", String(this.params.cacheTtlMs)]);
      // On a cluster, the entry's own channel in the entry's slot: the same shard as the SET.
      await this.params.connection.command(
        this.params.connection.sharded
          ? [
              "SPUBLISH",
              cacheShardChannel(this.params.keyPrefix, fingerprint),
              encodeMessage(fingerprint, value),
            ]
          : ["PUBLISH", cacheChannel(this.params.keyPrefix), encodeMessage(fingerprint, value)],
      );
    } catch (error) {
      // Offline: this worker keeps its listing in memory; the outage was reported once already.
      if (!(error instanceof RedisUnavailableError)) throw error;
    }
  }

  subscribe(listener: ToolCacheListener): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    if (!this.subscriber) {
      this.subscriber = new CacheSubscriber(
        this.params.subscriber,
        (message) => this.onMessage(message),
        () => {
          this.rereadPending = true;
          void this.reread();
        },
      );
      if (!this.params.connection.sharded) this.subscriber.listen(cacheChannel(this.params.keyPrefix));
      for (const fingerprint of this.known) this.track(fingerprint);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.subscriber?.close();
      this.subscriber = undefined;
    };
  }

  /** Releases the subscription and settles every wait for the connection. Idempotent. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.subscriber?.close();
    this.subscriber = undefined;
    this.stopRereadOnReady();
    for (const settle of [...this.waits]) settle();
  }

  /** Remembers a fingerprint asked about; on a cluster, subscribes to its entry's channel. */
  private track(fingerprint: string): void {
    this.known.add(fingerprint);
    if (this.params.connection.sharded)
      this.subscriber?.listen(cacheShardChannel(this.params.keyPrefix, fingerprint));
  }

  private onMessage(message: string): void {
    const announced = decodeMessage(message);
    if (!announced) return;
    const key = cacheKey(this.params.keyPrefix, announced.fingerprint);
    this.deliver(
      announced.fingerprint,
      decodeEnvelope(announced.value, announced.fingerprint, key, this.params.cacheKey),
    );
  }

  private deliver(fingerprint: string, decoded: Decoded): void {
    if (!decoded) return;
    if ("refused" in decoded) {
      this.params.warn(`Redis listing cache: ${refusalMessage(decoded.refused, decoded.server)} (ignored)`);
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(fingerprint, decoded.entry);
      } catch {
        // The source reports its own failures; one listener must not starve the others.
      }
    }
  }

  /** After the subscription came back: reads every known entry again (messages may have been lost). */
  private async reread(): Promise<void> {
    if (!this.rereadPending || !this.params.connection.ready || this.closed) return;
    this.rereadPending = false;
    for (const fingerprint of this.known) {
      try {
        const key = cacheKey(this.params.keyPrefix, fingerprint);
        const value = await this.params.connection.command(["GET", key]);
        if (typeof value === "string") {
          this.deliver(fingerprint, decodeEnvelope(value, fingerprint, key, this.params.cacheKey));
        }
      } catch {
        this.rereadPending = true; // lost again: the next ready re-reads
        return;
      }
    }
  }

  /**
   * Whether the connection is ready, waiting for it while it is still connecting: true once ready,
   * false on its first error, after `connectTimeoutMs`, or when the cache closes.
   */
  private connected(): Promise<boolean> {
    const { connection, connectTimeoutMs } = this.params;
    if (connection.ready) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const settle = (ready: boolean) => {
        clearTimeout(timer);
        stopReady();
        connection.client.off("error", onError);
        this.waits.delete(onClose);
        resolve(ready);
      };
      const onError = () => settle(false);
      const onClose = () => settle(false);
      const timer = setTimeout(() => settle(connection.ready), connectTimeoutMs);
      const stopReady = connection.onReadyChange(() => settle(true));
      connection.client.on("error", onError);
      this.waits.add(onClose);
    });
  }
}
