/**
 * The host model's answer (a LangChain `AIMessage`) as the result of a sampling request.
 * @module
 */
import type { AIMessage } from "@langchain/core/messages";
import {
  isObject,
  type SamplingAnswerBlock,
  type SamplingResult,
  samplingResultOf,
} from "@toolnexus/mcp-core/adapter";

/** What the mapping reads of one standard content block (`AIMessage.contentBlocks`). */
interface StandardBlock {
  type: string;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  id?: unknown;
  name?: unknown;
  args?: unknown;
}

/**
 * One standard block as an MCP block: text (not empty) → `text`; an `image` / `audio` block with
 * base64 `data` → `image` / `audio`; a `tool_call` → `tool_use` (its id, or `call_<n>` when the model
 * gave none). Anything else (reasoning, URLs, files) is left out.
 */
function toBlock(block: StandardBlock, index: number): SamplingAnswerBlock | undefined {
  if (block.type === "text")
    return typeof block.text === "string" && block.text ? { type: "text", text: block.text } : undefined;
  if (block.type === "image" || block.type === "audio") {
    if (typeof block.data !== "string" || typeof block.mimeType !== "string") return undefined;
    return { type: block.type, data: block.data, mimeType: block.mimeType };
  }
  if (block.type === "tool_call" && typeof block.name === "string" && isObject(block.args)) {
    const id = typeof block.id === "string" && block.id ? block.id : `call_${index}`;
    return { type: "tool_use", id, name: block.name, input: block.args };
  }
  return undefined;
}

/**
 * The MCP stop reason of the provider's, as LangChain providers put it in `response_metadata`
 * (`finish_reason`, OpenAI style, or `stop_reason`, Anthropic style): none, `stop`, `end_turn` →
 * `endTurn`; `length`, `max_tokens` → `maxTokens`; `stop_sequence` → `stopSequence`; another is left
 * out (a tool call among the blocks makes it `toolUse`).
 */
function stopReasonOf(message: AIMessage): string | undefined {
  const metadata = message.response_metadata ?? {};
  const reason = metadata.finish_reason ?? metadata.stop_reason;
  if (reason === undefined || reason === null || reason === "stop" || reason === "end_turn") return "endTurn";
  if (reason === "length" || reason === "max_tokens") return "maxTokens";
  if (reason === "stop_sequence") return "stopSequence";
  if (reason === "tool_calls" || reason === "tool_use") return "endTurn";
  return undefined;
}

/**
 * The sampling result of an answer. With tools on offer (`withTools`) `content` is every block in
 * the model's order, tool calls as `tool_use` (then `stopReason: "toolUse"`); without, it is one
 * block as the protocol requires: the texts joined, or else the first image or audio, or else an
 * empty text. `model` is the id `modelId` gives.
 */
export function toSamplingResult(message: AIMessage, withTools: boolean, model: string): SamplingResult {
  const standard = message.contentBlocks as unknown as StandardBlock[];
  const blocks = standard.map(toBlock).filter((block) => block !== undefined);
  return samplingResultOf(blocks, withTools, model, stopReasonOf(message));
}

/**
 * The id of the model that answered: `response_metadata.model_name` (or `.model`) when the
 * provider reports it, else the chat model's own `model` / `modelName` field, else its name.
 */
export function answeringModelId(message: AIMessage, model: { getName(): string }): string {
  const metadata = message.response_metadata ?? {};
  for (const value of [
    metadata.model_name,
    metadata.model,
    (model as { model?: unknown }).model,
    (model as { modelName?: unknown }).modelName,
  ]) {
    if (typeof value === "string" && value !== "") return value;
  }
  return model.getName();
}
