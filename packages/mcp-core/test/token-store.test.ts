import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultAuthDir, fileTokenStore } from "../src/auth/file-token-store.js";
import type { StoredAuth } from "../src/auth/token-store.js";
import { isMcpCoreError, type McpCoreError } from "../src/errors.js";
import { tempDir } from "./support/harness.js";

const POSIX = process.platform !== "win32";
const KEY = "https://issuer.example|https://mcp.example/mcp|client-1";
const CANARY = "canary-access-token-5f1e";

function auth(accessToken = CANARY, extra: Partial<StoredAuth> = {}): StoredAuth {
  return {
    client: { client_id: "client-1" },
    tokens: { access_token: accessToken, token_type: "Bearer", refresh_token: "canary-refresh-token-77aa" },
    expiresAt: Date.now() + 60_000,
    savedAt: new Date().toISOString(),
    ...extra,
  };
}

const hash = (key: string) => createHash("sha256").update(key).digest("hex");
const entryFile = (dir: string, key = KEY) => join(dir, `${hash(key)}.json`);
const lockFile = (dir: string, key = KEY) => join(dir, `${hash(key)}.lock`);
const mode = (path: string) => statSync(path).mode & 0o777;

/** A store whose warnings are collected. */
function watchedStore(dir: string, options: Parameters<typeof fileTokenStore>[1] = {}) {
  const warnings: McpCoreError[] = [];
  const store = fileTokenStore(dir, { ...options, onWarning: (warning) => warnings.push(warning) });
  return { store, warnings };
}

/** Writes a token file for KEY by hand (chmod afterwards, so the umask does not interfere). */
function plant(dir: string, content: unknown, fileMode = 0o600): string {
  const file = entryFile(dir);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  chmodSync(file, fileMode);
  return file;
}

/** This process's PID namespace as a lock file names it (Linux only). */
const PID_NAMESPACE = process.platform === "linux" ? readlinkSync("/proc/self/ns/pid") : undefined;

/** The pid of a process that has exited. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ["-e", ""]);
  return run.pid as number;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

describe("file token store: entries", () => {
  it("should return what was set, and a miss after delete", async () => {
    const store = fileTokenStore(tempDir());
    const value = auth();

    await expect(store.get(KEY)).resolves.toBeUndefined();
    await store.set(KEY, value);
    await expect(store.get(KEY)).resolves.toEqual(value);
    await expect(store.get("another key")).resolves.toBeUndefined();
    await store.delete(KEY);
    await expect(store.get(KEY)).resolves.toBeUndefined();
    await expect(store.delete(KEY)).resolves.toBeUndefined();
  });

  it("should keep each key in its own file named by the key's SHA-256", async () => {
    const dir = tempDir();
    const store = fileTokenStore(dir);
    await store.set(KEY, auth("a"));
    await store.set("other", auth("b"));

    expect(readdirSync(dir).sort()).toEqual([`${hash(KEY)}.json`, `${hash("other")}.json`].sort());
    await expect(store.get(KEY)).resolves.toMatchObject({ tokens: { access_token: "a" } });
    await expect(store.get("other")).resolves.toMatchObject({ tokens: { access_token: "b" } });
  });

  it.runIf(POSIX)("should create the directory 0700 and each file 0600, whatever the umask", async () => {
    const dir = join(tempDir(), "nested", "auth");
    const previous = process.umask(0o000);
    try {
      await fileTokenStore(dir).set(KEY, auth());
    } finally {
      process.umask(previous);
    }
    expect(mode(dir)).toBe(0o700);
    expect(mode(entryFile(dir))).toBe(0o600);
  });

  it("should replace an entry atomically: a concurrent reader sees the old or the new value, never a miss", async () => {
    const dir = tempDir();
    const store = fileTokenStore(dir, { maxEntryBytes: 4 * 1024 * 1024 });
    // Large values make a write take many syscalls, so a non-atomic write would be seen half done.
    const big = (n: number) => auth(`${n}:${"x".repeat(512 * 1024)}`);
    await store.set(KEY, big(0));
    let writing = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (writing) {
        const value = await store.get(KEY);
        seen.push(value === undefined ? "miss" : (value.tokens?.access_token.split(":")[0] as string));
      }
    })();
    for (let n = 1; n <= 30; n++) await store.set(KEY, big(n));
    writing = false;
    await reader;

    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain("miss");
    expect(readdirSync(dir)).toEqual([`${hash(KEY)}.json`]); // no temp file left behind
  });

  it("should reject an entry larger than maxEntryBytes and keep the old one, naming no value", async () => {
    const store = fileTokenStore(tempDir(), { maxEntryBytes: 1024 });
    await store.set(KEY, auth());
    const error = await settle(store.set(KEY, auth(`${CANARY}${"y".repeat(2048)}`)));

    expect((error as Error).message).toBe("the token entry takes more than the limit of 1024 bytes");
    await expect(store.get(KEY)).resolves.toMatchObject({ tokens: { access_token: CANARY } });
  });

  it.each([
    ["corrupt JSON", "{ not json"],
    ["an empty file", ""],
    ["another version", { version: 2, key: KEY, auth: auth() }],
    ["another key's entry (a foreign file)", { version: 1, key: "someone else", auth: auth() }],
    ["no savedAt", { version: 1, key: KEY, auth: { tokens: auth().tokens } }],
    [
      "tokens without access_token",
      { version: 1, key: KEY, auth: auth("x", { tokens: { token_type: "Bearer" } as never }) },
    ],
    ["a client without client_id", { version: 1, key: KEY, auth: auth("x", { client: {} as never }) }],
    [
      "an expiresAt that is not a number",
      { version: 1, key: KEY, auth: auth("x", { expiresAt: "soon" as never }) },
    ],
    ["an array", [1, 2, 3]],
  ])("should read %s as a miss, without a warning", async (_name, content) => {
    const dir = tempDir();
    const { store, warnings } = watchedStore(dir);
    plant(dir, content);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("should validate its options with a clear TypeError", () => {
    expect(() => fileTokenStore(tempDir(), { lockWaitMs: -1 })).toThrow(
      "fileTokenStore: lockWaitMs must be a number of ms from 0 to at most 2147483647 ms",
    );
    expect(() => fileTokenStore(tempDir(), { lockStaleAfterMs: Number.NaN })).toThrow(TypeError);
    expect(() => fileTokenStore(tempDir(), { maxEntryBytes: 0 })).toThrow(
      "fileTokenStore: maxEntryBytes must be a positive whole number of bytes",
    );
  });
});

describe("file token store: trust", () => {
  it.runIf(POSIX)("should refuse a file writable by group or others: a miss, reported once", async () => {
    const dir = tempDir();
    const file = plant(dir, { version: 1, key: KEY, auth: auth() }, 0o666);
    const { store, warnings } = watchedStore(dir);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    await expect(store.get(KEY)).resolves.toBeUndefined();
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      [
        "TOKEN_STORE_REFUSED",
        `Refused the token store file ${file}: it is writable by group or others (mode 666)`,
      ],
    ]);
    expect(isMcpCoreError(warnings[0])).toBe(true);
  });

  it.runIf(POSIX)("should refuse a symbolic link, even to a good file", async () => {
    const dir = tempDir();
    const target = join(tempDir(), "elsewhere.json");
    writeFileSync(target, JSON.stringify({ version: 1, key: KEY, auth: auth() }), { mode: 0o600 });
    symlinkSync(target, entryFile(dir));
    const { store, warnings } = watchedStore(dir);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    expect(warnings.map((w) => w.message)).toEqual([
      `Refused the token store file ${entryFile(dir)}: it is a symbolic link`,
    ]);
  });

  it.runIf(POSIX)("should refuse a FIFO without blocking on it", async () => {
    const dir = tempDir();
    execFileSync("mkfifo", ["-m", "600", entryFile(dir)]);
    const { store, warnings } = watchedStore(dir);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    expect(warnings.map((w) => w.message)).toEqual([
      `Refused the token store file ${entryFile(dir)}: it is not a regular file`,
    ]);
  });

  it.runIf(POSIX && process.getuid?.() === 0)("should refuse a file owned by another user", async () => {
    const dir = tempDir();
    const file = plant(dir, { version: 1, key: KEY, auth: auth() });
    chownSync(file, 12345, 12345);
    const { store, warnings } = watchedStore(dir);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    expect(warnings.map((w) => w.message)).toEqual([
      `Refused the token store file ${file}: it is owned by uid 12345, not by the current user (0)`,
    ]);
  });

  it.runIf(POSIX)("should refuse a directory writable by others: reads miss and writes reject", async () => {
    const dir = tempDir();
    plant(dir, { version: 1, key: KEY, auth: auth() });
    chmodSync(dir, 0o777);
    const { store, warnings } = watchedStore(dir);

    await expect(store.get(KEY)).resolves.toBeUndefined();
    const error = await settle(store.set(KEY, auth("new")));
    expect(error).toMatchObject({
      code: "TOKEN_STORE_REFUSED",
      message: `Refused the token store directory ${dir}: it is writable by group or others (mode 777)`,
    });
    expect(warnings.map((w) => w.message)).toEqual([(error as Error).message]);
    chmodSync(dir, 0o700);
    await expect(store.get(KEY)).resolves.toMatchObject({ tokens: { access_token: CANARY } });
  });

  it.runIf(POSIX)("should name no value in a warning or an error", async () => {
    const dir = tempDir();
    plant(dir, { version: 1, key: KEY, auth: auth() }, 0o622);
    const { store, warnings } = watchedStore(dir, { maxEntryBytes: 300 });
    await store.get(KEY);
    const tooBig = await settle(store.set(KEY, auth(CANARY.repeat(20))));

    const texts = [...warnings.map((w) => w.message), (tooBig as Error).message];
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).not.toContain("canary");
      expect(text).not.toContain(KEY);
    }
  });
});

describe("file token store: withLock in one process", () => {
  it("should run read-increment-write cycles one at a time, losing no update", async () => {
    const dir = tempDir();
    // Two stores on one directory: the lock is per path, not per store object.
    const stores = [fileTokenStore(dir), fileTokenStore(dir)];
    let inside = 0;
    let most = 0;
    const cycle = async (i: number) =>
      (stores[i % 2] as ReturnType<typeof fileTokenStore>).withLock(KEY, async () => {
        inside++;
        most = Math.max(most, inside);
        const current = Number((await stores[0]?.get(KEY))?.tokens?.access_token ?? "0");
        await new Promise((resolve) => setImmediate(resolve));
        await stores[1]?.set(KEY, auth(String(current + 1)));
        inside--;
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => cycle(i)));

    expect(most).toBe(1);
    await expect(stores[0]?.get(KEY)).resolves.toMatchObject({ tokens: { access_token: "40" } });
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("should not make different keys wait for each other", async () => {
    const store = fileTokenStore(tempDir(), { lockWaitMs: 5_000 });
    const bInside = deferred();
    // A holds its lock until B is inside its own: if B waited for A this would time out.
    const a = store.withLock("a", async () => {
      await bInside.promise;
      return "a";
    });
    const b = store.withLock("b", async () => {
      bInside.resolve();
      return "b";
    });

    await expect(Promise.all([a, b])).resolves.toEqual(["a", "b"]);
  });

  it("should release the lock when fn throws, and pass the error on", async () => {
    const dir = tempDir();
    const store = fileTokenStore(dir, { lockWaitMs: 1_000 });
    const boom = new Error("refresh failed");

    await expect(store.withLock(KEY, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(existsSync(lockFile(dir))).toBe(false);
    await expect(store.withLock(KEY, async () => "next")).resolves.toBe("next");
  });

  it("should reject a wait longer than lockWaitMs, and let later callers in once the holder is done", async () => {
    const dir = tempDir();
    const store = fileTokenStore(dir, { lockWaitMs: 100 });
    const release = deferred();
    const entered = deferred();
    const holding = store.withLock(KEY, () => {
      entered.resolve();
      return release.promise;
    });
    await entered.promise;

    const error = await settle(store.withLock(KEY, async () => "never"));
    expect(error).toMatchObject({
      code: "TOKEN_STORE_LOCK_TIMEOUT",
      message: `Timed out after 100 ms waiting for the token store lock ${lockFile(dir)}: it is held by another call of this process`,
    });
    release.resolve();
    await holding;
    await expect(store.withLock(KEY, async () => "after")).resolves.toBe("after");
  });

  it("should leave no timer behind, after a success or a timeout", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const dir = tempDir();
    const before = timers();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now(), nonce: "n" }),
    );
    const store = fileTokenStore(dir, { lockWaitMs: 50 });
    await settle(store.withLock(KEY, async () => "never"));
    writeFileSync(lockFile(dir), "");
    utimesSync(lockFile(dir), new Date(0), new Date(0));
    await store.withLock(KEY, async () => "ok");

    // At most as many as before, not exactly: a timer an earlier test left to run out (a lock wait's
    // pause) may end during this one; one these calls left behind would make the count grow.
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe("file token store: lock files of other processes", () => {
  it("should wait for a lock held by a live process, then time out naming it", async () => {
    const dir = tempDir();
    const held = { pid: process.ppid, host: hostname(), time: Date.now(), nonce: "theirs" };
    writeFileSync(lockFile(dir), JSON.stringify(held));
    const error = await settle(fileTokenStore(dir, { lockWaitMs: 150 }).withLock(KEY, async () => "never"));

    expect(error).toMatchObject({
      code: "TOKEN_STORE_LOCK_TIMEOUT",
      message: `Timed out after 150 ms waiting for the token store lock ${lockFile(dir)}: it is held by pid ${process.ppid} on ${hostname()}`,
    });
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toEqual(held); // not broken, not released
  });

  it("should break a lock whose holder on this machine has died", async () => {
    const dir = tempDir();
    const holder = {
      pid: deadPid(),
      host: hostname(),
      pidNamespace: PID_NAMESPACE,
      time: Date.now(),
      nonce: "x",
    };
    writeFileSync(lockFile(dir), JSON.stringify(holder));

    await expect(fileTokenStore(dir, { lockWaitMs: 2_000 }).withLock(KEY, async () => "ran")).resolves.toBe(
      "ran",
    );
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("should not judge by pid a holder in another PID namespace of this machine (a container)", async () => {
    const dir = tempDir();
    const holder = {
      pid: deadPid(),
      host: hostname(),
      pidNamespace: "pid:[1]",
      time: Date.now(),
      nonce: "x",
    };
    writeFileSync(lockFile(dir), JSON.stringify(holder));
    const error = await settle(fileTokenStore(dir, { lockWaitMs: 100 }).withLock(KEY, async () => "never"));

    expect(error).toMatchObject({ code: "TOKEN_STORE_LOCK_TIMEOUT" });
  });

  it("should break a lock older than lockStaleAfterMs even when its holder lives (a reused pid, a hung host)", async () => {
    const dir = tempDir();
    const old = Date.now() - 2_000;
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: process.ppid, host: hostname(), time: old, nonce: "x" }),
    );
    const store = fileTokenStore(dir, { lockWaitMs: 2_000, lockStaleAfterMs: 1_000 });

    await expect(store.withLock(KEY, async () => "ran")).resolves.toBe("ran");
  });

  it("should not judge a holder on another machine by a local pid", async () => {
    const dir = tempDir();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: deadPid(), host: "another-host", time: Date.now(), nonce: "x" }),
    );
    const error = await settle(fileTokenStore(dir, { lockWaitMs: 100 }).withLock(KEY, async () => "never"));

    expect(error).toMatchObject({ code: "TOKEN_STORE_LOCK_TIMEOUT" });
  });

  it("should break an old unreadable lock file, and an old leftover of a breaker that died", async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFile(dir), "");
    writeFileSync(`${lockFile(dir)}.break`, "");
    utimesSync(lockFile(dir), new Date(0), new Date(0));
    utimesSync(`${lockFile(dir)}.break`, new Date(0), new Date(0));

    await expect(fileTokenStore(dir, { lockWaitMs: 2_000 }).withLock(KEY, async () => "ran")).resolves.toBe(
      "ran",
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("should wait while a fresh lock file is still empty (its holder is writing it)", async () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), "");
    const error = await settle(fileTokenStore(dir, { lockWaitMs: 100 }).withLock(KEY, async () => "never"));

    expect(error).toMatchObject({ code: "TOKEN_STORE_LOCK_TIMEOUT" });
  });
});

describe("defaultAuthDir", () => {
  it("should prefer $TOOLNEXUS_MCP_AUTH_DIR, then the platform's config directory", () => {
    expect(defaultAuthDir({ TOOLNEXUS_MCP_AUTH_DIR: "/x/auth", XDG_CONFIG_HOME: "/cfg" })).toBe("/x/auth");
    if (process.platform === "linux") {
      expect(defaultAuthDir({ XDG_CONFIG_HOME: "/cfg" })).toBe("/cfg/toolnexus-mcp/auth");
      expect(defaultAuthDir({})).toMatch(/\/\.config\/toolnexus-mcp\/auth$/);
    }
  });
});
