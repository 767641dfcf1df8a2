import type { ConnectionState } from "../types.js";
import { withinCallBounds } from "./within-call-bounds.js";

interface Waiter {
  until: (state: ConnectionState) => boolean;
  resolve: () => void;
}

/** Calls waiting for a connection to reach a state, each bounded by its own time and signal. */
export class StateWaiters {
  /** Made on the first wait: most connections of a big catalog are never waited on. */
  private waiters: Set<Waiter> | undefined;

  /** Re-checks every waiter against `state`. */
  notify(state: ConnectionState): void {
    if (!this.waiters?.size) return;
    for (const waiter of [...this.waiters]) {
      if (waiter.until(state)) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /**
   * Resolves when `until` holds after a change; rejects after `timeoutMs` (START_TIMEOUT) or on
   * abort (ABORTED), with the same bounds as any other wait a call makes ({@link withinCallBounds}).
   */
  waitFor(
    until: (state: ConnectionState) => boolean,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    server: string,
  ): Promise<void> {
    let waiter: Waiter | undefined;
    const reached = new Promise<void>((resolve) => {
      waiter = { until, resolve };
    });
    if (waiter) {
      this.waiters ??= new Set();
      this.waiters.add(waiter);
    }
    return withinCallBounds(reached, { timeoutMs, signal, server }).finally(() => {
      if (waiter) this.waiters?.delete(waiter);
    });
  }
}
