/**
 * The metadata every adapter attaches to a converted tool, under the same keys.
 * @module
 */
import type { McpTool } from "../types.js";

/** Which MCP tool a host tool runs. */
export type McpToolMetadata = {
  /** The server's config key. */
  mcpServer: string;
  /** The server's own tool name, the one sent on the wire (`McpTool.rawName`). */
  mcpRawName: string;
};

/** `{ mcpServer, mcpRawName }` of a tool — a new object per call, for the host to own. */
export function toolMetadata(tool: McpTool): McpToolMetadata {
  return { mcpServer: tool.server, mcpRawName: tool.rawName };
}
