/**
 * The worker side of {@link createQuickJsWorkerExecutor}: runs one program in QuickJS on this
 * thread and asks the parent for each call by message. The parent can terminate this thread at any
 * moment, so a program stuck inside one long builtin call cannot hold the host's own thread.
 * @module
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ExecuteResult, ExecutorFns } from "./executor-types.js";
import { loadQuickJs, quickJsLoadError } from "./quickjs-load.js";
import { type RunLimits, runInQuickJs } from "./quickjs-run.js";

/** What the parent hands the worker. */
export interface WorkerRun {
  readonly code: string;
  readonly keys: readonly string[];
  readonly limits: RunLimits;
}

/** Messages between the two threads. */
export type ToParent =
  | { type: "call"; id: number; key: string; input: unknown }
  | { type: "done"; result: ExecuteResult };
export type ToWorker = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

const port = parentPort;
if (port !== null) {
  const run = workerData as WorkerRun;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  port.on("message", (message: ToWorker) => {
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.ok) call?.resolve(message.value);
    else call?.reject(new Error(message.error));
  });
  const fns: ExecutorFns = {};
  for (const key of run.keys) {
    fns[key] = (input: unknown) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        port.postMessage({ type: "call", id, key, input } satisfies ToParent);
      });
  }
  const finish = (result: ExecuteResult) => port.postMessage({ type: "done", result } satisfies ToParent);
  loadQuickJs().then(
    (module) => runInQuickJs(module, run.limits, run.code, fns).then(finish),
    (error: unknown) => finish({ result: undefined, error: quickJsLoadError(error) }),
  );
}
