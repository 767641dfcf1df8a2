/**
 * The core's per-server status in toolnexus's words: the same, except a server waiting for an OAuth
 * authorization, `needs_auth` (which only a server with `auth` can reach).
 * @module
 */
import type { McpStatus as CoreStatus } from "@toolnexus/mcp-core";
import type { McpStatus } from "./types.js";

/** Maps every server's core status. */
export function toolnexusStatus(status: Readonly<Record<string, CoreStatus>>): Record<string, McpStatus> {
  return Object.fromEntries(
    Object.entries(status).map(([server, value]) => [server, value === "needs-auth" ? "needs_auth" : value]),
  );
}
