/**
 * A real `redis-server` for the tests (started and stopped by redis-launcher.mjs: a free loopback
 * port, persistence off in a temp dir, SIGTERM then SIGKILL), restartable on the same port. And the
 * skip rule: without `redis-server` on PATH and without `REDIS_URL`, the Redis suite is skipped
 * with one printed line — unless `TOOLNEXUS_REQUIRE_REDIS=1`, where it fails instead.
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { createClient } from "redis";
import { afterAll, beforeAll, expect, inject, onTestFinished } from "vitest";
import { freePort, redisArgs, startRedisProcess, stopProcess } from "./redis-launcher.mjs";

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

/** A free loopback port (redis-launcher.mjs). */
export { freePort };

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
    child = await startRedisProcess("redis-server", redisArgs(port, dir), `redis-server on port ${port}`);
  }

  async function stop(options?: { keepData?: boolean }): Promise<void> {
    if (options?.keepData) await save();
    const running = child;
    child = undefined;
    if (running) await stopProcess(running);
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
