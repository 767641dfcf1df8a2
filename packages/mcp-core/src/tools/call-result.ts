import { z } from "zod";
import { boundedText } from "../bounded-text.js";
import { errorMessage, isMcpCoreError } from "../errors.js";
import { isConnectionClosed, isRequestTimeout, serverError } from "../transport/protocol-errors.js";
import { isUnansweredRequest } from "../transport/unanswered-requests.js";
import type { McpContentBlock, McpToolResult } from "../types.js";
import { validationSummary } from "../validation-summary.js";
import { boundResultParts } from "./bounded-result.js";
import { readContentBlocks } from "./content-blocks.js";
import { abortedResult, errorResult } from "./error-result.js";
import { cutDeeperThan, MAX_RESULT_DEPTH } from "./json-depth.js";

// Their home is SDK-free (`error-result.ts`); the call path keeps importing them from here.
export { abortedResult, errorResult };

/** Longest server error message passed on to a caller, in characters. */
const MAX_SERVER_MESSAGE = 2000;

/**
 * A `tools/call` result read leniently: only its shape is checked here; the blocks are read one by
 * one (`readContentBlocks`), so one unknown or malformed block never rejects the whole result.
 */
export const LenientCallResultSchema = z.looseObject({
  content: z.unknown().optional(),
  structuredContent: z.unknown().optional(),
  isError: z.unknown().optional(),
  _meta: z.unknown().optional(),
});

/** A `tools/call` result as read by {@link LenientCallResultSchema}. */
export type LenientCallResult = z.infer<typeof LenientCallResultSchema>;

/** Text blocks joined with "\n"; the JSON of `structuredContent` when there is no text. */
export function resultText(content: readonly McpContentBlock[], structuredContent: unknown): string {
  const texts = content.flatMap((block) =>
    block.type === "text" && typeof block.text === "string" ? [block.text] : [],
  );
  if (texts.length > 0) return texts.join("\n");
  return structuredContent === undefined || structuredContent === null
    ? ""
    : JSON.stringify(structuredContent);
}

/**
 * Maps a server's `tools/call` result, bounded by `maxResultBytes` (`boundResultParts`): a cut result
 * stays what the server said (a success or a tool error) with the truncation marker where it was cut.
 */
export function fromCallResult(result: LenientCallResult, maxResultBytes: number): McpToolResult {
  const meta =
    typeof result._meta === "object" && result._meta !== null && !Array.isArray(result._meta)
      ? (result._meta as Record<string, unknown>)
      : undefined;
  // Cut to the depth bound first: every later step (the byte bound, the text, a host) may recurse.
  const shallow = <T>(value: T): T => cutDeeperThan(value, MAX_RESULT_DEPTH) as T;
  const parts = boundResultParts(
    {
      content: readContentBlocks(result.content).map(shallow),
      structuredContent: shallow(result.structuredContent),
      meta: shallow(meta),
    },
    maxResultBytes,
  );
  const { content } = parts;
  const text = resultText(content, parts.structuredContent);
  const mapped: McpToolResult = { content, isError: result.isError === true, text };
  if (parts.structuredContent !== undefined) mapped.structuredContent = parts.structuredContent;
  if (parts.meta !== undefined) mapped.meta = parts.meta;
  if (mapped.isError) {
    mapped.error = { kind: "tool", code: "TOOL_ERROR", message: text || "MCP tool returned an error" };
  }
  return mapped;
}

/**
 * {@link fromCallResult}, and a result that still cannot be read (whatever it throws) settles the
 * call as a protocol error instead of rejecting it: `execute` never throws on what a server sent.
 */
export function readCallResult(
  result: LenientCallResult,
  maxResultBytes: number,
  where: { server: string; tool: string; what?: string | undefined },
): McpToolResult {
  try {
    return fromCallResult(result, maxResultBytes);
  } catch (error) {
    const message = `the server sent a result that could not be read (${boundedText(errorMessage(error), MAX_SERVER_MESSAGE)})`;
    const what = where.what ?? `tool "${where.tool}"`;
    return errorResult(
      "protocol",
      "PROTOCOL_ERROR",
      `Call to ${what} on MCP server "${where.server}" failed: ${message}`,
      message,
    );
  }
}

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
