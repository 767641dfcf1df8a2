import { z } from "zod";
import { boundedText } from "../bounded-text.js";
import { errorMessage } from "../errors.js";
import type { McpContentBlock, McpToolResult } from "../types.js";
import { boundResultParts } from "./bounded-result.js";
import { readContentBlocks } from "./content-blocks.js";
import { abortedResult, errorResult } from "./error-result.js";
import { cutDeeperThan, MAX_RESULT_DEPTH } from "./json-depth.js";

// Their home is SDK-free (`error-result.ts`); the call path keeps importing them from here.
export { abortedResult, errorResult };

/** Longest server error message passed on to a caller, in characters. */
export const MAX_SERVER_MESSAGE = 2000;

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
