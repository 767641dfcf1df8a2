// Faults of the Redis token store with a real redis-server: a worker process SIGSTOPped while it
// holds the lease, past lockTtlMs, has its write refused (the newer token stays); Redis down at
// creation; Redis killed and restarted while a source calls every 100 ms — no unhandled error, a
// due refresh fails its call with AUTH_STORE_UNAVAILABLE naming the server, and calls recover.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { waitFor } from "@toolnexus/fixtures";
import { loadMcp, type StoredAuth } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { authorizeInto, oauthConfig, oauthFixture, refreshes } from "./support/fleet.js";
import { openStores } from "./support/open-stores.js";
import { failOnUnhandledErrors, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "token-faults-test-secret-32-bytes-long";
const LEASE_WORKER = fileURLToPath(new URL("./support/lease-worker.mjs", import.meta.url));
const entry = (access: string): StoredAuth => ({
  savedAt: new Date().toISOString(),
  tokens: { access_token: access, token_type: "bearer", refresh_token: `${access}-refresh` },
});

describe.runIf(redisAvailable())("Redis token store faults", () => {
  failOnUnhandledErrors();
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis({ local: true });
  });
  afterAll(() => redis?.close());

  it("should refuse the write of a worker paused past its lease and keep the newer token", async () => {
    const keyPrefix = redis.prefix();
    const lockTtlMs = 500;
    const args = {
      redisUrl: redis.url,
      keyPrefix,
      secret: SECRET,
      key: "k",
      value: entry("stale"),
      lockTtlMs,
    };
    const child = spawn(process.execPath, [LEASE_WORKER, JSON.stringify(args)], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await waitFor(() => out.includes("locked"), { message: "the worker to take the lease" });
    child.kill("SIGSTOP");

    // Another worker takes the lease once it expired (nobody renews it) and writes a newer token.
    const other = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      lockTtlMs,
      onWarning: () => {},
    });
    onTestFinished(() => other.close());
    await waitFor(
      () =>
        other.tokenStore
          .withLock("k", () => other.tokenStore.set("k", entry("newer")))
          .then(
            () => true,
            () => false,
          ),
      { message: "the lease to expire and be taken" },
    );

    child.kill("SIGCONT");
    child.stdin.write("go\n");
    await exited;
    expect(JSON.parse(out.trim().split("\n").at(-1) ?? "{}")).toEqual({
      written: false,
      code: "TOKEN_STORE_LEASE_LOST",
    });
    expect((await other.tokenStore.get("k"))?.tokens?.access_token).toBe("newer");
  });

  it("should create the stores with Redis down, fail store calls with AUTH_STORE_UNAVAILABLE, then connect", async () => {
    await redis.stop();
    const warnings: string[] = [];
    const stores = createRedisStores({
      url: redis.url,
      keyPrefix: redis.prefix(),
      secret: SECRET,
      connectTimeoutMs: 300, // how long a first command waits for the first connection
      onWarning: (m) => warnings.push(m),
    });
    onTestFinished(() => stores.close());
    await expect(stores.tokenStore.get("k")).rejects.toMatchObject({ code: "AUTH_STORE_UNAVAILABLE" });
    await expect(stores.tokenStore.withLock("k", async () => "ran")).rejects.toMatchObject({
      code: "AUTH_STORE_UNAVAILABLE",
    });
    await redis.start();
    await waitFor(() => stores.tokenStore.withLock("k", async () => "ran").catch(() => false), {
      message: "the store to connect in the background",
    });
    expect(warnings.filter((m) => m.includes("connection is down"))).toHaveLength(1);
  });

  it("should fail a due refresh with AUTH_STORE_UNAVAILABLE while Redis is down, and recover after", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const stores = openStores({ url: redis.url, keyPrefix, secret: SECRET });
    const source = await loadMcp(oauthConfig(fixture.url), {
      tokenStore: stores.tokenStore,
      toolCache: null,
      refreshSkewMs: 500,
      onWarning: () => {},
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    if (!echo) throw new Error("no echo tool");
    expect((await echo.execute({ text: "before" })).isError).toBe(false);

    await redis.stop({ keepData: true });
    const failed = await waitFor(
      async () => {
        const result = await echo.execute({ text: "while down" });
        return result.isError && result.error;
      },
      { timeoutMs: 15_000, intervalMs: 100, message: "a call to fail while Redis is down" },
    );
    expect(failed.code).toBe("AUTH_STORE_UNAVAILABLE");
    expect(failed.message).toContain('MCP server "o"');

    await redis.start();
    await waitFor(async () => !(await echo.execute({ text: "after" })).isError, {
      timeoutMs: 20_000,
      intervalMs: 100,
      message: "calls to succeed again once Redis is back",
    });
    expect(refreshes(log).bad).toEqual([]);
  });
});
