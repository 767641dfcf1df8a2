/**
 * `toModelOutput` of converted tools: MCP content → the AI SDK's tool-result output.
 * @module
 */
import type { McpContentBlock } from "@toolnexus/mcp-core";
import { isTextOnly, toContentPart } from "@toolnexus/mcp-core/adapter";
import type { JSONValue } from "ai";
import { toolResultMediaPart } from "./ai-major.js";
import type { AiSdkContentPart, AiSdkToolResultOutput } from "./output-types.js";
import type { McpToolOutput } from "./tool-output.js";

/**
 * One MCP content block as one AI SDK content part, by the mapping every adapter shares (SPEC
 * §13.4): text → `text`; image (and an embedded image blob) → `image-data`; audio and any other
 * embedded blob → `file-data` with its media type (the AI SDK has no audio part) — on ai 7 both
 * are its `file` part with `data: { type: "data", data }` (see `ai-major.ts`); a text resource →
 * `text`; a resource link → the text `Resource link: <name> <<uri>>` (+ ` — <description>`); a block
 * of a type the core does not know → `[unsupported content type "<type>"]` plus its `text` member
 * (SPEC §7).
 */
export function contentBlockToPart(block: McpContentBlock): AiSdkContentPart {
  const part = toContentPart(block);
  return part.type === "text" ? part : toolResultMediaPart(part);
}

function isToolOutput(value: unknown): value is McpToolOutput {
  return typeof value === "object" && value !== null && Array.isArray((value as McpToolOutput).content);
}

/**
 * Maps a converted tool's output to what the model sees:
 * - only text blocks → `{ type: "text", value: output.text }` (the most portable form);
 * - no content but `structuredContent` → `{ type: "json", value: structuredContent }`;
 * - any image, audio or resource block → `{ type: "content", value: [...] }` with `text`,
 *   `image-data` and `file-data` parts in the server's order.
 * An output of any other shape (e.g. from an older persisted conversation) goes through as
 * text (a string) or JSON, like the AI SDK's default. An output over its budget (`output.preview`)
 * is shown as its preview by the same rules: the model reads the preview and the handle, the
 * step's output keeps the whole result.
 */
export function mcpOutputToModelOutput(output: unknown): AiSdkToolResultOutput {
  if (!isToolOutput(output)) {
    if (typeof output === "string") return { type: "text", value: output };
    return { type: "json", value: (output ?? null) as JSONValue };
  }
  if (output.preview !== undefined) {
    const { content, text } = output.preview;
    return isTextOnly(content)
      ? { type: "text", value: text }
      : { type: "content", value: content.map(contentBlockToPart) };
  }
  const { content, structuredContent } = output;
  if (content.length === 0 && structuredContent !== undefined && structuredContent !== null) {
    return { type: "json", value: structuredContent as JSONValue };
  }
  if (isTextOnly(content)) {
    const text =
      typeof output.text === "string" ? output.text : content.map((block) => block.text).join("\n");
    return { type: "text", value: text };
  }
  return { type: "content", value: content.map(contentBlockToPart) };
}
