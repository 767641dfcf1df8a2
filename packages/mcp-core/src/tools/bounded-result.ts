/**
 * The `maxResultBytes` bound on one tool result: what a server sends may be as large as a frame
 * (64 MiB), far past what a host or its model can use. Text is cut on a character boundary, a block
 * of another type (image, audio, embedded resource…) that does not fit is left out whole (half an
 * image is no image), `structuredContent` and `_meta` that do not fit are dropped; each cut is
 * followed by a text block with the truncation marker, so the result stays a success that says what
 * is missing.
 * @module
 */
import type { McpContentBlock } from "../types.js";
import { utf8ByteLength } from "../utf8-bytes.js";
import { cutText, truncationMarker } from "./truncation.js";

/** The parts of a tool result the bound applies to. */
export interface ResultParts {
  content: McpContentBlock[];
  structuredContent?: unknown;
  meta?: Record<string, unknown> | undefined;
}

/** A text block's text, or undefined for any other block. */
function textOf(block: McpContentBlock): string | undefined {
  return block.type === "text" && typeof block.text === "string" ? block.text : undefined;
}

/** What a value costs in the result: the UTF-8 bytes of its JSON. */
function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value) ?? "");
}

/**
 * `parts` within `maxBytes`, in order: the content blocks (a text counts its UTF-8 bytes, any other
 * block the bytes of its JSON), then `structuredContent`, then `meta` (each the bytes of its JSON).
 * Each marker counts against what follows it, and once the budget is spent every later block that
 * does not fit is summed into one closing marker, so a result never exceeds the bound by more than a
 * few markers however many blocks a server sends. Parts within the bound come back as they were.
 */
export function boundResultParts(parts: ResultParts, maxBytes: number): ResultParts {
  let budget = maxBytes;
  const content: McpContentBlock[] = [];
  const mark = (label: string, shown: number, total: number) => {
    const text = `${label}${truncationMarker(shown, total)}`;
    content.push({ type: "text", text });
    budget -= utf8ByteLength(text);
  };
  let leftOutBlocks = 0;
  let leftOutBytes = 0;
  for (const block of parts.content) {
    const text = textOf(block);
    const cut = text === undefined ? undefined : cutText(text, Math.max(budget, 0));
    const bytes = cut ? cut.total : jsonBytes(block);
    if (bytes <= budget || bytes === 0) {
      content.push(block);
      budget -= bytes;
    } else if (budget <= 0) {
      leftOutBlocks++;
      leftOutBytes += bytes;
    } else if (cut) {
      if (cut.text.length > 0) content.push({ ...block, text: cut.text });
      budget -= cut.bytes;
      mark("", cut.bytes, cut.total);
    } else {
      mark(`${block.type} block: `, 0, bytes);
    }
  }
  if (leftOutBlocks > 0) {
    mark(`${leftOutBlocks} more block${leftOutBlocks === 1 ? "" : "s"}: `, 0, leftOutBytes);
  }
  const bounded: ResultParts = { content };
  const keep = (value: unknown, label: string): boolean => {
    const bytes = jsonBytes(value);
    if (bytes <= budget) {
      budget -= bytes;
      return true;
    }
    mark(`${label}: `, 0, bytes);
    return false;
  };
  if (parts.structuredContent !== undefined && keep(parts.structuredContent, "structuredContent")) {
    bounded.structuredContent = parts.structuredContent;
  }
  if (parts.meta !== undefined && keep(parts.meta, "_meta")) bounded.meta = parts.meta;
  return bounded;
}
