/**
 * The host's half of the sandbox bridge (`quickjs-prelude.ts` is the sandbox's), shared by the
 * QuickJS and isolated-vm executors: it reads the requests a drain returned, runs each host
 * function a turn later, and hands the answers back batched, one delivery per turn; it also keeps
 * the console within its bounds and settles the run once (its end, or its timeout). Only strings
 * pass between it and the sandbox.
 * @module
 */
import type { ExecutorFns } from "./executor-types.js";

/** The outcome the prelude hands `hostDone` as JSON. */
export type Outcome = { value: unknown } | { error: string };

/** The bridged functions of a run and the answers not yet delivered. */
export class PreludeHost {
  /** The bridged keys, in the order the prelude numbers them (`keysJson`). */
  readonly keys: string[];
  private readonly fns: ((...args: unknown[]) => Promise<unknown>)[];
  /** Answers not yet handed to the sandbox: records `id:ok:length:text` (see the prelude). */
  private answers: string[] = [];
  private deliveryQueued = false;
  private closed = false;

  /**
   * @param deliver hands the sandbox a batch of answer records (the prelude's `deliver`), then
   *   runs what they woke and drains again
   */
  constructor(
    fns: ExecutorFns,
    private readonly deliver: (answers: string) => void,
  ) {
    // Own enumerable keys only: a key such as "constructor" never reaches Object.prototype's.
    const own = Object.entries(fns).filter(([, fn]) => typeof fn === "function");
    this.keys = own.map(([key]) => key);
    this.fns = own.map(([, fn]) => fn);
  }

  /** Starts each request of a drain's text (`id:index:json` lines, "" for none). */
  take(requests: string): void {
    if (this.closed || requests === "") return;
    for (const request of requests.split("\n")) this.call(request);
  }

  /** Ends the run: later answers are dropped. */
  close(): void {
    this.closed = true;
    this.answers = [];
  }

  /**
   * A bridged call, `id:index:json`: the host function runs a turn later (so one that throws at
   * once is the call's error) and its answer joins the next delivery.
   */
  private call(request: string): void {
    const a = request.indexOf(":");
    const b = request.indexOf(":", a + 1);
    const id = Number(request.slice(0, a));
    const index = Number(request.slice(a + 1, b));
    // Only the prelude writes requests, but its text is still read as untrusted: a bad id is dropped.
    if (a <= 0 || b < 0 || !Number.isSafeInteger(id) || id < 0) return;
    const fn = Number.isSafeInteger(index) ? this.fns[index] : undefined;
    const key = this.keys[index] ?? "";
    const input = request.slice(b + 1);
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
          return this.answer(id, false, unsendable(key, error));
        }
        this.answer(id, true, text);
      },
      (reason: unknown) => this.answer(id, false, reason instanceof Error ? reason.message : String(reason)),
    );
  }

  /** Queues one answer; answers that come in the same turn are delivered together. */
  private answer(id: number, ok: boolean, text: string | undefined): void {
    if (this.closed) return;
    this.answers.push(`${id}:${ok ? 1 : 0}:${text === undefined ? -1 : text.length}:${text ?? ""}`);
    if (this.deliveryQueued) return;
    this.deliveryQueued = true;
    queueMicrotask(() => {
      this.deliveryQueued = false;
      if (this.closed || this.answers.length === 0) return;
      const answers = this.answers.length === 1 ? (this.answers[0] as string) : this.answers.join("");
      this.answers = [];
      this.deliver(answers);
    });
  }
}

/**
 * A run's one outcome: the first of the program's own end (`finish`) and `timeoutMs` passing
 * (SPEC §22.2). `stop()` clears the timer once the run is disposed.
 */
export class RunOutcome {
  readonly settled: Promise<Outcome>;
  private resolve: (outcome: Outcome) => void = () => {};
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.settled = new Promise<Outcome>((resolve) => {
      this.resolve = resolve;
    });
    this.timer = setTimeout(
      () => this.resolve({ error: `the program did not finish within ${timeoutMs} ms (timeoutMs)` }),
      timeoutMs,
    );
  }

  finish(outcome: Outcome): void {
    this.resolve(outcome);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** A run's console output within `maxLogLines` entries and `maxLogChars` characters (SPEC §22.2). */
export class BoundedLogs {
  private readonly logs: string[] = [];
  private chars = 0;
  private leftOut = 0;

  constructor(
    private readonly maxLines: number,
    private readonly maxChars: number,
  ) {}

  add(level: string, full: string): void {
    if (this.logs.length >= this.maxLines || this.chars >= this.maxChars) {
      this.leftOut++;
      return;
    }
    const room = this.maxChars - this.chars;
    const text = full.length > room ? `${full.slice(0, room)}… [cut at ${this.maxChars} characters]` : full;
    this.chars += Math.min(full.length, room);
    this.logs.push(level === "log" ? text : `[${level}] ${text}`);
  }

  lines(): string[] {
    return this.leftOut === 0
      ? this.logs.slice()
      : [...this.logs, `[… ${this.leftOut} more log entries left out]`];
  }
}

/** The outcome `hostDone` was given, read as untrusted text. */
export function readOutcome(text: string): Outcome {
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
