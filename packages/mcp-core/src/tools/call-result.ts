import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage, isMcpCoreError } from "../errors.js";
import type { McpToolErrorKind, McpToolResult } from "../types.js";

/** Text blocks joined with "\n"; the JSON of `structuredContent` when there is no text. */
export function resultText(content: readonly ContentBlock[], structuredContent: unknown): string {
  const texts = content.filter((block) => block.type === "text").map((block) => block.text);
  if (texts.length > 0) return texts.join("\n");
  return structuredContent === undefined || structuredContent === null
    ? ""
    : JSON.stringify(structuredContent);
}

/** Maps a server's `tools/call` result. */
export function fromCallResult(result: CallToolResult): McpToolResult {
  const content = (result.content ?? []) as ContentBlock[];
  const text = resultText(content, result.structuredContent);
  const mapped: McpToolResult = { content, isError: result.isError === true, text };
  if (result.structuredContent !== undefined) mapped.structuredContent = result.structuredContent;
  if (result._meta !== undefined) mapped.meta = result._meta;
  if (mapped.isError) mapped.error = { kind: "tool", message: text || "MCP tool returned an error" };
  return mapped;
}

/** A failed call as a result: `execute` resolves with this instead of throwing. */
export function errorResult(kind: McpToolErrorKind, message: string, detail?: string): McpToolResult {
  const error = detail === undefined ? { kind, message } : { kind, message, detail };
  return { content: [{ type: "text", text: message }], isError: true, error, text: message };
}

/** Classifies a rejected request; abort and timeout share a code, so the caller's flags decide. */
export function classifyCallError(
  error: unknown,
  flags: { aborted: boolean; timeoutMs: number; server: string; tool: string },
): McpToolResult {
  const where = `tool "${flags.tool}" on MCP server "${flags.server}"`;
  if (flags.aborted) return errorResult("aborted", `Call to ${where} was aborted`);
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return errorResult("timeout", `Call to ${where} timed out after ${flags.timeoutMs} ms`);
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return errorResult("unavailable", `Call to ${where} failed: the server connection closed`);
    }
    return errorResult("protocol", `Call to ${where} failed: ${error.message}`, error.message);
  }
  const failed = errorResult(
    "unavailable",
    `Call to ${where} failed: ${errorMessage(error)}`,
    errorMessage(error),
  );
  if (isMcpCoreError(error) && failed.error) failed.error.code = error.code;
  return failed;
}
