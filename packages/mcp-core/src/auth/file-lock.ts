/**
 * An exclusive lock on a path, held by one call at a time across the process and across every
 * process on the machine that uses the same path: an in-process queue per path, then a lock file
 * created with O_EXCL that names its holder. A lock file whose holder is gone is broken.
 * @module
 */
import { randomBytes } from "node:crypto";
import { readlinkSync } from "node:fs";
import { open, readFile, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { McpCoreError } from "../errors.js";

/** How long a lock is waited for and when a held one counts as abandoned. */
export interface FileLockTiming {
  /** Longest wait for the lock, in the queue of this process and for the file together. */
  waitMs: number;
  /** A lock file older than this is broken even when its holder seems alive (pid reuse, a hung host). */
  staleAfterMs: number;
}

/** What a lock file holds: enough to tell whether its holder still lives. */
interface LockHolder {
  pid: number;
  host: string;
  /**
   * The holder's PID namespace on Linux (`pid:[…]`): a container that shares the host name and the
   * directory but not the PID space must not judge the holder's pid. Absent elsewhere.
   */
  pidNamespace?: string | undefined;
  /** When the lock was taken, in ms since the epoch. */
  time: number;
  /** Tells this holding apart from a later one by the same process. */
  nonce: string;
}

/** A lock file as seen once: its content and the identity of the file that held it. */
interface LockSnapshot {
  holder: LockHolder | undefined;
  text: string;
  ino: number;
  mtimeMs: number;
}

const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 250;
/** A lock file is a few dozen bytes; more is not ours and is not read whole. */
const MAX_LOCK_FILE_BYTES = 4096;

const PID_NAMESPACE = ((): string | undefined => {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
})();

/** Per path, the promise the next in-process caller waits for. Shared by every store in the process. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `fn` while holding the lock on `path` and releases it when `fn` settles, also when it throws.
 * Not reentrant: a nested call for the same path waits for the outer one and times out.
 * Rejects with `TOKEN_STORE_LOCK_TIMEOUT` when the lock is not obtained within `timing.waitMs`.
 */
export async function withFileLock<T>(
  path: string,
  timing: FileLockTiming,
  fn: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timing.waitMs;
  const leaveQueue = await joinQueue(path, timing.waitMs);
  try {
    const holder = await acquireLockFile(path, deadline, timing);
    try {
      return await fn();
    } finally {
      await releaseLockFile(path, holder);
    }
  } finally {
    leaveQueue();
  }
}

/** Waits for this process's earlier callers on `path`; resolves with the function that lets the next one in. */
async function joinQueue(path: string, waitMs: number): Promise<() => void> {
  const previous = queues.get(path) ?? Promise.resolve();
  let leave!: () => void;
  const mine = new Promise<void>((resolve) => {
    leave = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(path, tail);
  void tail.then(() => {
    if (queues.get(path) === tail) queues.delete(path);
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    previous.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), waitMs);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    // The turn is given up: whoever queued after this call waits only for `previous`.
    leave();
    throw lockTimeout(path, waitMs, "held by another call of this process");
  }
  return leave;
}

async function acquireLockFile(path: string, deadline: number, timing: FileLockTiming): Promise<LockHolder> {
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    pidNamespace: PID_NAMESPACE,
    time: Date.now(),
    nonce: randomBytes(8).toString("hex"),
  };
  for (let attempt = 0; ; attempt++) {
    holder.time = Date.now();
    if (await tryCreate(path, holder)) return holder;
    const seen = await readLock(path);
    if (seen === undefined) continue; // released in between: try again at once
    if (isStale(seen, timing.staleAfterMs) && (await breakStale(path, seen, timing.staleAfterMs))) continue;
    const left = deadline - Date.now();
    if (left <= 0) {
      const by = seen.holder ? `held by pid ${seen.holder.pid} on ${seen.holder.host}` : "held";
      throw lockTimeout(path, timing.waitMs, by);
    }
    await sleep(Math.min(left, pollDelay(attempt)));
  }
}

/** Exponential with jitter, so processes polling the same lock spread out. */
function pollDelay(attempt: number): number {
  const ceiling = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(attempt, 16));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Creates the lock file only when none exists; false when another holder has it. */
async function tryCreate(path: string, holder: LockHolder): Promise<boolean> {
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

async function readLock(path: string): Promise<LockSnapshot | undefined> {
  try {
    const stats = await stat(path);
    const text = stats.size > MAX_LOCK_FILE_BYTES ? "" : await readFile(path, "utf8");
    return { holder: parseHolder(text), text, ino: stats.ino, mtimeMs: stats.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      typeof value?.pid === "number" &&
      typeof value.host === "string" &&
      typeof value.time === "number" &&
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
 * lock is older than `staleAfterMs` (a holder on another machine, a reused pid, an unreadable file).
 */
function isStale(seen: LockSnapshot, staleAfterMs: number): boolean {
  const takenAt = seen.holder?.time ?? seen.mtimeMs;
  if (Date.now() - takenAt > staleAfterMs) return true;
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
 * breaking it (the caller waits its turn as for any held lock). Breakers take turns through a
 * second lock file and look again under it, so one breaker cannot remove the fresh lock another
 * breaker just created in place of the stale one.
 */
async function breakStale(path: string, seen: LockSnapshot, staleAfterMs: number): Promise<boolean> {
  const breaker = `${path}.break`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(breaker, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process is breaking it; a breaker that died mid-way leaves an old file behind.
    const other = await readLock(breaker);
    if (other !== undefined && Date.now() - other.mtimeMs > staleAfterMs) await rm(breaker, { force: true });
    return false;
  }
  try {
    await handle.close();
    const now = await readLock(path);
    if (now !== undefined && now.ino === seen.ino && now.text === seen.text && now.mtimeMs === seen.mtimeMs)
      await rm(path, { force: true });
    return true;
  } finally {
    await rm(breaker, { force: true });
  }
}

/** Removes the lock file if it is still this holder's (a holder too slow may have been broken). */
async function releaseLockFile(path: string, holder: LockHolder): Promise<void> {
  try {
    const seen = await readLock(path);
    if (seen?.holder?.nonce === holder.nonce) await rm(path, { force: true });
  } catch {
    // The outcome of `fn` matters more to the caller; a lock left behind goes stale and is broken.
  }
}

function lockTimeout(path: string, waitMs: number, why: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LOCK_TIMEOUT",
    `Timed out after ${waitMs} ms waiting for the token store lock ${path}: it is ${why}`,
  );
}
