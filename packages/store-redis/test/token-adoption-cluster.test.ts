// No queue on a shared grant, on a real 3-master Redis Cluster: the announcements of a token
// entry (a write, a take, a release) go over sharded pub/sub (SPUBLISH from the lease scripts, in
// the entry's slot) — a plain PUBLISH never reaches a sharded subscriber, which would leave
// waiters to their polls — and a waiter adopts the holder's write.
import { waitFor } from "@toolnexus/fixtures";
import type { StoredAuth } from "@toolnexus/mcp-core";
import { createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { tokenKeys } from "../src/keys.js";
import { openStores } from "./support/open-stores.js";
import { canRunCluster, startCluster, type TestCluster } from "./support/redis-cluster.js";
import { redisAvailable } from "./support/redis-server.js";

const SECRET = "adoption-cluster-secret-of-32-bytes-or-more";

describe.runIf(redisAvailable() && canRunCluster())("adoption on a Redis Cluster", () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ masters: 3 });
  }, 30_000);
  afterAll(() => cluster?.close());

  it("should announce a token entry's writes and releases on its shard, and a waiter should adopt the holder's write", async () => {
    const keyPrefix = `ac${process.pid}:`;
    const open = () =>
      openStores({ cluster: { rootNodes: cluster.urls.slice(0, 2) }, keyPrefix, secret: SECRET });
    const [holder, waiter] = [open(), open()];
    const key = "https://mcp.example.com/mcp app";
    // A sharded subscriber of the entry's channel, as a waiter's is.
    const listener = createCluster({ rootNodes: cluster.urls.slice(0, 2).map((url) => ({ url })) });
    listener.on("error", () => {});
    await listener.connect();
    onTestFinished(() => listener.destroy());
    const heard: string[] = [];
    await listener.sSubscribe(tokenKeys(keyPrefix, key).channel, (message) => heard.push(message));
    await holder.tokenStore.set(key, { savedAt: "old" });
    await waiter.tokenStore.get(key);
    let release = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Taken by the lease script (the holder's refresh says what it needs), which announces it.
    const held = holder.tokenStore.withLock(
      key,
      async () => {
        entered();
        await new Promise<void>((resolve) => (release = resolve));
        await holder.tokenStore.set(key, { savedAt: "fresh" });
      },
      { stillNeeded: () => true },
    );
    await inside;
    const stillNeeded = (stored: StoredAuth | undefined) => stored?.savedAt !== "fresh";
    const waiting = waiter.tokenStore.withLock(key, async () => (await waiter.tokenStore.get(key))?.savedAt, {
      stillNeeded,
    });
    release();
    await held;
    expect(await waiting).toBe("fresh");
    await waitFor(() => heard.includes("released"), { message: "the release announcement" });
    // "old", the take, "fresh" (a sealed write announces its version), the release
    expect(heard.map((message) => message.replace(/^written \d+$/, "written <version>"))).toEqual([
      "written <version>",
      "taken",
      "written <version>",
      "released",
    ]);
  });
});
