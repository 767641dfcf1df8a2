/**
 * The file token store shared by real processes: each child is `node` running a small module that
 * imports the built store (`dist/`, built before the tests run).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it, onTestFinished } from "vitest";
import { fileTokenStore } from "../src/auth/file-token-store.js";
import { tempDir } from "./support/harness.js";

const STORE = pathToFileURL(fileURLToPath(new URL("../dist/auth/file-token-store.js", import.meta.url))).href;
const KEY = "https://issuer.example|https://mcp.example/mcp|client-1";

/**
 * Waits for `<barrier>/go`, then runs `cycles` read-increment-write cycles on KEY under `withLock`
 * (a pause between the read and the write widens the window a lost update needs). With `hold`, it
 * takes the lock once, writes `<barrier>/held` and never lets go. With `holdMs`, it takes the lock
 * once, writes `<barrier>/held`, works for `holdMs`, writes `<barrier>/done`, releases it and exits.
 */
const CHILD = `
  const { existsSync, writeFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { fileTokenStore } = await import(${JSON.stringify(STORE)});
  const { dir, barrier, id, cycles, hold, holdMs, staleAfterMs } = JSON.parse(process.argv[1]);
  const key = ${JSON.stringify(KEY)};
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const store = fileTokenStore(dir, { lockWaitMs: 60_000, lockStaleAfterMs: staleAfterMs });
  if (holdMs) {
    await store.withLock(key, async () => {
      writeFileSync(join(barrier, "held"), String(process.pid));
      await sleep(holdMs);
      writeFileSync(join(barrier, "done"), "");
    });
    process.exit(0);
  }
  if (hold) {
    await store.withLock(key, async () => {
      writeFileSync(join(barrier, "held"), String(process.pid));
      await new Promise(() => setInterval(() => {}, 1_000));
    });
  }
  writeFileSync(join(barrier, "ready-" + id), "");
  while (!existsSync(join(barrier, "go"))) await sleep(5);
  for (let i = 0; i < cycles; i++) {
    await store.withLock(key, async () => {
      const count = Number((await store.get(key))?.tokens?.access_token ?? "0");
      await sleep(2);
      await store.set(key, {
        tokens: { access_token: String(count + 1), token_type: "Bearer" },
        savedAt: new Date().toISOString(),
      });
    });
  }
`;

interface ChildOptions {
  dir: string;
  barrier: string;
  id: number;
  cycles?: number;
  hold?: boolean;
  holdMs?: number;
  staleAfterMs?: number;
}

/** Starts a child; it is killed when the test finishes, if still running. */
function startChild(options: ChildOptions): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD, JSON.stringify(options)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      if (code !== 0 && stderr) console.error(`child ${options.id}: ${stderr}`);
      resolve(code);
    });
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return { child, exited };
}

/** Resolves with each child's exit code, or rejects after `timeoutMs` (the children are then killed). */
function allExited(exits: Promise<number | null>[], timeoutMs: number): Promise<(number | null)[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`children still running after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([Promise.all(exits), timeout]).finally(() => clearTimeout(timer));
}

describe("file token store across processes", () => {
  it("should lose no update when several processes read, increment and write one key under withLock", async () => {
    const root = tempDir();
    const dir = join(root, "auth");
    const barrier = join(root, "barrier");
    mkdirSync(barrier);
    const processes = 3;
    const cycles = 25;
    const children = Array.from({ length: processes }, (_, id) => startChild({ dir, barrier, id, cycles }));
    // All start their cycles together, so their locks really contend.
    await waitFor(() => children.every((_, id) => existsSync(join(barrier, `ready-${id}`))), {
      timeoutMs: 15_000,
      message: "every child ready",
    });
    writeFileSync(join(barrier, "go"), "");

    expect(
      await allExited(
        children.map((c) => c.exited),
        60_000,
      ),
    ).toEqual(Array(processes).fill(0));
    await expect(fileTokenStore(dir).get(KEY)).resolves.toMatchObject({
      tokens: { access_token: String(processes * cycles) },
    });
  });

  it("should take over the lock of a process killed while holding it", async () => {
    const root = tempDir();
    const dir = join(root, "auth");
    const barrier = join(root, "barrier");
    mkdirSync(barrier);
    const holder = startChild({ dir, barrier, id: 0, hold: true });
    await waitFor(() => existsSync(join(barrier, "held")), {
      timeoutMs: 15_000,
      message: "the child holds the lock",
    });
    holder.child.kill("SIGKILL");
    await holder.exited;

    const store = fileTokenStore(dir, { lockWaitMs: 5_000 });
    await expect(store.withLock(KEY, async () => "taken over")).resolves.toBe("taken over");
  });

  it("should not break the lock of a live holder working longer than lockStaleAfterMs, and wait for its release", async () => {
    const root = tempDir();
    const dir = join(root, "auth");
    const barrier = join(root, "barrier");
    mkdirSync(barrier);
    // The holder works for twice the staleness bound: only its heartbeat keeps its lock fresh.
    const staleAfterMs = 750;
    const holder = startChild({ dir, barrier, id: 0, holdMs: 2 * staleAfterMs, staleAfterMs });
    await waitFor(() => existsSync(join(barrier, "held")), {
      timeoutMs: 15_000,
      message: "the child holds the lock",
    });

    const store = fileTokenStore(dir, { lockWaitMs: 10_000, lockStaleAfterMs: staleAfterMs });
    const holderWasDone = await store.withLock(KEY, async () => existsSync(join(barrier, "done")));
    expect(holderWasDone).toBe(true);
    expect(await allExited([holder.exited], 15_000)).toEqual([0]);
  });
});
