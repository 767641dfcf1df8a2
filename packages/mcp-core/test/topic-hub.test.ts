import { describe, expect, it } from "vitest";
import { TopicHub } from "../src/event-hub.js";

type Topics = { a: [n: number]; b: [] };

describe("TopicHub", () => {
  it("should deliver each topic to its own listeners only, until they unsubscribe", () => {
    const hub = new TopicHub<Topics>(() => {});
    const seen: string[] = [];
    const off = hub.on("a", (n) => seen.push(`a${n}`));
    hub.on("b", () => seen.push("b"));
    hub.emit("a", 1);
    hub.emit("b");
    off();
    hub.emit("a", 2);
    expect(seen).toEqual(["a1", "b"]);
    expect(hub.heard("a")).toBe(false);
    expect(hub.heard("b")).toBe(true);
  });

  it("should report a throwing listener and still reach the others", () => {
    const errors: unknown[] = [];
    const hub = new TopicHub<Topics>((error) => errors.push(error));
    const seen: number[] = [];
    hub.on("a", () => {
      throw new Error("listener");
    });
    hub.on("a", (n) => seen.push(n));
    hub.emit("a", 3);
    expect(seen).toEqual([3]);
    expect(errors).toHaveLength(1);
  });
});
