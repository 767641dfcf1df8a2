/**
 * A legacy HTTP+SSE MCP server for tests (no fixture speaks the old protocol): `GET /mcp` opens the
 * event stream, `POST /messages?sessionId=…` carries client messages, and `POST /mcp` answers with
 * `postStatus`, the way a server without Streamable HTTP does.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { z } from "zod";

export interface SseServer {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: ReadonlyArray<{ method: string; path: string; status: number }>;
  close(): Promise<void>;
}

function createMcpServer(): McpServer {
  const server = new McpServer({ name: "test-legacy-sse", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echoes the given text", inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: "text", text: `sse:${text}` }] }),
  );
  return server;
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startSseServer(
  options: { postStatus?: 400 | 404 | 405; port?: number } = {},
): Promise<SseServer> {
  const postStatus = options.postStatus ?? 405;
  const sessions = new Map<string, { transport: SSEServerTransport; server: McpServer }>();
  const requests: Array<{ method: string; path: string; status: number }> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const record = (status: number) =>
      requests.push({ method: req.method ?? "", path: url.pathname, status });
    if (url.pathname === "/mcp" && req.method === "GET") {
      record(200);
      const transport = new SSEServerTransport("/messages", res);
      const server = createMcpServer();
      sessions.set(transport.sessionId, { transport, server });
      res.on("close", () => sessions.delete(transport.sessionId));
      await server.connect(transport);
      return;
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const session = sessions.get(url.searchParams.get("sessionId") ?? "");
      record(session ? 202 : 404);
      if (!session) {
        res.writeHead(404).end("unknown session");
        return;
      }
      await session.transport.handlePostMessage(req, res);
      return;
    }
    record(postStatus);
    res
      .writeHead(postStatus, { "content-type": "text/plain", allow: "GET" })
      .end("Streamable HTTP not supported");
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close().catch(() => {})));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
