// Config mistakes throw at creation with the option named and what was expected, never a secret's
// value; an unreachable Redis is not a config mistake (creating never fails for it).
import { describe, expect, it } from "vitest";
import { createRedisStores } from "../src/index.js";

describe("createRedisStores options", () => {
  it("should refuse a secret shorter than 32 bytes without showing it", () => {
    const secret = "short-secret-value";
    let message = "";
    try {
      createRedisStores({ url: "redis://127.0.0.1:1", secret, onWarning: () => {} });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('"secret" must be at least 32 bytes');
    expect(message).not.toContain(secret);
  });

  it.each([
    [{}, '"url"'],
    [{ url: "http://x" }, '"url" must be a string starting with redis://'],
    [{ url: "redis://x", keyPrefix: "{a}" }, '"keyPrefix"'],
    [{ url: "redis://x", lockTtlMs: 0 }, '"lockTtlMs" must be a positive integer (ms)'],
    [{ url: "redis://x", client: {} }, '"url" must be absent when a client is given'],
    [
      { url: "redis://x", cluster: { rootNodes: ["redis://y"] } },
      '"url" must be absent when a cluster is given',
    ],
    [{ cluster: { rootNodes: [] } }, '"cluster.rootNodes" must be a non-empty array of URLs'],
    [{ cluster: { rootNodes: ["127.0.0.1:7000"] } }, '"cluster.rootNodes" must be a non-empty array of URLs'],
    [{ sentinel: { name: "", sentinelRootNodes: [] } }, '"sentinel.name" must be a non-empty string'],
    [{ sentinel: { name: "m", sentinelRootNodes: [{ host: "h" }] } }, '"sentinel.sentinelRootNodes"'],
    [
      { url: "redis://x", durability: { replicas: -1 } },
      '"durability.replicas" must be a non-negative integer',
    ],
    [
      { url: "redis://x", durability: { timeoutMs: 0 } },
      '"durability.timeoutMs" must be a positive integer (ms)',
    ],
    [
      { url: "redis://x", durability: { holdMs: 2 ** 31 } },
      '"durability.holdMs" must be a positive integer (ms) no larger than 2147483647',
    ],
  ])("should name the field of %j", (options, expected) => {
    expect(() => createRedisStores(options as never)).toThrow(expected);
  });

  it("should refuse a missing secret unless the host passes insecure: true, naming both options", () => {
    const expected =
      'createRedisStores: "secret" must be given (at least 32 bytes, e.g. from an environment variable), or pass insecure: true';
    expect(() => createRedisStores({ url: "redis://127.0.0.1:1", onWarning: () => {} })).toThrow(TypeError);
    expect(() => createRedisStores({ url: "redis://127.0.0.1:1", onWarning: () => {} })).toThrow(expected);
    expect(() =>
      createRedisStores({ url: "redis://127.0.0.1:1", insecure: false, onWarning: () => {} }),
    ).toThrow(expected);
    expect(() =>
      createRedisStores({ url: "redis://127.0.0.1:1", insecure: "yes" as never, onWarning: () => {} }),
    ).toThrow('"insecure" must be a boolean');
  });

  it("should create the stores with Redis down and insecure: true, warning once about the missing secret", async () => {
    const warnings: string[] = [];
    const stores = createRedisStores({
      url: "redis://127.0.0.1:1",
      insecure: true,
      onWarning: (m) => warnings.push(m),
    });
    expect(warnings.filter((m) => m.includes('no "secret"'))).toHaveLength(1);
    await stores.close();
  });
});
