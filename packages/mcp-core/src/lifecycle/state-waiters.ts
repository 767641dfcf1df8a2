import { McpCoreError } from "../errors.js";
import type { ConnectionState } from "../types.js";

interface Waiter {
  until: (state: ConnectionState) => boolean;
  resolve: () => void;
}

/** Calls waiting for a connection to reach a state, each bounded by its own time and signal. */
export class StateWaiters {
  private readonly waiters = new Set<Waiter>();

  /** Re-checks every waiter against `state`. */
  notify(state: ConnectionState): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.until(state)) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /** Resolves when `until` holds after a change; rejects after `timeoutMs` or on abort. */
  waitFor(
    until: (state: ConnectionState) => boolean,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    server: string,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.waiters.delete(waiter);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () =>
        finish(new McpCoreError("ABORTED", `Waiting for MCP server "${server}" was aborted`, { server }));
      const waiter: Waiter = { until, resolve: () => finish() };
      const timer = setTimeout(
        () =>
          finish(
            new McpCoreError(
              "START_TIMEOUT",
              `MCP server "${server}" was not running within ${timeoutMs} ms`,
              { server },
            ),
          ),
        timeoutMs,
      );
      // Deliberately ref'd: a host awaiting a call that waits for a restart must not exit meanwhile.
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }
}
