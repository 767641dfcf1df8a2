// Replayed token entries: someone who can write to Redis but does not hold the secret captures a
// sealed entry and writes its bytes back after a refresh replaced it. Opened, it would hand the
// worker the spent refresh token — and a rotating authorization server revokes the whole grant on
// its reuse. Each sealed entry carries a version bound into its seal: a worker refuses one older
// than a version it has seen, and no write lowers the version a store holds.
import { waitFor } from "@toolnexus/fixtures";
import { loadMcp, type StoredAuth } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores, type RedisStores } from "../src/index.js";
import { tokenKeys } from "../src/keys.js";
import { deriveKeys } from "../src/secret.js";
import { sealEntry } from "../src/token-envelope.js";
import { authorizeInto, oauthConfig, oauthFixture, refreshes } from "./support/fleet.js";
import { rawClient, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "replay-test-secret-of-32-bytes-or-more";
const DAY_MS = 24 * 60 * 60 * 1000;

const entry = (accessToken: string): StoredAuth => ({
  savedAt: new Date().toISOString(),
  tokens: { access_token: accessToken, token_type: "bearer", refresh_token: `${accessToken}-refresh` },
});

describe.runIf(redisAvailable())("replayed token entries in Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  function stores(keyPrefix: string): RedisStores & { warnings: string[] } {
    const warnings: string[] = [];
    const created = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (m) => warnings.push(m),
    });
    onTestFinished(() => created.close());
    return { ...created, warnings };
  }

  it("should refuse the bytes of an entry a refresh replaced, so the spent refresh token never reaches the authorization server", async () => {
    const { fixture, log } = await oauthFixture(1000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const [server] = (await parseConfig(oauthConfig(fixture.url))).servers;
    if (!server) throw new Error("no server in the config");
    const storeKey = authStoreKey(server);
    const valueKey = tokenKeys(keyPrefix, storeKey).value;
    const attacker = await rawClient(redis.url);
    const captured = String(await attacker.get(valueKey));
    const refreshedBefore = refreshes(log).ok;

    const worker = stores(keyPrefix);
    const messages: string[] = [];
    const source = await loadMcp(oauthConfig(fixture.url), {
      tokenStore: worker.tokenStore,
      toolCache: null,
      refreshSkewMs: 500,
      onWarning: (m) => messages.push(m),
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    // Calls until the worker has refreshed (1 s tokens, due after 0.5 s): Redis holds a newer entry.
    const refreshed = () => refreshes(log).ok > refreshedBefore;
    await waitFor(
      async () => {
        if (refreshed()) return true;
        await echo?.execute({ text: "before" });
        return false;
      },
      { intervalMs: 50, message: "the worker's refresh" },
    );
    expect(await attacker.get(valueKey)).not.toBe(captured);

    await attacker.set(valueKey, captured);
    // Calls on past the point where the next refresh is due: the worker reads the entry again.
    const replayRefused = () => worker.warnings.some((w) => w.includes("older than version"));
    await waitFor(
      async () => {
        if (replayRefused() || refreshes(log).bad.length > 0) return true;
        await echo?.execute({ text: "after" });
        return false;
      },
      { intervalMs: 50, message: "the worker to refuse the replayed entry" },
    );

    expect(refreshes(log).bad).toEqual([]); // the spent refresh token was never presented
    expect(replayRefused()).toBe(true);
    expect(await worker.tokenStore.get(storeKey)).toBeUndefined();
    for (const warning of worker.warnings) expect(warning).not.toContain(captured);
  });

  it("should refuse, after a delete, the last entry written back, and one whose version was raised", async () => {
    const keyPrefix = redis.prefix();
    const key = "http://127.0.0.1:1/mcp app";
    const valueKey = tokenKeys(keyPrefix, key).value;
    const worker = stores(keyPrefix);
    const attacker = await rawClient(redis.url);
    await worker.tokenStore.set(key, entry("first"));
    const captured = String(await attacker.get(valueKey));

    await worker.tokenStore.delete(key); // a person logged out
    await attacker.set(valueKey, captured);
    expect(await worker.tokenStore.get(key)).toBeUndefined();
    expect(worker.warnings.at(-1)).toContain("older than version");

    // Raising the version in the bytes breaks the seal: even a worker that saw nothing refuses it.
    const raised = JSON.stringify({ ...JSON.parse(captured), n: Date.now() + DAY_MS });
    await attacker.set(valueKey, raised);
    const fresh = stores(keyPrefix);
    expect(await fresh.tokenStore.get(key)).toBeUndefined();
    expect(fresh.warnings.at(-1)).toContain("does not open with this worker's secret");
  });

  it("should never lower the version in Redis: a worker whose clock is behind still writes above it", async () => {
    const keyPrefix = redis.prefix();
    const key = "http://127.0.0.1:1/mcp app";
    const valueKey = tokenKeys(keyPrefix, key).value;
    const attacker = await rawClient(redis.url);
    // An entry written by a worker whose clock runs a day ahead (sealed with the secret: genuine).
    const ahead = Date.now() + DAY_MS;
    const { tokenKey } = deriveKeys(SECRET);
    await attacker.set(valueKey, sealEntry(tokenKey, valueKey, ahead, entry("from-the-future")));
    const reader = stores(keyPrefix);
    expect((await reader.tokenStore.get(key))?.tokens?.access_token).toBe("from-the-future");

    const writer = stores(keyPrefix);
    await writer.tokenStore.withLock(key, () => writer.tokenStore.set(key, entry("newer")));

    expect(JSON.parse(String(await attacker.get(valueKey))).n).toBeGreaterThan(ahead);
    expect((await reader.tokenStore.get(key))?.tokens?.access_token).toBe("newer");
    expect(reader.warnings).toEqual([]);
  });
});
