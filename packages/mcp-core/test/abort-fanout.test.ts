// The one listener per AbortSignal the engine's shared waits go through (src/abort-fanout.ts).
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { onAbort } from "../src/abort-fanout.js";

describe("onAbort", () => {
  it("should hold one listener on the signal for many waits and call each once on abort", () => {
    const controller = new AbortController();
    const calls: number[] = [];
    for (let i = 0; i < 50; i += 1) onAbort(controller.signal, () => calls.push(i));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);

    controller.abort();
    controller.abort();

    expect(calls).toStrictEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("should remove the signal's listener with the last wait, and call no wait that left", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const offA = onAbort(controller.signal, () => calls.push("a"));
    const same = () => calls.push("twice");
    const offB = onAbort(controller.signal, same);
    onAbort(controller.signal, same);
    offA();
    offA();
    offB();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);

    controller.abort();
    expect(calls).toStrictEqual(["twice"]);

    const later = new AbortController();
    const offs = [onAbort(later.signal, () => calls.push("x")), onAbort(later.signal, () => calls.push("y"))];
    for (const off of offs) off();
    expect(getEventListeners(later.signal, "abort")).toHaveLength(0);
    // A wait added after every other left gets a fresh listener.
    onAbort(later.signal, () => calls.push("z"));
    later.abort();
    expect(calls).toStrictEqual(["twice", "z"]);
  });

  it("should never call a wait added to a signal already aborted", () => {
    let called = false;
    const off = onAbort(AbortSignal.abort(), () => {
      called = true;
    });
    off();
    expect(called).toBe(false);
  });

  it("should still call every other wait when one throws, and report the throw as uncaught", async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    const listeners = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    process.on("uncaughtException", record);
    try {
      onAbort(controller.signal, () => {
        throw new Error("boom");
      });
      onAbort(controller.signal, () => calls.push("after"));
      controller.abort();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("uncaughtException", record);
      for (const listener of listeners) process.on("uncaughtException", listener);
    }
    expect(calls).toStrictEqual(["after"]);
    expect(uncaught).toMatchObject([{ message: "boom" }]);
  });
});
