// The OAuth fixture (`fixtures/oauth`) driven by the v2 client's own auth: an OAuthClientProvider
// written here + `auth()` / the transport's `authProvider`, ClientCredentialsProvider and
// PrivateKeyJwtProvider. Real processes and sockets, bounded waits, no timing assertions.
import { createHash, generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import {
  auth,
  Client,
  ClientCredentialsProvider,
  discoverOAuthServerInfo,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  OAuthError,
  PrivateKeyJwtProvider,
  refreshAuthorization,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { type HttpFixture, readLog, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempDir, tempLogFile } from "./support/harness.js";

failOnUnhandledRejections();

const REDIRECT_URL = "http://127.0.0.1:9/callback"; // never listened on: the test reads the 302 itself
const SECRET = "canary-client-secret-7f3a";

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
});

const oauthFixture = (args: string[]): Promise<HttpFixture> => httpFixture("oauth", args);

/** An interactive OAuthClientProvider that keeps everything in memory, as a host's store would. */
class MemoryProvider implements OAuthClientProvider {
  client: StoredOAuthClientInformation | undefined;
  stored: StoredOAuthTokens | undefined;
  verifier: string | undefined;
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | undefined;
  constructor(preRegistered?: StoredOAuthClientInformation) {
    this.client = preRegistered;
  }
  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "oauth-fixture-test",
      redirect_uris: [REDIRECT_URL],
      token_endpoint_auth_method: "client_secret_basic",
    };
  }
  state(): string {
    return "state-42";
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.stored = undefined;
    if (scope === "all" || scope === "client") this.client = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
  }
}

/** Plays the person: GETs the authorization URL and reads the 302's Location query. */
async function followAuthorization(url: URL | undefined): Promise<URLSearchParams> {
  if (!url) throw new Error("the provider was not redirected");
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URL);
  return location.searchParams;
}

async function connect(
  url: string,
  provider: OAuthClientProvider,
  mode: "legacy" | "auto" = "legacy",
): Promise<Client> {
  const client = new Client(
    { name: "oauth-fixture-test", version: "1.0.0" },
    { versionNegotiation: { mode, probe: { timeoutMs: 2000 } } },
  );
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return client;
}

const textOf = (result: unknown): string =>
  ((result as { content?: Array<{ type: string; text?: string }> }).content ?? [])
    .map((block) => (block.type === "text" ? block.text : ""))
    .join("");

async function whoami(client: Client): Promise<{ clientId: string; subject: string; scopes: string[] }> {
  return JSON.parse(textOf(await client.callTool({ name: "whoami", arguments: {} })));
}

const events = (log: string, event: string) => readLog(log).filter((entry) => entry.event === event);

/** DCR + code flow through the SDK's auth(): resolves once the provider holds tokens. */
async function authorizeInteractively(url: string, provider: MemoryProvider): Promise<void> {
  expect(await auth(provider, { serverUrl: url })).toBe("REDIRECT");
  const callback = await followAuthorization(provider.authorizationUrl);
  const code = callback.get("code") ?? "";
  expect(
    await auth(provider, { serverUrl: url, authorizationCode: code, iss: callback.get("iss") ?? "" }),
  ).toBe("AUTHORIZED");
}

describe("the oauth fixture", () => {
  it("should refuse /mcp without a valid token with a 401 pointing at its RFC 9728 metadata", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log]);
    const issuer = new URL(fixture.url).origin;

    for (const authorization of [undefined, "Bearer not-a-token"]) {
      const response = await fetch(fixture.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain(
        `resource_metadata="${issuer}/.well-known/oauth-protected-resource/mcp"`,
      );
    }

    const info = await discoverOAuthServerInfo(fixture.url);
    expect(info.resourceMetadata?.resource).toBe(fixture.url);
    expect(info.authorizationServerUrl).toBe(issuer);
    expect(info.authorizationServerMetadata).toMatchObject({
      issuer,
      code_challenge_methods_supported: ["S256"],
      registration_endpoint: `${issuer}/register`,
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(events(log, "unauthorized").map((entry) => entry.status)).toEqual([401, 401]);
    expect(events(log, "call")).toEqual([]);
  });

  it("should run DCR + authorization code + PKCE through the transport, the test following the 302", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log]);
    const provider = new MemoryProvider();

    const first = new Client({ name: "oauth-fixture-test", version: "1.0.0" });
    clients.push(first);
    const transport = new StreamableHTTPClientTransport(new URL(fixture.url), { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    const callback = await followAuthorization(provider.authorizationUrl);
    expect(callback.get("state")).toBe("state-42");
    expect(callback.get("iss")).toBe(new URL(fixture.url).origin);
    await transport.finishAuth(callback);

    for (const mode of ["legacy", "auto"] as const) {
      const client = await connect(fixture.url, provider, mode);
      expect(textOf(await client.callTool({ name: "echo", arguments: { text: `hi ${mode}` } }))).toBe(
        `hi ${mode}`,
      );
      expect(await whoami(client)).toEqual({
        clientId: provider.client?.client_id,
        subject: "fixture-user",
        scopes: ["mcp"],
      });
    }
    expect(events(log, "register")).toMatchObject([{ outcome: "ok", authMethod: "client_secret_basic" }]);
    expect(events(log, "token")).toMatchObject([
      { grant: "authorization_code", client: provider.client?.client_id, outcome: "ok" },
    ]);
  });

  it("should rotate the refresh token on every use and answer a reused one with invalid_grant", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log]);
    const provider = new MemoryProvider();
    await authorizeInteractively(fixture.url, provider);
    const issued = provider.stored;

    // auth() with a refresh token and no code refreshes.
    expect(await auth(provider, { serverUrl: fixture.url })).toBe("AUTHORIZED");
    const rotated = provider.stored;
    expect(rotated?.refresh_token).toBeDefined();
    expect(rotated?.refresh_token).not.toBe(issued?.refresh_token);
    expect(rotated?.access_token).not.toBe(issued?.access_token);

    const metadata = provider.discovery?.authorizationServerMetadata;
    if (!metadata) throw new Error("auth() saved no discovery state");
    const reuse = refreshAuthorization(new URL(fixture.url).origin, {
      metadata,
      clientInformation: provider.client as OAuthClientInformationMixed,
      refreshToken: issued?.refresh_token ?? "",
    });
    await expect(reuse).rejects.toBeInstanceOf(OAuthError);
    await expect(reuse).rejects.toMatchObject({ code: "invalid_grant" });

    // The reuse revoked the grant: the newest refresh token is dead too, so auth() falls back to a
    // new authorization request (what a host shows as "needs authorization").
    expect(await auth(provider, { serverUrl: fixture.url })).toBe("REDIRECT");
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["ok", "reused", "revoked"]);
  });

  it("should keep a client working past its access token's lifetime by refreshing on the 401", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log, "--token-ttl-ms", "300"]);
    const provider = new MemoryProvider();
    await authorizeInteractively(fixture.url, provider);
    const client = await connect(fixture.url, provider);
    const before = provider.stored?.access_token;

    await waitFor(
      async () => {
        const response = await fetch(fixture.url, {
          method: "POST",
          headers: { authorization: `Bearer ${before}`, "content-type": "application/json" },
          body: "{}",
        });
        return response.status === 401;
      },
      { message: "the first access token to expire" },
    );
    expect(textOf(await client.callTool({ name: "echo", arguments: { text: "still here" } }))).toBe(
      "still here",
    );
    expect(provider.stored?.access_token).not.toBe(before);
    expect(events(log, "refresh").map((entry) => entry.outcome)).toContain("ok");
  });

  it("should let the test revoke a client's refresh tokens (POST /test/revoke)", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log]);
    const provider = new MemoryProvider();
    await authorizeInteractively(fixture.url, provider);

    const clientId = provider.client?.client_id ?? "";
    const revoked = await fetch(`${new URL(fixture.url).origin}/test/revoke`, {
      method: "POST",
      body: new URLSearchParams({ client_id: clientId }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect(await auth(provider, { serverUrl: fixture.url })).toBe("REDIRECT");
    expect(events(log, "revoke")).toMatchObject([{ client: clientId, via: "test", grants: 1 }]);
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["revoked"]);
  });

  it("should serve a pre-registered public client when dynamic registration is off", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log, "--no-dcr", "--client", "desktop-app"]);
    const provider = new MemoryProvider({ client_id: "desktop-app", issuer: new URL(fixture.url).origin });
    await authorizeInteractively(fixture.url, provider);
    expect(provider.discovery?.authorizationServerMetadata?.registration_endpoint).toBeUndefined();
    const client = await connect(fixture.url, provider);
    expect(await whoami(client)).toMatchObject({ clientId: "desktop-app", subject: "fixture-user" });
    expect(events(log, "token")).toMatchObject([
      { grant: "authorization_code", authMethod: "none", outcome: "ok" },
    ]);
  });

  it.each(["legacy", "auto"] as const)(
    "should issue client_credentials tokens with no person involved and step up to `admin` on a 403 (%s negotiation)",
    async (mode) => {
      const log = tempLogFile("oauth.log");
      const fixture = await oauthFixture(["--log", log, "--client", `svc:${SECRET}`]);
      const provider = new ClientCredentialsProvider({
        clientId: "svc",
        clientSecret: SECRET,
        expectedIssuer: new URL(fixture.url).origin,
      });
      const client = await connect(fixture.url, provider, mode);
      expect(client.getProtocolEra()).toBe(mode === "auto" ? "modern" : "legacy");
      expect(await whoami(client)).toEqual({ clientId: "svc", subject: "svc", scopes: ["mcp"] });

      // admin_echo needs `admin`: the transport gets 403 insufficient_scope and asks for more scope.
      expect(textOf(await client.callTool({ name: "admin_echo", arguments: { text: "up" } }))).toBe(
        "admin: up",
      );
      expect(events(log, "insufficient_scope")).toMatchObject([{ client: "svc", scopes: ["mcp"] }]);
      expect(events(log, "token")).toMatchObject([
        { grant: "client_credentials", client: "svc", authMethod: "client_secret_basic", scope: "mcp" },
        { grant: "client_credentials", client: "svc", authMethod: "client_secret_basic", scope: "mcp admin" },
      ]);

      // client_secret_post works too; a wrong secret is invalid_client.
      const token = (secret: string) =>
        fetch(`${new URL(fixture.url).origin}/token`, {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: "svc",
            client_secret: secret,
          }),
        });
      expect((await token(SECRET)).status).toBe(200);
      const wrong = await token("not-the-secret");
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: "invalid_client" });
    },
  );

  it("should accept private_key_jwt client assertions (PrivateKeyJwtProvider)", async () => {
    const dir = tempDir();
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const keyFile = join(dir, "svc-jwt.pem");
    writeFileSync(keyFile, publicKey.export({ type: "spki", format: "pem" }));
    const log = join(dir, "oauth.log");
    const fixture = await oauthFixture(["--log", log, "--jwt-client", `svc-jwt:${keyFile}`]);

    const provider = new PrivateKeyJwtProvider({
      clientId: "svc-jwt",
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      algorithm: "ES256",
      expectedIssuer: new URL(fixture.url).origin,
    });
    const client = await connect(fixture.url, provider);
    expect(await whoami(client)).toMatchObject({ clientId: "svc-jwt", subject: "svc-jwt" });
    expect(events(log, "token")).toMatchObject([
      { grant: "client_credentials", authMethod: "private_key_jwt" },
    ]);
  });

  it("should take a client ID metadata document URL as client_id and check PKCE and the resource", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log]);
    const issuer = new URL(fixture.url).origin;
    // The SDK's auth() only sends https metadata URLs; the fixture also takes loopback http ones.
    let documentFetches = 0;
    const documentServer: Server = createServer((_req, res) => {
      documentFetches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ client_id: clientId, client_name: "cimd", redirect_uris: [REDIRECT_URL] }));
    });
    await new Promise<void>((resolve) => documentServer.listen(0, "127.0.0.1", resolve));
    const { port } = documentServer.address() as { port: number };
    const clientId = `http://127.0.0.1:${port}/client.json`;
    try {
      const verifier = "v".repeat(43);
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const authorize = (extra: Record<string, string> = {}) =>
        followAuthorization(
          new URL(
            `${issuer}/authorize?${new URLSearchParams({
              response_type: "code",
              client_id: clientId,
              redirect_uri: REDIRECT_URL,
              code_challenge: challenge,
              code_challenge_method: "S256",
              state: "s",
              resource: fixture.url,
              ...extra,
            })}`,
          ),
        );
      const exchange = (code: string, codeVerifier: string) =>
        fetch(`${issuer}/token`, {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "authorization_code",
            client_id: clientId,
            code,
            code_verifier: codeVerifier,
            redirect_uri: REDIRECT_URL,
            resource: fixture.url,
          }),
        });

      expect((await authorize({ resource: `${issuer}/elsewhere` })).get("error")).toBe("invalid_target");
      const wrongVerifier = await exchange((await authorize()).get("code") ?? "", "w".repeat(43));
      expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });

      const response = await exchange((await authorize()).get("code") ?? "", verifier);
      expect(response.status).toBe(200);
      const tokens = (await response.json()) as {
        refresh_token: string;
        token_type: string;
        expires_in: number;
      };
      expect(tokens.token_type).toBe("Bearer");
      expect(tokens.expires_in).toBe(2); // the default --token-ttl-ms 2000
      expect(tokens.refresh_token).toBeDefined();
      expect(documentFetches).toBeGreaterThanOrEqual(1);
      expect(events(log, "token")).toMatchObject([
        { grant: "authorization_code", client: clientId, outcome: "error", error: "invalid_grant" },
        { grant: "authorization_code", client: clientId, authMethod: "none", outcome: "ok" },
      ]);
    } finally {
      await new Promise((resolve) => documentServer.close(resolve));
    }
  });

  it("should ask with an HTML form under --consent and redirect the person's decision", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log, "--consent", "--client", "desktop-app"]);
    const issuer = new URL(fixture.url).origin;
    const provider = new MemoryProvider({ client_id: "desktop-app", issuer });
    expect(await auth(provider, { serverUrl: fixture.url })).toBe("REDIRECT");

    const page = await fetch(provider.authorizationUrl ?? "", { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/authorize">');
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.append(name ?? "", (value ?? "").replaceAll("&amp;", "&"));
    }
    const decide = async (decision: string) => {
      const body = new URLSearchParams(fields);
      body.set("decision", decision);
      const response = await fetch(`${issuer}/authorize`, { method: "POST", body, redirect: "manual" });
      expect(response.status).toBe(302);
      return new URL(response.headers.get("location") ?? "").searchParams;
    };
    expect((await decide("deny")).get("error")).toBe("access_denied");
    const approved = await decide("approve");
    expect(approved.get("state")).toBe("state-42");
    expect(
      await auth(provider, {
        serverUrl: fixture.url,
        authorizationCode: approved.get("code") ?? "",
        iss: issuer,
      }),
    ).toBe("AUTHORIZED");
    expect(events(log, "authorize").map((entry) => entry.outcome)).toEqual(["denied", "approved"]);
  });

  it("should never write a token or a secret to its log or stderr", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await oauthFixture(["--log", log, "--client", `svc:${SECRET}`]);
    const interactive = new MemoryProvider();
    await authorizeInteractively(fixture.url, interactive);
    await auth(interactive, { serverUrl: fixture.url });
    const service = new ClientCredentialsProvider({
      clientId: "svc",
      clientSecret: SECRET,
      expectedIssuer: new URL(fixture.url).origin,
    });
    await whoami(await connect(fixture.url, service));

    const written = `${JSON.stringify(readLog(log))}\n${fixture.stderr()}`;
    const canaries = [
      SECRET,
      interactive.client?.client_secret,
      interactive.stored?.access_token,
      interactive.stored?.refresh_token,
      service.tokens()?.access_token,
    ];
    for (const canary of canaries) {
      expect(canary).toBeTruthy();
      expect(written).not.toContain(canary);
    }
  });
});
