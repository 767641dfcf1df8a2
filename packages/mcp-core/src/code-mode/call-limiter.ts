/**
 * The per-run bounds on a program's tool calls: how many in all (a flood is refused, not queued)
 * and how many at once (the rest wait their turn), and the run's end, after which nothing starts.
 * @module
 */

/** Counts one run's calls; `run(fn)` starts `fn` within the bounds or rejects saying which. */
export class CallLimiter {
  private started = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private ended = false;

  constructor(
    private readonly maxCalls: number,
    private readonly maxConcurrentCalls: number,
  ) {}

  /** How many calls the run asked for, refused ones included. */
  get calls(): number {
    return this.started;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.ended) throw new Error("refused: the program's run is over");
    this.started++;
    if (this.started > this.maxCalls)
      throw new Error(`refused: a program may make at most ${this.maxCalls} tool calls a run (maxCalls)`);
    if (this.active >= this.maxConcurrentCalls)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.ended) throw new Error("refused: the program's run is over");
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** Ends the run: waiting calls are refused, none starts again. */
  end(): void {
    this.ended = true;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
