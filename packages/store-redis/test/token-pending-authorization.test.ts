// A sign-in begun on one worker completes on another (SPEC §3.5.14): two loadMcp sources, each with
// its own Redis stores, on one real redis-server, against the real OAuth fixture with dynamic
// registration (both start at once, so each may register its own client). Source A shows the
// authorization URL; source B gets the redirect and completes it. The request sat in Redis sealed
// (no verifier in clear), expiring, and is gone once used: A cannot redeem the redirect again.
import { isMcpCoreError, loadMcp } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pendingKey } from "../src/pending-authorizations.js";
import { oauthFixture } from "./support/fleet.js";
import { openStores } from "./support/open-stores.js";
import { rawClient, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "pending-authorization-secret-32-bytes!!";
// Never listened on: the test reads the 302 and hands its Location to authorize().
const CONFIGURED_REDIRECT = "http://127.0.0.1:9/callback";

describe.runIf(redisAvailable())("a sign-in begun on one worker", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  it("should complete on another worker sharing Redis, once, the request sealed and expiring", async () => {
    const { fixture } = await oauthFixture(600_000);
    const config = {
      mcpServers: {
        o: { url: fixture.url, auth: { type: "oauth" as const, redirectUrl: CONFIGURED_REDIRECT } },
      },
    };
    const keyPrefix = "pending-test:";
    const worker = async () => {
      const stores = openStores({ url: redis.url, keyPrefix, secret: SECRET });
      const source = await loadMcp(config, {
        tokenStore: stores.tokenStore,
        toolCache: null,
        onWarning: () => {},
      });
      onTestFinished(() => source.close());
      return source;
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a.state("o")).toBe("needs-auth");
    const at = new URL(a.servers()[0]?.authorizationUrl ?? "");

    // What A keeps in Redis: sealed, with a time to live of at most 10 minutes.
    const [server] = (await parseConfig(config)).servers;
    if (!server) throw new Error("no server in the config");
    const requestKey = pendingKey(keyPrefix, authStoreKey(server), at.searchParams.get("state") ?? "");
    const admin = await rawClient(redis.url);
    const raw = (await admin.get(requestKey)) ?? "";
    expect(JSON.parse(raw)).toMatchObject({ v: 1, sealed: expect.any(String) });
    expect(raw).not.toMatch(/codeVerifier|client_id/);
    const ttl = await admin.pTTL(requestKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600_000);

    const response = await fetch(at, { redirect: "manual" });
    const redirect = new URL(response.headers.get("location") ?? "");
    await b.authorize("o", redirect);
    expect(b.state("o")).toBe("running");
    const whoami = b.tools.find((tool) => tool.rawName === "whoami");
    expect(await whoami?.execute({})).toMatchObject({ isError: false });
    expect(await admin.exists(requestKey)).toBe(0);

    const again = await a.authorize("o", redirect).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isMcpCoreError(again) && again.code).toBe("AUTH_FAILED");
    expect(String(again)).toContain("state");
  });

  it("should take a request once, and refuse one planted in clear or copied to another request's key", async () => {
    const warnings: string[] = [];
    const keyPrefix = "pending-unit:";
    const { tokenStore } = openStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (w) => warnings.push(w),
    });
    const request = { codeVerifier: "verifier-canary-7c1", redirectUrl: CONFIGURED_REDIRECT };
    await tokenStore.savePendingAuthorization("k", "s1", request, 60_000);
    const [first, second] = await Promise.all([
      tokenStore.takePendingAuthorization("k", "s1"),
      tokenStore.takePendingAuthorization("k", "s1"),
    ]);
    expect([first, second].filter(Boolean)).toEqual([request]);

    const admin = await rawClient(redis.url);
    await admin.set(pendingKey(keyPrefix, "k", "s2"), JSON.stringify({ v: 1, clear: request }));
    await tokenStore.savePendingAuthorization("k", "s3", request, 60_000);
    const sealed = (await admin.get(pendingKey(keyPrefix, "k", "s3"))) ?? "";
    expect(sealed).not.toContain("verifier-canary-7c1");
    await admin.set(pendingKey(keyPrefix, "k", "s4"), sealed);
    expect(await tokenStore.takePendingAuthorization("k", "s2")).toBeUndefined();
    expect(await tokenStore.takePendingAuthorization("k", "s4")).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).not.toContain("verifier-canary-7c1");
    expect(await tokenStore.takePendingAuthorization("k", "s3")).toEqual(request);
  });
});
