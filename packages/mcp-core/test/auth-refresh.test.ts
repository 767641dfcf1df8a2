// Refresh of createServerAuth against the real oauth fixture (short-lived, rotating tokens):
// single-flight per process (proactive refresh over a long run is the soak's: soak/oauth-long-run.test.ts), one refresh across two "processes" sharing a
// store, a 401 refreshed once and retried once, and a 401 whose replacement token is itself due
// refreshed before the retry. Reuse of a refresh token would show in the
// fixture's log as `refresh` / `reused` and revoke the whole grant.
import type { Client } from "@modelcontextprotocol/client";
import { UnauthorizedError } from "@modelcontextprotocol/client";
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections } from "./support/harness.js";
import {
  approve,
  connectWith,
  desktopAppFixture,
  events,
  MemoryTokenStore,
  type TestAuth,
  testAuth,
  textOf,
} from "./support/oauth-harness.js";

failOnUnhandledRejections();

const REDIRECT = "http://127.0.0.1:9/callback";
const CONFIG = { type: "oauth", clientId: "desktop-app", redirectUrl: REDIRECT } as const;

/** An authorized ServerAuth over `store` (the person approves at once). */
async function authorized(url: string, store: MemoryTokenStore, refreshSkewMs: number): Promise<TestAuth> {
  const test = testAuth(url, CONFIG, store, refreshSkewMs);
  await expect(connectWith(url, test.auth)).rejects.toBeInstanceOf(UnauthorizedError);
  await test.auth.finish(await approve(test.auth.authorizationUrl()));
  return test;
}

const echo = async (client: Client, text: string) =>
  textOf(await client.callTool({ name: "echo", arguments: { text } }));

/** Resolves once the fixture refuses `token` (it expired there). */
async function expiredAtServer(url: string, token: string | undefined): Promise<void> {
  await waitFor(
    async () =>
      (
        await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{}",
        })
      ).status === 401,
    { message: "the access token to expire at the server" },
  );
}

const accessTokenIn = (store: MemoryTokenStore) => [...store.entries.values()][0]?.tokens?.access_token;

describe("createServerAuth: refresh", () => {
  it("should refresh exactly once for 5 concurrent calls after expiry", async () => {
    const { log, fixture } = await desktopAppFixture(1000);
    const store = new MemoryTokenStore();
    const { auth } = await authorized(fixture.url, store, 0);
    const client = await connectWith(fixture.url, auth);
    await expiredAtServer(fixture.url, accessTokenIn(store));
    const locksBefore = store.lockRuns;

    const texts = await Promise.all([1, 2, 3, 4, 5].map((n) => echo(client, `c${n}`)));
    expect(texts).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["ok"]);
    // Single-flight in the process: one refresh took the store's lock, not five.
    expect(store.lockRuns - locksBefore).toBe(1);
  });

  it("should refresh once for two processes sharing a store: the second re-reads under the lock", async () => {
    // The refreshed token lives 10 s: on a slow machine a 1 s one could expire again before the
    // second process's calls, and a second refresh would then be right, not a lost re-read.
    const { log, fixture } = await desktopAppFixture(10_000);
    const store = new MemoryTokenStore();
    const first = await authorized(fixture.url, store, 0);
    // A second "process": its own provider and cache, the same store.
    const second = testAuth(fixture.url, CONFIG, store, 0);
    const clients = [await connectWith(fixture.url, first.auth), await connectWith(fixture.url, second.auth)];
    await expiredAtServer(fixture.url, accessTokenIn(store));

    const texts = await Promise.all(
      clients.flatMap((client, i) => [1, 2, 3].map((n) => echo(client, `${i}.${n}`))),
    );
    expect(texts).toEqual(["0.1", "0.2", "0.3", "1.1", "1.2", "1.3"]);
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["ok"]);
  });

  it("should answer concurrent 401s with one refresh and one retry each (expiry unknown to the client)", async () => {
    const { log, fixture } = await desktopAppFixture(1000);
    const store = new MemoryTokenStore();
    await authorized(fixture.url, store, 0);
    // A token without `expires_in` (or a clock that is off): only the server's 401 says it expired.
    for (const entry of store.entries.values()) entry.expiresAt = undefined;
    const { auth } = testAuth(fixture.url, CONFIG, store, 0);
    const client = await connectWith(fixture.url, auth);
    await expiredAtServer(fixture.url, accessTokenIn(store));
    const unauthorizedBefore = events(log, "unauthorized").length;

    const texts = await Promise.all([1, 2, 3, 4, 5].map((n) => echo(client, `r${n}`)));
    expect(texts).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["ok"]);
    expect(events(log, "unauthorized").length - unauthorizedBefore).toBe(5);
    expect(auth.authorizationUrl()).toBeUndefined();
  });

  // A 401 answered with another process's token that is itself spent: refreshed (or a fresher one
  // adopted) before the retry, not retried to meet the same 401 and send the server to needs-auth
  // with a valid grant in the store.
  it("should refresh, not retry, when the token found after a 401 is itself due", async () => {
    const { log, fixture } = await desktopAppFixture(1000);
    const store = new MemoryTokenStore();
    const first = testAuth(fixture.url, CONFIG, store, 200);
    await expect(connectWith(fixture.url, first.auth)).rejects.toThrow();
    await first.auth.finish(await approve(first.auth.authorizationUrl()));
    const entry = () => [...store.entries.values()][0];
    const firstToken = entry()?.tokens?.access_token;
    // The second process reads the first token with no expiry known (only a 401 tells it).
    const stored = entry();
    if (stored) stored.expiresAt = undefined;
    const second = testAuth(fixture.url, CONFIG, store, 200);
    const secondClient = await connectWith(fixture.url, second.auth);

    // The first process refreshes once, then goes quiet until its token is spent too.
    const firstClient = await connectWith(fixture.url, first.auth);
    await expiredAtServer(fixture.url, firstToken);
    expect(await echo(firstClient, "first")).toBe("first");
    const otherToken = entry()?.tokens?.access_token;
    expect(otherToken).not.toBe(firstToken);
    await expiredAtServer(fixture.url, otherToken);

    expect(await echo(secondClient, "second")).toBe("second");
    expect(events(log, "refresh").map((refresh) => refresh.outcome)).toEqual(["ok", "ok"]);
    expect(second.auth.authorizationUrl()).toBeUndefined();
    expect(entry()?.tokens?.access_token).not.toBe(otherToken);
  });
});
