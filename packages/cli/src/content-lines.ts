/**
 * A tool result as `call` prints it: each text block as it is (the output escapes control characters), and one
 * line for every other block — `[image/png, 1.2 KB]`, `[resource_link file:///…]`,
 * `[resource text/plain file:///…]` — so nothing a tool returned goes unmentioned.
 * @module
 */
import {
  isKnownContentBlock,
  type McpContentBlock,
  type McpToolResult,
  unsupportedContentText,
} from "@toolnexus/mcp-core";
import { oneLine } from "./output.js";

/** Bytes for people: `300 B`, `1.2 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The decoded size of base64 `data` (a server may send anything: a non-string counts as empty). */
function decodedSize(data: unknown): string {
  return formatBytes(typeof data === "string" ? Buffer.byteLength(data, "base64") : 0);
}

/** One block: its text, or the line that stands for it. */
export function blockText(block: McpContentBlock): string {
  if (!isKnownContentBlock(block)) return unsupportedContentText(block);
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${oneLine(block.mimeType)}, ${decodedSize(block.data)}]`;
    case "resource_link":
      return `[resource_link ${oneLine(block.uri)}]`;
    case "resource": {
      const { resource } = block;
      const mime = resource.mimeType ? `${oneLine(resource.mimeType)} ` : "";
      const size = "blob" in resource ? `, ${decodedSize(resource.blob)}` : "";
      return `[resource ${mime}${oneLine(resource.uri)}${size}]`;
    }
    default:
      return `[${oneLine((block as { type: string }).type)}]`;
  }
}

/**
 * The result's lines, block by block; a result with no text block but `structuredContent` also
 * prints that as JSON (its `text`).
 */
export function resultLines(result: McpToolResult): string[] {
  const lines = result.content.map(blockText);
  const hasText = result.content.some((block) => block.type === "text");
  if (!hasText && result.structuredContent !== undefined && result.text) lines.push(result.text);
  return lines;
}
