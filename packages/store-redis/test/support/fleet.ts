/**
 * Shared by the token tests: the OAuth fixture, a first authorization written to the Redis store,
 * and worker processes (fleet-worker.mjs) whose only link is Redis.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type HttpFixture, makeTempDir, readLog, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { onTestFinished } from "vitest";
import { createRedisStores, type RedisStoresOptions } from "../../src/index.js";

const WORKER = fileURLToPath(new URL("./fleet-worker.mjs", import.meta.url));

/** The OAuth fixture with client `app`, `ttlMs` access tokens and a log; stopped after the test. */
export async function oauthFixture(ttlMs: number): Promise<{ fixture: HttpFixture; log: string }> {
  const dir = makeTempDir("toolnexus-redis-oauth-");
  const log = join(dir, "oauth.log");
  const fixture = await startHttpFixture("oauth", [
    "--log",
    log,
    "--client",
    "app",
    "--token-ttl-ms",
    String(ttlMs),
  ]);
  onTestFinished(async () => {
    await fixture.stop();
    removeTempDir(dir);
  });
  return { fixture, log };
}

/** The config of the one OAuth server `o` the token tests use. */
export const oauthConfig = (url: string) => ({
  mcpServers: { o: { url, auth: { type: "oauth" as const, clientId: "app" } } },
});

/** A person authorizes once, through a source on the Redis store: the tokens land in Redis. */
export async function authorizeInto(url: string, options: RedisStoresOptions): Promise<void> {
  const stores = createRedisStores({ onWarning: () => {}, ...options });
  const source = await loadMcp(oauthConfig(url), {
    tokenStore: stores.tokenStore,
    toolCache: null,
    onWarning: () => {},
  });
  try {
    const at = source.servers()[0]?.authorizationUrl;
    if (!at) throw new Error("the server did not ask for authorization");
    const response = await fetch(at, { redirect: "manual" });
    await source.authorize("o", new URL(response.headers.get("location") ?? ""));
  } finally {
    await source.close();
    await stores.close();
  }
}

/** Refreshes the fixture logged, and those other than a clean rotation (reuse, revoked…). */
export function refreshes(log: string): { ok: number; bad: string[] } {
  const events = readLog(log).filter((e) => e.event === "refresh");
  return {
    ok: events.filter((e) => e.outcome === "ok").length,
    bad: events.filter((e) => e.outcome !== "ok").map((e) => String(e.outcome)),
  };
}

/** What a worker prints when it ends. */
export interface WorkerRun {
  state: string;
  calls: number;
  failed: number;
  codes: string[];
  /** When each failed call ended (ms since the epoch). */
  failedAt: number[];
  warnings: string[];
}

export interface WorkerArgs {
  redisUrl?: string;
  /** In place of `redisUrl`: the stores' `{ cluster }` or `{ sentinel }` option. */
  target?: Pick<RedisStoresOptions, "cluster" | "sentinel">;
  keyPrefix: string;
  url: string;
  ms: number;
  secret?: string;
  everyMs?: number;
  lockTtlMs?: number;
}

/** Forks one worker; `done` settles when it exits (rejects on a non-zero exit). Killed after the test. */
export function startWorker(args: WorkerArgs): {
  child: ChildProcess;
  /** Settles once the worker has loaded (its first line), or when it exits. */
  ready: Promise<void>;
  done: Promise<WorkerRun>;
} {
  const child = spawn(process.execPath, [WORKER, JSON.stringify(args)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let out = "";
  let err = "";
  let loaded: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  child.stdout?.on("data", (chunk) => {
    out += chunk;
    if (out.includes("\n")) loaded();
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const done = new Promise<WorkerRun>((resolve, reject) => {
    child.once("exit", (code) => {
      loaded();
      if (code !== 0) reject(new Error(`worker exited ${code}: ${err.slice(-800)}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"));
    });
  });
  return { child, ready, done };
}
