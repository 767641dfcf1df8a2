/**
 * An MCP tool result as the output of a `responseFormat: "content_and_artifact"` LangChain tool.
 * @module
 */
import { type MessageContent, ToolMessage } from "@langchain/core/messages";
import type { McpToolResult } from "@toolnexus/mcp-core";
import { errorText, isTextOnly } from "@toolnexus/mcp-core/adapter";
import { toLangChainBlock } from "./content-blocks.js";

/**
 * The artifact of every tool message the adapter produces: the core's whole result — raw MCP
 * content blocks, `structuredContent`, `isError`, `error.kind` and `_meta` — for code, not the model.
 */
export type McpToolArtifact = McpToolResult;

/**
 * What the model reads: the text as a string when the result is text only (the JSON of
 * `structuredContent` when there is no text), otherwise LangChain standard content blocks. A result
 * over its budget (`result.preview`, the core's `resultBudget`) is read as its preview by the same
 * rules; the artifact keeps the whole result.
 */
export function toMessageContent(result: McpToolResult): MessageContent {
  if (result.preview !== undefined) {
    const { content, text } = result.preview;
    return isTextOnly(content) ? text : content.map(toLangChainBlock);
  }
  if (isTextOnly(result.content)) return result.text;
  const blocks = result.content.map(toLangChainBlock);
  const hasText = result.content.some((block) => block.type === "text");
  if (!hasText && result.structuredContent !== undefined) {
    blocks.unshift({ type: "text", text: JSON.stringify(result.structuredContent) });
  }
  return blocks;
}

/**
 * The `[content, artifact]` pair a tool returns. An error result becomes a ready `ToolMessage`
 * with `status: "error"` (LangChain passes a returned ToolMessage through unchanged), so the
 * model reads the failure and the agent run goes on.
 */
export function toToolOutput(
  result: McpToolResult,
  call: { name: string; toolCallId: string },
): [MessageContent | ToolMessage, McpToolArtifact] {
  if (!result.isError) return [toMessageContent(result), result];
  const content = isTextOnly(result.content) ? errorText(result) : toMessageContent(result);
  const message = new ToolMessage({
    status: "error",
    content,
    artifact: result,
    tool_call_id: call.toolCallId,
    name: call.name,
  });
  return [message, result];
}
