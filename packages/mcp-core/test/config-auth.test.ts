// The `auth` key of a server entry: accepted shapes, and errors that name the server and the field
// and never echo a value.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config-entry.js";
import type { McpConfigInput } from "../src/index.js";

const remote = (auth: unknown) => ({ mcpServers: { r: { url: "https://mcp.example.com/mcp", auth } } });

async function problems(config: unknown): Promise<string> {
  try {
    await parseConfig(config as McpConfigInput);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the config to be rejected");
}

describe("auth", () => {
  it("should keep an oauth, a client_credentials and a provider auth on remote servers", async () => {
    const provider = {
      tokens: () => undefined,
      saveTokens: () => {},
      clientInformation: () => undefined,
      redirectToAuthorization: () => {},
      saveCodeVerifier: () => {},
      codeVerifier: () => "",
      redirectUrl: "http://127.0.0.1/cb",
      clientMetadata: { redirect_uris: ["http://127.0.0.1/cb"] },
    };
    const { servers: configs } = await parseConfig({
      mcpServers: {
        a: {
          url: "https://a.example/mcp",
          auth: { type: "oauth", clientId: "app", scopes: ["read"], allowPrivateHosts: ["10.0.0.0/8"] },
        },
        b: {
          url: "https://b.example/mcp",
          auth: { type: "client_credentials", clientId: "svc", clientSecret: "${SECRET}" },
        },
        c: { url: "https://c.example/mcp", auth: provider },
      },
    });
    expect(configs.map((c) => (c.transport === "stdio" ? undefined : c.auth))).toEqual([
      { type: "oauth", clientId: "app", scopes: ["read"], allowPrivateHosts: ["10.0.0.0/8"] },
      { type: "client_credentials", clientId: "svc", clientSecret: "${SECRET}" },
      provider,
    ]);
  });

  it.each([
    [{ type: "oauth", clientId: "" }, 'server "r", field "auth.clientId": expected a non-empty string'],
    [{ type: "oauth", redirectUrl: "ftp://x" }, 'field "auth.redirectUrl": expected an http or https URL'],
    // Found by the config fuzz: an unknown key read "expected an object, got object".
    [
      { type: "oauth", scope: ["a"] },
      'server "r", field "auth": unknown key "scope" — did you mean "scopes"?',
    ],
    [
      { type: "client_credentials", clientId: "svc", clientSecret: "s", audience: "x" },
      'server "r", field "auth": unknown key "audience" (auth keys are "type", "clientId",',
    ],
    [{ type: "client_credentials", clientId: "svc" }, "exactly one of clientSecret and privateKeyFile"],
    [
      { type: "password", username: "u" },
      'field "auth.type": expected "oauth", "client_credentials", "enterprise_managed" or "workload_identity"',
    ],
    [
      { type: "oauth", allowPrivateHosts: ["10.0.0.0/33"] },
      'field "auth.allowPrivateHosts[0]": expected a hostname, an IP address or a CIDR range',
    ],
    [{ type: "oauth", allowPrivateHosts: "10.0.0.0/8" }, 'field "auth.allowPrivateHosts": expected an array'],
  ])("should reject %j with a message naming the field", async (auth, expected) => {
    const message = await problems(remote(auth));
    expect(message).toContain(expected);
  });

  it("should never echo a secret in the error", async () => {
    const message = await problems(
      remote({
        type: "client_credentials",
        clientId: "svc",
        clientSecret: "canary-secret-7f3",
        privateKeyFile: "k.pem",
      }),
    );
    expect(message).toContain("exactly one of clientSecret and privateKeyFile");
    expect(message).not.toContain("canary-secret-7f3");
  });

  it("should reject auth on a local server", async () => {
    const message = await problems({ mcpServers: { l: { command: "node", auth: { type: "oauth" } } } });
    expect(message).toContain('server "l", field "auth": expected no auth on a local (stdio) server');
  });
});
