/**
 * A server's sampling messages (`sampling/createMessage`) as AI SDK `ModelMessage`s.
 * @module
 */
import {
  contentTextParts,
  EMPTY_ERROR_TEXT,
  type SamplingBlock,
  type SamplingMessage,
  samplingBlocks,
} from "@toolnexus/mcp-core/adapter";
import type { FilePart, ModelMessage, TextPart, ToolCallPart, ToolResultPart } from "ai";
import { mcpOutputToModelOutput } from "./model-output.js";

export type { SamplingBlock, SamplingMessage };

type ToolResultBlock = Extract<SamplingBlock, { type: "tool_result" }>;

/** Text stays text; image and audio become a `file` part with base64 data (what both `ai` majors take in both roles). */
function mediaOrText(block: SamplingBlock, role: string): TextPart | FilePart {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
    case "audio":
      return { type: "file", data: block.data, mediaType: block.mimeType };
    default:
      throw new TypeError(`a sampling ${role} message carries a "${block.type}" block where it cannot`);
  }
}

function toolResultPart(block: ToolResultBlock, toolNames: ReadonlyMap<string, string>): ToolResultPart {
  const toolName = toolNames.get(block.toolUseId);
  if (toolName === undefined) throw new TypeError("a sampling tool_result answers no earlier tool_use");
  const text = contentTextParts(block.content).join("\n");
  const output: ToolResultPart["output"] =
    block.isError === true
      ? { type: "error-text", value: text.trim() === "" ? EMPTY_ERROR_TEXT : text }
      : mcpOutputToModelOutput({ content: block.content, text, structuredContent: block.structuredContent });
  return { type: "tool-result", toolCallId: block.toolUseId, toolName, output };
}

/**
 * The request's messages as AI SDK messages, in order. An MCP `assistant` message becomes an
 * `assistant` message (text, image and audio as `text` / `file` parts, `tool_use` as `tool-call`);
 * an MCP `user` message becomes a `tool` message for its `tool_result` blocks (named by the earlier
 * `tool_use` they answer; an error result as `error-text`, content by the tool-result mapping) and a
 * `user` message for the rest. A server never writes a `system` message: its `systemPrompt` is
 * passed apart.
 * @throws TypeError for a block in a role that cannot carry it, or a `tool_result` without its `tool_use`
 */
export function samplingToModelMessages(messages: readonly SamplingMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  const out: ModelMessage[] = [];
  for (const message of messages) {
    const blocks = samplingBlocks(message);
    if (message.role === "assistant") {
      const content = blocks.map((block): TextPart | FilePart | ToolCallPart => {
        if (block.type !== "tool_use") return mediaOrText(block, "assistant");
        toolNames.set(block.id, block.name);
        return { type: "tool-call", toolCallId: block.id, toolName: block.name, input: block.input };
      });
      out.push({ role: "assistant", content });
      continue;
    }
    const results = blocks.filter((block): block is ToolResultBlock => block.type === "tool_result");
    const rest = blocks.filter((block) => block.type !== "tool_result");
    if (results.length > 0) {
      out.push({ role: "tool", content: results.map((block) => toolResultPart(block, toolNames)) });
    }
    if (rest.length > 0) out.push({ role: "user", content: rest.map((block) => mediaOrText(block, "user")) });
  }
  return out;
}
