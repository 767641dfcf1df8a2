/**
 * `toModelOutput` of converted tools: MCP content → the AI SDK's tool-result output.
 * @module
 */
import {
  type ContentBlock,
  isKnownContentBlock,
  type McpContentBlock,
  unsupportedContentText,
} from "@toolnexus/mcp-core";
import type { JSONValue, ToolResultPart } from "ai";
import type { McpToolOutput } from "./tool-output.js";

/** The AI SDK's `ToolResultOutput` (what `toModelOutput` returns). */
export type AiSdkToolResultOutput = ToolResultPart["output"];

/** One part of a `{ type: "content" }` tool-result output. */
export type AiSdkContentPart = Extract<AiSdkToolResultOutput, { type: "content" }>["value"][number];

/**
 * One MCP content block as one AI SDK content part. A block of a type the core does not know is
 * text: `[unsupported content type "<type>"]` plus its `text` member (SPEC §7).
 */
export function contentBlockToPart(block: McpContentBlock): AiSdkContentPart {
  if (!isKnownContentBlock(block)) return { type: "text", text: unsupportedContentText(block) };
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image-data", data: block.data, mediaType: block.mimeType };
    case "audio":
      return { type: "file-data", data: block.data, mediaType: block.mimeType };
    case "resource": {
      const resource = block.resource;
      if ("text" in resource && typeof resource.text === "string")
        return { type: "text", text: resource.text };
      if ("blob" in resource && typeof resource.blob === "string") {
        const mediaType = resource.mimeType ?? "application/octet-stream";
        return mediaType.startsWith("image/")
          ? { type: "image-data", data: resource.blob, mediaType }
          : { type: "file-data", data: resource.blob, mediaType };
      }
      return { type: "text", text: JSON.stringify(block) };
    }
    default:
      // resource_link: the model sees the block as JSON.
      return { type: "text", text: JSON.stringify(block) };
  }
}

type TextBlock = Extract<ContentBlock, { type: "text" }>;

function isTextBlock(block: McpContentBlock): block is TextBlock {
  return isKnownContentBlock(block) && block.type === "text";
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
 * text (a string) or JSON, like the AI SDK's default.
 */
export function mcpOutputToModelOutput(output: unknown): AiSdkToolResultOutput {
  if (!isToolOutput(output)) {
    if (typeof output === "string") return { type: "text", value: output };
    return { type: "json", value: (output ?? null) as JSONValue };
  }
  const { content, structuredContent } = output;
  if (content.length === 0 && structuredContent !== undefined && structuredContent !== null) {
    return { type: "json", value: structuredContent as JSONValue };
  }
  if (content.every(isTextBlock)) {
    const text =
      typeof output.text === "string" ? output.text : content.map((block) => block.text).join("\n");
    return { type: "text", value: text };
  }
  return { type: "content", value: content.map(contentBlockToPart) };
}
