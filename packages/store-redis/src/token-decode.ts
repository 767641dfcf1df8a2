/**
 * A token entry read from Redis, opened and judged (token-envelope.ts, SPEC §19.4.1, §19.8.8): a
 * sealed entry older than the version this worker has read or written is a miss (a replayed
 * entry), and one older than a version heard announced, or seen just after an outage that may have
 * rolled the entry back, fails the read for now (a failover lost the newer write).
 * @module
 */
import type { StoredAuth } from "@toolnexus/mcp-core";
import type { AnnouncedVersions } from "./announced-versions.js";
import { failoverError } from "./failover-errors.js";
import type { KnownEntries } from "./known-entries.js";
import type { ReplicaWait } from "./replica-wait.js";
import { asStoredAuth, openEntry } from "./token-envelope.js";
import { describeKey } from "./token-errors.js";

/** What a decode reads and notes. */
export interface DecodeContext {
  /** The AES-256-GCM key, or undefined for entries in clear. */
  tokenKey: Buffer | undefined;
  known: KnownEntries;
  announced: AnnouncedVersions;
  replicas: ReplicaWait;
  warn(message: string): void;
}

/** The entry, or undefined (a miss) for anything this worker cannot read or trust. */
export function decodeEntry(
  context: DecodeContext,
  key: string,
  redisKey: string,
  raw: string,
): StoredAuth | undefined {
  const refuse = (why: string) => {
    context.warn(`Redis token store: the entry for ${describeKey(key)} ${why}; read as a miss`);
    return undefined;
  };
  const opened = openEntry(context.tokenKey, redisKey, raw);
  if (opened.kind === "refused") return refuse(opened.why);
  if (opened.kind === "sealed") {
    const last = context.known.version(redisKey);
    // A newer version heard announced (never read: a failover lost it), or seen just after an outage.
    const rolledBack =
      context.announced.above(redisKey, opened.version) !== undefined ||
      (last !== undefined && opened.version < last && context.replicas.mayBeRolledBack(redisKey));
    if (rolledBack) throw failoverError(describeKey(key), "rolled-back");
    if (last !== undefined && opened.version < last)
      return refuse(
        `carries version ${opened.version}, older than version ${last} this worker has already read or written (a replayed entry?)`,
      );
    context.known.noteVersion(redisKey, opened.version);
    if (opened.value === null) return undefined; // deleted
  }
  return asStoredAuth(opened.value) ?? refuse("is not a valid token entry");
}
