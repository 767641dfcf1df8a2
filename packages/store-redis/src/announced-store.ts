/**
 * An entry store on Redis that announces every write, shared by the listing cache (`tool-cache.ts`)
 * and the pin store (`pin-store.ts`). An entry is one string key (its codec's envelope), with a TTL
 * when the codec has one; `set` writes it and announces it on the codec's channel (on a cluster, the
 * entry's sharded channel); `subscribe` hands every announced entry that decodes to the listeners,
 * and after the subscription comes back every entry asked about is read again (messages sent while
 * it was away are lost). Redis down: `get` answers the codec's `unavailable` after at most
 * `connectTimeoutMs`, and `set` writes nothing — the connection reports the outage once.
 * @module
 */
import { McpCoreError } from "@toolnexus/mcp-core";
import { type DecodedEntry, decodeMessage, encodeMessage } from "./cache-envelope.js";
import { CacheSubscriber } from "./cache-subscriber.js";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import type { AnnouncedKeys } from "./keys.js";
import type { SharedSubscriber } from "./shared-subscriber.js";

/** A decoded value: the entry, a miss (`undefined`), or a refusal saying why. */
export type Decoded<E> = DecodedEntry<E>;

/** Where one kind of entry lives (its {@link AnnouncedKeys}) and how it is sealed. */
export interface AnnouncedCodec<E> extends AnnouncedKeys {
  /** How messages name the store ("listing cache", "pin store"). */
  what: string;
  encode(entry: E, redisKey: string): string;
  decode(value: string, id: string, redisKey: string): Decoded<E>;
  /** How long an entry lives (ms), or undefined to keep it. */
  ttlMs: number | undefined;
  /** What `get` answers when Redis cannot be reached: a miss, or a rejection. */
  unavailable(id: string): E | undefined;
}

/** What the store needs of `createRedisStores`. */
export interface AnnouncedStoreParams {
  connection: RedisConnection;
  /** The stores' one subscriber connection. */
  subscriber: SharedSubscriber;
  keyPrefix: string;
  /** How long a `get` waits for a connection that is not ready yet (ms). */
  connectTimeoutMs: number;
  warn(message: string): void;
}

/** How a refusal reads in a warning: the server the entry claims, when it says one. */
const refusalMessage = (what: string, refused: string, server: string | undefined) =>
  `refused the ${what} entry in Redis${server === undefined ? "" : ` for server ${JSON.stringify(server)}`}: ${refused}`;

/**
 * A store of entries on Redis that announces every write (see the module comment); `E` is the
 * entry, the codec says where it lives and how it is sealed.
 */
export class AnnouncedStore<E> {
  private readonly listeners = new Set<(id: string, entry: E) => void>();
  /** Fingerprints asked about (read or written): re-read after a reconnect of the subscription. */
  private readonly known = new Set<string>();
  private subscriber: CacheSubscriber | undefined;
  private rereadPending = false;
  private readonly stopRereadOnReady: () => void;
  /** Settles waits for a connection when the cache closes. */
  private readonly waits = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly params: AnnouncedStoreParams,
    private readonly codec: AnnouncedCodec<E>,
  ) {
    this.stopRereadOnReady = params.connection.onReadyChange(() => void this.reread());
  }

  async get(fingerprint: string): Promise<E | undefined> {
    this.track(fingerprint);
    if (!(await this.connected())) return this.codec.unavailable(fingerprint);
    const key = this.codec.key(this.params.keyPrefix, fingerprint);
    let value: unknown;
    try {
      value = await this.params.connection.command(["GET", key]);
    } catch (error) {
      if (error instanceof RedisUnavailableError) return this.codec.unavailable(fingerprint);
      throw error;
    }
    if (typeof value !== "string") return undefined;
    const decoded = this.codec.decode(value, fingerprint, key);
    if (decoded && "refused" in decoded) {
      // The source turns a rejection into a miss and a warning naming its server.
      throw new McpCoreError(
        "CACHE_REFUSED",
        refusalMessage(this.codec.what, decoded.refused, decoded.server),
      );
    }
    return decoded?.entry;
  }

  async set(fingerprint: string, entry: E): Promise<void> {
    this.track(fingerprint);
    const key = this.codec.key(this.params.keyPrefix, fingerprint);
    const value = this.codec.encode(entry, key);
    if (!(await this.connected())) return;
    try {
      const ttl = this.codec.ttlMs === undefined ? [] : ["PX", String(this.codec.ttlMs)];
      await this.params.connection.command(["SET", key, value, ...ttl]);
      // On a cluster, the entry's own channel in the entry's slot: the same shard as the SET.
      await this.params.connection.command(
        this.params.connection.sharded
          ? [
              "SPUBLISH",
              this.codec.shardChannel(this.params.keyPrefix, fingerprint),
              encodeMessage(fingerprint, value),
            ]
          : ["PUBLISH", this.codec.channel(this.params.keyPrefix), encodeMessage(fingerprint, value)],
      );
    } catch (error) {
      // Offline: this worker keeps its listing in memory; the outage was reported once already.
      if (!(error instanceof RedisUnavailableError)) throw error;
    }
  }

  subscribe(listener: (id: string, entry: E) => void): () => void {
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
      if (!this.params.connection.sharded) this.subscriber.listen(this.codec.channel(this.params.keyPrefix));
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
      this.subscriber?.listen(this.codec.shardChannel(this.params.keyPrefix, fingerprint));
  }

  private onMessage(message: string): void {
    const announced = decodeMessage(message);
    if (!announced) return;
    const key = this.codec.key(this.params.keyPrefix, announced.fingerprint);
    this.deliver(announced.fingerprint, this.codec.decode(announced.value, announced.fingerprint, key));
  }

  private deliver(fingerprint: string, decoded: Decoded<E>): void {
    if (!decoded) return;
    if ("refused" in decoded) {
      this.params.warn(
        `Redis ${this.codec.what}: ${refusalMessage(this.codec.what, decoded.refused, decoded.server)} (ignored)`,
      );
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
        const key = this.codec.key(this.params.keyPrefix, fingerprint);
        const value = await this.params.connection.command(["GET", key]);
        if (typeof value === "string") this.deliver(fingerprint, this.codec.decode(value, fingerprint, key));
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
