/**
 * An exclusive lock on a path, held by one call at a time across the process and across every
 * process on the machine that uses the same path: an in-process queue per path, then a lock file
 * created with O_EXCL that names its holder (lock-file.ts). While the call runs, its holder rewrites
 * the lock's time (a heartbeat), so a lock is stale only when its holder stopped: a lock file whose
 * holder is gone, or silent for `staleAfterMs`, is broken. Whatever else is at the path (a FIFO, a
 * link) is never opened to read or followed; every wait ends by `waitMs`.
 * @module
 */
import { randomBytes } from "node:crypto";
import { McpCoreError } from "../errors.js";
import {
  breakStale,
  createLockFile,
  describeLock,
  isStale,
  type LockHolder,
  newHolder,
  readLockFile,
  removeOwnLock,
  rewriteOwnLock,
} from "./lock-file.js";

/** How long a lock is waited for and when a held one counts as abandoned. */
export interface FileLockTiming {
  /** Longest wait for the lock, in the queue of this process and for the file together. */
  waitMs: number;
  /**
   * A lock whose time is further than this from now is broken even when its holder seems alive
   * (pid reuse, a hung host, a time in the future). Its holder beats well within it.
   */
  staleAfterMs: number;
  /** What the lock guards, as a timeout's message names it. @default "token store" */
  guards?: string | undefined;
}

const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 250;
/**
 * The heartbeat's period: a third of `staleAfterMs`, and at most a second, so a waiter configured
 * with a shorter `staleAfterMs` than the holder (down to 3 s) does not break a live lock either.
 */
const MAX_HEARTBEAT_MS = 1_000;
const MIN_HEARTBEAT_MS = 10;

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
  const leaveQueue = await joinQueue(path, timing);
  try {
    const holder = await acquireLockFile(path, deadline, timing);
    const heartbeat = startHeartbeat(path, holder, timing.staleAfterMs);
    try {
      return await fn();
    } finally {
      await heartbeat.stop();
      await releaseLockFile(path, holder);
    }
  } finally {
    leaveQueue();
  }
}

/** Waits for this process's earlier callers on `path`; resolves with the function that lets the next one in. */
async function joinQueue(path: string, timing: FileLockTiming): Promise<() => void> {
  const { waitMs } = timing;
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
    throw lockTimeout(path, timing, "held by another call of this process");
  }
  return leave;
}

async function acquireLockFile(path: string, deadline: number, timing: FileLockTiming): Promise<LockHolder> {
  const holder = newHolder(randomBytes(8).toString("hex"));
  for (let attempt = 0; ; attempt++) {
    holder.time = Date.now();
    if (await createLockFile(path, holder)) return holder;
    const seen = await readLockFile(path);
    // Released in between, or stale and broken: try again at once (while time is left).
    const cleared =
      seen === undefined ||
      (isStale(seen, timing.staleAfterMs) && (await breakStale(path, seen, timing.staleAfterMs)));
    const left = deadline - Date.now();
    if (left <= 0) throw lockTimeout(path, timing, describeLock(seen));
    if (!cleared) await sleep(Math.min(left, pollDelay(attempt)));
  }
}

/**
 * Rewrites the lock's time every period while `fn` runs (timers unref'd); `stop` ends it and waits
 * for a rewrite in progress, so none happens after the release. A rewrite that finds the lock no
 * longer this holder's (broken while this process was paused) ends the heartbeat.
 */
function startHeartbeat(path: string, holder: LockHolder, staleAfterMs: number): { stop(): Promise<void> } {
  const periodMs = Math.max(MIN_HEARTBEAT_MS, Math.min(MAX_HEARTBEAT_MS, Math.floor(staleAfterMs / 3)));
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(beat, periodMs);
    timer.unref();
  };
  const beat = () => {
    beating = rewriteOwnLock(path, holder).then(
      (mine) => {
        if (mine && !stopped) schedule();
      },
      () => {
        if (!stopped) schedule(); // a passing I/O error: the next beat may succeed
      },
    );
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await beating;
    },
  };
}

/** Exponential with jitter, so processes polling the same lock spread out. */
function pollDelay(attempt: number): number {
  const ceiling = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(attempt, 16));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Removes the lock file if it is still this holder's (a holder too slow may have been broken). */
async function releaseLockFile(path: string, holder: LockHolder): Promise<void> {
  try {
    await removeOwnLock(path, holder);
  } catch {
    // The outcome of `fn` matters more to the caller; a lock left behind goes stale and is broken.
  }
}

function lockTimeout(path: string, timing: FileLockTiming, why: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LOCK_TIMEOUT",
    `Timed out after ${timing.waitMs} ms waiting for the ${timing.guards ?? "token store"} lock ${path}: it is ${why}`,
  );
}
