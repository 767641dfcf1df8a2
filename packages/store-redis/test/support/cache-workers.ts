/**
 * Forked fleet workers (`cache-worker.mjs`) for the Redis tests: start one, ask it things over IPC,
 * collect what it reports, stop it (or kill it when it does not stop).
 * @module
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { waitFor } from "@toolnexus/fixtures";

const WORKER = fileURLToPath(new URL("./cache-worker.mjs", import.meta.url));

/** What a worker needs: its config and the Redis it shares with the others. */
export interface WorkerOptions {
  config: object;
  redisUrl: string;
  keyPrefix: string;
  secret?: string;
  connectTimeoutMs?: number;
}

export interface FleetWorker {
  readonly child: ChildProcess;
  /** Every `toolsChange`, `warning` and `hostError` it reported, in order. */
  readonly events: Array<{ event: string; [key: string]: unknown }>;
  ask<T = unknown>(op: string, params?: object): Promise<T>;
  rawNames(server: string): Promise<string[]>;
  /** Closes the worker's source and stores, then waits for its exit (SIGKILL after a bound). */
  stop(): Promise<void>;
}

/** Forks a worker and resolves once its `loadMcp` settled. */
export async function startWorker(options: WorkerOptions): Promise<FleetWorker> {
  const child = fork(WORKER, [JSON.stringify(options)], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const events: FleetWorker["events"] = [];
  const pending = new Map<number, (result: unknown) => void>();
  let ids = 0;
  let loaded = false;
  child.on("message", (message: { id?: number; result?: unknown; event?: string }) => {
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    else if (message.event === "loaded") loaded = true;
    else if (message.event) events.push(message as FleetWorker["events"][number]);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitFor(() => loaded || child.exitCode !== null, { timeoutMs: 15_000, message: "a worker's load" });
  if (!loaded) throw new Error(`the worker exited: ${stderr}`);
  const ask = <T>(op: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++ids;
      const timer = setTimeout(() => reject(new Error(`worker ${op} got no answer: ${stderr}`)), 15_000);
      pending.set(id, (result) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(result as T);
      });
      child.send({ id, op, ...params });
    });
  return {
    child,
    events,
    ask,
    rawNames: async (server) =>
      (await ask<Array<{ server: string; rawName: string }>>("tools"))
        .filter((t) => t.server === server)
        .map((t) => t.rawName),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await ask("close").catch(() => child.kill("SIGKILL"));
      await exited;
      clearTimeout(killer);
    },
  };
}
