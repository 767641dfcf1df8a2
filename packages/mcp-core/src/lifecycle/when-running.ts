/**
 * Waits for a server's live session on behalf of one call, as the call gate says: go ahead, start
 * a lazy server, wait through a start or a scheduled restart, or fail with a stable code.
 * @module
 */
import type { McpSession } from "../transport/session.js";
import { callGate, gateError } from "./call-gate.js";
import type { LifecycleState } from "./lifecycle-state.js";
import type { StateWaiters } from "./state-waiters.js";
import { withinCallBounds } from "./within-call-bounds.js";

/** What the wait reads of a connection, at the moment it reads it. */
export interface RunningSource {
  server: string;
  state(): LifecycleState;
  lastError(): Error | undefined;
  start(): Promise<void>;
  waiters: StateWaiters;
}

/**
 * The live session once the server runs: starts it when `mayStart` (a lazy server) and waits
 * through a start or a scheduled restart, within the call's `timeoutMs` and `signal`; otherwise
 * throws a `CallGateError` whose code says why (stopped, failed, restarts exhausted, closed).
 */
export async function whenRunning(
  source: RunningSource,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  mayStart: boolean,
): Promise<McpSession> {
  const { server } = source;
  const deadline = Date.now() + timeoutMs;
  const verdict = callGate(source.state(), mayStart);
  switch (verdict.go) {
    case "call":
      return verdict.session;
    case "fail":
      throw gateError(verdict.code, server, source.lastError());
    case "start": {
      // Bounded by this call, not the server's start timeout; if the call gives up first, the
      // start goes on and serves later calls.
      const started = source.start();
      started.catch(() => {});
      await withinCallBounds(started, { timeoutMs, signal, server });
      break;
    }
    case "wait":
      await source.waiters.waitFor(
        () => callGate(source.state(), false).go !== "wait",
        timeoutMs,
        signal,
        server,
      );
  }
  // Re-checked with what is left of the call's time (a crash right after ready may mean a restart).
  return whenRunning(source, Math.max(0, deadline - Date.now()), signal, false);
}
