/**
 * The one way the tests and the benches start and stop Redis processes (`redis-server`,
 * `redis-sentinel`): a free loopback port, persistence off in a given dir, a start that waits for
 * the process to say it is ready (bounded), and a stop that escalates to SIGKILL. Plain JavaScript
 * so the benches (`bench/*.mjs`) import it as the tests do.
 * @module
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";

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

/** Starts one `redis-server` on a free port (persistence off, files in `dir`). */
export async function startRedisServer(dir, extra = []) {
  const port = await freePort();
  const child = await startRedisProcess(
    "redis-server",
    redisArgs(port, dir, extra),
    `redis-server on port ${port}`,
  );
  return { port, url: `redis://127.0.0.1:${port}`, child, stop: (signal) => stopProcess(child, signal) };
}
