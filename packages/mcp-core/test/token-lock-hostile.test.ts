/**
 * The file token store's lock against lock files it did not write: a FIFO (opening one for reading
 * blocks until a writer comes), a symbolic link (to a FIFO elsewhere), a `time` or an mtime far in
 * the future (never "fresh"), and a directory others may write in (refused before anything is
 * created in it). Each wait ends within its bound.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { fileTokenStore } from "../src/auth/file-token-store.js";
import { tempDir } from "./support/harness.js";

const POSIX = process.platform !== "win32";
const KEY = "https://issuer.example https://mcp.example/mcp client-1";
const lockFile = (dir: string) => join(dir, `${createHash("sha256").update(KEY).digest("hex")}.lock`);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Far above every lockWaitMs used here: a call still pending then is a hang, not a slow poll. */
const HANG_BOUND_MS = 5_000;

/** What the promise settled with (its value or its error), or "still pending" after `boundMs`. */
async function settleWithin(promise: Promise<unknown>, boundMs = HANG_BOUND_MS): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise((resolve) => {
    timer = setTimeout(() => resolve("still pending"), boundMs);
  });
  try {
    return await Promise.race([promise.catch((error: unknown) => error), pending]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A FIFO at `path`. Should a reader block on it (the bug), opening it read-write after the test lets
 * that reader go, so no thread of the pool stays stuck.
 */
function fifo(path: string): string {
  execFileSync("mkfifo", ["-m", "600", path]);
  onTestFinished(() => {
    if (!existsSync(path)) return;
    closeSync(openSync(path, constants.O_RDWR | constants.O_NONBLOCK));
  });
  return path;
}

describe.runIf(POSIX)("file token store: lock files it did not write", () => {
  it("should time out within lockWaitMs on a fresh FIFO as the lock, never opening it to read, and break an old one", async () => {
    const dir = tempDir();
    const lock = fifo(lockFile(dir));
    const store = fileTokenStore(dir, { lockWaitMs: 200, lockStaleAfterMs: 60_000 });

    const outcome = await settleWithin(store.withLock(KEY, async () => "ran"));
    expect(outcome).toMatchObject({
      code: "TOKEN_STORE_LOCK_TIMEOUT",
      message: `Timed out after 200 ms waiting for the token store lock ${lock}: it is not a regular file`,
    });
    expect(lstatSync(lock).isFIFO()).toBe(true); // fresh: left in place

    // Judged by its mtime like an unreadable lock: an old one is broken.
    utimesSync(lock, new Date(0), new Date(0));
    await expect(settleWithin(store.withLock(KEY, async () => "ran"))).resolves.toBe("ran");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("should not follow a symbolic link as the lock (here to a FIFO elsewhere), and break only the link once old", async () => {
    const dir = tempDir();
    const target = fifo(join(tempDir(), "elsewhere"));
    symlinkSync(target, lockFile(dir));
    const store = fileTokenStore(dir, { lockWaitMs: 200, lockStaleAfterMs: 60_000 });

    const outcome = await settleWithin(store.withLock(KEY, async () => "ran"));
    expect(outcome).toMatchObject({
      code: "TOKEN_STORE_LOCK_TIMEOUT",
      message: `Timed out after 200 ms waiting for the token store lock ${lockFile(dir)}: it is a symbolic link, not a lock file`,
    });

    lutimesSync(lockFile(dir), new Date(0), new Date(0));
    await expect(settleWithin(store.withLock(KEY, async () => "ran"))).resolves.toBe("ran");
    expect(readdirSync(dir)).toEqual([]);
    expect(lstatSync(target).isFIFO()).toBe(true); // the link went, not what it pointed to
  });

  it("should count a lock time further in the future than lockStaleAfterMs as stale, not fresh forever", async () => {
    const dir = tempDir();
    // A live holder of this machine (the test runner's parent) that claims to have taken it tomorrow.
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: process.ppid, host: hostname(), time: Date.now() + DAY_MS, nonce: "future" }),
    );
    const store = fileTokenStore(dir, { lockWaitMs: 2_000, lockStaleAfterMs: 1_000 });

    await expect(settleWithin(store.withLock(KEY, async () => "ran"))).resolves.toBe("ran");
  });

  it("should count an unreadable lock whose mtime is in the future as stale", async () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), "not json");
    const tomorrow = new Date(Date.now() + DAY_MS);
    utimesSync(lockFile(dir), tomorrow, tomorrow);
    const store = fileTokenStore(dir, { lockWaitMs: 2_000, lockStaleAfterMs: 1_000 });

    await expect(settleWithin(store.withLock(KEY, async () => "ran"))).resolves.toBe("ran");
  });

  it("should refuse to lock in a directory others may write, creating nothing there and not running fn", async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    let ran = false;
    const outcome = await settleWithin(
      fileTokenStore(dir, { lockWaitMs: 200 }).withLock(KEY, async () => {
        ran = true;
      }),
    );

    expect(outcome).toMatchObject({
      code: "TOKEN_STORE_REFUSED",
      message: `Refused the token store directory ${dir}: it is writable by group or others (mode 777)`,
    });
    expect(ran).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)("should refuse to lock in a directory another user owns", async () => {
    const dir = join(tempDir(), "theirs");
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 12345, 12345);
    const outcome = await settleWithin(
      fileTokenStore(dir, { lockWaitMs: 200 }).withLock(KEY, async () => "ran"),
    );

    expect(outcome).toMatchObject({
      code: "TOKEN_STORE_REFUSED",
      message: `Refused the token store directory ${dir}: it is owned by uid 12345, not by the current user (0)`,
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
