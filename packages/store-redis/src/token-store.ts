/**
 * The core's `TokenStore` on Redis. An entry is one string key (token-envelope.ts): with a secret
 * the `StoredAuth` JSON is sealed (AES-256-GCM) and bound to the Redis key and to a version; without
 * one it is kept in clear. `withLock` is a lease (lease.ts); a write made under a lease is a
 * compare-and-set against it. A store command that cannot reach Redis rejects with
 * `AUTH_STORE_UNAVAILABLE`, so a refresh never runs uncoordinated.
 *
 * Versions (sealed entries): each write is sealed with a version above every version this worker
 * has seen for the key and above the stored one (a script refuses a write that would not be, and
 * the writer goes above what it answers), so the version Redis holds never goes down. A worker
 * remembers the highest version it has read or written per key and refuses, as a miss, a sealed
 * entry older than that: someone who can write to Redis but lacks the secret can put back bytes
 * they captured, but no worker that saw the newer entry takes them (they would hand it a spent,
 * rotating refresh token). A deletion is a sealed entry too (`null`), so it cannot be undone that way.
 *
 * No queue on a shared grant: a `withLock` given the core's `stillNeeded` goes through
 * token-adoption.ts — the lease only over a value this worker has read, else the newer value
 * adopted when it makes the refresh needless. An adopted function runs without the lease: its
 * `get` of the key answers the adopted entry, and a write of the key inside it is refused. Given
 * `skipIfBusy` too, a lease another worker holds resolves `undefined` at once without `fn`. An
 * entry another worker writes is followed and read at each announced write (written-entries.ts):
 * a due worker whose refresh that entry makes needless adopts it with no round trip.
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { McpCoreError, type StoredAuth, type TokenStore } from "@toolnexus/mcp-core";
import type { PendingAuthorization } from "@toolnexus/mcp-core/stores";
import { AnnouncedVersions } from "./announced-versions.js";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { failoverError } from "./failover-errors.js";
import { type HeldWrite, heldWrite } from "./grant-hold.js";
import { tokenKeys } from "./keys.js";
import type { KeyspaceMarker } from "./keyspace-marker.js";
import { KnownEntries } from "./known-entries.js";
import { type LeaseManager, publishCommand } from "./lease.js";
import { savePendingRequest, takePendingRequest } from "./pending-authorizations.js";
import type { ReplicaWait } from "./replica-wait.js";
import { evalCommand, RENEW_LEASE, SET_VERSIONED, WRITE_CLEAR } from "./scripts.js";
import type { SharedSubscriber } from "./shared-subscriber.js";
import { takeOrAdopt } from "./token-adoption.js";
import { type DecodeContext, decodeEntry } from "./token-decode.js";
import { clearEntry, sealEntry } from "./token-envelope.js";
import { adoptedWrite, describeKey, leaseLost, refused, unavailable } from "./token-errors.js";
import { TokenWatch } from "./token-watch.js";
import { WrittenEntries } from "./written-entries.js";

export interface RedisTokenStoreParams {
  connection: RedisConnection;
  /** The stores' one subscriber connection (for busy leases). */
  subscriber: SharedSubscriber;
  leases: LeaseManager;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep entries in clear. */
  tokenKey: Buffer | undefined;
  /** Checked when an entry this worker knew is gone (an emptied keyspace is named). */
  marker: KeyspaceMarker;
  /** Waits for the replicas after each write (durability). */
  replicas: ReplicaWait;
  warn(message: string): void;
}

/** How many versions a write tries when other writers keep going above it. */
const VERSION_TRIES = 5;

/** What the core may tell `withLock` (its `TokenLockOptions`, typed here so any core version fits). */
export interface RedisTokenLockOptions {
  stillNeeded?: ((stored: StoredAuth | undefined) => boolean) | undefined;
  /** With `stillNeeded`: a lease another worker holds resolves `undefined` at once, `fn` not run. */
  skipIfBusy?: boolean | undefined;
}

/** The entry an adopted function runs on (see the module comment). */
interface Adopted {
  valueKey: string;
  entry: StoredAuth | undefined;
}

/** The OAuth token store on Redis (see the module comment). */
export class RedisTokenStore implements TokenStore {
  /** The versions and value digests this worker has read or written, per Redis value key. */
  private readonly known = new KnownEntries();
  private readonly adopted = new AsyncLocalStorage<Adopted>();
  /** Versions heard announced on followed entries' channels (announced-versions.ts). */
  private readonly announced: AnnouncedVersions;
  private readonly decoding: DecodeContext;
  /** Entries of shared grants, read at each write another worker announces. */
  private readonly written: WrittenEntries<StoredAuth>;
  private watch: TokenWatch | undefined;
  private closed = false;

  constructor(private readonly params: RedisTokenStoreParams) {
    this.announced = new AnnouncedVersions(params.replicas.holdMs);
    const { tokenKey, replicas, warn } = params;
    this.decoding = { tokenKey, known: this.known, announced: this.announced, replicas, warn };
    this.written = new WrittenEntries({
      subscriber: params.subscriber,
      watch: () => this.watcher(),
      read: (key) => this.peek(key),
      known: this.known,
      lockTtlMs: params.leases.timing.ttlMs,
    });
  }

  async get(key: string): Promise<StoredAuth | undefined> {
    const adopted = this.adopted.getStore();
    if (adopted?.valueKey === tokenKeys(this.params.keyPrefix, key).value) return adopted.entry;
    return this.fetch(key);
  }

  /** Reads the entry from Redis, whatever the current context has adopted. */
  private async fetch(key: string): Promise<StoredAuth | undefined> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    await this.params.replicas.settled();
    this.params.marker.arm();
    const raw = await this.send(["GET", keys.value]);
    this.follow(keys);
    return this.read(key, keys.value, typeof raw === "string" ? raw : undefined);
  }

  /** A followed entry read at an announced write: opened as a read is, not taken as the value seen. */
  private async peek(key: string) {
    const keys = tokenKeys(this.params.keyPrefix, key);
    await this.params.replicas.settled();
    const raw = String((await this.send(["GET", keys.value])) ?? "");
    const entry = raw ? decodeEntry(this.decoding, key, keys.value, raw) : undefined;
    return { raw, entry, version: this.params.tokenKey ? this.known.version(keys.value) : undefined };
  }

  async set(key: string, value: StoredAuth): Promise<void> {
    await this.write(key, value);
  }

  async delete(key: string): Promise<void> {
    await this.write(key, null);
  }

  /**
   * Runs `fn` under the entry's lease. Given `options.stillNeeded` (the core's refresh), a worker
   * that finds the lease busy waits for the holder's write instead of its turn, and adopts it when
   * `stillNeeded` says the refresh is done (see the module comment).
   */
  async withLock<T>(key: string, fn: () => Promise<T>, options?: RedisTokenLockOptions): Promise<T> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const { leases } = this.params;
    const stillNeeded = options?.stillNeeded;
    let running = false;
    const since = this.params.replicas.generation;
    const run = async () => {
      // After the lease (its wait may span a failover): the entry `fn` reads again is then the one
      // a holder put back, not the rolled-back one whose refresh token is spent; and a lease taken
      // before an outage may be gone with the old primary, so it is confirmed before `fn` spends.
      await this.params.replicas.settled();
      const lease = leases.current(keys.lease);
      if (lease && this.params.replicas.generation !== since && !(await this.stillHeld(lease.token, keys)))
        throw failoverError(describeKey(key), "lease-gone");
      running = true;
      return fn();
    };
    try {
      if (typeof stillNeeded !== "function" || leases.current(keys.lease)) return await leases.run(keys, run);
      // A followed entry's announced write, or its lease announced taken, answers with no round trip.
      const acquired =
        this.written.answer(keys.channel, stillNeeded, options?.skipIfBusy) ??
        (await takeOrAdopt(
          { connection: this.params.connection, leases, watch: () => this.watcher() },
          {
            keys,
            seen: () => this.known.digest(keys.value) ?? "",
            read: (raw) => this.read(key, keys.value, raw),
            stillNeeded,
            skipIfBusy: options?.skipIfBusy,
          },
        ));
      if (acquired.kind === "taken") return await leases.hold(acquired.lease, run);
      this.written.follow(keys.channel, key, keys.value); // another worker writes this entry
      // Another worker's refresh in flight, and the caller can go on with its token (SPEC §19.3.6).
      if (acquired.kind === "busy") return undefined as T;
      return await this.adopted.run({ valueKey: keys.value, entry: acquired.entry }, run);
    } catch (error) {
      // Only the lease's own commands are mapped; what `fn` throws passes through as is.
      if (error instanceof RedisUnavailableError) this.params.replicas.disturbed();
      if (!running && error instanceof RedisUnavailableError) throw unavailable(error);
      throw error;
    }
  }

  /** Keeps a begun authorization request, sealed, for any worker to complete (pending-authorizations.ts). */
  savePendingAuthorization(key: string, state: string, value: PendingAuthorization, ttlMs: number) {
    return savePendingRequest(this.params, key, state, value, ttlMs);
  }

  /** Takes a begun authorization request: one worker of the fleet gets it. */
  takePendingAuthorization(key: string, state: string) {
    return takePendingRequest(this.params, key, state);
  }

  /** Ends the store's subscriptions (the connection is the stores'). Idempotent. */
  close(): void {
    this.closed = true;
    this.written.close();
    this.watch?.close();
  }

  /**
   * On a replicated Redis, listens to the entry's announcements from its first read on, so a write
   * a failover loses is known to be missing (announced-versions.ts).
   */
  private follow(keys: { value: string; channel: string }): void {
    if (!this.params.replicas.replicated) return;
    this.announced.follow(keys.channel, keys.value);
    this.watcher().follow(keys.channel);
  }

  private watcher(): TokenWatch {
    if (!this.watch) {
      this.watch = new TokenWatch(this.params.subscriber, (channel, message) => {
        this.announced.heard(channel, message, (valueKey) => this.known.version(valueKey));
        this.written.heard(channel, message);
      });
      if (this.closed) this.watch.close();
    }
    return this.watch;
  }

  /** Writes `value` (`null`: deletes), under the lease the current context holds, if any. */
  private async write(key: string, value: StoredAuth | null): Promise<void> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    if (this.adopted.getStore()?.valueKey === keys.value) throw adoptedWrite(key);
    this.params.marker.arm();
    const lease = this.params.leases.current(keys.lease);
    const { tokenKey } = this.params;
    // What this write replaces, for a hold that must tell a failover's rollback from a later write.
    const replaced = this.known.digest(keys.value);
    const held = (encoded: string, version: string) =>
      heldWrite(keys, describeKey(key), encoded, version, replaced);
    if (!tokenKey) {
      const encoded = value === null ? "" : clearEntry(value);
      const publish = publishCommand(this.params.connection);
      const args = [keys.value, keys.lease, encoded, lease?.token ?? "", keys.channel, publish];
      const write = encoded ? held(encoded, "") : undefined;
      if ((await this.sendWrite(write, ["EVAL", WRITE_CLEAR, "2", ...args])) !== 1)
        throw this.lost(key, write);
      this.known.noteValue(keys.value, encoded || undefined);
      await this.params.replicas.after(keys.value, write);
      return;
    }
    let version = Math.max(Date.now(), (this.known.version(keys.value) ?? 0) + 1);
    for (let tries = 0; tries < VERSION_TRIES; tries++) {
      const encoded = sealEntry(tokenKey, keys.value, version, value);
      const write = held(encoded, String(version));
      const publish = publishCommand(this.params.connection);
      const args = [encoded, String(version), lease?.token ?? "", keys.channel, publish];
      const answer = await this.sendWrite(write, evalCommand(SET_VERSIONED, [keys.value, keys.lease], args));
      if (answer === "ok") {
        this.known.noteVersion(keys.value, version);
        this.known.noteValue(keys.value, encoded);
        await this.params.replicas.after(keys.value, write);
        return;
      }
      if (answer === "lost") throw this.lost(key, write);
      const stored = Number(answer);
      if (!Number.isSafeInteger(stored) || stored + 1 > Number.MAX_SAFE_INTEGER)
        throw refused(key, "the entry in Redis carries a version no write can go above");
      version = stored + 1;
    }
    throw refused(key, `other writers went above its version ${VERSION_TRIES} times`);
  }

  /** A value read from Redis (undefined: none): its digest remembered as the last seen, decoded. */
  private read(key: string, redisKey: string, raw: string | undefined): StoredAuth | undefined {
    const known = this.known.digest(redisKey);
    if (raw === undefined && known !== undefined && known !== "") void this.params.marker.check();
    this.known.noteValue(redisKey, raw);
    return raw === undefined ? undefined : decodeEntry(this.decoding, key, redisKey, raw);
  }

  /**
   * A write refused because its lease is gone (expired, or lost with a failed-over primary): it
   * may carry a grant the authorization server has already rotated, so it is held — put back only
   * where the entry is still the one it replaced (grant-hold.ts) — and the caller gets the error.
   */
  private lost(key: string, write: HeldWrite | undefined): McpCoreError {
    if (!write || !this.params.replicas.unsure(write)) return leaseLost(key);
    return failoverError(describeKey(key), "write-held");
  }

  /** Whether this worker's lease of `keys` is still in Redis (renewed if so). */
  private async stillHeld(token: string, keys: { lease: string }): Promise<boolean> {
    const ttl = String(this.params.leases.timing.ttlMs);
    return (await this.send(["EVAL", RENEW_LEASE, "1", keys.lease, token, ttl])) === 1;
  }

  /** A token write; one Redis did not answer may have run, and is held (grant-hold.ts) all the same. */
  private async sendWrite(write: HeldWrite | undefined, args: string[]): Promise<unknown> {
    try {
      return await this.send(args);
    } catch (error) {
      if (write && error instanceof McpCoreError && error.code === "AUTH_STORE_UNAVAILABLE")
        this.params.replicas.unsure(write);
      throw error;
    }
  }

  private async send(args: string[]): Promise<unknown> {
    try {
      return await this.params.connection.command(args);
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      this.params.replicas.disturbed(); // an outage: maybe a failover that lost another worker's write
      throw unavailable(error);
    }
  }
}
