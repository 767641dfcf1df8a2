import { describe, expect, it } from "vitest";
import { backoffDelay } from "../src/index.js";
import { transition } from "../src/lifecycle/state-machine.js";

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

describe("transition", () => {
  it("should allow only stopped and error to start", () => {
    expect(transition("stopped", { type: "start" })).toBe("starting");
    expect(transition("error", { type: "start" })).toBe("starting");
    expect(transition("starting", { type: "start" })).toBeUndefined();
    expect(transition("running", { type: "start" })).toBeUndefined();
  });

  it("should accept ready and fail only while starting, and lost only while running", () => {
    const error = new Error("x");
    expect(transition("starting", { type: "ready" })).toBe("running");
    expect(transition("starting", { type: "fail", error })).toBe("error");
    expect(transition("running", { type: "ready" })).toBeUndefined();
    expect(transition("running", { type: "lost", error })).toBe("error");
    expect(transition("starting", { type: "lost", error })).toBeUndefined();
    expect(transition("stopped", { type: "fail", error })).toBeUndefined();
  });

  it("should stop from every state", () => {
    for (const state of ["stopped", "starting", "running", "error"] as const) {
      expect(transition(state, { type: "stop" })).toBe("stopped");
    }
  });
});
