// A refresh that fails only for now never sends a server to needs-auth (issue 40, item 14: fleet
// workers on Redis ended there after a failover while the grant was good). Two loaded sources share
// one real file token store, against the real OAuth fixture with 1-second rotating tokens: the
// second holds a token whose expiry it does not know, meets the server's 401, adopts the first's
// newer token — itself spent — and its refresh of that one fails for now (the authorization server
// answers `temporarily_unavailable`, or the store is unreachable: a wrapper of our own TokenStore
// interface failing with AUTH_STORE_UNAVAILABLE). Before, the request was retried with the spent
// token and its 401 reached the transport: needs-auth, every later call AUTH_REQUIRED. Now the call
// fails with the refresh's error, the server keeps running and the next call refreshes. A refresh
// refused for good (`invalid_grant`) still leads to needs-auth.
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it, onTestFinished } from "vitest";
import { fileTokenStore } from "../src/auth/file-token-store.js";
import type { TokenStore } from "../src/auth/token-store.js";
import { McpCoreError } from "../src/errors.js";
import type { McpSource } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";
import { approve, events } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });

/**
 * `store`, whose `withLock` fails for now (AUTH_STORE_UNAVAILABLE) once `locksLeft` reaches 0;
 * `key` is the last key written.
 */
function interruptible(store: TokenStore): { store: TokenStore; locksLeft: number; key: string } {
  const control = { locksLeft: Number.POSITIVE_INFINITY, store, key: "" };
  control.store = {
    get: (key) => store.get(key),
    set: (key, value) => {
      control.key = key;
      return store.set(key, value);
    },
    delete: (key) => store.delete(key),
    withLock: async (key, fn) => {
      if (control.locksLeft <= 0)
        throw new McpCoreError("AUTH_STORE_UNAVAILABLE", "the token store is unreachable for now");
      control.locksLeft--;
      return store.withLock(key, fn);
    },
  };
  return control;
}

const echo = (source: McpSource, text: string) => toolByRawName(source, "echo", "o").execute({ text });

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
    { timeoutMs: 10_000, message: "the access token to expire at the server" },
  );
}

/**
 * Source `first` authorized and refreshed once; `second` holds the first token with no expiry known
 * (only a 401 tells it), and the first's newer token is spent too. `fixtureArgs` go to the fixture.
 */
async function secondHoldsSpentTokens(fixtureArgs: string[]) {
  const log = tempLogFile("oauth.log");
  const fixture = await httpFixture("oauth", ["--log", log, "--token-ttl-ms", "1000", ...fixtureArgs]);
  const dir = makeTempDir("toolnexus-refresh-for-now-");
  onTestFinished(() => removeTempDir(dir));
  const files = fileTokenStore(dir);
  const control = interruptible(files);
  const config = { mcpServers: { o: { url: fixture.url, auth: { type: "oauth" as const } } } };
  const options = { tokenStore: control.store, refreshSkewMs: 200, onWarning: () => {} };
  const first = await sources.load(config, options);
  const at = first.servers()[0]?.authorizationUrl;
  await first.authorize("o", await approve(new URL(at ?? "")));
  const key = control.key;
  const firstEntry = await files.get(key);
  const firstToken = firstEntry?.tokens?.access_token;
  // A token without `expires_in` known (or a clock that is off) in the second process.
  if (firstEntry) await files.set(key, { ...firstEntry, expiresAt: undefined });
  const second = await sources.load(config, options);
  expect(await echo(second, "second")).toMatchObject({ isError: false });
  await expiredAtServer(fixture.url, firstToken);
  expect(await echo(first, "first")).toMatchObject({ isError: false }); // refreshes
  const newer = (await files.get(key))?.tokens?.access_token;
  expect(newer).not.toBe(firstToken);
  await expiredAtServer(fixture.url, newer);
  return { fixture, log, first, second, control };
}

describe("a refresh that fails for now", () => {
  it("should fail the call, not go to needs-auth, when the authorization server is unavailable for now", async () => {
    // Token requests: the code exchange, the first source's refresh; then `temporarily_unavailable`.
    const { second, log } = await secondHoldsSpentTokens([
      "--token-error",
      "temporarily_unavailable",
      "--token-error-after",
      "2",
    ]);
    const result = await echo(second, "after");
    expect(result).toMatchObject({ isError: true });
    expect(result.error?.message).toMatch(/temporarily_unavailable/);
    expect(second.state("o")).toBe("running");
    // The next call tries again (and fails for now again): never AUTH_REQUIRED.
    const again = await echo(second, "again");
    expect(again.error?.code).not.toBe("AUTH_REQUIRED");
    expect(second.state("o")).toBe("running");
    expect(events(log, "refresh").filter((e) => e.outcome !== "ok")).toEqual([]);
  });

  it("should fail the call, not go to needs-auth, while the token store is unreachable, and refresh once it is back", async () => {
    const { second, control, log } = await secondHoldsSpentTokens([]);
    // The 401's lock reads the first source's newer token; the store is gone before its refresh.
    control.locksLeft = 1;
    const result = await echo(second, "after");
    expect(result).toMatchObject({ isError: true, error: { code: "AUTH_STORE_UNAVAILABLE" } });
    expect(second.state("o")).toBe("running");
    control.locksLeft = Number.POSITIVE_INFINITY;
    expect(await echo(second, "back")).toMatchObject({ isError: false });
    expect(second.state("o")).toBe("running");
    expect(events(log, "refresh").map((e) => e.outcome)).toEqual(["ok", "ok"]);
  });

  it("should retry a start whose refresh fails for now, and run once the store is back", async () => {
    const { second, control } = await secondHoldsSpentTokens([]);
    control.locksLeft = 1;
    await expect(second.restart("o")).rejects.toMatchObject({ code: "AUTH_STORE_UNAVAILABLE" });
    expect(second.state("o")).toBe("error");
    control.locksLeft = Number.POSITIVE_INFINITY;
    // The supervisor's next attempt (its backoff) starts it; no person needed.
    await waitFor(() => second.state("o") === "running", { timeoutMs: 20_000, message: "a restart" });
    expect(await echo(second, "back")).toMatchObject({ isError: false });
  });

  it("should still go to needs-auth when the refresh is refused for good (invalid_grant)", async () => {
    const { second, fixture } = await secondHoldsSpentTokens([]);
    await fetch(new URL("/test/revoke", fixture.url), { method: "POST" });
    const result = await echo(second, "after");
    expect(result).toMatchObject({ isError: true });
    await waitFor(() => second.state("o") === "needs-auth", { timeoutMs: 10_000, message: "needs-auth" });
    expect((await echo(second, "again")).error?.code).toBe("AUTH_REQUIRED");
  });
});
