/**
 * The media part of the result budget: image, audio and embedded blob blocks and resource links are
 * counted (blocks) and weighed (decoded bytes) apart from the text, and each is kept whole or
 * replaced by a note, never cut (a cut base64 image is garbage to a model and an error to a provider).
 * @module
 */
import type { McpContentBlock } from "../tool-types.js";

/** The media limits of one result. */
export interface MediaLimits {
  maxMediaBlocks: number;
  maxMediaBytes: number;
}

/** Decoded bytes of a base64 string (its padding discounted), without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** The bytes a media block weighs, or undefined when the block is not media (text, a text resource). */
export function mediaBytes(block: McpContentBlock): number | undefined {
  const { type } = block;
  if (type === "image" || type === "audio") {
    const data = (block as { data?: unknown }).data;
    return typeof data === "string" ? base64Bytes(data) : 0;
  }
  if (type === "resource_link") return 0;
  if (type === "resource") {
    const blob = (block as { resource?: { blob?: unknown } }).resource?.blob;
    return typeof blob === "string" ? base64Bytes(blob) : undefined;
  }
  return undefined;
}

function describe(block: McpContentBlock, bytes: number): string {
  const mime = (block as { mimeType?: unknown; resource?: { mimeType?: unknown } }).mimeType;
  const type = block.type === "resource" ? "embedded file" : block.type.replace("_", " ");
  const size = bytes > 0 ? `, ${bytes} bytes` : "";
  return typeof mime === "string"
    ? `${type} (${mime}${size})`
    : `${type}${size ? ` (${size.slice(2)})` : ""}`;
}

/**
 * The blocks the model gets: each media block in order while the count and the bytes stay within
 * the limits, each one past them replaced by a one-line note; text blocks as they are. Returns
 * undefined when every block fits (the usual case: no copy).
 */
export function budgetMedia(
  content: readonly McpContentBlock[],
  limits: MediaLimits,
): McpContentBlock[] | undefined {
  let blocks = 0;
  let bytes = 0;
  let shaped: McpContentBlock[] | undefined;
  content.forEach((block, index) => {
    const size = mediaBytes(block);
    if (size === undefined) {
      shaped?.push(block);
      return;
    }
    if (blocks + 1 <= limits.maxMediaBlocks && bytes + size <= limits.maxMediaBytes) {
      blocks += 1;
      bytes += size;
      shaped?.push(block);
      return;
    }
    shaped ??= content.slice(0, index);
    const text = `[${describe(block, size)} left out of what the model sees: over the result's media budget of ${limits.maxMediaBlocks} blocks and ${limits.maxMediaBytes} bytes; the host's result has it whole]`;
    shaped.push({ type: "text", text });
  });
  return shaped;
}
