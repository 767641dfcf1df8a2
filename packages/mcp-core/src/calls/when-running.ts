/**
 * Waits for a server's live session on behalf of one call, as the call gate says: go ahead, start
 * a lazy server, wait through a start or a scheduled restart, or fail with a stable code. Every
 * failure is one thing: an error result (`kind`, `code`, message), never a throw.
 * @module
 */
import { errorMessage, isMcpCoreError } from "../errors.js";
import type { LifecycleState } from "../machine/lifecycle-state.js";
import { abortedResult, errorResult } from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpToolResult } from "../types.js";
import { callGate, gateMessage } from "./call-gate.js";
import type { CallTarget } from "./run-call.js";
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

/** The live session, or the call's failure as its error result. */
export type RunningOutcome = { session: McpSession } | { failed: McpToolResult };

/**
 * The live session once the server runs: starts it when `mayStart` (a lazy server) and waits
 * through a start or a scheduled restart, within the call's `timeoutMs` and `signal`. A refusal
 * resolves as `failed`: the gate's code (stopped, failed, restarts exhausted, closed, needs
 * authorization), ABORTED, TIMEOUT for a start that outlasted the call, AUTH_REQUIRED for a start
 * that stopped at needs-auth, SERVER_FAILED otherwise.
 */
export async function whenRunning(
  source: RunningSource,
  where: CallTarget,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  mayStart: boolean,
): Promise<RunningOutcome> {
  try {
    return await waitRunning(source, timeoutMs, signal, mayStart);
  } catch (error) {
    if (signal?.aborted) return { failed: abortedResult(where.server, where.tool, where.what) };
    if (isMcpCoreError(error) && error.code === "START_TIMEOUT") {
      return { failed: errorResult("timeout", "TIMEOUT", error.message) };
    }
    // A lazy server's start (a tenant's first call) that stopped at needs-auth says so.
    if (isMcpCoreError(error) && error.code === "AUTH_REQUIRED") {
      return { failed: errorResult("unavailable", "AUTH_REQUIRED", error.message) };
    }
    return { failed: errorResult("unavailable", "SERVER_FAILED", errorMessage(error)) };
  }
}

async function waitRunning(
  source: RunningSource,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  mayStart: boolean,
): Promise<RunningOutcome> {
  const { server } = source;
  const deadline = Date.now() + timeoutMs;
  const verdict = callGate(source.state(), mayStart);
  switch (verdict.go) {
    case "call":
      return { session: verdict.session };
    case "fail":
      return {
        failed: errorResult(
          "unavailable",
          verdict.code,
          gateMessage(verdict.code, server, source.lastError()),
        ),
      };
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
  return waitRunning(source, Math.max(0, deadline - Date.now()), signal, false);
}
