// Durability of token writes on a primary with a replica (started here, persistence off): with
// `durability` each write waits (`WAIT`) until the replica has it, so a replica promoted by a
// failover holds the rotated refresh token; a replica that does not answer (SIGSTOP) costs one
// named warning, never a failed write; one node waits for nothing by default.
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import type { StoredAuth } from "@toolnexus/mcp-core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { tokenKeys } from "../src/keys.js";
import { type LaunchedRedis, startRedisServer } from "./support/redis-launcher.mjs";
import { commandCounts, rawClient, redisAvailable } from "./support/redis-server.js";

const SECRET = "durability-test-secret-of-32-bytes!!";
const KEY = "https://mcp.example/ client-1";

function auth(accessToken: string): StoredAuth {
  return { savedAt: new Date().toISOString(), tokens: { access_token: accessToken, token_type: "Bearer" } };
}

describe.runIf(redisAvailable())("token writes on a replicated Redis", () => {
  let dir: string;
  let primary: LaunchedRedis;
  let replica: LaunchedRedis;
  beforeAll(async () => {
    dir = makeTempDir("toolnexus-redis-durability-");
    primary = await startRedisServer(dir, ["--dbfilename", "primary.rdb", "--repl-diskless-sync-delay", "0"]);
    replica = await startRedisServer(dir, [
      "--dbfilename",
      "replica.rdb",
      "--replicaof",
      "127.0.0.1",
      String(primary.port),
    ]);
    const probe = createClient({ url: replica.url });
    probe.on("error", () => {});
    await probe.connect();
    await waitFor(async () => /master_link_status:up/.test(await probe.info("replication")), {
      timeoutMs: 10_000,
      intervalMs: 50,
      message: "the replica's first sync",
    });
    probe.destroy();
  });
  afterAll(async () => {
    replica?.child.kill("SIGCONT");
    await Promise.all([replica?.stop(), primary?.stop()]);
    if (dir) removeTempDir(dir);
  });

  function stores(keyPrefix: string, durability?: { replicas: number; timeoutMs: number }) {
    const warnings: string[] = [];
    const created = createRedisStores({
      url: primary.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (message) => warnings.push(message),
      ...(durability ? { durability } : {}),
    });
    onTestFinished(() => created.close());
    return { ...created, warnings };
  }

  it("should WAIT for the replica after each token write, so the replica holds it when set returns", async () => {
    const inspector = await rawClient(primary.url);
    const onReplica = await rawClient(replica.url);
    const { tokenStore, warnings } = stores("durable-a:", { replicas: 1, timeoutMs: 5_000 });
    const before = (await commandCounts(inspector)).get("wait") ?? 0;
    await tokenStore.set(KEY, auth("rotated-1"));
    await tokenStore.set(KEY, auth("rotated-2"));
    // One WAIT per write at least; a write whose WAIT is slow (over 100 ms on a loaded machine) is
    // tried again by its hold (grant-hold.ts), each try with a WAIT of its own.
    expect(((await commandCounts(inspector)).get("wait") ?? 0) - before).toBeGreaterThanOrEqual(2);
    const valueKey = tokenKeys("durable-a:", KEY).value;
    expect(await onReplica.get(valueKey)).toBe(await inspector.get(valueKey));
    expect(warnings).toEqual([]);
  });

  it("should warn once, naming STORE_REPLICATION_LAGGING, when the replica does not answer, and keep the write", async () => {
    const { tokenStore, warnings } = stores("durable-b:", { replicas: 1, timeoutMs: 100 });
    replica.child.kill("SIGSTOP");
    try {
      await tokenStore.set(KEY, auth("while-lagging-1"));
      await tokenStore.set(KEY, auth("while-lagging-2"));
    } finally {
      replica.child.kill("SIGCONT");
    }
    expect((await tokenStore.get(KEY))?.tokens?.access_token).toBe("while-lagging-2");
    const lagging = warnings.filter((warning) => warning.includes("STORE_REPLICATION_LAGGING"));
    expect(lagging).toHaveLength(1);
    expect(lagging[0]).toContain("acknowledged by 0 of 1 replica(s) within 100 ms");
    expect(lagging[0]).not.toContain("while-lagging");
  });

  it("should not WAIT on one node unless durability is given", async () => {
    const inspector = await rawClient(primary.url);
    const { tokenStore } = stores("durable-c:");
    const before = (await commandCounts(inspector)).get("wait") ?? 0;
    await tokenStore.set(KEY, auth("single"));
    expect((await commandCounts(inspector)).get("wait") ?? 0).toBe(before);
  });
});
