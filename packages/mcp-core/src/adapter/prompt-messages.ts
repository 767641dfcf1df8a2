/**
 * A prompt result (`prompts/get`) as host-neutral messages, which each adapter turns into its host's
 * message objects (`toAiSdkMessages`, `toLangChainMessages`).
 * @module
 */
import { readContentBlocks } from "../tools/content-blocks.js";
import { type AdapterContentPart, toContentPart } from "./content-part.js";

/**
 * What the adapters convert, typed structurally: MCP's `GetPromptResult` (`{ description?, messages }`)
 * or the core's prompt result, which adds `isError` and `error`. Each message's `content` is one MCP
 * content block (an array of blocks is read too).
 */
export interface PromptResultInput {
  readonly description?: string | undefined;
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
  readonly isError?: boolean | undefined;
  readonly error?: { readonly code?: string | undefined; readonly message?: string | undefined } | undefined;
}

/** One prompt message: its role and its content as parts, in the server's order. */
export interface PromptMessageParts {
  /** `assistant` for an assistant message; every other role is read as `user` (never `system`). */
  role: "user" | "assistant";
  parts: AdapterContentPart[];
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object without a messages array" : typeof value;
}

/**
 * The messages of a prompt result as parts (each block by {@link toContentPart}: images, audio and
 * blob resources as media, text resources as their text, resource links and unknown blocks as text;
 * a malformed block as a short text saying so). Throws a `TypeError` naming `caller` for a value
 * that is not a prompt result, and for a failed one (`isError`) naming its error: a failed prompt
 * has no messages to give the model, and an empty conversation would hide the failure.
 */
export function promptMessageParts(result: PromptResultInput, caller: string): PromptMessageParts[] {
  const value: unknown = result;
  if (typeof value !== "object" || value === null || !Array.isArray((value as PromptResultInput).messages)) {
    throw new TypeError(`${caller}: expected a prompt result ({ messages: [...] }), got ${describe(value)}`);
  }
  if (result.isError === true) {
    const code = result.error?.code ? `${result.error.code}: ` : "";
    const message = result.error?.message ?? "unknown error";
    throw new TypeError(`${caller}: the prompt result is an error (${code}${message}); check isError first`);
  }
  return result.messages.map((message) => {
    const content = (message as { content?: unknown } | null)?.content;
    const blocks = readContentBlocks(Array.isArray(content) ? content : [content]);
    return {
      role: (message as { role?: unknown } | null)?.role === "assistant" ? "assistant" : "user",
      parts: blocks.map(toContentPart),
    };
  });
}
