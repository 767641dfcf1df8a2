// A resource whose authorization server moves (SEP-2352, issue 45 goal 5), against real HTTP servers
// on 127.0.0.1: an MCP endpoint (JSON responses, 2025-06-18) whose protected-resource metadata names
// AS1, then AS2, and two authorization servers that register clients dynamically. After the move the
// token AS1 issued is refused: the library must read the metadata afresh (it used to reuse the
// discovery it held, and end "failed to start: Unauthorized" or ask AS1 again), register at AS2 and
// never show AS2 AS1's client id or send it AS1's tokens.
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { closeServersAfterEach, listen, startResource } from "./support/auth-servers.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
closeServersAfterEach();

/** What one authorization server saw: client ids at /authorize and /token, registrations. */
interface As {
  url: string;
  seenClients: string[];
  registrations: number;
  tokens: Set<string>;
}

async function startAs(name: string): Promise<As> {
  const as: As = { url: "", seenClients: [], registrations: 0, tokens: new Set() };
  as.url = await listen((request, body) => {
    const url = new URL(request.url ?? "/", as.url);
    if (url.pathname === "/.well-known/oauth-authorization-server")
      return [
        200,
        {
          issuer: as.url,
          authorization_endpoint: `${as.url}/authorize`,
          token_endpoint: `${as.url}/token`,
          registration_endpoint: `${as.url}/register`,
          response_types_supported: ["code"],
          grant_types_supported: ["authorization_code"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["none"],
        },
      ];
    if (url.pathname === "/register") {
      as.registrations++;
      const metadata = JSON.parse(body) as Record<string, unknown>;
      return [201, { ...metadata, client_id: `${name}-client`, token_endpoint_auth_method: "none" }];
    }
    if (url.pathname === "/authorize") {
      as.seenClients.push(url.searchParams.get("client_id") ?? "");
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", `${name}-code`);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", as.url);
      return [302, undefined, { location: back.href }];
    }
    if (url.pathname === "/token") {
      const form = new URLSearchParams(body);
      as.seenClients.push(form.get("client_id") ?? "");
      if (form.get("code") !== `${name}-code`) return [400, { error: "invalid_grant" }];
      const token = `${name}-token-${as.tokens.size}`;
      as.tokens.add(token);
      return [200, { access_token: token, token_type: "Bearer", expires_in: 3600 }];
    }
    return [404, {}];
  });
  return as;
}

function authorizationUrlOf(source: McpSource): URL {
  const url = source.servers()[0]?.authorizationUrl;
  if (!url) throw new Error("no authorization URL");
  return new URL(url);
}

describe("a resource whose authorization server moves", () => {
  it("should register at the new AS and authorize there, never showing it the old AS's client or tokens", async () => {
    const as1 = await startAs("as1");
    const as2 = await startAs("as2");
    let current = as1;
    const { mcp } = await startResource(
      () => current.url,
      (token) => current.tokens.has(token),
    );
    const source = await sources.load(
      {
        mcpServers: {
          m: {
            url: mcp,
            protocol: "2025-06-18",
            auth: { type: "oauth", redirectUrl: "http://127.0.0.1:1/cb" },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("m")).toBe("needs-auth");
    expect(authorizationUrlOf(source).origin).toBe(as1.url);
    await source.authorize("m", await approve(authorizationUrlOf(source)));
    expect(await toolByRawName(source, "echo", "m").execute({})).toMatchObject({ isError: false });

    current = as2; // the resource moved: AS1's token is refused from now on
    const refused = await toolByRawName(source, "echo", "m").execute({});
    expect(refused.isError).toBe(true);
    expect(source.state("m")).toBe("needs-auth");
    // Red before: the held discovery sent the person to AS1 again.
    expect(authorizationUrlOf(source).origin).toBe(as2.url);
    expect(as2.registrations).toBe(1);
    await source.authorize("m", await approve(authorizationUrlOf(source)));
    expect(await toolByRawName(source, "echo", "m").execute({})).toMatchObject({ isError: false });
    expect(as2.seenClients).toEqual(["as2-client", "as2-client"]);
    expect(as1.seenClients.every((client) => client === "as1-client")).toBe(true);
  });
});
