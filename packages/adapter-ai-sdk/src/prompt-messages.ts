/**
 * A prompt result (`source.getPrompt(...)`, or any MCP `GetPromptResult`) as AI SDK messages.
 * @module
 */
import { type PromptResultInput, promptMessageParts } from "@toolnexus/mcp-core/adapter";
import type { FilePart, ModelMessage, TextPart } from "ai";

/** A prompt result to convert: `{ messages }`, as MCP's `GetPromptResult` or the core's prompt result. */
export type McpPromptResultInput = PromptResultInput;

/**
 * The prompt's messages as AI SDK `ModelMessage`s, one per MCP message, for `generateText({ messages })`
 * and the like. An MCP `user` message becomes a `user` message and `assistant` an `assistant` one
 * (any other role is read as `user`: a server never writes a `system` message). A text-only message
 * has its text as `content`; otherwise `content` is parts in the server's order: text → `text`; an
 * image, audio or blob resource → `file` with base64 `data` and its `mediaType` (the part both
 * majors of `ai` accept in both roles; a provider sends an `image/*` file as an image); a text
 * resource → its text; a resource link → the text `Resource link: <name> <<uri>>`; a block of an
 * unknown type → a text naming the type (SPEC §13.4).
 * @throws TypeError for a failed result (`isError: true`), naming its error — check `isError`
 *   first — and for a value that is not a prompt result.
 */
export function toAiSdkMessages(result: McpPromptResultInput): ModelMessage[] {
  return promptMessageParts(result, "toAiSdkMessages").map(({ role, parts }): ModelMessage => {
    const [only] = parts;
    const content =
      parts.length === 1 && only?.type === "text"
        ? only.text
        : parts.map((part): TextPart | FilePart =>
            part.type === "text" ? part : { type: "file", data: part.data, mediaType: part.mimeType },
          );
    return role === "assistant" ? { role: "assistant", content } : { role: "user", content };
  });
}
