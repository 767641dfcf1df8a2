import { afterEach, describe, expect, it, vi } from "vitest";
import { backoffDelay } from "../src/index.js";

describe("backoffDelay", () => {
  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [6, 16_000],
    [7, 30_000],
    [10, 30_000],
    [2000, 30_000],
  ])("should wait %i → %i ms with the default policy", (attempt, delay) => {
    expect(backoffDelay({ attempt, initialDelayMs: 500, maxDelayMs: 30_000 })).toBe(delay);
  });

  it("should wait nothing before attempt 0", () => {
    expect(backoffDelay({ attempt: 0, initialDelayMs: 500, maxDelayMs: 30_000 })).toBe(0);
  });
});

describe("backoff timing with fake timers", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should fire attempt n exactly after its delay (delay − 1 → not yet, delay → fired)", () => {
    vi.useFakeTimers();
    const fired: number[] = [];
    for (const attempt of [1, 2, 3]) {
      setTimeout(
        () => fired.push(attempt),
        backoffDelay({ attempt, initialDelayMs: 500, maxDelayMs: 30_000 }),
      );
    }
    vi.advanceTimersByTime(499);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(fired).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([1, 2, 3]);
  });
});
