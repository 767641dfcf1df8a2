// OAuth through loadMcp against the real OAuth fixture (authorization server + protected MCP
// resource): interactive authorization end to end (needs-auth → the person → authorize() →
// running, without a reload), the loopback redirect completing it on its own, client_credentials
// with nobody involved, a revoked refresh token back to needs-auth (calls fail at once with
// AUTH_REQUIRED meanwhile), and planted secrets nowhere in what the host can see.
import { collectStates, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource, StateInfo } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const SECRET = "canary-client-secret-5c1e";

async function oauthServer(args: string[] = []) {
  const fixture = await httpFixture("oauth", args);
  return { url: fixture.url, origin: new URL(fixture.url).origin };
}

/** The authorization URL the server's snapshot shows while it is in `needs-auth`. */
function authorizationUrlOf(source: McpSource, server: string): URL {
  const url = source.servers().find((s) => s.name === server)?.authorizationUrl;
  if (!url) throw new Error(`no authorization URL for "${server}"`);
  return new URL(url);
}

function surfaced(source: McpSource, warnings: string[]): string {
  return JSON.stringify({ servers: source.servers(), status: source.status, warnings });
}

describe("interactive OAuth through loadMcp", () => {
  it("should wait in needs-auth and run after authorize() with the redirect, without a reload", async () => {
    const { url } = await oauthServer();
    const warnings: string[] = [];
    const store = new MemoryTokenStore();
    const source = await sources.load(
      { mcpServers: { o: { url, auth: { type: "oauth" } } } },
      { tokenStore: store, onWarning: (w) => warnings.push(w) },
    );
    expect(source.state("o")).toBe("needs-auth");
    expect(source.status.o).toBe("needs-auth");
    expect(source.servers()[0]?.lastError).toMatch(/^MCP server "o" needs authorization/);
    const authorizationUrl = authorizationUrlOf(source, "o");
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    const redirect = await approve(authorizationUrl);
    await source.authorize("o", redirect);
    expect(source.state("o")).toBe("running");
    const whoami = await toolByRawName(source, "whoami", "o").execute({});
    expect(whoami).toMatchObject({ isError: false });
    expect(surfaced(source, warnings)).not.toContain(redirect.searchParams.get("code") ?? "no code");
  });

  it("should run once the person reaches the loopback redirect, with no call from the host", async () => {
    const { url } = await oauthServer();
    const source = await sources.load(
      { mcpServers: { o: { url, auth: { type: "oauth" } } } },
      { tokenStore: new MemoryTokenStore() },
    );
    // The person's browser: the authorization server redirects to our loopback listener.
    const response = await fetch(authorizationUrlOf(source, "o"), { redirect: "follow" });
    expect(response.ok).toBe(true);
    await waitFor(() => source.state("o") === "running", { timeoutMs: 10_000 });
  });
});

describe("client_credentials through loadMcp", () => {
  it("should run with nobody involved and keep the secret out of everything the host sees", async () => {
    const { url } = await oauthServer(["--client", `svc:${SECRET}`]);
    const warnings: string[] = [];
    const source = await sources.load(
      {
        mcpServers: {
          c: { url, auth: { type: "client_credentials", clientId: "svc", clientSecret: "${SVC_SECRET}" } },
        },
      },
      { tokenStore: new MemoryTokenStore(), env: { SVC_SECRET: SECRET }, onWarning: (w) => warnings.push(w) },
    );
    expect(source.state("c")).toBe("running");
    const whoami = await toolByRawName(source, "whoami", "c").execute({});
    expect(whoami.text).toContain("svc");
    expect(surfaced(source, warnings)).not.toContain(SECRET);
  });

  it("should fail the start, not the load, when the secret's variable is unset", async () => {
    const { url } = await oauthServer(["--client", `svc:${SECRET}`]);
    const source = await sources.load(
      {
        mcpServers: {
          c: { url, auth: { type: "client_credentials", clientId: "svc", clientSecret: "${NOPE_SECRET}" } },
        },
      },
      { tokenStore: new MemoryTokenStore(), env: {} },
    );
    expect(source.state("c")).toBe("error");
    expect(source.servers()[0]?.lastError).toContain("auth.clientSecret");
  });
});

describe("a refresh token the authorization server revoked", () => {
  it("should move a running server to needs-auth and come back with authorize(), without a reload", async () => {
    const { url, origin } = await oauthServer(["--token-ttl-ms", "1000"]);
    const store = new MemoryTokenStore();
    const source = await sources.load(
      { mcpServers: { o: { url, auth: { type: "oauth" } } } },
      { tokenStore: store, refreshSkewMs: 0 },
    );
    const states = collectStates(source);
    await source.authorize("o", await approve(authorizationUrlOf(source, "o")));
    expect(source.state("o")).toBe("running");

    await fetch(`${origin}/test/revoke?access=1`, { method: "POST" });
    const echo = toolByRawName(source, "echo", "o");
    const failed = await echo.execute({ text: "after revoke" });
    expect(failed.isError).toBe(true);
    await waitFor(() => source.state("o") === "needs-auth", { timeoutMs: 10_000 });
    // Meanwhile a call fails at once, saying what the server waits for.
    const waiting = await echo.execute({ text: "x" });
    expect(waiting.error).toMatchObject({ kind: "unavailable", code: "AUTH_REQUIRED" });
    expect(waiting.error?.message).toContain('MCP server "o" needs authorization');

    // onStateChange announced where the person goes, as the snapshot shows it.
    const announced = (states.events.at(-1)?.info as StateInfo | undefined)?.authorizationUrl;
    expect(announced).toBe(source.servers()[0]?.authorizationUrl);
    await source.authorize("o", await approve(authorizationUrlOf(source, "o")));
    expect(await echo.execute({ text: "back" })).toMatchObject({ isError: false, text: "back" });
  });
});
