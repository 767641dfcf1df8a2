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

/**
 * The tool as its server listed it: the object of the `tools/list` result, field for field (the
 * spec's `Tool` keys, `execution` and `_meta` included), before naming or projection; what the
 * official inspector prints for `tools/list`.
 */
export function listedDefinition(tool: McpTool): Record<string, unknown> {
  const { definition } = tool as McpTool & { definition?: Record<string, unknown> };
  return definition ?? { name: tool.rawName, description: tool.description, inputSchema: tool.inputSchema };
}
