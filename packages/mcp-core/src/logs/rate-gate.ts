/**
 * A token bucket: lets a burst through, then a steady rate, and counts what it turns away. Pure
 * arithmetic over a clock it is given, so a flood costs a comparison per message, not memory.
 * @module
 */

/** The bucket's size and refill. */
export interface RateLimit {
  /** Messages let through at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Messages a second let through while the flood lasts. */
  perSecond: number;
}

export class RateGate {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limit.burst;
    this.last = now();
  }

  /** Takes a token when one is there: true lets the message through, false drops it. */
  admit(): boolean {
    const now = this.now();
    const elapsedMs = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.limit.burst, this.tokens + (elapsedMs * this.limit.perSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
