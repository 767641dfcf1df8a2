/**
 * The core's `TokenStore` on Redis. An entry is one string key holding an envelope (SPEC.md, "Entry
 * format"): with a secret the `StoredAuth` JSON is sealed (AES-256-GCM, bound to the Redis key);
 * without one it is kept in clear. `withLock` is a lease (lease.ts); a write made under a lease is
 * a compare-and-set against it. A store command that cannot reach Redis rejects with
 * `AUTH_STORE_UNAVAILABLE`, so a refresh never runs uncoordinated.
 * @module
 */
import { McpCoreError, type StoredAuth, type TokenStore } from "@toolnexus/mcp-core";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { tokenKeys } from "./keys.js";
import type { LeaseManager } from "./lease.js";
import { DELETE_UNDER_LEASE, SET_UNDER_LEASE } from "./scripts.js";
import { open, seal } from "./secret.js";

/** The stored envelope: `sealed` with a secret, `clear` without. */
type Envelope = { v: 1; sealed: string } | { v: 1; clear: StoredAuth };

export interface RedisTokenStoreParams {
  connection: RedisConnection;
  leases: LeaseManager;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep entries in clear. */
  tokenKey: Buffer | undefined;
  warn(message: string): void;
}

/** Which server a store key (`<server URL> <client>`) is about, for a warning: its server URL. */
export function describeKey(key: string): string {
  const [server] = key.split(" ");
  return server && URL.canParse(server) ? new URL(server).href : "an unrecognized key";
}

/** The OAuth token store on Redis (see the module comment). */
export class RedisTokenStore implements TokenStore {
  constructor(private readonly params: RedisTokenStoreParams) {}

  async get(key: string): Promise<StoredAuth | undefined> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const raw = await this.send(["GET", keys.value]);
    return typeof raw === "string" ? this.decode(key, keys.value, raw) : undefined;
  }

  async set(key: string, value: StoredAuth): Promise<void> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const encoded = this.encode(keys.value, value);
    const lease = this.params.leases.current(keys.lease);
    if (!lease) {
      await this.send(["SET", keys.value, encoded]);
      return;
    }
    const written = await this.send([
      "EVAL",
      SET_UNDER_LEASE,
      "2",
      keys.value,
      keys.lease,
      encoded,
      lease.token,
    ]);
    if (written !== 1) throw leaseLost(key);
  }

  async delete(key: string): Promise<void> {
    const keys = tokenKeys(this.params.keyPrefix, key);
    const lease = this.params.leases.current(keys.lease);
    if (!lease) {
      await this.send(["DEL", keys.value]);
      return;
    }
    const deleted = await this.send(["EVAL", DELETE_UNDER_LEASE, "2", keys.value, keys.lease, lease.token]);
    if (deleted !== 1) throw leaseLost(key);
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

  private async send(args: string[]): Promise<unknown> {
    try {
      return await this.params.connection.command(args);
    } catch (error) {
      throw error instanceof RedisUnavailableError ? unavailable(error) : error;
    }
  }

  private encode(redisKey: string, value: StoredAuth): string {
    const json = JSON.stringify(value);
    const { tokenKey } = this.params;
    const envelope: Envelope = tokenKey
      ? { v: 1, sealed: seal(tokenKey, json, redisKey) }
      : { v: 1, clear: value };
    return JSON.stringify(envelope);
  }

  /** The entry, or undefined (a miss) for anything this worker cannot read or trust. */
  private decode(key: string, redisKey: string, raw: string): StoredAuth | undefined {
    const envelope = parseJson(raw);
    const { tokenKey, warn } = this.params;
    const refuse = (why: string) => {
      warn(`Redis token store: the entry for ${describeKey(key)} ${why}; read as a miss`);
      return undefined;
    };
    if (!isRecord(envelope) || envelope.v !== 1) return refuse("is not in a known format");
    if (typeof envelope.sealed === "string") {
      if (!tokenKey) return refuse("is sealed with a secret and this worker has none");
      const json = open(tokenKey, envelope.sealed, redisKey);
      if (json === undefined) return refuse("does not open with this worker's secret");
      return asStoredAuth(parseJson(json)) ?? refuse("is not a valid token entry");
    }
    if (tokenKey) return refuse("was written without the secret");
    return asStoredAuth(envelope.clear) ?? refuse("is not a valid token entry");
  }
}

function unavailable(error: RedisUnavailableError): McpCoreError {
  return new McpCoreError("AUTH_STORE_UNAVAILABLE", `The Redis token store: ${error.message}`, {
    cause: error,
  });
}

function leaseLost(key: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LEASE_LOST",
    `Redis token store: the write for ${describeKey(key)} was refused: its lease expired and another worker may hold a newer token`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
