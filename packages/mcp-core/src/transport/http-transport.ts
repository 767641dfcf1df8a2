/**
 * Streamable HTTP (and legacy SSE) client transports with a fetch that resolves headers per
 * request and reports a lost session or an unreachable server, which the SDK transport does not.
 * @module
 */
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpCoreError } from "../errors.js";

/** How to reach a remote server. */
export interface HttpTransportParams {
  server: string;
  url: string;
  /** Resolved for every request, so rotating tokens need no reconnect. */
  headers: () => Promise<Record<string, string>>;
  /** Called when the session is lost (404 on a request carrying a session id) or the server is unreachable. */
  onFatal: (error: McpCoreError) => void;
}

function monitoredFetch(params: HttpTransportParams): FetchLike {
  return async (url, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(await params.headers())) headers.set(name, value);
    const hadSession = headers.has("mcp-session-id");
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers });
    } catch (error) {
      if (!init?.signal?.aborted) {
        params.onFatal(
          new McpCoreError("CONNECTION_CLOSED", `MCP server "${params.server}" is unreachable`, {
            server: params.server,
            cause: error,
          }),
        );
      }
      throw error;
    }
    if (response.status === 404 && hadSession && init?.method !== "DELETE") {
      params.onFatal(
        new McpCoreError(
          "SESSION_LOST",
          `MCP server "${params.server}" no longer knows this session (HTTP 404)`,
          {
            server: params.server,
          },
        ),
      );
    }
    return response;
  };
}

/** A transport for `mode`; "streamable" reports a dead notification stream as fatal. */
export function createHttpTransport(params: HttpTransportParams, mode: "streamable" | "sse"): Transport {
  const fetchFn = monitoredFetch(params);
  if (mode === "sse") return new SSEClientTransport(new URL(params.url), { fetch: fetchFn });
  return new StreamableHTTPClientTransport(new URL(params.url), {
    fetch: fetchFn,
    reconnectionOptions: {
      initialReconnectionDelay: 500,
      maxReconnectionDelay: 5_000,
      reconnectionDelayGrowFactor: 2,
      maxRetries: 2,
    },
  });
}

/** True when a failed Streamable HTTP connect means "try legacy SSE" (the POST got 400/404/405). */
export function shouldFallBackToSse(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 400 || code === 404 || code === 405;
}

/** True for the transport error that says the GET stream gave up reconnecting. */
export function isStreamExhausted(error: Error): boolean {
  return /Maximum reconnection attempts/.test(error.message);
}
