/**
 * MCP content blocks as what a model can read: one mapping for every adapter (SPEC §13.4).
 * @module
 */
import type { ContentBlock } from "@modelcontextprotocol/client";
import { isKnownContentBlock, unsupportedContentText } from "../tools/content-block-kinds.js";
import type { McpContentBlock } from "../types.js";

/**
 * One block as a host-neutral part: text, or base64 media with its MIME type. Hosts map `image`,
 * `audio` and `file` onto their own parts (a host without an audio part uses its file part).
 */
export type AdapterContentPart =
  | { type: "text"; text: string }
  | { type: "image" | "audio" | "file"; mimeType: string; data: string };

type TextBlock = Extract<ContentBlock, { type: "text" }>;
type ResourceLinkBlock = Extract<ContentBlock, { type: "resource_link" }>;

/** MIME type of an embedded binary resource that does not name one. */
export const DEFAULT_BLOB_MIME_TYPE = "application/octet-stream";

/** A base64 payload as media: image and audio by MIME type, anything else a file. */
function mediaPart(data: string, mimeType: string): AdapterContentPart {
  if (mimeType.startsWith("image/")) return { type: "image", mimeType, data };
  if (mimeType.startsWith("audio/")) return { type: "audio", mimeType, data };
  return { type: "file", mimeType, data };
}

/**
 * A resource link as a line of text — a model cannot open the URI, so it is told what it names:
 * `Resource link: <name> <<uri>>`, plus ` — <description>` when the link has one.
 */
export function resourceLinkText(block: ResourceLinkBlock): string {
  const about = block.description ? ` — ${block.description}` : "";
  return `Resource link: ${block.name} <${block.uri}>${about}`;
}

/**
 * One MCP block as a part: text → text; image, audio → media; an embedded resource → its text, or
 * its blob as media by MIME type (`application/octet-stream` when it names none); a resource link →
 * {@link resourceLinkText}; a block of a type the core does not know → `unsupportedContentText`.
 */
export function toContentPart(block: McpContentBlock): AdapterContentPart {
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
      if ("text" in resource && typeof resource.text === "string")
        return { type: "text", text: resource.text };
      const blob = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
      return mediaPart(blob, resource.mimeType ?? DEFAULT_BLOB_MIME_TYPE);
    }
    case "resource_link":
      return { type: "text", text: resourceLinkText(block) };
  }
}

/** True when every block is a text block, so a host can show the result's `text` as one string. */
export function isTextOnly(content: readonly McpContentBlock[]): content is TextBlock[] {
  return content.every((block) => block.type === "text");
}

/**
 * The text a text-only host shows of some blocks: each text block's text and, for a block of a type
 * the core does not know, `unsupportedContentText` in its place; other known blocks (media,
 * resources, links) contribute nothing.
 */
export function contentTextParts(content: readonly McpContentBlock[]): string[] {
  return content.flatMap((block) => {
    if (!isKnownContentBlock(block)) return [unsupportedContentText(block)];
    return block.type === "text" ? [block.text] : [];
  });
}
