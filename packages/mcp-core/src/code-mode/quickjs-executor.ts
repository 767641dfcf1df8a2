/**
 * The default sandbox of code mode: QuickJS compiled to WebAssembly (`quickjs-emscripten-core` with
 * its release variant, optional dependencies loaded on first use). A program runs in a fresh
 * runtime each time, with no network, no filesystem, no `process`, no `require` or `import` of
 * anything, no timers: only the language, `console` and `codemode.*`.
 * @module
 */
import { invalidOption } from "../option-error.js";
import type { ExecuteResult, Executor, ExecutorFns } from "./executor-types.js";
import { forgetQuickJs, loadQuickJs, quickJsLoadError } from "./quickjs-load.js";
import { type RunLimits, runInQuickJs } from "./quickjs-run.js";

/** Options of {@link createQuickJsExecutor}. */
export interface QuickJsExecutorOptions {
  /**
   * Milliseconds for the whole run, waits on tool calls included.
   * @default 30_000
   */
  timeoutMs?: number;
  /**
   * Milliseconds of CPU the program may spend running inside the sandbox (waits excluded); past
   * it the program is interrupted and cannot catch that.
   * @default 2_000
   */
  cpuTimeMs?: number;
  /**
   * The sandbox's heap in bytes; an allocation past it fails inside the program.
   * @default 33_554_432 (32 MiB)
   */
  maxMemoryBytes?: number;
  /**
   * The sandbox's stack in bytes (deep recursion fails with `InternalError: stack overflow`). Past
   * about 256 KiB the WebAssembly frames can exhaust Node's own stack first, which ends the run as
   * "the sandbox failed".
   * @default 262_144 (256 KiB)
   */
  maxStackBytes?: number;
  /**
   * The most console entries kept; later ones are counted in a last entry.
   * @default 100
   */
  maxLogLines?: number;
  /**
   * The most characters of console output kept in all.
   * @default 10_000
   */
  maxLogChars?: number;
  /**
   * The longest program accepted, in UTF-16 code units.
   * @default 100_000
   */
  maxCodeChars?: number;
}

const ENTRY = "createQuickJsExecutor";

/**
 * An {@link Executor} running each program in a fresh QuickJS runtime within the limits of
 * `options`. `execute` resolves with `error` set when the sandbox packages are not installed (naming
 * them), when the program throws, or when it passes a limit (naming the option).
 * @throws McpCoreError `OPTIONS_INVALID` for a limit that is not a positive integer
 */
export function createQuickJsExecutor(options: QuickJsExecutorOptions = {}): Executor {
  const { limits, maxCodeChars } = resolveQuickJsLimits(ENTRY, options);
  return {
    async execute(code: string, fns: ExecutorFns): Promise<ExecuteResult> {
      const refused = refuseCode(code, maxCodeChars);
      if (refused) return refused;
      let module: Awaited<ReturnType<typeof loadQuickJs>>;
      try {
        module = await loadQuickJs();
      } catch (error) {
        return { result: undefined, error: quickJsLoadError(error) };
      }
      try {
        return await runInQuickJs(module, limits, code, fns);
      } catch (error) {
        // The runtime itself failed (the host's stack, memory while setting up): still an answer, not
        // a throw, and the module it ran in is not reused.
        forgetQuickJs();
        return {
          result: undefined,
          error: `the sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    },
  };
}

/**
 * The options resolved, each a positive integer.
 * @throws McpCoreError `OPTIONS_INVALID` naming `entry` and the field
 */
export function resolveQuickJsLimits(
  entry: string,
  options: QuickJsExecutorOptions,
): { limits: RunLimits; maxCodeChars: number } {
  const positive = (field: string, value: number): number => {
    if (!Number.isSafeInteger(value) || value <= 0) invalidOption(entry, field, "a positive integer", value);
    return value;
  };
  const limits: RunLimits = {
    timeoutMs: positive("timeoutMs", options.timeoutMs ?? 30_000),
    cpuTimeMs: positive("cpuTimeMs", options.cpuTimeMs ?? 2_000),
    maxMemoryBytes: positive("maxMemoryBytes", options.maxMemoryBytes ?? 32 * 1024 * 1024),
    maxStackBytes: positive("maxStackBytes", options.maxStackBytes ?? 256 * 1024),
    maxLogLines: positive("maxLogLines", options.maxLogLines ?? 100),
    maxLogChars: positive("maxLogChars", options.maxLogChars ?? 10_000),
  };
  return { limits, maxCodeChars: positive("maxCodeChars", options.maxCodeChars ?? 100_000) };
}

/** The answer to code that is not a string or is longer than `maxCodeChars`; else undefined. */
export function refuseCode(code: unknown, maxCodeChars: number): ExecuteResult | undefined {
  if (typeof code !== "string") return { result: undefined, error: "the code must be a string" };
  if (code.length > maxCodeChars)
    return {
      result: undefined,
      error: `the code is ${code.length} characters, over maxCodeChars (${maxCodeChars})`,
    };
  return undefined;
}
