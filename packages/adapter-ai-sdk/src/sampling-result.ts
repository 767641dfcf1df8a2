/**
 * The host model's answer (an AI SDK `generateText` result) as the result of a sampling request.
 * @module
 */
import {
  isObject,
  type SamplingAnswerBlock,
  type SamplingResult,
  samplingResultOf,
} from "@toolnexus/mcp-core/adapter";

/**
 * What the mapping reads of a `generateText` result (the same on `ai` 6 and 7): its content parts,
 * its finish reason and the id of the model that answered.
 */
export interface GeneratedAnswer {
  readonly content: ReadonlyArray<{
    readonly type: string;
    readonly text?: string | undefined;
    readonly file?: { readonly base64: string; readonly mediaType: string } | undefined;
    readonly toolCallId?: string | undefined;
    readonly toolName?: string | undefined;
    readonly input?: unknown;
    readonly invalid?: boolean | undefined;
  }>;
  readonly finishReason: string;
  readonly response: { readonly modelId: string };
}

type AnswerPart = GeneratedAnswer["content"][number];

/**
 * One part as an MCP block: text (not empty) → `text`; a generated `image/*` or `audio/*` file →
 * `image` / `audio` with its base64 data; a valid tool call with an object input → `tool_use`.
 * Anything else (reasoning, sources, other files, tool calls the SDK marked invalid) is left out.
 */
function toBlock(part: AnswerPart): SamplingAnswerBlock | undefined {
  if (part.type === "text" && part.text) return { type: "text", text: part.text };
  if (part.type === "file" && part.file) {
    const { base64: data, mediaType: mimeType } = part.file;
    if (mimeType.startsWith("image/")) return { type: "image", data, mimeType };
    if (mimeType.startsWith("audio/")) return { type: "audio", data, mimeType };
    return undefined;
  }
  if (part.type === "tool-call" && part.invalid !== true && isObject(part.input)) {
    return { type: "tool_use", id: part.toolCallId ?? "", name: part.toolName ?? "", input: part.input };
  }
  return undefined;
}

/**
 * The MCP stop reason of a finish reason: `stop` → `endTurn`, `length` → `maxTokens` (a tool call
 * among the blocks makes it `toolUse`); any other (content filter, error, other) is left out (the
 * field is optional).
 */
function stopReasonOf(finishReason: string): string | undefined {
  if (finishReason === "stop" || finishReason === "tool-calls") return "endTurn";
  if (finishReason === "length") return "maxTokens";
  return undefined;
}

/**
 * The sampling result of an answer. With tools on offer (`withTools`) `content` is every block in
 * the model's order, tool calls as `tool_use` (then `stopReason: "toolUse"`); without, it is one
 * block as the protocol requires: the text parts joined, or else the first image or audio, or else
 * an empty text. `model` is the id of the model that answered.
 */
export function toSamplingResult(answer: GeneratedAnswer, withTools: boolean): SamplingResult {
  const blocks = answer.content.map(toBlock).filter((block) => block !== undefined);
  return samplingResultOf(blocks, withTools, answer.response.modelId, stopReasonOf(answer.finishReason));
}
