/**
 * A lazy server's idle timeout: once no call has been in flight for `idleMs` while it runs, it is
 * stopped (the next call starts it again).
 */
export class IdleStop {
  private timer: NodeJS.Timeout | undefined;
  private inFlight = 0;

  constructor(
    /** Undefined: never stop for idleness (an eager server, or no `idleTimeoutMs`). */
    private readonly idleMs: number | undefined,
    private readonly isRunning: () => boolean,
    private readonly stop: () => void,
  ) {}

  /** Whether a call is in flight (a tenant instance with one is never closed to make room). */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  callStarted(): void {
    this.inFlight++;
    clearTimeout(this.timer);
  }

  callEnded(): void {
    this.inFlight--;
    this.arm();
  }

  /** (Re)starts the wait when the server runs and no call is in flight. */
  arm(): void {
    const idleMs = this.idleMs;
    if (idleMs === undefined || this.inFlight > 0 || !this.isRunning()) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.inFlight === 0 && this.isRunning()) this.stop();
    }, idleMs);
    this.timer.unref();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
