/**
 * One program's run in a fresh QuickJS runtime: its own heap (memory and stack limits), an
 * interrupt handler that counts the CPU time spent inside the sandbox, a wall-clock bound over the
 * whole run (waits on tool calls included), bounded console output, and the host calls bridged as
 * strings (`quickjs-prelude.ts`). Everything is disposed when the run settles, whatever happened.
 * @module
 */
import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { ExecuteResult, ExecutorFns } from "./executor-types.js";
import { forgetQuickJs } from "./quickjs-load.js";
import { QUICKJS_PRELUDE } from "./quickjs-prelude.js";

/** The resolved limits of a run (see `QuickJsExecutorOptions`). */
export interface RunLimits {
  readonly timeoutMs: number;
  readonly cpuTimeMs: number;
  readonly maxMemoryBytes: number;
  readonly maxStackBytes: number;
  readonly maxLogLines: number;
  readonly maxLogChars: number;
}

type Outcome = { value: unknown } | { error: string };

/** Runs `code` (an async arrow function's source) with `fns` bridged; never throws. */
export async function runInQuickJs(
  module: QuickJSWASMModule,
  limits: RunLimits,
  code: string,
  fns: ExecutorFns,
): Promise<ExecuteResult> {
  const run = new QuickJsRun(module, limits, fns);
  try {
    const outcome = await run.start(code);
    const logs = run.logLines();
    if (!("error" in outcome)) return { result: outcome.value, logs };
    return { result: undefined, error: run.limitError(outcome.error), logs };
  } finally {
    run.dispose();
  }
}

class QuickJsRun {
  private readonly runtime: QuickJSRuntime;
  private readonly vm: QuickJSContext;
  private readonly fns: Map<string, (...args: unknown[]) => Promise<unknown>>;
  private readonly pending = new Set<QuickJSDeferredPromise>();
  private readonly logs: string[] = [];
  private logChars = 0;
  private logsLeftOut = 0;
  private cpuSpentMs = 0;
  private segmentStart: number | undefined;
  private cpuExceeded = false;
  private closed = false;
  private finish: ((outcome: Outcome) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    module: QuickJSWASMModule,
    private readonly limits: RunLimits,
    fns: ExecutorFns,
  ) {
    // Own enumerable keys only: a key such as "constructor" never reaches Object.prototype's.
    this.fns = new Map(Object.entries(fns).filter(([, fn]) => typeof fn === "function"));
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.maxMemoryBytes);
    this.runtime.setMaxStackSize(limits.maxStackBytes);
    this.runtime.setInterruptHandler(() => this.interrupt());
    this.vm = this.runtime.newContext();
  }

  async start(code: string): Promise<Outcome> {
    const failed = new Promise<Outcome>((resolve) => {
      this.finish = resolve;
      this.timer = setTimeout(
        () => resolve({ error: `the program did not finish within ${this.limits.timeoutMs} ms (timeoutMs)` }),
        this.limits.timeoutMs,
      );
    });
    const runner = this.prepare();
    if ("error" in runner) return runner;
    const program = this.inVm(() => this.vm.evalCode(`(${code}\n)`, "program.js"));
    if (program.error !== undefined) {
      runner.handle.dispose();
      return { error: this.errorText(program.error) };
    }
    const called = this.inVm(() => this.vm.callFunction(runner.handle, this.vm.undefined, program.value));
    runner.handle.dispose();
    program.value.dispose();
    if (called.error !== undefined) return { error: this.errorText(called.error) };
    called.value.dispose();
    this.pump();
    return failed;
  }

  logLines(): string[] {
    return this.logsLeftOut === 0
      ? this.logs.slice()
      : [...this.logs, `[… ${this.logsLeftOut} more log entries left out]`];
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const deferred of this.pending) deferred.dispose();
    this.pending.clear();
    try {
      this.vm.dispose();
      this.runtime.dispose();
    } catch {
      // A runtime that cannot be freed may have left the WebAssembly module broken: the next run
      // compiles a fresh one rather than trust it.
      forgetQuickJs();
    }
  }

  /** Evaluates the prelude and calls it with the two host functions: the runner's handle. */
  private prepare(): { handle: QuickJSHandle } | { error: string } {
    const prelude = this.inVm(() => this.vm.evalCode(QUICKJS_PRELUDE, "prelude.js"));
    if (prelude.error !== undefined) return { error: this.errorText(prelude.error) };
    const hostCall = this.vm.newFunction("call", (key, input) => this.call(key, input));
    const hostLog = this.vm.newFunction("log", (level, text) => this.log(level, text));
    const hostDone = this.vm.newFunction("done", (text) => {
      this.finish?.(readOutcome(this.vm.typeof(text) === "string" ? this.vm.getString(text) : ""));
    });
    const keys = this.vm.newString(JSON.stringify([...this.fns.keys()]));
    const args = [hostCall, hostLog, hostDone, keys];
    const runner = this.inVm(() => this.vm.callFunction(prelude.value, this.vm.undefined, ...args));
    for (const handle of [prelude.value, ...args]) handle.dispose();
    if (runner.error !== undefined) return { error: this.errorText(runner.error) };
    return { handle: runner.value };
  }

  /** The bridged call: a promise in the sandbox, settled with JSON text or an error message. */
  private call(keyHandle: QuickJSHandle, inputHandle: QuickJSHandle): QuickJSHandle {
    const key = this.vm.getString(keyHandle);
    const input = this.vm.getString(inputHandle);
    const deferred = this.vm.newPromise();
    this.pending.add(deferred);
    const fn = this.fns.get(key);
    const answer =
      fn === undefined
        ? Promise.reject(new Error(`no function ${JSON.stringify(key)}`))
        : Promise.resolve().then(() => fn(JSON.parse(input)));
    answer.then(
      (value) => {
        let text: string | undefined;
        try {
          text = value === undefined ? undefined : JSON.stringify(value);
        } catch (error) {
          // A value JSON refuses (a BigInt, a cycle) is the call's error, not the host's rejection.
          return this.settle(deferred, false, unsendable(key, error));
        }
        this.settle(deferred, true, text);
      },
      (reason: unknown) =>
        this.settle(deferred, false, reason instanceof Error ? reason.message : String(reason)),
    );
    return deferred.handle;
  }

  private settle(deferred: QuickJSDeferredPromise, ok: boolean, text: string | undefined): void {
    if (this.closed) return;
    this.pending.delete(deferred);
    const handle = text === undefined ? this.vm.undefined : this.vm.newString(text);
    if (ok) deferred.resolve(handle);
    else deferred.reject(handle);
    if (text !== undefined) handle.dispose();
    deferred.dispose();
    this.pump();
  }

  private log(levelHandle: QuickJSHandle, textHandle: QuickJSHandle): void {
    const level = this.vm.getString(levelHandle);
    if (this.logs.length >= this.limits.maxLogLines || this.logChars >= this.limits.maxLogChars) {
      this.logsLeftOut++;
      return;
    }
    const room = this.limits.maxLogChars - this.logChars;
    const full = this.vm.getString(textHandle);
    const text =
      full.length > room ? `${full.slice(0, room)}… [cut at ${this.limits.maxLogChars} characters]` : full;
    this.logChars += Math.min(full.length, room);
    this.logs.push(level === "log" ? text : `[${level}] ${text}`);
  }

  /** Runs the jobs the sandbox has queued (promise reactions); a failure there ends the run. */
  private pump(): void {
    if (this.closed) return;
    const result = this.inVm(() => this.runtime.executePendingJobs());
    if (result.error !== undefined) this.finish?.({ error: this.errorText(result.error) });
    else result.dispose();
    // An interrupted job may just be dropped (no error comes back): the run is over all the same.
    if (this.cpuExceeded) this.finish?.({ error: "interrupted" });
  }

  /** Calls `fn` with its time counted against `cpuTimeMs`. */
  private inVm<T>(fn: () => T): T {
    this.segmentStart = performance.now();
    try {
      return fn();
    } finally {
      this.cpuSpentMs += performance.now() - this.segmentStart;
      this.segmentStart = undefined;
    }
  }

  private interrupt(): boolean {
    if (this.cpuExceeded) return true;
    const now = this.segmentStart === undefined ? 0 : performance.now() - this.segmentStart;
    this.cpuExceeded = this.cpuSpentMs + now > this.limits.cpuTimeMs;
    return this.cpuExceeded;
  }

  /** An error as the model reads it: a limit the program hit names itself and its option. */
  limitError(text: string): string {
    if (this.cpuExceeded)
      return `the program used more than ${this.limits.cpuTimeMs} ms of CPU time (cpuTimeMs)`;
    if (/out of memory/i.test(text))
      return `the program ran out of memory (maxMemoryBytes ${this.limits.maxMemoryBytes}): ${text}`;
    return text;
  }

  /** An error handle's text (disposed here). */
  private errorText(handle: QuickJSHandle): string {
    let text: string;
    try {
      const dumped: unknown = this.vm.dump(handle);
      text =
        dumped !== null && typeof dumped === "object" && "message" in dumped
          ? `${String((dumped as { name?: unknown }).name ?? "Error")}: ${String((dumped as { message: unknown }).message)}`
          : String(dumped);
    } catch {
      text = "an error that cannot be read";
    } finally {
      handle.dispose();
    }
    return text;
  }
}

function readOutcome(text: string): Outcome {
  try {
    return JSON.parse(text) as Outcome;
  } catch {
    return { error: "the program's outcome could not be read" };
  }
}

/** The error a program sees for a value its call cannot carry back. */
export function unsendable(key: string, error: unknown): string {
  return `the value of codemode.${key} cannot be sent to the program: ${error instanceof Error ? error.message : String(error)}`;
}
