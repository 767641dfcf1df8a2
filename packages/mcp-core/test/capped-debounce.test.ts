/**
 * `CappedDebounce` against a fake clock (its cap reads `Date.now()`, which the fake clock drives):
 * each boundary is checked one millisecond before and at, so moving it by 1 ms fails the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CappedDebounce } from "../src/timing/capped-debounce.js";

const DELAY_MS = 50;
const MAX_WAIT_MS = 200;

let debounce: CappedDebounce;
let runs: number;

/** Triggers once a millisecond for `ms` ms, expecting no run meanwhile. */
function triggerContinuously(ms: number): void {
  for (let t = 1; t <= ms; t++) {
    vi.advanceTimersByTime(1);
    expect(runs).toBe(0);
    debounce.trigger();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  runs = 0;
  debounce = new CappedDebounce(DELAY_MS, MAX_WAIT_MS, () => {
    runs++;
  });
});

afterEach(() => {
  debounce.cancel();
  vi.useRealTimers();
});

describe("CappedDebounce", () => {
  it("should run delayMs after a single trigger", () => {
    debounce.trigger();
    vi.advanceTimersByTime(DELAY_MS - 1);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });

  it("should restart the wait on each trigger of a burst", () => {
    debounce.trigger();
    vi.advanceTimersByTime(30);
    debounce.trigger();
    vi.advanceTimersByTime(DELAY_MS - 1);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });

  it("should run maxWaitMs after the first trigger even while triggers never pause", () => {
    debounce.trigger();
    triggerContinuously(MAX_WAIT_MS - 1);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });

  it("should start a new burst, with its own wait and cap, after a run", () => {
    debounce.trigger();
    triggerContinuously(MAX_WAIT_MS - 1);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);

    // Right after the capped run: the old burst's start must not shorten the new wait.
    debounce.trigger();
    vi.advanceTimersByTime(DELAY_MS - 1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(2);

    // And the new burst is capped from its own first trigger.
    runs = 0;
    debounce.trigger();
    triggerContinuously(MAX_WAIT_MS - 1);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });

  it("should not run after cancel, and a trigger after cancel waits the full delay", () => {
    debounce.trigger();
    triggerContinuously(MAX_WAIT_MS - 10);
    debounce.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toBe(0);

    debounce.trigger();
    vi.advanceTimersByTime(DELAY_MS - 1);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
  });
});
