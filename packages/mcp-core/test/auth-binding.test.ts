// A token is bound to the configured server it was issued for, and a configured client secret to
// the issuer the config pins (or one on the server's origin). Three real oauth fixtures: A, an honest
// server and authorization server; B, whose protected-resource metadata names A's resource and A's
// authorization server (it wants A's tokens); S, whose metadata names A's authorization server for
// S's own resource (it wants a configured client secret sent to an AS of its choosing). The fixtures
// log a SHA-256 prefix of every bearer they receive and every token they issue, so the tests match
// tokens across processes without any token written down.
import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { type HttpFixture, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeServerUrl } from "../src/auth/resource-binding.js";
import { isMcpCoreError, type McpSource } from "../src/index.js";
import { failOnUnhandledRejections, toolByRawName, useSources, useTempDir } from "./support/harness.js";
import { approve, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const dir = useTempDir("auth-binding-");

const SECRET = "canary-binding-secret-7d3a";
const APP_SECRET = "canary-binding-app-secret-19fe";

let a: HttpFixture;
let b: HttpFixture;
let s: HttpFixture;
let aIssuer: string;
let keyFile: string;
const logOf = { a: "", b: "", s: "" };

beforeAll(async () => {
  logOf.a = dir.file("a.log");
  logOf.b = dir.file("b.log");
  logOf.s = dir.file("s.log");
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicFile = dir.file("svc-jwt.pub.pem");
  keyFile = dir.file("svc-jwt.pem");
  writeFileSync(publicFile, publicKey.export({ type: "spki", format: "pem" }));
  writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  a = await startHttpFixture("oauth", [
    ...["--log", logOf.a, "--token-ttl-ms", "1000"],
    ...["--client", `svc:${SECRET}`, "--client", `app:${APP_SECRET}`],
    ...["--jwt-client", `svc-jwt:${publicFile}`],
  ]);
  aIssuer = new URL(a.url).origin;
  [b, s] = await Promise.all([
    startHttpFixture("oauth", [
      ...["--log", logOf.b, "--client", `svc:${SECRET}`],
      ...["--prm-resource", a.url, "--prm-authorization-server", aIssuer],
    ]),
    startHttpFixture("oauth", ["--log", logOf.s, "--prm-authorization-server", aIssuer]),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), s?.stop()]);
});

/** The authorization URL the server's snapshot shows while it is in `needs-auth`. */
function authorizationUrlOf(source: McpSource, server: string): URL {
  const url = source.servers().find((snapshot) => snapshot.name === server)?.authorizationUrl;
  if (!url) throw new Error(`no authorization URL for "${server}"`);
  return new URL(url);
}

const lastErrorOf = (source: McpSource, server: string) =>
  source.servers().find((snapshot) => snapshot.name === server)?.lastError ?? "";

/** The hashes of every access and refresh token A's authorization server issued so far. */
function issuedByA(): Set<string> {
  const issued = events(logOf.a, "token").filter((entry) => entry.outcome === "ok");
  return new Set(
    issued.flatMap((entry) => [entry.access, entry.refresh]).filter((h) => typeof h === "string"),
  );
}

/** Why a start failed, as `restart()` rejects with it. */
async function startFailure(source: McpSource, server: string): Promise<unknown> {
  return source.restart(server).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("a token is bound to the configured server it was issued for", () => {
  it("should never send A's tokens to B, whose metadata names A's resource and A's AS, nor refresh A's grant for B", async () => {
    const store = new MemoryTokenStore();
    // A is authorized, used, and its short-lived token refreshed: the store holds a live grant of A.
    const first = await sources.load(
      { mcpServers: { a: { url: a.url, auth: { type: "oauth" } } } },
      { tokenStore: store, refreshSkewMs: 0 },
    );
    await first.authorize("a", await approve(authorizationUrlOf(first, "a")));
    const whoami = toolByRawName(first, "whoami", "a");
    await waitFor(
      async () => {
        expect(await whoami.execute({})).toMatchObject({ isError: false });
        return events(logOf.a, "refresh").some((entry) => entry.outcome === "ok");
      },
      { timeoutMs: 10_000, message: "A's token to be refreshed" },
    );
    await first.close();
    const refreshesBefore = events(logOf.a, "refresh").length;
    const tokensBefore = events(logOf.a, "token").length;

    // B, configured with the same client settings, starts twice (the load, then a restart).
    const second = await sources.load(
      { mcpServers: { b: { url: b.url, auth: { type: "oauth" } } } },
      { tokenStore: store, refreshSkewMs: 0 },
    );
    expect(second.state("b")).toBe("error");
    const failure = await startFailure(second, "b");
    expect(isMcpCoreError(failure) && failure.code).toBe("AUTH_FAILED");
    for (const message of [lastErrorOf(second, "b"), (failure as Error).message]) {
      expect(message).toContain('MCP server "b"');
      expect(message).toContain(a.url); // the resource B's metadata names
      expect(message).toContain(b.url); // the configured server
    }

    const received = events(logOf.b, "bearer").map((entry) => entry.hash);
    const fromA = issuedByA();
    expect(fromA.size).toBeGreaterThanOrEqual(4); // the code exchange and at least one refresh
    expect(received.filter((hash) => fromA.has(hash as string))).toEqual([]);
    expect(events(logOf.a, "refresh")).toHaveLength(refreshesBefore);
    expect(events(logOf.a, "token")).toHaveLength(tokensBefore);
  });

  it("should say which resources differ in a bounded message without control characters", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    const control = /[\u0000-\u001f\u007f]/;
    const long = `https://evil.example/${"a".repeat(5000)}`;
    const described = describeServerUrl(long);
    expect(described.length).toBeLessThanOrEqual(200);
    expect(describeServerUrl("https://evil.example/x\u001b[31m\u0007y")).not.toMatch(control);
    expect(describeServerUrl("not a url\u001b]0;pwned\u0007")).not.toMatch(control);
    expect(describeServerUrl("HTTPS://Example.COM:443/mcp")).toBe("https://example.com/mcp");
  });
});

describe("a configured client secret goes only to the pinned issuer or one on the server's origin", () => {
  it("should fail the start, not send the secret or assertion, when the server names an AS on another origin", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          cc: { url: s.url, auth: { type: "client_credentials", clientId: "svc", clientSecret: SECRET } },
          jwt: {
            url: s.url,
            auth: { type: "client_credentials", clientId: "svc-jwt", privateKeyFile: keyFile },
          },
          code: { url: s.url, auth: { type: "oauth", clientId: "app", clientSecret: APP_SECRET } },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    for (const server of ["cc", "jwt", "code"]) {
      expect(source.state(server)).toBe("error");
      expect(lastErrorOf(source, server)).toContain(`MCP server "${server}"`);
      expect(lastErrorOf(source, server)).toContain("auth.issuer");
      expect(lastErrorOf(source, server)).toContain(aIssuer);
    }
    const failure = await startFailure(source, "cc");
    expect(isMcpCoreError(failure) && failure.code).toBe("AUTH_FAILED");
    const foreign = events(logOf.a, "token").filter((entry) =>
      ["svc", "svc-jwt", "app"].includes(String(entry.client)),
    );
    expect(foreign).toEqual([]);
    expect(events(logOf.a, "authorize").filter((entry) => entry.client === "app")).toEqual([]);
  });

  it("should send the secret to the issuer auth.issuer pins, and refuse a server that names another", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          pinned: {
            url: a.url,
            auth: { type: "client_credentials", clientId: "svc", clientSecret: SECRET, issuer: aIssuer },
          },
          elsewhere: {
            url: s.url,
            auth: {
              type: "client_credentials",
              clientId: "svc",
              clientSecret: SECRET,
              issuer: new URL(s.url).origin,
            },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("pinned")).toBe("running");
    expect(await toolByRawName(source, "whoami", "pinned").execute({})).toMatchObject({
      isError: false,
      text: expect.stringContaining('"clientId":"svc"'),
    });
    // S names A's authorization server; the config pins S's own: nothing goes to A for S.
    expect(source.state("elsewhere")).toBe("error");
    expect(lastErrorOf(source, "elsewhere")).toContain('MCP server "elsewhere"');
    expect(lastErrorOf(source, "elsewhere")).toContain("auth.issuer");
    const sentToA = events(logOf.a, "token").filter((entry) => entry.client === "svc");
    expect(sentToA.length).toBeGreaterThanOrEqual(1);
    for (const entry of sentToA) expect(entry).toMatchObject({ outcome: "ok", grant: "client_credentials" });
    expect(events(logOf.s, "token")).toEqual([]);
  });

  it("should refuse an issuer that is neither https nor http on loopback", async () => {
    await expect(
      sources.load(
        {
          mcpServers: {
            x: {
              url: a.url,
              auth: {
                type: "client_credentials",
                clientId: "svc",
                clientSecret: SECRET,
                issuer: "http://as.example",
              },
            },
          },
        },
        { tokenStore: new MemoryTokenStore() },
      ),
    ).rejects.toMatchObject({ code: "CONFIG_INVALID", message: expect.stringContaining("auth.issuer") });
  });
});
