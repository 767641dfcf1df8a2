// The enterprise flows' parts against real HTTP servers on 127.0.0.1 (an IdP that answers the
// RFC 8693 token exchange, publishing minimal metadata): the ID token from each kind of source, the
// exchange's audience and resource being the bound ones, redaction of the ID token and the grant,
// the IdP step that needs a person (IdpSignInRequired, its own needs-auth message), and the workload
// JWT that goes only to the authorization server its audience names and is not sent again once
// refused. The whole flows run against the conformance suite (scripts/conformance, issue 45).
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { enterpriseProviderFactory } from "../src/auth/enterprise-grant.js";
import { discoverIdpTokenEndpoint } from "../src/auth/idp-metadata.js";
import { IdpSignInRequired } from "../src/auth/idp-sign-in.js";
import { readJwt } from "../src/auth/jwt-source.js";
import { workloadProviderFactory } from "../src/auth/workload-grant.js";
import { parseConfig } from "../src/config-entry.js";
import type { McpConfigInput } from "../src/index.js";
import { authorizationNeeded } from "../src/transport/authorization-needed.js";
import { tempDir } from "./support/harness.js";

const AS = "https://as.example.com";
const RESOURCE = "https://mcp.example.com/mcp";

/** A compact JWT with these claims (unsigned: the receivers here do not verify). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const ID_TOKEN = jwt({ iss: "idp", sub: "ada", exp: inAnHour(), nonce: "canary-id-token-7f3a" });
const GRANT = jwt({ typ: "id-jag", sub: "ada", jti: "canary-grant-91c2" });

interface Idp {
  url: string;
  exchanges: URLSearchParams[];
  /** What /token answers next: a grant, or an OAuth error. */
  answer: "grant" | "invalid_grant";
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The IdP: minimal OIDC metadata (issuer, token_endpoint only) and the token exchange. */
async function startIdp(metadataIssuer?: string): Promise<Idp> {
  const idp: Idp = { url: "", exchanges: [], answer: "grant" };
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const send = (status: number, value: object) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (request.url === "/.well-known/openid-configuration")
      return send(200, { issuer: metadataIssuer ?? idp.url, token_endpoint: `${idp.url}/token` });
    if (request.url === "/token" && request.method === "POST") {
      idp.exchanges.push(new URLSearchParams(body));
      if (idp.answer === "invalid_grant") return send(400, { error: "invalid_grant" });
      return send(200, {
        access_token: GRANT,
        issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
        token_type: "N_A",
      });
    }
    send(404, { error: "not_found" });
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  idp.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return idp;
}

/** The SDK provider of an enterprise server bound to AS, as auth() readies it. */
function enterprise(idp: Idp, idToken: () => string | Promise<string>, secrets: string[] = []) {
  const create = enterpriseProviderFactory({
    server: "corp",
    clientId: "mcp-client",
    clientSecret: "mcp-secret",
    idp: { issuer: idp.url, clientId: "idp-client", idToken },
    fetchFn: fetch,
    timeoutMs: 5000,
    onSecret: (value) => secrets.push(value),
  });
  const provider = create(AS) as OAuthClientProvider & { saveResourceUrl(url: string): void };
  provider.saveAuthorizationServerUrl?.(AS);
  provider.saveResourceUrl(RESOURCE);
  return provider;
}

describe("enterprise_managed: the IdP step", () => {
  it("should exchange the host's ID token for a grant whose audience and resource are the bound ones, found through minimal IdP metadata", async () => {
    const idp = await startIdp();
    const secrets: string[] = [];
    const provider = enterprise(idp, () => ID_TOKEN, secrets);
    const params = await provider.prepareTokenRequest?.("read");
    expect(params?.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    expect(params?.get("assertion")).toBe(GRANT);
    expect(idp.exchanges).toHaveLength(1);
    const exchange = Object.fromEntries(idp.exchanges[0] ?? []);
    expect(exchange).toMatchObject({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      subject_token: ID_TOKEN,
      audience: AS,
      resource: RESOURCE,
      client_id: "idp-client",
      scope: "read",
    });
    // Both are redacted before they travel.
    expect(secrets).toEqual(expect.arrayContaining([ID_TOKEN, GRANT]));
  });

  it("should read the ID token once while it is valid", async () => {
    const idp = await startIdp();
    let reads = 0;
    const provider = enterprise(idp, () => {
      reads++;
      return ID_TOKEN;
    });
    await provider.prepareTokenRequest?.();
    await provider.prepareTokenRequest?.();
    expect(reads).toBe(1);
    expect(idp.exchanges).toHaveLength(2); // a grant per token request: it is short-lived
  });

  it("should refuse IdP metadata that names another issuer (red before: any document was taken)", async () => {
    const idp = await startIdp("https://evil.example.com");
    await expect(discoverIdpTokenEndpoint(idp.url, fetch)).rejects.toThrow(/names another issuer/);
  });

  it("should wait for a person, naming the IdP, when the source fails, the ID token expired, or the IdP refuses it", async () => {
    const idp = await startIdp();
    const failing = enterprise(idp, () => {
      throw new Error("no session");
    });
    await expect(failing.prepareTokenRequest?.()).rejects.toBeInstanceOf(IdpSignInRequired);
    const expired = enterprise(idp, () => jwt({ sub: "ada", exp: Math.floor(Date.now() / 1000) - 10 }));
    await expect(expired.prepareTokenRequest?.()).rejects.toThrow(/has expired/);
    expect(idp.exchanges).toHaveLength(0); // an expired ID token is never sent
    idp.answer = "invalid_grant";
    const refused = enterprise(idp, () => ID_TOKEN);
    const error = await Promise.resolve(refused.prepareTokenRequest?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdpSignInRequired);
    const needed = authorizationNeeded("corp", new Error("wrapped", { cause: error }));
    expect(needed.code).toBe("AUTH_REQUIRED");
    expect(needed.message).toContain("needs a sign-in at its identity provider");
    expect(needed.message).not.toContain(ID_TOKEN);
  });

  it("should request no grant for an authorization server other than the bound one", async () => {
    const idp = await startIdp();
    const provider = enterprise(idp, () => ID_TOKEN);
    provider.saveAuthorizationServerUrl?.("https://evil.example.com");
    await expect(provider.prepareTokenRequest?.()).rejects.toThrow(/not the bound one/);
    expect(idp.exchanges).toHaveLength(0);
  });
});

describe("JWT sources", () => {
  it("should re-read a rotated file, read a variable and a command, and never show a value in an error", async () => {
    const file = join(tempDir("jwt-"), "token");
    const options = { timeoutMs: 5000, onSecret: () => {} };
    writeFileSync(file, `${ID_TOKEN}\n`);
    expect(await readJwt({ file }, options)).toBe(ID_TOKEN);
    writeFileSync(file, GRANT);
    expect(await readJwt({ file }, options)).toBe(GRANT);
    process.env.TOOLNEXUS_TEST_JWT = ID_TOKEN;
    try {
      expect(await readJwt({ env: "TOOLNEXUS_TEST_JWT" }, options)).toBe(ID_TOKEN);
    } finally {
      delete process.env.TOOLNEXUS_TEST_JWT; // the shared worker's guard fails a file that changes env
    }
    expect(
      await readJwt({ command: [process.execPath, "-e", `process.stdout.write("${GRANT}")`] }, options),
    ).toBe(GRANT);
    const leaked = "canary-not-a-jwt-55e1";
    writeFileSync(file, leaked);
    const error = String(await readJwt({ file }, options).catch((e: unknown) => e));
    expect(error).toMatch(/not a compact JWT/);
    expect(error).not.toContain(leaked);
    const failed = String(
      await readJwt(
        { command: [process.execPath, "-e", `console.error("${leaked}"); process.exit(3)`] },
        options,
      ).catch((e: unknown) => e),
    );
    expect(failed).toMatch(/failed \(3\)/);
    expect(failed).not.toContain(leaked);
  });
});

describe("workload_identity", () => {
  const tokenUrl = `${AS}/token`;
  const metadata = { issuer: AS, token_endpoint: tokenUrl } as never;

  async function request(provider: OAuthClientProvider) {
    const body = (await provider.prepareTokenRequest?.()) ?? new URLSearchParams();
    const headers = new Headers();
    await provider.addClientAuthentication?.(headers, body, tokenUrl, metadata);
    return body;
  }

  it("should send the JWT as a public client's grant only to the authorization server its audience names", async () => {
    let current = jwt({ aud: AS, sub: "workload" });
    const create = workloadProviderFactory({
      server: "svc",
      clientId: "workload",
      assertion: () => current,
      timeoutMs: 5000,
      onSecret: () => {},
    });
    const body = await request(create(AS));
    expect(Object.fromEntries(body)).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: current,
      client_id: "workload",
    });
    current = jwt({ aud: "https://other-as.example.com", sub: "workload" });
    await expect(request(create(AS))).rejects.toThrow(/another audience/);
  });

  it("should not send a refused JWT again, and send the rotated one (red before: auth() retried the same JWT)", async () => {
    let current = jwt({ aud: AS, jti: "1" });
    const provider = workloadProviderFactory({
      server: "svc",
      clientId: "workload",
      assertion: () => current,
      timeoutMs: 5000,
      onSecret: () => {},
    })(AS);
    await request(provider);
    await provider.invalidateCredentials?.("tokens"); // what auth() does after invalid_grant
    await expect(provider.prepareTokenRequest?.()).rejects.toThrow(/not sent again until it rotates/);
    current = jwt({ aud: AS, jti: "2" });
    expect((await request(provider)).get("assertion")).toBe(current);
  });
});

describe("config", () => {
  const remote = (auth: unknown) => ({ mcpServers: { r: { url: "https://mcp.example.com/mcp", auth } } });

  it("should take enterprise_managed and workload_identity entries and refuse a source of no known kind", async () => {
    const { servers: parsed } = await parseConfig({
      mcpServers: {
        a: {
          url: "https://a.example/mcp",
          auth: {
            type: "enterprise_managed",
            clientId: "app",
            clientSecret: "${SECRET}",
            issuer: "https://as.example",
            idp: {
              issuer: "https://idp.example",
              clientId: "idp-app",
              idToken: { command: ["corp-sso", "id-token"] },
            },
          },
        },
        b: {
          url: "https://b.example/mcp",
          auth: { type: "workload_identity", clientId: "w", assertion: { file: "/var/run/secrets/token" } },
        },
      },
    });
    expect(parsed.map((server) => (server as { auth?: { type: string } }).auth?.type)).toEqual([
      "enterprise_managed",
      "workload_identity",
    ]);
    await expect(
      parseConfig(
        remote({ type: "workload_identity", clientId: "w", assertion: { url: "x" } }) as McpConfigInput,
      ),
    ).rejects.toThrow(/auth/);
  });
});
