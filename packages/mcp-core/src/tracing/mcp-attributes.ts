/**
 * The attributes of an MCP client span (OpenTelemetry GenAI semantic conventions v0.1.0,
 * `docs/gen-ai/mcp.md`; SPEC "Tracing") that come from the server and its session.
 * @module
 */
import type { Attributes } from "@opentelemetry/api";
import type { ServerConfig } from "../config/server-config.js";

/** The attribute naming the server's configured name: ours, not the convention's. */
export const SERVER_NAME_ATTRIBUTE = "toolnexus.mcp.server";

/** What the attributes read of a live session. */
export interface SessionFacts {
  readonly protocol: { readonly version: string; readonly transport: "stdio" | "http" | "sse" };
  readonly sessionId?: string | undefined;
}

/**
 * The server's and session's attributes: `network.transport` (`pipe` for stdio, `tcp` for HTTP),
 * `network.protocol.name`, `server.address`/`server.port` (HTTP), `mcp.protocol.version`,
 * `mcp.session.id` (when the transport has one), and `toolnexus.mcp.server`.
 */
export function serverAttributes(config: ServerConfig, session: SessionFacts | undefined): Attributes {
  const attributes: Attributes = { [SERVER_NAME_ATTRIBUTE]: config.name };
  if (config.transport === "stdio") {
    attributes["network.transport"] = "pipe";
  } else {
    attributes["network.transport"] = "tcp";
    attributes["network.protocol.name"] = "http";
    const address = addressOf(config.url);
    if (address) {
      attributes["server.address"] = address.host;
      attributes["server.port"] = address.port;
    }
  }
  if (session) {
    attributes["mcp.protocol.version"] = session.protocol.version;
    if (session.sessionId) attributes["mcp.session.id"] = session.sessionId;
  }
  return attributes;
}

function addressOf(url: string): { host: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, "");
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
    return { host, port };
  } catch {
    return undefined;
  }
}
