/**
 * Which content blocks this library knows, and the text an adapter shows for one it does not. No
 * SDK import: the root entry exports these, and importing it does not load the MCP client.
 * @module
 */
import type { ContentBlock } from "@modelcontextprotocol/client";
import type { McpContentBlock, UnknownContentBlock } from "../types.js";

/** The block types of the MCP revisions this library speaks. */
export const KNOWN_TYPES: ReadonlySet<string> = new Set([
  "text",
  "image",
  "audio",
  "resource_link",
  "resource",
]);
/** Longest type name quoted back in a placeholder text, in code points. */
const MAX_QUOTED_TYPE = 64;

/** `type` as a JSON string, cut at 64 code points. */
export function quoteType(type: string): string {
  const points = Array.from(type);
  return JSON.stringify(
    points.length > MAX_QUOTED_TYPE ? `${points.slice(0, MAX_QUOTED_TYPE).join("")}…` : type,
  );
}

/** True for the block types of the MCP revisions this library speaks; the rest are passed through. */
export function isKnownContentBlock(block: McpContentBlock): block is ContentBlock {
  return KNOWN_TYPES.has(block.type);
}

/**
 * What an adapter shows the model for a block of a type it does not know:
 * `[unsupported content type "<type>"]`, followed by a newline and the block's `text` when it has a
 * string `text` member. The type is quoted as a JSON string and cut at 64 code points.
 */
export function unsupportedContentText(block: UnknownContentBlock): string {
  const label = `[unsupported content type ${quoteType(block.type)}]`;
  return typeof block.text === "string" ? `${label}\n${block.text}` : label;
}
