import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encodeEnvelope, encodeMessage } from "../src/cache-envelope.js";
import { createRedisStores, type RedisStores } from "../src/index.js";
import { cacheKeys } from "../src/keys.js";
import { deriveKeys } from "../src/secret.js";
import { cacheEntry } from "./support/cache-entry.js";
import { freePort, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "a-test-secret-of-at-least-32-bytes-long";
const FINGERPRINT = "f".repeat(64);
const entry = (tools: string[]) => cacheEntry(FINGERPRINT, tools);

const opened: RedisStores[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

function stores(
  url: string,
  options: {
    keyPrefix?: string;
    secret?: string;
    insecure?: boolean;
    cacheTtlMs?: number;
    connectTimeoutMs?: number;
  } = {},
) {
  const warnings: string[] = [];
  const created = createRedisStores({ url, ...options, onWarning: (w) => warnings.push(w) });
  opened.push(created);
  return { ...created, warnings };
}

describe("the listing cache with Redis unreachable", () => {
  it("should let loadMcp settle, fall back to discovery, and warn once", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    // A connect bound longer than the test's timeout: a refused connection must end the wait at once.
    const { toolCache, warnings } = stores(url, { secret: SECRET, connectTimeoutMs: 60_000 });
    const config = { mcpServers: { basic: { ...stdioServer("basic"), lazy: true } } };
    const sourceWarnings: string[] = [];
    const source = await loadMcp(config, { toolCache, onWarning: (w) => sourceWarnings.push(w) });
    try {
      await waitFor(() => source.tools.length > 0, { message: "the discovery's tools" });
      await source.whenSettled();
      expect(sourceWarnings).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Redis store: the connection is down/);
    } finally {
      await source.close();
    }
  });
});

describe.runIf(redisAvailable())("the listing cache on Redis", () => {
  let redis: TestRedis;
  let inspector: ReturnType<typeof createClient>;
  beforeAll(async () => {
    redis = await startRedis();
    inspector = createClient({ url: redis.url });
    await inspector.connect();
  });
  afterAll(async () => {
    inspector?.destroy();
    await redis?.close();
  });

  it("should keep an entry for cacheTtlMs, authenticated with the secret", async () => {
    const keyPrefix = redis.prefix();
    const { toolCache } = stores(redis.url, { keyPrefix, secret: SECRET, cacheTtlMs: 60_000 });
    await waitFor(() => inspector.isReady);
    await toolCache.set(FINGERPRINT, entry(["read"]));
    const [key] = await inspector.keys(`${keyPrefix}*`);
    if (!key) throw new Error("no entry written");
    const ttl = await inspector.pTTL(key);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(JSON.parse((await inspector.get(key)) ?? "{}")).toMatchObject({ v: 1, mac: expect.any(String) });
    expect((await toolCache.get(FINGERPRINT))?.tools.map((t) => t.name)).toEqual(["read"]);
  });

  it("should refuse an entry written without the secret, naming the server, as get and as push", async () => {
    const keyPrefix = redis.prefix();
    const writer = stores(redis.url, { keyPrefix, insecure: true });
    const reader = stores(redis.url, { keyPrefix, secret: SECRET });
    const pushed: string[][] = [];
    const stop = reader.toolCache.subscribe((_key, e) => pushed.push(e.tools.map((t) => t.name)));
    const peer = stores(redis.url, { keyPrefix, secret: SECRET });
    // The subscription connects in the background: a write of a holder of the secret marks it live.
    await waitFor(
      async () => {
        await peer.toolCache.set(FINGERPRINT, entry(["trusted"]));
        return pushed.length > 0;
      },
      { intervalMs: 100, message: "the subscription" },
    );

    await writer.toolCache.set(FINGERPRINT, entry(["forged"]));
    await expect(reader.toolCache.get(FINGERPRINT)).rejects.toThrow(
      'refused the tool cache entry in Redis for server "files": it carries no MAC',
    );
    await waitFor(() => reader.warnings.some((w) => w.includes("no MAC")), { message: "the push refused" });
    expect(pushed.flat()).not.toContain("forged");
    stop();
  });

  it("should re-read what it was asked about when its subscription comes back (a missed message)", async () => {
    const keyPrefix = redis.prefix();
    const { toolCache } = stores(redis.url, { keyPrefix, secret: SECRET });
    const pushed: string[][] = [];
    toolCache.subscribe((_key, e) => pushed.push(e.tools.map((t) => t.name)));
    await waitFor(
      async () => {
        await toolCache.set(FINGERPRINT, entry(["first"]));
        return pushed.length > 0;
      },
      { intervalMs: 100, message: "the subscription" },
    );

    // One connection, so Redis runs these in order: the subscriber is gone before the announcement.
    const key = cacheKeys.key(keyPrefix, FINGERPRINT);
    const value = encodeEnvelope(entry(["missed"]), key, deriveKeys(SECRET).cacheKey);
    await inspector
      .multi()
      .addCommand(["CLIENT", "KILL", "TYPE", "pubsub"])
      .addCommand(["SET", key, value])
      .addCommand(["PUBLISH", cacheKeys.channel(keyPrefix), encodeMessage(FINGERPRINT, value)])
      .exec();

    await waitFor(() => pushed.some((names) => names.includes("missed")), { message: "the re-read" });
  });
});
