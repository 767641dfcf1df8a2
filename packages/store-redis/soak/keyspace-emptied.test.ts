// Redis loses its data mid-run (FLUSHALL here; a restart without persistence, an eviction or a
// failover to a replica that had not synced look the same to the stores): the worker does not
// loop on refreshes or crash; at its next refresh it finds no grant, the server goes to
// `needs-auth`, named in every failed call, until a person authorizes again. Held here: the one
// call in flight when the grant is found gone fails with the server's 401 (`CALL_FAILED`,
// "Unauthorized"), the later ones with `AUTH_REQUIRED`; the stores name the cause in one warning
// (`STORE_KEYSPACE_EMPTIED`).
import { loadMcp } from "@toolnexus/mcp-core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { authorizeInto, oauthConfig, oauthFixture, refreshes } from "../test/support/fleet.js";
import { redisAvailable, startRedis, type TestRedis } from "../test/support/redis-server.js";

const SECRET = "keyspace-soak-secret-of-at-least-32-bytes";

describe.runIf(redisAvailable())("a worker whose Redis is emptied mid-run", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis({ local: true });
  });
  afterAll(() => redis?.close());

  it("should put the server in needs-auth, named, with no refresh loop and no crash", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const warnings: string[] = [];
    const stores = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (message) => warnings.push(message),
    });
    onTestFinished(() => stores.close());
    const source = await loadMcp(oauthConfig(fixture.url), {
      tokenStore: stores.tokenStore,
      toolCache: null,
      refreshSkewMs: 500,
      onWarning: () => {},
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    if (!echo) throw new Error("no echo tool");
    const inspector = createClient({ url: redis.url });
    inspector.on("error", () => {});
    await inspector.connect();
    onTestFinished(() => inspector.destroy());

    const failures: Array<{ code: string; message: string }> = [];
    const since = Date.now();
    let refreshesAtFlush = -1;
    while (Date.now() - since < 8_000) {
      if (refreshesAtFlush < 0 && Date.now() - since > 2_500) {
        await inspector.flushAll();
        refreshesAtFlush = refreshes(log).ok;
      }
      const result = await echo.execute({ text: "x" });
      if (result.isError)
        failures.push({ code: String(result.error?.code), message: String(result.error?.message) });
      else expect(failures).toEqual([]); // no call succeeds once the grant was found gone
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(source.state("o")).toBe("needs-auth");
    expect(failures.length).toBeGreaterThan(20);
    expect(failures.filter((f) => f.code === "CALL_FAILED").length).toBeLessThanOrEqual(1);
    expect(failures.slice(1).every((f) => f.code === "AUTH_REQUIRED")).toBe(true);
    for (const failure of failures) expect(failure.message).toContain('"o"');
    // At most the refresh that was already due when the data went; none after (no loop).
    expect(refreshes(log).ok - refreshesAtFlush).toBeLessThanOrEqual(1);
    expect(refreshes(log).bad).toEqual([]);
    // Only the stores' marker, written again when the emptying was found.
    expect(await inspector.keys(`${keyPrefix}*`)).toEqual([`${keyPrefix}stores:marker`]);
    expect(warnings.filter((w) => w.includes("STORE_KEYSPACE_EMPTIED"))).toHaveLength(1);
  }, 60_000);
});
