/**
 * What one worker remembers of the token entries it has read or written, per Redis value key: the
 * highest version (sealed entries), so an older one put back is refused as a replay; and the digest
 * of the last value, so a lease is taken only over a value the worker has judged (token-adoption.ts)
 * and a held write can tell a failover's rollback from a later write (grant-hold.ts). Bounded: past
 * `MAX_REMEMBERED_KEYS` the least recently seen key is forgotten first.
 * @module
 */
import { createHash } from "node:crypto";

/** Most keys whose last seen version a worker remembers (the oldest remembered is forgotten first). */
const MAX_REMEMBERED_KEYS = 10_000;

/** The SHA-1 (hex) of a stored value, as Lua's `redis.sha1hex` computes it; "" for none. */
function digestOf(raw: string | undefined): string {
  return raw === undefined ? "" : createHash("sha1").update(raw, "utf8").digest("hex");
}

/** The versions and value digests one worker has seen (see the module comment). */
export class KnownEntries {
  /** Per Redis value key, the highest version this worker has read or written. */
  private readonly versions = new Map<string, number>();
  /** Per Redis value key, the digest of the value this worker last read or wrote. */
  private readonly digests = new Map<string, string>();

  /** The highest version of `redisKey` read or written, if any. */
  version(redisKey: string): number | undefined {
    return this.versions.get(redisKey);
  }

  /** The digest of the value of `redisKey` last read or written ("" for none), if any. */
  digest(redisKey: string): string | undefined {
    return this.digests.get(redisKey);
  }

  /** Remembers `raw` (undefined: none) as the value of `redisKey` last read or written. */
  noteValue(redisKey: string, raw: string | undefined): void {
    this.digests.delete(redisKey); // re-inserted last: the map forgets the least recently seen first
    this.digests.set(redisKey, digestOf(raw));
    if (this.digests.size > MAX_REMEMBERED_KEYS)
      this.digests.delete(this.digests.keys().next().value as string);
  }

  /** Remembers `version` of `redisKey` when it is above the one known. */
  noteVersion(redisKey: string, version: number): void {
    const last = this.versions.get(redisKey);
    if (last !== undefined && last >= version) return;
    this.versions.delete(redisKey); // re-inserted last: the map forgets the least recently seen first
    this.versions.set(redisKey, version);
    if (this.versions.size > MAX_REMEMBERED_KEYS)
      this.versions.delete(this.versions.keys().next().value as string);
  }
}
