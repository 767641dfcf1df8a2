/**
 * What a converted tool's `execute` returns: the successful MCP result, JSON-serializable.
 * @module
 */
import type { McpContentBlock, McpResultPreview, McpToolApp, McpToolResult } from "@toolnexus/mcp-core";

/**
 * The output of a successful MCP call as stored in `steps[].toolResults[].output` (and in UI
 * messages). `toModelOutput` turns it into what the model sees.
 */
export interface McpToolOutput {
  /** The MCP content blocks as the core read them (unknown types passed through). */
  content: McpContentBlock[];
  /** Text blocks joined with "\n"; the JSON of `structuredContent` when there is no text. */
  text: string;
  /** The server's structured result, when it sent one. */
  structuredContent?: unknown;
  /** The `_meta` of the server's result, when it sent one. */
  meta?: Record<string, unknown>;
  /**
   * What the model gets in place of `content` when the result passed its budget (the core's
   * `resultBudget`): `toModelOutput` sends it; the output keeps the whole result for the host.
   */
  preview?: McpResultPreview;
  /**
   * The tool's MCP Apps resource (the core's `apps` load option), for the host to render; never in
   * what `toModelOutput` gives the model.
   */
  app?: McpToolApp;
}

/** Keeps the fields of a successful result (no `isError` / `error`: failures throw instead). */
export function toToolOutput(result: McpToolResult): McpToolOutput {
  const output: McpToolOutput = { content: result.content, text: result.text };
  if (result.structuredContent !== undefined) output.structuredContent = result.structuredContent;
  if (result.meta !== undefined) output.meta = result.meta;
  if (result.preview !== undefined) output.preview = result.preview;
  if (result.app !== undefined) output.app = result.app;
  return output;
}
