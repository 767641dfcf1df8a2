/**
 * The two timers of auto-restart: the scheduled attempt and the stability wait that makes the
 * budget whole. The runner arms them as effects ask and clears them when the state moves on.
 * @module
 */
export class RestartTimers {
  private retryTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;

  /** True while an attempt waits for its delay. */
  get retryPending(): boolean {
    return this.retryTimer !== undefined;
  }

  /**
   * Runs the next attempt after `delayMs`, replacing a pending one. Ref'd: a host awaiting the
   * restart (a call, `onStateChange`) must not exit while it is pending.
   */
  scheduleRetry(delayMs: number, run: () => void): void {
    this.cancelRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      run();
    }, delayMs);
  }

  cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Calls `run` once the server stayed up `delayMs` (unref'd: it never holds the host open). */
  armStable(delayMs: number, run: () => void): void {
    this.disarmStable();
    this.stableTimer = setTimeout(() => {
      this.stableTimer = undefined;
      run();
    }, delayMs);
    this.stableTimer.unref();
  }

  disarmStable(): void {
    clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
  }

  /** Clears both. */
  clear(): void {
    this.cancelRetry();
    this.disarmStable();
  }
}
