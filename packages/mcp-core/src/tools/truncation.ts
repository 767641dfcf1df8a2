/**
 * Cutting server text to a byte budget, and the marker every cut carries: the resource tools and
 * tool results (`maxResultBytes`) say `[truncated: N of M bytes shown]` the same way.
 * @module
 */
import { ownCopy } from "../bounded-text.js";
import { codePointSize, utf8ByteLength } from "../utf8-bytes.js";

/** The marker a cut item, listing or result ends with. */
export function truncationMarker(shownBytes: number, totalBytes: number): string {
  return `[truncated: ${shownBytes} of ${totalBytes} bytes shown]`;
}

/** A text cut to a byte budget: the part kept, its UTF-8 bytes and the whole text's. */
export interface CutText {
  text: string;
  bytes: number;
  total: number;
}

/**
 * `text` cut to at most `maxBytes` of UTF-8, never inside a character, and its full size. The cut is
 * a copy of its own (`ownCopy`): a V8 slice would keep the whole text alive behind it.
 */
export function cutText(text: string, maxBytes: number): CutText {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const size = codePointSize(text, i);
    if (bytes + size.bytes > maxBytes) break;
    bytes += size.bytes;
    i += size.units;
  }
  if (i === text.length) return { text, bytes, total: bytes };
  return { text: ownCopy(text.slice(0, i)), bytes, total: bytes + utf8ByteLength(text.slice(i)) };
}
