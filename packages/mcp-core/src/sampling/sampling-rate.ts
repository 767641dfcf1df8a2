/**
 * The per-server bound on sampling requests: a fixed one-minute window from the first request in it.
 * @module
 */

/** What one request is told: go on, refused (the first refusal of its window), or refused again. */
export type RateVerdict = "allowed" | "first-refusal" | "refused";

const WINDOW_MS = 60_000;

/** Counts one server's requests; `now` is injectable for the arithmetic's tests. */
export class SamplingRate {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly maxPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request and says whether it may go on. */
  take(): RateVerdict {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count <= this.maxPerMinute) return "allowed";
    return this.count === this.maxPerMinute + 1 ? "first-refusal" : "refused";
  }
}
