/**
 * `HealthMonitor` against a fake clock, with a scripted ping: each boundary is checked one
 * millisecond before and at, so moving the interval by 1 ms fails the test. The async advance lets
 * each ping's promise settle before the next timer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResolvedHealthCheck } from "../src/options.js";
import { HealthMonitor } from "../src/supervision/health-monitor.js";

const policy: ResolvedHealthCheck = { enabled: true, intervalMs: 100, timeoutMs: 30, failures: 3 };

let monitor: HealthMonitor | undefined;
let pings: number[];
let dead: number[];

/** A monitor whose n-th ping (0-based) answers `outcome(n)`: true → success, false → missed. */
function startMonitor(outcome: (n: number) => boolean, options: Partial<ResolvedHealthCheck> = {}): void {
  monitor = new HealthMonitor(
    { ...policy, ...options },
    async (timeoutMs) => {
      const n = pings.length;
      pings.push(timeoutMs);
      if (!outcome(n)) throw new Error("ping timed out");
    },
    (missed) => {
      dead.push(missed);
    },
  );
  monitor.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  pings = [];
  dead = [];
});

afterEach(() => {
  monitor?.stop();
  monitor = undefined;
  vi.useRealTimers();
});

describe("HealthMonitor", () => {
  it("should ping every intervalMs with the ping timeout", async () => {
    startMonitor(() => true);
    for (let n = 1; n <= 3; n++) {
      await vi.advanceTimersByTimeAsync(policy.intervalMs - 1);
      expect(pings.length).toBe(n - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(pings.length).toBe(n);
    }
    expect(pings).toEqual([30, 30, 30]);
    expect(dead).toEqual([]);
  });

  it("should call onDead exactly once, at the ping that makes `failures` misses in a row", async () => {
    startMonitor(() => false);
    await vi.advanceTimersByTimeAsync(policy.failures * policy.intervalMs - 1);
    expect(pings.length).toBe(policy.failures - 1);
    expect(dead).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(dead).toEqual([policy.failures]);
    // A dead server is pinged no more.
    await vi.advanceTimersByTimeAsync(10 * policy.intervalMs);
    expect(pings.length).toBe(policy.failures);
    expect(dead).toEqual([policy.failures]);
  });

  it("should start the count over after a successful ping", async () => {
    // miss, miss, answer, miss, miss, miss → dead at the 6th ping, not the 3rd.
    startMonitor((n) => n === 2);
    await vi.advanceTimersByTimeAsync(6 * policy.intervalMs - 1);
    expect(pings.length).toBe(5);
    expect(dead).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(dead).toEqual([3]);
  });

  it("should ping no more after stop", async () => {
    startMonitor(() => true);
    await vi.advanceTimersByTimeAsync(2 * policy.intervalMs);
    expect(pings.length).toBe(2);
    monitor?.stop();
    await vi.advanceTimersByTimeAsync(10 * policy.intervalMs);
    expect(pings.length).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("should not call onDead when stopped while the deciding ping was in flight", async () => {
    let missPing: (error: Error) => void = () => {};
    monitor = new HealthMonitor(
      { ...policy, failures: 1 },
      (timeoutMs) => {
        pings.push(timeoutMs);
        return new Promise<void>((_resolve, reject) => {
          missPing = reject;
        });
      },
      (missed) => {
        dead.push(missed);
      },
    );
    monitor.start();
    await vi.advanceTimersByTimeAsync(policy.intervalMs);
    expect(pings.length).toBe(1);
    monitor.stop();
    missPing(new Error("ping timed out"));
    await vi.advanceTimersByTimeAsync(10 * policy.intervalMs);
    expect(dead).toEqual([]);
    expect(pings.length).toBe(1);
  });

  it("should never ping when disabled", async () => {
    startMonitor(() => true, { enabled: false });
    await vi.advanceTimersByTimeAsync(10 * policy.intervalMs);
    expect(pings).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
