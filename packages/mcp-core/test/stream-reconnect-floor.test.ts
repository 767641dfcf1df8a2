import { describe, expect, it } from "vitest";
import { StreamReconnectFloor } from "../src/transport/stream-reconnect-floor.js";

const OPTIONS = { quickDropMs: 1_000, initialDelayMs: 250, maxDelayMs: 1_000, maxQuickDrops: 4 };

describe("StreamReconnectFloor", () => {
  it("should let the first GET and a GET long after the last one go at once", () => {
    const floor = new StreamReconnectFloor(OPTIONS);
    expect(floor.beforeGet(0)).toStrictEqual({ delayMs: 0 });
    floor.afterGet(0);
    expect(floor.beforeGet(1_000)).toStrictEqual({ delayMs: 0 });
  });

  it("should double the delay per quick drop up to the cap, then give the stream up", () => {
    const floor = new StreamReconnectFloor(OPTIONS);
    const decisions = [];
    let now = 0;
    floor.beforeGet(now);
    floor.afterGet(now);
    for (let i = 0; i < 5; i++) {
      now += 999; // a quick drop: just under quickDropMs after the last GET opened
      const decision = floor.beforeGet(now);
      decisions.push(decision);
      if ("delayMs" in decision) now += decision.delayMs;
      floor.afterGet(now);
    }
    expect(decisions).toStrictEqual([
      { delayMs: 250 },
      { delayMs: 500 },
      { delayMs: 1_000 },
      { delayMs: 1_000 },
      { exhausted: true, quickDrops: 4 },
    ]);
  });

  it("should start counting again after a stream that stayed open", () => {
    const floor = new StreamReconnectFloor(OPTIONS);
    floor.afterGet(0);
    expect(floor.beforeGet(10)).toStrictEqual({ delayMs: 250 });
    floor.afterGet(260);
    expect(floor.beforeGet(270)).toStrictEqual({ delayMs: 500 });
    floor.afterGet(770);
    expect(floor.beforeGet(5_000)).toStrictEqual({ delayMs: 0 });
    floor.afterGet(5_000);
    expect(floor.beforeGet(5_010)).toStrictEqual({ delayMs: 250 });
  });
});
