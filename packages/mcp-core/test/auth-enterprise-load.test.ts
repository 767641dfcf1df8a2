// The enterprise flows through loadMcp, end to end against real HTTP servers on 127.0.0.1: an IdP
// that answers the RFC 8693 token exchange (minimal metadata), an authorization server that takes
// RFC 7523 JWT-bearer grants, and the MCP resource it protects. Managed authorization reaches
// `running` with the host's ID token; an ID token the IdP refuses leaves the server in `needs-auth`
// for the IdP step (no authorization URL), the token nowhere in what the host sees; a workload JWT
// from a file reaches `running`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { closeServersAfterEach, listen, startResource } from "./support/auth-servers.js";
import { failOnUnhandledRejections, tempDir, toolByRawName, useSources } from "./support/harness.js";
import { MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();
closeServersAfterEach();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${part({ alg: "ES256" })}.${part(claims)}.c2ln`;
const ID_TOKEN = jwt({ sub: "ada", nonce: "canary-id-token-e5", exp: Math.floor(Date.now() / 1000) + 600 });
const SECRET = "canary-mcp-secret-7b";

/** IdP + AS + resource. `grants` are the assertions the AS took. */
async function enterprise() {
  const state = { idp: "", as: "", grants: [] as string[], tokens: new Set<string>(), expiresIn: 3600 };
  state.idp = await listen((request, body) => {
    if (request.url === "/.well-known/openid-configuration")
      return [200, { issuer: state.idp, token_endpoint: `${state.idp}/token` }];
    const form = new URLSearchParams(body);
    if (form.get("subject_token") !== ID_TOKEN) return [400, { error: "invalid_grant" }];
    const grant = jwt({ sub: "ada", aud: form.get("audience"), resource: form.get("resource") });
    return [
      200,
      {
        access_token: grant,
        issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
        token_type: "N_A",
      },
    ];
  });
  state.as = await listen((request, body) => {
    if (request.url === "/.well-known/oauth-authorization-server")
      return [
        200,
        {
          issuer: state.as,
          authorization_endpoint: `${state.as}/authorize`,
          token_endpoint: `${state.as}/token`,
          response_types_supported: ["code"],
          grant_types_supported: [JWT_BEARER],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "none"],
        },
      ];
    const form = new URLSearchParams(body);
    const assertion = form.get("assertion") ?? "";
    if (form.get("grant_type") !== JWT_BEARER || !assertion)
      return [400, { error: "unsupported_grant_type" }];
    state.grants.push(assertion);
    const token = `at-${state.tokens.size}`;
    state.tokens.add(token);
    return [200, { access_token: token, token_type: "Bearer", expires_in: state.expiresIn }];
  });
  const resource = await startResource(
    () => state.as,
    (token) => state.tokens.has(token),
  );
  return Object.assign(state, { mcp: resource.mcp });
}

function enterpriseEntry(servers: Awaited<ReturnType<typeof enterprise>>, idToken: () => string) {
  return {
    url: servers.mcp,
    protocol: "2025-06-18",
    auth: {
      type: "enterprise_managed",
      clientId: "agent",
      clientSecret: SECRET,
      issuer: servers.as,
      idp: { issuer: servers.idp, clientId: "agent-at-idp", idToken },
    },
  };
}

const surfaced = (source: McpSource, warnings: string[]) =>
  JSON.stringify({ servers: source.servers(), status: source.status, warnings });

describe("enterprise flows through loadMcp", () => {
  it("should run a managed-authorization server with the host's ID token, which shows nowhere", async () => {
    const servers = await enterprise();
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { corp: enterpriseEntry(servers, () => ID_TOKEN) } },
      { tokenStore: new MemoryTokenStore(), onWarning: (w) => warnings.push(w) },
    );
    expect(source.servers()[0]?.lastError).toBeUndefined();
    expect(source.state("corp")).toBe("running");
    expect(await toolByRawName(source, "echo", "corp").execute({})).toMatchObject({ isError: false });
    expect(servers.grants).toHaveLength(1);
    const shown = surfaced(source, warnings);
    for (const secret of [ID_TOKEN, SECRET, ...servers.grants]) expect(shown).not.toContain(secret);
  });

  it("should wait in needs-auth for the IdP step, with no authorization URL, when the IdP refuses the ID token", async () => {
    const servers = await enterprise();
    const stale = jwt({ sub: "ada", nonce: "canary-stale-id-token-c3" });
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { corp: enterpriseEntry(servers, () => stale) } },
      { tokenStore: new MemoryTokenStore(), onWarning: (w) => warnings.push(w) },
    );
    expect(source.state("corp")).toBe("needs-auth");
    const [snapshot] = source.servers();
    expect(snapshot?.authorizationUrl).toBeUndefined();
    expect(snapshot?.lastError).toMatch(/needs a sign-in at its identity provider .*invalid_grant/);
    expect(servers.grants).toEqual([]);
    expect(surfaced(source, warnings)).not.toContain(stale);
  });

  it("should run a workload-identity server with the JWT from a file", async () => {
    const servers = await enterprise();
    const file = join(tempDir("wif-"), "token");
    writeFileSync(file, jwt({ sub: "ci", aud: servers.as }));
    const source = await sources.load(
      {
        mcpServers: {
          ci: {
            url: servers.mcp,
            protocol: "2025-06-18",
            auth: { type: "workload_identity", clientId: "ci-runner", assertion: { file } },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("ci")).toBe("running");
    expect(servers.grants).toHaveLength(1);
  });

  it("should read a rotated workload JWT for the grant that replaces an expiring token", async () => {
    const servers = await enterprise();
    servers.expiresIn = 1; // within the 30 s refresh skew: every request gets a new grant
    const file = join(tempDir("wif-"), "token");
    const first = jwt({ sub: "ci", aud: servers.as, jti: "first" });
    writeFileSync(file, first);
    const source = await sources.load(
      {
        mcpServers: {
          ci: {
            url: servers.mcp,
            protocol: "2025-06-18",
            auth: { type: "workload_identity", clientId: "ci-runner", assertion: { file } },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(servers.grants[0]).toBe(first);
    const rotated = jwt({ sub: "ci", aud: servers.as, jti: "rotated" });
    writeFileSync(file, rotated);
    expect(await toolByRawName(source, "echo", "ci").execute({})).toMatchObject({ isError: false });
    expect(servers.grants.at(-1)).toBe(rotated);
  });
});
