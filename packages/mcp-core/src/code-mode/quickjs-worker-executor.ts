/**
 * The QuickJS executor on a worker thread of its own per run: the same sandbox and limits as
 * {@link createQuickJsExecutor}, plus a hard stop — when `timeoutMs` (and a short grace) passes, the
 * thread is terminated, whatever the program is doing. QuickJS checks `cpuTimeMs` only between its
 * own operations, so a loop of expensive builtin calls can outrun it on the host's thread; here it
 * cannot outrun `timeoutMs`. Costs a thread start and the module's compile on every run.
 * @module
 */
import { Worker } from "node:worker_threads";
import type { ExecuteResult, Executor, ExecutorFns } from "./executor-types.js";
import { unsendable } from "./prelude-host.js";
import { type QuickJsExecutorOptions, refuseCode, resolveQuickJsLimits } from "./quickjs-executor.js";
import type { ToParent, ToWorker, WorkerRun } from "./quickjs-worker.js";

/** How long past `timeoutMs` the worker may take to report its own timeout before it is terminated. */
export const WORKER_GRACE_MS = 1_000;

/**
 * An {@link Executor} running each program in QuickJS on a fresh worker thread, terminated when the
 * run passes `timeoutMs` + {@link WORKER_GRACE_MS}; options as {@link createQuickJsExecutor}'s.
 * @throws McpCoreError `OPTIONS_INVALID` for a limit that is not a positive integer
 */
export function createQuickJsWorkerExecutor(options: QuickJsExecutorOptions = {}): Executor {
  const { limits, maxCodeChars } = resolveQuickJsLimits("createQuickJsWorkerExecutor", options);
  return {
    async execute(code: string, fns: ExecutorFns): Promise<ExecuteResult> {
      const refused = refuseCode(code, maxCodeChars);
      if (refused) return refused;
      const own = new Map(Object.entries(fns).filter(([, fn]) => typeof fn === "function"));
      const run: WorkerRun = { code, keys: [...own.keys()], limits };
      return new Promise<ExecuteResult>((resolve) => {
        let settled = false;
        const worker = new Worker(new URL("./quickjs-worker.js", import.meta.url), { workerData: run });
        const settle = (result: ExecuteResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(result);
        };
        const timer = setTimeout(
          () =>
            settle({
              result: undefined,
              error: `the program did not finish within ${limits.timeoutMs} ms (timeoutMs); its thread was terminated`,
            }),
          limits.timeoutMs + WORKER_GRACE_MS,
        );
        worker.on("message", (message: ToParent) => {
          if (message.type === "done") return settle(message.result);
          const fn = own.get(message.key);
          const reply = (answer: ToWorker) => {
            if (settled) return;
            try {
              worker.postMessage(answer);
            } catch (error) {
              // A value the structured clone refuses (a function, a symbol) is the call's error.
              worker.postMessage({ id: answer.id, ok: false, error: unsendable(message.key, error) });
            }
          };
          // Called a turn later, so a function that throws at once rejects like one that fails later.
          Promise.resolve()
            .then(() => {
              if (fn === undefined) throw new Error(`no function ${message.key}`);
              return fn(message.input);
            })
            .then(
              (value) => reply({ id: message.id, ok: true, value }),
              (reason: unknown) =>
                reply({
                  id: message.id,
                  ok: false,
                  error: reason instanceof Error ? reason.message : String(reason),
                }),
            );
        });
        worker.on("error", (error) =>
          settle({ result: undefined, error: `the sandbox failed: ${error.message}` }),
        );
        worker.on("exit", () =>
          settle({ result: undefined, error: "the sandbox's thread ended without an answer" }),
        );
      });
    },
  };
}
