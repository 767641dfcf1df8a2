// One subscriber connection per worker: the listing cache's subscription and the token store's
// (a waiter on a busy lease) share one connection, each channel subscribed once; both kinds of
// pushes still arrive (a listing reaches the listener, the waiter adopts the holder's token), and
// close() leaves no connection behind (CLIENT LIST, from Redis itself).
import { waitFor } from "@toolnexus/fixtures";
import type { StoredAuth } from "@toolnexus/mcp-core";
import type { ToolCacheEntry } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { cacheKeys, tokenKeys } from "../src/keys.js";
import { rawClient, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "shared-subscriber-secret-of-32-bytes!";
const FINGERPRINT = "e".repeat(64);
const listing: ToolCacheEntry = {
  version: 1,
  server: "files",
  fingerprint: FINGERPRINT,
  savedAt: new Date().toISOString(),
  tools: [{ name: "read", inputSchema: { type: "object" } }],
};
const entry = (savedAt: string): StoredAuth => ({ savedAt });

describe.runIf(redisAvailable())("the stores' subscriber connection", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  it("should be one per worker for both stores, deliver both kinds of pushes, and be gone after close()", async () => {
    const inspector = await rawClient(redis.url);
    const clients = async () =>
      String(await inspector.sendCommand(["CLIENT", "LIST"]))
        .trim()
        .split("\n");
    const subscribers = async () => (await clients()).filter((line) => / (s?sub)=[1-9]/.test(line));
    const baseline = (await clients()).length;
    const keyPrefix = redis.prefix();
    const open = () => createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
    const [worker, holder] = [open(), open()];
    onTestFinished(() => Promise.all([worker.close(), holder.close()]).then(() => {}));

    const pushed: ToolCacheEntry[] = [];
    worker.toolCache.subscribe((_key, pushedEntry) => pushed.push(pushedEntry));
    await holder.tokenStore.set("k", entry("old"));
    expect(await worker.tokenStore.get("k")).toEqual(entry("old"));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = holder.tokenStore.withLock("k", async () => {
      await gate;
      await holder.tokenStore.set("k", entry("fresh"));
    });
    await waitFor(async () => (await inspector.exists(tokenKeys(keyPrefix, "k").lease)) === 1, {
      message: "the holder's lease",
    });
    const waiting = worker.tokenStore.withLock("k", () => worker.tokenStore.get("k"), {
      stillNeeded: (stored) => stored?.savedAt !== "fresh",
    });
    const channels = [cacheKeys.channel(keyPrefix), tokenKeys(keyPrefix, "k").channel];
    await waitFor(
      async () => {
        const counts = (await inspector.sendCommand(["PUBSUB", "NUMSUB", ...channels])) as unknown[];
        return counts[1] === 1 && counts[3] === 1;
      },
      { message: "both subscriptions" },
    );
    const subscribed = await subscribers();
    expect(subscribed).toHaveLength(1);
    expect(subscribed[0]).toMatch(/ sub=2 /);

    release();
    await holding;
    expect(await waiting).toEqual(entry("fresh")); // adopted, not refreshed again
    await holder.toolCache.set(FINGERPRINT, listing);
    await waitFor(() => pushed.length > 0, { message: "the listing push" });
    expect(pushed[0]?.tools.map((tool) => tool.name)).toEqual(["read"]);

    await Promise.all([worker.close(), holder.close()]);
    await waitFor(async () => (await clients()).length === baseline, {
      message: "every connection of the stores to close",
    });
    expect(await subscribers()).toEqual([]);
  });
});
