// What an authorization server (or a server's 401) may make the client fetch, open or accept,
// through loadMcp against the real OAuth fixture in its hostile modes: an authorization server that
// does not show PKCE S256 support gets no authorization started; nothing is fetched or handed to a
// person off https (http only on loopback or the configured server's own origin); an OAuth document
// too large for its purpose fails the start instead of being read whole.
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/client";
import { type HttpFixture, readLog, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedAuthUrl } from "../src/auth/auth-url-policy.js";
import { safeOrigin } from "../src/auth/safe-origin.js";
import { isMcpCoreError } from "../src/errors.js";
import type { ConnectionState, StateInfo } from "../src/index.js";
import { failOnUnhandledRejections, useSources, useTempDir } from "./support/harness.js";
import { MemoryTokenStore } from "./support/oauth-harness.js";
import { isLoopbackTarget, recordOutboundConnections } from "./support/outbound-connections.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const temp = useTempDir("auth-as-policy");

/** Loads server "o" at `url` with `auth`, recording every state change and warning. */
async function load(url: string, auth: object = { type: "oauth" }) {
  const changes: Array<{ state: ConnectionState; info: StateInfo }> = [];
  const warnings: string[] = [];
  const source = await sources.load(
    { mcpServers: { o: { url, auth } } },
    {
      tokenStore: new MemoryTokenStore(),
      onWarning: (warning) => warnings.push(warning),
      onStateChange: (_server, state, info) => changes.push({ state, info }),
    },
  );
  return { source, changes, warnings };
}

let fixture: HttpFixture;
let log: string;
let origin: string;

// One fixture process for the file: each test sets the modes it needs (`POST /test/modes`).
beforeAll(async () => {
  log = temp.file("oauth.log");
  fixture = await startHttpFixture("oauth", ["--log", log, "--client", "desktop-app"]);
  origin = new URL(fixture.url).origin;
});
afterAll(() => fixture?.stop());

/**
 * Puts the fixture in the hostile modes `flags` name (flag name → value; `{port}` is its port) and
 * returns what its log says from then on.
 */
async function hostileModes(flags: Record<string, string>): Promise<(event: string) => object[]> {
  const response = await fetch(`${origin}/test/modes`, { method: "POST", body: new URLSearchParams(flags) });
  expect(response.status).toBe(200);
  const from = readLog(log).length;
  return (event) =>
    readLog(log)
      .slice(from)
      .filter((entry) => entry.event === event);
}

/**
 * The start failed with `AUTH_FAILED` matching `message`, and no authorization URL reached the
 * snapshot or any onStateChange. Returns the error's message.
 */
function expectRefused(run: Awaited<ReturnType<typeof load>>, message: RegExp): string {
  expect(run.source.state("o")).toBe("error");
  const error = run.changes.find((change) => change.state === "error")?.info.error;
  expect(isMcpCoreError(error) && error.code).toBe("AUTH_FAILED");
  expect(error?.message).toMatch(message);
  expect(error?.message).toMatch(/^MCP server "o": /);
  expect(run.source.servers()[0]?.lastError).toBe(error?.message);
  expect(run.source.servers()[0]?.authorizationUrl).toBeUndefined();
  expect(run.changes.filter((change) => change.info.authorizationUrl !== undefined)).toEqual([]);
  return error?.message ?? "";
}

describe("an authorization server that does not show PKCE S256 support", () => {
  it.each([
    [
      "lists no code_challenge_methods_supported",
      { "pkce-methods": "none" },
      /code_challenge_methods_supported is missing/,
    ],
    ["lists only plain", { "pkce-methods": "plain" }, /code_challenge_methods_supported does not list S256/],
    [
      "publishes no metadata",
      { "no-as-metadata": "1" },
      /publishes no metadata, so PKCE \(S256\) support is not known/,
    ],
  ])("should start no authorization when it %s", async (_what, flags, reason) => {
    const logged = await hostileModes(flags);
    const message = expectRefused(await load(fixture.url), reason);
    expect(message).toContain(`the authorization server ${origin}`);
    expect(logged("authorize")).toEqual([]);
  });
});

describe("where an authorization server may live", () => {
  it("should fetch nothing at a link-local resource_metadata URL a 401 names", async () => {
    const logged = await hostileModes({
      "resource-metadata-url": "http://169.254.169.254/latest/meta-data/",
    });
    const message = expectRefused(
      await load(fixture.url),
      /refused an OAuth request to http:\/\/169\.254\.169\.254:/,
    );
    expect(message).not.toContain("latest"); // the origin only
    expect(logged("authorize")).toEqual([]);
  });

  it("should fetch nothing at a resource_metadata URL off loopback, even one that routes here", async () => {
    // 0.0.0.0 reaches this machine's listeners: had the request gone out, the fixture would log it.
    const logged = await hostileModes({ "resource-metadata-url": "http://0.0.0.0:{port}/elsewhere-prm" });
    const port = new URL(origin).port;
    expectRefused(
      await load(fixture.url),
      new RegExp(`refused an OAuth request to http://0\\.0\\.0\\.0:${port}:`),
    );
    expect(logged("metadata").filter((entry) => JSON.stringify(entry).includes("elsewhere-prm"))).toEqual([]);
  });

  it("should register nowhere when the registration endpoint is plain http off loopback", async () => {
    const logged = await hostileModes({ "endpoint-origin": "http://0.0.0.0:{port}" });
    const port = new URL(origin).port;
    expectRefused(
      await load(fixture.url),
      new RegExp(`refused an OAuth request to http://0\\.0\\.0\\.0:${port}:`),
    );
    expect(logged("register")).toEqual([]);
  });

  it("should hand no person an authorization endpoint that is plain http off loopback", async () => {
    const logged = await hostileModes({ "endpoint-origin": "http://0.0.0.0:{port}" });
    const run = await load(fixture.url, { type: "oauth", clientId: "desktop-app" });
    expectRefused(run, /refused the authorization endpoint http:\/\/0\.0\.0\.0:\d+:/);
    expect(logged("authorize")).toEqual([]);
  });

  it("should hand the host's own provider no authorization endpoint that is plain http off loopback", async () => {
    await hostileModes({ "endpoint-origin": "http://0.0.0.0:{port}" });
    const redirectedTo: URL[] = [];
    let verifier = "";
    let discovery: OAuthDiscoveryState | undefined;
    const host: OAuthClientProvider = {
      redirectUrl: "http://127.0.0.1:9/callback",
      clientMetadata: { redirect_uris: ["http://127.0.0.1:9/callback"], token_endpoint_auth_method: "none" },
      clientInformation: () => ({ client_id: "desktop-app" }),
      tokens: () => undefined,
      saveTokens: () => {},
      redirectToAuthorization: (url) => {
        redirectedTo.push(url);
      },
      saveCodeVerifier: (value) => {
        verifier = value;
      },
      codeVerifier: () => verifier,
      saveDiscoveryState: (state) => {
        discovery = state;
      },
      discoveryState: () => discovery,
    };
    expectRefused(
      await load(fixture.url, host),
      /refused the authorization endpoint http:\/\/0\.0\.0\.0:\d+:/,
    );
    expect(redirectedTo).toEqual([]); // the host's opener never saw it
  });

  it.each([
    ["https://as.example/authorize", "http://127.0.0.1:1/mcp", true],
    ["http://127.0.0.1:8080/token", "https://mcp.example/mcp", true],
    ["http://127.9.8.7/token", "https://mcp.example/mcp", true],
    ["http://0x7f.1/token", "https://mcp.example/mcp", true], // the parser writes it 127.0.0.1
    ["http://localhost:3000/register", "https://mcp.example/mcp", true],
    ["http://[::1]:3000/register", "https://mcp.example/mcp", true],
    ["http://mcp.internal:8080/.well-known/oauth-protected-resource", "http://mcp.internal:8080/mcp", true],
    ["http://mcp.internal:8081/.well-known/oauth-protected-resource", "http://mcp.internal:8080/mcp", false],
    ["http://169.254.169.254/latest/meta-data/", "https://mcp.example/mcp", false],
    ["http://0.0.0.0:8080/", "https://mcp.example/mcp", false],
    ["http://as.invalid/token", "https://mcp.example/mcp", false],
    ["http://10.0.0.1/token", "https://mcp.example/mcp", false],
    ["http://localhost./token", "https://mcp.example/mcp", false],
    ["http://[::ffff:127.0.0.1]/token", "https://mcp.example/mcp", false],
    ["http://127.0.0.1.nip.io/token", "https://mcp.example/mcp", false],
    ["file:///etc/passwd", "https://mcp.example/mcp", false],
    ["data:application/json,{}", "https://mcp.example/mcp", false],
  ])("should judge %s for a server at %s: %s", (url, serverUrl, allowed) => {
    expect(isAllowedAuthUrl(new URL(url), serverUrl)).toBe(allowed);
  });

  it("should quote an origin without path, query, credentials or control characters", () => {
    expect(safeOrigin(new URL("https://user:pw@as.example:8443/x?token=y#z"))).toBe(
      "https://as.example:8443",
    );
    expect(safeOrigin(new URL("https://b\u00fccher.example/"))).toBe("https://xn--bcher-kva.example");
    expect(safeOrigin(new URL("foo://a\u0007b/"))).toBe("foo://a%07b");
  });
});

describe("the network addresses a server may make the host fetch (the configured server is on loopback)", () => {
  it.each([
    [
      "a 401's resource_metadata on the cloud metadata service",
      { "resource-metadata-url": "https://169.254.169.254/latest/meta-data/" },
      /refused an OAuth request to https:\/\/169\.254\.169\.254: 169\.254\.169\.254 is a cloud metadata service address/,
    ],
    [
      "a 401's resource_metadata on a private network",
      { "resource-metadata-url": "https://10.1.2.3:{port}/prm" },
      /refused an OAuth request to https:\/\/10\.1\.2\.3:\d+: 10\.1\.2\.3 is a private network address/,
    ],
    [
      "endpoints on the metadata service written as an IPv4-mapped IPv6 address",
      { "endpoint-origin": "https://[::ffff:a9fe:a9fe]:{port}" },
      /refused an OAuth request to https:\/\/\[::ffff:a9fe:a9fe\]:\d+: ::ffff:a9fe:a9fe is a cloud metadata service address/,
    ],
    [
      "endpoints on a carrier-grade NAT address written in hex",
      { "endpoint-origin": "https://0x64.0x40.0.7:{port}" },
      /refused an OAuth request to https:\/\/100\.64\.0\.7:\d+: 100\.64\.0\.7 is a private network address/,
    ],
    [
      "endpoints on the unspecified address",
      { "endpoint-origin": "https://0.0.0.0:{port}" },
      /refused an OAuth request to https:\/\/0\.0\.0\.0:\d+: 0\.0\.0\.0 is a reserved address/,
    ],
  ])("should refuse %s before any connection", async (_what, flags, reason) => {
    const logged = await hostileModes(flags);
    const outbound = recordOutboundConnections();
    const message = expectRefused(await load(fixture.url), reason);
    expect(message).toContain("auth.allowPrivateHosts");
    expect(outbound.targets.filter((target) => !isLoopbackTarget(target))).toEqual([]);
    expect(logged("register")).toEqual([]);
    expect(logged("authorize")).toEqual([]);
  });
});

describe("an OAuth document too large for its purpose", () => {
  it("should fail the start after reading about the bound of a multi-megabyte metadata document", async () => {
    const padBytes = 4 * 1024 * 1024;
    const logged = await hostileModes({ "metadata-pad-bytes": String(padBytes) });
    const run = await load(fixture.url);
    const message = expectRefused(
      run,
      new RegExp(
        `^MCP server "o": ${origin} sent an OAuth document larger than 262144 bytes \\(at least \\d+ seen\\)$`,
      ),
    );
    // The download stopped near the bound: the 4 MiB document was never read whole.
    expect(Number(/at least (\d+) seen/.exec(message)?.[1])).toBeLessThan(padBytes / 8);
    expect(logged("metadata").length).toBeGreaterThan(0);
  });
});
