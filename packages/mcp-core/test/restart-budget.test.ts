/**
 * `RestartBudget` against a fake clock: each boundary is checked one millisecond before (nothing
 * happened yet) and at (it happened), so moving a delay by 1 ms fails the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RestartBudget } from "../src/lifecycle/restart-budget.js";
import type { ResolvedAutoRestart } from "../src/options.js";

/** Delays 100, 200, 250 (capped), 250; the count resets after 1000 ms of stability. */
const policy: ResolvedAutoRestart = {
  enabled: true,
  maxRetries: 4,
  initialDelayMs: 100,
  maxDelayMs: 250,
  stableAfterMs: 1000,
};

let budget: RestartBudget;
let runs: number;
const run = () => {
  runs++;
};

/** Schedules the next attempt and lets its delay pass in full. */
function scheduleAndRun(): { attempt: number; delayMs: number } {
  const scheduled = budget.schedule(run);
  vi.advanceTimersByTime(scheduled.delayMs);
  return scheduled;
}

beforeEach(() => {
  vi.useFakeTimers();
  budget = new RestartBudget(policy);
  runs = 0;
});

afterEach(() => {
  budget.reset();
  vi.useRealTimers();
});

describe("RestartBudget.schedule", () => {
  it("should run attempts 1..n exactly at their backoff delay, capped at maxDelayMs", () => {
    const scheduled: Array<{ attempt: number; delayMs: number }> = [];
    for (let n = 1; n <= policy.maxRetries; n++) {
      const next = budget.schedule(run);
      scheduled.push(next);
      expect(budget.scheduled).toBe(true);
      vi.advanceTimersByTime(next.delayMs - 1);
      expect(runs).toBe(n - 1);
      vi.advanceTimersByTime(1);
      expect(runs).toBe(n);
      expect(budget.scheduled).toBe(false);
    }
    expect(scheduled).toEqual([
      { attempt: 1, delayMs: 100 },
      { attempt: 2, delayMs: 200 },
      { attempt: 3, delayMs: 250 },
      { attempt: 4, delayMs: 250 },
    ]);
  });

  it("should be exhausted exactly when maxRetries attempts were made", () => {
    const exhausted: boolean[] = [budget.exhausted];
    for (let n = 1; n <= policy.maxRetries; n++) {
      scheduleAndRun();
      exhausted.push(budget.exhausted);
    }
    expect(exhausted).toEqual([false, false, false, false, true]);
    expect(budget.attempt).toBe(policy.maxRetries);
  });

  it("should replace a pending attempt: only the new one runs, counted as the next attempt", () => {
    budget.schedule(run);
    vi.advanceTimersByTime(50);
    const second = budget.schedule(run);
    expect(second).toEqual({ attempt: 2, delayMs: 200 });
    vi.advanceTimersByTime(199);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(1);
  });
});

describe("RestartBudget.cancel", () => {
  it("should drop the pending attempt and keep it counted", () => {
    budget.schedule(run);
    vi.advanceTimersByTime(99);
    budget.cancel();
    expect(budget.scheduled).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(0);
    expect(budget.attempt).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("RestartBudget stable reset", () => {
  it("should make the budget whole exactly stableAfterMs after armStableReset", () => {
    scheduleAndRun();
    scheduleAndRun();
    budget.armStableReset();
    vi.advanceTimersByTime(policy.stableAfterMs - 1);
    expect(budget.attempt).toBe(2);
    vi.advanceTimersByTime(1);
    expect(budget.attempt).toBe(0);
    // The next crash starts over at attempt 1 with the initial delay.
    expect(budget.schedule(run)).toEqual({ attempt: 1, delayMs: 100 });
  });

  it("should restart the stability wait when armed again", () => {
    scheduleAndRun();
    budget.armStableReset();
    vi.advanceTimersByTime(600);
    budget.armStableReset();
    vi.advanceTimersByTime(policy.stableAfterMs - 1);
    expect(budget.attempt).toBe(1);
    vi.advanceTimersByTime(1);
    expect(budget.attempt).toBe(0);
  });

  it("should arm no timer while no attempt was made", () => {
    budget.armStableReset();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("should keep the count when disarmed before stableAfterMs", () => {
    scheduleAndRun();
    budget.armStableReset();
    vi.advanceTimersByTime(policy.stableAfterMs - 1);
    budget.disarmStableReset();
    vi.advanceTimersByTime(10_000);
    expect(budget.attempt).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("RestartBudget.reset", () => {
  it("should cancel the pending attempt, disarm the stable reset and zero the count", () => {
    scheduleAndRun();
    budget.armStableReset();
    budget.schedule(run);
    budget.reset();
    expect(budget.attempt).toBe(0);
    expect(budget.scheduled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(1);
  });
});
