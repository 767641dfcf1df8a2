// The stores on a primary followed through Redis Sentinel (a primary, a replica, one sentinel):
// a token entry, a listing and a kept result written before the primary is killed are read from the promoted
// replica after, and a listing change made after the switch still reaches a subscriber (node-redis
// moved its pub/sub connection to the new primary). The fleet run across a failover is in
// soak/sentinel-failover.test.ts.
import { waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheEntry } from "../test/support/cache-entry.js";
import { openStores } from "../test/support/open-stores.js";
import {
  canRunSentinel,
  SENTINEL_NAME,
  startSentinel,
  type TestSentinel,
} from "../test/support/redis-sentinel.js";
import { redisAvailable } from "../test/support/redis-server.js";

const SECRET = "sentinel-test-secret-of-at-least-32-bytes";
const FINGERPRINT = "5".repeat(64);
const entry = (tools: string[]) => cacheEntry(FINGERPRINT, tools);

describe.runIf(redisAvailable() && canRunSentinel())("the stores through Redis Sentinel", () => {
  let setup: TestSentinel;
  beforeAll(async () => {
    setup = await startSentinel();
  }, 30_000);
  afterAll(() => setup?.close());

  it("should follow the promoted replica: entries kept, listing pushes still delivered", async () => {
    const open = () =>
      openStores({
        sentinel: { name: SENTINEL_NAME, sentinelRootNodes: [setup.sentinel] },
        keyPrefix: "s:",
        secret: SECRET,
      });
    const [writer, reader] = [open(), open()];
    const key = "https://mcp.example.com/mcp app";
    const auth = { savedAt: new Date().toISOString(), tokens: { access_token: "a1", token_type: "Bearer" } };
    await writer.tokenStore.withLock(key, () => writer.tokenStore.set(key, auth as never));
    await writer.results.put("res_sentinel", "kept before the switch", 600_000);
    await reader.toolCache.get(FINGERPRINT);
    const pushed: string[] = [];
    reader.toolCache.subscribe((_key, e) => pushed.push(e.tools[0]?.name ?? ""));
    await waitFor(
      async () => {
        await writer.toolCache.set(FINGERPRINT, entry(["before"]));
        return pushed.includes("before");
      },
      { intervalMs: 100, message: "the subscription" },
    );

    await setup.replicated();
    const first = await setup.primary();
    await setup.kill(first);
    await waitFor(async () => (await setup.primary()) !== first, {
      timeoutMs: 15_000,
      intervalMs: 100,
      message: "the sentinel to promote the replica",
    });
    // Replication is asynchronous: the test waited for the replica to catch up before the kill, so
    // both entries are on the promoted replica (see the README on min-replicas-to-write).
    await waitFor(async () => (await reader.tokenStore.get(key).catch(() => undefined)) !== undefined, {
      timeoutMs: 15_000,
      intervalMs: 100,
      message: "the token entry read from the promoted replica",
    });
    expect((await reader.tokenStore.get(key))?.tokens?.access_token).toBe("a1");
    expect((await reader.toolCache.get(FINGERPRINT))?.tools.map((t) => t.name)).toEqual(["before"]);
    expect(await reader.results.get("res_sentinel")).toBe("kept before the switch");
    await waitFor(
      async () => {
        await writer.toolCache.set(FINGERPRINT, entry(["after"]));
        return pushed.includes("after");
      },
      { timeoutMs: 15_000, intervalMs: 200, message: "a listing change pushed after the switch" },
    );
  }, 30_000);
});
