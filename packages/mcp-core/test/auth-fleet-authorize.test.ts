// A sign-in begun by one source completes on another that shares the token store (SPEC §3.5.14):
// two loadMcp sources on one file store directory against the real OAuth fixture (dynamic
// registration, both starting at once, so each may register its own client). Source A builds the
// authorization URL; source B gets the redirect and completes it with A's verifier, redirect URL and
// client; the kept request is taken once, so A cannot redeem it again. A store without the optional
// methods keeps today's behaviour: only the source that began a request completes it.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fileTokenStore } from "../src/auth/file-token-store.js";
import { isMcpCoreError } from "../src/errors.js";
import type { McpSource, TokenStore } from "../src/index.js";
import {
  callOk,
  failOnUnhandledRejections,
  httpFixture,
  tempDir,
  tempLogFile,
  useSources,
} from "./support/harness.js";
import { approve, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
// Never listened on: the test reads the 302 and hands its Location to authorize().
const CONFIGURED_REDIRECT = "http://127.0.0.1:9/callback";

/** The OAuth fixture (tokens outlive the test) and two sources on `store` that start together. */
async function twoSources(store: () => TokenStore) {
  const log = tempLogFile("oauth.log");
  const fixture = await httpFixture("oauth", ["--log", log, "--token-ttl-ms", "600000"]);
  const config = {
    mcpServers: { o: { url: fixture.url, auth: { type: "oauth", redirectUrl: CONFIGURED_REDIRECT } } },
  };
  const [a, b] = await Promise.all([
    sources.load(config, { tokenStore: store() }),
    sources.load(config, { tokenStore: store() }),
  ]);
  return { log, a, b };
}

/** The person approves the authorization URL `source` shows; the redirect's Location. */
async function approveOn(source: McpSource): Promise<URL> {
  expect(source.state("o")).toBe("needs-auth");
  const url = source.servers()[0]?.authorizationUrl;
  return approve(url ? new URL(url) : undefined);
}

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("authorize() on a source that did not begin the sign-in", () => {
  it("should complete on another source sharing the file store, once", async () => {
    const dir = tempDir("fleet-authorize");
    const { log, a, b } = await twoSources(() => fileTokenStore(dir));
    const redirect = await approveOn(a);

    await b.authorize("o", redirect);
    expect(b.state("o")).toBe("running");
    expect(await callOk(b, "echo", { text: "hi" })).toBe("hi");
    expect(events(log, "token")).toMatchObject([{ grant: "authorization_code", outcome: "ok" }]);

    // The kept request was taken: A refuses the same redirect before its code reaches the AS again.
    const again = await refusal(a.authorize("o", redirect));
    expect(isMcpCoreError(again) && again.code).toBe("AUTH_FAILED");
    expect(String(again)).toContain("state");
    expect(events(log, "token")).toHaveLength(1);
    // B's own begun request is all that is left (it expires; A's was removed as it was used).
    expect(readdirSync(dir).filter((name) => name.endsWith(".pending.json"))).toHaveLength(1);
  });

  it("should stay with the source that began it when the store keeps no requests", async () => {
    const store = new MemoryTokenStore();
    const { log, a, b } = await twoSources(() => store);
    const redirect = await approveOn(a);
    const refused = await refusal(b.authorize("o", redirect));
    expect(isMcpCoreError(refused) && refused.code).toBe("AUTH_FAILED");
    expect(String(refused)).toContain("state does not match");
    expect(events(log, "token")).toEqual([]);
    await a.authorize("o", redirect);
    expect(a.state("o")).toBe("running");
  });
});
