/**
 * A rejected request classified as a call's failure: aborted, an invalid result, a timeout, a closed
 * connection, the server's own JSON-RPC error, or the transport's failure with its code. It reads the
 * transport's error shapes, so it lives on the call path, not with the result shaping in `tools/`.
 * @module
 */
import { boundedText } from "../bounded-text.js";
import { errorMessage, isMcpCoreError } from "../errors.js";
import { abortedResult, errorResult, MAX_SERVER_MESSAGE } from "../tools/call-result.js";
import { isConnectionClosed, isRequestTimeout, serverError } from "../transport/protocol-errors.js";
import { isUnansweredRequest } from "../transport/unanswered-requests.js";
import type { McpToolResult } from "../types.js";
import { validationSummary } from "../validation-summary.js";

/** Classifies a rejected request; abort and timeout share a code, so the caller's flags decide. */
export function classifyCallError(
  error: unknown,
  flags: { aborted: boolean; timeoutMs: number; server: string; tool: string; what?: string | undefined },
): McpToolResult {
  const what = flags.what ?? `tool "${flags.tool}"`;
  const where = `${what} on MCP server "${flags.server}"`;
  if (flags.aborted) return abortedResult(flags.server, flags.tool, what);
  // A validator's own message is a dump of every issue (kilobytes); the model gets a summary.
  const invalid = validationSummary(error);
  if (invalid !== undefined) {
    const message = `the server sent an invalid result (${invalid})`;
    return errorResult("protocol", "PROTOCOL_ERROR", `Call to ${where} failed: ${message}`, message);
  }
  if (isRequestTimeout(error)) {
    return errorResult("timeout", "TIMEOUT", `Call to ${where} timed out after ${flags.timeoutMs} ms`);
  }
  if (isConnectionClosed(error)) {
    return errorResult(
      "unavailable",
      "CONNECTION_CLOSED",
      `Call to ${where} failed: the server connection closed`,
    );
  }
  const said = isUnansweredRequest(error) ? undefined : serverError(error);
  if (said) {
    // The server's own words, bounded (they reach the model and may be as long as a frame), with
    // the JSON-RPC code in front as MCP clients have always shown it: `MCP error -32602: …`.
    const text = boundedText(`MCP error ${said.code}: ${said.message}`, MAX_SERVER_MESSAGE);
    return errorResult("protocol", "PROTOCOL_ERROR", `Call to ${where} failed: ${text}`, text);
  }
  // Bounded too: an HTTP error's message quotes the whole body the server sent (up to a frame).
  const detail = boundedText(errorMessage(error), MAX_SERVER_MESSAGE);
  return errorResult(
    "unavailable",
    isMcpCoreError(error) ? error.code : "CALL_FAILED",
    `Call to ${where} failed: ${detail}`,
    detail,
  );
}
