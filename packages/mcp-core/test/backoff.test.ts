import { describe, expect, it } from "vitest";
import { backoffDelay } from "../src/config-entry.js";

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
