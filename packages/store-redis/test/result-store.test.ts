// The kept-result store on a real redis-server: a result one worker kept is read by another (two
// store instances), it expires with its TTL, nothing of it is readable in Redis with a secret, and a
// value planted in Redis (in clear, sealed with another secret, copied under another handle's key,
// garbage, too large) is never handed out. Every method resolves, Redis down included.
import { waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RedisStoresOptions } from "../src/index.js";
import { resultKey } from "../src/keys.js";
import { DEFAULT_MAX_KEPT_RESULT_BYTES } from "../src/result-store.js";
import { openStores } from "./support/open-stores.js";
import {
  failOnUnhandledErrors,
  freePort,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "result-store-secret-of-at-least-32-bytes";
const OTHER_SECRET = "another-secret-of-at-least-32-bytes!!";
const MINUTE = 60_000;

failOnUnhandledErrors();

describe.runIf(redisAvailable())("the result store on Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  /** Stores on the test Redis; their warnings are collected. */
  function stores(options: Partial<RedisStoresOptions> & { keyPrefix: string }) {
    const warnings: string[] = [];
    const created = openStores({
      url: redis.url,
      secret: SECRET,
      ...options,
      onWarning: (message) => warnings.push(message),
    });
    return { ...created, warnings };
  }

  it("should hand a result kept by one worker to another, sealed and with its TTL", async () => {
    const keyPrefix = redis.prefix();
    const a = stores({ keyPrefix });
    const b = stores({ keyPrefix });
    const value = `rows-canary-7f3e9a: ${"é, ".repeat(50_000)} end \u{1F600}`;
    await a.results.put("res_4f2a", value, MINUTE);
    expect(await b.results.get("res_4f2a")).toBe(value);
    expect(await b.results.get("res_other")).toBeUndefined();

    const client = await rawClient(redis.url);
    const key = resultKey(keyPrefix, "res_4f2a");
    expect(key).toMatch(new RegExp(`^${keyPrefix}\\{res:[0-9a-f]{32}\\}:value$`));
    const raw = (await client.get(key)) ?? "";
    expect(JSON.parse(raw)).toEqual({ v: 1, sealed: expect.any(String) });
    // Marks no sealed text can hold by chance: the sealed value is base64url, which a 4-letter word
    // like "rows" turns up in about once a thousand runs.
    expect(raw).not.toContain("rows-canary-7f3e9a");
    expect(raw).not.toContain("é, é");
    expect(raw).not.toContain("res_4f2a");
    const ttl = await client.pTTL(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
    expect((await client.keys(`${keyPrefix}*`)).join()).not.toContain("res_4f2a");

    // A put replaces; braces and other untrusted text in a handle only change its digest.
    await b.results.put("res_4f2a", "second", MINUTE);
    await b.results.put("}{../x", "braced", MINUTE);
    expect(await a.results.get("res_4f2a")).toBe("second");
    expect(await a.results.get("}{../x")).toBe("braced");
    expect([...a.warnings, ...b.warnings]).toEqual([]);
  });

  it("should answer undefined once the TTL has passed, and keep nothing for a TTL that is not positive", async () => {
    const keyPrefix = redis.prefix();
    const a = stores({ keyPrefix });
    const b = stores({ keyPrefix });
    await a.results.put("short", "gone soon", 100);
    await waitFor(async () => (await b.results.get("short")) === undefined, {
      intervalMs: 20,
      timeoutMs: 5_000,
      message: "the kept result to expire",
    });
    const client = await rawClient(redis.url);
    expect(await client.exists(resultKey(keyPrefix, "short"))).toBe(0);
    await a.results.put("zero", "x", 0);
    await a.results.put("nan", "x", Number.NaN);
    expect(await client.keys(`${keyPrefix}*`)).toEqual([]);
  });

  it("should refuse a value planted in Redis: clear, sealed with another secret, copied, garbage", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const reader = stores({ keyPrefix });
    const foreign = stores({ keyPrefix, secret: OTHER_SECRET });

    await client.set(resultKey(keyPrefix, "clear"), JSON.stringify({ v: 1, clear: "forged" }));
    expect(await reader.results.get("clear")).toBeUndefined();

    await foreign.results.put("other-secret", "theirs", MINUTE);
    expect(await reader.results.get("other-secret")).toBeUndefined();

    await reader.results.put("original", "mine", MINUTE);
    const sealed = (await client.get(resultKey(keyPrefix, "original"))) ?? "";
    await client.set(resultKey(keyPrefix, "copy"), sealed);
    expect(await reader.results.get("copy")).toBeUndefined();
    expect(await reader.results.get("original")).toBe("mine");

    for (const [handle, raw] of [
      ["garbage", "not json"],
      ["version", JSON.stringify({ v: 2, sealed })],
      ["tampered", JSON.stringify({ v: 1, sealed: `${sealed.slice(0, -4)}AAAA` })],
      ["short", JSON.stringify({ v: 1, sealed: "AAAA" })],
    ] as const) {
      await client.set(resultKey(keyPrefix, handle), raw);
      expect(await reader.results.get(handle)).toBeUndefined();
    }
    expect(reader.warnings).toHaveLength(7);
    expect(reader.warnings.every((w) => w.startsWith("Redis result store: a kept result in Redis"))).toBe(
      true,
    );
    expect(reader.warnings.join()).not.toMatch(/forged|theirs|mine|original|copy/);

    // Without a secret a worker reads clear values and refuses sealed ones.
    const insecure = stores({ keyPrefix, secret: undefined, insecure: true });
    expect(await insecure.results.get("clear")).toBe("forged");
    expect(await insecure.results.get("original")).toBeUndefined();
    await insecure.results.put("plain", "in clear", MINUTE);
    expect(JSON.parse((await client.get(resultKey(keyPrefix, "plain"))) ?? "")).toEqual({
      v: 1,
      clear: "in clear",
    });
  });

  it("should keep no value over maxKeptResultBytes, and read none larger than such a value sealed", async () => {
    expect(DEFAULT_MAX_KEPT_RESULT_BYTES).toBe(16 * 1024 * 1024);
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const small = stores({ keyPrefix, maxKeptResultBytes: 1_000 });
    await small.results.put("fits", "f".repeat(1_000), MINUTE);
    expect(await small.results.get("fits")).toBe("f".repeat(1_000));
    await small.results.put("fits", "g".repeat(1_001), MINUTE);
    expect(await client.exists(resultKey(keyPrefix, "fits"))).toBe(0); // what it held is gone too
    expect(await small.results.get("fits")).toBeUndefined();
    expect(small.warnings).toEqual([
      "Redis result store: did not keep a result of 1001 bytes: at most 1000 are kept (maxKeptResultBytes)",
    ]);

    // A value kept by a worker with a larger bound is not read by this one.
    const large = stores({ keyPrefix });
    await large.results.put("big", "b".repeat(5_000), MINUTE);
    expect(await large.results.get("big")).toBe("b".repeat(5_000));
    expect(await small.results.get("big")).toBeUndefined();
    expect(small.warnings[1]).toMatch(/^Redis result store: a kept result in Redis is larger than/);
    expect(() => stores({ keyPrefix, maxKeptResultBytes: 0 })).toThrow(/maxKeptResultBytes/);
  });

  it("should resolve, not reject, while Redis cannot be reached", async () => {
    const port = await freePort();
    const warnings: string[] = [];
    const down = openStores({
      url: `redis://127.0.0.1:${port}`,
      secret: SECRET,
      connectTimeoutMs: 200,
      onWarning: (message) => warnings.push(message),
    });
    await expect(down.results.put("h", "v", MINUTE)).resolves.toBeUndefined();
    await expect(down.results.get("h")).resolves.toBeUndefined();
    expect(warnings.some((w) => w.startsWith("Redis result store: did not keep a result:"))).toBe(true);
    expect(warnings.join()).not.toContain(SECRET);
    await down.close();
    await expect(down.results.get("h")).resolves.toBeUndefined();
  });

  it("should take no handle longer than 1 024 characters", async () => {
    const keyPrefix = redis.prefix();
    const a = stores({ keyPrefix });
    await a.results.put("h".repeat(1_025), "v", MINUTE);
    expect(await a.results.get("h".repeat(1_025))).toBeUndefined();
    const client = await rawClient(redis.url);
    expect(await client.keys(`${keyPrefix}*`)).toEqual([]);
  });
});
