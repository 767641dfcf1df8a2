/**
 * MCP content blocks → LangChain standard content blocks (`@langchain/core` 1.x `ContentBlock.Standard`).
 * @module
 */
import type { ContentBlock as LangChainContentBlock } from "@langchain/core/messages";
import type { McpContentBlock } from "@toolnexus/mcp-core";
import { type AdapterContentPart, toContentPart } from "@toolnexus/mcp-core/adapter";

/** A LangChain standard content block. */
type LangChainBlock = LangChainContentBlock.Standard;

/**
 * One MCP block as a LangChain block, by the mapping every adapter shares (SPEC §13.4). Text stays
 * text; images and audio become base64 multimodal blocks; an embedded resource becomes its text or
 * an `image`/`audio`/`file` block by MIME type; a resource link — which a model cannot open — is
 * the text `Resource link: <name> <<uri>>` (+ ` — <description>`); a block of a type the core does
 * not know is `[unsupported content type "<type>"]` plus its `text` member (SPEC §7). The raw
 * blocks stay in the artifact.
 */
export function toLangChainBlock(block: McpContentBlock): LangChainBlock {
  return partToLangChainBlock(toContentPart(block));
}

/** One part of the core's mapping as a LangChain block: text, or a base64 `image`/`audio`/`file`. */
export function partToLangChainBlock(part: AdapterContentPart): LangChainBlock {
  return part.type === "text" ? part : { type: part.type, mimeType: part.mimeType, data: part.data };
}
