// The lagging warning quotes why `WAIT` failed; that text is the Redis client's and partly Redis's
// own reply, so it is bounded and its control characters escaped before it reaches a log. A pure
// formatting check: the connection here is a stand-in whose `WAIT` rejects with a chosen text.
import { describe, expect, it } from "vitest";
import type { RedisConnection } from "../src/connection.js";
import { ReplicaWait } from "../src/replica-wait.js";

function failingConnection(message: string): RedisConnection {
  return {
    command: async () => Promise.reject(new Error(message)),
    onReadyChange: () => () => {},
    client: { on() {}, off() {} },
  } as unknown as RedisConnection;
}

describe("ReplicaWait's warning", () => {
  it("should bound and escape the failure text it quotes", async () => {
    const warnings: string[] = [];
    const hostile = `ERR \u001b[2J\u001b]0;owned\u0007${"x".repeat(50_000)}\nforged line`;
    const wait = new ReplicaWait({
      connection: failingConnection(hostile),
      durability: { replicas: 1, timeoutMs: 10 },
      warn: (message) => warnings.push(message),
    });
    await wait.after("key");
    expect(warnings).toHaveLength(1);
    const [warning] = warnings as [string];
    expect(warning).toContain("STORE_REPLICATION_LAGGING");
    expect(warning).toContain("ERR \\x1b[2J\\x1b]0;owned\\x07x");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting none are left
    expect(warning).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(warning.length).toBeLessThan(1_000);
  });
});

describe("ReplicaWait's settling after an outage", () => {
  it("should end a read's wait at close(), leaving no timer behind", async () => {
    const wait = new ReplicaWait({
      connection: failingConnection("unused"),
      durability: { replicas: 1, timeoutMs: 10 },
      warn: () => {},
    });
    wait.disturbed(); // an outage: reads wait 5 s
    let settled = false;
    const reading = wait.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    wait.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    await reading;
  });
});
