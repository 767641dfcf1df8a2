/**
 * A real `redis-server` for the tests: started on a free loopback port with persistence off in a
 * temp dir, stopped (SIGTERM, then SIGKILL after a bound), restartable on the same port. And the
 * skip rule: without `redis-server` on PATH and without `REDIS_URL`, the Redis suite is skipped
 * with one printed line — unless `TOOLNEXUS_REQUIRE_REDIS=1`, where it fails instead.
 * @module
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";

/** How long a start may take before it fails, and a stop before SIGKILL (ms). */
const START_BOUND_MS = 10_000;
const STOP_BOUND_MS = 3_000;

/** A Redis the tests can use: a local `redis-server`, or the one `REDIS_URL` names. */
export interface TestRedis {
  readonly url: string;
  /** Stops the server (a `REDIS_URL` server cannot be stopped: throws). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (persistence is off). */
  restart(): Promise<void>;
  /** A fresh key prefix, so tests sharing one server never see each other's keys. */
  prefix(): string;
  /** Stops it for good and removes its temp dir. */
  close(): Promise<void>;
}

/** Whether a `redis-server` binary is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Whether the Redis suite can run here. When it cannot, prints ONE line saying so and how to run
 * it, or throws when `TOOLNEXUS_REQUIRE_REDIS=1` (CI) so it can never be skipped there.
 */
export function redisAvailable(): boolean {
  if (process.env.REDIS_URL || hasRedisServer()) return true;
  const how = "install redis-server (on PATH) or set REDIS_URL=redis://host:port";
  if (process.env.TOOLNEXUS_REQUIRE_REDIS === "1")
    throw new Error(`TOOLNEXUS_REQUIRE_REDIS=1 but Redis is not available: ${how}`);
  if (!printedSkip) {
    printedSkip = true;
    console.log(`@toolnexus/store-redis: the Redis suite was skipped (no Redis); to run it, ${how}`);
  }
  return false;
}
let printedSkip = false;

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
    return { url: external, stop: fail, restart: fail, prefix: nextPrefix, close: async () => {} };
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

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    const killer = setTimeout(() => running.kill("SIGKILL"), STOP_BOUND_MS);
    await exited;
    clearTimeout(killer);
  }

  await start();
  return {
    url,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    prefix: nextPrefix,
    close: async () => {
      await stop();
      removeTempDir(dir);
    },
  };
}
