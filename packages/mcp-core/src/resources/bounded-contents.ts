/**
 * The `maxResultBytes` bound on one `readResource` result, as on a tool result: a resource may be
 * as large as a frame (64 MiB). A text is cut on a character boundary and ends with the truncation
 * marker; a blob that does not fit is left out whole (half a file is no file) and a text item with
 * its URI and the marker stands in its place, so the result says what is missing.
 * @module
 */
import type { McpResourceContents } from "../catalog-types.js";
import { cutText, truncationMarker } from "../tools/truncation.js";
import { utf8ByteLength } from "../utf8-bytes.js";

/** The bytes a base64 blob decodes to, counted without decoding it. */
export function base64Bytes(blob: string): number {
  const padding = blob.endsWith("==") ? 2 : blob.endsWith("=") ? 1 : 0;
  return Math.floor((blob.length * 3) / 4) - padding;
}

/** `contents` within `maxBytes` (text as UTF-8 bytes, a blob as its base64 length), in order. */
export function boundResourceContents(
  contents: McpResourceContents[],
  maxBytes: number,
): McpResourceContents[] {
  let budget = maxBytes;
  return contents.map((item) => {
    if ("text" in item) {
      const cut = cutText(item.text, Math.max(budget, 0));
      budget -= cut.bytes;
      if (cut.bytes === cut.total) return item;
      const marker = truncationMarker(cut.bytes, cut.total);
      budget -= utf8ByteLength(marker);
      return { ...item, text: `${cut.text}${marker}` };
    }
    if (item.blob.length <= budget) {
      budget -= item.blob.length;
      return item;
    }
    const marker = truncationMarker(0, base64Bytes(item.blob));
    budget -= utf8ByteLength(marker);
    return { uri: item.uri, mimeType: "text/plain", text: marker };
  });
}
