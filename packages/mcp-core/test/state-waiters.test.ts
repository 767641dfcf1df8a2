/**
 * `StateWaiters` against a fake clock: a waiter resolves on a matching state, and rejects at exactly
 * its timeout (checked one millisecond before and at) or on abort, leaving no timer behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StateWaiters } from "../src/calls/state-waiters.js";
import { McpCoreError } from "../src/errors.js";

const TIMEOUT_MS = 500;

type Outcome = { settled: "pending" } | { settled: "resolved" } | { settled: "rejected"; error: unknown };

/** Tracks how a promise settled, readable synchronously after the microtasks ran. */
function track(promise: Promise<void>): { readonly outcome: Outcome } {
  const state: { outcome: Outcome } = { outcome: { settled: "pending" } };
  promise.then(
    () => {
      state.outcome = { settled: "resolved" };
    },
    (error: unknown) => {
      state.outcome = { settled: "rejected", error };
    },
  );
  return state;
}

/** Lets settled promises run their callbacks without moving the fake clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

let waiters: StateWaiters;

beforeEach(() => {
  vi.useFakeTimers();
  waiters = new StateWaiters();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("StateWaiters", () => {
  it("should resolve on the first notify with a matching state, and clear its timer", async () => {
    const waiting = track(waiters.waitFor((state) => state === "running", TIMEOUT_MS, undefined, "srv"));
    waiters.notify("starting");
    await flush();
    expect(waiting.outcome).toEqual({ settled: "pending" });
    waiters.notify("running");
    await flush();
    expect(waiting.outcome).toEqual({ settled: "resolved" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("should resolve every waiter the state matches and keep the others waiting", async () => {
    const running = track(waiters.waitFor((state) => state === "running", TIMEOUT_MS, undefined, "a"));
    const stopped = track(waiters.waitFor((state) => state === "stopped", TIMEOUT_MS, undefined, "b"));
    waiters.notify("running");
    await flush();
    expect([running.outcome.settled, stopped.outcome.settled]).toEqual(["resolved", "pending"]);
    waiters.notify("stopped");
    await flush();
    expect(stopped.outcome.settled).toBe("resolved");
  });

  it("should reject with START_TIMEOUT at exactly timeoutMs, naming the server", async () => {
    const waiting = track(waiters.waitFor((state) => state === "running", TIMEOUT_MS, undefined, "srv"));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(waiting.outcome).toEqual({ settled: "pending" });
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.outcome).toEqual({ settled: "rejected", error: expect.any(McpCoreError) });
    expect(waiting.outcome).toMatchObject({
      error: {
        code: "START_TIMEOUT",
        server: "srv",
        message: `MCP server "srv" was not running within ${TIMEOUT_MS} ms`,
      },
    });
    // A late matching state changes nothing: the waiter is gone.
    waiters.notify("running");
    await flush();
    expect(waiting.outcome.settled).toBe("rejected");
  });

  it("should reject with ABORTED when the signal aborts, and clear its timer", async () => {
    const controller = new AbortController();
    const waiting = track(
      waiters.waitFor((state) => state === "running", TIMEOUT_MS, controller.signal, "srv"),
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    controller.abort();
    await flush();
    expect(waiting.outcome).toMatchObject({ settled: "rejected", error: { code: "ABORTED", server: "srv" } });
    expect(vi.getTimerCount()).toBe(0);
    waiters.notify("running");
    await flush();
    expect(waiting.outcome.settled).toBe("rejected");
  });

  it("should reject with ABORTED at once for an already-aborted signal, arming no timer", async () => {
    const waiting = track(
      waiters.waitFor((state) => state === "running", TIMEOUT_MS, AbortSignal.abort(), "srv"),
    );
    expect(vi.getTimerCount()).toBe(0);
    await flush();
    expect(waiting.outcome).toMatchObject({ settled: "rejected", error: { code: "ABORTED", server: "srv" } });
    waiters.notify("running");
    await flush();
    expect(waiting.outcome.settled).toBe("rejected");
  });
});
