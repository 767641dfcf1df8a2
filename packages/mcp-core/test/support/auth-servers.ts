// Real HTTP servers on 127.0.0.1 for the auth tests that need an authorization server the OAuth
// fixture does not play (a moving one, a JWT-bearer grant): a JSON handler per server, and a small
// MCP endpoint (2025-06-18, JSON responses) whose gate takes only the tokens a caller says are valid.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEach } from "vitest";

const servers: Server[] = [];

/** Closes every server the file started, after each test. */
export function closeServersAfterEach(): void {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
}

/** A handler's answer: status, JSON body (none: empty), headers. */
export type Answer = [number, object | undefined, Record<string, string>?];

/** Starts a server on 127.0.0.1:0 answering with `handler`; resolves with its origin URL. */
export async function listen(handler: (request: IncomingMessage, body: string) => Answer): Promise<string> {
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const [status, json, headers] = handler(request, body);
    response.writeHead(status, { ...(json ? { "content-type": "application/json" } : {}), ...headers });
    response.end(json ? JSON.stringify(json) : undefined);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/**
 * The MCP resource (`/mcp`, tool `echo`): its protected-resource metadata names `issuer()`, and
 * only a token `valid(token)` accepts passes its gate (else 401 with `resource_metadata`).
 */
export async function startResource(issuer: () => string, valid: (token: string) => boolean) {
  const resource = { url: "", mcp: "" };
  resource.url = await listen((request, body) => {
    const url = new URL(request.url ?? "/", resource.url);
    if (url.pathname.startsWith("/.well-known/oauth-protected-resource"))
      return [200, { resource: resource.mcp, authorization_servers: [issuer()] }];
    if (url.pathname !== "/mcp" || request.method !== "POST") return [405, {}];
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !valid(token))
      return [
        401,
        { error: "invalid_token" },
        {
          "www-authenticate": `Bearer resource_metadata="${resource.url}/.well-known/oauth-protected-resource/mcp"`,
        },
      ];
    const message = JSON.parse(body) as {
      id?: number;
      method: string;
      params?: { protocolVersion?: string };
    };
    if (message.id === undefined) return [202, undefined];
    const result =
      message.method === "initialize"
        ? {
            protocolVersion: message.params?.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: "protected", version: "1.0.0" },
          }
        : message.method === "tools/list"
          ? { tools: [{ name: "echo", inputSchema: { type: "object" } }] }
          : { content: [{ type: "text", text: "ok" }] };
    return [200, { jsonrpc: "2.0", id: message.id, result }];
  });
  resource.mcp = `${resource.url}/mcp`;
  return resource;
}
