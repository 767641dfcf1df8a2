import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryResultStore } from "../src/results/memory-result-store.js";

describe("memoryResultStore", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should drop the least recently used value past its bound in bytes (2 per code unit)", async () => {
    const store = memoryResultStore({ maxBytes: 100 });
    await store.put("a", "x".repeat(20), 60_000);
    await store.put("b", "y".repeat(20), 60_000);
    // A read makes "a" the most recently used: the next put drops "b".
    expect(await store.get("a")).toBe("x".repeat(20));
    await store.put("c", "z".repeat(20), 60_000);
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBe("x".repeat(20));
    expect(await store.get("c")).toBe("z".repeat(20));
    // A value larger than the whole bound is not kept, and drops nothing.
    await store.put("d", "w".repeat(51), 60_000);
    expect(await store.get("d")).toBeUndefined();
    expect(await store.get("a")).toBeDefined();
    await store.close?.();
  });

  it("should answer undefined for a value past its TTL", async () => {
    // Fake time for the arithmetic of the expiry only.
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = memoryResultStore();
    await store.put("a", "kept", 1_000);
    vi.setSystemTime(Date.now() + 999);
    expect(await store.get("a")).toBe("kept");
    vi.setSystemTime(Date.now() + 2);
    expect(await store.get("a")).toBeUndefined();
    await store.close?.();
  });

  it("should hold one unref'd timer only while something is kept, cleared by close()", async () => {
    // Spied, not faked: the store's own timer runs; the spies only see it made and cleared.
    const made = vi.spyOn(globalThis, "setInterval");
    const cleared = vi.spyOn(globalThis, "clearInterval");
    const store = memoryResultStore();
    expect(made).not.toHaveBeenCalled();
    await store.put("a", "kept", 60_000);
    await store.put("b", "kept", 60_000);
    expect(made).toHaveBeenCalledTimes(1);
    const timer = made.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await store.close?.();
    expect(cleared).toHaveBeenCalledWith(timer);
    expect(await store.get("a")).toBeUndefined();
    made.mockRestore();
    cleared.mockRestore();
  });

  it("should refuse a bound that is not a positive integer", () => {
    expect(() => memoryResultStore({ maxBytes: 0 })).toThrow(RangeError);
  });
});
