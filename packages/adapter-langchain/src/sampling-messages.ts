/**
 * A server's sampling request (`sampling/createMessage`) as LangChain messages.
 * @module
 */
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  type MessageContent,
  SystemMessage,
  ToolMessage,
} from "@langchain/core/messages";
import {
  contentTextParts,
  EMPTY_ERROR_TEXT,
  type SamplingBlock,
  type SamplingMessage,
  type SamplingRequest,
  samplingBlocks,
} from "@toolnexus/mcp-core/adapter";
import { toLangChainBlock } from "./content-blocks.js";

export type { SamplingBlock, SamplingMessage };

type ToolUseBlock = Extract<SamplingBlock, { type: "tool_use" }>;
type ToolResultBlock = Extract<SamplingBlock, { type: "tool_result" }>;
type MediaBlock = Extract<SamplingBlock, { type: "text" | "image" | "audio" }>;

function isMedia(block: SamplingBlock, role: string): block is MediaBlock {
  if (block.type === "text" || block.type === "image" || block.type === "audio") return true;
  const allowed = role === "assistant" ? "tool_use" : "tool_result";
  if (block.type === allowed) return false;
  throw new TypeError(`a sampling ${role} message carries a "${block.type}" block where it cannot`);
}

/** Text only → the text as a string; otherwise standard blocks (text, base64 `image` / `audio`). */
function contentOf(blocks: readonly MediaBlock[]): MessageContent {
  if (blocks.every((block) => block.type === "text")) return blocks.map((block) => block.text).join("\n");
  return blocks.map(toLangChainBlock);
}

function toolMessage(block: ToolResultBlock): ToolMessage {
  const failed = block.isError === true;
  const text = contentTextParts(block.content).join("\n");
  const allText = block.content.every((part) => part.type === "text");
  const content: MessageContent = allText
    ? failed && text.trim() === ""
      ? EMPTY_ERROR_TEXT
      : text
    : block.content.map(toLangChainBlock);
  return new ToolMessage({ content, tool_call_id: block.toolUseId, status: failed ? "error" : "success" });
}

/**
 * The request as LangChain messages: its `systemPrompt` as a leading `SystemMessage`, then each
 * MCP message in order. `assistant` → an `AIMessage` whose `tool_use` blocks are its `tool_calls`;
 * `user` → a `ToolMessage` per `tool_result` block (`status: "error"` for an error result) and a
 * `HumanMessage` for the rest. Text-only content is a string; otherwise standard content blocks
 * (text, base64 `image` / `audio` with `mimeType`), by the mapping of tool results. `includeContext`
 * is not read: nothing but the server's own request reaches the model.
 * @throws TypeError for a block in a role that cannot carry it
 */
export function samplingToLangChainMessages(request: SamplingRequest): BaseMessage[] {
  const out: BaseMessage[] = request.systemPrompt ? [new SystemMessage(request.systemPrompt)] : [];
  for (const message of request.messages) {
    const blocks = samplingBlocks(message);
    const media = blocks.filter((block) => isMedia(block, message.role));
    if (message.role === "assistant") {
      const calls = blocks.filter((block): block is ToolUseBlock => block.type === "tool_use");
      const tool_calls = calls.map(({ id, name, input }) => ({
        id,
        name,
        args: input,
        type: "tool_call" as const,
      }));
      out.push(new AIMessage({ content: contentOf(media), tool_calls }));
      continue;
    }
    for (const block of blocks) if (block.type === "tool_result") out.push(toolMessage(block));
    if (media.length > 0) out.push(new HumanMessage({ content: contentOf(media) }));
  }
  return out;
}
