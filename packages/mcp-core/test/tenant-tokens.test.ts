// Tokens per tenant (SPEC §23.4) against the real OAuth fixture: a `perTenant` remote server gives
// each tenant a session and a token of its own, kept under the tenant's store key. A tenant with
// no token gets AUTH_REQUIRED alone (its instance in needs-auth, reported with the tenant), others
// keep calling; `authorize(server, redirect, { tenant })` signs that tenant in; no call ever
// carries another tenant's token (the fixture's `whoami` names the token's subject).
import { describe, expect, it } from "vitest";
import { authStoreKey } from "../src/auth/auth-store-key.js";
import { parseConfig } from "../src/config/parse-config.js";
import type { McpConfigInput, McpSource, StateInfo } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

interface Loaded {
  source: McpSource;
  store: MemoryTokenStore;
  states: { state: string; info: StateInfo }[];
  config: McpConfigInput;
}

async function loadPerTenantOAuth(): Promise<Loaded> {
  const { url } = await httpFixture("oauth", ["--client", "desktop-app"]);
  const store = new MemoryTokenStore();
  const states: Loaded["states"] = [];
  const config: McpConfigInput = {
    mcpServers: { o: { url, auth: { type: "oauth", clientId: "desktop-app" }, perTenant: {} } },
  };
  const source = await sources.load(config, {
    tokenStore: store,
    onWarning: () => {},
    onStateChange: (_server, state, info) => states.push({ state, info }),
  });
  return { source, store, states, config };
}

/** Signs `tenant` in as the person `tenant` (the fixture's login_hint names the token's subject). */
async function signIn({ source, states }: Loaded, tenant: string): Promise<void> {
  // The start stops at needs-auth (AUTH_REQUIRED); its authorization URL comes with the state change.
  await expect(source.start("o", { tenant })).rejects.toMatchObject({ code: "AUTH_REQUIRED" });
  const asked = states.findLast((s) => s.state === "needs-auth" && s.info.tenant === tenant);
  const url = new URL(asked?.info.authorizationUrl ?? "");
  url.searchParams.set("login_hint", tenant);
  await source.authorize("o", await approve(url), { tenant });
}

async function subjectOf(source: McpSource, tenant: string): Promise<unknown> {
  const result = await toolByRawName(source, "whoami", "o").execute({}, { tenant });
  expect(result.isError, result.text).toBe(false);
  return (JSON.parse(result.text) as { subject: unknown }).subject;
}

describe("a perTenant remote server with OAuth", () => {
  it("should present each tenant's own token, and need authorization for one tenant alone", async () => {
    const loaded = await loadPerTenantOAuth();
    const { source, store, states } = loaded;
    // The server's own connection has no token: it waits in needs-auth, the tools unknown yet.
    expect(source.state("o")).toBe("needs-auth");
    await signIn(loaded, "alice");
    // Alice's listing is the server's tools while its own connection cannot list.
    expect(await subjectOf(source, "alice")).toBe("alice");

    const bob = await toolByRawName(source, "whoami", "o").execute({}, { tenant: "bob" });
    expect(bob).toMatchObject({ isError: true, error: { code: "AUTH_REQUIRED" } });
    // It tells the host how to authorize bob, not the server.
    expect(bob.text).toBe(
      'MCP server "o" needs authorization for tenant "bob": open its authorization URL (onStateChange) and call source.authorize("o", …, { tenant: "bob" })',
    );
    expect(states.some((s) => s.state === "needs-auth" && s.info.tenant === "bob")).toBe(true);
    // Bob's missing token touches neither alice nor the server's own state.
    expect(await subjectOf(source, "alice")).toBe("alice");
    expect(source.state("o")).toBe("needs-auth");

    await signIn(loaded, "bob");
    const subjects = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? "alice" : "bob")).map(async (tenant) => ({
        tenant,
        subject: await subjectOf(source, tenant),
      })),
    );
    for (const { tenant, subject } of subjects) expect(subject).toBe(tenant);

    // Each tenant's credentials under its own key, none under the server's.
    const parsed = await parseConfig(loaded.config);
    const server = parsed.servers[0];
    if (!server) throw new Error("no server");
    const keys = [...store.entries.keys()];
    expect(keys).toContain(authStoreKey(server, { tenant: "alice" }));
    expect(keys).toContain(authStoreKey(server, { tenant: "bob" }));
    expect(keys).not.toContain(authStoreKey(server));
    expect(authStoreKey(server, { tenant: "alice" })).toMatch(/ tenant:"alice"$/);
  });

  it("should keep a tenant's token from a tenant whose name only looks like it", async () => {
    const loaded = await loadPerTenantOAuth();
    await signIn(loaded, "alice");
    for (const lookalike of ['alice"', "alice ", 'alice" tenant:"alice', "Alice"]) {
      const result = await toolByRawName(loaded.source, "whoami", "o").execute({}, { tenant: lookalike });
      expect(result, lookalike).toMatchObject({ isError: true, error: { code: "AUTH_REQUIRED" } });
    }
  });

  it("should refuse a store key for a tenant that names none", async () => {
    const parsed = await parseConfig({
      mcpServers: { o: { url: "http://127.0.0.1:1/mcp", auth: { type: "oauth" }, perTenant: {} } },
    });
    const server = parsed.servers[0];
    if (!server) throw new Error("no server");
    expect(() => authStoreKey(server, { tenant: "a\nb" })).toThrow(/control characters/);
    expect(() => authStoreKey(server, { tenant: "" })).toThrow(/1 to 256/);
  });
});
