/**
 * Telling an emptied keyspace from a missing entry. The stores keep one marker key per prefix,
 * `<prefix>stores:marker`, holding a random value the first worker to find it absent writes (one
 * script: read it, or create it). Each worker remembers the value it found; when it later finds
 * another one (or creates it anew) the keys under the prefix were emptied — a `FLUSHALL`, a restart
 * without persistence, an eviction, a failover to a replica that had not synced — and the grants
 * stored there are gone. The marker is written at the token store's first use (a store set that
 * keeps no token leaves no marker); from then on each worker checks it at every reconnect and when
 * an entry it had read or written is gone, and says so in one warning per emptying (`STORE_KEYSPACE_EMPTIED`); the servers go to
 * `needs-auth` as for any missing grant. On a cluster the marker lives in one slot: a master that
 * restarts empty without it goes unnamed.
 * @module
 */
import { randomBytes } from "node:crypto";
import type { RedisConnection } from "./connection.js";
import { evalCommand } from "./scripts.js";

/** The warning's code, first in its text. */
export const KEYSPACE_EMPTIED = "STORE_KEYSPACE_EMPTIED";

/** KEYS[1] marker, ARGV[1] a fresh value: answers the marker's value, creating it when absent. */
const READ_OR_MARK = `local value = redis.call('GET', KEYS[1])
if value then return value end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]`;

/** The marker key of a prefix. */
export function markerKey(keyPrefix: string): string {
  return `${keyPrefix}stores:marker`;
}

export interface KeyspaceMarkerParams {
  connection: RedisConnection;
  keyPrefix: string;
  warn(message: string): void;
}

/** The marker of one store set (see the module comment). */
export class KeyspaceMarker {
  /** The marker's value this worker last found; undefined before the first check. */
  private seen: string | undefined;
  private checking: Promise<void> | undefined;

  constructor(private readonly params: KeyspaceMarkerParams) {}

  /** At the token store's first use: reads (or creates) the marker once. */
  arm(): void {
    if (this.seen === undefined && this.checking === undefined) void this.check();
  }

  /** At a reconnect: checks again, once the marker was armed. */
  recheck(): void {
    if (this.seen !== undefined) void this.check();
  }

  /** Reads (or creates) the marker and warns when it changed since the last check. Never rejects. */
  check(): Promise<void> {
    this.checking ??= this.readOrMark().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async readOrMark(): Promise<void> {
    const fresh = randomBytes(16).toString("base64url");
    let found: unknown;
    try {
      found = await this.params.connection.command(
        evalCommand(READ_OR_MARK, [markerKey(this.params.keyPrefix)], [fresh]),
      );
    } catch {
      return; // unreachable: the connection reports it, and the next (re)connect checks again
    }
    if (typeof found !== "string") return;
    const before = this.seen;
    this.seen = found;
    if (before === undefined || before === found) return;
    this.params.warn(
      `Redis stores: ${KEYSPACE_EMPTIED}: the keys under prefix ${JSON.stringify(this.params.keyPrefix)} were emptied (their marker was gone: a FLUSHALL, a restart without persistence, an eviction or a failover to a replica that had not synced); the OAuth grants stored there are lost and their servers go to needs-auth until someone authorizes again. Keep Redis persistent (AOF with appendfsync everysec) with maxmemory-policy noeviction or volatile-* (README, "Persistence")`,
    );
  }
}
