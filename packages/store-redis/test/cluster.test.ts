// The stores on a real 3-master Redis Cluster (redis-server --cluster-enabled, joined with
// redis-cli --cluster create): two workers take turns under the token lease (the lease, the
// versioned compare-and-set script and the reads on keys of one slot), and a listing change
// reaches a subscriber over sharded pub/sub — on the shard that holds the entry only, never by a
// cluster-wide PUBLISH; the task store hands a task to one store at a time; a kept result is read
// on another worker whichever shard holds it. Worker processes sharing an OAuth grant, with a master killed mid-run, are
// in soak/cluster-failover.test.ts.
import { waitFor } from "@toolnexus/fixtures";
import { createClient, createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores, type RedisStores, type RedisStoresOptions } from "../src/index.js";
import { cacheKeys, tokenKeys } from "../src/keys.js";
import { cacheEntry } from "./support/cache-entry.js";
import { openStores } from "./support/open-stores.js";
import { canRunCluster, startCluster, type TestCluster } from "./support/redis-cluster.js";
import { commandCounts, redisAvailable } from "./support/redis-server.js";

const SECRET = "cluster-test-secret-of-at-least-32-bytes";
const FINGERPRINT = "c".repeat(64);
const entry = (tools: string[]) => cacheEntry(FINGERPRINT, tools);

let prefixes = 0;
const nextPrefix = () => `c${process.pid}-${++prefixes}:`;

describe.runIf(redisAvailable() && canRunCluster())("the stores on a Redis Cluster (3 masters)", () => {
  let cluster: TestCluster;
  let target: Pick<RedisStoresOptions, "cluster">;
  beforeAll(async () => {
    cluster = await startCluster({ masters: 3 });
    target = { cluster: { rootNodes: cluster.urls.slice(0, 2) } };
  }, 30_000);
  afterAll(() => cluster?.close());

  /** One plain client per master, to look at what each shard ran. */
  async function masterClients() {
    const clients = await Promise.all(
      (await cluster.masters()).map(async (url) => {
        const client = createClient({ url });
        client.on("error", () => {});
        await client.connect();
        return client;
      }),
    );
    onTestFinished(() => {
      for (const client of clients) client.destroy();
    });
    return clients;
  }

  it("should give a lease and the value it guards one slot, and a listing entry and its channel one slot", async () => {
    const [client] = await masterClients();
    if (!client) throw new Error("no master");
    const slot = async (key: string) => Number(await client.sendCommand(["CLUSTER", "KEYSLOT", key]));
    const keys = tokenKeys("p:", "https://mcp.example.com/mcp app");
    expect(await slot(keys.lease)).toBe(await slot(keys.value));
    expect(await slot(cacheKeys.shardChannel("p:", FINGERPRINT))).toBe(
      await slot(cacheKeys.key("p:", FINGERPRINT)),
    );
  });

  it("should run withLock exclusively across two workers and keep what one wrote under the lease", async () => {
    const keyPrefix = nextPrefix();
    const open = () => openStores({ ...target, keyPrefix, secret: SECRET });
    const [a, b] = [open(), open()];
    const key = "https://mcp.example.com/mcp app";
    let inside = 0;
    let overlapped = false;
    let writes = 0;
    // Each turn reads what the previous holder wrote and writes one more (a refresh in miniature):
    // the lease, the versioned compare-and-set script and the read all run on the cluster.
    const turn = (stores: RedisStores) =>
      stores.tokenStore.withLock(key, async () => {
        inside++;
        if (inside > 1) overlapped = true;
        const stored = await stores.tokenStore.get(key);
        const count = Number(stored?.tokens?.access_token ?? "0");
        await new Promise((resolve) => setTimeout(resolve, 20));
        await stores.tokenStore.set(key, {
          savedAt: new Date().toISOString(),
          tokens: { access_token: String(count + 1), token_type: "Bearer" },
        } as never);
        writes++;
        inside--;
      });
    await Promise.all(Array.from({ length: 8 }, (_, i) => turn(i % 2 ? a : b)));
    expect(overlapped).toBe(false);
    expect(writes).toBe(8);
    expect((await a.tokenStore.get(key))?.tokens?.access_token).toBe("8");
    expect((await b.tokenStore.get(key))?.tokens?.access_token).toBe("8");
  });

  it("should run on a createCluster() client passed in, and leave it open and as it was at close", async () => {
    const client = createCluster({ rootNodes: [{ url: cluster.urls[0] as string }] });
    client.on("error", () => {});
    await client.connect();
    onTestFinished(() => client.destroy());
    const listeners = () =>
      ["connect", "node-ready", "error", "node-error"].map((e) => client.listenerCount(e));
    const before = listeners();
    const stores = createRedisStores({
      client,
      keyPrefix: nextPrefix(),
      secret: SECRET,
      onWarning: () => {},
    });
    const key = "https://mcp.example.com/mcp app";
    const auth = { savedAt: new Date().toISOString(), tokens: { access_token: "t1", token_type: "Bearer" } };
    await stores.tokenStore.withLock(key, () => stores.tokenStore.set(key, auth as never));
    expect((await stores.tokenStore.get(key))?.tokens?.access_token).toBe("t1");
    await stores.close();
    expect(client.isOpen).toBe(true);
    expect(listeners()).toEqual(before); // nothing of the stores left on the host's client
  });

  it("should hand a task to one store at a time on the cluster (index, record and lease)", async () => {
    const keyPrefix = nextPrefix();
    const open = () => openStores({ ...target, keyPrefix, secret: SECRET });
    const [holder, other] = [open(), open()];
    const task = {
      serverKey: "http:fingerprint-t",
      server: "t",
      tool: "slow_task",
      taskId: "task-id-cluster-0123456789abcdef",
      createdAt: new Date().toISOString(),
    };
    await holder.taskStore.put(task);
    expect(await other.taskStore.list()).toEqual([]);
    await holder.close();
    expect(await other.taskStore.list()).toEqual([task]);
  });

  it("should hand a result kept by one worker to another on the cluster, whichever shard holds it", async () => {
    const keyPrefix = nextPrefix();
    const warnings: string[] = [];
    const open = () =>
      openStores({ ...target, keyPrefix, secret: SECRET, onWarning: (message) => warnings.push(message) });
    const [a, b] = [open(), open()];
    const handles = Array.from({ length: 12 }, (_, i) => `res_${i}`);
    await Promise.all(handles.map((handle) => a.results.put(handle, `kept ${handle}`, 60_000)));
    expect(await Promise.all(handles.map((handle) => b.results.get(handle)))).toEqual(
      handles.map((handle) => `kept ${handle}`),
    );
    const shards = await Promise.all(
      (await masterClients()).map((client) => client.sendCommand(["KEYS", `${keyPrefix}{res:*`])),
    );
    expect(shards.filter((keys) => Array.isArray(keys) && keys.length > 0).length).toBeGreaterThan(1);
    expect(warnings).toEqual([]);
  });

  it("should push a listing change over sharded pub/sub, on the entry's shard only", async () => {
    const keyPrefix = nextPrefix();
    const open = (options: Partial<RedisStoresOptions> = {}) =>
      openStores({ ...target, keyPrefix, secret: SECRET, ...options });
    const [writer, reader] = [open(), open()];
    const masters = await masterClients();
    const before = await Promise.all(masters.map(commandCounts));

    // The reader asked about the listing (a lazy server at load), then listens for changes.
    expect(await reader.toolCache.get(FINGERPRINT)).toBeUndefined();
    const pushed: string[][] = [];
    reader.toolCache.subscribe((_key, e) => pushed.push(e.tools.map((t) => t.name)));
    const channel = cacheKeys.shardChannel(keyPrefix, FINGERPRINT);
    await waitFor(
      async () => {
        const counts = await Promise.all(
          masters.map(
            async (m) => (await m.sendCommand(["PUBSUB", "SHARDNUMSUB", channel])) as [string, number],
          ),
        );
        return counts.some(([, n]) => n === 1);
      },
      { message: "the reader's sharded subscription" },
    );
    await writer.toolCache.set(FINGERPRINT, entry(["first", "second"]));
    await waitFor(() => pushed.length > 0, { message: "the pushed listing" });
    expect(pushed).toEqual([["first", "second"]]);

    // Exactly one master ran SPUBLISH (the owner of the entry's slot), and none ran PUBLISH.
    const after = await Promise.all(masters.map(commandCounts));
    const ran = (name: string) =>
      after.map((counts, i) => (counts.get(name) ?? 0) - (before[i]?.get(name) ?? 0));
    expect(ran("spublish").filter((n) => n > 0)).toEqual([1]);
    expect(ran("publish").every((n) => n === 0)).toBe(true);
    const owner = masters[ran("spublish").indexOf(1)];
    if (!owner) throw new Error("no master ran SPUBLISH");
    expect(await owner.sendCommand(["PUBSUB", "SHARDNUMSUB", channel])).toEqual([channel, 1]);
  });
});
