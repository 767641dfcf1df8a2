/**
 * The core's `McpToolResult` → toolnexus's `ToolResult`.
 * @module
 */
import type { McpToolResult } from "@toolnexus/mcp-core";
import { contentTextParts, EMPTY_ERROR_TEXT } from "@toolnexus/mcp-core/adapter";
import type { ToolResult } from "./types.js";

/** `output` of an `isError` result with no non-blank text (the core's wording, as toolnexus's). */
export const EMPTY_ERROR_OUTPUT: string = EMPTY_ERROR_TEXT;

/**
 * Maps one result, in toolnexus's order of precedence — the order every adapter follows (SPEC §13.4),
 * with toolnexus's text: "text parts" are the text blocks and, for a block of a type the core does
 * not know, `[unsupported content type "<type>"]` plus its `text` member (SPEC §7); media, resources
 * and links contribute nothing, as in toolnexus. Every result carries `metadata: { server }`, and
 * `metadata.app` the tool's MCP Apps resource when the host opted in (`apps`; SPEC "MCP Apps").
 * - a call that failed (unavailable, timeout, aborted, protocol) → `{ output: message, isError: true }`
 * - `isError` → the non-blank text parts joined with `"\n\n"`, or {@link EMPTY_ERROR_OUTPUT}
 * - a result over the opted-in `resultBudget` → its preview's text (the head and the handle)
 * - `structuredContent` (not null) → its JSON
 * - otherwise → the text parts joined with `"\n"`
 * @param server the server's config key
 */
export function toToolResult(result: McpToolResult, server: string): ToolResult {
  const metadata = result.app === undefined ? { server } : { server, app: result.app };
  const failure = result.error;
  if (failure !== undefined && failure.kind !== "tool") {
    // toolnexus shows the SDK's own message for a JSON-RPC error (e.g. `MCP error -32602: …`).
    const message = failure.kind === "protocol" ? (failure.detail ?? failure.message) : failure.message;
    return { output: message, isError: true, metadata };
  }
  // Over the budget (only when the caller opted in: `resultBudget`): the model reads the preview.
  if (result.preview !== undefined) return { output: result.preview.text, isError: result.isError, metadata };
  if (result.isError) {
    const output = contentTextParts(result.content).filter((text) => text.trim() !== "");
    return { output: output.join("\n\n") || EMPTY_ERROR_OUTPUT, isError: true, metadata };
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return { output: JSON.stringify(result.structuredContent), isError: false, metadata };
  }
  return { output: contentTextParts(result.content).join("\n"), isError: false, metadata };
}

/** A thrown failure as a result (`execute` never rejects). */
export function thrownToToolResult(error: unknown, server: string): ToolResult {
  return {
    output: error instanceof Error ? error.message : String(error),
    isError: true,
    metadata: { server },
  };
}
