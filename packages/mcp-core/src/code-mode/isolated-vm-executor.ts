/**
 * Code mode's fast sandbox where a native module installs: each program in a fresh V8 isolate of
 * `isolated-vm` (an optional peer dependency, imported on first use), with V8's JIT for programs
 * that compute, the same bridge, limits and answers as the QuickJS executor, and no Node API in
 * the isolate (no `process`, `require`, `import()`, network, filesystem or timers).
 * @module
 */
import { isMcpCoreError } from "../errors.js";
import { invalidOption } from "../option-error.js";
import type { ExecuteResult, Executor, ExecutorFns } from "./executor-types.js";
import { type IsolatedVmModule, loadIsolatedVm } from "./isolated-vm-load.js";
import { type IvmLimits, runInIsolatedVm } from "./isolated-vm-run.js";
import { type QuickJsExecutorOptions, refuseCode, resolveQuickJsLimits } from "./quickjs-executor.js";

/**
 * Options of {@link createIsolatedVmExecutor}: QuickJS's, less the stack size (V8 keeps its own
 * stack limit: deep recursion fails with `RangeError: Maximum call stack size exceeded`).
 */
export interface IsolatedVmExecutorOptions extends Omit<QuickJsExecutorOptions, "maxStackBytes"> {
  /**
   * The isolate's `memoryLimit`, in bytes, rounded up to whole MiB; at least 8 MiB (isolated-vm's
   * least). isolated-vm calls it a guideline: a determined program may use 2–3 times it before the
   * isolate is disposed.
   * @default 33_554_432 (32 MiB)
   */
  maxMemoryBytes?: number;
}

/** An {@link Executor} that can also load its sandbox ahead of the first run. */
export interface IsolatedVmExecutor extends Executor {
  /**
   * Imports `isolated-vm` now (once per process), so a host learns at start-up whether the executor
   * can run: resolves when it loaded.
   * @throws McpCoreError `SANDBOX_UNAVAILABLE` naming the package and how to install it
   */
  ready(): Promise<void>;
}

const ENTRY = "createIsolatedVmExecutor";
const LEAST_MEMORY = 8 * 1024 * 1024;

/**
 * An {@link Executor} running each program in a fresh `isolated-vm` isolate within the limits of
 * `options`. `execute` resolves with `error` set when the package is missing or fails to load (the
 * `SANDBOX_UNAVAILABLE` message: what to install), when the program throws, or when it passes a
 * limit (naming the option); `ready()` rejects with that typed error instead.
 * @throws McpCoreError `OPTIONS_INVALID` for a limit that is not a positive integer, or memory
 *   under 8 MiB
 */
export function createIsolatedVmExecutor(options: IsolatedVmExecutorOptions = {}): IsolatedVmExecutor {
  if (options.maxMemoryBytes !== undefined && options.maxMemoryBytes < LEAST_MEMORY)
    invalidOption(
      ENTRY,
      "maxMemoryBytes",
      `at least ${LEAST_MEMORY} (8 MiB)`,
      options.maxMemoryBytes,
      "a smaller number",
    );
  const { limits: resolved, maxCodeChars } = resolveQuickJsLimits(ENTRY, options);
  const limits: IvmLimits = {
    timeoutMs: resolved.timeoutMs,
    cpuTimeMs: resolved.cpuTimeMs,
    maxMemoryBytes: resolved.maxMemoryBytes,
    maxLogLines: resolved.maxLogLines,
    maxLogChars: resolved.maxLogChars,
  };
  return {
    async ready(): Promise<void> {
      await loadIsolatedVm();
    },
    async execute(code: string, fns: ExecutorFns): Promise<ExecuteResult> {
      const refused = refuseCode(code, maxCodeChars);
      if (refused) return refused;
      let ivm: IsolatedVmModule;
      try {
        ivm = await loadIsolatedVm();
      } catch (error) {
        return { result: undefined, error: isMcpCoreError(error) ? error.message : String(error) };
      }
      try {
        return await runInIsolatedVm(ivm, limits, code, fns);
      } catch (error) {
        // The isolate itself could not be made or run (memory for a new isolate, a native failure):
        // still an answer, not a throw.
        return {
          result: undefined,
          error: `the sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    },
  };
}
