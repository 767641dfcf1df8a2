/**
 * A real `redis-server` for the tests: started on a free loopback port with persistence off in a
 * temp dir, stopped (SIGTERM, then SIGKILL after a bound), restartable on the same port. And the
 * skip rule: without `redis-server` on PATH and without `REDIS_URL`, the Redis suite is skipped
 * with one printed line — unless `TOOLNEXUS_REQUIRE_REDIS=1`, where it fails instead.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { createClient } from "redis";
import { afterAll, beforeAll, expect, inject, onTestFinished } from "vitest";

/** How long a start may take before it fails, and a stop before SIGKILL (ms). */
const START_BOUND_MS = 10_000;
const STOP_BOUND_MS = 3_000;

/** A Redis the tests can use: a local `redis-server`, or the one `REDIS_URL` names. */
export interface TestRedis {
  readonly url: string;
  /**
   * Stops the server (a `REDIS_URL` server cannot be stopped: throws). With `keepData`, a `SAVE`
   * to its temp dir first, loaded at the next start — as a Redis with persistence would.
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Stops and starts it again on the same port: empty unless `keepData` (see `stop`). */
  restart(options?: { keepData?: boolean }): Promise<void>;
  /** Starts it again after `stop`, on the same port. */
  start(): Promise<void>;
  /** A fresh key prefix, so tests sharing one server never see each other's keys. */
  prefix(): string;
  /** Stops it for good and removes its temp dir. */
  close(): Promise<void>;
}

/** In a test file: whether the Redis suite runs (the global setup's answer). */
export function redisAvailable(): boolean {
  return inject("redisAvailable");
}

/** A free loopback port: redis-server has no `--port 0`, so one is taken and released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let prefixes = 0;
const nextPrefix = () => `t${process.pid}-${++prefixes}:`;

/** Starts a `redis-server` (or uses `REDIS_URL` when set and no local server is wanted). */
export async function startRedis(options: { local?: boolean } = {}): Promise<TestRedis> {
  const external = process.env.REDIS_URL;
  if (external && !options.local) {
    const fail = async () => {
      throw new Error("REDIS_URL names a server these tests cannot stop or restart");
    };
    return {
      url: external,
      stop: fail,
      restart: fail,
      start: fail,
      prefix: nextPrefix,
      close: async () => {},
    };
  }
  const dir = makeTempDir("toolnexus-redis-");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;

  async function start(): Promise<void> {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
    const started = spawn("redis-server", [...args, "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    let output = "";
    started.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    started.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    await waitFor(() => output.includes("Ready to accept connections") || started.exitCode !== null, {
      timeoutMs: START_BOUND_MS,
      message: `redis-server to start on port ${port}`,
    });
    if (started.exitCode !== null) throw new Error(`redis-server exited: ${output.slice(-500)}`);
  }

  async function stop(options?: { keepData?: boolean }): Promise<void> {
    if (options?.keepData) await save();
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    const killer = setTimeout(() => running.kill("SIGKILL"), STOP_BOUND_MS);
    await exited;
    clearTimeout(killer);
  }

  /** Writes what the server holds to its temp dir, where the next start loads it from. */
  async function save(): Promise<void> {
    const client = createClient({ url });
    client.on("error", () => {});
    await client.connect();
    await client.sendCommand(["SAVE"]);
    client.destroy();
  }

  await start();
  return {
    url,
    stop,
    start,
    restart: async (options) => {
      await stop(options);
      await start();
    },
    prefix: nextPrefix,
    close: async () => {
      await stop();
      removeTempDir(dir);
    },
  };
}

/** A plain client on `url` for a test to look at Redis directly; destroyed after the test. */
export async function rawClient(url: string) {
  const client = createClient({ url });
  client.on("error", () => {});
  await client.connect();
  onTestFinished(() => client.destroy());
  return client;
}

/**
 * The number of commands Redis ran so far, by command (`INFO commandstats`), without INFO itself.
 * Pass one client for every count: a new connection's handshake counts too.
 */
export async function commandCounts(
  client: Awaited<ReturnType<typeof rawClient>>,
): Promise<Map<string, number>> {
  const info = String(await client.sendCommand(["INFO", "commandstats"]));
  const counts = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    const [, command, calls] = match;
    if (command && command !== "info" && calls) counts.set(command, Number(calls));
  }
  return counts;
}

/** Fails the file when an unhandled rejection or uncaught exception (an unhandled `error` event) happens. */
export function failOnUnhandledErrors(): void {
  const seen: unknown[] = [];
  const record = (reason: unknown) => seen.push(reason);
  beforeAll(() => {
    process.on("unhandledRejection", record);
    process.on("uncaughtException", record);
  });
  afterAll(() => {
    process.off("unhandledRejection", record);
    process.off("uncaughtException", record);
    expect(seen).toEqual([]);
  });
}
