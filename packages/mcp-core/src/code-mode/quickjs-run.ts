/**
 * One program's run in a fresh QuickJS runtime: its own heap (memory and stack limits), an
 * interrupt handler that counts the CPU time spent inside the sandbox, a wall-clock bound over the
 * whole run (waits on tool calls included), bounded console output, and the host calls bridged as
 * strings (`quickjs-prelude.ts`). Everything is disposed when the run settles, whatever happened.
 * @module
 */
import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { ExecuteResult, ExecutorFns } from "./executor-types.js";
import { BoundedLogs, type Outcome, PreludeHost, RunOutcome, readOutcome } from "./prelude-host.js";
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
  private readonly host: PreludeHost;
  /** The prelude's `drain` and `deliver`, kept for the run. */
  private drain: QuickJSHandle | undefined;
  private deliver: QuickJSHandle | undefined;
  private readonly logs: BoundedLogs;
  private cpuSpentMs = 0;
  private segmentStart: number | undefined;
  private cpuExceeded = false;
  private closed = false;
  private outcome: RunOutcome | undefined;

  constructor(
    module: QuickJSWASMModule,
    private readonly limits: RunLimits,
    fns: ExecutorFns,
  ) {
    this.host = new PreludeHost(fns, (answers) => this.deliverAnswers(answers));
    this.logs = new BoundedLogs(limits.maxLogLines, limits.maxLogChars);
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.maxMemoryBytes);
    this.runtime.setMaxStackSize(limits.maxStackBytes);
    this.runtime.setInterruptHandler(() => this.interrupt());
    this.vm = this.runtime.newContext();
  }

  async start(code: string): Promise<Outcome> {
    const outcome = new RunOutcome(this.limits.timeoutMs);
    this.outcome = outcome;
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
    return outcome.settled;
  }

  logLines(): string[] {
    return this.logs.lines();
  }

  dispose(): void {
    this.closed = true;
    this.outcome?.stop();
    this.drain?.dispose();
    this.deliver?.dispose();
    this.drain = undefined;
    this.deliver = undefined;
    this.host.close();
    try {
      this.vm.dispose();
      this.runtime.dispose();
    } catch {
      // A runtime that cannot be freed may have left the WebAssembly module broken: the next run
      // compiles a fresh one rather than trust it.
      forgetQuickJs();
    }
  }

  /** Evaluates the prelude and calls it with the host functions: the runner's handle. */
  private prepare(): { handle: QuickJSHandle } | { error: string } {
    const prelude = this.inVm(() => this.vm.evalCode(QUICKJS_PRELUDE, "prelude.js"));
    if (prelude.error !== undefined) return { error: this.errorText(prelude.error) };
    const hostLog = this.vm.newFunction("log", (level, text) =>
      this.logs.add(this.vm.getString(level), this.vm.getString(text)),
    );
    const hostDone = this.vm.newFunction("done", (text) => {
      this.outcome?.finish(readOutcome(this.vm.typeof(text) === "string" ? this.vm.getString(text) : ""));
    });
    const keys = this.vm.newString(JSON.stringify(this.host.keys));
    const args = [hostLog, hostDone, keys];
    const parts = this.inVm(() => this.vm.callFunction(prelude.value, this.vm.undefined, ...args));
    for (const handle of [prelude.value, ...args]) handle.dispose();
    if (parts.error !== undefined) return { error: this.errorText(parts.error) };
    const runner = this.vm.getProp(parts.value, 0);
    this.drain = this.vm.getProp(parts.value, 1);
    this.deliver = this.vm.getProp(parts.value, 2);
    parts.value.dispose();
    return { handle: runner };
  }

  /** Takes the calls the sandbox made since the last drain and starts each. */
  private takeCalls(): void {
    const drain = this.drain;
    if (this.closed || drain === undefined) return;
    const drained = this.inVm(() => this.vm.callFunction(drain, this.vm.undefined));
    if (drained.error !== undefined) {
      this.outcome?.finish({ error: this.errorText(drained.error) });
      return;
    }
    const requests = this.vm.getString(drained.value);
    drained.value.dispose();
    this.host.take(requests);
  }

  /** Hands a batch of answers to the sandbox in one call, then runs the jobs they woke. */
  private deliverAnswers(answers: string): void {
    const deliver = this.deliver;
    if (this.closed || deliver === undefined) return;
    const text = this.vm.newString(answers);
    const delivered = this.inVm(() => this.vm.callFunction(deliver, this.vm.undefined, text));
    text.dispose();
    if (delivered.error !== undefined) this.outcome?.finish({ error: this.errorText(delivered.error) });
    else delivered.value.dispose();
    this.pump();
  }

  /** Runs the jobs the sandbox has queued (promise reactions); a failure there ends the run. */
  private pump(): void {
    if (this.closed) return;
    const result = this.inVm(() => this.runtime.executePendingJobs());
    if (result.error !== undefined) this.outcome?.finish({ error: this.errorText(result.error) });
    else result.dispose();
    // An interrupted job may just be dropped (no error comes back): the run is over all the same.
    if (this.cpuExceeded) this.outcome?.finish({ error: "interrupted" });
    else if (result.error === undefined) this.takeCalls();
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
