/**
 * A first connect retried in the background, as a single client's is (connection.ts): for the
 * cluster and Sentinel adapters, whose node-redis `connect()` gives up after one failed attempt.
 * @module
 */
import { reconnectDelayMs } from "./connection.js";

/** The retry loop of one client: `start()` joins the loop in flight; `stop()` ends it. */
export class BackgroundConnect {
  private connecting: Promise<void> | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  /**
   * @param connect one attempt (node-redis's `connect()`).
   * @param onFailure told of each failed attempt (the adapter reports it, or node-redis did).
   */
  constructor(
    private readonly connect: () => Promise<unknown>,
    private readonly onFailure: (error: unknown) => void = () => {},
  ) {}

  /** Whether an attempt (or the wait before the next) is in progress. */
  get pending(): boolean {
    return this.connecting !== undefined;
  }

  /** Connects, retrying (bounded backoff) until it succeeds or `stop()`; resolves then. */
  start(): Promise<void> {
    this.connecting ??= new Promise<void>((resolve) => {
      const attempt = (retries: number) => {
        if (this.stopped) return resolve();
        this.connect().then(
          () => resolve(),
          (error: unknown) => {
            this.onFailure(error);
            this.retryTimer = setTimeout(() => attempt(retries + 1), reconnectDelayMs(retries));
            this.retryTimer.unref?.();
          },
        );
      };
      attempt(0);
    }).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** Ends the loop: no attempt after this one. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }
}
