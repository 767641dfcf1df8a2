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
  LifecycleContext,
  LifecycleEvent,
  LifecycleState,
  Machine,
  RestartOutlook,
  StateKind,
  Transition,
} from "./lifecycle-state.js";
import { restartOutlook } from "./restart-budget.js";

/**
 * When a row applies, beside its state and event: `restart due` / `restarts spent` / `no restart`
 * split a failure by what auto-restart does (`restartOutlook` of the context: it applies only to a
 * server that has run);
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

/** What auto-restart does after this event: only a failure has an outlook. */
function outlookOf(context: LifecycleContext, event: LifecycleEvent): RestartOutlook {
  if (event.type !== "fail" && event.type !== "lost") return { kind: "off" };
  return restartOutlook(context, event.halted);
}

function holds(when: Guard, { state }: Machine, outlook: RestartOutlook): boolean {
  switch (when) {
    case "":
      return true;
    case "retry pending":
      return state.kind === "error" && state.retry !== undefined;
    case "restart due":
      return outlook.kind === "due";
    case "restarts spent":
      return outlook.kind === "spent";
    case "no restart":
      return outlook.kind === "off";
  }
}

function nextState(
  to: StateKind,
  { state, context }: Machine,
  event: LifecycleEvent,
  outlook: RestartOutlook,
): LifecycleState {
  switch (to) {
    case "starting":
      if (event.type !== "start") return state;
      return { kind: "starting", attempt: context.attempts, abort: event.abort, reason: event.reason };
    case "running":
      if (event.type !== "ready") return state;
      return { kind: "running", session: event.session, since: event.at };
    case "error": {
      if (state.kind === "error" && event.type === "halt") return { ...state, retry: undefined };
      if (event.type !== "fail" && event.type !== "lost") return state;
      const retry = outlook.kind === "due" ? outlook.retry : undefined;
      return { kind: "error", error: event.error, retry, gaveUp: outlook.kind === "spent" };
    }
    case "stopped":
      return { kind: "stopped" };
    case "needs-auth":
      if (event.type !== "auth-required") return state;
      return { kind: "needs-auth", error: event.error, authorizationUrl: event.authorizationUrl };
    case "closed":
      return { kind: "closed" };
  }
}

/** The facts after the move: counts, the last error, the budget. */
function nextContext(
  { state, context }: Machine,
  event: LifecycleEvent,
  next: LifecycleState,
  effects: readonly EffectType[],
): LifecycleContext {
  const after = { ...context };
  if (event.type === "ready") {
    after.hasRun = true;
    after.lastError = undefined;
    after.envEntries = event.envEntries;
    if (state.kind === "starting" && state.reason === "restart") after.restarts++;
  }
  if (event.type === "fail" || event.type === "lost" || event.type === "auth-required") {
    after.lastError = event.error;
  }
  if (next.kind === "error" && next.retry) after.attempts = next.retry.attempt;
  if (effects.includes("reset-budget")) after.attempts = 0;
  return after;
}

function effect(type: EffectType, from: Machine, to: Machine): Effect[] {
  const { state } = to;
  switch (type) {
    case "abort-attempt":
      return from.state.kind === "starting" ? [{ type, abort: from.state.abort }] : [];
    case "schedule-retry":
      return state.kind === "error" && state.retry ? [{ type, retry: state.retry }] : [];
    case "supervise": {
      if (state.kind !== "running") return [];
      const { attempts, policy } = to.context;
      return [
        { type, session: state.session, stableAfterMs: attempts > 0 ? policy.stableAfterMs : undefined },
      ];
    }
    case "close-session":
      return from.state.kind === "running" ? [{ type, session: from.state.session }] : [];
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
    case "stable":
    case "abandoned":
      return "close";
  }
}

/**
 * The events that only update the context: `stable` while running makes the budget whole; an
 * `abandoned` attempt's error becomes the last error. Neither moves the state nor asks for effects.
 */
function bookkeeping(machine: Machine, event: LifecycleEvent): Transition | undefined {
  const { state, context } = machine;
  if (event.type === "stable" && state.kind === "running") {
    return { state, context: { ...context, attempts: 0 }, effects: [], reason: "ready" };
  }
  if (event.type === "abandoned") {
    return { state, context: { ...context, lastError: event.error }, effects: [], reason: "start-failed" };
  }
  return undefined;
}

/**
 * Pure: the next machine (state and context) and the effects to perform, or undefined for an event
 * the state does not accept. Everything a guard reads is in `machine` and `event`, so a recorded
 * event log replays to the same states and effects.
 */
export function transition(machine: Machine, event: LifecycleEvent): Transition | undefined {
  if (event.type === "stable" || event.type === "abandoned") return bookkeeping(machine, event);
  const outlook = outlookOf(machine.context, event);
  const found = TRANSITIONS.find(
    (r) => r.from === machine.state.kind && r.event === event.type && holds(r.when, machine, outlook),
  );
  if (!found) return undefined;
  const state = nextState(found.to, machine, event, outlook);
  const to: Machine = { state, context: nextContext(machine, event, state, found.effects) };
  return {
    ...to,
    effects: found.effects.flatMap((type) => effect(type, machine, to)),
    reason: reasonOf(event, found.when),
  };
}
