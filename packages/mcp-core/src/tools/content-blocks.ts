/**
 * Content blocks of a tool result, read leniently block by block: a block of a type this library does
 * not know (a newer protocol revision, a server's extension) passes through as it came, a block of a
 * known type that does not validate becomes a short text saying so, and one bad block never costs the
 * rest of the result.
 * @module
 */
import { type ContentBlock, specTypeSchemas } from "@modelcontextprotocol/client";
import type { McpContentBlock, UnknownContentBlock } from "../types.js";

const KNOWN_TYPES: ReadonlySet<string> = new Set(["text", "image", "audio", "resource_link", "resource"]);
/** Longest type name quoted back in a placeholder text, in code points. */
const MAX_QUOTED_TYPE = 64;

function quoteType(type: string): string {
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

function invalidBlock(type?: string): ContentBlock {
  const text =
    type === undefined ? "[invalid content block]" : `[invalid content block of type ${quoteType(type)}]`;
  return { type: "text", text };
}

/** The blocks of a result's `content` member, each kept, passed through or replaced on its own. */
export function readContentBlocks(content: unknown): McpContentBlock[] {
  if (content === undefined || content === null) return [];
  if (!Array.isArray(content)) return [invalidBlock()];
  return content.map((value: unknown): McpContentBlock => {
    const type = (value as { type?: unknown } | null)?.type;
    if (typeof value !== "object" || value === null || Array.isArray(value) || typeof type !== "string")
      return invalidBlock();
    if (!KNOWN_TYPES.has(type)) return value as UnknownContentBlock;
    const parsed = specTypeSchemas.ContentBlock["~standard"].validate(value);
    return parsed.issues ? invalidBlock(type) : (parsed.value as ContentBlock);
  });
}
