// An emptied keyspace is named: a worker that finds the entries under its prefix gone together with
// the stores' marker (a FLUSHALL, a restart without persistence) says so in one warning
// (STORE_KEYSPACE_EMPTIED, with the persistence to keep); an entry another writer deleted is not
// that, and stays silent.
import { waitFor } from "@toolnexus/fixtures";
import type { StoredAuth } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { tokenKeys } from "../src/keys.js";
import { connected } from "./support/connected.js";
import { rawClient, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "keyspace-test-secret-of-at-least-32-bytes";
const KEY = "https://mcp.example/ client-1";
const auth: StoredAuth = {
  savedAt: new Date().toISOString(),
  tokens: { access_token: "a", token_type: "Bearer", refresh_token: "r" },
};
const emptied = (warnings: string[]) => warnings.filter((w) => w.includes("STORE_KEYSPACE_EMPTIED"));

describe.runIf(redisAvailable())("an emptied keyspace", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis({ local: true });
  });
  afterAll(() => redis?.close());

  async function stores() {
    const warnings: string[] = [];
    const keyPrefix = redis.prefix();
    const created = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (message) => warnings.push(message),
    });
    onTestFinished(() => created.close());
    await connected(created);
    await created.tokenStore.set(KEY, auth);
    expect(await created.tokenStore.get(KEY)).toBeDefined();
    return { ...created, keyPrefix, warnings };
  }

  it("should warn once, naming STORE_KEYSPACE_EMPTIED, when a FLUSHALL took the entries", async () => {
    const { tokenStore, keyPrefix, warnings } = await stores();
    await (await rawClient(redis.url)).flushAll();
    expect(await tokenStore.get(KEY)).toBeUndefined();
    await waitFor(() => emptied(warnings).length > 0, { message: "the emptied-keyspace warning" });
    expect(await tokenStore.get(KEY)).toBeUndefined();
    expect(await tokenStore.get(KEY)).toBeUndefined();
    expect(emptied(warnings)).toHaveLength(1);
    expect(emptied(warnings)[0]).toContain(`prefix "${keyPrefix}"`);
    expect(emptied(warnings)[0]).toContain("needs-auth");
    expect(emptied(warnings)[0]).toContain("appendfsync everysec");
  });

  it("should stay silent when another writer deleted the entry and the keyspace is whole", async () => {
    const { tokenStore, keyPrefix, warnings } = await stores();
    await (await rawClient(redis.url)).del(tokenKeys(keyPrefix, KEY).value);
    expect(await tokenStore.get(KEY)).toBeUndefined();
    expect(await tokenStore.get(KEY)).toBeUndefined(); // answered after the marker check, on one connection
    expect(emptied(warnings)).toEqual([]);
  });

  it("should warn when Redis restarted without persistence, at the reconnect", async () => {
    const { warnings } = await stores();
    await redis.restart();
    await waitFor(() => emptied(warnings).length > 0, {
      timeoutMs: 10_000,
      message: "the emptied-keyspace warning after the restart",
    });
    expect(emptied(warnings)).toHaveLength(1);
  });
});
