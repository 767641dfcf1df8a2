/**
 * A prompt result (`source.getPrompt(...)`, or any MCP `GetPromptResult`) as LangChain messages.
 * @module
 */
import { AIMessage, type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { type PromptResultInput, promptMessageParts } from "@toolnexus/mcp-core/adapter";
import { partToLangChainBlock } from "./content-blocks.js";

/** A prompt result to convert: `{ messages }`, as MCP's `GetPromptResult` or the core's prompt result. */
export type McpPromptResultInput = PromptResultInput;

/**
 * The prompt's messages as LangChain messages, one per MCP message, for `model.invoke(messages)` or
 * an agent's `messages`: an MCP `user` message becomes a `HumanMessage` and `assistant` an
 * `AIMessage` (any other role is read as `user`: a server never writes a `SystemMessage`). A
 * text-only message has its text as `content`; otherwise `content` is standard content blocks in
 * the server's order, by the mapping of tool results: text → `text`; image, audio → base64 `image` /
 * `audio`; an embedded resource → its text, or its blob as `image`/`audio`/`file` by MIME type; a
 * resource link → the text `Resource link: <name> <<uri>>`; a block of an unknown type → a text
 * naming the type (SPEC §13.4).
 * @throws TypeError for a failed result (`isError: true`), naming its error — check `isError`
 *   first — and for a value that is not a prompt result.
 */
export function toLangChainMessages(result: McpPromptResultInput): BaseMessage[] {
  return promptMessageParts(result, "toLangChainMessages").map(({ role, parts }) => {
    const [only] = parts;
    const content = parts.length === 1 && only?.type === "text" ? only.text : parts.map(partToLangChainBlock);
    return role === "assistant" ? new AIMessage({ content }) : new HumanMessage({ content });
  });
}
