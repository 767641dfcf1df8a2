/**
 * Coalesces refresh requests: at most one run in flight and one queued. Every request resolves
 * after a run that started after it, so no change announced before the request is missed.
 */
export class RefreshQueue {
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly run: () => Promise<void>) {}

  /** The queued run, else the one in flight, else undefined: what a settle barrier waits for. */
  get pending(): Promise<void> | undefined {
    return this.queued ?? this.inFlight;
  }

  request(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.inFlight) return this.launch();
    const next = () => {
      this.queued = undefined;
      return this.launch();
    };
    // Also after a failed run: a rejection must not leave a dead promise queued forever.
    this.queued = this.inFlight.then(next, next);
    return this.queued;
  }

  private launch(): Promise<void> {
    const current = this.run().finally(() => {
      if (this.inFlight === current) this.inFlight = undefined;
    });
    this.inFlight = current;
    return current;
  }
}
