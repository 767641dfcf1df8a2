import type { ResolvedHealthCheck } from "../config/resolved-policies.js";

/**
 * Pings a running server on an interval; `failures` missed pings in a row call `onDead`.
 * A hung process answers nothing, so only a ping tells it from a quiet one.
 */
export class HealthMonitor {
  private timer: NodeJS.Timeout | undefined;
  private missed = 0;
  private stopped = false;

  constructor(
    private readonly policy: ResolvedHealthCheck,
    private readonly ping: (timeoutMs: number) => Promise<void>,
    private readonly onDead: (missed: number) => void,
  ) {}

  start(): void {
    if (!this.policy.enabled) return;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), this.policy.intervalMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    try {
      await this.ping(this.policy.timeoutMs);
      this.missed = 0;
    } catch {
      this.missed++;
      if (this.missed >= this.policy.failures) {
        if (!this.stopped) this.onDead(this.missed);
        return;
      }
    }
    this.schedule();
  }
}
