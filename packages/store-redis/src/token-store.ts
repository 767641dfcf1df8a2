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
 * @module
 */
import { McpCoreError, type StoredAuth, type TokenStore } from "@toolnexus/mcp-core";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { tokenKeys } from "./keys.js";
import type { LeaseManager } from "./lease.js";
import { DELETE_UNDER_LEASE, SET_UNDER_LEASE, SET_VERSIONED } from "./scripts.js";
import { clearEntry, openEntry, sealEntry } from "./token-envelope.js";

export interface RedisTokenStoreParams {
  connection: RedisConnection;
  leases: LeaseManager;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep entries in clear. */
  tokenKey: Buffer | undefined;
  warn(message: string): void;
}

/** How many versions a write tries when other writers keep going above it. */
const VERSION_TRIES = 5;
/** Most keys whose last seen version a worker remembers (the oldest remembered is forgotten first). */
const MAX_REMEMBERED_KEYS = 10_000;

/** Which server a store key (`<server URL> <client>`) is about, for a warning: its server URL. */
export function describeKey(key: string): string {
  const [server] = key.split(" ");
  return server && URL.canParse(server) ? new URL(server).href : "an unrecognized key";
}

/** The OAuth token store on Redis (see the module comment). */
export class RedisTokenStore implements TokenStore {
  /** Per Redis value key, the highest version this worker has read or written. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly params: RedisTokenStoreParams) {}

  async get(key: string): Promise<StoredAuth | undefined> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const raw = await this.send(["GET", keys.value]);
    return typeof raw === "string" ? this.decode(key, keys.value, raw) : undefined;
  }

  async set(key: string, value: StoredAuth): Promise<void> {
    await this.write(key, value);
  }

  async delete(key: string): Promise<void> {
    await this.write(key, null);
  }

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const { lease } = tokenKeys(this.params.keyPrefix, key);
    let running = false;
    try {
      return await this.params.leases.run(lease, () => {
        running = true;
        return fn();
      });
    } catch (error) {
      // Only the lease's own commands are mapped; what `fn` throws passes through as is.
      if (!running && error instanceof RedisUnavailableError) throw unavailable(error);
      throw error;
    }
  }

  /** Writes `value` (`null`: deletes), under the lease the current context holds, if any. */
  private async write(key: string, value: StoredAuth | null): Promise<void> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const lease = this.params.leases.current(keys.lease);
    const { tokenKey } = this.params;
    if (!tokenKey) {
      const encoded = value === null ? undefined : clearEntry(value);
      if (!lease) {
        await this.send(encoded === undefined ? ["DEL", keys.value] : ["SET", keys.value, encoded]);
        return;
      }
      const guarded =
        encoded === undefined
          ? ["EVAL", DELETE_UNDER_LEASE, "2", keys.value, keys.lease, lease.token]
          : ["EVAL", SET_UNDER_LEASE, "2", keys.value, keys.lease, encoded, lease.token];
      if ((await this.send(guarded)) !== 1) throw leaseLost(key);
      return;
    }
    let version = Math.max(Date.now(), (this.seen.get(keys.value) ?? 0) + 1);
    for (let tries = 0; tries < VERSION_TRIES; tries++) {
      const encoded = sealEntry(tokenKey, keys.value, version, value);
      const answer = await this.send([
        "EVAL",
        SET_VERSIONED,
        "2",
        keys.value,
        keys.lease,
        encoded,
        String(version),
        lease?.token ?? "",
      ]);
      if (answer === "ok") {
        this.remember(keys.value, version);
        return;
      }
      if (answer === "lost") throw leaseLost(key);
      const stored = Number(answer);
      if (!Number.isSafeInteger(stored) || stored + 1 > Number.MAX_SAFE_INTEGER)
        throw refused(key, "the entry in Redis carries a version no write can go above");
      version = stored + 1;
    }
    throw refused(key, `other writers went above its version ${VERSION_TRIES} times`);
  }

  private remember(redisKey: string, version: number): void {
    const last = this.seen.get(redisKey);
    if (last !== undefined && last >= version) return;
    this.seen.delete(redisKey); // re-inserted last: the map forgets the least recently seen first
    this.seen.set(redisKey, version);
    if (this.seen.size > MAX_REMEMBERED_KEYS) this.seen.delete(this.seen.keys().next().value as string);
  }

  private async send(args: string[]): Promise<unknown> {
    try {
      return await this.params.connection.command(args);
    } catch (error) {
      throw error instanceof RedisUnavailableError ? unavailable(error) : error;
    }
  }

  /** The entry, or undefined (a miss) for anything this worker cannot read or trust. */
  private decode(key: string, redisKey: string, raw: string): StoredAuth | undefined {
    const refuse = (why: string) => {
      this.params.warn(`Redis token store: the entry for ${describeKey(key)} ${why}; read as a miss`);
      return undefined;
    };
    const opened = openEntry(this.params.tokenKey, redisKey, raw);
    if (opened.kind === "refused") return refuse(opened.why);
    if (opened.kind === "sealed") {
      const last = this.seen.get(redisKey);
      if (last !== undefined && opened.version < last)
        return refuse(
          `carries version ${opened.version}, older than version ${last} this worker has already read or written (a replayed entry?)`,
        );
      this.remember(redisKey, opened.version);
      if (opened.value === null) return undefined; // deleted
    }
    return asStoredAuth(opened.value) ?? refuse("is not a valid token entry");
  }
}

function unavailable(error: RedisUnavailableError): McpCoreError {
  return new McpCoreError("AUTH_STORE_UNAVAILABLE", `The Redis token store: ${error.message}`, {
    cause: error,
  });
}

function refused(key: string, why: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_REFUSED",
    `Redis token store: the write for ${describeKey(key)} was refused: ${why}`,
  );
}

function leaseLost(key: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LEASE_LOST",
    `Redis token store: the write for ${describeKey(key)} was refused: its lease expired and another worker may hold a newer token`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` as a StoredAuth when it has the shape of one. */
function asStoredAuth(value: unknown): StoredAuth | undefined {
  if (!isRecord(value) || typeof value.savedAt !== "string") return undefined;
  if (
    value.tokens !== undefined &&
    (!isRecord(value.tokens) || typeof value.tokens.access_token !== "string")
  )
    return undefined;
  if (value.expiresAt !== undefined && typeof value.expiresAt !== "number") return undefined;
  return value as unknown as StoredAuth;
}
