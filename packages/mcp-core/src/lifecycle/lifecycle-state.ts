/**
 * A connection's state as a discriminated union that carries its data, the events that move it and
 * the effects a transition asks its runner to perform. The public `ConnectionState` is derived.
 * A later state (a server waiting for authorization) is one more member here, one more case in
 * `publicState`, `callGate` and the transition table.
 * @module
 */
import type { McpSession } from "../transport/session.js";
import type { ConnectionState, StateReason } from "../types.js";

/** A scheduled auto-restart attempt. */
export interface RetryPlan {
  /** 1-based attempt number since the budget was last whole. */
  attempt: number;
  delayMs: number;
}

/** The internal state of one connection. */
export type LifecycleState =
  /** Not connected. `hasRun`: it has been `running` once, so auto-restart applies to it. */
  | { kind: "stopped"; hasRun: boolean }
  /** An attempt runs (spawn/connect → initialize → list); `abort` ends it. */
  | {
      kind: "starting";
      attempt: number;
      abort: AbortController;
      hasRun: boolean;
      reason: "start" | "restart";
    }
  | { kind: "running"; session: McpSession; since: number }
  /** Failed; `retry` while an attempt is scheduled, `gaveUp` once auto-restart ran out. */
  | { kind: "error"; error: Error; retry: RetryPlan | undefined; gaveUp: boolean; hasRun: boolean }
  /**
   * Waits for a person to authorize (OAuth): no retries; `authorizationUrl` is where to send them,
   * when the server's auth gave one. `authorize()` starts it again.
   */
  | { kind: "needs-auth"; error: Error; authorizationUrl: string | undefined; hasRun: boolean }
  /** Final: `close()` was called. */
  | { kind: "closed" };

/** The name of a state. */
export type StateKind = LifecycleState["kind"];

/**
 * What auto-restart would do after a failure, as the runner sees it from the policy, the budget and
 * the load signal (`off`: disabled or the load was aborted; `due`: the next attempt; `spent`: the
 * budget is used up). The transition decides whether it applies (only to a server that has run).
 */
export type RestartOutlook =
  | { kind: "off" }
  | { kind: "due"; retry: RetryPlan }
  | { kind: "spent"; attempts: number };

/** Why a running connection lost its transport. */
export type LostReason = "crash" | "session-lost" | "health-check";

/** What can happen to a connection. */
export type LifecycleEvent =
  | { type: "start"; abort: AbortController; attempt: number; reason: "start" | "restart" }
  | { type: "ready"; session: McpSession; at: number }
  | { type: "fail"; error: Error; restart: RestartOutlook }
  | { type: "lost"; error: Error; reason: LostReason; restart: RestartOutlook }
  | { type: "stop"; reason: "stop" | "idle" }
  /** The server cannot go on until a person authorizes: its start or its session met that. */
  | { type: "auth-required"; error: Error; authorizationUrl: string | undefined }
  /** The load signal was aborted: supervision ends (the attempt aborted, no retry). */
  | { type: "halt" }
  | { type: "close" };

/** The name of an event. */
export type EventType = LifecycleEvent["type"];

/** A side effect a transition asks for; the runner performs them in order. */
export type Effect =
  | { type: "open-session" }
  | { type: "abort-attempt"; abort: AbortController }
  | { type: "cancel-retry" }
  | { type: "schedule-retry" }
  | { type: "supervise"; session: McpSession }
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

/** The result of a transition: the next state, the effects to perform, and why (for `StateInfo`). */
export interface Transition {
  state: LifecycleState;
  effects: Effect[];
  reason: StateReason;
}
