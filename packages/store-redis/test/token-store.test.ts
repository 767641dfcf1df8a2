// The token store's lease and hot path against a real redis-server: withLock is exclusive across
// connections, a busy lease times out with TOKEN_STORE_LOCK_TIMEOUT, and a tool call with a valid
// token in memory sends Redis no command at all (INFO commandstats before and after).
import { waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores, type RedisStores } from "../src/index.js";
import { connected } from "./support/connected.js";
import { authorizeInto, oauthConfig, oauthFixture } from "./support/fleet.js";
import {
  commandCounts,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "token-store-test-secret-32-bytes-long";

describe.runIf(redisAvailable())("the Redis token store", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  function stores(keyPrefix: string, extra: { lockWaitMs?: number } = {}): RedisStores {
    const created = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: () => {},
      ...extra,
    });
    onTestFinished(() => created.close());
    return created;
  }

  it("should run withLock exclusively across two connections", async () => {
    const prefix = redis.prefix();
    const [a, b] = [stores(prefix), stores(prefix)];
    await Promise.all([connected(a), connected(b)]);
    let inside = 0;
    let overlapped = false;
    const critical = async () => {
      inside++;
      if (inside > 1) overlapped = true;
      // Holding the lease a while is the point: an overlap needs time to show.
      await new Promise((resolve) => setTimeout(resolve, 30));
      inside--;
    };
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).tokenStore.withLock("k", critical)),
    );
    expect(overlapped).toBe(false);
  });

  it("should reject with TOKEN_STORE_LOCK_TIMEOUT when the lease stays busy past lockWaitMs", async () => {
    const prefix = redis.prefix();
    const [holder, waiter] = [stores(prefix), stores(prefix, { lockWaitMs: 300 })];
    await Promise.all([connected(holder), connected(waiter)]);
    let release = () => {};
    let entered = () => {};
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const held = holder.tokenStore.withLock("k", () => {
      entered();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    await expect(waiter.tokenStore.withLock("k", async () => "ran")).rejects.toMatchObject({
      code: "TOKEN_STORE_LOCK_TIMEOUT",
    });
    release();
    await held;
    await expect(waiter.tokenStore.withLock("k", async () => "ran")).resolves.toBe("ran");
  });

  it("should make no Redis round trip for a tool call while the access token is valid", async () => {
    const { fixture } = await oauthFixture(60_000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const worker = stores(keyPrefix);
    const source = await loadMcp(oauthConfig(fixture.url), {
      tokenStore: worker.tokenStore,
      toolCache: null,
      onWarning: () => {},
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    expect((await echo?.execute({ text: "warm" }))?.isError).toBe(false);
    const observer = await rawClient(redis.url);
    const before = await commandCounts(observer);
    for (let i = 0; i < 20; i++) expect((await echo?.execute({ text: `call ${i}` }))?.isError).toBe(false);
    const after = await commandCounts(observer);
    const sent = [...after].filter(([command, calls]) => calls !== (before.get(command) ?? 0));
    expect(sent).toEqual([]);
  });

  it("should leave no connection or timer after close()", async () => {
    const observer = await rawClient(redis.url);
    const clients = async () =>
      String(await observer.sendCommand(["CLIENT", "LIST"]))
        .trim()
        .split("\n").length;
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const [clientsBefore, timersBefore] = [await clients(), timers()];
    const created = createRedisStores({
      url: redis.url,
      keyPrefix: redis.prefix(),
      secret: SECRET,
      onWarning: () => {},
    });
    await connected(created);
    await created.tokenStore.withLock("k", () => created.tokenStore.set("k", { savedAt: "now" }));
    expect(await clients()).toBe(clientsBefore + 1);
    await created.close();
    await waitFor(async () => (await clients()) === clientsBefore, { message: "the connection to close" });
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });

  it("should use a host's open client and leave it open after close()", async () => {
    const client = await rawClient(redis.url);
    const created = createRedisStores({
      client,
      keyPrefix: redis.prefix(),
      secret: SECRET,
      onWarning: () => {},
    });
    await created.tokenStore.set("k", { savedAt: "now" });
    expect(await created.tokenStore.get("k")).toEqual({ savedAt: "now" });
    await created.close();
    expect(await client.sendCommand(["PING"])).toBe("PONG");
  });
});
