/**
 * The lock file of {@link withFileLock} on disk: creating it (O_EXCL), looking at it without
 * trusting it (never following a link, never blocking on a FIFO), judging whether it is stale,
 * breaking a stale one, and rewriting one's own lock's time while holding it (the heartbeat).
 * @module
 */
import { constants, readlinkSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { NO_FOLLOW_NO_BLOCK, peekFile } from "./peek-file.js";

/** What a lock file holds: enough to tell whether its holder still lives. */
export interface LockHolder {
  pid: number;
  host: string;
  /**
   * The holder's PID namespace on Linux (`pid:[…]`): a container that shares the host name and the
   * directory but not the PID space must not judge the holder's pid. Absent elsewhere.
   */
  pidNamespace?: string | undefined;
  /** When the holder last said it holds the lock (taken, or a heartbeat since), in ms since the epoch. */
  time: number;
  /** Tells this holding apart from a later one by the same process. */
  nonce: string;
}

/** A lock file as seen once: its content, and the identity of what was at the path. */
export interface LockSnapshot {
  holder: LockHolder | undefined;
  text: string;
  /** Set when the path holds no regular file (a link, a FIFO…): not a lock any process wrote. */
  notAFile: "a symbolic link" | "not a regular file" | undefined;
  ino: number;
  mtimeMs: number;
}

/** A lock file is a few dozen bytes; more is not ours and is not read whole. */
const MAX_LOCK_FILE_BYTES = 4096;

const PID_NAMESPACE = ((): string | undefined => {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
})();

/** The holder this process writes for one holding of a lock. */
export function newHolder(nonce: string): LockHolder {
  return { pid: process.pid, host: hostname(), pidNamespace: PID_NAMESPACE, time: Date.now(), nonce };
}

/** Creates the lock file only when nothing is at `path` (not even a link); false when something is. */
export async function createLockFile(path: string, holder: LockHolder): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
  } catch (error) {
    // An empty lock would keep everyone waiting until it is stale.
    await handle.close();
    await rm(path, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

/** What is at `path` now, or undefined when nothing is. Never follows a link, never blocks. */
export async function readLockFile(path: string): Promise<LockSnapshot | undefined> {
  const seen = await peekFile(path, MAX_LOCK_FILE_BYTES);
  if (seen.kind === "missing") return undefined;
  if (seen.kind === "other")
    return { holder: undefined, text: "", notAFile: seen.what, ino: seen.ino, mtimeMs: seen.mtimeMs };
  return {
    holder: parseHolder(seen.text),
    text: seen.text,
    notAFile: undefined,
    ino: seen.ino,
    mtimeMs: seen.mtimeMs,
  };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      Number.isSafeInteger(value?.pid) &&
      (value?.pid as number) > 0 &&
      typeof value?.host === "string" &&
      Number.isFinite(value.time) &&
      typeof value.nonce === "string" &&
      (value.pidNamespace === undefined || typeof value.pidNamespace === "string")
    )
      return value as LockHolder;
  } catch {
    // An empty file is a lock whose holder has not written yet (or died first); its age decides.
  }
  return undefined;
}

/**
 * Stale: the holder is a process of this machine and PID namespace that no longer exists, or the
 * lock's time (its mtime when it holds no readable holder) is further than `staleAfterMs` from
 * now — in the past (a holder that stopped beating: another machine, a reused pid, a hung host) or
 * in the future (a clock or a file that says "fresh forever" is not believed).
 */
export function isStale(seen: LockSnapshot, staleAfterMs: number): boolean {
  const said = seen.holder?.time ?? seen.mtimeMs;
  if (Math.abs(Date.now() - said) > staleAfterMs) return true;
  const holder = seen.holder;
  return (
    holder !== undefined &&
    holder.host === hostname() &&
    holder.pidNamespace === PID_NAMESPACE &&
    !isAlive(holder.pid)
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the stale lock `seen`, unless it was replaced meanwhile; false when another process is
 * breaking it or it cannot be removed (a directory): the caller waits as for any held lock.
 * Breakers take turns through a second lock file and look again under it, so one breaker cannot
 * remove the fresh lock another breaker just created in place of the stale one. A link is removed,
 * never what it points to.
 */
export async function breakStale(path: string, seen: LockSnapshot, staleAfterMs: number): Promise<boolean> {
  const breaker = `${path}.break`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(breaker, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process is breaking it; a breaker that died mid-way leaves an old file behind.
    const other = await readLockFile(breaker);
    if (other !== undefined && Date.now() - other.mtimeMs > staleAfterMs) await rm(breaker, { force: true });
    return false;
  }
  try {
    await handle.close();
    const now = await readLockFile(path);
    if (now === undefined) return true;
    if (now.ino !== seen.ino || now.text !== seen.text || now.mtimeMs !== seen.mtimeMs) return true;
    await rm(path, { force: true });
    return true;
  } catch {
    return false;
  } finally {
    await rm(breaker, { force: true });
  }
}

/**
 * The heartbeat: rewrites the time in the lock file at `path` when it still holds `holder`'s nonce,
 * through the very file that was read (a lock another process created meanwhile is never touched).
 * False when the lock is no longer this holder's.
 */
export async function rewriteOwnLock(path: string, holder: LockHolder): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDWR | NO_FOLLOW_NO_BLOCK);
  } catch {
    return false;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_LOCK_FILE_BYTES) return false;
    const buffer = Buffer.alloc(MAX_LOCK_FILE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (parseHolder(buffer.subarray(0, bytesRead).toString("utf8"))?.nonce !== holder.nonce) return false;
    const text = Buffer.from(JSON.stringify({ ...holder, time: Date.now() }));
    // Same length as before in practice (13-digit times), so a reader sees the old text or the new.
    await handle.write(text, 0, text.length, 0);
    await handle.truncate(text.length);
    return true;
  } finally {
    await handle.close();
  }
}

/** Removes the lock file if it is still this holder's (a holder too slow may have been broken). */
export async function removeOwnLock(path: string, holder: LockHolder): Promise<void> {
  const seen = await readLockFile(path);
  if (seen?.holder?.nonce === holder.nonce) await rm(path, { force: true });
}

/** How a timeout names what held the lock. */
export function describeLock(seen: LockSnapshot | undefined): string {
  if (seen?.notAFile === "a symbolic link") return "a symbolic link, not a lock file";
  if (seen?.notAFile) return "not a regular file";
  return seen?.holder ? `held by pid ${seen.holder.pid} on ${seen.holder.host}` : "held";
}
