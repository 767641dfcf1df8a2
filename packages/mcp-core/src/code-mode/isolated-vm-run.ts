/**
 * One program's run in a fresh isolated-vm isolate (its own V8 heap, no Node API at all): the
 * shared prelude bridges the host functions as strings (`prelude-host.ts`), and every entry into the
 * isolate is a synchronous call on the host's own thread (isolated-vm runs a `…Sync` call from
 * Node's thread in that thread, under the isolate's lock): no thread hop per call, about 3 µs a
 * crossing against 25 µs for the asynchronous form. Each entry carries a `timeout` of the CPU time
 * left (isolated-vm's watchdog thread terminates the isolate's execution past it, the promise jobs
 * the entry woke included, and inside long builtins and regular expressions too), the isolate's
 * own CPU clock is the account, the isolate's `memoryLimit` disposes it past the limit, and a
 * wall-clock bound covers the whole run. The isolate is disposed when the run settles.
 * @module
 */
import type { ExecuteResult, ExecutorFns } from "./executor-types.js";
import type { IsolatedVmModule, IvmContext, IvmIsolate, IvmReference } from "./isolated-vm-load.js";
import { ISOLATED_VM_PRELUDE } from "./isolated-vm-prelude.js";
import { BoundedLogs, type Outcome, PreludeHost, RunOutcome, readOutcome } from "./prelude-host.js";

/** The resolved limits of a run (see `IsolatedVmExecutorOptions`). */
export interface IvmLimits {
  readonly timeoutMs: number;
  readonly cpuTimeMs: number;
  readonly maxMemoryBytes: number;
  readonly maxLogLines: number;
  readonly maxLogChars: number;
}

const COPY = { arguments: { copy: true }, result: { copy: true } } as const;

/**
 * Runs `code` (an async arrow function's source) with `fns` bridged. A program's failure or limit is
 * the answer's `error`; it throws only when no isolate can be made (the executor answers that).
 */
export async function runInIsolatedVm(
  ivm: IsolatedVmModule,
  limits: IvmLimits,
  code: string,
  fns: ExecutorFns,
): Promise<ExecuteResult> {
  const run = new IvmRun(ivm, limits, fns);
  try {
    const outcome = await run.start(code);
    const logs = run.logs.lines();
    if (!("error" in outcome)) return { result: outcome.value, logs };
    return { result: undefined, error: run.limitError(outcome.error), logs };
  } finally {
    run.dispose();
  }
}

class IvmRun {
  readonly logs: BoundedLogs;
  private readonly host: PreludeHost;
  private readonly isolate: IvmIsolate;
  private readonly context: IvmContext;
  private readonly cpuStart: bigint;
  private drain: IvmReference | undefined;
  private deliver: IvmReference | undefined;
  private cpuExceeded = false;
  private memoryExceeded = false;
  private closed = false;
  private outcome: RunOutcome | undefined;

  constructor(
    private readonly ivm: IsolatedVmModule,
    private readonly limits: IvmLimits,
    fns: ExecutorFns,
  ) {
    this.logs = new BoundedLogs(limits.maxLogLines, limits.maxLogChars);
    this.host = new PreludeHost(fns, (answers) => this.deliverAnswers(answers));
    // isolated-vm takes whole megabytes (at least 8; the options check that).
    this.isolate = new ivm.Isolate({ memoryLimit: Math.ceil(limits.maxMemoryBytes / 1024 / 1024) });
    this.cpuStart = this.isolate.cpuTime;
    try {
      this.context = this.isolate.createContextSync();
    } catch (error) {
      // The run is never returned to be disposed: its isolate goes now.
      this.isolate.dispose();
      throw error;
    }
  }

  async start(code: string): Promise<Outcome> {
    const outcome = new RunOutcome(this.limits.timeoutMs);
    this.outcome = outcome;
    this.enter(() => {
      const run = this.prepare();
      let program: IvmReference;
      try {
        program = this.isolate
          .compileScriptSync(`(${code}\n)`, { filename: "program.js" })
          .runSync(this.context, { timeout: this.cpuLeft(), reference: true }) as IvmReference;
      } catch (error) {
        // A syntax error, or code around the function that threw: the program's own error.
        if (this.isLimit(error)) throw error;
        this.outcome?.finish({ error: errorText(error) });
        return;
      }
      run.applySync(undefined, [program.derefInto()], { timeout: this.cpuLeft() });
      program.release();
      run.release();
      this.takeCalls();
    });
    return outcome.settled;
  }

  dispose(): void {
    this.closed = true;
    this.outcome?.stop();
    this.host.close();
    this.drain = undefined;
    this.deliver = undefined;
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  /** An error as the model reads it: a limit the program hit names itself and its option. */
  limitError(text: string): string {
    if (this.cpuExceeded)
      return `the program used more than ${this.limits.cpuTimeMs} ms of CPU time (cpuTimeMs)`;
    if (this.memoryExceeded || /Array buffer allocation failed/.test(text))
      return `the program ran out of memory (maxMemoryBytes ${this.limits.maxMemoryBytes}): ${text}`;
    return text;
  }

  /** Evaluates the prelude and calls it with the host's two functions: the runner's reference. */
  private prepare(): IvmReference {
    const script = this.isolate.compileScriptSync(ISOLATED_VM_PRELUDE, { filename: "prelude.js" });
    const prelude = script.runSync(this.context, {
      timeout: this.cpuLeft(),
      reference: true,
    }) as IvmReference;
    script.release();
    // Synchronous callbacks: called from the isolate on this same thread, a plain function call in
    // the sandbox that takes strings only (a string crosses as a copy).
    const hostLog = new this.ivm.Callback((level: unknown, text: unknown) =>
      this.logs.add(String(level), String(text)),
    );
    const hostDone = new this.ivm.Callback((text: unknown) =>
      this.outcome?.finish(readOutcome(typeof text === "string" ? text : "")),
    );
    const parts = prelude.applySync(undefined, [hostLog, hostDone, JSON.stringify(this.host.keys)], {
      timeout: this.cpuLeft(),
      result: { reference: true },
    }) as IvmReference;
    prelude.release();
    const run = parts.getSync(0, { reference: true });
    this.drain = parts.getSync(1, { reference: true });
    this.deliver = parts.getSync(2, { reference: true });
    parts.release();
    return run;
  }

  /** Takes the calls the program made since the last drain and starts each. */
  private takeCalls(): void {
    const drain = this.drain;
    if (this.closed || drain === undefined) return;
    const requests = drain.applySync(undefined, [], { ...COPY, timeout: this.cpuLeft() });
    this.host.take(typeof requests === "string" ? requests : "");
  }

  /** Hands a batch of answers to the sandbox (its promise jobs run before the call returns). */
  private deliverAnswers(answers: string): void {
    const deliver = this.deliver;
    if (this.closed || deliver === undefined) return;
    this.enter(() => {
      deliver.applySync(undefined, [answers], { ...COPY, timeout: this.cpuLeft() });
      this.takeCalls();
    });
  }

  /** Runs `fn`, which enters the isolate; a limit it hits, or any failure, ends the run. */
  private enter(fn: () => void): void {
    try {
      if (this.cpuUsedMs() >= this.limits.cpuTimeMs) throw new Error("Script execution timed out.");
      fn();
    } catch (error) {
      this.isLimit(error);
      this.outcome?.finish({ error: errorText(error) });
    }
    if (!this.cpuExceeded && !this.isolate.isDisposed && this.cpuUsedMs() > this.limits.cpuTimeMs) {
      this.cpuExceeded = true;
      this.outcome?.finish({ error: "interrupted" });
    }
  }

  /** Whether `error` is one of isolated-vm's limits (noted for `limitError`). */
  private isLimit(error: unknown): boolean {
    const message = error instanceof Error ? error.message : "";
    if (message === "Script execution timed out.") this.cpuExceeded = true;
    else if (/disposed during execution due to memory limit/.test(message)) this.memoryExceeded = true;
    return this.cpuExceeded || this.memoryExceeded;
  }

  private cpuUsedMs(): number {
    return this.isolate.isDisposed ? 0 : Number(this.isolate.cpuTime - this.cpuStart) / 1e6;
  }

  /** The `timeout` of the next entry: the CPU time left, at least 1 ms (0 would mean none). */
  private cpuLeft(): number {
    return Math.max(1, Math.ceil(this.limits.cpuTimeMs - this.cpuUsedMs()));
  }
}

/** A thrown value's text, `Name: message` for an error. */
function errorText(error: unknown): string {
  if (error instanceof Error || (error !== null && typeof error === "object" && "message" in error)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return `${typeof name === "string" ? name : "Error"}: ${String(message)}`;
  }
  return String(error);
}
