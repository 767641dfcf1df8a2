/**
 * A connection's state as a discriminated union that carries its data, the facts that outlive one
 * state (its context), the events that move it and the effects a transition asks its runner to
 * perform. `transition` is the only writer of both; the public `ConnectionState` is derived.
 * @module
 */
import type { ResolvedAutoRestart } from "../config/resolved-policies.js";
import type { McpSession } from "../transport/session.js";
import type { ConnectionState, EnvEntry, StateReason } from "../types.js";

/** A scheduled auto-restart attempt. */
export interface RetryPlan {
  /** 1-based attempt number since the budget was last whole. */
  attempt: number;
  delayMs: number;
}

/** The internal state of one connection. */
export type LifecycleState =
  /** Not connected. */
  | { kind: "stopped" }
  /** An attempt runs (spawn/connect → initialize → list); `abort` ends it. */
  | { kind: "starting"; attempt: number; abort: AbortController; reason: "start" | "restart" }
  | { kind: "running"; session: McpSession; since: number }
  /** Failed; `retry` while an attempt is scheduled, `gaveUp` once auto-restart ran out. */
  | { kind: "error"; error: Error; retry: RetryPlan | undefined; gaveUp: boolean }
  /**
   * Waits for a person to authorize (OAuth): no retries; `authorizationUrl` is where to send them,
   * when the server's auth gave one. `authorize()` starts it again.
   */
  | { kind: "needs-auth"; error: Error; authorizationUrl: string | undefined }
  /** Final: `close()` was called. */
  | { kind: "closed" };

/** The name of a state. */
export type StateKind = LifecycleState["kind"];

/** What a connection knows beyond its current state; only `transition` writes it. */
export interface LifecycleContext {
  /** The auto-restart policy: what the restart guards read (fixed for the connection's life). */
  readonly policy: ResolvedAutoRestart;
  /** Auto-restart attempts since the budget was last whole. */
  attempts: number;
  /** Auto-restarts (and `restart()` calls) that reached `running`. */
  restarts: number;
  /** It has been `running` once, so auto-restart applies to it. */
  hasRun: boolean;
  /** The last failure: a start's, a lost transport's, an authorization's. */
  lastError: Error | undefined;
  /** The env names (and their origins) the latest session was given. */
  envEntries: EnvEntry[] | undefined;
}

/** The machine's whole value: the state and the facts beside it. */
export interface Machine {
  state: LifecycleState;
  context: LifecycleContext;
}

/** A machine that has not started. */
export function initialMachine(policy: ResolvedAutoRestart): Machine {
  return {
    state: { kind: "stopped" },
    context: { policy, attempts: 0, restarts: 0, hasRun: false, lastError: undefined, envEntries: undefined },
  };
}

/**
 * What auto-restart does after a failure (`off`: disabled, the load was aborted or the server never
 * ran; `due`: the next attempt; `spent`: the budget is used up). `transition` derives it.
 */
export type RestartOutlook =
  | { kind: "off" }
  | { kind: "due"; retry: RetryPlan }
  | { kind: "spent"; attempts: number };

/** Why a running connection lost its transport. */
export type LostReason = "crash" | "session-lost" | "health-check";

/**
 * What can happen to a connection. `halted`: the load signal was aborted when it happened (no
 * restart then). `stable` and `abandoned` only update the context (they are not rows of the table).
 */
export type LifecycleEvent =
  | { type: "start"; abort: AbortController; reason: "start" | "restart" }
  | { type: "ready"; session: McpSession; at: number; envEntries: EnvEntry[] }
  | { type: "fail"; error: Error; halted: boolean }
  | { type: "lost"; error: Error; reason: LostReason; halted: boolean }
  | { type: "stop"; reason: "stop" | "idle" }
  /** The server cannot go on until a person authorizes: its start or its session met that. */
  | { type: "auth-required"; error: Error; authorizationUrl: string | undefined }
  /** The load signal was aborted: supervision ends (the attempt aborted, no retry). */
  | { type: "halt" }
  | { type: "close" }
  /** The server stayed `running` for `stableAfterMs`: the restart budget is whole again. */
  | { type: "stable" }
  /** An attempt a stop or a close overtook ended with `error` (kept as the last error). */
  | { type: "abandoned"; error: Error };

/** The name of an event. */
export type EventType = LifecycleEvent["type"];

/** A side effect a transition asks for; the runner performs them in order. */
export type Effect =
  | { type: "open-session" }
  | { type: "abort-attempt"; abort: AbortController }
  | { type: "cancel-retry" }
  | { type: "schedule-retry"; retry: RetryPlan }
  /** Watch the session; `stableAfterMs`: after that long running, send `stable` (when attempts were made). */
  | { type: "supervise"; session: McpSession; stableAfterMs: number | undefined }
  | { type: "unsupervise" }
  | { type: "close-session"; session: McpSession }
  | { type: "withdraw-tools" }
  | { type: "reset-budget" };

/** The name of an effect. */
export type EffectType = Effect["type"];

/** The state a host sees: `closed` reads as `stopped`. */
export function publicState(state: LifecycleState): ConnectionState {
  switch (state.kind) {
    case "closed":
      return "stopped";
    default:
      return state.kind;
  }
}

/** The result of a transition: the next machine, the effects to perform, and why (for `StateInfo`). */
export interface Transition extends Machine {
  effects: Effect[];
  reason: StateReason;
}
