/**
 * The Redis keys of the task store. A task's record and its lease share one hash tag
 * (`{task:<digest>}`), so they hash to one slot and the scripts of task-scripts.ts touch a single
 * slot on a cluster. The index of every task is one sorted set of its own (its members are the
 * digests, never a task id or a server key).
 * @module
 */
import { createHash } from "node:crypto";

/** The Redis keys of one task. */
export interface TaskKeys {
  /** The digest naming the task: the index member, and the inside of the hash tag. */
  readonly digest: string;
  /** The record (a task envelope, task-envelope.ts). */
  readonly record: string;
  /** The lease: the token of the store instance that follows the task. */
  readonly lease: string;
}

/** A digest as {@link taskDigest} makes it: 32 lowercase hex digits. */
export const TASK_DIGEST = /^[0-9a-f]{32}$/;

/**
 * The digest of a task: SHA-256 of its server key, a NUL and its id, hex, first 32 digits. Keys
 * stay short, printable and brace-free, and the task id (a handle on the server's work) is not
 * spelled out in any key.
 */
export function taskDigest(serverKey: string, taskId: string): string {
  return createHash("sha256").update(serverKey).update("\0").update(taskId).digest("hex").slice(0, 32);
}

/** The keys of the task whose digest is `digest`. */
export function taskKeysOf(prefix: string, digest: string): TaskKeys {
  const tag = `{task:${digest}}`;
  return { digest, record: `${prefix}${tag}:record`, lease: `${prefix}${tag}:lease` };
}

/** The keys of the task `taskId` of the server `serverKey`. */
export function taskKeys(prefix: string, serverKey: string, taskId: string): TaskKeys {
  return taskKeysOf(prefix, taskDigest(serverKey, taskId));
}

/** The sorted set of every task's digest, scored by when its record expires (ms since the epoch). */
export function taskIndexKey(prefix: string): string {
  return `${prefix}tasks:index`;
}
