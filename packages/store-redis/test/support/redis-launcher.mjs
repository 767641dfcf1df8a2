/**
 * The one way the tests and the benches start and stop Redis processes (`redis-server`,
 * `redis-sentinel`): a free loopback port, persistence off in a given dir, a start that waits for
 * the process to say it is ready (bounded), a stop that escalates to SIGKILL, and a cluster's
 * nodes joined with `redis-cli --cluster create`. Plain JavaScript
 * so the benches (`bench/*.mjs`) import it as the tests do.
 * @module
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { createClient } from "redis";

/** How long a start may take before it fails, and a stop before SIGKILL (ms). */
export const START_BOUND_MS = 10_000;
export const STOP_BOUND_MS = 3_000;

/** A free loopback port: redis-server has no `--port 0`, so one is taken and released. */
export function freePort() {
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

/** `redis-server` arguments: `port` on loopback, persistence off, files in `dir`, then `extra`. */
export function redisArgs(port, dir, extra = []) {
  return [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
    ...extra,
  ];
}

/**
 * Spawns `command args` and resolves once it says it is ready (`Ready to accept connections`, or a
 * sentinel's `Sentinel ID is`); rejects with its last output if it exits first or stays silent
 * past {@link START_BOUND_MS}.
 */
export function startRedisProcess(command, args, what = command) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      child.kill("SIGKILL");
      reject(new Error(`${what} did not start within ${START_BOUND_MS} ms: ${output.slice(-500)}`));
    }, START_BOUND_MS);
    const onExit = () => {
      done();
      reject(new Error(`${what} exited: ${output.slice(-500)}`));
    };
    const collect = (chunk) => {
      output = (output + chunk).slice(-8000);
      if (/Ready to accept connections|Sentinel ID is/.test(output)) {
        done();
        resolve(child);
      }
    };
    const done = () => {
      clearTimeout(timer);
      child.off("exit", onExit);
      child.stdout.off("data", collect);
      child.stderr.off("data", collect);
      child.stdout.resume();
      child.stderr.resume();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", onExit);
  });
}

/** Stops `child` with `signal`, then SIGKILL after {@link STOP_BOUND_MS}; resolves once it exited. */
export async function stopProcess(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const killer = setTimeout(() => child.kill("SIGKILL"), STOP_BOUND_MS);
  await exited;
  clearTimeout(killer);
}

/**
 * Starts one `redis-server` on a free port (persistence off, files in `dir`); `extra` are more
 * arguments, or a function of the port that makes them (a cluster node's, {@link clusterNodeArgs}).
 */
export async function startRedisServer(dir, extra = []) {
  // A port `freePort` found free can be taken before Redis binds it (another process's outgoing
  // connection gets one of the same range): a server that could not bind starts again on a new
  // port, twice at most.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const more = typeof extra === "function" ? extra(port) : extra;
    try {
      const child = await startRedisProcess(
        "redis-server",
        redisArgs(port, dir, more),
        `redis-server on port ${port}`,
      );
      return { port, url: `redis://127.0.0.1:${port}`, child, stop: (signal) => stopProcess(child, signal) };
    } catch (error) {
      if (attempt === 3 || !/Address already in use/.test(String(error?.message ?? error))) throw error;
    }
  }
}

/** The extra `redis-server` arguments of a cluster node on `port` (a 1-s node timeout: fast failovers). */
export function clusterNodeArgs(port) {
  return [
    "--cluster-enabled",
    "yes",
    "--cluster-config-file",
    `nodes-${port}.conf`,
    "--cluster-node-timeout",
    "1000",
  ];
}

/** The `cluster_state` a node reports (`ok` once every slot is served; `down` when unreachable). */
async function clusterState(port) {
  const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  try {
    await client.connect();
    const info = String(await client.sendCommand(["CLUSTER", "INFO"]));
    return /cluster_state:(\w+)/.exec(info)?.[1] ?? "unknown";
  } catch {
    return "down";
  } finally {
    client.destroy();
  }
}

/**
 * Joins the running cluster nodes on `ports` into one cluster (`replicas` per master) and resolves
 * once every node reports `cluster_state:ok` (bounded: 20 s).
 */
export async function joinCluster(ports, replicas = 0) {
  const nodes = ports.map((port) => `127.0.0.1:${port}`);
  const args = ["--cluster", "create", ...nodes, "--cluster-replicas", String(replicas), "--cluster-yes"];
  const created = spawnSync("redis-cli", args, { encoding: "utf8", timeout: 30_000 });
  if (created.status !== 0)
    throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  const deadline = Date.now() + 20_000;
  while (!(await Promise.all(ports.map(clusterState))).every((state) => state === "ok")) {
    if (Date.now() > deadline) throw new Error("the cluster did not report cluster_state:ok on every node");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
