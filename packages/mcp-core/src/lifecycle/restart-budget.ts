import type { ResolvedAutoRestart } from "../options.js";
import { backoffDelay } from "./backoff.js";
import type { RestartOutlook, RetryPlan } from "./lifecycle-state.js";

/**
 * The auto-restart budget of one server: attempts since it was last stable, the scheduled attempt,
 * and the stability timer that resets the count (rare crashes recover forever; a loop runs out).
 */
export class RestartBudget {
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;

  constructor(private readonly policy: ResolvedAutoRestart) {}

  /** Attempts made since the last reset. */
  get attempt(): number {
    return this.attempts;
  }

  /** True while an attempt waits for its delay. */
  get scheduled(): boolean {
    return this.retryTimer !== undefined;
  }

  get exhausted(): boolean {
    return this.attempts >= this.policy.maxRetries;
  }

  /**
   * Counts the next attempt and runs it after its backoff delay. The timer is ref'd: a host
   * awaiting the restart (a call, `onStateChange`) must not exit while it is pending.
   */
  schedule(run: () => void): RetryPlan {
    this.cancel();
    const next = this.next();
    this.attempts = next.attempt;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      run();
    }, next.delayMs);
    return next;
  }

  /**
   * What auto-restart would do after a failure now: `off` when the policy is off or supervision was
   * halted (the load signal), `spent` when the budget is used up, else the next attempt and its delay.
   */
  outlook(halted: boolean): RestartOutlook {
    if (!this.policy.enabled || halted) return { kind: "off" };
    if (this.exhausted) return { kind: "spent", attempts: this.attempts };
    return { kind: "due", retry: this.next() };
  }

  /** The next attempt and its backoff delay (one computation for the outlook and the timer). */
  private next(): RetryPlan {
    const attempt = this.attempts + 1;
    return { attempt, delayMs: backoffDelay({ attempt, ...this.policy }) };
  }

  cancel(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** The server is running: after `stableAfterMs` without a crash the budget is whole again. */
  armStableReset(): void {
    clearTimeout(this.stableTimer);
    if (this.attempts === 0) return;
    this.stableTimer = setTimeout(() => {
      this.attempts = 0;
    }, this.policy.stableAfterMs);
    this.stableTimer.unref();
  }

  disarmStableReset(): void {
    clearTimeout(this.stableTimer);
  }

  reset(): void {
    this.cancel();
    this.disarmStableReset();
    this.attempts = 0;
  }
}
