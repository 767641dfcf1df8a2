/**
 * Content blocks of a tool result, read leniently block by block: a block of a type this library does
 * not know (a newer protocol revision, a server's extension) passes through as it came, a block of a
 * known type that does not validate becomes a short text saying so, and one bad block never costs the
 * rest of the result. The schema is our copy of the spec's (`content-block-schema.ts`): reading a
 * block does not load the MCP client.
 * @module
 */
import type { ContentBlock } from "@modelcontextprotocol/client";
import type { McpContentBlock, UnknownContentBlock } from "../types.js";
import { KNOWN_TYPES, quoteType } from "./content-block-kinds.js";
import { ContentBlockSchema } from "./content-block-schema.js";

export { isKnownContentBlock, unsupportedContentText } from "./content-block-kinds.js";

function invalidBlock(type?: string): ContentBlock {
  const text =
    type === undefined ? "[invalid content block]" : `[invalid content block of type ${quoteType(type)}]`;
  return { type: "text", text };
}

/**
 * `{ type: "text", text: "…" }` and nothing else, the usual block, checked by hand: the schema
 * (a union of five) accepts it as it is, so it is run only on every other block.
 */
function isPlainText(value: object): value is ContentBlock {
  const block = value as Record<string, unknown>;
  for (const key in block) if (key !== "type" && key !== "text") return false;
  return block.type === "text" && typeof block.text === "string";
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
    if (isPlainText(value)) return value;
    const parsed = ContentBlockSchema.safeParse(value);
    return parsed.success ? (parsed.data as ContentBlock) : invalidBlock(type);
  });
}
