/**
 * The entries of shared grants, read again when another worker's write of them is announced, so a
 * worker due for a refresh that write made needless adopts it at once, with no round trip to Redis
 * on its wait (SPEC §19.3.7). A worker follows an entry from the first time the lease script shows
 * another worker writing it (a newer entry adopted, a lease busy): a grant only one worker uses is
 * never followed. The read is one `GET` per announced write, made when the announcement arrives —
 * before any worker is due again — instead of the lease script each due worker sent.
 *
 * The read is not taken as the value seen: the lease script's comparison stays with the value
 * the worker last judged, so a refresh that asks Redis adopts the newer entry without the lease,
 * as before. An entry read here is offered only until the next `written` announcement on its
 * channel (which starts the next read), while it is sealed and of the highest version this worker
 * knows (not older than one a lease script answered or its own refresh wrote since; an entry in
 * clear carries no version and is never offered), and while the subscription is active; a
 * reconnect of the subscriber connection forgets every entry read. Adopted, it becomes the value
 * seen. It is offered only to a caller that can go on with its own token (`skipIfBusy`: a
 * proactive refresh with more than half the skew left), whose `stillNeeded` adopts only a token
 * that is not due; a refresh still takes the lease over the value this worker has seen and reads
 * the entry again under it. So an entry that is no longer the latest (an announcement still on its
 * way) hands out at worst an older access token not yet due, and never a refresh token to spend.
 *
 * A lease another worker has announced `taken`, and not yet `written` or `released`, is known busy
 * for up to `lockTtlMs` from the announcement: a worker whose token is still good to send
 * (`skipIfBusy`) goes on with it without asking Redis (SPEC §19.3.7). Should the holder die or the
 * release be lost, such workers go on with tokens still good for at most that long; one whose
 * token has half the skew or less left never skips, and asks Redis. A reconnect forgets it too.
 * An announcement carries nothing to trust: a forged one costs a read, or that going on.
 * @module
 */
import type { KnownEntries } from "./known-entries.js";
import type { SharedSubscriber } from "./shared-subscriber.js";
import { MAX_CHANNELS, type TokenWatch } from "./token-watch.js";

export interface WrittenEntriesParams<E> {
  /** The stores' subscriber connection (its reconnects forget what was read). */
  subscriber: SharedSubscriber;
  /** The store's subscriptions (token-watch.ts). */
  watch(): TokenWatch;
  /** Reads the entry of the core's `storeKey` from Redis: its value, decoded, and its version (sealed). */
  read(storeKey: string): Promise<{ raw: string; entry: E | undefined; version: number | undefined }>;
  /** The versions this worker has read or written, and the value it last judged (the seen one). */
  known: Pick<KnownEntries, "noteValue" | "version">;
  /** How long a lease lives without renewal (ms): a `taken` heard counts that long at most. */
  lockTtlMs: number;
}

const VERSIONED = /^written (\d{1,16})$/;

interface Followed<E> {
  storeKey: string;
  valueKey: string;
  /** `written` announcements heard so far. */
  written: number;
  /** The entry read after the last of them, if that read has answered: its value and version. */
  entry: E | undefined;
  raw: string | undefined;
  version: number | undefined;
  /** When a `taken` was heard with no `written` or `released` since (performance.now()). */
  takenAt: number | undefined;
}

/** The followed entries of one token store (see the module comment). */
export class WrittenEntries<E> {
  private readonly followed = new Map<string, Followed<E>>();
  private readonly stopReconnects: () => void;
  private closed = false;

  constructor(private readonly params: WrittenEntriesParams<E>) {
    this.stopReconnects = params.subscriber.onReconnect(() => {
      for (const followed of this.followed.values()) {
        followed.entry = undefined;
        followed.takenAt = undefined;
      }
    });
  }

  /** Follows the entry announced on `channel` (once; the least recently followed are dropped first). */
  follow(channel: string, storeKey: string, valueKey: string): void {
    if (this.closed || this.followed.has(channel)) return;
    this.followed.set(channel, {
      storeKey,
      valueKey,
      written: 0,
      entry: undefined,
      raw: undefined,
      version: undefined,
      takenAt: undefined,
    });
    if (this.followed.size > MAX_CHANNELS) this.followed.delete(this.followed.keys().next().value as string);
    this.params.watch().follow(channel);
  }

  /** A message on a watched channel: an announced write of a followed entry is read again. */
  heard(channel: string, message: string): void {
    const followed = this.followed.get(channel);
    if (!followed) return;
    followed.takenAt = message === "taken" ? performance.now() : undefined;
    if (!message.startsWith("written")) return;
    followed.written++;
    followed.entry = undefined;
    // A version this worker wrote or has read already (its core holds that entry), or an entry in
    // clear (no version to order it by: never offered, so not read).
    const version = VERSIONED.exec(message)?.[1];
    if (version === undefined || Number(version) <= (this.params.known.version(followed.valueKey) ?? 0))
      return;
    const written = followed.written;
    this.params.read(followed.storeKey).then(
      (read) => {
        if (this.closed || followed.written !== written) return;
        followed.entry = read.entry;
        followed.raw = read.raw;
        followed.version = read.version;
      },
      () => {}, // Redis away, an entry a failover rolled back: the due worker asks Redis itself
    );
  }

  /**
   * What a due worker's `withLock` can be answered with locally, when it can go on with its own
   * token (`skipIfBusy`): the entry read after the last write announced on `channel` when it makes
   * the refresh needless (adopted), else another worker's lease announced taken (busy); undefined:
   * ask Redis. A caller that cannot go on (a 401, a token about to expire) always asks Redis: its
   * `stillNeeded` may take any other token, and the entry read here may be outdated by a write
   * whose announcement is still on its way — a token already expired (a retry refused, and the
   * server sent to `needs-auth`, in the 64-worker bench at load 20).
   */
  answer(
    channel: string,
    stillNeeded: (entry: E | undefined) => boolean,
    skipIfBusy: boolean | undefined,
  ): { kind: "adopted"; entry: E } | { kind: "busy" } | undefined {
    const followed = this.followed.get(channel);
    if (skipIfBusy !== true || !followed || !this.params.watch().watching(channel)) return undefined;
    const { takenAt } = followed;
    // Only a sealed entry of the highest version this worker knows: one it has read or written
    // since (a lease script's answer, its own refresh) is newer than the entry read here.
    const { entry: kept, raw, version, valueKey } = followed;
    if (kept !== undefined && raw !== undefined && version !== undefined) {
      const entry = structuredClone(kept); // the caller's own copy, as a read gives
      if (version === this.params.known.version(valueKey) && !stillNeeded(entry)) {
        this.params.known.noteValue(valueKey, raw); // judged: the next lease is taken over it
        return { kind: "adopted", entry };
      }
    }
    const busy = takenAt !== undefined && performance.now() - takenAt < this.params.lockTtlMs;
    return busy ? { kind: "busy" } : undefined;
  }

  /** Forgets every entry (the store is closing); reads still in flight are dropped. Idempotent. */
  close(): void {
    this.closed = true;
    this.followed.clear();
    this.stopReconnects();
  }
}
