/**
 * Debounces bursts (each trigger restarts the wait) but never waits longer than `maxWaitMs` after
 * the first trigger of a burst, so a source that never pauses is still served.
 */
export class CappedDebounce {
  private timer: NodeJS.Timeout | undefined;
  private burstStartedAt: number | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly maxWaitMs: number,
    private readonly run: () => void,
  ) {}

  /** True while a run waits for its delay. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  trigger(): void {
    clearTimeout(this.timer);
    this.burstStartedAt ??= Date.now();
    const delay = Math.max(0, Math.min(this.delayMs, this.burstStartedAt + this.maxWaitMs - Date.now()));
    // Ref'd (it is short): a host awaiting the change a notification announced must see it.
    this.timer = setTimeout(() => {
      this.cancel();
      this.run();
    }, delay);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.burstStartedAt = undefined;
  }
}
