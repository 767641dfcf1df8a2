/**
 * The host-neutral half of answering a server's sampling request, shared by the adapters that lend
 * the host's model (`aiSdkSampling`, `langChainSampling`): reading the request's blocks, whether it
 * offers tools, and building the result from the answer's blocks. Each adapter keeps only the
 * mapping to and from its host's message types.
 * @module
 */
import type { SamplingRequest, SamplingResult } from "../sampling/sampling-types.js";

/** One message of a sampling request. */
export type SamplingMessage = SamplingRequest["messages"][number];

/** One content block of a sampling message: text, image, audio, `tool_use` or `tool_result`. */
export type SamplingBlock = Exclude<SamplingMessage["content"], readonly unknown[]>;

/** A block an answer may carry back: text, image, audio or a `tool_use`. */
export type SamplingAnswerBlock = Extract<SamplingBlock, { type: "text" | "image" | "audio" | "tool_use" }>;

/** A message's content as a list of blocks (the protocol allows one block or an array). */
export function samplingBlocks(message: SamplingMessage): SamplingBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content as SamplingBlock];
}

/**
 * True when the request offers tools (`tools` or `toolChoice`); then the result may carry several
 * blocks and tool calls.
 * @param toolsOn the adapter's `tools` option
 * @throws Error when the request offers tools and `toolsOn` is false (the core answers the server
 *   with its generic error)
 */
export function offersTools(request: SamplingRequest, toolsOn = true): boolean {
  const offered = request.tools !== undefined || request.toolChoice !== undefined;
  if (offered && !toolsOn) throw new Error("the sampling request offers tools, and tools are off");
  return offered;
}

/**
 * The sampling result of an answer's blocks, in the model's order. With tools on offer
 * (`withTools`) `content` is every block, and a `tool_use` among them makes the stop reason
 * `toolUse`; without, it is one block as the protocol requires: the text blocks joined, or else the
 * first image or audio, or else an empty text.
 * @param model the id of the model that answered
 * @param stopReason the host's finish reason in MCP's words, or `undefined` to leave it out
 */
export function samplingResultOf(
  blocks: readonly SamplingAnswerBlock[],
  withTools: boolean,
  model: string,
  stopReason: string | undefined,
): SamplingResult {
  const toolUse = withTools && blocks.some((block) => block.type === "tool_use");
  const reason = toolUse ? "toolUse" : stopReason;
  const base = { role: "assistant" as const, model, ...(reason ? { stopReason: reason } : {}) };
  if (withTools) return { ...base, content: [...blocks] };
  const texts = blocks.flatMap((block) => (block.type === "text" ? [block.text] : []));
  const media = blocks.find((block) => block.type === "image" || block.type === "audio");
  const single =
    texts.length > 0 || media === undefined ? { type: "text" as const, text: texts.join("") } : media;
  return { ...base, content: single as Exclude<SamplingAnswerBlock, { type: "tool_use" }> };
}
