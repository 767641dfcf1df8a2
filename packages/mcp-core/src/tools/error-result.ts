/**
 * A failed call as a result, built without the MCP client: the adapters' meta-tools and resource
 * tools make these, and importing `@toolnexus/mcp-core/adapter` must not load the client.
 * @module
 */
import type { McpToolErrorCode, McpToolErrorKind, McpToolResult } from "../types.js";

/** A failed call as a result: `execute` resolves with this instead of throwing. */
export function errorResult(
  kind: McpToolErrorKind,
  code: McpToolErrorCode,
  message: string,
  detail?: string,
): McpToolResult {
  const error = detail === undefined ? { kind, code, message } : { kind, code, message, detail };
  return { content: [{ type: "text", text: message }], isError: true, error, text: message };
}

/** The result of a call its caller aborted; `what` names a request that is not a tool call. */
export function abortedResult(server: string, tool: string, what = `tool "${tool}"`): McpToolResult {
  return errorResult("aborted", "ABORTED", `Call to ${what} on MCP server "${server}" was aborted`);
}
