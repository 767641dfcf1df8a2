/**
 * The restart budget: its arithmetic as the machine's (`restartOutlook`, `transition` counting
 * attempts in the context), and its two timers (`RestartTimers`) against a fake clock, each
 * boundary checked one millisecond before (nothing happened yet) and at (it happened).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialMachine, type LifecycleEvent, type Machine } from "../src/machine/lifecycle-state.js";
import { restartOutlook } from "../src/machine/restart-budget.js";
import { transition } from "../src/machine/transition.js";
import type { ResolvedAutoRestart } from "../src/options.js";
import { RestartTimers } from "../src/supervision/restart-timers.js";
import type { McpSession } from "../src/transport/session.js";

/** Delays 100, 200, 250 (capped), 250; the count resets after 1000 ms of stability. */
const policy: ResolvedAutoRestart = {
  enabled: true,
  maxRetries: 4,
  initialDelayMs: 100,
  maxDelayMs: 250,
  stableAfterMs: 1000,
};
const session = { pid: 1 } as unknown as McpSession;
const error = new Error("boom");

/** Applies events in order; each must be accepted. */
function run(machine: Machine, ...events: LifecycleEvent[]): Machine {
  let current = machine;
  for (const event of events) {
    const next = transition(current, event);
    if (!next) throw new Error(`${event.type} refused in ${current.state.kind}`);
    current = { state: next.state, context: next.context };
  }
  return current;
}

const start = () => ({ type: "start", abort: new AbortController(), reason: "restart" }) as const;
const ready = (): LifecycleEvent => ({ type: "ready", session, at: 0, envEntries: [] });
const lost = { type: "lost", error, reason: "crash", halted: false } as const;
const fail = { type: "fail", error, halted: false } as const;

/** A server that ran once and just crashed: attempt 1 is scheduled. */
function crashed(): Machine {
  return run(initialMachine(policy), start(), ready(), lost);
}

describe("restart budget arithmetic (the machine's)", () => {
  it("should plan attempts 1..n at their backoff delay, capped at maxDelayMs, then give up", () => {
    let machine = crashed();
    const plans: unknown[] = [];
    for (;;) {
      const { state } = machine;
      if (state.kind !== "error") throw new Error(state.kind);
      if (!state.retry) break;
      plans.push(state.retry);
      machine = run(machine, start(), fail);
    }
    expect(plans).toEqual([
      { attempt: 1, delayMs: 100 },
      { attempt: 2, delayMs: 200 },
      { attempt: 3, delayMs: 250 },
      { attempt: 4, delayMs: 250 },
    ]);
    expect(machine.state).toMatchObject({ kind: "error", gaveUp: true });
    expect(machine.context.attempts).toBe(policy.maxRetries);
    expect(restartOutlook(machine.context, false)).toEqual({ kind: "spent", attempts: 4 });
  });

  it("should keep the count when a pending attempt is replaced by a start", () => {
    const machine = run(crashed(), start());
    expect(machine.state).toMatchObject({ kind: "starting", attempt: 1 });
    expect(run(machine, fail).state).toMatchObject({ retry: { attempt: 2, delayMs: 200 } });
  });

  it("should make the budget whole on stable, so the next crash is attempt 1 again", () => {
    const running = run(crashed(), start(), ready(), lost, start(), ready());
    expect(running.context.attempts).toBe(2);
    const next = transition(running, ready());
    expect(next).toBeUndefined();
    const stable = run(running, { type: "stable" });
    expect(stable.context.attempts).toBe(0);
    expect(run(stable, lost).state).toMatchObject({ retry: { attempt: 1, delayMs: 100 } });
  });

  it("should zero the count on stop and plan nothing when off, halted or never run", () => {
    expect(run(crashed(), { type: "stop", reason: "stop" }).context.attempts).toBe(0);
    const context = crashed().context;
    expect(restartOutlook({ ...context, policy: { ...policy, enabled: false } }, false)).toEqual({
      kind: "off",
    });
    expect(restartOutlook(context, true)).toEqual({ kind: "off" });
    expect(restartOutlook({ ...context, hasRun: false }, false)).toEqual({ kind: "off" });
  });
});

let timers: RestartTimers;
let runs: number;
const count = () => {
  runs++;
};

beforeEach(() => {
  vi.useFakeTimers();
  timers = new RestartTimers();
  runs = 0;
});

afterEach(() => {
  timers.clear();
  vi.useRealTimers();
});

describe("RestartTimers", () => {
  it("should run a scheduled attempt exactly at its delay", () => {
    timers.scheduleRetry(100, count);
    expect(timers.retryPending).toBe(true);
    vi.advanceTimersByTime(99);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    expect(timers.retryPending).toBe(false);
  });

  it("should replace a pending attempt: only the new one runs", () => {
    timers.scheduleRetry(100, count);
    vi.advanceTimersByTime(50);
    timers.scheduleRetry(200, count);
    vi.advanceTimersByTime(199);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(1);
  });

  it("should drop the pending attempt on cancel", () => {
    timers.scheduleRetry(100, count);
    vi.advanceTimersByTime(99);
    timers.cancelRetry();
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("should fire the stability wait exactly after its delay, restarting it when armed again", () => {
    timers.armStable(1000, count);
    vi.advanceTimersByTime(600);
    timers.armStable(1000, count);
    vi.advanceTimersByTime(999);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });

  it("should fire nothing once disarmed or cleared", () => {
    timers.armStable(1000, count);
    vi.advanceTimersByTime(999);
    timers.disarmStable();
    timers.scheduleRetry(100, count);
    timers.clear();
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
