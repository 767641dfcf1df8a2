/**
 * The connection's transitions as one table (SPEC §8.1 prints the same table; a test compares
 * them row by row) and the pure `transition(state, event)` that reads it.
 * @module
 */
import type { StateReason } from "../types.js";
import type {
  Effect,
  EffectType,
  EventType,
  LifecycleEvent,
  LifecycleState,
  StateKind,
  Transition,
} from "./lifecycle-state.js";

/**
 * When a row applies, beside its state and event: `restart due` / `restarts spent` / `no restart`
 * split a failure by what auto-restart does (it applies only to a server that has run);
 * `retry pending` is an `error` state with an attempt scheduled.
 */
export type Guard = "" | "restart due" | "restarts spent" | "no restart" | "retry pending";

/** One row: in `from`, on `event` (when `when` holds), go to `to` and perform `effects` in order. */
export interface TransitionRow {
  from: StateKind;
  event: EventType;
  when: Guard;
  to: StateKind;
  effects: readonly EffectType[];
}

const row = (
  from: StateKind,
  event: EventType,
  when: Guard,
  to: StateKind,
  ...effects: EffectType[]
): TransitionRow => ({ from, event, when, to, effects });

/** Every allowed transition. An event in a state with no row is invalid (reported by the runner). */
export const TRANSITIONS: readonly TransitionRow[] = [
  row("stopped", "start", "", "starting", "open-session"),
  row("error", "start", "", "starting", "cancel-retry", "open-session"),
  row("starting", "ready", "", "running", "supervise"),
  row("starting", "fail", "restart due", "error", "schedule-retry"),
  row("starting", "fail", "restarts spent", "error", "withdraw-tools"),
  row("starting", "fail", "no restart", "error"),
  row("running", "lost", "restart due", "error", "unsupervise", "close-session", "schedule-retry"),
  row("running", "lost", "restarts spent", "error", "unsupervise", "close-session", "withdraw-tools"),
  row("running", "lost", "no restart", "error", "unsupervise", "close-session"),
  row("stopped", "stop", "", "stopped"),
  row("starting", "stop", "", "stopped", "abort-attempt", "reset-budget"),
  row("running", "stop", "", "stopped", "unsupervise", "close-session", "reset-budget"),
  row("error", "stop", "", "stopped", "cancel-retry", "reset-budget"),
  row("starting", "halt", "", "starting", "abort-attempt"),
  row("error", "halt", "retry pending", "error", "cancel-retry"),
  row("stopped", "close", "", "closed"),
  row("starting", "close", "", "closed", "abort-attempt", "reset-budget"),
  row("running", "close", "", "closed", "unsupervise", "close-session", "reset-budget"),
  row("error", "close", "", "closed", "cancel-retry", "reset-budget"),
  row("starting", "auth-required", "", "needs-auth", "reset-budget"),
  row("running", "auth-required", "", "needs-auth", "unsupervise", "close-session", "reset-budget"),
  row("needs-auth", "start", "", "starting", "open-session"),
  row("needs-auth", "stop", "", "stopped"),
  row("needs-auth", "close", "", "closed"),
];

function hasRun(state: LifecycleState): boolean {
  if (state.kind === "running") return true;
  return state.kind !== "closed" && state.hasRun;
}

function holds(when: Guard, state: LifecycleState, event: LifecycleEvent): boolean {
  if (when === "") return true;
  if (when === "retry pending") return state.kind === "error" && state.retry !== undefined;
  if (event.type !== "fail" && event.type !== "lost") return false;
  const outlook = hasRun(state) ? event.restart.kind : "off";
  if (when === "restart due") return outlook === "due";
  if (when === "restarts spent") return outlook === "spent";
  return outlook === "off";
}

function nextState(to: StateKind, state: LifecycleState, event: LifecycleEvent, when: Guard): LifecycleState {
  switch (to) {
    case "starting":
      if (event.type !== "start") return state;
      return {
        kind: "starting",
        attempt: event.attempt,
        abort: event.abort,
        hasRun: hasRun(state),
        reason: event.reason,
      };
    case "running":
      if (event.type !== "ready") return state;
      return { kind: "running", session: event.session, since: event.at };
    case "error": {
      if (state.kind === "error" && event.type === "halt") return { ...state, retry: undefined };
      if (event.type !== "fail" && event.type !== "lost") return state;
      const retry = when === "restart due" && event.restart.kind === "due" ? event.restart.retry : undefined;
      return {
        kind: "error",
        error: event.error,
        retry,
        gaveUp: when === "restarts spent",
        hasRun: hasRun(state),
      };
    }
    case "stopped":
      return { kind: "stopped", hasRun: hasRun(state) };
    case "needs-auth":
      if (event.type !== "auth-required") return state;
      return {
        kind: "needs-auth",
        error: event.error,
        authorizationUrl: event.authorizationUrl,
        hasRun: hasRun(state),
      };
    case "closed":
      return { kind: "closed" };
  }
}

function effect(type: EffectType, from: LifecycleState, to: LifecycleState): Effect[] {
  switch (type) {
    case "abort-attempt":
      return from.kind === "starting" ? [{ type, abort: from.abort }] : [];
    case "supervise":
      return to.kind === "running" ? [{ type, session: to.session }] : [];
    case "close-session":
      return from.kind === "running" ? [{ type, session: from.session }] : [];
    default:
      return [{ type }];
  }
}

function reasonOf(event: LifecycleEvent, when: Guard): StateReason {
  switch (event.type) {
    case "start":
      return event.reason;
    case "ready":
      return "ready";
    case "fail":
      return when === "restarts spent" ? "gave-up" : "start-failed";
    case "lost":
      return when === "restarts spent" ? "gave-up" : event.reason;
    case "stop":
      return event.reason;
    case "halt":
      return "stop";
    case "auth-required":
      return "auth-required";
    case "close":
      return "close";
  }
}

/** The row `transition` uses for this state and event, if any. */
function findRow(state: LifecycleState, event: LifecycleEvent): TransitionRow | undefined {
  return TRANSITIONS.find(
    (r) => r.from === state.kind && r.event === event.type && holds(r.when, state, event),
  );
}

/** Pure: the next state and the effects to perform, or undefined for an event the state does not accept. */
export function transition(state: LifecycleState, event: LifecycleEvent): Transition | undefined {
  const found = findRow(state, event);
  if (!found) return undefined;
  const next = nextState(found.to, state, event, found.when);
  return {
    state: next,
    effects: found.effects.flatMap((type) => effect(type, state, next)),
    reason: reasonOf(event, found.when),
  };
}
