// Secrets at rest: with `secret`, no access token, refresh token or client secret is readable in
// Redis (every key scanned) nor appears in a warning or an error; an entry written without the
// secret (or sealed with another one) is refused as a miss with a warning naming the server.
import { waitFor } from "@toolnexus/fixtures";
import { loadMcp, type StoredAuth } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores, type RedisStoresOptions } from "../src/index.js";
import { connected } from "./support/connected.js";
import { authorizeInto, oauthConfig, oauthFixture, refreshes } from "./support/fleet.js";
import { rawClient, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "secrets-test-secret-of-32-bytes-or-more";

describe.runIf(redisAvailable())("secrets at rest in Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  function stores(options: Partial<RedisStoresOptions> & { keyPrefix: string }) {
    const created = createRedisStores({ url: redis.url, onWarning: () => {}, ...options });
    onTestFinished(() => created.close());
    return created;
  }

  /** Every key under `prefix` with its raw value (all of ours are strings). */
  async function scanAll(prefix: string): Promise<Map<string, string>> {
    const client = await rawClient(redis.url);
    const found = new Map<string, string>();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
      for (const key of keys) found.set(key, String(await client.get(key)));
    }
    return found;
  }

  it("should keep no token or client secret readable in Redis, a warning or an error", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const messages: string[] = [];
    const worker = stores({ keyPrefix, secret: SECRET, onWarning: (m) => messages.push(m) });
    const [server] = (await parseConfig(oauthConfig(fixture.url))).servers;
    if (!server) throw new Error("no server in the config");
    const storeKey = authStoreKey(server);
    const seen = new Set<string>();
    const remember = (auth: StoredAuth | undefined) => {
      for (const value of [
        auth?.tokens?.access_token,
        auth?.tokens?.refresh_token,
        auth?.client?.client_secret,
      ])
        if (value) seen.add(value);
    };
    remember(await worker.tokenStore.get(storeKey));
    const source = await loadMcp(oauthConfig(fixture.url), {
      tokenStore: worker.tokenStore,
      toolCache: null,
      refreshSkewMs: 500,
      onWarning: (m) => messages.push(m),
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    // Until one refresh has rotated both tokens through the store (a second token set seen).
    await waitFor(
      async () => {
        const result = await echo?.execute({ text: "x" });
        if (result?.error) messages.push(result.error.message);
        remember(await worker.tokenStore.get(storeKey));
        return refreshes(log).ok >= 1 && seen.size >= 4;
      },
      { intervalMs: 100, message: "a refresh rotating both tokens" },
    );
    expect(refreshes(log).ok).toBeGreaterThanOrEqual(1);
    // A registration with a client secret (as dynamic registration stores) goes through the same seal.
    const clientSecret = "client-secret-that-must-stay-sealed";
    await worker.tokenStore.set("issuer resource dcr", {
      savedAt: new Date().toISOString(),
      client: { client_id: "dcr", client_secret: clientSecret },
    });
    seen.add(clientSecret);
    // A refused write and a refused read report errors too: none may carry a secret.
    const unsealed = stores({ keyPrefix, insecure: true });
    await unsealed.tokenStore.get(storeKey);

    expect(seen.size).toBeGreaterThanOrEqual(5); // two token sets and the client secret
    const stored = await scanAll(keyPrefix);
    expect(stored.size).toBeGreaterThanOrEqual(2);
    for (const [key, value] of stored) {
      for (const secret of seen) {
        expect(value).not.toContain(secret);
        expect(key).not.toContain(secret);
      }
      expect(value).not.toContain("access_token");
    }
    for (const message of messages) for (const secret of seen) expect(message).not.toContain(secret);
  });

  it("should refuse an entry written without the secret, and one sealed with another secret, as a miss with a warning naming the server", async () => {
    const keyPrefix = redis.prefix();
    const key = "http://127.0.0.1:1/mcp app";
    const entry: StoredAuth = {
      savedAt: new Date().toISOString(),
      tokens: { access_token: "clear-access", token_type: "bearer" },
    };
    const clear = stores({ keyPrefix, insecure: true });
    await connected(clear);
    await clear.tokenStore.set(key, entry);
    const warnings: string[] = [];
    const sealed = stores({ keyPrefix, secret: SECRET, onWarning: (m) => warnings.push(m) });
    await connected(sealed);
    expect(await sealed.tokenStore.get(key)).toBeUndefined();
    expect(warnings.at(-1)).toContain("for http://127.0.0.1:1/mcp was written");
    expect(warnings.at(-1)).toContain("was written without the secret");

    const other = stores({ keyPrefix, secret: `${SECRET}-another` });
    await connected(other);
    await other.tokenStore.set(key, entry);
    expect(await sealed.tokenStore.get(key)).toBeUndefined();
    expect(warnings.at(-1)).toContain("does not open with this worker's secret");
    for (const warning of warnings) expect(warning).not.toContain("clear-access");
  });
});
