/**
 * MCP content blocks → LangChain standard content blocks (`@langchain/core` 1.x `ContentBlock.Standard`).
 * @module
 */
import type { ContentBlock as LangChainContentBlock } from "@langchain/core/messages";
import { isKnownContentBlock, type McpContentBlock, unsupportedContentText } from "@toolnexus/mcp-core";

/** A LangChain standard content block. */
type LangChainBlock = LangChainContentBlock.Standard;

/** A blob as a multimodal block: image and audio by MIME type, anything else a `file`. */
function blobBlock(data: string, mimeType: string): LangChainBlock {
  if (mimeType.startsWith("image/")) return { type: "image", mimeType, data };
  if (mimeType.startsWith("audio/")) return { type: "audio", mimeType, data };
  return { type: "file", mimeType, data };
}

/**
 * One MCP block as a LangChain block. Text stays text; images and audio become base64
 * multimodal blocks; an embedded resource becomes its text or a blob block; a resource link —
 * which a model cannot open — is described in text; a block of a type the core does not know is
 * `[unsupported content type "<type>"]` plus its `text` member (SPEC §7). The raw blocks stay in the
 * artifact.
 */
export function toLangChainBlock(block: McpContentBlock): LangChainBlock {
  if (!isKnownContentBlock(block)) return { type: "text", text: unsupportedContentText(block) };
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", mimeType: block.mimeType, data: block.data };
    case "audio":
      return { type: "audio", mimeType: block.mimeType, data: block.data };
    case "resource": {
      const { resource } = block;
      if ("text" in resource) return { type: "text", text: resource.text };
      return blobBlock(resource.blob, resource.mimeType ?? "application/octet-stream");
    }
    case "resource_link": {
      const about = block.description ? ` — ${block.description}` : "";
      return { type: "text", text: `Resource link: ${block.name} <${block.uri}>${about}` };
    }
  }
}

/** True when every block is plain text, so the message content can be a single string. */
export function isTextOnly(content: readonly McpContentBlock[]): boolean {
  return content.every((block) => block.type === "text");
}
