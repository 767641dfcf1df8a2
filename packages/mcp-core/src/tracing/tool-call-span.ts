/**
 * The `tools/call` span's attributes and outcome (SPEC "Tracing"): what the call pipeline's two
 * trace stages hand to {@link startClientSpan} and {@link endClientSpan}.
 * @module
 */
import { ProtocolError } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import type { McpToolResult } from "../tool-types.js";
import { type ClientSpan, type RequestOutcome, startClientSpan } from "./client-span.js";
import { type SessionFacts, serverAttributes } from "./mcp-attributes.js";
import { trackServerSpan } from "./server-events.js";

/** Starts the span of one `tools/call` of `rawName` under the host's active context. */
export function startToolCallSpan(
  config: ServerConfig,
  rawName: string,
  session: SessionFacts | undefined,
): ClientSpan | undefined {
  const started = startClientSpan("tools/call", rawName, () => ({
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": rawName,
    ...serverAttributes(config, session),
  }));
  trackServerSpan(config, started);
  return started;
}

/**
 * How the call ended: a JSON-RPC error is its code (as `error.type` and
 * `rpc.response.status_code`), an `isError` result is `tool_error`, a timeout `timeout`, any
 * other failure our stable code in lower case (`connection_closed`, `aborted`, …).
 */
export function toolCallOutcome(result: McpToolResult | undefined, failure: unknown): RequestOutcome {
  const error = result?.error;
  if (result === undefined || (!result.isError && error === undefined)) return {};
  const rpcCode = jsonRpcCode(failure);
  if (rpcCode !== undefined)
    return { errorType: String(rpcCode), rpcCode, message: error?.detail ?? error?.message };
  if (error === undefined || error.code === "TOOL_ERROR")
    return { errorType: "tool_error", message: error?.message };
  const errorType = error.code === "TIMEOUT" ? "timeout" : error.code.toLowerCase();
  return { errorType, message: error.message };
}

/** The JSON-RPC error code of a server's error response (the client's `ProtocolError`). */
function jsonRpcCode(failure: unknown): number | undefined {
  return failure instanceof ProtocolError && Number.isInteger(failure.code) ? failure.code : undefined;
}
